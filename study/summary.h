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

struct MovesStats {
    uint64_t count = 0;  // won deals of known length
    double mean = 0, median = 0;
    int min = 0, max = 0;
    std::map<int, uint64_t> histogram;  // solution length -> won deals
};

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
    };
    const StudySpec& spec_;
    std::vector<Acc> acc_;
    uint64_t records_ = 0;
};

}  // namespace pyr
