// A challenge's answer as the front ends show it (`pyramid solve
// --challenge`, the page, Python): the `challenge` object of `solve --format
// json`, its text, and the line the solution page steps through.
#pragma once
#include <ostream>
#include <string>
#include <vector>

#include "api/api.h"
#include "engine/json.h"
#include "report/board_text.h"
#include "solver/challenge.h"
#include "solver/interval.h"

namespace pyr {

// The `challenge` object of `pyramid solve --format json` (its keys are a
// contract): kind ("score", "cards", "board"), rank (cards: as the notation
// writes it, else null), target (null without one), current, complete,
// target_reached (with a target; null without one or when incomplete),
// lines [{cleared, score, cards (of the rank, or null), steps, solution,
// reaches_target, probability (with deals_left; null without a table)}],
// verdict (board), states, seconds, interrupted, memory_exceeded; with
// deals_left: deals_left, need, probability (with this deal, playing the
// recommended line), recommended (an index into lines, or null), before (the
// chance before this deal was seen), table (the study the odds come from),
// table_deals; probability, recommended and before are null, and note says
// why, where no table exists for the rules.
json::object challenge_json(const Variant& v, const api::ChallengeAnswer& a, const api::ChallengeRequest& request);

// The text: what is asked, each line with its moves (the recommended one
// marked), and the across-deals odds.
void print_challenge(std::ostream& out, const Variant& v, const api::ChallengeAnswer& a,
                     const api::ChallengeRequest& request, const TextStyle& style);

// The line a page steps through (the recommended line, else the first) and
// its name ("recommended line: clears the board, 4 Aces, 1280 points");
// empty moves without a line.
// With deals left, `chance` says the chance of completing the challenge
// and its interval, as the text does ("Chance of completing the challenge:
// 77.5% (95% interval 75.0%-79.7%) playing the recommended line; ...").
struct ChallengePageLine {
    std::vector<Move> moves;
    std::string name;
    std::string chance;
};
ChallengePageLine challenge_page_line(const Variant& v, const api::ChallengeAnswer& a);

// A chance and its 95% interval by the one rule (report/format.h): "77.5%
// (95% interval 75.0%-79.7%)" ("77.5% (75.0%-79.7%)" without words); the
// chance alone where the interval is the chance itself (exactly 1).
std::string chance_text(double p, const std::optional<Interval>& interval, bool words = true);

// What the across-deals chance assumes of the deals to come (the text's and
// JSON's `assumes`): "best play on every later deal with its stock seen (...)".
extern const char* const kAcrossAssumption;

// "Aces", "7s", "Kings" (the rank's cards, for people).
std::string rank_plural(int rank, DeckKind d);
// "clears the board, 4 Aces, 1280 points, 45 steps".
std::string challenge_line_text(const Variant& v, const Challenge& c, const ChallengeLine& l);

}  // namespace pyr
