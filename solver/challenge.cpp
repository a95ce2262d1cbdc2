// Challenges: see challenge.h for what is asked; here, how it is answered:
// the objectives (the values, their bounds, the aims) and their searches on
// the shared core. The question's words are in challenge_words.cpp, the
// lines' tally in challenge_tally.cpp.
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
#include <array>
#include <bit>
#include <chrono>
#include <limits>
#include <stdexcept>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "solver/heuristic.h"
#include "solver/rule_traits.h"
#include "solver/depth_first.h"

namespace pyr {

namespace {

constexpr int kNone = -1;

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
    Objective(const Board& b, const ChallengeValues& vals, const Scoring& sc, bool cards_, int rank_)
        : board(b), values(vals), scoring(sc), cards(cards_), rank(rank_) {
        const Variant& v = b.variant();
        if (v.lone_rank) lone = b.rank_mask(v.lone_rank);
        for (int x = 0; x < b.slots(); ++x)
            for (uint64_t m = b.below(x); m; m &= m - 1)
                above[static_cast<size_t>(std::countr_zero(m))] |= uint64_t{1} << x;
        int slot = 0;
        for (int r = 0; r < v.rows; ++r) {
            uint64_t row = 0;
            for (int c = 0; c < tableau_row_width(v, r); ++c) row |= uint64_t{1} << slot++;
            uint64_t need = row;
            for (uint64_t m = row; m; m &= m - 1) need |= above[static_cast<size_t>(std::countr_zero(m))];
            rows.push_back(Row{row, need, sc.bonus_of_row(v, r)});
        }
        by_bonus = rows;
        std::stable_sort(by_bonus.begin(), by_bonus.end(),
                         [](const Row& a, const Row& b) { return a.bonus > b.bonus; });
        for (int r = 1; 2 * r <= v.target; ++r)
            if (v.target - r <= deck_ranks(v.deck)) pair_ranks.emplace_back(b.rank_mask(r), b.rank_mask(v.target - r));
        // Where a stock card's draws can be counted (draw_steps): one card a
        // draw onto one waste whose top alone is playable, finite passes, the
        // stock in a fixed order (not the row redeal).
        draws_counted = v.draw == 1 && v.wastes == 1 && v.waste_playable == 1 && !b.unlimited() && !b.rows_redeal();
    }
    const Board& board;
    const ChallengeValues& values;
    const Scoring& scoring;
    bool cards;  // cards of `rank`, else the score
    int rank;
    uint64_t lone = 0;                        // the lone rank's cards (each a removal alone)
    std::array<uint64_t, kMaxSlots> above{};  // the cards covering each slot, directly or not
    struct Row {
        uint64_t slots, need;  // its cards; they and every card covering them
        int bonus;
    };
    std::vector<Row> rows;                                  // top row first (at most 7: Variant)
    std::vector<Row> by_bonus;                              // the same, the largest bonus first
    std::vector<std::pair<uint64_t, uint64_t>> pair_ranks;  // the rank pairs (r, target - r), r <= target - r
    bool draws_counted = false;
    // The fewest removals that take every card of `need` (in play): a lone
    // card goes alone, and a removal takes at most two, both of `need` only
    // when their ranks pair: at least the lone cards, plus the others less
    // the most pairs their ranks could make among themselves.
    int removals_to_take(uint64_t need) const {
        const uint64_t rest = need & ~lone;
        int pairs = 0;
        for (const auto& [a, b] : pair_ranks) {
            const int x = std::popcount(rest & a);
            pairs += a == b ? x / 2 : std::min(x, std::popcount(rest & b));
        }
        return std::popcount(need & lone) + std::popcount(rest) - pairs;
    }
    // The fewest steps before the stock or waste card c (in play) can be
    // removed, plus its removal (draws_counted rules; s.pos is the stock
    // boundary: the stock cards below it are drawn, on the waste).
    //  - Ahead (in the stock): only the stock's top card can leave the
    //    stock in a step (a draw moves it to the waste, a removal takes it),
    //    so the k cards in play ahead of c take k steps before c is on top.
    //  - On the waste under w cards: only the waste's top card is playable,
    //    so w removals (one waste card each) uncover it; or a redeal (a pass
    //    left): the cards ahead leave the stock first, one a step, then the
    //    redeal, then the cards before c in the new pass, one a step (the
    //    cards under c on the waste are not playable before the redeal).
    int draw_steps(const State& s, int c) const {
        const int f = board.fixed();
        const uint64_t left = board.stock_mask() & ~s.removed;
        auto count = [&](int from, int to) {  // stock cards in play in stock slots [from, to)
            if (to <= from) return 0;
            const uint64_t m = ((to + f >= 64 ? ~uint64_t{0} : (uint64_t{1} << (to + f)) - 1) &
                                ~((uint64_t{1} << (from + f)) - 1));
            return std::popcount(left & m);
        };
        const int j = c - f;
        if (j >= s.pos) return count(s.pos, j) + 1;
        int w = count(j + 1, s.pos);
        if (s.pass + 1 < board.passes()) w = std::min(w, count(s.pos, board.stock_size()) + 1 + count(0, j));
        return w + 1;
    }
    int value(uint64_t removed) const { return cards ? values.cards(removed, rank) : values.score(removed); }
    // Whether every removed set worth `goal` has the tableau cleared (so
    // that the fewest steps to the goal are at least the fewest to win):
    // score only, where the layout's first card (the apex) is covered by
    // every other tableau card. Then a tableau not cleared keeps the apex
    // (a card goes only after every card covering it, or with one covering
    // it directly: so the apex goes last, or with the last), and with it
    // row 0's bonus: such a set scores at most every removal the deal has
    // (its lone cards alone, the others in pairs) and the other rows'
    // bonuses.
    bool clear_needed(int goal) const {
        const Variant& v = board.variant();
        if (cards || v.goal != Goal::Pyramid || rows.empty()) return false;
        if ((above[0] | 1) != board.tableau_mask()) return false;
        const int lone_cards = std::popcount(lone);
        int most_open = scoring.per_removal * (lone_cards + (board.slots() - lone_cards) / 2);
        for (int r = 1; r < v.rows; ++r) most_open += std::max(0, scoring.bonus_of_row(v, r));
        return goal > most_open;
    }
    // The fewest steps that remove the cards `need` (in play) when the
    // stock and waste cards among them, S, need `events` steps that each
    // move or take a stock or waste card (draw_steps: the largest over S).
    // Count a line's steps: a lone tableau card of `need` alone (a), two
    // tableau cards of need together (b: at most `pairs` of the n other
    // tableau cards of need can pair among themselves), one of them with a
    // card outside them (c: n - 2b such), the other removals (d) and the
    // draws and redeals (e). Only c, d and e move or take a stock or waste
    // card, at most one each (one card a draw; a removal takes at most one
    // stock top and one waste top, and S's events are of one kind each:
    // the cards ahead leaving the stock, or the waste cards above leaving
    // the waste); each card of S goes in a c or d step, two of them in one
    // step only when their ranks pair, so at least r(S) such steps, the
    // fewest removals taking S (removals_to_take). So the steps are at least
    //   a + b + max(events, n - 2b, r(S)),  least over 0 <= b <= pairs.
    //  The partners: every card of rank x among the n goes with a card of
    //  its partner rank y, a different one each; those of need are fewer
    //  than the x cards by e (at least), so e of them go with y cards out of
    //  need: in the tableau (t in play there) or the stock or waste. When e
    //  exceeds t, the line uses e - t stock or waste y cards, each after its
    //  draw_steps events (those are steps that move or take a stock or
    //  waste card too): at least the (e - t)-th least of them (none: never).
    int with_draws(const State& s, uint64_t need, int events) const {
        const uint64_t table = need & board.fixed_mask();
        const int a = std::popcount(table & lone);
        const uint64_t rest = table & ~lone;
        const int n = std::popcount(rest);
        int pairs = 0;
        const uint64_t in_play = board.in_play(s);
        for (const auto& [x, y] : pair_ranks) {
            const int k = std::popcount(rest & x);
            const int l = std::popcount(rest & y);
            pairs += x == y ? k / 2 : std::min(k, l);
            if (x == y || k == l || !draws_counted) continue;
            const uint64_t want = k > l ? y : x;  // the rank of the partners wanted
            const int e = k > l ? k - l : l - k;
            const int t = std::popcount(want & in_play & board.fixed_mask() & ~need);
            if (e <= t) continue;
            int d[8], m = 0;
            for (uint64_t q = want & in_play & board.stock_mask(); q && m < 8; q &= q - 1)
                d[m++] = draw_steps(s, std::countr_zero(q));
            if (m < e - t) return 1 << 20;  // never
            for (int i = 1; i < m; ++i)     // least first
                for (int j = i; j > 0 && d[j - 1] > d[j]; --j) std::swap(d[j - 1], d[j]);
            events = std::max(events, d[e - t - 1]);
        }
        const int m = std::max(events, removals_to_take(need & board.stock_mask()));
        int best = 1 << 20;
        for (int b = 0; b <= pairs; ++b) best = std::min(best, b + std::max(m, n - 2 * b));
        return a + best;
    }
    PairMatchings pm{board};
    // The strong bound of a target `goal` (at least removals_for):
    // steps_from, and where only a cleared tableau makes the goal
    // (`clear`), the fewest steps to win (the optimal search's bound; kDead
    // when none wins). Where the caller asks only whether it exceeds `cap`,
    // it may stop once a part does (a value over `cap`, at most the bound).
    int target_bound(const State& s, uint64_t stuck, int goal, bool clear,
                     int cap = std::numeric_limits<int>::max()) const {
        const int gap = goal - value(s.removed);
        int h = std::max(removals_for(s.removed, gap), steps_from(s, stuck, gap));
        if (clear && !values.cleared(s.removed) && h <= cap) {
            bool complete = true;  // (false: the win's bound's removal part alone is over cap, enough said)
            h = std::max(h, std::min(optimal_heuristic_upto(board, pm, s, cap, &complete), 1 << 20));
        }
        return h;
    }
    // A target's bound (issue 37): the fewest steps from s to raise the
    // value by `gap`, from what must be removed on the way. A tableau card
    // goes only after every card covering it (or with the one covering it,
    // the overlap rule), so a line that removes the cards S takes S and all
    // that covers them: at least removals_to_take of them, each removal a
    // step. A stock or waste card goes no earlier than draw_steps (where the
    // draws are counted).
    //  - Cards of the rank: a line reaching the target removes `gap` of the
    //    cards of the rank that can still go (not stuck), some set P; it is
    //    at least as long as the removals P and its covers need, and as the
    //    draw_steps of each card of P: the least over the sets P of `gap`
    //    cards of the larger of the two. (The value counts cards, so any
    //    `gap` of them make it.)
    //  - The score: k removals make k * per_removal points and the bonuses
    //    of the rows they clear; a row is cleared only when it and its
    //    covers are taken (at least removals_to_take of them), and a removal
    //    clears at most two rows: the fewest k whose points and the 2k
    //    largest bonuses of the rows k removals can clear reach the gap.
    // Both are at least removals_for (the same count without the covers).
    int steps_from(const State& s, uint64_t stuck, int gap) const {
        if (gap <= 0) return 0;
        const uint64_t in_play = board.in_play(s);
        if (cards) {
            const uint64_t free = board.rank_mask(rank) & in_play & ~stuck;
            if (std::popcount(free) > 12) return 0;  // (none in any deck: a rank has at most 8 cards)
            uint64_t need[12];
            int draws[12];
            int n = 0;
            for (uint64_t m = free; m; m &= m - 1) {
                const int c = std::countr_zero(m);
                need[n] = ((uint64_t{1} << c) | above[static_cast<size_t>(c)]) & in_play;
                draws[n++] = c >= board.fixed() && draws_counted ? draw_steps(s, c) : 0;
            }
            if (n < gap) return 1 << 20;  // never
            int best = 1 << 20;
            for (uint32_t pick = 0; pick < (uint32_t{1} << n); ++pick) {
                if (std::popcount(pick) != gap) continue;
                uint64_t all = 0;
                int last = 0;
                for (uint32_t q = pick; q; q &= q - 1) {
                    const int i = std::countr_zero(q);
                    all |= need[i];
                    last = std::max(last, draws[i]);
                }
                best = std::min(best, std::max(removals_to_take(all), with_draws(s, all, last)));
            }
            return best;
        }
        int cost[8], bonus[8];  // the rows not cleared with a bonus, the largest first
        int n = 0;
        for (const Row& r : by_bonus)
            if ((s.removed & r.slots) != r.slots && r.bonus > 0 && n < 8) {
                cost[n] = removals_to_take(r.need & in_play);
                bonus[n++] = r.bonus;
            }
        for (int k = 1; k <= board.slots(); ++k) {
            int gain = scoring.per_removal * k;
            for (int i = 0, m = 0; i < n && m < 2 * k; ++i)
                if (cost[i] <= k) {
                    gain += bonus[i];
                    ++m;
                }
            if (gain >= gap) return k;
        }
        return 1 << 20;  // never
    }
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
        int left[8];  // the bonuses of the rows not cleared, the largest first
        int n = 0;
        for (const Row& r : by_bonus)
            if ((removed & r.slots) != r.slots && n < 8) left[n++] = r.bonus;
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
    ChallengeSearch(const Board& board, const Objective& objective, ChallengeTables& tables, SearchBudget& budget)
        : board_(board),
          obj_(objective),
          budget_(budget),
          seen_(tables.seen),
          stack_(tables.stack),
          walk_memo_(tables.walk_memo),
          walk_stack_(tables.walk_stack),
          entries_(tables.entries),
          heads_(tables.heads),
          nodes_(tables.nodes),
          open_(tables.open),
          strong_(tables.strong) {}

    struct Maxima {
        int all = kNone, clear = kNone, open = kNone;  // at the end: any, cleared, not cleared
    };
    // Phase 1. `split`: the cleared and not-cleared maxima are wanted too;
    // the search stops as soon as the value `enough` is reached.
    std::optional<Maxima> maxima(const State& start, bool split, int enough);
    // Phase 2: the fewest steps from start to the goal; nullopt when the
    // budget ran out; an empty optional inside when no line reaches it.
    std::optional<std::optional<std::vector<Move>>> fewest_steps(const State& start, const Aim& goal);

    bool interrupted() const { return interrupted_; }

private:
    // The budget's tick (SearchBudget: states, memory, stop flag, progress).
    bool tick() {
        const auto stop = budget_.tick();
        interrupted_ = stop == SearchBudget::Stop::Interrupted;
        return stop == SearchBudget::Stop::No;
    }
    // A* bound: the fewest steps from s to the goal (kDead: unreachable).
    // With `strong`, also the target's stronger bound there (steps_from;
    // at least the first) for AtLeast goals, else the same.
    // (`cap`: the strong bound is asked only whether it exceeds cap,
    // Objective::target_bound.)
    int bound(const State& s, const Aim& goal, int* strong = nullptr, int cap = std::numeric_limits<int>::max()) const;
    // The fewest steps to a target (AtLeast), in two A* passes that print
    // the line 28cd905's one pass printed (issue 37: the golden corpus
    // records lines; a stronger bound alone finds other lines as short):
    //  1. A* ordered by the strong bound: the fewest steps C.
    //  2. The one pass's A* (ordered by the first bound, the same ties),
    //     where an entry or position reached in g steps is not expanded
    //     when g plus its strong bound exceeds C.
    // Why pass 2 prints the same line: call (x, g) tight when a line
    // through x reached in g steps reaches the target in C steps. Pass 2
    // leaves out only loose ones (g plus an admissible bound over C); a
    // loose one's children are loose, a loose entry dominates or covers
    // (reach_entry, keep_going) only loose ones (whatever dominates a
    // tight one reaches its line at no greater cost: tight too), and every
    // goal popped from bucket C is tight. So the tight entries are reached,
    // pushed and popped in the same order with the same parents (the
    // buckets are stacks: dropping other items keeps their order), and the
    // first goal popped is the same. (Checked against the one pass: the
    // golden corpus, tests [challenge].)
    // Taken (Challenge::Passes::Auto) where the target needs a cleared
    // tableau: the strong bound has the fewest steps to win then, and the
    // two passes expand 2.3x fewer positions than the one on msc decks
    // 1411-1418; elsewhere they expand about as many, each dearer
    // (bench/challenge-core.md).
    enum class Pass { One, Strong, Pruned };
    Pass pass_ = Pass::One;
    int limit_ = 0;              // Pruned: C
    bool clear_needed_ = false;  // the AtLeast goal sought needs a cleared tableau (Objective::clear_needed)
    Challenge::Passes passes_ = Challenge::Passes::Auto;

public:
    void passes(Challenge::Passes p) { passes_ = p; }

private:
    const Board& board_;
    const Objective& obj_;
    SearchBudget& budget_;
    bool interrupted_ = false;

    struct Cover {  // an entry walked: from (pos, pass), reached in g steps, through (last_pos, last_pass)
        uint32_t g;
        uint8_t pos, pass, last_pos, last_pass;
    };
    std::vector<Cover> covers_;  // fewest_steps_walk: the entries that may cover the walk's positions
    struct Pending {             // fewest_steps_walk: a removal the walk offered, not yet recorded
        SlotMove m;
        State at, t;
        uint32_t draws;
    };
    std::vector<Pending> pending_;
    std::optional<std::optional<std::vector<Move>>> fewest_steps_positions(const State& start, const Aim& goal);
    // Phase 2 over entry points (the same layouts).
    std::optional<std::optional<std::vector<Move>>> fewest_steps_walk(const State& start, const Aim& goal);

    // The worker's tables (Solver's ChallengeTables).
    boost::unordered_flat_set<uint64_t>& seen_;
    std::vector<State>& stack_;
    WalkMemo& walk_memo_;
    WalkStack& walk_stack_;
    using Entry = ChallengeTables::Entry;
    using Node = ChallengeTables::Node;
    std::vector<Entry, HugeAllocator<Entry>>& entries_;
    HeadTable& heads_;
    boost::unordered_flat_map<uint64_t, Node>& nodes_;
    BucketQueue<uint64_t>& open_;
    boost::unordered_flat_map<uint64_t, int>& strong_;
};

constexpr int kDead = 1 << 20;

int ChallengeSearch::bound(const State& s, const Aim& goal, int* strong, int cap) const {
    const uint64_t stuck = stuck_cards(board_, s);
    if (obj_.upper(s, stuck) < goal.value) return kDead;
    const bool cleared = obj_.values.cleared(s.removed);
    int h = obj_.removals_for(s.removed, goal.value - obj_.value(s.removed));
    if (strong) {
        *strong = h;
        if (goal.kind == Aim::AtLeast) {
            *strong = std::max(h, obj_.target_bound(s, stuck, goal.value, clear_needed_, cap));
        }
    }
    if (goal.kind == Aim::End && goal.cleared == 1) {
        if (stuck & board_.tableau_mask()) return kDead;
        if (board_.variant().goal == Goal::Pyramid) {  // the end is the win: the optimal search's bound
            const int w = optimal_heuristic(board_, obj_.pm, s);
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
    const bool walk = RuleTraits(board_).optimal_walk;
    auto run = [&]() { return walk ? fewest_steps_walk(start, goal) : fewest_steps_positions(start, goal); };
    pass_ = Pass::One;
    clear_needed_ = goal.kind == Aim::AtLeast && obj_.clear_needed(goal.value);
    const bool two = passes_ == Challenge::Passes::Two || (passes_ == Challenge::Passes::Auto && clear_needed_);
    if (goal.kind != Aim::AtLeast || !two) return run();
    pass_ = Pass::Strong;
    recycle(strong_);
    auto first = run();
    if (!first || !*first) {
        pass_ = Pass::One;
        return first;
    }
    pass_ = Pass::Pruned;
    limit_ = static_cast<int>((*first)->size());
    auto second = run();
    pass_ = Pass::One;
    if (second && (!*second || (*second)->size() != (*first)->size()))
        throw InternalError("the target's two passes found lines of different lengths");
    return second;
}

std::optional<std::optional<std::vector<Move>>> ChallengeSearch::fewest_steps_positions(const State& start,
                                                                                        const Aim& goal) {
    recycle(nodes_);
    open_.reset();
    auto is_goal = [&](const State& s) {
        const int v = obj_.value(s.removed);
        if (goal.kind == Aim::AtLeast) return v >= goal.value;
        if (v != goal.value || !game_over(board_, s)) return false;
        return goal.cleared < 0 || goal.cleared == static_cast<int>(obj_.values.cleared(s.removed));
    };
    const uint64_t root = board_.key(start);
    int strong0 = 0;
    int h0 = bound(start, goal, &strong0);
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    if (pass_ == Pass::Strong) h0 = strong0;
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    nodes_[root] = Node{root, 0, static_cast<uint16_t>(h0), {}, false};
    open_.push(h0, root);
    SlotMove moves[kMaxMoves];
    for (int f = 0; f < open_.buckets(); ++f) {
        uint64_t key;
        while (open_.pop(f, key)) {
            Node& here = nodes_.at(key);
            if (here.closed || here.g + here.h != f) continue;
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
                int strong = 0;
                int th = bound(t, goal, pass_ == Pass::One ? nullptr : &strong);
                if (th >= kDead || (pass_ == Pass::Strong && strong >= kDead)) {
                    it->second = Node{key, static_cast<uint16_t>(tg), 0xFFFF, moves[i], true};
                    continue;
                }
                // (Pass 1's strong bound need not be consistent: queued no
                // lower than the bucket being emptied, none is left behind.)
                if (pass_ == Pass::Strong) th = std::max(strong, f - tg);
                if (pass_ == Pass::Pruned &&
                    tg + strong > limit_) {  // loose: kept (as the one pass has it), not expanded
                    it->second = Node{key, static_cast<uint16_t>(tg), static_cast<uint16_t>(th), moves[i], true};
                    continue;
                }
                it->second = Node{key, static_cast<uint16_t>(tg), static_cast<uint16_t>(th), moves[i], false};
                open_.push(tg + th, tk);
            }
        }
    }
    return std::optional<std::vector<Move>>{};
}

// The walks (maxima and fewest steps over entry points) are chain_walk.h's
// walk_chain without sole pairs, with the challenges' King rules (KingRule):
// a King a target does not need costs a step (None), and for the searches
// that ask about the game's end a playable King is removed at once (offered
// alone, the walk ends there), unless that wins the game:
//  - A tableau King (Steps, OpenEnd, Values): it stays playable until it is
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
// Neither walks past a King on top of a face-up stock (king_top_stops;
// optimal_walk.cpp: removing it is as good as drawing it, and leaves more removed).
ChainRules challenge_rules(const RuleTraits& traits, KingRule kings) {
    return ChainRules{ForcedPolicy::score(), false, traits.king_top_stops, kings};
}

// walk_chain's visitor from offer(move, at, draws) and keep_going(at,
// draws): `draws` counts the draws and redeals from the walk's start.
template <class Offer, class Keep>
struct CountingVisitor {
    Offer& offer_fn;
    Keep& keep_fn;
    uint32_t draws = 0;
    void offer(SlotMove m, const State& at) { offer_fn(m, at, draws); }
    bool keep_going(const State& at) { return keep_fn(at, draws); }
    bool step() {
        ++draws;
        return true;
    }
};

// The last position of s's chain (finite passes): drawn through the last pass.
State chain_end(const Board& b, State s) {
    while (b.advance(s)) {
    }
    return s;
}

// Phase 1 as a goal of the depth-first driver (depth_first.h): every
// position's value is read as it arrives, and a position is not expanded
// when its upper bound cannot beat the best known (nor, with `split`, the
// best of a kind of end it can still make). The start is read in open().
struct MaximaGoal {
    const Board& board;
    const Objective& obj;
    bool split;
    int enough;  // the search ends once a value this high is found (a target)
    bool walk;   // a position stands for its chain: the game's end is read at the chain's end
    ChallengeSearch::Maxima m{};
    SearchBudget::Stop stop = SearchBudget::Stop::No;  // the start's tick

    bool done() const { return m.all >= enough; }
    template <class Space>
    static bool reached(const Space&, const DfsNode&) {
        return false;
    }
    bool open(const DfsNode& start, SearchBudget& budget) {
        stop = budget.tick();
        return stop == SearchBudget::Stop::No && !cut(start);
    }
    static constexpr bool capped() { return false; }
    bool cut(const DfsNode& n) {
        const State& s = n.state;
        const int v = obj.value(s.removed);
        const bool cleared = obj.values.cleared(s.removed);
        m.all = std::max(m.all, v);
        if (m.all >= enough) return true;
        if (cleared) m.clear = std::max(m.clear, v);
        if (board.won(s)) return true;  // the game is over
        if (!cleared && v > m.open && game_over(board, walk && !board.unlimited() ? chain_end(board, s) : s))
            m.open = v;
        const uint64_t stuck = stuck_cards(board, s);
        const int up = obj.upper(s, stuck);
        if (up > m.all) return false;
        return !(split && ((!(stuck & board.tableau_mask()) && up > m.clear) || (!cleared && up > m.open)));
    }
};

// Phase 1's space over positions (depth_first.h): every legal move, a
// position stored when first pushed (so pushed once).
class MaximaPositionSpace {
public:
    MaximaPositionSpace(const Board& board, boost::unordered_flat_set<uint64_t>& seen, std::vector<State>& stack)
        : board_(board), seen_(seen), stack_(stack) {}
    DfsNode root(const State& start) {
        recycle(seen_);
        recycle_vector(stack_);
        seen_.insert(board_.key(start));
        return DfsNode{start};
    }
    bool next(DfsNode& n) {
        if (stack_.empty()) return false;
        n.state = stack_.back();
        stack_.pop_back();
        return true;
    }
    static bool arrive(const DfsNode&) { return true; }
    void push(const DfsNode& n) {
        SlotMove moves[kMaxMoves];
        const int k = board_.legal_moves(n.state, moves);
        for (int i = 0; i < k; ++i) {
            const State t = board_.apply(n.state, moves[i]);
            if (seen_.insert(board_.key(t)).second) stack_.push_back(t);
        }
    }

private:
    const Board& board_;
    boost::unordered_flat_set<uint64_t>& seen_;
    std::vector<State>& stack_;
};

std::optional<ChallengeSearch::Maxima> ChallengeSearch::maxima(const State& start, bool split, int enough) {
    const RuleTraits traits(board_);
    MaximaGoal goal{board_, obj_, split, enough, traits.optimal_walk};
    DfsEnd end;
    if (traits.optimal_walk) {
        // Over entry points: the verdict's walk space (depth_first.h) with the
        // challenges' rules, Kings forced for values, the memo keyed by the
        // suit-blind removed set (removed sets of one form are the same game:
        // the same values and the same ends); moves tried in the walk's order.
        WalkSpace space(board_, traits, challenge_rules(traits, KingRule::Values), walk_memo_, walk_stack_, true,
                        false);
        end = depth_first(space, goal, budget_, start);
    } else {
        MaximaPositionSpace space(board_, seen_, stack_);
        end = depth_first(space, goal, budget_, start);
    }
    if (end.kind == DfsEnd::Stopped || goal.stop != SearchBudget::Stop::No) {
        interrupted_ = end.interrupted || goal.stop == SearchBudget::Stop::Interrupted;
        return std::nullopt;
    }
    return goal.m;
}

std::optional<std::optional<std::vector<Move>>> ChallengeSearch::fewest_steps_walk(const State& start,
                                                                                   const Aim& goal) {
    constexpr uint64_t kFinish = uint64_t{1} << 40;  // in the open list: the entry's line drawn on to the game's end
    const RuleTraits traits(board_);
    recycle_vector(entries_);
    recycle(heads_);
    open_.reset();
    auto push = [&](uint64_t item, int f) { open_.push(f, item); };
    // The entry (R, t) reached in g steps, unless another of R dominates it (reach_entry, chain_walk.h).
    auto reach = [&](const State& t, uint32_t g, uint32_t parent, SlotMove move, const State& at) {
        return reach_entry(board_, entries_, heads_,
                           Entry{t.removed, t.pos, t.pass, static_cast<uint16_t>(g), 0, false, parent, move, at.pos,
                                 at.pass, kNoEntry, false, 0, 0});
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
    int strong0 = 0;
    int h0 = bound(start, goal, &strong0);
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    if (pass_ == Pass::Strong) h0 = strong0;
    if (h0 >= kDead) return std::optional<std::vector<Move>>{};
    const uint32_t root = reach(start, 0, kNoEntry, SlotMove{}, start);
    entries_[root].h = static_cast<uint16_t>(h0);
    push(root, h0);
    for (int f = 0; f < open_.buckets(); ++f) {
        uint64_t item;
        while (open_.pop(f, item)) {
            const uint32_t index = static_cast<uint32_t>(item);
            // Loads ahead: the entry popped after the next, and the head
            // slot of the next one's removed set (its entry loaded a pop ago).
            if (const uint64_t* later = open_.peek(f, 1)) __builtin_prefetch(&entries_[static_cast<uint32_t>(*later)]);
            if (const uint64_t* next = open_.peek(f)) heads_.prefetch(entries_[static_cast<uint32_t>(*next)].removed);
            if (item & kFinish) return line_to(index, true);
            if (entries_[index].closed || entries_[index].g + entries_[index].h != f) continue;
            // The two passes take the strong bound lazily, at the pop (an
            // entry is queued with the first bound, h1): pass 1 queues the
            // entry again where it raises its f (so the entries expanded are
            // those of A* with the strong bound), pass 2 leaves it out
            // (closed) where g plus it exceeds C. Pass 2 so expands exactly
            // the entries it expanded with the bound taken at once: an
            // entry's closed flag matters only at its pop (reach_entry's
            // dominance reads no flag). The bound is a function of the
            // position: pass 1 keeps each it took (strong_) and pass 2 reads
            // it there, or asks only whether it exceeds C - g (bound's cap).
            if (entries_[index].lazy) {
                Entry& x = entries_[index];
                x.lazy = false;
                int strong = 0;
                const State at{x.removed, x.pos, x.pass, 0};
                if (pass_ == Pass::Strong) {
                    bound(at, goal, &strong);
                    strong_[board_.key(at)] = strong;
                    if (strong >= kDead) {
                        x.closed = true;
                        continue;
                    }
                    if (strong > x.h) {
                        x.h = static_cast<uint16_t>(strong);
                        push(index, x.g + strong);
                        continue;
                    }
                } else {
                    if (auto it = strong_.find(board_.key(at)); it != strong_.end()) strong = it->second;
                    else bound(at, goal, &strong, limit_ - x.g);
                    if (x.g + strong > limit_) {
                        x.closed = true;  // loose
                        continue;
                    }
                }
            }
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
                        push(index | kFinish, e.g + static_cast<int>(chain_distance(board_, s.removed, s.pass, s.pos,
                                                                                    end.pass, end.pos)));
                }
            }
            if (board_.won(s)) continue;  // the game is over
            if (!tick()) return std::nullopt;
            entries_[index].walked = true;
            entries_[index].last_pos = s.pos;
            entries_[index].last_pass = s.pass;
            // The walk's removals are recorded after it, in the order
            // offered (the same entries, the same order), so that each
            // child's head slot is loaded while the walk goes on.
            pending_.clear();
            auto offer = [&](SlotMove m, const State& at, uint32_t draws) {
                const State t = board_.apply(at, m);
                heads_.prefetch(t.removed);
                pending_.push_back(Pending{m, at, t, draws});
            };
            auto record = [&](SlotMove m, const State& at, const State& t, uint32_t draws) {
                const uint32_t cost = e.g + draws;
                const uint32_t child = reach(t, cost + 1, index, m, at);
                if (child == kNoEntry) return;
                int h = bound(t, goal);
                if (h >= kDead || (pass_ == Pass::Pruned && static_cast<int>(cost) + 1 + h > limit_)) {
                    entries_[child].closed = true;
                    return;
                }
                entries_[child].lazy = pass_ != Pass::One;
                // Pass 1's strong bound (taken at the pop) need not be
                // consistent: an entry is queued no lower than the bucket
                // being emptied, so none is left behind.
                if (pass_ == Pass::Strong) h = std::max(h, f - static_cast<int>(cost) - 1);
                entries_[child].h = static_cast<uint16_t>(h);
                push(child, static_cast<int>(cost) + 1 + h);
            };
            // The other entries of R already walked, copied once: the walk's
            // removals reach other removed sets only, so R's list stays as
            // it is while the walk goes on.
            covers_.clear();
            if (!board_.unlimited())
                for (uint32_t i = heads_.at(s.removed).index; i != kNoEntry; i = entries_[i].next) {
                    const Entry& o = entries_[i];
                    if (i != index && o.walked) covers_.push_back(Cover{o.g, o.pos, o.pass, o.last_pos, o.last_pass});
                }
            auto keep_going = [&](const State& at, uint32_t draws) {
                // Covered (finite passes): another entry of R walked this
                // position at no greater cost, so it offered every removal
                // this walk would offer from here on at least as early and
                // as cheaply (beyond its walk, what it stopped at covers:
                // a full cycle, the end, a King on the stock, or another walk).
                if (board_.unlimited()) return true;
                const uint32_t cost = e.g + draws;
                for (const Cover& o : covers_) {
                    if (std::pair(o.last_pass, o.last_pos) < std::pair(at.pass, at.pos)) continue;
                    const uint32_t d = chain_distance(board_, s.removed, o.pass, o.pos, at.pass, at.pos);
                    if (d < kChainFar && o.g + d <= cost) return false;
                }
                entries_[index].last_pos = at.pos;
                entries_[index].last_pass = at.pass;
                return true;
            };
            CountingVisitor<decltype(offer), decltype(keep_going)> visitor{offer, keep_going};
            walk_chain(board_, traits,
                       challenge_rules(traits, goal.kind == Aim::AtLeast ? KingRule::None
                                               : goal.cleared == 0       ? KingRule::OpenEnd
                                                                         : KingRule::Steps),
                       s, visitor);
            for (const Pending& p : pending_) record(p.m, p.at, p.t, p.draws);
        }
    }
    return std::optional<std::vector<Move>>{};
}

}  // namespace

std::vector<int> challenge_target_bounds(const Board& board, const Challenge& c, const std::vector<Move>& line) {
    const ChallengeValues values(board, c.scoring);
    const Objective obj(board, values, c.scoring, c.kind == ChallengeKind::Cards, c.rank);
    const int goal = *c.target - c.current;
    const bool clear = obj.clear_needed(goal);
    std::vector<int> out;
    State s = board.initial();
    for (size_t i = 0;; ++i) {
        out.push_back(obj.target_bound(s, stuck_cards(board, s), goal, clear));
        if (i == line.size()) return out;
        const std::optional<SlotMove> m = board.from_move(s, line[i]);
        if (!m) throw std::invalid_argument("the line does not play from the deal's start");
        s = board.apply(s, *m);
    }
}

ChallengeResult solve_challenge(const Board& board, const Challenge& c, const SolveOptions& options) {
    Solver solver;
    return solver.challenge(board, c, options);
}

ChallengeResult Solver::challenge(const Board& board, const Challenge& c, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const Variant& v = board.variant();
    ChallengeResult out;
    if (c.kind == ChallengeKind::Board) {
        SolveOptions o = options;
        o.optimal = true;
        const SolveResult r = solve(board, o);
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
    const Objective obj(board, values, c.scoring, c.kind == ChallengeKind::Cards, c.rank);
    // Memory kept from an earlier, larger search does not count against this one's limit.
    if (options.limits.max_memory && memory_bytes() > options.limits.max_memory) searches_->release();
    SearchBudget budget(options, 0, searches_.get());
    ChallengeSearch search(board, obj, searches_->challenge, budget);
    search.passes(c.target_passes);
    auto give_up = [&]() {
        out.complete = false;
        out.lines.clear();
        out.states = budget.count();
        out.interrupted = search.interrupted();
        out.memory_exceeded = budget.memory_exceeded();
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
