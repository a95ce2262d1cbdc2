// pyramid generate: deal packs for game makers, winnable deals of one grade.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <iostream>

#include "cli/common.h"
#include "report/generate.h"
#include "study/compare.h"
#include "study/runner.h"

namespace pyr::cli {

namespace {

std::string generate_usage() {
    return "usage: pyramid generate [--variant NAME] " + rule_options_usage() +
           "\n"
           "                        --grade easy|medium|hard|expert [--count N] [--from-seed S]\n"
           "                        [--thresholds Q1,Q2,Q3] [--casual-plays K] [--max-seeds M] [--threads N]\n"
           "                        [--max-states N] [--format text|json|csv] [--quiet]\n"
           "Lists the first N winnable deals of a grade, from PySolFC seed S on (default 1): each with its seed (the\n"
           "PySolFC deal number of the variant's game), the compact deal and its measures (docs/measures.md).\n"
           "The grade compares a deal's difficulty (100 x the casual player's failure rate + crossroads) with\n"
           "the rule set's quartiles (bench/measures.md); rule sets without them need --thresholds Q1,Q2,Q3\n"
           "(easy <= Q1 < medium <= Q2 < hard <= Q3 < expert). Deals are solved in parallel in batches of\n"
           "consecutive seeds: the same arguments give the same deals whatever --threads. Ctrl-C prints the\n"
           "deals found so far.";
}

}  // namespace

int cmd_generate(int argc, char** argv) {
    po::options_description opts("pyramid generate options");
    add_variant_options(opts);
    opts.add_options()("grade", po::value<std::string>(), "easy, medium, hard or expert")(
        "count", po::value<std::string>()->default_value("10"), "how many deals, 1 to 100000")(
        "from-seed", po::value<std::string>()->default_value("1"), "the first PySolFC seed looked at")(
        "max-seeds", po::value<std::string>()->default_value("10000000"), "give up after looking at this many seeds")(
        "thresholds", po::value<std::string>(),
        "Q1,Q2,Q3: the difficulty quartiles to grade by (default: bench/measures.md's)")(
        "casual-plays", po::value<std::string>()->default_value("100"), "the casual player's plays per deal")(
        "format", po::value<std::string>()->default_value("text"), "text, json or csv")("quiet,q", po::bool_switch(),
                                                                                        "no progress on stderr");
    add_threads_option(opts, "worker threads, 1 to 4096, or 0 for every core (the default)");
    add_max_states_option(opts, "per search: a deal whose search runs out is skipped (0 = no limit)");
    po::variables_map vm;
    if (!parse_command(argc, argv, generate_usage(), opts, vm)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    if (!vm.count("grade")) throw UsageError("--grade is required (easy, medium, hard or expert)");
    const auto grade = parse_grade(vm["grade"].as<std::string>());
    if (!grade)
        throw UsageError("--grade must be easy, medium, hard or expert (got '" + vm["grade"].as<std::string>() + "')");
    GenerateRequest q;
    q.rules = variant_from(vm);
    q.grade = *grade;
    q.count = number_option(vm, "count", 1, 100000);
    const std::string from = vm["from-seed"].as<std::string>();
    check_seed(from);
    const auto first = parse_seed(from);
    if (!first || from.rfind("ms", 0) == 0) throw UsageError("--from-seed must be a PySolFC number from 1 to 10^20-1");
    q.from_seed = *first;
    q.max_seeds = number_option(vm, "max-seeds", 1, 1'000'000'000);
    q.casual_plays = static_cast<int>(number_option(vm, "casual-plays", 1, 100000));
    q.threads = threads_from(vm);
    q.limits = limits_from(vm, 1);
    if (vm.count("thresholds")) {
        double t[3];
        char extra;
        if (std::sscanf(vm["thresholds"].as<std::string>().c_str(), "%lf,%lf,%lf%c", &t[0], &t[1], &t[2], &extra) !=
                3 ||
            !(t[0] <= t[1] && t[1] <= t[2]))
            throw UsageError("--thresholds must be three increasing numbers Q1,Q2,Q3 (got '" +
                             vm["thresholds"].as<std::string>() + "')");
        q.thresholds = {t[0], t[1], t[2]};
    } else if (const auto t = builtin_thresholds(q.rules)) {
        q.thresholds = *t;
    } else {
        // Name the rule sets of this preset that have them.
        std::string have;
        for (const ThresholdRow& r : builtin_threshold_rows()) {
            const Variant row = RuleSet::parse(r.rules).variant();
            if (row.name != q.rules.name) continue;
            Variant t = q.rules;  // the row's rules that change play, the others as asked
            for (const RuleDescriptor& d : rule_table())
                if (d.changes_play && d.takes(row)) d.apply(t, d.get(row));
            have += (have.empty() ? "" : ", ") + rule_set_name(t);
        }
        throw UsageError("no grade thresholds for " + rule_set_name(q.rules) + " (built in for " + q.rules.name + ": " +
                         (have.empty() ? std::string("none") : have) +
                         "; docs/measures.md): give --thresholds Q1,Q2,Q3");
    }
    const bool quiet = vm["quiet"].as<bool>();
    if (!quiet)
        q.progress = [&](uint64_t looked, uint64_t found) {
            std::cerr << "\rpyramid generate: " << found << " of " << q.count << " " << grade_text(q.grade)
                      << " deals found in " << looked << " seeds" << std::flush;
        };
    const GenerateResult res = [&] {  // Ctrl-C or SIGTERM: stop and print what was found
        const StopOnSignals signals;
        q.limits.stop = signals.flag();
        return generate_deals(q);
    }();
    if (!quiet) std::cerr << "\n";

    print_generated(std::cout, q, res, format);
    if (res.interrupted) return 130;
    if (res.deals.size() < q.count)
        std::cerr << "pyramid generate: only " << res.deals.size() << " deals of " << q.count << " in " << res.looked
                  << " seeds ("
                  << (res.seeds_exhausted ? "the last PySolFC seed, 99999999999999999999, reached" : "--max-seeds")
                  << ")\n";
    return kOk;
}

}  // namespace pyr::cli
