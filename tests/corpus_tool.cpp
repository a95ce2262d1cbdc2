// Builds the known-deal corpus (data/known/*.txt): for a preset and a seed
// range, solves each PySolFC deal with the solver AND with the brute-force
// reference (tests/support.h: unpruned but for its one obviously sound cut,
// which is itself tested against the unpruned reference), and keeps the deals
// where the reference finishes within its budget and both agree. A disagreement is
// printed and makes the tool fail. Usage:
//   pyramid_corpus PRESET FIRST_SEED COUNT_WANTED [REFERENCE_BUDGET]
#include <iostream>
#include <string>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "solver/solver.h"
#include "tests/support.h"

using namespace pyr;

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: pyramid_corpus PRESET FIRST_SEED COUNT_WANTED [REFERENCE_BUDGET]\n";
        return 2;
    }
    const auto v = find_preset(argv[1]);
    if (!v) {
        std::cerr << "unknown preset\n";
        return 2;
    }
    long seed = std::stol(argv[2]);
    const int wanted = std::stoi(argv[3]);
    const size_t budget = argc > 4 ? std::stoul(argv[4]) : 3'000'000;
    Solver solver;
    int kept = 0, wins = 0;
    std::cout << "# " << v->name << ": PySolFC deals (game " << v->pysol_game << "), verdicts from the solver,\n"
              << "# each cross-checked by the brute-force reference (tests/corpus_tool.cpp).\n"
              << "# Format: " << deck_size(v->deck) << " cards in dealing order, then the verdict; "
              << "'# seed N' names the deal.\n";
    for (; kept < wanted; ++seed) {
        const std::string number = std::to_string(seed);
        const Deal d = deal_from_seed(*v, number);
        SolveOptions solver_budget;
        solver_budget.limits.max_states = 5'000'000;  // a deal the solver cannot settle quickly is skipped
        const SolveResult r = solver.solve(Board(d), solver_budget);
        if (r.verdict == Verdict::Intractable) continue;
        // Keep the corpus balanced: no more than 3/4 of one outcome.
        const bool win = r.verdict == Verdict::Win;
        if (win && wins >= wanted * 3 / 4) continue;
        if (!win && kept - wins >= wanted * 3 / 4) continue;
        const test::Reference ref = test::reference_winnable(d, budget, /*cut_obviously_lost=*/true);
        if (!ref.winnable) continue;
        if (*ref.winnable != win) {
            std::cerr << "DISAGREEMENT on " << v->name << " seed " << number << ": solver " << verdict_text(r.verdict)
                      << ", reference " << (*ref.winnable ? "win" : "lose") << "\n";
            return 1;
        }
        std::string line;
        for (Card c : d.cards) line += card_text(c, d.deck()) + " ";
        std::cout << line << (win ? "win" : "lose") << " # seed " << number << "\n" << std::flush;
        ++kept;
        wins += win;
    }
    return 0;
}
