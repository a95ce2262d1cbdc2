// An upper bound on the no-peek optimum tighter than the clairvoyant share
// (issue 39, docs/nopeek.md "Bounds"): the information relaxation "play the
// first d card turn-ups without peeking, then see the stock".
//
// The game relaxed: the player moves as a no-peek player (seeing only what
// nopeek.h says) until d cards not seen have been turned up (each move that
// turns one up is a chance event), and then is told the order of the rest.
// Its value U_d is an expectimax: a maximum over the legal moves, the mean
// over the ranks a turn-up can show (each card not seen counted) for the
// first d turn-ups, and at a leaf (after the d-th turn-up, or once at most
// one card is not seen) the clairvoyant share of the leaf: the share of the
// orders of the rest in which the leaf is winnable. More information never
// hurts a player, so
//     optimum <= U_d <= U_{d-1} <= ... <= U_0 = the clairvoyant share.
// The leaf share is
//   - exact when the rest has at most `exact_limit` orders (every order
//     solved): then U_d is a proven bound (`Reveal::proven`);
//   - else a sampled estimate over `samples` orders, the same orders at
//     every leaf (common random numbers): S orders of every card not seen at
//     the root are drawn once, and a leaf reads each of them without the
//     cards turned up on its way (a uniform order of the rest). Each leaf's
//     estimate is unbiased; the maximum over moves of unbiased estimates is
//     biased upwards, never downwards, so the estimate's expectation is at
//     least U_d: a sampled upper bound (labelled so, never a proof).
// A solve that hits its budget (intractable) counts as a win (the bound
// stays an upper bound). A position the free-stock relaxation proves lost
// is 0 in every order.
//
// It runs on the shared core as the optimum does (optimal_nopeek.cpp:
// depth_first over ChanceSpace, the same frames and cuts): ChanceSpace with
// a leaf policy (a position d turn-ups below the start, or with at most one
// card not seen, is folded at its arrival with its share) and its root a
// maximum like any other. Values are whole numbers of orders (in units of
// m! times the sampled orders when a leaf is sampled), so U_d is exact as a
// fraction. Unlike the optimum it makes no forced moves (every legal move is
// tried, as the recursion it replaced did: a sampled leaf is an estimate,
// and the forced move's argument is about values); Star1 and Star2 cut as
// they do there, which changes no value, only the counts.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/limits.h"
#include "engine/move.h"
#include "solver/solver.h"

namespace pyr::nopeek {

struct RevealOptions {
    int depth = 1;                // d: turn-ups played without peeking (0: the clairvoyant share)
    uint64_t samples = 16;        // orders per leaf when not exact
    uint64_t exact_limit = 5040;  // solve every order of a leaf's rest when it has at most this many (7!)
    uint64_t rng_seed = 1;        // the sampled orders'
    Limits limits;                // per solve (and its stop flag for the whole)
};

struct Reveal {
    double value = 0;      // U_d (proven) or its sampled estimate
    std::string fraction;  // the same as "p/q" (exact: the sampled estimate too is a fraction)
    bool proven = false;   // every leaf's share exact: a proven bound
    size_t unseen = 0;     // cards not seen at the position
    uint64_t leaves = 0;   // leaves valued (clairvoyant shares; each information state once)
    uint64_t nodes = 0;    // decision positions expanded (depth_first's budget count)
    uint64_t solves = 0;   // solver calls
    uint64_t intractable = 0;
    double seconds = 0;
    bool interrupted = false;  // stopped: no value
    std::string method;        // how it was made, in words
};

// U_d of the position `played` reaches on `deal` (its cards not seen: the
// stock's not yet turned up, as nopeek::unseen; their true order is never
// used). std::invalid_argument on an illegal move, on rules
// optimal_unsupported refuses (the row redeal), or when a card not seen is
// playable or in the tableau (name it).
Reveal reveal_bound(Solver& solver, const Deal& deal, const std::vector<Move>& played, const RevealOptions& options);

}  // namespace pyr::nopeek
