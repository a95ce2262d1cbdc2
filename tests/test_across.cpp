// Which line across deals (solver/across.h): the dynamic programme over
// (still needed, deals left) against hand computations (the free deals a clear
// gives, the fixed point of a clear that makes nothing, units of points),
// against a simulation of multi-deal challenges played with its recommended
// lines on fresh random deals; the table format; the shipped msc tables; and
// the API's challenge answers against the brute-force reference.
#include <catch2/catch.hpp>

#include <cmath>
#include <map>

#include "api/api.h"
#include "api/results.h"
#include "solver/across.h"
#include "solver/challenge.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

OutcomeTable table_of(std::vector<std::pair<DealOutcome, uint32_t>> rows) {
    OutcomeTable t;
    t.source = "test";
    t.outcomes = std::move(rows);
    return t;
}

// The Wilson score interval of `wins` in `n` trials at z standard deviations.
std::pair<double, double> wilson(int wins, int n, double z) {
    const double p = static_cast<double>(wins) / n, z2 = z * z;
    const double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
    const double half = z / (1 + z2 / n) * std::sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    return {centre - half, centre + half};
}

}  // namespace

TEST_CASE("across deals: the programme by hand, a clear's free deal and the fixed point", "[across]") {
    // A quarter of the deals clear without making anything (or end with
    // nothing), a quarter make one without a clear, half make nothing.
    const OutcomeTable t = table_of(
        {{DealOutcome{0, 0}, 1}, {DealOutcome{std::nullopt, 1}, 1}, {DealOutcome{std::nullopt, 0}, 2}});
    const AcrossDeals dp(t, 3, 3);
    // P(1,1) = P(1,1)/4 + 1/4: 1/3. P(1,2) = P(1,2)/4 + 1/4 + P(1,1)/2: 5/9.
    CHECK(dp.probability(1, 1) == Approx(1.0 / 3));
    CHECK(dp.probability(1, 2) == Approx(5.0 / 9));
    CHECK(dp.probability(0, 1) == 1.0);
    CHECK(dp.probability(1, 0) == 0.0);
    CHECK(dp.probability(2, 1) == 0.0);  // one deal that is not cleared makes at most 1
    // After the deal in hand: a clear keeps the deal count, an end without one spends it.
    CHECK(dp.after(1, 2, 0, true) == Approx(5.0 / 9));
    CHECK(dp.after(1, 2, 0, false) == Approx(1.0 / 3));
    CHECK(dp.after(1, 2, 1, false) == 1.0);
    CHECK_THROWS_AS(dp.probability(4, 1), std::invalid_argument);

    // Points come in units (their common divisor): 25 to make needs 3 units of 10.
    const OutcomeTable s = table_of({{DealOutcome{std::nullopt, 10}, 1}, {DealOutcome{20, std::nullopt}, 1}});
    const AcrossDeals sp(s, 45, 1);
    CHECK(sp.probability(10, 1) == 1.0);
    CHECK(sp.probability(20, 1) == Approx(0.5));   // 2 units: only a clear makes them
    CHECK(sp.probability(25, 1) == Approx(0.5));   // a clear of 20 (free), then any deal makes the last 10
    CHECK(sp.probability(45, 1) == Approx(0.25));  // two clears, then any deal

    // The deal in hand: its lines' chances and the best of them.
    Challenge c;
    c.kind = ChallengeKind::Cards;
    c.rank = 1;
    c.target = 2;
    ChallengeResult r;
    r.lines.push_back(ChallengeLine{true, 500, 0, {}, false});   // a clear making nothing
    r.lines.push_back(ChallengeLine{false, 100, 1, {}, false});  // one card, the deal spent
    const auto a = across_deals(&dp, c, r, 2);
    REQUIRE(a);
    REQUIRE(a->line_probability.size() == 2);
    CHECK(a->line_probability[0] == Approx(dp.probability(2, 2)));
    CHECK(a->line_probability[1] == Approx(dp.probability(1, 1)));
    CHECK(*a->recommended == (a->line_probability[0] >= a->line_probability[1] ? 0u : 1u));
    CHECK(a->probability == Approx(std::max(a->line_probability[0], a->line_probability[1])));
    CHECK(*a->before == Approx(dp.probability(2, 2)));
    // Without a table only a deal that makes the target has an answer.
    CHECK(!across_deals(nullptr, c, r, 2));
    r.lines = {ChallengeLine{false, 150, 2, {}, true}};  // a deal that makes the target: one line
    const auto done = across_deals(nullptr, c, r, 2);
    REQUIRE(done);
    CHECK(*done->recommended == 0);
    CHECK(done->probability == 1.0);
}

TEST_CASE("across deals: the table format, its errors, and the board table", "[across]") {
    const auto tables = parse_outcome_tables(
        "# comment\n\ntable cards:A\nsource a study\n4 4 3  # won\n- 2 1\ntable score\n1290 780 2\n");
    REQUIRE(tables.size() == 2);
    CHECK(tables[0].first == "cards:A");
    CHECK(tables[0].second.source == "a study");
    CHECK(tables[0].second.deals() == 4);
    CHECK(tables[0].second.outcomes[1].first == DealOutcome{std::nullopt, 2});
    CHECK(tables[1].second.share([](const DealOutcome& o) { return o.clear.has_value(); }) == 1.0);
    const OutcomeTable b = board_outcome_table(tables[0].second);
    CHECK(b.deals() == 4);
    CHECK(b.share([](const DealOutcome& o) { return o.clear == 1; }) == Approx(0.75));
    for (const std::string bad :
         {"4 4 3\n", "table\n", "table x\n4 x 3\n", "table x\n4 4 0\n", "table x\n4 4\n", "table x\n-1 4 2\n"}) {
        INFO(bad);
        CHECK_THROWS_AS(parse_outcome_tables(bad), std::invalid_argument);
    }
    CHECK_THROWS_WITH(parse_outcome_tables("table x\n1 2 3\n4 y 5\n"), Catch::Contains("line 3"));
}

TEST_CASE("across deals: the shipped msc tables agree with each other", "[across]") {
    const Variant msc = *find_preset("msc");
    const OutcomeTable* score = builtin_outcome_table(msc, msc_scoring(), ChallengeKind::Score, 0);
    const OutcomeTable* aces = builtin_outcome_table(msc, msc_scoring(), ChallengeKind::Cards, 1);
    const OutcomeTable* kings = builtin_outcome_table(msc, msc_scoring(), ChallengeKind::Cards, 13);
    const OutcomeTable* boards = builtin_outcome_table(msc, msc_scoring(), ChallengeKind::Board, 0);
    REQUIRE(score);
    REQUIRE(aces);
    REQUIRE(kings);
    REQUIRE(boards);
    // Every rank that pairs is an Ace by relabelling the ranks.
    CHECK(builtin_outcome_table(msc, msc_scoring(), ChallengeKind::Cards, 6) == aces);
    // The same deals: as many in each, and a clear in the same share (the won deals).
    const auto won = [](const DealOutcome& o) { return o.clear.has_value(); };
    CHECK(score->deals() == aces->deals());
    CHECK(kings->deals() == aces->deals());
    CHECK(boards->deals() == aces->deals());
    CHECK(score->share(won) == aces->share(won));
    CHECK(kings->share(won) == aces->share(won));
    CHECK(boards->share(won) == aces->share(won));
    CHECK(aces->share(won) > 0.5);  // msc wins about two deals in three
    CHECK(aces->share(won) < 0.9);
    for (const auto& [o, n] : score->outcomes) {
        CHECK(o.clear.value_or(0) <= 1290);
        CHECK(o.open.value_or(0) < 1290);  // the top row's 500 needs a clear
    }
    for (const auto* t : {aces, kings})
        for (const auto& [o, n] : t->outcomes) {
            CHECK(o.clear.value_or(0) <= 4);
            CHECK(o.open.value_or(0) <= 4);
        }
    // Other rules and other scorings have none.
    CHECK(!builtin_outcome_table(*find_preset("relaxed"), msc_scoring(), ChallengeKind::Cards, 1));
    Variant two = msc;
    two.passes = 1;
    CHECK(!builtin_outcome_table(two, msc_scoring(), ChallengeKind::Board, 0));
    Scoring other;
    other.per_removal = 10;
    CHECK(!builtin_outcome_table(msc, other, ChallengeKind::Score, 0));
    CHECK(builtin_outcome_table(msc, other, ChallengeKind::Cards, 1) == aces);
    // The odds fall as the need grows and rise with the deals left.
    const AcrossDeals dp(*aces, 12, 3);
    CHECK(dp.probability(12, 2) < dp.probability(8, 2));
    CHECK(dp.probability(12, 2) < dp.probability(12, 3));
    CHECK(dp.probability(4, 1) > 0);
}

TEST_CASE("across deals: the computed chance matches a simulation of the recommended play", "[across]") {
    // Small msc layouts (4 rows, 8 stock cards): the outcome table from a
    // study of random ones, then challenges played on fresh random deals, each
    // deal solved exactly and the line across_deals recommends taken.
    Variant v = *find_preset("msc");
    test::Rng rng(0xAC2055DEull);
    auto deal = [&] { return test::random_small_deal(v, 4, 8, rng); };
    struct Case {
        ChallengeKind kind;
        int target, deals;
    };
    for (const Case& k : {Case{ChallengeKind::Cards, 3, 2}, Case{ChallengeKind::Board, 2, 2}}) {
        Challenge c;
        c.kind = k.kind;
        c.rank = 1;
        c.every_end = true;
        OutcomeTable t;
        std::map<DealOutcome, uint32_t> counts;
        for (int i = 0; i < test::reduced(1500, 375); ++i) {  // (the table and the simulation: as with a quarter)
            const Deal d = deal();
            const auto o = deal_outcome(c, solve_challenge(Board(d), c));
            REQUIRE(o);
            ++counts[*o];
        }
        t.outcomes.assign(counts.begin(), counts.end());
        const AcrossDeals dp(t, k.target, k.deals);
        const double p = dp.probability(k.target, k.deals);
        INFO("kind " << challenge_kind_text(k.kind) << ", target " << k.target << " in " << k.deals
                     << " deals: computed " << p);
        CHECK(p > 0.1);
        CHECK(p < 0.9);
        const int n = test::reduced(400, 100);  // (fewer, and the interval would hold the wrong answer too)
        int wins = 0, free_deals = 0;
        for (int i = 0; i < n; ++i) {
            int made = 0, left = k.deals;
            for (int guard = 0; made < k.target && left > 0 && guard < 10'000; ++guard) {
                Challenge here = c;
                here.target = k.target;
                here.current = made;
                const ChallengeResult r = solve_challenge(Board(deal()), here);
                REQUIRE(r.complete);
                const auto a = across_deals(&dp, here, r, left);
                REQUIRE(a);
                if (!a->recommended) {  // a lost board: the deal is spent
                    --left;
                    continue;
                }
                const ChallengeLine& l = r.lines[*a->recommended];
                made += line_made(here, l);
                if (l.cleared) ++free_deals;
                else --left;
            }
            wins += made >= k.target;
        }
        const auto [lo, hi] = wilson(wins, n, 3.0);
        INFO("simulated " << wins << " of " << n << " (" << free_deals << " free deals), interval " << lo << " to "
                          << hi);
        CHECK(free_deals > 0);
        CHECK(p >= lo);
        CHECK(p <= hi);
        // The test tells: the same programme with every deal spent (a clear
        // no longer free) falls outside the interval.
        OutcomeTable spent;
        for (const auto& [o, w] : t.outcomes)
            spent.outcomes.push_back({DealOutcome{std::nullopt, std::max(o.clear.value_or(0), o.open.value_or(0))}, w});
        const double naive = AcrossDeals(spent, k.target, k.deals).probability(k.target, k.deals);
        INFO("with every deal spent: " << naive);
        CHECK((naive < lo || naive > hi));
    }
}

TEST_CASE("api: challenges through the door match the brute force on small layouts", "[across][api]") {
    api::Session session;
    test::Rng rng(0x5E5510Full);
    const Variant msc = *find_preset("msc");
    int compared = 0;
    for (int i = 0; i < test::reduced(40); ++i) {
        const Deal d = test::random_small_deal(msc, 2, 3, 0, 9, rng);
        for (const std::string kind : {"score", "cards:A"}) {
            const bool cards = kind != "score";
            const auto ref = test::reference_challenge(d, msc_scoring(), cards ? 1 : 0, 300'000);
            if (!ref.complete) continue;
            INFO(compact(d) << " " << kind);
            api::ChallengeRequest q;
            q.kind = kind;
            const api::ChallengeAnswer a = session.challenge(d, q, api::Request{});
            REQUIRE(a.result->complete);
            REQUIRE(!a.result->lines.empty());
            const ChallengeLine& best = a.result->lines[0];
            if (!cards) {
                CHECK(best.score == ref.best_all);
                CHECK(static_cast<int>(best.moves.size()) == ref.steps_all);
            } else if (ref.best_clear >= 0) {
                CHECK(best.cleared);
                CHECK(*best.cards == ref.best_clear);
                CHECK(static_cast<int>(best.moves.size()) == ref.steps_clear);
            } else {
                CHECK(*best.cards == ref.best_open);
            }
            // Every line replays in the verifier to what it says.
            for (const ChallengeLine& l : a.result->lines) {
                LineTally tally;
                REQUIRE(!tally_line(d, l.moves, msc_scoring(), &tally));
                CHECK(tally.score == l.score);
                CHECK(tally.cleared == l.cleared);
                if (cards) CHECK(tally.removed[1] == *l.cards);
            }
            ++compared;
        }
    }
    CHECK(compared > test::reduced(40));
    // Bad requests: an api::Error naming the problem.
    const Deal d = test::random_small_deal(msc, 3, 4, rng);
    auto error = [&](api::ChallengeRequest q) {
        try {
            session.challenge(d, q, api::Request{});
        } catch (const api::Error& e) {
            return std::string(e.what());
        }
        return std::string();
    };
    CHECK_THAT(error({"cards:Z", {}, 0, {}}), Catch::Contains("not a rank"));
    CHECK_THAT(error({"points", {}, 0, {}}), Catch::Contains("--challenge must be"));
    CHECK_THAT(error({"score", 100, 100, {}}), Catch::Contains("already reached"));
    CHECK_THAT(error({"score", {}, 5, {}}), Catch::Contains("--current needs --target"));
    CHECK_THAT(error({"score", {}, 0, 2}), Catch::Contains("--deals-left needs --target"));
}
