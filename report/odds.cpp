#include "report/odds.h"
#include "api/results.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

#include "solver/nopeek.h"
#include "report/format.h"
#include "report/odds_hint.h"

namespace pyr {

namespace {

std::string percent1(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100 * x);
    return buf;
}

}  // namespace

json::object optimal_json(const api::Optimal& o, DeckKind dk, const api::OptimumEstimates* estimates) {
    using nopeek::fraction_text;
    using nopeek::fraction_value;
    json::object j;
    j["exact"] = o.exact;
    if (o.exact) {
        j["value"] = fraction_value(o.lower, o.orders);
        j["fraction"] = fraction_text(o.lower, o.orders);
    } else {
        j["value"] = nullptr;
        j["fraction"] = nullptr;
    }
    j["lower"] = fraction_value(o.lower, o.orders);
    j["upper"] = fraction_value(o.upper, o.orders);
    if (o.best_move) j["best_move"] = move_text(*o.best_move, dk);
    else j["best_move"] = nullptr;
    json::array moves;
    for (const auto& m : o.moves) {
        json::object x;
        x["move"] = move_text(m.move, dk);
        x["lower"] = fraction_value(m.lower, o.orders);
        x["upper"] = fraction_value(m.upper, o.orders);
        if (m.lower == m.upper) x["fraction"] = fraction_text(m.lower, o.orders);
        moves.push_back(x);
    }
    j["moves"] = moves;
    j["method"] = o.method;
    j["lower_method"] = o.lower_method;
    j["upper_method"] = o.upper_method;
    j["unseen"] = o.unseen;
    j["orders"] = nopeek::count_text(o.orders);
    j["states"] = o.states;
    j["leaf_solves"] = o.leaf_solves;
    j["leaf_cached"] = o.leaf_cached;
    j["memo"] = o.memo;
    j["seconds"] = o.seconds;
    j["threads"] = o.threads;
    if (o.tasks) j["tasks"] = o.tasks;
    if (o.interrupted) j["interrupted"] = true;
    if (o.budget_hit) j["budget_hit"] = true;
    if (o.cut) {
        j["cut"] = true;
        j["max_unseen"] = o.max_unseen;
        j["asked_states"] = o.asked_states;
    }
    if (estimates && !o.exact) {
        auto one = [](const api::OptimumEstimate& e) {
            json::object x{{"value", e.value}, {"low", e.low},         {"high", e.high},    {"orders", e.orders},
                           {"wins", e.wins},   {"sampled", e.sampled}, {"method", e.method}};
            if (!e.player.empty()) x["player"] = e.player;
            return x;
        };
        json::object est;
        if (estimates->lower) est["lower"] = one(*estimates->lower);
        else est["lower"] = nullptr;
        est["upper"] = one(estimates->upper);
        est["solves"] = estimates->solves;
        est["states"] = estimates->states;
        est["seconds"] = estimates->seconds;
        if (estimates->interrupted) est["interrupted"] = true;
        j["estimates"] = est;
    }
    return j;
}

std::string optimal_text(const api::Optimal& o, const api::Odds& odds, DeckKind dk,
                         const std::function<std::string(const Move&)>& shown, const api::OptimumEstimates* estimates) {
    using nopeek::fraction_text;
    using nopeek::fraction_value;
    std::ostringstream out;
    const double lo = fraction_value(o.lower, o.orders), hi = fraction_value(o.upper, o.orders);
    if (o.exact) {
        out << "your chance with best play without peeking: " << fraction_text(o.lower, o.orders) << " ("
            << percent1(lo) << ")";
    } else if (estimates) {
        // Sampled estimates first (labelled), then the proven bracket.
        auto interval = [](const api::OptimumEstimate& e) {
            return e.sampled ? ", 95% " + percent1(e.low) + "-" + percent1(e.high) : std::string();
        };
        out << "your chance with best play without peeking: not computed exactly; ";
        if (const auto& l = estimates->lower)
            out << "at least about " << percent1(l->value) << " (the " << l->player << " player's wins over "
                << l->orders << " sampled orders" << interval(*l) << "), ";
        const api::OptimumEstimate& u = estimates->upper;
        out << "at most " << (u.sampled ? "about " : "") << percent1(u.value) << " (if you could see the stock, "
            << u.orders << (u.sampled ? " sampled" : "") << " orders" << interval(u) << ")\n";
        out << "  proven: between " << bound_text(lo, false) << " and " << bound_text(hi, true)
            << (o.cut ? " (the search cut short: " + std::to_string(o.unseen) + " cards not seen, past the " +
                            std::to_string(o.max_unseen) + " that " + std::to_string(o.asked_states) +
                            " information states can settle)"
                      : " (not searched to the end)")
            << "\n";
        if (estimates->lower) out << "  lower estimate: " << estimates->lower->method << "; not a proven bound\n";
        out << "  upper estimate: " << u.method << (u.sampled ? "; not a proven bound" : "; a proven bound") << "\n";
        if (estimates->interrupted) out << "  (the player's games were interrupted)\n";
    } else {
        out << "your chance with best play without peeking: between " << bound_text(lo, false) << " and "
            << bound_text(hi, true) << " (not searched to the end)";
    }
    // The clairvoyant share: every order solved, or sampled (an estimate).
    if (!(estimates && !o.exact) && !odds.nothing_hidden && odds.samples > 0) {
        const double share = double(odds.wins) / double(odds.samples);
        out << "; if you could see the stock: " << (odds.exact && odds.intractable == 0 ? "" : "about ")
            << percent1(share);
    }
    if (!(estimates && !o.exact)) out << "\n";
    // How each proven bound was made (their values are in the bracket above).
    if (!o.exact) out << "  lower bound: " << o.lower_method << "\n  upper bound: " << o.upper_method << "\n";
    out << "  method: " << o.method << "\n";
    if (o.best_move) out << "  best move without peeking: " << shown(*o.best_move) << "\n";
    if (!o.moves.empty()) {
        out << "  each move with best play after it:\n";
        for (const auto& m : o.moves) {
            out << "    " << shown(m.move) << ": ";
            if (m.lower == m.upper)
                out << fraction_text(m.lower, o.orders) << " (" << percent1(fraction_value(m.lower, o.orders)) << ")";
            else
                out << bound_text(fraction_value(m.lower, o.orders), false) << " to "
                    << bound_text(fraction_value(m.upper, o.orders), true);
            out << "\n";
        }
    }
    out << "  information states: " << o.states << "; solves of known orders: " << o.leaf_solves << " (and "
        << o.leaf_cached << " verdicts from the leaf cache); time: " << std::fixed << std::setprecision(3) << o.seconds
        << " s";
    if (o.tasks)
        out << " (" << o.tasks << " tasks on " << o.threads << (o.threads == 1 ? " thread" : " threads") << ")";
    out << ".\n";
    (void)dk;
    return out.str();
}

json::object odds_json(const OddsShown& s) {
    const Variant& v = s.deal.deal.variant;
    const DeckKind dk = v.deck;
    json::object j;
    j["variant"] = v.name;
    if (!s.deal.seed.empty()) j["seed"] = s.deal.seed;
    j["deal"] = compact(s.deal.deal);
    json::array pl;
    for (const Move& m : s.played) pl.push_back(json::value(move_text(m, dk)));
    j["played"] = pl;
    for (auto& [k, x] : odds_fields(s.odds, s.options.rng_seed, dk)) j[k] = x;
    if (s.peek) {
        json::object t;
        t["verdict"] = verdict_text(s.peek->verdict);
        if (s.peek->hint) t["hint"] = move_text(*s.peek->hint, dk);
        else t["hint"] = nullptr;
        j["thoughtful"] = t;
    }
    if (s.optimal) j["optimal"] = optimal_json(*s.optimal, dk, s.estimates);
    j["solves"] = s.odds.solves;
    j["states"] = s.odds.states;
    j["seconds"] = s.odds.seconds;
    if (s.odds.interrupted) j["interrupted"] = true;
    return j;
}

std::string odds_text(const OddsShown& s) {
    const api::Odds& r = s.odds;
    const Variant& v = s.deal.deal.variant;
    const DeckKind dk = v.deck;
    // A move as people read it in this style, and its width on screen.
    auto shown = [&](const Move& m) { return move_people(m, dk, s.style); };
    auto width_of = [&](const Move& m) {
        if (m.kind != Move::Pair && m.kind != Move::Single) return static_cast<int>(move_text(m, dk).size());
        return card_people_width(m.a, dk, s.style) +
               (m.kind == Move::Pair ? 1 + card_people_width(m.b, dk, s.style) : 0);
    };
    std::ostringstream out;
    out << "Odds without peeking: " << rules_text(v);
    if (!s.deal.seed.empty()) out << ", seed " << s.deal.seed;
    out << (s.played.empty() ? ", from the start" : ", after " + std::to_string(s.played.size()) + " moves") << "\n";
    if (r.nothing_hidden) {
        out << "Nothing is hidden here"
            << (nopeek::ever_hidden(v) ? " (the stock has been seen)" : " (every card is face up)")
            << ": the odds are the thoughtful verdict.\n";
    } else {
        out << "Hidden: " << r.unseen << " stock cards, ";
        if (r.orders == UINT64_MAX) out << "more than 10^19 orders";
        else out << r.orders << " orders";
        if (r.exact) out << ": every order solved (exact).\n";
        else out << ": " << r.samples << " sampled (--rng-seed " << s.options.rng_seed << "), 95% Wilson intervals.\n";
    }
    if (r.interrupted) out << "Interrupted: " << r.samples << " orders solved so far.\n";
    auto line = [&](uint64_t wins, uint64_t intr) { return odds_share_text(r, wins, intr); };
    out << "Winnable: " << line(r.wins, r.intractable) << "\n";
    if (!r.moves.empty()) {
        out << "Each move keeps a win in:\n";
        int width = 4;
        for (const auto& mo : r.moves) width = std::max(width, width_of(mo.move));
        for (const auto& mo : r.moves)
            out << "  " << shown(mo.move) << std::string(static_cast<size_t>(width - width_of(mo.move)), ' ') << "  "
                << line(mo.wins, mo.intractable) << (mo.best ? "   <- best without peeking" : "") << "\n";
    }
    if (s.peek) {
        // Why its search stopped early, as solve says it: a win's first
        // move is then from a solution not proved shortest.
        const api::Answer& a = *s.peek;
        const std::string why = a.interrupted ? "interrupted"
                                : a.memory_exceeded
                                    ? "--max-memory reached"
                                    : "--max-states " + std::to_string(s.options.limits.max_states) + " reached";
        out << "Peeking at the stock (the thoughtful solver knows its order): " << verdict_text(a.verdict);
        if (a.verdict == Verdict::Intractable) out << " (" << why << ")";
        if (a.hint)
            out << (a.optimal ? "; next move of a shortest solution: "
                              : "; next move of a solution (not proved shortest: " + why + "): ")
                << shown(*a.hint);
        out << "\n";
    }
    if (s.optimal) out << optimal_text(*s.optimal, r, dk, shown, s.estimates);
    out << "Solves: " << r.solves << "; states: " << r.states << "; time: " << std::fixed << std::setprecision(3)
        << r.seconds << " s.\n";
    return out.str();
}

}  // namespace pyr
