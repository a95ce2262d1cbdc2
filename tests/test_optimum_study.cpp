// `stats --player optimal[:N]` (issue 39, study/optimum.h): each deal's
// no-peek optimum at its start, the records, resume, and the bracket.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/deal_source.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/optimal_nopeek.h"
#include "solver/players.h"
#include "study/optimum.h"
#include "study/summary.h"
#include "tests/scratch.h"
#include "tests/cli_checks.h"
#include "tests/nopeek_reference.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

// Small deals of the presets with a hidden stock: 3 or 4 rows, 3 to 5 stock cards.
std::vector<Deal> small_deals(int count, uint64_t seed) {
    return test::hidden_stock_small_deals(count, seed, 3, 2, 3, 3);
}

std::vector<std::string> lines_of(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

}  // namespace

TEST_CASE("optimum study: the player's name", "[optimum]") {
    CHECK(parse_optimum_player("optimal")->states == kDefaultStudyOptimalStates);
    CHECK(parse_optimum_player("optimal")->name() == "optimal:10000");
    CHECK(parse_optimum_player("optimal:0")->states == 0);
    CHECK(parse_optimum_player("optimal:250")->name() == "optimal:250");
    CHECK_FALSE(parse_optimum_player("planner:32"));
    CHECK_FALSE(parse_optimum_player("optimalx"));
    CHECK_THROWS_AS(parse_optimum_player("optimal:"), std::invalid_argument);
    CHECK_THROWS_AS(parse_optimum_player("optimal:-1"), std::invalid_argument);
    CHECK_THROWS_AS(parse_optimum_player("optimal:1000000000001"), std::invalid_argument);
}

TEST_CASE("optimum study: a deal's value is odds --optimal's fraction where exact, and the sampled pair brackets it",
          "[optimum]") {
    Solver solver;
    int exact = 0, strict = 0;
    const int sample = test::reduced(21, 7);
    for (const Deal& d : small_deals(sample, 77)) {
        INFO(d.variant.name << " passes " << d.variant.passes << " " << compact(d));
        const nopeek::Optimal o = nopeek::optimal(solver, d, {}, {});
        REQUIRE(o.exact);
        const SolveResult verdict = solver.solve(Board(d), SolveOptions{});
        // Exact within the budget: both bounds are the value, whatever the game and the verdict.
        const DealOptimum x = deal_optimum(solver, d, verdict.verdict, nullptr, OptimumPlayer{}, Limits{});
        REQUIRE(x.exact);
        CHECK(x.fraction == nopeek::fraction_text(o.lower, o.orders));
        CHECK(x.lower == nopeek::fraction_value(o.lower, o.orders));
        CHECK(x.upper == x.lower);
        CHECK(x.lower_method == std::string(kOptimumExact));
        ++exact;
        strict += x.lower > 0 && x.lower < 1;
        // Over every order of the cards not seen, the sampled pair (the
        // planner's game, the verdict) averages to at most the value and at
        // least it: the bracket holds in expectation.
        const nopeek::Unseen u = nopeek::unseen(d, Table(d));
        const auto planner = nopeek::make_player(kOptimumLowerPlayer);
        uint64_t orders = 0, games_won = 0, verdicts_won = 0, pairs_low = 0, pairs_high = 0;
        nopeek::for_each_order(nopeek::masked_deal(d, u), u, [&](const Deal& order) {
            ++orders;
            const Verdict v = solver.solve(Board(order), SolveOptions{}).verdict;
            REQUIRE(v != Verdict::Intractable);
            nopeek::GameResult g;
            if (v != Verdict::Lose) g = nopeek::play_game(*planner, solver, order, 1);
            games_won += g.won;
            verdicts_won += v == Verdict::Win;
            // Without a search (N = 0) a deal gets the sampled pair.
            const DealOptimum s = deal_optimum(solver, order, v, v != Verdict::Lose ? &g : nullptr,
                                               OptimumPlayer{.states = 0}, Limits{});
            CHECK_FALSE(s.exact);
            CHECK(s.lower == (g.won ? 1.0 : 0.0));
            CHECK(s.upper == (v == Verdict::Win ? 1.0 : 0.0));
            CHECK(s.lower_method == std::string(kOptimumLowerSampled));
            CHECK(s.upper_method == std::string(kOptimumUpperSampled));
            pairs_low += s.lower == 1;
            pairs_high += s.upper == 1;
        });
        REQUIRE(static_cast<nopeek::Count>(orders) == o.orders);
        CHECK(static_cast<nopeek::Count>(games_won) <= o.lower);
        CHECK(static_cast<nopeek::Count>(verdicts_won) >= o.lower);
        CHECK(pairs_low == games_won);
        CHECK(pairs_high == verdicts_won);
    }
    CHECK(exact == sample);
    CHECK(strict > 0);  // some value strictly between 0 and 1
}

TEST_CASE("optimum study: a budget too small gives the sampled pair, labelled", "[optimum]") {
    Solver solver;
    const Deal d = deal_from_seed(*find_preset("msc"), "3");
    const SolveResult v = solver.solve(Board(d), SolveOptions{});
    REQUIRE(v.verdict == Verdict::Win);
    nopeek::GameResult g;
    g.won = true;
    const DealOptimum x = deal_optimum(solver, d, v.verdict, &g, OptimumPlayer{.states = 50}, Limits{});
    CHECK_FALSE(x.exact);
    CHECK(x.unseen == 23);
    CHECK(x.states == 50);
    CHECK(x.lower == 1);
    CHECK(x.upper == 1);
    CHECK(x.search_lower <= x.search_upper);
    CHECK(x.lower_method == std::string(kOptimumLowerSampled));
    g.won = false;
    CHECK(deal_optimum(solver, d, v.verdict, &g, OptimumPlayer{.states = 50}, Limits{}).lower == 0);
}

TEST_CASE("optimum study: the Wilson interval of a mean", "[optimum]") {
    CHECK_FALSE(wilson_interval_of_mean(0.5, 0));
    // For a share of whole successes it is the Wilson interval.
    const auto a = wilson_interval_of_mean(0.3, 10), b = wilson_interval(3, 10);
    CHECK(a->low == Approx(b->low));
    CHECK(a->high == Approx(b->high));
    CHECK(wilson_interval_of_mean(0, 10)->low == 0);
    CHECK(wilson_interval_of_mean(1, 10)->high == 1);
    const auto c = wilson_interval_of_mean(0.25, 400);
    CHECK(c->low < 0.25);
    CHECK(c->high > 0.25);
}

TEST_CASE("optimum study: stats --player optimal, records against odds --optimal, resume", "[optimum][cli]") {
    const test::ScratchDir scratch("optimum");
    const std::string& dir = scratch.path();
    // 10 seeds; 6 under the sanitizers (each study and odds --optimal is a
    // process of the instrumented pyramid there; the resumes below need 6).
    const int seeds = test::reduced(10, 6);
    const std::string study = "stats --variant msc --passes 1 --seeds 1-" + std::to_string(seeds) +
                              " --player optimal:1500 --threads 2 --quiet";
    const auto whole = test::json_of(study + " --format json --out " + dir + "/a.jsonl");
    const auto& s = whole.at("summaries").as_array().at(0).as_object();
    CHECK(s.at("player").as_string() == "optimal:1500");
    CHECK(s.at("optimum_deals").as_int64() == seeds);
    const double lower = s.at("optimum_lower").to_number<double>(), upper = s.at("optimum_upper").to_number<double>();
    CHECK(lower <= upper);
    CHECK(s.at("optimum_lower_ci95_low").to_number<double>() <= lower);
    CHECK(s.at("optimum_upper_ci95_high").to_number<double>() >= upper);

    // Each record: exact where the search completed (its fraction is odds
    // --optimal's with the same budget), else the sampled pair.
    double lower_sum = 0, upper_sum = 0;
    int records = 0, exact = 0;
    for (const std::string& l : lines_of(dir + "/a.jsonl")) {
        const auto r = boost::json::parse(l).as_object();
        if (r.contains("study")) continue;
        ++records;
        const std::string seed = std::to_string(r.at("seed").to_number<uint64_t>());
        INFO("seed " << seed);
        const double lo = r.at("optimum_lower").to_number<double>(), hi = r.at("optimum_upper").to_number<double>();
        lower_sum += lo;
        upper_sum += hi;
        CHECK(r.at("optimum_unseen").to_number<uint64_t>() == 23);
        if (r.at("optimum_exact").as_bool()) {
            ++exact;
            const auto odds = test::json_of("odds --variant msc --passes 1 --seed " + seed +
                                            " --optimal --optimal-states 1500 --samples 1 --format json");
            const auto& o = odds.at("optimal").as_object();
            REQUIRE(o.at("exact").as_bool());
            CHECK(r.at("optimum_fraction").as_string() == o.at("fraction").as_string());
            CHECK(lo == o.at("value").to_number<double>());
            CHECK(hi == lo);
            CHECK(r.at("optimum_lower_method").as_string() == "exact");
        } else {
            CHECK(r.at("optimum_fraction").is_null());
            CHECK(lo == (r.at("player_verdict").as_string() == "win" ? 1.0 : 0.0));
            CHECK(hi == (r.at("verdict").as_string() == "lose" ? 0.0 : 1.0));
            CHECK(r.at("optimum_lower_method").as_string() == kOptimumLowerSampled);
            CHECK(r.at("optimum_upper_method").as_string() == kOptimumUpperSampled);
            CHECK(r.at("optimum_states").to_number<uint64_t>() == 1500);
        }
    }
    CHECK(records == seeds);
    CHECK(s.at("optimum_exact_deals").as_int64() == exact);
    CHECK(lower == Approx(lower_sum / seeds).margin(1e-9));
    CHECK(upper == Approx(upper_sum / seeds).margin(1e-9));

    // Resume: the study line and 4 records, and a torn start of a fifth (a
    // run killed mid-write): the resumed run's summary is the whole run's.
    auto same = [&](const boost::json::object& t) {
        for (const char* k :
             {"deals", "wins", "losses", "player_wins", "player_games", "optimum_deals", "optimum_exact_deals",
              "optimum_lower", "optimum_lower_ci95_low", "optimum_lower_ci95_high", "optimum_upper",
              "optimum_upper_ci95_low", "optimum_upper_ci95_high", "optimum_states"}) {
            INFO(k);
            CHECK(boost::json::serialize(t.at(k)) == boost::json::serialize(s.at(k)));
        }
    };
    {
        const auto all = lines_of(dir + "/a.jsonl");
        std::ofstream b(dir + "/b.jsonl");
        for (size_t i = 0; i < 5; ++i) b << all.at(i) << "\n";
        b << all.at(5).substr(0, 40);
    }
    const auto resumed = test::json_of(study + " --format json --out " + dir + "/b.jsonl");
    CHECK(resumed.at("resumed").as_int64() == 4);
    same(resumed.at("summaries").as_array().at(0).as_object());
    // The same through a CSV record file: the numbers read back whole.
    test::out_of("stats --variant msc --passes 1 --seeds 1-4 --player optimal:1500 --quiet --out " + dir + "/c.csv");
    {
        // The header names the optimum columns.
        const auto csv = lines_of(dir + "/c.csv");
        REQUIRE(csv.size() == 6);
        CHECK_THAT(csv[1], Catch::Contains(",optimum_exact,optimum_fraction,optimum_lower,optimum_upper,"));
    }
    // Resume from a CSV file: the study line, the header and 5 records.
    test::out_of(study + " --out " + dir + "/d.csv");
    {
        const auto all = lines_of(dir + "/d.csv");
        std::ofstream e(dir + "/e.csv");
        for (size_t i = 0; i < 7; ++i) e << all.at(i) << "\n";
    }
    const auto csv_resumed = test::json_of(study + " --format json --out " + dir + "/e.csv");
    CHECK(csv_resumed.at("resumed").as_int64() == 5);
    same(csv_resumed.at("summaries").as_array().at(0).as_object());
}

TEST_CASE("optimum study: refused where the optimum is not searched", "[optimum][cli]") {
    test::check_refused(test::run("stats --variant apophis --seeds 1-2 --player optimal"), "row redeal");
    test::check_refused(test::run("stats --variant msc --seeds 1-2 --player optimal:x"), "--player");
}

namespace {
// msc 1 pass deal 2 after the prefix of its solution that leaves `k` cards
// not seen, with those cards as `??`: the deal's text and the moves.
std::pair<std::string, std::vector<Move>> unseen_position(size_t k) {
    Variant v = *find_preset("msc");
    v.passes = 1;
    const Deal full = deal_from_seed(v, "2");
    const std::vector<Move> played = test::prefix_until(full, k);
    const nopeek::Unseen u = nopeek::unseen_after(full, played);
    std::string text;
    for (int i = 0; i < static_cast<int>(full.cards.size()); ++i)
        text += std::find(u.slots.begin(), u.slots.end(), i) != u.slots.end() ? std::string(kUnknownToken)
                                                                              : card_text(full.cards[i], v.deck);
    return {text, played};
}
}  // namespace

TEST_CASE("optimum where a player asks: solve --nopeek-optimum on a ?? deal", "[optimum][cli]") {
    const auto [text, played] = unseen_position(7);
    std::string moves;
    for (const Move& m : played) moves += (moves.empty() ? "" : " ") + move_text(m, find_preset("msc")->deck);
    const std::string base = "solve --variant msc --passes 1 --deal '" + text + "' --moves '" + moves + "'";
    // Within the budget: the exact chance (odds --optimal's on the known deal: 281/360) and its move.
    const auto j = test::json_of(base + " --nopeek-optimum --format json");
    const auto& o = j.at("optimum").as_object();
    CHECK(o.at("exact").as_bool());
    CHECK(o.at("fraction").as_string() == "281/360");
    CHECK(o.at("planner_move").is_null());
    CHECK_FALSE(o.at("best_move").is_null());
    const auto odds = test::json_of("odds --variant msc --passes 1 --seed 2 --moves '" + moves +
                                    "' --optimal --samples 1 --format json");
    CHECK(o.at("best_move").as_string() == odds.at("optimal").at("best_move").as_string());
    const std::string t = test::out_of(base + " --nopeek-optimum --ascii");
    CHECK_THAT(t, Catch::Contains("your chance with best play without peeking: 281/360 (78.1%); if you could see "
                                  "the stock: "));
    CHECK_THAT(t, Catch::Contains("best move with best play without peeking: "));
    // Past a tiny budget: the proven bracket and the planner's move, labelled.
    const auto k = test::json_of(base + " --nopeek-optimum --nopeek-optimum-states 20 --format json");
    const auto& b = k.at("optimum").as_object();
    CHECK_FALSE(b.at("exact").as_bool());
    CHECK(b.at("computed").as_bool());
    CHECK(b.at("lower").to_number<double>() <= 281.0 / 360);
    CHECK(b.at("upper").to_number<double>() >= 281.0 / 360);
    CHECK_FALSE(b.at("planner_move").is_null());
    const std::string u = test::out_of(base + " --nopeek-optimum --nopeek-optimum-states 20 --ascii");
    CHECK_THAT(u, Catch::Contains("your chance with best play without peeking: not computed within 20 states (proven "
                                  "bounds: between "));
    CHECK_THAT(u, Catch::Contains("the planner's move (planner:32, not proved best): "));
    // Without --nopeek-optimum the answer is as before; with every card named, refused.
    CHECK_FALSE(test::json_of(base + " --format json").contains("optimum"));
    test::check_refused(test::run("solve --variant msc --seed 2 --nopeek-optimum"),
                        "--nopeek-optimum is for deals with cards not seen");
}
