#include "solver/solver.h"

#include <chrono>
#include <stdexcept>

#include "engine/table.h"
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

void verify_solution(const Deal& deal, const std::vector<Move>& moves, int tableau_left) {
    bool won = false;
    Table end(deal);
    if (const auto error = replay(deal, moves, &won, &end))
        throw InternalError("the solver's answer fails the verifier: " + *error);
    if (tableau_left < 0 && !won)
        throw InternalError("the solver's solution (" + std::to_string(moves.size()) +
                            " moves) does not win the deal in the verifier");
    if (tableau_left >= 0 && end.tableau_left() != tableau_left)
        throw InternalError("the solver's moves leave " + std::to_string(end.tableau_left()) +
                            " tableau cards in the verifier, not " + std::to_string(tableau_left));
}

namespace {
template <class T>
std::size_t table_bytes(const T& t, bool grow) {
    std::size_t buckets = t.bucket_count();
    // An expansion adds at most kMaxMoves entries: near the load limit, count the next rehash.
    if (grow && t.size() + kMaxMoves > t.max_load()) buckets = buckets ? 2 * buckets : 64;
    return buckets * (sizeof(typename T::value_type) + 1);  // + about one byte of metadata a slot
}
template <class V>
std::size_t vector_bytes(const V& v, bool grow) {
    std::size_t cap = v.capacity();
    if (grow && v.size() + kMaxMoves > cap) cap = std::max(2 * cap, v.size() + kMaxMoves);
    return cap * sizeof(typename V::value_type);
}
}  // namespace

std::size_t Solver::memory_bytes(bool with_growth) const {
    const bool g = with_growth;
    std::size_t n = table_bytes(seen_, g) + table_bytes(first_time_packed_, g) + table_bytes(first_time_, g) +
                    table_bytes(best_, g) + table_bytes(heads_, g);
    n += vector_bytes(stack_, g) + vector_bytes(moves_, g) + vector_bytes(walk_stack_, g) +
         vector_bytes(walk_moves_, g) + vector_bytes(nodes_, g);
    for (const auto& b : open_) n += vector_bytes(b, g);
    for (const auto& b : open_nodes_) n += vector_bytes(b, g);
    return n;
}

void Solver::release() {
    seen_ = {};
    first_time_packed_ = {};
    first_time_ = {};
    best_ = {};
    heads_ = {};
    stack_ = {};
    moves_ = {};
    walk_stack_ = {};
    walk_moves_ = {};
    nodes_ = {};
    open_ = {};
    open_nodes_ = {};
}

SolveResult Solver::solve_with(Method method, const Board& board, const State& start, const SolveOptions& options) {
    // Memory kept from an earlier, larger search does not count against this one's limit.
    if (options.max_memory_bytes && memory_bytes() > options.max_memory_bytes) release();
    SolveResult result = search(method, board, start, options);
    if (result.verdict == Verdict::Win && start == board.initial()) verify_solution(board.deal(), result.solution);
    return result;
}

SolveResult Solver::search(Method method, const Board& board, const State& start, const SolveOptions& options) {
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
    SearchBudget budget(options, 1, this);  // the start counts as expanded
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
