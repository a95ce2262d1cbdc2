// The facts of this build, for `pyramid --version` and the provenance of
// studies (record files, summaries, reports). Generated at every build by
// cmake/build_info.cmake (target pyramid_build_info), so they name the
// commit actually built.
#pragma once
#include <string>

namespace pyr::build {
const char* version();     // the CMake project version, e.g. "0.1"
const char* commit();      // `git describe --always --dirty` of the source, or "unknown" (no git)
const char* build_type();  // CMAKE_BUILD_TYPE, e.g. "Release"
const char* compiler();    // e.g. "GNU 12.2.0"
// bench/signature as it was when built: the total states `pyramid bench
// --quick` searches (tests/test_bench.cpp checks that this build gives it).
unsigned long long bench_signature();

// `PROGRAM --version`'s text: "PROGRAM VERSION" then one "key: value" line
// per fact (commit, build type, compiler, bench signature).
inline std::string version_text(const std::string& program) {
    return program + " " + version() + "\ncommit: " + commit() + "\nbuild type: " + build_type() +
           "\ncompiler: " + compiler() + "\nbench signature: " + std::to_string(bench_signature()) + "\n";
}
}  // namespace pyr::build
