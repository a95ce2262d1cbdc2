// The thin API over engine/ and solver/ that every front end calls: the
// command line (cli/), play (play/), the web page (web/, compiled to
// WebAssembly) and the Python module (python/). It speaks in the contracts of
// the command line: rules as `--variant` and its overrides take them, deals
// as `--seed` and `--deal`/`--deal-file` read them, moves in the move
// notation; its answers (Answer, Odds) are data, which report/ writes as the
// commands do (report/solve.h: `solve --format json` and its text). It
// depends on engine/ and solver/ only (no TBB, MPI or ncurses), so the
// WebAssembly build takes it whole.
//
// Bad input throws api::Error (one line for people, the CLI's wording);
// a bug (the verifier rejecting an answer) throws InternalError.
//
// One Session per worker: it owns one Solver, reused from call to call, and
// keeps the last deal's Board, so solving many positions of one deal (play,
// hints, difficulty measures, no-peek odds) builds the board once. Both stay
// inside it (api/session_impl.h): this header includes no solver/ or study/
// header; the searches' results are opaque here (below), api/results.h
// defines them.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/json.h"
#include "engine/limits.h"
#include "engine/move.h"
#include "engine/rules.h"
#include "engine/table.h"
#include "engine/variant.h"
#include "engine/verdict.h"

// The searches' results the API hands out, opaque here (the API includes no
// solver/ or study/ header): an Answer points to them (std::shared_ptr to
// const, so an Answer copies as a value), the requests take them by
// reference. report/ formats them (report/solve.h, report/challenge.h,
// report/odds.h); a front end that reads their fields itself includes
// api/results.h, the definitions.
namespace pyr {
struct LossReason;       // solver/reasons.h
struct DealMeasures;     // solver/measures.h
enum class Grade;        // solver/measures.h (easy, medium, hard, expert)
struct Challenge;        // solver/challenge.h
struct ChallengeResult;  // solver/challenge.h
struct AcrossAnswer;     // solver/across.h
struct OutcomeTable;     // solver/across.h
namespace nopeek {
struct OddsOptions;     // solver/nopeek.h
struct Odds;            // solver/nopeek.h
struct MoveOdds;        // solver/nopeek.h
struct OptimalOptions;  // solver/optimal_nopeek.h
struct Optimal;         // solver/optimal_nopeek.h
}  // namespace nopeek
}  // namespace pyr

namespace pyr::api {

// Bad input: the message is one line for people (as the CLI prints it after "pyramid: ").
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// A preset and its rule overrides as the command line spells them (the rule
// schema, engine/rules.h): {"msc", {{"passes", "1"}, {"overlap", "on"}}}; a
// rule not given keeps the preset's.
using Rules = RuleSet;
// The Variant these rules make; Error naming the problem (unknown preset,
// bad value, a rule the preset cannot take).
Variant make_variant(const Rules& rules);

// The preset names, in listing order.
std::vector<std::string> preset_list();

// A deal as the CLI reads it.
struct LoadedDeal {
    Deal deal;
    std::string seed;  // the PySolFC number when it came from one ("" for cards)
};
// PySolFC's deal number ("1" to 10^20-1, or "ms1" to "ms8589934591").
LoadedDeal deal_from_seed(const Variant& v, const std::string& seed);
// Cards or a pasted board: the one deal reader of --deal and --deal-file.
LoadedDeal deal_from_text(const Variant& v, const std::string& text);

// Moves in the notation ("draw QH+AS KS redeal", symbols as printed too).
// Bad notation: Error "WHAT: why", `what` naming the input as the front end
// calls it ("bad moves", the CLI's "bad --moves").
std::vector<Move> parse_moves(const Variant& v, const std::string& text, const std::string& what = "bad moves");
std::vector<std::string> move_strings(const Variant& v, const std::vector<Move>& moves);

// The verifier's replay of moves from the deal's start (engine/table.h):
// what was played, the first illegal move ("move N (TEXT): why"), the final
// position. After the goal, GameOver makes a further move illegal (`pyramid
// verify`); PlayOn plays it by the rules.
Replay verify(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal);

// ---------------------------------------------------------------- cards not seen
// A deal may leave cards not seen (`??`, Deal::unknown), and may begin at a
// position as seen mid-game (engine/position.h). Nothing that depends on the
// order of the cards not seen is answered as if it were known: Session::solve
// answers with the odds over their orders and the best move without peeking;
// verify_seen says which moves could not be checked.

// Where the cards not seen lie at the position `played` reaches (Error
// naming the first illegal move): each place as engine/table.h names it
// ("stock card 1" is the next card, "waste card K" or "waste W card K" from
// the bottom, "discarded card K"), and whether a move may take the card there.
struct UnknownPlace {
    std::string name;
    bool playable = false;
};
std::vector<UnknownPlace> unknown_places(const Deal& deal, const std::vector<Move>& played);
// The place a front end asks the player to name first ("the next card is
// ...?"): of the places where a move may take a card not seen, the waste's
// when the last move took the card above it (the card that move turned up),
// else the first; nullopt when no card not seen may be taken.
std::optional<std::string> place_to_ask(const Deal& deal, const std::vector<Move>& played);
// The places in a few words: "stock cards 2-24, waste card 3" ("" when none).
std::string unknown_places_text(const std::vector<UnknownPlace>& places);

// Names the card at a place not seen (the front ends' "the next card is QH":
// reveal(deal, played, "stock card 1", "QH")): the deal with that card named
// there, for every later call (the moves played stay legal). Error when the
// place is not one of unknown_places' or the card is not one of the cards not
// seen (named elsewhere, or not in the deck).
Deal reveal(const Deal& deal, const std::vector<Move>& played, const std::string& place, const std::string& card);

// A move that takes a card not seen: it is legal only if that card was at
// `place` (the place named before the move; "A or B" when it could be at
// either); the deal then names it there.
struct UncheckedMove {
    size_t index = 0;  // 0-based, into the moves
    Card card{};
    std::string place;
};
// The verifier's replay (engine/table.h) of moves on a deal with cards not
// seen: each move that takes a card not seen is not checked (it is legal
// when the card was at one of the places not seen where a move may take
// it), the move's other cards and every other move are checked, in every
// layout of the cards not seen that the moves allow (one per position they
// lead to, at most kMaxSeenBranches; past that the check stops: `undecided`).
// On a deal without cards not seen this is verify().
constexpr size_t kMaxSeenBranches = 64;
struct SeenReplay {
    Deal deal;      // a deal with each card the moves take named where it was (the first layout allowed)
    Replay replay;  // the replay of the moves checked, on `deal` (error: the first illegal one)
    std::vector<UncheckedMove> unchecked;
    std::vector<size_t> splits;                 // the moves after which more positions were possible than before
    std::optional<size_t> undecided;            // the move past which the check stopped (too many layouts)
    std::vector<std::string> undecided_places;  // where its cards not seen could be
    size_t positions = 1;  // the positions the moves may have led to (1: `deal` plays the game exactly)
};
SeenReplay verify_seen(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal);
// The moves of `odds --moves` (Python's odds(moves=...)) on `deal`, their
// errors headed `what`: with cards not seen each move names the card it takes
// and `deal` is given those cards (solve's rule). Error on an illegal move, or
// on one that takes a card not seen whose place decides the position.
std::vector<Move> odds_moves(Deal& deal, const std::string& text, const std::string& what);

// The machine's memory in bytes (physical, or a container's cgroup limit when
// lower); 0 when unknown.
uint64_t available_memory();
// `--max-memory auto` for `workers` searches at once: 3/4 of available_memory()
// shared among them; 0 (no limit) when the memory is unknown.
uint64_t auto_max_memory(int workers);

// The no-peek odds (solver/nopeek.h): the share of the orders of the cards
// the player has not seen in which a position is winnable, and each legal
// move's share. Session::odds computes them.
using OddsOptions = nopeek::OddsOptions;
using Odds = nopeek::Odds;
using MoveOdds = nopeek::MoveOdds;
// The exact no-peek optimum (solver/optimal_nopeek.h): the best chance of a
// player who does not peek, exact within the budget, else a proven bracket.
// Session::optimal computes it.
using OptimalOptions = nopeek::OptimalOptions;
using Optimal = nopeek::Optimal;
// Where the optimum is not exact (`odds --optimal`): sampled estimates,
// labelled as such, each with its 95% Wilson interval
// (Session::estimate_optimum). Not proven bounds: estimates of two values
// that are. The lower, a no-peek player's win share over sampled orders of
// the cards not seen (nopeek::policy_odds): it estimates that policy's
// value, at most the optimum. The upper, the clairvoyant share (the odds):
// it estimates the share of orders that are winnable, at least the optimum.
// With the same rng seed the player's orders are the odds' first orders,
// so on each of them the player wins only an order the odds count winnable.
struct OptimumEstimate {
    double value = 0;          // the share
    double low = 0, high = 0;  // its 95% Wilson interval (the value itself when every order was solved)
    uint64_t orders = 0;       // orders played or solved
    uint64_t wins = 0;         // of them, won (upper: winnable, and those whose solve hit the budget)
    bool sampled = true;       // false: every order solved (an exact share)
    std::string method;        // how it was made, in words
    std::string player;        // the lower's player ("hybrid:8"); empty for the upper
};
struct EstimateOptions {
    std::string player = "hybrid:6";  // nopeek::make_player's names
    uint64_t orders = 200;            // sampled orders the player plays (0: no lower estimate)
    uint64_t rng_seed = 1;            // the orders' seed: the odds' --rng-seed pairs them with the odds' orders
    Limits limits;                    // per solve of the player's searches; the stop flag
};
// Why `name` is not a player that moves without peeking (nopeek::make_player's
// names: greedy, casual, sampler[:K], planner[:K], hybrid[:K]; thoughtful
// peeks), or nothing: EstimateOptions::player, `odds --policy`.
std::optional<std::string> policy_error(const std::string& name);
// The most cards not seen that `states` information states can be expected
// to settle (nopeek::settled_unseen: 12 for 5,000,000): `odds
// --optimal-max-unseen auto`.
size_t settled_unseen(uint64_t states);
struct OptimumEstimates {
    std::optional<OptimumEstimate> lower;  // none with EstimateOptions::orders 0 (or stopped before any order)
    OptimumEstimate upper;
    bool interrupted = false;
    uint64_t solves = 0, states = 0;  // the player's searches
    double seconds = 0;               // the player's games (the odds' time is the odds')
};

// What `odds --optimal` asks (Session::optimal_answer): the search's budget,
// its cut, and the estimates' player and orders.
struct OptimalAsk {
    uint64_t states = 5'000'000;       // --optimal-states
    std::optional<size_t> max_unseen;  // --optimal-max-unseen (none: auto)
    EstimateOptions estimates;         // --policy, --policy-orders, the odds' --rng-seed (its limits: the call's)
    int threads = 1;                   // --threads (OptimalOptions::threads; 0: every core)
};
struct OptimalAnswer {
    std::shared_ptr<const Optimal> optimal;     // never null in an answer (api/results.h)
    std::optional<OptimumEstimates> estimates;  // where not exact and not interrupted
};

// A challenge (solver/challenge.h; across deals, solver/across.h) as the
// command line spells it: `--challenge score|cards:R|board --target N
// --current N --deals-left D`.
struct ChallengeRequest {
    std::string kind = "score";  // "score", "cards:R" (R a rank as the card notation writes it: A 2-9 T J Q K), "board"
    std::optional<int> target;   // points, cards of the rank, or boards (cleared)
    int current = 0;             // made before this deal (with a target)
    std::optional<int> deals_left;  // the challenge's deals left, this one included: the across-deals answer
};
// How a front end calls the challenge's three numbers in its errors: the
// CLI's options by default; the page's fields ("Target", "Made so far", "Deals left").
struct ChallengeNames {
    std::string target = "--target", current = "--current", deals_left = "--deals-left";
};
// The challenge these words ask for on this deck; Error naming what is wrong
// (the numbers as `names` calls them).
Challenge make_challenge(const Variant& v, const ChallengeRequest& request, const ChallengeNames& names = {});
// "score", "cards:A", "board".
std::string challenge_name(const Variant& v, const Challenge& c);

// The position `played` reaches as a deal that begins there
// (engine/position.h): a challenge answered on it counts what the deal made
// before it (the cards gone) and its steps from there. Error naming the first
// illegal move.
Deal position_deal(const Deal& deal, const std::vector<Move>& played);

// A challenge carried as it is played (play and the page): what the moves
// played on this deal have made toward it (the verifier's tally,
// engine/scoring.h; on a deal that begins at a position the cards gone before
// it count, as the challenge's lines count them), and the challenge the next
// deal starts with.
struct ChallengeMade {
    int made = 0;          // points, cards of the rank, or boards (1 once the tableau is cleared)
    int score = 0;         // the points, whatever the challenge
    bool cleared = false;  // the tableau cleared: this deal does not use up one of the challenge's deals
    bool ended = false;    // the game is over (won, or no move left)
};
// Error naming the first illegal move.
ChallengeMade challenge_made(const Deal& deal, const std::vector<Move>& played, const Challenge& c);
// The challenge after a deal that made `m` (solver/across.h's rule): current
// grows by what it made; the deals left (when counted) lose this deal unless
// its tableau was cleared. `completed`: the target is made; `failed`: not,
// and no deal is left. Either way the challenge is over (`next` is then the
// final count). Without a target nothing is carried (`next` is the request).
struct ChallengeCarry {
    ChallengeRequest next;
    bool completed = false, failed = false;
};
ChallengeCarry carry_challenge(const ChallengeRequest& request, const ChallengeMade& m);

struct ChallengeAnswer {
    std::shared_ptr<const Challenge> challenge;     // never null in an answer
    std::shared_ptr<const ChallengeResult> result;  // never null in an answer
    // With deals_left: the across-deals answer, from the outcome table (its
    // source); without a table for these rules, none and `note` says why.
    std::shared_ptr<const AcrossAnswer> across;
    const OutcomeTable* table = nullptr;
    std::string note;
};

// The casual players' games a measure plays (solver/measures.h's default).
constexpr int kCasualPlays = 100;

// The no-peek optimum where a player asks (`solve --nopeek-optimum` on a deal with
// cards not seen, Python's solve(optimum=True), play's `o`, the page's Fair
// hint: Session::ask_optimum): the expectimax of
// solver/optimal_nopeek.h within a small budget of information states. Where
// it is not exact, the proven bracket and the planner's move (planner:32,
// seeded 1), labelled; where it is not searched, `note` says why.
constexpr uint64_t kAskOptimumStates = 20'000;
struct AskedOptimum {
    uint64_t budget = 0;                     // information states allowed
    bool computed = false;                   // the search ran (exact or a bracket)
    std::shared_ptr<const Optimal> optimal;  // its answer (api/results.h), where computed
    std::optional<Move> planner_move;        // where not exact (or not computed): planner:32's move
    std::string note;                        // where not computed: why
};

// What to compute, and the search's limits (those of `solve`).
struct Request {
    bool optimal = false;        // a shortest solution
    bool hint = false;           // only the next move of a shortest solution (implies optimal)
    bool best_score = false;     // on a lost position, the fewest tableau cards left (always for score variants)
    bool score_headline = true;  // false: no best score unless best_score (else a score variant's headline)
    // Every search's budget (engine/limits.h): positions, bytes, the stop
    // flag (set elsewhere: verdict intractable, interrupted) and progress.
    Limits limits;
    // On a lost position, why (solver/reasons.h): blocked, free-stock or
    // order (with the best line, searched within the limits).
    bool reason = false;
    bool unicode = true;  // cards in reason texts as symbols ("9♥"), else the notation ("9H")
    // On a won position (the deal's start, or after the played moves), the
    // measures of solver/measures.h from there, each search within the limits;
    // graded only from the deal's start.
    bool measures = false;
    int casual_plays = kCasualPlays;
    // A deal with cards not seen: the odds' options (each solve within the
    // limits, without their progress). The cards named are
    // known (stock_hidden false); every legal move's share is computed.
    uint64_t odds_samples = 1000;
    uint64_t odds_rng_seed = 1;
    uint64_t odds_exact_limit = 40320;
    // The orders solved so far (nopeek::OddsOptions::progress), for a progress display.
    std::function<void(uint64_t done, uint64_t total)> odds_progress;
    // With cards not seen: also the no-peek optimum (AskedOptimum) within this many information states.
    bool nopeek_optimum = false;
    uint64_t nopeek_optimum_states = kAskOptimumStates;
    // A challenge, answered from the deal's start besides the verdict; its
    // errors name the numbers as challenge_names calls them.
    std::optional<ChallengeRequest> challenge;
    ChallengeNames challenge_names;
};

struct Answer {
    Verdict verdict = Verdict::Lose;
    std::vector<Move> solution;  // from the position, when won
    bool optimal = false;        // with Request::optimal: proved shortest
    std::optional<Move> hint;    // with Request::hint: the first move (none when lost or already won)
    bool interrupted = false;    // stopped by Request::limits.stop
    bool memory_exceeded = false;
    // The best score (Request::best_score or a score variant, unless interrupted or intractable).
    bool has_score = false;
    int best_score = 0;
    std::vector<Move> best_score_moves;
    bool best_score_complete = true;
    uint64_t states = 0;
    double seconds = 0;
    std::shared_ptr<const LossReason> reason;  // with Request::reason, on a loss
    std::optional<AskedOptimum> optimum;       // with Request::nopeek_optimum, on a deal with cards not seen in play
    std::shared_ptr<const DealMeasures> measures;  // with Request::measures, on a win (from the position)
    std::optional<Grade> grade;  // from the measures at the deal's start, where the rule set has thresholds
    // A deal with cards not seen, at a position where some are still in play:
    // no solution, hint, best score, measures or reason (each would assume
    // the placeholders' order) but the odds over the orders of the cards not
    // seen (odds->moves: each legal move's share, the best without peeking
    // marked; none while a card not seen is playable) and their places.
    // `verdict` is Win or Lose only when it holds in every order (exact,
    // nothing intractable); else Intractable with `depends`.
    std::shared_ptr<const Odds> odds;
    bool depends = false;
    std::vector<UnknownPlace> unknown;
    std::optional<Move> best_move;             // the best move without peeking (none when lost or none is given)
    std::optional<ChallengeAnswer> challenge;  // with Request::challenge
};

// The options of the no-peek hint as play (key o) and the page ask for it:
// 200 sampled orders, every order up to 6 hidden cards (720), 10^7 positions
// a solve.
OddsOptions hint_odds_options();

class Session {
public:
    Session();
    ~Session();
    Session(Session&&) noexcept;
    Session& operator=(Session&&) noexcept;

    // Solves the position that `played` reaches from the deal's start (Error
    // naming the first illegal move). Every answer from the start is replayed
    // by the verifier (InternalError when it disagrees). With cards not seen
    // (Deal::unknown) the answer is the odds (Answer::odds; the moves played
    // as verify_seen takes them: Error when one of them leaves undecided where
    // a card not seen was), and Request::optimal, best_score and measures are
    // refused (Error): they need every card named.
    Answer solve(const Deal& deal, const std::vector<Move>& played, const Request& request);
    // The no-peek odds of the position `played` reaches (Error naming the
    // first illegal move), with this session's solver. Deterministic for the
    // same arguments; the true order of the hidden cards is never used.
    // `for_optimum`: these odds go on to optimal_answer (`odds --optimal`,
    // Python's odds(optimal=True)), so they keep each order's proof for its
    // lower estimate (the session sets OddsOptions::keep_verdicts: what the
    // caller put there is not read).
    Odds odds(const Deal& deal, const std::vector<Move>& played, const OddsOptions& options, bool for_optimum = false);
    // The no-peek optimum of that position (Error naming an illegal move, or
    // saying why it is not searched: the row redeal, a card not seen that is
    // playable), with this session's solver. As odds: on a deal with `??`
    // cards exactly those are not seen (options.stock_hidden is taken false).
    Optimal optimal(const Deal& deal, const std::vector<Move>& played, const OptimalOptions& options);
    // The sampled estimates of that optimum (OptimumEstimates): the player's
    // games over options.orders sampled orders of the cards not seen (as
    // asked: on a deal with `??` cards, those), and the clairvoyant share
    // from `odds` (this position's Session::odds). The orders those odds
    // proved won or lost (Session::odds for_optimum) are not solved again
    // (the same answers, fewer solves). Error naming an illegal move or an
    // unknown player. Deterministic for the same arguments.
    OptimumEstimates estimate_optimum(const Deal& deal, const std::vector<Move>& played, const Odds& odds,
                                      const EstimateOptions& options);
    // `odds --optimal` as one question (the command line and Python's
    // odds(optimal=True)): the optimum of that position within ask.states
    // information states, cut to the proven bracket past ask.max_unseen cards
    // not seen (none: settled_unseen(ask.states)); where it is not exact (and
    // not interrupted), the estimates beside it (estimate_optimum with
    // ask.estimates, from `odds`: this position's Session::odds). `limits`:
    // each solve's, and the stop flag.
    OptimalAnswer optimal_answer(const Deal& deal, const std::vector<Move>& played, const Odds& odds,
                                 const OptimalAsk& ask, const Limits& limits);
    // The no-peek optimum where a player asks for it (play's `o`, the page's
    // Fair hint; solve --nopeek-optimum is Request::nopeek_optimum): within
    // `states` information states, each solve of a known order and the
    // planner within `limits` (its stop flag stops both: then the answer is
    // whatever was reached, without the planner's move). Error naming an
    // illegal move; where the search refuses, AskedOptimum::note says why.
    AskedOptimum ask_optimum(const Deal& deal, const std::vector<Move>& played, uint64_t states, const Limits& limits);

    // A challenge on the deal from its start (solver/challenge.h), within the
    // request's limits (Request::limits); with
    // deals_left, the across-deals odds too. Error for a challenge the deal
    // cannot take (the numbers as limits.challenge_names calls them).
    ChallengeAnswer challenge(const Deal& deal, const ChallengeRequest& request, const Request& limits);
    // Error naming the first illegal move of `played` from the deal's start
    // (on the session's board of the deal, kept for the next call).
    void check_moves(const Deal& deal, const std::vector<Move>& played);

private:
    Answer solve_known(const Deal& deal, const std::vector<Move>& played, const Request& request);
    struct Impl;  // api/session_impl.h: the Solver, the last deal's Board
    std::unique_ptr<Impl> impl_;
};

// For front ends that draw the board and let a player move (the web page):
// the rules and a position as data (JSON objects; cards in the notation, "QH").
//
// variant_json: name, title, summary, description (the rules in words), deck
// ("standard"/"spanish"), shape ("pyramid"/"triangle"), rows, tableau_size,
// reserve_piles, reserve_height, wastes, stock_size, stock_top_playable,
// score_variant, pysol_game, cards (every card of the deck, in suit-major
// order); and each rule of the rule schema that the preset takes, as its
// JSON (engine/rules.h: passes a number or "unlimited", goal, overlap,
// reserves "top"/"open"), each after the key its descriptor names.
json::object variant_json(const Variant& v);
// position_json: the position that `played` reaches from the deal's start
// (Error naming the first illegal move), as the verifier (engine/table.h)
// holds it: tableau (rows of a card or null), reserves (piles, bottom first),
// stock (cards left), stock_top (the face-up next card, or null), wastes
// (piles, top last), pass, discarded, playable (the cards a move may take),
// legal (every legal move, sorted), won, lost (not won and no legal move),
// tableau_left, played (the moves).
json::object position_json(const Deal& deal, const std::vector<Move>& played);

}  // namespace pyr::api
