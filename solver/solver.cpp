// The public face of the searches (searches.h): picks the search, runs the
// verdict search and then, when asked, the shortest-solution search bounded by
// its win, and replays every answer from a deal's start in the verifier.
#include "solver/solver.h"

#include <chrono>
#include <stdexcept>

#include "engine/table.h"
#include "solver/searches.h"

namespace pyr {

const char* verdict_text(Verdict v) {
    switch (v) {
        case Verdict::Win: return "win";
        case Verdict::Lose: return "lose";
        case Verdict::Intractable: return "intractable";
    }
    return "?";
}

std::optional<Verdict> parse_verdict(std::string_view s) {
    for (Verdict v : {Verdict::Win, Verdict::Lose, Verdict::Intractable})
        if (s == verdict_text(v)) return v;
    return std::nullopt;
}

void verify_solution(const Deal& deal, const std::vector<Move>& moves, int tableau_left) {
    const Replay r = replay(deal, moves);
    if (r.error) throw InternalError("the solver's answer fails the verifier: " + *r.error);
    const Table& end = r.table;
    if (tableau_left < 0 && !r.won())
        throw InternalError("the solver's solution (" + std::to_string(moves.size()) +
                            " moves) does not win the deal in the verifier");
    if (tableau_left >= 0 && end.tableau_left() != tableau_left)
        throw InternalError("the solver's moves leave " + std::to_string(end.tableau_left()) +
                            " tableau cards in the verifier, not " + std::to_string(tableau_left));
}

std::size_t searches_bytes(const Searches& searches, bool grow) { return searches.bytes(grow); }

Solver::Solver() : searches_(std::make_unique<Searches>()) {}
Solver::~Solver() = default;
Solver::Solver(Solver&&) noexcept = default;
Solver& Solver::operator=(Solver&&) noexcept = default;

std::size_t Solver::memory_bytes(bool with_growth) const { return searches_->bytes(with_growth); }

Solver::Method Solver::method_for(const Board& board) {
    return walk_applies(board) || draw_walk_applies(board) ? Method::Walk : Method::Positions;
}

SolveResult Solver::solve(const Board& board, const SolveOptions& options) {
    return solve(board, board.initial(), options);
}

SolveResult Solver::solve(const Board& board, const State& start, const SolveOptions& options) {
    return solve_with(method_for(board), board, start, options);
}

SolveResult Solver::solve_with(Method method, const Board& board, const State& start, const SolveOptions& options) {
    const bool verdict_only = options.verdict_only && !options.optimal;
    const auto t0 = verdict_only ? std::chrono::steady_clock::time_point{} : std::chrono::steady_clock::now();
    const RuleTraits traits(board);
    if (method == Method::Walk && !traits.walk && !traits.draw_walk)
        throw std::invalid_argument(
            "the walk search needs draw-one onto at most one waste, draw-N onto one waste with its top playable from a "
            "face-down stock, or the row redeal");
    // Memory kept from an earlier, larger search does not count against this one's limit.
    if (options.limits.max_memory && memory_bytes() > options.limits.max_memory) searches_->release();
    searches_->trim();
    SolveResult result;
    {
        SearchBudget budget(options, 1, searches_.get());  // the start counts as expanded
        result = method == Method::Walk ? searches_->walk.run(board, traits, start, budget,
                                                              options.rows_first_order_states, options.rows_free_stock,
                                                              options.suit_blind, !verdict_only, options.dead_cards)
                                        : searches_->positions.run(board, traits, start, budget);
    }
    if (options.optimal) {
        // The verdict first, with the fast search: a lost deal is proved lost
        // there, and a won one gives an upper bound on the shortest length.
        if (result.verdict != Verdict::Win || result.solution.empty()) {
            result.optimal = result.verdict == Verdict::Win;
        } else {
            SearchBudget budget(options, result.states, searches_.get());
            if (method == Method::Walk && traits.optimal_walk)
                searches_->optimal_walk.run(board, traits, start, budget, result);
            else searches_->optimal.run(board, traits, start, budget, result);
        }
    }
    if (verdict_only) {
        result.solution.clear();  // (the positions search keeps a win's moves: unverified, not handed out)
        return result;
    }
    if (result.verdict == Verdict::Win && start == board.initial()) {
        const auto t1 = std::chrono::steady_clock::now();
        verify_solution(board.deal(), result.solution);
        result.replay_seconds = seconds_since(t1);
    }
    result.seconds = seconds_since(t0);
    return result;
}

ScoreResult Solver::best_score(const Board& board, const State& start, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    const RuleTraits traits(board);
    if (options.limits.max_memory && memory_bytes() > options.limits.max_memory) searches_->release();
    SearchBudget budget(options, 0, searches_.get());
    ScoreResult out = searches_->score.run(board, traits, start, budget);
    out.seconds = seconds_since(t0);
    if (start == board.initial()) verify_solution(board.deal(), out.moves, out.tableau_left);
    return out;
}

}  // namespace pyr
