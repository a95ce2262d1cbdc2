// Exact solver: a memoized depth-first search over packed positions.
//
// Verdicts are proofs. `win` comes with a move list that the independent
// verifier (engine/table.h) replays; `lose` means every reachable position
// was searched (up to the sound reductions of solver/prune.h); when the
// --max-states budget runs out first the verdict is `intractable`, never `lose`.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_set.hpp>

#include "engine/board.h"
#include "engine/move.h"

namespace pyr {

enum class Verdict { Win, Lose, Intractable };
const char* verdict_text(Verdict v);

struct SolveOptions {
    uint64_t max_states = 0;                 // positions the search may store; 0 = no limit
    bool optimal = false;                    // shortest solution (see issue 3); not implemented yet: ignored
    const std::atomic<bool>* stop = nullptr;  // set from elsewhere (Ctrl-C) to stop early
    // Called every 2^20 stored positions with the count so far (progress display).
    std::function<void(uint64_t states)> progress;
};

struct SolveResult {
    Verdict verdict = Verdict::Lose;
    std::vector<Move> solution;  // the moves, when won
    uint64_t states = 0;         // distinct positions stored
    double seconds = 0;
    bool interrupted = false;  // stopped through SolveOptions::stop: verdict is intractable
};

// One solver per worker: its table and stacks are kept between deals, so
// solving many deals allocates only while the table grows.
class Solver {
public:
    SolveResult solve(const Board& board, const SolveOptions& options = {});
    SolveResult solve(const Board& board, const State& start, const SolveOptions& options);

private:
    struct Frame {
        State state;
        uint32_t begin, next, end;  // moves_[begin, end) are its moves; [next, end) still to try
    };
    // Stores s unless it (or a position that dominates it) is stored already.
    bool visit(const Board& board, const State& s);

    boost::unordered_flat_set<uint64_t> seen_;
    std::vector<Frame> stack_;
    std::vector<SlotMove> moves_;
};

}  // namespace pyr
