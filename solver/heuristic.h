// The optimal search's lower bound on the moves still needed (optimal.cpp),
// with the per-deal table it uses.
#pragma once
#include <array>
#include <cstdint>
#include <vector>

#include "engine/board.h"

namespace pyr {

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
