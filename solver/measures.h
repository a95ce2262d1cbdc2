// Measures of a won deal (docs/measures.md defines each), computed on request
// (`solve --measures`, `stats --measures`, `generate`) with one solver reused
// for every search of the deal:
//   shortest       the length of a shortest solution (every draw, redeal and
//                  removal counts one move), proved by the optimal search;
//   first moves    how many of the legal first moves keep the deal winnable
//                  (each successor solved exactly), out of how many;
//   critical       along that shortest solution, the positions where exactly
//                  one legal move keeps the deal winnable, with how many
//                  legal moves each had (the solution's own move is known to
//                  win; the others are solved until a second winner is found);
//   casual         a casual player's wins over K plays (default 100): the
//                  player of solver/players.h that removes a King or a pair
//                  chosen at random when one is available, else draws (else
//                  redeals); play i's rng seed is game_seed(kCasualSeed + i,
//                  deal), so the count is the same on every run;
//   difficulty     100 (1 - casual wins / K) + crossroads: the casual
//                  player's failure rate in points, ties broken by the
//                  crossroads of the shortest solution (its critical
//                  positions with two or more legal moves: real decisions);
//   grade          easy, medium, hard or expert: the difficulty against the
//                  rule set's quartiles over a large study (bench/measures.md
//                  names the study; kBuiltinThresholds below).
#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "solver/solver.h"

namespace pyr {

constexpr int kDefaultCasualPlays = 100;
constexpr uint64_t kCasualSeed = 24;  // the casual plays' fixed seed (issue 24)

struct CriticalPosition {
    int index = 0;  // moves of the shortest solution played before it (0 = the start)
    int legal = 0;  // legal moves there (exactly one of them keeps the deal winnable)
};

struct DealMeasures {
    bool complete = true;  // every search ended within the budget (else the measures below may be missing)
    int shortest = -1;     // proved shortest solution length; -1 when not proved
    std::vector<Move> solution;  // that shortest solution
    int winning_first = -1, legal_first = 0;
    std::vector<CriticalPosition> critical;
    int casual_wins = 0, casual_plays = 0;
    double difficulty = -1;  // -1 when not complete
    // Critical positions with two or more legal moves: the real decisions.
    int crossroads() const {
        int n = 0;
        for (const auto& c : critical) n += c.legal >= 2;
        return n;
    }
    uint64_t states = 0;     // positions expanded by every search together
    uint64_t solves = 0;     // searches run
};

struct MeasureOptions {
    uint64_t max_states = 0;  // per search; 0 = no limit
    uint64_t max_memory_bytes = 0;
    int casual_plays = kDefaultCasualPlays;
    const std::atomic<bool>* stop = nullptr;
};

// The measures of a deal the caller knows to be won (from its start).
DealMeasures measure_won_deal(Solver& solver, const Board& b, const MeasureOptions& options);

// One play of the casual player (nopeek::play_game with make_player("casual"),
// move for move, without the masked deal it ignores): whether it wins.
bool casual_play(const Deal& deal, uint64_t seed);
// Play i's seed: nopeek::game_seed(kCasualSeed + i, deal).
uint64_t casual_seed(const Deal& deal, int play);

enum class Grade { Easy, Medium, Hard, Expert };
const char* grade_text(Grade g);
std::optional<Grade> parse_grade(const std::string& s);

// The difficulty at the 25th, 50th and 75th percentiles of a study's won
// deals: easy <= q1 < medium <= q2 < hard <= q3 < expert.
struct GradeThresholds {
    double q1 = 0, q2 = 0, q3 = 0;
};
Grade grade_of(double difficulty, const GradeThresholds& t);
// The thresholds measured for this rule set (bench/measures.md), if any.
std::optional<GradeThresholds> builtin_thresholds(const Variant& v);

}  // namespace pyr
