// The best score: the fewest tableau cards that can be left, with moves that
// leave that few. A search over every reachable position (the walk search's
// table where it applies -- the draw-one walk, the row redeal's, the draw-N
// walk of Tut's Tomb -- the positions table otherwise), remembering the
// position with the most tableau cards removed. Outside the row redeal the
// walks' memo is keyed by the suit-blind form of the removed set
// (Board::suit_blind), as the verdict walk's.
//
// Only reductions that keep every reachable set of removed cards are used:
// the canonical stock boundary and the walk's chain dominance (a position
// reaches every later time of its removed set), pass dominance, and forced
// Kings (removing a playable King only uncovers cards and, drawing one at a
// time onto one waste, never changes what else can be done). Dead-card
// detection and sole pairs are not used: they are about winning, and a
// deal that cannot be won may be best left with some card in place.
// Instead a position is cut when even removing every tableau card that is not
// stuck for good (potential, below) could not beat the best found.
#include <bit>

#include "solver/depth_first.h"

namespace pyr {

namespace {

// Tableau cards removed, and the most that could ever be removed from here.
int removed_tableau(const Board& b, const State& s) { return std::popcount(s.removed & b.tableau_mask()); }

// An upper bound on the tableau cards removed at the end: those removed,
// plus those in play less the ones that can never be removed (stuck_cards,
// prune.h).
int potential(const Board& b, const State& s) {
    return removed_tableau(b, s) + std::popcount(b.in_play(s) & b.tableau_mask() & ~stuck_cards(b, s));
}

// The best score's goal (depth_first.h): every position counts (the best
// found so far, with the moves to it), and a position is not expanded when
// its potential cannot beat the best.
struct BestScoreGoal {
    const Board& board;
    std::vector<Move>& moves;
    int best;  // tableau cards removed in the best position found
    int all;   // ... in a win: nothing better can come

    [[gnu::always_inline]] bool done() const { return best >= all; }
    template <class Space>
    [[gnu::always_inline]] bool reached(const Space& space, const DfsNode& n) {
        if (removed_tableau(board, n.state) > best) {
            best = removed_tableau(board, n.state);
            space.path(moves);
        }
        return false;
    }
    // (The start is counted, its tick's answer left to the next one.)
    bool open(const DfsNode& start, SearchBudget& budget) {
        budget.tick();
        return potential(board, start.state) > best;
    }
    static constexpr bool capped() { return false; }
    [[gnu::always_inline]] bool cut(const DfsNode& n) const { return potential(board, n.state) <= best; }
};

}  // namespace

ScoreResult ScoreSearch::run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget) {
    ScoreResult out;
    BestScoreGoal goal{board, out.moves, removed_tableau(board, start), std::popcount(board.tableau_mask())};
    DfsEnd end;
    if (traits.draw_walk) {
        // The draw-N walk (walk.cpp's run_draw_n, chain_walk.h) with the best
        // score's forced moves (tableau Kings; no sole pairs), keyed by the
        // suit-blind form of the removed set (Board::suit_blind): positions
        // of one form are the same game, so they leave the same fewest
        // tableau cards. Its chain reaches every removed set the positions
        // search reaches (the walk argument is about reachable removed sets,
        // which is all the best score asks). A position cut by its potential
        // keeps its memo entry: everything reachable from it, the rest of its
        // chain included, has no higher potential.
        DrawWalkSpace space(board, traits, ForcedPolicy::score(), draw_memo_, walk_stack_, true);
        end = depth_first(space, goal, budget, start);
    } else if (traits.walk) {
        // Forced Kings, no sole pairs, and discards do not end the walk: the
        // best score may leave a card for good. Outside the row redeal the
        // memo is keyed by the suit-blind form of the removed set, as the
        // verdict walk's (positions of one form are the same game, so they
        // leave the same fewest tableau cards).
        WalkSpace space(board, traits, ChainRules{ForcedPolicy::score(), false, false}, walk_memo_, walk_stack_,
                        !traits.rows, false);
        end = depth_first(space, goal, budget, start);
    } else {
        // Positions: a plain search with forced Kings and pass dominance.
        PositionSpace space(board, traits, ForcedPolicy::score(), memo_, stack_);
        end = depth_first(space, goal, budget, start);
    }
    out.tableau_left = goal.all - goal.best;
    out.states = budget.count();
    out.complete = end.kind != DfsEnd::Stopped;
    out.interrupted = end.interrupted;
    out.memory_exceeded = budget.memory_exceeded();
    return out;
}

}  // namespace pyr
