// pyramid stats: win-rate studies over many deals (the engine is study/).
#include <unistd.h>

#include <atomic>
#include <fstream>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>

#include "api/study.h"
#include "cli/study_cli.h"
#include "report/html.h"
#include "report/study_input.h"
#include "report/summary.h"

namespace pyr::cli {

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
    std::optional<api::Study> study;
    try {
        study.emplace(spec, cmd.out_path, [&](const StudyRecord& r, bool) {
            if (page) page->add(r);
        });
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    if (study->out()) say_resumed("pyramid stats", cmd, *study->out());

    Progress progress(cmd.quiet, "pyramid stats");
    const StudyRun run = [&] {  // Ctrl-C or SIGTERM: take no new deal
        const StopOnSignals signals;
        return study->run(cmd.threads, signals.flag(), [&](const StudyProgress& p) { progress.update(p); });
    }();
    progress.clear();
    study->close();  // fsync and unlock before the summary is printed

    return finish_study("pyramid stats", cmd, run, study->table(), study->summary(), page.get(), report,
                        std::to_string(run.threads) + (run.threads == 1 ? " thread" : " threads"));
}

}  // namespace pyr::cli
