// pyramid merge: the summary of a study from its record files (shards, or
// runs on several machines), as one uninterrupted `pyramid stats` prints it.
#include <iostream>

#include "api/study.h"
#include "cli/study_cli.h"
#include "report/summary.h"

namespace pyr::cli {

namespace {

const char* kMergeUsage =
    "usage: pyramid merge FILE... [--format text|json|csv] [--list win|lose|intractable] [--quiet]\n"
    "                    [--audit K [--audit-seed S]]\n"
    "Reads the record files of one study (the --out files of `pyramid stats --shard K/N`, or of runs on\n"
    "several machines) and prints the study's summary, as one uninterrupted `pyramid stats` of the whole\n"
    "study prints it (timings aside). Every file must name the same study in its study line (rule sets,\n"
    "deals, --max-states, --optimal); a file of another study is refused, and so are records of one task\n"
    "that disagree (different verdicts, moves or states). A task in several files counts once. When tasks\n"
    "are missing (a shard not run or not finished), their count per rule set, the first missing seeds and\n"
    "the missing shards go to stderr, the summary says it is partial, and the exit status is 1. When every\n"
    "file holds several studies (a study extended over the same file), the first file's latest one counts.\n"
    "--list VERDICT prints the seeds with that verdict instead of the summary, as `stats --list` does.\n"
    "--audit K re-solves K of the study's records (a sample drawn with --audit-seed) with their own rules\n"
    "and the study's budget and --optimal; a record whose verdict (or, with --optimal, shortest length) does\n"
    "not reproduce is named on stderr and the summary is refused (exit 2).";

}  // namespace

int cmd_merge(int argc, char** argv) {
    po::options_description opts("pyramid merge options");
    opts.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                       "record files (also as plain arguments)")(
        "format", po::value<std::string>()->default_value("text"), "summary on stdout: text, json or csv")(
        "list", po::value<std::string>(), "print the seeds with this verdict (win, lose, intractable) instead")(
        "quiet,q", po::bool_switch(), "with --list: no summary on stderr")(
        "audit", po::value<std::string>()->default_value("0"),
        "re-solve a sample of this many records and refuse the summary if one does not reproduce (0: no audit)")(
        "audit-seed", po::value<std::string>()->default_value("1"), "the seed that draws the audit's sample");
    po::positional_options_description pos;
    pos.add("files", -1);
    po::variables_map vm;
    if (!parse_command(argc, argv, kMergeUsage, opts, vm, &pos)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    std::optional<Verdict> list;
    if (vm.count("list")) list = parse_list(vm["list"].as<std::string>());
    if (!vm.count("files")) throw UsageError("no record files given (pyramid merge FILE...)");
    const auto paths = vm["files"].as<std::vector<std::string>>();
    std::vector<std::string> words{"pyramid"};
    for (int i = 0; i < argc; ++i) words.emplace_back(argv[i]);
    AuditSample sample(number_option(vm, "audit", 0, kMaxAudit), number_option(vm, "audit-seed", 0, UINT64_MAX));
    MergedStudy m;
    try {
        m = api::merge(
            paths, this_program("pyramid", words),
            [](const std::string& note) { std::cerr << "pyramid merge: " << note << "\n"; }, &sample);
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    const StudySpec& spec = *m.spec;
    if (sample.count()) check_audit(api::audit(sample, spec.limits.max_states, spec.optimal), "merge", true);

    StudyRun run;  // no run: threads = 0
    run.total = m.tasks();
    run.done = m.table->done();
    run.resumed = run.done;
    run.interrupted = run.done < run.total;
    run.ranks = 0;
    std::string source = spec.deals.from_file ? std::to_string(spec.deals.count()) + " deals of a deals file"
                                              : "seeds " + spec.deals.range_text();
    source += ", merged from " + std::to_string(paths.size()) + " file" + (paths.size() == 1 ? "" : "s");
    json::object extra;
    extra["files"] = m.files;
    extra["records_read"] = m.records_read;
    extra["duplicates"] = m.duplicates;
    extra["ignored"] = m.ignored;
    extra["missing"] = m.missing();
    const bool quiet = vm["quiet"].as<bool>();
    if (list) {
        print_list(std::cout, *m.table, *list);
        if (!quiet) print_study_summary(std::cerr, "text", spec, source, run, m.summaries, {}, m.made_by);
    } else {
        print_study_summary(std::cout, format, spec, source, run, m.summaries, extra, m.made_by);
    }
    std::cout << std::flush;
    if (m.ignored)
        std::cerr << "pyramid merge: " << m.ignored
                  << " records are not part of the study (other rules or deals): ignored\n";
    if (run.interrupted) {
        std::cerr << "pyramid merge: incomplete: " << m.missing() << " of " << run.total << " tasks have no record\n";
        for (uint32_t c = 0; c < spec.combos.size(); ++c) {
            std::string ranges;
            if (const uint64_t missing = m.missing_seeds(c, &ranges))
                std::cerr << "  " << rules_text(spec.combos[c]) << ": " << missing << " missing, seeds " << ranges
                          << "\n";
        }
        // Shards named by the study lines: which of 0/N..N-1/N are absent.
        for (const auto& absent : m.missing_shards()) std::cerr << "  shards with no file: " << absent << "\n";
        return kRejected;
    }
    return kOk;
}

}  // namespace pyr::cli
