// The benchmark cases: long runs that print tables for the notes of bench/
// (each says which), not tests (`build/pyramid_bench_cases "[.TAG]"`; ctest
// does not run them, and none runs without its tag). They were hidden cases
// of the unit-test binary; they share the tests' helpers (tests/support.h,
// tests/draw_walk.h, tests/nopeek_reference.h) and check what they measure
// with Catch2's REQUIRE and CHECK as the tests do (Catch2's main is the
// tests' own, tests/test_main.cpp: pyramid_catch_main).
#include <catch2/catch.hpp>

#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <string>
#include <vector>

#include "api/api.h"
#include "api/results.h"
#include "engine/deal_source.h"
#include "solver/nopeek.h"
#include "solver/players.h"
#include "solver/solver.h"
#include "tests/draw_walk.h"
#include "tests/nopeek_reference.h"
#include "tests/support.h"

using namespace pyr;
using namespace pyr::nopeek;
using test::Expectimax;
using test::thoughtful_share;

// What solving many positions of one deal costs through one reused Session against a fresh Session (a new Solver and
// Board) per call, as the no-peek player, the difficulty measures and `odds`
// do it. For each preset, the won deals among seeds 1-40 and every position
// along each one's solution; prints microseconds a call (bench/speed-tail.md).
// `build/pyramid_bench_cases "[.session-cost]"`
TEST_CASE("api: the cost a call of one reused Session against a fresh one per call", "[.session-cost]") {
    for (const auto& v : presets()) {
        std::vector<std::pair<api::LoadedDeal, std::vector<Move>>> lines;
        api::Session probe;
        api::Request request;
        for (int seed = 1; seed <= 40; ++seed) {
            api::LoadedDeal d = api::deal_from_seed(v, std::to_string(seed));
            const api::Answer a = probe.solve(d.deal, {}, request);
            if (a.verdict == Verdict::Win) lines.emplace_back(std::move(d), a.solution);
        }
        int calls = 0;
        double reused_s = 0, fresh_s = 0;
        for (int round = 0; round < 2; ++round) {  // alternating: reused, fresh, reused, fresh
            for (const bool reuse : {true, false}) {
                api::Session session;
                const auto t0 = std::chrono::steady_clock::now();
                for (const auto& [d, line] : lines)
                    for (std::size_t i = 0; i <= line.size(); ++i) {
                        const std::vector<Move> played(line.begin(), line.begin() + static_cast<std::ptrdiff_t>(i));
                        api::Answer a;
                        if (reuse) {
                            a = session.solve(d.deal, played, request);
                        } else {
                            api::Session fresh;
                            a = fresh.solve(d.deal, played, request);
                        }
                        REQUIRE(a.verdict == Verdict::Win);  // every position along a win is won
                        if (reuse && round == 0) ++calls;
                    }
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
                (reuse ? reused_s : fresh_s) += s;
            }
        }
        if (calls == 0) continue;
        std::printf("%-11s %3zu deals %6d calls  reused %8.1f us/call  fresh %8.1f us/call  fresh/reused %.2f\n",
                    v.name.c_str(), lines.size(), calls, 1e6 * reused_s / (2 * calls), 1e6 * fresh_s / (2 * calls),
                    fresh_s / reused_s);
    }
}

// The tail of `pyramid solve` (verdict, and on a loss its reason with the best line, as `solve` asks) for every preset over
// seeds 1-N (PYR_SOLVE_TAIL_SEEDS, default 10000; PYR_SOLVE_TAIL_PRESETS, a
// comma-separated list, default all). Each call through one reused Session,
// timed from outside (board, verdict, reason): prints per preset the lost
// deals, the worst call and the calls over 0.25 s (bench/speed-tail.md), in
// CPU seconds of the process (one thread: steadier than wall time on a loaded
// machine).
// `PYR_SOLVE_TAIL_SEEDS=10000 build/pyramid_bench_cases "[.solve-tail]"`
namespace {
double cpu_seconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}
}  // namespace

TEST_CASE("api: the slowest solve with its loss reason, every preset", "[.solve-tail]") {
    const char* n_env = std::getenv("PYR_SOLVE_TAIL_SEEDS");
    const int n = n_env ? std::atoi(n_env) : 10000;
    const char* p_env = std::getenv("PYR_SOLVE_TAIL_PRESETS");
    const std::string only = p_env ? std::string(",") + p_env + "," : "";
    std::printf("%-11s %6s %6s %10s %10s %8s %12s %12s %6s %8s\n", "preset", "deals", "lost", "median s", "p99 s",
                "worst s", "(seed)", "worst lost s", "(seed)", ">0.25 s");
    for (const auto& v : presets()) {
        if (!only.empty() && only.find("," + v.name + ",") == std::string::npos) continue;
        api::Session session;
        api::Request request;
        request.reason = true;  // as `pyramid solve` asks
        std::vector<double> times;
        double worst = 0, worst_lost = 0;
        int worst_seed = 0, worst_lost_seed = 0, lost = 0, over = 0, incomplete = 0;
        for (int seed = 1; seed <= n; ++seed) {
            const api::LoadedDeal d = api::deal_from_seed(v, std::to_string(seed));
            const double t0 = cpu_seconds();
            const api::Answer a = session.solve(d.deal, {}, request);
            const double s = cpu_seconds() - t0;
            REQUIRE(a.verdict != Verdict::Intractable);
            times.push_back(s);
            if (s > worst) worst = s, worst_seed = seed;
            if (a.verdict == Verdict::Lose) {
                ++lost;
                REQUIRE(a.reason);
                if (a.reason->has_best && !a.reason->best_complete) ++incomplete;
                if (s > worst_lost) worst_lost = s, worst_lost_seed = seed;
            }
            over += s > 0.25;
        }
        std::sort(times.begin(), times.end());
        std::printf("%-11s %6d %6d %10.5f %10.4f %8.3f %12d %12.3f %6d %8d%s\n", v.name.c_str(), n, lost,
                    times[times.size() / 2], times[std::min(times.size() - 1, times.size() * 99 / 100)], worst,
                    worst_seed, worst_lost, worst_lost_seed, over,
                    incomplete ? (" (" + std::to_string(incomplete) + " best lines cut by the budget)").c_str() : "");
        std::fflush(stdout);
    }
}

// Every deal of seeds 1-3000, about 3 minutes
// (`build/pyramid_bench_cases "[.draw-walk-3000]"`; its run is in bench/speed.md).
TEST_CASE("tuts-tomb: the draw-N walk and the positions search agree on seeds 1-3000", "[.draw-walk-3000]") {
    test::draw_walk_matches_positions(3000);
}

// How far each player is from the exact no-peek
// optimum on small deals of the 8 presets with a hidden stock (3-4 tableau
// rows, 3 to 6 stock cards, so at most 720 orders a deal; 1 or 2 passes
// where the stock is redealt), kept when winnable in some orders and not in
// all (where the order matters).
// Each player's value is its mean over every order of the hidden cards; the
// thoughtful odds are the share of orders in which the deal is winnable.
// Prints a markdown table per rule set and over all deals: each player's
// value, with the number of deals where it reaches the optimum in brackets.
// PYR_OPTIMUM_DEALS sets the deal count (default 200), PYR_OPTIMUM_MAX_STOCK
// the most stock cards (default 6; 7 means up to 5040 orders a deal). Its run
// is bench/nopeek-optimum.md: `build/pyramid_bench_cases "[.nopeek-optimum-table]"`.
TEST_CASE("nopeek: the table of the players' distance from the exact no-peek optimum", "[.nopeek-optimum-table]") {
    Solver solver;
    const char* env = std::getenv("PYR_OPTIMUM_DEALS");
    const int count = env ? std::atoi(env) : 200;
    const char* env_stock = std::getenv("PYR_OPTIMUM_MAX_STOCK");
    const int max_stock = env_stock ? std::max(3, std::atoi(env_stock)) : 6;
    const std::vector<std::string> players{"greedy", "casual", "sampler:8", "planner:8", "sampler:32", "planner:32"};
    struct Row {
        int deals = 0, costly = 0;
        double optimum = 0, thoughtful = 0, costly_optimum = 0;
        std::vector<double> value, costly_value;
        std::vector<int> at_optimum;
    };
    std::map<std::string, Row> rows;
    auto row = [&](const std::string& name) -> Row& {
        Row& r = rows[name];
        r.value.resize(players.size());
        r.costly_value.resize(players.size());
        r.at_optimum.resize(players.size());
        return r;
    };
    // Deals winnable in some orders and not in others: where the order
    // matters (elsewhere the deal is won or lost whatever is seen).
    test::Rng gen(2027);
    const char* names[] = {"msc", "cheops", "pharaohs", "classic", "solitarium", "tuts-tomb", "apophis", "relaxed"};
    int tried = 0, kept = 0;
    std::vector<Deal> deals;
    while (kept < count) {
        Variant v = *find_preset(names[tried % 8]);
        if (!v.discards() && v.redeal == RedealOrder::Same) v.passes = 1 + (tried / 8) % 2;
        if (v.redeal == RedealOrder::ApophisRows) v.passes = 1;
        ++tried;
        const Deal d = test::random_small_deal(v, 3 + gen.below(2), 3 + gen.below(max_stock - 2), gen);
        const double share = thoughtful_share(solver, d);
        if (share == 0 || share == 1) continue;
        deals.push_back(d);
        ++kept;
    }
    for (const Deal& d : deals) {
        const Unseen u = unseen(d, Table(d));
        const std::string name = d.variant.name + (d.variant.discards() || d.variant.redeal != RedealOrder::Same
                                                       ? std::string()
                                                       : " " + std::to_string(d.variant.passes) + "p");
        Expectimax ex;
        std::vector<Move> played;
        const double best = ex.value(masked_deal(d, u), played);
        const double thoughtful = thoughtful_share(solver, d);
        REQUIRE(best <= thoughtful + 1e-12);
        for (Row* r : {&row(name), &row("all")}) {
            ++r->deals;
            r->optimum += best;
            r->thoughtful += thoughtful;
            r->costly += best < thoughtful - 1e-12;
            if (best < thoughtful - 1e-12) r->costly_optimum += best;
        }
        for (size_t p = 0; p < players.size(); ++p) {
            auto player = make_player(players[p]);
            uint64_t wins = 0, n = 0;
            for_each_order(masked_deal(d, u), u, [&](const Deal& x) {
                ++n;
                wins += play_game(*player, solver, x, game_seed(7, x)).won;
            });
            const double value = double(wins) / double(n);
            REQUIRE(value <= best + 1e-12);  // no player beats the optimum
            for (Row* r : {&row(name), &row("all")}) {
                r->value[p] += value;
                if (best < thoughtful - 1e-12) r->costly_value[p] += value;
                r->at_optimum[p] += value >= best - 1e-12;
            }
        }
    }
    std::printf("| preset | deals | not seeing costs a win | thoughtful | no-peek optimum |");
    for (const auto& p : players) std::printf(" %s |", p.c_str());
    std::printf("\n| --- | ---: | ---: | ---: | ---: |");
    for (size_t p = 0; p < players.size(); ++p) std::printf(" ---: |");
    std::printf("\n");
    for (const auto& [name, r] : rows) {
        if (name == "all") continue;
        std::printf("| %s | %d | %d | %.2f%% | %.2f%% |", name.c_str(), r.deals, r.costly, 100 * r.thoughtful / r.deals,
                    100 * r.optimum / r.deals);
        for (size_t p = 0; p < players.size(); ++p)
            std::printf(" %.2f%% (%d) |", 100 * r.value[p] / r.deals, r.at_optimum[p]);
        std::printf("\n");
    }
    const Row& all = rows.at("all");
    std::printf("| **all** | %d | %d | %.2f%% | %.2f%% |", all.deals, all.costly, 100 * all.thoughtful / all.deals,
                100 * all.optimum / all.deals);
    for (size_t p = 0; p < players.size(); ++p)
        std::printf(" %.2f%% (%d) |", 100 * all.value[p] / all.deals, all.at_optimum[p]);
    std::printf("\n\n%d deals generated, %d kept (winnable in some orders, not all).\n", tried, kept);
    std::printf("Distance from the optimum over all %d deals (mean of optimum - player, points), and over the %d "
                "deals where not seeing the stock costs a win:\n",
                all.deals, all.costly);
    for (size_t p = 0; p < players.size(); ++p)
        std::printf("- %s: %.2f points; %.2f points\n", players[p].c_str(),
                    100 * (all.optimum - all.value[p]) / all.deals,
                    100 * (all.costly_optimum - all.costly_value[p]) / std::max(1, all.costly));
    CHECK(all.deals == count);
    CHECK(all.costly > 0);
}
