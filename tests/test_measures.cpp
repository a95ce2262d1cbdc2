// Measures of a won deal (solver/measures.h) against the brute-force
// reference of tests/support.h on small deals of every preset and override.
#include <catch2/catch.hpp>

#include <string>
#include <unordered_set>
#include <vector>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/table.h"
#include "solver/measures.h"
#include "solver/players.h"
#include "solver/solver.h"
#include "tests/cli_run.h"
#include "tests/support.h"

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
}  // namespace

TEST_CASE("measures of won small deals of every preset match the brute-force reference", "[measures]") {
    test::Rng rng(2424);
    Solver solver;
    int won = 0, with_critical = 0, with_losing_first = 0;
    for (const auto& base : presets())
        for (const auto& v : test::with_overrides(base))
            for (int i = 0; i < test::reduced(40); ++i) {
                const int max_stock = v.redeal == RedealOrder::ApophisRows ? 7 : 9;
                const Deal d = test::random_small_deal(v, 3 + rng.below(2), rng.below(max_stock + 1), rng);
                const Board b(d);
                if (solver.solve(b).verdict != Verdict::Win) continue;
                const auto ref = test::reference_shortest(Table(d));
                if (!ref.complete || !ref.length) continue;
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
                int wins = 0;
                const auto legal = start.legal_moves();
                for (const Move& mv : legal) {
                    Table u = start;
                    u.apply(mv);
                    wins += reference_wins_from(u);
                }
                CHECK(m.legal_first == static_cast<int>(legal.size()));
                CHECK(m.winning_first == wins);
                with_losing_first += wins < static_cast<int>(legal.size());
                // Critical positions along the shortest solution, by the reference.
                std::vector<CriticalPosition> want;
                Table t(d);
                for (size_t k = 0; k < m.solution.size(); ++k) {
                    int keep = 0;
                    const auto here = t.legal_moves();
                    for (const Move& mv : here) {
                        Table u = t;
                        u.apply(mv);
                        keep += reference_wins_from(u);
                    }
                    CHECK(keep >= 1);
                    if (keep == 1) want.push_back({static_cast<int>(k), static_cast<int>(here.size())});
                    t.apply(m.solution[k]);
                }
                REQUIRE(m.critical.size() == want.size());
                for (size_t k = 0; k < want.size(); ++k) {
                    CHECK(m.critical[k].index == want[k].index);
                    CHECK(m.critical[k].legal == want[k].legal);
                }
                with_critical += m.crossroads() > 0;
                // The casual player: its wins, and the difficulty from them.
                int casual = 0;
                for (int p = 0; p < 10; ++p) casual += casual_play(d, casual_seed(d, p));
                CHECK(m.casual_wins == casual);
                CHECK(m.casual_plays == 10);
                CHECK(m.difficulty == Approx(100.0 * (1 - casual / 10.0) + m.crossroads()));
            }
    INFO(won << " won deals, " << with_critical << " with a crossroads, " << with_losing_first << " with a losing first move");
    CHECK(won > 200 / test::kSanitizerShare);
    CHECK(with_critical > 20 / test::kSanitizerShare);
    CHECK(with_losing_first > 20 / test::kSanitizerShare);
}

TEST_CASE("the measures' casual play is the casual player of solver/players.h, play for play", "[measures]") {
    Solver solver;
    const auto player = nopeek::make_player("casual");
    int wins = 0, plays = 0;
    for (const char* name : {"msc", "giza", "relaxed", "apophis"}) {
        Variant v = *find_preset(name);
        for (int seed = 1; seed <= test::reduced(6); ++seed) {
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
    const auto e = test::run("solve --variant msc --seed 1 --measures --moves 'draw'");
    CHECK(e.status == 2);
}
