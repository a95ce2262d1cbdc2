// Formatters of paired comparisons: `pyramid compare` (two rule sets) and
// `pyramid compare-players` (two players, per rule set): text, JSON, CSV.
#pragma once
#include <map>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "engine/json.h"
#include "study/compare.h"

namespace pyr {

// The one JSON of a paired comparison (issue 37, item 6), every key of
// `compare`'s and `compare-players`' objects and of a player study's
// `paired`, so each documented name works everywhere: deals (decided), both,
// FIRST_only, SECOND_only (`first_only`, or `thoughtful_only` and
// `player_only` in a player study's summary), neither, excluded,
// first_win_rate and first_rate (the same), second_win_rate and second_rate,
// difference, ci95_low, ci95_high, ci_method, mcnemar_p, mcnemar_log10_p, test.
json::object paired_json(const PairedComparison& p, const std::string& first = "first",
                         const std::string& second = "second");

// One comparison with the two rule sets it compares.
struct NamedComparison {
    Variant first, second;
    PairedComparison result;
    std::vector<std::pair<Seed, bool>> flips;  // with --list: (seed, won by the first), in seed order
    bool listed = false;
};

// The JSON object (keys: first, second, deals, both, first_only, second_only,
// neither, excluded, first_win_rate, second_win_rate, difference, ci95_low,
// ci95_high, ci_method, mcnemar_p, test; flips with --list).
json::object comparison_json(const NamedComparison& c);
// A header line and one row (the columns of the JSON object, flips aside).
std::string comparison_csv_header();
std::string comparison_csv_row(const NamedComparison& c);
// A few lines for people.
void print_comparison_text(std::ostream& out, const NamedComparison& c);
// `compare`'s whole output in `format` (text, json or csv): the comparison,
// or with --list the deals that flip, one a line in seed order ("SEED
// first|second"; CSV with a header).
void print_comparison(std::ostream& out, const NamedComparison& c, const std::string& format);

// `compare-players`: per rule set (as rule_set_name writes it), the paired
// counts of the deals both players were given; format text (a table) or json
// ({"comparisons": [{rule_set, first, second, deals, both, first_only,
// second_only, neither, excluded, first_rate, second_rate, difference,
// ci95_low, ci95_high, mcnemar_p}]}).
void print_player_comparisons(std::ostream& out, const std::string& first, const std::string& second,
                              const std::map<std::string, PairedCounts>& per_rule_set, const std::string& format);

// "0.0123", "4.56e-07", "2.00e-357" (from its log10 below a double's range): a p value as printed.
std::string p_value_text(double p, double log10_p);
// "+1.23 points (95% CI +0.50 to +1.96)"
std::string difference_text(const PairedComparison& r);

}  // namespace pyr
