// pyramid stats: win-rate studies over many deals (the engine is study/).
#include <unistd.h>

#include <atomic>
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
        say_resumed("pyramid stats", cmd, *out);
    }

    Progress progress(cmd.quiet, "pyramid stats");
    StudyRunOptions ro;
    ro.threads = cmd.threads;
    ro.out = out.get();
    ro.on_record = take;
    ro.progress = [&](const StudyProgress& p) { progress.update(p); };
    const StudyRun run = [&] {  // Ctrl-C or SIGTERM: take no new deal
        const StopOnSignals signals;
        ro.stop = signals.flag();
        return run_study(spec, table, ro);
    }();
    progress.clear();
    out.reset();  // fsync and unlock before the summary is printed

    return finish_study("pyramid stats", cmd, run, table, sums, page.get(), report,
                        std::to_string(run.threads) + (run.threads == 1 ? " thread" : " threads"));
}

}  // namespace pyr::cli
