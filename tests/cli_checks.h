// Checks of what the `pyramid` binary answers, for the command-line tests:
// a command's JSON, and the refusal of bad input (exit status 2, one line).
#pragma once
#include <boost/json.hpp>
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/cli_run.h"

namespace pyr::test {

// `pyramid ARGS`, which must succeed, and what it prints.
inline std::string out_of(const std::string& args) {
    const Run r = run(args);
    INFO(args << "\n" << r.err);
    REQUIRE(r.status == 0);
    return r.out;
}

// The same for a command that prints one JSON object.
inline boost::json::object json_of(const std::string& args) { return boost::json::parse(out_of(args)).as_object(); }

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
