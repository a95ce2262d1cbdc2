// A position as the player sees it mid-game (docs/formats.md, "Positions"):
// the tableau with the places whose cards are gone, the reserve piles, each
// waste pile bottom to top, the stock, the pass, the cards gone from the
// game and (without a waste) the cards discarded. Cards may be unknown (`??`)
// in the stock, the wastes and the discards; the tableau and the reserves
// are face up.
//
// A position is played on a deal laid out for it (make_position): its cards
// in slots such that the packed engine (engine/board.h), started from the
// state below, and the verifier (engine/table.h), holding the piles below,
// play exactly the position -- for every layout: one waste or none, draw
// three, the row redeal's wastes (Apophis, in any pass), reserves. Deal::
// position points here; Board::initial() and Table(deal) begin there, so
// every command that takes a deal takes a position.
#pragma once
#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/variant.h"

namespace pyr {

struct Deal;
class Table;

struct Position {
    // The piles, as slots of the deal (indices into Deal::cards).
    uint64_t tableau_gone = 0;                   // tableau places (= slots) whose card is gone
    std::vector<std::vector<uint8_t>> reserves;  // each reserve pile's cards left, bottom to top
    std::vector<std::vector<uint8_t>> wastes;    // each waste pile, bottom to top
    std::vector<uint8_t> stock;                  // the stock, next card first
    std::vector<uint8_t> discarded;              // discarded cards (layouts without a waste)
    std::vector<uint8_t> gone;                   // cards gone from the game (paired away), tableau's included
    int pass = 1;                                // 1-based, as the verifier counts
    // The same position on the packed board: engine/board.h's State fields.
    uint64_t removed = 0;
    uint8_t pos = 0;
    uint8_t pass_index = 0;
    uint64_t epochs = 0;
};

// One place of a board as read: a card, a card not seen (`??`), or a place
// whose card is gone (`..`, the tableau only).
struct Seen {
    enum Kind : uint8_t { Named, Unknown, Gone };
    Kind kind = Named;
    Card card{};
    static Seen named(Card c) { return {Named, c}; }
    static Seen unknown() { return {Unknown, {}}; }
    static Seen gone() { return {Gone, {}}; }
};

// A board as the player gives it (the text's lines, or a front end's picker).
struct BoardView {
    std::vector<Seen> tableau;                // every place, row by row
    std::vector<std::vector<Seen>> reserves;  // each pile's cards left, bottom to top
    std::vector<std::vector<Seen>> wastes;    // each waste, bottom to top
    std::vector<Seen> stock;                  // next card first
    std::vector<Seen> discarded;              // layouts without a waste
    // The cards gone from the game: std::nullopt when not given (then they
    // are every card not seen, which needs every other card named).
    std::optional<std::vector<Seen>> gone;
    int pass = 1;  // 1-based
};

// The deal that plays `view`: a plain deal (with unknown cards, maybe) when
// the view is the deal's start (nothing gone, pass 1, the waste as dealt),
// else a deal that begins at the position. Throws ParseError naming what is
// wrong: a card named twice, cards missing or too many, `??` in the tableau
// or a reserve, a gone place under a card still there, waste piles or a
// stock that no play reaches, a pass the rules do not have, and gone cards
// not named while other cards are unknown (docs/formats.md says why).
Deal make_position(const Variant& v, const BoardView& view);

// The view of a position as the verifier holds it (cards not seen as `??`,
// every gone card named): make_position of it plays the same position.
BoardView view_of(const Table& t);

// Reads a board as `deal`, `solve` and `verify` print it (docs/formats.md):
// tableau lines (cards, `??`, `..` for a place whose card is gone), then
// labelled lines `reserve N`, `waste` / `waste N`, `stock (N, ...)`,
// `discarded`, `gone`, and `pass N of M`, in any order. nullopt when the
// text is not a board (no such labelled line: a card list, read by
// engine/deal_source.h). Throws ParseError.
std::optional<Deal> read_board(const Variant& v, std::string_view text);

}  // namespace pyr
