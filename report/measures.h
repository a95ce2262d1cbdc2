// A deal's difficulty measures (solver/measures.h) as `solve --measures`
// shows them: the JSON object of `solve --format json` (and of the page and
// Python), and the lines of its text.
#pragma once
#include <optional>
#include <ostream>
#include <string>

#include "engine/json.h"
#include "engine/variant.h"
#include "report/board_text.h"
#include "solver/measures.h"

namespace pyr {

// The measures as JSON: complete, shortest, shortest_solution,
// winning_first_moves, legal_first_moves, critical_positions ([{after,
// legal}]), critical_count, crossroads, casual_wins, casual_plays,
// difficulty, grade (null where the rule set has no thresholds, for a
// position after played moves, or when incomplete), grade_note (why not
// graded, else null), from_move (moves played before the measured position;
// 0: the deal's start), states, solves.
json::object measures_json(const Variant& v, const DealMeasures& m, const std::optional<Grade>& grade);
// Why measures have no grade, in words ("not graded: ...").
std::string ungraded_text(const Variant& v, const DealMeasures& m);

// The measures for people, as `solve --measures` prints them after the
// solution: `budget` says why a search stopped early ("--max-states N
// reached").
void print_measures(std::ostream& out, const Variant& v, const DealMeasures& m, const std::optional<Grade>& grade,
                    const std::string& budget, const TextStyle& style);

}  // namespace pyr
