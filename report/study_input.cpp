#include "report/study_input.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/json.h"
#include "report/summary.h"
#include "report/svg.h"
#include "solver/measures.h"
#include "study/runner.h"

namespace pyr {

namespace {
ReportSummaryRow row_of(const StudySummary& s) {
    ReportSummaryRow r;
    r.deals = s.deals;
    r.wins = s.wins;
    r.losses = s.losses;
    r.intractable = s.intractable;
    // As `stats --format text` prints them.
    r.win_rate = s.win_rate ? percent_text(*s.win_rate, 2) : "-";
    r.ci95 = s.ci95 ? percent_text(s.ci95->low, 2) + " - " + percent_text(s.ci95->high, 2) : "-";
    r.win_rate_value = s.win_rate ? *s.win_rate : -1;
    if (s.ci95) r.ci_low = s.ci95->low, r.ci_high = s.ci95->high;
    r.states_total = s.states_total;
    r.states_max = s.states_max;
    r.states_mean = s.states_mean;
    r.deals_per_second = s.deals_per_second;
    r.won_with_length = s.moves.count;
    r.moves_mean = s.moves.mean;
    r.moves_median = s.moves.median;
    r.moves_min = s.moves.min;
    r.moves_max = s.moves.max;
    return r;
}

std::string count_text(uint64_t n) { return svg::tick_label(static_cast<double>(n), 1); }

}  // namespace

StudyReportBuilder::StudyReportBuilder(const StudySpec& spec)
    : spec_(spec), report_(spec.combos, spec.optimal), sums_(spec) {
    for (size_t i = 0; i < spec.combos.size(); ++i)
        for (size_t j = i + 1; j < spec.combos.size(); ++j)
            if (differ_in_one_rule(spec.combos[i], spec.combos[j])) {
                task_verdicts_.assign(spec.tasks(), 0);
                return;
            }
}

void StudyReportBuilder::add(const StudyRecord& r) {
    // Graded here from the difficulty when the rule set has thresholds
    // (records written before the thresholds were set carry none).
    const auto thresholds = r.measured && r.m.difficulty >= 0 && r.combo < spec_.combos.size()
                                ? builtin_thresholds(spec_.combos[r.combo])
                                : std::nullopt;
    if (thresholds) {
        StudyRecord graded = r;
        graded.m.grade = static_cast<int8_t>(grade_of(r.m.difficulty, *thresholds));
        report_.add(graded);
    } else {
        report_.add(r);
    }
    sums_.add(r);
    if (!task_verdicts_.empty() && r.seed >= spec_.deals.first_id()) {
        const uint64_t deal = r.seed - spec_.deals.first_id();
        if (deal < spec_.deals.count()) task_verdicts_[spec_.task_of(deal, r.combo)] = verdict_code(r.verdict);
    }
    ++verdicts_[r.verdict == Verdict::Win ? 0 : r.verdict == Verdict::Lose ? 1 : 2];
    seconds_ += r.seconds;
}

std::string StudyReportBuilder::html(std::vector<std::pair<std::string, std::string>> facts) const {
    const StudySpec& spec = spec_;
    std::vector<ReportSummaryRow> rows;
    for (const StudySummary& s : sums_.summaries()) rows.push_back(row_of(s));
    // Paired comparisons: every pair of rule sets that differ in one rule,
    // over the deals of this shard (a deal missing a record is excluded).
    std::vector<ReportComparison> comparisons;
    if (!task_verdicts_.empty())
        for (size_t i = 0; i < spec.combos.size(); ++i)
            for (size_t j = i + 1; j < spec.combos.size(); ++j) {
                std::string axis;
                if (!differ_in_one_rule(spec.combos[i], spec.combos[j], &axis)) continue;
                PairedCounts c;
                for (uint64_t d = 0; d < spec.deals.count(); ++d) {
                    if (!spec.deal_in_shard(d)) continue;
                    const uint8_t a = task_verdicts_[spec.task_of(d, static_cast<uint32_t>(i))];
                    const uint8_t b = task_verdicts_[spec.task_of(d, static_cast<uint32_t>(j))];
                    if (!a || !b) ++c.excluded;
                    else c.add(verdict_of_code(a), verdict_of_code(b));
                }
                comparisons.push_back({i, j, axis, paired_comparison(c)});
            }
    report_.set_comparisons(std::move(comparisons));
    std::vector<ChallengeSummary> challenges;  // a --challenge study's distributions
    for (const StudySummary& s : sums_.summaries())
        if (s.challenge) challenges.push_back(*s.challenge);
    report_.set_challenges(std::move(challenges));

    std::string names;
    for (const Variant& v : spec.combos)
        if (names.find(v.name) == std::string::npos) names += (names.empty() ? "" : ", ") + v.name;
    const uint64_t deals = spec.deals.count();
    facts.emplace_back("rule sets", std::to_string(spec.combos.size()) + " (listed below)");
    facts.emplace_back("deals",
                       spec.deals.from_file
                           ? count_text(deals) + " deals of a deals file (a deal's seed is its line number)"
                           : "PySolFC seeds " + spec.deals.range_text() + " (" + count_text(deals) + " deals)");
    if (!spec.shard.whole())
        facts.emplace_back("shard",
                           shard_text(spec.shard) + " (every " + std::to_string(spec.shard.count) + "th deal)");
    facts.emplace_back(
        "records", count_text(sums_.records()) + " of " + count_text(spec.shard_tasks()) + " (rule set, deal) tasks");
    facts.emplace_back("verdicts", count_text(verdicts_[0]) + " wins, " + count_text(verdicts_[1]) + " losses, " +
                                       count_text(verdicts_[2]) + " intractable");
    if (spec.limits.max_states)
        facts.emplace_back("search budget", count_text(spec.limits.max_states) + " positions per deal");
    facts.emplace_back("solution lengths", spec.optimal ? "minimum move counts (the study ran --optimal)"
                                                        : "as found by the search, not minimal (no --optimal)");
    std::ostringstream secs;
    secs.precision(1);
    secs << std::fixed << seconds_ << " s summed over the deals (per-worker time, not wall time)";
    facts.emplace_back("solver time", secs.str());
    // Records for part of the study only (a shard's file, a run not
    // finished): the title and the summary say so.
    std::string title = "Pyramid study: " + names + ", " + count_text(deals) + " deals";
    if (partial()) {
        const std::string part = count_text(sums_.records()) + " of " + count_text(spec.tasks()) + " tasks";
        title += " (PARTIAL: " + part + ")";
        report_.set_partial("PARTIAL: records for " + part + " of the study" +
                            (!spec.shard.whole()    ? " (shard " + shard_text(spec.shard) + " only)"
                             : shards_read_.empty() ? std::string(" (a run not finished, or files missing)")
                                                    : " (" + shards_read_ + " only)") +
                            "; every figure covers those only.");
    }
    return report_.html(title, facts, rows);
}

std::string study_report_html(const StudySpec& spec, const std::vector<StudyRecord>& records,
                              std::vector<std::pair<std::string, std::string>> facts) {
    StudyReportBuilder b(spec);
    for (const auto& r : records) b.add(r);
    return b.html(std::move(facts));
}

ReportFromFiles report_from_files(const std::vector<std::string>& paths, bool optimal,
                                  std::vector<std::pair<std::string, std::string>> facts, AuditSample* sample) {
    ReportFromFiles out;
    // First pass: the study lines, and the rule sets and deals the records name.
    std::set<std::string> studies;
    std::set<std::string> shards;  // "K/N" of the study lines that name one
    json::object definition;
    std::vector<Provenance> made_by;  // the programs the study lines name, distinct, in the order met
    bool unnamed = false;             // a study line of an older version, naming none
    std::vector<Variant> rules;       // in the order met
    bool any = false, from_file = false, measured = false;
    std::string challenge;  // a --challenge study's, from its records
    Seed first = 0, last = 0;
    std::vector<std::string> cards;
    for (const auto& path : paths) {
        const ReadStats st = read_record_file(
            path,
            [&](const json::object& o) {
                if (studies.insert(json::serialize(o.at("study"))).second) definition = o.at("study").as_object();
                if (const json::value* sh = o.if_contains("shard"); sh && sh->is_string())
                    shards.insert(std::string(sh->as_string()));
                if (const auto p = provenance_of(o)) {
                    if (std::none_of(made_by.begin(), made_by.end(), [&](const Provenance& q) {
                            return q.same_build(*p) && q.cores == p->cores && q.command == p->command;
                        }))
                        made_by.push_back(*p);
                } else {
                    unnamed = true;
                }
            },
            [&](const StudyRecord& r) {
                if (std::none_of(rules.begin(), rules.end(), [&](const Variant& v) { return same_rules(v, r.rules); }))
                    rules.push_back(r.rules);
                measured |= r.measured;
                if (challenge.empty()) challenge = r.challenge;
                first = any ? std::min(first, r.seed) : r.seed;
                last = any ? std::max(last, r.seed) : r.seed;
                any = true;
                if (r.deal) {
                    from_file = true;
                    if (r.seed == 0 || r.seed > 100'000'000) throw StudyError("a deals-file record with a bad index");
                    if (cards.size() < r.seed.u64()) cards.resize(r.seed.u64());
                    cards[r.seed.u64() - 1] = *r.deal;
                }
            });
        out.torn += st.torn;
    }
    if (!any) throw StudyError("no records in the record files");
    StudySpec spec;
    if (studies.size() == 1) {
        spec = spec_from_definition(definition);
        if (spec.deals.from_file) {
            cards.resize(spec.deals.count());
            spec.deals.cards = cards;
        }
    } else {
        // Rule sets: variants in the order met, each with its rules in order
        // (rules_order: passes 1, 2, ..., unlimited; then the schema's other
        // rules, in table order).
        std::vector<std::string> names;
        for (const auto& v : rules)
            if (std::find(names.begin(), names.end(), v.name) == names.end()) names.push_back(v.name);
        for (const auto& name : names) {
            std::vector<Variant> mine;
            for (const auto& v : rules)
                if (v.name == name) mine.push_back(v);
            std::stable_sort(mine.begin(), mine.end(),
                             [](const Variant& a, const Variant& b) { return rules_order(a) < rules_order(b); });
            spec.combos.insert(spec.combos.end(), mine.begin(), mine.end());
        }
        spec.deals.from_file = from_file;
        if (from_file) {
            spec.deals.cards = cards;
        } else {
            spec.deals.first = first;
            spec.deals.last = last;
        }
        spec.limits.max_states = 0;  // no study line names the budget
        spec.optimal = optimal;
        spec.measures = measured;
        spec.challenge = challenge;
    }
    // Second pass: the records, streamed into the page.
    TaskTable table(spec);
    StudyReportBuilder page(spec);
    for (const auto& path : paths)
        read_record_file(path, nullptr, [&](StudyRecord& r) {
            const int combo = match_record(spec, r);
            if (combo < 0) {
                ++out.ignored;
                return;
            }
            r.combo = static_cast<uint32_t>(combo);
            if (!table.record(r)) {
                ++out.duplicates;
                return;
            }
            ++out.records;
            page.add(r);
            if (sample) sample->offer(spec.task_of(r.seed - spec.deals.first_id(), r.combo), r, path);
        });
    for (const auto& p : made_by) facts.emplace_back("records made by", provenance_text(p) + ": " + p.command);
    if (unnamed && !studies.empty())
        facts.emplace_back("records made by", "an older version (a study line naming no program)");
    if (out.duplicates)
        facts.emplace_back("duplicates",
                           std::to_string(out.duplicates) + " records of tasks already read (the first counts)");
    if (out.ignored)
        facts.emplace_back("other studies", std::to_string(out.ignored) + " records not part of this study (ignored)");
    if (out.torn)
        facts.emplace_back("torn lines", std::to_string(out.torn) +
                                             " torn last lines skipped (a run killed mid-write, or still running)");
    if (!shards.empty()) {
        std::string named;
        for (const auto& sh : shards) named += (named.empty() ? "" : ", ") + sh;
        page.set_shards_read((shards.size() == 1 ? "shard " : "shards ") + named);
    }
    out.html = page.html(std::move(facts));
    out.partial = page.partial();
    out.tasks = spec.tasks();
    out.limits = spec.limits;
    out.optimal = spec.optimal;
    return out;
}

}  // namespace pyr
