#include "report/study_input.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/json.h"
#include "report/summary.h"
#include "report/svg.h"

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

std::optional<Verdict> verdict_of(std::string_view s) {
    if (s == "win") return Verdict::Win;
    if (s == "lose") return Verdict::Lose;
    if (s == "intractable") return Verdict::Intractable;
    return std::nullopt;
}

struct RawRecord {
    uint64_t seed = 0;
    std::string variant, deal;
    int passes = 0;
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
};

RawRecord from_json(const std::string& line) {
    const json::value v = json::parse(line);
    const json::object& o = v.as_object();
    RawRecord r;
    r.seed = o.at("seed").to_number<uint64_t>();
    r.variant = std::string(o.at("variant").as_string());
    const json::value& p = o.at("passes");
    r.passes = p.is_string() ? parse_passes(std::string(p.as_string())) : p.to_number<int>();
    const auto verdict = verdict_of(o.at("verdict").as_string());
    if (!verdict) throw std::invalid_argument("unknown verdict");
    r.verdict = *verdict;
    if (!o.at("moves").is_null()) r.moves = o.at("moves").to_number<int32_t>();
    r.states = o.at("states").to_number<uint64_t>();
    r.seconds = o.at("seconds").to_number<double>();
    if (const auto* d = o.if_contains("deal")) r.deal = std::string(d->as_string());
    return r;
}

std::vector<std::string> split(const std::string& line, char sep) {
    std::vector<std::string> out(1);
    for (char c : line) {
        if (c == sep) out.emplace_back();
        else out.back() += c;
    }
    return out;
}

RawRecord from_csv(const std::string& line, const std::map<std::string, size_t>& columns) {
    const auto f = split(line, ',');
    if (f.size() != columns.size()) throw std::invalid_argument("wrong number of fields");
    auto field = [&](const char* name) -> const std::string& { return f.at(columns.at(name)); };
    RawRecord r;
    r.seed = std::stoull(field("seed"));
    r.variant = field("variant");
    r.passes = parse_passes(field("passes"));
    const auto verdict = verdict_of(field("verdict"));
    if (!verdict) throw std::invalid_argument("unknown verdict");
    r.verdict = *verdict;
    if (!field("moves").empty()) r.moves = std::stoi(field("moves"));
    r.states = std::stoull(field("states"));
    r.seconds = std::stod(field("seconds"));
    if (columns.count("deal")) r.deal = field("deal");
    return r;
}
}  // namespace

std::string study_report_html(const StudySpec& spec, const std::vector<StudyRecord>& records,
                              std::vector<std::pair<std::string, std::string>> facts) {
    StudyReport report(spec.combos, spec.optimal);
    uint64_t verdicts[3] = {0, 0, 0};
    double seconds = 0;
    for (const StudyRecord& r : records) {
        ReportRecord rr{r.combo, r.seed, r.verdict, r.moves, r.states, r.seconds, ""};
        if (spec.deals.from_file && r.seed >= 1 && r.seed <= spec.deals.cards.size()) rr.deal = spec.deals.cards[r.seed - 1];
        report.add(rr);
        ++verdicts[r.verdict == Verdict::Win ? 0 : r.verdict == Verdict::Lose ? 1 : 2];
        seconds += r.seconds;
    }
    std::vector<ReportSummaryRow> rows;
    for (const StudySummary& s : summarize(spec, records)) rows.push_back(row_of(s));

    std::string names;
    for (const Variant& v : spec.combos)
        if (names.find(v.name) == std::string::npos) names += (names.empty() ? "" : ", ") + v.name;
    const uint64_t deals = spec.deals.count();
    facts.emplace_back("rule sets", std::to_string(spec.combos.size()) + " (listed below)");
    facts.emplace_back("deals", spec.deals.from_file
                                    ? count_text(deals) + " deals of a deals file (a deal's seed is its line number)"
                                    : "PySolFC seeds " + std::to_string(spec.deals.first) + "-" +
                                          std::to_string(spec.deals.last) + " (" + count_text(deals) + " deals)");
    facts.emplace_back("records", count_text(records.size()) + " of " + count_text(deals * spec.combos.size()) +
                                      " (rule set, deal) tasks");
    facts.emplace_back("verdicts", count_text(verdicts[0]) + " wins, " + count_text(verdicts[1]) + " losses, " +
                                       count_text(verdicts[2]) + " intractable");
    if (spec.max_states) facts.emplace_back("search budget", count_text(spec.max_states) + " positions per deal");
    facts.emplace_back("solution lengths", spec.optimal ? "minimum move counts (the study ran --optimal)"
                                                        : "as found by the search, not minimal (no --optimal)");
    std::ostringstream secs;
    secs.precision(1);
    secs << std::fixed << seconds << " s summed over the deals (per-worker time, not wall time)";
    facts.emplace_back("solver time", secs.str());
    return report.html("Pyramid study: " + names + ", " + count_text(deals) + " deals", facts, rows);
}

RecordFiles read_record_files(const std::vector<std::string>& paths, bool optimal) {
    std::vector<RawRecord> raw;
    RecordFiles out;
    for (const std::string& path : paths) {
        std::ifstream in(path, std::ios::binary);
        if (!in) throw StudyError("cannot read record file '" + path + "'");
        std::stringstream ss;
        ss << in.rdbuf();
        const std::string text = ss.str();
        const bool csv = path.size() > 4 && path.compare(path.size() - 4, 4, ".csv") == 0;
        std::map<std::string, size_t> columns;
        size_t pos = 0, lineno = 0;
        while (pos < text.size()) {
            const size_t nl = text.find('\n', pos);
            ++lineno;
            if (nl == std::string::npos) {  // a torn last line: a run was killed mid-write
                ++out.torn;
                break;
            }
            const std::string line = text.substr(pos, nl - pos);
            pos = nl + 1;
            if (line.empty()) continue;
            try {
                if (csv && columns.empty()) {
                    const auto names = split(line, ',');
                    for (size_t i = 0; i < names.size(); ++i) columns[names[i]] = i;
                    for (const char* need : {"seed", "variant", "passes", "verdict", "moves", "states", "seconds"})
                        if (!columns.count(need)) throw std::invalid_argument(std::string("no column '") + need + "'");
                    continue;
                }
                raw.push_back(csv ? from_csv(line, columns) : from_json(line));
            } catch (const std::exception& e) {
                throw StudyError(path + ":" + std::to_string(lineno) + ": not a pyramid stats record (" + e.what() +
                                 "): " + line.substr(0, 80));
            }
        }
    }
    if (raw.empty()) throw StudyError("no records in the record files");

    // Rule sets: variants in the order met, each with its passes in order
    // (1, 2, ..., unlimited last), as `stats` lists them.
    std::vector<std::string> variants;
    std::map<std::string, std::set<int>> passes;
    for (const RawRecord& r : raw) {
        if (!passes.count(r.variant)) variants.push_back(r.variant);
        passes[r.variant].insert(r.passes == 0 ? 1 << 30 : r.passes);
    }
    std::map<std::pair<std::string, int>, uint32_t> index;
    for (const std::string& name : variants) {
        const auto preset = find_preset(name);
        if (!preset) throw StudyError("the records name an unknown variant '" + name + "'");
        for (int p : passes[name]) {
            Variant v = *preset;
            v.passes = p == 1 << 30 ? 0 : p;
            index[{name, v.passes}] = static_cast<uint32_t>(out.spec.combos.size());
            out.spec.combos.push_back(v);
        }
    }
    // Deals: a deals file's (the records carry them), or the seeds' range.
    const bool from_file = std::any_of(raw.begin(), raw.end(), [](const RawRecord& r) { return !r.deal.empty(); });
    out.spec.deals.from_file = from_file;
    if (from_file) {
        for (const RawRecord& r : raw) {
            if (r.seed == 0 || r.deal.empty()) throw StudyError("a deals-file record without its deal");
            if (out.spec.deals.cards.size() < r.seed) out.spec.deals.cards.resize(r.seed);
            out.spec.deals.cards[r.seed - 1] = r.deal;
        }
    } else {
        out.spec.deals.first = raw.front().seed;
        out.spec.deals.last = raw.front().seed;
        for (const RawRecord& r : raw) {
            out.spec.deals.first = std::min(out.spec.deals.first, r.seed);
            out.spec.deals.last = std::max(out.spec.deals.last, r.seed);
        }
    }
    out.spec.optimal = optimal;
    std::set<std::pair<uint32_t, uint64_t>> seen;
    for (const RawRecord& r : raw) {
        const uint32_t combo = index.at({r.variant, r.passes});
        if (!seen.insert({combo, r.seed}).second) {
            ++out.duplicates;
            continue;
        }
        StudyRecord s;
        s.seed = r.seed;
        s.combo = combo;
        s.verdict = r.verdict;
        s.moves = r.moves;
        s.states = r.states;
        s.seconds = r.seconds;
        out.records.push_back(s);
    }
    return out;
}

}  // namespace pyr
