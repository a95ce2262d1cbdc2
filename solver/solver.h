// Exact solver: memoized depth-first searches over packed positions.
//
// Verdicts are proofs. `win` comes with a move list that the independent
// verifier (engine/table.h) replays; `lose` means every reachable position
// was searched (up to the sound reductions of solver/prune.h); when the
// --max-states budget runs out first the verdict is `intractable`, never `lose`.
#pragma once
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "engine/board.h"
#include "engine/internal_error.h"
#include "engine/move.h"

namespace pyr {

enum class Verdict { Win, Lose, Intractable };
// (A failed check throws InternalError, engine/internal_error.h.)
const char* verdict_text(Verdict v);

struct SolveOptions {
    bool optimal = false;                     // a shortest solution (every move counts one)
    uint64_t max_states = 0;                  // positions the search may expand; 0 = no limit
    // Bytes the search's tables and stacks may hold; 0 = no limit. A search
    // whose tables would grow past it stops with `intractable` (for the
    // optimal search after a win: the win, not proved shortest).
    uint64_t max_memory_bytes = 0;
    const std::atomic<bool>* stop = nullptr;  // set from elsewhere (Ctrl-C) to stop early
    // Called every 2^20 expanded positions with the count so far (progress display).
    std::function<void(uint64_t states)> progress;
};

struct SolveResult {
    Verdict verdict = Verdict::Lose;
    std::vector<Move> solution;  // the moves, when won
    uint64_t states = 0;         // positions expanded (the search's work; see each method)
    double seconds = 0;
    bool interrupted = false;  // stopped through SolveOptions::stop: verdict is intractable
    bool optimal = false;      // with SolveOptions::optimal: the solution is proved shortest
    bool memory_exceeded = false;  // stopped by SolveOptions::max_memory_bytes: verdict is intractable
};

struct ScoreResult {
    int tableau_left = 0;     // the fewest tableau cards that can be left
    std::vector<Move> moves;  // moves that leave that few
    uint64_t states = 0;
    double seconds = 0;
    bool complete = true;     // false when the budget ran out: tableau_left is then only reachable, maybe not best
    bool interrupted = false;
    bool memory_exceeded = false;
};

// Replays moves from the deal's start in the independent verifier
// (engine/table.h) and throws InternalError unless every move is legal and the
// deal ends won (`tableau_left` < 0) or with that many tableau cards left.
// The solver calls it on every answer it gives from a deal's start.
void verify_solution(const Deal& deal, const std::vector<Move>& moves, int tableau_left = -1);

// Empties a memo table for the next deal, keeping its memory unless it grew
// huge: clearing costs time in proportion to capacity, so after a search of
// millions of positions every later small deal would pay for it.
template <class Table>
void recycle(Table& table) {
    if (table.bucket_count() > (std::size_t{1} << 22)) table = Table();
    else table.clear();
}

// One solver per worker: its tables and stacks are kept between deals, so
// solving many deals allocates only while the tables grow.
class Solver {
public:
    // The search methods. Both are exact; `Walk` is the fast one and applies
    // when cards are drawn one at a time onto at most one waste, and to the
    // row redeal (Apophis).
    enum class Method {
        Walk,       // memo keyed by the chain (the removed set): see solver/walk.cpp
        Positions,  // memo keyed by the whole position (removed set, boundary, pass)
    };
    static Method method_for(const Board& board);

    // Every win (and best score) found from the deal's start is replayed by
    // the independent verifier before it is returned: see verify_solution.
    SolveResult solve(const Board& board, const SolveOptions& options = {});
    // The best score: the fewest tableau cards that can be left (0 = a win),
    // with moves that leave that few (see solver/score.cpp).
    ScoreResult best_score(const Board& board, const State& start, const SolveOptions& options);
    SolveResult solve(const Board& board, const State& start, const SolveOptions& options);
    // With a given method (tests compare them); options.optimal picks its optimal search.
    SolveResult solve_with(Method method, const Board& board, const State& start, const SolveOptions& options);

    // The bytes its tables and stacks hold now (their capacity, kept between
    // searches). With `with_growth`, as if every one of them close to its
    // load limit had grown once more (what the memory limit checks).
    std::size_t memory_bytes(bool with_growth = false) const;

private:
    SolveResult search(Method method, const Board& board, const State& start, const SolveOptions& options);
    ScoreResult score_search(const Board& board, const State& start, const SolveOptions& options);
    void release();  // gives back every table's memory
    SolveResult solve_positions(const Board& board, const State& start, const SolveOptions& options);
    SolveResult solve_walk(const Board& board, const State& start, const SolveOptions& options);
    SolveResult solve_optimal(Method method, const Board& board, const State& start, const SolveOptions& options);
    SolveResult solve_optimal_walk(const Board& board, const State& start, const SolveOptions& options,
                                   SolveResult first, std::chrono::steady_clock::time_point t0);

    // Positions method.
    struct Frame {
        State state;
        uint32_t begin, next, end;  // moves_[begin, end) are its moves; [next, end) still to try
    };
    bool visit(const Board& board, const State& s);
    boost::unordered_flat_set<uint64_t> seen_;
    std::vector<Frame> stack_;
    std::vector<SlotMove> moves_;

    // Walk method.
    struct WalkMove {
        SlotMove move;
        uint8_t pos, pass;  // the stock boundary at which the move is made
    };
    struct WalkFrame {
        State state;
        uint32_t begin, next, end;  // walk_moves_[begin, end); [next, end) still to try
    };
    bool arrive(const Board& board, const State& s, uint32_t& limit);
    // The walk's depth-first stack: push a frame expanding s; take the next
    // move to try (dropping exhausted frames) and the position it leads to;
    // the moves from the start through each frame's current move.
    void walk_push(const Board& board, const State& s, uint32_t limit);
    bool walk_next(const Board& board, State& next, SlotMove& move);
    void walk_path(const Board& board, std::vector<Move>& out) const;
    bool score_mode_ = false;  // expand() for the best score: no sole-pair forcing
    void expand(const Board& board, const State& s, uint32_t limit);
    uint32_t time_of(const Board& board, const State& s) const;
    // The walk's memo: removed set -> earliest time expanded. Outside the row
    // redeal both fit one word, 8 bytes an entry (the search is bound by
    // memory latency): removed set in bits 0..51, time in 52..63; hashing and
    // equality see only the removed set, so the time is updated in place.
    static constexpr uint64_t kChainBits = 52;
    static constexpr uint64_t kChainMask = (uint64_t{1} << kChainBits) - 1;
    struct ChainHash {
        std::size_t operator()(uint64_t k) const noexcept { return boost::hash<uint64_t>()(k & kChainMask); }
    };
    struct ChainEq {
        bool operator()(uint64_t a, uint64_t b) const noexcept { return ((a ^ b) & kChainMask) == 0; }
    };
    boost::unordered_flat_set<uint64_t, ChainHash, ChainEq> first_time_packed_;
    boost::unordered_flat_map<uint64_t, uint16_t> first_time_;  // the row redeal's (its chain key needs 59 bits)
    std::vector<WalkFrame> walk_stack_;
    std::vector<WalkMove> walk_moves_;

    // Optimal method (solver/optimal.cpp).
    struct Reached {
        uint16_t g;                   // moves from the start
        uint8_t h;                    // lower bound on the moves left
        uint8_t prev_pos, prev_pass;  // the stock boundary before the move
        uint8_t kind : 7;             // the move that reached it: kind, a, b
        uint8_t closed : 1;           // expanded (or a dead end)
        uint8_t a, b;
    };
    static_assert(sizeof(Reached) == 8, "a table entry is 16 bytes with its key");
    boost::unordered_flat_map<uint64_t, Reached> best_;
    std::vector<std::vector<uint64_t>> open_;  // keys by f = g + h, last in first out

    // Optimal walk method (solver/optimal_walk.cpp): nodes are entry points (R, t).
    struct NodeLink {
        uint32_t parent;     // the node whose walk made the move
        SlotMove move;       // the removal
        uint8_t pos, pass;   // where on the parent's chain it was made
    };
    struct Node {
        uint64_t removed;
        uint8_t pos, pass;
        uint16_t g;
        uint8_t h = 0;
        bool closed = false;    // expanded, dominated, or a dead end
        uint8_t stage = 0;      // h is: 0 a floor from the parent, 1 the removal bound, 2 the heuristic
        bool walked = false;    // expanded (or dead): covers [t, end) of its chain
        bool end_far = false;   // ... through to the chain's end
        uint8_t end_pos = 0, end_pass = 0;
        NodeLink how;
        uint32_t next;        // the next node of the same removed set
    };
    uint32_t chain_distance(const Board& board, uint64_t removed, int p1, int x1, int p2, int x2) const;
    bool node_dominates(const Board& board, const Node& a, int pos, int pass, uint32_t g) const;
    uint32_t reach_node(const Board& board, const State& t, uint32_t g, const NodeLink& how);
    std::vector<Node> nodes_;
    boost::unordered_flat_map<uint64_t, uint32_t> heads_;  // removed set -> its latest node
    std::vector<std::vector<uint32_t>> open_nodes_;        // node indices by f
};

// Per deal, for the optimal search's heuristic: for each pair of ranks
// (r, q = target - r) and each subset of the cards of rank r and of rank q,
// the largest set of disjoint r-q pairs in which neither card blocks the
// other (a card beneath another can only go after it). Tabled once per deal.
class PairMatchings {
public:
    explicit PairMatchings(const Board& board);
    int matching(int r, uint64_t cards_r, uint64_t cards_q) const;

private:
    int subset(int rank, uint64_t cards) const;  // which of the rank's cards, as 4 bits
    int target_ = 13;
    bool standard_ = true;  // at most 4 cards a rank (else no blocking refinement)
    std::array<std::array<uint8_t, 4>, 14> slots_{};
    std::array<uint8_t, 14> count_{};
    std::vector<uint8_t> table_;  // [r][subset of rank r][subset of rank q]
};

// The optimal search's lower bound on the moves still needed (optimal.cpp).
// draw_part, when given, receives the part of it that bounds draws, redeals and
// removals beyond the removal bound.
int optimal_heuristic(const Board& board, const PairMatchings& pm, const State& s, int* draw_part = nullptr);
// The same, tabling the deal's matchings first (for tests: slower).
int optimal_heuristic(const Board& board, const State& s, int* draw_part = nullptr);
// The same, but stopping after its cheap removal part when that alone exceeds
// `cap` (then *complete is false and the value is only a lower bound).
int optimal_heuristic_upto(const Board& board, const PairMatchings& pm, const State& s, int cap, bool* complete);

}  // namespace pyr
