// Challenges: see challenge.h for what is asked; here, how it is answered.
//
// The property everything rests on. A removal takes a lone-rank card (a King)
// alone, or two cards of ranks summing to the pair target, and the lone rank
// pairs with nothing (checked). So the removed set R fixes the number of
// removals (the lone cards in R plus half the others), and with it the score
// (the removals and the rows R clears) and the count of any rank: the value
// of a line is a function of the removed set it ends with. Values only grow
// along a line (R only grows), and every position leads on to the game's end
// (play on: every move draws on or removes), so
//  - the most a deal can score, or the most cards of a rank it can give, at
//    the game's end is the most over every reachable removed set; and the
//    most with the tableau cleared likewise (it stays cleared);
//  - the most without clearing needs the end itself: a position where the
//    game is over (challenge.h) with the tableau not cleared (playing on may
//    force a clear: a King left alone on the tableau must go).
//
// Phase 1 finds these maxima by an exhaustive search over the reachable
// positions, cut where an upper bound (below) cannot beat what is known.
// Phase 2 finds the fewest steps to a goal -- the game's end with the maximum
// (of its kind), or a value at least the target -- by A* over positions with
// admissible bounds, pruning positions whose upper bound misses the goal.
#include "solver/challenge.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <chrono>
#include <limits>
#include <stdexcept>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "solver/heuristic.h"
#include "solver/rule_traits.h"
#include "solver/searches.h"

namespace pyr {

const char* challenge_kind_text(ChallengeKind k) {
    switch (k) {
        case ChallengeKind::Score: return "score";
        case ChallengeKind::Cards: return "cards";
        case ChallengeKind::Board: return "board";
    }
    return "?";
}

// The challenge's words (issue 38, item 11): one rule for every part, any
// case (`SCORE`, `Cards:k`), and the rank as a card of the deck writes it,
// read by the card reader itself (engine/card.h: A 2-9 T/10 J Q K; the
// Spanish deck's 1-12, A for 1), so a rank is taken here exactly when a
// card of it is taken in a deal.
Challenge parse_challenge(std::string_view k, DeckKind deck) {
    std::string lower;
    for (char ch : k) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const bool spanish = deck == DeckKind::Spanish48;
    Challenge c;
    if (lower == "score") {
        c.kind = ChallengeKind::Score;
    } else if (lower == "board") {
        c.kind = ChallengeKind::Board;
    } else if (lower.rfind("cards:", 0) == 0 && lower.size() > 6) {
        c.kind = ChallengeKind::Cards;
        const std::string rank(k.substr(6));
        const auto card = rank.size() <= 2 ? parse_card(rank + deck_suits(deck)[0], deck) : std::nullopt;
        if (!card)
            throw std::invalid_argument("bad --challenge: '" + rank + "' is not a rank of the deck (" +
                                        (spanish ? "1-12, A for 1" : "one of A23456789TJQK") + ")");
        c.rank = card->rank;
    } else {
        throw std::invalid_argument(std::string("--challenge must be score, cards:R (R a rank: ") +
                                    (spanish ? "1-12" : "A 2-9 T J Q K") + ") or board (got '" + std::string(k) + "')");
    }
    return c;
}

std::string challenge_words(const Challenge& c, DeckKind deck) {
    if (c.kind == ChallengeKind::Cards) return "cards:" + rank_text(c.rank, deck);
    return challenge_kind_text(c.kind);
}

std::optional<std::string> counting_challenge_refused(const Variant& v) {
    if (v.lone_rank && v.target - v.lone_rank >= 1 && v.target - v.lone_rank <= deck_ranks(v.deck))
        return "variant '" + v.name + "' has no score or card challenges (its lone rank also pairs)";
    return std::nullopt;
}

ChallengeValues::ChallengeValues(const Board& board, const Scoring& scoring) : board_(board), scoring_(scoring) {
    const Variant& v = board.variant();
    if (v.lone_rank) lone_ = board.rank_mask(v.lone_rank);
    tableau_ = board.tableau_mask();
    int slot = 0;
    for (int r = 0; r < v.rows; ++r) {
        uint64_t row = 0;
        for (int c = 0; c < tableau_row_width(v, r); ++c) row |= uint64_t{1} << slot++;
        rows_.emplace_back(row, scoring.bonus_of_row(v, r));
    }
}

int ChallengeValues::removals(uint64_t removed) const {
    return std::popcount(removed & lone_) + std::popcount(removed & ~lone_) / 2;
}

int ChallengeValues::score(uint64_t removed) const {
    int s = scoring_.per_removal * removals(removed);
    for (const auto& [row, bonus] : rows_)
        if ((removed & row) == row) s += bonus;
    return s;
}

int ChallengeValues::cards(uint64_t removed, int rank) const { return std::popcount(removed & board_.rank_mask(rank)); }

namespace {

constexpr int kNone = -1;

// The cards in play that can never be removed from s ("stuck"), to a
// fixpoint: a card other than the lone rank none of whose usable partners
// (in play, not blocked) is still free; and every card beneath a stuck card
// (playable only once it is gone, or under the overlap rule with it as the
// partner: never either way). The rest is all that can still be removed.
uint64_t stuck_cards(const Board& b, const State& s) {
    const uint64_t in_play = b.in_play(s);
    const int lone = b.variant().lone_rank;
    const uint64_t alone = lone ? b.rank_mask(lone) : 0;
    uint64_t stuck = 0;
    for (uint64_t before = ~uint64_t{0}; before != stuck;) {
        before = stuck;
        for (uint64_t m = in_play & ~alone & ~stuck; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            if (!(b.open_partners(x) & in_play & ~stuck)) stuck |= uint64_t{1} << x;
        }
        for (uint64_t m = stuck & b.fixed_mask(); m; m &= m - 1) stuck |= b.below(std::countr_zero(m)) & in_play;
    }
    return stuck;
}

// Whether a removal is playable at s.
bool removal_available(const Board& b, const State& s) {
    SlotMove moves[kMaxMoves];
    const int n = b.legal_moves(s, moves);
    for (int i = 0; i < n; ++i)
        if (moves[i].kind == SlotMove::Single || moves[i].kind == SlotMove::Pair) return true;
    return false;
}

// Whether the game is over at s (challenge.h): won; no move left (finite
// passes); with unlimited passes, no removal anywhere round the stock.
bool game_over(const Board& b, const State& s) {
    if (b.won(s)) return true;
    if (!b.unlimited()) {
        SlotMove moves[kMaxMoves];
        return b.legal_moves(s, moves) == 0;
    }
    State at = s;
    for (int i = 0; i < 2 * (b.stock_size() + 2); ++i) {
        if (removal_available(b, at)) return false;
        if (!b.advance(at)) return true;
    }
    return !removal_available(b, at);
}

// What a search is after: the value of a removed set, and its bounds.
struct Objective {
    const Board& board;
    const ChallengeValues& values;
    const Scoring& scoring;
    bool cards;  // cards of `rank`, else the score
    int rank;
    int value(uint64_t removed) const { return cards ? values.cards(removed, rank) : values.score(removed); }
    // The most any line from s can reach: the value of s's removed set with
    // every card not stuck removed too (values grow with the removed set).
    int upper(const State& s, uint64_t stuck) const { return value(s.removed | (board.in_play(s) & ~stuck)); }
    // The fewest removals that can raise the value from that of `removed`
    // by `gap`: cards of one rank go one a removal (two when the rank pairs
    // with itself); a removal makes per_removal points and clears at most
    // two rows (its two cards), so k removals make at most k * per_removal
    // plus the 2k largest bonuses of the rows not yet cleared.
    int removals_for(uint64_t removed, int gap) const {
        if (gap <= 0) return 0;
        if (cards) {
            const int per = 2 * rank == board.variant().target ? 2 : 1;
            return (gap + per - 1) / per;
        }
        int left[8];
        int n = 0;
        const Variant& v = board.variant();
        int slot = 0;
        for (int r = 0; r < v.rows; ++r) {
            uint64_t row = 0;
            for (int c = 0; c < tableau_row_width(v, r); ++c) row |= uint64_t{1} << slot++;
            if ((removed & row) != row && n < 8) left[n++] = scoring.bonus_of_row(v, r);
        }
        for (int i = 1; i < n; ++i)  // largest first
            for (int j = i; j > 0 && left[j - 1] < left[j]; --j) std::swap(left[j - 1], left[j]);
        int gain = 0, used = 0;
        for (int k = 1;; ++k) {
            gain += scoring.per_removal;
            for (int j = 0; j < 2 && used < n; ++j) gain += left[used++];
            if (gain >= gap) return k;
            if (scoring.per_removal <= 0 && used >= n) return 1 << 20;  // never
        }
    }
};

// Phase 2's goal.
struct Aim {
    enum Kind { AtLeast, End } kind = End;
    int value = 0;
    int cleared = -1;  // End: -1 either, 0 not cleared, 1 cleared
};

class ChallengeSearch {
public:
    ChallengeSearch(const Board& board, const Objective& objective, const SolveOptions& options, SearchBudget& budget)
        : board_(board), obj_(objective), options_(options), budget_(budget), pm_(board) {}

    struct Maxima {
        int all = kNone, clear = kNone, open = kNone;  // at the end: any, cleared, not cleared
    };
    // Phase 1. `split`: the cleared and not-cleared maxima are wanted too;
    // the search stops as soon as the value `enough` is reached.
    std::optional<Maxima> maxima(const State& start, bool split, int enough);
    // Phase 2: the fewest steps from start to the goal; nullopt when the
    // budget ran out; an empty optional inside when no line reaches it.
    std::optional<std::optional<std::vector<Move>>> fewest_steps(const State& start, const Aim& goal);

    bool memory_exceeded() const { return memory_exceeded_; }
    bool interrupted() const { return interrupted_; }

private:
    bool tick();
    std::size_t bytes() const {
        std::size_t n = table_bytes(seen_, false) + table_bytes(nodes_, false) + vector_bytes(stack_, false) +
                        walk_memo_.bytes(false) + vector_bytes(entries_, false) + table_bytes(heads_, false);
        for (const auto& b : open_) n += vector_bytes(b, false);
        return n;
    }
    // A* bound: the fewest steps from s to the goal (kDead: unreachable).
    int bound(const State& s, const Aim& goal) const;

    const Board& board_;
    const Objective& obj_;
    const SolveOptions& options_;
    SearchBudget& budget_;
    const PairMatchings pm_;
    bool memory_exceeded_ = false, interrupted_ = false;
    uint32_t ticks_ = 0;

    // Phase 1 over entry points (draw-one onto at most one waste).
    std::optional<Maxima> maxima_walk(const State& start, bool split, int enough);
    // Phase 2 over entry points (the same layouts).
    std::optional<std::optional<std::vector<Move>>> fewest_steps_walk(const State& start, const Aim& goal);

    boost::unordered_flat_set<uint64_t> seen_;
    std::vector<State> stack_;
    WalkMemo walk_memo_;
    // Phase 2's entry points: (R, t) reached in g steps.
    struct Entry {
        uint64_t removed;
        uint8_t pos, pass;
        uint16_t g, h;
        bool closed;
        uint32_t parent;  // the entry whose walk made the move
        SlotMove move;
        uint8_t at_pos, at_pass;      // where on the parent's chain it was made
        uint32_t next;                // the next entry of the same removed set
        bool walked;                  // expanded: its walk offered the removals from (pos, pass) ...
        uint8_t last_pos, last_pass;  // ... through this position of the chain
    };
    std::vector<Entry> entries_;
    boost::unordered_flat_map<uint64_t, uint32_t> heads_;
    struct Node {
        uint64_t parent;
        uint16_t g;
        uint16_t h;
        SlotMove move;
        bool closed;
    };
    boost::unordered_flat_map<uint64_t, Node> nodes_;
    std::vector<std::vector<uint64_t>> open_;
};

constexpr int kDead = 1 << 20;

bool ChallengeSearch::tick() {
    if (options_.max_memory_bytes && (ticks_++ & 4095) == 0 && bytes() > options_.max_memory_bytes) {
        memory_exceeded_ = true;
        return false;
    }
    const auto stop = budget_.tick();
    interrupted_ = stop == SearchBudget::Stop::Interrupted;
    return stop == SearchBudget::Stop::No;
}

std::optional<ChallengeSearch::Maxima> ChallengeSearch::maxima(const State& start, bool split, int enough) {
    if (RuleTraits(board_).optimal_walk) return maxima_walk(start, split, enough);
    Maxima m;
    recycle(seen_);
    recycle_vector(stack_);
    stack_.push_back(start);
    seen_.insert(board_.key(start));
    SlotMove moves[kMaxMoves];
    while (!stack_.empty()) {
        const State s = stack_.back();
        stack_.pop_back();
        if (!tick()) return std::nullopt;
        const int v = obj_.value(s.removed);
        const bool cleared = obj_.values.cleared(s.removed);
        m.all = std::max(m.all, v);
        if (m.all >= enough) return m;
        if (cleared) m.clear = std::max(m.clear, v);
        if (board_.won(s)) continue;  // the game is over
        if (!cleared && v > m.open && game_over(board_, s)) m.open = v;
        const uint64_t stuck = stuck_cards(board_, s);
        const int up = obj_.upper(s, stuck);
        bool worth = up > m.all;
        if (split && !worth) {
            const bool can_clear = !(stuck & board_.tableau_mask());
            worth = (can_clear && up > m.clear) || (!cleared && up > m.open);
        }
        if (!worth) continue;
        const int n = board_.legal_moves(s, moves);
        for (int i = 0; i < n; ++i) {
            const State t = board_.apply(s, moves[i]);
            if (seen_.insert(board_.key(t)).second) stack_.push_back(t);
        }
    }
    return m;
}

int ChallengeSearch::bound(const State& s, const Aim& goal) const {
    const uint64_t stuck = stuck_cards(board_, s);
    if (obj_.upper(s, stuck) < goal.value) return kDead;
    const bool cleared = obj_.values.cleared(s.removed);
    int h = obj_.removals_for(s.removed, goal.value - obj_.value(s.removed));
    if (goal.kind == Aim::End && goal.cleared == 1) {
        if (stuck & board_.tableau_mask()) return kDead;
        if (board_.variant().goal == Goal::Pyramid) {  // the end is the win: the optimal search's bound
            const int w = optimal_heuristic(board_, pm_, s);
            if (w >= kDead) return kDead;
            h = std::max(h, w);
        }
    }
    if (goal.kind == Aim::End && goal.cleared == 0) {
        if (cleared) return kDead;
        // The end of a game not won is a position with no move left: with
        // finite passes the stock is empty, and every card still in it left
        // by a draw (which takes up to `per_draw` cards) or a removal (one).
        if (!board_.unlimited() && !board_.rows_redeal()) {
            const Variant& v = board_.variant();
            const uint64_t drawn = ((uint64_t{1} << (board_.fixed() + s.pos)) - 1) & board_.stock_mask();
            const uint64_t stock = board_.in_play(s) & board_.stock_mask();
            const uint64_t ahead = stock & ~drawn;
            const int per_draw = std::max(v.draw, std::max(v.wastes, 1));
            if (per_draw > 1) {
                h = std::max(h, (std::popcount(ahead) + per_draw - 1) / per_draw);
            } else {
                // Drawing one card at a time: a stuck stock card is drawn now
                // if it is still ahead, and again in every pass left, each
                // after a redeal (its waste is not empty, so the game does
                // not end before the redeals are made). These draws are
                // moves apart from the removals and from the steps that take
                // the other cards ahead out of the stock (a draw or a
                // removal each).
                const uint64_t stuck_stock = stuck & stock;
                const int passes_left = board_.passes() - 1 - s.pass;
                const int stuck_draws = std::popcount(stuck_stock & ahead) +
                                        (stuck_stock && !v.discards() ? passes_left * (std::popcount(stuck_stock) + 1)
                                                                      : 0);
                h = std::max(h, std::popcount(ahead & ~stuck)) + stuck_draws;
            }
        }
    }
    return h;
}

std::optional<std::optional<std::vector<Move>>> ChallengeSearch::fewest_steps(const State& start, const Aim& goal) {
    if (RuleTraits(board_).optimal_walk) return fewest_steps_walk(start, goal);
    recycle(nodes_);
    for (auto& b : open_) recycle_vector(b);
    auto push = [&](uint64_t key, int f) {
        if (open_.size() <= static_cast<size_t>(f)) open_.resize(static_cast<size_t>(f) + 1);
        open_[static_cast<size_t>(f)].push_back(key);
    };
    auto is_goal = [&](const State& s) {
        const int v = obj_.value(s.removed);
        if (goal.kind == Aim::AtLeast) return v >= goal.value;
        if (v != goal.value || !game_over(board_, s)) return false;
        return goal.cleared < 0 || goal.cleared == static_cast<int>(obj_.values.cleared(s.removed));
    };
    const uint64_t root = board_.key(start);
    const int h0 = bound(start, goal);
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    nodes_[root] = Node{root, 0, static_cast<uint16_t>(h0), {}, false};
    push(root, h0);
    SlotMove moves[kMaxMoves];
    for (size_t f = 0; f < open_.size(); ++f) {
        while (!open_[f].empty()) {
            const uint64_t key = open_[f].back();
            open_[f].pop_back();
            Node& here = nodes_.at(key);
            if (here.closed || static_cast<size_t>(here.g) + here.h != f) continue;
            here.closed = true;
            const int g = here.g;
            const State s = board_.state_of(key);
            if (is_goal(s)) {
                std::vector<Move> back;
                for (uint64_t k = key; k != root;) {
                    const Node& n = nodes_.at(k);
                    back.push_back(board_.to_move(n.move));
                    k = n.parent;
                }
                return std::optional<std::vector<Move>>(std::vector<Move>(back.rbegin(), back.rend()));
            }
            if (board_.won(s)) continue;  // the game is over
            if (!tick()) return std::nullopt;
            const int n = board_.legal_moves(s, moves);
            for (int i = 0; i < n; ++i) {
                const State t = board_.apply(s, moves[i]);
                const uint64_t tk = board_.key(t);
                const int tg = g + 1;
                auto [it, inserted] = nodes_.try_emplace(tk);
                if (!inserted && (it->second.h >= 0xFFFF || it->second.g <= tg)) continue;
                const int th = bound(t, goal);
                if (th >= kDead) {
                    it->second = Node{key, static_cast<uint16_t>(tg), 0xFFFF, moves[i], true};
                    continue;
                }
                it->second = Node{key, static_cast<uint16_t>(tg), static_cast<uint16_t>(th), moves[i], false};
                push(tk, tg + th);
            }
        }
    }
    return std::optional<std::vector<Move>>{};
}

// Draws and redeals from (p1, x1) to (p2, x2) along the chain of R
// (draw-one onto at most one waste, or discards): the stock cards in play
// passed, and a redeal a pass. kFar when (p2, x2) is not ahead.
constexpr uint32_t kFar = 1u << 30;
uint32_t draws_between(const Board& b, uint64_t removed, int p1, int x1, int p2, int x2) {
    const uint64_t left = b.stock_mask() & ~removed;
    if (left == 0) return 0;  // no stock in play: every time is the same position
    const int f = b.fixed(), n = b.stock_size();
    auto cards = [&](int from, int to) {  // stock cards in play in stock slots [from, to)
        const uint64_t upto = to + f >= 64 ? ~uint64_t{0} : (uint64_t{1} << (to + f)) - 1;
        return to <= from ? 0 : std::popcount(left & upto & ~((uint64_t{1} << (from + f)) - 1));
    };
    if (b.unlimited()) return x2 >= x1 ? cards(x1, x2) : cards(x1, n) + 1 + cards(0, x2);
    if (p2 < p1 || (p2 == p1 && x2 < x1)) return kFar;
    if (p2 == p1) return cards(x1, x2);
    return cards(x1, n) + (p2 - p1) * (1 + std::popcount(left)) - std::popcount(left) + cards(0, x2);
}

// The removals one expansion offers from s = (R, t), drawing one card at a
// time onto at most one waste (or discarding): chain_walk.h's walk without
// forced moves (a forced King may end the game, a removal the goal does not
// need costs a step): at t the removals of tableau and reserve cards only
// (made later they lead where the same removal made at t leads by drawing);
// along R's chain each removal with a stock or waste card, at the first
// position where it is available (made later it reaches the same removed set
// later, for more draws); one full cycle of the stock (then the chain only
// repeats itself); and, with a face-up stock, not past a King on its top
// (optimal_walk.cpp: removing it is as good as drawing it, and leaves more
// removed). offer(move, at, draws): the removal made at `at`, `draws` draws
// and redeals after s; keep_going(at, draws), at each later position: false
// ends the walk.
//
// Forced Kings, for the searches that ask about the game's end (a King a
// target does not need costs a step): a playable King removed at once
// (offered alone, the walk ends there), unless that wins the game.
//  - A tableau King (every Force but None): it stays playable until it is
//    removed, and a won game has the tableau cleared, so every end of the
//    game has it removed; removing it first costs the same step and only
//    uncovers cards.
//  - A King on top of a face-up stock (OpenEnd: the end sought is not a
//    win, so the stock is drawn through): a line that does not remove it
//    draws it at least once, so removing it now and dropping those draws is
//    no longer, and ends with the same cards plus the King: the same ends,
//    no lower value (the King touches neither the tableau nor any pair).
//  - Any other King (Values: only the best value is sought): by the same
//    matching a line that leaves it ends with the same cards less the King,
//    so no higher value (its draws may be made already: removing it may cost
//    a step, so not for the step counts).
enum class Force { None, Steps, OpenEnd, Values };
template <class Offer, class Keep>
void walk_removals(const Board& b, const RuleTraits& traits, const State& s, Force force, Offer&& offer,
                   Keep&& keep_going) {
    const bool force_kings = force != Force::None;
    const Variant& v = b.variant();
    auto slot_move = [](SlotMove::Kind k, int x, int y) {
        return SlotMove{k, static_cast<uint8_t>(x), static_cast<uint8_t>(y)};
    };
    const uint64_t fixed = b.fixed_playable(s.removed);
    if (force_kings && v.lone_rank)
        for (uint64_t m = fixed & b.rank_mask(v.lone_rank) & (force == Force::Values ? ~uint64_t{0} : b.tableau_mask());
             m; m &= m - 1) {
            const int a = std::countr_zero(m);
            if (b.won(State{s.removed | uint64_t{1} << a, 0, 0, 0})) continue;
            offer(slot_move(SlotMove::Single, a, 0), s, 0u);
            return;
        }
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (b.rank(a) == v.lone_rank) offer(slot_move(SlotMove::Single, a, 0), s, 0u);
        for (uint64_t q = b.partners(a) & fixed & ~((uint64_t{2} << a) - 1); q; q &= q - 1)
            offer(slot_move(SlotMove::Pair, a, std::countr_zero(q)), s, 0u);
    }
    b.for_each_overlap_pair(s.removed, fixed,
                            [&](int cover, int covered) { offer(slot_move(SlotMove::Pair, cover, covered), s, 0u); });
    const int f = b.fixed(), passes = b.passes();
    const uint64_t stock_left = b.stock_mask() & ~s.removed;
    uint64_t handled = 0;              // stock cards whose pairs with tableau and reserve cards were offered
    uint64_t offered_with[kMaxSlots];  // stock-stock pairs offered, per lower slot
    State at = s;
    for (uint32_t draws = 0;; ++draws) {
        if (draws > 0) {
            if (at.pos == s.pos && (b.unlimited() || at.pass == s.pass + 1)) break;  // a full cycle
            if (!keep_going(at, draws)) break;
        }
        const uint64_t stockish = b.stock_playable(at);
        for (uint64_t m = stockish; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            if (!(handled >> c & 1)) {
                handled |= uint64_t{1} << c;
                offered_with[c] = 0;
                if (b.rank(c) == v.lone_rank) {
                    offer(slot_move(SlotMove::Single, c, 0), at, draws);
                    if (force == Force::Values || (force == Force::OpenEnd && c >= f + at.pos)) return;
                    continue;
                }
                for (uint64_t q = b.partners(c) & fixed; q; q &= q - 1)
                    offer(slot_move(SlotMove::Pair, c, std::countr_zero(q)), at, draws);
            }
            for (uint64_t q = b.partners(c) & stockish & ~((uint64_t{2} << c) - 1) & ~offered_with[c]; q; q &= q - 1) {
                const int d = std::countr_zero(q);
                offered_with[c] |= uint64_t{1} << d;
                offer(slot_move(SlotMove::Pair, c, d), at, draws);
            }
        }
        if (traits.king_top_stops) {
            const uint64_t ahead = stock_ahead(f, stock_left, at);
            if (ahead && b.rank(std::countr_zero(ahead)) == v.lone_rank) break;
        }
        if (!draw_one_step(f, stock_left, traits.discards, passes, at)) break;
    }
}

// The last position of s's chain (finite passes): drawn through the last pass.
State chain_end(const Board& b, State s) {
    while (b.advance(s)) {
    }
    return s;
}

std::optional<ChallengeSearch::Maxima> ChallengeSearch::maxima_walk(const State& start, bool split, int enough) {
    Maxima m;
    const RuleTraits traits(board_);
    walk_memo_.clear();
    recycle_vector(stack_);
    stack_.push_back(start);
    // The memo is keyed by the suit-blind form of the removed set
    // (Board::suit_blind): removed sets of one form are the same game, so
    // they have the same values and the same ends.
    auto visit = [&](const State& s) {  // false: not worth expanding
        const int v = obj_.value(s.removed);
        const bool cleared = obj_.values.cleared(s.removed);
        m.all = std::max(m.all, v);
        if (cleared) m.clear = std::max(m.clear, v);
        if (board_.won(s)) return false;  // the game is over
        if (!cleared && v > m.open && game_over(board_, board_.unlimited() ? s : chain_end(board_, s))) m.open = v;
        const uint64_t stuck = stuck_cards(board_, s);
        const int up = obj_.upper(s, stuck);
        if (up > m.all) return true;
        return split && ((!(stuck & board_.tableau_mask()) && up > m.clear) || (!cleared && up > m.open));
    };
    while (!stack_.empty() && m.all < enough) {
        const State s = stack_.back();
        stack_.pop_back();
        uint32_t limit = 0;
        if (!walk_memo_.arrive(board_, s, limit, board_.suit_blind(s.removed))) continue;
        if (!tick()) return std::nullopt;
        if (!visit(s)) continue;
        // Children are tried in the walk's order (removals at s first, then
        // along the chain): pushed in reverse.
        const size_t first = stack_.size();
        walk_removals(
            board_, traits, s, Force::Values,
            [&](SlotMove mv, const State& at, uint32_t) { stack_.push_back(board_.apply(at, mv)); },
            [&](const State& at, uint32_t) { return board_.unlimited() || WalkMemo::time_of(board_, at) < limit; });
        std::reverse(stack_.begin() + static_cast<std::ptrdiff_t>(first), stack_.end());
    }
    return m;
}

std::optional<std::optional<std::vector<Move>>> ChallengeSearch::fewest_steps_walk(const State& start,
                                                                                   const Aim& goal) {
    constexpr uint32_t kNoEntry = 0xFFFFFFFFu;
    constexpr uint64_t kFinish = uint64_t{1} << 40;  // in the open list: the entry's line drawn on to the game's end
    const RuleTraits traits(board_);
    recycle_vector(entries_);
    recycle(heads_);
    for (auto& b : open_) recycle_vector(b);
    auto push = [&](uint64_t item, int f) {
        if (open_.size() <= static_cast<size_t>(f)) open_.resize(static_cast<size_t>(f) + 1);
        open_[static_cast<size_t>(f)].push_back(item);
    };
    // (R, t1) reached in g1 steps dominates (R, t2) reached in g2 when it
    // can draw to t2 in at most g2 - g1 steps: the second can do nothing the
    // first cannot, at no smaller cost.
    auto dominates = [&](const Entry& a, int pos, int pass, uint32_t g) {
        const uint32_t d = draws_between(board_, a.removed, a.pass, a.pos, pass, pos);
        return d < kFar && a.g + d <= g;
    };
    auto reach = [&](const State& t, uint32_t g, uint32_t parent, SlotMove move, const State& at) {
        auto [it, inserted] = heads_.try_emplace(t.removed, kNoEntry);
        for (uint32_t i = it->second; i != kNoEntry; i = entries_[i].next)
            if (dominates(entries_[i], t.pos, t.pass, g)) return kNoEntry;
        const uint32_t index = static_cast<uint32_t>(entries_.size());
        Entry e{t.removed, t.pos, t.pass, static_cast<uint16_t>(g), 0, false, parent, move, at.pos, at.pass, it->second,
                false,     0,     0};
        // Entries the new one dominates leave the list (and are never expanded).
        for (uint32_t* link = &e.next; *link != kNoEntry;) {
            Entry& o = entries_[*link];
            if (dominates(e, o.pos, o.pass, o.g)) {
                o.closed = true;
                *link = o.next;
            } else {
                link = &o.next;
            }
        }
        it->second = index;
        entries_.push_back(e);
        return index;
    };
    auto line_to = [&](uint32_t index, bool to_end) {
        std::vector<uint32_t> path;
        for (uint32_t i = index; i != kNoEntry; i = entries_[i].parent) path.push_back(i);
        std::reverse(path.begin(), path.end());
        std::vector<Move> out;
        for (size_t i = 1; i < path.size(); ++i) {
            const Entry& from = entries_[path[i - 1]];
            const Entry& e = entries_[path[i]];
            append_draws(board_, State{from.removed, from.pos, from.pass, 0}, e.at_pos, e.at_pass, out);
            out.push_back(board_.to_move(e.move));
        }
        if (to_end) {
            const Entry& e = entries_[index];
            State at{e.removed, e.pos, e.pass, 0};
            for (State next = at; board_.advance(next); at = next)
                out.push_back(
                    board_.to_move(SlotMove{board_.stock_empty(at) ? SlotMove::Redeal : SlotMove::Draw, 0, 0}));
        }
        return std::optional<std::vector<Move>>(std::move(out));
    };
    // Whether R is a goal now (AtLeast, a won end, an unlimited game's end),
    // or at the end of its chain (finite passes).
    auto value_fits = [&](uint64_t removed) {
        const int v = obj_.value(removed);
        if (goal.kind == Aim::AtLeast) return v >= goal.value;
        return v == goal.value && (goal.cleared < 0 || goal.cleared == static_cast<int>(obj_.values.cleared(removed)));
    };
    const int h0 = bound(start, goal);
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    const uint32_t root = reach(start, 0, kNoEntry, SlotMove{}, start);
    entries_[root].h = static_cast<uint16_t>(h0);
    push(root, h0);
    for (size_t f = 0; f < open_.size(); ++f) {
        while (!open_[f].empty()) {
            const uint64_t item = open_[f].back();
            open_[f].pop_back();
            const uint32_t index = static_cast<uint32_t>(item);
            if (item & kFinish) return line_to(index, true);
            if (entries_[index].closed || static_cast<size_t>(entries_[index].g) + entries_[index].h != f) continue;
            entries_[index].closed = true;
            const Entry e = entries_[index];
            const State s{e.removed, e.pos, e.pass, 0};
            if (value_fits(s.removed)) {
                if (goal.kind == Aim::AtLeast || board_.won(s)) return line_to(index, false);
                if (board_.unlimited()) {
                    if (game_over(board_, s)) return line_to(index, false);
                } else {
                    const State end = chain_end(board_, s);
                    if (game_over(board_, end))
                        push(index | kFinish, e.g + static_cast<int>(draws_between(board_, s.removed, s.pass, s.pos,
                                                                                   end.pass, end.pos)));
                }
            }
            if (board_.won(s)) continue;  // the game is over
            if (!tick()) return std::nullopt;
            entries_[index].walked = true;
            entries_[index].last_pos = s.pos;
            entries_[index].last_pass = s.pass;
            walk_removals(
                board_, traits, s,
                goal.kind == Aim::AtLeast ? Force::None
                : goal.cleared == 0       ? Force::OpenEnd
                                          : Force::Steps,
                [&](SlotMove m, const State& at, uint32_t draws) {
                    const uint32_t cost = e.g + draws;
                    const State t = board_.apply(at, m);
                    const uint32_t child = reach(t, cost + 1, index, m, at);
                    if (child == kNoEntry) return;
                    const int h = bound(t, goal);
                    if (h >= kDead) {
                        entries_[child].closed = true;
                        return;
                    }
                    entries_[child].h = static_cast<uint16_t>(h);
                    push(child, static_cast<int>(cost) + 1 + h);
                },
                [&](const State& at, uint32_t draws) {
                    // Covered (finite passes): another entry of R walked this
                    // position at no greater cost, so it offered every removal
                    // this walk would offer from here on at least as early and
                    // as cheaply (beyond its walk, what it stopped at covers:
                    // a full cycle, the end, a King on the stock, or another walk).
                    if (board_.unlimited()) return true;
                    const uint32_t cost = e.g + draws;
                    for (uint32_t i = heads_.at(s.removed); i != kNoEntry; i = entries_[i].next) {
                        const Entry& o = entries_[i];
                        if (i == index || !o.walked || std::pair(o.last_pass, o.last_pos) < std::pair(at.pass, at.pos))
                            continue;
                        const uint32_t d = draws_between(board_, s.removed, o.pass, o.pos, at.pass, at.pos);
                        if (d < kFar && o.g + d <= cost) return false;
                    }
                    entries_[index].last_pos = at.pos;
                    entries_[index].last_pass = at.pass;
                    return true;
                });
        }
    }
    return std::optional<std::vector<Move>>{};
}

// The verifier's check of a line, and the line as reported.
ChallengeLine checked_line(const Board& board, const Challenge& c, std::vector<Move> moves, bool to_target,
                           const ChallengeValues& values, const State& end) {
    LineTally t;
    if (auto error = tally_line(board.deal(), moves, c.scoring, &t))
        throw InternalError("the challenge line fails the verifier: " + *error);
    ChallengeLine line;
    line.cleared = t.cleared;
    line.score = t.score;
    if (c.kind == ChallengeKind::Cards) line.cards = t.removed[static_cast<size_t>(c.rank)];
    line.reaches_target = to_target;
    const bool agree = t.score == values.score(end.removed) && t.cleared == values.cleared(end.removed) &&
                       (!line.cards || *line.cards == values.cards(end.removed, c.rank));
    if (!agree)
        throw InternalError("the verifier counts the challenge line differently (score " + std::to_string(t.score) +
                            ", cleared " + (t.cleared ? "yes" : "no") + ")");
    if (!to_target && !t.ended) throw InternalError("the challenge line stops before the game's end in the verifier");
    line.moves = std::move(moves);
    return line;
}

}  // namespace

ChallengeResult solve_challenge(const Board& board, const Challenge& c, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const Variant& v = board.variant();
    ChallengeResult out;
    if (c.kind == ChallengeKind::Board) {
        SolveOptions o = options;
        o.optimal = true;
        Solver solver;
        const SolveResult r = solver.solve(board, o);
        out.verdict = r.verdict;
        out.states = r.states;
        out.interrupted = r.interrupted;
        out.memory_exceeded = r.memory_exceeded;
        out.complete = r.verdict != Verdict::Intractable;
        if (r.verdict == Verdict::Win) {
            const ChallengeValues values(board, c.scoring);
            const std::optional<State> end = board.play(r.solution, nullptr);
            if (!end) throw InternalError("the board line does not replay on the packed board");
            out.lines.push_back(checked_line(board, c, r.solution, false, values, *end));
        }
        out.seconds = seconds_since(t0);
        return out;
    }
    if (c.kind == ChallengeKind::Cards && (c.rank < 1 || c.rank > deck_ranks(v.deck)))
        throw std::invalid_argument("the rank to count must be a rank of the deck");
    if (c.current < 0) throw std::invalid_argument("the count made so far cannot be negative");
    if (c.target && *c.target <= c.current)
        throw std::invalid_argument("the target (" + std::to_string(*c.target) + ") is already reached with " +
                                    std::to_string(c.current) + " made");
    if (v.lone_rank && v.target - v.lone_rank >= 1 && v.target - v.lone_rank <= deck_ranks(v.deck))
        throw std::invalid_argument(
            "challenges need a lone rank that never pairs (the removals are counted from the cards)");

    const ChallengeValues values(board, c.scoring);
    const Objective obj{board, values, c.scoring, c.kind == ChallengeKind::Cards, c.rank};
    SearchBudget budget(options);
    ChallengeSearch search(board, obj, options, budget);
    auto give_up = [&]() {
        out.complete = false;
        out.lines.clear();
        out.states = budget.count();
        out.interrupted = search.interrupted();
        out.memory_exceeded = search.memory_exceeded();
        out.verdict = Verdict::Intractable;
        out.seconds = seconds_since(t0);
        return out;
    };
    const State start = board.initial();
    // Runs phase 2 to `goal` and appends the verified line.
    auto add_line = [&](const Aim& goal) {
        auto found = search.fewest_steps(start, goal);
        if (!found) return false;
        if (!*found) throw InternalError("no line reaches the maximum the search found");
        const std::optional<State> end = board.play(**found, nullptr);
        if (!end) throw InternalError("the challenge line does not replay on the packed board");
        out.lines.push_back(checked_line(board, c, std::move(**found), goal.kind == Aim::AtLeast, values, *end));
        return true;
    };

    const int enough = c.target ? *c.target - c.current : std::numeric_limits<int>::max();
    const auto m = search.maxima(start, c.kind == ChallengeKind::Cards || c.every_end, enough);
    if (!m) return give_up();
    if (c.target) {
        const int need = *c.target - c.current;
        out.target_reached = m->all >= need;
        if (*out.target_reached) {
            if (!add_line(Aim{Aim::AtLeast, need, -1})) return give_up();
            out.states = budget.count();
            out.seconds = seconds_since(t0);
            return out;
        }
    }
    if (c.kind == ChallengeKind::Score && !c.every_end) {
        // Which kind of end makes the maximum, when the scoring tells: a
        // clear makes every row's bonus and at least one removal for every
        // two tableau cards; an end without it lacks the top row's bonus
        // (a row is cleared only after the rows covering it) and makes at
        // most every removal the deal has. (A narrower aim, a stronger bound.)
        int bonuses = 0, lone = v.lone_rank ? std::popcount(board.rank_mask(v.lone_rank)) : 0;
        for (int r = 0; r < v.rows; ++r) bonuses += c.scoring.bonus_of_row(v, r);
        const int least_clear = c.scoring.per_removal * ((v.tableau_size() + 1) / 2) + bonuses;
        const int most_open = c.scoring.per_removal * (lone + (board.slots() - lone) / 2) + bonuses -
                              c.scoring.bonus_of_row(v, 0);
        const int cleared = least_clear <= most_open ? -1 : m->all >= least_clear ? 1 : m->all <= most_open ? 0 : -1;
        if (!add_line(Aim{Aim::End, m->all, cleared})) return give_up();
    } else {
        if (m->clear != kNone && !add_line(Aim{Aim::End, m->clear, 1})) return give_up();
        if (m->open != kNone && (m->open > m->clear || c.every_end) && !add_line(Aim{Aim::End, m->open, 0}))
            return give_up();
    }
    out.states = budget.count();
    out.seconds = seconds_since(t0);
    return out;
}

}  // namespace pyr
