// A move in card terms, as players and scripts write it:
//   draw | redeal | KS (a King removed alone) | QH+AS (a pair removed)
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"

namespace pyr {

struct Move {
    enum Kind : uint8_t { Draw, Redeal, Single, Pair };
    Kind kind = Draw;
    Card a{}, b{};  // Single: a. Pair: a and b (written higher rank first).
    friend bool operator==(const Move&, const Move&) = default;

    static Move draw() { return Move{Draw, {}, {}}; }
    static Move redeal() { return Move{Redeal, {}, {}}; }
    static Move single(Card c) { return Move{Single, c, {}}; }
    static Move pair(Card x, Card y);  // normalises the order of the two cards
};

std::string move_text(const Move& m, DeckKind d);
std::string moves_text(const std::vector<Move>& ms, DeckKind d);  // space-separated
// Throws ParseError naming the bad token.
Move parse_move(std::string_view token, DeckKind d);
// Moves separated by spaces, commas or newlines.
std::vector<Move> parse_moves(std::string_view text, DeckKind d);

}  // namespace pyr
