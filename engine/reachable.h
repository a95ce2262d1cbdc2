// Whether some order of legal moves reaches a position (docs/formats.md,
// "Positions"): the check make_position runs on every board it reads, so that
// a position no play reaches is refused instead of solved (issue 38, item 1).
//
// The cards gone from the game went in removals the rules allow: a card of
// the lone rank alone (the King), two cards whose ranks sum to the target.
// Which card lay at each gone place is not seen, so the question splits in
// two, with no card identity in the second:
//  - the ranks: the gone cards split into singles and pairs (the number of
//    pairs they need is fixed by their ranks: gone_pairs_needed);
//  - the places: the gone tableau places (each uncovered when it goes, or
//    under the overlap rule paired with its one remaining cover), the gone
//    reserve cards (each a pile's top when it goes, or any card with open
//    reserves) and the gone stock cards can be removed in an order with that
//    many pairs (max_gone_pairs). A pair can always be split into two
//    singles played one after the other, so the pairs possible are every
//    number up to a maximum.
// The stock's cards gone: the board does not say where in the stock they
// lay, so each was played when the rules showed it (the stock's top or a
// waste's top), at any moment the tableau was in; two of them pair only when
// the rules show two stock cards at once (the stock's top beside the waste's,
// two waste cards playable, several wastes). That is exact for one waste
// dealt one card at a time (every preset but tuts-tomb and apophis); with
// three cards drawn at once or the row redeal it allows what the flexible
// order allows, so it may accept a position that the stock's order rules
// out, never refuse one that play reaches.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.h"
#include "engine/variant.h"

namespace pyr {

// The gone places of a position.
struct GonePlaces {
    uint64_t tableau = 0;           // tableau places gone (bit i: place i, row by row)
    std::vector<int> reserve_gone;  // per reserve pile, how many of its cards are gone
    int stock_gone = 0;             // stock cards gone (paired away or removed alone)
};

// The most pairs among any order of removals that takes every gone place
// (each removal legal when it is made); -1 when no order takes them all
// (stock cards gone in a game that never plays one).
int max_gone_pairs(const Variant& v, const GonePlaces& g);

// The ranks of the gone cards: `named` per rank (index = rank, 0 unused) the
// gone cards named; `pool` per rank the cards not seen that may be gone or
// discarded (a layout without a waste, when discards are not named), and
// `count` how many are gone in all (the named ones and `count - sum(named)`
// of the pool). The fewest pairs the gone cards can have been removed in,
// or a sentence saying why no removals take them.
struct PairsNeeded {
    int pairs = 0;
    std::string problem;  // empty when the ranks split into removals
};
PairsNeeded gone_pairs_needed(const Variant& v, const std::vector<int>& named, const std::vector<int>& pool, int count);

// Throws ParseError naming the problem when no play reaches a position with
// these gone places and gone cards (as above).
void check_reachable(const Variant& v, const GonePlaces& g, const std::vector<int>& named, const std::vector<int>& pool,
                     int count);

}  // namespace pyr
