#include "solver/prune.h"

#include <bit>

namespace pyr {

namespace {
// Hall's condition for the needed cards `need` (all of one rank): every
// subset must be able to pair with at least as many distinct cards.
// pile_block, when given, holds per stock slot the cards it can never pair
// with (the final pass of the row redeal; see has_dead_card).
bool hall_holds(const Board& b, uint64_t in_play, uint64_t need, const uint64_t* pile_block) {
    uint64_t usable[4];
    int k = 0;
    for (uint64_t m = need; m && k < 4; m &= m - 1) {
        const int x = std::countr_zero(m);
        usable[k++] = usable_partners(b, in_play, x) & ~(pile_block ? pile_block[x] : 0);
    }
    for (int i = 0; i < k; ++i)
        if (usable[i] == 0) return false;
    for (unsigned set = 3; set < (1u << k); ++set) {
        if (std::popcount(set) < 2) continue;
        uint64_t reach = 0;
        for (int i = 0; i < k; ++i)
            if (set & (1u << i)) reach |= usable[i];
        if (std::popcount(reach) < std::popcount(set)) return false;
    }
    return true;
}
}  // namespace

bool has_dead_card(const Board& b, const State& s) { return has_dead_card_in(b, s, 0); }

bool has_dead_card_after(const Board& b, const State& s, const SlotMove& m, const uint8_t* order, int len) {
    const Variant& v = b.variant();
    // Discards change what is in play as the boundary moves, and in the final
    // pass pile blocking changes with each draw and a pair may bury waste
    // cards (a waste card's last partner gone): check everything there.
    // So does the row redeal's final pass (its piles are known). Before it,
    // the row redeal is like the others: nothing leaves play but by removal,
    // and no pile blocking applies.
    const bool rows_final = b.rows_redeal() && s.pass + 1 >= b.passes();
    if (v.discards() || rows_final || final_pass_pile(b, s)) return has_dead_card_in(b, s, 0, order, len);
    if (m.kind != SlotMove::Pair) return false;  // a draw or redeal changes nothing in play; a King is nobody's partner
    return has_dead_card_in(b, s, b.rank(m.a));
}

bool has_dead_card_in(const Board& b, const State& s, int only_rank, const uint8_t* given_order, int given_len) {
    const Variant& v = b.variant();
    uint64_t in_play = b.in_play(s);
    // With goal `all`, a discarded card can never be removed.
    if (v.goal == Goal::All && (b.all_mask() & ~s.removed & ~in_play)) return true;
    const uint64_t must_go = in_play & b.goal_mask();
    const int ranks = deck_ranks(v.deck);
    // Row redeal, final pass: the rest of the game deals a known order, card j
    // onto waste j mod 3, and only waste tops are playable. Two stock cards of
    // one waste can then never pair with each other: whichever lies (or will
    // lie) higher covers the other while both are there.
    uint64_t pile_block_storage[kMaxSlots] = {};  // 0 for tableau cards and removed ones
    const uint64_t* pile_block = nullptr;
    // Final pass: the dealt cards of each pile, and for each the cards beneath it.
    uint8_t dealt[kMaxSlots];
    uint64_t beneath[kMaxSlots];
    int ndealt = 0;
    if (b.rows_redeal() && v.waste_playable == 1 && s.pass + 1 >= b.passes()) {
        uint8_t own[kMaxSlots];
        const uint8_t* order = given_order;
        int len = given_len;
        if (!order) {
            len = b.pass_order(s, own);
            order = own;
        }
        uint64_t piles[3] = {0, 0, 0};
        for (int j = 0; j < len; ++j) {
            if (j < s.pos) {  // dealt: on its waste, above the pile's earlier cards
                dealt[ndealt] = order[j];
                beneath[ndealt++] = piles[j % v.wastes];
            }
            piles[j % v.wastes] |= uint64_t{1} << order[j];
        }
        for (int j = 0; j < len; ++j) pile_block_storage[order[j]] = piles[j % v.wastes];
        pile_block = pile_block_storage;
    } else if (final_pass_pile(b, s)) {
        // One waste, only its top playable, no redeal left: the waste never
        // goes back, and only its top card can be played, so no two waste
        // cards can ever pair. With a face-down stock every stock card lands
        // on that waste before it can be played: no two stock cards can pair.
        const uint64_t stock = in_play & b.stock_mask();
        const uint64_t drawn = ((uint64_t{1} << (b.fixed() + s.pos)) - 1) & b.stock_mask();
        const uint64_t pile = v.stock_top_playable ? stock & drawn : stock;
        for (uint64_t m = pile; m; m &= m - 1) pile_block_storage[std::countr_zero(m)] = pile;
        pile_block = pile_block_storage;
        for (uint64_t m = stock & drawn; m; m &= m - 1) {  // the waste, bottom (lowest slot) first
            const int x = std::countr_zero(m);
            dealt[ndealt] = static_cast<uint8_t>(x);
            beneath[ndealt++] = stock & drawn & ((uint64_t{1} << x) - 1);
        }
    }
    // Final pass, buried cards: a waste card that can never be removed (not
    // the lone rank, and no usable partner: every card of its partner rank
    // still in play is removed, blocked in the tableau, in its own pile, or
    // buried) stays where it is for good, and so does every card beneath it
    // in its pile, since only pile tops are playable and the pile never goes
    // back to the stock. Buried cards are out of play: no one's partner (and
    // with goal `all` the position is lost). Repeated, since a buried card may
    // have been another card's last partner.
    if (ndealt > 0) {
        uint64_t buried = 0;
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = 0; i < ndealt; ++i) {
                const int x = dealt[i];
                if (!(in_play >> x & 1) || (buried >> x & 1) || b.rank(x) == v.lone_rank) continue;
                if (usable_partners(b, in_play & ~buried, x) & ~pile_block[x]) continue;
                const uint64_t under = beneath[i] & in_play & ~buried;
                if (under) {
                    buried |= under;
                    changed = true;
                }
            }
        }
        if (buried & b.goal_mask()) return true;
        in_play &= ~buried;
    }
    for (int r = 1; r <= ranks; ++r) {
        if (r == v.lone_rank) continue;
        if (only_rank && r != only_rank && r != v.target - only_rank) continue;
        const uint64_t need = must_go & b.rank_mask(r);
        if (need == 0) continue;
        if (std::popcount(need) > 4) {  // not a standard deck: check each card alone
            for (uint64_t m = need; m; m &= m - 1)
                if (usable_partners(b, in_play, std::countr_zero(m)) == 0) return true;
            continue;
        }
        if (!hall_holds(b, in_play, need, pile_block)) return true;
    }
    return false;
}

int sole_pairs(const Board& b, const State& s, SolePair* out) {
    const Variant& v = b.variant();
    const uint64_t in_play = b.in_play(s);
    int n = 0;
    for (uint64_t m = in_play & b.goal_mask(); m; m &= m - 1) {
        const int x = std::countr_zero(m);
        if (b.rank(x) == v.lone_rank) continue;
        const uint64_t u = usable_partners(b, in_play, x);
        if (std::popcount(u) == 1) out[n++] = SolePair{static_cast<uint8_t>(x), static_cast<uint8_t>(std::countr_zero(u))};
    }
    return n;
}

int forced_move(const Board& b, const RuleTraits& t, ForcedPolicy p, const State& s, const SlotMove* moves, int n) {
    for (int i = 0; i < n; ++i)
        if (moves[i].kind == SlotMove::Single && king_forced(b, t, p, moves[i].a)) return i;
    if (!p.sole_pairs) return -1;
    SolePair sole[kMaxSlots];
    const int k = sole_pairs(b, s, sole);
    for (int j = 0; j < k; ++j) {
        if (!sole_pair_forced(b, t, sole[j])) continue;
        for (int i = 0; i < n; ++i)
            if (moves[i].kind == SlotMove::Pair &&
                ((moves[i].a == sole[j].x && moves[i].b == sole[j].y) || (moves[i].a == sole[j].y && moves[i].b == sole[j].x)))
                return i;
    }
    return -1;
}

}  // namespace pyr
