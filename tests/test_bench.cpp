// `pyramid bench --quick`: its signature (total states searched) is the value
// recorded in bench/signature, whatever the thread count. A change in search
// behaviour shows here and is re-recorded on purpose (say so in the commit).
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <sstream>

#include "engine/json.h"

#ifndef PYR_CLI_PATH
#define PYR_CLI_PATH "pyramid"
#endif
#ifndef PYR_SOURCE_DIR
#define PYR_SOURCE_DIR "."
#endif

namespace {
boost::json::object bench(int threads) {
    const std::string cmd = std::string("'") + PYR_CLI_PATH + "' bench --quick --format json --threads " +
                            std::to_string(threads) + " 2>/dev/null";
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::string out;
    char buf[4096];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
    REQUIRE(pclose(p) == 0);
    return boost::json::parse(out).as_object();
}
}  // namespace

TEST_CASE("bench --quick: the recorded signature, on one thread and on two", "[bench]") {
    std::ifstream in(std::string(PYR_SOURCE_DIR) + "/bench/signature");
    uint64_t recorded = 0;
    REQUIRE(in >> recorded);
    const auto one = bench(1);
    const auto two = bench(2);
    CHECK(one.at("threads").as_int64() == 1);
    CHECK(two.at("threads").as_int64() == 2);
    CHECK(static_cast<uint64_t>(one.at("signature").as_int64()) == recorded);
    CHECK(static_cast<uint64_t>(two.at("signature").as_int64()) == recorded);
    // Every part is the same, deal counts and outcomes too.
    const auto& p1 = one.at("parts").as_array();
    const auto& p2 = two.at("parts").as_array();
    REQUIRE(p1.size() == p2.size());
    for (size_t i = 0; i < p1.size(); ++i)
        for (const char* key : {"name", "deals", "wins", "losses", "intractable", "states"})
            CHECK(p1[i].as_object().at(key) == p2[i].as_object().at(key));
    // The signature is the total of the parts' states, and nothing is intractable.
    int64_t sum = 0;
    for (const auto& p : p1) sum += p.as_object().at("states").as_int64();
    CHECK(sum == one.at("signature").as_int64());
    CHECK(one.at("total").as_object().at("intractable").as_int64() == 0);
    // The verifier's replay of every win is measured, and is part of the solver's time.
    const auto& total = one.at("total").as_object();
    CHECK(total.at("wins").as_int64() > 0);
    CHECK(total.at("replay_seconds").as_double() > 0);
    CHECK(total.at("replay_seconds").as_double() < total.at("solver_seconds").as_double());
}
