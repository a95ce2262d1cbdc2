#include <unistd.h>

#include <iostream>

#include "cli/common.h"
#include "report/bench.h"
#include "study/bench.h"
#include "study/runner.h"

namespace pyr::cli {

int cmd_bench(int argc, char** argv) {
    po::options_description opts("pyramid bench options");
    opts.add_options()("quick", po::bool_switch(), "the short workload (seconds; for CI)")(
        "format", po::value<std::string>()->default_value("text"), "output: text or json");
    add_threads_option(opts, "worker threads, 1 to 4096, or 0 for every core; the signature does not depend on it");
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid bench [--quick] [--threads N] [--format text|json]\n"
                       "Solves a fixed workload: seeds of msc, solitarium, pharaohs, pyramid, classic and apophis\n"
                       "for verdicts, and the published msc deals with --optimal (the full workload adds the\n"
                       "1,500 decks of data/msc-1500.txt with --optimal). Prints per part and in total the\n"
                       "deals, states searched, seconds, states/s, deals/s and peak memory, then\n"
                       "'signature: N' (total states searched), which changes only when the search does.",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json"});
    const int threads = threads_from(vm);
    const bool quick = vm["quick"].as<bool>();
    const int used = study_workers(threads, UINT64_MAX);  // the workers that run (no more than the cores)
    const bool tty = isatty(STDERR_FILENO);
    const auto results = run_bench(
        bench_workload(quick), threads, [&](const std::string& part, size_t done, size_t total) {
            if (tty) std::cerr << "\r  " << part << ": " << done << "/" << total << "        " << std::flush;
        });
    if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r";
    const uint64_t signature = bench_signature(results);
    print_bench(std::cout, results, signature, quick, used, format);
    return kOk;
}

}  // namespace pyr::cli
