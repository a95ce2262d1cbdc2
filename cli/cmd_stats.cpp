// pyramid stats: win-rate studies over many deals (the engine is study/).
#include <unistd.h>

#include <atomic>
#include <csignal>
#include <fstream>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "cli/study_cli.h"
#include "report/html.h"
#include "report/study_input.h"
#include "report/summary.h"

namespace pyr::cli {

namespace {

std::atomic<bool> g_stop{false};  // set by Ctrl-C (or SIGTERM): take no new deal
extern "C" void on_stop_signal(int) { g_stop.store(true); }

constexpr int kInterrupted = 130;

}  // namespace

int cmd_stats(int argc, char** argv) {
    StatsCommand cmd;
    if (!parse_stats(argc, argv, cmd)) return kOk;
    const StudySpec& spec = cmd.spec;

    // The report's file is opened now: a bad path is an error before the study, not after it.
    std::ofstream report;
    std::unique_ptr<StudyReportBuilder> page;
    if (cmd.report_path) {
        report.open(*cmd.report_path, std::ios::binary | std::ios::trunc);
        if (!report) throw UsageError("cannot write the report '" + *cmd.report_path + "'");
        page = std::make_unique<StudyReportBuilder>(spec);
    }

    // Records stream into the task table (a byte per task), the summary's
    // counters and the report: none of them keeps the records.
    TaskTable table(spec);
    SummaryBuilder sums(spec);
    auto take = [&](const StudyRecord& r) {
        sums.add(r);
        if (page) page->add(r);
    };
    std::unique_ptr<RecordFile> out;
    if (cmd.out_path) {
        try {
            out = std::make_unique<RecordFile>(*cmd.out_path, spec, [&](const StudyRecord& r) {
                if (!table.record(r)) return false;
                take(r);
                return true;
            });
        } catch (const StudyError& e) {
            throw UsageError(e.what());
        }
        if (!cmd.quiet) {
            if (out->torn_bytes())
                std::cerr << "pyramid stats: cut a torn last line (" << out->torn_bytes() << " bytes) off "
                          << *cmd.out_path << "; its deal is solved again\n";
            if (out->resumed())
                std::cerr << "pyramid stats: resuming: " << out->resumed() << " deals already in " << *cmd.out_path
                          << "\n";
            if (out->ignored())
                std::cerr << "pyramid stats: " << out->ignored() << " records in " << *cmd.out_path
                          << " are not part of this study (other rules, deals, shard or duplicates): ignored\n";
        }
    }

    Progress progress(cmd.quiet, "pyramid stats");
    StudyRunOptions ro;
    ro.threads = cmd.threads;
    ro.stop = &g_stop;
    ro.out = out.get();
    ro.on_record = take;
    ro.progress = [&](const StudyProgress& p) { progress.update(p); };
    std::signal(SIGINT, on_stop_signal);
    std::signal(SIGTERM, on_stop_signal);
    const StudyRun run = run_study(spec, table, ro);
    std::signal(SIGINT, SIG_DFL);
    std::signal(SIGTERM, SIG_DFL);
    progress.clear();
    out.reset();  // fsync and unlock before the summary is printed

    const auto summaries = sums.summaries();
    if (page) {
        std::ostringstream how;
        how << run.solved_now << " deals solved in " << std::fixed << std::setprecision(1) << run.wall_seconds
            << " s on " << run.threads << " thread" << (run.threads == 1 ? "" : "s");
        if (run.resumed) how << "; " << run.resumed << " read back from " << *cmd.out_path;
        if (run.interrupted) how << "; PARTIAL: interrupted before every deal was solved";
        how << "; finished " << html::utc_time(std::time(nullptr));
        report << page->html({{"this run", how.str()}});
        report.close();
        if (!report) std::cerr << "pyramid stats: error writing the report '" << *cmd.report_path << "'\n";
    }
    json::object extra;
    if (spec.deals.from_file) extra["deals_file"] = cmd.deals_file;
    if (cmd.list) {
        print_list(std::cout, table, *cmd.list);
        if (!cmd.quiet) print_study_summary(std::cerr, "text", spec, cmd.source, run, summaries);
    } else {
        print_study_summary(std::cout, cmd.format, spec, cmd.source, run, summaries, extra);
    }
    std::cout << std::flush;
    if (run.interrupted) {
        std::cerr << "pyramid stats: interrupted: the summary is partial (" << run.done << " of " << run.total
                  << " deals)" << (cmd.out_path ? "; run the same command again to go on" : "") << "\n";
        return kInterrupted;
    }
    return kOk;
}

}  // namespace pyr::cli
