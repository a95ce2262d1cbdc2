// One solve as the front ends show it (`pyramid solve`, the page, Python):
// the object of `solve --format json`, the text for people and the solution
// page. The inputs are the API's: the deal as loaded, the moves played before
// the solve, what was asked (api::Request) and the answer (api::Answer).
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "api/api.h"
#include "engine/json.h"
#include "report/board_text.h"

namespace pyr {

// The object of `pyramid solve --format json` (its keys are a contract):
// variant, seed (when any), deal, played (when `played_given`), verdict,
// solution, optimal (with Request::optimal), moves, hint (with Request::hint),
// best_score..., states, seconds, interrupted, memory_exceeded; with
// Request::reason on a loss: reason (code), reason_text, reason_cards, and for
// `order` reason_best_cleared, reason_best_total, reason_best_complete,
// reason_best_moves, reason_stuck; with Request::measures on a win, a
// `measures` object (report/measures.h).
// With Request::nopeek_optimum, solve's key `optimum`: budget, computed,
// exact, value and fraction (null unless exact), lower, upper (null unless
// computed), best_move (when exact), planner_move (when not), method,
// lower_method, upper_method, unseen, states, seconds, note (why not
// computed, else null).
json::object asked_optimum_json(const api::AskedOptimum& x, DeckKind deck);
json::object solve_json(const api::LoadedDeal& deal, const std::vector<Move>& played, bool played_given,
                        const api::Request& request, const api::Answer& answer);

// The text of `pyramid solve`: the rules and deal, the board (after the
// played moves), the verdict, the solution or hint, the measures, the loss
// reason, the best score, the states and time.
void print_solve(std::ostream& out, const api::LoadedDeal& deal, const std::vector<Move>& played,
                 const api::Request& request, const api::Answer& answer, const TextStyle& style);

// `pyramid solve --format html`: the solution page (report/solution_html.h)
// stepping through the solution, the hint or the best score line.
std::string solve_html(const api::LoadedDeal& deal, const std::vector<Move>& played, const api::Request& request,
                       const api::Answer& answer);

}  // namespace pyr
