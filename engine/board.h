// The packed position and the fast rules the solver searches with.
//
// Every card of a deal sits in a slot: the tableau (row by row), the reserve
// piles (pile by pile, bottom to top), then the stock in the order its cards
// come off. Which card is in which slot is fixed by the deal and stored once,
// here; a position only records what changed:
//
//   removed  which slots have been paired away (one bit per slot)
//   pos      the stock boundary: stock slots [0, pos) have been drawn (they
//            are on the waste, or discarded when there is no waste); the rest
//            is still in the stock, the lowest remaining slot on top
//   pass     0-based pass through the stock (0 when passes are unlimited)
//
// The waste is not stored: with one waste it is the remaining drawn slots in
// slot order, top last; with several wastes dealt in rows, slot j of the pass
// lies on waste (j mod wastes).
#pragma once
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/deal.h"
#include "engine/move.h"

namespace pyr {

// 64-bit key layout, locked here:
//
//   63       58 57      52 51                                   0
//   +----------+----------+--------------------------------------+
//   |   pass   |   pos    |        removed slots (1 bit each)     |
//   +----------+----------+--------------------------------------+
namespace key_layout {
constexpr int kSlotBits = 52;
constexpr int kPosShift = 52;
constexpr int kPosBits = 6;
constexpr int kPassShift = 58;
constexpr int kPassBits = 6;
constexpr uint64_t kSlotMask = (uint64_t{1} << kSlotBits) - 1;
constexpr uint64_t kPosMask = (uint64_t{1} << kPosBits) - 1;
constexpr uint64_t kPassMask = (uint64_t{1} << kPassBits) - 1;
static_assert(kSlotBits + kPosBits + kPassBits == 64, "the key uses exactly 64 bits");
static_assert(kPosShift == kSlotBits && kPassShift == kPosShift + kPosBits, "fields are contiguous");
static_assert((uint64_t{1} << kSlotBits) >= (uint64_t{1} << 52), "one bit for each card of a 52-card deck");
static_assert(kPosMask >= 52, "pos can name every stock boundary");
// Finite pass counts above this behave exactly as unlimited (see Board::Board).
constexpr int kMaxFinitePasses = 53;
static_assert(kPassMask >= kMaxFinitePasses - 1, "pass field holds every finite pass index");
}  // namespace key_layout

struct State {
    uint64_t removed = 0;
    uint8_t pos = 0;
    uint8_t pass = 0;
    // Row redeal only (Apophis): for each stock card j, bits 2j..2j+1 hold the
    // pass it was removed in, plus one (0 while it is in play). The order of the
    // stock in later passes depends on what was gone at each redeal.
    uint64_t epochs = 0;
    friend bool operator==(const State&, const State&) = default;
};

constexpr uint64_t encode(const State& s) {
    return (s.removed & key_layout::kSlotMask) | (uint64_t{s.pos} << key_layout::kPosShift) |
           (uint64_t{s.pass} << key_layout::kPassShift);
}
constexpr State decode(uint64_t key) {
    return State{key & key_layout::kSlotMask,
                 static_cast<uint8_t>((key >> key_layout::kPosShift) & key_layout::kPosMask),
                 static_cast<uint8_t>((key >> key_layout::kPassShift) & key_layout::kPassMask)};
}
static_assert(decode(encode(State{0x000F'FFFF'FFFF'FFFFull, 24, 2})) == State{0x000F'FFFF'FFFF'FFFFull, 24, 2});

// With the row redeal (Apophis) the key is a mixed-radix number instead,
// packed by Board::key: see board.cpp.

// A move in slot terms.
struct SlotMove {
    enum Kind : uint8_t { Draw, Redeal, Single, Pair };
    Kind kind = Draw;
    uint8_t a = 0, b = 0;
};

constexpr int kMaxSlots = 52;
constexpr int kMaxMoves = 256;

// The row redeal's stock order (Apophis: PySolFC's DealRowRedealTalonStack),
// one strategy that Board hands every stock question to when the variant has
// it. A draw deals a row, one card onto each waste; a redeal gathers the
// wastes onto the stock and deals a row at once, so the stock's order in a
// later pass depends on which cards were gone at each redeal: a position
// records, for each stock card, the pass it was removed in (State::epochs),
// and its key is a mixed-radix number over the reachable tableau patterns.
class RowRedeal {
public:
    // `cover`: the slots directly covering each tableau slot.
    RowRedeal(const Variant& v, int slots, int fixed, const std::array<uint64_t, kMaxSlots>& cover);

    uint64_t key(const State& s) const;
    State state_of(uint64_t key) const;
    uint64_t chain_key(const State& s) const;
    // The stock slots in the order of the position's pass; returns how many.
    int pass_order(const State& s, uint8_t* out) const;
    int pass_length(const State& s) const;  // the same count, without the order
    // The playable waste cards (`avail`: the slots not removed).
    uint64_t playable(const State& s, uint64_t avail) const;
    uint64_t playable(const State& s, uint64_t avail, const uint8_t* order) const;  // given pass_order(s)
    bool stock_empty(const State& s) const;
    // With the stock empty and a pass left: whether any stock card is left to gather.
    bool any_left(const State& s) const { return (stock_mask_ & ~s.removed) != 0; }
    // The position after a legal move.
    State apply(State s, SlotMove m) const;

private:
    uint64_t pattern_index(const State& s) const;
    int n_, f_, wastes_, waste_playable_, passes_;
    uint64_t tableau_mask_, stock_mask_;
    std::vector<uint32_t> ideals_;                   // reachable removed patterns of the tableau, sorted
    std::array<unsigned __int128, 4> key_offset_{};  // first key of each pass
};

class Board {
public:
    explicit Board(const Deal& deal);
    // The same layout with other cards: `deal` has base's variant and size and
    // differs at most in its cards (and position). The tables that read the
    // cards are rebuilt and the layout's geometry is copied: the board equals
    // Board(deal) (tests/test_key.cpp), at a fraction of the cost (the
    // no-peek optimum builds one per assignment of the cards turned up).
    Board(const Board& base, const Deal& deal);
    // This board with the cards of `deal`, of this board's layout (the same
    // variant and size; its position is not read): the board equals
    // Board(*this, deal) afterwards, without copying the layout or
    // allocating (the no-peek optimum re-cards the boards it keeps).
    void recard(const Deal& deal);

    const Deal& deal() const { return deal_; }
    const Variant& variant() const { return deal_.variant; }
    int slots() const { return n_; }
    int fixed() const { return f_; }
    int stock_size() const { return n_ - f_; }
    bool unlimited() const { return passes_ == 0; }
    int passes() const { return passes_; }  // effective: 0 = unlimited
    int rank(int slot) const { return rank_[slot]; }
    Card card(int slot) const { return deal_.cards[slot]; }
    int slot_of(Card c) const { return slot_of_[card_index(c, deal_.deck())]; }
    uint64_t cover(int slot) const { return cover_[slot]; }
    uint64_t below(int slot) const { return below_[slot]; }
    uint64_t partners(int slot) const { return partners_[slot]; }  // slots whose ranks pair with it
    // Slots that can never pair with this one while it is in place: the cards
    // beneath it and the cards above it (covering it, directly or not),
    // except (overlap rule) a card and the one it covers directly.
    uint64_t blocked(int slot) const { return blocked_[slot]; }
    // partners(slot) less blocked(slot): the partners it may ever pair with.
    uint64_t open_partners(int slot) const { return open_partners_[slot]; }
    uint64_t rank_mask(int rank) const { return rank_mask_[rank]; }
    // The cards the goal needs removed (tableau, or every card).
    uint64_t goal_mask() const { return goal_mask_; }
    uint64_t tableau_mask() const { return tableau_mask_; }
    uint64_t fixed_mask() const { return fixed_mask_; }
    uint64_t stock_mask() const { return stock_mask_; }
    uint64_t all_mask() const { return all_mask_; }

    // Where play begins: the deal's start, or its position (Deal::position).
    State initial() const;

    // The 64-bit memo key of a position, and back. For every layout but the row
    // redeal this is encode()/decode(); see board.cpp for the row redeal's.
    uint64_t key(const State& s) const;
    State state_of(uint64_t key) const;
    bool rows_redeal() const { return rows_.has_value(); }
    // The identity of a position's chain of draws and redeals: everything but
    // the stock time (pass, pos). The removed set; with the row redeal, the
    // tableau pattern's index and the stock cards' epochs (11 + 48 bits).
    uint64_t chain_key(const State& s) const;
    // Row redeal: the stock slots in the order of the position's pass (first
    // dealt first); returns how many.
    int pass_order(const State& s, uint8_t* out) const;
    bool won(const State& s) const { return (s.removed & goal_mask_) == goal_mask_; }

    // The suit-blind form of a removed set (the walk searches' memo key,
    // solver/searches.h): the rules look at ranks only, so two positions whose
    // tableau and reserve cards removed are the same, and whose stock cards
    // still there (not removed) spell the same ranks in the same order, are
    // the same game at the same boundary k (drawn cards among them) and pass.
    // The stock part is replaced by a canonical one for that rank sequence:
    // the stock slots left are the sequence's leftmost embedding in the
    // stock (each card matched to the first slot of its rank after the
    // previous card's), the others removed. Two removed sets get the same
    // form exactly when they have the same fixed part and rank sequence.
    uint64_t suit_blind_stock(uint64_t removed) const {  // the stock part alone
        uint64_t keep = 0;
        int j = 0;  // the stock index the next card's match starts from
        for (uint64_t q = stock_mask_ & ~removed; q; q &= q - 1) {
            j = next_of_rank_[j][rank_[std::countr_zero(q)]];
            keep |= uint64_t{1} << (f_ + j);
            ++j;
        }
        return stock_mask_ & ~keep;
    }
    uint64_t suit_blind(uint64_t removed) const { return (removed & fixed_mask_) | suit_blind_stock(removed); }
    // The stock index of the first card of `rank` at or after stock index j
    // (0xFF: none).
    int next_of_rank(int j, int rank) const { return next_of_rank_[j][rank]; }
    // The drawn stock cards not removed (on the waste, or discarded): the boundary k.
    int drawn_left(const State& s) const { return std::popcount(stock_mask_ & ~s.removed & drawn_mask(s)); }

    // Slots whose cards are still in play: not removed and not discarded.
    uint64_t in_play(const State& s) const {
        const uint64_t avail = all_mask_ & ~s.removed;
        return wastes_ == 0 ? avail & ~drawn_mask(s) : avail;
    }
    // Playable slots (exposed tableau/reserve cards, stock top, waste tops).
    uint64_t playable(const State& s) const { return fixed_playable(s.removed) | stock_playable(s); }
    // The exposed tableau and reserve cards: these depend on the removed set only.
    // (Bit-parallel: a card is covered when a card at some fixed distance d
    // above it in slot order is still there and covers it; see cover_by_shift_.)
    uint64_t fixed_playable(uint64_t removed) const {
        const uint64_t avail = all_mask_ & ~removed;
        uint64_t covered = 0;
        for (int k = 0; k < cover_shifts_; ++k) covered |= (avail >> cover_shift_[k]) & cover_by_shift_[k];
        return avail & fixed_mask_ & ~covered;
    }
    // The playable stock and waste cards at the position's stock boundary.
    // (Inline for at most one waste outside the row redeal: the chain walk
    // asks at every position of a chain.)
    uint64_t stock_playable(const State& s) const {
        if (rows_ || wastes_ > 1) return stock_playable_other(s);
        const uint64_t avail = stock_mask_ & ~s.removed;
        const uint64_t drawn = drawn_mask(s);
        const uint64_t stock = avail & ~drawn;
        uint64_t p = stock_top_playable_ ? stock & (~stock + 1) : 0;  // the stock's top
        if (wastes_ == 1) {
            uint64_t w = avail & drawn;
            for (int k = 0; k < waste_playable_ && w; ++k) {  // the waste's top cards
                const uint64_t top = uint64_t{1} << (63 - std::countl_zero(w));
                p |= top;
                w &= ~top;
            }
        }
        return p;
    }
    // Row redeal: the same, given the pass's order (pass_order: it depends
    // only on the pass and the epochs, so a walk along a chain builds it once a pass).
    uint64_t rows_playable(const State& s, const uint8_t* order) const;
    // Draws are deterministic: the position one draw (or, at the end of the
    // stock, one redeal) later; false when neither is possible.
    bool advance(State& s) const;
    bool stock_empty(const State& s) const;
    bool can_redeal(const State& s) const;

    // The overlap rule's pairs (none when it is off): a covered tableau card
    // with the one card still covering it, which is playable. Calls
    // f(cover, covered) for each; `fixed` is fixed_playable(removed).
    template <class F>
    void for_each_overlap_pair(uint64_t removed, uint64_t fixed, F&& f) const {
        if (!deal_.variant.overlap) return;
        // The overlap rule is about the tableau's overlapping cards: a reserve
        // card never pairs with the card lying on it (as in Table::apply).
        const uint64_t avail = all_mask_ & ~removed;
        for (uint64_t m = avail & tableau_mask_ & ~fixed; m; m &= m - 1) {
            const int i = std::countr_zero(m);
            const uint64_t left = cover_[i] & avail;
            if (std::popcount(left) == 1 && (left & fixed) && (partners_[i] & left)) f(std::countr_zero(left), i);
        }
    }

    // Every legal move, in the order: removals (Kings, then pairs), draw, redeal.
    int legal_moves(const State& s, SlotMove* out) const;
    // Applies a legal move; the result's pos is canonical (see canonical()).
    // (Inline for removals outside the row redeal: the searches' hot path.)
    State apply(const State& s, SlotMove m) const {
        if (m.kind >= SlotMove::Single && !rows_) {
            State r = s;
            r.removed |= (uint64_t{1} << m.a) | (m.kind == SlotMove::Pair ? uint64_t{1} << m.b : 0);
            return canonical(r);
        }
        return apply_other(s, m);
    }
    // Positions that differ only by where the stock boundary sits inside a run
    // of removed stock cards are the same position; this picks one of them.
    State canonical(State s) const {
        if (passes_ == 0) s.pass = 0;
        if (wastes_ > 1) return s;  // the boundary decides which waste gets the next card
        const uint64_t left = all_mask_ & ~s.removed & drawn_mask(s);
        s.pos = left ? static_cast<uint8_t>(63 - std::countl_zero(left) - f_ + 1) : 0;
        return s;
    }

    // The position reached by playing `moves` from the start. On an illegal
    // move returns nullopt and sets *error to the verifier's reason
    // ("move N (TEXT): why").
    std::optional<State> play(const std::vector<Move>& moves, std::string* error) const;

    Move to_move(SlotMove m) const;
    // nullopt when the move is not legal in s.
    std::optional<SlotMove> from_move(const State& s, const Move& m) const;

private:
    // rank_, slot_of_, partners_, open_partners_, rank_mask_, next_of_rank_ from deal_ (the rows of
    // next_of_rank_ past the stock too, unless `rows_past_stock` is false: a re-card of the same layout).
    void card_tables(bool rows_past_stock = true);
    State apply_other(const State& s, SlotMove m) const;  // apply(), the rest
    uint64_t stock_playable_other(const State& s) const;  // stock_playable(), the rest
    uint64_t drawn_mask(const State& s) const {           // stock slots [0, pos)
        return ((uint64_t{1} << (f_ + s.pos)) - 1) & stock_mask_;
    }

    Deal deal_;
    int n_ = 0, f_ = 0, t_ = 0;
    int passes_ = 0;
    int wastes_ = 0;                   // variant().wastes
    int waste_playable_ = 0;           // variant().waste_playable
    bool stock_top_playable_ = false;  // variant().stock_top_playable
    std::array<uint8_t, kMaxSlots> rank_{};
    std::array<uint64_t, kMaxSlots> cover_{};  // slots directly covering this one
    // cover_ by distance: slot i is covered by slot i + cover_shift_[k] exactly
    // when bit i of cover_by_shift_[k] is set (every cover lies at a higher slot).
    int cover_shifts_ = 0;
    std::array<uint8_t, kMaxSlots> cover_shift_{};
    std::array<uint64_t, kMaxSlots> cover_by_shift_{};
    std::array<uint64_t, kMaxSlots> below_{};  // slots this one covers, transitively
    std::array<uint64_t, kMaxSlots> partners_{};
    std::array<uint64_t, kMaxSlots> open_partners_{};
    std::array<uint64_t, kMaxSlots> blocked_{};
    std::array<uint64_t, 14> rank_mask_{};
    uint64_t goal_mask_ = 0;
    std::array<int8_t, 64> slot_of_{};
    std::array<uint64_t, 3> waste_mask_{};  // stock slots dealt to each waste
    std::optional<RowRedeal> rows_;         // the row redeal's stock order (Apophis), else none
    // For each stock index j and rank r, the stock index of the first card of
    // rank r at or after j (suit_blind_stock; asked only where one exists).
    std::array<std::array<uint8_t, 14>, kMaxSlots + 1> next_of_rank_{};
    uint64_t tableau_mask_ = 0, fixed_mask_ = 0, stock_mask_ = 0, all_mask_ = 0;
};

}  // namespace pyr
