// Sound reductions of the search. Each one is argued here and tested against
// the unpruned brute-force reference (tests/support.h) on many small deals.
#pragma once
#include "engine/board.h"

namespace pyr {

// The cards x could still pair with: in play, of the partner rank, and not
// blocked (beneath x or lying on it; see Board::blocked).
inline uint64_t usable_partners(const Board& b, uint64_t in_play, int x) {
    return in_play & b.partners(x) & ~b.blocked(x);
}

// Dead-card detection: true when the cards the goal needs (the tableau, or
// every card) can no longer all be removed, so the position is lost.
//
// A needed card x that is not removed alone (not a King) needs a partner: a
// card of the partner rank still in play. A partner beneath x cannot become
// playable before x is gone, and x cannot become playable before a partner
// lying on it (directly or not) is gone, so neither can be x's partner; the
// one exception is the overlap rule, under which a card may pair with the
// card it covers directly once it is that card's only cover. Discarded cards
// are out of play for good.
// Each partner serves once, so the needed cards of one rank need *distinct*
// partners: Hall's condition must hold for every set S of them (the cards S
// could pair with number at least |S|). If it fails for either rank of a
// pair of ranks (r, target - r), the goal is unreachable whatever is played.
// (Checking each side is necessary for a win; it is all this test claims.)
// In the final pass, with only waste tops playable, cards of one waste pile
// never pair with each other (see prune.cpp): the row redeal's three piles,
// or the single waste (and the whole stock, when it is face down).
bool has_dead_card(const Board& b, const State& s);
// The same for a position reached by move m from one without a dead card:
// a pair removes one card of each rank of one pair of ranks, and blocking
// never changes, so only that pair of ranks can newly fail (a King changes
// nobody's partners). Falls back to the full check where in-play cards or
// blocking change otherwise (discards; the row redeal's final pass).
bool has_dead_card_after(const Board& b, const State& s, const SlotMove& m);
// Checks only the ranks r and target - r (0: every rank).
// Whether the final pass's single-waste pile blocking applies to s.
bool final_pass_pile(const Board& b, const State& s);
bool has_dead_card_in(const Board& b, const State& s, int only_rank);

// A pair that must be made: a needed card x (not a King) with exactly one
// usable partner y left. Every win removes x, and only with y (partners never
// come back), so making the pair as soon as both are playable loses nothing.
struct SolePair {
    uint8_t x, y;
};
// Fills out[] (room for kMaxSlots) and returns how many.
int sole_pairs(const Board& b, const State& s, SolePair* out);

// Forced moves, for the win/lose searches (not the optimal search, where a
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
// forced. A sole pair (above) is forced under the same conditions: always
// when both cards are tableau/reserve cards, and with a stock or waste card
// only when drawing one at a time onto one waste (or discarding).
//
// Returns the index in moves[0..n) of a forced move, or -1.
int forced_move(const Board& b, const State& s, const SlotMove* moves, int n);

// Whether removing stock/waste cards early is safe (see forced_move).
inline bool stock_removals_commute(const Board& b) {
    return b.variant().wastes <= 1 && b.variant().draw == 1;
}

}  // namespace pyr
