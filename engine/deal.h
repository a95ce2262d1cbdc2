// A deal: the variant plus every card in dealing order, the compact string's
// order: the tableau row by row (first row first, left to right), then the
// reserve piles (pile 1 bottom to top, pile 2, ...), then the stock in the
// order its cards come off it (cards dealt to the waste at the start first).
//
// A deal may leave cards unknown (`??`, docs/formats.md): `unknown` marks
// their slots, each of which holds one of the cards not named anywhere, in
// card order -- a placeholder that says nothing of the true order, so that
// the rules (engine/board.h, engine/table.h) run on it unchanged. Nothing
// that depends on the order of the unknown cards may be answered from such
// a deal as if it were known: api/ answers with the odds over every order
// (solver/nopeek.h). And a deal may begin mid-game: `position`
// (engine/position.h) is then where play begins, laid out on the deal's
// slots.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/position.h"
#include "engine/variant.h"

namespace pyr {

struct Deal {
    Variant variant;
    std::vector<Card> cards;
    uint64_t unknown = 0;                      // slots whose card was not seen (they hold placeholders, see above)
    std::shared_ptr<const Position> position;  // null: play begins at the deal's start

    int tableau_size() const { return variant.tableau_size(); }
    int fixed_size() const { return variant.fixed_size(); }
    int stock_size() const { return static_cast<int>(cards.size()) - variant.fixed_size(); }
    DeckKind deck() const { return variant.deck; }
    bool has_unknown() const { return unknown != 0; }
    bool unknown_at(int slot) const { return (unknown >> slot) & 1; }
};

// Checks the cards against the variant and builds the deal. With full_deck,
// every card of the deck must appear exactly once; without it (small test
// layouts) any set of distinct cards covering the tableau and reserves will do.
// Throws ParseError naming the problem (duplicate card, missing cards, too many).
Deal make_deal(const Variant& v, std::vector<Card> cards, bool full_deck = true);
// The same with cards not seen (std::nullopt, `??`): every card of the deck
// named at most once, as many `??` as cards not named, and only in the stock
// (the tableau and the reserve piles are dealt face up). The unknown slots
// get the cards not named as placeholders (fill_placeholders).
Deal make_seen_deal(const Variant& v, const std::vector<SeenCard>& cards);
// Parses the compact string (separators optional; `??` for a card not seen)
// and calls make_seen_deal (make_deal without full_deck).
Deal parse_deal(const Variant& v, std::string_view text, bool full_deck = true);

// Puts the cards held in the unknown slots back in card order, in increasing
// slot order: the one placeholder layout for a set of unknown cards.
void fill_placeholders(Deal& d);
// The cards in the unknown slots (their set: nothing of their order), by card index.
std::vector<Card> unknown_cards(const Deal& d);
// The deal with the card at an unknown slot named: `card` must be one of the
// unknown cards. Throws ParseError otherwise (naming the problem).
Deal reveal(const Deal& d, int slot, Card card);

// All cards in dealing order, no separators: "JD2D9H...", `??` in the unknown
// slots. For a deal that begins at a position, the cards as laid out on its
// slots (an identity for caches and seeds, not a deal to read back: the
// position's text is docs/formats.md's board).
std::string compact(const Deal& d);
// What makes two deals the same game from where they begin: the compact
// string, and for a position where it begins (for caches).
std::string identity(const Deal& d);

}  // namespace pyr
