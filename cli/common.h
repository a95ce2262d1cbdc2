// Shared pieces of the command-line driver: deal selection options, errors,
// output helpers. The driver only parses, calls the engine/solver, and prints.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/program_options.hpp>

#include "engine/deal.h"
#include "engine/json.h"
#include "engine/table.h"
#include "engine/variant.h"

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

// A "key: value" line of text output.
std::string json_line(const json::value& v);

int cmd_solve(int argc, char** argv);
int cmd_verify(int argc, char** argv);
int cmd_deal(int argc, char** argv);
int cmd_variants(int argc, char** argv);
int cmd_bench(int argc, char** argv);
int cmd_stats(int argc, char** argv);

}  // namespace pyr::cli
