// The study commands' shared parts: `pyramid stats`, `pyramid merge` and
// `pyramid-mpi stats` parse the same options and print the same summaries.
#pragma once
#include <atomic>
#include <fstream>
#include <chrono>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/common.h"
#include "study/merge.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/summary.h"

namespace pyr {
class StudyReportBuilder;
}

namespace pyr::cli {

struct StatsCommand {
    StudySpec spec;
    std::string format = "text";
    bool quiet = false;
    int threads = 0;                         // per process; 0 = every core
    std::optional<std::string> out_path;     // --out
    std::optional<std::string> report_path;  // --report
    std::optional<Verdict> list;             // --list
    std::string source;                      // the deals in words ("seeds 1-100")
    std::string deals_file;                  // --deals-file
};

// `stats --help`'s usage text (the rule lists from the rule schema).
const std::string& stats_usage();

// Parses `stats ARGS` (argv[0] is "stats"); false after printing --help.
// Everything is checked here, before any work: throws UsageError.
// `program` ("pyramid", "pyramid-mpi") names the program in the study's provenance.
bool parse_stats(int argc, char** argv, StatsCommand& cmd, const std::string& program = "pyramid");

// --list win|lose|intractable.
Verdict parse_list(const std::string& s);

// The summary on `out` in the command's format. `run.threads == 0` means
// no run (merge): the text says where the records came from instead. JSON
// and text name the program (spec.program: version, commit, build, cores,
// command) and, for merge, the builds that made the records (`made_by`,
// from the files' study lines).
void print_study_summary(std::ostream& out, const std::string& format, const StudySpec& spec, const std::string& source,
                         const StudyRun& run, const std::vector<StudySummary>& sums, const json::object& extra = {},
                         const std::vector<Provenance>& made_by = {});

// --list: the seeds with verdict `v`, one a line, in seed order; with
// several rule sets, each rule set's list after a '# rules' line.
void print_list(std::ostream& out, const TaskTable& table, Verdict v);

// Progress on stderr: a bar redrawn at most 5 times a second on a terminal,
// a plain line every 10 s otherwise, nothing with --quiet.
class Progress {
public:
    Progress(bool quiet, std::string program);
    void update(const StudyProgress& p);
    void clear();

private:
    bool quiet_, tty_, drawn_ = false;
    std::string program_;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

// A comma-separated list of --NAME (an empty item is a UsageError).
std::vector<std::string> split_list(const std::string& s, const std::string& name);

// What opening --out found, on stderr (nothing with --quiet): a torn last
// line cut off, the deals read back, records of other studies ignored.
// `program` starts each line ("pyramid stats").
void say_resumed(const std::string& program, const StatsCommand& cmd, const RecordFile& out);

// The end of a study run by `pyramid stats` or `pyramid-mpi stats`: the
// report page written (with --report; `workers` says what ran it, "2
// threads"), then the --list or the summary on stdout, and for an
// interrupted run the note on stderr. Returns the exit status: 0, or 130
// when interrupted.
int finish_study(const std::string& program, const StatsCommand& cmd, const StudyRun& run, const TaskTable& table,
                 const SummaryBuilder& sums, StudyReportBuilder* page, std::ofstream& report,
                 const std::string& workers);

// --audit K of merge and report (study/merge.h): at most this many records.
constexpr uint64_t kMaxAudit = 1'000'000;
// The audit's outcome on stderr: when a record does not reproduce, one line
// each and then UsageError (exit 2: the summary is refused); otherwise its
// one line when `say` (--audit given).
void check_audit(const AuditResult& a, const std::string& command, bool say);

}  // namespace pyr::cli
