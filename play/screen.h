// The terminal side of `pyramid play` (ncursesw): draws the Controller's
// state, turns keys and mouse clicks into Controller calls, and runs the
// Analyst beside it. The only file that knows about ncurses.
#pragma once
#include <cstdint>
#include <stdexcept>

#include "engine/limits.h"
#include "play/analyst.h"
#include "play/controller.h"

namespace pyr::play {

struct ScreenOptions {
    bool colour = true;  // use colour when the terminal has it
    Limits limits;       // the analyst's search limits per position
    // o: the no-peek optimum's budget of information states (play --optimum-states; 0: not searched).
    uint64_t optimum_states = kPlayOptimumStates;
};

// Thrown when the terminal cannot be set up (an unknown TERM).
struct TerminalError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Runs the game until the player quits (or SIGINT, SIGTERM, SIGHUP arrive).
// The terminal is restored on every way out, exceptions included.
void run_screen(Controller& c, const ScreenOptions& options);

}  // namespace pyr::play
