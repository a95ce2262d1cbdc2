#include "study/optimum.h"

#include <stdexcept>

#include "engine/table.h"
#include "solver/nopeek.h"

namespace pyr {

std::optional<OptimumPlayer> parse_optimum_player(const std::string& spec) {
    const auto colon = spec.find(':');
    if (spec.substr(0, colon) != "optimal") return std::nullopt;
    OptimumPlayer p;
    if (colon != std::string::npos) {
        const std::string num = spec.substr(colon + 1);
        if (num.empty() || num.size() > 13 || num.find_first_not_of("0123456789") != std::string::npos ||
            std::stoull(num) > 1'000'000'000'000ull)
            throw std::invalid_argument("the N of '" + spec +
                                        "' (information states per deal) must be a whole number from 0 to 10^12");
        p.states = std::stoull(num);
    }
    return p;
}

DealOptimum deal_optimum(Solver& solver, const Deal& deal, Verdict verdict, const nopeek::GameResult* game,
                         const OptimumPlayer& player, const Limits& limits) {
    if (const auto why = nopeek::optimal_unsupported(deal.variant)) throw std::invalid_argument(*why);
    DealOptimum d;
    if (player.states > 0) {
        // The value at the start only (not each move's).
        const auto oo = nopeek::OptimalOptions::within(player.states, limits, false);
        const nopeek::Optimal o = nopeek::optimal(solver, deal, {}, oo);
        if (o.interrupted) {
            d.interrupted = true;
            return d;
        }
        d.search_lower = nopeek::fraction_value(o.lower, o.orders);
        d.search_upper = nopeek::fraction_value(o.upper, o.orders);
        d.unseen = o.unseen;
        d.states = o.states;
        d.seconds = o.seconds;
        if (o.exact) {
            d.exact = true;
            d.fraction = nopeek::fraction_text(o.lower, o.orders);
            d.lower = d.upper = d.search_lower;
            d.lower_method = d.upper_method = kOptimumExact;
            return d;
        }
    } else {
        d.unseen = nopeek::unseen(deal, Table(deal)).slots.size();
    }
    // Not exact: the sampled pair. A deal the solver proved lost is lost for
    // every player (its game is not played) and for the clairvoyant.
    d.lower = game && game->won ? 1 : 0;
    d.upper = verdict == Verdict::Lose ? 0 : 1;
    d.lower_method = kOptimumLowerSampled;
    d.upper_method = kOptimumUpperSampled;
    return d;
}

}  // namespace pyr
