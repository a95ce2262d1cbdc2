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
        std::sort(left, left + n, std::greater<int>());
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
        std::size_t n = table_bytes(seen_, false) + table_bytes(nodes_, false) + vector_bytes(stack_, false);
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

    boost::unordered_flat_set<uint64_t> seen_;
    std::vector<State> stack_;
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
            const int ahead = std::popcount(board_.in_play(s) & board_.stock_mask() & ~drawn);
            const int per_draw = std::max(v.draw, std::max(v.wastes, 1));
            h = std::max(h, (ahead + per_draw - 1) / per_draw);
        }
    }
    return h;
}

std::optional<std::optional<std::vector<Move>>> ChallengeSearch::fewest_steps(const State& start, const Aim& goal) {
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
        throw std::invalid_argument("challenges need a lone rank that never pairs (the removals are counted from the cards)");

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
    const auto m = search.maxima(start, c.kind == ChallengeKind::Cards, enough);
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
    if (c.kind == ChallengeKind::Score) {
        if (!add_line(Aim{Aim::End, m->all, -1})) return give_up();
    } else {
        if (m->clear != kNone && !add_line(Aim{Aim::End, m->clear, 1})) return give_up();
        if (m->open != kNone && m->open > m->clear && !add_line(Aim{Aim::End, m->open, 0})) return give_up();
    }
    out.states = budget.count();
    out.seconds = seconds_since(t0);
    return out;
}

}  // namespace pyr
