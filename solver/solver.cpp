#include "solver/solver.h"

#include <chrono>
#include <stdexcept>

#include "solver/prune.h"
#include "solver/search_util.h"

namespace pyr {

const char* verdict_text(Verdict v) {
    switch (v) {
        case Verdict::Win: return "win";
        case Verdict::Lose: return "lose";
        case Verdict::Intractable: return "intractable";
    }
    return "?";
}

// Pass dominance: a position with more passes left can do everything the same
// position with fewer passes left can (every move sequence stays legal), so if
// (removed, pos, q) is stored for some q <= pass, this position adds nothing.
// Stored positions are either fully searched without a win or on the current
// path, whose search will reach everything they reach.
bool Solver::visit(const Board& board, const State& s) {
    const uint64_t key = board.key(s);
    // (Not with the row redeal: there the stock's order depends on the pass.)
    if (!board.unlimited() && s.pass > 0 && !board.rows_redeal()) {
        State earlier = s;
        for (int q = 0; q < s.pass; ++q) {
            earlier.pass = static_cast<uint8_t>(q);
            if (seen_.contains(encode(earlier))) return false;
        }
    }
    return seen_.insert(key).second;
}

Solver::Method Solver::method_for(const Board& board) {
    const Variant& v = board.variant();
    return (v.draw == 1 && v.wastes <= 1) || board.rows_redeal() ? Method::Walk : Method::Positions;
}

SolveResult Solver::solve(const Board& board, const SolveOptions& options) {
    return solve(board, board.initial(), options);
}

SolveResult Solver::solve(const Board& board, const State& start, const SolveOptions& options) {
    return solve_with(method_for(board), board, start, options);
}

SolveResult Solver::solve_with(Method method, const Board& board, const State& start, const SolveOptions& options) {
    if (method == Method::Walk && method_for(board) != Method::Walk)
        throw std::invalid_argument("the walk search needs draw-one onto at most one waste, or the row redeal");
    if (options.optimal) return solve_optimal(method, board, start, options);
    return method == Method::Walk ? solve_walk(board, start, options) : solve_positions(board, start, options);
}

// The positions method: a plain memoized DFS, one table entry per position.
SolveResult Solver::solve_positions(const Board& board, const State& start, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    SolveResult result;
    recycle(seen_);
    stack_.clear();
    moves_.clear();
    SearchBudget budget(options, 1);  // the start counts as expanded
    auto finish = [&](Verdict verdict) {
        result.verdict = verdict;
        return finish_search(result, budget, t0);
    };
    if (board.won(start)) return finish(Verdict::Win);
    visit(board, start);
    if (has_dead_card(board, start)) return finish(Verdict::Lose);

    SlotMove buf[kMaxMoves];
    auto push = [&](const State& s) {
        int n = board.legal_moves(s, buf);
        const int f = forced_move(board, s, buf, n);
        const uint32_t begin = static_cast<uint32_t>(moves_.size());
        if (f >= 0) {
            moves_.push_back(buf[f]);
        } else {
            moves_.insert(moves_.end(), buf, buf + n);
        }
        stack_.push_back(Frame{s, begin, begin, static_cast<uint32_t>(moves_.size())});
    };
    push(start);
    while (!stack_.empty()) {
        Frame& f = stack_.back();
        if (f.next == f.end) {
            moves_.resize(f.begin);  // the frame's moves sit on top of moves_
            stack_.pop_back();
            continue;
        }
        const SlotMove m = moves_[f.next++];
        const State s = board.apply(f.state, m);
        if (board.won(s)) {
            for (const Frame& fr : stack_) result.solution.push_back(board.to_move(moves_[fr.next - 1]));
            return finish(Verdict::Win);
        }
        if (!visit(board, s)) continue;
        if (const auto stop = budget.tick(); stop != SearchBudget::Stop::No) {
            result.interrupted = stop == SearchBudget::Stop::Interrupted;
            return finish(Verdict::Intractable);
        }
        if (has_dead_card_after(board, s, m)) continue;  // pushed positions have no dead card
        push(s);
    }
    return finish(Verdict::Lose);
}

}  // namespace pyr
