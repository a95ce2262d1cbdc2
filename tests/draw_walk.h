// Tut's Tomb's draw-N walk against the positions search on PySolFC seeds
// (tests/test_bruteforce.cpp on a sample, bench/cases.cpp on seeds 1-3000).
#pragma once
#include <catch2/catch.hpp>

#include <string>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "solver/solver.h"

namespace pyr::test {

// Tut's Tomb seeds 1..seeds at its own rules (unlimited passes) and at 1 and
// 3 passes: the draw-N walk and the positions search give the same verdict,
// and (every 8th deal, --optimal, whose search is bounded by the verdict
// search's solution) shortest solutions of the same length.
inline void draw_walk_matches_positions(int seeds) {
    Variant v = *find_preset("tuts-tomb");
    Solver walk, positions;
    int wins = 0, losses = 0;
    for (const int passes : {0, 1, 3}) {
        v.passes = passes;
        for (int seed = 1; seed <= seeds; ++seed) {
            const Board b(deal_from_seed(v, std::to_string(seed)));
            INFO("passes " << passes << " seed " << seed);
            REQUIRE(Solver::method_for(b) == Solver::Method::Walk);
            SolveOptions o;
            o.optimal = seed % 8 == 0;
            const SolveResult w = walk.solve_with(Solver::Method::Walk, b, b.initial(), o);
            const SolveResult p = positions.solve_with(Solver::Method::Positions, b, b.initial(), o);
            REQUIRE(w.verdict == p.verdict);
            if (o.optimal && w.verdict == Verdict::Win) {
                CHECK(w.optimal);
                CHECK(w.solution.size() == p.solution.size());
            }
            ++(w.verdict == Verdict::Win ? wins : losses);
        }
    }
    INFO(wins << " wins, " << losses << " losses");
    CHECK(wins > seeds / 2);
    CHECK(losses > seeds / 2);
}

}  // namespace pyr::test
