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

#include "api/api.h"
#include "engine/board.h"
#include "engine/deal.h"
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

// The no-peek hint (key o: api::Session::odds, each move's odds over the
// orders of the cards the player has not seen), computed away from the UI
// like the verdict: one more background thread with its own api::Session. The UI
// reads the orders solved so far while it runs, and can cancel it.
struct OddsAnswer {
    uint64_t id = 0;  // the request it answers
    api::Odds odds;
    std::string error;  // the odds refused the moves (never expected: the game's are the verifier's)
};

class Oddsmaker {
public:
    // The odds' options (samples, limits); stop and progress are its own.
    explicit Oddsmaker(const api::OddsOptions& options);
    ~Oddsmaker();  // cancels and joins the thread
    Oddsmaker(const Oddsmaker&) = delete;
    Oddsmaker& operator=(const Oddsmaker&) = delete;

    // Asks for the odds at the position `moves` reach on `deal`; replaces
    // (and stops) any request not yet answered.
    void request(Deal deal, std::vector<Move> moves, uint64_t id);
    // Stops the request being computed; no answer comes for it.
    void cancel();
    // Of the latest request: orders solved so far and orders to solve ({0, 0}
    // before it starts).
    std::pair<uint64_t, uint64_t> progress() const;
    // The answer to the latest request once it is ready (nullopt before);
    // taken: the next call gives nullopt.
    std::optional<OddsAnswer> answer();

private:
    void run();

    const api::OddsOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    struct Job {
        Deal deal;
        std::vector<Move> moves;
        uint64_t id = 0;
    };
    std::optional<Job> pending_;
    uint64_t latest_id_ = 0;
    std::optional<OddsAnswer> answer_;
    std::pair<uint64_t, uint64_t> progress_{0, 0};
    std::atomic<bool> stop_{false};
    api::Session session_;  // used by the thread only
    std::thread thread_;    // last: started once everything above exists
};

}  // namespace pyr::play
