// pyramid: the command-line driver. Parses, calls the engine and solver, prints.
#include <algorithm>
#include <iostream>
#include <string>

#include "cli/common.h"
#include "engine/build_info.h"
#include "engine/input.h"
#include "engine/internal_error.h"

namespace {
// The commands, in the order the help lists them (version has no function:
// main answers it).
struct CommandRow {
    const char* name;
    int (*run)(int argc, char** argv);
    const char* words;
};
const CommandRow kCommands[] = {
    {"solve", pyr::cli::cmd_solve, "solve a deal: verdict (win, lose, intractable) and a solution"},
    {"verify", pyr::cli::cmd_verify, "replay moves on a deal with the independent verifier"},
    {"deal", pyr::cli::cmd_deal, "print a deal: drawn, as the compact string, as JSON, or as an SVG picture"},
    {"variants", pyr::cli::cmd_variants, "list the rule presets, or describe one"},
    {"bench", pyr::cli::cmd_bench, "solve a fixed workload; prints speed and a signature (total states)"},
    {"stats", pyr::cli::cmd_stats, "win-rate study over many deals, in parallel, with a resumable record file"},
    {"merge", pyr::cli::cmd_merge, "the summary of a study from its record files (shards, several machines)"},
    {"report", pyr::cli::cmd_report, "an HTML page about a study (charts and tables) from its record files"},
    {"compare", pyr::cli::cmd_compare,
     "two rule sets deal by deal over the same deals: flips, paired interval, McNemar's test"},
    {"generate", pyr::cli::cmd_generate, "winnable deals of a grade (easy, medium, hard, expert) with their measures"},
    {"play", pyr::cli::cmd_play,
     "play a deal in the terminal, with undo, hints and the solver's verdict after every move"},
    {"odds", pyr::cli::cmd_odds, "the chances of a position without peeking at the stock, and each move's share"},
    {"compare-players", pyr::cli::cmd_compare_players,
     "two players (stats --player) deal by deal: flips, paired interval, McNemar's test"},
    {"version", nullptr, "the version, git commit, build type, compiler and bench signature (also --version)"},
};

std::string main_help() {
    std::string s = "pyramid: exact solver for Pyramid-family patience games\n"
                    "\n"
                    "usage: pyramid COMMAND [options]   (pyramid COMMAND --help for each)\n"
                    "\n"
                    "commands:\n";
    for (const CommandRow& c : kCommands) {
        const int len = static_cast<int>(std::string(c.name).size());
        s += "  " + std::string(c.name) + std::string(std::max(2, 11 - len), ' ') + c.words + "\n";
    }
    return s + "\n"
               "exit status: 0 done, 1 verify rejected the moves (merge, report: tasks missing), 2 bad command line or "
               "input, 3 internal error,\n"
               "             130 stats or generate interrupted (Ctrl-C)\n";
}

// Bad command line or input: one line, bounded and escaped, whatever the input held; exit 2.
int usage_error(const std::string& cmd, const char* what) {
    std::cerr << "pyramid " << pyr::printable_line(cmd, 40) << ": " << pyr::printable_line(what) << "\n";
    return pyr::cli::kUsage;
}

// What was printed on stdout must have been written (a full disk, /dev/full):
// otherwise one line says so and a status 0 becomes 2, as a write error on
// -o FILE does.
int stdout_written(const std::string& cmd, int status) {
    std::cout.flush();
    if (std::cout) return status;
    usage_error(cmd, "error writing standard output");
    return status == pyr::cli::kOk ? pyr::cli::kUsage : status;
}
}  // namespace

int main(int argc, char** argv) {
    using namespace pyr::cli;
    if (argc < 2) {
        std::cerr << main_help();
        return 2;
    }
    const std::string cmd = argv[1];
    try {
        if (cmd == "--help" || cmd == "-h" || cmd == "help") {
            std::cout << main_help();
            return stdout_written(cmd, kOk);
        }
        if (cmd == "--version" || cmd == "version") {
            if (argc > 2) {
                const std::string a = argv[2];
                if (a == "--help" || a == "-h") {
                    std::cout << "usage: pyramid version   (or pyramid --version)\n"
                                 "Prints the version, the git commit built, the build type, the compiler and the\n"
                                 "bench signature (the total states `pyramid bench --quick` searches).\n"
                                 "\npyramid version options:\n  -h [ --help ]         show this help\n";
                    return stdout_written(cmd, kOk);
                }
                throw UsageError("takes no arguments (got " + pyr::excerpt(a) + ")");
            }
            std::cout << pyr::build::version_text("pyramid");
            return stdout_written(cmd, kOk);
        }
        for (const CommandRow& c : kCommands)
            if (c.run && cmd == c.name) return stdout_written(cmd, c.run(argc - 1, argv + 1));
        std::cerr << "pyramid: unknown command " << pyr::excerpt(cmd) << " (try pyramid --help)\n";
        return kUsage;
    } catch (const UsageError& e) {
        return usage_error(cmd, e.what());
    } catch (const pyr::api::Error& e) {  // bad input, in the API's words (the same as the CLI's)
        return usage_error(cmd, e.what());
    } catch (const pyr::InternalError& e) {
        // A bug caught by a check (a solution the verifier rejects): never a silent wrong answer.
        std::cerr << "pyramid " << pyr::printable_line(cmd, 40) << ": internal error (a bug; please report it with "
                  << "this line): " << pyr::printable_line(e.what(), 2000) << "\n";
        return kInternal;
    } catch (const std::bad_alloc&) {
        std::cerr << "pyramid " << cmd << ": out of memory (try a smaller --max-states)\n";
        return kInternal;
    } catch (const std::exception& e) {
        std::cerr << "pyramid " << pyr::printable_line(cmd, 40) << ": internal error: " << pyr::printable_line(e.what())
                  << "\n";
        return kInternal;
    }
}
