// Shared pieces of the command-line driver: deal selection options, errors,
// output helpers. The driver only parses, calls the engine/solver, and prints.
#pragma once
#include <atomic>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "api/api.h"
#include "engine/deal.h"
#include "engine/json.h"
#include "engine/table.h"
#include "engine/variant.h"
#include "report/board_text.h"

namespace pyr::cli {

namespace po = boost::program_options;

// Ctrl-C and SIGTERM, while one of these lives, set a flag that the work
// polls (a study takes no new deal, a search stops and says intractable);
// the default handlers come back when it goes. Every long-running command
// uses this one; the flag is the only process-wide state, as a signal
// handler needs.
class StopOnSignals {
public:
    StopOnSignals();
    ~StopOnSignals();
    StopOnSignals(const StopOnSignals&) = delete;
    StopOnSignals& operator=(const StopOnSignals&) = delete;
    const std::atomic<bool>* flag() const;
};

// Bad command line or bad input: one line on stderr, exit status 2 (so is
// the API's api::Error).
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum Exit { kOk = 0, kRejected = 1, kUsage = 2, kInternal = 3 };

// --variant and an option for every rule override of the rule schema
// (engine/rules.h: --passes, --goal, ...).
void add_variant_options(po::options_description& o);
// The rule overrides alone; with `lists`, the ones a study sweeps, each
// taking a comma-separated list (stats).
void add_rule_options(po::options_description& o, bool lists);
// The rule overrides in a usage line, from the rule schema: "[--passes P]
// [--goal G] [--overlap] [--reserves R] [--scoring S]".
std::string rule_options_usage();
// A usage's first two lines: "usage: pyramid COMMAND FIRST", then the rule
// overrides (rule_options_usage) under FIRST, each ending with a newline.
std::string usage_with_rules(const std::string& command, const std::string& first);
// --deal, --deal-file, --seed.
void add_deal_options(po::options_description& o);
Variant variant_from(const po::variables_map& vm);

// The deal of --deal, --deal-file or --seed (exactly one must be given),
// read by the API (api::Error "bad deal: ..." or "bad seed: ...").
api::LoadedDeal deal_from_options(const po::variables_map& vm, const Variant& v);

// Parses argv for one command; prints help and returns false on --help.
bool parse_command(int argc, char** argv, const std::string& usage, const po::options_description& opts,
                   po::variables_map& vm, const po::positional_options_description* positional = nullptr);

// --format value checked against the allowed list.
std::string format_from(const po::variables_map& vm, const std::vector<std::string>& allowed);

// The whole of a file named by `option` ("--deal-file", "--moves-file"), or
// stdin for "-", at most 1 MiB; UsageError naming the option and the file
// when it cannot be read, is a directory, or is larger.
std::string read_file_or_stdin(const std::string& path, const std::string& option);

// Every numeric option is read by these, with one rule and one message:
// a whole decimal number (digits only: no sign, no space) from `min` to `max`,
// else UsageError "--NAME must be a whole number from MIN to MAX (got '...')".
uint64_t parse_number(const std::string& option, const std::string& text, uint64_t min, uint64_t max,
                      const std::string& note = "");
// The option's value (it must have a default, or be given) as parse_number reads it.
uint64_t number_option(const po::variables_map& vm, const std::string& option, uint64_t min, uint64_t max,
                       const std::string& note = "");
// --max-states N (every command that searches): 0 = no limit.
void add_max_states_option(po::options_description& o, const char* what);
uint64_t max_states_from(const po::variables_map& vm);
// --challenge score|cards:R|board, --target N, --current N, --deals-left D
// (solve, play; docs/challenges.md): `what` says what the challenge gives.
void add_challenge_options(po::options_description& o, const char* what);
// The challenge asked for (nullopt without --challenge); UsageError for
// --target, --current or --deals-left without it. The words are checked by
// api::make_challenge.
std::optional<api::ChallengeRequest> challenge_from(const po::variables_map& vm);
// --threads N (every command that runs workers): 1 to 4096, or 0 (the
// default) for every core. Returns 0 for every core.
constexpr uint64_t kMaxThreads = 4096;
void add_threads_option(po::options_description& o, const char* what);
int threads_from(const po::variables_map& vm);
// --max-memory SIZE (every command that searches): per worker, the bytes a
// search's tables may hold before it stops with `intractable`; a whole number
// of bytes or with a K, M, G or T suffix (binary: 1K = 1024), 0 = no limit.
// Default ("auto"): 3/4 of the physical memory (or of the cgroup's limit,
// when lower) shared among `workers`.
// `verdict`: what the command calls a search past its limit ("'intractable'"; play: "'unknown'").
void add_max_memory_option(po::options_description& o, const std::string& verdict = "'intractable'");
uint64_t max_memory_from(const po::variables_map& vm, int workers);
// The search's limits from --max-states and, where the command has it,
// --max-memory (auto: shared among `workers`); the rest as engine/limits.h
// sets them.
Limits limits_from(const po::variables_map& vm, int workers);
uint64_t parse_size(const std::string& option, const std::string& text);
// A PySolFC seed as --seed and --seeds take it: 1 to 10^20-1 or ms1 to
// ms8589934591; UsageError "bad seed: ..." otherwise.
void check_seed(const std::string& text);
// --seeds A-B (or N) of stats: each end a seed as check_seed reads it (same
// limits, 1 to 10^20-1, and message), not an ms number; A <= B.
void check_seeds(const std::string& text);

// An output file the command is about to create or truncate must not be one
// of its inputs (the same file under any name, or the same path when they do
// not exist yet): UsageError "OPTION 'OUT' is WHAT: ..." otherwise.
void check_not_input(const std::string& option, const std::string& out, const std::string& input,
                     const std::string& what);

// --ascii, for commands that print cards for people.
void add_text_options(po::options_description& o);
// How cards are printed for people on stdout: suit symbols and "10" when the
// locale's character set is UTF-8 and --ascii is not given; red suits in
// colour when stdout is a terminal and NO_COLOR is unset.
TextStyle text_style(const po::variables_map& vm);

// -o/--output FILE: where a command writes its output (stdout without it).
void add_output_option(po::options_description& o, const char* what);
// The stream to write to: `file` opened on --output, or std::cout. Throws
// UsageError when the file cannot be opened.
std::ostream& output_stream(const po::variables_map& vm, std::ofstream& file);
// Flushes and closes `file` (when it was opened); throws UsageError on a write error.
void finish_output(const po::variables_map& vm, std::ofstream& file);

// A "key: value" line of text output.
std::string json_line(const json::value& v);

int cmd_solve(int argc, char** argv);
int cmd_verify(int argc, char** argv);
int cmd_deal(int argc, char** argv);
int cmd_variants(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_stats(int argc, char** argv);
int cmd_report(int argc, char** argv);
int cmd_merge(int argc, char** argv);
int cmd_play(int argc, char** argv);
int cmd_odds(int argc, char** argv);
int cmd_compare_players(int argc, char** argv);
int cmd_compare(int argc, char** argv);
int cmd_generate(int argc, char** argv);

}  // namespace pyr::cli
