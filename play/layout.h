// Where everything sits on the board, in board coordinates (column x, line
// y; the screen adds an offset): the tableau as a pyramid (or triangle), each
// row half a card in from the one below; reserve piles as columns fanned
// downwards; the stock and the waste(s). Drawing, mouse clicks and the arrow
// keys all use this one layout. No terminal code.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/table.h"

namespace pyr::play {

// A place the player can point at.
struct Spot {
    enum Kind : uint8_t { Tableau, Reserve, StockPile, StockTop, Waste };
    Kind kind = Tableau;
    int i = 0, j = 0;  // tableau row/column; reserve pile/index; waste pile/index
    friend bool operator==(const Spot&, const Spot&) = default;
};

struct Cell {
    Spot spot;
    std::optional<Card> card;  // none: a removed tableau card, or the stock pile
    int x = 0, y = 0, w = 0;
    bool playable = false;   // the card is playable (the stock pile: a draw or redeal is possible)
    bool pointable = false;  // the arrow keys may stop here
};

struct Label {
    int x = 0, y = 0;
    std::string text;
};

struct Layout {
    std::vector<Cell> cells;
    std::vector<Label> labels;
    int width = 0, height = 0;
    int card_width = 2;  // columns of a card's name ("QH" 2; "10♠" or "12E" 3)

    const Cell* find(const Spot& s) const;
    const Cell* at(int x, int y) const;  // the cell under a point (mouse)
    // The cell holding this card, if it is drawn.
    const Cell* find_card(Card c) const;
};

// card_width: 3 with suit symbols (tens are "10") or the Spanish deck, else 2.
Layout layout_board(const Table& t, int card_width);

enum class Direction { Left, Right, Up, Down };
// The pointable cell next to `from` in that direction: on the same line for
// left and right, the nearest line above or below (then the nearest column)
// for up and down. `from` itself when there is none.
Spot step(const Layout& l, const Spot& from, Direction d);
// `s` if it is still pointable, else the nearest pointable cell to where it
// was (or to the board's bottom-left when it is gone); `s` when there is none.
Spot settle(const Layout& l, const Spot& s, int x_was, int y_was);

}  // namespace pyr::play
