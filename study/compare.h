// Paired comparisons of two rule sets over the same deals (`pyramid
// compare`, the study report's comparisons, studies with a player): the 2x2
// table of the deals decided in both (won in both a, in the first only b, in
// the second only c, in neither d; a deal intractable in either is excluded),
// the win rates, Newcombe's paired 95% interval of their difference and
// McNemar's exact test. The methods and their references: docs/compare.md.
#pragma once
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/rules.h"
#include "engine/variant.h"
#include "solver/solver.h"
#include "study/records.h"
#include "study/seed.h"
#include "study/study.h"

namespace pyr {

struct PairedCounts {
    uint64_t both = 0, first_only = 0, second_only = 0, neither = 0;
    uint64_t excluded = 0;  // intractable in either (or missing from one): left out of the table
    uint64_t decided() const { return both + first_only + second_only + neither; }
    // One deal's verdicts (Win/Lose/Intractable in each column).
    void add(Verdict first, Verdict second);
};

struct PairedComparison {
    PairedCounts counts;
    std::optional<double> first_rate, second_rate;  // over the deals decided in both; none when there is none
    std::optional<double> difference;               // first_rate - second_rate
    std::optional<Interval> ci95;                   // Newcombe's paired interval of the difference
    double mcnemar_p = 1;                           // exact two-sided; 1 when no deal flips
    double mcnemar_log10_p = 0;                     // its log10 (finite where p underflows to 0)
};

// Two verdict columns over the same deals: first[i] and second[i] are one deal.
PairedCounts paired_counts(const std::vector<Verdict>& first, const std::vector<Verdict>& second);
PairedComparison paired_comparison(const PairedCounts& counts, double z = kZ95);

// McNemar's exact two-sided p value for b and c discordant deals (Boost.Math's
// binomial distribution), and its log10, finite where p underflows to 0.
struct McNemarTest {
    double p = 1, log10_p = 0;
};
McNemarTest mcnemar_exact(uint64_t b, uint64_t c);
// Newcombe's method 10 for the paired 2x2 table a b / c d; nullopt when n = 0.
std::optional<Interval> newcombe_paired_interval(uint64_t a, uint64_t b, uint64_t c, uint64_t d, double z = kZ95);

// A rule set as `compare --a/--b` name it: the preset, then any rules after a
// colon, comma-separated: "msc", "msc:passes=1", "cheops:passes=unlimited,
// overlap=on", "giza:reserves=open", "relaxed:goal=all" (the rule schema's
// keys and values, engine/rules.h: RuleSet::parse). A rule left out matches
// any value. Throws StudyError for an unknown preset or rule or a bad value.
using RuleSetPattern = RuleSet;
RuleSetPattern parse_rule_set_pattern(const std::string& text);
// The whole rule set in that notation is rule_set_name (engine/rules.h).

// Record files read as verdict columns: every rule set met (in the order
// met) and, per rule set, each deal's verdict. Deals are matched by seed (a
// deals file's records by their index, and their deals must then agree).
struct VerdictColumns {
    std::vector<Variant> rule_sets;
    // Per rule set: (seed, verdict), sorted by seed, one per seed (the first read counts).
    std::vector<std::vector<std::pair<Seed, Verdict>>> verdicts;
    uint64_t records = 0, duplicates = 0, torn = 0;
    bool from_deals_file = false;
};
// Throws StudyError naming the file and line (unreadable), or when two
// records of one deals-file index hold different deals.
VerdictColumns read_verdict_columns(const std::vector<std::string>& paths);

// The paired comparison of rule sets `first` and `second` of the columns;
// `flip` (when set) gets each deal decided in both whose verdict differs, in
// seed order, with true when the first rule set won it.
PairedComparison compare_columns(const VerdictColumns& cols, size_t first, size_t second,
                                 const std::function<void(Seed, bool first_won)>& flip = nullptr);

// Whether two rule sets differ in exactly one rule (same preset): the pairs
// the study report compares. `axis` gets the rule's key ("passes", ...).
bool differ_in_one_rule(const Variant& a, const Variant& b, std::string* axis = nullptr);

}  // namespace pyr
