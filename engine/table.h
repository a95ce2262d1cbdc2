// The independent verifier: a position held as explicit piles of cards, with
// the rules written plainly from the Variant. It shares no code with the
// solver's packed state (engine/board.h), so replaying a solution here checks
// the solver. Tests also use it as the slow brute-force reference.
#pragma once
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"

namespace pyr {

class Table {
public:
    // The deal's start, or its position (Deal::position) when it begins mid-game.
    explicit Table(const Deal& deal);

    const Variant& variant() const { return v_; }
    // Applies a move if legal; otherwise leaves the position unchanged and
    // returns why the move is illegal.
    std::optional<std::string> apply(const Move& m);
    // Every legal move (unordered, duplicates-free).
    std::vector<Move> legal_moves() const;
    // The playable cards: exposed tableau and reserve cards, the stock's top
    // when it is face up, the playable waste cards (for marking them on screen).
    std::vector<Card> playable() const;
    bool won() const;
    // Cards of the tableau still in place (the classic score).
    int tableau_left() const;
    // The whole position as a string (equal strings = equal positions).
    std::string key() const;

    // Explicit piles (read-only views for printing and tests).
    const std::vector<std::vector<std::optional<Card>>>& tableau() const { return tableau_; }
    const std::vector<std::vector<Card>>& reserves() const { return reserves_; }
    const std::vector<Card>& stock() const { return stock_; }                 // back() is the next card
    const std::vector<std::vector<Card>>& wastes() const { return wastes_; }  // back() is the top
    int pass() const { return pass_; }                                        // 1-based
    bool has_stock() const { return has_stock_; }  // the deal has a stock (a giza deal has none)
    int discarded() const { return static_cast<int>(discards_.size()); }
    const std::vector<Card>& discards() const { return discards_; }  // in the order discarded
    // The deal's cards in no pile and not discarded: paired away, by card index.
    std::vector<Card> gone() const;
    // Whether the card is one the player has not seen (Deal::unknown: the
    // card a `??` slot holds stands for any of the cards not seen).
    bool unseen(Card c) const { return (unseen_ >> card_index(c, v_.deck)) & 1; }
    bool any_unseen() const { return unseen_ != 0; }
    // Where the cards not seen lie: "stock card K" (K counted from the next
    // card), "waste card K" or, with several wastes, "waste W card K" (K from
    // the bottom), "discarded card K"; in that order. `card` is what the
    // place holds in its stead (a placeholder: never print it).
    struct UnseenPlace {
        std::string name;
        Card card;
        bool playable = false;
    };
    std::vector<UnseenPlace> unseen_places() const;

private:
    enum class Where { None, Tableau, Reserve, StockTop, Waste };
    struct Loc {
        Where where = Where::None;
        int i = 0, j = 0;  // tableau row/col, reserve pile/index, waste pile/index
    };
    Loc find(Card c) const;
    bool covered_tableau(int r, int c) const;  // some card overlapping (r, c) is still there
    bool playable(const Loc& l) const;
    std::vector<std::pair<Card, Loc>> playable_cards() const;
    // The single card still overlapping tableau (r, c), if exactly one remains.
    std::optional<std::pair<int, int>> sole_cover(int r, int c) const;
    void take(const Loc& l);
    void deal_to_wastes();
    void redeal();  // the wastes back onto the stock, in the variant's RedealOrder
    bool can_redeal() const;

    Variant v_;
    std::vector<std::vector<std::optional<Card>>> tableau_;
    std::vector<std::vector<Card>> reserves_;
    std::vector<Card> stock_;
    std::vector<std::vector<Card>> wastes_;
    bool has_stock_ = false;
    std::vector<Card> discards_;
    int pass_ = 1;
    uint64_t cards_ = 0;   // the deal's cards (by card index)
    uint64_t unseen_ = 0;  // those in its unknown slots
};

// How a message names the move at `index` (counted from 0) of a list of
// moves: "move N (TEXT)", N counted from 1.
std::string move_label(size_t index, const Move& m, DeckKind d);

// What a move after the goal is. GameOver: illegal, the game ended at the
// goal (a line of play checked as a whole: verify, a solution). PlayOn: the
// rules decide it as anywhere else (the position a list of moves reaches:
// solve --moves, the page, play).
enum class AfterGoal { GameOver, PlayOn };

// The verifier's replay of a list of moves from the deal's start: the one
// place that plays a list of moves and names the first illegal one.
struct Replay {
    Table table;                       // the position reached: after the last move, or before the first illegal one
    size_t played = 0;                 // moves played: all of them, or those before the first illegal one
    std::optional<std::string> error;  // the first illegal move: "move N (TEXT): why"
    bool legal() const { return !error; }
    bool won() const { return table.won(); }  // the goal reached at `table`
};
// `each`, when given, is called with the deal's start and with the position
// after each move played.
Replay replay(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal = AfterGoal::GameOver,
              const std::function<void(const Table&)>& each = {});

}  // namespace pyr
