#include "study/compare.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>
#include <tuple>

#include <boost/math/distributions/binomial.hpp>

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

McNemarTest mcnemar_exact(uint64_t b, uint64_t c) {
    const uint64_t n = b + c;
    if (n == 0) return {};
    const uint64_t m = std::min(b, c);
    // 2 P(X <= m) for X ~ Binomial(n, 1/2), from Boost.Math (the regularized
    // incomplete beta function, accurate to a few ulps at any n).
    const boost::math::binomial_distribution<double> x(static_cast<double>(n), 0.5);
    const double p = 2 * boost::math::cdf(x, static_cast<double>(m));
    if (p >= 1) return {};
    if (p >= std::numeric_limits<double>::min()) return {p, std::log10(p)};
    // p underflows a double (thousands of discordant deals, nearly all one
    // way): its log10 from the largest term, P(X = m), and the tail's sum
    // relative to it, whose ratios k / (n - k + 1) only shrink.
    const double ln_top = std::lgamma(static_cast<double>(n) + 1) - std::lgamma(static_cast<double>(m) + 1) -
                          std::lgamma(static_cast<double>(n - m) + 1) - static_cast<double>(n) * std::log(2.0);
    double sum = 0, term = 1;
    for (uint64_t k = m; term > 1e-18 * sum; --k) {
        sum += term;
        if (k == 0) break;
        term *= static_cast<double>(k) / static_cast<double>(n - k + 1);
    }
    const double log10_p = (std::log(2.0) + ln_top + std::log(sum)) / std::log(10.0);
    return {std::pow(10.0, log10_p), log10_p};
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
                                  static_cast<double>(b) * static_cast<double>(c)) /
                                     den
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
    const McNemarTest test = mcnemar_exact(counts.first_only, counts.second_only);
    out.mcnemar_p = test.p;
    out.mcnemar_log10_p = test.log10_p;
    return out;
}

// ------------------------------------------------------------- rule sets

RuleSetPattern parse_rule_set_pattern(const std::string& text) {
    try {
        return RuleSet::parse(text);
    } catch (const RuleError& e) {
        throw StudyError(e.what());
    }
}

bool differ_in_one_rule(const Variant& a, const Variant& b, std::string* axis) {
    if (a.name != b.name) return false;
    const auto differ = rules_differing(a, b);
    if (differ.size() != 1) return false;
    if (axis) *axis = differ.front();
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
            return std::make_pair(std::find(names.begin(), names.end(), v.name) - names.begin(), rules_order(v));
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
