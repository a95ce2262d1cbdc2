// Shared pieces of the command-line driver: deal selection options, errors,
// output helpers. The driver only parses, calls the engine/solver, and prints.
#pragma once
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine/deal.h"
#include "engine/json.h"
#include "engine/table.h"
#include "engine/variant.h"
#include "report/board_text.h"

namespace pyr::cli {

namespace po = boost::program_options;

// Bad command line or bad input: one line on stderr, exit status 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

enum Exit { kOk = 0, kRejected = 1, kUsage = 2, kInternal = 3 };

// --variant and the rule overrides (--passes, --goal, --overlap).
void add_variant_options(po::options_description& o);
// --deal, --deal-file, --seed.
void add_deal_options(po::options_description& o);
Variant variant_from(const po::variables_map& vm);

struct LoadedDeal {
    Deal deal;
    std::string seed;  // as typed, when the deal came from --seed
};
// Exactly one of --deal, --deal-file, --seed must be given.
LoadedDeal deal_from(const po::variables_map& vm, const Variant& v);

// Parses argv for one command; prints help and returns false on --help.
bool parse_command(int argc, char** argv, const std::string& usage, const po::options_description& opts,
                   po::variables_map& vm, const po::positional_options_description* positional = nullptr);

// --format value checked against the allowed list.
std::string format_from(const po::variables_map& vm, const std::vector<std::string>& allowed);

json::object deal_json(const LoadedDeal& d);
std::string read_file_or_stdin(const std::string& path);

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

}  // namespace pyr::cli
