// Honest chances (issue 38, items 4, 5, 8, 10, 13, 14; issue 37, item 6): one
// percent rule for every front end, each across-deals chance with its 95%
// interval (a bootstrap over the table's deals), the challenge's chance on
// the solution page, a board challenge's target said, the options asked
// beside --challenge printed, `bench --threads 1` in the singular, and
// `merge --audit` re-solving the challenge fields of the records it samples.
#include <catch2/catch.hpp>

#include <cstdio>
#include <filesystem>
#include <regex>
#include <string>

#include "api/api.h"
#include "api/results.h"
#include "engine/json.h"
#include "report/challenge.h"
#include "report/format.h"
#include "report/odds_hint.h"
#include "solver/across.h"
#include "tests/scratch.h"
#include "tests/cli_run.h"

using namespace pyr;

namespace {

boost::json::object solve_json(const std::string& args) {
    const test::Run r = test::run("solve --format json " + args);
    INFO(args << "\n" << r.err);
    REQUIRE(r.status == 0);
    return boost::json::parse(r.out).as_object();
}

std::string temp_path(const std::string& name) { return test::scratch_path("chances", name); }

// Each case of a JSON file of cases that the page's tests hold too (tests/web/format_test.mjs).
template <class Check>
void each_case(const std::string& path, size_t more_than, Check check) {
    const auto cases = boost::json::parse(test::slurp(path)).as_array();
    REQUIRE(cases.size() > more_than);
    for (const auto& c : cases) check(c.as_array());
}

}  // namespace

TEST_CASE("percent_text: one rule, never 100% below 1 nor 0% above 0 (the page's cases too)", "[format]") {
    each_case(PYR_SOURCE_DIR "/tests/data/percent-cases.json", 20, [](const boost::json::array& a) {
        const double x = a[0].to_number<double>();
        const int digits = static_cast<int>(a[1].to_number<int64_t>());
        INFO(x << " with " << digits << " decimals");
        CHECK(percent_text(x, digits) == std::string(a[2].as_string()));
    });
    // 0.6775 is 67.8% (the CLI said 0.677, the page 67.8%); 999/1000 is not 100%.
    CHECK(percent_text(0.6775) == "67.8%");
    CHECK(percent_text(999.0 / 1000, 0) == "99%");
    CHECK(percent_text(0.999999984) == "99.9%");
    CHECK(percent_text(1.0) == "100.0%");
    CHECK(percent_text(0.0) == "0.0%");
    for (int i = 1; i < 20000; ++i) {
        const double up = 1 - i / 1e9, down = i / 1e9;
        REQUIRE(percent_text(up) != "100.0%");
        REQUIRE(percent_text(down) != "0.0%");
        REQUIRE(percent_text(up, 0) != "100%");
    }
    CHECK(fixed(0.1234, 3) == "0.123");
    CHECK(fixed(2.5, 0) == "2");  // as std::fixed prints it (the one `fixed`)
}

TEST_CASE("bound_text: a proven bound rounded outward, never more than was proved (the page's cases too)", "[format]") {
    each_case(PYR_SOURCE_DIR "/tests/data/bound-cases.json", 10, [](const boost::json::array& a) {
        const double x = a[0].to_number<double>();
        const bool upper = a[1].as_bool();
        INFO(x << (upper ? " upper" : " lower"));
        CHECK(bound_text(x, upper) == std::string(a[2].as_string()));
    });
    // The promise: the lower bound's text is at most the bound, the upper's at least.
    for (int i = 0; i <= 20000; ++i) {
        const double x = i / 20000.0 + (i % 7) * 1e-9;
        if (x > 1) continue;
        INFO(x);
        // in tenths of a percent: the lower's at most x's, the upper's at least (within a double's error)
        const double lo = std::round(std::stod(bound_text(x, false)) * 10),
                     hi = std::round(std::stod(bound_text(x, true)) * 10);
        REQUIRE(lo <= x * 1000 + 1e-9);
        REQUIRE(hi >= x * 1000 - 1e-9);
        REQUIRE(hi - lo <= 1);
    }
    // A lower bound of 1e-16 (the search past its budget at a deal's start)
    // is 0.0%, where percent_text's nearest printable value says 0.1%.
    CHECK(percent_text(1e-16) == "0.1%");
    CHECK(bound_text(1e-16, false) == "0.0%");
}

TEST_CASE("Wilson's interval: exact ends for all won and none won, so 100% and 0% read true", "[format]") {
    for (uint64_t n : {1, 10, 30, 1000, 2000}) {
        INFO(n);
        CHECK(wilson_interval(n, n)->high == 1.0);  // 10/10 gave 0.9999999999999999 ("99.99%")
        CHECK(wilson_interval(0, n)->low == 0.0);
        CHECK(percent_text(wilson_interval(n, n)->high, 2) == "100.00%");
    }
}

TEST_CASE("the no-peek hint line: one formatter, shares by the one rule", "[format][play]") {
    api::Odds o;
    o.samples = 1000;
    o.wins = 999;
    api::MoveOdds m;
    m.move = Move::draw();
    m.wins = 999;
    m.best = true;
    o.moves.push_back(m);
    const std::string line = nopeek_hint_text(o, &o.moves[0], DeckKind::Standard52, TextStyle{false, false});
    CHECK(line == "no-peek hint (1000 sampled orders): draw keeps a win in 99.9% "
                  "(position winnable in 99.9%)");
    o.moves[0].wins = 0;
    o.wins = 1;
    CHECK(nopeek_hint_text(o, &o.moves[0], DeckKind::Standard52, TextStyle{false, false}) ==
          "no-peek hint (1000 sampled orders): no move keeps a win; winnable in 0.1%");
}

TEST_CASE("across deals: the bootstrap interval holds the chance, is deterministic, and is the binomial one "
          "for a one-deal share",
          "[across][chances]") {
    // 1 unit to make in 1 deal: the chance is the share of deals that make it.
    OutcomeTable t;
    t.outcomes = {{DealOutcome{std::nullopt, 0}, 600}, {DealOutcome{std::nullopt, 1}, 1400}};
    Challenge c;
    c.kind = ChallengeKind::Cards;
    c.rank = 1;
    c.target = 1;
    ChallengeResult r;  // the deal in hand has no line: it makes nothing
    r.complete = true;
    AcrossDeals dp(t, 1, 1);
    auto a = across_deals(&dp, c, r, 1);
    REQUIRE(a);
    REQUIRE(a->before);
    CHECK(*a->before == Approx(0.7));
    add_intervals(*a, t, c, r);
    REQUIRE(a->before_interval);
    const auto wilson = wilson_interval(1400, 2000);
    CHECK(a->before_interval->low <= 0.7);
    CHECK(a->before_interval->high >= 0.7);
    CHECK(a->before_interval->low == Approx(wilson->low).margin(0.006));
    CHECK(a->before_interval->high == Approx(wilson->high).margin(0.006));
    // The deal in hand made nothing and 1 deal was left: the challenge is lost.
    CHECK(a->probability == 0);
    CHECK(a->interval->low == 0);
    CHECK(a->interval->high == 0);
    // The same answer every run.
    auto b = across_deals(&dp, c, r, 1);
    add_intervals(*b, t, c, r);
    CHECK(b->before_interval->low == a->before_interval->low);
    CHECK(b->before_interval->high == a->before_interval->high);
    // A table of one outcome has no spread.
    OutcomeTable one;
    one.outcomes = {{DealOutcome{4, 3}, 50}};
    c.target = 12;
    AcrossDeals dp1(one, 12, 2);
    auto x = across_deals(&dp1, c, r, 2);
    add_intervals(*x, one, c, r);
    CHECK(x->before_interval->low == *x->before);
    CHECK(x->before_interval->high == *x->before);
}

TEST_CASE("solve --challenge --deals-left: every chance has its 95% interval and the answer says what it assumes",
          "[cli][challenge][chances]") {
    const auto a = solve_json("--seed 12 --challenge cards:A --target 12 --deals-left 2");
    const auto& c = a.at("challenge").as_object();
    const double p = c.at("probability").as_double(), lo = c.at("probability_low").as_double(),
                 hi = c.at("probability_high").as_double();
    CHECK(lo <= p);
    CHECK(p <= hi);
    CHECK(lo < hi);  // a table of sampled deals: a chance strictly between 0 and 1 is not exact
    const double before = c.at("before").as_double();
    CHECK(c.at("before_low").as_double() <= before);
    CHECK(before <= c.at("before_high").as_double());
    CHECK(c.at("before_low").as_double() < c.at("before_high").as_double());
    for (const auto& l : c.at("lines").as_array()) {
        const auto& x = l.as_object();
        CHECK(x.at("probability_low").as_double() <= x.at("probability").as_double());
        CHECK(x.at("probability").as_double() <= x.at("probability_high").as_double());
    }
    CHECK_THAT(std::string(c.at("assumes").as_string()), Catch::Contains("best play on every later deal"));
    // The interval is the same every run (a fixed seed).
    const auto again = solve_json("--seed 12 --challenge cards:A --target 12 --deals-left 2");
    CHECK(again.at("challenge").as_object().at("probability_low") == c.at("probability_low"));
    CHECK(again.at("challenge").as_object().at("before_high") == c.at("before_high"));

    const test::Run text = test::run("solve --seed 12 --challenge cards:A --target 12 --deals-left 2");
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("chance of completing the challenge: " + percent_text(p) + " (95% interval " +
                                         percent_text(lo) + "-" + percent_text(hi) + ") playing line"));
    CHECK_THAT(text.out, Catch::Contains("  the chance assumes best play on every later deal with its stock seen "
                                         "(by restarting the deal, as MSC allows)"));

    // A chance of exactly 1 (the deal makes the target) is 100%, with no interval.
    const auto sure = solve_json("--seed 1 --challenge cards:A --target 12 --current 9 --deals-left 1");
    CHECK(sure.at("challenge").as_object().at("probability").as_double() == 1.0);
    CHECK(sure.at("challenge").as_object().at("probability_low").as_double() == 1.0);
    const test::Run sure_text = test::run("solve --seed 1 --challenge cards:A --target 12 --current 9 --deals-left 1");
    CHECK_THAT(sure_text.out, Catch::Contains("chance of completing the challenge: 100.0% playing line 1"));

    // No line prints 100% for a chance below 1, nor 1.000 (the old text's "1.000" for 0.999999984).
    const auto many = solve_json("--seed 1 --challenge score --target 600 --deals-left 3");
    const auto& mc = many.at("challenge").as_object();
    const test::Run many_text = test::run("solve --seed 1 --challenge score --target 600 --deals-left 3");
    if (mc.at("before").as_double() < 1) CHECK_THAT(many_text.out, !Catch::Contains("100.0% before"));
    CHECK_THAT(many_text.out, !Catch::Contains("1.000"));
}

TEST_CASE("solve --challenge --format html: the page says the chance, a board challenge's target is a boolean",
          "[cli][challenge][chances]") {
    const test::Run page = test::run("solve --seed 12 --challenge cards:A --target 12 --deals-left 2 --format html");
    REQUIRE(page.status == 0);
    const auto a = solve_json("--seed 12 --challenge cards:A --target 12 --deals-left 2");
    const double p = a.at("challenge").as_object().at("probability").as_double();
    CHECK_THAT(page.out, Catch::Contains("Chance of completing the challenge: " + percent_text(p)));
    CHECK_THAT(page.out, Catch::Contains("95% interval"));

    // Board with a target: made here (one board needed, the deal won), or not.
    const auto won = solve_json("--seed 1 --challenge board --target 1");
    const auto& w = won.at("challenge").as_object();
    REQUIRE(w.at("target_reached").is_bool());
    CHECK(w.at("target_reached").as_bool());
    CHECK(w.at("lines").as_array()[0].as_object().at("reaches_target").as_bool());
    const test::Run won_text = test::run("solve --seed 1 --challenge board --target 1");
    CHECK_THAT(won_text.out, Catch::Contains("this deal makes the target"));
    CHECK_THAT(won_text.out, Catch::Contains("line 1: reaches the target (and clears the board)"));
    const auto more = solve_json("--seed 1 --challenge board --target 3 --deals-left 2");
    REQUIRE(more.at("challenge").as_object().at("target_reached").is_bool());
    CHECK_FALSE(more.at("challenge").as_object().at("target_reached").as_bool());
    const auto lost = solve_json("--seed 12 --challenge board --target 2");
    REQUIRE(lost.at("challenge").as_object().at("target_reached").is_bool());
    CHECK_FALSE(lost.at("challenge").as_object().at("target_reached").as_bool());
    // Without a target it stays null.
    CHECK(solve_json("--seed 1 --challenge board").at("challenge").as_object().at("target_reached").is_null());
}

TEST_CASE("solve --challenge with --optimal, --measures, --best-score: the text prints what JSON has",
          "[cli][challenge]") {
    const test::Run opt = test::run("solve --seed 1 --challenge score --optimal");
    REQUIRE(opt.status == 0);
    const auto j = solve_json("--seed 1 --challenge score --optimal");
    CHECK_THAT(opt.out, Catch::Contains("challenge: score"));
    CHECK_THAT(opt.out, Catch::Contains("shortest solution: " + std::to_string(j.at("moves").as_int64()) + " moves"));
    const test::Run measures = test::run("solve --seed 1 --challenge cards:A --measures");
    REQUIRE(measures.status == 0);
    const auto jm = solve_json("--seed 1 --challenge cards:A --measures");
    const auto& grade = jm.at("measures").as_object().at("grade");
    CHECK_THAT(measures.out, Catch::Contains("measures:"));
    const size_t at = measures.out.find("\n  grade:");
    REQUIRE(at != std::string::npos);
    const std::string line = measures.out.substr(at + 1, measures.out.find('\n', at + 1) - at - 1);
    CHECK_THAT(line, Catch::EndsWith(" " + std::string(grade.as_string())));
    const test::Run best = test::run("solve --seed 12 --challenge score --best-score");
    REQUIRE(best.status == 0);
    const auto jb = solve_json("--seed 12 --challenge score --best-score");
    REQUIRE(jb.at("verdict").as_string() == "lose");
    CHECK_THAT(best.out, Catch::Contains("best score: " + std::to_string(jb.at("best_score").as_int64()) +
                                         " tableau cards left"));
    // Without them the challenge prints as before: no solution list, no measures.
    const test::Run plain = test::run("solve --seed 1 --challenge score");
    CHECK_THAT(plain.out, !Catch::Contains("shortest solution:"));
}

TEST_CASE("bench --threads 1 says one thread", "[cli][bench]") {
    const test::Run r = test::run("bench --quick --threads 1");
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("pyramid bench --quick, 1 thread\n"));
}

TEST_CASE("merge --audit re-solves the challenge fields of the records it samples", "[records][merge][audit]") {
    const std::string honest = temp_path("aces.jsonl"), forged = temp_path("forged.jsonl");
    REQUIRE(test::run("stats --variant msc --seeds 1-6 --challenge cards:A --threads 1 -q --out " + honest).status ==
            0);
    test::Run r = test::run("merge " + honest + " --audit 6");
    CHECK(r.status == 0);
    CHECK_THAT(r.err, Catch::Contains("6 of 6 records re-solved (sample seed 1): 6 reproduce"));
    // One record's steps to its best clear lowered by one (the verdict and everything else as it was).
    std::string text = test::slurp(honest);
    const std::regex field("\"challenge_clear_steps\":([0-9]+)");
    std::smatch m;
    REQUIRE(std::regex_search(text, m, field));
    const std::string was = m[1].str(), now = std::to_string(std::stoi(was) - 1);
    text.replace(static_cast<size_t>(m.position(1)), static_cast<size_t>(m.length(1)), now);
    std::FILE* f = std::fopen(forged.c_str(), "w");
    std::fputs(text.c_str(), f);
    std::fclose(f);
    r = test::run("merge " + forged + " --audit 6");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("challenge_clear_steps recorded " + now + ", recomputed " + was));
    CHECK(test::run("merge " + forged).status == 0);  // without the audit the file is taken as it is
    std::remove(honest.c_str());
    std::remove(forged.c_str());
}
