// `pyramid solve --challenge` run as a user runs it: the `challenge` object's
// keys, every line replayed by the verifier to the score, cards and steps it
// claims, targets, the across-deals odds, the text, and one clear error line
// (exit 2) for bad values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <map>
#include <sstream>

#include "api/api.h"
#include "api/results.h"
#include "engine/json.h"
#include "engine/scoring.h"
#include "tests/scratch.h"
#include "tests/cli_checks.h"
#include "tests/cli_run.h"
#include "tests/text_checks.h"

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

boost::json::object solve_json(const std::string& args) { return test::json_of("solve --format json " + args); }

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
    test::check_contains_each(text.out, {"challenge: cards:A (the most Aces removed), target 12 Aces",
                                         "line 1 (recommended): ", "chance of completing the challenge: "});
    const Run help = run("solve --help");
    test::check_contains_each(help.out, {"--challenge", "--deals-left"});
    const Run page = run("solve --seed 1 --challenge score --format html");
    REQUIRE(page.status == 0);
    CHECK_THAT(page.out, Catch::Contains("line (score): clears the board, 1290 points"));
    const std::vector<test::Refusal> cases = {
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
    test::check_refusals(cases, [](const std::string& args) { return run("solve --seed 1 " + args); });
}

namespace {

std::vector<boost::json::object> jsonl_records(const std::string& path) {
    std::vector<boost::json::object> out;
    std::istringstream in(test::slurp(path));
    for (std::string line; std::getline(in, line);) {
        auto o = boost::json::parse(line).as_object();
        if (!o.contains("study")) out.push_back(std::move(o));
    }
    return out;
}

// What a record says of one kind of end, and the same of a solve line (null: none).
struct End {
    boost::json::value score, cards, steps;
    friend bool operator==(const End&, const End&) = default;
};
End record_end(const boost::json::object& r, const std::string& kind) {
    return {r.at("challenge_" + kind + "_score"), r.at("challenge_" + kind + "_cards"),
            r.at("challenge_" + kind + "_steps")};
}

std::string temp_file(const std::string& name) { return test::scratch_path("chstudy", name); }

}  // namespace

TEST_CASE("stats --challenge: each record is solve --challenge's best line with a clear and without",
          "[cli][challenge][study]") {
    // One pass through the stock: searches of a few thousand positions (seed 3 won, 4-6 lost).
#ifdef PYR_SANITIZE
    const int first = 3, last = 4;
#else
    const int first = 3, last = 6;
#endif
    const std::string seeds = " --passes 1 --seeds " + std::to_string(first) + "-" + std::to_string(last);
    const size_t deals = static_cast<size_t>(last - first + 1);
    for (const std::string challenge : {"cards:A", "score"}) {
        INFO(challenge);
        const std::string out = temp_file("records.jsonl");
        std::remove(out.c_str());
        const std::string args = "stats" + seeds + " --challenge " + challenge + " --threads 2 -q --out " + out;
        const Run st = run(args + " --format json");
        INFO(st.err);
        REQUIRE(st.status == 0);
        const auto records = jsonl_records(out);
        REQUIRE(records.size() == deals);
        std::map<int64_t, uint64_t> best;  // the summary's distribution, from the records
        uint64_t all_clear = 0, all_open = 0, with_clear = 0;
        for (const auto& r : records) {
            const std::string seed = std::to_string(r.at("seed").to_number<uint64_t>());
            INFO("seed " << seed);
            CHECK(r.at("challenge").as_string() == challenge);
            REQUIRE(r.at("challenge_complete").as_bool());
            // solve's lines of the maximum at both ends: a target no deal makes, one deal left.
            const auto a = solve_json("--passes 1 --seed " + seed + " --challenge " + challenge + " --target " +
                                      (challenge == "score" ? "5000" : "99") + " --deals-left 1");
            End clear{nullptr, nullptr, nullptr}, open{nullptr, nullptr, nullptr};
            for (const auto& x : a.at("challenge").as_object().at("lines").as_array()) {
                const auto& l = x.as_object();
                (l.at("cleared").as_bool() ? clear : open) = End{l.at("score"), l.at("cards"), l.at("steps")};
            }
            CHECK(record_end(r, "clear") == clear);
            CHECK(record_end(r, "open") == open);
            // The record's clear is the deal's win: a clear exists exactly when the verdict is win.
            CHECK(!clear.steps.is_null() == (r.at("verdict").as_string() == "win"));
            auto made = [&](const End& e) -> int64_t {
                if (e.steps.is_null()) return -1;
                return (challenge == "score" ? e.score : e.cards).as_int64();
            };
            ++best[std::max(made(clear), made(open))];
            with_clear += !clear.steps.is_null();
            all_clear += !clear.cards.is_null() && clear.cards.as_int64() == 4;
            all_open += !open.cards.is_null() && open.cards.as_int64() == 4;
        }
        // The summary's distributions are the records'.
        const auto sum = boost::json::parse(st.out).as_object().at("summaries").as_array()[0].as_object();
        const auto& ch = sum.at("challenge").as_object();
        CHECK(ch.at("deals").to_number<uint64_t>() == deals);
        CHECK(ch.at("with_clear").to_number<uint64_t>() == with_clear);
        boost::json::object h;
        for (const auto& [x, n] : best) h[std::to_string(x)] = n;
        CHECK(ch.at("best").as_object().at("histogram").as_object() == h);
        CHECK(ch.at("best").as_object().at("max").as_int64() == best.rbegin()->first);
        if (challenge == "cards:A") {
            CHECK(ch.at("all_with_clear").to_number<uint64_t>() == all_clear);
            CHECK(ch.at("all_without_clear").to_number<uint64_t>() == all_open);
        } else {
            CHECK(!ch.contains("all_with_clear"));
        }
        // Run again: every deal resumed, the file unchanged; merge's summary is the study's.
        const std::string before = test::slurp(out);
        const Run again = run(args + " --format json");
        REQUIRE(again.status == 0);
        CHECK(test::slurp(out) == before);
        CHECK(boost::json::parse(again.out).as_object().at("solved_now").to_number<uint64_t>() == 0);
        const Run merged = run("merge " + out + " --format json");
        REQUIRE(merged.status == 0);
        CHECK(boost::json::parse(merged.out).as_object().at("summaries").as_array()[0].as_object().at("challenge") ==
              sum.at("challenge"));
        // The text summary and the report show the distributions.
        const Run text = run("merge " + out);
        CHECK_THAT(text.out, Catch::Contains("challenge " + challenge + ": each deal's best line"));
        if (challenge == "cards:A") CHECK_THAT(text.out, Catch::Contains("all 4 cards of the rank removed"));
        const std::string page = temp_file("report.html");
        REQUIRE(run("report " + out + " -o " + page).status == 0);
        const std::string html = test::slurp(page);
        test::check_contains_each(html, {"<section id=\"challenge\">", "id=\"chart-challenge\""});
        // CSV records: the same fields as the JSON Lines'.
        const std::string csv = temp_file("records.csv");
        std::remove(csv.c_str());
        REQUIRE(run("stats" + seeds + " --challenge " + challenge + " --threads 1 -q --out " + csv).status == 0);
        const Run csv_merged = run("merge " + csv + " --format json");
        REQUIRE(csv_merged.status == 0);
        CHECK(
            boost::json::parse(csv_merged.out).as_object().at("summaries").as_array()[0].as_object().at("challenge") ==
            sum.at("challenge"));
        for (const auto& f : {out, csv, page}) std::remove(f.c_str());
    }
}

TEST_CASE("stats --challenge: a plain study's records are not the challenge's, and bad values",
          "[cli][challenge][study]") {
    const std::string out = temp_file("mixed.jsonl");
    std::remove(out.c_str());
    REQUIRE(run("stats --passes 1 --seeds 3-4 --threads 1 -q --out " + out).status == 0);
    const std::string plain = test::slurp(out);
    CHECK(plain.find("challenge") == std::string::npos);  // a plain study's lines are as before
    const Run ch = run("stats --passes 1 --seeds 3-4 --challenge board --threads 1 --out " + out + " --format json");
    REQUIRE(ch.status == 0);
    CHECK_THAT(ch.err, Catch::Contains("2 records in"));  // the plain ones, ignored
    const auto s = boost::json::parse(ch.out).as_object();
    CHECK(s.at("solved_now").to_number<uint64_t>() == 2);
    const auto& c = s.at("summaries").as_array()[0].as_object().at("challenge").as_object();
    // Board: a clear is a win; its steps are the shortest solution's.
    const auto optimal = solve_json("--passes 1 --seed 3 --optimal");  // won; seed 4 lost
    REQUIRE(optimal.at("verdict").as_string() == "win");
    CHECK(c.at("clear").as_object().at("histogram").as_object() ==
          boost::json::object{{std::to_string(optimal.at("moves").as_int64()), 1}});
    CHECK(c.at("with_clear").to_number<uint64_t>() ==
          s.at("summaries").as_array()[0].as_object().at("wins").to_number<uint64_t>());
    CHECK(test::slurp(out).rfind(plain, 0) == 0);  // the plain records kept as they were
    std::remove(out.c_str());
    for (const std::string bad : {"cards:Z", "points"}) {
        const Run r = run("stats --seeds 1-2 --challenge " + bad);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("--challenge"));
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
    CHECK_THAT(run("stats --help").out, Catch::Contains("--challenge"));
    // Both decks in one study: a rank both write the same way is taken (the
    // words kept as given where the first deck's, cards:T, are not the
    // Spanish deck's); one the other deck lacks is refused in one line.
    for (const std::string both : {"cards:10", "cards:A", "cards:7"}) {
        const Run r = run("stats --variant msc,spanish --seeds 1-2 --threads 1 --challenge " + both + " --format json");
        INFO(both << ": " << r.err);
        REQUIRE(r.status == 0);
        CHECK(boost::json::parse(r.out).as_object().at("summaries").as_array().size() == 2);
    }
    for (const std::string one : {"cards:T", "cards:K", "cards:11"}) {
        const Run r = run("stats --variant msc,spanish --seeds 1-2 --challenge " + one);
        CHECK(r.status == 2);
        CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
    }
}

TEST_CASE("scoring: a rule of the schema, another scoring a row of the table", "[cli][challenge][rules]") {
    // msc's, the default of every preset: the challenge answers are as without the rule.
    const auto msc = solve_json("--passes 1 --seed 3 --challenge score");
    const auto same = solve_json("--passes 1 --seed 3 --challenge score --scoring msc");
    CHECK(same.at("challenge").as_object().at("lines") == msc.at("challenge").as_object().at("lines"));
    CHECK(!same.contains("scoring"));
    // The other row: one point a removal, no bonus. The line's score is its removals, replayed.
    const auto flat = solve_json("--passes 1 --seed 3 --challenge score --scoring removals");
    const auto& line = flat.at("challenge").as_object().at("lines").as_array()[0].as_object();
    const Variant v = RuleSet{"msc", {{"passes", "1"}}}.variant();
    const Deal deal = api::deal_from_text(v, std::string(flat.at("deal").as_string())).deal;
    std::string text;
    for (const auto& m : line.at("solution").as_array()) text += std::string(m.as_string()) + " ";
    LineTally t;
    REQUIRE(!tally_line(deal, api::parse_moves(v, text), find_scoring("removals")->scoring, &t));
    CHECK(line.at("score").as_int64() == t.removals);
    CHECK(t.removals <= 28);
    CHECK(line.at("score").as_int64() <
          msc.at("challenge").as_object().at("lines").as_array()[0].as_object().at("score").as_int64());
    // No odds table for another scoring: the lines, and a note.
    CHECK(flat.at("variant").as_string() == "msc");
    // No odds table for another scoring (the tables are msc's rules and scoring): the lines, and a note.
    const auto odds = solve_json("--seed 1 --challenge score --scoring removals --target 100 --deals-left 2");
    CHECK(odds.at("challenge").as_object().at("probability").is_null());
    CHECK(odds.at("challenge").as_object().contains("note"));
}
