// The summary of a study: per rule set, the counts, the win rate with its
// Wilson interval, states and solution lengths. Built from records as they
// stream past (counters and a histogram of lengths per rule set: memory does
// not grow with the number of deals), in any order, with the same result.
#pragma once
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "study/compare.h"
#include "study/records.h"
#include "study/study.h"

namespace pyr {

// A distribution of values over deals: value -> deals.
struct Distribution {
    std::map<int, uint64_t> histogram;
    uint64_t count = 0;
    double mean = 0, median = 0;
    int min = 0, max = 0;
};
// Mean, median, min and max of a histogram (value -> deals).
Distribution distribution_of(const std::map<int, uint64_t>& histogram);

// The won deals' solution lengths (count: won deals of known length).
using MovesStats = Distribution;

// With a challenge (StudySpec::challenge): each deal's best line, over the
// deals whose challenge search completed. `best` is the most the deal makes
// at any end; `clear` the most with the tableau cleared (over the deals that
// have such a line), `open` the most at an end without a clear. The value is
// the score (score challenges), the cards of the rank (cards challenges), or
// the steps of the shortest clear (board challenges: `clear` only).
struct ChallengeSummary {
    std::string challenge;  // its words: "score", "cards:A", "board"
    int all_cards = 0;      // cards challenges: the cards of the rank in the deck (4)
    uint64_t deals = 0, incomplete = 0;
    uint64_t with_clear = 0;  // deals with a clearing line
    Distribution best, clear, open;
    // Cards challenges: deals where every card of the rank can be removed:
    // with a clear, without one, at either.
    uint64_t all_with_clear = 0, all_without_clear = 0, all_either = 0;
    uint64_t states = 0;
};

// With --player optimal[:N] (study/optimum.h): the no-peek optimum win rate
// as a bracket over the deals: the mean of the deals' lower bounds and of
// their upper bounds, each with its 95% interval over the deals (the Wilson
// score interval of the mean: values in [0, 1] have a variance at most
// p(1-p), so it is at least as wide as the normal one). The means are summed
// in fixed point (2^-40) so that any order of the records, a resumed run or
// a merge gives the same numbers.
struct OptimumSummary {
    uint64_t deals = 0, exact = 0;  // deals, of which the search made exact
    uint64_t lower_sampled = 0;     // deals whose bounds are the sampled pair
    std::optional<double> lower, upper;
    std::optional<Interval> lower_ci95, upper_ci95;
    uint64_t states = 0;  // information states the searches expanded
    double seconds = 0;   // their time summed over the deals
    // How the deals not made exact are bounded (OptimumPlayer's methods).
    std::string lower_method, upper_method;
};

// Wilson's score interval around a mean p of n values in [0, 1] (for 0/1
// values, wilson_interval's); nullopt when n == 0.
std::optional<Interval> wilson_interval_of_mean(double p, uint64_t n, double z = kZ95);

struct StudySummary {
    Variant rules;         // the rule set
    std::string variant;   // rules.name
    int passes = 0;        // rules.passes
    uint64_t planned = 0;  // deals of this rule set in the study (in this shard)
    uint64_t deals = 0, wins = 0, losses = 0, intractable = 0;
    std::optional<double> win_rate;  // wins / (wins + losses); none when nothing was decided
    std::optional<Interval> ci95;
    uint64_t states_total = 0, states_max = 0;
    double states_mean = 0;
    double seconds = 0;           // solver time summed over the deals (per-worker time, not wall time)
    double deals_per_second = 0;  // deals / seconds: one worker's throughput
    MovesStats moves;
    // With a player (StudySpec::player): its wins over the deals (a deal
    // whose thoughtful verdict is lose is a loss, unplayed), its rate with the
    // Wilson interval, and the paired comparison thoughtful (first) against
    // the player (second): `first_only` counts the deals lost for not seeing
    // the stock.
    std::string player;
    uint64_t player_wins = 0, player_games = 0, player_solves = 0;
    double player_seconds = 0;  // the player's time summed over the deals
    std::optional<double> player_rate;
    std::optional<Interval> player_ci95;
    PairedComparison paired;
    std::optional<ChallengeSummary> challenge;  // a --challenge study's
    std::optional<OptimumSummary> optimum;      // a --player optimal study's
};

class SummaryBuilder {
public:
    explicit SummaryBuilder(const StudySpec& spec);
    void add(const StudyRecord& r);
    uint64_t records() const { return records_; }
    // One summary per combo, in combo order.
    std::vector<StudySummary> summaries() const;

private:
    struct Acc {
        uint64_t deals = 0, wins = 0, losses = 0, intractable = 0, states_total = 0, states_max = 0;
        double seconds = 0;
        std::map<int, uint64_t> lengths;
        uint64_t player_wins = 0, player_games = 0, player_solves = 0;
        double player_seconds = 0;
        PairedCounts paired;
        uint64_t ch_deals = 0, ch_incomplete = 0, ch_with_clear = 0, ch_states = 0;
        uint64_t ch_all_clear = 0, ch_all_open = 0, ch_all_either = 0;
        std::map<int, uint64_t> ch_best, ch_clear, ch_open;
        uint64_t opt_deals = 0, opt_exact = 0, opt_states = 0;
        unsigned __int128 opt_lower = 0, opt_upper = 0;  // in units of 2^-40
        double opt_seconds = 0;
    };
    const StudySpec& spec_;
    std::vector<Acc> acc_;
    uint64_t records_ = 0;
};

}  // namespace pyr
