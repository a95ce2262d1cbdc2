// The record type of studies and its one field table (study/records.h):
// every field written and read back in JSON Lines and CSV, with each
// optional group (deal, measures, player) present and absent; what a bad
// value in each field is called; and study merges (study/merge.h,
// api/study.h).
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <tuple>

#include "api/study.h"
#include "engine/json.h"
#include "solver/measures.h"
#include "study/merge.h"
#include "study/records.h"
#include "tests/scratch.h"
#include "tests/cli_run.h"

using namespace pyr;

namespace {

std::string temp_path(const std::string& name) { return test::scratch_path("records", name); }

void write(const std::string& path, const std::string& text) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << text;
}

// A record with every field away from its default.
StudyRecord full_record() {
    StudyRecord r;
    r.seed = Seed(UINT64_MAX) + 5;  // written as a string of digits in JSON
    r.rules = *find_preset("giza");
    r.rules.passes = 2;
    r.rules.goal = Goal::All;
    r.rules.overlap = true;
    r.rules.reserves_open = true;
    r.deal = "AS2S3S";  // the reader takes any text: deals are checked against a study's own
    r.verdict = Verdict::Win;
    r.moves = 57;
    r.states = 123456789;
    r.seconds = 1.5;
    r.measured = true;
    r.m.reason = ReasonCode::Order;
    r.m.shortest = 40;
    r.m.winning_first = 3;
    r.m.legal_first = 7;
    r.m.critical = 2;
    r.m.crossroads = 5;
    r.m.casual_wins = 61;
    r.m.casual_plays = 100;
    r.m.difficulty = 42.25;
    r.m.grade = static_cast<int8_t>(Grade::Hard);
    r.player = "sampler:4";
    r.player_won = true;
    r.player_played = true;
    r.player_moves = "draw QH+AS KS";
    r.player_solves = 17;
    r.player_seconds = 0.25;
    r.rules.scoring = "removals";  // a newer rule, named where it is not the preset's
    r.challenge = "cards:A";
    r.ch.complete = true;
    r.ch.clear = {20, 4, 40};
    r.ch.open = {11, 3, 52};
    r.ch.states = 98765;
    r.opt.has = true;  // --player optimal: the deal's no-peek optimum
    r.opt.exact = true;
    r.opt.fraction = "3/7";
    r.opt.lower = r.opt.upper = 3.0 / 7.0;
    r.opt.lower_method = r.opt.upper_method = "exact";
    r.opt.search_lower = r.opt.search_upper = 3.0 / 7.0;
    r.opt.unseen = 5;
    r.opt.states = 1234;
    r.opt.seconds = 0.5;
    return r;
}

// The same record with the other values where a field has a second form:
// a small seed, a loss (no moves), no measures but the reason, a game not played.
StudyRecord other_record() {
    StudyRecord r = full_record();
    r.seed = 7;
    r.rules = *find_preset("msc");
    r.rules.passes = 0;
    r.verdict = Verdict::Lose;
    r.moves = -1;
    r.m = RecordMeasures{};
    r.m.reason = ReasonCode::Blocked;
    r.player_won = false;
    r.player_played = false;
    r.player_moves = "";
    r.challenge = "score";
    r.ch.clear = {};  // no clearing line
    r.ch.open.cards = -1;
    r.opt.exact = false;  // the sampled pair
    r.opt.fraction = "";
    r.opt.lower = 0;
    r.opt.upper = 1;
    r.opt.lower_method = "planner:32 game on this order (sampled)";
    r.opt.upper_method = "clairvoyant verdict on this order (sampled)";
    r.opt.search_lower = 0.1;
    r.opt.search_upper = 0.7;
    return r;
}

// `r` as a reader of a file of `shape` gives it back.
StudyRecord as_read(StudyRecord r, const RecordShape& shape) {
    r.combo = 0;
    if (!shape.deal) r.deal.reset();
    if (!shape.measures) r.measured = false, r.m = RecordMeasures{};
    if (!shape.challenge) r.challenge.clear(), r.ch = RecordChallenge{};
    if (!shape.optimum) r.opt = RecordOptimum{};
    if (!shape.player) {
        r.player.clear();
        r.player_won = r.player_played = false;
        r.player_moves.clear();
        r.player_solves = 0;
        r.player_seconds = 0;
    }
    return r;
}

void check_same(const StudyRecord& a, const StudyRecord& b) {
    CHECK(a.same_result(b));  // seed, verdict, moves, states, measures, the player's result
    CHECK(a.rules.name == b.rules.name);
    CHECK(same_rules(a.rules, b.rules));
    CHECK(a.deal == b.deal);
    CHECK(a.seconds == b.seconds);
    CHECK(std::tie(a.player, a.player_played, a.player_solves, a.player_seconds) ==
          std::tie(b.player, b.player_played, b.player_solves, b.player_seconds));
}

std::vector<StudyRecord> read_all(const std::string& path) {
    std::vector<StudyRecord> out;
    read_record_file(path, nullptr, [&](const StudyRecord& r) { out.push_back(r); });
    return out;
}

// Why a reader refuses `text` (a record file's contents), as its message says it.
std::string refusal(const std::string& text, bool csv) {
    const std::string path = temp_path(csv ? "bad.csv" : "bad.jsonl");
    write(path, text);
    std::string why;
    try {
        read_all(path);
    } catch (const StudyError& e) {
        why = e.what();
    }
    std::remove(path.c_str());
    const std::smatch m = [&] {
        std::smatch x;
        std::regex_search(why, x, std::regex("not a pyramid stats record \\((.*?)\\): "));
        return x;
    }();
    return m.empty() ? "accepted: " + why : m[1].str();
}

std::vector<RecordShape> every_shape() {
    std::vector<RecordShape> out;
    for (int i = 0; i < 32; ++i) {
        RecordShape s;
        s.deal = i & 1;
        s.measures = i & 2;
        s.player = i & 4;
        s.challenge = i & 8;
        s.optimum = i & 16;
        s.rule_sets = {full_record().rules};  // its scoring: a column
        out.push_back(s);
    }
    return out;
}

}  // namespace

TEST_CASE("the record fields: one table, each group together, each field written by both formats it is in",
          "[records]") {
    const auto& fields = record_fields();
    std::set<std::string_view> keys;
    int group = 0;
    for (const RecordField& f : fields) {
        INFO(f.key);
        CHECK(keys.insert(f.key).second);
        CHECK(static_cast<int>(f.group) >= group);  // the groups in order: core, deal, measures, player
        group = static_cast<int>(f.group);
        CHECK((f.in_json || f.in_csv));
        if (f.in_json) CHECK((f.to_json && f.from_json));
        if (f.in_csv) CHECK((f.to_csv && f.from_csv));
    }
    // The contract of the file formats (docs, README): the columns, in order.
    RecordShape all;
    all.deal = all.measures = all.player = true;
    CHECK(record_csv_header(RecordShape{}) == "seed,variant,passes,goal,overlap,reserves,verdict,moves,states,seconds");
    CHECK(record_csv_header(all) ==
          "seed,variant,passes,goal,overlap,reserves,verdict,moves,states,seconds,deal,reason,shortest,"
          "winning_first_moves,legal_first_moves,critical_positions,crossroads,casual_wins,casual_plays,difficulty,"
          "grade,player,player_verdict,player_played,player_moves,player_solves,player_seconds");
    // A newer rule (the scoring) and the challenge: columns only of the files that have them.
    RecordShape scored;
    scored.rule_sets = {*find_preset("msc"), RuleSet{"msc", {{"scoring", "removals"}}}.variant()};
    scored.challenge = true;
    CHECK(record_csv_header(scored) ==
          "seed,variant,passes,goal,overlap,reserves,scoring,verdict,moves,states,seconds,challenge,"
          "challenge_complete,challenge_clear_score,challenge_clear_cards,challenge_clear_steps,challenge_open_score,"
          "challenge_open_cards,challenge_open_steps,challenge_states");
    scored.rule_sets = {*find_preset("msc")};
    CHECK(record_csv_header(scored).find("scoring") == std::string::npos);
}

TEST_CASE("every field round-trips JSON Lines and CSV, with each group present and absent", "[records]") {
    for (const RecordShape& shape : every_shape()) {
        for (const StudyRecord& r : {full_record(), other_record()}) {
            INFO("deal " << shape.deal << ", measures " << shape.measures << ", player " << shape.player << ", seed "
                         << r.seed);
            // The JSON object has exactly the table's keys of the shape (reserves: variants with reserve piles).
            const json::object o = record_json(shape, r);
            std::vector<std::string> want, got;
            for (const RecordField& f : record_fields())
                if (f.in_json && shape.has(f.group) &&
                    (!find_rule(f.key) || find_rule(f.key)->names(r.rules)))  // reserves: variants with reserve piles
                    want.emplace_back(f.key);
            for (const auto& kv : o) got.emplace_back(kv.key());
            CHECK(got == want);
            CHECK(o.at("seed").is_string() == !r.seed.fits_u64());
            // Written, then read back: the same record, less the groups the shape leaves out.
            const std::string jpath = temp_path("rt.jsonl"), cpath = temp_path("rt.csv");
            write(jpath, json::serialize(o) + "\n");
            write(cpath, record_csv_header(shape) + "\n" + record_csv_row(shape, r) + "\n");
            for (const auto& path : {jpath, cpath}) {
                INFO(path);
                const auto back = read_all(path);
                REQUIRE(back.size() == 1);
                check_same(back[0], as_read(r, shape));
                std::remove(path.c_str());
            }
        }
    }
}

TEST_CASE("records of a study: its groups, its rule sets, its deals", "[records]") {
    StudySpec spec;
    RuleAxes axes;
    axes.add("passes", {"1", "unlimited"});
    axes.add("overlap", {"off", "on"});
    spec.combos = study_combos({"msc", "giza"}, axes);
    spec.deals.from_file = true;
    spec.deals.cards = {"a", "b", "c"};  // the writer and reader take them as text
    spec.measures = true;
    spec.player = "greedy";
    const RecordShape shape = record_shape(spec);
    CHECK((shape.deal && shape.measures && shape.player));
    CHECK(record_csv_header(spec) == record_csv_header(shape));
    for (uint32_t c = 0; c < spec.combos.size(); ++c) {
        StudyRecord r = task_record(spec, 2, c);
        CHECK(r.seed == Seed(3));
        CHECK(r.deal == std::optional<std::string>("c"));
        CHECK(r.player == "greedy");
        CHECK(same_rules(r.rules, spec.combos[c]));
        r.measured = true;
        for (bool csv : {false, true}) {
            const std::string path = temp_path(csv ? "s.csv" : "s.jsonl");
            write(path,
                  study_line(spec, csv) + (csv ? record_csv_header(spec) + "\n" : "") + record_line(spec, r, csv));
            const auto back = read_all(path);
            REQUIRE(back.size() == 1);
            CHECK(match_record(spec, back[0]) == static_cast<int>(c));
            StudyRecord b = back[0];
            b.combo = c;
            CHECK(b.same_result(r));
            std::remove(path.c_str());
        }
    }
}

TEST_CASE("a bad value in each field is refused, with the same words as before the one table", "[records]") {
    // A good record of every group, then one field changed at a time. The
    // words are those the readers gave before the field table (checked
    // against the build before it).
    RecordShape all;
    all.deal = all.measures = all.player = all.challenge = all.optimum = true;
    const StudyRecord r = full_record();
    all.rule_sets = {r.rules};
    const json::object good = record_json(all, r);
    struct Case {
        const char* key;
        json::value json;
        const char* json_why;
        const char* csv;
        const char* csv_why;
    };
    const std::vector<Case> cases = {
        {"seed", json::value("12x"), "bad seed", "12x", "a bad field"},
        {"variant", json::value("nope"), "unknown variant", "nope", "a bad field"},
        {"passes", json::value(0), "bad passes", "0", "a bad field"},
        {"passes", json::value("lots"), "bad passes", "lots", "a bad field"},
        {"goal", json::value("most"), "goal must be 'pyramid' or 'all' (got 'most')", "most", "bad goal"},
        {"overlap", json::value("on"), nullptr, "maybe", "bad overlap"},
        {"reserves", json::value("half"), "bad reserves", "half", "bad reserves"},
        {"verdict", json::value("draw"), "unknown verdict", "draw", "a bad field"},
        {"moves", json::value(-3), "bad moves", "100001", "bad moves"},
        {"states", json::value(-1), nullptr, "-1", "a bad field"},
        {"seconds", json::value(-1.0), "bad seconds", "soon", "bad seconds"},
        {"reason", json::value("bad luck"), "bad reason", "bad luck", "bad reason"},
        {"shortest", json::value(-5), "bad shortest", "-5", "a bad measure"},
        {"difficulty", json::value(2e9), "bad difficulty", "2e9", "a bad measure"},
        {"grade", json::value("easyish"), "bad grade", "easyish", "bad grade"},
        {"player_verdict", json::value("draw"), "bad player_verdict", "draw", "bad player fields"},
        {"player_played", json::value(nullptr), nullptr, "maybe", "bad player fields"},
        {"player_solves", json::value(-1), nullptr, "x", "bad player_solves"},
        {"player_seconds", json::value(-1.0), "bad player_seconds", "x", "bad player_seconds"},
        {"scoring", json::value("vegas"), "bad scoring", "vegas", "bad scoring"},
        {"challenge_complete", json::value("yes"), nullptr, "maybe", "bad challenge fields"},
        {"challenge_clear_cards", json::value(-1), "bad challenge_clear_cards", "x", "bad challenge_clear_cards"},
        {"challenge_open_steps", json::value(2e6), "bad challenge_open_steps", "2000000", "bad challenge_open_steps"},
        {"challenge_states", json::value(-1), nullptr, "x", "bad challenge_states"},
        {"optimum_exact", json::value("yes"), nullptr, "maybe", "bad optimum_exact"},
        {"optimum_lower", json::value(1.5), "bad optimum_lower", "x", "bad optimum_lower"},
        {"optimum_upper", json::value(-0.5), "bad optimum_upper", "2", "bad optimum_upper"},
        {"optimum_search_upper", json::value(2), "bad optimum_search_upper", "-1", "bad optimum_search_upper"},
        {"optimum_states", json::value(-1), nullptr, "x", "bad optimum_states"},
        {"optimum_seconds", json::value(-1.0), "bad optimum_seconds", "x", "bad optimum_seconds"},
    };
    const auto& fields = record_fields();
    for (const Case& c : cases) {
        INFO(c.key);
        if (c.json_why) {
            json::object o = good;
            o[c.key] = c.json;
            CHECK(refusal(json::serialize(o) + "\n", false) == c.json_why);
        }
        std::string row;
        for (const RecordField& f : fields)
            row += (row.empty() ? "" : ",") + (f.key == c.key ? std::string(c.csv) : f.to_csv(r));
        CHECK(refusal(record_csv_header(all) + "\n" + row + "\n", true) == c.csv_why);
    }
    // Moves of a game not won.
    json::object lost = good;
    lost["verdict"] = "lose";
    CHECK(refusal(json::serialize(lost) + "\n", false) == "moves without a win");
    // Which error is told when a line has several: CSV tells a record's
    // identity first ("a bad field") and a bad measure number last.
    std::map<std::string, std::string> change;
    auto row_with = [&](const std::map<std::string, std::string>& ch) {
        std::string row;
        for (const RecordField& f : fields) {
            const auto it = ch.find(std::string(f.key));
            row += (row.empty() ? "" : ",") + (it != ch.end() ? it->second : f.to_csv(r));
        }
        return record_csv_header(all) + "\n" + row + "\n";
    };
    CHECK(refusal(row_with({{"goal", "most"}, {"states", "x"}}), true) == "a bad field");
    CHECK(refusal(row_with({{"shortest", "x"}, {"grade", "easyish"}}), true) == "bad grade");
    CHECK(refusal(row_with({{"shortest", "x"}, {"reason", "luck"}}), true) == "bad reason");
    CHECK(refusal(row_with({{"player_solves", "x"}, {"player_verdict", "draw"}}), true) == "bad player fields");
    // A CSV record of a player study needs every player column.
    {
        std::string header = record_csv_header(all), row = row_with({});
        row = row.substr(row.find('\n') + 1);
        row.pop_back();
        // The column and its field left out (the fields have no commas).
        const size_t at = header.find(",player_seconds");
        const size_t index = static_cast<size_t>(std::count(header.begin(), header.begin() + at, ',')) + 1;
        header.erase(at, std::string(",player_seconds").size());
        size_t from = 0;
        for (size_t k = 0; k < index; ++k) from = row.find(',', from) + 1;
        const size_t to = row.find(',', from);
        row.erase(from - 1, (to == std::string::npos ? row.size() : to) - (from - 1));
        CHECK(refusal(header + "\n" + row + "\n", true) == "bad player fields");
    }
}

TEST_CASE("records of older files: rules left out read as the preset's", "[records]") {
    const std::string path = temp_path("old.jsonl");
    write(path, "{\"seed\":1,\"variant\":\"giza\",\"passes\":1,\"verdict\":\"win\",\"moves\":40,\"states\":5,"
                "\"seconds\":0.5}\n");
    auto back = read_all(path);
    REQUIRE(back.size() == 1);
    Variant want = *find_preset("giza");
    want.passes = 1;
    CHECK(same_rules(back[0].rules, want));
    CHECK(back[0].moves == 40);
    CHECK_FALSE(back[0].deal);
    CHECK_FALSE(back[0].measured);
    const std::string cpath = temp_path("old.csv");
    write(cpath, "seed,variant,passes,verdict,moves,states,seconds,grade\n1,giza,unlimited,lose,,5,0.500000,\n");
    back = read_all(cpath);
    REQUIRE(back.size() == 1);
    want.passes = 0;
    CHECK(same_rules(back[0].rules, want));
    CHECK(back[0].measured);  // a grade column: a --measures study's record
    CHECK(back[0].m == RecordMeasures{});
    std::remove(path.c_str());
    std::remove(cpath.c_str());
}

// ---------------------------------------------------------------- merging

namespace {
// A small study's records, run to `path` (with --shard when `shard` is given).
void run_to(const std::string& path, const std::string& seeds, const std::string& shard = "") {
    const test::Run r = test::run("stats --variant msc,pharaohs --passes 1,3 --seeds " + seeds +
                                  " --max-states 200000 --threads 1 -q" + (shard.empty() ? "" : " --shard " + shard) +
                                  " --out " + path);
    REQUIRE(r.status == 0);
}
}  // namespace

TEST_CASE("merge_study: the study of the files, each task once, what is missing, and what it refuses",
          "[records][merge]") {
    const std::string a = temp_path("m0.jsonl"), b = temp_path("m1.csv"), whole = temp_path("whole.jsonl");
    run_to(a, "1-10", "0/2");
    run_to(b, "1-10", "1/2");
    run_to(whole, "1-10");
    std::vector<std::string> notes;
    auto note = [&](const std::string& n) { notes.push_back(n); };
    const MergedStudy m = api::merge({a, b, a}, std::nullopt, note);
    CHECK(notes.empty());
    CHECK(m.files == 3);
    CHECK(m.tasks() == 40);
    CHECK(m.missing() == 0);
    CHECK(m.records_read == 60);
    CHECK(m.duplicates == 20);
    CHECK(m.ignored == 0);
    CHECK(m.shards == std::set<std::string>{"0/2", "1/2"});
    CHECK(m.missing_shards().empty());
    CHECK_FALSE(m.spec->program);
    // The summaries of the uninterrupted study.
    const MergedStudy w = merge_study({whole}, std::nullopt, note);
    REQUIRE(w.summaries.size() == m.summaries.size());
    for (size_t i = 0; i < w.summaries.size(); ++i) {
        CHECK(w.summaries[i].wins == m.summaries[i].wins);
        CHECK(w.summaries[i].losses == m.summaries[i].losses);
        CHECK(w.summaries[i].states_total == m.summaries[i].states_total);
        CHECK(w.summaries[i].moves.histogram == m.summaries[i].moves.histogram);
    }
    // One shard: what is missing, per rule set and shard.
    const MergedStudy half = merge_study({a}, std::nullopt, note);
    CHECK(half.missing() == 20);
    std::string ranges;
    CHECK(half.missing_seeds(0, &ranges) == 5);
    CHECK(ranges == "2, 4, 6, 8, 10");
    CHECK(half.missing_shards() == std::vector<std::string>{"1/2"});
    // A file of another study is refused, naming both studies.
    const std::string c = temp_path("other.jsonl");
    REQUIRE(test::run("stats --variant msc --seeds 1-4 -q --out " + c).status == 0);
    CHECK_THROWS_WITH(merge_study({a, c}, std::nullopt, note),
                      Catch::Contains("is a record file of another study than") &&
                          Catch::Contains("its study: 1 rule set of msc, seeds 1-4"));
    // Records of one task that disagree are refused, naming both.
    std::string text = test::slurp(whole);
    const size_t at = text.find("\"states\":", text.find("\"seed\":3,"));
    text.insert(at + 9, "1");
    write(whole, text);
    CHECK_THROWS_WITH(merge_study({a, whole}, std::nullopt, note),
                      Catch::StartsWith("conflicting records: seed 3 (msc, passes 1, goal pyramid, overlap off)"));
    // Several studies in every file: the latest of the first file's, told.
    run_to(c, "1-10");
    CHECK(merge_study({c}, std::nullopt, note).tasks() == 40);
    REQUIRE(notes.size() == 1);
    CHECK_THAT(notes[0], Catch::StartsWith("the files hold records of 2 studies; merging the latest study line"));
    CHECK_THROWS_WITH(merge_study({}, std::nullopt, note), "no record files given");
    for (const auto& f : {a, b, c, whole}) std::remove(f.c_str());
}

namespace {
// The seeds whose record in `path` (JSON Lines) has `verdict`.
std::vector<std::string> seeds_with(const std::string& path, const std::string& verdict) {
    std::vector<std::string> out;
    std::istringstream in(test::slurp(path));
    for (std::string line; std::getline(in, line);) {
        if (line.find("\"verdict\":\"" + verdict + "\"") == std::string::npos) continue;
        const size_t at = line.find("\"seed\":") + 7;
        out.push_back(line.substr(at, line.find(',', at) - at));
    }
    return out;
}
// Replaces every `from` in the file by `to`; how many.
int edit(const std::string& path, const std::string& from, const std::string& to) {
    std::string text = test::slurp(path);
    int n = 0;
    for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size(), ++n)
        text.replace(at, from.size(), to);
    write(path, text);
    return n;
}
}  // namespace

TEST_CASE("the audit: losses edited into wins are refused by merge --audit and report, naming the record, an "
          "honest file passes",
          "[records][merge][audit]") {
    const std::string honest = temp_path("honest.jsonl"), forged = temp_path("forged.jsonl");
    const std::string page = temp_path("page.html");
    REQUIRE(test::run("stats --variant msc --passes 1 --seeds 1-30 --threads 1 -q --out " + honest).status == 0);
    const auto losses = seeds_with(honest, "lose");
    REQUIRE(losses.size() >= 5);  // msc with one pass loses most deals
    write(forged, test::slurp(honest));
    REQUIRE(edit(forged, "\"verdict\":\"lose\",\"moves\":null", "\"verdict\":\"win\",\"moves\":40") ==
            static_cast<int>(losses.size()));

    // The honest file: every sampled record reproduces.
    test::Run r = test::run("merge " + honest + " --audit 30");
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("msc"));
    CHECK_THAT(r.err,
               Catch::Contains("pyramid merge: audit: 30 of 30 records re-solved (sample seed 1): 30 reproduce"));
    r = test::run("report " + honest + " -o " + page);  // the default audit: 20 records, silent when clean
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(test::slurp(page), Catch::Contains("<html"));
    std::remove(page.c_str());

    // The forged file: merge's summary and report's page are refused, naming the records.
    r = test::run("merge " + forged + " --audit 30");
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains("pyramid merge: audit: does not reproduce: seed " + losses[0] +
                                      " (msc, passes 1, goal pyramid, overlap off) in '" + forged +
                                      "': verdict recorded win, recomputed lose"));
    CHECK_THAT(r.err, Catch::Contains("pyramid merge: audit: " + std::to_string(losses.size()) +
                                      " of 30 records re-solved (sample seed 1) do not reproduce: no summary"));
    r = test::run("report " + forged + " -o " + page);
    CHECK(r.status == 2);
    CHECK_FALSE(std::filesystem::exists(page));
    CHECK_THAT(r.err, Catch::Contains("pyramid report: audit: does not reproduce: seed ") &&
                          Catch::Contains("verdict recorded win, recomputed lose") && Catch::Contains("no summary"));
    // Without an audit merge takes the forged file as it is (what the audit is for).
    CHECK(test::run("merge " + forged).status == 0);
    CHECK(test::run("report " + forged + " --audit 0 -o " + page).status == 0);

    // The sample is seeded: the same records however the study is split among
    // files, others with another seed.
    const auto sampled = [&](const std::vector<std::string>& files, uint64_t seed) {
        AuditSample s(5, seed);
        api::merge(
            files, std::nullopt, [](const std::string&) {}, &s);
        std::vector<uint64_t> tasks;
        for (const auto& e : s.entries()) tasks.push_back(e.task);
        return tasks;
    };
    const std::string a = temp_path("a.jsonl"), b = temp_path("b.jsonl");
    REQUIRE(test::run("stats --variant msc --passes 1 --seeds 1-30 --shard 0/2 --threads 1 -q --out " + a).status == 0);
    REQUIRE(test::run("stats --variant msc --passes 1 --seeds 1-30 --shard 1/2 --threads 1 -q --out " + b).status == 0);
    CHECK(sampled({honest}, 7).size() == 5);
    CHECK(sampled({honest}, 7) == sampled({b, a}, 7));
    CHECK(sampled({honest}, 7) != sampled({honest}, 8));
    for (const auto& f : {honest, forged, page, a, b}) std::remove(f.c_str());
}

TEST_CASE("the audit: an optimal study's lengths are checked, intractable records claim nothing", "[records][audit]") {
    const std::string opt = temp_path("optimal.jsonl"), budget = temp_path("budget.jsonl");
    REQUIRE(test::run("stats --variant msc --seeds 1-6 --optimal --threads 1 -q --out " + opt).status == 0);
    const auto wins = seeds_with(opt, "win");
    REQUIRE_FALSE(wins.empty());
    // The first win's shortest length, one move longer.
    std::string text = test::slurp(opt);
    const size_t line = text.find("\"seed\":" + wins[0] + ",");
    const size_t at = text.find("\"moves\":", line) + 8;
    const std::string moves = text.substr(at, text.find(',', at) - at);
    text.replace(at, moves.size(), std::to_string(std::stoi(moves) + 1));
    write(opt, text);
    const MergedStudy m = [&] {
        AuditSample s(6, 1);
        MergedStudy mm = api::merge(
            {opt}, std::nullopt, [](const std::string&) {}, &s);
        const AuditResult a = api::audit(s, mm.spec->limits.max_states, mm.spec->optimal, 1);
        REQUIRE(a.mismatches.size() == 1);
        CHECK(a.mismatches[0].record.seed.text() == wins[0]);
        CHECK(a.mismatches[0].field == "moves");
        CHECK(a.mismatches[0].recorded == std::to_string(std::stoi(moves) + 1));
        CHECK(a.mismatches[0].recomputed == moves);
        CHECK(a.reproduced == 5);
        return mm;
    }();
    CHECK(m.spec->optimal);
    const test::Run r = test::run("report " + opt + " --audit 6 -o /dev/null");
    CHECK(r.status == 2);
    CHECK_THAT(r.err,
               Catch::Contains("seed " + wins[0] + " (msc, passes 3, goal pyramid, overlap off) in '" + opt +
                               "': moves recorded " + std::to_string(std::stoi(moves) + 1) + ", recomputed " + moves));

    // A budget-limited study: its intractable records are not checked (they
    // claim no verdict), the decided ones reproduce under the same budget.
    REQUIRE(test::run("stats --variant pharaohs --seeds 1-6 --max-states 1000 --threads 1 -q --out " + budget).status ==
            0);
    const auto intractable = seeds_with(budget, "intractable");
    REQUIRE_FALSE(intractable.empty());
    const test::Run b = test::run("merge " + budget + " --audit 6 --audit-seed 3");
    CHECK(b.status == 0);
    CHECK_THAT(b.err,
               Catch::Contains("audit: 6 of 6 records re-solved (sample seed 3): " +
                               std::to_string(6 - intractable.size()) + " reproduce, " +
                               std::to_string(intractable.size()) + " intractable (no verdict claimed, not checked)"));
    CHECK(test::run("merge " + budget + " --audit -1").status == 2);
    for (const auto& f : {opt, budget}) std::remove(f.c_str());
}
