// `pyramid generate`'s deal pack (study/generate.h) as JSON, CSV or text.
#pragma once
#include <ostream>
#include <string>

#include "study/generate.h"

namespace pyr {

// format "json": one object (variant, passes, goal, overlap, pysol_game,
// grade, thresholds, from_seed, seeds_looked, interrupted, deals: [{seed,
// deal, shortest, winning_first_moves, legal_first_moves, critical_positions,
// crossroads, casual_wins, casual_plays, difficulty, grade}]); "csv": a
// header and a row a deal; "text": the rules, the grade's range and a table.
void print_generated(std::ostream& out, const GenerateRequest& request, const GenerateResult& result,
                     const std::string& format);

}  // namespace pyr
