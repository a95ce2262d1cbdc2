#include "study/summary.h"

#include <algorithm>

namespace pyr {

SummaryBuilder::SummaryBuilder(const StudySpec& spec) : spec_(spec), acc_(spec.combos.size()) {}

void SummaryBuilder::add(const StudyRecord& r) {
    Acc& a = acc_.at(r.combo);
    ++records_;
    ++a.deals;
    if (r.verdict == Verdict::Win) {
        ++a.wins;
        if (r.moves >= 0) ++a.lengths[r.moves];  // a win of unknown length has none
    } else if (r.verdict == Verdict::Lose) {
        ++a.losses;
    } else {
        ++a.intractable;
    }
    a.states_total += r.states;
    a.states_max = std::max(a.states_max, r.states);
    a.seconds += r.seconds;
    if (!spec_.player.empty()) {
        a.player_wins += r.player_won;
        a.player_games += r.player_played;
        a.player_solves += r.player_solves;
        a.player_seconds += r.player_seconds;
        a.paired.add(r.verdict, r.player_won ? Verdict::Win : Verdict::Lose);
    }
}

std::vector<StudySummary> SummaryBuilder::summaries() const {
    std::vector<StudySummary> out(spec_.combos.size());
    const uint64_t planned = spec_.shard_tasks() / std::max<size_t>(1, spec_.combos.size());
    for (size_t c = 0; c < out.size(); ++c) {
        StudySummary& s = out[c];
        const Acc& a = acc_[c];
        s.rules = spec_.combos[c];
        s.variant = s.rules.name;
        s.passes = s.rules.passes;
        s.planned = planned;
        s.deals = a.deals;
        s.wins = a.wins;
        s.losses = a.losses;
        s.intractable = a.intractable;
        s.states_total = a.states_total;
        s.states_max = a.states_max;
        s.seconds = a.seconds;
        const uint64_t decided = s.wins + s.losses;
        if (decided > 0) s.win_rate = static_cast<double>(s.wins) / static_cast<double>(decided);
        s.ci95 = wilson_interval(s.wins, decided);
        if (s.deals > 0) s.states_mean = static_cast<double>(s.states_total) / static_cast<double>(s.deals);
        if (s.seconds > 0) s.deals_per_second = static_cast<double>(s.deals) / s.seconds;
        if (!spec_.player.empty()) {
            s.player = spec_.player;
            s.player_wins = a.player_wins;
            s.player_games = a.player_games;
            s.player_solves = a.player_solves;
            s.player_seconds = a.player_seconds;
            if (a.deals > 0) s.player_rate = double(a.player_wins) / double(a.deals);
            s.player_ci95 = wilson_interval(a.player_wins, a.deals);
            s.paired = paired_comparison(a.paired);
        }
        MovesStats& ms = s.moves;
        ms.histogram = a.lengths;
        uint64_t count = 0, sum = 0;
        for (const auto& [m, n] : a.lengths) count += n, sum += static_cast<uint64_t>(m) * n;
        ms.count = count;
        if (count > 0) {
            ms.mean = static_cast<double>(sum) / static_cast<double>(count);
            ms.min = a.lengths.begin()->first;
            ms.max = a.lengths.rbegin()->first;
            // The median: the middle length, or the mean of the two middle ones.
            auto nth = [&](uint64_t k) {  // the k-th smallest length, 0-based
                uint64_t seen = 0;
                for (const auto& [m, n] : a.lengths) {
                    seen += n;
                    if (k < seen) return m;
                }
                return a.lengths.rbegin()->first;
            };
            ms.median = count % 2 ? nth(count / 2) : (nth(count / 2 - 1) + nth(count / 2)) / 2.0;
        }
    }
    return out;
}

}  // namespace pyr
