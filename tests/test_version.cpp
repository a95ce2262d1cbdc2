// `pyramid --version`, `pyramid version` and `pyramid-mpi --version`: the
// version of the CMake project, the git commit built, the build type, the
// compiler and the bench signature, as engine/build_info.h holds them.
#include <catch2/catch.hpp>

#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "engine/build_info.h"
#include "tests/cli_run.h"

namespace {
using pyr::test::Run;
using pyr::test::run;
using pyr::test::shell;

std::string source_file(const std::string& name) {
    std::ifstream in(std::string(PYR_SOURCE_DIR) + "/" + name);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string recorded_signature() {
    std::ifstream in(std::string(PYR_SOURCE_DIR) + "/bench/signature");
    std::string s;
    in >> s;
    return s;
}
}  // namespace

TEST_CASE("pyramid --version and pyramid version name the version, commit, build type, compiler, signature",
          "[cli][version]") {
    const Run a = run("--version");
    const Run b = run("version");
    REQUIRE(a.status == 0);
    CHECK(b.status == 0);
    CHECK(a.out == b.out);
    CHECK(a.out == pyr::build::version_text("pyramid"));
    CHECK(a.out.rfind(std::string("pyramid ") + PYR_VERSION + "\n", 0) == 0);
    CHECK_THAT(a.out, Catch::Contains(std::string("\nbuild type: ") + PYR_BUILD_TYPE + "\n"));
    CHECK_THAT(a.out, Catch::Contains("\ncompiler: "));
    // The compiled-in signature is bench/signature's, which test_bench checks
    // `pyramid bench --quick` gives.
    CHECK(std::to_string(pyr::build::bench_signature()) == recorded_signature());
    CHECK_THAT(a.out, Catch::Contains("\nbench signature: " + recorded_signature() + "\n"));
    // The commit is the checkout's (dirty or not), or "unknown" without git.
    const Run git = shell("git -C '" + std::string(PYR_SOURCE_DIR) + "' rev-parse --short=12 HEAD");
    if (git.status == 0 && !git.out.empty()) {
        const std::string head = git.out.substr(0, git.out.find('\n'));
        CHECK_THAT(a.out, Catch::Contains("\ncommit: " + head));
    } else {
        CHECK_THAT(a.out, Catch::Contains("\ncommit: unknown\n"));
    }
    const Run extra = run("version now");
    CHECK(extra.status == 2);
    CHECK_THAT(extra.err, Catch::Contains("takes no arguments"));
    CHECK(run("version --help").status == 0);
}

TEST_CASE("the version is set in one place, CMakeLists.txt, and CHANGELOG.md's newest entry names it", "[version]") {
    // `pyramid --version` (above), pyramid-mpi, the package (tests/package_test.sh) and Python
    // (tests/python/test_solve.py) all show build::version(), which is CMake's PROJECT_VERSION.
    std::smatch m;
    const std::string cmake = source_file("CMakeLists.txt");
    REQUIRE(std::regex_search(cmake, m, std::regex(R"(project\(pyramid_solver VERSION ([0-9]+\.[0-9]+\.[0-9]+) )")));
    CHECK(m[1] == PYR_VERSION);
    CHECK(std::string(pyr::build::version()) == PYR_VERSION);
    const std::string changelog = source_file("CHANGELOG.md");
    REQUIRE(std::regex_search(changelog, m, std::regex(R"(\n## ([0-9][^ \n]*))")));
    CHECK(m[1] == PYR_VERSION);
}

#ifdef PYR_MPI_PATH
TEST_CASE("pyramid-mpi --version: the same facts, without starting MPI", "[cli][version][mpi]") {
    const Run r = shell(std::string("'") + PYR_MPI_PATH + "' --version");
    REQUIRE(r.status == 0);
    CHECK(r.out == pyr::build::version_text("pyramid-mpi"));
    const Run h = shell(std::string("'") + PYR_MPI_PATH + "' --help");
    CHECK(h.status == 0);
    CHECK_THAT(h.out, Catch::Contains("usage: mpirun -np N pyramid-mpi stats"));
}
#endif
