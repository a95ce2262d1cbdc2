// pyramid stats: win-rate studies over many deals (the engine is study/study.h).
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "report/study_input.h"
#include "report/summary.h"
#include "study/study.h"

namespace pyr::cli {

namespace {

std::atomic<bool> g_stop{false};  // set by Ctrl-C (or SIGTERM): take no new deal
extern "C" void on_stop_signal(int) { g_stop.store(true); }

constexpr int kInterrupted = 130;

const char* kStatsUsage =
    "usage: pyramid stats [--variant NAME[,NAME...]] [--passes LIST]\n"
    "                     (--seeds A-B | --deals N | --deals-file PATH) [--optimal] [--threads N]\n"
    "                     [--max-states N] [--out FILE] [--format text|json|csv] [--report FILE.html] [--quiet]\n"
    "Solves every deal of a study and summarizes the win rates. The study is every variant, once per\n"
    "--passes value (or with its own passes), over the same deals: PySolFC seeds A..B (--deals N is\n"
    "1..N), or the deals of a file, one a line (words after the cards are ignored; '#' lines skipped).\n"
    "\n"
    "Counting: a deal whose search runs out of --max-states is 'intractable': counted apart, never a win\n"
    "or a loss. The win rate and its 95% Wilson interval are over decided deals: wins / (wins + losses).\n"
    "Results are the same for any --threads; only timings differ.\n"
    "\n"
    "--out FILE gets one record per deal as it completes (JSON Lines, or CSV when FILE ends in .csv):\n"
    "seed, variant, passes, verdict, moves, states, seconds (and deal, with --deals-file). It is also\n"
    "the checkpoint: run the same command again after Ctrl-C, a kill or a crash and the deals already in\n"
    "the file are not solved again; the summary covers every record of the study in the file.\n"
    "Ctrl-C stops taking deals and prints the partial summary (exit status 130).";

std::vector<std::string> split_list(const std::string& s) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(s);
    while (std::getline(in, cur, ','))
        if (!cur.empty()) out.push_back(cur);
    return out;
}

std::string duration_text(double s) {
    if (!std::isfinite(s) || s < 0) return "?";
    const long t = std::lround(s);
    std::ostringstream o;
    if (t >= 3600) o << t / 3600 << "h" << std::setw(2) << std::setfill('0') << (t / 60) % 60 << "m";
    else if (t >= 60) o << t / 60 << "m" << std::setw(2) << std::setfill('0') << t % 60 << "s";
    else o << t << "s";
    return o.str();
}

// Progress on stderr: a bar redrawn at most 5 times a second on a terminal,
// a plain line every 10 s otherwise, nothing with --quiet.
class Progress {
public:
    explicit Progress(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO)) {}

    void update(const StudyProgress& p) {
        if (quiet_) return;
        const auto now = std::chrono::steady_clock::now();
        if (now - last_ < (tty_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(10000))) return;
        last_ = now;
        const double rate = p.seconds > 0 ? p.done_now / p.seconds : 0;
        const double eta = rate > 0 ? (p.total - p.done) / rate : NAN;
        const uint64_t decided = p.wins + p.losses;
        std::ostringstream o;
        o << p.done << "/" << p.total << " deals, " << std::fixed << std::setprecision(1) << rate
          << " deals/s, ETA " << duration_text(eta) << ", win rate "
          << (decided ? percent_text(static_cast<double>(p.wins) / decided) : std::string("-"));
        if (p.intractable) o << ", " << p.intractable << " intractable";
        if (tty_) {
            const int width = 24;
            const int filled = p.total ? static_cast<int>(width * p.done / p.total) : width;
            std::cerr << "\r\033[K[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << o.str()
                      << std::flush;
            drawn_ = true;
        } else {
            std::cerr << "pyramid stats: " << o.str() << "\n" << std::flush;
        }
    }
    void clear() {
        if (drawn_) std::cerr << "\r\033[K" << std::flush;
        drawn_ = false;
    }

private:
    bool quiet_, tty_, drawn_ = false;
    std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

}  // namespace

int cmd_stats(int argc, char** argv) {
    po::options_description opts("pyramid stats options");
    opts.add_options()
        ("variant", po::value<std::string>()->default_value("msc"),
         ("comma-separated game rules, from: " + preset_names()).c_str())
        ("passes", po::value<std::string>(),
         "comma-separated passes values (N or 'unlimited'): each variant is run once per value")
        ("seeds", po::value<std::string>(), "PySolFC seeds A-B of each variant's game")
        ("deals", po::value<std::string>(), "seeds 1..N")
        ("deals-file", po::value<std::string>(), "one deal a line; a deal's seed in records is its index 1..N")
        ("optimal", po::bool_switch(),
         "shortest solutions: the solution-length statistics are minimum move counts (also in json/csv)")
        ("out", po::value<std::string>(), "record file and checkpoint: JSON Lines, or CSV if it ends in .csv")
        ("format", po::value<std::string>()->default_value("text"), "summary on stdout: text, json or csv")
        ("report", po::value<std::string>(), "also write the study's HTML report (as `pyramid report`) to this file")
        ("quiet,q", po::bool_switch(), "no progress on stderr");
    add_threads_option(opts, "worker threads, 1 to 4096, or 0 for every core (the default)");
    add_max_states_option(opts, "per deal: stop with 'intractable' after storing this many positions (0 = no limit)");
    po::variables_map vm;
    if (!parse_command(argc, argv, kStatsUsage, opts, vm)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    const bool quiet = vm["quiet"].as<bool>();

    // Everything is checked before any work starts.
    std::vector<int> passes;
    if (vm.count("passes")) {
        const auto list = split_list(vm["passes"].as<std::string>());
        if (list.empty()) throw UsageError("--passes needs a list such as 1,3,unlimited");
        try {
            for (const auto& p : list) passes.push_back(parse_passes(p));
        } catch (const std::invalid_argument& e) {
            throw UsageError(e.what());
        }
    }
    const int threads = threads_from(vm);
    const uint64_t max_states = max_states_from(vm);
    const int sources = static_cast<int>(vm.count("seeds") + vm.count("deals") + vm.count("deals-file"));
    if (sources == 0) throw UsageError("no deals given: use --seeds A-B, --deals N or --deals-file PATH");
    if (sources > 1) throw UsageError("give only one of --seeds, --deals and --deals-file");

    StudySpec spec;
    std::string source;
    try {
        spec.combos = study_combos(split_list(vm["variant"].as<std::string>()), passes);
        if (vm.count("seeds")) {
            check_seeds(vm["seeds"].as<std::string>());
            spec.deals = seeds_range(vm["seeds"].as<std::string>());
            source = "seeds " + std::to_string(spec.deals.first) + "-" + std::to_string(spec.deals.last);
        } else if (vm.count("deals")) {
            const uint64_t n = number_option(vm, "deals", 1, kMaxStudyDeals);
            spec.deals = seeds_range("1-" + std::to_string(n));
            source = "seeds 1-" + std::to_string(n);
        } else {
            const std::string path = vm["deals-file"].as<std::string>();
            spec.deals = read_deals_file(path, spec.combos);
            source = std::to_string(spec.deals.count()) + " deals of " + path;
        }
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    spec.max_states = max_states;
    spec.optimal = vm["optimal"].as<bool>();

    // The report's file is opened now: a bad path is an error before the study, not after it.
    std::ofstream report;
    if (vm.count("report")) {
        report.open(vm["report"].as<std::string>(), std::ios::binary | std::ios::trunc);
        if (!report) throw UsageError("cannot write the report '" + vm["report"].as<std::string>() + "'");
    }

    std::unique_ptr<RecordFile> out;
    if (vm.count("out")) {
        try {
            out = std::make_unique<RecordFile>(vm["out"].as<std::string>(), spec);
        } catch (const StudyError& e) {
            throw UsageError(e.what());
        }
        if (!quiet) {
            if (out->torn_bytes())
                std::cerr << "pyramid stats: cut a torn last line (" << out->torn_bytes() << " bytes) off "
                          << vm["out"].as<std::string>() << "; its deal is solved again\n";
            if (!out->resumed().empty())
                std::cerr << "pyramid stats: resuming: " << out->resumed().size() << " deals already in "
                          << vm["out"].as<std::string>() << "\n";
            if (out->ignored())
                std::cerr << "pyramid stats: " << out->ignored() << " records in " << vm["out"].as<std::string>()
                          << " are not part of this study (other variant, passes, deals or duplicates): ignored\n";
        }
    }

    Progress progress(quiet);
    StudyRunOptions ro;
    ro.threads = threads;
    ro.stop = &g_stop;
    ro.out = out.get();
    ro.progress = [&](const StudyProgress& p) { progress.update(p); };
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    const StudyRun run = run_study(spec, ro);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    progress.clear();
    out.reset();  // fsync and unlock before the summary is printed

    const auto sums = summarize(spec, run.records);
    if (vm.count("report")) {
        std::ostringstream how;
        how << run.solved_now << " deals solved in " << std::fixed << std::setprecision(1) << run.wall_seconds
            << " s on " << run.threads << " thread" << (run.threads == 1 ? "" : "s");
        if (run.resumed) how << "; " << run.resumed << " read back from " << vm["out"].as<std::string>();
        if (run.interrupted) how << "; PARTIAL: interrupted before every deal was solved";
        report << study_report_html(spec, run.records, {{"this run", how.str()}});
        report.close();
        if (!report) std::cerr << "pyramid stats: error writing the report '" << vm["report"].as<std::string>() << "'\n";
    }
    if (format == "json") {
        json::object o;
        json::array a;
        for (const auto& s : sums) a.push_back(summary_json(s, spec.optimal));
        o["summaries"] = a;
        if (spec.deals.from_file) o["deals_file"] = vm["deals-file"].as<std::string>();
        else o["seeds"] = std::to_string(spec.deals.first) + "-" + std::to_string(spec.deals.last);
        o["max_states"] = spec.max_states;
        o["optimal"] = spec.optimal;
        o["tasks"] = run.total;
        o["done"] = run.records.size();
        o["resumed"] = run.resumed;
        o["solved_now"] = run.solved_now;
        o["partial"] = run.interrupted;
        o["threads"] = run.threads;
        o["wall_seconds"] = run.wall_seconds;
        o["deals_per_second"] = run.wall_seconds > 0 ? run.solved_now / run.wall_seconds : 0.0;
        std::cout << json_line(o) << "\n";
    } else if (format == "csv") {
        print_summary_csv(std::cout, sums, spec.optimal);
    } else {
        print_summary_text(std::cout, source, run, sums, spec.optimal);
    }
    std::cout << std::flush;
    if (run.interrupted) {
        std::cerr << "pyramid stats: interrupted: the summary is partial (" << run.records.size() << " of " << run.total
                  << " deals)" << (vm.count("out") ? "; run the same command again to go on" : "") << "\n";
        return kInterrupted;
    }
    return kOk;
}

}  // namespace pyr::cli
