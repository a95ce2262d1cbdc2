// `pyramid report`: one self-contained HTML page about a study (record files
// of `pyramid stats`), with inline SVG charts drawn by report/svg.h:
//   - the study: rule sets, deals, when and how it ran;
//   - win rate per rule set: points with their 95% Wilson intervals, grouped
//     by variant so the other rules (passes, goal, overlap, reserves) read
//     left to right inside each group;
//   - solution lengths: a histogram per rule set, labelled as minimum
//     lengths only when the study ran --optimal;
//   - search effort: states per deal on a log scale, split by verdict, and
//     the ten hardest deals with their seeds;
//   - the summary table: the numbers of `stats --format text`.
//
// The page is built from the records as they stream past (memory does not
// grow with the number of deals: states are counted in log bins, and only
// the ten hardest deals are kept).
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "engine/variant.h"
#include "solver/solver.h"
#include "study/compare.h"
#include "study/merge.h"
#include "study/records.h"
#include "study/seed.h"

namespace pyr {

// One row of the summary table: the figures `stats --format text` prints
// for a rule set (filled from the study's own summary).
struct ReportSummaryRow {
    uint64_t deals = 0, wins = 0, losses = 0, intractable = 0;
    std::string win_rate, ci95;  // as `stats` prints them ("12.34%", "10.00% - 14.00%"), "-" when none
    double win_rate_value = -1, ci_low = 0, ci_high = 0;  // for the chart; win_rate_value < 0: none
    uint64_t states_total = 0, states_max = 0;
    double states_mean = 0, deals_per_second = 0;
    uint64_t won_with_length = 0;
    double moves_mean = 0, moves_median = 0;
    int moves_min = 0, moves_max = 0;
};

// A paired comparison of two rule sets that differ in one rule (study/compare.h).
struct ReportComparison {
    size_t first = 0, second = 0;  // rule sets
    std::string axis;              // the rule they differ in
    PairedComparison result;
};

class StudyReport {
public:
    // `rule_sets` in the study's order; `optimal`: the study ran --optimal,
    // so a win's length is a proved minimum.
    StudyReport(std::vector<Variant> rule_sets, bool optimal);

    // A record of the study (its combo indexes `rule_sets`); a --measures
    // record counts under the grade it carries.
    void add(const StudyRecord& r);

    // The page. `facts`: the study section's rows (what, value), e.g.
    // ("deals", "PySolFC seeds 1-10000"); `summary`: one row per rule set.
    std::string html(const std::string& title, const std::vector<std::pair<std::string, std::string>>& facts,
                     const std::vector<ReportSummaryRow>& summary) const;

    // A rule set in words ("msc, 3 passes"): the variant and the rules that
    // differ between the study's rule sets.
    std::string label(size_t rule_set) const;

    // Pieces of the page, each one <figure> with an inline <svg>.
    std::string win_rate_chart(const std::vector<ReportSummaryRow>& summary) const;
    std::string length_histograms() const;
    std::string effort_chart() const;
    // The paired comparisons (a table and a chart of the differences with
    // their intervals); empty when there is none.
    std::string comparison_section() const;
    void set_comparisons(std::vector<ReportComparison> c) { comparisons_ = std::move(c); }
    // Records for only part of the study (a shard, a run not finished): the
    // line that says so under the title and above the summary table.
    void set_partial(std::string note) { partial_ = std::move(note); }
    // A --measures study: losses by reason per rule set (a chart), and the
    // won deals' measures (grades chart and a table); empty otherwise.
    std::string measures_section() const;

    static constexpr int kBinsPerDecade = 4;  // states bins: 1, 1.8, 3.2, 5.6, 10, ...
    static constexpr size_t kHardest = 10;

private:
    struct PerRuleSet {
        std::vector<std::array<uint64_t, 3>> state_bins;  // bin -> deals per verdict (win, lose, intractable)
        std::vector<uint64_t> lengths;                    // solution length -> won deals
        uint64_t records = 0;
        uint64_t reasons[4] = {0, 0, 0, 0};    // losses by reason code
        uint64_t grades[5] = {0, 0, 0, 0, 0};  // won deals by grade (4: no grade)
        uint64_t measured_wins = 0, shortest_n = 0, shortest_sum = 0, crossroads_sum = 0, casual_wins = 0,
                 casual_plays = 0, first_win = 0, first_legal = 0;
        bool measured = false;
    };
    std::vector<Variant> rules_;
    bool optimal_;
    std::vector<PerRuleSet> per_;
    std::vector<StudyRecord> hardest_;  // most states first, at most kHardest
    std::vector<ReportComparison> comparisons_;
    std::string partial_;
    // Which rules differ between the rule sets (the chart's axes).
    bool vary_variant_ = false;
    std::vector<std::string> vary_rules_;            // the keys of the rules two rule sets of one variant differ in
    std::string inner_label(size_t rule_set) const;  // the rules that vary, variant aside
};

// The audit of a study's record files (`merge --audit K`, `report`;
// study/merge.h) in words. audit_text: one line, what was re-solved (the
// sample's seed, how many) and what came of it; audit_mismatch_lines: one
// line per record that does not reproduce, naming its seed, rule set, file,
// the field, and the value recorded and recomputed (the first 20; then
// how many more).
std::string audit_text(const AuditResult& a);
std::vector<std::string> audit_mismatch_lines(const AuditResult& a);

}  // namespace pyr
