// The no-peek hint as the page asks for it (web/web_api.h, op "odds"): the
// odds of a position over the orders of the cards not seen (api::Session::odds)
// and each legal move's count, without `pyramid odds`'s shares and intervals
// (report/odds.h).
#pragma once
#include "api/api.h"
#include "engine/json.h"
#include "report/board_text.h"

namespace pyr {

// nothing_hidden, exact, unseen, orders, samples, wins, intractable, moves
// ([{move, wins, intractable, best}]), solves, states, seconds.
json::object odds_hint_json(const Variant& v, const api::Odds& odds);

// The odds' shares and intervals as `pyramid odds` gives them (report/odds.h)
// and `solve` on a deal with cards not seen (report/solve.h):
// the keys hidden, method, exact, orders (null past 2^64), samples,
// rng_seed, wins, intractable, share, ci95_low, ci95_high, moves ([{move,
// wins, intractable, share, ci95_low, ci95_high, best}]), best_move.
json::object odds_fields(const api::Odds& odds, uint64_t rng_seed, DeckKind deck);
// "62.3% (58.1%-66.2%)  623/1000[, 2 intractable]": the share of the orders
// decided won with `wins` of them (the interval when sampled).
std::string odds_share_text(const api::Odds& odds, uint64_t wins, uint64_t intractable);

// play's no-peek hint line (key o, and the hint that waits for the verdict's
// odds): "no-peek hint (200 sampled orders): 9♠+4♣
// keeps a win in 62.3% (position winnable in 64.0%)", or "...: no move keeps
// a win; winnable in 0.0%" without a best move (`best` null or winning no
// order). Shares by percent_text (report/format.h).
std::string nopeek_hint_text(const api::Odds& odds, const api::MoveOdds* best, DeckKind deck, const TextStyle& style);

// The no-peek optimum where a player asks (play's o, the page's Fair hint;
// api::Session::ask_optimum), in one line, as `solve --nopeek-optimum` says
// it (report/solve.h): exact, "your chance with best play without peeking:
// 281/360 (78.1%); if you could see the stock: about 82.5%; best move:
// 7♠+6♠" (no best move when the value is 0); a bracket, "your chance with
// best play without peeking: not computed within 50000 states (proven
// bounds: between 12.0% and 90.0%); the planner's move (planner:32, not
// proved best): draw; if you could see the stock: ..." (the move before
// the share: on a small screen the end may be cut); not computed, the
// note's words and the planner's move. The clairvoyant share from `odds`
// when given ("about" unless every order was solved).
std::string optimum_hint_text(const api::AskedOptimum& x, const api::Odds* odds, DeckKind deck, const TextStyle& style);
// The move optimum_hint_text names: the best move when exact (none when the
// value is 0), else the planner's.
std::optional<Move> optimum_hint_move(const api::AskedOptimum& x);

}  // namespace pyr
