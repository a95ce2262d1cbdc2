// The depth-first driver of the memoized searches: the verdict's walk and
// draw-N walk (walk.cpp), its positions search (positions.cpp) and the best
// score's three searches (score.cpp), the challenges' maxima (challenge.cpp),
// and the no-peek optimum and its reveal relaxation U_d (optimal_nopeek.cpp,
// reveal_bound.h) are each one instantiation of depth_first(space, goal):
// the same loop (push, next, arrive, tick, cut), with the parts that differ
// as two policy types whose calls are inlined (this is the searches' hot
// path: no virtual calls).
//
// A Space is the memo and stack of one kind of search, over DfsNode:
//   DfsNode root(const State& start)     empties memo and stack; the start's node
//   bool next(DfsNode& n)                the next position to try, depth first
//                                        (false: nothing left)
//   bool arrive(const DfsNode& n)        the memo: false when n adds nothing
//   void push(const DfsNode& n)          expands n (its moves go on the stack)
//   void path(std::vector<Move>&) const  the moves from the start to the node
//                                        next() handed out last
// Spaces here: WalkSpace (draw-one and the row redeal), DrawWalkSpace
// (draw-N), PositionSpace (every legal move); MaximaPositionSpace
// (challenge.cpp: the maxima over positions); ChanceSpace (optimal_nopeek.cpp:
// the optimum and U_d, which sets its leaf policy) is a stack of frames whose
// next() folds finished children's values into their parents (a value known
// at arrival is folded there, and arrive returns false).
//
// A Goal is what the search is after:
//   bool done() const                    checked before each next(): true ends
//                                        the search (nothing better can come)
//   bool reached(const Space&, const DfsNode&)
//                                        every node, the start too, before the
//                                        memo: true ends the search (found)
//   bool open(const DfsNode& start, SearchBudget&)
//                                        the start, after its arrival: false
//                                        ends it before any expansion
//   bool capped() const                  after an arrival, before the budget's
//                                        tick: true ends the search (stopped)
//   bool cut(const DfsNode& n)           after the tick: true leaves n
//                                        unexpanded (its arrival stays)
// Goals: WinGoal below (the verdict), BestScoreGoal (score.cpp), MaximaGoal
// (challenge.cpp), OptimumGoal (optimal_nopeek.cpp, the optimum's and U_d's:
// never reached).
#pragma once
#include <vector>

#include "solver/searches.h"

namespace pyr {

// A position handed out by a space, with what its space and goal read.
struct DfsNode {
    State state;
    SlotMove move{};   // the move that reached it (none at the start)
    uint64_t key = 0;  // the walks: its memo key (the stack makes it when the walk offers the move)
    // The row redeal's final-pass order when the move was made in that pass
    // (has_dead_card_after), else null.
    const uint8_t* order = nullptr;
    int len = 0;
};

// How depth_first ended.
struct DfsEnd {
    enum Kind { Exhausted, Reached, Stopped };
    Kind kind = Exhausted;     // every position searched; the goal reached; stopped (budget, cap, Ctrl-C)
    bool interrupted = false;  // Stopped by the stop flag (Limits::stop)
};

template <class Space, class Goal>
DfsEnd depth_first(Space& space, Goal& goal, SearchBudget& budget, const State& start) {
    DfsNode node = space.root(start);
    if (goal.reached(space, node)) return {DfsEnd::Reached};
    space.arrive(node);
    if (!goal.open(node, budget)) return {DfsEnd::Exhausted};
    space.push(node);
    while (!goal.done() && space.next(node)) {
        if (goal.reached(space, node)) return {DfsEnd::Reached};
        if (!space.arrive(node)) continue;
        if (goal.capped()) return {DfsEnd::Stopped};
        if (const auto stop = budget.tick(); stop != SearchBudget::Stop::No)
            return {DfsEnd::Stopped, stop == SearchBudget::Stop::Interrupted};
        if (goal.cut(node)) continue;
        space.push(node);
    }
    return {DfsEnd::Exhausted};
}

// What the two walks' spaces share: the memo (WalkMemo or DrawWalkMemo), the
// walk's stack, and the memo keys: the suit-blind form of the removed set
// with `suit_blind` (never with the row redeal), else the removed set.
template <class Memo>
class ChainSpace {
public:
    [[gnu::always_inline]] DfsNode root(const State& start) {
        memo_.clear();
        stack_.clear();
        return DfsNode{start, {}, suit_blind_ ? board_.suit_blind(start.removed) : start.removed};
    }
    void path(std::vector<Move>& out) const { stack_.path(board_, out); }

protected:
    ChainSpace(const Board& board, const RuleTraits& traits, Memo& memo, WalkStack& stack, bool suit_blind,
               bool reversed)
        : board_(board), traits_(traits), memo_(memo), stack_(stack), suit_blind_(suit_blind) {
        stack_.set_reversed(reversed);
        stack_.set_suit_blind(suit_blind);
    }
    const Board& board_;
    const RuleTraits& traits_;
    Memo& memo_;
    WalkStack& stack_;
    const bool suit_blind_;
};

// The walk (walk.cpp, chain_walk.h): draw-one onto at most one waste, or the
// row redeal, its moves tried in the chain walk's order or `reversed`
// (WalkStack::set_reversed).
class WalkSpace : public ChainSpace<WalkMemo> {
public:
    WalkSpace(const Board& board, const RuleTraits& traits, const ChainRules& rules, WalkMemo& memo, WalkStack& stack,
              bool suit_blind, bool reversed)
        : ChainSpace(board, traits, memo, stack, suit_blind, reversed), rules_(rules) {}
    [[gnu::always_inline]] bool next(DfsNode& n) {
        return stack_.next(board_, n.state, n.move, &n.order, &n.len, &n.key);
    }
    // (The row redeal's stack makes no keys: its memo keys its own chain key.)
    [[gnu::always_inline]] bool arrive(const DfsNode& n) {
        return memo_.arrive(board_, n.state, limit_, traits_.rows ? n.state.removed : n.key);
    }
    [[gnu::always_inline]] void push(const DfsNode& n) {
        stack_.push(board_, traits_, rules_, n.state, limit_, &memo_, n.key);
    }

private:
    const ChainRules rules_;
    uint32_t limit_ = WalkMemo::kNoLimit;  // the last arrival's: how far its expansion walks
};

// The draw-N walk (RuleTraits::draw_walk; walk.cpp, chain_walk.h), with
// `policy`'s forced moves.
class DrawWalkSpace : public ChainSpace<DrawWalkMemo> {
public:
    DrawWalkSpace(const Board& board, const RuleTraits& traits, ForcedPolicy policy, DrawWalkMemo& memo,
                  WalkStack& stack, bool suit_blind)
        : ChainSpace(board, traits, memo, stack, suit_blind, false),
          policy_(policy),
          prefetch_(DrawWalkMemo::packed(board) ? &memo : nullptr) {}
    [[gnu::always_inline]] bool next(DfsNode& n) {
        return stack_.next(board_, n.state, n.move, nullptr, nullptr, &n.key);
    }
    [[gnu::always_inline]] bool arrive(const DfsNode& n) {
        return memo_.arrive(board_, n.state, draw_lane(board_, n.state), old_, n.key);
    }
    [[gnu::always_inline]] void push(const DfsNode& n) {
        stack_.push_draw_n(board_, traits_, n.state, old_, prefetch_, n.key, policy_);
    }

private:
    const ForcedPolicy policy_;
    const DrawWalkMemo* prefetch_;  // the memo whose slots the stack prefetches (the packed one), else null
    DrawWalkMemo::Cover old_;       // the last arrival's: where its expansion stops
};

// The positions search (positions.cpp): every legal move, or the forced one
// alone (`policy`), one memo entry per position with pass dominance.
class PositionSpace {
public:
    PositionSpace(const Board& board, const RuleTraits& traits, ForcedPolicy policy, PositionMemo& memo,
                  PositionStack& stack)
        : board_(board), traits_(traits), policy_(policy), memo_(memo), stack_(stack) {}
    [[gnu::always_inline]] DfsNode root(const State& start) {
        memo_.clear();
        stack_.clear();
        return DfsNode{start};
    }
    [[gnu::always_inline]] bool next(DfsNode& n) {
        State from;
        if (!stack_.next(from, n.move)) return false;
        n.state = board_.apply(from, n.move);
        return true;
    }
    [[gnu::always_inline]] bool arrive(const DfsNode& n) { return memo_.visit(board_, traits_, n.state); }
    [[gnu::always_inline]] void push(const DfsNode& n) { stack_.push(board_, traits_, policy_, n.state); }
    void path(std::vector<Move>& out) const { stack_.path(board_, out); }

private:
    const Board& board_;
    const RuleTraits& traits_;
    const ForcedPolicy policy_;
    PositionMemo& memo_;
    PositionStack& stack_;
};

// The verdict: a won position, with the moves to it. Positions with a dead
// card (prune.h) are not expanded; with `relaxed`, neither are those lost in
// the free-stock relaxation (the row redeal's walk: free_stock.h). With `cap`,
// the search stops once the budget has counted that many positions.
struct WinGoal {
    const Board& board;
    std::vector<Move>& solution;
    const SearchBudget& budget;
    uint64_t cap = 0;                        // 0: none
    FreeStockRelaxation* relaxed = nullptr;  // null: not asked
    bool path = true;                        // false: the win's moves are not kept (SolveOptions::verdict_only)
    bool dead_at_start = true;               // the dead-card check at the start (SolveOptions::dead_cards)
    bool dead_after_moves = true;            // ... and after every move

    static constexpr bool done() { return false; }
    template <class Space>
    [[gnu::always_inline]] bool reached(const Space& space, const DfsNode& n) {
        if (!board.won(n.state)) return false;
        if (path) space.path(solution);
        return true;
    }
    bool open(const DfsNode& start, SearchBudget&) { return !dead_at_start || !has_dead_card(board, start.state); }
    [[gnu::always_inline]] bool capped() const { return cap && budget.count() >= cap; }
    // (Pushed positions have no dead card, so only what the move changed is
    // checked; without the check at the start that finds fewer, never a
    // false one.)
    [[gnu::always_inline]] bool cut(const DfsNode& n) {
        return (dead_after_moves && has_dead_card_after(board, n.state, n.move, n.order, n.len)) ||
               (relaxed && relaxed->solve(board, n.state) == FreeStockRelaxation::Outcome::Lost);
    }
};

// The verdict of a search that ended `end`, into `result`.
inline SolveResult verdict_of(DfsEnd end, SolveResult& result, const SearchBudget& budget) {
    result.verdict = end.kind == DfsEnd::Reached     ? Verdict::Win
                     : end.kind == DfsEnd::Exhausted ? Verdict::Lose
                                                     : Verdict::Intractable;
    result.interrupted = end.interrupted;
    return finish_search(result, budget);
}

}  // namespace pyr
