// Measures of a won deal (solver/measures.h) against the brute-force
// reference of tests/support.h on small deals of every preset and override.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/json.h"
#include "engine/table.h"
#include "api/api.h"
#include "api/results.h"
#include "solver/measures.h"
#include "solver/players.h"
#include "solver/solver.h"
#include "study/records.h"
#include "tests/cli_run.h"
#include "tests/small_deals.h"
#include "tests/support.h"

#ifndef PYR_SOURCE_DIR
#define PYR_SOURCE_DIR "."
#endif

using namespace pyr;

namespace {
// reference_winnable from a position instead of a deal's start.
bool reference_wins_from(const Table& start) {
    std::unordered_set<std::string> seen{start.key()};
    std::vector<Table> stack{start};
    while (!stack.empty()) {
        Table t = std::move(stack.back());
        stack.pop_back();
        if (t.won()) return true;
        for (const Move& m : t.legal_moves()) {
            Table u = t;
            if (u.apply(m)) continue;
            if (seen.insert(u.key()).second) stack.push_back(std::move(u));
        }
    }
    return false;
}

// How many legal moves at `t` keep a win, by the reference.
int reference_winning_moves(const Table& t) {
    int wins = 0;
    for (const Move& mv : t.legal_moves()) {
        Table u = t;
        u.apply(mv);
        wins += reference_wins_from(u);
    }
    return wins;
}

// m's critical positions (one legal move keeps a win among several) along its
// shortest solution from `t`, against the reference's at each position.
void check_critical(const DealMeasures& m, Table t) {
    std::vector<CriticalPosition> want;
    for (size_t k = 0; k < m.solution.size(); ++k) {
        const int keep = reference_winning_moves(t);
        CHECK(keep >= 1);  // the solution's own move at least
        if (keep == 1) want.push_back({static_cast<int>(k), static_cast<int>(t.legal_moves().size())});
        t.apply(m.solution[k]);
    }
    REQUIRE(m.critical.size() == want.size());
    for (size_t k = 0; k < want.size(); ++k) {
        CHECK(m.critical[k].index == want[k].index);
        CHECK(m.critical[k].legal == want[k].legal);
    }
}
// Each small deal of every preset (tests/small_deals.h, from `seed`, `per_set`
// a rule set, reduced under the sanitizers) that `solver` wins, with its board
// and the generator for the test's own draws.
template <class F>
void for_each_won_small_deal(uint64_t seed, int per_set, Solver& solver, F&& f) {
    test::Rng rng(seed);
    const test::SmallDeals deals{.per_set = test::reduced(per_set), .max_stock = 9, .max_stock_rows = 7};
    test::for_each_small_deal(rng, deals, [&](const Variant& v, const Deal& d) {
        const Board b(d);
        if (solver.solve(b).verdict == Verdict::Win) f(v, d, b, rng);
    });
}

}  // namespace

TEST_CASE("measures of won small deals of every preset match the brute-force reference", "[measures]") {
    Solver solver;
    int won = 0, with_critical = 0, with_losing_first = 0;
    for_each_won_small_deal(2424, 40, solver, [&](const Variant& v, const Deal& d, const Board& b, test::Rng&) {
        const auto ref = test::reference_shortest(Table(d));
        if (!ref.complete || !ref.length) return;
        ++won;
        MeasureOptions o;
        o.casual_plays = 10;
        const DealMeasures m = measure_won_deal(solver, b, o);
        INFO(summary(v) << " / " << compact(d));
        REQUIRE(m.complete);
        CHECK(m.shortest == *ref.length);
        verify_solution(d, m.solution);
        // First moves: each successor's verdict by the reference.
        const Table start(d);
        const int wins = reference_winning_moves(start);
        const auto legal = start.legal_moves();
        CHECK(m.legal_first == static_cast<int>(legal.size()));
        CHECK(m.winning_first == wins);
        with_losing_first += wins < static_cast<int>(legal.size());
        // Critical positions along the shortest solution, by the reference.
        check_critical(m, Table(d));
        with_critical += m.crossroads() > 0;
        // The casual player: its wins, and the difficulty from them.
        int casual = 0;
        for (int p = 0; p < 10; ++p) casual += casual_play(d, casual_seed(d, p));
        CHECK(m.casual_wins == casual);
        CHECK(m.casual_plays == 10);
        CHECK(m.difficulty == Approx(100.0 * (1 - casual / 10.0) + m.crossroads()));
    });
    INFO(won << " won deals, " << with_critical << " with a crossroads, " << with_losing_first
             << " with a losing first move");
    CHECK(won > 200 / test::kSanitizerShare);
    CHECK(with_critical > 20 / test::kSanitizerShare);
    CHECK(with_losing_first > 20 / test::kSanitizerShare);
}

namespace {
// The casual player's play from a position, by the player of solver/players.h
// (its choose(), shown the real deal: it looks only at the legal moves),
// ended as play_game ends a game.
bool reference_casual_from(const Deal& d, const Table& start, const std::vector<Move>& before, uint64_t seed) {
    static const auto player = nopeek::make_player("casual");
    Solver unused;
    nopeek::Rng rng(seed);
    nopeek::PlayerCost cost;
    const nopeek::Unseen none;
    Table t = start;
    std::vector<Move> played = before;
    std::set<std::string> seen;
    for (uint64_t n = 0;; ++n) {
        if (t.won()) return true;
        const std::vector<Move> legal = nopeek::sorted_moves(t);
        if (legal.empty() || !seen.insert(t.key()).second || n >= nopeek::GameOptions{}.max_moves) return false;
        const nopeek::View view{d, none, t, played, legal};
        const Move m = player->choose(view, unused, rng, cost);
        REQUIRE(!t.apply(m));
        played.push_back(m);
    }
}
}  // namespace

TEST_CASE("measures from a position after played moves match the brute-force reference", "[measures]") {
    Solver solver;
    int measured = 0, with_critical = 0, with_losing = 0;
    for_each_won_small_deal(2425, 24, solver, [&](const Variant& v, const Deal& d, const Board& b, test::Rng& rng) {
        // 1 to 4 moves along a random winning line (each keeps a win, by the reference).
        Table here(d);
        std::vector<Move> played;
        const int k = 1 + rng.below(4);
        while (static_cast<int>(played.size()) < k && !here.won()) {
            std::vector<Move> keep;
            for (const Move& mv : here.legal_moves()) {
                Table u = here;
                u.apply(mv);
                if (reference_wins_from(u)) keep.push_back(mv);
            }
            REQUIRE(!keep.empty());
            const Move mv = keep[rng.below(static_cast<int>(keep.size()))];
            here.apply(mv);
            played.push_back(mv);
        }
        const auto ref = test::reference_shortest(here);
        if (!ref.complete || !ref.length) return;
        ++measured;
        MeasureOptions o;
        o.casual_plays = 6;
        const DealMeasures m = measure_position(solver, b, played, o);
        INFO(summary(v) << " / " << compact(d) << " after " << played.size() << " moves");
        REQUIRE(m.complete);
        CHECK(m.from_move == static_cast<int>(played.size()));
        CHECK(m.shortest == *ref.length);
        std::vector<Move> all = played;
        all.insert(all.end(), m.solution.begin(), m.solution.end());
        verify_solution(d, all);
        // Winning moves here, by the reference.
        const auto legal = here.legal_moves();
        const int wins = reference_winning_moves(here);
        CHECK(m.legal_first == static_cast<int>(legal.size()));
        CHECK(m.winning_first == wins);
        with_losing += wins < static_cast<int>(legal.size());
        // Critical positions along the shortest solution from here.
        check_critical(m, here);
        with_critical += m.crossroads() > 0;
        // The casual player from here: the player's own choices, the same seeds.
        int casual = 0;
        for (int p = 0; p < 6; ++p) {
            const bool w = reference_casual_from(d, here, played, casual_seed(d, p));
            CHECK(casual_play(here, casual_seed(d, p)) == w);
            casual += w;
        }
        CHECK(m.casual_wins == casual);
        CHECK(m.difficulty == Approx(100.0 * (1 - casual / 6.0) + m.crossroads()));
    });
    INFO(measured << " positions, " << with_critical << " with a crossroads, " << with_losing << " with a losing move");
    CHECK(measured > 150 / test::kSanitizerShare);
    CHECK(with_critical > 10 / test::kSanitizerShare);
    CHECK(with_losing > 10 / test::kSanitizerShare);
}

TEST_CASE("measures after played moves through api::Session, solve --measures --moves, and a full deal",
          "[measures][cli]") {
    // msc deal 2 at 1 pass: along its shortest solution the shortest length
    // from each position is what is left of it, and one of the moves there wins.
    Variant v = *find_preset("msc");
    v.passes = 1;
    const Deal d = deal_from_seed(v, "2");
    api::Session session;
    api::Request q;
    q.measures = true;
    q.casual_plays = 10;
    const api::Answer start = session.solve(d, {}, q);
    REQUIRE(start.measures);
    REQUIRE(start.measures->complete);
    CHECK(start.measures->from_move == 0);
    CHECK(start.grade.has_value());
    const std::vector<Move>& line = start.measures->solution;
    // (Under the sanitizers, one position.)
    std::vector<size_t> after{1};
    if (test::kSanitizerShare == 1) after = {1, line.size() / 2, line.size() - 1};
    for (size_t k : after) {
        const std::vector<Move> played(line.begin(), line.begin() + static_cast<long>(k));
        const api::Answer a = session.solve(d, played, q);
        INFO("after " << k << " moves");
        REQUIRE(a.measures);
        CHECK(a.measures->from_move == static_cast<int>(k));
        CHECK(a.measures->shortest == static_cast<int>(line.size() - k));
        CHECK(a.measures->winning_first >= 1);
        CHECK_FALSE(a.grade);  // a grade is for the deal's start
        // The same as measure_position with a fresh solver.
        Solver fresh;
        MeasureOptions o;
        o.casual_plays = 10;
        const DealMeasures m = measure_position(fresh, Board(d), played, o);
        CHECK(m.shortest == a.measures->shortest);
        CHECK(m.winning_first == a.measures->winning_first);
        CHECK(m.critical.size() == a.measures->critical.size());
        CHECK(m.casual_wins == a.measures->casual_wins);
        // A critical position of the start's line after move k is critical from here too (same position).
        int later = 0;
        for (const auto& c : start.measures->critical) later += c.index >= static_cast<int>(k);
        if (a.measures->solution == std::vector<Move>(line.begin() + static_cast<long>(k), line.end()))
            CHECK(static_cast<int>(a.measures->critical.size()) == later);
    }
    // The command line: JSON says from which move, and why there is no grade.
    const auto r = test::run(
        "solve --variant msc --passes 1 --seed 2 --measures --casual-plays 10 --format json --moves '" +
        move_text(line[0], d.deck()) + "'");
    REQUIRE(r.status == 0);
    const auto o = json::parse(r.out).as_object();
    const auto& m = o.at("measures").as_object();
    CHECK(m.at("from_move").to_number<int>() == 1);
    CHECK(m.at("shortest").to_number<int>() == static_cast<int>(line.size()) - 1);
    CHECK(m.at("grade").is_null());
    CHECK(std::string(m.at("grade_note").as_string()).find("deal's start") != std::string::npos);
    const auto text = test::run("solve --variant msc --passes 1 --seed 2 --measures --casual-plays 10 --moves '" +
                                move_text(line[0], d.deck()) + "'");
    CHECK(text.out.find("measures from here (after 1 move)") != std::string::npos);
    CHECK(text.out.find("grade:               none (a grade is for a deal's start") != std::string::npos);
    // A lost position after played moves: no measures, a reason.
    const auto lost = test::run("solve --variant msc --passes 1 --seed 1 --measures --format json --moves 'draw'");
    REQUIRE(lost.status == 0);
    const auto lo = json::parse(lost.out).as_object();
    CHECK(lo.at("verdict").as_string() == "lose");
    CHECK_FALSE(lo.if_contains("measures"));
    CHECK(lo.at("reason").as_string() == "order");
}

TEST_CASE("the measures' casual play is the casual player of solver/players.h, play for play", "[measures]") {
    Solver solver;
    const auto player = nopeek::make_player("casual");
    int wins = 0, plays = 0;
    for (const char* name : {"msc", "giza", "relaxed", "apophis"}) {
        Variant v = *find_preset(name);
        // Every seed under the sanitizers too: a quarter of them holds no casual win.
        for (int seed = 1; seed <= 6; ++seed) {
            const Deal d = deal_from_seed(v, std::to_string(seed));
            for (int p = 0; p < 8; ++p) {
                const uint64_t s = casual_seed(d, p);
                const auto g = nopeek::play_game(*player, solver, d, s);
                INFO(name << " seed " << seed << " play " << p);
                CHECK(casual_play(d, s) == g.won);
                wins += g.won;
                ++plays;
            }
        }
    }
    INFO(wins << " of " << plays);
    CHECK(wins > 0);
}

TEST_CASE("grades from the thresholds, and solve --measures prints and writes them", "[measures][cli]") {
    const GradeThresholds t{10, 50, 90};
    CHECK(grade_of(0, t) == Grade::Easy);
    CHECK(grade_of(10, t) == Grade::Easy);
    CHECK(grade_of(10.5, t) == Grade::Medium);
    CHECK(grade_of(90, t) == Grade::Hard);
    CHECK(grade_of(91, t) == Grade::Expert);
    for (Grade g : {Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert}) CHECK(parse_grade(grade_text(g)) == g);
    CHECK_FALSE(parse_grade("impossible"));
    const auto r = test::run("solve --variant msc --seed 1 --measures --format json");
    REQUIRE(r.status == 0);
    CHECK(r.out.find("\"measures\":{\"complete\":true,\"shortest\":43") != std::string::npos);
    CHECK(r.out.find("\"grade_note\":null") != std::string::npos);
}

TEST_CASE("built-in grade thresholds: one row per rule set, increasing, and used for that rule set alone",
          "[measures]") {
    const auto& rows = builtin_threshold_rows();
    REQUIRE(!rows.empty());
    std::set<std::string> names, seen;
    for (const ThresholdRow& r : rows) {
        INFO(r.rules);
        const Variant v = RuleSet::parse(r.rules).variant();  // checked (validate)
        CHECK(play_rules_name(v) == r.rules);                 // every rule that changes play, named
        CHECK(r.t.q1 <= r.t.q2);
        CHECK(r.t.q2 <= r.t.q3);
        CHECK(r.t.q1 >= 0);
        CHECK(r.t.q3 <= 100 + 60);  // the failure rate's 100 points plus crossroads (at most a solution's length)
        CHECK(r.won >= 100);        // quartiles of a real sample
        CHECK(seen.insert(summary(v)).second);  // one row per rule set
        const auto t = builtin_thresholds(v);
        REQUIRE(t);
        CHECK(t->q1 == r.t.q1);
        CHECK(t->q2 == r.t.q2);
        CHECK(t->q3 == r.t.q3);
        // The grade of a difficulty is that row's: just above each quartile, the next grade.
        CHECK(grade_of(r.t.q1, *t) == Grade::Easy);
        CHECK(grade_of(r.t.q3 + 0.5, *t) == Grade::Expert);
        // Every other value of a rule of the schema: a rule that changes play
        // makes another rule set (no row, or its own); one that does not
        // (scoring) keeps this row.
        for (const RuleDescriptor& d : rule_table()) {
            if (!d.takes(*find_preset(v.name))) continue;
            for (const RuleChoice& c : d.choices) {
                if (c.value == d.get(v)) continue;
                Variant o = v;
                d.apply(o, c.value);
                try {
                    o.validate();
                } catch (const std::exception&) {
                    continue;  // rules that contradict each other
                }
                INFO(d.key << "=" << c.value);
                const auto to = builtin_thresholds(o);
                if (!d.changes_play) {
                    REQUIRE(to);
                    CHECK(to->q2 == r.t.q2);
                } else if (to) {
                    const std::string own = play_rules_name(o);
                    CHECK(std::any_of(rows.begin(), rows.end(), [&](const ThresholdRow& x) { return own == x.rules; }));
                    CHECK(own != r.rules);
                }
            }
        }
        names.insert(v.name);
    }
    // docs/measures.md lists every row as it is built in.
    std::ifstream in(std::string(PYR_SOURCE_DIR) + "/docs/measures.md");
    const std::string docs((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    REQUIRE(!docs.empty());
    for (const ThresholdRow& r : rows) {
        const Variant v = RuleSet::parse(r.rules).variant();
        std::string won = std::to_string(r.won);
        if (won.size() > 3) won.insert(won.size() - 3, ",");
        auto num = [](double x) { return std::to_string(static_cast<int>(x)); };
        const std::string passes = v.passes == 0   ? "unlimited passes"
                                   : v.passes == 1 ? "1 pass"
                                                   : std::to_string(v.passes) + " passes";
        const std::string name = v.name == "giza" ? "giza" : v.name + ", " + passes;
        const std::string line = "| " + name + " | " + won + " | " + num(r.t.q1) + " | " + num(r.t.q2) + " | " +
                                 num(r.t.q3) + " |";
        INFO(line);
        CHECK(docs.find(line) != std::string::npos);
    }
    // Every preset at its own rules has thresholds.
    for (const auto& p : presets()) {
        INFO(p.name);
        CHECK(builtin_thresholds(p));
    }
    // A study record's grade and solve's grade come from the deal's own rule set's row.
    const auto r = test::run("solve --variant msc --passes 1 --seed 2 --measures --format json");
    const auto m = json::parse(r.out).as_object().at("measures").as_object();
    Variant one = *find_preset("msc");
    one.passes = 1;
    CHECK(std::string(m.at("grade").as_string()) ==
          grade_text(grade_of(m.at("difficulty").to_number<double>(), *builtin_thresholds(one))));
}

TEST_CASE("stats --measures: records carry reasons and measures, as solve gives them, and resume", "[measures][cli]") {
    const int deals = test::reduced(24);
    for (const std::string ext : {".jsonl", ".csv"}) {
        const std::string path = "/tmp/pyr_measures_" + std::to_string(getpid()) + ext;
        std::remove(path.c_str());
        const std::string cmd = "stats --variant msc --passes 1,3 --seeds 1-" + std::to_string(deals) +
                                " --measures --casual-plays 20 --quiet --threads 2 --out " + path;
        REQUIRE(test::run(cmd).status == 0);
        // Each record against solve on the same deal.
        int wins = 0, losses = 0;
        std::map<std::string, int> reasons;
        read_record_file(path, nullptr, [&](const StudyRecord& r) {
            REQUIRE(r.measured);
            const std::string solve = "solve --variant msc --passes " + passes_text(r.rules.passes) + " --seed " +
                                      r.seed.text() + " --format json --measures --casual-plays 20";
            const auto o = json::parse(test::run(solve).out).as_object();
            INFO(solve);
            if (r.verdict == Verdict::Win) {
                ++wins;
                const auto& m = o.at("measures").as_object();
                CHECK(r.m.shortest == m.at("shortest").to_number<int>());
                CHECK(r.m.winning_first == m.at("winning_first_moves").to_number<int>());
                CHECK(r.m.legal_first == m.at("legal_first_moves").to_number<int>());
                CHECK(r.m.critical == m.at("critical_count").to_number<int>());
                CHECK(r.m.crossroads == m.at("crossroads").to_number<int>());
                CHECK(r.m.casual_wins == m.at("casual_wins").to_number<int>());
                CHECK(r.m.casual_plays == 20);
                CHECK(r.m.difficulty == Approx(m.at("difficulty").to_number<double>()));
                CHECK(r.m.reason == ReasonCode::None);
            } else {
                ++losses;
                CHECK(std::string(reason_code_text(r.m.reason)) == std::string(o.at("reason").as_string()));
                ++reasons[reason_code_text(r.m.reason)];
                CHECK(r.m.shortest == -1);
            }
        });
        CHECK(wins > 0);
        CHECK(reasons["order"] > 0);
        // Resumed: nothing solved again; the report shows the reasons chart.
        const auto again = test::run(cmd.substr(0, cmd.find(" --quiet")) + " --out " + path);
        CHECK((again.out + again.err).find("this run: 0 deals") != std::string::npos);
        const auto page = test::run("report " + path);
        CHECK(page.out.find("id=\"chart-reasons\"") != std::string::npos);
        CHECK(page.out.find("id=\"measures-table\"") != std::string::npos);
        // A study without --measures does not take these records: it solves
        // its own into the same JSON Lines file; a CSV file has one header,
        // so it is refused there.
        const auto plain = test::run("stats --variant msc --passes 1,3 --seeds 1-" + std::to_string(deals) +
                                     " --threads 2 --out " + path);
        if (ext == ".csv") {
            CHECK(plain.status == 2);
        } else {
            CHECK(plain.status == 0);
            CHECK((plain.out + plain.err).find("this run: " + std::to_string(2 * deals) + " deals") !=
                  std::string::npos);
        }
        std::remove(path.c_str());
    }
}

TEST_CASE("generate: the first deals of a grade, each re-solved, the same for any thread count",
          "[measures][cli][generate]") {
    const int count = test::kSanitizerShare > 1 ? 2 : 4;
    const std::string args = "generate --variant msc --passes 3 --grade hard --count " + std::to_string(count) +
                             " --from-seed 5 --casual-plays 30 --quiet --format json";
    const auto one = test::run(args + " --threads 1");
    const auto two = test::run(args + " --threads 2");
    REQUIRE(one.status == 0);
    CHECK(one.out == two.out);
    const auto o = json::parse(one.out).as_object();
    const auto& deals = o.at("deals").as_array();
    REQUIRE(deals.size() == static_cast<size_t>(count));
    const GradeThresholds t = *builtin_thresholds([] {
        Variant v = *find_preset("msc");
        v.passes = 3;
        return v;
    }());
    std::set<uint64_t> listed;
    for (const auto& d : deals) listed.insert(std::stoull(std::string(d.as_object().at("seed").as_string())));
    // Every seed from 5 to the last one listed, solved here: the listed ones
    // are won and hard (with the same measures), the others are not.
    for (uint64_t seed = 5; seed <= *listed.rbegin(); ++seed) {
        const auto r = test::run("solve --variant msc --passes 3 --seed " + std::to_string(seed) +
                                 " --measures --casual-plays 30 --format json");
        const auto s = json::parse(r.out).as_object();
        const bool won = s.at("verdict").as_string() == "win";
        const bool hard = won &&
                          grade_of(s.at("measures").as_object().at("difficulty").to_number<double>(), t) == Grade::Hard;
        INFO("seed " << seed);
        CHECK(hard == (listed.count(seed) == 1));
        if (listed.count(seed)) {
            for (const auto& d : deals) {
                const auto& g = d.as_object();
                if (std::stoull(std::string(g.at("seed").as_string())) != seed) continue;
                CHECK(g.at("deal").as_string() == s.at("deal").as_string());
                const auto& m = s.at("measures").as_object();
                CHECK(g.at("shortest").to_number<int>() == m.at("shortest").to_number<int>());
                CHECK(g.at("casual_wins").to_number<int>() == m.at("casual_wins").to_number<int>());
                CHECK(g.at("difficulty").to_number<double>() == Approx(m.at("difficulty").to_number<double>()));
                // And the deal itself, solved from its cards: won.
                const auto again = test::run("solve --variant msc --passes 3 --deal " +
                                             std::string(g.at("deal").as_string()) + " --format json");
                CHECK(json::parse(again.out).as_object().at("verdict").as_string() == "win");
            }
        }
    }
    // Errors: one line, exit 2.
    for (const char* bad : {"generate --grade impossible", "generate --variant giza --overlap --grade hard",
                            "generate --grade hard --thresholds 3,2,1", "generate --count 5"}) {
        const auto e = test::run(bad);
        INFO(bad << ": " << e.err);
        CHECK(e.status == 2);
    }
    // A rule set without built-in thresholds: the message names those of its preset.
    const auto none = test::run("generate --variant msc --overlap --grade hard");
    CHECK(none.status == 2);
    CHECK(none.err.find("no grade thresholds for msc:passes=3,goal=pyramid,overlap=on (built in for msc: ") !=
          std::string::npos);
    CHECK(none.err.find("msc:passes=1,goal=pyramid,overlap=off") != std::string::npos);
}

TEST_CASE("generate looks at the seeds up to PySolFC's last, 10^20-1, and says when it reached it", "[cli][generate]") {
    // From 10^20-1 - 2^64 - 5 on, the batch's distance to 10^20-1 was cut to
    // 64 bits (5): no seed was looked at ("0 found in 0 seeds (--max-seeds)").
    const auto far = test::run(
        "generate --grade easy --from-seed 81553255926290448370 --count 1 --casual-plays 5 --quiet --format json");
    REQUIRE(far.status == 0);
    const auto f = json::parse(far.out).as_object();
    CHECK(f.at("deals").as_array().size() == 1);
    CHECK(f.at("seeds_looked").to_number<uint64_t>() >= 1);
    // The last batch stops at 10^20-1 (it was dropped whole): the ten seeds
    // from 10^20-10 are looked at, and the shortfall names the end of the seeds.
    const auto top = test::run(
        "generate --grade easy --from-seed 99999999999999999990 --count 20 --casual-plays 5 --quiet --format json");
    REQUIRE(top.status == 0);
    const auto t = json::parse(top.out).as_object();
    CHECK(t.at("seeds_looked").to_number<uint64_t>() == 10);
    CHECK_FALSE(t.at("deals").as_array().empty());
    CHECK(top.err.find("the last PySolFC seed, 99999999999999999999, reached") != std::string::npos);
    CHECK(top.err.find("--max-seeds") == std::string::npos);
    // Still "--max-seeds" when that is what stopped it.
    const auto few = test::run("generate --grade expert --count 5 --max-seeds 3 --casual-plays 5 --quiet");
    CHECK(few.status == 0);
    CHECK(few.err.find("in 3 seeds (--max-seeds)") != std::string::npos);
}

TEST_CASE("stats --reasons: lost deals' reason codes only, as --measures gives them", "[measures][cli]") {
    const std::string a = "/tmp/pyr_reasons_a_" + std::to_string(getpid()) + ".jsonl";
    const std::string b = "/tmp/pyr_reasons_b_" + std::to_string(getpid()) + ".jsonl";
    std::remove(a.c_str());
    std::remove(b.c_str());
    const std::string seeds = " --variant msc,giza --passes 1 --seeds 1-" + std::to_string(test::reduced(40)) +
                              " --quiet";
    REQUIRE(test::run("stats" + seeds + " --reasons --out " + a).status == 0);
    REQUIRE(test::run("stats" + seeds + " --measures --casual-plays 5 --out " + b).status == 0);
    std::map<std::string, std::string> want;
    read_record_file(b, nullptr,
                     [&](const StudyRecord& r) { want[r.rules.name + r.seed.text()] = reason_code_text(r.m.reason); });
    int n = 0;
    read_record_file(a, nullptr, [&](const StudyRecord& r) {
        ++n;
        CHECK(r.measured);
        CHECK(r.m.shortest == -1);
        CHECK(r.m.casual_plays == -1);
        CHECK(want[r.rules.name + r.seed.text()] == reason_code_text(r.m.reason));
        CHECK((r.verdict == Verdict::Lose) == (r.m.reason != ReasonCode::None));
    });
    CHECK(n == 2 * test::reduced(40));
    std::remove(a.c_str());
    std::remove(b.c_str());
}
