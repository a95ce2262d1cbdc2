// Random play for tests: the packed engine's moves, checked by the verifier.
#pragma once
#include <catch2/catch.hpp>

#include "engine/board.h"
#include "engine/table.h"
#include "tests/support.h"

namespace pyr::test {

// Plays one of the packed engine's legal moves at random, on the board's
// state `s` and on the verifier's table `t` (which must accept it). False,
// with nothing played, when there is no legal move.
inline bool random_move(const Board& b, Table& t, State& s, Rng& rng) {
    SlotMove buf[kMaxMoves];
    const int n = b.legal_moves(s, buf);
    if (n == 0) return false;
    const SlotMove m = buf[rng.below(n)];
    REQUIRE_FALSE(t.apply(b.to_move(m)));
    s = b.apply(s, m);
    return true;
}

}  // namespace pyr::test
