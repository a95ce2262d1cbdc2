// The per-deal challenge outcomes of a range of seeded deals (issue 34): for
// each deal (`pyramid solve --seed N`'s), the most points, Aces and Kings
// that one game can make with the tableau cleared and without (exact,
// solver/challenge.h with Challenge::every_end, the verifier replaying each
// line). bench/challenge-table.py turns this into
// data/challenge-distributions.txt, the table of the across-deals odds
// (solver/across.h). Not installed.
//
//   pyramid_challenge_outcomes [--variant NAME] --seeds A-B [--max-states N]
//
// One line a deal, tab-separated: seed, then for score, cards:A and cards:K
// the best with a clear and the best without ("-": no line of that kind,
// "?": the budget ran out), then the positions searched.
#include <cstdio>
#include <iostream>
#include <string>

#include "api/api.h"
#include "solver/across.h"
#include "solver/challenge.h"

using namespace pyr;

int main(int argc, char** argv) {
    std::string variant = "msc";
    long first = 0, last = -1;
    SolveOptions options;
    options.limits.max_states = 50'000'000;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--variant" && i + 1 < argc) {
            variant = argv[++i];
        } else if (a == "--max-states" && i + 1 < argc) {
            options.limits.max_states = std::stoull(argv[++i]);
        } else if (a == "--seeds" && i + 1 < argc) {
            const std::string r = argv[++i];
            const auto dash = r.find('-');
            first = std::stol(r.substr(0, dash));
            last = dash == std::string::npos ? first : std::stol(r.substr(dash + 1));
        } else {
            std::puts("usage: pyramid_challenge_outcomes [--variant NAME] --seeds A-B [--max-states N]");
            return a == "--help" ? 0 : 2;
        }
    }
    const auto v = find_preset(variant);
    if (!v || last < first) {
        std::fprintf(stderr, "need a preset --variant and --seeds A-B\n");
        return 2;
    }
    std::printf("# seed\tscore_clear\tscore_open\tA_clear\tA_open\tK_clear\tK_open\tstates\n");
    for (long seed = first; seed <= last; ++seed) {
        const Deal deal = api::deal_from_seed(*v, std::to_string(seed)).deal;
        const Board board(deal);
        std::printf("%ld", seed);
        uint64_t states = 0;
        for (int rank : {0, 1, 13}) {
            Challenge c;
            c.kind = rank ? ChallengeKind::Cards : ChallengeKind::Score;
            c.rank = rank;
            c.every_end = true;
            const ChallengeResult r = solve_challenge(board, c, options);
            states += r.states;
            const std::optional<DealOutcome> o = deal_outcome(c, r);
            auto text = [&](const std::optional<int>& x) {
                return !o ? std::string("?") : x ? std::to_string(*x) : "-";
            };
            std::printf("\t%s\t%s", text(o ? o->clear : std::nullopt).c_str(),
                        text(o ? o->open : std::nullopt).c_str());
        }
        std::printf("\t%llu\n", static_cast<unsigned long long>(states));
        std::fflush(stdout);
    }
    return 0;
}
