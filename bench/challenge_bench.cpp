// The challenge searches on a deck file (bench/challenge.md): for each deal
// the best score and the most Aces (both lines), one thread, with the CPU
// time of each (the process's: the machine is shared, so wall time says
// little). The same decks and questions as bench/challenge-java/ChallengeBench.java.
//
//   pyramid_challenge_bench [FILE] [--variant NAME] [--max-states N]
//
// FILE: one deal a line, the deck in dealing order first (52 cards for msc:
// pyramid rows from the top, then the stock from its top; data/msc-100.txt's
// format), anything after the cards ignored; '#' lines skipped.
#include <chrono>
#include <ctime>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "engine/deal.h"
#include "solver/challenge.h"

using namespace pyr;

int main(int argc, char** argv) {
    std::string file = "data/msc-100.txt", variant = "msc";
    SolveOptions options;
    options.limits.max_states = 0;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--variant" && i + 1 < argc) variant = argv[++i];
        else if (a == "--max-states" && i + 1 < argc) options.limits.max_states = std::stoull(argv[++i]);
        else if (a == "--help") {
            std::puts("usage: pyramid_challenge_bench [FILE] [--variant NAME] [--max-states N]");
            return 0;
        } else file = a;
    }
    const auto v = find_preset(variant);
    if (!v) {
        std::fprintf(stderr, "unknown variant %s\n", variant.c_str());
        return 2;
    }
    std::ifstream in(file);
    if (!in) {
        std::fprintf(stderr, "cannot read %s\n", file.c_str());
        return 2;
    }
    std::printf(
        "deal  score steps clear   cpu_score  | aces: clear(cards steps) open(cards steps)  cpu_aces  states\n");
    double total_score = 0, total_aces = 0, worst_score = 0, worst_aces = 0;
    int deals = 0;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        std::istringstream ss(line);
        std::string cards, w;
        for (int i = 0; i < deck_size(v->deck) && ss >> w; ++i) cards += w;
        const Deal deal = parse_deal(*v, cards);
        const Board board(deal);
        ++deals;
        auto cpu = [] { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; };
        Challenge score;
        const double c0 = cpu();
        const ChallengeResult s = solve_challenge(board, score, options);
        const double c1 = cpu();
        Challenge aces;
        aces.kind = ChallengeKind::Cards;
        aces.rank = 1;
        const ChallengeResult a = solve_challenge(board, aces, options);
        const double c2 = cpu();
        const double s_cpu = c1 - c0, a_cpu = c2 - c1;
        total_score += s_cpu;
        total_aces += a_cpu;
        worst_score = std::max(worst_score, s_cpu);
        worst_aces = std::max(worst_aces, a_cpu);
        std::printf("%4d", deals);
        if (s.complete)
            std::printf("  %5d %5zu %5s %10.4f", s.lines[0].score, s.lines[0].moves.size(),
                        s.lines[0].cleared ? "yes" : "no", s_cpu);
        else std::printf("  intractable       %10.4f", s_cpu);
        std::printf("  |");
        std::string lines;
        for (const auto& l : a.lines)
            lines += std::string(" ") + (l.cleared ? "clear" : "open") + "(" + std::to_string(*l.cards) + " " +
                     std::to_string(l.moves.size()) + ")";
        if (!a.complete) lines = " intractable";
        std::printf("%-36s %8.4f %9llu\n", lines.c_str(), a_cpu, static_cast<unsigned long long>(s.states + a.states));
        std::fflush(stdout);
    }
    std::printf("total %d deals, CPU s: score %.2f (mean %.4f, worst %.4f), aces %.2f (mean %.4f, worst %.4f)\n", deals,
                total_score, total_score / deals, worst_score, total_aces, total_aces / deals, worst_aces);
    return 0;
}
