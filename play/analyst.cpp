#include "play/analyst.h"

#include "play/game.h"

namespace pyr::play {

std::optional<Analysis> analyse(Solver& solver, const Board& board, const std::vector<Move>& moves,
                                const Limits& limits, const std::atomic<bool>* stop) {
    Analysis a;
    std::string why;
    const auto start = board.play(moves, &why);
    if (!start) {
        a.error = why;
        return a;
    }
    // As `solve --hint`: the optimal search from that position.
    SolveOptions so;
    so.optimal = true;
    so.max_states = limits.max_states;
    so.max_memory_bytes = limits.max_memory;
    so.stop = stop;
    const SolveResult r = solver.solve(board, *start, so);
    if (r.interrupted) return std::nullopt;
    a.verdict = r.verdict;
    a.states = r.states;
    a.memory_exceeded = r.memory_exceeded;
    if (r.verdict == Verdict::Win) {
        a.moves = static_cast<int>(r.solution.size());
        a.optimal = r.optimal;
        if (!r.solution.empty()) a.hint = r.solution.front();
    }
    return a;
}

std::string verdict_words(const Analysis& a, const Variant& v) {
    if (!a.error.empty()) return "unknown: the solver refused the moves (" + a.error + ")";
    switch (a.verdict) {
        case Verdict::Win: {
            const std::string n = std::to_string(a.moves) + (a.moves == 1 ? " move" : " moves");
            if (a.moves == 0) return "won";
            return a.optimal ? "winnable in " + n : "winnable: a solution of " + n + " (shortest not proved: search budget reached)";
        }
        case Verdict::Lose: return "lost: no way to clear " + goal_words(v) + " from here";
        case Verdict::Intractable:
            return a.memory_exceeded ? "unknown: memory limit reached (--max-memory)" : "unknown: search budget reached";
    }
    return "unknown";
}

Analyst::Analyst(const Limits& limits) : limits_(limits), thread_([this] { run(); }) {}

Analyst::~Analyst() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        stop_.store(true);
    }
    wake_.notify_all();
    thread_.join();
}

void Analyst::request(std::shared_ptr<const Board> board, std::vector<Move> moves, uint64_t id) {
    {
        std::lock_guard lock(mutex_);
        pending_ = Job{std::move(board), std::move(moves), id};
        latest_id_ = id;
        answer_.reset();
        stop_.store(true);  // the search running now (if any) is for an older position
    }
    wake_.notify_all();
}

std::optional<Analysis> Analyst::answer() {
    std::lock_guard lock(mutex_);
    return answer_;
}

void Analyst::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || pending_.has_value(); });
            if (quit_) return;
            job = std::move(*pending_);
            pending_.reset();
            stop_.store(false);  // under the lock: a newer request sets it after this
        }
        auto a = analyse(solver_, *job.board, job.moves, limits_, &stop_);
        std::lock_guard lock(mutex_);
        if (a && job.id == latest_id_) {
            a->id = job.id;
            answer_ = std::move(a);
        }
    }
}

Oddsmaker::Oddsmaker(const api::OddsOptions& options) : options_(options), thread_([this] { run(); }) {}

Oddsmaker::~Oddsmaker() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        stop_.store(true);
    }
    wake_.notify_all();
    thread_.join();
}

void Oddsmaker::request(Deal deal, std::vector<Move> moves, uint64_t id) {
    {
        std::lock_guard lock(mutex_);
        pending_ = Job{std::move(deal), std::move(moves), id};
        latest_id_ = id;
        answer_.reset();
        progress_ = {0, 0};
        stop_.store(true);  // the odds computed now (if any) are for an older request
    }
    wake_.notify_all();
}

void Oddsmaker::cancel() {
    std::lock_guard lock(mutex_);
    pending_.reset();
    latest_id_ = 0;
    answer_.reset();
    progress_ = {0, 0};
    stop_.store(true);
}

std::pair<uint64_t, uint64_t> Oddsmaker::progress() const {
    std::lock_guard lock(mutex_);
    return progress_;
}

std::optional<OddsAnswer> Oddsmaker::answer() {
    std::lock_guard lock(mutex_);
    std::optional<OddsAnswer> a = std::move(answer_);
    answer_.reset();
    return a;
}

void Oddsmaker::run() {
    for (;;) {
        Job job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || pending_.has_value(); });
            if (quit_) return;
            job = std::move(*pending_);
            pending_.reset();
            stop_.store(false);  // under the lock: a newer request or a cancel sets it after this
        }
        api::OddsOptions o = options_;
        o.stop = &stop_;
        o.progress = [&](uint64_t done, uint64_t total) {
            std::lock_guard lock(mutex_);
            if (job.id == latest_id_) progress_ = {done, total};
        };
        o.solve_progress = nullptr;
        OddsAnswer a;
        a.id = job.id;
        try {
            a.odds = session_.odds(job.deal, job.moves, o);
        } catch (const std::exception& e) {
            a.error = e.what();
        }
        std::lock_guard lock(mutex_);
        if (!a.odds.interrupted && job.id == latest_id_) answer_ = std::move(a);
    }
}

}  // namespace pyr::play
