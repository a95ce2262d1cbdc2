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
            return a.optimal ? "winnable in " + n
                             : "winnable: a solution of " + n + " (shortest not proved: search budget reached)";
        }
        case Verdict::Lose: return "lost: no way to clear " + goal_words(v) + " from here";
        case Verdict::Intractable:
            return a.memory_exceeded ? "unknown: memory limit reached (--max-memory)"
                                     : "unknown: search budget reached";
    }
    return "unknown";
}

Analyst::Analyst(const Limits& limits)
    : limits_(limits), worker_([this](Job& job, uint64_t id, const std::atomic<bool>* stop) {
          auto a = analyse(solver_, *job.board, job.moves, limits_, stop);
          if (a) a->id = id;
          return a;
      }) {}

void Analyst::request(std::shared_ptr<const Board> board, std::vector<Move> moves, uint64_t id) {
    worker_.request(Job{std::move(board), std::move(moves)}, id);
}

std::optional<Analysis> Analyst::answer() { return worker_.answer(); }

Oddsmaker::Oddsmaker(const api::OddsOptions& options)
    : options_(options),
      worker_([this](Job& job, uint64_t id, const std::atomic<bool>* stop) -> std::optional<OddsAnswer> {
          api::OddsOptions o = options_;
          o.stop = stop;
          o.progress = [&](uint64_t done, uint64_t total) { worker_.report_progress(id, done, total); };
          o.solve_progress = nullptr;
          OddsAnswer a;
          a.id = id;
          try {
              a.odds = session_.odds(job.deal, job.moves, o);
          } catch (const std::exception& e) {
              a.error = e.what();
          }
          if (a.odds.interrupted) return std::nullopt;
          return a;
      }) {}

void Oddsmaker::request(Deal deal, std::vector<Move> moves, uint64_t id) {
    worker_.request(Job{std::move(deal), std::move(moves)}, id);
}

void Oddsmaker::cancel() { worker_.cancel(); }

std::pair<uint64_t, uint64_t> Oddsmaker::progress() const { return worker_.progress(); }

std::optional<OddsAnswer> Oddsmaker::answer() { return worker_.take_answer(); }

}  // namespace pyr::play
