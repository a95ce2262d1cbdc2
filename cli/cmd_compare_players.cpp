// pyramid compare-players: two players deal by deal over the same deals, from
// the record files of `stats --player` studies (docs/nopeek.md). The paired
// comparison is study/compare.h's (counts, Newcombe's interval, McNemar).
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/common.h"
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
    opts.add_options()
        ("first", po::value<std::string>(), "record file of the first player's study (stats --player ... --out)")
        ("second", po::value<std::string>(), "record file of the second player's study")
        ("format", po::value<std::string>()->default_value("text"), "output: text or json");
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
    json::array rows;
    std::ostringstream text;
    text << "first: " << a.player << "   second: " << b.player << "\n";
    text << std::left << std::setw(44) << "rule set" << std::right << std::setw(8) << "deals" << std::setw(8) << "both"
         << std::setw(8) << "first" << std::setw(8) << "second" << std::setw(9) << "neither" << std::setw(10)
         << "diff" << "  " << std::left << std::setw(19) << "95% CI" << std::right << std::setw(11) << "McNemar p"
         << "\n";
    for (const auto& [rules, counts] : per_rules) {
        const PairedComparison p = paired_comparison(counts);
        json::object o;
        o["rule_set"] = rules;
        o["first"] = a.player;
        o["second"] = b.player;
        o["deals"] = counts.decided();
        o["both"] = counts.both;
        o["first_only"] = counts.first_only;
        o["second_only"] = counts.second_only;
        o["neither"] = counts.neither;
        o["excluded"] = counts.excluded;
        o["first_rate"] = p.first_rate ? json::value(*p.first_rate) : json::value(nullptr);
        o["second_rate"] = p.second_rate ? json::value(*p.second_rate) : json::value(nullptr);
        o["difference"] = p.difference ? json::value(*p.difference) : json::value(nullptr);
        o["ci95_low"] = p.ci95 ? json::value(p.ci95->low) : json::value(nullptr);
        o["ci95_high"] = p.ci95 ? json::value(p.ci95->high) : json::value(nullptr);
        o["mcnemar_p"] = p.mcnemar_p;
        rows.push_back(o);
        auto pc = [](double x) {
            std::ostringstream s;
            s << std::fixed << std::setprecision(2) << 100 * x << "%";
            return s.str();
        };
        std::ostringstream mp;
        mp << std::setprecision(2) << p.mcnemar_p;
        text << std::left << std::setw(44) << rules << std::right << std::setw(8) << counts.decided() << std::setw(8)
             << counts.both << std::setw(8) << counts.first_only << std::setw(8) << counts.second_only << std::setw(9)
             << counts.neither << std::setw(10) << (p.difference ? pc(*p.difference) : "-") << "  " << std::left
             << std::setw(19) << (p.ci95 ? pc(p.ci95->low) + " - " + pc(p.ci95->high) : std::string("-"))
             << std::right << std::setw(11) << mp.str() << "\n";
    }
    if (format == "json") {
        json::object o;
        o["comparisons"] = rows;
        std::cout << json_line(o) << "\n";
    } else {
        std::cout << text.str()
                  << "(first/second: deals won by that player only; diff: first's win rate less second's)\n";
    }
    return kOk;
}

}  // namespace pyr::cli
