// The no-peek optimum's bounds (issue 39, docs/nopeek.md "Bounds"): the
// reveal relaxation's upper bound U_d (solver/reveal_bound.h) and the hybrid
// player's lower bound (solver/players.h), against the exact optimum.
#include <catch2/catch.hpp>

#include <fstream>
#include <unistd.h>

#include <boost/json.hpp>

#include "engine/deal_source.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/optimal_nopeek.h"
#include "solver/players.h"
#include "solver/reveal_bound.h"
#include "study/optimum.h"
#include "tests/scratch.h"
#include "tests/cli_checks.h"
#include "tests/nopeek_reference.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {
std::vector<std::string> lines_of_file(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}
}  // namespace

TEST_CASE("reveal bound: optimum <= U_d <= U_(d-1) <= U_0 = the clairvoyant share, U_d = optimum once all is turned up",
          "[bounds]") {
    Solver solver;
    const int sample = test::reduced(24, 8);
    for (const Deal& d : test::hidden_stock_small_deals(sample, 91, 3, 2, 3, 3)) {
        INFO(d.variant.name << " passes " << d.variant.passes << " " << compact(d));
        const nopeek::Optimal o = nopeek::optimal(solver, d, {}, {});
        REQUIRE(o.exact);
        const double exact = nopeek::fraction_value(o.lower, o.orders);
        nopeek::OddsOptions oo;
        oo.per_move = false;
        const nopeek::Odds share = nopeek::odds(solver, d, {}, oo);
        REQUIRE(share.exact);
        const double clairvoyant = static_cast<double>(share.wins) / static_cast<double>(share.samples);
        double previous = 2;
        for (int depth = 0; depth <= 5; ++depth) {
            INFO("d = " << depth);
            nopeek::RevealOptions ro;
            ro.depth = depth;
            const nopeek::Reveal r = nopeek::reveal_bound(solver, d, {}, ro);
            REQUIRE(r.proven);  // at most 5 cards not seen: every leaf exact
            CHECK(r.unseen == o.unseen);
            CHECK(r.value >= exact - 1e-12);
            CHECK(r.value <= previous + 1e-12);
            if (depth == 0) CHECK(r.value == Approx(clairvoyant).margin(1e-12));
            // Every card turned up but the last: nothing is relaxed any more.
            if (static_cast<size_t>(depth) + 1 >= o.unseen) CHECK(r.value == Approx(exact).margin(1e-12));
            previous = r.value;
        }
    }
}

TEST_CASE("reveal bound: on msc positions with 7 cards not seen, optimum <= U_6 <= ... <= U_1 <= U_0", "[bounds]") {
    Solver solver;
    Variant v = *find_preset("msc");
    v.passes = 1;
    for (const char* seed : {"2", "3", "4", "5", "6", "7", "8", "9"}) {
        const Deal d = deal_from_seed(v, seed);
        if (Solver().solve(Board(d)).verdict != Verdict::Win) continue;
        const std::vector<Move> played = test::prefix_until(d, 7);
        INFO("seed " << seed);
        const nopeek::Optimal o = nopeek::optimal(solver, d, played, {});
        REQUIRE(o.exact);
        const double exact = nopeek::fraction_value(o.lower, o.orders);
        nopeek::RevealOptions ro;
        ro.depth = 0;
        const nopeek::Reveal u0 = nopeek::reveal_bound(solver, d, played, ro);
        ro.depth = 1;
        const nopeek::Reveal u1 = nopeek::reveal_bound(solver, d, played, ro);
        REQUIRE(u0.proven);
        REQUIRE(u1.proven);
        CHECK(exact <= u1.value + 1e-12);
        CHECK(u1.value <= u0.value + 1e-12);
        double previous = u1.value;
        std::string curve;
        for (int depth : {2, 3, 6}) {
            ro.depth = depth;
            const nopeek::Reveal u = nopeek::reveal_bound(solver, d, played, ro);
            REQUIRE(u.proven);
            CHECK(exact <= u.value + 1e-12);
            CHECK(u.value <= previous + 1e-12);
            previous = u.value;
            if (depth == 3) CHECK(u.value < u0.value - 0.01);  // these positions: d = 3 closes the gap to the optimum
            curve += " U_" + std::to_string(depth) + " " + std::to_string(u.value) + " (" + std::to_string(u.solves) +
                     " solves)";
        }
        CHECK(previous == Approx(exact).margin(1e-12));  // U_6 with 7 cards not seen: the optimum
        WARN("seed " << seed << ": optimum " << exact << " U_0 " << u0.value << " U_1 " << u1.value << " (" << u1.solves
                     << " solves)" << curve);
        // Sampled leaves (fewer orders allowed than the rest has): labelled so.
        ro.depth = 1;
        ro.exact_limit = 1;
        ro.samples = 8;
        const nopeek::Reveal s = nopeek::reveal_bound(solver, d, played, ro);
        CHECK_FALSE(s.proven);
        CHECK_THAT(s.method, Catch::Contains("sampled"));
        CHECK(s.value >= 0);
        CHECK(s.value <= 1);
    }
}

TEST_CASE("hybrid player: over every order, planner:64 <= hybrid:K <= the optimum, = the optimum from the start",
          "[bounds]") {
    Solver solver;
    int deals = 0, above = 0;
    const int sample = test::reduced(12, 4);
    for (const Deal& d : test::hidden_stock_small_deals(sample, 17, 3, 2, 4, 2)) {
        INFO(d.variant.name << " passes " << d.variant.passes << " " << compact(d));
        const nopeek::Optimal o = nopeek::optimal(solver, d, {}, {});
        REQUIRE(o.exact);
        const nopeek::Unseen u = nopeek::unseen(d, Table(d));
        if (u.size() < 3) continue;
        ++deals;
        const int k = static_cast<int>(u.size()) - 2;  // two turn-ups by the planner, then the optimum
        auto planner = nopeek::make_player("planner:64");
        auto hybrid = nopeek::make_player("hybrid:" + std::to_string(k));
        auto whole = nopeek::make_player("hybrid:" + std::to_string(u.size()));  // the optimum from the start
        REQUIRE(hybrid->name() == "hybrid:" + std::to_string(k));
        uint64_t orders = 0, p = 0, h = 0, w = 0;
        const uint64_t seed = nopeek::game_seed(5, d);
        nopeek::for_each_order(nopeek::masked_deal(d, u), u, [&](const Deal& order) {
            ++orders;
            p += nopeek::play_game(*planner, solver, order, seed).won;
            h += nopeek::play_game(*hybrid, solver, order, seed).won;
            w += nopeek::play_game(*whole, solver, order, seed).won;
        });
        REQUIRE(static_cast<nopeek::Count>(orders) == o.orders);
        CHECK(p <= h);
        CHECK(static_cast<nopeek::Count>(h) <= o.lower);
        CHECK(static_cast<nopeek::Count>(w) == o.lower);  // the optimum's moves win the optimum's share
        above += h > p;
    }
    CHECK(deals > 0);
    INFO("deals where hybrid beat planner:64: " << above);
}

TEST_CASE("hybrid player: its name", "[bounds]") {
    CHECK(nopeek::make_player("hybrid")->name() == "hybrid:8");
    CHECK(nopeek::make_player("hybrid:12")->name() == "hybrid:12");
    CHECK_THROWS_AS(nopeek::make_player("hybrid:0"), std::invalid_argument);
    CHECK_THROWS_AS(nopeek::make_player("hybrid:33"), std::invalid_argument);
    CHECK_THROWS_AS(nopeek::make_player("hybrid:x"), std::invalid_argument);
}

TEST_CASE("optimum study: optimal:N:K:D names the hybrid and the reveal relaxation", "[bounds][optimum]") {
    const auto p = parse_optimum_player("optimal:100:8:1");
    REQUIRE(p);
    CHECK(p->states == 100);
    CHECK(p->switch_unseen == 8);
    CHECK(p->depth == 1);
    CHECK(p->name() == "optimal:100:8:1");
    CHECK(p->lower_player() == "hybrid:8");
    CHECK_THAT(p->lower_method(), Catch::Contains("hybrid:8"));
    CHECK_THAT(p->upper_method(), Catch::Contains("reveal relaxation d=1"));
    CHECK_THAT(p->upper_method(), Catch::Contains("sampled"));
    CHECK(parse_optimum_player("optimal:100:8")->name() == "optimal:100:8");
    CHECK(parse_optimum_player("optimal:100:8")->depth == -1);
    CHECK(parse_optimum_player("optimal:100")->lower_player() == kOptimumLowerPlayer);
    CHECK_THROWS_AS(parse_optimum_player("optimal:100:33"), std::invalid_argument);
    CHECK_THROWS_AS(parse_optimum_player("optimal:100:8:5"), std::invalid_argument);
    CHECK_THROWS_AS(parse_optimum_player("optimal:100:8:1:1"), std::invalid_argument);
    CHECK_THROWS_AS(parse_optimum_player("optimal:100::1"), std::invalid_argument);
}

TEST_CASE("optimum study: stats --player optimal:N:K:D, its records, labels and resume", "[bounds][optimum][cli]") {
    const test::ScratchDir scratch("bounds");
    const std::string& dir = scratch.path();
    const std::string study = "stats --variant msc --passes 1 --seeds 1-6 --player optimal:0:3:0 --threads 2 --quiet";
    const auto whole = test::json_of(study + " --format json --out " + dir + "/a.jsonl");
    const auto& s = whole.at("summaries").as_array().at(0).as_object();
    CHECK(s.at("player").as_string() == "optimal:0:3:0");
    CHECK(s.at("optimum_deals").as_int64() == 6);
    CHECK_THAT(std::string(s.at("optimum_lower_method").as_string()), Catch::Contains("hybrid:3 game on this order"));
    CHECK_THAT(std::string(s.at("optimum_upper_method").as_string()), Catch::Contains("reveal relaxation d=0"));
    int records = 0;
    double lower_sum = 0, upper_sum = 0;
    for (const auto& l : lines_of_file(dir + "/a.jsonl")) {
        const auto r = boost::json::parse(l).as_object();
        if (r.contains("study")) continue;
        ++records;
        const double lo = r.at("optimum_lower").to_number<double>(), hi = r.at("optimum_upper").to_number<double>();
        lower_sum += lo;
        upper_sum += hi;
        // The lower bound is the hybrid's game (not played where the order is lost).
        CHECK(lo == (r.at("player_verdict").as_string() == "win" ? 1.0 : 0.0));
        CHECK(hi >= 0);
        CHECK(hi <= 1);
        CHECK_THAT(std::string(r.at("optimum_upper_method").as_string()), Catch::Contains("sampled"));
    }
    CHECK(records == 6);
    CHECK(s.at("optimum_lower").to_number<double>() == Approx(lower_sum / 6).margin(1e-9));
    CHECK(s.at("optimum_upper").to_number<double>() == Approx(upper_sum / 6).margin(1e-9));
    // Resume from 3 records: the same summary.
    {
        const auto all = lines_of_file(dir + "/a.jsonl");
        std::ofstream b(dir + "/b.jsonl");
        for (size_t i = 0; i < 4; ++i) b << all.at(i) << "\n";
    }
    const auto resumed = test::json_of(study + " --format json --out " + dir + "/b.jsonl");
    CHECK(resumed.at("resumed").as_int64() == 3);
    const auto& t = resumed.at("summaries").as_array().at(0).as_object();
    for (const char* k : {"player_wins", "optimum_deals", "optimum_lower", "optimum_lower_ci95_low", "optimum_upper",
                          "optimum_upper_ci95_high", "optimum_upper_method"}) {
        INFO(k);
        CHECK(boost::json::serialize(t.at(k)) == boost::json::serialize(s.at(k)));
    }
}
