// The searches behind Solver (solver.h), one class each, with the pieces they
// share: the chain walk (chain_walk.h), the forced-move policy (prune.h), the
// rule traits (rule_traits.h), the walk's memo and stack, the positions memo
// and stack. Each search owns its tables, which are kept between deals (see
// recycle) so that a worker allocates only while they grow.
#pragma once
#include <array>
#include <chrono>
#include <cstdint>
#include <vector>

#include <boost/unordered/unordered_flat_map.hpp>
#include <boost/unordered/unordered_flat_set.hpp>

#include "solver/chain_walk.h"
#include "solver/free_stock.h"
#include "solver/huge_pages.h"
#include "solver/prune.h"
#include "solver/rule_traits.h"
#include "solver/search_util.h"
#include "solver/solver.h"
#include "solver/word_table.h"

namespace pyr {

// Bytes a table holds now; with `grow`, as if it had grown once more when
// the next 16 expansions could make it rehash (SearchBudget checks the limit
// every 16th). One expansion adds at most a few hundred entries (a
// position's moves, at most kMaxMoves, or the removals along one chain):
// kGrowthMargin covers 16 of them.
inline constexpr std::size_t kGrowthMargin = 4096;
template <class T>
std::size_t table_bytes(const T& t, bool grow) {
    std::size_t buckets = t.bucket_count();
    // (An empty table belongs to a search that is not running: it does not grow.)
    if (grow && t.size() > 0 && t.size() + kGrowthMargin > t.max_load()) buckets = buckets ? 2 * buckets : 64;
    return buckets * (sizeof(typename T::value_type) + 1);  // + about one byte of metadata a slot
}
template <class V>
std::size_t vector_bytes(const V& v, bool grow) {
    std::size_t cap = v.capacity();
    if (grow && v.size() > 0 && v.size() + kGrowthMargin > cap) cap = std::max(2 * cap, v.size() + kGrowthMargin);
    return cap * sizeof(typename V::value_type);
}

// Empties a table or stack for the next deal, keeping its memory only up to
// kRetainBytes. Clearing costs time in proportion to capacity, so a table
// that grew on one hard deal would make every later small deal pay for it
// (and hold the memory): a worker that grew on a hard deal is then as fast
// on the next small ones as a fresh worker, and holds at most a few MiB a
// table between deals. A small table is kept, which saves its allocations.
inline constexpr std::size_t kRetainBytes = std::size_t{4} << 20;
template <class T>
void recycle(T& t) {
    if (table_bytes(t, false) > kRetainBytes) t = T();
    else t.clear();
}
template <class V>
void recycle_vector(V& v) {
    if (vector_bytes(v, false) > kRetainBytes) V().swap(v);
    else v.clear();
}
// Drops a table or stack above kRetainBytes now, as recycle would at the next
// search of its kind (each search's trim(), Searches::trim): only forgets
// memory, a search empties its tables before it starts anyway.
template <class T>
void drop_if_large(T& t) {
    if (table_bytes(t, false) > kRetainBytes) t = T();
}
template <class U, class A>
void drop_if_large(std::vector<U, A>& v) {
    if (vector_bytes(v, false) > kRetainBytes) std::vector<U, A>().swap(v);
}
template <int kKeyBits>
void drop_if_large(WordTable<kKeyBits>& t) {
    if (t.bytes(false, 0) > kRetainBytes) t = WordTable<kKeyBits>();
}

// The open list of the A* searches (optimal.cpp, optimal_walk.cpp,
// challenge.cpp): items by their f = g + h, from 0 to a top set at
// reset (the optimal searches: the length of the verdict's solution, nothing
// above it is queued) or without a top (the challenges: the buckets grow as
// items come), last in first out within a bucket.
template <class T>
class BucketQueue {
public:
    static constexpr int kNoTop = 1 << 30;
    // Empties every bucket (kept as recycle_vector keeps them) and makes room up to `top`.
    void reset(int top = kNoTop) {
        for (auto& b : buckets_) recycle_vector(b);
        if (top != kNoTop && buckets_.size() < static_cast<std::size_t>(top + 1)) buckets_.resize(top + 1);
        top_ = top;
    }
    // Drops each bucket above kRetainBytes (Searches::trim).
    void trim() {
        for (auto& b : buckets_) drop_if_large(b);
    }
    // Queues `item` at f, unless f is above the top.
    void push(int f, T item) {
        if (f > top_) return;
        if (static_cast<std::size_t>(f) >= buckets_.size()) buckets_.resize(static_cast<std::size_t>(f) + 1);
        buckets_[f].push_back(item);
    }
    // Takes the item queued last at f, if any.
    bool pop(int f, T& item) {
        if (static_cast<std::size_t>(f) >= buckets_.size()) return false;
        std::vector<T>& b = buckets_[f];
        if (b.empty()) return false;
        item = b.back();
        b.pop_back();
        return true;
    }
    // The item the k-th pop(f) from now would take (k = 0: the next), if
    // any: to prefetch what it names.
    const T* peek(int f, std::size_t k = 0) const {
        if (static_cast<std::size_t>(f) >= buckets_.size() || buckets_[f].size() <= k) return nullptr;
        return &buckets_[f][buckets_[f].size() - 1 - k];
    }
    // One past the highest bucket that may hold an item (a search without a
    // top scans f up to it, which grows as it pushes).
    int buckets() const { return static_cast<int>(buckets_.size()); }
    // Bytes held now; with `grow`, as if a big bucket doubled, and, when the
    // search is `running`, with room for one expansion's items (in
    // whichever buckets).
    std::size_t bytes(bool grow, bool running) const {
        std::size_t n = vector_bytes(buckets_, false);
        for (const auto& b : buckets_) n += vector_bytes(b, grow && b.capacity() >= kGrowthMargin);
        if (grow && running) n += kGrowthMargin * sizeof(T);
        return n;
    }

private:
    std::vector<std::vector<T>> buckets_;
    int top_ = -1;
};

// The walk's memo: removed set (with the row redeal, the chain key) ->
// earliest time expanded (walk.cpp). The removed set is the caller's key:
// the suit-blind form (Board::suit_blind) for the verdict walk, which holds
// for every removed set with the same fixed cards removed and the same ranks
// of stock cards left in the same order; the time counts the boundary as k,
// the drawn stock cards left (the same for each of them), not as a slot.
class WalkMemo {
public:
    static constexpr uint32_t kNoLimit = 0xFFFFFFFFu;
    void clear() {
        packed_.clear(kRetainBytes);
        recycle(rows_);
    }
    void trim() {
        drop_if_large(packed_);
        drop_if_large(rows_);
    }
    // Decides whether s must be expanded, updating the table. On true, `limit`
    // is the time up to which the walk must go (exclusive), kNoLimit for all.
    bool arrive(const Board& board, const State& s, uint32_t& limit, uint64_t key);
    bool arrive(const Board& board, const State& s, uint32_t& limit) { return arrive(board, s, limit, s.removed); }
    // (pass, k) as one number; with the row redeal, (pass, pos), its key's chain being its own.
    static uint32_t time_of(const Board& board, const State& s) {
        if (board.unlimited()) return 0;
        const int k = board.rows_redeal() ? s.pos : board.drawn_left(s);
        return uint32_t{s.pass} * static_cast<uint32_t>(board.stock_size() + 1) + static_cast<uint32_t>(k);
    }
    std::size_t bytes(bool grow) const { return packed_.bytes(grow, kGrowthMargin) + table_bytes(rows_, grow); }
    // Starts loading the table's slot for s, which arrive() will soon look up.
    [[gnu::always_inline]] void prefetch(const Board& board, uint64_t key) const {  // (see WordTable::prefetch)
        if (!board.rows_redeal()) packed_.prefetch(key);
    }

private:
    // Outside the row redeal the removed set and the time fit one word, 8
    // bytes an entry (the search is bound by memory latency): removed set in
    // bits 0..51, time in 52..63; hashing and equality see only the removed
    // set, so the time is updated in place (word_table.h).
    static constexpr int kChainBits = 52;
    WordTable<kChainBits> packed_;
    boost::unordered_flat_map<uint64_t, uint16_t> rows_;  // the row redeal's (its chain key needs 59 bits)
};

// The draw-N walk's memo (RuleTraits::draw_walk; walk.cpp): one entry per
// removed set R (the caller's key: suit-blind, as WalkMemo's), holding what
// R's expansions walked: on the cycle, the earliest time (pass, k) from which
// every later cycle position is covered; on each lane r, one boundary (pass,
// k) from which the lane's positions at that pass or later and that boundary
// or later are covered (a
// lane position is reached by drawing from an earlier one of its pass, and
// dominated by the same one with more passes left). Lane positions are never
// reached from the cycle, so the cycle's entry says nothing about them.
// 12 bits each: the cycle in bits 0..11, lane r in 12r..12r+11; all ones is
// none. A lane entry is replaced by the one of the latest expansion, which
// may forget some of the old one's positions (a memo may forget, never
// invent: see arrive).
class DrawWalkMemo {
public:
    static constexpr uint64_t kNone = 0xFFF;
    // What R's entry held before an arrival: where a walk must stop.
    struct Cover {
        uint64_t word = ~uint64_t{0};
        // Whether the position (pass, k) of R's chain, on `lane`, was covered.
        bool covers(const Board& board, int pass, int k, int lane) const {
            if (lane == 0) {
                const uint64_t t = word & kNone;
                return t != kNone && t <= time(board, pass, k);
            }
            const uint64_t e = word >> (12 * lane) & kNone;
            return e != kNone && static_cast<int>(e >> 6) <= pass && static_cast<int>(e & 63) <= k;
        }
    };
    void clear() {
        packed_.clear(kRetainBytes);
        recycle(table_);
    }
    void trim() {
        drop_if_large(packed_);
        drop_if_large(table_);
    }
    // Decides whether s (on `lane`) must be expanded, updating the table; on
    // true, `old` is what the entry held before (the walk stops where it covers).
    bool arrive(const Board& board, const State& s, const DrawLane& lane, Cover& old, uint64_t key);
    static uint64_t time(const Board& board, int pass, int k) {
        return board.unlimited() ? 0 : static_cast<uint64_t>(pass) * static_cast<uint64_t>(board.stock_size() + 1) + k;
    }
    std::size_t bytes(bool grow) const { return packed_.bytes(grow, kGrowthMargin) + table_bytes(table_, grow); }
    std::size_t size() const { return packed_.size() + table_.size(); }
    // Unlimited passes and N <= 3 (Tut's Tomb): the entry fits one word.
    static bool packed(const Board& board) { return board.unlimited() && board.variant().draw <= 3; }
    [[gnu::always_inline]] void prefetch(uint64_t removed) const { packed_.prefetch(removed); }

private:
    // With unlimited passes a present entry always covers the whole cycle
    // (every walk goes round it, pass 0 throughout), so an entry is the
    // removed set (bits 0..51) and each lane's boundary k, 6 bits a lane
    // above it (0: none; a lane boundary is never 0), one word (word_table.h).
    static constexpr int kPackedBits = 52;
    WordTable<kPackedBits> packed_;
    boost::unordered_flat_map<uint64_t, uint64_t> table_;  // removed set -> the 12-bit fields above
};

// The walk's depth-first stack: a frame per expanded position, holding the
// removals its chain walk offered, each with the stock boundary where it is made.
class WalkStack {
public:
    void clear() {
        recycle_vector(frames_);
        recycle_vector(moves_);
        final_orders_.clear();
    }
    void trim() {
        drop_if_large(frames_);
        drop_if_large(moves_);
        drop_if_large(final_orders_);
    }
    // Pushes a frame expanding s, walking its chain up to `limit`. Each move's
    // position is made as the walk offers it, and its slot in `memo` (when
    // given) prefetched, so that it is in cache when next() hands it out.
    // `key`: s's memo key (with set_suit_blind, from which its moves' are made).
    void push(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& s, uint32_t limit,
              const WalkMemo* memo = nullptr, uint64_t key = 0);
    // Whether each move's memo key is the suit-blind form of its removed set
    // (Board::suit_blind), else the removed set.
    void set_suit_blind(bool on) { suit_blind_ = on; }
    // The order in which each frame's moves are tried: as the chain walk
    // offers them (removals now first), or with those that use a stock or
    // waste card reversed (latest along the chain first; walk.cpp).
    // The same for the draw-N walk (walk_chain_draw_n), stopping where `old` covers.
    // `policy`: the forced moves (the verdict's, or the best score's: solver/score.cpp).
    void push_draw_n(const Board& board, const RuleTraits& traits, const State& s, const DrawWalkMemo::Cover& old,
                     const DrawWalkMemo* memo = nullptr, uint64_t key = 0, ForcedPolicy policy = ForcedPolicy::win());
    void set_reversed(bool reversed) { reversed_ = reversed; }
    // The next move to try (dropping exhausted frames) and the position it
    // leads to. With the row redeal, a move made in the final pass also gets
    // that pass's order (the same for every such move of the frame: removals
    // in the final pass do not change it), else null.
    bool next(const Board& board, State& next, SlotMove& move, const uint8_t** final_order = nullptr,
              int* final_len = nullptr, uint64_t* key = nullptr);
    // The moves from the start through each frame's current move.
    void path(const Board& board, std::vector<Move>& out) const;
    std::size_t bytes(bool grow) const { return vector_bytes(frames_, grow) + vector_bytes(moves_, grow); }

private:
    struct WalkMove {
        SlotMove move;
        uint8_t pos, pass;  // the stock boundary at which the move is made
        // Outside the row redeal, the stock boundary of the position the move
        // leads to (made when the walk offers it; the removed set is the
        // frame's plus the move's cards). With the row redeal next() makes the
        // whole position (the epochs change too).
        uint8_t next_pos, next_pass;
        // Outside the row redeal, the memo key of the position it leads to
        // (set_suit_blind), made when the walk offers it (to prefetch its slot).
        uint64_t key;
    };
    static_assert(sizeof(WalkMove) == 16, "the walk's stack holds 16 bytes a move");
    struct Frame {
        State state;
        uint32_t begin, next, end;  // moves_[begin, end); [next, end) still to try
    };
    std::vector<Frame> frames_;
    std::vector<WalkMove> moves_;
    bool reversed_ = false;
    bool suit_blind_ = false;
    // Row redeal: per frame, the order of the final pass for its removed
    // cards' epochs (pass_order depends on the pass and the epochs only).
    struct FinalOrder {
        std::array<uint8_t, kMaxSlots> slots;
        int len;
    };
    std::vector<FinalOrder> final_orders_;
};

// The positions memo: one entry per position, with pass dominance.
class PositionMemo {
public:
    void clear() { recycle(seen_); }
    void trim() { drop_if_large(seen_); }
    // False when s (or a position dominating it) was stored already.
    bool visit(const Board& board, const RuleTraits& traits, const State& s);
    std::size_t bytes(bool grow) const { return table_bytes(seen_, grow); }

private:
    boost::unordered_flat_set<uint64_t> seen_;
};

// The positions search's depth-first stack: every legal move (Board's move
// generator), or the forced one alone.
class PositionStack {
public:
    void clear() {
        recycle_vector(frames_);
        recycle_vector(moves_);
    }
    void trim() {
        drop_if_large(frames_);
        drop_if_large(moves_);
    }
    void push(const Board& board, const RuleTraits& traits, ForcedPolicy policy, const State& s);
    // The next move to try (dropping exhausted frames), from position `from`.
    bool next(State& from, SlotMove& move);
    void path(const Board& board, std::vector<Move>& out) const;
    std::size_t bytes(bool grow) const { return vector_bytes(frames_, grow) + vector_bytes(moves_, grow); }

private:
    struct Frame {
        State state;
        uint32_t begin, next, end;  // moves_[begin, end) are its moves; [next, end) still to try
    };
    std::vector<Frame> frames_;
    std::vector<SlotMove> moves_;
};

// The verdict searches: memoized depth-first searches, exact up to the sound
// reductions of prune.h.
class PositionsSearch {
public:
    SolveResult run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget);
    void release() { *this = PositionsSearch(); }
    void trim() {
        memo_.trim();
        stack_.trim();
    }
    std::size_t bytes(bool grow) const { return memo_.bytes(grow) + stack_.bytes(grow); }

private:
    PositionMemo memo_;
    PositionStack stack_;
};

class WalkSearch {
public:
    // first_order_states: see SolveOptions::rows_first_order_states.
    SolveResult run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                    uint64_t first_order_states = SolveOptions{}.rows_first_order_states,
                    bool free_stock = SolveOptions{}.rows_free_stock, bool suit_blind = SolveOptions{}.suit_blind,
                    bool path = true, SolveOptions::DeadCards dead_cards = SolveOptions::DeadCards::Every);
    void release() { *this = WalkSearch(); }
    void trim() {
        memo_.trim();
        draw_memo_.trim();
        stack_.trim();
        relaxed_.trim();
    }
    // One search, its moves tried in the chain walk's order or reversed;
    // cap (0: none): ends intractable once the budget has counted that many.
    SolveResult run_once(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                         bool reversed, uint64_t cap);
    std::size_t bytes(bool grow) const {
        return memo_.bytes(grow) + draw_memo_.bytes(grow) + stack_.bytes(grow) + relaxed_.bytes(grow);
    }

private:
    // The draw-N walk (RuleTraits::draw_walk).
    SolveResult run_draw_n(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget);
    WalkMemo memo_;
    DrawWalkMemo draw_memo_;
    WalkStack stack_;
    FreeStockRelaxation relaxed_;  // every walk's first check; the row redeal's at every position (solver/free_stock.h)
    bool free_stock_ = true;       // ... asked (SolveOptions::rows_free_stock)
    bool suit_blind_ = true;       // the memo keyed by suit-blind removed sets (SolveOptions::suit_blind)
    bool path_ = true;             // a win's moves kept (not with SolveOptions::verdict_only)
    SolveOptions::DeadCards dead_cards_ = SolveOptions::DeadCards::Every;  // where the dead-card check cuts
    uint64_t key_of(const Board& board, const State& s) const {
        return suit_blind_ ? board.suit_blind(s.removed) : s.removed;
    }
};

// The shortest solution, given a first solution whose length bounds it: A*
// over positions (optimal.cpp) ...
class OptimalSearch {
public:
    void run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
             SolveResult& result);
    void release() { *this = OptimalSearch(); }
    void trim() {
        drop_if_large(best_);
        open_.trim();
    }
    std::size_t bytes(bool grow) const;

private:
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
    BucketQueue<uint64_t> open_;  // position keys
};

// ... or A* over entry points of chains (optimal_walk.cpp).
class OptimalWalkSearch {
public:
    void run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
             SolveResult& result);
    void release() { *this = OptimalWalkSearch(); }
    void trim() {
        drop_if_large(nodes_);
        drop_if_large(heads_);
        open_nodes_.trim();
    }
    std::size_t bytes(bool grow) const;

private:
    struct NodeLink {
        uint32_t parent;    // the node whose walk made the move
        SlotMove move;      // the removal
        uint8_t pos, pass;  // where on the parent's chain it was made
    };
    struct Node {
        uint64_t removed;
        uint8_t pos, pass;
        uint16_t g;
        uint8_t h = 0;
        bool closed = false;   // expanded, dominated, or a dead end
        uint8_t stage = 0;     // h is: 0 a floor from the parent, 1 the removal bound, 2 the heuristic
        bool walked = false;   // expanded (or dead): covers [t, end) of its chain
        bool end_far = false;  // ... through to the chain's end
        uint8_t end_pos = 0, end_pass = 0;
        NodeLink how;
        uint32_t next;  // the next node of the same removed set
    };
    uint32_t reach_node(const Board& board, const State& t, uint32_t g, const NodeLink& how);
    std::vector<Node> nodes_;
    HeadTable heads_;                   // removed set -> its latest node
    BucketQueue<uint32_t> open_nodes_;  // node indices
};

// The best score: the fewest tableau cards that can be left (score.cpp).
class ScoreSearch {
public:
    ScoreResult run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget);
    void release() { *this = ScoreSearch(); }
    void trim() {
        walk_memo_.trim();
        draw_memo_.trim();
        walk_stack_.trim();
        memo_.trim();
        stack_.trim();
    }
    std::size_t bytes(bool grow) const {
        return walk_memo_.bytes(grow) + draw_memo_.bytes(grow) + walk_stack_.bytes(grow) + memo_.bytes(grow) +
               stack_.bytes(grow);
    }

private:
    WalkMemo walk_memo_;
    DrawWalkMemo draw_memo_;  // the draw-N walk's (RuleTraits::draw_walk)
    WalkStack walk_stack_;
    PositionMemo memo_;
    PositionStack stack_;
};

// The challenges' tables (challenge.cpp: the maxima's exhaustive search and
// the fewest steps' A*, over positions or over chain entry points).
struct ChallengeTables {
    // The fewest steps over entry points: (R, t) reached in g steps.
    struct Entry {
        uint64_t removed;
        uint8_t pos, pass;
        uint16_t g, h;
        bool closed;
        uint32_t parent;  // the entry whose walk made the move
        SlotMove move;
        uint8_t at_pos, at_pass;      // where on the parent's chain it was made
        uint32_t next;                // the next entry of the same removed set
        bool walked;                  // expanded: its walk offered the removals from (pos, pass) ...
        uint8_t last_pos, last_pass;  // ... through this position of the chain
        bool lazy = false;            // challenge.cpp's two passes: the strong bound not taken yet
    };
    // The fewest steps over positions.
    struct Node {
        uint64_t parent;
        uint16_t g;
        uint16_t h;
        SlotMove move;
        bool closed;
    };
    boost::unordered_flat_set<uint64_t> seen;  // the maxima over positions
    std::vector<State> stack;                  // the maxima's depth-first stack
    WalkMemo walk_memo;                        // the maxima over entry points ...
    WalkStack walk_stack;                      // ... and their stack
    std::vector<Entry, HugeAllocator<Entry>> entries;
    HeadTable heads;                                  // removed set -> its latest entry
    boost::unordered_flat_map<uint64_t, Node> nodes;  // position key -> its node
    BucketQueue<uint64_t> open;                       // entry indices or position keys, by f
    boost::unordered_flat_map<uint64_t, int> strong;  // a target's two passes: pass 1's strong bounds, for pass 2
    std::size_t bytes(bool grow) const {
        return table_bytes(seen, grow) + vector_bytes(stack, grow) + walk_memo.bytes(grow) + walk_stack.bytes(grow) +
               vector_bytes(entries, grow) + table_bytes(heads, grow) + table_bytes(nodes, grow) +
               open.bytes(grow, !entries.empty() || nodes.size() > 0) + table_bytes(strong, grow);
    }
    void release() { *this = ChallengeTables(); }
    void trim() {
        drop_if_large(seen);
        drop_if_large(stack);
        walk_memo.trim();
        walk_stack.trim();
        drop_if_large(entries);
        drop_if_large(heads);
        drop_if_large(nodes);
        open.trim();
        drop_if_large(strong);
    }
};

// A worker's searches (Solver's private part).
struct Searches {
    PositionsSearch positions;
    WalkSearch walk;
    OptimalSearch optimal;
    OptimalWalkSearch optimal_walk;
    ScoreSearch score;
    ChallengeTables challenge;
    std::size_t bytes(bool grow) const {
        return positions.bytes(grow) + walk.bytes(grow) + optimal.bytes(grow) + optimal_walk.bytes(grow) +
               score.bytes(grow) + challenge.bytes(grow);
    }
    // Every search's tables and stacks, dropped at every solve when large,
    // not only at the next search of their kind (recycle): a worker between
    // deals holds at most kRetainBytes of each, whatever the next deal asks
    // (a worker that grew on one kind of search and then runs only another
    // would otherwise hold the first's tables to its end).
    void trim() {
        positions.trim();
        walk.trim();
        optimal.trim();
        optimal_walk.trim();
        score.trim();
        challenge.trim();
    }
    void release() {
        positions.release();
        walk.release();
        optimal.release();
        optimal_walk.release();
        score.release();
        challenge.release();
    }
};

}  // namespace pyr
