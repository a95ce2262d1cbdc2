// Why a lost position is lost: a reason a player can read, and a code.
//
//   blocked     a card that can never be removed, found by the dead-card
//               check (solver/prune.h: explain_dead_card) at the position,
//               named with why ("the 9♥ needs a 4, and every 4 lies
//               beneath it or on it").
//   free-stock  lost even if every stock and waste card could be played at
//               any time: the free-stock relaxation (solver/free_stock.h)
//               finds the tableau cannot be cleared. The cards that can never
//               be cleared even alone in that relaxed game are named (when
//               some are).
//   order       every pairing rule allows a win (the relaxation clears the
//               tableau), but no order of play does: the stock's order and
//               the passes lose it. With the best line: the most tableau
//               cards that can be cleared (the best-score search), its
//               moves, and the cards it is stuck with.
//   unexplained the relaxation could not decide within its budget (never
//               seen on the presets' deals; kept so a reason is never claimed
//               without its proof).
// Checked in tests/test_reasons.cpp against independent searches.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "solver/prune.h"
#include "solver/solver.h"

namespace pyr {

struct LossReason {
    std::string code;  // "blocked", "free-stock", "order", "unexplained"
    std::string text;  // for people, one or two sentences
    // The cards the reason names: blocked, the dead card(s); free-stock, the
    // never-cleared ones; order, the tableau cards the best line is stuck with (= stuck).
    std::vector<Card> cards;
    DeadCardFinding finding;  // blocked: what the dead-card check found
    // order: the best line from the position (the best-score search).
    bool has_best = false;
    int tableau_left = 0;       // fewest tableau cards left
    int tableau_total = 0;      // tableau cards at the position
    bool best_complete = true;  // false when the search's budget ran out (then: at least this good)
    std::vector<Move> best_moves;
    std::vector<Card> stuck;  // the tableau cards left at the end of the best line
};

// The reason for the position `played` reaches from the deal's start, which
// the caller knows to be lost. `solver` runs the best-score search (order
// only), with `options`' budget. `name` writes a card for people.
LossReason explain_loss(Solver& solver, const Board& b, const std::vector<Move>& played, const SolveOptions& options,
                        const std::function<std::string(Card)>& name);

// Only the code of the reason ("blocked", "free-stock", "order",
// "unexplained") for a lost position s: no best line, no texts (studies).
const char* loss_reason_code(const Board& b, const State& s);

// The cards (slots) that can never be removed in the free-stock relaxation
// from s (those removed in no relaxed position reachable from s; each card
// asked alone when that search runs out of budget); `lost` is set to whether
// the whole goal is lost there (false also when undecided).
uint64_t free_stock_never_cleared(const Board& b, const State& s, bool* lost);

}  // namespace pyr
