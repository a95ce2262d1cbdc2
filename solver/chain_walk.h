// The chain walk: the removals that one expansion of a walk search offers,
// shared by the verdict walk (walk.cpp), the best score (score.cpp) and the
// optimal walk (optimal_walk.cpp). Why walking the chain is exact is argued
// in walk.cpp; the optimal walk's extra stops in optimal_walk.cpp.
//
// From s = (R, t), the walk offers:
//  - at t, the removals of tableau/reserve cards only (made later they would
//    lead to a position the same removal made at t reaches by drawing);
//  - at each position along R's chain of draws and redeals, the removals
//    that use a stock or waste card, each one at the first position where it
//    is available (within a pass, for the row redeal: a removal made in a
//    later pass gives the card a different epoch, so a different future order).
// A forced move (prune.h, per the search's ForcedPolicy) ends the walk where
// it becomes available: it is offered there alone (a tableau King or a
// tableau sole pair at t: nothing else is offered) and it dominates the rest
// of the chain. After one full cycle of the stock, (pos, pass) to
// (pos, pass + 1), the chain only repeats configurations already seen, so the
// walk ends there too, or where the stock runs out.
//
// The visitor provides:
//   void offer(SlotMove m, const State& at)  a removal made at `at`
//   bool keep_going(const State& at)         at each later position: false ends the walk
//   bool step()                              after each draw or redeal: false ends the walk
#pragma once
#include <bit>

#include "solver/prune.h"
#include "solver/search_util.h"

namespace pyr {

struct ChainRules {
    ForcedPolicy forced;
    // With discards, cards leave play as the walk passes them: stop as soon as
    // a card the goal needs loses its last partner (when winning is the aim).
    bool dead_card_stops;
    bool king_top_stops;  // RuleTraits::king_top_stops, for the optimal walk
};

template <class Visitor>
void walk_chain(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& s, Visitor& visitor) {
    const Variant& v = board.variant();
    auto bit = [](int i) { return uint64_t{1} << i; };
    auto offer = [&](SlotMove::Kind k, int a, int b, const State& at) __attribute__((always_inline)) {
        visitor.offer(SlotMove{k, static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, at);
    };
    const uint64_t fixed = board.fixed_playable(s.removed);
    // A forced King among the tableau/reserve cards: the only move.
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank && king_forced(board, traits, rules.forced, a)) {
            offer(SlotMove::Single, a, 0, s);
            return;
        }
    }
    // The sole pairs (prune.h) whose card x can be playable somewhere on the
    // chain: a tableau or reserve x only if it is exposed now (the removed
    // set does not change along the chain). The others can never be made
    // here, so leaving them out changes nothing below but the time.
    SolePair sole[kMaxSlots];
    const int sole_n = rules.forced.sole_pairs ? sole_pairs(board, s, sole, fixed | ~board.fixed_mask()) : 0;
    auto forced_pair = [&](uint64_t playable) -> int {
        for (int i = 0; i < sole_n; ++i)
            if ((playable >> sole[i].x & 1) && (playable >> sole[i].y & 1) && sole_pair_forced(board, traits, sole[i]))
                return i;
        return -1;
    };
    if (const int i = forced_pair(fixed); i >= 0) {
        offer(SlotMove::Pair, sole[i].x, sole[i].y, s);
        return;
    }
    // No sole pair of two tableau/reserve cards is forced (just checked), so
    // along the chain only those with a playable stock or waste card can be.
    uint64_t sole_cards = 0;
    for (int i = 0; i < sole_n; ++i) sole_cards |= bit(sole[i].x) | bit(sole[i].y);
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank) offer(SlotMove::Single, a, 0, s);
        for (uint64_t q = board.partners(a) & fixed & ~(bit(a + 1) - 1); q; q &= q - 1)
            offer(SlotMove::Pair, a, std::countr_zero(q), s);
    }
    board.for_each_overlap_pair(s.removed, fixed, [&](int cover, int covered) { offer(SlotMove::Pair, cover, covered, s); });

    const int f = board.fixed();
    const uint64_t stock_left = board.stock_mask() & ~s.removed;
    const int passes = board.passes();
    uint64_t handled = 0;              // stock cards whose pairs with tableau/reserve cards were offered
    uint64_t offered_with[kMaxSlots];  // stock-stock pairs offered, per lower slot (only bits of `handled` read)
    State at = s;
    uint8_t order[kMaxSlots];  // the row redeal's pass order, rebuilt at each redeal
    if (traits.rows) board.pass_order(at, order);
    for (bool first = true;; first = false) {
        if (!first) {
            if (!traits.rows && at.pos == s.pos && (board.unlimited() || at.pass == s.pass + 1)) break;  // a full cycle
            if (traits.discards && rules.dead_card_stops && has_dead_card(board, at)) break;
            if (!visitor.keep_going(at)) break;
        }
        const uint64_t stockish = traits.rows ? board.rows_playable(at, order) : board.stock_playable(at);
        if (const int i = stockish & sole_cards ? forced_pair(fixed | stockish) : -1; i >= 0) {
            offer(SlotMove::Pair, sole[i].x, sole[i].y, at);  // dominates the rest of the chain
            return;
        }
        for (uint64_t m = stockish; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            if (!(handled & bit(c))) {
                handled |= bit(c);
                offered_with[c] = 0;
                if (board.rank(c) == v.lone_rank) {
                    offer(SlotMove::Single, c, 0, at);
                    if (king_forced(board, traits, rules.forced, c)) return;  // dominates the rest of the chain
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
        if (traits.rows) {
            const int pass = at.pass;
            if (!board.advance(at)) break;
            if (at.pass != pass) {
                handled = 0;
                board.pass_order(at, order);
            }
        } else {
            // A King on top of a face-up stock: drawing it is dominated by
            // removing it, offered above (optimal_walk.cpp).
            if (rules.king_top_stops) {
                const uint64_t ahead = stock_ahead(f, stock_left, at);
                if (ahead && board.rank(std::countr_zero(ahead)) == v.lone_rank) break;
            }
            if (!draw_one_step(f, stock_left, traits.discards, passes, at)) break;
        }
        if (!visitor.step()) break;
    }
}

}  // namespace pyr
