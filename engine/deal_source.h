// Where deals come from. Every source ends in the same Deal (cards in the
// compact string's order), so the rest of the program never knows which.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/deal.h"

namespace pyr {

// PySolFC's deal number N ("123", "ms24") of the variant's PySolFC game
// (Variant::pysol_game): the cards as PySolFC deals them, laid out in the
// compact order. Throws std::invalid_argument on a bad number.
Deal deal_from_seed(const Variant& v, std::string_view number);

// The one deal reader: `--deal`, `--deal-file`, every line of a deals file,
// and whatever the program prints as a board (pasted back). Cards are read in
// order, line after line (separators optional: "QHKS", "Q♥ K♠", "10♠"):
//  - blank lines and lines starting with '#' are skipped;
//  - terminal colour codes (ESC [ ... m) are dropped;
//  - a line's label, the text up to its first ':' ("stock (23, next card
//    first):", "msc: Microsoft ..."), is skipped; a labelled line whose first
//    word after the label is not a card ("(empty)", a title) is a header and
//    skipped whole;
//  - once the deck is complete, the first word that is not a card ends the
//    deal: the rest of that line ("win 45") and every later line (a verdict,
//    a move list) are ignored.
// Any other word that is not a card is an error naming it. `??` is a card
// not seen (std::nullopt). Throws ParseError.
std::vector<SeenCard> read_seen_deal_cards(DeckKind d, std::string_view text);
// The same where every card must be named (a deals file: a study needs whole deals).
std::vector<Card> read_deal_cards(DeckKind d, std::string_view text);
// A board (engine/position.h read_board: a deal as printed, or a position
// mid-game), else read_seen_deal_cards and make_seen_deal (every card of the
// deck exactly once, `??` for the stock cards not seen).
Deal deal_from_text(const Variant& v, std::string_view text);

// PySolFC's dealing order of a game mapped to the compact order. Most games
// deal the tableau first and the rest is stock (or waste, then stock), which is
// already the compact order; Giza deals its reserves first, round-robin.
std::vector<Card> layout_from_dealing_order(const Variant& v, const std::vector<Card>& dealt);

}  // namespace pyr
