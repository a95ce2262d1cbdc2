#include "report/odds.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

#include "solver/nopeek.h"
#include "study/study.h"

namespace pyr {

namespace {

std::string pct(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
    return b;
}

// The share of the decided orders won, and its interval: exact when every
// order was solved, else Wilson's 95%; none when no order was decided.
std::optional<double> share(const api::Odds& r, uint64_t wins, uint64_t intractable) {
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

json::object odds_json(const OddsShown& s) {
    const api::Odds& r = s.odds;
    const Variant& v = s.deal.deal.variant;
    const DeckKind dk = v.deck;
    json::object j;
    j["variant"] = v.name;
    if (!s.deal.seed.empty()) j["seed"] = s.deal.seed;
    j["deal"] = compact(s.deal.deal);
    json::array pl;
    for (const Move& m : s.played) pl.push_back(json::value(move_text(m, dk)));
    j["played"] = pl;
    j["hidden"] = static_cast<uint64_t>(r.unseen);
    j["method"] = r.nothing_hidden ? "nothing hidden" : r.exact ? "exact" : "sampled";
    j["exact"] = r.exact && !r.interrupted;
    if (r.orders == UINT64_MAX) j["orders"] = nullptr;
    else j["orders"] = r.orders;
    j["samples"] = r.samples;
    j["rng_seed"] = s.options.rng_seed;
    j["wins"] = r.wins;
    j["intractable"] = r.intractable;
    auto put_share = [&](json::object& x, uint64_t wins, uint64_t intr) {
        if (auto sh = share(r, wins, intr)) x["share"] = *sh;
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
    if (s.peek) {
        json::object t;
        t["verdict"] = verdict_text(s.peek->verdict);
        if (s.peek->hint) t["hint"] = move_text(*s.peek->hint, dk);
        else t["hint"] = nullptr;
        j["thoughtful"] = t;
    }
    j["solves"] = r.solves;
    j["states"] = r.states;
    j["seconds"] = r.seconds;
    if (r.interrupted) j["interrupted"] = true;
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
    auto line = [&](uint64_t wins, uint64_t intr) {
        std::string t;
        if (auto sh = share(r, wins, intr)) t = pct(*sh);
        else t = "-";
        if (!r.exact && !r.nothing_hidden)
            if (auto ci = interval(r, wins, intr)) t += " (" + pct(ci->low) + "-" + pct(ci->high) + ")";
        t += "  " + std::to_string(wins) + "/" + std::to_string(r.samples - intr);
        if (intr) t += ", " + std::to_string(intr) + " intractable";
        return t;
    };
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
        out << "Peeking at the stock (the thoughtful solver knows its order): " << verdict_text(s.peek->verdict);
        if (s.peek->hint) out << "; next move of a shortest solution: " << shown(*s.peek->hint);
        out << "\n";
    }
    out << "Solves: " << r.solves << "; states: " << r.states << "; time: " << std::fixed << std::setprecision(3)
        << r.seconds << " s.\n";
    return out.str();
}

}  // namespace pyr
