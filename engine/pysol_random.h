// PySolFC deal generator: reproduces the order in which PySolFC deals a
// shuffled deck for a given deal number ("game number" in PySolFC).
//
// Two generators, chosen as PySolFC's pysollib/pysolrandom.py chooses them:
//  - deal numbers 1..31999 and any "msN" (N up to 2^33-1): the Microsoft
//    FreeCell linear congruential generator (PySolFC's LCRandom31);
//  - deal numbers >= 32000: Python's random.Random(N) (MT19937 seeded by
//    init_by_array), as used by PySolFC's MTRandom.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace pyr {

// A PySolFC deal number as typed by a player: "1".."99999999999999999999"
// (1 to 10^20-1) or "ms1".."ms8589934591" (case-insensitive "ms" prefix).
struct PysolDealNumber {
    unsigned __int128 value = 0;  // N
    bool ms = false;              // typed with the "ms" prefix
    std::string text() const;     // canonical text, e.g. "123" or "ms24"
};

// Throws std::invalid_argument with a one-line message naming the problem
// (empty, not a number, 0, negative, too large, bad ms number) on bad input.
PysolDealNumber parse_pysol_deal_number(std::string_view s);

// The deck of `deck_size` cards (52 or 48) shuffled as PySolFC shuffles it for
// this deal number, returned in DEALING order: element 0 is the first card
// dealt.
// Card ids: for 52 cards, id = suit*13 + rank0 with PySolFC's suit order
// C=0, S=1, H=2, D=3 and rank0 = 0 for Ace .. 12 for King. For 48 cards
// (Spanish deck, which PySolFC lacks): id = suit*12 + rank0, rank0 0..11,
// suits in order 0..3.
// Throws std::invalid_argument for any other deck size or a zero deal number.
std::vector<int> pysol_deal_order(const PysolDealNumber& n, int deck_size);

}  // namespace pyr
