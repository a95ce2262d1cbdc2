// The free-stock relaxation: a necessary condition for a win that looks at
// the tableau alone, decided exactly by a small search of its own.
//
// The relaxed game from a position s: the tableau and reserve cards (the
// fixed cards) keep their covering, and every other card still in play at s
// -- in the stock or on a waste, whatever its order, pile or pass -- is
// "free": it may be paired with a playable fixed card at any time, once.
// Moves that remove only free cards are dropped. The goal: remove every
// fixed card the goal needs (the tableau; with goal `all`, every fixed card).
//
// Why it is sound. Take any play of the real game from s and keep only its
// moves that remove fixed cards: a King (the lone rank) alone, two playable
// fixed cards, a covered card with its only cover (the overlap rule), or a
// playable fixed card with a stock or waste card. Each is a legal relaxed
// move at the same point: the fixed cards' covering is the same rule in
// both games, and the stock or waste card was in play at s (cards never come
// back into play), is used once, and is free in the relaxed game. So a real
// win projects onto a relaxed win; a position whose relaxed game is lost is
// lost. (It ignores everything the stock's order, the wastes and the passes
// forbid, so it proves fewer losses than the search, but it is cheap: the
// relaxed game has at most 1430 tableau patterns for the 7-row pyramid,
// times the counts of free cards left per rank.)
//
// Why its search is exact. Free cards of one rank are interchangeable, so a
// relaxed position is the fixed cards removed plus how many free cards of
// each rank are left. Removing a playable fixed King is forced (it only
// uncovers cards and uses none). The search is a depth-first search with a
// table of the positions entered: every move removes a fixed card, so no
// position repeats along a path, and the search returns at its first win, so
// a position found in the table has no win below it.
//
// What it decides on Apophis, and at what cost: bench/solver-notes.md.
#pragma once
#include <cstdint>

#include <boost/unordered/unordered_flat_map.hpp>

#include "engine/board.h"
#include "solver/word_hash.h"

namespace pyr {

class FreeStockRelaxation {
public:
    enum class Outcome { Clearable, Lost, Unknown };
    // Relaxed positions one decision may enter before it gives up (Unknown).
    static constexpr uint64_t kDefaultMaxNodes = 2'000'000;
    // Decides the relaxed game from s. Unknown when it would enter more than
    // max_nodes new relaxed positions, or the deck is not one the counts fit.
    // The relaxed game depends on the board only, so the values of relaxed
    // positions are kept from one call to the next for the same board (a
    // call for another board, or one that gives up, starts afresh).
    // `goal` (fixed-card slots; 0 = the game's goal: the tableau, or every
    // fixed card with goal `all`) asks whether those cards alone can be
    // removed (the loss reasons name the cards that never can).
    Outcome solve(const Board& b, const State& s, uint64_t max_nodes = kDefaultMaxNodes, uint64_t goal = 0);
    // solve() for boards whose stock cards differ from call to call (the
    // no-peek optimum's assignments of the cards turned up): the values are
    // kept while the fixed cards and the rules stay the same (the relaxed
    // game reads only those, and the counts this call takes from b and s).
    Outcome solve_any_stock(const Board& b, const State& s, uint64_t max_nodes = kDefaultMaxNodes);
    // The fixed cards removed in some relaxed position reachable from s (s's
    // own removed ones included), by one search of every relaxed position:
    // a card outside it can never be removed (the loss reasons' cards);
    // false when that would enter more than max_nodes positions.
    bool reachable_removed(const Board& b, const State& s, uint64_t& out, uint64_t max_nodes = kDefaultMaxNodes);

    // The waste-pile relaxation: the free-stock relaxation with the waste kept
    // (the same search with the pile as one more dimension).
    // In the final pass with one waste whose top card alone is playable
    // (final_pass_pile), the cards on the waste at s lie in a known order and
    // nothing ever lifts them but removal: the relaxed game keeps that pile
    // (its top playable, the card beneath playable once the top is gone) and
    // makes every card still in the stock free, as above (whatever its order).
    // Its goal and fixed cards are the free-stock relaxation's.
    //
    // Why it is sound. Take any play of the real game from s and keep its moves
    // that remove a fixed card or a card of s's waste. The fixed cards cover as
    // in the real game. A card of s's waste is playable in the real game only
    // on the waste's top, so every card above it on s's waste is gone by then
    // (and the stock cards drawn onto it since, free in the relaxed game, cover
    // nothing there): it is the relaxed pile's top. A stock card of s is free.
    // So each kept move is a legal relaxed move at the same point, and a real
    // win projects onto a relaxed win: a relaxed loss is a loss in every order
    // of the stock. It proves every loss the free-stock relaxation proves (a
    // waste card free there is usable here only from the pile) and more: the
    // waste's order, which the free-stock relaxation ignores, is the same in
    // every order of the stock cards (the no-peek optimum's cards not seen).
    //
    // Unknown where the rule does not apply (not final_pass_pile, discards,
    // the row redeal, several wastes) or past max_nodes relaxed positions.
    // The relaxed positions entered are kept for the next call while the
    // fixed cards, the rules and the waste are the same (the stock's counts
    // are in their keys), as solve_any_stock keeps its; a call of another
    // kind (solve, solve_any_stock, reachable_removed) starts afresh. Its
    // answers are kept too, by the whole question (the pile's ranks in it),
    // while the fixed cards and the rules are the same (outcomes_).
    //
    // `top` (the stock's top pinned): where the stock's top card T is
    // playable (stock_top_playable) and so seen, T is not free: until it
    // leaves the stock's top, no other stock card is reachable (they lie
    // beneath it), and T is playable there (with a fixed card, the pile's
    // top, or alone if a King), or drawn onto the pile, whose top it then
    // is; once T is gone or drawn, every stock card left is free as above.
    // Why it is sound: in a real play from s, until T leaves the stock's top
    // the moves remove only fixed cards, the waste's top and T, or draw T,
    // each a relaxed move of the first phase; from then on the argument
    // above holds with T one more card of the pile (drawn) or gone. So it
    // reads T's rank, and a loss here is a loss in every order of the stock
    // cards beneath T (the cards not seen), which the unpinned relaxation,
    // the same for every rank of T, cannot tell apart: it proves every loss
    // that one proves, and more.
    Outcome solve_waste_pile(const Board& b, const State& s, uint64_t max_nodes = 100'000, bool top = false);

    void clear();
    // Drops the table when above kRetainBytes (searches.h): it only caches.
    void trim();
    std::size_t bytes(bool grow) const;

private:
    // The fixed cards removed and the free cards' rank counts (with the
    // pile's cards left in the top byte: solve_waste_pile).
    using Key = WordPair<0xBF58476D1CE4E5B9ull>;
    using KeyHash = WordPairHash<0xBF58476D1CE4E5B9ull>;
    Outcome decide(const Board& b, const State& s, uint64_t max_nodes, uint64_t goal, bool any_stock);
    // true: a relaxed win below (removed, counts, the pile's first `depth`
    // cards); sets aborted_ past the node cap. Depth 0 (no pile): the
    // free-stock relaxation's positions, keyed as they always were.
    // `pin` (solve_waste_pile's `top`): 0, or T's rank with kOnStock (T on
    // the stock's top, no free card yet) or kOnPile (T on the pile's top);
    // in the key, T's rank takes the count bits of rank 0 (never a card's),
    // kOnStock and kOnPile its top two bits.
    static constexpr uint32_t kOnStock = 16, kOnPile = 32;
    // A position's second key word (seen_'s, and outcomes_' question's):
    // the counts, the pile's depth in the top byte, the pin as above.
    static uint64_t key_word(uint64_t counts, int depth, uint32_t pin) {
        return counts | uint64_t(depth) << 56 | (pin & 15) | uint64_t(pin & kOnStock ? 1 : 0) << 63 |
               uint64_t(pin & kOnPile ? 1 : 0) << 62;
    }
    bool search(uint64_t removed, uint64_t counts, int depth, uint32_t pin = 0);
    // search's moves from a new relaxed position
    bool expand(uint64_t removed, uint64_t counts, int depth, uint32_t pin);
    bool expand_pinned(uint64_t removed, uint64_t counts, int depth, uint32_t pin, uint64_t playable);

    const Board* board_ = nullptr;
    Deal deal_;          // the board's deal, to tell a new board from the same one
    uint64_t goal_ = 0;  // the fixed cards the goal needs removed
    uint64_t nodes_ = 0, max_nodes_ = 0;
    bool aborted_ = false;
    uint64_t reached_ = 0;  // the union of the removed sets of the positions entered
    // solve_waste_pile's pile (empty for the other calls), and how many of
    // its relaxed positions the table keeps from call to call (past it, it
    // starts afresh).
    static constexpr size_t kKeepPile = size_t{1} << 16;
    bool pile_mode_ = false;      // the table holds solve_waste_pile's positions
    int depth_ = 0;               // the pile's cards
    uint8_t pile_[64] = {};       // s's waste, bottom first (slots)
    uint8_t pile_rank_[64] = {};  // their ranks
    // Relaxed positions entered -> whether the relaxed game is won from there
    // (false also while a position is being searched: no path repeats one).
    boost::unordered_flat_map<Key, bool, KeyHash> seen_;
    // solve_waste_pile's answers (Clearable: true, Lost: false) by the whole
    // question: the removed fixed cards, the counts with the pin and the
    // pile's depth (key_word, as in seen_'s keys), and the pile's ranks, bottom first,
    // 4 bits each (piles of at most 32 cards). Kept while the fixed cards and
    // the rules are the same, whatever the pile: the no-peek search asks the
    // same questions again after seen_ was cleared for another pile (seed 53
    // at 12 cards not seen: 3.56 million calls, 0.42 million distinct).
    struct OutcomeKey {
        uint64_t removed, counts, ranks_lo, ranks_hi;
        friend bool operator==(const OutcomeKey&, const OutcomeKey&) = default;
    };
    struct OutcomeHash {
        std::size_t operator()(const OutcomeKey& k) const noexcept {
            return hash_words(k.removed ^ k.ranks_hi * 0xD6E8FEB86659FD93ull,
                              k.counts ^ k.ranks_lo * 0xC2B2AE3D27D4EB4Full, 0xBF58476D1CE4E5B9ull);
        }
    };
    static constexpr size_t kKeepOutcomes = size_t{1} << 18;
    boost::unordered_flat_map<OutcomeKey, bool, OutcomeHash> outcomes_;
};

}  // namespace pyr
