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

#include "solver/heuristic.h"
#include "solver/searches.h"

namespace pyr {

namespace {
// Maximum bipartite matching, at most 4 cards a side (Kuhn's augmenting paths).
int small_matching(const uint8_t* adj, int left) {
    int match_of_right[4] = {-1, -1, -1, -1};
    int size = 0;
    for (int x = 0; x < left; ++x) {
        uint8_t seen = 0;
        auto augment = [&](auto&& self, int u) -> bool {
            for (int y = 0; y < 4; ++y) {
                if (!(adj[u] >> y & 1) || (seen >> y & 1)) continue;
                seen |= static_cast<uint8_t>(1 << y);
                if (match_of_right[y] < 0 || self(self, match_of_right[y])) {
                    match_of_right[y] = u;
                    return true;
                }
            }
            return false;
        };
        size += augment(augment, x);
    }
    return size;
}
}  // namespace

PairMatchings::PairMatchings(const Board& b) {
    const Variant& v = b.variant();
    const int ranks = deck_ranks(v.deck);
    target_ = v.target;
    table_.assign(static_cast<size_t>(ranks + 1) * 256, 0);
    for (int r = 1; r <= ranks; ++r) {
        count_[r] = static_cast<uint8_t>(std::popcount(b.rank_mask(r)));
        if (count_[r] > 4) standard_ = false;
        int i = 0;
        for (uint64_t m = b.rank_mask(r); m && i < 4; m &= m - 1)
            slots_[r][i++] = static_cast<uint8_t>(std::countr_zero(m));
    }
    if (!standard_) return;
    for (int r = 1; r <= ranks; ++r) {
        const int q = v.target - r;
        if (r == v.lone_rank || q <= r || q > ranks) continue;
        // adj[i] bit j: the i-th card of rank r may pair with the j-th of rank q.
        uint8_t full[4] = {};
        for (int i = 0; i < count_[r]; ++i)
            for (int j = 0; j < count_[q]; ++j) {
                const int x = slots_[r][i], y = slots_[q][j];
                if (!(b.blocked(x) >> y & 1) && !(b.blocked(y) >> x & 1)) full[i] |= static_cast<uint8_t>(1 << j);
            }
        for (int sr = 0; sr < 16; ++sr)
            for (int sq = 0; sq < 16; ++sq) {
                uint8_t adj[4] = {};
                int left = 0;
                for (int i = 0; i < 4; ++i)
                    if (sr >> i & 1) adj[left++] = static_cast<uint8_t>(full[i] & sq);
                table_[static_cast<size_t>(r) * 256 + sr * 16 + sq] = static_cast<uint8_t>(small_matching(adj, left));
            }
    }
}

int PairMatchings::subset(int rank, uint64_t cards) const {
    int out = 0;
    for (int i = 0; i < count_[rank]; ++i) out |= static_cast<int>(cards >> slots_[rank][i] & 1) << i;
    return out;
}

int PairMatchings::matching(int r, uint64_t cards_r, uint64_t cards_q) const {
    if (!standard_) return std::min(std::popcount(cards_r), std::popcount(cards_q));  // no blocking refinement
    return table_[static_cast<size_t>(r) * 256 + subset(r, cards_r) * 16 + subset(target_ - r, cards_q)];
}

namespace {

constexpr int kUnreachable = 1 << 20;

// One pair of ranks (r, q = target - r), r < q: the needed cards of each
// rank, and how many tableau-style pairs they can make among themselves.
struct RankClass {
    int r, q;
    int a, b;  // needed cards of rank r, of rank q
    int m;     // maximum matching between them (no card paired with one it blocks)
};

// Fills classes[] (room for 13) and returns how many; counts needed Kings
// and self-pairing ranks into *other_moves (removal moves outside classes).
int rank_classes(const Board& b, const PairMatchings& pm, uint64_t need, RankClass* classes, int* other_moves) {
    const Variant& v = b.variant();
    const int ranks = deck_ranks(v.deck);
    int n = 0;
    *other_moves = 0;
    for (int r = 1; r <= ranks; ++r) {
        const uint64_t cards = need & b.rank_mask(r);
        const int nr = std::popcount(cards);
        const int q = v.target - r;
        if (r == v.lone_rank || q < 1 || q > ranks) {
            *other_moves += nr;  // a King alone (or a card with no partner rank: dead anyway)
            continue;
        }
        if (q == r) {
            *other_moves += (nr + 1) / 2;
            continue;
        }
        if (q < r) continue;
        const uint64_t partners = need & b.rank_mask(q);
        RankClass c{r, q, nr, static_cast<int>(std::popcount(partners)), 0};
        if (c.a > 0 && c.b > 0) c.m = pm.matching(r, cards, partners);
        classes[n++] = c;
    }
    return n;
}

// Removal moves still needed. A move removes at most one card of each rank
// of one pair of ranks (r, q), or one King. In a class with a needed r cards
// and b needed q cards, at most m moves remove two of them (m = the largest
// set of disjoint r-q pairs in which neither card blocks the other: a card
// beneath another can only go after it), so the class takes at least
// a + b - m moves. Needed Kings take one each.
int removal_bound(const RankClass* classes, int n, int other_moves) {
    int h = other_moves;
    for (int i = 0; i < n; ++i) h += classes[i].a + classes[i].b - classes[i].m;
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
// redeal left: out of reach). With one playable waste card, a card above it
// with no partner that could be playable beside it (see the waste sweep) is
// unclearable too. Which stock cards must be reached: for each
// needed tableau card with no usable partner outside the stock, one of its
// stock partners; per pair of ranks with a > b, at least a - b stock cards of
// rank q (tableau pairs can absorb only b); with goal `all`, every stock card.
// The bound is the largest of these costs (draws are shared by all).
int draw_bound(const Board& b, const State& s, uint64_t in_play, uint64_t need, const RankClass* classes,
               int nclasses) {
    const Variant& v = b.variant();
    const int f = b.fixed();
    const uint64_t stock = in_play & b.stock_mask();
    // (The row redeal reorders the stock between passes; no draw bound there.)
    if (stock == 0 || b.rows_redeal()) return 0;
    const uint64_t boundary = uint64_t{1} << (f + s.pos);
    const uint64_t drawn = (boundary - 1) & b.stock_mask();
    const uint64_t ahead = stock & ~drawn, waste = stock & drawn;
    const bool all = v.goal == Goal::All;
    // Clearing a set of stock cards, given its per-rank counts: see the comment
    // above (goal pyramid: a class with a, b needed tableau cards and matching
    // m saves at most Ya + Yb - max(0, Ya - (a - m), Yb - (b - m)) moves,
    // Ya = min(stock q cards, a), Yb = min(stock r cards, b); with
    // m = min(a, b) this is the min(Ya, Yb + a - b) of the derivation).
    const int half = v.target % 2 == 0 ? v.target / 2 : 0;  // a rank pairing with itself
    const int need_half = half ? static_cast<int>(std::popcount(need & b.rank_mask(half))) : 0;
    // The set's cost is kept as cards are added one at a time. In a class, with
    // ya (yb) the set's q (r) cards counted up to a (b), the saving above is
    // ya + yb - max(0, ya - (a - m), yb - (b - m)); one more q card raises it
    // by one exactly when ya + 1 <= (a - m) + max(0, yb - (b - m)), and
    // symmetrically for an r card.
    int8_t class_of[14];
    std::fill(class_of, class_of + 14, int8_t{-1});
    for (int i = 0; i < nclasses; ++i) class_of[classes[i].r] = class_of[classes[i].q] = static_cast<int8_t>(i);
    struct Counts {
        uint8_t ya[13] = {}, yb[13] = {};
        int half = 0, size = 0, junk = 0, saving = 0;
    };
    auto clear_cost = [&](const Counts& set) -> int { return all ? set.junk : std::max(set.size - set.saving, 0); };
    auto add = [&](Counts& set, int slot, bool is_junk) {
        ++set.size;
        set.junk += is_junk;
        const int r = b.rank(slot);
        const int i = class_of[r];
        if (i >= 0) {
            const RankClass& c = classes[i];
            if (r == c.q) {
                if (set.ya[i] < c.a) {
                    set.saving += set.ya[i] + 1 <= c.a - c.m + std::max(0, set.yb[i] - (c.b - c.m));
                    ++set.ya[i];
                }
            } else if (set.yb[i] < c.b) {
                set.saving += set.yb[i] + 1 <= c.b - c.m + std::max(0, set.ya[i] - (c.a - c.m));
                ++set.yb[i];
            }
        } else if (r == half && set.half < need_half) {
            ++set.half;
            ++set.saving;
        }
    };
    const bool top = v.stock_top_playable;
    const bool can_redeal = !v.discards() && (b.passes() == 0 || s.pass + 1 < b.passes());
    // Cost of clearing a stretch of the stock and then having its next card
    // playable: a face-down stock is only drawn (every card, and that card too).
    // One draw moves up to `per_draw` cards (draw-three, or a row onto several
    // wastes), so the draws are at least the cards passed divided by that.
    const int per_draw = std::max(v.draw, v.wastes);
    auto pass_cost = [&](const Counts& before, bool then_card) {
        const int cards = top ? clear_cost(before) : before.size + (then_card ? 1 : 0);
        return per_draw == 1 ? cards : (cards + per_draw - 1) / per_draw;
    };
    // reach[c] for every stock card in play, in one sweep each way.
    int reach[kMaxSlots];
    uint8_t slots[kMaxSlots];
    bool junk[kMaxSlots];
    int n = 0;
    for (uint64_t m = stock; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        slots[n] = static_cast<uint8_t>(c);
        junk[n] = b.rank(c) != v.lone_rank && (b.partners(c) & in_play) == 0;
        ++n;
    }
    // Through a redeal: the cards still ahead and the waste cards before c
    // are cleared, in two passes. With a face-up stock their cost is taken
    // as one set: the classes' savings are shared between the two stretches
    // (a 7 cleared now and a 6 after the redeal may both pair through one
    // class), so costing the stretches apart could overcount.
    Counts ahead_before, all_before, ahead_all;
    for (int i = 0; i < n; ++i)
        if (ahead >> slots[i] & 1) add(ahead_all, slots[i], junk[i]);
    const int finish = pass_cost(ahead_all, false);
    Counts redeal_before = ahead_all;  // the cards ahead, then the waste cards before c
    for (int i = 0; i < n; ++i) {
        const int c = slots[i];
        if (ahead >> c & 1) {
            reach[c] = pass_cost(ahead_before, true);
            add(ahead_before, c, junk[i]);
        } else if (!can_redeal) {
            reach[c] = kUnreachable;
        } else if (top) {
            reach[c] = 1 + pass_cost(redeal_before, true);
            add(redeal_before, c, junk[i]);
        } else {
            reach[c] = finish + 1 + pass_cost(all_before, true);
            add(all_before, c, junk[i]);
        }
    }
    // On the waste: clear the cards above it now (junk cannot be cleared), or redeal.
    // (With several wastes, taken as reachable: the cards above it are not simply
    // the later ones.)
    // With one playable waste card, a card above c can only leave by pairing
    // with a tableau/reserve card or (face-up stock) the stock's top: the other
    // waste cards lie above it (gone first) or beneath it. One that has no
    // such partner in play is stuck, and c is reached only by a redeal.
    const uint64_t dig_partners = b.fixed_mask() | (top ? ahead : 0);
    const bool single_top = v.waste_playable == 1;
    Counts above;
    int stuck_above = 0;
    for (int i = n - 1; i >= 0; --i) {
        const int c = slots[i];
        if (!(waste >> c & 1)) continue;
        if (v.wastes > 1) {
            reach[c] = 0;
            continue;
        }
        if (above.junk < v.waste_playable && stuck_above == 0)
            reach[c] = std::min(reach[c], std::max(0, clear_cost(above) - (v.waste_playable - 1)));
        add(above, c, junk[i]);
        stuck_above += single_top && b.rank(c) != v.lone_rank && (b.partners(c) & in_play & dig_partners) == 0;
    }
    int h = 0;
    for (uint64_t m = need & b.fixed_mask(); m; m &= m - 1) {
        const int x = std::countr_zero(m);
        if (b.rank(x) == v.lone_rank) continue;
        const uint64_t u = usable_partners(b, in_play, x);
        if (u & b.fixed_mask()) continue;  // may pair without the stock
        int best = kUnreachable;
        for (uint64_t q = u; q && best > 0; q &= q - 1) best = std::min(best, reach[std::countr_zero(q)]);
        h = std::max(h, best);
    }
    if (all) {
        for (uint64_t m = stock; m; m &= m - 1) h = std::max(h, reach[std::countr_zero(m)]);
        return h;
    }
    // Per class, needed cards of one rank beyond the matching need stock partners.
    auto require = [&](int partner_rank, int count) {
        if (count <= 0) return true;
        int costs[4];
        int k = 0;
        for (uint64_t m = stock & b.rank_mask(partner_rank); m && k < 4; m &= m - 1)
            costs[k++] = reach[std::countr_zero(m)];
        if (k < count) return false;
        std::sort(costs, costs + k);
        h = std::max(h, costs[count - 1]);
        return true;
    };
    for (int i = 0; i < nclasses; ++i) {
        const RankClass& c = classes[i];
        if (!require(c.q, c.a - c.m) || !require(c.r, c.b - c.m)) return kUnreachable;
    }
    return h;
}

}  // namespace

int optimal_heuristic_upto(const Board& b, const PairMatchings& pm, const State& s, int cap, bool* complete) {
    const uint64_t in_play = b.in_play(s);
    const uint64_t need = in_play & b.goal_mask();
    RankClass classes[13];
    int other = 0;
    const int n = rank_classes(b, pm, need, classes, &other);
    const int removal = removal_bound(classes, n, other);
    *complete = removal <= cap;
    if (!*complete) return removal;
    const int d = draw_bound(b, s, in_play, need, classes, n);
    if (d >= kUnreachable) return kUnreachable;
    return removal + d;
}

int optimal_heuristic(const Board& b, const PairMatchings& pm, const State& s, int* draw_part) {
    const uint64_t in_play = b.in_play(s);
    const uint64_t need = in_play & b.goal_mask();
    RankClass classes[13];
    int other = 0;
    const int n = rank_classes(b, pm, need, classes, &other);
    const int d = draw_bound(b, s, in_play, need, classes, n);
    if (draw_part) *draw_part = d;
    if (d >= kUnreachable) return kUnreachable;
    return removal_bound(classes, n, other) + d;
}

int optimal_heuristic(const Board& b, const State& s, int* draw_part) {
    return optimal_heuristic(b, PairMatchings(b), s, draw_part);
}

std::size_t OptimalSearch::bytes(bool grow) const {
    return table_bytes(best_, grow) + open_.bytes(grow, best_.size() > 0);
}

// `result` holds a solution from the verdict search; its length bounds the search.
void OptimalSearch::run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                        SolveResult& result) {
    const int upper = static_cast<int>(result.solution.size());
    recycle(best_);
    open_.reset(upper);
    auto rebuild = [&](uint64_t key) {
        std::vector<Move> back;
        while (true) {
            const Reached& r = best_.at(key);
            if (r.g == 0) break;
            const SlotMove m{static_cast<SlotMove::Kind>(r.kind), r.a, r.b};
            back.push_back(board.to_move(m));
            State prev = board.state_of(key);
            auto put_back = [&](int slot) {
                prev.removed &= ~(uint64_t{1} << slot);
                if (slot >= board.fixed()) prev.epochs &= ~(uint64_t{3} << (2 * (slot - board.fixed())));
            };
            if (m.kind == SlotMove::Single) put_back(m.a);
            if (m.kind == SlotMove::Pair) {
                put_back(m.a);
                put_back(m.b);
            }
            prev.pos = r.prev_pos;
            prev.pass = r.prev_pass;
            key = board.key(prev);
        }
        result.solution.assign(back.rbegin(), back.rend());
    };
    const uint64_t start_key = board.key(start);
    const PairMatchings pm(board);
    const int h0 = std::min(optimal_heuristic(board, pm, start), upper);
    best_[start_key] = Reached{0, static_cast<uint8_t>(std::min(h0, 255)), 0, 0, 0, 0, 0, 0};
    open_.push(h0, start_key);
    SlotMove buf[kMaxMoves];
    for (int f = h0; f <= upper; ++f) {
        uint64_t key;
        while (open_.pop(f, key)) {
            Reached& here = best_.at(key);
            if (here.closed || here.g + here.h != f) continue;  // expanded already, or a stale entry
            here.closed = true;
            const int g = here.g, h = here.h;
            const State s = board.state_of(key);
            if (board.won(s)) {
                rebuild(key);
                finish_optimal(result, budget, true);
                return;
            }
            if (optimal_stopped(budget, result)) return;
            int n = board.legal_moves(s, buf);
            const int forced = forced_move(board, traits, ForcedPolicy::optimal(), s, buf, n);
            if (forced >= 0) {
                buf[0] = buf[forced];
                n = 1;
            }
            for (int i = 0; i < n; ++i) {
                const State t = board.apply(s, buf[i]);
                const uint64_t tk = board.key(t);
                const int tg = g + 1;
                auto [it, inserted] = best_.try_emplace(tk);
                if (!inserted && it->second.g <= tg) continue;
                int th = optimal_heuristic(board, pm, t);
                // Dead ends keep their entry (so they are not evaluated again) but are never queued.
                const bool dead = th >= kUnreachable || has_dead_card(board, t);
                // BPMX: a parent's bound minus one is also a bound here; it keeps f from decreasing.
                th = std::max(th >= kUnreachable ? 0 : th, h - 1);
                th = std::min(th, 255);  // a weaker bound is still a bound
                it->second = Reached{static_cast<uint16_t>(tg),
                                     static_cast<uint8_t>(th),
                                     s.pos,
                                     s.pass,
                                     static_cast<uint8_t>(buf[i].kind),
                                     dead,
                                     buf[i].a,
                                     buf[i].b};
                if (!dead) open_.push(tg + th, tk);
            }
        }
    }
    // Every position within the bound was expanded: the fast search's solution is a shortest one.
    finish_optimal(result, budget, true);
}

}  // namespace pyr
