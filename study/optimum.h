// `stats --player optimal[:N]` (issue 39): each deal's no-peek optimum at
// its start, and what a study records of it (docs/nopeek.md, "The no-peek
// optimum win rate").
//
// The value of a deal's start is the chance of the best player who does not
// peek (solver/optimal_nopeek.h). A random deal's start is what the player
// faces, so the mean of these values over random deals is the no-peek
// optimum win rate. Per deal:
//   - the expectimax at the start, within N information states (and the
//     study's --max-states per solve of a known order, its memory and stop
//     flag): when it completes, the value is exact, and the deal's lower and
//     upper bounds are both that value;
//   - otherwise (at a whole deal's start with 20 or more cards not seen this
//     is the rule) a pair of *sampled* bounds: lower = the best no-peek
//     player's result (planner:32, 0 or 1) on this deal's actual order, whose
//     expectation over the orders is that policy's value, at most the optimum;
//     upper = the clairvoyant verdict (0 or 1; intractable counts 1), whose
//     expectation is the clairvoyant share, at least the optimum.
// Which of the two a deal gets depends only on what the player sees (the
// search never reads the hidden order), so the mean of the lower values over
// random deals estimates a number at most the optimum rate, and the mean of
// the upper values one at least it: a bracket, each end with its 95%
// interval over the deals (study/summary.h). The search's own proven bounds
// are recorded beside them.
#pragma once
#include <cstdint>
#include <optional>
#include <string>

#include "engine/deal.h"
#include "solver/optimal_nopeek.h"
#include "solver/players.h"

namespace pyr {

// The information states the study's search may expand per deal by default
// (`optimal` = `optimal:10000`: about a second a deal at msc's start).
constexpr uint64_t kDefaultStudyOptimalStates = 10'000;

// The player that gives a deal's sampled lower bound: the best no-peek player.
inline constexpr const char* kOptimumLowerPlayer = "planner:32";

// The reveal relaxation's sampled orders per leaf in a study (solver/reveal_bound.h).
constexpr uint64_t kStudyRevealSamples = 16;

struct OptimumPlayer {
    uint64_t states = kDefaultStudyOptimalStates;  // 0: no search (the sampled bounds only)
    // K: the lower bound's player is hybrid:K (planner:64 until K cards are
    // not seen, then the exact optimum); 0: planner:32 (the first form).
    int switch_unseen = 0;
    // D: the upper bound is the reveal relaxation of depth D (0: the
    // clairvoyant share, each over kStudyRevealSamples sampled orders);
    // -1: the clairvoyant verdict on this order (the first form).
    int depth = -1;
    std::string name() const {
        std::string n = "optimal:" + std::to_string(states);
        if (switch_unseen > 0 || depth >= 0) n += ":" + std::to_string(switch_unseen);
        if (depth >= 0) n += ":" + std::to_string(depth);
        return n;
    }
    // The player whose game gives the lower bound (its games are the study's player group).
    std::string lower_player() const {
        return switch_unseen > 0 ? "hybrid:" + std::to_string(switch_unseen) : std::string(kOptimumLowerPlayer);
    }
    // How the deals not made exact are bounded, in words (records and summaries).
    std::string lower_method() const;
    std::string upper_method() const;
};
// "optimal", "optimal:N", "optimal:N:K" or "optimal:N:K:D" (N from 0 to
// 10^12, K from 0 to 32, D from 0 to 4) as an OptimumPlayer; nullopt for any
// other name; std::invalid_argument for a bad number.
std::optional<OptimumPlayer> parse_optimum_player(const std::string& spec);

// The bound labels a record and a summary carry.
inline constexpr const char* kOptimumExact = "exact";
inline constexpr const char* kOptimumLowerSampled = "planner:32 game on this order (sampled)";
inline constexpr const char* kOptimumUpperSampled = "clairvoyant verdict on this order (sampled)";

// A deal's optimum as a study records it.
struct DealOptimum {
    bool exact = false;
    std::string fraction;  // "p/q" when exact
    double lower = 0, upper = 0;
    std::string lower_method, upper_method;
    double search_lower = 0, search_upper = 1;  // the search's proven bounds
    uint64_t unseen = 0, states = 0;
    double seconds = 0;
    uint64_t reveal_solves = 0;  // the reveal relaxation's solves (D >= 0)
    double reveal_seconds = 0;
    bool interrupted = false;
};

// The deal's value at its start (above). `verdict`: the thoughtful verdict of
// the deal; `game`: the lower player's game (nullptr when not played: the
// verdict is lose). The search's limits: `limits` (the study's: max_memory,
// stop; max_states for each solve of a known order) with `player.states`.
// std::invalid_argument where the optimum is not searched (the rules).
// `rng_seed`: the reveal relaxation's sampled orders (the study gives the
// deal's game seed: it depends on what the player sees, never on the order).
DealOptimum deal_optimum(Solver& solver, const Deal& deal, Verdict verdict, const nopeek::GameResult* game,
                         const OptimumPlayer& player, const Limits& limits, uint64_t rng_seed = 1);

}  // namespace pyr
