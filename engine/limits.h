// The one budget every search takes (issue 37): how many positions it may
// expand, the bytes its tables may hold, a stop flag set from elsewhere, and
// a progress callback. Every search's options (solver/, study/) and every
// front end's request (api/, play/, python/, the CLI) hold one Limits, so the
// defaults are here and nowhere else, and a caller passes its limits on whole.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>

namespace pyr {

// The default budget of every search: the command line's --max-states.
constexpr uint64_t kDefaultMaxStates = 100'000'000;

struct Limits {
    // Positions a search may expand before it stops with `intractable`; 0 = no limit.
    uint64_t max_states = kDefaultMaxStates;
    // Bytes the search's tables and stacks may hold; 0 = no limit. A search
    // whose tables would grow past it stops with `intractable` (for the
    // optimal search after a win: the win, not proved shortest).
    uint64_t max_memory = 0;
    // Set from elsewhere (Ctrl-C, a newer request) to stop early: the verdict
    // is then intractable (interrupted).
    const std::atomic<bool>* stop = nullptr;
    // Called every 2^progress_shift expanded positions with the count so far
    // (progress display); the stop flag is looked at every 256 positions
    // (SearchBudget::kStopLook).
    std::function<void(uint64_t states)> progress;
    int progress_shift = 20;  // 0 to 30

    bool stopped() const { return stop && stop->load(std::memory_order_relaxed); }
};

}  // namespace pyr
