// Challenges (issue 34): the best score, the most cards of one rank, or the
// board, each answered exactly: the best value, then the fewest steps (every
// draw, redeal and removal one step, as Microsoft Solitaire Collection and
// mchung94/solitaire-player count them).
//
// A line ends when the game ends: the variant's goal reached (msc: the
// pyramid cleared; goal `all`: every card removed), or no move left (the stock
// run through its last pass), or, with unlimited passes, no removal possible
// ever again (the line stops at its last removal: only draws and redeals are
// left, and they go round). A line that reaches a target stops there instead.
// "Cleared" means the tableau cleared, under every goal (with goal `all` the
// game goes on after it, and the line runs on to the game's end).
//
//  - Score: the most points (engine/scoring.h) over the lines to the game's
//    end, with the fewest steps among those lines. With a target T and C
//    points made before this deal: the fewest steps to make T - C here; if
//    this deal cannot make them, the maximum's line, marked so.
//  - Cards of rank R: the most cards of R removed, as two lines: the best that
//    clears the tableau and the best that does not (one line when the
//    clearing one removes at least as many, or when only one kind exists);
//    with a target, the fewest steps to reach it, as for the score.
//  - Board: the shortest solution (Solver with SolveOptions::optimal).
//
// Every answer is a proof: the maxima come from exhaustive searches (cut only
// by admissible bounds), the step counts from A* with admissible bounds, every
// line is replayed by the verifier (engine/scoring.h's tally_line) before it is
// returned, and a budget (SolveOptions::limits) ends a search as
// incomplete ("intractable"), never with a wrong answer.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/scoring.h"
#include "solver/solver.h"

namespace pyr {

enum class ChallengeKind : uint8_t { Score, Cards, Board };
const char* challenge_kind_text(ChallengeKind k);

struct Challenge {
    ChallengeKind kind = ChallengeKind::Score;
    int rank = 0;               // Cards: the rank counted (1 = Ace .. 13 = King)
    std::optional<int> target;  // the challenge's target (points or cards), if any
    int current = 0;            // made before this deal (with a target)
    Scoring scoring = msc_scoring();
    // Without a target (or one this deal cannot reach): the best line of each
    // kind of end that exists, with a clear and without, even where one is
    // no better than the other (the per-deal outcome of a study; score
    // challenges otherwise give the one best line, cards challenges the
    // lines that are not beaten).
    bool every_end = false;
    // A target's line in one A* pass or in two, the first with a stronger
    // bound (the covers and draws its cards need, their partners', the
    // optimal search's bound over them; the fewest steps to win when only
    // a cleared tableau makes the target), the second the one
    // pass pruned by it (challenge.cpp): the same line either way. Auto
    // takes two passes where the target needs a cleared tableau (a score
    // target above what any end without a clear makes: 2.3x fewer
    // positions on msc decks 1411-1418), else one (two expand about half
    // the positions for card targets there, but are slower:
    // bench/challenge-core.md); the tests check each against the other
    // and the brute force.
    enum class Passes : uint8_t { Auto, One, Two };
    Passes target_passes = Passes::Auto;
};

// A challenge as `--challenge` words it (the command line, Python, records):
// "score", "board" or "cards:R", R a rank of the deck as the card notation
// writes it. Throws std::invalid_argument with the option's message.
Challenge parse_challenge(std::string_view words, DeckKind deck);
// Its words back: "score", "board", "cards:A".
std::string challenge_words(const Challenge& c, DeckKind deck);
// Every `--challenge` value the deck takes, as challenge_words writes them:
// "score", "cards:R" for each rank of the deck in order, "board" (the shell
// completions are written from it, completions/generate.cpp).
std::vector<std::string> challenge_values(DeckKind deck);
// Score and card challenges need rules where the removed cards tell the
// removals: a lone rank that could also pair does not (nullopt: it can be
// played; else why not).
std::optional<std::string> counting_challenge_refused(const Variant& v);

struct ChallengeLine {
    bool cleared = false;         // the tableau cleared
    int score = 0;                // points made in this deal
    std::optional<int> cards;     // cards of the rank removed (Cards challenges)
    std::vector<Move> moves;      // the line; its steps are moves.size()
    bool reaches_target = false;  // the line stops at the target
};

struct ChallengeResult {
    bool complete = true;  // false: a budget ran out (intractable); lines then empty
    // With a target: whether this deal can reach it (then lines holds the one
    // line that does, in the fewest steps).
    std::optional<bool> target_reached;
    std::vector<ChallengeLine> lines;
    Verdict verdict = Verdict::Lose;  // Board challenges: the solver's verdict
    uint64_t states = 0;              // positions expanded by every search together
    double seconds = 0;
    bool interrupted = false;
    bool memory_exceeded = false;
};

// Throws std::invalid_argument for a challenge that makes no sense here (a
// rank not in the deck, a target already reached, a negative current count)
// or rules where the removed cards do not determine the removals (a lone rank
// that could also pair).
// A one-off Solver's (tests, tools); a worker asks its own Solver::challenge,
// whose tables it keeps between deals.
ChallengeResult solve_challenge(const Board& board, const Challenge& challenge, const SolveOptions& options = {});

// For tests (issue 37 item 2): the strong bound the target's two passes
// take (challenge.cpp, every level) at each position of `line`, from the
// deal's start to its end: the steps it says at least remain to make the
// target c.target - c.current (c has a target).
std::vector<int> challenge_target_bounds(const Board& board, const Challenge& c, const std::vector<Move>& line);

// The values a removed set scores, from the packed board (the searches' side;
// the verifier's is tally_line).
class ChallengeValues {
public:
    ChallengeValues(const Board& board, const Scoring& scoring);
    int removals(uint64_t removed) const;
    int score(uint64_t removed) const;
    int cards(uint64_t removed, int rank) const;
    bool cleared(uint64_t removed) const { return (removed & tableau_) == tableau_; }

private:
    const Board& board_;
    Scoring scoring_;
    uint64_t lone_ = 0, tableau_ = 0;
    std::vector<std::pair<uint64_t, int>> rows_;  // each tableau row's slots and bonus
};

// A line the searches found, ending at `end` (reaching the target, or the
// game's end), checked by the verifier's tally (tally_line) against the
// searches' values and reported; throws InternalError where they disagree.
ChallengeLine checked_line(const Board& board, const Challenge& c, std::vector<Move> moves, bool to_target,
                           const ChallengeValues& values, const State& end);

}  // namespace pyr
