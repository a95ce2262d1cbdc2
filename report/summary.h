// Formatters of a study's summary (`pyramid stats`): the text table, the CSV
// rows and the JSON object. Every output format of the program lives in
// report/; the CLI picks one.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "engine/json.h"
#include "report/format.h"
#include "study/runner.h"
#include "study/summary.h"

namespace pyr {

// The summary object of one rule set in `pyramid stats --format json` (see README).
json::object summary_json(const StudySummary& s, bool with_moves);

// A --challenge study's distributions (StudySummary::challenge): the
// "challenge" object of a summary in JSON.
json::object challenge_summary_json(const ChallengeSummary& c);

// The text table; `source` names the deals ("seeds 1-100").
// `notes`: lines after the header (the program that made it, its command line).
void print_summary_text(std::ostream& out, const std::string& source, const StudyRun& run,
                        const std::vector<StudySummary>& sums, bool optimal,
                        const std::vector<std::string>& notes = {});
// A header and one CSV row per rule set.
void print_summary_csv(std::ostream& out, const std::vector<StudySummary>& sums, bool optimal);

}  // namespace pyr
