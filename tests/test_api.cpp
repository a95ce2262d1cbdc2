// The thin API (api/api.h) that the web page, the Python module and
// `pyramid solve` share: rules and deals read as the CLI reads them, errors as
// api::Error, and a Session that reuses one solver (and one board per deal)
// and answers as a fresh solver does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <ctime>

#include "api/api.h"
#include "engine/deal_source.h"
#include "report/solve.h"
#include "tests/cli_run.h"

using namespace pyr;

TEST_CASE("api: rules as the command line spells them, errors as api::Error", "[api]") {
    const Variant v = api::make_variant({"msc", {{"passes", "1"}, {"goal", "all"}, {"overlap", "on"}}});
    CHECK(v.passes == 1);
    CHECK(v.goal == Goal::All);
    CHECK(v.overlap);
    CHECK(api::make_variant({"giza", {{"reserves", "open"}}}).reserves_open);
    CHECK(api::make_variant({"msc", {{"passes", "unlimited"}}}).passes == 0);
    CHECK_THROWS_AS(api::make_variant({"nosuch", {}}), api::Error);
    CHECK_THROWS_WITH(api::make_variant({"msc", {{"reserves", "open"}}}), Catch::Contains("no reserve piles"));
    CHECK_THROWS_AS(api::make_variant({"msc", {{"overlap", "maybe"}}}), api::Error);
    CHECK_THROWS_AS(api::make_variant({"classic", {{"passes", "3"}}}),
                    api::Error);  // no redeal where cards are discarded
    CHECK(api::preset_list().size() == presets().size());
}

TEST_CASE("api: deals and moves read as the CLI reads them", "[api]") {
    const Variant v = api::make_variant({});
    const api::LoadedDeal d = api::deal_from_seed(v, "1");
    CHECK(d.seed == "1");
    CHECK(compact(d.deal) == compact(deal_from_seed(v, "1")));
    const api::LoadedDeal t = api::deal_from_text(v, compact(d.deal) + " win 45");
    CHECK(compact(t.deal) == compact(d.deal));
    CHECK(t.seed.empty());
    CHECK_THROWS_WITH(api::deal_from_seed(v, "0"), Catch::StartsWith("bad seed: "));
    CHECK_THROWS_WITH(api::deal_from_text(v, "AS AS"), Catch::StartsWith("bad deal: "));
    CHECK_THROWS_WITH(api::parse_moves(v, "draw XX+YY"), Catch::StartsWith("bad moves: "));
    const auto ms = api::parse_moves(v, "draw redeal KS");
    CHECK(api::move_strings(v, ms) == std::vector<std::string>{"draw", "redeal", "KS"});
}

TEST_CASE("api: a reused session answers as fresh solvers do, and its wins verify", "[api]") {
    api::Session session;
    for (const char* name : {"msc", "pharaohs", "giza", "classic", "apophis", "tuts-tomb"}) {
        const Variant v = api::make_variant({name, {}});
        for (int seed = 1; seed <= 4; ++seed) {
            INFO(name << " seed " << seed);
            const Deal deal = api::deal_from_seed(v, std::to_string(seed)).deal;
            api::Request req;
            req.optimal = true;
            const api::Answer a = session.solve(deal, {}, req);
            api::Session fresh;
            const api::Answer b = fresh.solve(deal, {}, req);
            CHECK(a.verdict == b.verdict);
            CHECK(a.solution.size() == b.solution.size());
            CHECK(a.states == b.states);
            if (a.verdict == Verdict::Win) {
                const Replay r = api::verify(deal, a.solution, AfterGoal::GameOver);
                CHECK(r.legal());
                CHECK(r.won());
                CHECK(r.played == a.solution.size());
                // A hint from halfway is the next move of a line as short as the rest.
                const size_t half = a.solution.size() / 2;
                const std::vector<Move> played(a.solution.begin(), a.solution.begin() + half);
                api::Request h;
                h.hint = true;
                const api::Answer ah = session.solve(deal, played, h);
                REQUIRE(ah.verdict == Verdict::Win);
                REQUIRE(ah.hint);
                CHECK(ah.optimal);
                CHECK(ah.solution.size() == a.solution.size() - half);
            }
            if (v.score_variant) CHECK(a.has_score);
        }
    }
}

TEST_CASE("api: illegal played moves and a rejected replay are reported, not solved", "[api]") {
    api::Session session;
    const Variant v = api::make_variant({});
    const Deal deal = api::deal_from_seed(v, "1").deal;
    CHECK_THROWS_WITH(session.solve(deal, api::parse_moves(v, "redeal"), {}), Catch::StartsWith("bad moves: "));
    const Replay r = api::verify(deal, api::parse_moves(v, "draw draw redeal"), AfterGoal::PlayOn);
    CHECK_FALSE(r.legal());
    CHECK(r.played == 2);
    CHECK(r.error->rfind("move 3 (redeal): ", 0) == 0);
}

TEST_CASE("api: an answer written by report's solve_json has solve --format json's keys", "[api]") {
    api::Session session;
    const Variant v = api::make_variant({"classic", {}});
    const api::LoadedDeal d = api::deal_from_seed(v, "1");
    api::Request req;
    req.hint = true;
    const api::Answer a = session.solve(d.deal, {}, req);
    const json::object o = solve_json(d, {}, true, req, a);
    for (const char* k :
         {"variant", "seed", "deal", "played", "verdict", "solution", "optimal", "moves", "hint", "states", "seconds"})
        CHECK(o.contains(k));
    CHECK(o.at("verdict").as_string() == verdict_text(a.verdict));
    CHECK(o.contains("best_score") == a.has_score);
}

// Not run by ctest (hidden): what solving many positions of one deal costs
// through one reused Session against a fresh Session (a new Solver and
// Board) per call, as the no-peek player, the difficulty measures and `odds`
// do it. For each preset, the won deals among seeds 1-40 and every position
// along each one's solution; prints microseconds a call (bench/speed-tail.md).
// `build/tests/pyramid_tests "[.session-cost]"`
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

// Not run by ctest (hidden): the tail of `pyramid solve` (verdict, and on a
// loss its reason with the best line, as `solve` asks) for every preset over
// seeds 1-N (PYR_SOLVE_TAIL_SEEDS, default 10000; PYR_SOLVE_TAIL_PRESETS, a
// comma-separated list, default all). Each call through one reused Session,
// timed from outside (board, verdict, reason): prints per preset the lost
// deals, the worst call and the calls over 0.25 s (bench/speed-tail.md), in
// CPU seconds of the process (one thread: steadier than wall time on a loaded
// machine).
// `PYR_SOLVE_TAIL_SEEDS=10000 build/tests/pyramid_tests "[.solve-tail]"`
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

TEST_CASE("api: a session's no-peek odds are `pyramid odds`'s, and refuse an illegal played move", "[api][nopeek]") {
    struct Case {
        std::string variant, passes, seed, moves;
    };
    // Sampled (msc: 22 hidden cards), and nothing hidden (giza deals every card face up).
    for (const Case& k : {Case{"msc", "1", "4", "draw"}, Case{"giza", "", "2", ""}}) {
        INFO(k.variant);
        api::Rules rules{k.variant, {}};
        if (!k.passes.empty()) rules.set("passes", k.passes);
        const Variant v = api::make_variant(rules);
        const api::LoadedDeal d = api::deal_from_seed(v, k.seed);
        const std::vector<Move> played = api::parse_moves(v, k.moves);
        api::OddsOptions o;
        o.samples = 24;
        o.rng_seed = 7;
        api::Session session;
        const api::Odds r = session.odds(d.deal, played, o);
        const test::Run cli = test::run(
            "odds --variant " + k.variant + (k.passes.empty() ? "" : " --passes " + k.passes) + " --seed " + k.seed +
            (k.moves.empty() ? "" : " --moves '" + k.moves + "'") + " --samples 24 --rng-seed 7 --format json");
        REQUIRE(cli.status == 0);
        const json::object j = json::parse(cli.out).as_object();
        CHECK(j.at("hidden").to_number<uint64_t>() == r.unseen);
        CHECK(j.at("samples").to_number<uint64_t>() == r.samples);
        CHECK(j.at("wins").to_number<uint64_t>() == r.wins);
        CHECK(j.at("intractable").to_number<uint64_t>() == r.intractable);
        CHECK(j.at("solves").to_number<uint64_t>() == r.solves);
        CHECK(j.at("states").to_number<uint64_t>() == r.states);
        CHECK(j.at("method").as_string() == (r.nothing_hidden ? "nothing hidden" : r.exact ? "exact" : "sampled"));
        const json::array& ms = j.at("moves").as_array();
        REQUIRE(ms.size() == r.moves.size());
        REQUIRE(!r.moves.empty());
        for (size_t i = 0; i < ms.size(); ++i) {
            const json::object& m = ms[i].as_object();
            CHECK(m.at("move").as_string() == move_text(r.moves[i].move, v.deck));
            CHECK(m.at("wins").to_number<uint64_t>() == r.moves[i].wins);
            CHECK(m.at("intractable").to_number<uint64_t>() == r.moves[i].intractable);
            CHECK(m.at("best").as_bool() == r.moves[i].best);
        }
        if (k.variant == "msc") {
            CHECK(r.samples == 24);
            CHECK_FALSE(r.nothing_hidden);
        } else {
            CHECK(r.nothing_hidden);
        }
        // The same session again: the same odds (deterministic, the solver reused).
        CHECK(session.odds(d.deal, played, o).wins == r.wins);
        CHECK_THROWS_WITH(session.odds(d.deal, api::parse_moves(v, "redeal"), o),
                          Catch::StartsWith("bad moves: move 1 (redeal): "));
    }
}
