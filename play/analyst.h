// The solver's word on the position being played, computed away from the
// UI: one background thread with one Solver (reused from position to
// position). A new position cancels a search still running for an older one
// (through SolveOptions::stop), so only the newest position is ever solved.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "engine/board.h"
#include "engine/move.h"
#include "solver/solver.h"

namespace pyr::play {

struct Analysis {
    uint64_t id = 0;             // the request it answers
    Verdict verdict = Verdict::Intractable;
    int moves = 0;               // length of the solution found (when won)
    bool optimal = false;        // ... proved shortest
    std::optional<Move> hint;    // its first move (none when lost, or already won)
    uint64_t states = 0;
    std::string error;           // the packed rules refused the moves (never expected)
    bool memory_exceeded = false;  // intractable because the search outgrew Limits::max_memory
};

// The search's limits per position, as solve's --max-states and --max-memory
// (0: none).
struct Limits {
    uint64_t max_states = 0;
    uint64_t max_memory = 0;  // bytes the search's tables may hold
};

// What `pyramid solve --hint --moves ...` computes: a shortest solution from
// the position the moves reach, within `limits`. `stop` may cancel it
// (nullopt then).
std::optional<Analysis> analyse(Solver& solver, const Board& board, const std::vector<Move>& moves,
                                const Limits& limits, const std::atomic<bool>* stop = nullptr);

// The status line's verdict: "winnable in N moves", "lost: no way to clear
// the pyramid from here", "unknown: search budget reached", "unknown: memory
// limit reached".
std::string verdict_words(const Analysis& a, const Variant& v);

class Analyst {
public:
    explicit Analyst(const Limits& limits);
    ~Analyst();  // cancels the search and joins the thread
    Analyst(const Analyst&) = delete;
    Analyst& operator=(const Analyst&) = delete;

    // Asks for the position `moves` reach on `board`; `id` names the request
    // (the answer carries it). Replaces any request not yet answered and
    // cancels a search for an older one.
    void request(std::shared_ptr<const Board> board, std::vector<Move> moves, uint64_t id);
    // The answer to the latest request, once it is ready (nullopt before).
    std::optional<Analysis> answer();

private:
    void run();

    const Limits limits_;
    std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    struct Job {
        std::shared_ptr<const Board> board;
        std::vector<Move> moves;
        uint64_t id = 0;
    };
    std::optional<Job> pending_;
    uint64_t latest_id_ = 0;
    std::optional<Analysis> answer_;
    std::atomic<bool> stop_{false};
    Solver solver_;       // used by the thread only
    std::thread thread_;  // last: started once everything above exists
};

}  // namespace pyr::play
