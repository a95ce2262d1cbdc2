// pyramid compare and study/compare.h: paired comparisons of two rule sets.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "engine/json.h"
#include "report/study_input.h"
#include "study/compare.h"
#include "study/runner.h"
#include "tests/cli_run.h"
#include "tests/support.h"

using namespace pyr;

namespace {
std::string tmp_path(const std::string& name) { return "/tmp/pyr_compare_" + std::to_string(getpid()) + "_" + name; }

// P(X <= m) * 2 for X ~ Binomial(n, 1/2), in exact integers (n <= 60).
double exact_two_sided(uint64_t b, uint64_t c) {
    const uint64_t n = b + c, m = std::min(b, c);
    unsigned __int128 sum = 0, binom = 1;
    for (uint64_t k = 0; k <= m; ++k) {
        sum += binom;
        binom = binom * (n - k) / (k + 1);
    }
    const double p = 2.0 * static_cast<double>(sum) / std::ldexp(1.0, static_cast<int>(n));
    return std::min(1.0, p);
}

const char* vtext(Verdict v) { return verdict_text(v); }

// log10 of 2 P(X <= m) for X ~ Binomial(n, 1/2), summed in long double logs
// from the largest term down (what study/compare.cpp computed before it took
// Boost.Math's binomial distribution): the reference for large n.
long double log10_two_sided_by_sums(uint64_t b, uint64_t c) {
    const uint64_t n = b + c, m = std::min(b, c);
    auto log_pmf = [&](uint64_t k) {
        return std::lgammal(static_cast<long double>(n) + 1) - std::lgammal(static_cast<long double>(k) + 1) -
               std::lgammal(static_cast<long double>(n - k) + 1) - static_cast<long double>(n) * std::log(2.0L);
    };
    const long double top = log_pmf(m);
    long double sum = 0;
    for (uint64_t k = m + 1; k-- > 0;) {
        const long double t = std::exp(log_pmf(k) - top);
        sum += t;
        if (t < 1e-20L * sum) break;
    }
    return std::min(0.0L, (std::log(2.0L) + top + std::log(sum)) / std::log(10.0L));
}
}  // namespace

TEST_CASE("McNemar's exact p is the two-sided binomial tail on the discordant deals", "[compare]") {
    for (uint64_t b = 0; b <= 25; ++b)
        for (uint64_t c = 0; c <= 25; ++c) {
            INFO("b " << b << " c " << c);
            const double want = b + c == 0 ? 1.0 : exact_two_sided(b, c);
            CHECK(mcnemar_exact(b, c).p == Approx(want).epsilon(1e-9));
        }
    // Where p underflows a double, its log still says how small it is: b = 0, c = n gives 2^(1-n).
    CHECK(mcnemar_exact(0, 1187).log10_p == Approx((1.0 - 1187) * std::log10(2.0)).epsilon(1e-9));
    CHECK(mcnemar_exact(1187, 0).log10_p == mcnemar_exact(0, 1187).log10_p);
}

TEST_CASE("McNemar's exact p at the extremes: no flip, every flip one way, a million flips, p near 1", "[compare]") {
    // No discordant deal: nothing to test, p = 1.
    CHECK(mcnemar_exact(0, 0).p == 1.0);
    CHECK(mcnemar_exact(0, 0).log10_p == 0.0);
    // Every discordant deal one way: p = 2 * 2^-n = 2^(1-n), exactly where a
    // double holds it; past 2^-1022 (n > 1023) only its log10 is finite.
    for (const uint64_t n : {1, 2, 3, 10, 100, 1000, 1023, 1024, 1075, 1187, 5000, 1000000}) {
        INFO("n " << n);
        const double log10_p = (1.0 - static_cast<double>(n)) * std::log10(2.0);
        CHECK(mcnemar_exact(0, n).log10_p == Approx(log10_p).epsilon(1e-12).margin(1e-12));
        CHECK(mcnemar_exact(n, 0).log10_p == mcnemar_exact(0, n).log10_p);
        if (n <= 1023) CHECK(mcnemar_exact(0, n).p == Approx(std::ldexp(1.0, 1 - static_cast<int>(n))).epsilon(1e-12));
        else CHECK(mcnemar_exact(0, n).p < 1e-300);
        CHECK(std::isfinite(mcnemar_exact(0, n).log10_p));
    }
    // p near 1: with n even and b = c - 2, 2 P(X <= n/2 - 1) = 1 - P(X = n/2).
    for (const uint64_t half : {1, 5, 50, 5000, 500000}) {
        INFO("n " << 2 * half);
        const long double centre = std::exp(std::lgammal(2.0L * half + 1) - 2 * std::lgammal(half + 1.0L) -
                                            2.0L * half * std::log(2.0L));
        CHECK(mcnemar_exact(half - 1, half + 1).p == Approx(static_cast<double>(1 - centre)).epsilon(1e-12));
        // An even split, or one deal apart (n odd: P(X <= (n-1)/2) = 1/2): p = 1.
        CHECK(mcnemar_exact(half, half).p == 1.0);
        CHECK(mcnemar_exact(half, half + 1).p == 1.0);
        CHECK(mcnemar_exact(half + 1, half).log10_p == 0.0);
    }
    // Large n, against the sums in logs: where p is a double, and where it underflows.
    std::mt19937_64 rng(33);
    for (int t = 0; t < 300; ++t) {
        // Half anywhere (most far in the tail), half within 8 standard deviations of n/2.
        const uint64_t n = 1 + rng() % (t % 3 == 0 ? 3000 : 2000000);
        const auto sd = static_cast<int64_t>(std::sqrt(static_cast<double>(n)) / 2) + 1;
        const int64_t near = static_cast<int64_t>(n / 2) + static_cast<int64_t>(rng() % (16 * sd + 1)) - 8 * sd;
        const uint64_t b = t % 2 ? rng() % (n + 1) : static_cast<uint64_t>(std::clamp<int64_t>(near, 0, n));
        const uint64_t c = n - b;
        INFO("b " << b << " c " << c);
        const long double want = log10_two_sided_by_sums(b, c);
        const double got = mcnemar_exact(b, c).log10_p;
        if (want > -300) {
            CHECK(mcnemar_exact(b, c).p == Approx(static_cast<double>(std::pow(10.0L, want))).epsilon(1e-9));
        }
        CHECK(got == Approx(static_cast<double>(want)).epsilon(1e-12).margin(1e-9));
    }
    // A million discordant deals 1% apart (10 standard deviations): p near 1.5e-23.
    const long double want = log10_two_sided_by_sums(495000, 505000);
    CHECK(mcnemar_exact(495000, 505000).log10_p == Approx(static_cast<double>(want)).epsilon(1e-12));
    CHECK(mcnemar_exact(495000, 505000).p > 1e-24);
    CHECK(mcnemar_exact(495000, 505000).p < 1e-22);
}

TEST_CASE("Newcombe's paired interval: inside [-1, 1], around the difference, mirrored, near Wald for large n",
          "[compare]") {
    std::mt19937_64 rng(7);
    for (int t = 0; t < 2000; ++t) {
        const uint64_t a = rng() % 30, b = rng() % 30, c = rng() % 30, d = rng() % 30;
        if (a + b + c + d == 0) continue;
        INFO(a << " " << b << " " << c << " " << d);
        const auto i = newcombe_paired_interval(a, b, c, d);
        REQUIRE(i);
        const double n = static_cast<double>(a + b + c + d);
        const double theta = (static_cast<double>(b) - static_cast<double>(c)) / n;
        CHECK(i->low >= -1);
        CHECK(i->high <= 1);
        CHECK(i->low <= theta + 1e-12);
        CHECK(i->high >= theta - 1e-12);
        // Swapping the columns negates the interval.
        const auto j = newcombe_paired_interval(a, c, b, d);
        CHECK(j->low == Approx(-i->high).margin(1e-12));
        CHECK(j->high == Approx(-i->low).margin(1e-12));
    }
    // Large n, proportions away from 0 and 1: the Wald interval on the paired
    // difference, (b-c)/n +- z sqrt(b + c - (b-c)^2/n)/n, is then accurate.
    const double n = 10000, b = 600, c = 400;
    const double se = std::sqrt(b + c - (b - c) * (b - c) / n) / n;
    const auto i = newcombe_paired_interval(4000, 600, 400, 5000);
    CHECK(i->low == Approx(0.02 - kZ95 * se).margin(3e-4));
    CHECK(i->high == Approx(0.02 + kZ95 * se).margin(3e-4));
    CHECK_FALSE(newcombe_paired_interval(0, 0, 0, 0));
}

TEST_CASE("rule sets named on the command line", "[compare]") {
    const auto p = parse_rule_set_pattern("cheops:passes=unlimited,overlap=on");
    CHECK(p.preset == "cheops");
    CHECK(*p.get("passes") == "unlimited");
    CHECK(*p.get("overlap") == "on");
    CHECK_FALSE(p.get("goal"));
    Variant v = *find_preset("cheops");
    v.passes = 0;
    v.overlap = true;
    CHECK(p.matches(v));
    v.overlap = false;
    CHECK_FALSE(p.matches(v));
    CHECK(parse_rule_set_pattern(rule_set_name(v)).matches(v));
    CHECK_THROWS_AS(parse_rule_set_pattern("nosuch"), StudyError);
    CHECK_THROWS_AS(parse_rule_set_pattern("msc:passes=0"), StudyError);
    CHECK_THROWS_AS(parse_rule_set_pattern("msc:colour=red"), StudyError);
    CHECK_THROWS_AS(parse_rule_set_pattern("msc:reserves=open"), StudyError);
    CHECK_THROWS_AS(parse_rule_set_pattern("msc:passes"), StudyError);
    std::string axis;
    Variant a = *find_preset("msc"), b = a;
    b.passes = 1;
    CHECK(differ_in_one_rule(a, b, &axis));
    CHECK(axis == "passes");
    b.overlap = true;
    CHECK_FALSE(differ_in_one_rule(a, b));
}

TEST_CASE("compare on a hand-made record file: the counts, rates, interval and flips it must give", "[compare][cli]") {
    // Two columns over seeds 1..40, each verdict chosen at random: the
    // expectations are counted here, straight from the columns.
    std::mt19937_64 rng(11);
    const Verdict kinds[3] = {Verdict::Win, Verdict::Lose, Verdict::Intractable};
    std::vector<Verdict> one, three;
    const std::string path = tmp_path("hand.jsonl");
    {
        std::ofstream f(path);
        for (int s = 1; s <= 40; ++s) {
            const Verdict x = kinds[rng() % 5 == 0 ? 2 : rng() % 2], y = kinds[rng() % 7 == 0 ? 2 : rng() % 2];
            one.push_back(x);
            three.push_back(y);
            for (auto [passes, v] : {std::pair<int, Verdict>{1, x}, {3, y}})
                f << "{\"seed\":" << s << ",\"variant\":\"msc\",\"passes\":" << passes
                  << ",\"goal\":\"pyramid\",\"overlap\":false,\"verdict\":\"" << vtext(v)
                  << "\",\"moves\":" << (v == Verdict::Win ? "30" : "null") << ",\"states\":5,\"seconds\":0.001}\n";
        }
        // A seed in one column only: excluded.
        f << "{\"seed\":41,\"variant\":\"msc\",\"passes\":3,\"goal\":\"pyramid\",\"overlap\":false,\"verdict\":\"win\","
             "\"moves\":30,\"states\":5,\"seconds\":0.001}\n";
    }
    uint64_t both = 0, first = 0, second = 0, neither = 0, excluded = 1;
    std::string flips;
    for (size_t i = 0; i < one.size(); ++i) {
        if (one[i] == Verdict::Intractable || three[i] == Verdict::Intractable) {
            ++excluded;
            continue;
        }
        const bool x = one[i] == Verdict::Win, y = three[i] == Verdict::Win;
        both += x && y, first += x && !y, second += !x && y, neither += !x && !y;
        if (x != y) flips += std::to_string(i + 1) + (x ? " first\n" : " second\n");
    }
    REQUIRE(first + second > 3);  // the sample has flips both ways to test
    REQUIRE(excluded > 2);
    const auto r = test::run("compare " + path + " --format json");
    REQUIRE(r.status == 0);
    const auto o = json::parse(r.out).as_object();
    CHECK(o.at("first").as_string() == "msc:passes=1,goal=pyramid,overlap=off");
    CHECK(o.at("both").to_number<uint64_t>() == both);
    CHECK(o.at("first_only").to_number<uint64_t>() == first);
    CHECK(o.at("second_only").to_number<uint64_t>() == second);
    CHECK(o.at("neither").to_number<uint64_t>() == neither);
    CHECK(o.at("excluded").to_number<uint64_t>() == excluded);
    const double n = static_cast<double>(both + first + second + neither);
    CHECK(o.at("deals").to_number<uint64_t>() == both + first + second + neither);
    CHECK(o.at("first_win_rate").to_number<double>() == Approx((both + first) / n));
    CHECK(o.at("difference").to_number<double>() == Approx((double(first) - double(second)) / n));
    CHECK(o.at("mcnemar_p").to_number<double>() == Approx(exact_two_sided(first, second)));
    const auto ci = newcombe_paired_interval(both, first, second, neither);
    CHECK(o.at("ci95_low").to_number<double>() == Approx(ci->low));
    CHECK(o.at("ci95_high").to_number<double>() == Approx(ci->high));

    const auto l = test::run("compare " + path + " --list");
    REQUIRE(l.status == 0);
    CHECK(l.out == flips);
    // Named the other way round, the table mirrors.
    const auto csv = test::run("compare " + path + " --format csv --a msc:passes=3 --b msc:passes=1");
    REQUIRE(csv.status == 0);
    CHECK(csv.out.find("\"msc:passes=3,goal=pyramid,overlap=off\",\"msc:passes=1,goal=pyramid,overlap=off\"," +
                       std::to_string(both + first + second + neither) + "," + std::to_string(both) + "," +
                       std::to_string(second) + "," + std::to_string(first) + "," + std::to_string(neither) + "," +
                       std::to_string(excluded) + ",") != std::string::npos);
    const auto text = test::run("compare " + path);
    CHECK(text.out.find("first only:       " + std::string(10 - std::to_string(first).size(), ' ') +
                        std::to_string(first)) != std::string::npos);
    // Bad names: one line, exit 2.
    for (const char* bad : {"--a msc:passes=2 --b msc:passes=1", "--a msc --b msc:passes=1", "--a msc:passes=1",
                            "--a giza --b msc", "--a msc:passes=1 --b msc:passes=1"}) {
        const auto e = test::run("compare " + path + " " + bad);
        INFO(bad << ": " << e.err);
        CHECK(e.status == 2);
        CHECK(std::count(e.err.begin(), e.err.end(), '\n') == 1);
    }
    std::remove(path.c_str());
}

TEST_CASE("compare on a real study: the solver's own verdicts deal by deal, one file or two", "[compare][cli]") {
    const int deals = test::reduced(300);
    const std::string both_path = tmp_path("real.jsonl"), p1 = tmp_path("p1.csv"), p3 = tmp_path("p3.jsonl");
    for (const auto& p : {both_path, p1, p3}) std::remove(p.c_str());
    const std::string seeds = " --seeds 1-" + std::to_string(deals) + " --quiet --threads 2";
    REQUIRE(test::run("stats --variant msc --passes 1,3" + seeds + " --out " + both_path).status == 0);
    REQUIRE(test::run("stats --variant msc --passes 1" + seeds + " --out " + p1).status == 0);
    REQUIRE(test::run("stats --variant msc --passes 3" + seeds + " --out " + p3).status == 0);
    // The expectations: every deal solved here, at each pass count.
    StudySpec spec;
    spec.combos = study_combos({"msc"}, std::vector<int>{1, 3});
    spec.deals = seeds_range("1-" + std::to_string(deals));
    Solver solver;
    uint64_t k[4] = {0, 0, 0, 0};
    std::string flips;
    for (int d = 0; d < deals; ++d) {
        const auto a = solve_task(solver, spec, spec.task_of(d, 0), nullptr);
        const auto b = solve_task(solver, spec, spec.task_of(d, 1), nullptr);
        REQUIRE(a);
        REQUIRE(b);
        REQUIRE(a->verdict != Verdict::Intractable);
        const bool x = a->verdict == Verdict::Win, y = b->verdict == Verdict::Win;
        ++k[x && y ? 0 : x ? 1 : y ? 2 : 3];
        if (x != y) flips += std::to_string(d + 1) + (x ? " first\n" : " second\n");
    }
    REQUIRE(k[2] > 0);
    for (const std::string& files : {both_path, p1 + " " + p3, p3 + " " + p1}) {
        INFO(files);
        const auto r = test::run("compare " + files + " --format json --a msc:passes=1 --b msc:passes=3");
        REQUIRE(r.status == 0);
        const auto o = json::parse(r.out).as_object();
        CHECK(o.at("both").to_number<uint64_t>() == k[0]);
        CHECK(o.at("first_only").to_number<uint64_t>() == k[1]);
        CHECK(o.at("second_only").to_number<uint64_t>() == k[2]);
        CHECK(o.at("neither").to_number<uint64_t>() == k[3]);
        CHECK(o.at("excluded").to_number<uint64_t>() == 0);
        CHECK(test::run("compare " + files + " --list").out == flips);
    }
    // The report shows the comparison of the two rule sets (they differ in passes).
    const auto page = report_from_files({both_path}, false, {});
    CHECK(page.html.find("id=\"compare-table\"") != std::string::npos);
    CHECK(page.html.find("<td>" + std::to_string(k[0]) + "</td><td>" + std::to_string(k[1]) + "</td><td>" +
                         std::to_string(k[2]) + "</td><td>" + std::to_string(k[3]) + "</td>") != std::string::npos);
    // One rule set alone: nothing to compare, and no section.
    CHECK(report_from_files({p1}, false, {}).html.find("compare-table") == std::string::npos);
    for (const auto& p : {both_path, p1, p3}) std::remove(p.c_str());
}
