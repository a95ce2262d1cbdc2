// pyramid report: one self-contained HTML page about a study, from its record files.
#include <sys/stat.h>

#include <algorithm>
#include <ctime>
#include <iostream>

#include "cli/common.h"
#include "report/html.h"
#include "report/study_input.h"
#include "study/provenance.h"

namespace pyr::cli {

int cmd_report(int argc, char** argv) {
    po::options_description opts("pyramid report options");
    opts.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                       "record files (also as plain arguments)")(
        "optimal", po::bool_switch(),
        "the records come from a study run with --optimal: solution lengths are minimum move counts");
    add_output_option(opts, "write the page to this file (default: stdout)");
    po::positional_options_description pos;
    pos.add("files", -1);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid report FILE... [-o report.html] [--optimal]\n"
                       "Writes one self-contained HTML page about a study from the record files of\n"
                       "`pyramid stats --out` (several files, e.g. shards, make one study): the study, win rates\n"
                       "with 95% Wilson intervals, solution-length histograms, search effort (states per deal by\n"
                       "verdict, the ten hardest deals) and the summary table of `stats --format text`.\n"
                       "Inline SVG and CSS: no network, readable offline and printed. Records for only part of\n"
                       "the study (one shard's file, a run not finished) make a page titled PARTIAL, and exit 1.",
                       opts, vm, &pos))
        return kOk;
    if (!vm.count("files")) throw UsageError("no record files given (pyramid report FILE... -o report.html)");
    const auto paths = vm["files"].as<std::vector<std::string>>();
    std::string names;
    std::time_t newest = 0;  // when the study last wrote a record: the files' newest change
    for (const auto& p : paths) {
        names += (names.empty() ? "" : ", ") + p;
        struct stat st {};
        if (::stat(p.c_str(), &st) == 0) newest = std::max(newest, st.st_mtime);
    }
    std::vector<std::string> words{"pyramid"};
    for (int i = 0; i < argc; ++i) words.emplace_back(argv[i]);
    const Provenance me = this_program("pyramid", words);
    ReportFromFiles page;
    try {
        page = report_from_files(paths, vm["optimal"].as<bool>(),
                                 {{"record files", names},
                                  {"last written", newest ? pyr::html::utc_time(newest) : "unknown"},
                                  {"page made by", provenance_text(me) + ": " + me.command}});
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    std::ofstream file;
    std::ostream& out = output_stream(vm, file);
    out << page.html;
    finish_output(vm, file);
    if (page.partial) {  // as merge: a summary of part of a study is not the study's
        std::cerr << "pyramid report: PARTIAL: records for " << page.records << " of the study's " << page.tasks
                  << " tasks (a shard, or a run not finished); the page says so\n";
        return kRejected;
    }
    return kOk;
}

}  // namespace pyr::cli
