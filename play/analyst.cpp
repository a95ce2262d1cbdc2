#include "play/analyst.h"

#include "play/game.h"
#include "report/challenge.h"

namespace pyr::play {

std::optional<Analysis> analyse(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                const AnalystOptions& options, const std::atomic<bool>* stop) {
    // As `solve --hint`: the optimal search from that position (the verdict
    // alone: no score variant's best score).
    api::Request req;
    req.hint = true;
    req.score_headline = false;
    req.limits = options.limits;
    req.limits.stop = stop;
    Analysis a;
    api::Answer r;
    try {
        r = session.solve(deal, moves, req);
    } catch (const api::Error& e) {
        a.error = e.what();
        return a;
    }
    if (r.interrupted) return std::nullopt;
    a.verdict = r.verdict;
    a.states = r.states;
    a.memory_exceeded = r.memory_exceeded;
    if (r.verdict == Verdict::Win) {
        a.moves = static_cast<int>(r.solution.size());
        a.optimal = r.optimal;
        a.hint = r.hint;
    }
    return a;
}

std::optional<Analysis> analyse_odds(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                     const AnalystOptions& options, const std::atomic<bool>* stop,
                                     std::function<void(uint64_t done, uint64_t total)> progress) {
    // As `pyramid solve` asks (cli/cmd_solve.cpp): the odds' samples, seed and
    // exact limit are api::Request's, so the numbers are solve's.
    api::Request req;
    req.limits = options.limits;
    req.limits.stop = stop;
    req.odds_samples = options.odds_samples;
    req.odds_progress = std::move(progress);
    Analysis a;
    try {
        const api::Answer r = session.solve(deal, moves, req);
        if (r.interrupted) return std::nullopt;
        a.verdict = r.verdict;
        a.states = r.states;
        a.memory_exceeded = r.memory_exceeded;
        a.odds = r.odds;
        a.best_move = r.best_move;
        a.unknown = r.unknown;
    } catch (const std::exception& e) {
        a.error = e.what();
    }
    return a;
}

std::optional<ChallengeHint> analyse_challenge(api::Session& session, const Deal& deal, const std::vector<Move>& moves,
                                               const api::ChallengeRequest& challenge, const AnalystOptions& options,
                                               const std::atomic<bool>* stop) {
    ChallengeHint h;
    try {
        const Deal at = api::position_deal(deal, moves);
        api::Request req;
        req.limits = options.limits;
        req.limits.stop = stop;
        h.answer = session.challenge(at, challenge, req);
        if (h.answer->result->interrupted) return std::nullopt;
        ChallengePageLine line = challenge_page_line(deal.variant, *h.answer);
        h.line = std::move(line.moves);
        h.name = std::move(line.name);
    } catch (const std::exception& e) {
        h.error = e.what();
    }
    return h;
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

Analyst::Analyst(const AnalystOptions& options)
    : options_(options), worker_([this](Job& job, uint64_t id, const std::atomic<bool>* stop) {
          auto a = !job.odds
                       ? analyse(session_, job.deal, job.moves, options_, stop)
                       : analyse_odds(session_, job.deal, job.moves, options_, stop,
                                      [&](uint64_t done, uint64_t total) { worker_.report_progress(id, done, total); });
          if (a) a->id = id;
          return a;
      }) {}

void Analyst::request(Deal deal, std::vector<Move> moves, uint64_t id) {
    worker_.request(Job{std::move(deal), std::move(moves), false}, id);
}

void Analyst::request_odds(Deal deal, std::vector<Move> moves, uint64_t id) {
    worker_.request(Job{std::move(deal), std::move(moves), true}, id);
}

void Analyst::cancel() { worker_.cancel(); }

std::optional<Analysis> Analyst::answer() { return worker_.answer(); }

std::pair<uint64_t, uint64_t> Analyst::progress() const { return worker_.progress(); }

Challenger::Challenger(const AnalystOptions& options)
    : options_(options), worker_([this](Job& job, uint64_t id, const std::atomic<bool>* stop) {
          auto h = analyse_challenge(session_, job.deal, job.moves, job.challenge, options_, stop);
          if (h) h->id = id;
          return h;
      }) {}

void Challenger::request(Deal deal, std::vector<Move> moves, api::ChallengeRequest challenge, uint64_t id) {
    worker_.request(Job{std::move(deal), std::move(moves), std::move(challenge)}, id);
}

std::optional<ChallengeHint> Challenger::answer() { return worker_.answer(); }

Oddsmaker::Oddsmaker(const api::OddsOptions& options, uint64_t optimum_states)
    : options_(options),
      optimum_states_(optimum_states),
      worker_([this](Job& job, uint64_t id, const std::atomic<bool>* stop) -> std::optional<OddsAnswer> {
          api::OddsOptions o = options_;
          o.limits.stop = stop;
          o.limits.progress = nullptr;
          o.progress = [&](uint64_t done, uint64_t total) { worker_.report_progress(id, done, total); };
          OddsAnswer a;
          a.id = id;
          try {
              a.odds = session_.odds(job.deal, job.moves, o);
          } catch (const std::exception& e) {
              a.error = e.what();
          }
          if (a.odds.interrupted) return std::nullopt;
          if (a.error.empty() && optimum_states_ > 0) {
              try {
                  a.optimum = session_.ask_optimum(job.deal, job.moves, optimum_states_, o.limits);
              } catch (const std::exception& e) {
                  a.error = e.what();
              }
              if (stop->load()) return std::nullopt;
          }
          return a;
      }) {}

void Oddsmaker::request(Deal deal, std::vector<Move> moves, uint64_t id) {
    worker_.request(Job{std::move(deal), std::move(moves)}, id);
}

void Oddsmaker::cancel() { worker_.cancel(); }

std::pair<uint64_t, uint64_t> Oddsmaker::progress() const { return worker_.progress(); }

std::optional<OddsAnswer> Oddsmaker::answer() { return worker_.take_answer(); }

}  // namespace pyr::play
