#include "report/compare.h"

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

#include "report/summary.h"

namespace pyr {

namespace {
json::value opt(const std::optional<double>& d) { return d ? json::value(*d) : json::value(nullptr); }

std::string signed_points(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%+.2f", 100 * x);
    return b;
}
std::string csv_num(const std::optional<double>& d) {
    if (!d) return "";
    char b[40];
    std::snprintf(b, sizeof b, "%.6g", *d);
    return b;
}
}  // namespace

std::string p_value_text(double p, double log10_p) {
    char b[40];
    if (p <= 0 || p < 1e-300) {
        // Below a double's range: from the log.
        const double e = std::floor(log10_p);
        std::snprintf(b, sizeof b, "%.2fe%d", std::pow(10.0, log10_p - e), static_cast<int>(e));
        return b;
    }
    if (p >= 0.001) std::snprintf(b, sizeof b, "%.4f", p);
    else std::snprintf(b, sizeof b, "%.2e", p);
    return b;
}

std::string difference_text(const PairedComparison& r) {
    if (!r.difference) return "-";
    std::string s = signed_points(*r.difference) + " points";
    if (r.ci95) s += " (95% CI " + signed_points(r.ci95->low) + " to " + signed_points(r.ci95->high) + ")";
    return s;
}

json::object paired_json(const PairedComparison& r, const std::string& first, const std::string& second) {
    json::object o;
    o["deals"] = r.counts.decided();
    o["both"] = r.counts.both;
    o[first + "_only"] = r.counts.first_only;
    o[second + "_only"] = r.counts.second_only;
    o["neither"] = r.counts.neither;
    o["excluded"] = r.counts.excluded;
    // Each key by its own statement: a second insertion may move the object's
    // storage, and with it a reference the first operator[] gave.
    o["first_rate"] = opt(r.first_rate);
    o["first_win_rate"] = opt(r.first_rate);
    o["second_rate"] = opt(r.second_rate);
    o["second_win_rate"] = opt(r.second_rate);
    o["difference"] = opt(r.difference);
    o["ci95_low"] = r.ci95 ? json::value(r.ci95->low) : json::value(nullptr);
    o["ci95_high"] = r.ci95 ? json::value(r.ci95->high) : json::value(nullptr);
    o["ci_method"] = "newcombe-paired";
    o["mcnemar_p"] = r.mcnemar_p;
    o["mcnemar_log10_p"] = r.mcnemar_log10_p;
    o["test"] = "mcnemar-exact";
    return o;
}

json::object comparison_json(const NamedComparison& c) {
    json::object o;
    o["first"] = rule_set_name(c.first);
    o["second"] = rule_set_name(c.second);
    for (const auto& kv : paired_json(c.result)) o[kv.key()] = kv.value();
    if (c.listed) {
        json::array flips;
        for (const auto& [seed, first] : c.flips) {
            json::object f;
            f["seed"] = seed.fits_u64() ? json::value(seed.u64()) : json::value(seed.text());
            f["won_by"] = first ? "first" : "second";
            flips.push_back(std::move(f));
        }
        o["flips"] = std::move(flips);
    }
    return o;
}

std::string comparison_csv_header() {
    return "first,second,deals,both,first_only,second_only,neither,excluded,first_win_rate,second_win_rate,"
           "difference,ci95_low,ci95_high,ci_method,mcnemar_p,mcnemar_log10_p";
}

std::string comparison_csv_row(const NamedComparison& c) {
    const PairedComparison& r = c.result;
    // Rule set names hold commas: quoted.
    std::ostringstream o;
    o << '"' << rule_set_name(c.first) << "\",\"" << rule_set_name(c.second) << "\"," << r.counts.decided() << ','
      << r.counts.both << ',' << r.counts.first_only << ',' << r.counts.second_only << ',' << r.counts.neither << ','
      << r.counts.excluded << ',' << csv_num(r.first_rate) << ',' << csv_num(r.second_rate) << ','
      << csv_num(r.difference) << ',' << (r.ci95 ? csv_num(r.ci95->low) : "") << ','
      << (r.ci95 ? csv_num(r.ci95->high) : "") << ",newcombe-paired," << csv_num(r.mcnemar_p) << ","
      << csv_num(r.mcnemar_log10_p);
    return o.str();
}

void print_comparison_text(std::ostream& out, const NamedComparison& c) {
    const PairedComparison& r = c.result;
    const auto& k = r.counts;
    out << "first:   " << rule_set_name(c.first) << "\n";
    out << "second:  " << rule_set_name(c.second) << "\n";
    out << "deals decided in both: " << k.decided();
    if (k.excluded) out << " (" << k.excluded << " excluded: intractable in either, or in one file only)";
    out << "\n";
    out << "  won in both:      " << std::setw(10) << k.both << "\n";
    out << "  first only:       " << std::setw(10) << k.first_only << "\n";
    out << "  second only:      " << std::setw(10) << k.second_only << "\n";
    out << "  neither:          " << std::setw(10) << k.neither << "\n";
    if (r.first_rate)
        out << "win rates: first " << percent_text(*r.first_rate, 2) << ", second " << percent_text(*r.second_rate, 2)
            << "\n";
    out << "difference (first - second): " << difference_text(r) << ", Newcombe's paired interval\n";
    out << "McNemar's exact test (" << k.first_only + k.second_only
        << " deals flip): two-sided p = " << p_value_text(r.mcnemar_p, r.mcnemar_log10_p) << "\n";
}

void print_comparison(std::ostream& out, const NamedComparison& c, const std::string& format) {
    if (format == "json") {
        out << json::serialize(comparison_json(c)) << "\n";
    } else if (c.listed) {
        if (format == "csv") out << "seed,won_by\n";
        for (const auto& [seed, first] : c.flips)
            out << seed.text() << (format == "csv" ? "," : " ") << (first ? "first" : "second") << "\n";
    } else if (format == "csv") {
        out << comparison_csv_header() << "\n" << comparison_csv_row(c) << "\n";
    } else {
        print_comparison_text(out, c);
    }
}

void print_player_comparisons(std::ostream& out, const std::string& first, const std::string& second,
                              const std::map<std::string, PairedCounts>& per_rule_set, const std::string& format) {
    json::array rows;
    std::ostringstream text;
    text << "first: " << first << "   second: " << second << "\n";
    text << std::left << std::setw(44) << "rule set" << std::right << std::setw(8) << "deals" << std::setw(8) << "both"
         << std::setw(8) << "first" << std::setw(8) << "second" << std::setw(9) << "neither" << std::setw(10) << "diff"
         << "  " << std::left << std::setw(19) << "95% CI" << std::right << std::setw(11) << "McNemar p"
         << "\n";
    for (const auto& [rules, counts] : per_rule_set) {
        const PairedComparison p = paired_comparison(counts);
        json::object o;
        o["rule_set"] = rules;
        o["first"] = first;
        o["second"] = second;
        for (const auto& kv : paired_json(p)) o[kv.key()] = kv.value();
        rows.push_back(o);
        auto pc = [](double x) {
            std::ostringstream s;
            s << std::fixed << std::setprecision(2) << 100 * x << "%";
            return s.str();
        };
        std::ostringstream mp;
        mp << std::setprecision(2) << p.mcnemar_p;
        text << std::left << std::setw(44) << rules << std::right << std::setw(8) << counts.decided() << std::setw(8)
             << counts.both << std::setw(8) << counts.first_only << std::setw(8) << counts.second_only << std::setw(9)
             << counts.neither << std::setw(10) << (p.difference ? pc(*p.difference) : "-") << "  " << std::left
             << std::setw(19) << (p.ci95 ? pc(p.ci95->low) + " - " + pc(p.ci95->high) : std::string("-")) << std::right
             << std::setw(11) << mp.str() << "\n";
    }
    if (format == "json") {
        json::object o;
        o["comparisons"] = rows;
        out << json::serialize(o) << "\n";
    } else {
        out << text.str() << "(first/second: deals won by that player only; diff: first's win rate less second's)\n";
    }
}

}  // namespace pyr
