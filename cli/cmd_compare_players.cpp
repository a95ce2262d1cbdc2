// pyramid compare-players: two players deal by deal over the same deals, from
// the record files of `stats --player` studies (docs/nopeek.md). The paired
// comparison is study/compare.h's (counts, Newcombe's interval, McNemar).
#include <iostream>
#include <map>

#include "cli/common.h"
#include "report/compare.h"
#include "study/compare.h"
#include "study/records.h"

namespace pyr::cli {

namespace {
// One file's column: per (rule set, deal), the player's verdict (the
// thoughtful verdict for a record without a player).
struct Column {
    std::string player;  // "thoughtful" when the records have none
    std::map<std::pair<std::string, std::string>, Verdict> verdicts;
};
Column read_column(const std::string& path) {
    Column c;
    try {
        read_record_file(path, nullptr, [&](const StudyRecord& r) {
            const std::string who = r.player.empty() ? "thoughtful" : r.player;
            if (c.player.empty()) c.player = who;
            if (who != c.player)
                throw StudyError(path + " holds records of two players (" + c.player + ", " + who + "): give one each");
            const Verdict v = r.player.empty() ? r.verdict : (r.player_won ? Verdict::Win : Verdict::Lose);
            c.verdicts.emplace(std::make_pair(rule_set_name(r.rules), r.deal ? *r.deal : r.seed.text()), v);
        });
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    if (c.player.empty()) throw UsageError(path + ": no records");
    return c;
}
}  // namespace

int cmd_compare_players(int argc, char** argv) {
    po::options_description opts("pyramid compare-players options");
    opts.add_options()("first", po::value<std::string>(),
                       "record file of the first player's study (stats --player ... --out)")(
        "second", po::value<std::string>(), "record file of the second player's study")(
        "format", po::value<std::string>()->default_value("text"), "output: text or json");
    po::positional_options_description pos;
    pos.add("first", 1).add("second", 1);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid compare-players FIRST.jsonl SECOND.jsonl [--format text|json]\n"
                       "Two players (stats --player, or a thoughtful study) over the same deals, per rule set:\n"
                       "deals won by both, by the first only, by the second only, by neither; the difference of\n"
                       "win rates with its paired 95% interval (Newcombe) and McNemar's exact test.",
                       opts, vm, &pos))
        return kOk;
    if (!vm.count("first") || !vm.count("second")) throw UsageError("give two record files");
    const std::string format = format_from(vm, {"text", "json"});
    const Column a = read_column(vm["first"].as<std::string>());
    const Column b = read_column(vm["second"].as<std::string>());
    std::map<std::string, PairedCounts> per_rules;
    for (const auto& [key, va] : a.verdicts) {
        const auto it = b.verdicts.find(key);
        if (it == b.verdicts.end()) continue;
        per_rules[key.first].add(va, it->second);
    }
    if (per_rules.empty()) throw UsageError("the two files have no deal of a rule set in common");
    print_player_comparisons(std::cout, a.player, b.player, per_rules, format);
    return kOk;
}

}  // namespace pyr::cli
