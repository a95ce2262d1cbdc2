// Running the `pyramid` binary from tests as a user runs it: through the
// shell, stdout and stderr captured. The locale is "C" unless a test asks for
// another, so text output does not depend on the machine's locale.
#pragma once
#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#ifndef PYR_CLI_PATH
#define PYR_CLI_PATH "pyramid"
#endif

namespace pyr::test {

struct Run {
    int status = -1;
    std::string out, err;
};

inline std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

// Runs a shell command, with `input` on stdin.
inline Run shell(const std::string& command, const std::string& input = "") {
    static int counter = 0;
    const std::string base = "/tmp/pyramid_cli_test_" + std::to_string(getpid()) + "_" + std::to_string(counter++);
    std::string cmd = "{ " + command + "; } >" + base + ".out 2>" + base + ".err";
    if (!input.empty()) {
        std::ofstream(base + ".in") << input;
        cmd += " <" + base + ".in";
    } else {
        cmd += " </dev/null";
    }
    Run r;
    const int raw = std::system(cmd.c_str());
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(base + ".out");
    r.err = slurp(base + ".err");
    std::remove((base + ".out").c_str());
    std::remove((base + ".err").c_str());
    std::remove((base + ".in").c_str());
    return r;
}

// Runs `ENV pyramid ARGS` (ENV: shell variable assignments), with `input` on stdin.
inline Run run(const std::string& args, const std::string& input = "", const std::string& env = "LC_ALL=C") {
    return shell(env + " '" + PYR_CLI_PATH + "' " + args, input);
}

// `pyramid ARGS`, which must succeed, and the JSON object it prints.
inline boost::json::object json_of(const std::string& args) {
    const Run r = run(args);
    INFO(args << "\n" << r.err);
    REQUIRE(r.status == 0);
    return boost::json::parse(r.out).as_object();
}

// A bad input refused as the command line refuses one: exit status 2,
// nothing on stdout, one line on stderr that contains `message`.
inline void check_refused(const Run& r, const std::string& message) {
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_THAT(r.err, Catch::Contains(message));
    CHECK(std::count(r.err.begin(), r.err.end(), '\n') == 1);
}

// A table of bad inputs: the arguments, and what the error line says.
struct Refusal {
    std::string args, message;
};

// Runs each case as `run_case(args)` and checks it is refused.
template <class RunCase>
void check_refusals(const std::vector<Refusal>& cases, RunCase run_case) {
    for (const auto& c : cases) {
        INFO(c.args);
        check_refused(run_case(c.args), c.message);
    }
}

}  // namespace pyr::test
