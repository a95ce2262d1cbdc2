// What a Session holds (api/api.h keeps it opaque): its one Solver, reused
// by every search the session runs (solve, odds, the optimum, challenges),
// and the last deal's Board. Only api/*.cpp include this.
#pragma once
#include <memory>

#include "api/api.h"
#include "api/results.h"
#include "engine/board.h"
#include "solver/solver.h"

namespace pyr::api {

struct Session::Impl {
    Solver solver;
    std::unique_ptr<Board> board;
    Deal board_deal;  // the deal the board was built for

    // The packed board of `deal` (built once per deal and kept) and the
    // position `played` reaches on it: Error naming the first illegal move.
    const Board& board_of(const Deal& deal);
    State position(const Deal& deal, const std::vector<Move>& played);
};

}  // namespace pyr::api
