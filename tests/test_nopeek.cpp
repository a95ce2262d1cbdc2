// Playing without peeking (solver/nopeek.h, solver/players.h): what the
// player knows, the odds of a position over the hidden orders, the players,
// and the exact no-peek optimum (expectimax over what the player has seen)
// on small deals as the reference no player can beat.
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>

#include "engine/deal_source.h"
#include "engine/json.h"
#include "solver/nopeek.h"
#include "solver/players.h"
#include "solver/solver.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/study.h"
#include "study/summary.h"
#include "tests/cli_run.h"
#include "tests/nopeek_reference.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;
using namespace pyr::nopeek;
using test::Expectimax;
using test::thoughtful_share;

namespace {

// Small deals of the presets with a hidden stock, at 1 and 2 passes.
std::vector<Deal> small_deals(int count, int max_stock, uint64_t seed) {
    std::vector<Deal> out;
    test::Rng rng(seed);
    const char* names[] = {"msc", "cheops", "pharaohs", "classic", "solitarium", "tuts-tomb", "apophis", "relaxed"};
    for (int i = 0; i < count; ++i) {
        Variant v = *find_preset(names[i % 8]);
        if (!v.discards() && v.redeal == RedealOrder::Same) v.passes = 1 + i % 2;
        if (v.redeal == RedealOrder::ApophisRows) v.passes = 1;
        out.push_back(test::random_small_deal(v, 3, 2, 3, max_stock - 2, rng));
    }
    return out;
}

}  // namespace

TEST_CASE("nopeek: the hidden cards are the undealt stock of the first pass, less a face-up top", "[nopeek]") {
    const Variant msc = *find_preset("msc");
    const Deal d = deal_from_seed(msc, "1");
    Table t(d);
    Unseen u = unseen(d, t);
    REQUIRE(u.size() == 23);  // 24 stock cards, the top face up
    CHECK(u.slots.front() == 29);
    REQUIRE_FALSE(t.apply(Move::draw()));
    u = unseen(d, t);
    CHECK(u.size() == 22);
    CHECK(u.slots.front() == 30);
    // The masked deal keeps every seen card and hides the order of the rest.
    const Deal m = masked_deal(d, u);
    for (int i = 0; i < 30; ++i) CHECK(m.cards[i] == d.cards[i]);
    CHECK(m.cards != d.cards);
    // Pharaohs turns no card up: every undealt stock card is hidden.
    Variant ph = *find_preset("pharaohs");
    CHECK(unseen(deal_from_seed(ph, "1"), Table(deal_from_seed(ph, "1"))).size() == 24);
    // After the first pass nothing is hidden.
    Table all(d);
    for (int i = 0; i < 24; ++i) REQUIRE_FALSE(all.apply(Move::draw()));
    CHECK(unseen(d, all).size() == 0);
    REQUIRE_FALSE(all.apply(Move::redeal()));
    CHECK(unseen(d, all).empty());
    // Giza deals every card face up.
    const Variant giza = *find_preset("giza");
    CHECK_FALSE(ever_hidden(giza));
    CHECK(unseen(deal_from_seed(giza, "5"), Table(deal_from_seed(giza, "5"))).empty());
    CHECK(ever_hidden(msc));
}

TEST_CASE("nopeek: sampled deals agree with everything seen, and the same seed gives the same deals", "[nopeek]") {
    const Deal d = deal_from_seed(*find_preset("cheops"), "7");
    const std::vector<Move> played = parse_moves("draw draw draw", d.deck());
    const Unseen u = unseen_after(d, played);
    Rng a(42), b(42);
    std::map<std::string, int> seen;
    for (int k = 0; k < 200; ++k) {
        const Deal x = sample_deal(masked_deal(d, u), u, a);
        CHECK(compact(x) == compact(sample_deal(masked_deal(d, u), u, b)));
        ++seen[compact(x)];
        CHECK(replay(x, played).legal());
        for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
            if (std::find(u.slots.begin(), u.slots.end(), i) == u.slots.end()) CHECK(x.cards[i] == d.cards[i]);
        CHECK(unseen_after(x, played).cards == u.cards);
    }
    CHECK(seen.size() > 190);  // 21 hidden cards: repeats are all but impossible
    CHECK(orders_count(8) == 40320);
    CHECK(orders_count(30) == UINT64_MAX);
}

TEST_CASE("nopeek: exact odds by enumeration lie in the sampled estimate's interval", "[nopeek]") {
    Solver solver;
    int checked = 0;
    for (const Deal& d : small_deals(test::reduced(24), 7, 11)) {
        const Unseen u = unseen(d, Table(d));
        if (u.size() < 4) continue;
        OddsOptions exact;
        const Odds e = odds(solver, d, {}, exact);
        REQUIRE(e.exact);
        REQUIRE(e.samples == orders_count(u.size()));
        OddsOptions sampled;
        sampled.exact_limit = 0;
        sampled.samples = 400;
        sampled.rng_seed = 3;
        const Odds s = odds(solver, d, {}, sampled);
        REQUIRE_FALSE(s.exact);
        REQUIRE(s.samples == 400);
        const double p = double(e.wins) / double(e.samples);
        const auto ci = wilson_interval(s.wins, s.samples, 3.29);  // 99.9%: many intervals are checked
        CHECK(ci->low <= p);
        CHECK(p <= ci->high);
        for (size_t i = 0; i < e.moves.size(); ++i) {
            const auto cm = wilson_interval(s.moves[i].wins, s.samples, 3.29);
            const double pm = double(e.moves[i].wins) / double(e.samples);
            CHECK(cm->low <= pm);
            CHECK(pm <= cm->high);
            CHECK(e.moves[i].wins <= e.wins);  // a move keeps a win only where the position has one
        }
        // The position's share is the best a move can do when peeking; some move reaches it per order.
        uint64_t best = 0;
        for (const auto& m : e.moves) best = std::max(best, m.wins);
        CHECK(best <= e.wins);
        // Same arguments, same odds.
        const Odds again = odds(solver, d, {}, sampled);
        CHECK(again.wins == s.wins);
        for (size_t i = 0; i < s.moves.size(); ++i) CHECK(again.moves[i].wins == s.moves[i].wins);
        ++checked;
    }
    CHECK(checked >= test::reduced(12));
}

TEST_CASE("nopeek: with nothing hidden the odds are 0 or 1, the verdict", "[nopeek]") {
    Solver solver;
    // Giza: every card face up.
    for (const char* seed : {"1", "2", "3", "4"}) {
        const Deal d = deal_from_seed(*find_preset("giza"), seed);
        const Odds o = odds(solver, d, {}, {});
        CHECK(o.nothing_hidden);
        CHECK(o.samples == 1);
        CHECK(o.wins == (solver.solve(Board(d)).verdict == Verdict::Win ? 1u : 0u));
    }
    // msc after the first pass: every card has been seen.
    for (const char* seed : {"1", "2", "3", "11", "12"}) {
        const Deal d = deal_from_seed(*find_preset("msc"), seed);
        std::vector<Move> played(24, Move::draw());
        played.push_back(Move::redeal());
        const Odds o = odds(solver, d, played, {});
        CHECK(o.nothing_hidden);
        CHECK(o.samples == 1);
        const Board b(d);
        const auto s = b.play(played, nullptr);
        CHECK(o.wins == (solver.solve(b, *s, {}).verdict == Verdict::Win ? 1u : 0u));
    }
}

TEST_CASE("nopeek: players are deterministic, move legally, and every win replays", "[nopeek]") {
    Solver solver;
    for (const std::string spec : {"greedy", "casual", "sampler:8", "planner:8"}) {
        int wins = 0;
        for (int seed = 1; seed <= test::reduced(spec[0] == 'g' || spec[0] == 'c' ? 200 : 4); ++seed) {
            for (const char* variant : {"msc", "pharaohs", "classic"}) {
                const Deal d = deal_from_seed(*find_preset(variant), std::to_string(seed));
                auto p = make_player(spec);
                const GameResult g = play_game(*p, solver, d, game_seed(1, d));
                auto q = make_player(spec);
                const GameResult h = play_game(*q, solver, d, game_seed(1, d));
                CHECK(g.moves == h.moves);
                const Replay game = replay(d, g.moves);
                CHECK(game.legal());
                CHECK(game.won() == g.won);
                if (g.won) {
                    ++wins;
                    CHECK(solver.solve(Board(d)).verdict == Verdict::Win);  // the thoughtful verdict
                }
            }
        }
        INFO(spec);
        CHECK(wins > 0);
    }
    CHECK(make_player("thoughtful") == nullptr);
    CHECK_THROWS_AS(make_player("sampler:0"), std::invalid_argument);
    CHECK_THROWS_AS(make_player("greedy:3"), std::invalid_argument);
    CHECK_THROWS_AS(make_player("nobody"), std::invalid_argument);
}

TEST_CASE("nopeek: a solution reordered to start with another move still wins", "[nopeek]") {
    // The samplers count these moves as keeping a win without a solve: each
    // reordered line is replayed here by the verifier.
    Solver solver;
    uint64_t lines = 0, fixed_first = 0, draws_first = 0;
    for (int seed = 1; seed <= test::reduced(24); ++seed)
        for (const char* variant : {"msc", "pharaohs", "classic", "cheops", "relaxed"}) {
            const Deal d = deal_from_seed(*find_preset(variant), std::to_string(seed));
            // Positions along a greedy game, on a few deals consistent with each.
            Table t(d);
            std::vector<Move> played;
            Rng rng(static_cast<uint64_t>(seed));
            for (int step = 0; step < 30 && !t.won() && !t.legal_moves().empty(); ++step) {
                const Unseen u = unseen(d, t);
                const std::vector<Move> legal = sorted_moves(t);
                for (int k = 0; k < 3; ++k) {
                    const Deal x = sample_deal(masked_deal(d, u), u, rng);
                    const Board b(x);
                    const auto s = b.play(played, nullptr);
                    REQUIRE(s);
                    const SolveResult r = solver.solve(b, *s, {});
                    if (r.verdict != Verdict::Win) continue;
                    for (const Move& m : legal) {
                        const auto line = solution_starting_with(Board(masked_deal(d, u)), m, r.solution);
                        if (!line) continue;
                        REQUIRE(line->front() == m);
                        REQUIRE(line->size() == r.solution.size());
                        std::vector<Move> all = played;
                        all.insert(all.end(), line->begin(), line->end());
                        INFO(variant << " " << seed << " " << moves_text(all, d.deck()));
                        const Replay replayed = replay(x, all);
                        CHECK(replayed.legal());
                        CHECK(replayed.won());
                        ++lines;
                        if (m == r.solution.front()) continue;
                        if (m.kind == Move::Draw) ++draws_first;
                        else ++fixed_first;
                    }
                }
                const Move m = greedy_move(legal);
                REQUIRE_FALSE(t.apply(m));
                played.push_back(m);
            }
        }
    CHECK(lines > 0);
    CHECK(fixed_first > 0);  // removals moved to the front from later in a solution
    CHECK(draws_first > 0);  // a draw moved before fixed-card removals
}

TEST_CASE("nopeek: the casual player picks among removals at random, from its seed", "[nopeek]") {
    Solver solver;
    const Deal d = deal_from_seed(*find_preset("msc"), "3");
    auto p = make_player("casual");
    std::map<std::string, int> games;
    for (uint64_t s = 1; s <= 20; ++s) games[moves_text(play_game(*p, solver, d, s).moves, d.deck())]++;
    CHECK(games.size() > 1);  // different seeds, different games
}

TEST_CASE("nopeek: the exact no-peek optimum bounds every player and never exceeds the thoughtful odds", "[nopeek]") {
    Solver solver;
    int checked = 0, below = 0;
    // All 40 deals under the sanitizers too (a few seconds): the first ten hold
    // no deal where not seeing the stock costs a win.
    for (const Deal& d : small_deals(40, 6, 5)) {
        const Unseen u = unseen(d, Table(d));
        Expectimax ex;
        std::vector<Move> played;
        const double best = ex.value(masked_deal(d, u), played);
        const double thoughtful = thoughtful_share(solver, d);
        INFO(d.variant.name << " " << compact(d));
        CHECK(best <= thoughtful + 1e-12);
        below += best < thoughtful - 1e-12;
        // Every player, over every order of the hidden cards (its rng seeded
        // from what it sees, the same for every order): its mean is a no-peek
        // strategy's value, at most the optimum.
        for (const std::string spec : {"greedy", "casual", "sampler:4", "planner:4"}) {
            auto p = make_player(spec);
            uint64_t wins = 0, n = 0;
            for_each_order(masked_deal(d, u), u, [&](const Deal& x) {
                ++n;
                const GameResult g = play_game(*p, solver, x, game_seed(7, x));
                wins += g.won;
            });
            INFO(spec);
            CHECK(double(wins) / double(n) <= best + 1e-12);
        }
        ++checked;
    }
    CHECK(checked == 40);
    CHECK(below > 0);  // somewhere, not seeing the stock costs a win
}

TEST_CASE("nopeek: a study with a player records its games beside the verdict, and reads them back", "[nopeek]") {
    StudySpec spec;
    spec.combos = study_combos({"msc", "pharaohs"}, std::vector<int>{1});
    spec.deals = seeds_range("1-" + std::to_string(test::reduced(24)));
    spec.limits.max_states = 10'000'000;
    spec.player = "sampler:4";
    TaskTable table(spec);
    std::vector<StudyRecord> records;
    StudyRunOptions opts;
    opts.threads = 2;
    opts.on_record = [&](const StudyRecord& r) { records.push_back(r); };
    run_study(spec, table, opts);
    REQUIRE(records.size() == spec.tasks());
    int player_wins = 0;
    for (const StudyRecord& r : records) {
        const Variant& v = spec.combos[r.combo];
        const Deal d = deal_from_seed(v, r.seed.text());
        if (r.verdict == Verdict::Lose) CHECK_FALSE(r.player_played);  // it cannot win: not played
        else CHECK(r.player_played);
        if (r.player_won) {
            ++player_wins;
            CHECK(r.verdict == Verdict::Win);
            const Replay game = replay(d, parse_moves(r.player_moves, d.deck()));
            CHECK(game.legal());
            CHECK(game.won());
        }
        // The same game again, alone.
        if (r.player_played) {
            Solver solver;
            auto p = make_player(spec.player);
            const GameResult g = play_game(*p, solver, d, game_seed(spec.player_seed, d));
            CHECK(moves_text(g.moves, d.deck()) == r.player_moves);
            CHECK(g.won == r.player_won);
        }
        // Each record written and read back, in JSON and CSV.
        for (bool csv : {false, true}) {
            const std::string path = std::string("/tmp/pyr_nopeek_test_") + (csv ? "r.csv" : "r.jsonl");
            {
                std::ofstream f(path);
                f << study_line(spec, csv);
                if (csv) f << record_csv_header(spec) << "\n";
                f << record_line(spec, r, csv);
            }
            int n = 0;
            read_record_file(path, nullptr, [&](StudyRecord& pr) {
                const int combo = match_record(spec, pr);
                REQUIRE(combo == static_cast<int>(r.combo));
                pr.combo = static_cast<uint32_t>(combo);
                CHECK(pr.same_result(r));
                ++n;
            });
            CHECK(n == 1);
            std::remove(path.c_str());
        }
    }
    SummaryBuilder summaries(spec);
    for (const auto& r : records) summaries.add(r);
    const auto sums = summaries.summaries();
    uint64_t both = 0;
    for (const auto& s : sums) {
        CHECK(s.paired.counts.second_only == 0);  // no player wins a deal the solver proved lost
        CHECK(s.player_wins <= s.wins);
        both += s.paired.counts.both;
    }
    CHECK(both == static_cast<uint64_t>(player_wins));
    // A thoughtful study does not take the player's records.
    StudySpec plain = spec;
    plain.player.clear();
    const std::string line = record_line(spec, records.front(), false);
    const std::string path = "/tmp/pyr_nopeek_test_plain.jsonl";
    {
        std::ofstream f(path);
        f << line;
    }
    read_record_file(path, nullptr, [&](const StudyRecord& pr) { CHECK(match_record(plain, pr) == -1); });
    std::remove(path.c_str());
}

TEST_CASE("nopeek: the odds and compare-players commands", "[nopeek][cli]") {
    // odds: deterministic JSON, the best move among the moves, exact on a late position.
    const auto a = test::run("odds --variant msc --passes 1 --seed 3 --samples 60 --format json");
    REQUIRE(a.status == 0);
    const auto a2 = test::run("odds --variant msc --passes 1 --seed 3 --samples 60 --format json");
    // The same odds (the timing aside).
    CHECK(a.out.substr(0, a.out.find("\"solves\"")) == a2.out.substr(0, a2.out.find("\"solves\"")));
    const json::value j = json::parse(a.out);
    CHECK(j.at("method").as_string() == "sampled");
    CHECK(j.at("samples").to_number<uint64_t>() == 60);
    CHECK(!j.at("best_move").is_null());
    std::vector<std::string> twenty(20, "draw");
    std::string moves;
    for (const auto& m : twenty) moves += m + " ";
    const auto e = test::run("odds --variant msc --passes 1 --seed 3 --moves '" + moves + "' --format json");
    REQUIRE(e.status == 0);
    const json::value k = json::parse(e.out);
    CHECK(k.at("method").as_string() == "exact");
    CHECK(k.at("hidden").to_number<uint64_t>() == 3);
    CHECK(k.at("samples").to_number<uint64_t>() == 6);
    CHECK(test::run("odds --variant giza --seed 1").out.find("Nothing is hidden here") != std::string::npos);
    CHECK(test::run("odds --variant msc --seed 1 --samples 0").status == 2);
    CHECK(test::run("odds --variant msc --seed 1 --moves 'KH'").status == 2);
    // Two players' studies compared deal by deal.
    const std::string g = "/tmp/pyr_nopeek_cli_g.jsonl", c = "/tmp/pyr_nopeek_cli_c.jsonl";
    std::remove(g.c_str());
    std::remove(c.c_str());
    REQUIRE(test::run("stats --variant msc --seeds 1-30 --player greedy -q --out " + g).status == 0);
    REQUIRE(test::run("stats --variant msc --seeds 1-30 --player casual -q --out " + c).status == 0);
    const auto cp = test::run("compare-players " + g + " " + c + " --format json");
    REQUIRE(cp.status == 0);
    const json::value parsed = json::parse(cp.out);
    const json::object& row = parsed.at("comparisons").as_array().at(0).as_object();
    CHECK(row.at("first").as_string() == "greedy");
    CHECK(row.at("second").as_string() == "casual");
    CHECK(row.at("both").to_number<uint64_t>() + row.at("first_only").to_number<uint64_t>() +
              row.at("second_only").to_number<uint64_t>() + row.at("neither").to_number<uint64_t>() ==
          30);
    CHECK(test::run("compare-players " + g).status == 2);
    CHECK(test::run("stats --variant msc --seeds 1-3 --player sampler:x").status == 2);
    std::remove(g.c_str());
    std::remove(c.c_str());
}
