// The optimal search with draws folded into removals (draw-one, at most one
// waste): A* whose nodes are entry points (R, t) -- a removed set R and the
// stock time t at which it was reached -- and whose edges are "draw along R's
// chain to t', then make a removal there", costing the draws (and redeals)
// plus one.
//
// Why it is exact. For a fixed R the draws and redeals are deterministic, so
// (R, t1) reaches (R, t2) for any later t2 on the chain at cost
// dist_R(t1, t2), the number of draws and redeals in between. Hence:
//  - (R, t1) reached at cost g1 dominates (R, t2) reached at cost g2 when
//    g1 + dist_R(t1, t2) <= g2: everything the second can do, the first can
//    do at no greater total cost. Dominated nodes are dropped, and an
//    expansion stops walking where another node of R dominates the chain.
//  - Each distinct removal is offered only at the first position of the walk
//    where it is available: made later it reaches the same R' at a later
//    time, for at least the draws in between, and the earlier R' reaches that
//    position by drawing the same cards (fewer if the removal took a stock
//    card): the later one is dominated. Removals of tableau/reserve cards only
//    are offered at t alone, for the same reason.
//  - After one full cycle of the stock the chain repeats configurations
//    already passed at lower cost, so the walk ends there.
//  - With a face-up stock (its top card playable), draw-one and one waste,
//    the walk stops at a King on top of the stock, after offering the moves
//    there (the King's removal among them). Drawing the King costs one move,
//    as removing it does, and reaches (R, t') where removing it reaches
//    (R + K, t') at the same cost and stock boundary. R + K is at least as
//    good: every line of play from (R, t') stays legal move for move without
//    the King, minus any move that drew or removed it (the King is nobody's
//    partner; while it lies on the waste top nothing under it is playable).
//    So every removal the walk would offer past the King is matched, at no
//    greater cost, by the same removal from the King's node, reaching a
//    superset of what it removes: the walk past the King is not needed.
//    (A King the goal needs is removed there anyway: goal `all` stops too.)
// The heuristic is optimal_heuristic (optimal.cpp), with BPMX (a child's bound
// is at least its parent's minus the edge cost) so that f never decreases;
// entries are re-opened when reached more cheaply. The forced moves of the
// plain optimal search apply unchanged.
#include <algorithm>
#include <bit>
#include <chrono>
#include <limits>

#include "solver/heuristic.h"
#include "solver/searches.h"

namespace pyr {

namespace {
constexpr uint32_t kNone = kNoEntry;
}  // namespace

// Records (R, t) reached at cost g unless a node of R dominates it
// (reach_entry, chain_walk.h); returns the node's index, or kNone.
uint32_t OptimalWalkSearch::reach_node(const Board& board, const State& t, uint32_t g, const NodeLink& how) {
    Node n;
    n.removed = t.removed;
    n.pos = t.pos;
    n.pass = t.pass;
    n.g = static_cast<uint16_t>(g);
    n.how = how;
    return reach_entry(board, nodes_, heads_, n);
}

std::size_t OptimalWalkSearch::bytes(bool grow) const {
    return vector_bytes(nodes_, grow) + table_bytes(heads_, grow) + open_nodes_.bytes(grow, !nodes_.empty());
}

// `result` holds a solution from the verdict search; its length bounds the search.
void OptimalWalkSearch::run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                            SolveResult& result) {
    const int upper = static_cast<int>(result.solution.size());
    recycle_vector(nodes_);
    recycle(heads_);
    open_nodes_.reset(upper);

    // Nodes are queued with a lower bound on their heuristic (BPMX: the
    // parent's bound minus the edge cost) and evaluated as they come off the
    // queue, in two stages: the cheap removal bound first, the whole
    // heuristic only if the node is still in the current bucket. A node whose
    // bound rises goes back into its proper bucket, and most never return.
    const PairMatchings pm(board);
    auto queue = [&](uint32_t index, int h_floor) {
        Node& n = nodes_[index];
        n.h = static_cast<uint8_t>(std::clamp(h_floor, 0, 255));
        open_nodes_.push(n.g + n.h, index);
    };
    // Raises a node's bound as far as the current bucket f needs: the removal
    // part first, the whole heuristic only if the node still fits f. False if
    // it turned out a dead end (the heuristic finds a needed card that can no
    // longer be paired: this search needs no separate dead-card test).
    auto evaluate = [&](uint32_t index, int f) {
        Node& n = nodes_[index];
        const State s{n.removed, n.pos, n.pass, 0};
        bool complete = false;
        const int h = optimal_heuristic_upto(board, pm, s, f - n.g, &complete);
        n.stage = complete ? 2 : 1;
        if (h >= (1 << 20)) {
            n.closed = true;  // lost from here, and so from every later time of R
            n.walked = true;
            n.end_far = true;
            return false;
        }
        n.h = static_cast<uint8_t>(std::min(std::max<int>(h, n.h), 255));
        return true;
    };
    const uint32_t root = reach_node(board, start, 0, NodeLink{kNone, {}, 0, 0});
    queue(root, 0);
    const ChainRules rules{ForcedPolicy::optimal(), true, traits.king_top_stops};

    for (int f = 0; f <= upper; ++f) {
        // Last in, first out within a bucket (deeper first); nodes queued into
        // this bucket while expanding are taken in turn.
        uint32_t index;
        while (open_nodes_.pop(f, index)) {
            if (nodes_[index].closed || nodes_[index].g + nodes_[index].h != f) continue;
            if (nodes_[index].stage < 2) {
                if (!evaluate(index, f)) continue;
                const int nf = nodes_[index].g + nodes_[index].h;
                if (nf != f) {  // its bound rose: back into its own bucket
                    open_nodes_.push(nf, index);
                    continue;
                }
            }
            nodes_[index].closed = true;
            nodes_[index].walked = true;
            nodes_[index].end_far = true;  // unless the walk below stops where another node covers it
            const Node node = nodes_[index];
            const State s{node.removed, node.pos, node.pass};
            if (board.won(s)) {
                // Walk the parents back, then replay forwards with the draws.
                std::vector<uint32_t> path;
                for (uint32_t i = index; i != kNone; i = nodes_[i].how.parent) path.push_back(i);
                std::reverse(path.begin(), path.end());
                result.solution.clear();
                for (size_t i = 1; i < path.size(); ++i) {
                    const Node& from = nodes_[path[i - 1]];
                    const NodeLink& how = nodes_[path[i]].how;
                    append_draws(board, State{from.removed, from.pos, from.pass, 0}, how.pos, how.pass,
                                 result.solution);
                    result.solution.push_back(board.to_move(how.move));
                }
                finish_optimal(result, budget, true);
                return;
            }
            if (optimal_stopped(budget, result)) return;

            // The walk along R's chain (chain_walk.h), with two more stops: where
            // another node of R walked on at no greater cost, and at the bound.
            struct Visitor {
                OptimalWalkSearch& self;
                const Board& board;
                const Node& node;
                uint32_t index, head, cost;
                int upper;
                decltype(queue)& enqueue;
                void offer(SlotMove m, const State& at) {
                    const State next = board.apply(at, m);
                    const uint32_t g = cost + 1;
                    if (static_cast<int>(g) > upper) return;
                    const uint32_t child = self.reach_node(board, next, g, NodeLink{index, m, at.pos, at.pass});
                    if (child != kNone) enqueue(child, node.h - static_cast<int>(g - node.g));
                }
                bool keep_going(const State& at) {
                    // Covered: another node of R walked this position at no greater cost.
                    auto& nodes = self.nodes_;
                    for (uint32_t i = head; i != kNone; i = nodes[i].next) {
                        const Node& o = nodes[i];
                        if (i == index || !o.walked || !entry_dominates(board, o, at.pos, at.pass, cost)) continue;
                        if (o.end_far ||
                            chain_distance(board, node.removed, o.pass, o.pos, at.pass, at.pos) <
                                chain_distance(board, node.removed, o.pass, o.pos, o.end_pass, o.end_pos)) {
                            nodes[index].end_far = false;
                            nodes[index].end_pos = at.pos;
                            nodes[index].end_pass = at.pass;
                            return false;
                        }
                    }
                    return true;
                }
                bool step() { return static_cast<int>(++cost) < upper; }
            };
            // R's nodes: the removals reach other removed sets only, so R's
            // list keeps its head while the walk goes on.
            Visitor visitor{*this, board, node, index, heads_.at(s.removed).index, node.g, upper, queue};
            walk_chain(board, traits, rules, s, visitor);
        }
    }
    // Nothing within the bound beat the fast search's solution: it is a shortest one.
    finish_optimal(result, budget, true);
}

}  // namespace pyr
