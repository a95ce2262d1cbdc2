// The best score: the fewest tableau cards that can be left, with moves that
// leave that few. A search over every reachable position (the walk search's
// table where it applies -- the draw-one walk, the row redeal's, the draw-N
// walk of Tut's Tomb -- the positions table otherwise), remembering the
// position with the most tableau cards removed. Outside the row redeal the
// walks' memo is keyed by the suit-blind form of the removed set
// (Board::suit_blind), as the verdict walk's.
//
// Only reductions that keep every reachable set of removed cards are used:
// the canonical stock boundary and the walk's chain dominance (a position
// reaches every later time of its removed set), pass dominance, and forced
// Kings (removing a playable King only uncovers cards and, drawing one at a
// time onto one waste, never changes what else can be done). Dead-card
// detection and sole pairs are not used: they are about winning, and a
// deal that cannot be won may be best left with some card in place.
// Instead a position is cut when even removing every tableau card that is not
// stuck for good (potential, below) could not beat the best found.
#include <bit>

#include "solver/searches.h"

namespace pyr {

namespace {

// Tableau cards removed, and the most that could ever be removed from here.
int removed_tableau(const Board& b, const State& s) { return std::popcount(s.removed & b.tableau_mask()); }

// An upper bound on the tableau cards removed at the end: those removed,
// plus those in play less the ones that can never be removed ("stuck"): a
// card (not the lone rank) none of whose usable partners (in play, not
// blocked) can ever be removed -- to begin with, one with no usable partner
// at all, since partners only leave play; and every card beneath a stuck
// card (it can be played only once that card is gone, or, under the overlap
// rule, with that card as its partner: never either way). Repeated until
// nothing changes.
int potential(const Board& b, const State& s) {
    const uint64_t in_play = b.in_play(s);
    const int lone = b.variant().lone_rank;
    const uint64_t kings = lone ? b.rank_mask(lone) : 0;
    uint64_t stuck = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (uint64_t m = in_play & ~kings & ~stuck; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            if (b.open_partners(x) & in_play & ~stuck) continue;
            stuck |= uint64_t{1} << x;
            changed = true;
        }
        for (uint64_t m = stuck & b.fixed_mask(); m; m &= m - 1) {
            const uint64_t beneath = b.below(std::countr_zero(m)) & in_play & ~stuck;
            if (beneath) {
                stuck |= beneath;
                changed = true;
            }
        }
    }
    return removed_tableau(b, s) + std::popcount(in_play & b.tableau_mask() & ~stuck);
}

}  // namespace

ScoreResult ScoreSearch::run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget) {
    ScoreResult out;
    int best = removed_tableau(board, start);
    const int all = std::popcount(board.tableau_mask());
    auto finish = [&](bool complete) {
        out.tableau_left = all - best;
        out.states = budget.count();
        out.complete = complete;
        out.memory_exceeded = budget.memory_exceeded();
        return out;
    };
    auto tick = [&]() {
        const auto stop = budget.tick();
        out.interrupted = stop == SearchBudget::Stop::Interrupted;
        return stop == SearchBudget::Stop::No;
    };

    if (traits.draw_walk) {
        // The draw-N walk (walk.cpp's run_draw_n, chain_walk.h) with the best
        // score's forced moves (tableau Kings; no sole pairs), keyed by the
        // suit-blind form of the removed set (Board::suit_blind): positions
        // of one form are the same game, so they leave the same fewest
        // tableau cards. Its chain reaches every removed set the positions
        // search reaches (the walk argument is about reachable removed sets,
        // which is all the best score asks). A position cut by its potential
        // keeps its memo entry: everything reachable from it, the rest of its
        // chain included, has no higher potential.
        draw_memo_.clear();
        walk_stack_.clear();
        walk_stack_.set_reversed(false);
        walk_stack_.set_suit_blind(true);
        const DrawWalkMemo* prefetch = DrawWalkMemo::packed(board) ? &draw_memo_ : nullptr;
        DrawWalkMemo::Cover old;
        uint64_t key = board.suit_blind(start.removed);
        draw_memo_.arrive(board, start, draw_lane(board, start), old, key);
        tick();
        if (potential(board, start) > best)
            walk_stack_.push_draw_n(board, traits, start, old, prefetch, key, ForcedPolicy::score());
        State next;
        SlotMove move;
        while (best < all && walk_stack_.next(board, next, move, nullptr, nullptr, &key)) {
            if (removed_tableau(board, next) > best) {
                best = removed_tableau(board, next);
                walk_stack_.path(board, out.moves);
            }
            if (!draw_memo_.arrive(board, next, draw_lane(board, next), old, key)) continue;
            if (!tick()) return finish(false);
            if (potential(board, next) <= best) continue;
            walk_stack_.push_draw_n(board, traits, next, old, prefetch, key, ForcedPolicy::score());
        }
        return finish(true);
    }

    if (traits.walk) {
        // Forced Kings, no sole pairs, and discards do not end the walk: the
        // best score may leave a card for good. Outside the row redeal the
        // memo is keyed by the suit-blind form of the removed set, as the
        // verdict walk's (positions of one form are the same game, so they
        // leave the same fewest tableau cards).
        const ChainRules rules{ForcedPolicy::score(), false, false};
        const bool blind = !traits.rows;
        walk_memo_.clear();
        walk_stack_.clear();
        walk_stack_.set_reversed(false);
        walk_stack_.set_suit_blind(blind);
        uint32_t limit = 0;
        uint64_t key = blind ? board.suit_blind(start.removed) : start.removed;
        walk_memo_.arrive(board, start, limit, key);
        tick();
        if (potential(board, start) > best) walk_stack_.push(board, traits, rules, start, limit, &walk_memo_, key);
        State next;
        SlotMove move;
        while (best < all && walk_stack_.next(board, next, move, nullptr, nullptr, &key)) {
            if (removed_tableau(board, next) > best) {
                best = removed_tableau(board, next);
                walk_stack_.path(board, out.moves);
            }
            if (!walk_memo_.arrive(board, next, limit, blind ? key : next.removed)) continue;
            if (!tick()) return finish(false);
            if (potential(board, next) <= best) continue;
            walk_stack_.push(board, traits, rules, next, limit, &walk_memo_, key);
        }
        return finish(true);
    }

    // Positions: a plain search with forced Kings and pass dominance.
    memo_.clear();
    stack_.clear();
    memo_.visit(board, traits, start);
    tick();
    if (potential(board, start) > best) stack_.push(board, traits, ForcedPolicy::score(), start);
    State from;
    SlotMove m;
    while (best < all && stack_.next(from, m)) {
        const State s = board.apply(from, m);
        if (removed_tableau(board, s) > best) {
            best = removed_tableau(board, s);
            stack_.path(board, out.moves);
        }
        if (!memo_.visit(board, traits, s)) continue;
        if (!tick()) return finish(false);
        if (potential(board, s) <= best) continue;
        stack_.push(board, traits, ForcedPolicy::score(), s);
    }
    return finish(true);
}

}  // namespace pyr
