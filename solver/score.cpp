// The best score: the fewest tableau cards that can be left, with moves that
// leave that few. A search over every reachable position (the walk search's
// table where it applies, the positions table otherwise), remembering the
// position with the most tableau cards removed.
//
// Only reductions that keep every reachable set of removed cards are used:
// the canonical stock boundary and the walk's chain dominance (a position
// reaches every later time of its removed set), pass dominance, and forced
// Kings (removing a playable King only uncovers cards and, drawing one at a
// time onto one waste, never changes what else can be done). Dead-card
// detection and sole pairs are not used: they are about winning, and a
// deal that cannot be won may be best left with some card in place.
// Instead a position is cut when even removing every tableau card that still
// has a usable partner (or is a King) could not beat the best found.
#include <bit>
#include <chrono>

#include "solver/prune.h"
#include "solver/search_util.h"
#include "solver/solver.h"

namespace pyr {

namespace {

// Tableau cards removed, and the most that could ever be removed from here.
int removed_tableau(const Board& b, const State& s) { return std::popcount(s.removed & b.tableau_mask()); }

int potential(const Board& b, const State& s) {
    const uint64_t in_play = b.in_play(s);
    int n = removed_tableau(b, s);
    for (uint64_t m = in_play & b.tableau_mask(); m; m &= m - 1) {
        const int x = std::countr_zero(m);
        if (b.rank(x) == b.variant().lone_rank || usable_partners(b, in_play, x)) ++n;
    }
    return n;
}

}  // namespace

ScoreResult Solver::best_score(const Board& board, const State& start, const SolveOptions& options) {
    if (options.max_memory_bytes && memory_bytes() > options.max_memory_bytes) release();
    ScoreResult out = score_search(board, start, options);
    if (start == board.initial()) verify_solution(board.deal(), out.moves, out.tableau_left);
    return out;
}

ScoreResult Solver::score_search(const Board& board, const State& start, const SolveOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    ScoreResult out;
    int best = removed_tableau(board, start);
    const int all = std::popcount(board.tableau_mask());
    SearchBudget budget(options, 0, this);
    auto finish = [&](bool complete) {
        out.tableau_left = all - best;
        out.states = budget.count();
        out.complete = complete;
        out.seconds = seconds_since(t0);
        out.memory_exceeded = budget.memory_exceeded();
        return out;
    };
    auto tick = [&]() {
        const auto stop = budget.tick();
        out.interrupted = stop == SearchBudget::Stop::Interrupted;
        return stop == SearchBudget::Stop::No;
    };

    if (method_for(board) == Method::Walk) {
        score_mode_ = true;
        recycle(first_time_);
        recycle(first_time_packed_);
        walk_stack_.clear();
        walk_moves_.clear();
        uint32_t limit = 0;
        arrive(board, start, limit);
        tick();
        if (potential(board, start) > best) walk_push(board, start, limit);
        State next;
        SlotMove move;
        while (best < all && walk_next(board, next, move)) {
            if (removed_tableau(board, next) > best) {
                best = removed_tableau(board, next);
                walk_path(board, out.moves);
            }
            if (!arrive(board, next, limit)) continue;
            if (!tick()) return finish(false);
            if (potential(board, next) <= best) continue;
            walk_push(board, next, limit);
        }
        score_mode_ = false;
        return finish(true);
    }

    // Positions: a plain search with forced Kings and pass dominance.
    recycle(seen_);
    stack_.clear();
    moves_.clear();
    visit(board, start);
    tick();
    SlotMove buf[kMaxMoves];
    auto push = [&](const State& s) {
        int n = board.legal_moves(s, buf);
        const uint32_t begin = static_cast<uint32_t>(moves_.size());
        int king = -1;
        for (int i = 0; i < n && king < 0; ++i)
            if (buf[i].kind == SlotMove::Single && (buf[i].a < board.fixed() || stock_removals_commute(board))) king = i;
        if (king >= 0) moves_.push_back(buf[king]);
        else moves_.insert(moves_.end(), buf, buf + n);
        stack_.push_back(Frame{s, begin, begin, static_cast<uint32_t>(moves_.size())});
    };
    if (potential(board, start) > best) push(start);
    while (!stack_.empty() && best < all) {
        Frame& f = stack_.back();
        if (f.next == f.end) {
            moves_.resize(f.begin);
            stack_.pop_back();
            continue;
        }
        const SlotMove m = moves_[f.next++];
        const State s = board.apply(f.state, m);
        if (removed_tableau(board, s) > best) {
            best = removed_tableau(board, s);
            out.moves.clear();
            for (const Frame& fr : stack_) out.moves.push_back(board.to_move(moves_[fr.next - 1]));
        }
        if (!visit(board, s)) continue;
        if (!tick()) return finish(false);
        if (potential(board, s) <= best) continue;
        push(s);
    }
    return finish(true);
}

}  // namespace pyr
