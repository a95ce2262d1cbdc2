// The board and moves as text for people (`solve`, `deal`, `verify` in text
// format). Whatever is printed as a deal can be pasted back into --deal-file:
// the cards come in the compact string's order (tableau rows, reserve piles,
// then waste and stock in the order they come off the stock), and every other
// word sits on a header or label line the deal reader skips. Moves are
// written in the move notation (draw, redeal, KS, QH+AS), with suit symbols
// when the style asks for them; the moves parser reads both.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/move.h"
#include "engine/table.h"

namespace pyr {

struct TextStyle {
    bool unicode = false;  // tens as "10" and suit symbols (card_display)
    bool colour = false;   // red suits in red (ANSI escapes; only for a terminal)
};

// One card / one move as people read it in this style.
std::string card_people(Card c, DeckKind d, const TextStyle& style);
std::string move_people(const Move& m, DeckKind d, const TextStyle& style);
// The screen width of card_people's text (escapes and UTF-8 bytes aside).
int card_people_width(Card c, DeckKind d, const TextStyle& style);

// The position drawn: tableau (pyramid or triangle, each row half a card in
// from the one below), reserves, waste(s), stock, discards, the pass.
std::string board_text(const Table& t, const TextStyle& style);

// An engine message ("QH is not playable") with every card written in this
// style ("Q♥ is not playable"): the words that are exactly a card's compact
// text, as the engine writes them.
std::string cards_in_message(std::string_view message, DeckKind d, const TextStyle& style);

}  // namespace pyr
