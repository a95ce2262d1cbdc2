#include "report/odds_hint.h"

namespace pyr {

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
        moves.push_back(json::object{{"move", move_text(m.move, v.deck)}, {"wins", m.wins},
                                     {"intractable", m.intractable}, {"best", m.best}});
    out["moves"] = std::move(moves);
    out["solves"] = r.solves;
    out["states"] = r.states;
    out["seconds"] = r.seconds;
    return out;
}

}  // namespace pyr
