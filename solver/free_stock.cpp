#include "solver/free_stock.h"

#include <algorithm>
#include <bit>

#include "solver/prune.h"
#include "solver/search_util.h"
#include "solver/searches.h"

namespace pyr {

namespace {
// Free cards left per rank, 4 bits a rank (a deck holds at most 4 of a rank).
constexpr int kCountBits = 4;
inline uint64_t count_of(uint64_t counts, int rank) { return (counts >> (kCountBits * rank)) & 0xF; }
inline uint64_t one_of(int rank) { return uint64_t{1} << (kCountBits * rank); }
// Whether two deals have the same relaxed game: the same cards in the same
// slots, and the same rules for the fixed cards and the goal.
// With fixed_only, the same fixed cards (the stock's may differ): the relaxed
// game reads only the fixed cards and the counts of the free ones, which each
// call computes afresh.
bool same_relaxed_game(const Deal& a, const Deal& b, bool fixed_only = false) {
    const Variant &x = a.variant, &y = b.variant;
    const bool cards = fixed_only ? a.fixed_size() == b.fixed_size() && a.cards.size() == b.cards.size() &&
                                        std::equal(a.cards.begin(), a.cards.begin() + a.fixed_size(), b.cards.begin())
                                  : a.cards == b.cards;
    return cards && x.deck == y.deck && x.target == y.target && x.lone_rank == y.lone_rank && x.shape == y.shape &&
           x.rows == y.rows && x.reserve_piles == y.reserve_piles && x.reserve_height == y.reserve_height &&
           x.reserves_open == y.reserves_open && x.goal == y.goal && x.overlap == y.overlap && x.wastes == y.wastes;
}
}  // namespace

void FreeStockRelaxation::clear() {
    recycle(seen_);
    recycle(outcomes_);
    board_ = nullptr;
}

void FreeStockRelaxation::trim() {
    drop_if_large(seen_);
    drop_if_large(outcomes_);
}

std::size_t FreeStockRelaxation::bytes(bool grow) const {
    return table_bytes(seen_, grow) + table_bytes(outcomes_, grow);
}

FreeStockRelaxation::Outcome FreeStockRelaxation::solve(const Board& b, const State& s, uint64_t max_nodes,
                                                        uint64_t goal) {
    return decide(b, s, max_nodes, goal, false);
}

FreeStockRelaxation::Outcome FreeStockRelaxation::solve_any_stock(const Board& b, const State& s, uint64_t max_nodes) {
    return decide(b, s, max_nodes, 0, true);
}

FreeStockRelaxation::Outcome FreeStockRelaxation::decide(const Board& b, const State& s, uint64_t max_nodes,
                                                         uint64_t goal, bool any_stock) {
    const Variant& v = b.variant();
    if (deck_ranks(v.deck) * kCountBits + kCountBits > 64) return Outcome::Unknown;
    const uint64_t want = goal ? goal & b.fixed_mask()
                               : b.fixed_mask() & (v.goal == Goal::All ? b.all_mask() : b.tableau_mask());
    const bool same = any_stock ? board_ && same_relaxed_game(deal_, b.deal(), true)
                                : board_ == &b && same_relaxed_game(deal_, b.deal());
    if (!same || want != goal_ || pile_mode_) {
        seen_.clear();
        outcomes_.clear();
        deal_ = b.deal();
    }
    pile_mode_ = false;
    depth_ = 0;
    board_ = &b;
    goal_ = want;
    nodes_ = 0;
    max_nodes_ = max_nodes;
    aborted_ = false;
    uint64_t counts = 0;
    for (uint64_t m = b.in_play(s) & ~b.fixed_mask(); m; m &= m - 1) {
        const int r = b.rank(std::countr_zero(m));
        if (count_of(counts, r) == 0xF) return Outcome::Unknown;
        counts += one_of(r);
    }
    const bool win = search(s.removed & b.fixed_mask(), counts, 0);
    if (aborted_) {  // the table's "false" entries may be unfinished: forget them
        seen_.clear();
        board_ = nullptr;
        return Outcome::Unknown;
    }
    return win ? Outcome::Clearable : Outcome::Lost;
}

bool FreeStockRelaxation::reachable_removed(const Board& b, const State& s, uint64_t& out, uint64_t max_nodes) {
    // The same search with a goal no position reaches (a bit outside the
    // fixed cards), so it enters every reachable relaxed position once: the
    // forced King changes none of the removable cards (removing a playable
    // King earlier keeps every later move legal). Its table says "no win"
    // for a goal of its own, so it starts afresh and is dropped after.
    const Variant& v = b.variant();
    if (deck_ranks(v.deck) * kCountBits + kCountBits > 64) return false;
    seen_.clear();
    outcomes_.clear();
    pile_mode_ = false;
    depth_ = 0;
    board_ = &b;
    deal_ = b.deal();
    goal_ = uint64_t{1} << 63;
    nodes_ = 0;
    max_nodes_ = max_nodes;
    aborted_ = false;
    reached_ = 0;
    uint64_t counts = 0;
    for (uint64_t m = b.in_play(s) & ~b.fixed_mask(); m; m &= m - 1) {
        const int r = b.rank(std::countr_zero(m));
        if (count_of(counts, r) == 0xF) return false;
        counts += one_of(r);
    }
    search(s.removed & b.fixed_mask(), counts, 0);
    const bool done = !aborted_;
    out = reached_;
    seen_.clear();
    board_ = nullptr;
    return done;
}

FreeStockRelaxation::Outcome FreeStockRelaxation::solve_waste_pile(const Board& b, const State& s, uint64_t max_nodes,
                                                                   bool top) {
    const Variant& v = b.variant();
    if (deck_ranks(v.deck) * kCountBits + kCountBits > 56 || v.discards() || b.rows_redeal() || !final_pass_pile(b, s))
        return Outcome::Unknown;
    const uint64_t avail = b.stock_mask() & ~s.removed;
    const int below = b.fixed() + s.pos;  // stock slots [0, pos): the waste
    const uint64_t drawn = avail & (below >= 64 ? ~uint64_t{0} : (uint64_t{1} << below) - 1);
    // The question: the counts of the free cards and the pin (the stock's
    // top pinned: its rank in pin, the rest free), the pile's ranks.
    uint64_t counts = 0;
    uint64_t stock = avail & ~drawn;
    uint32_t pin = 0;
    if (top && v.stock_top_playable && stock) {
        pin = kOnStock | static_cast<uint32_t>(b.rank(std::countr_zero(stock)));
        stock &= stock - 1;
    }
    for (uint64_t m = stock; m; m &= m - 1) {
        const int r = b.rank(std::countr_zero(m));
        if (count_of(counts, r) == 0xF) return Outcome::Unknown;
        counts += one_of(r);
    }
    const int depth = std::popcount(drawn);
    const uint64_t removed = s.removed & b.fixed_mask();
    // A question answered before for the same fixed cards and rules.
    const bool same_game = board_ && same_relaxed_game(deal_, b.deal(), true);
    if (!same_game) outcomes_.clear();
    OutcomeKey question{removed, key_word(counts, depth, pin), 0, 0};
    if (depth <= 32) {
        int i = 0;
        for (uint64_t m = drawn; m; m &= m - 1, ++i)
            (i < 16 ? question.ranks_lo : question.ranks_hi) |= uint64_t(b.rank(std::countr_zero(m))) << 4 * (i & 15);
        if (const auto it = outcomes_.find(question); it != outcomes_.end())
            return it->second ? Outcome::Clearable : Outcome::Lost;
    }
    // The relaxed positions entered are kept while the relaxed game is the
    // same: the fixed cards and the rules (same_relaxed_game), and the pile
    // (its slots and their ranks); the stock's counts are in every key.
    bool same = pile_mode_ && same_game && depth_ == depth;
    int d = 0;
    for (uint64_t m = drawn; m; m &= m - 1, ++d) {
        const int slot = std::countr_zero(m);
        same = same && pile_[d] == slot && pile_rank_[d] == b.rank(slot);
        pile_[d] = static_cast<uint8_t>(slot);
        pile_rank_[d] = static_cast<uint8_t>(b.rank(slot));
    }
    if (!same || seen_.size() > kKeepPile) {
        seen_.clear();
        if (!same_game) deal_ = b.deal();
    }
    pile_mode_ = true;
    board_ = &b;
    depth_ = depth;
    goal_ = b.fixed_mask() & (v.goal == Goal::All ? b.all_mask() : b.tableau_mask());
    nodes_ = 0;
    max_nodes_ = max_nodes;
    aborted_ = false;
    const bool win = search(removed, counts, depth, pin);
    if (aborted_) {  // the table's "false" entries may be unfinished: forget them
        seen_.clear();
        board_ = nullptr;
        return Outcome::Unknown;
    }
    if (depth <= 32) {
        if (outcomes_.size() >= kKeepOutcomes) outcomes_.clear();
        outcomes_.emplace(question, win);
    }
    return win ? Outcome::Clearable : Outcome::Lost;
}

bool FreeStockRelaxation::search(uint64_t removed, uint64_t counts, int depth, uint32_t pin) {
    if ((removed & goal_) == goal_) return true;
    const Key key{removed, key_word(counts, depth, pin)};
    if (const auto it = seen_.find(key); it != seen_.end()) return it->second;
    if (++nodes_ > max_nodes_) {
        aborted_ = true;
        return false;
    }
    seen_.emplace(key, false);
    reached_ |= removed;
    const bool win = expand(removed, counts, depth, pin);
    if (win) seen_[key] = true;
    return win;
}

bool FreeStockRelaxation::expand(uint64_t removed, uint64_t counts, int depth, uint32_t pin) {
    const Board& b = *board_;
    const Variant& v = b.variant();
    const uint64_t playable = b.fixed_playable(removed);
    // A playable fixed King, or a King on the pile's top, is forced: it only
    // uncovers cards and uses none.
    if (const uint64_t kings = v.lone_rank ? playable & b.rank_mask(v.lone_rank) : 0)
        return search(removed | (kings & (~kings + 1)), counts, depth, pin);
    if (pin) return expand_pinned(removed, counts, depth, pin, playable);
    const int top = depth ? pile_[depth - 1] : -1;
    if (top >= 0 && v.lone_rank && b.rank(top) == v.lone_rank) return search(removed, counts, depth - 1);
    auto go = [&](uint64_t gone, uint64_t new_counts, int new_depth) {
        return search(removed | gone, new_counts, new_depth) || aborted_;
    };
    for (uint64_t m = playable; m; m &= m - 1) {
        const int x = std::countr_zero(m);
        const int partner = v.target - b.rank(x);
        // Two playable fixed cards.
        for (uint64_t q = b.partners(x) & playable & ~((uint64_t{2} << x) - 1); q; q &= q - 1)
            if (go((uint64_t{1} << x) | (uint64_t{1} << std::countr_zero(q)), counts, depth)) return !aborted_;
        // A playable fixed card with the pile's top.
        if (top >= 0 && (b.partners(x) >> top & 1))
            if (go(uint64_t{1} << x, counts, depth - 1)) return !aborted_;
        // A playable fixed card with a free card.
        if (partner >= 1 && partner <= deck_ranks(v.deck) && count_of(counts, partner) > 0)
            if (go(uint64_t{1} << x, counts - one_of(partner), depth)) return !aborted_;
    }
    // The pile's top with a free card.
    if (top >= 0) {
        const int partner = v.target - b.rank(top);
        if (partner >= 1 && partner <= deck_ranks(v.deck) && count_of(counts, partner) > 0)
            if (go(0, counts - one_of(partner), depth - 1)) return !aborted_;
    }
    bool won = false;
    b.for_each_overlap_pair(removed, playable, [&](int cover, int covered) {
        if (!won && !aborted_ && go((uint64_t{1} << cover) | (uint64_t{1} << covered), counts, depth)) won = !aborted_;
    });
    return won;
}

// The stock's top T pinned (solve_waste_pile's `top`): on the stock
// (kOnStock: no free card yet; T playable with a fixed card, the pile's top,
// alone if a King, or drawn onto the pile) or on the pile's top (kOnPile:
// over the pile's first `depth` cards; every stock card left free). Once T
// is gone, the unpinned positions (pin 0).
bool FreeStockRelaxation::expand_pinned(uint64_t removed, uint64_t counts, int depth, uint32_t pin, uint64_t playable) {
    const Board& b = *board_;
    const Variant& v = b.variant();
    const int t = static_cast<int>(pin & 15);
    const bool on_pile = pin & kOnPile;
    const int under = depth ? pile_[depth - 1] : -1;  // the pile's top card of s's waste (beneath T when on_pile)
    // A King on the pile's top is forced (it only uncovers a card).
    if (on_pile && v.lone_rank && t == v.lone_rank) return search(removed, counts, depth);
    if (!on_pile && under >= 0 && v.lone_rank && b.rank(under) == v.lone_rank)
        return search(removed, counts, depth - 1, pin);
    auto go = [&](uint64_t gone, uint64_t new_counts, int new_depth, uint32_t new_pin) {
        return search(removed | gone, new_counts, new_depth, new_pin) || aborted_;
    };
    const auto in_deck = [&](int r) { return r >= 1 && r <= deck_ranks(v.deck); };
    for (uint64_t m = playable; m; m &= m - 1) {
        const int x = std::countr_zero(m);
        const int partner = v.target - b.rank(x);
        // Two playable fixed cards.
        for (uint64_t q = b.partners(x) & playable & ~((uint64_t{2} << x) - 1); q; q &= q - 1)
            if (go((uint64_t{1} << x) | (uint64_t{1} << std::countr_zero(q)), counts, depth, pin)) return !aborted_;
        // A playable fixed card with T (on the stock or the pile): T gone.
        if (partner == t)
            if (go(uint64_t{1} << x, counts, depth, 0)) return !aborted_;
        if (on_pile) {
            // ... with a free card.
            if (in_deck(partner) && count_of(counts, partner) > 0)
                if (go(uint64_t{1} << x, counts - one_of(partner), depth, pin)) return !aborted_;
        } else if (under >= 0 && (b.partners(x) >> under & 1)) {
            // ... with the pile's top (T still on the stock).
            if (go(uint64_t{1} << x, counts, depth - 1, pin)) return !aborted_;
        }
    }
    if (on_pile) {
        // T, the pile's top, with a free card.
        const int partner = v.target - t;
        if (in_deck(partner) && count_of(counts, partner) > 0)
            if (go(0, counts - one_of(partner), depth, 0)) return !aborted_;
    } else {
        // T on the stock: with the pile's top, alone if a King, or drawn.
        if (under >= 0 && b.rank(under) + t == v.target)
            if (go(0, counts, depth - 1, 0)) return !aborted_;
        if (v.lone_rank && t == v.lone_rank)
            if (go(0, counts, depth, 0)) return !aborted_;
        if (go(0, counts, depth, kOnPile | static_cast<uint32_t>(t))) return !aborted_;
    }
    bool won = false;
    b.for_each_overlap_pair(removed, playable, [&](int cover, int covered) {
        if (!won && !aborted_ && go((uint64_t{1} << cover) | (uint64_t{1} << covered), counts, depth, pin))
            won = !aborted_;
    });
    return won;
}

}  // namespace pyr
