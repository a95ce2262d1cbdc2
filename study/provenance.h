// Which program made a study: its version (as `--version` prints it), the
// git commit, build type and compiler, the bench signature of the build
// (engine/build_info.h), the machine's core count and the command line.
// Record files carry it in their study line ({"study":..., "program":{...}}),
// summaries (JSON and text) and reports name it. It is not part of the
// study's definition: runs of one study by other builds still merge (with a
// warning) and resume.
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "engine/json.h"

namespace pyr {

struct Provenance {
    std::string name;  // "pyramid", "pyramid-mpi"
    std::string version, commit, build_type, compiler;
    unsigned long long bench_signature = 0;
    unsigned cores = 0;   // std::thread::hardware_concurrency() of the machine that ran it
    std::string command;  // the command line, words quoted for a POSIX shell where needed

    // The same build (version, commit, build type, compiler, signature), wherever and however run,
    // as pyramid or as pyramid-mpi.
    bool same_build(const Provenance& o) const;
};

// This program, run as `argv` (argv[0..argc), e.g. {"pyramid", "stats", "--deals", "10"}).
Provenance this_program(const std::string& name, const std::vector<std::string>& argv);
// The words of a command line, quoted for a POSIX shell where needed.
std::string shell_command(const std::vector<std::string>& argv);

// {"name","version","commit","build_type","compiler","bench_signature","cores","command"}.
json::object provenance_json(const Provenance& p);
// The "program" object of a study line or summary, when it has a readable one
// (files of older versions have none).
std::optional<Provenance> provenance_of(const json::object& line);
// "pyramid 0.1, commit 0123456789ab, Release, GNU 12.2.0, bench signature 4752269"
std::string build_text(const Provenance& p);
// build_text plus ", N cores".
std::string provenance_text(const Provenance& p);

}  // namespace pyr
