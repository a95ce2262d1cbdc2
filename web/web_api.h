// The web page's one entry point into the solver: JSON in, JSON out, over the
// thin API (api/api.h) and report/'s board pictures and answers.
// web/wasm_main.cpp exports it from the WebAssembly module; it is plain C++,
// so the native test suite runs it too (tests/test_web_api.cpp).
//
// A request is one JSON object with "op":
//   presets  -> {"presets": [variant_json, ...]}
//   schema   -> {"rules": the rule schema (engine/rules.h rule_schema_json:
//            the overrides the rules form offers), "preset_rules": {preset:
//            {rule key: the preset's own value as canonical text, or null
//            where it cannot take the rule}}, "row_widths": {preset:
//            [cards in row 1, 2, ...]}}
//   load     rules, deal, moves, highlight, narrow -> {"variant", "seed", "deal",
//            "cards", "position", "svg"}: the deal and the position the
//            moves reach, drawn (report/board_svg.h), the cards of
//            `highlight` (a move) framed; narrow: the stock and wastes in a
//            row below the tableau (phones). "deal" is the deal as the page
//            sends it back (compact, or a position's board text); with cards
//            not seen (??) nothing names what their slots hold: "cards" and
//            the wastes say "??", no move taking one is legal, and the
//            position adds unknown [{name, playable}], unknown_text,
//            unknown_cards (their set), unknown_in_play, needs_card,
//            ask_first (the place turned up to name first: api::place_to_ask);
//            with challenge {kind, target, current, deals_left} (as below):
//            "challenge_made" {made, score, cleared, ended, next, completed,
//            failed}: what the moves made toward it in this deal
//            (api::challenge_made) and the challenge the next deal starts
//            with (api::carry_challenge; next as the request's), or {error}
//   reveal   rules, deal, moves, place, card -> {"deal", "unknown_left"}:
//            "the next card is ...", api::reveal (the card not seen at
//            `place`, as unknown names it, is `card`)
//   challenge rules, deal, moves, challenge {kind, target, current,
//            deals_left}, max_states, max_memory -> the object of `pyramid
//            solve --challenge ... --format json` (its `challenge`: kind,
//            target, current, lines, probability, recommended, ...), from
//            the deal's start, or with moves from the position they reach
//            (api::position_deal: the lines count what the deal made before
//            it; "from_move": the moves' count); errors name the page's
//            fields (Target, Made so far, Deals left)
//   solve    rules, deal, moves, optimal, hint, best_score, reason, measures,
//            nopeek_optimum, nopeek_optimum_states (20000), max_states,
//            max_memory -> the object of `pyramid solve --format json`
//            (report/solve.h), "played" always present; with reason, a loss
//            says why (reason, reason_text, reason_cards, ...); with
//            measures, a won position's difficulty from there (measures:
//            report/measures.h; graded at the deal's start only); with
//            nopeek_optimum and cards not seen in play, `optimum` (as
//            `solve --nopeek-optimum`), `optimum_move`, `optimum_text`
//   odds     rules, deal, moves, samples (200), exact_limit (720),
//            max_states (10M), max_memory, optimum_states (0) -> the
//            no-peek hint (api::Session::odds, report/odds_hint.h):
//            nothing_hidden, exact, unseen, orders, samples, wins,
//            intractable, moves [{move, wins, intractable, best}], solves,
//            states, seconds; with optimum_states > 0 the no-peek optimum
//            within that many information states (api::Session::ask_optimum:
//            exact, else the proven bracket and the planner's move):
//            `optimum` (report/solve.h asked_optimum_json), `optimum_move`
//            (the best move when exact, the planner's when not; null when
//            none), `optimum_text` (play's line: "your chance with best play
//            without peeking: 281/360 (78.1%); if you could see the stock:
//            about 82.5%; best move: 7♠+6♠"); odds_progress is called as the
//            orders are solved, progress within each solve
// rules: {"variant", and any override of the rule schema by its key:
// "passes": "1", "overlap": "on" or true, ...} as the CLI spells them (""
// or absent keeps the preset's); deal: "seed" (PySolFC's
// number) or "deal" (cards or a pasted board, as --deal-file reads them);
// moves: a string in the move notation.
// Bad input gives {"error": "one line"} (api::Error's wording); running out
// of memory gives {"error": ..., "out_of_memory": true}.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "api/api.h"

namespace pyr::web {

class Handler {
public:
    // Called during a search every 2^16 positions with the count so far (the
    // fair hint's solves: every 2^20).
    std::function<void(uint64_t states)> progress;
    // Called during `odds` (and `solve` with cards not seen: its odds) before
    // the first order and after each order solved: (orders solved, orders to
    // solve) (api::OddsOptions::progress).
    std::function<void(uint64_t done, uint64_t total)> odds_progress;

    std::string call(std::string_view request);

private:
    api::Session session_;
};

}  // namespace pyr::web
