// `pyramid odds`: the no-peek odds of a position (api::Session::odds,
// solver/nopeek.h) as its JSON object and its text. (The page's and play's
// no-peek hint: report/odds_hint.h.)
#pragma once
#include <functional>
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
    // With --optimal: the no-peek optimum (solver/optimal_nopeek.h), else null.
    const api::Optimal* optimal = nullptr;
    // With --optimal where it is not exact: the sampled estimates, else null.
    const api::OptimumEstimates* estimates = nullptr;
};

// The object of `pyramid odds --format json` (its keys are a contract):
// variant, seed (when any), deal, played, hidden, method, exact, orders (null
// past 2^64), samples, rng_seed, wins, intractable, share, ci95_low,
// ci95_high, moves ([{move, wins, intractable, share, ci95_low, ci95_high,
// best}]), best_move, thoughtful (with a peek: verdict, hint), solves,
// states, seconds, interrupted (when so).
// With --optimal, the key `optimal`: exact, value (null unless exact),
// fraction ("p/q" when exact, else null), lower, upper, best_move, moves
// ([{move, lower, upper}]), method, lower_method, upper_method, unseen,
// orders, states, leaf_solves, leaf_cached, memo, seconds, threads (the
// workers that ran: 1 unless split; and tasks when split; interrupted, budget_hit
// when so; cut, max_unseen, asked_states when the search was cut). Where not
// exact, `estimates` (with the estimates): `lower` (null without the
// player's orders) and `upper`, each {value, low, high, orders, wins,
// sampled, method} (the lower also `player`), and the player's `solves`,
// `states`, `seconds` (and `interrupted` when so).
json::object odds_json(const OddsShown& s);
json::object optimal_json(const api::Optimal& o, DeckKind deck, const api::OptimumEstimates* estimates = nullptr);
// "your chance with best play without peeking: 1537/2016 (76.2%)" (or the
// bracket, with how each bound was made), each move's value, and "if you
// could see the stock: about 82.5%" from the odds.
// Where not exact and with the estimates: "not computed exactly; at least
// about 4.0% (...), at most about 13.5% (...)", then the proven bracket.
std::string optimal_text(const api::Optimal& o, const api::Odds& odds, const DeckKind deck,
                         const std::function<std::string(const Move&)>& shown,
                         const api::OptimumEstimates* estimates = nullptr);
// The text of `pyramid odds`.
std::string odds_text(const OddsShown& s);

}  // namespace pyr
