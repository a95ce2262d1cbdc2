// Players who cannot peek: each move is chosen from what the player can see
// (solver/nopeek.h: the masked deal, the moves played, the set of hidden
// cards), its memory and a seeded rng, never from the true order of the
// stock. The game loop (play_game) holds the real deal and shows the player
// only the masked one. docs/nopeek.md describes every player.
//
//   greedy      any King or pair (the first in sorted_moves order), else draw, else redeal.
//   casual      a King or pair chosen uniformly at random (rng) when one is
//               available, else draw, else redeal (the difficulty measure's
//               casual player, issue 24).
//   sampler[:K] at each decision with two or more legal moves, K orders of
//               the hidden cards are sampled (default 32); each legal move
//               scores the samples in which it keeps a win (exact solves on
//               the sampled deals); the highest score is played. Ties: the
//               move the samples' own solutions played first most often,
//               then sorted_moves order. With nothing hidden it plays the
//               exact solution; when no sample keeps a win, greedy's move.
//   planner[:K] the sampler, made steadier: a King is removed at once (never
//               worse); K orders are sampled, and K more at a time (up to
//               4K) while fewer than 16 of them keep a win (unless none of
//               2K does), since a share read from two or three winnable
//               orders is mostly noise; among the moves with the best score,
//               the one that leaves the fewest needed cards without a
//               partner (plus the shortage of partners per pair of ranks),
//               then the fewest tableau cards, then the sampler's order.
//   hybrid[:K]  planner:64 while more than K cards are not seen (default 8),
//               then the exact no-peek optimum's best move at every decision
//               (optimal_nopeek.h): its win rate is a lower bound on the
//               no-peek optimum's, and its value at least planner:64's.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/solver.h"

namespace pyr::nopeek {

// What a player sees when it must move.
struct View {
    const Deal& deal;                 // the masked deal (hidden slots in card order)
    const Unseen& unseen;             // the hidden slots and cards
    const Table& table;               // the position, on the masked deal (same legal moves as the real one)
    const std::vector<Move>& played;  // every move so far (its memory)
    const std::vector<Move>& legal;   // the legal moves, in sorted_moves order (never empty)
};

// Work done by a player's searches.
struct PlayerCost {
    uint64_t solves = 0, states = 0;
};

class Player {
public:
    virtual ~Player() = default;
    virtual std::string name() const = 0;
    // One of view.legal.
    virtual Move choose(const View& view, Solver& solver, Rng& rng, PlayerCost& cost) = 0;
    Limits limits;  // per solve of a searching player (play_game sets it)
};

// The hybrid's planner samples, and its default switch (cards not seen).
inline constexpr int kHybridPlannerSamples = 64;
inline constexpr int kDefaultHybridSwitch = 8;

// "greedy", "casual", "sampler", "sampler:K", "planner", "planner:K" (K 1 to
// 100000), "hybrid", "hybrid:K" (K 1 to 32). std::invalid_argument naming the problem otherwise. "thoughtful"
// is not a player (the solver's verdict): returns nullptr for it.
std::unique_ptr<Player> make_player(const std::string& spec);
// The names make_player takes, for messages.
std::string player_names();
// A winning solution from a position, reordered to start with `first` (a
// legal move there) when the reordering surely still wins, else nullopt:
//   - `first` removes tableau or reserve cards alone (no stock or waste card)
//     and the solution makes it at any point: made first, it commutes with
//     every move before it there (it touches no stock or waste card, and
//     removing cards only uncovers others, so each of those moves stays
//     legal), and the rest is played from the same position;
//   - `first` is any other move and the solution makes it right after such
//     fixed-card removals alone (they commute with it the same way).
// `board`: the deal's board, or any whose tableau and reserve hold the same
// cards (the masked deal's). The samplers score a sample's moves with it
// before solving (no solve where the root solution already shows a win).
std::optional<std::vector<Move>> solution_starting_with(const Board& board, const Move& first,
                                                        const std::vector<Move>& solution);
// Greedy's choice (also the samplers' fallback).
Move greedy_move(const std::vector<Move>& legal);

struct GameOptions {
    // Per solve of a searching player; its stop flag set elsewhere stops the
    // game (GameResult::interrupted).
    Limits limits;
    uint64_t max_moves = 100000;  // a game longer than this is lost (a safety net)
    // Moves already played from the deal's start (legal: the caller checked
    // them): the game goes on from the position they reach, and the player
    // remembers them (GameResult::moves begins with them).
    std::vector<Move> played;
};

struct GameResult {
    bool won = false;
    std::vector<Move> moves;  // every move played (replayed by the verifier when won)
    std::string end;          // "won", "no legal move", "position repeated", "move limit"
    PlayerCost cost;
    double seconds = 0;
    bool interrupted = false;  // stopped through GameOptions::limits.stop: no result
};

// Plays `deal` (the real one, hidden from the player) to its end: a win, no
// legal move, or a position met before (going round the stock with nothing
// removed: the game is lost). The rng is seeded with `seed`. A win is replayed
// by the verifier (InternalError if it disagrees).
GameResult play_game(Player& player, Solver& solver, const Deal& deal, uint64_t seed, const GameOptions& options = {});
// The seed of a game: the study's player seed mixed with the deal as the
// player sees it at the start (its hidden cards in card order, so the rng
// says nothing about their order); a deal's game is the same in any run,
// thread or shard.
uint64_t game_seed(uint64_t player_seed, const Deal& deal);

// ---------------------------------------------------------------- a policy's sampled win share
// A no-peek player's win share from a position over sampled orders of the
// cards not seen (`odds --optimal`'s lower estimate of the no-peek optimum,
// docs/nopeek.md): the player plays each sampled order to its end
// (play_game, from the position); the share of orders it wins estimates the
// value of its policy, which is at most the no-peek optimum (it sees only
// what the player sees). The player's rng is seeded once from what is seen
// at the position (the same in every order), so the policy is one fixed
// policy and the share an unbiased estimate of its value.
struct PolicyOddsOptions {
    std::string player = "hybrid:6";  // make_player's names ("thoughtful" refused)
    uint64_t orders = 200;            // sampled orders played
    // The orders: Rng(rng_seed), sample_deal on the masked deal once per
    // order, as nopeek::odds samples them: with the same seed, order k here is
    // the odds' order k (when the odds sample), so a win here is an order
    // the odds count winnable.
    uint64_t rng_seed = 1;
    uint64_t player_seed = 1;  // mixed with the position as seen (the player's rng)
    // Which cards are sampled (as OddsOptions::stock_hidden). The player
    // itself always treats the stock cards not yet turned up as not seen
    // (a player that knows less: its value is still at most the optimum's).
    bool stock_hidden = true;
    Limits limits;  // per solve of the player's searches; the stop flag ends the run (interrupted)
    // An order that a solver seeing the stock proves lost from the position
    // is lost by every player: counted a loss without playing it (the same
    // count as playing it, far cheaper where most orders are lost).
    bool skip_lost = true;
    // With skip_lost: the proofs of an odds run of this position
    // (OddsOptions::keep_verdicts), taken instead of solving those orders
    // again (the same counts: a proof is a proof, whatever its budget).
    const OrderVerdicts* verdicts = nullptr;
};

struct PolicyOdds {
    std::string player;
    size_t unseen = 0;
    uint64_t orders = 0;         // orders played to the end
    uint64_t wins = 0;           // of them, won (each win replayed by the verifier)
    uint64_t lost_unplayed = 0;  // with skip_lost: orders proved lost, counted without a game
    uint64_t played = 0;         // games played
    uint64_t known = 0;          // orders whose proof was taken from PolicyOddsOptions::verdicts (not solved)
    bool interrupted = false;
    PlayerCost cost;
    double seconds = 0;
};

// std::invalid_argument on an illegal move or an unknown player.
PolicyOdds policy_odds(Solver& solver, const Deal& deal, const std::vector<Move>& played,
                       const PolicyOddsOptions& options);

}  // namespace pyr::nopeek
