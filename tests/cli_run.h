// Running the `pyramid` binary from tests as a user runs it: through the
// shell, stdout and stderr captured. The locale is "C" unless a test asks for
// another, so text output does not depend on the machine's locale.
#pragma once
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace pyr::test
