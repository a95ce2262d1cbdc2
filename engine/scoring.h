// The scoring table of challenges (solver/challenge.h): points for each
// removal and a bonus for each tableau row cleared, counted from the row
// played first (the bottom row of a pyramid, the one-card row of a triangle)
// to the last. Microsoft Solitaire Collection's is the default for every
// preset: 5 points a removal (a pair or a King, from anywhere), and 25, 50,
// 75, 100, 150, 250, 500 for the rows from the bottom up (the top row's 500
// is the board clear): at most 28 * 5 + 1,150 = 1,290 in a 7-row game.
//
// The verifier's side: tally_line replays a line in engine/table.h (which
// shares no code with the packed rules) and counts what it scored, so every
// challenge answer is checked by the independent verifier.
#pragma once
#include <array>
#include <optional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"
#include "engine/table.h"

namespace pyr {

struct Scoring {
    int per_removal = 5;
    // Bonus for clearing a tableau row, from the row played first up (index
    // 0: the last row dealt). Rows beyond the table's length score nothing.
    std::vector<int> row_bonus{25, 50, 75, 100, 150, 250, 500};

    // The bonus of tableau row r (0 = the first row dealt, at the top).
    int bonus_of_row(const Variant& v, int r) const {
        const int k = v.rows - 1 - r;
        return k >= 0 && k < static_cast<int>(row_bonus.size()) ? row_bonus[static_cast<size_t>(k)] : 0;
    }
    friend bool operator==(const Scoring&, const Scoring&) = default;
};

inline Scoring msc_scoring() { return Scoring{}; }

// Cards in tableau row r (row 0 dealt first).
inline int tableau_row_width(const Variant& v, int r) { return v.shape == TableauShape::Pyramid ? r + 1 : v.rows - r; }

// What a line scored, counted by the verifier.
struct LineTally {
    int steps = 0;                  // moves: every draw, redeal and removal
    int removals = 0;               // Kings and pairs removed
    int score = 0;                  // per_removal * removals + the cleared rows' bonuses
    std::array<int, 14> removed{};  // cards removed, by rank
    bool cleared = false;           // every tableau card removed
    bool won = false;               // the variant's goal reached (the game is over)
    // The game has ended at the final position: won; or, with a finite pass
    // count, no move left (the stock run through its last pass); or, with
    // unlimited passes, no removal can ever be made again (only draws and
    // redeals are left, and they go round).
    bool ended = false;
};

// Replays `moves` from the deal in the verifier and tallies them (on a deal
// that begins at a position, the cards gone before it count as removed: the
// tally is the deal's, as the challenge searches count it). On an illegal
// move returns "move N (TEXT): why" (replay's message).
std::optional<std::string> tally_line(const Deal& deal, const std::vector<Move>& moves, const Scoring& scoring,
                                      LineTally* out);

// Whether the game is over at this verifier position (LineTally::ended).
bool game_ended(const Table& t);

}  // namespace pyr
