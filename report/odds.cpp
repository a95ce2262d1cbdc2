#include "report/odds.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

#include "solver/nopeek.h"
#include "report/odds_hint.h"

namespace pyr {

namespace {}  // namespace

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
        out << "Peeking at the stock (the thoughtful solver knows its order): " << verdict_text(s.peek->verdict);
        if (s.peek->hint) out << "; next move of a shortest solution: " << shown(*s.peek->hint);
        out << "\n";
    }
    out << "Solves: " << r.solves << "; states: " << r.states << "; time: " << std::fixed << std::setprecision(3)
        << r.seconds << " s.\n";
    return out.str();
}

}  // namespace pyr
