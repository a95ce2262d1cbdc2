// pyramid generate: deal packs for game makers, winnable deals of one grade.
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <iostream>

#include "cli/common.h"
#include "engine/deal_source.h"
#include "study/compare.h"
#include "study/generate.h"
#include "study/runner.h"

namespace pyr::cli {

namespace {

const char* kGenerateUsage =
    "usage: pyramid generate [--variant NAME] [--passes P] [--goal G] [--overlap] [--reserves R]\n"
    "                        --grade easy|medium|hard|expert [--count N] [--from-seed S]\n"
    "                        [--thresholds Q1,Q2,Q3] [--casual-plays K] [--threads N] [--max-states N]\n"
    "                        [--format text|json|csv] [--quiet]\n"
    "Lists the first N winnable deals of a grade, from PySolFC seed S on (default 1): each with its seed (the\n"
    "PySolFC deal number of the variant's game), the compact deal and its measures (docs/measures.md).\n"
    "The grade compares a deal's difficulty (100 x the casual player's failure rate + crossroads) with\n"
    "the rule set's quartiles (bench/measures.md); rule sets without them need --thresholds Q1,Q2,Q3\n"
    "(easy <= Q1 < medium <= Q2 < hard <= Q3 < expert). Deals are solved in parallel in batches of\n"
    "consecutive seeds: the same arguments give the same deals whatever --threads. Ctrl-C prints the\n"
    "deals found so far.";

std::string fmt(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", x);
    return b;
}
}  // namespace

int cmd_generate(int argc, char** argv) {
    po::options_description opts("pyramid generate options");
    add_variant_options(opts);
    opts.add_options()
        ("grade", po::value<std::string>(), "easy, medium, hard or expert")
        ("count", po::value<std::string>()->default_value("10"), "how many deals, 1 to 100000")
        ("from-seed", po::value<std::string>()->default_value("1"), "the first PySolFC seed looked at")
        ("max-seeds", po::value<std::string>()->default_value("10000000"), "give up after looking at this many seeds")
        ("thresholds", po::value<std::string>(), "Q1,Q2,Q3: the difficulty quartiles to grade by (default: bench/measures.md's)")
        ("casual-plays", po::value<std::string>()->default_value("100"), "the casual player's plays per deal")
        ("format", po::value<std::string>()->default_value("text"), "text, json or csv")
        ("quiet,q", po::bool_switch(), "no progress on stderr");
    add_threads_option(opts, "worker threads, 1 to 4096, or 0 for every core (the default)");
    add_max_states_option(opts, "per search: a deal whose search runs out is skipped (0 = no limit)");
    po::variables_map vm;
    if (!parse_command(argc, argv, kGenerateUsage, opts, vm)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    if (!vm.count("grade")) throw UsageError("--grade is required (easy, medium, hard or expert)");
    const auto grade = parse_grade(vm["grade"].as<std::string>());
    if (!grade) throw UsageError("--grade must be easy, medium, hard or expert (got '" + vm["grade"].as<std::string>() + "')");
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
    q.max_states = max_states_from(vm);
    if (vm.count("thresholds")) {
        double t[3];
        char extra;
        if (std::sscanf(vm["thresholds"].as<std::string>().c_str(), "%lf,%lf,%lf%c", &t[0], &t[1], &t[2], &extra) != 3 ||
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
            if (r.preset != q.rules.name) continue;
            Variant t = q.rules;
            t.passes = r.passes;
            t.goal = r.goal;
            t.overlap = r.overlap;
            t.reserves_open = r.reserves_open;
            have += (have.empty() ? "" : ", ") + rule_set_name(t);
        }
        throw UsageError("no grade thresholds for " + rule_set_name(q.rules) + " (built in for " + q.rules.name +
                         ": " + (have.empty() ? std::string("none") : have) +
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
        q.stop = signals.flag();
        return generate_deals(q);
    }();
    if (!quiet) std::cerr << "\n";

    const Variant& v = q.rules;
    auto deal_of = [&](const StudyRecord& r) { return compact(deal_from_seed(v, r.seed.text())); };
    if (format == "json") {
        json::object o;
        o["variant"] = v.name;
        put_rules_json(o, v);  // the rule schema's keys (engine/rules.h)
        o["pysol_game"] = v.pysol_game;
        o["grade"] = grade_text(q.grade);
        o["thresholds"] = json::array{q.thresholds.q1, q.thresholds.q2, q.thresholds.q3};
        o["from_seed"] = q.from_seed.text();
        o["seeds_looked"] = res.looked;
        o["interrupted"] = res.interrupted;
        json::array deals;
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            json::object d;
            d["seed"] = r.seed.text();
            d["deal"] = deal_of(r);
            d["shortest"] = r.m.shortest;
            d["winning_first_moves"] = r.m.winning_first;
            d["legal_first_moves"] = r.m.legal_first;
            d["critical_positions"] = r.m.critical;
            d["crossroads"] = r.m.crossroads;
            d["casual_wins"] = r.m.casual_wins;
            d["casual_plays"] = r.m.casual_plays;
            d["difficulty"] = r.m.difficulty;
            d["grade"] = grade_text(g.grade);
            deals.push_back(std::move(d));
        }
        o["deals"] = std::move(deals);
        std::cout << json::serialize(o) << "\n";
    } else if (format == "csv") {
        std::cout << "seed,pysol_game,deal,shortest,winning_first_moves,legal_first_moves,critical_positions,crossroads,"
                     "casual_wins,casual_plays,difficulty,grade\n";
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            std::cout << r.seed.text() << "," << v.pysol_game << "," << deal_of(r) << "," << r.m.shortest << ","
                      << r.m.winning_first << "," << r.m.legal_first << "," << r.m.critical << "," << r.m.crossroads
                      << "," << r.m.casual_wins << "," << r.m.casual_plays << "," << fmt(r.m.difficulty) << ","
                      << grade_text(g.grade) << "\n";
        }
    } else {
        std::cout << summary(v) << "\n" << grade_text(q.grade) << " deals (difficulty "
                  << (q.grade == Grade::Easy     ? "<= " + fmt(q.thresholds.q1)
                      : q.grade == Grade::Medium ? fmt(q.thresholds.q1) + " < d <= " + fmt(q.thresholds.q2)
                      : q.grade == Grade::Hard   ? fmt(q.thresholds.q2) + " < d <= " + fmt(q.thresholds.q3)
                                                 : "> " + fmt(q.thresholds.q3))
                  << "): " << res.deals.size() << " found in " << res.looked << " seeds from " << q.from_seed.text()
                  << (res.interrupted ? " (interrupted)" : "") << "\n";
        std::cout << "    seed  shortest  first moves  crossroads  casual  difficulty  deal\n";
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            char line[160];
            std::snprintf(line, sizeof line, "%8s  %8d  %5d of %-3d  %10d  %3d/%-3d  %10s  ", r.seed.text().c_str(),
                          r.m.shortest, r.m.winning_first, r.m.legal_first, r.m.crossroads, r.m.casual_wins,
                          r.m.casual_plays, fmt(r.m.difficulty).c_str());
            std::cout << line << deal_of(r) << "\n";
        }
    }
    if (res.interrupted) return 130;
    if (res.deals.size() < q.count)
        std::cerr << "pyramid generate: only " << res.deals.size() << " deals of " << q.count << " in " << res.looked
                  << " seeds (--max-seeds)\n";
    return kOk;
}

}  // namespace pyr::cli
