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
//                  names each study; builtin_threshold_rows below).
#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "engine/table.h"
#include "solver/solver.h"

namespace pyr {

constexpr int kDefaultCasualPlays = 100;
constexpr uint64_t kCasualSeed = 24;  // the casual plays' fixed seed (issue 24)

struct CriticalPosition {
    int index = 0;  // moves of the shortest solution played before it (0 = the start)
    int legal = 0;  // legal moves there (exactly one of them keeps the deal winnable)
};

struct DealMeasures {
    int from_move = 0;           // moves played before the measured position (0: the deal's start)
    bool complete = true;        // every search ended within the budget (else the measures below may be missing)
    int shortest = -1;           // proved shortest solution length; -1 when not proved
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
    uint64_t states = 0;  // positions expanded by every search together
    uint64_t solves = 0;  // searches run
};

struct MeasureOptions {
    Limits limits;  // per search (engine/limits.h)
    int casual_plays = kDefaultCasualPlays;
};

// The measures of a deal the caller knows to be won (from its start).
DealMeasures measure_won_deal(Solver& solver, const Board& b, const MeasureOptions& options);
// The measures of the position `played` reaches from the deal's start, which
// the caller knows to be winnable: the shortest solution from there (replayed
// from the deal's start in the verifier), the winning moves out of the legal
// moves there, the critical positions along that solution (`index` counted
// from the position), the casual player's plays from there (the same seeds;
// positions met before the position do not end a play), the difficulty.
DealMeasures measure_position(Solver& solver, const Board& b, const std::vector<Move>& played,
                              const MeasureOptions& options);

// One play of the casual player (nopeek::play_game with make_player("casual"),
// move for move, without the masked deal it ignores): whether it wins.
bool casual_play(const Deal& deal, uint64_t seed);
// The same play from a position (the deal's start: casual_play(deal, seed)).
bool casual_play(const Table& start, uint64_t seed);
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
// A rule set's thresholds, from a study of its deals (bench/measures.md):
// the rule set as play_rules_name (engine/rules.h) names it, every rule of the
// schema that changes play ("msc:passes=3,goal=pyramid,overlap=off"), so that
// a rule set differing in any of them, a rule added later included, has no
// row (and no grade) rather than another rule set's.
struct ThresholdRow {
    const char* rules;
    int won;  // won deals of the study the quartiles are taken over
    GradeThresholds t;
};
const std::vector<ThresholdRow>& builtin_threshold_rows();
// The thresholds measured for this rule set (bench/measures.md), if any.
std::optional<GradeThresholds> builtin_thresholds(const Variant& v);

}  // namespace pyr
