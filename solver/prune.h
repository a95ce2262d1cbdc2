// Sound reductions of the search. Each one is argued here and tested against
// the unpruned brute-force reference (tests/reference.h) on many small deals.
#pragma once
#include "engine/board.h"

namespace pyr {

// Dead-card detection: true when some card the goal needs can never be
// removed, so the position is lost.
//
// A card X that must go (a tableau card; with goal `all`, every card) and is
// not removed alone needs a partner: a card of rank (target - rank X) that is
// still in play. A partner lying beneath X (covered by X, directly or through
// other cards) cannot become playable before X is gone, so it cannot be X's
// partner; the one exception is the overlap rule, under which X may pair with
// a card it covers directly once X is that card's only cover. Discarded
// cards are out of play for good. If X has no partner left, the goal is
// unreachable from this position, whatever is played.
bool has_dead_card(const Board& b, const State& s);

// Forced moves (win/lose search only; not used by the optimal search, where a
// removal may cost a move the goal does not need).
//
// Removing a playable King (the lone rank) never hurts when it sits in the
// tableau or a reserve: it only uncovers cards, and the goal never needs it
// kept. The same holds for a playable stock or waste King when cards are drawn
// one at a time onto a single waste (or discarded): any play that leaves the
// King in place stays legal, move for move, after it is removed, with the
// draw that would have moved the King dropped (the canonical stock boundary
// makes the two positions identical). With draw-three or several wastes the
// King's presence shifts which cards come up together, so there it is not
// forced. So when such a King is playable, it is the only move tried.
//
// Returns the index in moves[0..n) of a forced move, or -1.
int forced_move(const Board& b, const SlotMove* moves, int n);

}  // namespace pyr
