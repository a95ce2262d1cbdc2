// `pyramid odds`: the no-peek odds of a position (api::Session::odds,
// solver/nopeek.h) as its JSON object and its text. (The page's and play's
// no-peek hint: report/odds_hint.h.)
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "api/api.h"
#include "engine/json.h"
#include "report/board_text.h"

namespace pyr {

// What was asked and answered: the deal, the moves played before, the odds'
// options (rng_seed), the odds and, with --thoughtful, the peeking solver's
// answer (a hint request).
struct OddsShown {
    const api::LoadedDeal& deal;
    const std::vector<Move>& played;
    const api::OddsOptions& options;
    const api::Odds& odds;
    const std::optional<api::Answer>& peek;
    // How the text writes cards (suit symbols in a UTF-8 terminal, the
    // notation with --ascii), as every other command's text; JSON keeps the
    // notation.
    TextStyle style{};
};

// The object of `pyramid odds --format json` (its keys are a contract):
// variant, seed (when any), deal, played, hidden, method, exact, orders (null
// past 2^64), samples, rng_seed, wins, intractable, share, ci95_low,
// ci95_high, moves ([{move, wins, intractable, share, ci95_low, ci95_high,
// best}]), best_move, thoughtful (with a peek: verdict, hint), solves,
// states, seconds, interrupted (when so).
json::object odds_json(const OddsShown& s);
// The text of `pyramid odds`.
std::string odds_text(const OddsShown& s);

}  // namespace pyr
