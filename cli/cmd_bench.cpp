#include <unistd.h>

#include <iomanip>
#include <iostream>
#include <sstream>

#include "bench/bench.h"
#include "cli/common.h"
#include "study/runner.h"

namespace pyr::cli {

int cmd_bench(int argc, char** argv) {
    po::options_description opts("pyramid bench options");
    opts.add_options()
        ("quick", po::bool_switch(), "the short workload (seconds; for CI)")
        ("format", po::value<std::string>()->default_value("text"), "output: text or json");
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
    const auto results = run_bench(bench_workload(quick), threads, [&](const std::string& part, size_t done, size_t total) {
        if (tty) std::cerr << "\r  " << part << ": " << done << "/" << total << "        " << std::flush;
    });
    if (tty) std::cerr << "\r" << std::string(60, ' ') << "\r";
    const uint64_t signature = bench_signature(results);
    BenchPartResult total;
    total.name = "total";
    for (const auto& r : results) {
        total.deals += r.deals;
        total.wins += r.wins;
        total.losses += r.losses;
        total.intractable += r.intractable;
        total.states += r.states;
        total.seconds += r.seconds;
        total.solver_seconds += r.solver_seconds;
        total.replay_seconds += r.replay_seconds;
        total.peak_rss_kb = std::max(total.peak_rss_kb, r.peak_rss_kb);
        if (r.worst_seconds > total.worst_seconds) {
            total.worst_seconds = r.worst_seconds;
            total.worst_deal = r.name + " " + r.worst_deal;
        }
    }
    auto rate = [](double n, double s) { return s > 0 ? n / s : 0.0; };
    if (format == "json") {
        json::array parts;
        auto obj = [&](const BenchPartResult& r) {
            json::object o;
            o["name"] = r.name;
            o["deals"] = r.deals;
            o["wins"] = r.wins;
            o["losses"] = r.losses;
            o["intractable"] = r.intractable;
            o["states"] = r.states;
            o["seconds"] = r.seconds;
            o["states_per_second"] = rate(static_cast<double>(r.states), r.seconds);
            o["deals_per_second"] = rate(static_cast<double>(r.deals), r.seconds);
            o["worst_seconds"] = r.worst_seconds;
            o["worst_deal"] = r.worst_deal;
            o["peak_rss_kb"] = r.peak_rss_kb;
            o["solver_seconds"] = r.solver_seconds;
            o["replay_seconds"] = r.replay_seconds;
            return o;
        };
        for (const auto& r : results) parts.push_back(obj(r));
        json::object o;
        o["quick"] = quick;
        o["threads"] = used;
        o["parts"] = parts;
        o["total"] = obj(total);
        o["signature"] = signature;
        std::cout << json_line(o) << "\n";
        return kOk;
    }
    std::cout << "pyramid bench" << (quick ? " --quick" : "") << ", " << used << " threads\n";
    std::cout << std::left << std::setw(15) << "part" << std::right << std::setw(7) << "deals" << std::setw(7) << "wins"
              << std::setw(12) << "states" << std::setw(9) << "seconds" << std::setw(12) << "states/s" << std::setw(10)
              << "deals/s" << std::setw(9) << "worst s" << std::setw(11) << "peak MiB" << "\n";
    auto row = [&](const BenchPartResult& r) {
        std::cout << std::left << std::setw(15) << r.name << std::right << std::setw(7) << r.deals << std::setw(7) << r.wins
                  << std::setw(12) << r.states << std::fixed << std::setprecision(2) << std::setw(9) << r.seconds
                  << std::setprecision(0) << std::setw(12) << rate(static_cast<double>(r.states), r.seconds)
                  << std::setprecision(1) << std::setw(10) << rate(static_cast<double>(r.deals), r.seconds)
                  << std::setprecision(3) << std::setw(9) << r.worst_seconds << std::setprecision(1) << std::setw(11)
                  << r.peak_rss_kb / 1024.0 << "\n";
    };
    for (const auto& r : results) row(r);
    row(total);
    std::cout << "slowest deal: " << total.worst_deal << " (" << std::setprecision(3) << total.worst_seconds << " s)\n";
    std::cout << "replay of every win by the verifier: " << std::setprecision(3) << total.replay_seconds << " s of "
              << total.solver_seconds << " s solver time ("
              << std::setprecision(2) << rate(100.0 * total.replay_seconds, total.solver_seconds) << "%)\n";
    std::cout << "signature: " << signature << "\n";
    return kOk;
}

}  // namespace pyr::cli
