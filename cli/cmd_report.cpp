// pyramid report: one self-contained HTML page about a study, from its record files.
#include <sys/stat.h>

#include <algorithm>
#include <ctime>
#include <iostream>

#include "api/study.h"
#include "cli/common.h"
#include "cli/study_cli.h"
#include "report/html.h"
#include "report/study_input.h"
#include "study/provenance.h"

namespace pyr::cli {

int cmd_report(int argc, char** argv) {
    po::options_description opts("pyramid report options");
    opts.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                       "record files (also as plain arguments)")(
        "optimal", po::bool_switch(),
        "the records come from a study run with --optimal: solution lengths are minimum move counts")(
        "audit", po::value<std::string>()->default_value("20"),
        "re-solve a sample of this many records and refuse the page if one does not reproduce (0: no audit)")(
        "audit-seed", po::value<std::string>()->default_value("1"), "the seed that draws the audit's sample");
    add_output_option(opts, "write the page to this file (default: stdout)");
    po::positional_options_description pos;
    pos.add("files", -1);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid report FILE... [-o report.html] [--optimal] [--audit K] [--audit-seed S]\n"
                       "Writes one self-contained HTML page about a study from the record files of\n"
                       "`pyramid stats --out` (several files, e.g. shards, make one study): the study, win rates\n"
                       "with 95% Wilson intervals, solution-length histograms, search effort (states per deal by\n"
                       "verdict, the ten hardest deals) and the summary table of `stats --format text`.\n"
                       "Inline SVG and CSS: no network, readable offline and printed. Records for only part of\n"
                       "the study (one shard's file, a run not finished) make a page titled PARTIAL, and exit 1.\n"
                       "The audit: 20 of the records (--audit K; 0: none), drawn with --audit-seed, are re-solved\n"
                       "with their own rules and the study's budget and --optimal; a record whose verdict (or, with\n"
                       "--optimal, shortest length) does not reproduce is named on stderr and no page is written\n"
                       "(exit 2). Its outcome goes to stderr when --audit is given.",
                       opts, vm, &pos))
        return kOk;
    if (!vm.count("files")) throw UsageError("no record files given (pyramid report FILE... -o report.html)");
    const auto paths = vm["files"].as<std::vector<std::string>>();
    if (vm.count("output"))
        for (const auto& p : paths) check_not_input("-o", vm["output"].as<std::string>(), p, "one of the record files");
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
    AuditSample sample(number_option(vm, "audit", 0, kMaxAudit), number_option(vm, "audit-seed", 0, UINT64_MAX));
    ReportFromFiles page;
    try {
        page = report_from_files(paths, vm["optimal"].as<bool>(),
                                 {{"record files", names},
                                  {"last written", newest ? pyr::html::utc_time(newest) : "unknown"},
                                  {"page made by", provenance_text(me) + ": " + me.command}},
                                 &sample);
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    // Before the page is written: a page of records that do not reproduce is refused.
    if (sample.count())
        check_audit(api::audit(sample, page.limits.max_states, page.optimal), "report", !vm["audit"].defaulted());
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
