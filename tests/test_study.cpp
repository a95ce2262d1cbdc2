// `pyramid stats` and its engine (study/study.h): the Wilson interval, the
// study's combos, results independent of the thread count, the record file as
// a checkpoint (SIGKILL, torn lines, Ctrl-C), deals files, and counting.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/file.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <thread>
#include <tuple>

#include "engine/deal_source.h"
#include "engine/json.h"
#include "report/summary.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/summary.h"
#include "tests/scratch.h"
#include "tests/cli_checks.h"
#include "tests/cli_run.h"
#include "tests/corpus.h"
#include "tests/support.h"

#ifndef PYR_CLI_PATH
#define PYR_CLI_PATH "pyramid"
#endif

using namespace pyr;

namespace {

std::string temp_path(const std::string& name) { return test::scratch_path("study", name); }

using test::Run;
using test::slurp;

int count_lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

// Lines of a record file that are records (not study lines, not the CSV header).
int count_records(const std::string& s) {
    int n = 0;
    std::istringstream in(s);
    for (std::string line; std::getline(in, line);)
        n += line.rfind("{\"study\"", 0) != 0 && line.rfind("# study", 0) != 0 && line.rfind("seed,", 0) != 0;
    return n;
}

// Runs `pyramid ARGS` through the shell, capturing stdout and stderr.
Run run(const std::string& args) { return test::shell(std::string("'") + PYR_CLI_PATH + "' " + args); }

// Starts `pyramid ARGS...` (no shell), stdout to `out_path`, stderr dropped.
// With `program`, runs that instead (argv[0] is it), in a process group of its own.
pid_t start(const std::vector<std::string>& args, const std::string& out_path, const std::string& program = "") {
    const pid_t pid = fork();
    if (pid == 0) {
        const std::string exe = program.empty() ? std::string(PYR_CLI_PATH) : program;
        if (!program.empty()) setpgid(0, 0);
        const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
        const int null = ::open("/dev/null", O_RDWR);
        dup2(out, 1);
        dup2(null, 2);
        dup2(null, 0);
        std::vector<char*> argv;
        argv.push_back(const_cast<char*>(exe.c_str()));
        for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
        argv.push_back(nullptr);
        execv(exe.c_str(), argv.data());
        _exit(127);
    }
    return pid;
}

// Waits until `path` holds at least `lines` lines, or the process ends. True if it got there running.
bool wait_for_lines(pid_t pid, const std::string& path, int lines) {
    for (int i = 0; i < 30000; ++i) {  // at most ~60 s
        if (count_records(slurp(path)) >= lines) return true;
        int status = 0;
        if (waitpid(pid, &status, WNOHANG) == pid) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    return false;
}

// `pyramid ARGS` for run(): the arguments after the program, quoted.
std::string shell_args(const std::vector<std::string>& args) {
    std::string s = args.at(0);
    for (size_t i = 1; i < args.size(); ++i) s += " '" + args[i] + "'";
    return s;
}

std::vector<std::string> split_words(const std::string& s) {
    std::istringstream in(s);
    std::vector<std::string> out;
    for (std::string w; in >> w;) out.push_back(w);
    return out;
}

// The records of a JSON Lines file, timing left out, sorted.
using Rec = std::tuple<std::string, std::string, uint64_t, std::string, std::string, uint64_t, std::string>;
std::vector<Rec> read_records(const std::string& path) {
    std::vector<Rec> out;
    std::istringstream in(slurp(path));
    for (std::string line; std::getline(in, line);) {
        const auto o = json::parse(line).as_object();
        if (o.contains("study")) continue;
        out.emplace_back(json::serialize(o.at("variant")) + " " + json::serialize(o.at("goal")) + " " +
                             json::serialize(o.at("overlap")),
                         json::serialize(o.at("passes")), o.at("seed").to_number<uint64_t>(),
                         json::serialize(o.at("verdict")), json::serialize(o.at("moves")),
                         o.at("states").to_number<uint64_t>(),
                         o.contains("deal") ? std::string(o.at("deal").as_string()) : std::string());
    }
    std::sort(out.begin(), out.end());
    return out;
}

// A summary object without its timing keys.
json::array untimed(const json::value& summaries) {
    json::array out;
    for (const auto& s : summaries.as_array()) {
        json::object o = s.as_object();
        o.erase("seconds");
        o.erase("deals_per_second");
        out.push_back(o);
    }
    return out;
}

bool by_task(const StudyRecord& a, const StudyRecord& b) {
    return a.combo != b.combo ? a.combo < b.combo : a.seed < b.seed;
}

// A run of the study, with its records (resumed from `out_path` first, if
// given), sorted by rule set and seed.
struct Collected {
    StudyRun run;
    std::vector<StudyRecord> records, resumed;
    uint64_t ignored = 0, torn = 0;
};
Collected run_collect(const StudySpec& spec, int threads, const std::string& out_path = "") {
    Collected c;
    TaskTable table(spec);
    std::unique_ptr<RecordFile> out;
    if (!out_path.empty()) {
        out = std::make_unique<RecordFile>(out_path, spec, [&](const StudyRecord& r) {
            if (!table.record(r)) return false;
            c.resumed.push_back(r);
            return true;
        });
        c.ignored = out->ignored();
        c.torn = out->torn_bytes();
    }
    StudyRunOptions o;
    o.threads = threads;
    o.out = out.get();
    o.on_record = [&](const StudyRecord& r) { c.records.push_back(r); };
    c.run = run_study(spec, table, o);
    c.records.insert(c.records.end(), c.resumed.begin(), c.resumed.end());
    std::sort(c.records.begin(), c.records.end(), by_task);
    std::sort(c.resumed.begin(), c.resumed.end(), by_task);
    return c;
}

std::function<bool(const StudyRecord&)> keep_all() {
    return [](const StudyRecord&) { return true; };
}

StudySpec small_spec(const std::string& seeds, uint64_t max_states) {
    StudySpec spec;
    spec.combos = study_combos({"msc", "solitarium", "pharaohs"}, {1, 3});
    spec.deals = seeds_range(seeds);
    spec.limits.max_states = max_states;
    return spec;
}

}  // namespace

TEST_CASE("Wilson score interval matches values computed by hand", "[study]") {
    // References: Python's decimal module at 40 digits, z = 1.959963984540054, two ways:
    // the textbook form (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), and the
    // roots of (n + z²)p² - (2k + z²)p + k²/n = 0 (the points where |p̂ - p| = z·sqrt(p(1-p)/n));
    // both agree to every digit shown. Closed forms: 0/n -> [0, z²/(n+z²)], n/n -> [n/(n+z²), 1].
    struct Case {
        uint64_t k, n;
        double low, high;
    };
    const Case cases[] = {
        {0, 10, 0.0, 0.277532799862889},  // z²/(10+z²) = 3.841458820694/13.841458820694
        {10, 10, 0.722467200137111, 1.0},
        {5, 10, 0.236593090512564, 0.763406909487436},
        {81, 263, 0.255288519878274, 0.366209576982800},
        {1, 1, 0.206549314377237, 1.0},
    };
    for (const auto& c : cases) {
        INFO(c.k << "/" << c.n);
        const auto w = wilson_interval(c.k, c.n);
        REQUIRE(w.has_value());
        CHECK(w->low == Approx(c.low).margin(1e-12));
        CHECK(w->high == Approx(c.high).margin(1e-12));
        CHECK(w->low >= 0.0);
        CHECK(w->high <= 1.0);
    }
    CHECK_FALSE(wilson_interval(0, 0).has_value());
}

TEST_CASE("a study is every variant once per passes value, and impossible passes fail first", "[study]") {
    const auto combos = study_combos({"msc", "pharaohs"}, {1, 3, 0});
    REQUIRE(combos.size() == 6);
    CHECK(combos[0].name == "msc");
    CHECK(combos[0].passes == 1);
    CHECK(combos[2].passes == 0);
    CHECK(combos[3].name == "pharaohs");
    CHECK(combos[4].passes == 3);
    CHECK(combos[4].waste_playable == 2);  // the rest of the preset is kept
    const auto presets = study_combos({"classic", "cheops"}, RuleAxes{});
    CHECK(presets[0].passes == 1);
    CHECK(presets[1].passes == 3);
    CHECK_THROWS_WITH(study_combos({"classic"}, {1, 3}), Catch::Contains("passes must be 1"));
    CHECK_THROWS_WITH(study_combos({"msc", "nope"}, RuleAxes{}), Catch::Contains("unknown variant 'nope'"));
    CHECK_THROWS_WITH(study_combos({"msc", "msc"}, RuleAxes{}), Catch::Contains("given twice"));
    CHECK_THROWS_WITH(study_combos({"msc"}, {3, 3}), Catch::Contains("given twice"));
    // Every rule axis: the cross product, variants outermost, then passes, goal, overlap, reserves.
    RuleAxes axes;
    axes.add("passes", {"1", "unlimited"});
    axes.add("goal", {"pyramid", "all"});
    axes.add("overlap", {"off", "on"});
    const auto cross = study_combos({"msc", "cheops"}, axes);
    REQUIRE(cross.size() == 16);
    CHECK(rules_text(cross[0]) == "msc, passes 1, goal pyramid, overlap off");
    CHECK(rules_text(cross[1]) == "msc, passes 1, goal pyramid, overlap on");
    CHECK(rules_text(cross[2]) == "msc, passes 1, goal all, overlap off");
    CHECK(rules_text(cross[7]) == "msc, passes unlimited, goal all, overlap on");
    CHECK(rules_text(cross[8]) == "cheops, passes 1, goal pyramid, overlap off");
    for (size_t i = 0; i < cross.size(); ++i)
        for (size_t j = 0; j < i; ++j) CHECK_FALSE(same_rules(cross[i], cross[j]));
    RuleAxes res;
    res.add("reserves", {"top", "open"});
    const auto giza = study_combos({"giza"}, res);
    REQUIRE(giza.size() == 2);
    CHECK(rules_text(giza[1]) == "giza, passes 1, goal all, overlap off, reserves open");
    // A rule a variant cannot take: named with its rule set, before any work.
    CHECK_THROWS_WITH(study_combos({"msc", "giza"}, res), Catch::Contains("'msc' has no reserve piles"));
    RuleAxes classic_passes;
    classic_passes.add("passes", {"1", "3"});
    classic_passes.add("overlap", {"on"});
    CHECK_THROWS_WITH(
        study_combos({"classic"}, classic_passes),
        Catch::Contains("passes must be 1") && Catch::Contains("classic, passes 3, goal pyramid, overlap on"));
    RuleAxes twice;
    twice.add("overlap", {"on", "true"});  // two spellings of one value
    CHECK_THROWS_WITH(study_combos({"msc"}, twice), Catch::Contains("--overlap value 'on' given twice"));
    CHECK(parse_shard("2/3").index == 2);
    CHECK_THROWS_WITH(parse_shard("3/3"), Catch::Contains("bad --shard"));
    CHECK_THROWS_WITH(parse_shard("1"), Catch::Contains("bad --shard"));
    CHECK_THROWS_WITH(seeds_range("5-2"), Catch::Contains("below the first"));
    CHECK_THROWS_WITH(seeds_range("0-3"), Catch::Contains("start at 1"));
    CHECK_THROWS_WITH(seeds_range("a-b"), Catch::Contains("bad seed range"));
    CHECK(seeds_range("7").count() == 1);
    CHECK(seeds_range("3-12").count() == 10);
}

TEST_CASE("1 thread and several threads give the same records and summaries", "[study]") {
    // A budget small enough to keep it quick, large enough for wins, losses and
    // intractable deals: Pharaohs seed 116 takes 123,208 states (seeds 1-30
    // held Pharaohs 28 at 105,790 until the suit-blind memo key took it to 67,432).
    const StudySpec spec = small_spec("101-130", 100000);
    const int many = static_cast<int>(std::max(2u, std::thread::hardware_concurrency()));
    const Collected a = run_collect(spec, 1);
    const Collected b = run_collect(spec, many);
    CHECK(a.run.threads == 1);
    CHECK(b.run.threads == many);
    REQUIRE(a.records.size() == 180);
    REQUIRE(b.records.size() == 180);
    CHECK_FALSE(a.run.interrupted);
    for (size_t i = 0; i < a.records.size(); ++i) {
        INFO("record " << i << ": seed " << a.records[i].seed << ", combo " << a.records[i].combo);
        CHECK(a.records[i].same_result(b.records[i]));
    }
    auto summarize = [&](const std::vector<StudyRecord>& records) {
        SummaryBuilder summaries(spec);
        for (const auto& r : records) summaries.add(r);
        return summaries.summaries();
    };
    const auto sa = summarize(a.records);
    const auto sb = summarize(b.records);
    REQUIRE(sa.size() == 6);
    json::array ja, jb;
    for (const auto& s : sa) ja.push_back(summary_json(s, true));
    for (const auto& s : sb) jb.push_back(summary_json(s, true));
    CHECK(untimed(ja) == untimed(jb));
    // The study has all three verdicts, so the comparison is not vacuous.
    uint64_t wins = 0, losses = 0, intractable = 0;
    for (const auto& s : sa) {
        wins += s.wins;
        losses += s.losses;
        intractable += s.intractable;
        CHECK(s.deals == 30);
        CHECK(s.wins + s.losses + s.intractable == s.deals);
    }
    CHECK(wins > 0);
    CHECK(losses > 0);
    CHECK(intractable > 0);
}

TEST_CASE("the record file reads back what was written and cuts only a torn end", "[study]") {
    const StudySpec spec = small_spec("1-4", 20000);
    for (const std::string ext : {".jsonl", ".csv"}) {
        INFO(ext);
        const std::string path = temp_path("records" + ext);
        Collected first;
        {
            first = run_collect(spec, 0, path);
            CHECK(first.resumed.empty());
        }
        {
            // A second study on the same file at once is refused.
            RecordFile held(path, spec, keep_all());
            CHECK_THROWS_WITH(RecordFile(path, spec, keep_all()), Catch::Contains("in use"));
        }
        REQUIRE(first.records.size() == 24);
        {
            std::ofstream(path, std::ios::app)
                << (ext == ".csv" ? "3,msc,1,pyramid,of" : "{\"seed\":3,\"variant\":\"ms");
        }
        const auto size_before = slurp(path).size();
        {
            const Collected again = run_collect(spec, 0, path);
            CHECK(again.torn > 0);
            CHECK(slurp(path).size() == size_before - again.torn);
            REQUIRE(again.resumed.size() == 24);
            for (size_t i = 0; i < again.resumed.size(); ++i) CHECK(again.resumed[i].same_result(first.records[i]));
            CHECK(again.run.solved_now == 0);
            CHECK(again.run.resumed == 24);
        }
        // Another study over the same file: records of other rules or seeds are not part of it.
        StudySpec other = spec;
        other.combos = study_combos({"msc", "cheops"}, {3});
        other.deals = seeds_range("3-10");
        {
            RecordFile o(path, other, keep_all());
            CHECK(o.resumed() == 2);  // msc/3, seeds 3 and 4
            CHECK(o.ignored() == 22);
        }
        // A bad line with records after it is not a torn end: refused, and the file is left alone.
        const std::string whole = slurp(path);
        {
            std::ofstream(path, std::ios::trunc) << whole.substr(0, whole.find('\n') + 1) << "garbage\n"
                                                 << whole.substr(whole.find('\n') + 1);
        }
        const std::string mangled = slurp(path);
        CHECK_THROWS_WITH(RecordFile(path, spec, keep_all()), Catch::Contains("line 2"));
        CHECK(slurp(path) == mangled);
        std::remove(path.c_str());
    }
    // --out naming some other file is refused without touching it.
    const std::string text = temp_path("notes.txt");
    std::ofstream(text) << "my notes\nmore notes\n";
    CHECK_THROWS_WITH(RecordFile(text, spec, keep_all()), Catch::Contains("not a pyramid stats record file"));
    CHECK(slurp(text) == "my notes\nmore notes\n");
    std::remove(text.c_str());
}

TEST_CASE("seeds up to 10^20-1: solved as solve solves them, written whole, resumed", "[study][harden]") {
    // Across 2^64: the last seeds below it and the first above, and PySolFC's last.
    for (const std::string range :
         {"18446744073709551614-18446744073709551617", "99999999999999999997-99999999999999999999"}) {
        INFO(range);
        StudySpec spec;
        spec.combos = study_combos({"msc"}, {3});
        spec.deals = seeds_range(range);
        spec.limits.max_states = 200000;
        for (const std::string ext : {".jsonl", ".csv"}) {
            INFO(ext);
            const std::string path = temp_path("bigseeds" + ext);
            const Collected first = run_collect(spec, 2, path);
            REQUIRE(first.records.size() == spec.deals.count());
            for (const StudyRecord& r : first.records) {
                // The same deal and verdict as the seed's own solve.
                Solver solver;
                SolveOptions so;
                so.limits.max_states = spec.limits.max_states;
                const auto direct = solver.solve(Board(deal_from_seed(spec.combos[0], r.seed.text())), so);
                CHECK(direct.verdict == r.verdict);
                CHECK(direct.states == r.states);
            }
            // Written whole (JSON: a string of digits above 2^64-1), read back the same.
            const std::string text = slurp(path);
            if (ext == ".jsonl") {
                CHECK(text.find("\"seed\":\"" + spec.deals.last.text() + "\"") != std::string::npos);
                if (range[0] == '1') CHECK(text.find("\"seed\":18446744073709551614,") != std::string::npos);
            } else {
                CHECK(text.find("\n" + spec.deals.last.text() + ",msc,") != std::string::npos);
            }
            const Collected again = run_collect(spec, 2, path);
            CHECK(again.run.solved_now == 0);
            REQUIRE(again.resumed.size() == first.records.size());
            for (const StudyRecord& r : again.resumed)
                CHECK(std::count_if(first.records.begin(), first.records.end(),
                                    [&](const StudyRecord& o) { return o.same_result(r); }) == 1);
            std::remove(path.c_str());
        }
    }
    CHECK(seeds_range("99999999999999999999").count() == 1);
    CHECK_THROWS_WITH(seeds_range("1-100000000000000000000"), Catch::Contains("<= 99999999999999999999"));
    CHECK((Seed(UINT64_MAX) + 1).text() == "18446744073709551616");
    CHECK(parse_seed("18446744073709551616") == Seed(UINT64_MAX) + 1);
    CHECK_FALSE(parse_seed("100000000000000000000"));
    CHECK_FALSE(parse_seed("12a"));
}

TEST_CASE("a record whose seconds are not a finite time is refused, not printed as no number", "[study][harden]") {
    // Found by fuzz_records: "seconds":2.44E3803 read as infinity, and the
    // record printed back was not JSON any more.
    const StudySpec spec = small_spec("1-2", 20000);
    for (const std::string ext : {".jsonl", ".csv"}) {
        INFO(ext);
        const std::string path = temp_path("badsecs" + ext);
        REQUIRE(run_collect(spec, 1, path).records.size() == 12);
        const std::string good = slurp(path);
        const bool csv = ext == ".csv";
        for (const std::string bad : {"2.44E3803", "-1", "1e999", "nan"}) {
            INFO(bad);
            // The last record's seconds replaced, then a good record after it (not a torn end).
            std::string text = good;
            const size_t last = text.rfind('\n', text.size() - 2) + 1;
            std::string line = text.substr(last);
            text.erase(last);
            const size_t at = csv ? line.rfind(',') + 1 : line.find("\"seconds\":") + 10;
            const size_t stop = csv ? line.size() - 1 : line.find_first_of(",}", at);
            const std::string changed = line.substr(0, at) + bad + line.substr(stop);
            { std::ofstream(path, std::ios::trunc) << text << changed << line; }
            std::vector<double> seen;
            CHECK_THROWS_WITH(
                read_record_file(path, nullptr, [&](const StudyRecord& r) { seen.push_back(r.seconds); }),
                Catch::Contains(csv ? ":14: not a pyramid stats record" : ":13: not a pyramid stats record"));
            for (double x : seen) CHECK((std::isfinite(x) && x >= 0));
        }
        std::remove(path.c_str());
    }
}

TEST_CASE("stats killed with SIGKILL resumes to exactly the uninterrupted result", "[study][cli]") {
    const std::vector<std::string> study = {"stats", "--variant",    "msc,pharaohs", "--passes", "1,3",  "--seeds",
                                            "1-30",  "--max-states", "100000",       "--format", "json", "--threads",
                                            "2"};
    const int total = 120;
    auto with_out = [&](const std::string& out) {
        auto a = study;
        a.push_back("--out");
        a.push_back(out);
        return a;
    };

    const std::string ref = temp_path("ref.jsonl");
    const Run whole = run(shell_args(with_out(ref)));
    REQUIRE(whole.status == 0);
    REQUIRE(count_records(slurp(ref)) == total);

    // Kill it once some records are in the file; the check below makes sure it was mid-run.
    const std::string out = temp_path("killed.jsonl");
    const std::string killed_stdout = temp_path("killed.out");
    int written = 0;
    for (int attempt = 0; attempt < 5 && (written == 0 || written >= total); ++attempt) {
        std::remove(out.c_str());
        const pid_t pid = start(with_out(out), killed_stdout);
        const bool running = wait_for_lines(pid, out, total / 4 + attempt * 10);
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        written = count_records(slurp(out));
        INFO("attempt " << attempt << ": " << written << " records when killed");
        if (!running || !WIFSIGNALED(status)) written = 0;  // finished first: try again
    }
    REQUIRE(written > 0);
    REQUIRE(written < total);
    CHECK(slurp(killed_stdout).empty());  // no summary: it really was killed

    // And a torn half record on top, as a kill in the middle of a write() would leave.
    std::ofstream(out, std::ios::app) << "{\"seed\":7,\"variant\":\"pharaohs\",\"pas";
    const Run resumed = run(shell_args(with_out(out)));
    REQUIRE(resumed.status == 0);
    CHECK_THAT(resumed.err, Catch::Contains("torn"));
    CHECK_THAT(resumed.err, Catch::Contains("resuming: " + std::to_string(written) + " deals"));
    const auto r = json::parse(resumed.out).as_object();
    const auto w = json::parse(whole.out).as_object();
    CHECK(r.at("resumed").as_int64() == written);
    CHECK(r.at("solved_now").as_int64() == total - written);
    CHECK(r.at("partial") == false);
    CHECK(untimed(r.at("summaries")) == untimed(w.at("summaries")));
    CHECK(read_records(out) == read_records(ref));  // every record, once
    CHECK(count_records(slurp(out)) == total);
    for (const auto& p : {ref, out, killed_stdout}) std::remove(p.c_str());
}

TEST_CASE("stats on Ctrl-C: partial summary of what is in the file, exit 130, then resumes", "[study][cli]") {
    const std::vector<std::string> args = {"stats", "--variant",    "msc,pharaohs", "--passes", "1,3", "--seeds",
                                           "31-60", "--max-states", "100000",       "--format", "json"};
    const int total = 120;
    const std::string out = temp_path("int.jsonl");
    const std::string stdout_path = temp_path("int.out");
    auto a = args;
    a.push_back("--out");
    a.push_back(out);
    const pid_t pid = start(a, stdout_path);
    const bool running = wait_for_lines(pid, out, 20);
    kill(pid, SIGINT);
    int status = 0;
    waitpid(pid, &status, 0);
    REQUIRE(running);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) == 130);
    const int in_file = count_records(slurp(out));
    CHECK(in_file < total);
    const auto partial = json::parse(slurp(stdout_path)).as_object();
    CHECK(partial.at("partial") == true);
    CHECK(partial.at("done").as_int64() == in_file);  // every record it counted is in the file
    int64_t deals = 0;
    for (const auto& x : partial.at("summaries").as_array()) deals += x.at("deals").as_int64();
    CHECK(deals == in_file);
    const Run rest = run(shell_args(a));
    REQUIRE(rest.status == 0);
    const auto s = json::parse(rest.out).as_object();
    CHECK(s.at("done").as_int64() == total);
    CHECK(s.at("partial") == false);
    CHECK(count_records(slurp(out)) == total);
    std::remove(out.c_str());
    std::remove(stdout_path.c_str());
}

TEST_CASE("stats errors come before any work: one line, exit 2, no --out file", "[study][cli]") {
    const std::string out = temp_path("never.jsonl");
    const Run sweep = run("stats --variant classic --passes 1,3 --deals 5 --out " + out);
    CHECK(sweep.status == 2);
    CHECK_THAT(sweep.err, Catch::Contains("passes must be 1"));
    CHECK(count_lines(sweep.err) == 1);
    CHECK(sweep.out.empty());
    CHECK_FALSE(std::ifstream(out).good());

    const std::vector<test::Refusal> cases = {
        {"--seeds 5-2", "below the first"},
        {"--seeds a-b", "bad seed: a PySolFC deal number is 1 to"},
        {"--seeds 0", "this one is 0 (got '0')"},
        {"--deals 0", "--deals must be a whole number from 1 to 1000000000 (got '0')"},
        {"--deals-file /nonexistent/deals.txt", "cannot read --deals-file"},
        {"--variant msc,nope --deals 3", "unknown variant 'nope'"},
        {"--deals 3 --threads=-1", "--threads must be a whole number from 0 to 4096"},
        {"--deals 3 --passes 1,zero", "passes must be"},
        {"--deals 3 --seeds 1-3", "only one of"},
        {"", "no deals given"},
        {"--deals 3 --format xml", "unknown format"},
    };
    test::check_refusals(cases, [&](const std::string& args) {
        const Run r = run("stats " + args + " --out " + out);
        CHECK_FALSE(std::ifstream(out).good());  // nothing written
        return r;
    });
    const Run help = run("stats --help");
    CHECK(help.status == 0);
    CHECK_THAT(help.out, Catch::Contains("usage: pyramid stats"));
    CHECK_THAT(help.out, Catch::Contains("wins / (wins + losses)"));
}

TEST_CASE("stats --deals-file reads deals with answers after the cards", "[study][cli]") {
    // Deals of data/msc-100.txt (52 cards, then 'win N' or 'lose'), a comment, a
    // blank line, and one deal written without separators.
    const auto known = test::load_known("msc-100.txt");
    REQUIRE(known.size() >= 9);
    const std::vector<int> picked = {0, 1, 2, 3, 4, 5, 7, 8};  // quick ones
    const std::string path = temp_path("deals.txt");
    std::string compact_first;
    for (const auto& w : split_words(known[0].cards)) compact_first += w;
    {
        std::ofstream f(path);
        f << "# a few msc deals\n\n";
        for (int i : picked) {
            const auto& k = known[i];
            if (i == 0) f << compact_first << (k.win ? " win 45 # no spaces" : " lose") << "\n";
            else f << k.cards << (k.win ? "win " + std::to_string(k.min_moves) : std::string("lose")) << "\n";
        }
    }
    const std::string out = temp_path("deals.jsonl");
    const Run r = run("stats --variant msc --deals-file " + path + " --format json --out " + out);
    REQUIRE(r.status == 0);
    const auto s = json::parse(r.out).as_object();
    const auto& sum = s.at("summaries").as_array().at(0).as_object();
    CHECK(sum.at("deals").as_int64() == static_cast<int64_t>(picked.size()));
    CHECK(sum.at("intractable").as_int64() == 0);
    // Each record carries its deal, and the verdicts agree with the file's answers.
    const auto recs = read_records(out);
    REQUIRE(recs.size() == picked.size());
    int wins = 0;
    for (const auto& rec : recs) {
        const uint64_t index = std::get<2>(rec);
        REQUIRE(index >= 1);
        REQUIRE(index <= picked.size());
        const auto& k = known[picked[index - 1]];
        INFO("deal " << index);
        std::string expected;
        for (const auto& w : split_words(k.cards)) expected += w;
        CHECK(std::get<6>(rec) == expected);
        CHECK(std::get<3>(rec) == (k.win ? "\"win\"" : "\"lose\""));
        wins += k.win;
    }
    CHECK(sum.at("wins").as_int64() == wins);
    // A bad line is named before any work.
    std::ofstream(path, std::ios::app) << "AS KS banana\n";
    const Run bad = run("stats --variant msc --deals-file " + path);
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("line " + std::to_string(3 + picked.size())));
    std::remove(path.c_str());
    std::remove(out.c_str());
}

TEST_CASE("stats counts a budget that runs out as intractable, never as a loss", "[study][cli]") {
    const Run tiny = run("stats --variant msc --passes 1 --seeds 1-20 --max-states 50 --format json");
    const Run full = run("stats --variant msc --passes 1 --seeds 1-20 --max-states 200000 --format json");
    REQUIRE(tiny.status == 0);
    REQUIRE(full.status == 0);
    const auto t = json::parse(tiny.out).as_object().at("summaries").as_array().at(0).as_object();
    const auto f = json::parse(full.out).as_object().at("summaries").as_array().at(0).as_object();
    CHECK(t.at("intractable").as_int64() > 0);
    CHECK(t.at("deals").as_int64() == 20);
    CHECK(t.at("wins").as_int64() + t.at("losses").as_int64() + t.at("intractable").as_int64() == 20);
    // Fewer decided deals, never more losses than with a larger budget.
    CHECK(t.at("losses").as_int64() <= f.at("losses").as_int64());
    CHECK(t.at("wins").as_int64() <= f.at("wins").as_int64());
    CHECK(t.at("intractable").as_int64() > f.at("intractable").as_int64());
    // The rate is over decided deals only.
    const int64_t decided = t.at("wins").as_int64() + t.at("losses").as_int64();
    if (decided > 0) CHECK(t.at("win_rate").as_double() == Approx(double(t.at("wins").as_int64()) / double(decided)));
    else CHECK(t.at("win_rate").is_null());
    // Everything undecided: no rate, no interval, and no NaN in the output.
    const Run none = run("stats --variant msc --seeds 1-3 --max-states 1 --format json");
    REQUIRE(none.status == 0);
    const auto n = json::parse(none.out).as_object().at("summaries").as_array().at(0).as_object();
    CHECK(n.at("intractable").as_int64() == 3);
    CHECK(n.at("wins").as_int64() == 0);
    CHECK(n.at("losses").as_int64() == 0);
    CHECK(n.at("win_rate").is_null());
    CHECK(n.at("ci95_low").is_null());
    CHECK(n.at("ci95_high").is_null());
    CHECK_THAT(none.out, !Catch::Contains("nan") && !Catch::Contains("NaN"));
    const Run text = run("stats --variant msc --seeds 1-3 --max-states 1");
    CHECK_THAT(text.out, !Catch::Contains("nan") && !Catch::Contains("NaN"));
}

TEST_CASE("stats output formats: the JSON keys, CSV rows, the text table", "[study][cli]") {
    const std::string args = "stats --variant msc,pyramid --passes 1,unlimited --seeds 1-4 --max-states 20000 -q";
    const Run j = run(args + " --format json --optimal");
    REQUIRE(j.status == 0);
    const auto o = json::parse(j.out).as_object();
    const auto& sums = o.at("summaries").as_array();
    REQUIRE(sums.size() == 4);
    for (const char* key :
         {"variant", "passes", "goal", "overlap", "deals", "wins", "losses", "intractable", "win_rate", "ci95_low",
          "ci95_high", "states_total", "seconds", "deals_per_second", "moves_mean", "moves_median", "moves_histogram"})
        CHECK(sums[0].as_object().contains(key));
    CHECK(sums[1].at("passes") == "unlimited");
    CHECK(sums[2].at("variant") == "pyramid");
    const Run plain = run(args + " --format json");
    CHECK_FALSE(json::parse(plain.out).as_object().at("summaries").as_array()[0].as_object().contains("moves_mean"));
    const Run c = run(args + " --format csv");
    REQUIRE(c.status == 0);
    CHECK(count_lines(c.out) == 5);
    CHECK(c.out.rfind("variant,passes,", 0) == 0);
    CHECK_THAT(c.out, Catch::Contains("\npyramid,unlimited,all,off,,4,4,"));
    const Run t = run(args);
    REQUIRE(t.status == 0);
    CHECK_THAT(t.out, Catch::Contains("95% CI"));
    CHECK_THAT(t.out, Catch::Contains("solution length of won deals"));
    CHECK(t.err.empty());  // --quiet
}

TEST_CASE("stats --optimal: the length statistics are the published minimum move counts", "[study][optimal]") {
    // The first 20 published msc deals, as a deals file with their answers.
    const auto known = pyr::test::load_known("msc-100.txt");
    REQUIRE(known.size() >= 20);
    const std::string file = temp_path("deals.txt");
    std::map<int, int> expect;  // length -> won deals
    int wins = 0, losses = 0;
    {
        std::ofstream out(file);
        for (size_t i = 0; i < 20; ++i) {
            out << known[i].cards << (known[i].win ? "win " + std::to_string(known[i].min_moves) : "lose") << "\n";
            if (known[i].win) {
                ++expect[known[i].min_moves];
                ++wins;
            } else {
                ++losses;
            }
        }
    }
    const Run r = run("stats --variant msc --deals-file " + file + " --optimal --format json --quiet");
    std::remove(file.c_str());
    REQUIRE(r.status == 0);
    const auto s = boost::json::parse(r.out).as_object().at("summaries").as_array().at(0).as_object();
    CHECK(s.at("wins").as_int64() == wins);
    CHECK(s.at("losses").as_int64() == losses);
    const auto& hist = s.at("moves_histogram").as_object();
    CHECK(hist.size() == expect.size());
    for (const auto& [length, count] : expect) {
        INFO("length " << length);
        REQUIRE(hist.contains(std::to_string(length)));
        CHECK(hist.at(std::to_string(length)).as_int64() == count);
    }
    double sum = 0;
    for (const auto& [length, count] : expect) sum += double(length) * count;
    CHECK(s.at("moves_mean").as_double() == Approx(sum / wins));
    CHECK(s.at("moves_min").as_int64() == expect.begin()->first);
    CHECK(s.at("moves_max").as_int64() == expect.rbegin()->first);
}

namespace {

// The study of the mode tests: two rule axes (passes, overlap) over two variants.
const std::vector<std::string> kTwoAxesBase = {"stats", "--variant",    "msc,pharaohs", "--passes",
                                               "1,3",   "--overlap",    "off,on",       "--seeds",
                                               "1-18",  "--max-states", "100000",       "-q"};
const std::vector<std::string> kTwoAxes = [] {
    auto a = kTwoAxesBase;
    a.push_back("--format");
    a.push_back("json");
    return a;
}();
constexpr int kTwoAxesTasks = 18 * 8;

std::vector<std::string> plus(std::vector<std::string> a, const std::vector<std::string>& more) {
    a.insert(a.end(), more.begin(), more.end());
    return a;
}

json::object json_of(const Run& r) {
    INFO(r.err);
    REQUIRE(r.status == 0);
    return json::parse(r.out).as_object();
}

// Runs the study as shards 0/N..N-1/N, each to its own file; returns the files.
std::vector<std::string> run_shards(const std::vector<std::string>& study, int n, const std::string& tag) {
    std::vector<std::string> files;
    for (int k = 0; k < n; ++k) {
        files.push_back(temp_path(tag + "-shard" + std::to_string(k) + ".jsonl"));
        const Run r = run(
            shell_args(plus(study, {"--shard", std::to_string(k) + "/" + std::to_string(n), "--out", files.back()})));
        REQUIRE(r.status == 0);
    }
    return files;
}

std::string joined(const std::vector<std::string>& files) {
    std::string s;
    for (const auto& f : files) s += " '" + f + "'";
    return s;
}

}  // namespace

TEST_CASE("two rule axes: 1 thread, 2 threads and shards merged give identical records and summaries",
          "[study][cli][shard]") {
    const std::string one = temp_path("one.jsonl"), two = temp_path("two.jsonl");
    const auto a = json_of(run(shell_args(plus(kTwoAxes, {"--threads", "1", "--out", one}))));
    const auto b = json_of(run(shell_args(plus(kTwoAxes, {"--threads", "2", "--out", two}))));
    REQUIRE(a.at("summaries").as_array().size() == 8);
    CHECK(a.at("summaries").as_array()[1].at("overlap") == true);
    CHECK(a.at("summaries").as_array()[1].at("goal") == "pyramid");
    CHECK(untimed(a.at("summaries")) == untimed(b.at("summaries")));
    REQUIRE(read_records(one).size() == static_cast<size_t>(kTwoAxesTasks));
    CHECK(read_records(one) == read_records(two));
    // Overlap changes results: the axes are not ignored.
    CHECK(a.at("summaries").as_array()[0].at("wins") != a.at("summaries").as_array()[1].at("wins"));

    // Shards: disjoint, balanced (every rule set in each), and merged the same.
    const auto shards = run_shards(kTwoAxes, 3, "axes");
    std::vector<Rec> all;
    for (const auto& f : shards) {
        const auto recs = read_records(f);
        CHECK(recs.size() == static_cast<size_t>(kTwoAxesTasks / 3));
        std::set<std::string> rule_sets;
        for (const auto& r : recs) rule_sets.insert(std::get<0>(r) + std::get<1>(r));
        CHECK(rule_sets.size() == 8);
        all.insert(all.end(), recs.begin(), recs.end());
    }
    std::sort(all.begin(), all.end());
    CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
    CHECK(all == read_records(one));
    const auto m = json_of(run("merge" + joined(shards) + " --format json"));
    CHECK(untimed(m.at("summaries")) == untimed(a.at("summaries")));
    CHECK(m.at("done").as_int64() == kTwoAxesTasks);
    CHECK(m.at("partial") == false);
    // The text and CSV summaries too, timing columns aside.
    const Run mc = run("merge" + joined(shards) + " --format csv");
    const Run sc = run(shell_args(plus(kTwoAxesBase, {"--format", "csv", "--out", one})));  // all resumed
    REQUIRE(sc.status == 0);
    CHECK(count_lines(sc.out) == 9);
    auto untimed_csv = [](const std::string& csv) {
        std::string out;
        std::istringstream in(csv);
        for (std::string line; std::getline(in, line);) {
            // Drop the last two fields (seconds, deals_per_second).
            out += line.substr(0, line.rfind(',', line.rfind(',') - 1)) + "\n";
        }
        return out;
    };
    CHECK(untimed_csv(mc.out) == untimed_csv(sc.out));
    // --list, from the study and from the merge: the same seeds, in seed order.
    const Run ls = run(shell_args(plus(kTwoAxes, {"--out", one, "--list", "win"})));
    const Run lm = run("merge" + joined(shards) + " --list win -q");
    REQUIRE(ls.status == 0);
    REQUIRE(lm.status == 0);
    CHECK(ls.out == lm.out);
    std::istringstream lines(ls.out);
    int headers = 0, seeds = 0;
    uint64_t prev = 0;
    for (std::string l; std::getline(lines, l);) {
        if (l.rfind("# ", 0) == 0) {
            ++headers;
            prev = 0;
            continue;
        }
        const uint64_t s = std::stoull(l);
        CHECK(s > prev);
        prev = s;
        ++seeds;
    }
    CHECK(headers == 8);
    int64_t wins = 0;
    for (const auto& s : a.at("summaries").as_array()) wins += s.at("wins").as_int64();
    CHECK(seeds == wins);
    for (const auto& f : shards) std::remove(f.c_str());
    std::remove(one.c_str());
    std::remove(two.c_str());
}

TEST_CASE("merge refuses conflicting and foreign files, and names missing tasks", "[study][cli][shard]") {
    const auto shards = run_shards(kTwoAxes, 3, "refuse");
    // Missing: shard 1/3 left out.
    const Run part = run("merge '" + shards[0] + "' '" + shards[2] + "' --format json");
    CHECK(part.status == 1);
    CHECK_THAT(part.err, Catch::Contains("48 of 144 tasks have no record"));
    CHECK_THAT(part.err, Catch::Contains("shards with no file: 1/3"));
    CHECK_THAT(part.err, Catch::Contains("msc, passes 1, goal pyramid, overlap on: 6 missing, seeds 2, 5, 8"));
    CHECK(json::parse(part.out).as_object().at("partial") == true);
    // The same shard twice counts once.
    const auto twice = json_of(run("merge" + joined(shards) + " '" + shards[0] + "' --format json"));
    CHECK(twice.at("done").as_int64() == kTwoAxesTasks);
    CHECK(twice.at("duplicates").as_int64() == kTwoAxesTasks / 3);
    // Conflicting: a copy of shard 0 with one verdict changed.
    const std::string bad = temp_path("conflict.jsonl");
    {
        std::istringstream in(slurp(shards[0]));
        std::ofstream out(bad);
        bool changed = false;
        for (std::string line; std::getline(in, line);) {
            auto o = json::parse(line).as_object();
            if (!changed && o.contains("verdict") && o.at("verdict") == "lose" && o.at("seed") == 4) {
                o["verdict"] = "win";
                o["moves"] = 40;
                changed = true;
            }
            out << json::serialize(o) << "\n";
        }
        REQUIRE(changed);
    }
    const Run conflict = run("merge" + joined(shards) + " '" + bad + "'");
    CHECK(conflict.status == 2);
    CHECK_THAT(conflict.err, Catch::Contains("conflicting records: seed 4"));
    CHECK_THAT(conflict.err, Catch::Contains("is lose") && Catch::Contains("but win in 40 moves"));
    CHECK_THAT(conflict.err, Catch::Contains(bad));
    CHECK(count_lines(conflict.err) == 1);
    CHECK(conflict.out.empty());
    // Foreign: a file of another study (other seeds), and a file that is not a record file.
    const std::string other = temp_path("other.jsonl");
    REQUIRE(run("stats --variant msc --passes 1,3 --overlap off,on --seeds 1-5 --max-states 100000 -q --out " + other)
                .status == 0);
    const Run foreign = run("merge" + joined(shards) + " '" + other + "'");
    CHECK(foreign.status == 2);
    CHECK_THAT(foreign.err, Catch::Contains("'" + other + "' is a record file of another study"));
    CHECK_THAT(foreign.err, Catch::Contains("seeds 1-5"));
    const std::string notes = temp_path("notes.jsonl");
    std::ofstream(notes) << "hello\n";
    const Run junk = run("merge '" + shards[0] + "' '" + notes + "'");
    CHECK(junk.status == 2);
    CHECK_THAT(junk.err, Catch::Contains(notes + ":1: not a pyramid stats record"));
    CHECK(run("merge").status == 2);
    for (const auto& f : shards) std::remove(f.c_str());
    for (const auto& f : {bad, other, notes}) std::remove(f.c_str());
}

TEST_CASE("a shard killed with SIGKILL resumes, and the merge is the uninterrupted study's", "[study][cli][shard]") {
    const std::string whole = temp_path("kwhole.jsonl");
    const auto w = json_of(run(shell_args(plus(kTwoAxes, {"--out", whole}))));
    auto shards = run_shards(kTwoAxes, 2, "kill");
    // Shard 1 again, killed mid-run.
    std::remove(shards[1].c_str());
    const auto args = plus(kTwoAxes, {"--shard", "1/2", "--out", shards[1], "--threads", "2"});
    const std::string killed_stdout = temp_path("kshard.out");
    int written = 0;
    for (int attempt = 0; attempt < 5 && (written == 0 || written >= kTwoAxesTasks / 2); ++attempt) {
        std::remove(shards[1].c_str());
        const pid_t pid = start(args, killed_stdout);
        const bool running = wait_for_lines(pid, shards[1], 10 + attempt * 5);
        kill(pid, SIGKILL);
        int status = 0;
        waitpid(pid, &status, 0);
        written = count_records(slurp(shards[1]));
        if (!running || !WIFSIGNALED(status)) written = 0;
    }
    REQUIRE(written > 0);
    REQUIRE(written < kTwoAxesTasks / 2);
    CHECK(run("merge" + joined(shards)).status == 1);  // incomplete until resumed
    const auto r = json_of(run(shell_args(args)));
    CHECK(r.at("resumed").as_int64() == written);
    const auto m = json_of(run("merge" + joined(shards) + " --format json"));
    CHECK(untimed(m.at("summaries")) == untimed(w.at("summaries")));
    for (const auto& f : shards) std::remove(f.c_str());
    for (const auto& f : {whole, killed_stdout}) std::remove(f.c_str());
}

TEST_CASE("a record file of several studies: each resumes its own records", "[study][cli]") {
    const std::string out = temp_path("several.jsonl");
    const auto a = json_of(run("stats --variant msc --seeds 1-6 --max-states 100000 -q --format json --out " + out));
    const auto b = json_of(
        run("stats --variant msc --overlap --seeds 1-6 --max-states 100000 -q --format json --out " + out));
    CHECK(b.at("resumed").as_int64() == 0);  // the overlap rule set is another rule set
    CHECK(b.at("summaries").as_array()[0].at("overlap") == true);
    const auto a2 = json_of(run("stats --variant msc --seeds 1-6 --max-states 100000 -q --format json --out " + out));
    CHECK(a2.at("resumed").as_int64() == 6);
    CHECK(a2.at("solved_now").as_int64() == 0);
    CHECK(untimed(a2.at("summaries")) == untimed(a.at("summaries")));
    // Extended to more deals over the same file: merge takes the file's latest study.
    const auto ext = json_of(run("stats --variant msc --seeds 1-9 --max-states 100000 -q --format json --out " + out));
    CHECK(ext.at("resumed").as_int64() == 6);
    const Run m = run("merge " + out + " --format json");
    REQUIRE(m.status == 0);
    CHECK_THAT(m.err, Catch::Contains("3 studies; merging the latest"));
    CHECK(untimed(json::parse(m.out).as_object().at("summaries")) == untimed(ext.at("summaries")));
    // Older record files (no study line, no goal or overlap) read as the preset's rules.
    const std::string old = temp_path("old.jsonl");
    std::ofstream(old) << "{\"seed\":1,\"variant\":\"msc\",\"passes\":3,\"verdict\":\"win\",\"moves\":44,\"states\":63,"
                          "\"seconds\":0.001}\n";
    const auto o = json_of(run("stats --variant msc --seeds 1-2 -q --format json --out " + old));
    CHECK(o.at("resumed").as_int64() == 1);
    const Run rep = run("report '" + old + "' -o " + old + ".html");
    CHECK(rep.status == 0);
    std::remove(out.c_str());
    std::remove(old.c_str());
    std::remove((old + ".html").c_str());
}

#ifdef PYR_MPI_PATH
namespace {
// mpirun as root in a container: Open MPI's allow-run-as-root settings, room
// for more processes than cores, and no cross-memory attach (often not allowed).
void mpi_environment() {
    setenv("OMPI_ALLOW_RUN_AS_ROOT", "1", 1);
    setenv("OMPI_ALLOW_RUN_AS_ROOT_CONFIRM", "1", 1);
    setenv("OMPI_MCA_rmaps_base_oversubscribe", "1", 1);
    setenv("OMPI_MCA_btl_vader_single_copy_mechanism", "none", 1);
}
std::vector<std::string> mpi_args(int np, const std::vector<std::string>& stats_args) {
    std::vector<std::string> a = {"-np", std::to_string(np), PYR_MPI_PATH};
    a.insert(a.end(), stats_args.begin(), stats_args.end());
    return a;
}
// The processes started by `pid` (mpirun's ranks run in process groups of their own).
std::vector<pid_t> descendants(pid_t pid) {
    std::multimap<pid_t, pid_t> children;
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        const std::string name = e.path().filename();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::ifstream in(e.path() / "stat");
        std::string stat;
        std::getline(in, stat);
        const auto close = stat.rfind(')');
        if (close == std::string::npos) continue;
        std::istringstream rest(stat.substr(close + 2));
        char state;
        pid_t ppid = 0;
        rest >> state >> ppid;
        children.emplace(ppid, static_cast<pid_t>(std::stol(name)));
    }
    std::vector<pid_t> out, todo = {pid};
    while (!todo.empty()) {
        const pid_t p = todo.back();
        todo.pop_back();
        for (auto [it, end] = children.equal_range(p); it != end; ++it) {
            out.push_back(it->second);
            todo.push_back(it->second);
        }
    }
    return out;
}

Run run_mpi(int np, const std::vector<std::string>& stats_args) {
    const auto a = mpi_args(np, stats_args);
    std::string cmd = std::string("'") + PYR_MPIEXEC + "'";
    for (const auto& x : a) cmd += " '" + x + "'";
    return test::shell(cmd);
}
}  // namespace

TEST_CASE("pyramid-mpi with 2 and 3 processes: the records and summary of pyramid stats", "[study][mpi]") {
    mpi_environment();
    const std::string ref = temp_path("mref.jsonl");
    const auto w = json_of(run(shell_args(plus(kTwoAxes, {"--out", ref}))));
    for (int np : {2, 3}) {
        INFO("mpirun -np " << np);
        const std::string out = temp_path("mpi" + std::to_string(np) + ".jsonl");
        const Run r = run_mpi(np, plus(kTwoAxes, {"--out", out}));
        const auto m = json_of(r);
        CHECK(m.at("ranks").as_int64() == np);
        CHECK(m.at("solved_now").as_int64() == kTwoAxesTasks);
        CHECK(untimed(m.at("summaries")) == untimed(w.at("summaries")));
        CHECK(read_records(out) == read_records(ref));
        CHECK(count_records(slurp(out)) == kTwoAxesTasks);  // each task once
        // --list from the MPI run's file, and a second run that only resumes.
        const Run again = run_mpi(np, plus(kTwoAxesBase, {"--out", out, "--list", "lose"}));
        REQUIRE(again.status == 0);
        CHECK(again.out == run(shell_args(plus(kTwoAxesBase, {"--out", ref, "--list", "lose"}))).out);
        std::remove(out.c_str());
    }
    // Errors: one line from rank 0, before any work.
    const Run bad = run_mpi(2, {"stats", "--variant", "classic", "--passes", "1,3", "--deals", "5"});
    CHECK(bad.status != 0);
    CHECK_THAT(bad.err, Catch::Contains("passes must be 1"));
    std::remove(ref.c_str());
}

TEST_CASE("pyramid-mpi on Ctrl-C: rank 0 prints the partial summary of what is in the file, then resumes",
          "[study][mpi]") {
    mpi_environment();
    // Long enough (a few seconds) that the study is still running when the
    // signal has gone through mpirun to the ranks. (1,500 deals, used before,
    // took about 1.4 s on 2 cores once the solver got faster, and an attempt
    // failed now and then under load; the sanitizers' build is slower, so a
    // quarter of the deals is as long there: an eighth, used before, was all
    // done before the signal went through once the leaf solves got faster.)
    const int total = 4000 / std::max(1, test::kSanitizerShare / 2);
    const std::vector<std::string> args = {
        "stats", "--variant", "msc", "--passes", "1", "--seeds", "1-" + std::to_string(total),
        "-q",    "--format",  "json"};
    const std::string ref = temp_path("miref.jsonl");
    const auto w = json_of(run(shell_args(plus(args, {"--out", ref}))));
    const std::string out = temp_path("mint.jsonl");
    const std::string int_stdout = temp_path("mint.out");
    int written = 0, status = 0;
    json::object partial;
    for (int attempt = 0; attempt < 5 && (written == 0 || written >= total); ++attempt) {
        std::remove(out.c_str());
        const pid_t pid = start(mpi_args(2, plus(args, {"--out", out})), int_stdout, PYR_MPIEXEC);
        // Interrupted after 100 records, and sooner on each retry: an
        // attempt is retried when the study was done before the signal went
        // through (a fast machine), so the next one must stop it earlier.
        const bool running = wait_for_lines(pid, out, std::max(1, 100 >> 2 * attempt));
        // What a terminal does on Ctrl-C: SIGINT to the foreground process
        // group, mpirun's (its ranks run in groups of their own; mpirun passes
        // the signal on).
        kill(-pid, SIGINT);
        waitpid(pid, &status, 0);
        written = count_records(slurp(out));
        INFO("attempt " << attempt << ": " << written << " records when interrupted");
        if (!running) written = 0;
    }
    REQUIRE(written > 0);
    REQUIRE(written < total);
    REQUIRE(WIFEXITED(status));
    CHECK(WEXITSTATUS(status) != 0);  // mpirun's own status for an interrupted job
    partial = json::parse(slurp(int_stdout)).as_object();
    CHECK(partial.at("partial") == true);
    CHECK(partial.at("done").as_int64() == written);  // every record it counted is in the file, whole
    int64_t deals = 0;
    for (const auto& x : partial.at("summaries").as_array()) deals += x.at("deals").as_int64();
    CHECK(deals == written);
    // The same command again: the rest, and the uninterrupted study's summary and records.
    const auto r = json_of(run_mpi(2, plus(args, {"--out", out})));
    CHECK(r.at("resumed").as_int64() == written);
    CHECK(r.at("solved_now").as_int64() == total - written);
    CHECK(untimed(r.at("summaries")) == untimed(w.at("summaries")));
    CHECK(read_records(out) == read_records(ref));
    for (const auto& f : {ref, out, int_stdout}) std::remove(f.c_str());
}

TEST_CASE("pyramid-mpi killed with SIGKILL resumes to the identical summary", "[study][mpi]") {
    mpi_environment();
    const std::string ref = temp_path("mkref.jsonl");
    const auto w = json_of(run(shell_args(plus(kTwoAxes, {"--out", ref}))));
    for (const bool one_rank : {true, false}) {
        // Killed: every rank and mpirun at once, or one rank alone (the job dies with it).
        INFO((one_rank ? "one rank killed" : "every process killed"));
        const std::string out = temp_path("mkilled.jsonl");
        const std::string killed_stdout = temp_path("mkilled.out");
        int written = 0;
        for (int attempt = 0; attempt < 5 && (written == 0 || written >= kTwoAxesTasks); ++attempt) {
            std::remove(out.c_str());
            const pid_t pid = start(mpi_args(2, plus(kTwoAxes, {"--out", out})), killed_stdout, PYR_MPIEXEC);
            const bool running = wait_for_lines(pid, out, 20 + attempt * 10);
            const auto ranks = descendants(pid);
            if (one_rank) {
                if (!ranks.empty()) kill(ranks.back(), SIGKILL);
            } else {
                for (pid_t p : ranks) kill(p, SIGKILL);
                kill(pid, SIGKILL);
            }
            int status = 0;
            waitpid(pid, &status, 0);
            // The ranks are gone once the file is unlocked.
            for (int i = 0; i < 1000; ++i) {
                const int fd = ::open(out.c_str(), O_RDONLY);
                const bool free = fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0;
                if (fd >= 0) ::close(fd);
                if (free) break;
                std::this_thread::sleep_for(std::chrono::milliseconds(10));
            }
            written = count_records(slurp(out));
            INFO("attempt " << attempt << ": " << written << " records when killed");
            if (!running || ranks.empty() || (!one_rank && !WIFSIGNALED(status))) written = 0;
        }
        REQUIRE(written > 0);
        REQUIRE(written < kTwoAxesTasks);
        const auto r = json_of(run_mpi(2, plus(kTwoAxes, {"--out", out})));
        CHECK(r.at("resumed").as_int64() == written);
        CHECK(r.at("solved_now").as_int64() == kTwoAxesTasks - written);
        CHECK(untimed(r.at("summaries")) == untimed(w.at("summaries")));
        CHECK(read_records(out) == read_records(ref));
        // Resumed by `pyramid stats` too: the same file, nothing left to do.
        const auto s = json_of(run(shell_args(plus(kTwoAxes, {"--out", out}))));
        CHECK(s.at("solved_now").as_int64() == 0);
        std::remove(out.c_str());
        std::remove(killed_stdout.c_str());
    }
    std::remove(ref.c_str());
}
#endif
