// pyramid-mpi: `pyramid stats` over MPI ranks (mpirun -np N pyramid-mpi stats ...).
// The same options, records and summary as `pyramid stats`; see study/mpi_runner.h.
#include <atomic>
#include <cstdlib>
#include <fstream>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "api/study.h"
#include "cli/study_cli.h"
#include "engine/build_info.h"
#include "report/html.h"
#include "report/study_input.h"
#include "report/summary.h"
#include "study/mpi_runner.h"

namespace {

const char* kHelp = "pyramid-mpi: `pyramid stats` on a cluster, over MPI\n"
                    "\n"
                    "usage: mpirun -np N pyramid-mpi stats OPTIONS   (the options of `pyramid stats --help`)\n"
                    "\n"
                    "Rank 0 hands out the study's deals in small chunks on request and writes --out and the summary;\n"
                    "every rank solves with its TBB threads (--threads per rank; default: the cores it may use). The\n"
                    "records and summary are those of `pyramid stats` with the same options, for any N. Killed at any\n"
                    "moment, the same command resumes from the --out file.\n"
                    "\n"
                    "pyramid-mpi --version prints the version, git commit, build type, compiler and bench signature.\n";

int run_stats(const pyr::mpi::Session& mpi, int argc, char** argv) {
    using namespace pyr;
    using namespace pyr::cli;
    const bool root = mpi.rank() == 0;
    StatsCommand cmd;
    // Every rank parses the same options and so fails the same way; rank 0 says why.
    try {
        if (!parse_stats(argc, argv, cmd, "pyramid-mpi"))
            return kOk;                // --help: printed by every rank, so only rank 0 runs it
        if (!cmd.spec.player.empty())  // records travel between ranks as a few numbers, without the player's moves
            throw UsageError(
                "--player is not supported by pyramid-mpi (run pyramid stats --player, or shards with --shard)");
    } catch (const UsageError& e) {
        if (root) std::cerr << "pyramid-mpi stats: " << e.what() << "\n";
        return kUsage;
    }
    const StudySpec& spec = cmd.spec;
    std::unique_ptr<StudyReportBuilder> page;
    std::ofstream report;
    // Rank 0 owns the study (its record file, table and summary); the other
    // ranks' tables go unused.
    std::optional<api::Study> study;
    std::string error;
    if (root) {
        try {
            if (cmd.report_path) {
                report.open(*cmd.report_path, std::ios::binary | std::ios::trunc);
                if (!report) throw UsageError("cannot write the report '" + *cmd.report_path + "'");
                page = std::make_unique<StudyReportBuilder>(spec);
            }
            study.emplace(spec, cmd.out_path, [&](const StudyRecord& r, bool) {
                if (page) page->add(r);
            });
        } catch (const std::exception& e) {
            error = e.what();
        }
    } else {
        study.emplace(spec, std::nullopt);
    }
    if (!mpi.agree(error.empty())) {
        if (root) std::cerr << "pyramid-mpi stats: " << error << "\n";
        return kUsage;
    }
    if (root && study->out()) say_resumed("pyramid-mpi stats", cmd, *study->out());

    Progress progress(cmd.quiet || !root, "pyramid-mpi stats");
    const StudyRun run = [&] {  // Ctrl-C or SIGTERM: take no new deal
        const StopOnSignals signals;
        return study->run(
            cmd.threads, signals.flag(), [&](const StudyProgress& p) { progress.update(p); },
            [&](const StudySpec& s, TaskTable& t, const StudyRunOptions& o) {
                return mpi::run_study_mpi(mpi, s, t, o);
            });
    }();
    if (!root) return kOk;
    progress.clear();
    study->close();

    return finish_study("pyramid-mpi stats", cmd, run, study->table(), study->summary(), page.get(), report,
                        std::to_string(run.ranks) + " MPI processes of " + std::to_string(run.threads) + " threads");
}

}  // namespace

// The process's rank as the launcher tells it (mpirun, srun), or -1 outside one.
int launcher_rank() {
    for (const char* name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"})
        if (const char* v = std::getenv(name)) return std::atoi(v);
    return -1;
}

int main(int argc, char** argv) {
    // --version and --help need no MPI: answered before MPI starts (by the
    // first rank alone when run under a launcher), so they work anywhere.
    const std::string first = argc >= 2 ? argv[1] : "";
    if (first == "--version" || first == "version" || first == "--help" || first == "-h" || first == "help") {
        if (launcher_rank() <= 0)
            std::cout << (first == "--version" || first == "version" ? pyr::build::version_text("pyramid-mpi")
                                                                     : std::string(kHelp));
        return 0;
    }
    pyr::mpi::Session mpi(&argc, &argv);
    const bool root = mpi.rank() == 0;
    if (!root) std::cout.setstate(std::ios::failbit);  // rank 0 alone prints (help included)
    const std::string cmd = argc >= 2 ? argv[1] : "";
    int status = 0;
    if (cmd == "stats") {
        try {
            status = run_stats(mpi, argc - 1, argv + 1);
        } catch (const std::exception& e) {
            std::cerr << "pyramid-mpi stats (rank " << mpi.rank() << "): internal error: " << e.what() << "\n";
            mpi.abort(3);
        }
    } else {
        if (root)
            std::cerr << (cmd.empty() ? std::string(kHelp)
                                      : "pyramid-mpi: unknown command '" + cmd + "' (only stats)\n");
        status = 2;
    }
    return status;
}

#ifdef PYR_SANITIZE
// The sanitizer build (scripts/test --sanitize): Open MPI keeps allocations
// (its components, unloaded at exit) that LeakSanitizer reports as leaks of
// unknown modules, so leak checking is off in pyramid-mpi alone; every other
// check stays on, and `pyramid` itself is leak-checked.
extern "C" const char* __asan_default_options() { return "detect_leaks=0"; }
#endif
