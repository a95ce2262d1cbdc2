// Challenges (solver/challenge.h): the best score, the most cards of a rank
// (with and without clearing the tableau), and the fewest steps to a target,
// each against the brute-force reference (tests/support.h) on small deals of
// every preset and override; the public Java solver's own test decks
// (data/solitaire-player-challenges.txt); the scoring table.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "engine/deal_source.h"
#include "engine/scoring.h"
#include "solver/challenge.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

std::string data_path(const std::string& name) { return std::string(PYR_SOURCE_DIR) + "/data/" + name; }

// Checks one answer against the reference; `what` names the case for failures.
void check_against_reference(const Deal& deal, const Challenge& c, const test::ChallengeReference& ref,
                             const std::string& what) {
    INFO(what);
    const Board board(deal);
    const ChallengeResult r = solve_challenge(board, c);
    REQUIRE(r.complete);
    const bool cards = c.kind == ChallengeKind::Cards;
    auto value = [&](const ChallengeLine& l) { return cards ? *l.cards : l.score; };
    if (c.target) {
        const int need = *c.target - c.current;
        const bool reachable = need < static_cast<int>(ref.reach.size()) && ref.reach[static_cast<size_t>(need)] >= 0;
        REQUIRE(r.target_reached == reachable);
        if (reachable) {
            REQUIRE(r.lines.size() == 1);
            CHECK(r.lines[0].reaches_target);
            CHECK(value(r.lines[0]) >= need);
            CHECK(static_cast<int>(r.lines[0].moves.size()) == ref.reach[static_cast<size_t>(need)]);
            return;
        }
    }
    if (!cards) {
        REQUIRE(r.lines.size() == 1);
        CHECK(r.lines[0].score == ref.best_all);
        CHECK(static_cast<int>(r.lines[0].moves.size()) == ref.steps_all);
        return;
    }
    size_t i = 0;
    if (ref.best_clear >= 0) {
        REQUIRE(r.lines.size() > i);
        CHECK(r.lines[i].cleared);
        CHECK(value(r.lines[i]) == ref.best_clear);
        CHECK(static_cast<int>(r.lines[i].moves.size()) == ref.steps_clear);
        ++i;
    }
    if (ref.best_open > ref.best_clear) {
        REQUIRE(r.lines.size() > i);
        CHECK(!r.lines[i].cleared);
        CHECK(value(r.lines[i]) == ref.best_open);
        CHECK(static_cast<int>(r.lines[i].moves.size()) == ref.steps_open);
        ++i;
    }
    CHECK(r.lines.size() == i);
}

}  // namespace

TEST_CASE("scoring: msc's table, 1,290 at most, bonuses from the bottom row up", "[challenge]") {
    const Variant msc = *find_preset("msc");
    const Scoring s = msc_scoring();
    CHECK(s.bonus_of_row(msc, 6) == 25);
    CHECK(s.bonus_of_row(msc, 0) == 500);
    int most = 28 * s.per_removal;
    for (int r = 0; r < msc.rows; ++r) most += s.bonus_of_row(msc, r);
    CHECK(most == 1290);
    // A 3-row layout takes the first three bonuses, bottom row first.
    Variant small = msc;
    small.rows = 3;
    CHECK(s.bonus_of_row(small, 2) == 25);
    CHECK(s.bonus_of_row(small, 0) == 75);
}

TEST_CASE("challenges: best score, most cards and fewest steps to a target match the brute force", "[challenge]") {
    int compared = 0, with_open = 0, targets = 0, two_passes = 0, clear_targets = 0;
    for (const Variant& base : presets()) {
        for (const Variant& v : test::with_overrides(base)) {
            test::Rng rng(0xC4A11E46ull ^ std::hash<std::string>{}(v.name) ^ (v.overlap ? 7u : 0u) ^
                          (static_cast<uint64_t>(v.passes) << 8) ^ (v.goal == Goal::All ? 1u << 20 : 0u) ^
                          (v.reserves_open ? 1u << 21 : 0u));
            // The reduced run (sanitizers) goes on until it has met a two-line case too.
            for (int d = 0; d < test::reduced(24) || (with_open == 0 && d < 24); ++d) {
                const int rows = 2 + rng.below(3);
                const Deal deal = test::random_small_deal(v, rows, rng.below(9), rng);
                const int rank = 1 + rng.below(deck_ranks(v.deck));
                for (bool cards : {false, true}) {
                    const auto ref = test::reference_challenge(deal, msc_scoring(), cards ? rank : 0, 300'000);
                    if (!ref.complete) continue;
                    Challenge c;
                    c.kind = cards ? ChallengeKind::Cards : ChallengeKind::Score;
                    c.rank = rank;
                    const std::string what = v.name + " " + compact(deal) + (cards ? " cards " : " score ") +
                                             std::to_string(rank) + " overlap " + std::to_string(v.overlap) +
                                             " passes " + std::to_string(v.passes) + " goal " + goal_text(v.goal);
                    check_against_reference(deal, c, ref, what);
                    ++compared;
                    with_open += cards && ref.best_open > ref.best_clear && ref.best_clear >= 0;
                    // A target: sometimes reachable, sometimes not; with some made before.
                    const int top = std::max(ref.best_all, 1);
                    c.current = rng.below(3);
                    c.target = c.current + 1 + rng.below(top + 2);
                    const std::string aim = what + " target " + std::to_string(*c.target) + " current " +
                                            std::to_string(c.current);
                    check_against_reference(deal, c, ref, aim);
                    ++targets;
                    // The target's two passes (a stronger bound, then the one
                    // pass pruned by it): the brute force's step count, and
                    // the one pass's line move for move.
                    Challenge two = c, single = c;
                    two.target_passes = Challenge::Passes::Two;
                    single.target_passes = Challenge::Passes::One;
                    check_against_reference(deal, two, ref, aim + " two passes");
                    const Board board(deal);
                    const ChallengeResult one = solve_challenge(board, single), both = solve_challenge(board, two);
                    INFO(aim);
                    REQUIRE(one.lines.size() == both.lines.size());
                    for (size_t i = 0; i < one.lines.size(); ++i) CHECK(one.lines[i].moves == both.lines[i].moves);
                    two_passes += one.target_reached == true;
                    // A score target above what any end without a clear
                    // makes (challenge.cpp, Objective::clear_needed): the
                    // two passes' bound has the fewest steps to win there,
                    // and Auto takes them.
                    if (!cards && one.target_reached == true && v.goal == Goal::Pyramid) {
                        const Scoring sc = msc_scoring();
                        const int lone = v.lone_rank ? std::popcount(board.rank_mask(v.lone_rank)) : 0;
                        int most_open = sc.per_removal * (lone + (board.slots() - lone) / 2);
                        for (int r = 1; r < deal.variant.rows; ++r) most_open += sc.bonus_of_row(deal.variant, r);
                        if (*c.target - c.current > most_open) {
                            ++clear_targets;
                            const ChallengeResult auto_passes = solve_challenge(board, c);
                            REQUIRE(auto_passes.lines.size() == 1);
                            CHECK(auto_passes.lines[0].moves == one.lines[0].moves);
                            CHECK(auto_passes.lines[0].cleared);
                        }
                    }
                }
            }
        }
    }
    INFO("compared " << compared << ", two card lines " << with_open << ", targets " << targets
                     << ", reached in two passes " << two_passes << ", needing a clear " << clear_targets);
    CHECK(compared > test::reduced(1500));
    CHECK(two_passes > test::reduced(300));
    CHECK(clear_targets > test::reduced(20));
    CHECK(with_open > 0);
}

TEST_CASE("challenges: the public Java solver's test decks give its answers", "[challenge]") {
    std::ifstream in(data_path("solitaire-player-challenges.txt"));
    REQUIRE(in);
    const Variant msc = *find_preset("msc");
    std::string text;
    int cases = 0;
    while (std::getline(in, text)) {
        if (text.empty() || text[0] == '#') continue;
        INFO(text);
        std::vector<std::string> parts;
        std::stringstream ss(text);
        for (std::string p; std::getline(ss, p, '|');) parts.push_back(p);
        REQUIRE(parts.size() == 4);
        std::string kind;
        std::stringstream(parts[0]) >> kind;
        Challenge c;
        c.kind = kind == "score" ? ChallengeKind::Score : kind == "cards" ? ChallengeKind::Cards : ChallengeKind::Board;
        auto fields = [](const std::string& s) {
            std::map<std::string, std::string> out;
            std::stringstream in2(s);
            for (std::string w; in2 >> w;) {
                const auto eq = w.find('=');
                out[w.substr(0, eq)] = eq == std::string::npos ? "" : w.substr(eq + 1);
            }
            return out;
        };
        auto opts = fields(parts[1]);
        if (opts.count("target")) c.target = std::stoi(opts["target"]);
        if (opts.count("current")) c.current = std::stoi(opts["current"]);
        if (opts.count("rank")) c.rank = static_cast<int>(std::string("A23456789TJQK").find(opts["rank"][0])) + 1;
        const Deal deal = parse_deal(msc, parts[2]);
        const ChallengeResult r = solve_challenge(Board(deal), c);
        REQUIRE(r.complete);
        auto want = fields(parts[3]);
        CHECK(static_cast<int>(r.lines.size()) == std::stoi(want["lines"]));
        if (want.count("lose")) CHECK(r.verdict == Verdict::Lose);
        if (want.count("reached")) CHECK(r.target_reached == (want["reached"] == "yes"));
        if (!r.lines.empty()) {
            const ChallengeLine& l = r.lines[0];
            if (want.count("steps")) CHECK(static_cast<int>(l.moves.size()) == std::stoi(want["steps"]));
            if (want.count("score")) CHECK(l.score == std::stoi(want["score"]));
            if (want.count("cards")) CHECK(l.cards == std::stoi(want["cards"]));
            if (want.count("cleared")) CHECK(l.cleared == (want["cleared"] == "yes"));
        }
        ++cases;
    }
    CHECK(cases == 7);
}

TEST_CASE("challenges: one worker's Solver, reused from deal to deal, answers as a fresh one", "[challenge]") {
    // Solver::challenge keeps its tables between deals (issue 37): a search
    // must not read what an earlier deal left in them. Big and small deals
    // alternate, every kind of question, each against solve_challenge's
    // one-off Solver: the same lines, the same state counts.
    Solver worker;
    test::Rng rng(0x5EEDC0DEull);
    int asked = 0;
    for (int d = 0; d < test::reduced(12); ++d) {
        const Variant v = *find_preset(d % 2 ? "msc" : "relaxed");
        const Deal deal = d % 3 == 0 ? deal_from_seed(v, std::to_string(1 + d))
                                     : test::random_small_deal(v, 2, 3, 0, 9, rng);
        const Board board(deal);
        for (const char* words : {"score", "cards:A", "cards:K", "board"}) {
            Challenge c = parse_challenge(words, v.deck);
            if (d % 2 && c.kind != ChallengeKind::Board) {
                c.current = 0;
                c.target = 1 + rng.below(4) * (c.kind == ChallengeKind::Score ? 100 : 1);
            }
            SolveOptions o;
            o.limits.max_states = 3'000'000;
            const ChallengeResult fresh = solve_challenge(board, c, o);
            const ChallengeResult reused = worker.challenge(board, c, o);
            INFO(compact(deal) << " " << words);
            REQUIRE(reused.complete == fresh.complete);
            CHECK(reused.states == fresh.states);
            CHECK(reused.target_reached == fresh.target_reached);
            REQUIRE(reused.lines.size() == fresh.lines.size());
            for (size_t i = 0; i < fresh.lines.size(); ++i) {
                CHECK(reused.lines[i].moves == fresh.lines[i].moves);
                CHECK(reused.lines[i].score == fresh.lines[i].score);
                CHECK(reused.lines[i].cards == fresh.lines[i].cards);
            }
            ++asked;
        }
    }
    CHECK(asked == 4 * test::reduced(12));
}

TEST_CASE("challenges: a memory limit ends the search intractable, never with a wrong answer", "[challenge]") {
    const Board board(deal_from_seed(*find_preset("msc"), "12"));
    Challenge c = parse_challenge("cards:A", DeckKind::Standard52);
    SolveOptions o;
    o.limits.max_memory = 1;  // below any table: the first check stops it
    const ChallengeResult r = Solver().challenge(board, c, o);
    CHECK_FALSE(r.complete);
    CHECK(r.memory_exceeded);
    CHECK(r.lines.empty());
    CHECK(r.verdict == Verdict::Intractable);
}

// Issue 37 item 2: the target's strong bound (for cards: the covers, the
// draws and the partners' draws; for the score: the rows' covers, and the
// fewest steps to win where only a clear makes the target) is admissible. Along a shortest line to the target, the
// steps left from each position are the fewest from there (a shorter way
// on would shorten the line), so the bound there may not exceed them. On
// small deals of every preset and override (the line's length checked
// against the brute force) and on msc decks 1411-1418; and the two passes
// print the one pass's line there too.
TEST_CASE("challenges: the target's strong bound never exceeds the steps left on a shortest line", "[challenge]") {
    auto check_line = [](const Board& board, const Challenge& c, const std::vector<Move>& line,
                         const std::string& what) {
        const std::vector<int> bounds = challenge_target_bounds(board, c, line);
        REQUIRE(bounds.size() == line.size() + 1);
        for (size_t i = 0; i < bounds.size(); ++i) {
            INFO(what << " position " << i << " of " << line.size());
            CHECK(bounds[i] <= static_cast<int>(line.size() - i));
        }
    };
    int lines = 0;
    for (const Variant& base : presets()) {
        for (const Variant& v : test::with_overrides(base)) {
            test::Rng rng(0xB0D5ull ^ std::hash<std::string>{}(v.name) ^ (v.overlap ? 7u : 0u) ^
                          (static_cast<uint64_t>(v.passes) << 8) ^ (v.goal == Goal::All ? 1u << 20 : 0u));
            for (int d = 0; d < test::reduced(8); ++d) {
                const Deal deal = test::random_small_deal(v, 2 + rng.below(3), rng.below(9), rng);
                const Board board(deal);
                for (bool cards : {false, true}) {
                    const int rank = 1 + rng.below(deck_ranks(v.deck));
                    const auto ref = test::reference_challenge(deal, msc_scoring(), cards ? rank : 0, 300'000);
                    if (!ref.complete || ref.best_all <= 0) continue;
                    Challenge c;
                    c.kind = cards ? ChallengeKind::Cards : ChallengeKind::Score;
                    c.rank = rank;
                    c.target = 1 + rng.below(ref.best_all);
                    c.target_passes = Challenge::Passes::One;
                    const ChallengeResult r = solve_challenge(board, c);
                    REQUIRE(r.target_reached == true);
                    REQUIRE(r.lines.size() == 1);
                    const std::string what = v.name + " " + compact(deal) + " target " + std::to_string(*c.target);
                    CHECK(static_cast<int>(r.lines[0].moves.size()) == ref.reach[static_cast<size_t>(*c.target)]);
                    check_line(board, c, r.lines[0].moves, what);
                    ++lines;
                }
            }
        }
    }
    CHECK(lines > test::reduced(200));
    const Variant msc = *find_preset("msc");
    std::ifstream in(data_path("msc-1500-1411-1418.txt"));
    REQUIRE(in);
    int decks = 0;
    for (std::string text; std::getline(in, text);) {
        if (text.empty() || text[0] != '#') continue;
        std::stringstream ss(text);
        std::string number, card, cards;
        ss >> number;
        for (int i = 0; i < 52 && ss >> card; ++i) cards += card;
        const Board board(parse_deal(msc, cards));
        for (const char* q : {"cards:A 4", "cards:K 4", "score 1000"}) {
            std::stringstream qs(q);
            std::string words;
            int target = 0;
            qs >> words >> target;
            Challenge c = parse_challenge(words, msc.deck);
            c.target = target;
            c.target_passes = Challenge::Passes::One;
            const ChallengeResult one = solve_challenge(board, c);
            if (one.target_reached != true) continue;
            check_line(board, c, one.lines[0].moves, number + " " + q);
            Challenge two = c;
            two.target_passes = Challenge::Passes::Two;
            const ChallengeResult both = solve_challenge(board, two);
            REQUIRE(both.lines.size() == 1);
            INFO(number << " " << q);
            CHECK(both.lines[0].moves == one.lines[0].moves);
            ++decks;
        }
    }
    CHECK(decks == 7 + 7 + 4);  // reached: the Aces but on 1418, the Kings but on 1413, 1000 on 1411-1412, 1414-1415
}
