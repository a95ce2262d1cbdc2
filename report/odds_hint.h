// The no-peek hint as the page asks for it (web/web_api.h, op "odds"): the
// odds of a position over the orders of the cards not seen (api::Session::odds)
// and each legal move's count, without `pyramid odds`'s shares and intervals
// (report/odds.h).
#pragma once
#include "api/api.h"
#include "engine/json.h"

namespace pyr {

// nothing_hidden, exact, unseen, orders, samples, wins, intractable, moves
// ([{move, wins, intractable, best}]), solves, states, seconds.
json::object odds_hint_json(const Variant& v, const api::Odds& odds);

}  // namespace pyr
