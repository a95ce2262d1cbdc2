#include "solver/prune.h"

#include <algorithm>
#include <bit>

namespace pyr {

namespace {
// Hall's condition for the needed cards `need` (k of them, 2 to 4, all of one rank):
// every subset must be able to pair with at least as many distinct cards
// (`usable_of`: each card's possible partners).
[[gnu::always_inline]] inline bool hall_holds(uint64_t need, int k, const uint64_t* usable_of) {
    uint64_t usable[4];
    int i = 0, fewest = 64;
    for (uint64_t m = need; m; m &= m - 1) {
        usable[i] = usable_of[std::countr_zero(m)];
        fewest = std::min(fewest, std::popcount(usable[i++]));
    }
    if (fewest >= k) return true;  // every set reaches at least k cards
    for (unsigned set = 3; set < (1u << k); ++set) {
        if (std::popcount(set) < 2) continue;
        uint64_t reach = 0;
        for (int j = 0; j < k; ++j)
            if (set & (1u << j)) reach |= usable[j];
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

namespace {
// The check, in phases (dead_card_check below runs them in order): the
// discarded cards; the final pass's piles; the cards buried there for good;
// a needed card with no partner; the must-come-after closure; Hall's
// condition. The phases share their working state here and are forced
// inline: this is the search's hot path, and the state stays the one
// function's locals. kExplain (explain_dead_card only, never on the search's
// path) fills `why` with what it found at the phase that says "dead".
template <bool kExplain>
struct DeadCardCheck {
    const Board& b;
    const State& s;
    const Variant& v;
    DeadCardFinding* why;
    const int ranks;
    uint64_t in_play;
    // poss[c]: the cards c could still pair with (usable_partners, less the
    // cards of its own final-pass pile); under[c]: the cards in play that can
    // only be removed after c is gone (or with it, under the overlap rule):
    // the cards it covers, and in the final pass the cards beneath it in its
    // pile once it lies there. poss is filled in only where it is read
    // (`known`), except with the row redeal's final pass; under[] is stored
    // for the row redeal's dealt cards only, the rest is read through
    // under_of (a single waste's card lies on its dealt cards at lower slots).
    uint64_t poss[kMaxSlots], under[kMaxSlots];
    uint64_t known = 0;       // the cards whose poss is filled in
    bool rows_final = false;  // the row redeal's final pass (final_pass_piles)
    // Final pass with one waste: the cards of `pile` never pair with each other.
    uint64_t pile = 0;
    // The row redeal's final pass: the dealt cards of each pile, and for each
    // the cards beneath it.
    uint8_t dealt[kMaxSlots];
    uint64_t beneath[kMaxSlots];
    int ndealt = 0;
    uint64_t dealt_mask = 0;  // final pass: the cards dealt onto a pile, in play
    // The cards the goal needs (needed_cards): must_go, less the Kings and
    // the ranks not checked.
    int only_rank = 0, other_rank = 0;
    uint64_t must_go = 0, kings = 0, needed = 0;
    uint32_t twice = 0;  // the ranks of two or more needed cards (partnerless_needed)
    // The closure's joiners (index_joiners): their partners side by side.
    uint64_t jposs[kMaxSlots];
    uint8_t jslot[kMaxSlots];
    int nj = 0;
    uint64_t witnesses = 0, partnerless = 0;
    uint64_t by_witness[kMaxSlots];

    [[gnu::always_inline]] DeadCardCheck(const Board& b_, const State& s_, DeadCardFinding* why_)
        : b(b_), s(s_), v(b_.variant()), why(why_), ranks(deck_ranks(v.deck)), in_play(b_.in_play(s_)) {}

    [[gnu::always_inline]] uint64_t poss_of(int c) {
        if (!(known >> c & 1)) {
            poss[c] = usable_partners(b, in_play, c) & ((pile >> c & 1) ? ~pile : ~uint64_t{0});
            known |= uint64_t{1} << c;
        }
        return poss[c];
    }
    // The cards in play under c (in_play as it is now, after any burial).
    [[gnu::always_inline]] uint64_t under_of(int c) const {
        if (!(dealt_mask >> c & 1)) return b.below(c) & in_play;
        return (rows_final ? under[c] : dealt_mask & ((uint64_t{1} << c) - 1)) & in_play;
    }

    // ---- phase 1: with goal `all`, a discarded card can never be removed.
    [[gnu::always_inline]] bool discarded() {
        if (v.goal == Goal::All && (b.all_mask() & ~s.removed & ~in_play)) {
            if constexpr (kExplain) {
                why->kind = DeadCardFinding::Kind::Discarded;
                why->cards = b.all_mask() & ~s.removed & ~in_play;
            }
            return true;
        }
        return false;
    }

    // ---- phase 2: the final pass's piles, whose cards never pair with each other.
    [[gnu::always_inline]] void final_pass_piles(const uint8_t* given_order, int given_len) {
        rows_final = b.rows_redeal() && v.waste_playable == 1 && s.pass + 1 >= b.passes();
        const bool pile_final = !rows_final && final_pass_pile(b, s);
        if (rows_final) row_redeal_piles(given_order, given_len);
        else if (pile_final) waste_pile();
        for (int i = 0; i < ndealt; ++i) {
            under[dealt[i]] = beneath[i];
            dealt_mask |= uint64_t{1} << dealt[i];
        }
    }
    // Row redeal, final pass: the rest of the game deals a known order, card
    // j onto waste j mod 3, and only waste tops are playable. Two stock cards
    // of one waste can then never pair with each other: whichever lies (or
    // will lie) higher covers the other while both are there.
    [[gnu::always_inline]] void row_redeal_piles(const uint8_t* given_order, int given_len) {
        for (uint64_t m = in_play; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            poss[c] = usable_partners(b, in_play, c);
        }
        known = in_play;
        uint8_t own[kMaxSlots];
        const uint8_t* order = given_order;
        int len = given_len;
        if (!order) {
            len = b.pass_order(s, own);
            order = own;
        }
        uint64_t piles[3] = {0, 0, 0};
        for (int j = 0; j < len; ++j) {
            if (j < s.pos && (in_play >> order[j] & 1)) {  // dealt: on its waste, above the pile's earlier cards
                dealt[ndealt] = order[j];
                beneath[ndealt++] = piles[j % v.wastes] & in_play;
            }
            piles[j % v.wastes] |= uint64_t{1} << order[j];
        }
        for (int j = 0; j < len; ++j)
            if (in_play >> order[j] & 1) poss[order[j]] &= ~piles[j % v.wastes];
    }
    // One waste, only its top playable, no redeal left: the waste never goes
    // back, and only its top card can be played, so no two waste cards can
    // ever pair. With a face-down stock every stock card lands on that waste
    // before it can be played: no two stock cards can pair. (poss_of leaves
    // `pile` out of a pile card's partners.)
    [[gnu::always_inline]] void waste_pile() {
        const uint64_t stock = in_play & b.stock_mask();
        const uint64_t drawn = ((uint64_t{1} << (b.fixed() + s.pos)) - 1) & b.stock_mask();
        pile = v.stock_top_playable ? stock & drawn : stock;
        dealt_mask = stock & drawn;  // the waste: each card lies on the ones at lower slots
    }

    // ---- phase 3: final pass, buried cards. A waste card that can never be
    // removed (not the lone rank, and no usable partner: every card of its
    // partner rank still in play is removed, blocked in the tableau, in its
    // own pile, or buried) stays where it is for good, and so does every card
    // beneath it in its pile, since only pile tops are playable and the pile
    // never goes back to the stock. Buried cards are out of play: no one's
    // partner (and with goal `all` the position is lost). Repeated, since a
    // buried card may have been another card's last partner. True when a
    // needed card is buried; otherwise the buried cards leave in_play.
    [[gnu::always_inline]] bool buried_for_good() {
        if (!dealt_mask) return false;
        const uint64_t buried = rows_final ? buried_in_rows() : buried_in_waste();
        if (buried & b.goal_mask()) {
            if constexpr (kExplain) {
                why->kind = DeadCardFinding::Kind::Buried;
                why->cards = buried & b.goal_mask();
                why->buried = buried;
            }
            return true;
        }
        if (buried) {
            in_play &= ~buried;
            for (uint64_t m = known & in_play; m; m &= m - 1)
                poss[std::countr_zero(m)] &= in_play;  // (under_of masks by in_play)
            known &= in_play;
        }
        return false;
    }
    // The row redeal's three piles: every stuck dealt card buries the cards
    // beneath it, until nothing changes.
    [[gnu::always_inline]] uint64_t buried_in_rows() {
        uint64_t buried = 0;
        for (bool changed = true; changed;) {
            changed = false;
            for (int i = 0; i < ndealt; ++i) {
                const int x = dealt[i];
                if ((buried >> x & 1) || b.rank(x) == v.lone_rank) continue;
                if (poss_of(x) & ~buried) continue;
                const uint64_t below_x = beneath[i] & ~buried;
                if (below_x) {
                    buried |= below_x;
                    changed = true;
                }
            }
        }
        return buried;
    }
    // With one waste the buried cards are the ones beneath the highest card
    // stuck there: each round looks from the top down for the highest stuck
    // card above the buried ones, buries what lies beneath it, and looks again
    // at the cards above it, whose partners may just have been buried. (The
    // same least set as trying every card until nothing changes.)
    [[gnu::always_inline]] uint64_t buried_in_waste() {
        uint64_t buried = 0;
        for (uint64_t look = dealt_mask; look;) {
            int stuck = -1;
            for (uint64_t m = look; m;) {
                const int x = 63 - std::countl_zero(m);
                m &= ~(uint64_t{1} << x);
                if (b.rank(x) != v.lone_rank && !(poss_of(x) & ~buried)) {
                    stuck = x;
                    break;
                }
            }
            if (stuck < 0) break;
            buried = dealt_mask & ((uint64_t{1} << stuck) - 1);
            look = dealt_mask & ~((uint64_t{2} << stuck) - 1);
        }
        return buried;
    }

    // ---- phase 4: the needed cards of the ranks checked (only_rank and its
    // partner rank, or all), and a needed card with no partner left stays.
    [[gnu::always_inline]] void needed_cards(int only) {
        only_rank = only;
        must_go = in_play & b.goal_mask();
        kings = v.lone_rank ? b.rank_mask(v.lone_rank) : 0;
        other_rank = v.target - only_rank;
        const uint64_t checked = only_rank ? b.rank_mask(only_rank) |
                                                 (other_rank >= 1 && other_rank <= ranks ? b.rank_mask(other_rank) : 0)
                                           : ~uint64_t{0};
        needed = must_go & ~kings & checked;
    }
    [[gnu::always_inline]] bool partnerless_needed() {
        uint32_t once = 0;
        for (uint64_t m = needed; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            if (poss_of(x) == 0) {
                if constexpr (kExplain) {
                    why->kind = DeadCardFinding::Kind::NoPartner;
                    why->cards = m & (~m + 1);
                    why->buried = b.in_play(s) & ~in_play;  // buried in the final pass
                }
                return true;
            }
            const uint32_t rb = uint32_t{1} << b.rank(x);
            twice |= once & rb;
            once |= rb;
        }
        return false;
    }

    // ---- phase 5: Hall's condition, rank by rank, over the partner sets
    // `poss` of the needed cards (less their `after` once the closure ran).
    [[gnu::always_inline]] bool hall_fails(int r) const {
        if (r < 1 || r > ranks || r == v.lone_rank) return false;
        const uint64_t need = must_go & b.rank_mask(r);
        const int k = std::popcount(need);
        if (k < 2) return false;
        if (k > 4) return false;  // not a standard deck: each card was checked alone above
        return !hall_holds(need, k, poss);
    }
    [[gnu::always_inline]] bool hall_fails_any() {
        if constexpr (kExplain) {
            // The failing rank, and a set S of its needed cards that can reach
            // fewer than |S| distinct partners.
            for (int r = 1; r <= ranks; ++r) {
                if (!hall_fails(r)) continue;
                const uint64_t need = must_go & b.rank_mask(r);
                uint64_t cards[4];
                int k = 0;
                for (uint64_t q = need; q; q &= q - 1) cards[k++] = static_cast<uint64_t>(std::countr_zero(q));
                for (unsigned set = 1; set < (1u << k); ++set) {
                    uint64_t reach = 0, members = 0;
                    for (int j = 0; j < k; ++j)
                        if (set & (1u << j)) reach |= poss[cards[j]], members |= uint64_t{1} << cards[j];
                    if (std::popcount(reach) < std::popcount(set)) {
                        why->kind = DeadCardFinding::Kind::Hall;
                        why->cards = members;
                        why->partners = reach;
                        return true;
                    }
                }
            }
            return false;
        } else {
            if (only_rank) return hall_fails(only_rank) || hall_fails(other_rank);
            // (Every rank checked: a rank's needed cards are must_go's of
            // that rank, the lone rank's aside, so only the ranks with two or
            // more of them can fail.)
            for (uint32_t t = twice; t; t &= t - 1)
                if (hall_fails(std::countr_zero(t))) return true;
            return false;
        }
    }

    // ---- the must-come-after closure (see prune.h), run between phases 4
    // and 5: for a needed card x, `after` gathers cards that can only be
    // removed after x is gone (or never): those it covers (all but a partner
    // it may pair with under the overlap rule), and every card y that is not
    // the lone rank whose possible partners all are such cards -- y leaves
    // only with a partner -- with the cards under y. A partner of x in
    // `after` cannot pair with x. Only a card covered by some card can join
    // `after` through under[]; a card y joins through its partners only when
    // all of them are covered ones (poss is symmetric: a partner that joined
    // through its own partners would need y in `after` first), which bounds
    // the candidates (`joiners`) for every x at once. True when a needed card
    // is found dead; otherwise poss[x] becomes x's partners outside its
    // `after` (in place: the joiners' partners are copied in jposs first,
    // and nothing else reads poss but Hall's condition after this).
    [[gnu::always_inline]] bool must_come_after() {
        const uint64_t coverable = coverable_cards();
        uint64_t candidates = 0;  // the needed cards whose partners all are covered ones
        for (uint64_t m = needed; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            if ((poss[x] & ~coverable) == 0) candidates |= uint64_t{1} << x;
        }
        if (!candidates) return false;
        index_joiners(coverable);
        for (uint64_t m = candidates; m; m &= m - 1) {
            const int x = std::countr_zero(m);
            const uint64_t xbit = uint64_t{1} << x;
            const uint64_t px = poss[x];
            const uint64_t after = after_of(x, px);
            // x under a card that can only go after x, or no partner left: x stays.
            if ((after & xbit) || (px & ~after) == 0) {
                if constexpr (kExplain) {
                    why->kind = DeadCardFinding::Kind::MustComeAfter;
                    why->cards = xbit;
                    why->partners = px;
                    why->after = after;
                }
                return true;
            }
            poss[x] = px & ~after;
        }
        return false;
    }
    // Every card in play under some card in play. A tableau or reserve card
    // is under a card in play exactly when it is not exposed: a card leaves
    // only once every card on it has left (or with it, under the overlap
    // rule), so the cards on an exposed card are all gone, and a card not
    // exposed has one of its direct covers in play. In a final-pass pile,
    // every card but the top one in play is under it (buried cards lie
    // beneath a card in play, so never on top).
    [[gnu::always_inline]] uint64_t coverable_cards() const {
        uint64_t coverable = in_play & b.fixed_mask() & ~b.fixed_playable(s.removed);
        if (rows_final) {
            for (uint64_t m = in_play & dealt_mask; m; m &= m - 1) coverable |= under[std::countr_zero(m)];
            coverable &= in_play;
        } else if (const uint64_t waste = in_play & dealt_mask) {
            coverable |= waste & ~(uint64_t{1} << (63 - std::countl_zero(waste)));
        }
        return coverable;
    }
    // The joiners' partners side by side. A joiner can join only once all
    // its partners are in `after`, so in particular its witness: its partner
    // at the highest slot (the one covered by the fewest cards). `witnesses`
    // holds them, and by_witness[c] the joiners (indexes into jposs) whose
    // witness c is: a round looks only at the joiners whose witness is in
    // `after`, and `after` is closed as soon as none of them is ready. A
    // joiner with no partner at all joins every closure at once
    // (`partnerless`: those cards and the cards under them; never x, which
    // has a partner).
    [[gnu::always_inline]] void index_joiners(uint64_t coverable) {
        for (uint64_t q = in_play & ~kings; q; q &= q - 1) {
            const int y = std::countr_zero(q);
            const uint64_t py = poss_of(y);
            jposs[nj] = py;
            jslot[nj] = static_cast<uint8_t>(y);
            nj += (py & ~coverable) == 0;
        }
        for (int i = 0; i < nj; ++i) {
            if (!jposs[i]) {
                partnerless |= (uint64_t{1} << jslot[i]) | under_of(jslot[i]);
                continue;
            }
            const int w = 63 - std::countl_zero(jposs[i]);
            if (!(witnesses >> w & 1)) by_witness[w] = 0;
            witnesses |= uint64_t{1} << w;
            by_witness[w] |= uint64_t{1} << i;
        }
    }
    // x's `after` (px: x's partners), closed under joining. Adding a joiner
    // that is already in `after`, or that lies under one that is, adds
    // nothing: the cards under it are then under x or under that joiner
    // already (and are not x's partners, which only the overlap rule lets x
    // cover, as the only card on them). So `after` is the least set holding
    // the cards under x but its partners and closed under joining, in
    // whatever order joiners are tried; it stops early once no partner of x
    // is left outside it.
    [[gnu::always_inline]] uint64_t after_of(int x, uint64_t px) const {
        uint64_t after = (under_of(x) & ~px) | partnerless;
        uint64_t joined = 0;  // joiners (indexes) already added
        // The joiners whose witness is in `after` (`after` only grows: each
        // witness's joiners are gathered once, when it joins).
        uint64_t seen = 0, pending = 0;
        for (bool changed = true; changed && (px & ~after);) {
            changed = false;
            for (uint64_t h = after & witnesses & ~seen; h; h &= h - 1) pending |= by_witness[std::countr_zero(h)];
            seen |= after & witnesses;
            for (uint64_t maybe = pending & ~joined; maybe; maybe &= maybe - 1) {
                const int i = std::countr_zero(maybe);
                if (jposs[i] & ~after) continue;
                joined |= uint64_t{1} << i;
                const int y = jslot[i];
                if (y == x) continue;
                after |= (uint64_t{1} << y) | under_of(y);
                changed = true;
            }
        }
        return after;
    }
};

template <bool kExplain>
bool dead_card_check(const Board& b, const State& s, int only_rank, const uint8_t* given_order, int given_len,
                     bool closure, DeadCardFinding* why = nullptr) {
    DeadCardCheck<kExplain> c(b, s, why);
    if (c.discarded()) return true;
    c.final_pass_piles(given_order, given_len);
    if (c.buried_for_good()) return true;
    c.needed_cards(only_rank);
    if (c.partnerless_needed()) return true;
    if (closure && c.must_come_after()) return true;
    return c.hall_fails_any();
}
}  // namespace

bool has_dead_card_in(const Board& b, const State& s, int only_rank, const uint8_t* order, int len) {
    return dead_card_check<false>(b, s, only_rank, order, len, true);
}

bool has_dead_card_without_closure(const Board& b, const State& s) {
    return dead_card_check<false>(b, s, 0, nullptr, 0, false);
}

DeadCardFinding explain_dead_card(const Board& b, const State& s) {
    DeadCardFinding why;
    if (!dead_card_check<true>(b, s, 0, nullptr, 0, true, &why)) why = DeadCardFinding{};
    return why;
}

int sole_pairs(const Board& b, const State& s, SolePair* out, uint64_t among) {
    const Variant& v = b.variant();
    const uint64_t in_play = b.in_play(s);
    int n = 0;
    const uint64_t kings = v.lone_rank ? b.rank_mask(v.lone_rank) : 0;
    for (uint64_t m = in_play & b.goal_mask() & among & ~kings; m; m &= m - 1) {
        const int x = std::countr_zero(m);
        const uint64_t u = usable_partners(b, in_play, x);
        // Branch-free (whether a card has one partner left is not predictable):
        // the entry is written every time and kept when u has one bit.
        out[n] = SolePair{static_cast<uint8_t>(x), static_cast<uint8_t>(std::countr_zero(u))};
        n += u != 0 && (u & (u - 1)) == 0;
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
            if (moves[i].kind == SlotMove::Pair && ((moves[i].a == sole[j].x && moves[i].b == sole[j].y) ||
                                                    (moves[i].a == sole[j].y && moves[i].b == sole[j].x)))
                return i;
    }
    return -1;
}

}  // namespace pyr
