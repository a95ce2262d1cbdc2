// `solve --format html`: one page that draws the deal as players know it and
// steps through the game: previous/next buttons and the arrow keys (Home and
// End too), a move counter, the move named in words, the cards of the next
// move highlighted, and the whole move list (each move a link to its step).
//
// Step k shows the position after k moves, with the cards of move k + 1
// marked; the last step shows where the line ends (for a win, the empty
// pyramid). Moves already played (--moves) come first, marked as played, and
// the page opens at the position they reach. The address fragment
// "#step=K" opens step K; "#selftest" presses the keys and buttons through
// the whole game and writes what it saw into <pre id="selftest"> (the
// Chromium test reads it).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"

namespace pyr {

struct SolutionPage {
    Deal deal;
    std::string seed;          // as typed, when the deal came from --seed
    std::vector<Move> played;  // --moves: played before the solve
    std::vector<Move> moves;   // the line to step through from there
    std::string verdict;       // win, lose, intractable
    std::string line_name;     // what `moves` is: "shortest solution", "solution", "best score line"
    std::string notes;         // one more line of facts (states searched, time)
};

// The whole page. Every move must be legal (replayed by the verifier here;
// throws std::logic_error otherwise).
std::string solution_html(const SolutionPage& p);

}  // namespace pyr
