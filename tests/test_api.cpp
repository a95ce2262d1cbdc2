// The thin API (api/api.h) that the web page, the Python module and
// `pyramid solve` share: rules and deals read as the CLI reads them, errors as
// api::Error, and a Session that reuses one solver (and one board per deal)
// and answers as a fresh solver does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "api/api.h"
#include "api/results.h"
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
