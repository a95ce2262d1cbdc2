#include "report/study_report.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <sstream>

#include "report/compare.h"
#include "report/format.h"
#include "report/html.h"
#include "report/svg.h"

namespace pyr {

using svg::attr;
using svg::num;

namespace {
const char* const kVerdictNames[3] = {"win", "lose", "intractable"};

int verdict_index(Verdict v) { return v == Verdict::Win ? 0 : v == Verdict::Lose ? 1 : 2; }

int state_bin(uint64_t states) {
    if (states <= 1) return 0;
    return static_cast<int>(std::floor(std::log10(static_cast<double>(states)) * StudyReport::kBinsPerDecade + 1e-9));
}
double bin_low(int b) { return std::pow(10.0, static_cast<double>(b) / StudyReport::kBinsPerDecade); }

std::string thousands(uint64_t n) { return svg::tick_label(static_cast<double>(n), 1); }

// The order rules read in, inside a variant's group: passes 1, 2, 3, ...,
// unlimited; then the other rules in the schema's order (engine/rules.h).
std::vector<int> rule_key(const Variant& v) { return rules_order(v); }

// A panel of small multiples: its title (bold rule set, then a note), and a
// count axis from 0 to a nice number above `top`, labelled `what`. Returns
// the count scale.
svg::LinearScale count_panel(svg::Document& d, const svg::Frame& f, const std::string& title, const std::string& note,
                             uint64_t top, const std::string& what) {
    d.raw("<text x=\"" + num(f.left - 40) + "\" y=\"16\" font-size=\"12\"><tspan font-weight=\"bold\">" +
          svg::escape(title) + "</tspan> " + svg::escape(note) + "</text>\n");
    const double ymax = svg::nice_domain(0, std::max<double>(1, static_cast<double>(top)), 4).second;
    const svg::LinearScale y(0, ymax, f.bottom(), f.top);
    const auto ticks = svg::linear_ticks(0, ymax, 4);
    std::vector<std::string> labels;
    for (double t : ticks) labels.push_back(svg::tick_label(t, svg::nice_step(ymax, 4)));
    svg::axis_left(d, f, y, ticks, labels, "");
    const double ym = f.top + f.height / 2;
    d.text(14, ym, what, " font-size=\"11\" text-anchor=\"middle\" transform=\"rotate(-90 14 " + num(ym) + ")\"");
    return y;
}

const char* const kCss = R"css(
nav { font-size: 0.95em; }
nav a { margin-right: 1em; }
table.facts td { text-align: left; }
table.facts td:first-child { font-weight: bold; white-space: nowrap; }
.panels { display: flex; flex-wrap: wrap; gap: 0.4em 1em; }
.note { font-size: 0.9em; color: #333; max-width: 62em; }
td code { font-size: 0.85em; }
)css";
}  // namespace

StudyReport::StudyReport(std::vector<Variant> rule_sets, bool optimal)
    : rules_(std::move(rule_sets)), optimal_(optimal), per_(rules_.size()) {
    // A rule is an axis of the study when two rule sets of the same variant
    // differ in it (a goal that differs only between variants is part of
    // what the variants are).
    for (const Variant& v : rules_)
        for (const Variant& a : rules_) {
            vary_variant_ |= v.name != a.name;
            if (v.name != a.name) continue;
            for (const auto& key : rules_differing(v, a))
                if (std::find(vary_rules_.begin(), vary_rules_.end(), key) == vary_rules_.end())
                    vary_rules_.push_back(key);
        }
}

void StudyReport::add(const StudyRecord& r) {
    if (r.combo >= per_.size()) return;
    PerRuleSet& p = per_[r.combo];
    ++p.records;
    if (r.measured) {
        const RecordMeasures& m = r.m;
        const int reason = static_cast<int>(m.reason);
        p.measured = true;
        if (r.verdict == Verdict::Lose && reason >= 0 && reason < 4) ++p.reasons[reason];
        if (r.verdict == Verdict::Win) {
            ++p.measured_wins;
            ++p.grades[m.grade >= 0 && m.grade < 4 ? m.grade : 4];
            if (m.shortest >= 0)
                ++p.shortest_n, p.shortest_sum += m.shortest, p.crossroads_sum += std::max(0, int{m.crossroads});
            if (m.casual_plays > 0) p.casual_wins += m.casual_wins, p.casual_plays += m.casual_plays;
            if (m.legal_first > 0) p.first_win += m.winning_first, p.first_legal += m.legal_first;
        }
    }
    const size_t bin = static_cast<size_t>(state_bin(r.states));
    if (p.state_bins.size() <= bin) p.state_bins.resize(bin + 1, {0, 0, 0});
    ++p.state_bins[bin][verdict_index(r.verdict)];
    if (r.verdict == Verdict::Win && r.moves >= 0) {
        if (p.lengths.size() <= static_cast<size_t>(r.moves)) p.lengths.resize(r.moves + 1, 0);
        ++p.lengths[r.moves];
    }
    // The hardest: most states first; ties by rule set and seed, so the list
    // does not depend on the order the records come in.
    auto harder = [](const StudyRecord& a, const StudyRecord& b) {
        return std::make_tuple(b.states, a.combo, a.seed) < std::make_tuple(a.states, b.combo, b.seed);
    };
    if (hardest_.size() < kHardest || harder(r, hardest_.back())) {
        hardest_.insert(std::upper_bound(hardest_.begin(), hardest_.end(), r, harder), r);
        if (hardest_.size() > kHardest) hardest_.pop_back();
    }
}

std::string StudyReport::inner_label(size_t i) const {
    const Variant& v = rules_[i];
    return rule_labels(v, vary_rules_);
}

std::string StudyReport::label(size_t i) const {
    const std::string inner = inner_label(i);
    return rules_[i].name + (inner.empty() ? "" : ", " + inner);
}

std::string StudyReport::win_rate_chart(const std::vector<ReportSummaryRow>& summary) const {
    // Groups: one per variant, in the study's order; inside, the rules in order.
    std::vector<std::string> group_names;
    std::map<std::string, std::vector<size_t>> groups;
    for (size_t i = 0; i < rules_.size(); ++i) {
        if (!groups.count(rules_[i].name)) group_names.push_back(rules_[i].name);
        groups[rules_[i].name].push_back(i);
    }
    for (auto& [name, members] : groups)
        std::stable_sort(members.begin(), members.end(),
                         [&](size_t a, size_t b) { return rule_key(rules_[a]) < rule_key(rules_[b]); });
    // Marker shape by the inner rules, so "3 passes" looks the same in every group.
    std::vector<std::string> inner_kinds;
    for (size_t i = 0; i < rules_.size(); ++i)
        if (std::find(inner_kinds.begin(), inner_kinds.end(), inner_label(i)) == inner_kinds.end())
            inner_kinds.push_back(inner_label(i));
    auto kind_of = [&](size_t i) {
        return static_cast<int>(std::find(inner_kinds.begin(), inner_kinds.end(), inner_label(i)) -
                                inner_kinds.begin());
    };

    auto under_label_of = [&](size_t i) {
        const std::string inner = inner_label(i);
        return inner.empty() ? rules_[i].name : inner;
    };
    bool long_labels = false;
    double longest = 0;  // the widest label under the axis, drawn
    for (size_t i = 0; i < rules_.size(); ++i) {
        long_labels |= inner_label(i).size() > 9;
        longest = std::max(longest, svg::text_width(under_label_of(i), 10.5));
    }
    const double slot = 76, group_gap = 30;
    const double plot_w = std::max(
        360.0, static_cast<double>(rules_.size()) * slot + static_cast<double>(group_names.size() - 1) * group_gap);
    std::vector<svg::LegendEntry> legend_entries;
    for (size_t k = 0; k < inner_kinds.size(); ++k) legend_entries.push_back({inner_kinds[k], static_cast<int>(k)});
    const double legend_w = inner_kinds.size() > 1 ? svg::legend_width(legend_entries) + 8 : 0;
    // Long labels are drawn slanted (35 degrees) and ending under their
    // point: they reach down sin 35 and left cos 35 of their width, so the
    // margins grow with the longest one (the first may reach past the axis).
    const double slant_sin = 0.574, slant_cos = 0.819;
    const double first_w = rules_.empty() ? 0
                                          : svg::text_width(under_label_of(groups[group_names.front()].front()), 10.5);
    const double left = long_labels ? std::max(78.0, first_w * slant_cos - slot / 2 + 6) : 78.0;
    const svg::Frame f{left, 34, plot_w, 250};
    const double under = (long_labels ? 14 + longest * slant_sin + 12 : 22) +
                         (vary_variant_ || !inner_kinds.front().empty() ? 34 : 0);
    svg::Document d(f.right() + 24 + legend_w, f.bottom() + under + 14,
                    "Win rate per rule set, with 95% Wilson intervals");

    double lo = 100, hi = 0;
    for (const auto& s : summary)
        if (s.win_rate_value >= 0) {
            lo = std::min(lo, 100 * s.ci_low);
            hi = std::max(hi, 100 * s.ci_high);
        }
    if (lo > hi) lo = 0, hi = 100;
    if (hi - lo < 4) lo -= 2, hi += 2;
    auto [d0, d1] = svg::nice_domain(std::max(0.0, lo), std::min(100.0, hi), 5);
    d0 = std::max(0.0, d0);
    d1 = std::min(100.0, d1);
    const svg::LinearScale y(d0, d1, f.bottom(), f.top);
    const auto ticks = svg::linear_ticks(d0, d1, 5);
    std::vector<std::string> labels;
    for (double t : ticks) labels.push_back(svg::tick_label(t, svg::nice_step(d1 - d0, 5)) + "%");
    svg::axis_left(d, f, y, ticks, labels, "win rate (wins / decided deals)");
    d.line(f.left, f.bottom(), f.right(), f.bottom(), " stroke=\"#333\"");

    double x = f.left + slot / 2;
    for (size_t g = 0; g < group_names.size(); ++g) {
        const auto& members = groups[group_names[g]];
        const double x_first = x;
        for (size_t i : members) {
            const ReportSummaryRow& s = summary[i];
            const int k = kind_of(i);
            const std::string colour = svg::series_colour(k);
            d.open("g", attr("class", "rate") + attr("data-rule-set", label(i)));
            if (s.win_rate_value >= 0) {
                const double ylo = y(100 * s.ci_low), yhi = y(100 * s.ci_high), yp = y(100 * s.win_rate_value);
                const std::string stroke = attr("stroke", colour) + " stroke-width=\"1.8\"";
                d.line(x, ylo, x, yhi, stroke);
                d.line(x - 7, ylo, x + 7, ylo, stroke);
                d.line(x - 7, yhi, x + 7, yhi, stroke);
                d.marker(svg::series_shape(k), x, yp, 11, attr("fill", colour) + " stroke=\"#fff\" stroke-width=\"1\"");
                d.text(x + 9, yp - 6, s.win_rate, " font-size=\"10.5\" fill=\"#222\"");
            } else {
                d.text(x, f.bottom() - 8, "no decided deal", " font-size=\"10\" text-anchor=\"middle\"");
            }
            const std::string under_label = under_label_of(i);
            if (long_labels)
                d.text(x, f.bottom() + 14, under_label,
                       " font-size=\"10.5\" text-anchor=\"end\" transform=\"rotate(-35 " + num(x) + " " +
                           num(f.bottom() + 14) + ")\"");
            else d.text(x, f.bottom() + 15, under_label, " font-size=\"10.5\" text-anchor=\"middle\"");
            d.close("g");
            x += slot;
        }
        const double x_last = x - slot;
        if (!inner_kinds.front().empty()) {
            // The variant under its group, with a bracket.
            const double yb = f.bottom() + under - 24;
            d.path("M" + num(x_first - slot / 2 + 6) + "," + num(yb - 8) + "V" + num(yb) + "H" +
                       num(x_last + slot / 2 - 6) + "V" + num(yb - 8),
                   " fill=\"none\" stroke=\"#555\"");
            d.text((x_first + x_last) / 2, yb + 15, group_names[g],
                   " font-size=\"12\" font-weight=\"bold\" text-anchor=\"middle\"");
        }
        if (g + 1 < group_names.size()) {
            d.line(x - slot / 2 + group_gap / 2, f.top, x - slot / 2 + group_gap / 2, f.bottom(),
                   " stroke=\"#bbb\" stroke-dasharray=\"3 3\"");
            x += group_gap;
        }
    }
    if (inner_kinds.size() > 1) {
        d.text(f.right() + 24, f.top - 4, "marker", " font-size=\"11\" font-weight=\"bold\"");
        svg::legend(d, f.right() + 24, f.top + 2, legend_entries);
    }
    return "<figure id=\"chart-win-rate\" class=\"chart\">\n" + d.str() +
           "<figcaption>Each point is a rule set's win rate over its decided deals (intractable deals are left "
           "out); the bars are 95% Wilson score intervals. Rule sets are grouped by variant; inside a group the "
           "rules read left to right." +
           (inner_kinds.size() > 1 ? " The marker shape tells the rules apart (legend)." : "") +
           "</figcaption>\n</figure>\n";
}

std::string StudyReport::challenge_section() const {
    using html::escape;
    if (challenges_.empty()) return "";
    const ChallengeSummary& first = challenges_.front();
    const bool board = first.challenge == "board", cards = first.all_cards > 0;
    const std::string unit = board ? "steps of the shortest clear" : cards ? "cards of the rank" : "points";
    auto share = [](uint64_t n, uint64_t of) {
        return thousands(n) +
               (of ? " (" + fixed(100.0 * static_cast<double>(n) / static_cast<double>(of), 1) + "%)" : std::string());
    };
    auto dist = [](const Distribution& d) {
        return d.count ? fixed(d.mean, 1) + " / " + fixed(d.median, 1) + " / " + std::to_string(d.min) + "-" +
                             std::to_string(d.max)
                       : std::string("-");
    };
    std::string out = "<p class=\"note\">Each deal's best line of each kind of end, exact (the challenge searches of "
                      "<code>pyramid solve --challenge " +
                      escape(first.challenge) + "</code>, every line replayed by the verifier): " + escape(unit) +
                      " with the tableau cleared, and at an end without a clear. Over the deals whose search "
                      "completed within the budget; mean / median / range.</p>\n";
    out += "<table id=\"challenge-table\">\n<tr><th class=\"l\">rule set</th><th>deals</th><th>incomplete</th>"
           "<th>with a clear</th>";
    if (!board) out += "<th>best</th>";
    out += "<th>with a clear</th>";
    if (!board) out += "<th>without</th>";
    if (cards)
        out += "<th>all " + std::to_string(first.all_cards) + " with a clear</th><th>all " +
               std::to_string(first.all_cards) + " without</th><th>all " + std::to_string(first.all_cards) +
               " at either</th>";
    out += "</tr>\n";
    for (size_t i = 0; i < challenges_.size() && i < rules_.size(); ++i) {
        const ChallengeSummary& c = challenges_[i];
        out += "<tr><td class=\"l\">" + escape(label(i)) + "</td><td>" + thousands(c.deals) + "</td><td>" +
               thousands(c.incomplete) + "</td><td>" + share(c.with_clear, c.deals) + "</td>";
        if (!board) out += "<td>" + dist(c.best) + "</td>";
        out += "<td>" + dist(c.clear) + "</td>";
        if (!board) out += "<td>" + dist(c.open) + "</td>";
        if (cards)
            out += "<td>" + share(c.all_with_clear, c.deals) + "</td><td>" + share(c.all_without_clear, c.deals) +
                   "</td><td>" + share(c.all_either, c.deals) + "</td>";
        out += "</tr>\n";
    }
    out += "</table>\n";
    // Histograms of the best (board: the clear's steps), one panel a rule set, sharing their x axis.
    auto shown = [&](const ChallengeSummary& c) -> const Distribution& { return board ? c.clear : c.best; };
    int lo = 1 << 30, hi = -1;
    for (const auto& c : challenges_)
        if (shown(c).count) lo = std::min(lo, shown(c).min), hi = std::max(hi, shown(c).max);
    if (hi < 0) lo = 0, hi = 1;
    const double step = cards || board ? 1 : 5;  // a bar's width: msc's points come in fives
    auto [x0, x1] = svg::nice_domain(lo - step / 2, hi + step / 2, 6);
    out += "<figure id=\"chart-challenge\" class=\"chart\">\n<div class=\"panels\">\n";
    for (size_t i = 0; i < challenges_.size() && i < rules_.size(); ++i) {
        const Distribution& h = shown(challenges_[i]);
        uint64_t top = 0;
        for (const auto& [x, n] : h.histogram) top = std::max(top, n);
        const svg::Frame f{52, 30, 236, 118};
        svg::Document d(f.right() + 12, f.bottom() + 46, "challenge " + first.challenge + ", " + label(i));
        const svg::LinearScale y = count_panel(d, f, label(i), "(" + thousands(h.count) + " deals)", top, "deals");
        const svg::LinearScale x(x0, x1, f.left, f.right());
        const auto xt = svg::linear_ticks(x0, x1, 6);
        std::vector<std::string> xl;
        for (double t : xt) xl.push_back(svg::tick_label(t, svg::nice_step(x1 - x0, 6)));
        svg::axis_bottom(d, f, x, xt, xl, board ? "steps of the shortest clear" : "best per deal (" + unit + ")");
        d.open("g", " class=\"bars\"" + attr("fill", svg::series_colour(1)));
        for (const auto& [v, n] : h.histogram) {
            const double xa = x(v - step / 2), xb = x(v + step / 2);
            d.rect(xa + 0.3, y(static_cast<double>(n)), std::max(0.8, xb - xa - 0.6),
                   f.bottom() - y(static_cast<double>(n)));
        }
        d.close("g");
        out += d.str();
    }
    out += "</div>\n<figcaption>How many deals make each best value" +
           std::string(board ? " (the won deals' shortest solutions, in steps)"
                             : " at any end, with a clear or without") +
           ".</figcaption>\n</figure>\n";
    return out;
}

std::string StudyReport::length_histograms() const {
    int lo = 1 << 30, hi = -1;
    for (const auto& p : per_)
        for (size_t m = 0; m < p.lengths.size(); ++m)
            if (p.lengths[m]) lo = std::min(lo, static_cast<int>(m)), hi = std::max(hi, static_cast<int>(m));
    const std::string what = optimal_ ? "minimum solution length (moves)" : "length of the solution found (moves)";
    std::string out = "<figure id=\"chart-lengths\" class=\"chart\">\n<div class=\"panels\">\n";
    if (hi < 0) lo = 0, hi = 1;
    auto [x0, x1] = svg::nice_domain(lo - 0.5, hi + 0.5, 6);
    for (size_t i = 0; i < per_.size(); ++i) {
        const auto& counts = per_[i].lengths;
        uint64_t n = 0, top = 0;
        for (uint64_t c : counts) n += c, top = std::max(top, c);
        const svg::Frame f{52, 30, 236, 118};
        svg::Document d(f.right() + 12, f.bottom() + 46, "solution lengths, " + label(i));
        const svg::LinearScale y = count_panel(d, f, label(i), "(" + thousands(n) + " won)", top, "won deals");
        const svg::LinearScale x(x0, x1, f.left, f.right());
        const auto xt = svg::linear_ticks(x0, x1, 6);
        std::vector<std::string> xl;
        for (double t : xt) xl.push_back(svg::tick_label(t, svg::nice_step(x1 - x0, 6)));
        svg::axis_bottom(d, f, x, xt, xl, optimal_ ? "minimum moves" : "moves (not minimal)");
        d.open("g", " class=\"bars\"" + attr("fill", svg::series_colour(0)));
        for (size_t m = 0; m < counts.size(); ++m)
            if (counts[m]) {
                const double xa = x(static_cast<double>(m) - 0.5), xb = x(static_cast<double>(m) + 0.5);
                d.rect(xa + 0.3, y(static_cast<double>(counts[m])), std::max(0.8, xb - xa - 0.6),
                       f.bottom() - y(static_cast<double>(counts[m])));
            }
        d.close("g");
        if (n == 0) {
            d.text(f.left + f.width / 2, f.top + f.height / 2, "no won deal with a known length",
                   " font-size=\"11\" text-anchor=\"middle\"");
        } else {
            // The median, dashed.
            uint64_t seen = 0;
            size_t median = 0;
            for (size_t m = 0; m < counts.size(); ++m) {
                seen += counts[m];
                if (2 * seen >= n) {
                    median = m;
                    break;
                }
            }
            const double xm = x(static_cast<double>(median));
            d.line(xm, f.top, xm, f.bottom(), " stroke=\"#c05000\" stroke-width=\"1.5\" stroke-dasharray=\"5 3\"");
            d.text(xm + 4, f.top + 10, "median " + std::to_string(median), " font-size=\"10.5\" fill=\"#7a3300\"");
        }
        out += d.str();
    }
    out += "</div>\n<figcaption>";
    out += optimal_ ? "Minimum solution lengths: the study ran <code>--optimal</code>, so each won deal's length is "
                      "proved shortest (wins whose shortest length was not proved within the budget are left out). "
                    : "Lengths of the solutions the search happened to find: the study ran without "
                      "<code>--optimal</code>, so these are <b>not</b> minimum lengths (run the study with "
                      "<code>--optimal</code> for those). ";
    out += "Every draw, redeal and removal counts one move. The dashed line is the median; the panels share "
           "their x axis.</figcaption>\n</figure>\n";
    return out;
}

std::string StudyReport::effort_chart() const {
    int top_bin = 0;
    for (const auto& p : per_) top_bin = std::max(top_bin, static_cast<int>(p.state_bins.size()));
    const double xd0 = 1, xd1 = svg::log_domain(1, bin_low(std::max(top_bin, 1))).second;
    std::string out = "<figure id=\"chart-effort\" class=\"chart\">\n";
    {
        svg::Document key(420, 26, "legend: verdicts");
        double x = 0;
        for (int v = 0; v < 3; ++v) {
            svg::legend(key, x, 2, {{kVerdictNames[v], v, true, true}});
            x += v == 1 ? 90 : 80;
        }
        out += key.str();
    }
    out += "<div class=\"panels\">\n";
    for (size_t i = 0; i < per_.size(); ++i) {
        const auto& bins = per_[i].state_bins;
        uint64_t top = 0;
        for (const auto& b : bins) top = std::max({top, b[0], b[1], b[2]});
        const svg::Frame f{58, 30, 330, 130};
        svg::Document d(f.right() + 14, f.bottom() + 48, "states per deal by verdict, " + label(i));
        const svg::LinearScale y = count_panel(d, f, label(i), "(" + thousands(per_[i].records) + " deals)", top,
                                               "deals");
        const svg::LogScale x(xd0, xd1, f.left, f.right());
        const auto xt = svg::log_ticks(xd0, xd1);
        std::vector<std::string> xl;
        for (double t : xt) xl.push_back(svg::si_label(t));
        svg::axis_bottom(d, f, x, xt, xl, "states searched (log scale)");
        // A frequency polygon per verdict through the bins' centres.
        for (int v = 0; v < 3; ++v) {
            uint64_t n = 0;
            for (const auto& b : bins) n += b[v];
            if (n == 0) continue;
            const std::string colour = svg::series_colour(v);
            std::string path;
            std::vector<std::pair<double, double>> points;
            for (size_t b = 0; b < bins.size(); ++b) {
                const double xc = x(std::sqrt(bin_low(static_cast<int>(b)) * bin_low(static_cast<int>(b) + 1)));
                const double yc = y(static_cast<double>(bins[b][v]));
                path += (path.empty() ? "M" : "L") + num(xc) + "," + num(yc);
                if (bins[b][v]) points.emplace_back(xc, yc);
            }
            std::string a = " fill=\"none\"" + attr("stroke", colour) + " stroke-width=\"1.8\"";
            if (!svg::series_dash(v).empty()) a += attr("stroke-dasharray", svg::series_dash(v));
            d.open("g", attr("class", std::string("verdict verdict-") + kVerdictNames[v]));
            d.path(path, a);
            for (const auto& [px, py] : points)
                d.marker(svg::series_shape(v), px, py, 6.5,
                         attr("fill", colour) + " stroke=\"#fff\" stroke-width=\"0.6\"");
            d.close("g");
        }
        out += d.str();
    }
    out += "</div>\n<figcaption>How many positions the search stored per deal, one panel per rule set, split by "
           "verdict (line style and marker tell the verdicts apart). Deals are counted in bins of a quarter decade "
           "(1, 1.8, 3.2, 5.6, 10, ...); the panels share their x axis.</figcaption>\n</figure>\n";
    return out;
}

std::string StudyReport::measures_section() const {
    bool any = false;
    for (const auto& p : per_) any |= p.measured;
    if (!any) return "";
    using html::escape;
    // A 100% stacked bar per rule set.
    auto stacked = [&](const std::string& id, const std::string& title, const std::vector<std::string>& names,
                       auto counts_of, const std::string& what) {
        double label_w = 0;
        for (size_t i = 0; i < per_.size(); ++i) label_w = std::max(label_w, svg::text_width(label(i), 11));
        const double row = 30;
        const svg::Frame f{std::max(110.0, label_w + 14), 44, 460, row * static_cast<double>(per_.size())};
        svg::Document d(f.right() + 90, f.bottom() + 46, title);
        const svg::LinearScale x(0, 100, f.left, f.right());
        const auto xt = svg::linear_ticks(0, 100, 5);
        std::vector<std::string> xl;
        for (double t : xt) xl.push_back(svg::tick_label(t, 20) + "%");
        svg::axis_bottom(d, f, x, xt, xl, what);
        // The legend on top.
        double lx = f.left;
        for (size_t k = 0; k < names.size(); ++k) {
            d.rect(lx, 8, 12, 12, attr("fill", svg::series_colour(static_cast<int>(k))));
            d.text(lx + 16, 18, names[k], " font-size=\"11\"");
            lx += 30 + svg::text_width(names[k], 11);
        }
        for (size_t i = 0; i < per_.size(); ++i) {
            const std::vector<uint64_t> c = counts_of(per_[i]);
            uint64_t n = 0;
            for (uint64_t v : c) n += v;
            const double y = f.top + row * static_cast<double>(i) + 5;
            d.open("g", attr("class", id) + attr("data-rule-set", label(i)));
            d.text(f.left - 8, y + 14, label(i), " font-size=\"11\" text-anchor=\"end\"");
            double at = 0;
            for (size_t k = 0; k < c.size() && n; ++k) {
                if (!c[k]) continue;
                const double share = 100.0 * static_cast<double>(c[k]) / static_cast<double>(n);
                const double xa = x(at), xb = x(at + share);
                d.rect(xa, y, std::max(0.5, xb - xa), row - 10,
                       attr("fill", svg::series_colour(static_cast<int>(k))) + " stroke=\"#fff\" stroke-width=\"0.6\"" +
                           attr("data-count", static_cast<double>(c[k])));
                if (xb - xa > 34)
                    d.text((xa + xb) / 2, y + 14, svg::tick_label(share, share >= 10 ? 1 : 0.1) + "%",
                           " font-size=\"10\" text-anchor=\"middle\" fill=\"" + std::string(k == 0 ? "#fff" : "#000") +
                               "\"");
                at += share;
            }
            d.text(f.right() + 8, y + 14, n ? svg::tick_label(static_cast<double>(n), 1) : "none",
                   " font-size=\"10.5\"");
            d.close("g");
        }
        return d.str();
    };
    bool won_measures = false;  // --measures (not --reasons alone): the won deals' measures too
    for (const auto& p : per_) won_measures |= p.shortest_n > 0 || p.casual_plays > 0;
    std::string out = won_measures ? "<p class=\"note\">The study ran <code>--measures</code>: every lost deal has a "
                                     "reason, every won deal its measures (docs/measures.md).</p>\n"
                                   : "<p class=\"note\">The study ran <code>--reasons</code>: every lost deal has a "
                                     "reason (docs/measures.md).</p>\n";
    out += "<figure id=\"chart-reasons\" class=\"chart\">\n" +
           stacked(
               "reasons", "Losses by reason per rule set", {"blocked", "free-stock", "order", "unexplained"},
               [](const PerRuleSet& p) { return std::vector<uint64_t>(p.reasons, p.reasons + 4); },
               "share of the rule set's lost deals (count at the right)") +
           "<figcaption>Why each lost deal is lost. <b>blocked</b>: a card that can never be removed (the "
           "dead-card check at the start); <b>free-stock</b>: lost even if every stock card could be played at any "
           "time; <b>order</b>: the pairing rules allow a win, the stock's order does not.</figcaption>\n"
           "</figure>\n";
    if (won_measures)
        out += "<figure id=\"chart-grades\" class=\"chart\">\n" +
               stacked(
                   "grades", "Won deals by grade per rule set", {"easy", "medium", "hard", "expert", "no grade"},
                   [](const PerRuleSet& p) { return std::vector<uint64_t>(p.grades, p.grades + 5); },
                   "share of the rule set's won deals (count at the right)") +
               "<figcaption>Grades from the difficulty (100 x the casual player's failure rate + crossroads) against "
               "the rule set's quartiles (bench/measures.md); <b>no grade</b>: no thresholds for the rule set, or a "
               "measure over budget.</figcaption>\n</figure>\n";
    out += "<table id=\"measures-table\">\n<tr><th class=\"l\">rule set</th><th>lost</th><th>blocked</th>"
           "<th>free-stock</th><th>order</th><th>won</th>" +
           std::string(won_measures ? "<th>mean shortest</th><th>winning first moves</th><th>mean crossroads</th>"
                                      "<th>casual success</th>"
                                    : "") +
           "</tr>\n";
    for (size_t i = 0; i < per_.size(); ++i) {
        const PerRuleSet& p = per_[i];
        const uint64_t lost = p.reasons[0] + p.reasons[1] + p.reasons[2] + p.reasons[3];
        auto pct = [](uint64_t a, uint64_t b) {
            return b ? fixed(100.0 * static_cast<double>(a) / static_cast<double>(b), 1) + "%" : std::string("-");
        };
        out += "<tr><td class=\"l\">" + escape(label(i)) + "</td><td>" + std::to_string(lost) + "</td><td>" +
               pct(p.reasons[0], lost) + "</td><td>" + pct(p.reasons[1], lost) + "</td><td>" + pct(p.reasons[2], lost) +
               "</td><td>" + std::to_string(p.measured_wins) + "</td>";
        if (won_measures)
            out += "<td>" +
                   (p.shortest_n ? fixed(static_cast<double>(p.shortest_sum) / static_cast<double>(p.shortest_n), 1)
                                 : "-") +
                   "</td><td>" + pct(p.first_win, p.first_legal) + "</td><td>" +
                   (p.shortest_n ? fixed(static_cast<double>(p.crossroads_sum) / static_cast<double>(p.shortest_n), 2)
                                 : "-") +
                   "</td><td>" + pct(p.casual_wins, p.casual_plays) + "</td>";
        out += "</tr>\n";
    }
    out += "</table>\n";
    return out;
}

std::string StudyReport::comparison_section() const {
    if (comparisons_.empty()) return "";
    using html::escape;
    std::string out = "<p class=\"note\">Each pair of rule sets that differ in one rule, compared deal by deal over "
                      "the deals decided in both (deals intractable in either are excluded): won in both, by the "
                      "first only, by the second only, by neither. The difference of the win rates (first - "
                      "second) has Newcombe's paired 95% interval; McNemar's exact test asks whether the deals "
                      "that flip go one way more often than chance. <code>pyramid compare FILE --a RULESET --b "
                      "RULESET --list</code> lists the deals that flip.</p>\n";
    // The chart: one row per pair, the difference in points with its interval.
    double lo = 0, hi = 0;
    for (const auto& c : comparisons_)
        if (c.result.ci95) lo = std::min(lo, 100 * c.result.ci95->low), hi = std::max(hi, 100 * c.result.ci95->high);
    auto [x0, x1] = svg::nice_domain(lo, hi, 6);
    double label_w = 0;
    auto pair_label = [&](const ReportComparison& c) { return label(c.first) + " vs " + inner_label(c.second); };
    for (const auto& c : comparisons_) label_w = std::max(label_w, svg::text_width(pair_label(c), 11));
    const double row = 26;
    const svg::Frame f{std::max(120.0, label_w + 16), 24, 420, row * static_cast<double>(comparisons_.size())};
    svg::Document d(f.right() + 150, f.bottom() + 48, "Paired differences of win rates");
    const svg::LinearScale x(x0, x1, f.left, f.right());
    const auto xt = svg::linear_ticks(x0, x1, 6);
    std::vector<std::string> xl;
    for (double t : xt) xl.push_back(svg::tick_label(t, svg::nice_step(x1 - x0, 6)));
    svg::axis_bottom(d, f, x, xt, xl, "difference of win rates, first - second (percentage points)");
    d.line(x(0), f.top, x(0), f.bottom(), " stroke=\"#555\" stroke-dasharray=\"4 3\"");
    for (size_t k = 0; k < comparisons_.size(); ++k) {
        const auto& c = comparisons_[k];
        const double y = f.top + row * (static_cast<double>(k) + 0.5);
        d.open("g", attr("class", "comparison") + attr("data-pair", pair_label(c)));
        d.text(f.left - 8, y + 4, pair_label(c), " font-size=\"11\" text-anchor=\"end\"");
        if (c.result.difference && c.result.ci95) {
            const std::string stroke = attr("stroke", svg::series_colour(0)) + " stroke-width=\"1.8\"";
            const double xa = x(100 * c.result.ci95->low), xb = x(100 * c.result.ci95->high);
            d.line(xa, y, xb, y, stroke);
            d.line(xa, y - 5, xa, y + 5, stroke);
            d.line(xb, y - 5, xb, y + 5, stroke);
            d.marker(svg::Shape::Diamond, x(100 * *c.result.difference), y, 10,
                     attr("fill", svg::series_colour(0)) + " stroke=\"#fff\"");
            d.text(f.right() + 8, y + 4, "p = " + p_value_text(c.result.mcnemar_p, c.result.mcnemar_log10_p),
                   " font-size=\"10.5\"");
        } else {
            d.text(f.left + 4, y + 4, "no deal decided in both", " font-size=\"10.5\"");
        }
        d.close("g");
    }
    out += "<figure id=\"chart-compare\" class=\"chart\">\n" + d.str() +
           "<figcaption>Each row: the first rule set's win rate minus the second's over the same deals (diamond), "
           "with Newcombe's paired 95% interval (bar); right, McNemar's exact two-sided p value. Left of the "
           "dashed zero line the second rule set wins more deals.</figcaption>\n</figure>\n";
    out += "<table id=\"compare-table\">\n<tr><th class=\"l\">first</th><th class=\"l\">second</th>"
           "<th class=\"l\">differ in</th><th>both</th><th>first only</th><th>second only</th><th>neither</th>"
           "<th>excluded</th><th class=\"l\">difference (95% CI)</th><th>McNemar p</th></tr>\n";
    for (const auto& c : comparisons_) {
        const auto& k = c.result.counts;
        out += "<tr><td class=\"l\">" + escape(label(c.first)) + "</td><td class=\"l\">" + escape(label(c.second)) +
               "</td><td class=\"l\">" + escape(c.axis) + "</td><td>" + std::to_string(k.both) + "</td><td>" +
               std::to_string(k.first_only) + "</td><td>" + std::to_string(k.second_only) + "</td><td>" +
               std::to_string(k.neither) + "</td><td>" + std::to_string(k.excluded) + "</td><td class=\"l\">" +
               escape(difference_text(c.result)) + "</td><td>" +
               escape(p_value_text(c.result.mcnemar_p, c.result.mcnemar_log10_p)) + "</td></tr>\n";
    }
    out += "</table>\n";
    return out;
}

std::string StudyReport::html(const std::string& title, const std::vector<std::pair<std::string, std::string>>& facts,
                              const std::vector<ReportSummaryRow>& rows) const {
    using html::escape;
    std::string b = "<h1>" + escape(title) + "</h1>\n";
    const std::string partial = partial_.empty() ? "" : "<p class=\"partial\">" + escape(partial_) + "</p>\n";
    b += partial;
    b += "<nav class=\"noprint\"><a href=\"#study\">The study</a><a href=\"#win-rates\">Win rates</a>"
         "<a href=\"#lengths\">Solution lengths</a><a href=\"#effort\">Search effort</a>" +
         std::string(measures_section().empty() ? "" : "<a href=\"#measures\">Reasons and measures</a>") +
         std::string(comparisons_.empty() ? "" : "<a href=\"#compare\">Paired comparisons</a>") +
         std::string(challenges_.empty() ? "" : "<a href=\"#challenge\">Challenge</a>") +
         "<a href=\"#summary\">Summary table</a></nav>\n";

    b += "<section id=\"study\">\n<h2>The study</h2>\n<table class=\"facts\">\n";
    for (const auto& [what, value] : facts)
        b += "<tr><td>" + escape(what) + "</td><td>" + escape(value) + "</td></tr>\n";
    b += "</table>\n<p>Rule sets:</p>\n<ol>\n";
    for (size_t i = 0; i < rules_.size(); ++i)
        b += "<li><b>" + escape(label(i)) + "</b>: " + escape(summary(rules_[i])) + "</li>\n";
    b += "</ol>\n</section>\n";

    b += "<section id=\"win-rates\">\n<h2>Win rate per rule set</h2>\n" + win_rate_chart(rows) + "</section>\n";
    if (const std::string m = measures_section(); !m.empty())
        b += "<section id=\"measures\">\n<h2>Why deals are lost, and how hard the won ones are</h2>\n" + m +
             "</section>\n";
    if (!comparisons_.empty())
        b += "<section id=\"compare\">\n<h2>Paired comparisons</h2>\n" + comparison_section() + "</section>\n";
    if (!challenges_.empty())
        b += "<section id=\"challenge\">\n<h2>Challenge " + escape(challenges_.front().challenge) + "</h2>\n" +
             challenge_section() + "</section>\n";
    b += "<section id=\"lengths\">\n<h2>Solution lengths</h2>\n" + length_histograms() + "</section>\n";

    b += "<section id=\"effort\">\n<h2>Search effort</h2>\n" + effort_chart();
    b += "<h3>The ten hardest deals</h3>\n<p class=\"note\">Most positions searched first; the command solves the "
         "deal again.</p>\n<table id=\"hardest\">\n<tr><th>#</th><th class=\"l\">rule set</th><th>seed</th>"
         "<th class=\"l\">verdict</th><th>states</th><th>seconds</th><th>moves</th><th class=\"l\">command</th></tr>\n";
    for (size_t k = 0; k < hardest_.size(); ++k) {
        const StudyRecord& r = hardest_[k];
        const Variant& v = rules_[r.combo];
        std::string cmd = "pyramid solve --variant " + v.name;
        cmd += rules_options(v);
        cmd += r.deal && !r.deal->empty() ? " --deal " + *r.deal : " --seed " + r.seed.text();
        b += "<tr><td>" + std::to_string(k + 1) + "</td><td class=\"l\">" + escape(label(r.combo)) + "</td><td>" +
             r.seed.text() + "</td><td class=\"l\">" + verdict_text(r.verdict) + "</td><td>" + thousands(r.states) +
             "</td><td>" + fixed(r.seconds, 3) + "</td><td>" + (r.moves >= 0 ? std::to_string(r.moves) : "-") +
             "</td><td class=\"l\"><code>" + escape(cmd) + "</code></td></tr>\n";
    }
    b += "</table>\n</section>\n";

    b += "<section id=\"summary\">\n<h2>Summary table</h2>\n" + partial +
         "<p class=\"note\">The figures of <code>pyramid stats "
         "--format text</code>. Win rate = wins / (wins + losses); intractable deals (the search budget ran out) "
         "are counted apart. deals/s: deals / solver seconds, one worker's speed.</p>\n";
    b += "<table id=\"summary-table\">\n<tr><th class=\"l\">rule set</th><th>deals</th><th>wins</th><th>losses</th>"
         "<th>intract</th><th>win rate</th><th>95% CI</th><th>states total</th><th>mean</th><th>max</th>"
         "<th>deals/s</th></tr>\n";
    for (size_t i = 0; i < rows.size() && i < rules_.size(); ++i) {
        const ReportSummaryRow& s = rows[i];
        b += "<tr><td class=\"l\">" + escape(label(i)) + "</td><td>" + std::to_string(s.deals) + "</td><td>" +
             std::to_string(s.wins) + "</td><td>" + std::to_string(s.losses) + "</td><td>" +
             std::to_string(s.intractable) + "</td><td>" + escape(s.win_rate) + "</td><td>" + escape(s.ci95) +
             "</td><td>" + std::to_string(s.states_total) + "</td><td>" + fixed(s.states_mean, 0) + "</td><td>" +
             std::to_string(s.states_max) + "</td><td>" + fixed(s.deals_per_second, 1) + "</td></tr>\n";
    }
    b += "</table>\n<p class=\"note\">Solution length of won deals (" +
         std::string(optimal_ ? "minimum move counts: the study ran --optimal"
                              : "moves of the solution found, not "
                                "minimal") +
         "):</p>\n<table id=\"lengths-table\">\n<tr><th class=\"l\">rule set</th><th>won</th><th>mean</th>"
         "<th>median</th><th>min</th><th>max</th></tr>\n";
    for (size_t i = 0; i < rows.size() && i < rules_.size(); ++i) {
        const ReportSummaryRow& s = rows[i];
        const bool any = s.won_with_length > 0;
        b += "<tr><td class=\"l\">" + escape(label(i)) + "</td><td>" + std::to_string(s.won_with_length) + "</td><td>" +
             (any ? fixed(s.moves_mean, 1) : "-") + "</td><td>" + (any ? fixed(s.moves_median, 1) : "-") + "</td><td>" +
             (any ? std::to_string(s.moves_min) : "-") + "</td><td>" + (any ? std::to_string(s.moves_max) : "-") +
             "</td></tr>\n";
    }
    b += "</table>\n</section>\n";
    b += "<p class=\"note\">Written by <code>pyramid report</code>: one file, no network; the charts are inline "
         "SVG.</p>\n";
    // The PARTIAL note's style, on the pages that have one.
    return html::page(
        title,
        partial_.empty() ? std::string(kCss) : std::string(kCss) + "p.partial { font-weight: bold; color: #a01010; }\n",
        b);
}

std::string audit_text(const AuditResult& a) {
    const std::string sampled = std::to_string(a.sampled) + " of " + std::to_string(a.records) + " record" +
                                (a.records == 1 ? "" : "s") + " re-solved (sample seed " + std::to_string(a.seed) + ")";
    if (!a.clean())
        return "audit: " + std::to_string(a.mismatches.size()) + " of " + std::to_string(a.sampled) +
               " records re-solved (sample seed " + std::to_string(a.seed) + ")" +
               " do not reproduce: no summary (a record file edited, or its records written by a faulty program)";
    std::string s = "audit: " + sampled + ": " + std::to_string(a.reproduced) + " reproduce";
    if (a.unclaimed) s += ", " + std::to_string(a.unclaimed) + " intractable (no verdict claimed, not checked)";
    if (a.undecided) s += ", " + std::to_string(a.undecided) + " not decided again within the budget (not checked)";
    return s;
}

std::vector<std::string> audit_mismatch_lines(const AuditResult& a) {
    constexpr size_t kNamed = 20;  // the rest counted
    std::vector<std::string> out;
    for (const auto& m : a.mismatches) {
        if (out.size() == kNamed) {
            out.push_back("... and " + std::to_string(a.mismatches.size() - kNamed) + " more");
            break;
        }
        out.push_back(
            (m.record.deal ? "deal " + m.record.seed.text() + " of the deals file" : "seed " + m.record.seed.text()) +
            " (" + rules_text(m.record.rules) + ") in '" + m.file + "': " + m.field + " recorded " + m.recorded +
            ", recomputed " + m.recomputed);
    }
    return out;
}

}  // namespace pyr
