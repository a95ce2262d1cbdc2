// The solver's word on the position being played, computed away from the
// UI: one background thread with one api::Session (its one Solver reused
// from position to position; play/ calls the solver through the API only). A new position cancels a search still running for an older one
// (through its Limits::stop), so only the newest position is ever solved.
#pragma once
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "api/api.h"
#include "api/results.h"
#include "engine/board.h"
#include "engine/deal.h"
#include "engine/move.h"

namespace pyr::play {

struct Analysis {
    uint64_t id = 0;  // the request it answers
    Verdict verdict = Verdict::Intractable;
    int moves = 0;             // length of the solution found (when won)
    bool optimal = false;      // ... proved shortest
    std::optional<Move> hint;  // its first move (none when lost, or already won)
    uint64_t states = 0;
    std::string error;             // the packed rules refused the moves (never expected)
    bool memory_exceeded = false;  // intractable because the search outgrew Limits::max_memory
    // With cards not seen still in play (analyse_odds): no solution, hint or
    // exact verdict (each would assume the placeholders' order) but the odds
    // over the orders of the cards not seen, as `pyramid solve` gives them;
    // `verdict` is Win or Lose only when every order agrees. `best_move`:
    // the best move without peeking (the fair hint).
    std::shared_ptr<const api::Odds> odds;
    std::optional<Move> best_move;
    std::vector<api::UnknownPlace> unknown;
};

// The search's limits per position, as solve's --max-states and --max-memory
// (engine/limits.h; the stop flag is the worker's), and the odds' sampled
// orders (solve's 1000).
struct AnalystOptions {
    Limits limits;
    uint64_t odds_samples = 1000;
};

// What `pyramid solve --hint --moves ...` computes: a shortest solution from
// the position the moves reach, within `options`. `stop` may cancel it
// (nullopt then).
std::optional<Analysis> analyse(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                const AnalystOptions& options, const std::atomic<bool>* stop = nullptr);

// What `pyramid solve` answers on a deal with cards not seen (api::Session::
// solve: the odds over their orders, every legal move's share, the best move
// without peeking; the same samples and seed), within `options`; `progress`
// gets the orders solved. nullopt when `stop` cancelled it.
std::optional<Analysis> analyse_odds(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                     const AnalystOptions& options, const std::atomic<bool>* stop = nullptr,
                                     std::function<void(uint64_t done, uint64_t total)> progress = nullptr);

// The status line's verdict: "winnable in N moves", "lost: no way to clear
// the pyramid from here", "unknown: search budget reached", "unknown: memory
// limit reached".
std::string verdict_words(const Analysis& a, const Variant& v);

// A background thread that works on the latest request only: a new request
// replaces one not yet taken and stops (through the stop flag it hands the
// work) the one being worked on; only the latest request's answer is kept.
// `work(job, stop)` runs on the thread and gives the answer, or nullopt when
// it was stopped. Analyst and Oddsmaker below are two of these.
template <class Job, class Answer>
class LatestRequestWorker {
public:
    using Work = std::function<std::optional<Answer>(Job& job, uint64_t id, const std::atomic<bool>* stop)>;
    explicit LatestRequestWorker(Work work) : work_(std::move(work)), thread_([this] { run(); }) {}
    ~LatestRequestWorker() {  // stops the work and joins the thread
        {
            std::lock_guard lock(mutex_);
            quit_ = true;
            stop_.store(true);
        }
        wake_.notify_all();
        thread_.join();
    }
    LatestRequestWorker(const LatestRequestWorker&) = delete;
    LatestRequestWorker& operator=(const LatestRequestWorker&) = delete;

    // Replaces any request not yet answered, stopping the work on an older one.
    void request(Job job, uint64_t id) {
        {
            std::lock_guard lock(mutex_);
            pending_.emplace(std::move(job), id);
            latest_id_ = id;
            answer_.reset();
            progress_ = {0, 0};
            stop_.store(true);  // the work running now (if any) is for an older request
        }
        wake_.notify_all();
    }
    // Drops the latest request: no answer comes for it.
    void cancel() {
        std::lock_guard lock(mutex_);
        pending_.reset();
        latest_id_ = 0;
        answer_.reset();
        progress_ = {0, 0};
        stop_.store(true);
    }
    // The latest request's answer once it is ready (nullopt before): kept, or taken.
    std::optional<Answer> answer() const {
        std::lock_guard lock(mutex_);
        return answer_;
    }
    std::optional<Answer> take_answer() {
        std::lock_guard lock(mutex_);
        std::optional<Answer> a = std::move(answer_);
        answer_.reset();
        return a;
    }
    // How far the work on request `id` has come, kept only while it is the latest;
    // progress() reads it ({0, 0} before any).
    void report_progress(uint64_t id, uint64_t done, uint64_t total) {
        std::lock_guard lock(mutex_);
        if (id == latest_id_) progress_ = {done, total};
    }
    std::pair<uint64_t, uint64_t> progress() const {
        std::lock_guard lock(mutex_);
        return progress_;
    }

private:
    void run() {
        for (;;) {
            std::optional<std::pair<Job, uint64_t>> job;
            {
                std::unique_lock lock(mutex_);
                wake_.wait(lock, [&] { return quit_ || pending_.has_value(); });
                if (quit_) return;
                job = std::move(pending_);
                pending_.reset();
                stop_.store(false);  // under the lock: a newer request or a cancel sets it after this
            }
            auto a = work_(job->first, job->second, &stop_);
            std::lock_guard lock(mutex_);
            if (a && job->second == latest_id_) answer_ = std::move(a);
        }
    }

    const Work work_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    bool quit_ = false;
    std::optional<std::pair<Job, uint64_t>> pending_;  // the request and its id
    uint64_t latest_id_ = 0;
    std::optional<Answer> answer_;
    std::pair<uint64_t, uint64_t> progress_{0, 0};
    std::atomic<bool> stop_{false};
    std::thread thread_;  // last: started once everything above exists
};

class Analyst {
public:
    explicit Analyst(const AnalystOptions& options);  // (destroyed: stops the search and joins the thread)
    Analyst(const Analyst&) = delete;
    Analyst& operator=(const Analyst&) = delete;

    // Asks for the position `moves` reach on `deal`; `id` names the request
    // (the answer carries it). Replaces any request not yet answered and
    // cancels a search for an older one.
    void request(Deal deal, std::vector<Move> moves, uint64_t id);
    // The same for a deal with cards not seen in play: the odds (analyse_odds).
    void request_odds(Deal deal, std::vector<Move> moves, uint64_t id);
    // Drops the latest request (no answer comes for it).
    void cancel();
    // The answer to the latest request, once it is ready (nullopt before).
    std::optional<Analysis> answer();
    // Of the latest request for odds: orders solved so far, and to solve ({0, 0} before).
    std::pair<uint64_t, uint64_t> progress() const;

private:
    struct Job {
        Deal deal;
        std::vector<Move> moves;
        bool odds = false;  // the odds (analyse_odds), else the verdict (analyse)
    };
    const AnalystOptions options_;
    api::Session session_;                       // used by the worker's thread only
    LatestRequestWorker<Job, Analysis> worker_;  // last: its thread uses the members above
};

// A challenge's line from the position being played (play --challenge: the
// hint `h` is its next move), computed away from the UI like the verdict.
struct ChallengeHint {
    uint64_t id = 0;  // the request it answers
    std::optional<api::ChallengeAnswer> answer;
    std::vector<Move> line;  // the line the hint follows, from the position (report/challenge.h's page line)
    std::string name;        // "line (score): clears the board, 1290 points, 52 steps"
    std::string error;       // the challenge refused (api::Error's words)
};

// The challenge from the position `moves` reach on `deal`: the position as a
// deal that begins there (engine/position.h), so that a line counts what was
// made in this deal before it, and its steps from here.
std::optional<ChallengeHint> analyse_challenge(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                               const api::ChallengeRequest& challenge, const AnalystOptions& options,
                                               const std::atomic<bool>* stop = nullptr);

class Challenger {
public:
    explicit Challenger(const AnalystOptions& options);  // (destroyed: stops and joins the thread)
    Challenger(const Challenger&) = delete;
    Challenger& operator=(const Challenger&) = delete;
    // The challenge as it stands on this deal (carried from deal to deal: its
    // current count and deals left change).
    void request(Deal deal, std::vector<Move> moves, api::ChallengeRequest challenge, uint64_t id);
    std::optional<ChallengeHint> answer();

private:
    struct Job {
        Deal deal;
        std::vector<Move> moves;
        api::ChallengeRequest challenge;
    };
    const AnalystOptions options_;
    api::Session session_;                            // used by the worker's thread only
    LatestRequestWorker<Job, ChallengeHint> worker_;  // last: its thread uses the members above
};

// The no-peek hint (key o: api::Session::odds, each move's odds over the
// orders of the cards the player has not seen, then the no-peek optimum,
// api::Session::ask_optimum), computed away from the UI like the verdict: one
// more background thread with its own api::Session. The UI reads the orders
// solved so far while it runs, and can cancel it.
struct OddsAnswer {
    uint64_t id = 0;  // the request it answers
    api::Odds odds;
    std::string error;  // the odds refused the moves (never expected: the game's are the verifier's)
    // With optimum states: the best chance without peeking, exact within
    // them, else the proven bracket and the planner's move.
    std::optional<api::AskedOptimum> optimum;
};

// play's budget for the no-peek optimum (information states; about 5 s at an
// msc deal's start on one core, far less later in the game; Esc stops it).
constexpr uint64_t kPlayOptimumStates = 50'000;

class Oddsmaker {
public:
    // The odds' options (samples, limits); stop and progress are its own.
    // With optimum_states > 0, each answer also has the no-peek optimum
    // within that many information states (the progress stays at the orders'
    // total while it is searched).
    explicit Oddsmaker(const api::OddsOptions& options,
                       uint64_t optimum_states = 0);  // (destroyed: stops and joins the thread)
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
    struct Job {
        Deal deal;
        std::vector<Move> moves;
    };
    const api::OddsOptions options_;
    const uint64_t optimum_states_;
    api::Session session_;                         // used by the worker's thread only
    LatestRequestWorker<Job, OddsAnswer> worker_;  // last: its thread uses the members above
};

}  // namespace pyr::play
