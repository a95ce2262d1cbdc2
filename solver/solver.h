// Exact solver: memoized depth-first searches over packed positions.
//
// Verdicts are proofs. `win` comes with a move list that the independent
// verifier (engine/table.h) replays; `lose` means every reachable position
// was searched (up to the sound reductions of solver/prune.h); when the
// --max-states budget runs out first the verdict is `intractable`, never `lose`.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/board.h"
#include "engine/internal_error.h"
#include "engine/limits.h"
#include "engine/move.h"
#include "engine/verdict.h"

namespace pyr {

// (A failed check throws InternalError, engine/internal_error.h.)
const char* verdict_text(Verdict v);
// "win", "lose" or "intractable"; nullopt for anything else.
std::optional<Verdict> parse_verdict(std::string_view s);

struct SolveOptions {
    bool optimal = false;  // a shortest solution (every move counts one)
    Limits limits;         // positions, memory, stop flag, progress (engine/limits.h)
    // Row redeal (Apophis), verdicts: the walk search tries each position's
    // moves in the chain walk's order for at most this many positions; if
    // that does not decide, it starts again with the moves latest along the
    // chain first, to the end (solver/walk.cpp). 0: the second order alone.
    uint64_t rows_first_order_states = 10000;
    // Walk search, verdicts: ask the free-stock relaxation at the start (every
    // rule set) and, with the row redeal (Apophis), at every position
    // (solver/free_stock.h). The search is exact either way; off only to
    // measure it, for tests that need a big search, or where the caller has
    // asked it already (the no-peek optimum's leaf solves: its relaxation
    // keeps one table across the boards of the cards turned up).
    bool rows_free_stock = true;
    // Walk search, verdicts (not the row redeal): the memo keyed by the
    // suit-blind form of the removed set (Board::suit_blind: positions whose
    // stock cards left spell the same ranks are the same game). The verdicts
    // are the same either way; off only to compare (tests, bench/speed.md).
    bool suit_blind = true;
    // Verdicts (not with `optimal`): the verdict alone, no solution kept and
    // no time taken (SolveResult::solution empty, seconds 0), for callers
    // that run millions of searches of a few positions and read only the
    // verdict (the no-peek optimum's leaf solves: the clock and the path were
    // some 2% of their time). The same search, the same verdict and states.
    bool verdict_only = false;
    // Verdicts, the walk searches: where the dead-card check (solver/prune.h)
    // cuts. Every: at the start and after every move, and with discards
    // where the chain walk passes a card's last partner (chain_walk.h).
    // Start: at the start alone. Never: nowhere. A cut only finds a loss
    // sooner, so the verdict is the same with each, the states not; for
    // callers whose searches are a few positions each, where the check costs
    // more than it saves (the no-peek optimum's leaf solves:
    // bench/nopeek-optimal.md).
    enum class DeadCards : uint8_t { Every, Start, Never };
    DeadCards dead_cards = DeadCards::Every;
};

struct SolveResult {
    Verdict verdict = Verdict::Lose;
    std::vector<Move> solution;  // the moves, when won
    uint64_t states = 0;         // positions expanded (the search's work; see each method)
    double seconds = 0;
    bool interrupted = false;      // stopped through Limits::stop: verdict is intractable
    bool optimal = false;          // with SolveOptions::optimal: the solution is proved shortest
    bool memory_exceeded = false;  // stopped by Limits::max_memory: verdict is intractable
    double replay_seconds = 0;     // of `seconds`, the verifier's replay of the win (bench reports its cost)
};

struct ScoreResult {
    int tableau_left = 0;     // the fewest tableau cards that can be left
    std::vector<Move> moves;  // moves that leave that few
    uint64_t states = 0;
    double seconds = 0;
    bool complete = true;  // false when the budget ran out: tableau_left is then only reachable, maybe not best
    bool interrupted = false;
    bool memory_exceeded = false;
};

// Replays moves from the deal's start in the independent verifier
// (engine/table.h) and throws InternalError unless every move is legal and the
// deal ends won (`tableau_left` < 0) or with that many tableau cards left.
// The solver calls it on every answer it gives from a deal's start.
void verify_solution(const Deal& deal, const std::vector<Move>& moves, int tableau_left = -1);

struct Searches;         // solver/searches.h: one class per search, and what they share
struct Challenge;        // solver/challenge.h
struct ChallengeResult;  // solver/challenge.h

// One solver per worker: its tables and stacks are kept between deals, so
// solving many deals allocates only while the tables grow.
class Solver {
public:
    // The search methods. Both are exact; `Walk` is the fast one and applies
    // when cards are drawn one at a time onto at most one waste, and to the
    // row redeal (Apophis).
    enum class Method {
        Walk,       // memo keyed by the chain (the removed set): see solver/walk.cpp
        Positions,  // memo keyed by the whole position (removed set, boundary, pass)
    };
    static Method method_for(const Board& board);

    Solver();
    ~Solver();
    Solver(Solver&&) noexcept;
    Solver& operator=(Solver&&) noexcept;

    // Every win (and best score) found from the deal's start is replayed by
    // the independent verifier before it is returned: see verify_solution.
    SolveResult solve(const Board& board, const SolveOptions& options = {});
    SolveResult solve(const Board& board, const State& start, const SolveOptions& options);
    // The best score: the fewest tableau cards that can be left (0 = a win),
    // with moves that leave that few (see solver/score.cpp).
    ScoreResult best_score(const Board& board, const State& start, const SolveOptions& options);
    // A challenge (solver/challenge.h: the best score, the most cards of a
    // rank, the board; with a target, the fewest steps to it), on this
    // worker's tables. Throws std::invalid_argument as solve_challenge does.
    ChallengeResult challenge(const Board& board, const Challenge& challenge, const SolveOptions& options);
    // With a given method (tests compare them); options.optimal picks its optimal search.
    SolveResult solve_with(Method method, const Board& board, const State& start, const SolveOptions& options);

    // The bytes its tables and stacks hold now (their capacity, kept between
    // searches). With `with_growth`, as if every one of them close to its
    // load limit had grown once more (what the memory limit checks).
    std::size_t memory_bytes(bool with_growth = false) const;

private:
    std::unique_ptr<Searches> searches_;
};

}  // namespace pyr
