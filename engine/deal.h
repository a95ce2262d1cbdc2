// A deal: the variant plus every card in dealing order, the compact string's
// order: the tableau row by row (first row first, left to right), then the
// reserve piles (pile 1 bottom to top, pile 2, ...), then the stock in the
// order its cards come off it (cards dealt to the waste at the start first).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/variant.h"

namespace pyr {

struct Deal {
    Variant variant;
    std::vector<Card> cards;

    int tableau_size() const { return variant.tableau_size(); }
    int fixed_size() const { return variant.fixed_size(); }
    int stock_size() const { return static_cast<int>(cards.size()) - variant.fixed_size(); }
    DeckKind deck() const { return variant.deck; }
};

// Checks the cards against the variant and builds the deal. With full_deck,
// every card of the deck must appear exactly once; without it (small test
// layouts) any set of distinct cards covering the tableau and reserves will do.
// Throws ParseError naming the problem (duplicate card, missing cards, too many).
Deal make_deal(const Variant& v, std::vector<Card> cards, bool full_deck = true);
// Parses the compact string (separators optional) and calls make_deal.
Deal parse_deal(const Variant& v, std::string_view text, bool full_deck = true);

// All cards in dealing order, no separators: "JD2D9H...".
std::string compact(const Deal& d);

}  // namespace pyr
