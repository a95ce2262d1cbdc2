// The optimal search: A* over packed positions, every move costing one
// (draw, redeal, a King removed, a pair removed).
//
// Heuristic (admissible and consistent). A move removes at most one card of
// each rank of one pair of ranks (r, target - r), or one King. So the cards
// the goal still needs take at least
//     h = (needed Kings) + sum over rank pairs of max(needed r, needed target - r)
// more moves (for a rank that pairs with itself, ceil(needed / 2)). One move
// lowers h by at most one and draws leave it alone, so h is consistent: the
// first time a position leaves the open list its cost is final.
//
// Reductions that keep lengths exact (solver/prune.h): dead-card detection;
// a playable tableau King removed at once (it must go, one move whenever);
// with draw-one onto one waste, a sole pair or a needed stock King made at once
// (every solution makes it, and making it earlier never adds a move: a draw
// of that card is saved if anything). Stock Kings the goal does not need are
// not forced, since removing one costs a move.
//
// The table holds, per position, its cost and the move that reached it with
// the previous stock boundary, so the solution is rebuilt by walking back.
#include <algorithm>
#include <bit>
#include <chrono>

#include "solver/prune.h"
#include "solver/solver.h"

namespace pyr {

namespace {

constexpr int kUnreachable = 1 << 20;

// Removal moves still needed: see the header comment.
int removal_bound(const Board& b, uint64_t need) {
    const Variant& v = b.variant();
    int h = 0;
    const int ranks = deck_ranks(v.deck);
    for (int r = 1; r <= ranks; ++r) {
        const int q = v.target - r;
        const int nr = std::popcount(need & b.rank_mask(r));
        if (r == v.lone_rank) {
            h += nr;
        } else if (q == r) {
            h += (nr + 1) / 2;
        } else if (q > r && q <= ranks) {
            h += std::max(nr, static_cast<int>(std::popcount(need & b.rank_mask(q))));
        } else if (q < 1 || q > ranks) {
            h += nr;
        }
    }
    return h;
}

// Moves still needed beyond the removal bound: draws, redeals, and removals
// the removal bound does not count. reach(c) bounds these moves before stock
// card c can be playable; every card ahead of it must first leave the stock.
//
// Goal `pyramid`. Take one pair of ranks (r, q = target - r) with a needed
// tableau cards of rank r and b of rank q, a >= b, d = a - b. With x
// tableau-tableau pairs and y_a (y_b) tableau r (q) cards paired with stock
// cards, the class takes a + b - x moves, x <= min(a - y_a, b - y_b): that is
// max(a, b) (the removal bound) plus min(a, b) - min(a - y_a, b - y_b) extra.
// So removing stock cards through the class saves, against drawing them, at
// most min(y_a, y_b + d) moves: min(min(s_q, a), min(s_r, b) + d) for s_q
// (s_r) stock cards of rank q (r) to clear. Any other way a card leaves the
// stock (a draw, a pair with a waste card, a King) takes a move the removal
// bound does not count and clears one card ahead. Hence clearing a set S of
// stock cards takes at least |S| - (sum of the class savings over S) extra
// moves (clear_cost). A face-down stock is only drawn: every card up to and
// including c.
//
// Goal `all`. Every card must go, so pairing costs nothing extra; only
// "junk" (no partner left) must be drawn past.
//
// A card on the waste under more unclearable cards than the playable waste
// cards needs a redeal: finish the stock, redeal, and reach it again (no
// redeal left: out of reach). Which stock cards must be reached: for each
// needed tableau card with no usable partner outside the stock, one of its
// stock partners; per pair of ranks with a > b, at least a - b stock cards of
// rank q (tableau pairs can absorb only b); with goal `all`, every stock card.
// The bound is the largest of these costs (draws are shared by all).
int draw_bound(const Board& b, const State& s, uint64_t in_play, uint64_t need) {
    const Variant& v = b.variant();
    const int f = b.fixed();
    const uint64_t stock = in_play & b.stock_mask();
    if (stock == 0) return 0;
    const uint64_t boundary = uint64_t{1} << (f + s.pos);
    const uint64_t drawn = (boundary - 1) & b.stock_mask();
    const uint64_t ahead = stock & ~drawn, waste = stock & drawn;
    const bool all = v.goal == Goal::All;
    const int ranks = deck_ranks(v.deck);
    // Needed tableau counts per rank (goal pyramid).
    int need_count[14] = {};
    for (int r = 1; r <= ranks; ++r) need_count[r] = std::popcount(need & b.fixed_mask() & b.rank_mask(r));
    uint64_t junk = 0;
    for (uint64_t m = stock; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        if (b.rank(c) != v.lone_rank && (b.partners(c) & in_play) == 0) junk |= uint64_t{1} << c;
    }
    auto clear_cost = [&](uint64_t set) -> int {
        if (all) return std::popcount(set & junk);
        int cost = std::popcount(set);
        for (int r = 1; r <= ranks; ++r) {
            const int q = v.target - r;
            if (q < r || q > ranks || r == v.lone_rank) continue;
            int na = need_count[r], nb = need_count[q];
            int sq = std::popcount(set & b.rank_mask(q)), sr = std::popcount(set & b.rank_mask(r));
            if (q == r) {
                cost -= std::min(sr, na);  // a card of a self-pairing rank: one pair per card at best
                continue;
            }
            if (na < nb) {
                std::swap(na, nb);
                std::swap(sq, sr);
            }
            cost -= std::min(std::min(sq, na), std::min(sr, nb) + (na - nb));
        }
        return std::max(cost, 0);
    };
    const bool top = v.stock_top_playable;
    const bool can_redeal = !v.discards() && (b.passes() == 0 || s.pass + 1 < b.passes());
    auto pass_cost = [&](uint64_t set, uint64_t cb) {  // clear `set` from the stock, then make c playable
        return top ? clear_cost(set) : std::popcount(set) + (cb ? 1 : 0);
    };
    auto reach = [&](int c) -> int {
        const uint64_t cb = uint64_t{1} << c;
        const uint64_t before = cb - 1;  // slots dealt before c
        if (ahead & cb) return pass_cost(ahead & before, cb);
        // On the waste: clear the cards above it now (junk cannot be cleared), or redeal.
        const uint64_t above = waste & ~(before | cb);
        int cost = std::popcount(above & junk) >= v.waste_playable
                       ? kUnreachable
                       : std::max(0, clear_cost(above) - (v.waste_playable - 1));
        if (can_redeal) cost = std::min(cost, pass_cost(ahead, 0) + 1 + pass_cost(stock & before, cb));
        return cost;
    };
    int h = 0;
    for (uint64_t m = need & b.fixed_mask(); m; m &= m - 1) {
        const int x = std::countr_zero(m);
        if (b.rank(x) == v.lone_rank) continue;
        const uint64_t u = usable_partners(b, in_play, x);
        if (u & b.fixed_mask()) continue;  // may pair without the stock
        int best = kUnreachable;
        for (uint64_t q = u; q && best > 0; q &= q - 1) best = std::min(best, reach(std::countr_zero(q)));
        h = std::max(h, best);
    }
    if (all) {
        for (uint64_t m = stock; m; m &= m - 1) h = std::max(h, reach(std::countr_zero(m)));
        return h;
    }
    for (int r = 1; r <= ranks; ++r) {
        const int q = v.target - r;
        if (q < 1 || q > ranks || q == r || r == v.lone_rank) continue;
        const int excess = need_count[r] - need_count[q];  // tableau r cards that need a stock q card
        if (excess <= 0) continue;
        int costs[4], n = 0;
        for (uint64_t m = stock & b.rank_mask(q); m && n < 4; m &= m - 1) costs[n++] = reach(std::countr_zero(m));
        if (n < excess) return kUnreachable;
        std::sort(costs, costs + n);
        h = std::max(h, costs[excess - 1]);
    }
    return h;
}

}  // namespace

int optimal_heuristic(const Board& b, const State& s) {
    const uint64_t in_play = b.in_play(s);
    const uint64_t need = in_play & b.goal_mask();
    const int d = draw_bound(b, s, in_play, need);
    if (d >= kUnreachable) return kUnreachable;
    return removal_bound(b, need) + d;
}

namespace {

// In optimal mode, which forced moves keep the length exact (see the header).
int optimal_forced(const Board& b, const State& s, const SlotMove* moves, int n) {
    const Variant& v = b.variant();
    const bool stock_ok = stock_removals_commute(b);
    for (int i = 0; i < n; ++i) {
        if (moves[i].kind != SlotMove::Single) continue;
        const int a = moves[i].a;
        if (a < b.fixed() ? (b.goal_mask() >> a & 1) : (stock_ok && v.goal == Goal::All)) return i;
    }
    SolePair sole[kMaxSlots];
    const int k = sole_pairs(b, s, sole);
    for (int j = 0; j < k; ++j) {
        const bool fixed_pair = sole[j].x < b.fixed() && sole[j].y < b.fixed();
        if (!fixed_pair && !stock_ok) continue;
        for (int i = 0; i < n; ++i)
            if (moves[i].kind == SlotMove::Pair &&
                ((moves[i].a == sole[j].x && moves[i].b == sole[j].y) || (moves[i].a == sole[j].y && moves[i].b == sole[j].x)))
                return i;
    }
    return -1;
}

}  // namespace

SolveResult Solver::solve_optimal(const Board& board, const State& start, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    // The verdict first, with the fast search: a lost deal is proved lost
    // there, and a won one gives an upper bound on the shortest length.
    SolveOptions verdict_options = options;
    verdict_options.optimal = false;
    SolveResult result = solve_with(method_for(board), board, start, verdict_options);
    if (result.verdict != Verdict::Win || result.solution.empty()) {
        result.optimal = result.verdict == Verdict::Win;
        return result;
    }
    const int upper = static_cast<int>(result.solution.size());
    uint64_t expanded = result.states;
    auto finish = [&](bool proved) {
        result.optimal = proved;
        result.states = expanded;
        result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
        return result;
    };
    best_.clear();
    for (auto& bucket : open_) bucket.clear();
    if (open_.size() < static_cast<size_t>(upper + 1)) open_.resize(upper + 1);
    auto rebuild = [&](uint64_t key) {
        std::vector<Move> back;
        while (true) {
            const Reached& r = best_.at(key);
            if (r.g == 0) break;
            const SlotMove m{static_cast<SlotMove::Kind>(r.kind), r.a, r.b};
            back.push_back(board.to_move(m));
            State prev = decode(key);
            if (m.kind == SlotMove::Single) prev.removed &= ~(uint64_t{1} << m.a);
            if (m.kind == SlotMove::Pair) prev.removed &= ~((uint64_t{1} << m.a) | (uint64_t{1} << m.b));
            prev.pos = r.prev_pos;
            prev.pass = r.prev_pass;
            key = encode(prev);
        }
        result.solution.assign(back.rbegin(), back.rend());
    };
    const uint64_t start_key = encode(start);
    const int h0 = std::min(optimal_heuristic(board, start), upper);
    best_[start_key] = Reached{0, static_cast<uint8_t>(std::min(h0, 255)), 0, 0, 0, 0, 0, 0};
    open_[h0].push_back(start_key);
    SlotMove buf[kMaxMoves];
    for (int f = h0; f <= upper; ++f) {
        while (!open_[f].empty()) {
            const uint64_t key = open_[f].back();
            open_[f].pop_back();
            Reached& here = best_.at(key);
            if (here.closed || here.g + here.h != f) continue;  // expanded already, or a stale entry
            here.closed = true;
            const int g = here.g, h = here.h;
            const State s = decode(key);
            if (board.won(s)) {
                rebuild(key);
                return finish(true);
            }
            if (options.max_states && expanded >= options.max_states) return finish(false);
            ++expanded;
            if ((expanded & 0xFFFFF) == 0) {
                if (options.stop && options.stop->load(std::memory_order_relaxed)) {
                    result.interrupted = true;
                    return finish(false);
                }
                if (options.progress) options.progress(expanded);
            }
            int n = board.legal_moves(s, buf);
            const int forced = optimal_forced(board, s, buf, n);
            if (forced >= 0) {
                buf[0] = buf[forced];
                n = 1;
            }
            for (int i = 0; i < n; ++i) {
                const State t = board.apply(s, buf[i]);
                const uint64_t tk = encode(t);
                const int tg = g + 1;
                auto [it, inserted] = best_.try_emplace(tk);
                if (!inserted && it->second.g <= tg) continue;
                int th = optimal_heuristic(board, t);
                // Dead ends keep their entry (so they are not evaluated again) but are never queued.
                const bool dead = th >= kUnreachable || has_dead_card(board, t);
                // BPMX: a parent's bound minus one is also a bound here; it keeps f from decreasing.
                th = std::max(th >= kUnreachable ? 0 : th, h - 1);
                th = std::min(th, 255);  // a weaker bound is still a bound
                it->second = Reached{static_cast<uint16_t>(tg), static_cast<uint8_t>(th), s.pos, s.pass,
                                     static_cast<uint8_t>(buf[i].kind), dead, buf[i].a, buf[i].b};
                if (!dead && tg + th <= upper) open_[tg + th].push_back(tk);
            }
        }
    }
    // Every position within the bound was expanded: the fast search's solution is a shortest one.
    return finish(true);
}

}  // namespace pyr
