// Pieces shared by the searches (solver.cpp, walk.cpp, optimal*.cpp, score.cpp).
#pragma once
#include <algorithm>
#include <array>
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/board.h"
#include "solver/solver.h"

namespace pyr {

// The positions of a mask's set bits, in increasing order, into out[] (room
// for as many as it has plus 8: whole groups of 8 are written); returns how
// many. A byte at a time from a table (the walks list the stock cards left
// at every expansion; why: bench/solver-notes.md).
namespace detail {
struct ByteBits {
    uint64_t pos;  // the set bits' positions within the byte, one a byte, packed from the low end
    uint8_t n;
};
inline constexpr auto kByteBits = [] {
    std::array<ByteBits, 256> t{};
    for (int b = 0; b < 256; ++b) {
        int n = 0;
        for (int i = 0; i < 8; ++i)
            if (b >> i & 1) t[b].pos |= uint64_t(i) << (8 * n++);
        t[b].n = static_cast<uint8_t>(n);
    }
    return t;
}();
}  // namespace detail
inline int bit_positions(uint64_t m, uint8_t* out) {
    if (!m) return 0;
    int n = 0;
    // (From the lowest byte with a bit set: the stock's slots start past the
    // tableau's, three or four bytes of zeros the walks' masks would loop over.)
    const int skip = std::countr_zero(m) / 8;
    m >>= 8 * skip;
    for (uint64_t base = 0x0808080808080808ull * static_cast<uint64_t>(skip); m;
         m >>= 8, base += 0x0808080808080808ull) {
        const detail::ByteBits& e = detail::kByteBits[m & 0xFF];
        const uint64_t packed = e.pos + base;
        std::memcpy(out + n, &packed, 8);
        n += e.n;
    }
    return n;
}

struct Searches;  // solver/searches.h
// The bytes a worker's searches hold (with `grow`: after one more growth of
// any table close to its load limit).
std::size_t searches_bytes(const Searches& searches, bool grow);

// Counts expanded positions against the search's Limits: the --max-states
// budget, the memory limit (given the solver whose tables count), the stop
// flag (Ctrl-C), looked at every kStopLook positions, and the progress
// callback, called every 2^progress_shift positions (2^20 unless the caller
// asks more often).
class SearchBudget {
public:
    enum class Stop { No, Budget, Memory, Interrupted };
    explicit SearchBudget(const SolveOptions& options, uint64_t already = 0, const Searches* searches = nullptr)
        : options_(options.limits),
          count_(already),
          searches_(searches),
          look_mask_((uint64_t{1} << std::clamp(options.limits.progress_shift, 0, 30)) - 1) {}
    // Call once for each position about to be expanded. The memory limit is
    // checked before every 16th expansion, against the tables as they would
    // be after one more growth (searches.h: kGrowthMargin entries, more than
    // 16 expansions add), so no table outgrows it in between (checking each
    // time was dear: bench/solver-notes.md).
    Stop tick() {
        if (options_.max_states && count_ >= options_.max_states) return Stop::Budget;
        if (options_.max_memory && searches_ && (memory_ticks_++ & 15) == 0 &&
            searches_bytes(*searches_, true) > options_.max_memory) {
            memory_exceeded_ = true;
            return Stop::Memory;
        }
        ++count_;
        // The stop flag every kStopLook positions (a relaxed load costs
        // nothing beside an expansion), so Ctrl-C ends a search within
        // microseconds, not the second or more 2^20 positions take under
        // load (issue 38, item 12); the progress as often as asked.
        if ((count_ & (kStopLook - 1)) == 0 && options_.stopped()) return Stop::Interrupted;
        if ((count_ & look_mask_) == 0 && options_.progress) options_.progress(count_);
        return Stop::No;
    }
    uint64_t count() const { return count_; }
    bool memory_exceeded() const { return memory_exceeded_; }
    // How often the stop flag is looked at: every this many positions.
    static constexpr uint64_t kStopLook = 256;

private:
    const Limits& options_;
    uint64_t count_;
    const Searches* searches_;
    uint64_t look_mask_;  // progress called when (count & mask) == 0
    bool memory_exceeded_ = false;
    uint32_t memory_ticks_ = 0;  // the first tick checks, then every 16th
};

inline double seconds_since(std::chrono::steady_clock::time_point t0) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

// How a search ends: the positions the budget counted (and whether the
// memory limit stopped it), into `result` (whose verdict or optimal flag the
// caller sets), which is returned. Solver sets the time.
inline SolveResult finish_search(SolveResult& result, const SearchBudget& budget) {
    result.states = budget.count();
    result.memory_exceeded = result.memory_exceeded || budget.memory_exceeded();
    return result;
}

// How the optimal searches (solver/optimal.cpp, solver/optimal_walk.cpp)
// end: `proved`, whether the solution in `result` is a shortest one.
inline void finish_optimal(SolveResult& result, const SearchBudget& budget, bool proved) {
    result.optimal = proved;
    finish_search(result, budget);
}

// Counts one position of an optimal search against the budget. When the
// budget stops it: `result` says whether it was interrupted, ends unproved
// (finish_optimal), and true is returned.
inline bool optimal_stopped(SearchBudget& budget, SolveResult& result) {
    const auto stop = budget.tick();
    if (stop == SearchBudget::Stop::No) return false;
    result.interrupted = stop == SearchBudget::Stop::Interrupted;
    finish_optimal(result, budget, false);
    return true;
}

// Appends the draws and redeals that take `at` along its chain to (pos, pass).
inline void append_draws(const Board& board, State at, uint8_t pos, uint8_t pass, std::vector<Move>& out) {
    while (at.pos != pos || at.pass != pass) {
        const SlotMove step{board.stock_empty(at) ? SlotMove::Redeal : SlotMove::Draw, 0, 0};
        out.push_back(board.to_move(step));
        at = board.apply(at, step);
    }
}

// The stock slots not yet drawn at the position's boundary (the lowest one is
// the stock's top). `stock_left`: the stock slots not removed; `f`: the first
// stock slot.
inline uint64_t stock_ahead(int f, uint64_t stock_left, const State& at) {
    return stock_left & ~((uint64_t{1} << (f + at.pos)) - 1);
}

// One step along a draw-one chain (one waste or discards): draw the next card
// still in the stock (it becomes the highest drawn card, so the boundary stays
// canonical), or redeal at the end of the stock. False at the chain's end.
// `stock_left`: the stock slots not removed; `f`: the first stock slot.
inline bool draw_one_step(int f, uint64_t stock_left, bool discards, int passes, State& at) {
    const uint64_t ahead = stock_ahead(f, stock_left, at);
    if (ahead) {
        at.pos = static_cast<uint8_t>(std::countr_zero(ahead) - f + 1);
        return true;
    }
    if (!discards && (passes == 0 || at.pass + 1 < passes) && (stock_left & ~ahead)) {
        at.pos = 0;
        if (passes != 0) ++at.pass;
        return true;
    }
    return false;
}

}  // namespace pyr
