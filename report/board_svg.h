// The board drawn as players know it, in SVG: cards with rank and suit
// symbol (red and black), the pyramid (or triangle) with each row
// overlapping the one above, stock and waste(s) beside it, Giza's reserve
// piles below. Used by `deal --format svg` and by the solution page.
//
// Suit symbols are drawn as paths (no font needed); each card face is
// defined once (<symbol id="card-QH">) and placed with <use>, so a page with
// a hundred positions stays small. Every card placed carries its place in a
// class (tableau, reserve, waste, stock) and data-card="QH", for tests and
// for the page's script.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"
#include "engine/table.h"
#include "report/svg.h"

namespace pyr {

// What a step of the solution page points at: the cards of the next move, or
// the stock (a draw) or the wastes (a redeal).
struct BoardHighlight {
    std::vector<Card> cards;
    bool stock = false;
    bool wastes = false;
};
// The highlight for a move about to be played.
BoardHighlight highlight_of(const Move& m);

// The layout of one variant's board; positions never depend on the state, so
// stepping through a game moves nothing but the cards that change.
class BoardPicture {
public:
    // `narrow`: the stock and waste(s) in a row below the tableau instead of
    // a column beside it (the web page on a phone); same cards, same marks.
    explicit BoardPicture(const Variant& v, bool narrow = false);
    double width() const { return width_; }
    double height() const { return height_; }

    // <defs>: suit symbols, card faces of the deck, the card back. Once per
    // picture or page.
    void defs(svg::Document& d) const;
    // One position, at the picture's origin.
    void draw(svg::Document& d, const Table& t, const BoardHighlight& h = {}) const;

private:
    struct Pos {
        double x, y;
    };
    struct Pile {
        double x, y, width;
    };
    Pos tableau_pos(int r, int c) const;
    // The stock (k = 0), then each waste (or the discards) k = 1, 2, ...
    Pos side_pos(int k) const;
    // Stock, waste(s) or discards: the column beside the tableau.
    using PutCard = std::function<void(Card, double, double, const std::string&, bool)>;
    void draw_side(svg::Document& d, const Table& t, const BoardHighlight& h, const PutCard& put,
                   std::vector<Pile>& marked_piles) const;
    Variant v_;
    double width_ = 0, height_ = 0;
    bool narrow_ = false;
    double side_x_ = 0;     // stock and waste column (narrow: their row's y)
    double reserve_y_ = 0;  // reserve piles row
};

// `deal --format svg`: the deal as one standalone SVG picture, with a caption.
std::string deal_svg(const Deal& deal, const std::string& caption);

}  // namespace pyr
