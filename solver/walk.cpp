// The walk search: a memoized DFS whose table is keyed by the removed set
// alone.
//
// Why it is exact. Fix the removed set R. Between removals the only moves are
// draws and, at the end of the stock, a redeal; with one card drawn at a time
// onto one waste (or discarded) they are deterministic, so the positions of R
// form a chain ordered by "time" (pass, then stock boundary; see time_of). A
// position reaches every later position of its chain by drawing. Hence:
//
//  1. One expansion of (R, t) "walks" the chain from t to its end and offers,
//     at each position on the way, the removals that use a stock or waste
//     card there. Removals of tableau/reserve cards only do not depend on
//     the boundary; they are offered once, at t: made later, they would lead
//     to a position that the same removal made at t reaches by drawing.
//  2. The table remembers, for each R, the earliest time expanded. Arriving at
//     (R, t') with t' at or after it adds nothing: every removal available
//     from (R, t') onwards was offered by that expansion. Arriving earlier, we
//     expand again, walking only up to the old earliest time.
//  3. With unlimited passes the chain is a cycle (the redeal brings the stock
//     back), so one expansion covers every position of R.
//
// This is the search over positions with draws folded into the removals that
// follow them; each stored entry stands for a whole chain of positions (20 to
// 35 of them on lost msc deals), which is where the saving comes from.
//
// The reductions of solver/prune.h apply unchanged: a forced King is the only
// move offered at the position where it becomes playable (for a stock King,
// the walk stops there: the removal dominates everything later on the chain),
// and dead-card detection cuts a position before it is expanded; with discards,
// cards leave play as the walk passes them, so the walk also stops as soon as
// a card the goal needs loses its last partner.
#include <bit>
#include <chrono>
#include <limits>

#include "solver/prune.h"
#include "solver/search_util.h"
#include "solver/solver.h"

namespace pyr {

namespace {
constexpr uint32_t kNoLimit = std::numeric_limits<uint32_t>::max();
inline uint64_t bit(int i) { return uint64_t{1} << i; }
}  // namespace

uint32_t Solver::time_of(const Board& board, const State& s) const {
    return board.unlimited() ? 0 : uint32_t{s.pass} * static_cast<uint32_t>(board.stock_size() + 1) + s.pos;
}

// Decides whether s must be expanded, updating the table. On true, `limit` is
// the time up to which the walk must go (exclusive), kNoLimit for a full walk.
bool Solver::arrive(const Board& board, const State& s, uint32_t& limit) {
    const uint32_t t = time_of(board, s);
    if (!board.rows_redeal()) {
        static_assert(kChainBits >= 52 && 64 - kChainBits >= 12, "removed set and time share the word");
        const uint64_t word = s.removed | (uint64_t{t} << kChainBits);  // t < 53 * 53 < 2^12
        auto [it, inserted] = first_time_packed_.insert(word);
        if (inserted) {
            limit = kNoLimit;
            return true;
        }
        const uint32_t old = static_cast<uint32_t>(*it >> kChainBits);
        if (board.unlimited() || old <= t) return false;
        limit = old;
        const_cast<uint64_t&>(*it) = word;  // only the time changes: not what hashing and equality see
        return true;
    }
    auto [it, inserted] = first_time_.try_emplace(board.chain_key(s), static_cast<uint16_t>(t));
    if (inserted) {
        limit = kNoLimit;
        return true;
    }
    if (board.unlimited() || it->second <= t) return false;
    limit = it->second;
    it->second = static_cast<uint16_t>(t);
    return true;
}

void Solver::expand(const Board& board, const State& s, uint32_t limit) {
    const Variant& v = board.variant();
    const uint64_t fixed = board.fixed_playable(s.removed);
    auto offer = [&](SlotMove::Kind k, int a, int b, const State& at) {
        walk_moves_.push_back(WalkMove{SlotMove{k, static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, at.pos, at.pass});
    };
    // Tableau and reserve removals, offered once at the walk's start.
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank) {  // forced: the only move (prune.h)
            offer(SlotMove::Single, a, 0, s);
            return;
        }
    }
    // Sole pairs (prune.h) are forced wherever both cards are playable.
    SolePair sole[kMaxSlots];
    // Sole pairs are forced only when searching for a win: when the best score
    // is wanted, leaving a card for good can be right (see score.cpp).
    const int sole_n = score_mode_ ? 0 : sole_pairs(board, s, sole);
    const bool stock_ok = stock_removals_commute(board);  // else only tableau/reserve removals are forced
    auto forced_pair = [&](uint64_t playable) -> int {
        for (int i = 0; i < sole_n; ++i)
            if ((playable >> sole[i].x & 1) && (playable >> sole[i].y & 1) &&
                (stock_ok || (sole[i].x < board.fixed() && sole[i].y < board.fixed())))
                return i;
        return -1;
    };
    if (const int i = forced_pair(fixed); i >= 0) {
        offer(SlotMove::Pair, sole[i].x, sole[i].y, s);
        return;
    }
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        for (uint64_t q = board.partners(a) & fixed & ~(bit(a + 1) - 1); q; q &= q - 1)
            offer(SlotMove::Pair, a, std::countr_zero(q), s);
    }
    board.for_each_overlap_pair(s.removed, fixed, [&](int cover, int covered) { offer(SlotMove::Pair, cover, covered, s); });
    // The walk along the chain of draws (and redeals). Each distinct removal is
    // offered only at the first position where it is available: made later,
    // it leads to the same removed set at a later time, which the earlier one
    // reaches by drawing. After one full cycle, (pos, pass) to (pos, pass + 1),
    // the chain only repeats the stock and waste configurations already seen,
    // so the walk ends there too (or at the limit, or where the stock runs out).
    const int f = board.fixed();
    const uint64_t stock_left = board.stock_mask() & ~s.removed;
    const bool discards = v.discards();
    const int passes = board.passes();
    const bool rows = board.rows_redeal();
    uint64_t handled = 0;  // stock cards whose pairs with tableau/reserve cards were offered
    uint64_t offered_with[kMaxSlots];  // stock-stock pairs offered, per lower slot (only bits of `handled` read)
    State at = s;
    for (bool first = true;; first = false) {
        if (!first) {
            if (!rows && at.pos == s.pos && (board.unlimited() || at.pass == s.pass + 1)) break;  // a full cycle
            if (!board.unlimited() && time_of(board, at) >= limit) break;
            if (discards && !score_mode_ && has_dead_card(board, at)) break;  // discards are for good (when winning is the aim)
        }
        const uint64_t stockish = board.stock_playable(at);
        if (const int i = forced_pair(fixed | stockish); i >= 0) {
            offer(SlotMove::Pair, sole[i].x, sole[i].y, at);  // dominates the rest of the chain
            return;
        }
        for (uint64_t m = stockish; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            const bool fresh = !(handled & bit(c));
            if (fresh) {
                handled |= bit(c);
                offered_with[c] = 0;
                if (board.rank(c) == v.lone_rank) {
                    // Forced (prune.h: draw-one onto one waste, or discards): the
                    // removal dominates the rest of the chain, so the walk ends here.
                    offer(SlotMove::Single, c, 0, at);
                    if (stock_ok) return;
                    continue;
                }
                for (uint64_t q = board.partners(c) & fixed; q; q &= q - 1) offer(SlotMove::Pair, c, std::countr_zero(q), at);
            }
            for (uint64_t q = board.partners(c) & stockish & ~(bit(c + 1) - 1) & ~offered_with[c]; q; q &= q - 1) {
                const int d = std::countr_zero(q);
                offered_with[c] |= bit(d);
                offer(SlotMove::Pair, c, d, at);
            }
        }
        if (rows) {
            // The row redeal: the general rules. A removal made in a later pass
            // gives the stock card a different epoch (a different future order),
            // so "first position only" holds within a pass.
            const int pass = at.pass;
            if (!board.advance(at)) break;
            if (at.pass != pass) handled = 0;
            continue;
        }
        if (!draw_one_step(f, stock_left, discards, passes, at)) break;
    }
}

void Solver::walk_push(const Board& board, const State& s, uint32_t limit) {
    const uint32_t begin = static_cast<uint32_t>(walk_moves_.size());
    expand(board, s, limit);
    walk_stack_.push_back(WalkFrame{s, begin, begin, static_cast<uint32_t>(walk_moves_.size())});
}

bool Solver::walk_next(const Board& board, State& next, SlotMove& move) {
    while (!walk_stack_.empty()) {
        WalkFrame& f = walk_stack_.back();
        if (f.next == f.end) {
            walk_moves_.resize(f.begin);  // the frame's moves sit on top
            walk_stack_.pop_back();
            continue;
        }
        const WalkMove wm = walk_moves_[f.next++];
        next = board.apply(State{f.state.removed, wm.pos, wm.pass, f.state.epochs}, wm.move);
        move = wm.move;
        return true;
    }
    return false;
}

void Solver::walk_path(const Board& board, std::vector<Move>& out) const {
    out.clear();
    for (const WalkFrame& fr : walk_stack_) {  // each frame's draws up to its current move, then the move
        const WalkMove& chosen = walk_moves_[fr.next - 1];
        append_draws(board, fr.state, chosen.pos, chosen.pass, out);
        out.push_back(board.to_move(chosen.move));
    }
}

SolveResult Solver::solve_walk(const Board& board, const State& start, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    score_mode_ = false;
    SolveResult result;
    recycle(first_time_);
    recycle(first_time_packed_);
    walk_stack_.clear();
    walk_moves_.clear();
    SearchBudget budget(options, 1, this);  // the start counts as expanded
    auto finish = [&](Verdict verdict) {
        result.verdict = verdict;
        return finish_search(result, budget, t0);
    };
    if (board.won(start)) return finish(Verdict::Win);
    uint32_t limit = kNoLimit;
    arrive(board, start, limit);
    if (has_dead_card(board, start)) return finish(Verdict::Lose);
    walk_push(board, start, limit);
    State next;
    SlotMove move;
    while (walk_next(board, next, move)) {
        if (board.won(next)) {
            walk_path(board, result.solution);
            return finish(Verdict::Win);
        }
        if (!arrive(board, next, limit)) continue;
        if (const auto stop = budget.tick(); stop != SearchBudget::Stop::No) {
            result.interrupted = stop == SearchBudget::Stop::Interrupted;
            return finish(Verdict::Intractable);
        }
        if (has_dead_card_after(board, next, move)) continue;  // pushed positions have no dead card
        walk_push(board, next, limit);
    }
    return finish(Verdict::Lose);
}

}  // namespace pyr
