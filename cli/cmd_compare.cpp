// pyramid compare: a paired comparison of two rule sets over the same deals,
// from the record files of `pyramid stats --out` (study/compare.h).
#include <iostream>

#include "cli/common.h"
#include "report/compare.h"

namespace pyr::cli {

namespace {
std::string compare_usage() {
    return "usage: pyramid compare FILE... [--a RULESET --b RULESET] [--format text|json|csv] [--list]\n"
           "Compares two rule sets deal by deal from record files of `pyramid stats --out` (one study's file with\n"
           "both rule sets, or two studies' files over the same deals): the deals won in both, by the first only,\n"
           "by the second only, by neither; the difference of the win rates (first - second) with its paired 95%\n"
           "interval (Newcombe's method for paired data); McNemar's exact test (two-sided binomial test on the deals\n"
           "that flip). Deals intractable in either rule set, or in one file only, are excluded and counted apart.\n"
           "A rule set is named as PRESET[:RULE=VALUE,...], e.g. msc:passes=1, cheops:passes=unlimited,overlap=on,\n"
           "giza:reserves=open (rules: " +
           rule_keys_text() +
           "); a rule left out matches any value, and the\n"
           "name must match exactly one rule set of the files. Without --a and --b the files must hold exactly two\n"
           "rule sets (the first is the one with fewer passes, as the study report orders them).\n"
           "--list prints the deals that flip instead, in seed order: SEED first|second (who won it); with --format\n"
           "json the object gets a `flips` array.";
}

size_t pick(const VerdictColumns& cols, const std::string& text, const char* option) {
    RuleSetPattern p;
    try {
        p = parse_rule_set_pattern(text);
    } catch (const StudyError& e) {
        throw UsageError(std::string(option) + ": " + e.what());
    }
    std::vector<size_t> hits;
    for (size_t i = 0; i < cols.rule_sets.size(); ++i)
        if (p.matches(cols.rule_sets[i])) hits.push_back(i);
    std::string all;
    for (const auto& v : cols.rule_sets) all += (all.empty() ? "" : "; ") + rule_set_name(v);
    if (hits.empty())
        throw UsageError(std::string(option) + " " + text + " matches no rule set of the files (they hold: " + all +
                         ")");
    if (hits.size() > 1)
        throw UsageError(std::string(option) + " " + text + " matches " + std::to_string(hits.size()) +
                         " rule sets; name more rules (the files hold: " + all + ")");
    return hits[0];
}
}  // namespace

int cmd_compare(int argc, char** argv) {
    po::options_description opts("pyramid compare options");
    opts.add_options()("files", po::value<std::vector<std::string>>()->composing(),
                       "record files (also as plain arguments)")("a", po::value<std::string>(),
                                                                 "the first rule set, e.g. msc:passes=1")(
        "b", po::value<std::string>(), "the second rule set, e.g. msc:passes=3")(
        "format", po::value<std::string>()->default_value("text"), "text, json or csv")(
        "list", po::bool_switch(), "print the deals that flip (seed order) instead of the counts");
    po::positional_options_description pos;
    pos.add("files", -1);
    po::variables_map vm;
    if (!parse_command(argc, argv, compare_usage(), opts, vm, &pos)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    if (!vm.count("files")) throw UsageError("no record files given (pyramid compare FILE... --a RULESET --b RULESET)");
    if (vm.count("a") != vm.count("b")) throw UsageError("give both --a and --b, or neither");
    VerdictColumns cols;
    try {
        cols = read_verdict_columns(vm["files"].as<std::vector<std::string>>());
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    if (cols.rule_sets.empty()) throw UsageError("no records in the record files");
    size_t a = 0, b = 1;
    if (vm.count("a")) {
        a = pick(cols, vm["a"].as<std::string>(), "--a");
        b = pick(cols, vm["b"].as<std::string>(), "--b");
        if (a == b) throw UsageError("--a and --b name the same rule set (" + rule_set_name(cols.rule_sets[a]) + ")");
    } else if (cols.rule_sets.size() != 2) {
        std::string all;
        for (const auto& v : cols.rule_sets) all += (all.empty() ? "" : "; ") + rule_set_name(v);
        throw UsageError("the files hold " + std::to_string(cols.rule_sets.size()) +
                         " rule sets: name two with --a and --b (" + all + ")");
    }
    NamedComparison c{cols.rule_sets[a], cols.rule_sets[b], {}, {}, vm["list"].as<bool>()};
    c.result = compare_columns(cols, a, b, [&](Seed s, bool first) {
        if (c.listed) c.flips.emplace_back(s, first);
    });
    print_comparison(std::cout, c, format);
    if (cols.duplicates)
        std::cerr << "pyramid compare: " << cols.duplicates
                  << " further records of deals already read (the first counts)\n";
    if (cols.torn) std::cerr << "pyramid compare: " << cols.torn << " torn last lines skipped\n";
    return kOk;
}

}  // namespace pyr::cli
