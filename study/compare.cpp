#include "study/compare.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <stdexcept>
#include <tuple>

#include "engine/input.h"

namespace pyr {

void PairedCounts::add(Verdict first, Verdict second) {
    if (first == Verdict::Intractable || second == Verdict::Intractable) {
        ++excluded;
        return;
    }
    const bool f = first == Verdict::Win, s = second == Verdict::Win;
    if (f && s) ++both;
    else if (f) ++first_only;
    else if (s) ++second_only;
    else ++neither;
}

PairedCounts paired_counts(const std::vector<Verdict>& first, const std::vector<Verdict>& second) {
    if (first.size() != second.size()) throw std::invalid_argument("paired_counts: columns of different lengths");
    PairedCounts c;
    for (size_t i = 0; i < first.size(); ++i) c.add(first[i], second[i]);
    return c;
}

double mcnemar_exact_p(uint64_t b, uint64_t c) { return std::pow(10.0, mcnemar_exact_log10_p(b, c)); }

double mcnemar_exact_log10_p(uint64_t b, uint64_t c) {
    const uint64_t n = b + c;
    if (n == 0) return 0;
    const uint64_t m = std::min(b, c);
    // P(X <= m) for X ~ Binomial(n, 1/2), summed in logs from the largest term
    // (k = m) down, so huge n neither overflows nor underflows to a wrong 0.
    const double ln2 = std::log(2.0);
    auto log_pmf = [&](uint64_t k) {
        return std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(k) + 1) -
               std::lgamma(static_cast<double>(n - k) + 1) - static_cast<double>(n) * ln2;
    };
    const double top = log_pmf(m);
    double sum = 0;
    for (uint64_t k = m + 1; k-- > 0;) {
        const double t = std::exp(log_pmf(k) - top);
        sum += t;
        if (t < 1e-18 * sum) break;  // the terms only shrink further down
    }
    return std::min(0.0, (std::log(2.0) + top + std::log(sum)) / std::log(10.0));
}

std::optional<Interval> newcombe_paired_interval(uint64_t a, uint64_t b, uint64_t c, uint64_t d, double z) {
    const uint64_t n = a + b + c + d;
    if (n == 0) return std::nullopt;
    const double N = static_cast<double>(n);
    const double p1 = static_cast<double>(a + b) / N, p2 = static_cast<double>(a + c) / N;
    const Interval w1 = *wilson_interval(a + b, n, z), w2 = *wilson_interval(a + c, n, z);
    // phi: the correlation of the two columns (0 when a margin is empty).
    const double r1 = static_cast<double>(a + b), r0 = static_cast<double>(c + d);
    const double c1 = static_cast<double>(a + c), c0 = static_cast<double>(b + d);
    const double den = std::sqrt(r1 * r0 * c1 * c0);
    const double phi = den > 0 ? (static_cast<double>(a) * static_cast<double>(d) -
                                  static_cast<double>(b) * static_cast<double>(c)) / den
                               : 0.0;
    const double theta = p1 - p2;
    const double l1 = p1 - w1.low, u1 = w1.high - p1, l2 = p2 - w2.low, u2 = w2.high - p2;
    const double dl = l1 * l1 - 2 * phi * l1 * u2 + u2 * u2;
    const double du = u1 * u1 - 2 * phi * u1 * l2 + l2 * l2;
    Interval out{theta - std::sqrt(std::max(0.0, dl)), theta + std::sqrt(std::max(0.0, du))};
    out.low = std::max(-1.0, out.low);
    out.high = std::min(1.0, out.high);
    return out;
}

PairedComparison paired_comparison(const PairedCounts& counts, double z) {
    PairedComparison out;
    out.counts = counts;
    const uint64_t n = counts.decided();
    if (n > 0) {
        out.first_rate = static_cast<double>(counts.both + counts.first_only) / static_cast<double>(n);
        out.second_rate = static_cast<double>(counts.both + counts.second_only) / static_cast<double>(n);
        out.difference = static_cast<double>(static_cast<int64_t>(counts.first_only) -
                                             static_cast<int64_t>(counts.second_only)) /
                         static_cast<double>(n);
        out.ci95 = newcombe_paired_interval(counts.both, counts.first_only, counts.second_only, counts.neither, z);
    }
    out.mcnemar_log10_p = mcnemar_exact_log10_p(counts.first_only, counts.second_only);
    out.mcnemar_p = std::pow(10.0, out.mcnemar_log10_p);
    return out;
}

// ------------------------------------------------------------- rule sets

bool RuleSetPattern::matches(const Variant& v) const {
    return v.name == variant && (!passes || *passes == v.passes) && (!goal || *goal == v.goal) &&
           (!overlap || *overlap == v.overlap) && (!reserves_open || (v.reserve_piles > 0 && *reserves_open == v.reserves_open));
}

RuleSetPattern parse_rule_set_pattern(const std::string& text) {
    RuleSetPattern p;
    const size_t colon = text.find(':');
    p.variant = text.substr(0, colon);
    const auto preset = find_preset(p.variant);
    if (!preset)
        throw StudyError("unknown variant " + excerpt(p.variant) + " in rule set " + excerpt(text) + " (one of " +
                         preset_names() + ")");
    if (colon == std::string::npos) return p;
    std::string rest = text.substr(colon + 1);
    size_t at = 0;
    while (at <= rest.size()) {
        const size_t comma = rest.find(',', at);
        const std::string item = rest.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        at = comma == std::string::npos ? rest.size() + 1 : comma + 1;
        const size_t eq = item.find('=');
        if (eq == std::string::npos)
            throw StudyError("rule set " + excerpt(text) + ": expected RULE=VALUE after the colon (e.g. msc:passes=1), got " +
                             excerpt(item));
        const std::string rule = item.substr(0, eq), value = item.substr(eq + 1);
        auto on_off_value = [&](const char* on, const char* off) {
            if (value == on || value == "true") return true;
            if (value == off || value == "false") return false;
            throw StudyError("rule set " + excerpt(text) + ": " + rule + " must be '" + on + "' or '" + off + "' (got " +
                             excerpt(value) + ")");
        };
        try {
            if (rule == "passes") p.passes = parse_passes(value);
            else if (rule == "goal") p.goal = parse_goal(value);
            else if (rule == "overlap") p.overlap = on_off_value("on", "off");
            else if (rule == "reserves") {
                if (preset->reserve_piles == 0)
                    throw StudyError("rule set " + excerpt(text) + ": variant '" + p.variant + "' has no reserve piles");
                p.reserves_open = on_off_value("open", "top");
            } else
                throw StudyError("rule set " + excerpt(text) + ": unknown rule " + excerpt(rule) +
                                 " (passes, goal, overlap, reserves)");
        } catch (const std::invalid_argument& e) {
            throw StudyError("rule set " + excerpt(text) + ": " + e.what());
        }
    }
    return p;
}

std::string rule_set_name(const Variant& v) {
    std::string s = v.name + ":passes=" + passes_text(v.passes) + ",goal=" + goal_text(v.goal) + ",overlap=" +
                    on_off(v.overlap);
    if (v.reserve_piles > 0) s += std::string(",reserves=") + reserves_text(v.reserves_open);
    return s;
}

bool differ_in_one_rule(const Variant& a, const Variant& b, std::string* axis) {
    if (a.name != b.name) return false;
    int n = 0;
    std::string which;
    if (a.passes != b.passes) ++n, which = "passes";
    if (a.goal != b.goal) ++n, which = "goal";
    if (a.overlap != b.overlap) ++n, which = "overlap";
    if (a.reserve_piles > 0 && a.reserves_open != b.reserves_open) ++n, which = "reserves";
    if (n != 1) return false;
    if (axis) *axis = which;
    return true;
}

// ------------------------------------------------------------- record files

VerdictColumns read_verdict_columns(const std::vector<std::string>& paths) {
    VerdictColumns cols;
    std::map<Seed, std::string> deals;  // deals-file index -> deal
    bool any_plain = false;
    for (const auto& path : paths) {
        const ReadStats st = read_record_file(path, nullptr, [&](const StudyRecord& r) {
            ++cols.records;
            size_t i = 0;
            while (i < cols.rule_sets.size() && !same_rules(cols.rule_sets[i], r.rules)) ++i;
            if (i == cols.rule_sets.size()) {
                cols.rule_sets.push_back(r.rules);
                cols.verdicts.emplace_back();
            }
            if (r.deal) {
                cols.from_deals_file = true;
                auto [it, fresh] = deals.emplace(r.seed, *r.deal);
                if (!fresh && it->second != *r.deal)
                    throw StudyError(path + ": deal " + r.seed.text() +
                                     " is not the same deal as in the records read before: the files are not over "
                                     "the same deals");
            } else {
                any_plain = true;
            }
            cols.verdicts[i].emplace_back(r.seed, r.verdict);
        });
        cols.torn += st.torn;
    }
    if (cols.from_deals_file && any_plain)
        throw StudyError("the record files mix PySolFC seeds and deals-file deals: not the same deals");
    // Rule sets in the study report's order: variants as met, each with its
    // rules in order (passes 1, 2, ..., unlimited; then goal, overlap, reserves).
    {
        std::vector<std::string> names;
        for (const auto& v : cols.rule_sets)
            if (std::find(names.begin(), names.end(), v.name) == names.end()) names.push_back(v.name);
        auto key = [&](size_t i) {
            const Variant& v = cols.rule_sets[i];
            return std::make_tuple(std::find(names.begin(), names.end(), v.name) - names.begin(),
                                   v.passes == 0 ? 1 << 30 : v.passes, static_cast<int>(v.goal), v.overlap,
                                   v.reserves_open);
        };
        std::vector<size_t> order(cols.rule_sets.size());
        for (size_t i = 0; i < order.size(); ++i) order[i] = i;
        std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
        VerdictColumns sorted = cols;
        for (size_t i = 0; i < order.size(); ++i) {
            sorted.rule_sets[i] = cols.rule_sets[order[i]];
            sorted.verdicts[i] = std::move(cols.verdicts[order[i]]);
        }
        cols = std::move(sorted);
    }
    for (auto& v : cols.verdicts) {
        std::stable_sort(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
        const size_t before = v.size();
        v.erase(std::unique(v.begin(), v.end(), [](const auto& x, const auto& y) { return x.first == y.first; }),
                v.end());
        cols.duplicates += before - v.size();
    }
    return cols;
}

PairedComparison compare_columns(const VerdictColumns& cols, size_t first, size_t second,
                                 const std::function<void(Seed, bool)>& flip) {
    const auto& x = cols.verdicts.at(first);
    const auto& y = cols.verdicts.at(second);
    PairedCounts c;
    size_t i = 0, j = 0;
    // A deal in one column only is excluded, like an intractable one.
    while (i < x.size() || j < y.size()) {
        if (j == y.size() || (i < x.size() && x[i].first < y[j].first)) {
            ++c.excluded, ++i;
        } else if (i == x.size() || y[j].first < x[i].first) {
            ++c.excluded, ++j;
        } else {
            const Verdict a = x[i].second, b = y[j].second;
            c.add(a, b);
            if (flip && a != Verdict::Intractable && b != Verdict::Intractable && a != b)
                flip(x[i].first, a == Verdict::Win);
            ++i, ++j;
        }
    }
    return paired_comparison(c);
}

}  // namespace pyr
