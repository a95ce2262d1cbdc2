// `pyramid solve --challenge` run as a user runs it: the `challenge` object's
// keys, every line replayed by the verifier to the score, cards and steps it
// claims, targets, the across-deals odds, the text, and one clear error line
// (exit 2) for bad values.
#include <catch2/catch.hpp>

#include "api/api.h"
#include "engine/json.h"
#include "engine/scoring.h"
#include "tests/cli_run.h"

using namespace pyr;
using pyr::test::Run;
using pyr::test::run;

namespace {

struct Replayed {
    LineTally tally;
    size_t steps = 0;
};

// Replays a JSON line's solution on the answer's deal in the verifier.
Replayed replay_line(const boost::json::object& answer, const boost::json::object& line) {
    const Variant v = *find_preset(std::string(answer.at("variant").as_string()));
    const Deal deal = api::deal_from_text(v, std::string(answer.at("deal").as_string())).deal;
    std::string text;
    for (const auto& m : line.at("solution").as_array()) text += std::string(m.as_string()) + " ";
    const std::vector<Move> moves = api::parse_moves(v, text);
    Replayed r;
    r.steps = moves.size();
    const auto error = tally_line(deal, moves, msc_scoring(), &r.tally);
    REQUIRE(!error);
    return r;
}

boost::json::object solve_json(const std::string& args) {
    const Run r = run("solve --format json " + args);
    INFO(args << "\n" << r.err);
    REQUIRE(r.status == 0);
    return boost::json::parse(r.out).as_object();
}

}  // namespace

TEST_CASE("solve --challenge score and cards:R: the lines replay to what they claim", "[cli][challenge]") {
    const auto score = solve_json("--seed 1 --challenge score");
    const auto& c = score.at("challenge").as_object();
    for (const char* key : {"kind", "target", "current", "lines"}) CHECK(c.contains(key));
    CHECK(c.at("kind").as_string() == "score");
    CHECK(c.at("target").is_null());
    CHECK(c.at("current").as_int64() == 0);
    const auto& lines = c.at("lines").as_array();
    REQUIRE(lines.size() == 1);
    const auto& best = lines[0].as_object();
    for (const char* key : {"cleared", "score", "cards", "steps", "solution"}) CHECK(best.contains(key));
    CHECK(best.at("cards").is_null());
    const Replayed r = replay_line(score, best);
    CHECK(r.tally.score == best.at("score").as_int64());
    CHECK(static_cast<int64_t>(r.steps) == best.at("steps").as_int64());
    CHECK(r.tally.cleared == best.at("cleared").as_bool());
    CHECK(r.tally.ended);
    CHECK(r.tally.score <= 1290);

    // A target below the maximum: the fewest steps to it, the line stopping there.
    const int64_t target = best.at("score").as_int64() / 2;
    const auto to = solve_json("--seed 1 --challenge score --target " + std::to_string(target) + " --current 5");
    const auto& tc = to.at("challenge").as_object();
    CHECK(tc.at("target").as_int64() == target);
    CHECK(tc.at("current").as_int64() == 5);
    REQUIRE(tc.at("lines").as_array().size() == 1);
    const auto& line = tc.at("lines").as_array()[0].as_object();
    const Replayed rt = replay_line(to, line);
    CHECK(rt.tally.score >= target - 5);
    CHECK(line.at("reaches_target").as_bool());
    CHECK(line.at("steps").as_int64() < best.at("steps").as_int64());

    // Cards of a rank: each line's count and score are the verifier's.
    for (const std::string rank : {"A", "7", "K"}) {
        const auto cards = solve_json("--seed 12 --challenge cards:" + rank);
        const auto& cc = cards.at("challenge").as_object();
        CHECK(cc.at("kind").as_string() == "cards");
        CHECK(cc.at("rank").as_string() == rank);
        const int index = rank == "A" ? 1 : rank == "K" ? 13 : 7;
        REQUIRE(!cc.at("lines").as_array().empty());
        for (const auto& x : cc.at("lines").as_array()) {
            const auto& l = x.as_object();
            const Replayed rc = replay_line(cards, l);
            CHECK(rc.tally.removed[static_cast<size_t>(index)] == l.at("cards").as_int64());
            CHECK(rc.tally.score == l.at("score").as_int64());
            CHECK(rc.tally.cleared == l.at("cleared").as_bool());
        }
    }
}

TEST_CASE("solve --challenge board: the shortest solution, and a lost deal has no line", "[cli][challenge]") {
    const auto won = solve_json("--seed 1 --challenge board");
    const auto& c = won.at("challenge").as_object();
    CHECK(c.at("kind").as_string() == "board");
    REQUIRE(c.at("lines").as_array().size() == 1);
    const auto& l = c.at("lines").as_array()[0].as_object();
    CHECK(l.at("cleared").as_bool());
    const auto optimal = solve_json("--seed 1 --optimal");
    CHECK(l.at("steps").as_int64() == optimal.at("moves").as_int64());
    CHECK(replay_line(won, l).tally.won);
    const auto lost = solve_json("--seed 12 --challenge board");
    CHECK(lost.at("verdict").as_string() == "lose");
    CHECK(lost.at("challenge").as_object().at("lines").as_array().empty());
}

TEST_CASE("solve --challenge --deals-left: the chance and the recommended line", "[cli][challenge]") {
    // 12 Aces in 2 deals, from scratch, on a lost deal (seed 12) and a won one (seed 1).
    for (const std::string seed : {"12", "1"}) {
        INFO("seed " << seed);
        const auto a = solve_json("--seed " + seed + " --challenge cards:A --target 12 --deals-left 2");
        const auto& c = a.at("challenge").as_object();
        const auto& lines = c.at("lines").as_array();
        REQUIRE(!lines.empty());
        const double p = c.at("probability").as_double();
        CHECK(p > 0);
        CHECK(p < 1);
        const auto rec = c.at("recommended").as_int64();
        REQUIRE(rec >= 0);
        REQUIRE(rec < static_cast<int64_t>(lines.size()));
        double best = 0;
        for (const auto& x : lines) best = std::max(best, x.as_object().at("probability").as_double());
        CHECK(lines[static_cast<size_t>(rec)].as_object().at("probability").as_double() == best);
        CHECK(best == p);
        CHECK(c.at("before").as_double() > 0);
        CHECK(c.at("table_deals").as_int64() > 0);
        // A won deal: the clear (which keeps the deal) is the line to take.
        if (seed == "1") CHECK(lines[static_cast<size_t>(rec)].as_object().at("cleared").as_bool());
    }
    // 9 made, 1 deal left: only a deal that makes 3 Aces here, or clears and leaves the deal, can do it.
    const auto last = solve_json("--seed 1 --challenge cards:A --target 12 --current 9 --deals-left 1");
    const auto& c = last.at("challenge").as_object();
    CHECK(c.at("need").as_int64() == 3);
    CHECK(c.at("probability").as_double() == 1.0);  // deal 1 removes all 4 Aces
    CHECK(c.at("lines").as_array()[0].as_object().at("reaches_target").as_bool());
    // Rules without a table: the lines, and a note for the missing odds.
    const auto other = solve_json("--variant relaxed --seed 3 --challenge cards:A --target 12 --deals-left 2");
    const auto& oc = other.at("challenge").as_object();
    CHECK(oc.at("probability").is_null());
    CHECK(oc.at("note").as_string().size() > 0);
}

TEST_CASE("solve --challenge text, --help, and bad values", "[cli][challenge]") {
    const Run text = run("solve --seed 12 --challenge cards:A --target 12 --deals-left 2");
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("challenge: cards:A (the most Aces removed), target 12 Aces"));
    CHECK_THAT(text.out, Catch::Contains("line 1 (recommended): "));
    CHECK_THAT(text.out, Catch::Contains("chance of completing the challenge: "));
    const Run help = run("solve --help");
    CHECK_THAT(help.out, Catch::Contains("--challenge"));
    CHECK_THAT(help.out, Catch::Contains("--deals-left"));
    const Run page = run("solve --seed 1 --challenge score --format html");
    REQUIRE(page.status == 0);
    CHECK_THAT(page.out, Catch::Contains("line (score): clears the board, 1290 points"));
    struct Case {
        std::string args, message;
    };
    const std::vector<Case> cases = {
        {"--challenge cards:Z", "is not a rank"},
        {"--challenge cards:", "--challenge must be"},
        {"--challenge points", "--challenge must be score, cards:R"},
        {"--challenge score --target 0", "--target"},
        {"--challenge score --target x", "--target"},
        {"--challenge score --current 5", "--current needs --target"},
        {"--challenge score --deals-left 2", "--deals-left needs --target"},
        {"--challenge score --target 100 --deals-left 0", "--deals-left"},
        {"--challenge score --target 100 --current 100", "already reached"},
        {"--target 100", "--target needs --challenge"},
        {"--deals-left 2", "--deals-left needs --challenge"},
        {"--challenge score --hint", "--hint does not apply"},
        {"--challenge score --moves 'd'", "does not take --moves"},
    };
    for (const auto& c : cases) {
        INFO(c.args);
        const Run r = run("solve --seed 1 " + c.args);
        CHECK(r.status == 2);
        CHECK(r.out.empty());
        CHECK_THAT(r.err, Catch::Contains(c.message));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}
