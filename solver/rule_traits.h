// Every per-rule decision of the searches, in one place: a RuleTraits value is
// computed once per board (per search) and read by every search, so a rule
// that applies to some variants only is decided here and nowhere else.
#pragma once
#include "engine/board.h"

namespace pyr {

// Removing stock or waste cards early is safe (a forced King or sole pair in
// the stock commutes with the draws) when cards are drawn one at a time onto
// at most one waste: see forced_move (prune.h).
inline bool stock_removals_commute(const Variant& v) { return v.wastes <= 1 && v.draw == 1; }
inline bool stock_removals_commute(const Board& b) { return stock_removals_commute(b.variant()); }

// The walk search (memo keyed by the chain, solver/walk.cpp) applies when the
// draws between removals are deterministic and one-card: draw-one onto at most
// one waste, and the row redeal (whose chain key holds the stock order).
inline bool walk_applies(const Board& b) {
    const Variant& v = b.variant();
    return (v.draw == 1 && v.wastes <= 1) || b.rows_redeal();
}

// The draw-N walk (solver/walk.cpp, chain_walk.h walk_chain_draw_n): N > 1
// cards drawn at a time onto one waste whose top card alone is playable,
// from a face-down stock (Tut's Tomb). Its memo holds a boundary for each of
// the N - 1 lanes in 12 bits beside the cycle's (6 bits with unlimited
// passes): N at most kMaxDrawWalk, as the variants allow (1 to 3).
inline constexpr int kMaxDrawWalk = 3;
inline bool draw_walk_applies(const Board& b) {
    const Variant& v = b.variant();
    return !b.rows_redeal() && v.draw > 1 && v.draw <= kMaxDrawWalk && v.wastes == 1 && v.waste_playable == 1 &&
           !v.stock_top_playable;
}

// One waste, only its top playable, a finite pass count: in the last pass no
// two waste cards can ever pair (see has_dead_card, prune.h).
inline bool final_pass_pile_rule(const Board& b) {
    const Variant& v = b.variant();
    return v.wastes == 1 && v.waste_playable == 1 && !b.unlimited();
}

struct RuleTraits {
    explicit RuleTraits(const Board& b)
        : walk(walk_applies(b)),
          draw_walk(draw_walk_applies(b)),
          rows(b.rows_redeal()),
          stock_removals_commute(pyr::stock_removals_commute(b)),
          discards(b.variant().discards()),
          pass_dominance(!b.unlimited() && !b.rows_redeal()),
          final_pass_pile(final_pass_pile_rule(b)),
          king_top_stops(stock_removals_commute && b.variant().stock_top_playable && !discards),
          optimal_walk(walk && !rows),
          free_stock(b.stock_size() > 0) {}

    bool walk;                    // the walk search applies (else the positions search)
    bool draw_walk;               // ... in its draw-N form (walk.cpp; `walk` is draw-one or the row redeal)
    bool rows;                    // the row redeal (Apophis)
    bool stock_removals_commute;  // forced Kings and sole pairs may use stock and waste cards
    bool discards;                // drawn cards leave play (no waste)
    // Positions search: a position with more passes left dominates the same one
    // with fewer (not with the row redeal, whose stock order depends on the pass).
    bool pass_dominance;
    bool final_pass_pile;  // final_pass_pile_rule: pile blocking in the last pass
    // Optimal walk: the walk stops at a King on top of a face-up stock
    // (optimal_walk.cpp); needs draw-one onto one waste and no discards.
    bool king_top_stops;
    // Shortest solutions with draws folded into removals (optimal_walk.cpp):
    // the walk's layouts, but not the row redeal (its draws are not in slot order).
    bool optimal_walk;
    // The walk search asks the free-stock relaxation (solver/free_stock.h):
    // layouts with a stock. With none (giza: 28 tableau cards and 24 reserve
    // cards, every card dealt face up) the relaxed game is the whole game,
    // searched without the dead-card check, only to give up or repeat what
    // the search proves (its cost: bench/solver-notes.md).
    bool free_stock;
};

}  // namespace pyr
