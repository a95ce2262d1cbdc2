// Provenance: a study's record file (its study line), its summary (JSON and
// text) and its report name the program that made it (version, commit, build
// type, compiler, bench signature: engine/build_info.h), the machine's core
// count and the command line. Files without it (older versions) still read;
// `merge` warns when the files were written by different versions.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include "engine/build_info.h"
#include "engine/json.h"
#include "tests/scratch.h"
#include "tests/cli_run.h"

namespace {
using pyr::test::Run;
using pyr::test::run;
using pyr::test::slurp;
namespace json = boost::json;

std::string temp_path(const std::string& name) { return pyr::test::scratch_path("prov", name); }

std::vector<std::string> lines_of(const std::string& s) {
    std::vector<std::string> out;
    std::istringstream in(s);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
}

std::vector<json::object> study_lines(const std::string& path) {
    std::vector<json::object> out;
    for (const auto& l : lines_of(slurp(path)))
        if (l.rfind("{\"study\"", 0) == 0) out.push_back(json::parse(l).as_object());
    return out;
}

void write(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }

// This build's facts, as every provenance object must name them.
void check_this_build(const json::object& p, const std::string& name, const std::string& command_part) {
    CHECK(p.at("name") == name.c_str());
    CHECK(p.at("version") == pyr::build::version());
    CHECK(p.at("commit") == pyr::build::commit());
    CHECK(p.at("build_type") == pyr::build::build_type());
    CHECK(p.at("compiler") == pyr::build::compiler());
    CHECK(p.at("bench_signature").to_number<unsigned long long>() == pyr::build::bench_signature());
    CHECK(p.at("cores").to_number<unsigned>() == std::thread::hardware_concurrency());
    CHECK_THAT(std::string(p.at("command").as_string()), Catch::Contains(command_part));
}
}  // namespace

TEST_CASE("stats names its program in the study line, the JSON and text summaries and the report",
          "[study][provenance]") {
    const std::string out = temp_path("a.jsonl"), page = temp_path("a.html");
    const Run j = run("stats --variant msc --deals 12 --out " + out + " --report " + page + " -q --format json");
    REQUIRE(j.status == 0);
    const auto lines = study_lines(out);
    REQUIRE(lines.size() == 1);
    check_this_build(lines[0].at("program").as_object(), "pyramid", "pyramid stats --variant msc --deals 12 --out ");
    const json::object summary = json::parse(j.out).as_object();
    check_this_build(summary.at("program").as_object(), "pyramid", "--format json");
    // The text summary says the same in words.
    const Run t = run("stats --variant msc --deals 12 --out " + out + " -q");
    REQUIRE(t.status == 0);
    CHECK_THAT(t.out,
               Catch::Contains(std::string("\nprogram: pyramid ") + pyr::build::version() + ", commit " +
                               pyr::build::commit() + ", " + pyr::build::build_type() + ", " + pyr::build::compiler() +
                               ", bench signature " + std::to_string(pyr::build::bench_signature()) + ", " +
                               std::to_string(std::thread::hardware_concurrency()) + " cores\n"));
    CHECK_THAT(t.out, Catch::Contains("\ncommand: pyramid stats --variant msc --deals 12 --out "));
    // Resuming with the same build adds no study line.
    CHECK(study_lines(out).size() == 1);
    // A command line with spaces or quotes reads back in a shell.
    const Run q = run("stats --variant msc --deals-file '" + std::string(PYR_SOURCE_DIR) +
                      "/data/msc-100.txt' --passes \"1\" -q --format json --threads 1 --max-states 10");
    REQUIRE(q.status == 0);
    CHECK_THAT(std::string(json::parse(q.out).at("program").at("command").as_string()),
               Catch::Contains("--deals-file " + std::string(PYR_SOURCE_DIR) + "/data/msc-100.txt --passes 1"));
    // The report of the run names it too.
    const std::string html = slurp(page);
    CHECK_THAT(html,
               Catch::Contains(std::string("pyramid ") + pyr::build::version() + ", commit " + pyr::build::commit()));
    CHECK_THAT(html, Catch::Contains("pyramid stats --variant msc --deals 12"));
    std::remove(out.c_str());
    std::remove(page.c_str());
}

TEST_CASE("files of older versions (no program) still resume, merge and report, and another build adds its line",
          "[study][provenance]") {
    const std::string a = temp_path("a.jsonl"), b = temp_path("b.jsonl");
    REQUIRE(run("stats --variant msc --deals 10 --shard 0/2 --out " + a + " -q").status == 0);
    REQUIRE(run("stats --variant msc --deals 10 --shard 1/2 --out " + b + " -q").status == 0);
    // Old files: the study line without "program".
    for (const auto& f : {a, b}) {
        std::string text;
        for (const auto& l : lines_of(slurp(f))) {
            if (l.rfind("{\"study\"", 0) == 0) {
                json::object o = json::parse(l).as_object();
                REQUIRE(o.erase("program") == 1);
                text += json::serialize(o) + "\n";
            } else {
                text += l + "\n";
            }
        }
        write(f, text);
    }
    const Run m = run("merge " + a + " " + b + " --format json");
    REQUIRE(m.status == 0);
    CHECK(m.err.find("warning") == std::string::npos);  // one (unknown) version throughout: nothing to warn of
    const json::object mo = json::parse(m.out).as_object();
    check_this_build(mo.at("program").as_object(), "pyramid", "pyramid merge ");
    CHECK(mo.at("records_made_by").as_array().size() == 1);
    CHECK(mo.at("done").as_int64() == 10);
    const Run t = run("merge " + a + " " + b);
    CHECK_THAT(t.out, Catch::Contains("records made by: an older version"));
    const Run r = run("report " + a + " " + b);
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("an older version"));
    // This build resuming an old file: every record is resumed (nothing
    // solved again) and the file gets this build's study line.
    const Run again = run("stats --variant msc --deals 10 --shard 0/2 --out " + a + " --format json");
    REQUIRE(again.status == 0);
    CHECK(json::parse(again.out).at("solved_now").as_int64() == 0);
    const auto lines = study_lines(a);
    REQUIRE(lines.size() == 2);
    CHECK_FALSE(lines[0].contains("program"));
    check_this_build(lines[1].at("program").as_object(), "pyramid", "--shard 0/2");
    std::remove(a.c_str());
    std::remove(b.c_str());
}

TEST_CASE("merge warns when the files were written by different versions, and merges them", "[study][provenance]") {
    const std::string a = temp_path("a.jsonl"), b = temp_path("b.jsonl");
    REQUIRE(run("stats --variant msc --deals 10 --shard 0/2 --out " + a + " -q").status == 0);
    REQUIRE(run("stats --variant msc --deals 10 --shard 1/2 --out " + b + " -q").status == 0);
    // One shard run by pyramid-mpi of the same build: the same version, no warning.
    std::string text = slurp(b);
    const std::string name = "\"name\":\"pyramid\"";
    REQUIRE(text.find(name) != std::string::npos);
    text.replace(text.find(name), name.size(), "\"name\":\"pyramid-mpi\"");
    write(b, text);
    const Run same = run("merge " + a + " " + b + " --format json");
    REQUIRE(same.status == 0);
    CHECK(same.err.empty());
    // The second shard written by another version (its study line says so).
    text = slurp(b);
    const std::string mine = std::string("\"version\":\"") + pyr::build::version() + "\"";
    REQUIRE(text.find(mine) != std::string::npos);
    text.replace(text.find(mine), mine.size(), "\"version\":\"0.0.1-old\"");
    write(b, text);
    const Run diff = run("merge " + a + " " + b + " --format json");
    REQUIRE(diff.status == 0);
    CHECK_THAT(diff.err,
               Catch::Contains("pyramid merge: warning: the record files were written by different versions"));
    CHECK_THAT(diff.err, Catch::Contains("pyramid-mpi 0.0.1-old, commit"));
    CHECK_THAT(diff.err, Catch::Contains(b));
    CHECK(lines_of(diff.err).size() == 1);
    const json::object d = json::parse(diff.out).as_object(), s = json::parse(same.out).as_object();
    CHECK(d.at("summaries").as_array().at(0).at("wins") == s.at("summaries").as_array().at(0).at("wins"));
    CHECK(d.at("records_made_by").as_array().size() == 2);
    // Rules that differ are still refused, whatever the versions.
    const std::string c = temp_path("c.jsonl");
    REQUIRE(run("stats --variant msc --passes 1 --deals 10 --shard 1/2 --out " + c + " -q").status == 0);
    const Run other = run("merge " + a + " " + c);
    CHECK(other.status == 2);
    CHECK_THAT(other.err, Catch::Contains("another study"));
    for (const auto& f : {a, b, c}) std::remove(f.c_str());
}
