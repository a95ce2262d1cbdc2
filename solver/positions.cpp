// The positions search: a plain memoized DFS, one table entry per position,
// for the layouts the walk does not cover (draw-three, several wastes). The
// positions memo and stack are also the best score's where the walk does not
// apply (score.cpp).
#include "solver/depth_first.h"

namespace pyr {

// Pass dominance: a position with more passes left can do everything the same
// position with fewer passes left can (every move sequence stays legal), so if
// (removed, pos, q) is stored for some q <= pass, this position adds nothing.
// Stored positions are either fully searched without a win or on the current
// path, whose search will reach everything they reach.
bool PositionMemo::visit(const Board& board, const RuleTraits& traits, const State& s) {
    const uint64_t key = board.key(s);
    if (traits.pass_dominance && s.pass > 0) {
        State earlier = s;
        for (int q = 0; q < s.pass; ++q) {
            earlier.pass = static_cast<uint8_t>(q);
            if (seen_.contains(encode(earlier))) return false;
        }
    }
    return seen_.insert(key).second;
}

void PositionStack::push(const Board& board, const RuleTraits& traits, ForcedPolicy policy, const State& s) {
    SlotMove buf[kMaxMoves];
    const int n = board.legal_moves(s, buf);
    const int f = forced_move(board, traits, policy, s, buf, n);
    const uint32_t begin = static_cast<uint32_t>(moves_.size());
    if (f >= 0) moves_.push_back(buf[f]);
    else moves_.insert(moves_.end(), buf, buf + n);
    frames_.push_back(Frame{s, begin, begin, static_cast<uint32_t>(moves_.size())});
}

bool PositionStack::next(State& from, SlotMove& move) {
    while (!frames_.empty()) {
        Frame& f = frames_.back();
        if (f.next == f.end) {
            moves_.resize(f.begin);  // the frame's moves sit on top of moves_
            frames_.pop_back();
            continue;
        }
        from = f.state;
        move = moves_[f.next++];
        return true;
    }
    return false;
}

void PositionStack::path(const Board& board, std::vector<Move>& out) const {
    out.clear();
    for (const Frame& fr : frames_) out.push_back(board.to_move(moves_[fr.next - 1]));
}

SolveResult PositionsSearch::run(const Board& board, const RuleTraits& traits, const State& start,
                                 SearchBudget& budget) {
    SolveResult result;
    PositionSpace space(board, traits, ForcedPolicy::win(), memo_, stack_);
    WinGoal goal{board, result.solution, budget};
    return verdict_of(depth_first(space, goal, budget, start), result, budget);
}

}  // namespace pyr
