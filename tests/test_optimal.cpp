// Shortest solutions, the heuristic's admissibility, hints and best scores,
// against breadth-first search over explicit positions on small random deals.
#include <algorithm>

#include <catch2/catch.hpp>

#include "engine/board.h"
#include "engine/table.h"
#include "solver/heuristic.h"
#include "solver/rule_traits.h"
#include "solver/solver.h"
#include "tests/playout.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

std::vector<Variant> test_variants() {
    std::vector<Variant> out;
    for (const auto& base : presets()) {
        out.push_back(base);
        Variant o = base;
        o.overlap = true;
        out.push_back(o);
        if (!base.discards() && base.fixed_size() < deck_size(base.deck)) {
            Variant p = base;
            p.passes = base.passes == 1 ? 2 : 1;
            out.push_back(p);
        }
    }
    return out;
}

// Random legal moves from the start, applied to both representations.
std::pair<Table, State> random_position(const Deal& d, const Board& b, test::Rng& rng, int steps) {
    Table t(d);
    State s = b.initial();
    for (int i = 0; i < steps; ++i)
        if (!test::random_move(b, t, s, rng)) break;
    return {t, s};
}

// `per_variant` random small deals of every test variant (rows and stock
// drawn as test::random_small_deal's), each checked with its board, named in
// a failure's message.
template <class Check>
void each_small_deal(test::Rng& rng, int per_variant, int rows_from, int rows_span, int stock_from, int stock_span,
                     Check check) {
    for (const Variant& v : test_variants())
        for (int i = 0; i < per_variant; ++i) {
            const Deal d = test::random_small_deal(v, rows_from, rows_span, stock_from, stock_span, rng);
            const Board b(d);
            INFO(v.name << " overlap=" << v.overlap << " passes=" << v.passes << " deal " << compact(d));
            check(d, b);
        }
}

// Solves d optimally with the given method and checks it against the
// breadth-first reference: same verdict, proved shortest, same length, and a
// solution the verifier replays to a win.
void check_against_reference(Solver& solver, Solver::Method method, const Deal& d, const Board& b,
                             const test::ShortestReference& ref) {
    SolveOptions o;
    o.optimal = true;
    const SolveResult r = solver.solve_with(method, b, b.initial(), o);
    REQUIRE(r.verdict == (ref.length ? Verdict::Win : Verdict::Lose));
    if (!ref.length) return;
    REQUIRE(r.optimal);
    REQUIRE(static_cast<int>(r.solution.size()) == *ref.length);
    const Replay line = replay(d, r.solution);
    REQUIRE(line.legal());
    REQUIRE(line.won());
}

}  // namespace

TEST_CASE("optimal lengths equal breadth-first search, the heuristic never overestimates", "[optimal]") {
    test::Rng rng(77);
    Solver solver;
    int wins = 0, checked_positions = 0;
    each_small_deal(rng, test::reduced(150), 2, 4, 0, 13, [&](const Deal& d, const Board& b) {
        const auto ref = test::reference_shortest(Table(d));
        REQUIRE(ref.complete);
        // Both optimal searches that apply (the walk one only for draw-one, one waste).
        std::vector<Solver::Method> methods{Solver::Method::Positions};
        if (Solver::method_for(b) == Solver::Method::Walk) methods.push_back(Solver::Method::Walk);
        for (const auto method : methods) {
            INFO("method " << static_cast<int>(method));
            check_against_reference(solver, method, d, b, ref);
        }
        if (ref.length) {
            ++wins;
            REQUIRE(optimal_heuristic(b, b.initial()) <= *ref.length);
        }
        // Admissibility in positions along a random play.
        auto [t, s] = random_position(d, b, rng, rng.below(8));
        const auto from_here = test::reference_shortest(t);
        REQUIRE(from_here.complete);
        if (from_here.length) {
            const int h = optimal_heuristic(b, s);
            INFO("position " << t.key() << " h " << h << " true " << *from_here.length);
            REQUIRE(h <= *from_here.length);
            ++checked_positions;
        }
    });
    CHECK(wins > 800 / test::kSanitizerShare);
    CHECK(checked_positions > 800 / test::kSanitizerShare);
}

TEST_CASE("the walk past a King on top of a face-up stock: lengths still equal breadth-first search", "[optimal]") {
    // The optimal walk stops drawing at a stock King (removing it dominates
    // drawing it). Deals with one or two Kings in the stock, under every preset
    // with a face-up stock and draw-one, against the unpruned reference.
    test::Rng rng(31);
    Solver solver;
    int wins = 0, with_kings = 0;
    for (const Variant& base : presets()) {
        if (!base.stock_top_playable || base.draw != 1 || base.wastes != 1) continue;
        for (const bool overlap : {false, true}) {
            Variant v = base;
            v.overlap = overlap;
            // (Under the sanitizers a quarter of the deals: an eighth met 30 wins, too few to tell.)
            for (int i = 0; i < test::reduced(200, 50); ++i) {
                Deal d = test::random_small_deal(v, 2, 3, 3, 8, rng);
                // Kings not dealt go into random stock slots.
                std::vector<Card> kings;
                for (int s = 0; s < 4; ++s) {
                    const Card k = card_from_index(s * deck_ranks(v.deck) + v.lone_rank - 1, v.deck);
                    if (std::find(d.cards.begin(), d.cards.end(), k) == d.cards.end()) kings.push_back(k);
                }
                const int stock = d.stock_size();
                if (stock == 0) continue;
                const int placed = std::min(1 + static_cast<int>(rng.below(2)), static_cast<int>(kings.size()));
                for (int j = 0; j < placed; ++j) d.cards[d.fixed_size() + rng.below(stock)] = kings[j];
                d = make_deal(d.variant, d.cards, /*full_deck=*/false);
                bool stock_king = false;
                for (int s = d.fixed_size(); s < static_cast<int>(d.cards.size()); ++s)
                    stock_king |= d.cards[s].rank == v.lone_rank;
                if (!stock_king) continue;
                ++with_kings;
                const Board b(d);
                INFO(v.name << " overlap=" << v.overlap << " deal " << compact(d));
                REQUIRE(Solver::method_for(b) == Solver::Method::Walk);
                const auto ref = test::reference_shortest(Table(d));
                REQUIRE(ref.complete);
                check_against_reference(solver, Solver::Method::Walk, d, b, ref);
                wins += ref.length.has_value();
            }
        }
    }
    INFO("deals with a stock King " << with_kings << ", won " << wins);
    CHECK(with_kings > 1800 / test::kSanitizerShare);
    CHECK(wins > 250 / test::kSanitizerShare);
}

TEST_CASE("the heuristic never overestimates on face-up stocks with redeals and deeper plays", "[optimal]") {
    // Bigger stocks and longer random plays than above, where the draw bound's
    // redeal and waste-digging cases come up: every checked position's bound
    // is at most its breadth-first distance to a win.
    test::Rng rng(2026);
    int checked = 0, redealt = 0;
    for (const char* name : {"msc", "relaxed"}) {
        for (const int passes : {2, 3}) {
            Variant v = *find_preset(name);
            v.passes = passes;
            for (int i = 0; i < test::reduced(1200); ++i) {
                const Deal d = test::random_small_deal(v, 3, 3, 8, 10, rng);
                const Board b(d);
                auto [t, s] = random_position(d, b, rng, rng.below(26));
                const auto ref = test::reference_shortest(t);
                REQUIRE(ref.complete);
                if (!ref.length) continue;
                INFO(name << " passes " << passes << " deal " << compact(d) << " position " << t.key());
                REQUIRE(optimal_heuristic(b, s) <= *ref.length);
                ++checked;
                redealt += s.pass > 0;
            }
        }
    }
    CHECK(checked > 150 / test::kSanitizerShare);
    CHECK(redealt > 20 / test::kSanitizerShare);
}

TEST_CASE("a hint is the first move of a shortest solution", "[optimal]") {
    test::Rng rng(5);
    Solver solver;
    int hints = 0;
    for (const char* name : {"msc", "pharaohs", "solitarium", "classic", "tuts-tomb"}) {
        const Variant v = *find_preset(name);
        for (int i = 0; i < 80; ++i) {
            const Deal d = test::random_small_deal(v, 3, 4 + rng.below(6), rng);
            const Board b(d);
            auto [t, s] = random_position(d, b, rng, rng.below(4));
            const auto ref = test::reference_shortest(t);
            REQUIRE(ref.complete);
            SolveOptions o;
            o.optimal = true;
            const SolveResult r = solver.solve(b, s, o);
            if (!ref.length) {
                REQUIRE(r.verdict == Verdict::Lose);
                continue;
            }
            REQUIRE(static_cast<int>(r.solution.size()) == *ref.length);
            if (r.solution.empty()) continue;
            Table after = t;
            REQUIRE_FALSE(after.apply(r.solution.front()));
            const auto next = test::reference_shortest(after);
            REQUIRE(next.length == *ref.length - 1);
            ++hints;
        }
    }
    CHECK(hints > 80);
}

TEST_CASE("best score equals the brute-force fewest tableau cards left", "[optimal][score]") {
    test::Rng rng(9);
    Solver solver;
    int lost = 0;
    each_small_deal(rng, test::reduced(100), 3, 2, 0, 12, [&](const Deal& d, const Board& b) {
        const int expect = test::reference_best_left(Table(d));
        const ScoreResult sc = solver.best_score(b, b.initial(), {});
        REQUIRE(sc.complete);
        REQUIRE(sc.tableau_left == expect);
        // Its moves really leave that few.
        const Replay line = replay(d, sc.moves);
        REQUIRE(line.legal());
        REQUIRE(line.table.tableau_left() == expect);
        lost += expect > 0;
    });
    CHECK(lost > 500 / test::kSanitizerShare);
}

TEST_CASE("best score by the draw-N walk: the fewest tableau cards left, draw 2 and 3", "[optimal][score]") {
    // Tut's Tomb's rules with 2 and 3 cards a draw, every override (overlap,
    // goal all, 1, 2 and unlimited passes): the best score's draw-N walk
    // (solver/score.cpp) against the reference, from the start and from
    // positions after a few random moves, its moves replayed.
    test::Rng rng(28);
    Solver solver;
    Variant base = *find_preset("tuts-tomb");
    int lost = 0, walked = 0;
    for (const int draw : {2, 3}) {
        base.draw = draw;
        base.waste_start = draw;
        for (const Variant& v : test::with_overrides(base)) {
            for (int i = 0; i < test::reduced(60); ++i) {
                const Deal d = test::random_small_deal(v, 3, 2, 0, 13, rng);
                const Board b(d);
                INFO(v.name << " draw=" << v.draw << " overlap=" << v.overlap << " passes=" << v.passes
                            << " goal=" << goal_text(v.goal) << " deal " << compact(d));
                REQUIRE(RuleTraits(b).draw_walk);
                auto [t, s] = random_position(d, b, rng, rng.below(3));
                const int expect = test::reference_best_left(t);
                const ScoreResult sc = solver.best_score(b, s, {});
                REQUIRE(sc.complete);
                REQUIRE(sc.tableau_left == expect);
                Table end = t;
                for (const Move& m : sc.moves) REQUIRE_FALSE(end.apply(m));
                REQUIRE(end.tableau_left() == expect);
                lost += expect > 0;
                ++walked;
            }
        }
    }
    INFO(walked << " positions, " << lost << " not cleared");
    CHECK(lost > 100 / test::kSanitizerShare);
    CHECK(walked - lost > 50 / test::kSanitizerShare);
}
