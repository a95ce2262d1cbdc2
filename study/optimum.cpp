#include "study/optimum.h"

#include <stdexcept>

#include "engine/input.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/reveal_bound.h"

namespace pyr {

std::optional<OptimumPlayer> parse_optimum_player(const std::string& spec) {
    const auto colon = spec.find(':');
    if (spec.substr(0, colon) != "optimal") return std::nullopt;
    OptimumPlayer p;
    if (colon == std::string::npos) return p;
    std::vector<std::string> parts;
    for (size_t at = colon + 1;;) {
        const size_t next = spec.find(':', at);
        parts.push_back(spec.substr(at, next == std::string::npos ? std::string::npos : next - at));
        if (next == std::string::npos) break;
        at = next + 1;
    }
    auto number = [&](const std::string& num, uint64_t most, const std::string& what) {
        const auto v = whole_number(num, 0, most);
        if (!v)
            throw std::invalid_argument("the " + what + " of '" + spec + "' must be a whole number from 0 to " +
                                        (most == 1'000'000'000'000ull ? std::string("10^12") : std::to_string(most)));
        return *v;
    };
    if (parts.size() > 3) throw std::invalid_argument("'" + spec + "': optimal[:N[:K[:D]]] takes at most 3 numbers");
    p.states = number(parts[0], 1'000'000'000'000ull, "N (information states per deal)");
    if (parts.size() > 1) p.switch_unseen = static_cast<int>(number(parts[1], 32, "K (the hybrid's switch)"));
    if (parts.size() > 2) p.depth = static_cast<int>(number(parts[2], 4, "D (the reveal relaxation's depth)"));
    return p;
}

std::string OptimumPlayer::lower_method() const {
    if (switch_unseen == 0) return kOptimumLowerSampled;
    return lower_player() + " game on this order (planner:64 until " + std::to_string(switch_unseen) +
           " cards are not seen, then the exact optimum's moves; sampled)";
}

std::string OptimumPlayer::upper_method() const {
    if (depth < 0) return kOptimumUpperSampled;
    return "reveal relaxation d=" + std::to_string(depth) + " (no peeking for " + std::to_string(depth) +
           " turn-ups, then the stock seen; leaf shares over " + std::to_string(kStudyRevealSamples) +
           " sampled orders, exact where a leaf has at most 7! orders; sampled)";
}

DealOptimum deal_optimum(Solver& solver, const Deal& deal, Verdict verdict, const nopeek::GameResult* game,
                         const OptimumPlayer& player, const Limits& limits, uint64_t rng_seed) {
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
    d.lower_method = player.lower_method();
    if (player.depth < 0) {
        d.upper = verdict == Verdict::Lose ? 0 : 1;
        d.upper_method = kOptimumUpperSampled;
        return d;
    }
    // The reveal relaxation (solver/reveal_bound.h): at least the optimum in
    // expectation; never below the lower player's game where that is won.
    nopeek::RevealOptions ro;
    ro.depth = player.depth;
    ro.samples = kStudyRevealSamples;
    ro.rng_seed = rng_seed;
    ro.limits = limits;
    const nopeek::Reveal rv = nopeek::reveal_bound(solver, deal, {}, ro);
    if (rv.interrupted) {
        d.interrupted = true;
        return d;
    }
    d.upper = rv.value;
    d.upper_method = rv.proven ? rv.method : player.upper_method();
    d.reveal_solves = rv.solves;
    d.reveal_seconds = rv.seconds;
    return d;
}

}  // namespace pyr
