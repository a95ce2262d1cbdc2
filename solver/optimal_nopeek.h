// The exact no-peek optimum of a position (issue 39, docs/nopeek.md "The
// optimum without peeking"): the probability of winning under the best
// policy that uses only what the player can see (nopeek.h "What the player
// knows"): a maximum over the legal moves, and an expectation wherever a move
// turns up a card not seen, over the cards not seen (each counted; every
// order of them equally likely).
//
// The search (optimal_nopeek.cpp) is an expectimax over information states:
// the packed position (engine/board.h) plus the ranks of the hidden slots
// turned up so far, run on the shared depth-first core (depth_first.h) as
// one more instantiation: a space of frames (decision: the maximum over the
// moves; chance: the weighted sum over the ranks not seen) that folds each
// value into its parent as it becomes known, and a goal that is never
// reached and holds the cuts. Values are exact: with m cards not seen, a node's value
// is a whole number of orders out of m! (Count), so no rounding ever enters.
// What makes it fast enough:
//   - suits do not matter to the rules: a chance node branches once per
//     rank left among the cards not seen, weighted by how many there are;
//     and ranks of classes {r, target - r} with no card seen in play that a
//     relabelling maps to each other are one child (the rank symmetry);
//   - transpositions: the memo is keyed by the position, the ranks of the
//     cards turned up still in play and the counts of the ranks not seen;
//   - with at most one card not seen (or none: after the first pass) the
//     player knows the order, so the value is the solver's verdict; with at
//     most clairvoyant_at (4), the clairvoyant count bounds it from above,
//     and from below where a rank sequence is won (its winning line is a
//     policy that does not peek), exactly where only one is won;
//   - a position the free-stock relaxation (free_stock.h) proves lost is lost
//     in every order: 0; so is one the waste-pile relaxation proves lost
//     (the waste as it lies, every stock card free: waste_pile; the
//     stock's top, seen, pinned: pile_top), and before any child of a
//     chance node is searched it is asked of each (relax_probe);
//   - forced moves are made alone (prune.h forced_move with the verdict's
//     policy): a playable King whose removal is never worse (a tableau or
//     reserve King always, a stock or waste King when cards are drawn one at
//     a time onto at most one waste), and a sole pair; a move that reaches
//     the position's bound from above (every order, or its clairvoyant
//     count or memo bound) ends a maximum (nothing can beat it);
//   - Ballard's Star1 and Star2: a chance node stops once the ranks left
//     cannot lift it above what its parent has, each child counted at most
//     the bound the memo has for it, or (probe_at) its clairvoyant count,
//     made for each child before any is searched.
// Within the budget (max_states expansions) the value is exact; past it the
// answer is a bracket: each node not searched counts [0, 1] (0 when the
// free-stock relaxation proves it lost), so the root's lower and upper
// bounds are proven, never estimates.
#pragma once
#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/limits.h"
#include "engine/move.h"
#include "solver/solver.h"

namespace pyr::nopeek {

// A number of orders of the cards not seen (at most 32! < 2^128).
using Count = unsigned __int128;
// m! (m <= 32).
Count factorial(int m);
// "p/q" in lowest terms ("0/1", "1/1"); the decimal digits of a Count.
std::string fraction_text(Count num, Count den);
std::string count_text(Count x);
double fraction_value(Count num, Count den);

// The expectimax's default budget (`odds --optimal-states`).
constexpr uint64_t kDefaultOptimalStates = 5'000'000;
// The budget of a search cut short (OptimalOptions::max_unseen): under a
// second, for the proven bracket.
constexpr uint64_t kCutOptimalStates = 20'000;

// The most cards not seen that `states` information states can be expected
// to settle: the largest k whose measured cost (bench/nopeek-optimal.md, "Star2
// probes": the information states the exact search needed, msc 1 pass, k =
// 6 to 12 with the defaults; about 6 times more a card beyond) is at most
// twice `states` (positions vary by a factor of 2 to 6 around the curve).
// The default budget (5,000,000) gives 12; 20,000 gives 9.
size_t settled_unseen(uint64_t states);

struct OptimalOptions {
    // The expectimax's budget (engine/limits.h): max_states counts the
    // information states it expands (default kDefaultOptimalStates); max_memory
    // and the stop flag hold for each solve inside it too.
    Limits limits = [] {
        Limits l;
        l.max_states = kDefaultOptimalStates;
        return l;
    }();
    // Per solve of a position with at most one card not seen (the verdict).
    uint64_t leaf_max_states = kDefaultMaxStates / 10;
    bool per_move = true;  // each legal move's value at the root
    // The memo's most entries (0: no cap). Past it the memo forgets (the
    // older half of its entries, those not asked for since): the values stay
    // exact, the search may do work again. An entry is 32 bytes up to about
    // 13 cards not seen (64 past that), and the table's slots about 1.5 to 3
    // times that.
    uint64_t memo_entries = 0;
    // The leaf verdicts' cache (optimal_nopeek.cpp ChanceSpace::leaf_verdict):
    // at most this many verdicts of known orders kept by game (the fixed cards
    // removed, the ranks of the stock cards left in order, how many are
    // drawn, the pass), in buckets of four (at least one bucket), a bucket's
    // oldest forgotten when a fifth comes; 0: none. Never a different value,
    // only fewer solves. 2^22 entries take 64 MB packed, 128 MB not
    // (leaf_cache_packed; the table grows to it only as it fills). bench/nopeek-optimal.md, "The leaf cache's cap":
    // with the count at four cards not seen, 2^22 against 2^20 solves 24%
    // fewer at 11 cards not seen and 23% at 12, for 14 to 17% less CPU.
    uint64_t leaf_cache_entries = uint64_t{1} << 22;
    // Its entries in 16 bytes (a bucket of four one cache line) where every
    // key of the search fits 128 bits exactly (solver/leaf_pack.h: msc, the
    // three-pass Pyramid), else 32. Off: 32 always (the same values, states,
    // solves and hits; for tests and measurement).
    bool leaf_cache_packed = true;
    // The rank symmetry (optimal_nopeek.cpp, seen_classes): ranks of free
    // classes that a relabelling of the ranks maps to each other are one
    // chance child, and the memo key gives the free classes' counts in a
    // canonical order. Off: every rank its own child (the same value; for
    // tests and measurement).
    bool rank_symmetry = true;
    // The clairvoyant count (every rank sequence of the cards not seen
    // solved: at most m! solves) bounds a position from above, and from
    // below where a sequence is won (optimal_nopeek.cpp, arrive), where at
    // most this many cards are not seen. 4 (bench/nopeek-optimal.md, "Star2
    // probes": with probe_at 4, 3.1 to 3.4 times fewer states than at 3 at
    // 10 and 11 cards not seen, a third of the memory, 20 to 40% more CPU;
    // 12 cards not seen settle within the default budget, which at 3 they
    // did not in 12 million states).
    int clairvoyant_at = 4;
    // Star2 probing at chance nodes (optimal_nopeek.cpp, probe_child): where
    // a chance node has something to beat (alpha > 0), each child with 2 to
    // probe_at cards not seen gets its clairvoyant count before any child is
    // searched (kept in the memo for its arrival), so Star1 can cut sooner.
    // 0: only the memo's bounds (the same values; for tests and measurement).
    // 4, as clairvoyant_at (deeper costs more CPU than the states it spares).
    int probe_at = 4;
    // The waste-pile relaxation (free_stock.h solve_waste_pile: the
    // waste as it lies, every stock card free) asked at each position with
    // two or more cards not seen that the free-stock relaxation does not
    // prove lost, and before each probe's clairvoyant count: where it is
    // lost, every order is (0), with no count's sequences solved and no
    // subtree searched. Off: the same values, more information states and
    // leaf solves (for tests and measurement).
    bool waste_pile = true;
    // Star2 probing by the relaxation: where a chance node has something to
    // beat, each child with more than probe_at cards not seen (no count) is
    // asked the waste-pile relaxation before any child is searched; a child
    // it proves lost counts 0 (kept in the memo for its arrival).
    bool relax_probe = true;
    // The waste-pile relaxation with the stock's top pinned (free_stock.h
    // solve_waste_pile's `top`: the seen top card is not free; it tells the
    // children of a chance node apart). Off: the unpinned one.
    bool pile_top = true;
    // Which cards are not seen (nopeek::unseen's stock_hidden): true, the
    // cards the rules hide (the stock cards not yet turned up) and the `??`
    // ones; false, only the `??` cards (Deal::unknown): a deal that names
    // stock cards names what the player knows (docs/nopeek.md "Which cards
    // are hidden").
    bool stock_hidden = true;
    // The cut (`odds --optimal-max-unseen`): with more cards not seen than
    // this, the search does not try to finish (the budget could not settle
    // it: settled_unseen) and runs within cut_states information states
    // only, for the proven bracket (Optimal::cut). Default: never cut.
    size_t max_unseen = SIZE_MAX;
    uint64_t cut_states = kCutOptimalStates;
    // Threads (`odds --optimal --threads`; 0: every core). 1: one search.
    // Otherwise the search is split (optimal_nopeek.cpp, the parallel split):
    // a task for each rank left among the cards not seen, which searches
    // every child the first card turned up being of that rank reaches (from
    // any position reached without turning one up), each a search of its
    // own with the whole budget (limits.max_states), reading the memos of
    // the tasks before it but the last split_lag, on `threads` workers (each
    // its own Solver and leaf cache; the caller's solver is the first's);
    // then the one search runs, reading their memos, its children known.
    // The values, each move's and the best move are the one search's; the
    // states total (the tasks' and the final search's) is the same for any
    // number of threads other than 1, and more than one search's (the tasks
    // value children the one search's cuts spare, and search again what the
    // split_lag tasks before them, still running, find). Not split: at most
    // one card not seen, a won start, or a search cut (max_unseen).
    int threads = 1;
    // The split's lag: task j starts once the tasks before j - split_lag
    // are done, and reads their memos, so at most split_lag + 1 tasks run at
    // once. 0: one after the other (on one thread; about the one search's
    // states: the final search's few more). More: more at once, more states
    // in all (bench/nopeek-optimal.md, "On several threads": seed 2 at 12
    // cards not seen, 9% more states than one search at lag 1, 21% at 2,
    // 42% with no memo read). The states depend on it, never on `threads`.
    size_t split_lag = 2;

    // The options every front end asks with (`odds --optimal`, the study's
    // optimum player, the API's asked optimum): `states` information states,
    // the memory and stop of `limits`, and limits.max_states per leaf solve.
    static OptimalOptions within(uint64_t states, const Limits& limits, bool per_move = true) {
        OptimalOptions o;
        o.limits.max_states = states;
        o.limits.max_memory = limits.max_memory;
        o.limits.stop = limits.stop;
        o.leaf_max_states = limits.max_states;
        o.per_move = per_move;
        return o;
    }
};

struct OptimalMove {
    Move move;
    Count lower = 0, upper = 0;  // orders out of `orders`; equal when exact
};

struct Optimal {
    bool exact = false;           // lower == upper: the value
    bool nothing_hidden = false;  // at most one card not seen: the verdict
    size_t unseen = 0;
    Count orders = 1;                // unseen!
    Count lower = 0, upper = 0;      // the value's bounds, in orders out of `orders`
    std::vector<OptimalMove> moves;  // every legal move (nopeek::sorted_moves order), with per_move
    std::optional<Move> best_move;   // the highest lower bound (the first in that order on a tie)
    // How the bounds were made ("exact expectimax", or the bracket's methods).
    std::string method, lower_method, upper_method;
    uint64_t states = 0;          // information states expanded
    uint64_t leaf_solves = 0;     // solver calls for the verdict of positions with at most one card not seen
    uint64_t leaf_states = 0;     // their positions
    uint64_t leaf_cached = 0;     // verdicts of known orders the leaf cache answered (no solver call)
    uint64_t memo = 0;            // information states memoized (exact values)
    uint64_t memo_forgotten = 0;  // entries the memo forgot (OptimalOptions::memo_entries)
    uint64_t symmetric = 0;       // chance children not searched: worth a sibling's by the rank symmetry
    // The parallel split (OptimalOptions::threads): the workers that ran
    // (at most one a task, and split_lag + 1) and the tasks; 1 and 0 where
    // not split. The counts above are summed over the tasks and the final
    // search (memo: the entries of every task's memo and the final one's).
    int threads = 1;
    size_t tasks = 0;
    struct Task {
        int rank = 0;  // the rank its first turn-ups deal
        uint64_t states = 0;
        double seconds = 0;
    };
    std::vector<Task> task_costs;  // each task's, in task order (for measurement)
    double seconds = 0;
    bool interrupted = false;
    bool budget_hit = false;
    // Cut (OptimalOptions::max_unseen): more cards not seen than the budget
    // asked (`asked_states`) could settle; searched within cut_states only.
    bool cut = false;
    size_t max_unseen = 0;
    uint64_t asked_states = 0;
};

// Whether the optimum can be searched for these rules: the stock is dealt in
// slot order (not the row redeal, Apophis). The reason when not.
std::optional<std::string> optimal_unsupported(const Variant& v);

// The no-peek optimum of the position `played` reaches on `deal`. The cards
// not seen are nopeek::unseen's (the `??` cards, and with
// options.stock_hidden the stock cards not yet turned up); their true order
// in `deal` is never used. std::invalid_argument
// on an illegal move, on rules optimal_unsupported refuses, or when a card not
// seen is playable or lies in the tableau (name it).
Optimal optimal(Solver& solver, const Deal& deal, const std::vector<Move>& played, const OptimalOptions& options);

}  // namespace pyr::nopeek
