// The exact no-peek optimum's cost against the number of cards not seen
// (issue 39; bench/nopeek-optimal.md): msc 1-pass deals the solver wins,
// each played along its solution until k cards are not seen, then
// nopeek::optimal from there. One line per position: k, seed, the value,
// the information states, the solves of known orders and the time.
//
//   pyramid_optimal_nopeek_bench [--k-min 1] [--k-max 12] [--deals 3] [--first-seed 1]
//                                [--max-states N] [--variant msc] [--passes 1]
//                                [--memo-entries N]   (the memo's cap: OptimalOptions::memo_entries)
//                                [--leaf-cache-entries N]   (OptimalOptions::leaf_cache_entries; 0: none)
// (leaf_solves: the solver's calls; leaf_cached: the verdicts the leaf cache gave.)
//                                [--rank-symmetry 0]  (OptimalOptions::rank_symmetry off)
//                                [--clairvoyant-at N] (OptimalOptions::clairvoyant_at)
//                                [--probe-at N]       (OptimalOptions::probe_at; 0: off)
//                                [--threads N]        (OptimalOptions::threads; 0: every core)
//                                [--split-lag N]      (OptimalOptions::split_lag)
//                                [--tasks 1]          (with the split: a line per task to stderr)
//                                [--waste-pile 0]     (OptimalOptions::waste_pile off)
//                                [--relax-probe 0]    (OptimalOptions::relax_probe off)
//                                [--pile-top 0]       (OptimalOptions::pile_top off)
// (upper: the value's upper bound, the value when exact; symmetric: the
// chance children the rank symmetry spared, Optimal::symmetric.)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "engine/deal_source.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/optimal_nopeek.h"
#include "solver/solver.h"

using namespace pyr;

namespace {
const char* const kUsage =
    "usage: pyramid_optimal_nopeek_bench [--k-min 1] [--k-max 12] [--deals 3] [--first-seed 1]\n"
    "         [--max-states 50000000] [--variant msc] [--passes 1] [--memo-entries N]\n"
    "         [--leaf-cache-entries N] [--rank-symmetry 0|1] [--clairvoyant-at N] [--probe-at N]\n"
    "         [--threads N (1; 0: every core)] [--split-lag N] [--tasks 1 (a line per task of the\n"
    "         split, to stderr)] [--waste-pile 0|1]\n"
    "         [--relax-probe 0|1] [--pile-top 0|1]\n"
    "The exact no-peek optimum (pyramid odds --optimal) on msc deals the solver wins, each\n"
    "played along its solution until k cards are not seen: one tab-separated line a position\n"
    "(bench/nopeek-optimal.md). The defaults run for hours: name --k-max and --max-states.\n";
}  // namespace

int main(int argc, char** argv) {
    int k_min = 1, k_max = 12, deals = 3, passes = 1;
    uint64_t first_seed = 1, max_states = 50'000'000, memo_entries = 0;
    uint64_t leaf_cache_entries = nopeek::OptimalOptions{}.leaf_cache_entries;
    std::string variant = "msc";
    bool symmetry = true;
    int clairvoyant_at = nopeek::OptimalOptions{}.clairvoyant_at;
    int probe_at = nopeek::OptimalOptions{}.probe_at;
    int threads = 1;
    size_t split_lag = nopeek::OptimalOptions{}.split_lag;
    bool task_lines = false;
    bool waste_pile = nopeek::OptimalOptions{}.waste_pile;
    bool relax_probe = nopeek::OptimalOptions{}.relax_probe;
    bool pile_top = nopeek::OptimalOptions{}.pile_top;
    for (int i = 1; i < argc; i += 2) {
        const std::string a = argv[i];
        if (a == "--help" || a == "-h") {
            std::printf("%s", kUsage);
            return 0;
        }
        if (i + 1 == argc) {
            std::fprintf(stderr, "option %s needs a value\n%s", a.c_str(), kUsage);
            return 2;
        }
        const char* v = argv[i + 1];
        if (a == "--k-min") k_min = std::atoi(v);
        else if (a == "--k-max") k_max = std::atoi(v);
        else if (a == "--deals") deals = std::atoi(v);
        else if (a == "--first-seed") first_seed = std::strtoull(v, nullptr, 10);
        else if (a == "--max-states") max_states = std::strtoull(v, nullptr, 10);
        else if (a == "--memo-entries") memo_entries = std::strtoull(v, nullptr, 10);
        else if (a == "--leaf-cache-entries") leaf_cache_entries = std::strtoull(v, nullptr, 10);
        else if (a == "--rank-symmetry") symmetry = std::atoi(v) != 0;
        else if (a == "--clairvoyant-at") clairvoyant_at = std::atoi(v);
        else if (a == "--probe-at") probe_at = std::atoi(v);
        else if (a == "--threads") threads = std::atoi(v);
        else if (a == "--split-lag") split_lag = std::strtoull(v, nullptr, 10);
        else if (a == "--tasks") task_lines = std::atoi(v) != 0;
        else if (a == "--waste-pile") waste_pile = std::atoi(v) != 0;
        else if (a == "--relax-probe") relax_probe = std::atoi(v) != 0;
        else if (a == "--pile-top") pile_top = std::atoi(v) != 0;
        else if (a == "--variant") variant = v;
        else if (a == "--passes") passes = std::atoi(v);
        else {
            std::fprintf(stderr, "unknown option %s\n%s", a.c_str(), kUsage);
            return 2;
        }
    }
    const std::optional<Variant> base = find_preset(variant);
    if (!base) {
        std::fprintf(stderr, "unknown variant %s\n", variant.c_str());
        return 2;
    }
    Variant v = *base;
    v.passes = passes;
    Solver solver;
    std::printf("k\tseed\tvalue\tfraction\texact\tstates\tleaf_solves\tleaf_states\tmemo\tseconds\tforgotten\tupper\t"
                "symmetric\tleaf_cached\tthreads\ttasks\n");
    for (int k = k_min; k <= k_max; ++k) {
        int done = 0;
        for (uint64_t seed = first_seed; done < deals && seed < first_seed + 100000; ++seed) {
            const Deal d = deal_from_seed(v, std::to_string(seed));
            const SolveResult s = solver.solve(Board(d));
            if (s.verdict != Verdict::Win) continue;
            // The solution's prefix until k cards are not seen.
            Table t(d);
            std::vector<Move> played;
            bool found = nopeek::unseen(d, t).size() == static_cast<size_t>(k);
            for (size_t i = 0; !found && i < s.solution.size(); ++i) {
                if (t.apply(s.solution[i])) break;
                played.push_back(s.solution[i]);
                found = nopeek::unseen(d, t).size() == static_cast<size_t>(k);
            }
            if (!found) continue;
            nopeek::OptimalOptions o;
            o.limits.max_states = max_states;
            o.memo_entries = memo_entries;
            o.leaf_cache_entries = leaf_cache_entries;
            o.rank_symmetry = symmetry;
            o.clairvoyant_at = clairvoyant_at;
            o.probe_at = probe_at;
            o.threads = threads;
            o.split_lag = split_lag;
            o.waste_pile = waste_pile;
            o.relax_probe = relax_probe;
            o.pile_top = pile_top;
            const nopeek::Optimal r = nopeek::optimal(solver, d, played, o);
            std::printf("%d\t%llu\t%.6f\t%s\t%s\t%llu\t%llu\t%llu\t%llu\t%.3f\t%llu\t%.6f\t%llu\t%llu\t%d\t%zu\n", k,
                        static_cast<unsigned long long>(seed), nopeek::fraction_value(r.lower, r.orders),
                        r.exact ? nopeek::fraction_text(r.lower, r.orders).c_str() : "-", r.exact ? "yes" : "no",
                        static_cast<unsigned long long>(r.states), static_cast<unsigned long long>(r.leaf_solves),
                        static_cast<unsigned long long>(r.leaf_states), static_cast<unsigned long long>(r.memo),
                        r.seconds, static_cast<unsigned long long>(r.memo_forgotten),
                        nopeek::fraction_value(r.upper, r.orders), static_cast<unsigned long long>(r.symmetric),
                        static_cast<unsigned long long>(r.leaf_cached), r.threads, r.tasks);
            std::fflush(stdout);
            if (task_lines)
                for (const auto& x : r.task_costs)
                    std::fprintf(stderr, "task\tk %d\tseed %llu\trank %d\tstates %llu\tseconds %.3f\n", k,
                                 static_cast<unsigned long long>(seed), x.rank,
                                 static_cast<unsigned long long>(x.states), x.seconds);
            ++done;
        }
    }
}
