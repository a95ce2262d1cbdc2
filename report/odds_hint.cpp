#include "report/odds_hint.h"
#include "api/results.h"

#include <cstdio>

#include "report/format.h"
#include "solver/interval.h"

namespace pyr {

namespace {

std::string pct(double x) { return percent_text(x); }

// The share of the decided orders won, and its interval: exact when every
// order was solved, else Wilson's 95%; none when no order was decided.
std::optional<double> share_of(const api::Odds& r, uint64_t wins, uint64_t intractable) {
    const uint64_t n = r.samples - intractable;
    if (n == 0) return std::nullopt;
    return double(wins) / double(n);
}
std::optional<Interval> interval(const api::Odds& r, uint64_t wins, uint64_t intractable) {
    const uint64_t n = r.samples - intractable;
    if (n == 0) return std::nullopt;
    if (r.exact && !r.interrupted) return Interval{double(wins) / n, double(wins) / n};
    return wilson_interval(wins, n);
}

}  // namespace

std::string odds_share_text(const api::Odds& r, uint64_t wins, uint64_t intr) {
    std::string t;
    if (auto sh = share_of(r, wins, intr)) t = pct(*sh);
    else t = "-";
    if (!r.exact && !r.nothing_hidden)
        if (auto ci = interval(r, wins, intr)) t += " (" + pct(ci->low) + "-" + pct(ci->high) + ")";
    t += "  " + std::to_string(wins) + "/" + std::to_string(r.samples - intr);
    if (intr) t += ", " + std::to_string(intr) + " intractable";
    return t;
}

json::object odds_fields(const api::Odds& r, uint64_t rng_seed, DeckKind dk) {
    json::object j;
    j["hidden"] = static_cast<uint64_t>(r.unseen);
    j["method"] = r.nothing_hidden ? "nothing hidden" : r.exact ? "exact" : "sampled";
    j["exact"] = r.exact && !r.interrupted;
    if (r.orders == UINT64_MAX) j["orders"] = nullptr;
    else j["orders"] = r.orders;
    j["samples"] = r.samples;
    j["rng_seed"] = rng_seed;
    j["wins"] = r.wins;
    j["intractable"] = r.intractable;
    auto put_share = [&](json::object& x, uint64_t wins, uint64_t intr) {
        if (auto sh = share_of(r, wins, intr)) x["share"] = *sh;
        else x["share"] = nullptr;
        if (auto ci = interval(r, wins, intr)) {
            x["ci95_low"] = ci->low;
            x["ci95_high"] = ci->high;
        } else {
            x["ci95_low"] = nullptr;
            x["ci95_high"] = nullptr;
        }
    };
    put_share(j, r.wins, r.intractable);
    json::array ms;
    json::value best = nullptr;
    for (const auto& mo : r.moves) {
        json::object x;
        x["move"] = move_text(mo.move, dk);
        x["wins"] = mo.wins;
        x["intractable"] = mo.intractable;
        put_share(x, mo.wins, mo.intractable);
        x["best"] = mo.best;
        if (mo.best) best = json::value(move_text(mo.move, dk));
        ms.push_back(json::value(x));
    }
    j["moves"] = ms;
    j["best_move"] = best;
    return j;
}

json::object odds_hint_json(const Variant& v, const api::Odds& r) {
    json::object out;
    out["nothing_hidden"] = r.nothing_hidden;
    out["exact"] = r.exact;
    out["unseen"] = r.unseen;
    out["orders"] = r.orders;
    out["samples"] = r.samples;
    out["wins"] = r.wins;
    out["intractable"] = r.intractable;
    json::array moves;
    for (const auto& m : r.moves)
        moves.push_back(json::object{
            {"move", move_text(m.move, v.deck)}, {"wins", m.wins}, {"intractable", m.intractable}, {"best", m.best}});
    out["moves"] = std::move(moves);
    out["solves"] = r.solves;
    out["states"] = r.states;
    out["seconds"] = r.seconds;
    return out;
}

std::string nopeek_hint_text(const api::Odds& r, const api::MoveOdds* best, DeckKind deck, const TextStyle& style) {
    auto share = [&](uint64_t wins, uint64_t intractable) {
        const auto sh = share_of(r, wins, intractable);
        return sh ? pct(*sh) : std::string("-");
    };
    const std::string how = r.nothing_hidden ? "nothing hidden"
                            : r.exact        ? "all " + std::to_string(r.samples) + " orders"
                                             : std::to_string(r.samples) + " sampled orders";
    const std::string position = share(r.wins, r.intractable);
    if (!best || best->wins == 0) return "no-peek hint (" + how + "): no move keeps a win; winnable in " + position;
    return "no-peek hint (" + how + "): " + move_people(best->move, deck, style) + " keeps a win in " +
           share(best->wins, best->intractable) + " (position winnable in " + position + ")";
}

std::optional<Move> optimum_hint_move(const api::AskedOptimum& x) {
    if (x.computed && x.optimal->exact) {
        if (x.optimal->lower == 0) return std::nullopt;
        return x.optimal->best_move;
    }
    return x.planner_move;
}

std::string optimum_hint_text(const api::AskedOptimum& x, const api::Odds* odds, DeckKind deck,
                              const TextStyle& style) {
    using nopeek::fraction_text;
    using nopeek::fraction_value;
    std::string see;
    if (odds && !odds->nothing_hidden && odds->samples > odds->intractable)
        see = std::string("; if you could see the stock: ") + (odds->exact && odds->intractable == 0 ? "" : "about ") +
              pct(double(odds->wins) / double(odds->samples - odds->intractable));
    std::string out = "your chance with best play without peeking: ";
    const std::optional<Move> move = optimum_hint_move(x);
    if (x.computed && x.optimal->exact) {
        const api::Optimal& o = *x.optimal;
        out += fraction_text(o.lower, o.orders) + " (" + pct(fraction_value(o.lower, o.orders)) + ")" + see;
        if (move) out += "; best move: " + move_people(*move, deck, style);
        else if (o.lower == 0 && !o.moves.empty()) out += "; no move wins in any order";
        return out;
    }
    if (x.computed)
        out += "not computed within " + std::to_string(x.budget) + " states (proven bounds: between " +
               bound_text(fraction_value(x.optimal->lower, x.optimal->orders), false) + " and " +
               bound_text(fraction_value(x.optimal->upper, x.optimal->orders), true) + ")";
    else out += x.note;
    if (move) out += "; the planner's move (planner:32, not proved best): " + move_people(*move, deck, style);
    return out + see;
}

}  // namespace pyr
