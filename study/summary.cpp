#include "study/summary.h"
#include "study/optimum.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace pyr {

Distribution distribution_of(const std::map<int, uint64_t>& h) {
    Distribution d;
    d.histogram = h;
    uint64_t count = 0;
    double sum = 0;
    for (const auto& [x, n] : h) count += n, sum += static_cast<double>(x) * static_cast<double>(n);
    d.count = count;
    if (count == 0) return d;
    d.mean = sum / static_cast<double>(count);
    d.min = h.begin()->first;
    d.max = h.rbegin()->first;
    auto nth = [&](uint64_t k) {  // the k-th smallest value, 0-based
        uint64_t seen = 0;
        for (const auto& [x, n] : h) {
            seen += n;
            if (k < seen) return x;
        }
        return h.rbegin()->first;
    };
    d.median = count % 2 ? nth(count / 2) : (nth(count / 2 - 1) + nth(count / 2)) / 2.0;
    return d;
}

namespace {
// What a challenge's end makes: the score, the cards of the rank, or the steps of a board's clear.
int end_value(ChallengeKind k, const ChallengeEnd& e) {
    return k == ChallengeKind::Score ? e.score : k == ChallengeKind::Cards ? e.cards : e.steps;
}
}  // namespace

namespace {
constexpr double kOptimumUnit = 1099511627776.0;  // 2^40
// A bound in [0, 1] in fixed point: sums in any order are the same.
uint64_t optimum_units(double x) { return static_cast<uint64_t>(std::llround(std::clamp(x, 0.0, 1.0) * kOptimumUnit)); }
double optimum_mean(unsigned __int128 units, uint64_t n) {
    return static_cast<double>(units) / kOptimumUnit / static_cast<double>(n);
}
}  // namespace

std::optional<Interval> wilson_interval_of_mean(double p, uint64_t n, double z) {
    if (n == 0) return std::nullopt;
    const double nn = static_cast<double>(n);
    const double z2 = z * z;
    const double denom = 1 + z2 / nn;
    const double center = (p + z2 / (2 * nn)) / denom;
    const double half = z * std::sqrt(std::max(0.0, p * (1 - p)) / nn + z2 / (4 * nn * nn)) / denom;
    return Interval{p <= 0 ? 0.0 : std::max(0.0, center - half), p >= 1 ? 1.0 : std::min(1.0, center + half)};
}

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
    if (r.opt.has) {
        ++a.opt_deals;
        a.opt_exact += r.opt.exact;
        a.opt_states += r.opt.states;
        a.opt_seconds += r.opt.seconds;
        a.opt_lower += optimum_units(r.opt.lower);
        a.opt_upper += optimum_units(r.opt.upper);
    }
    if (!spec_.challenge.empty()) {
        a.ch_states += r.ch.states;
        if (!r.ch.complete) {
            ++a.ch_incomplete;
            return;
        }
        const Variant& v = spec_.combos.at(r.combo);
        const Challenge c = study_challenge(spec_.challenge, v);
        ++a.ch_deals;
        std::optional<int> best;
        if (r.ch.clear.exists()) {
            ++a.ch_with_clear;
            const int x = end_value(c.kind, r.ch.clear);
            ++a.ch_clear[x];
            best = x;
        }
        if (r.ch.open.exists() && c.kind != ChallengeKind::Board) {
            const int x = end_value(c.kind, r.ch.open);
            ++a.ch_open[x];
            best = std::max(best.value_or(x), x);
        }
        if (best && c.kind != ChallengeKind::Board) ++a.ch_best[*best];
        if (c.kind == ChallengeKind::Cards) {
            const int all = static_cast<int>(std::char_traits<char>::length(deck_suits(v.deck)));
            const bool with = r.ch.clear.exists() && r.ch.clear.cards >= all;
            const bool without = r.ch.open.exists() && r.ch.open.cards >= all;
            a.ch_all_clear += with;
            a.ch_all_open += without;
            a.ch_all_either += with || without;
        }
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
        if (const auto op = parse_optimum_player(spec_.player)) {
            OptimumSummary o;
            o.lower_method = op->lower_method();
            o.upper_method = op->upper_method();
            o.deals = a.opt_deals;
            o.exact = a.opt_exact;
            o.lower_sampled = a.opt_deals - a.opt_exact;
            o.states = a.opt_states;
            o.seconds = a.opt_seconds;
            if (o.deals > 0) {
                o.lower = optimum_mean(a.opt_lower, o.deals);
                o.upper = optimum_mean(a.opt_upper, o.deals);
                o.lower_ci95 = wilson_interval_of_mean(*o.lower, o.deals);
                o.upper_ci95 = wilson_interval_of_mean(*o.upper, o.deals);
            }
            s.optimum = o;
        }
        if (!spec_.challenge.empty()) {
            ChallengeSummary ch;
            ch.challenge = spec_.challenge;
            if (study_challenge(spec_.challenge, s.rules).kind == ChallengeKind::Cards)
                ch.all_cards = static_cast<int>(std::char_traits<char>::length(deck_suits(s.rules.deck)));
            ch.deals = a.ch_deals;
            ch.incomplete = a.ch_incomplete;
            ch.with_clear = a.ch_with_clear;
            ch.states = a.ch_states;
            ch.best = distribution_of(a.ch_best);
            ch.clear = distribution_of(a.ch_clear);
            ch.open = distribution_of(a.ch_open);
            ch.all_with_clear = a.ch_all_clear;
            ch.all_without_clear = a.ch_all_open;
            ch.all_either = a.ch_all_either;
            s.challenge = ch;
        }
        s.moves = distribution_of(a.lengths);
    }
    return out;
}

}  // namespace pyr
