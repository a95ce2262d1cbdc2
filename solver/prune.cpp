#include "solver/prune.h"

#include <bit>

namespace pyr {

bool has_dead_card(const Board& b, const State& s) {
    const Variant& v = b.variant();
    const uint64_t in_play = b.in_play(s);
    // With goal `all`, a discarded card can never be removed.
    if (v.goal == Goal::All && (b.all_mask() & ~s.removed & ~in_play)) return true;
    const uint64_t must_go = in_play & (v.goal == Goal::Pyramid ? b.tableau_mask() : b.all_mask());
    for (uint64_t m = must_go; m; m &= m - 1) {
        const int x = std::countr_zero(m);
        if (b.rank(x) == v.lone_rank) continue;
        uint64_t blocked = x < b.fixed() ? b.below(x) : 0;
        if (v.overlap && x < b.fixed()) {
            // Cards x covers directly may still pair with x.
            for (uint64_t c = blocked; c; c &= c - 1) {
                const int y = std::countr_zero(c);
                if (b.cover(y) & (uint64_t{1} << x)) blocked &= ~(uint64_t{1} << y);
            }
        }
        if ((in_play & ~blocked & b.partners(x)) == 0) return true;
    }
    return false;
}

int forced_move(const Board& b, const SlotMove* moves, int n) {
    const Variant& v = b.variant();
    const bool stock_kings_safe = v.wastes <= 1 && v.draw == 1;
    for (int i = 0; i < n; ++i) {
        if (moves[i].kind != SlotMove::Single) continue;
        if (moves[i].a < b.fixed() || stock_kings_safe) return i;
    }
    return -1;
}

}  // namespace pyr
