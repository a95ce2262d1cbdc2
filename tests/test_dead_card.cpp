// The dead-card check (solver/prune.cpp) against a plain version of it as it
// stood before it was made faster (lazy partner sets, the exposed-card test
// for the covered cards, Hall's condition over the full sets first, the
// closure's joiners side by side): the same answer at every position of
// random play, in every preset with its overrides, small and full-size, for
// the whole check, each pair of ranks, the check after a move, and the check
// without the closure. A speed-up must not change what the check finds; the
// reference's soundness itself is tested against the brute-force reference
// in test_bruteforce.cpp.
#include <catch2/catch.hpp>

#include <bit>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "solver/prune.h"
#include "tests/playout.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

// The check as of main 0081cfd (solver/prune.cpp), as it stood but for names,
// Hall's subsets, the row redeal's piles and the burial (each written another
// way).
bool reference_hall(uint64_t need, const uint64_t* usable_of) {
    // (Over the subsets of the first four needed cards as masks of slots:
    // the same sets as the check's, enumerated another way.)
    uint64_t first = 0;
    for (int k = 0; need && k < 4; need &= need - 1, ++k) first |= need & (~need + 1);
    for (uint64_t set = first; set; set = (set - 1) & first) {
        if (std::popcount(set) < 2) continue;
        uint64_t reach = 0;
        for (uint64_t m = set; m; m &= m - 1) reach |= usable_of[std::countr_zero(m)];
        if (std::popcount(reach) < std::popcount(set)) return false;
    }
    return true;
}
bool reference_dead_card(const Board& b, const State& s, int only_rank, const uint8_t* given_order, int given_len,
                         bool closure) {
    const Variant& v = b.variant();
    uint64_t in_play = b.in_play(s);
    // With goal `all`, a discarded card can never be removed.
    if (v.goal == Goal::All && (b.all_mask() & ~s.removed & ~in_play)) return true;
    const uint64_t must_go = in_play & b.goal_mask();
    const int ranks = deck_ranks(v.deck);
    // poss[c]: the cards c could still pair with (usable_partners, less the
    // cards of its own final-pass pile below); under[c]: the cards in play
    // that can only be removed after c is gone (or with it, under the overlap
    // rule): the cards it covers, and in the final pass the cards beneath it
    // in its pile once it lies there.
    // (Before the final pass poss is computed only where it is read. under[]
    // is stored for the dealt cards only, the rest is read through under_of:
    // filling it for every card in play cost a tenth of the msc search.)
    uint64_t poss[kMaxSlots], under[kMaxSlots];
    uint64_t known = 0;  // the cards whose poss is filled in
    const bool final_pass = (b.rows_redeal() && v.waste_playable == 1 && s.pass + 1 >= b.passes()) ||
                            final_pass_pile(b, s);
    if (final_pass) {
        for (uint64_t m = in_play; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            poss[c] = usable_partners(b, in_play, c);
        }
        known = in_play;
    }
    // Final pass: the dealt cards of each pile, and for each the cards beneath it.
    uint8_t dealt[kMaxSlots];
    uint64_t beneath[kMaxSlots];
    int ndealt = 0;
    if (final_pass && b.rows_redeal()) {
        // Row redeal, final pass: the rest of the game deals a known order,
        // card j onto waste j mod 3, and only waste tops are playable. Two
        // stock cards of one waste can then never pair with each other:
        // whichever lies (or will lie) higher covers the other while both
        // are there.
        uint8_t own[kMaxSlots];
        const int len = given_order ? given_len : b.pass_order(s, own);
        const uint8_t* order = given_order ? given_order : own;
        // (Written a pile at a time, not as the check walks the order: the
        // same piles, from a second reading of the deal.)
        for (int w = 0; w < v.wastes; ++w) {
            uint64_t pile = 0;  // waste w's cards of the pass, bottom first
            for (int j = w; j < len; j += v.wastes) {
                const int c = order[j];
                if (j < s.pos && (in_play >> c & 1)) {  // dealt: on waste w, above the pile's earlier cards
                    dealt[ndealt] = static_cast<uint8_t>(c);
                    beneath[ndealt++] = pile & in_play;
                }
                pile |= uint64_t{1} << c;
            }
            for (int j = w; j < len; j += v.wastes)
                if (in_play >> order[j] & 1) poss[order[j]] &= ~pile;
        }
    } else if (final_pass) {
        // One waste, only its top playable, no redeal left: the waste never
        // goes back, and only its top card can be played, so no two waste
        // cards can ever pair. With a face-down stock every stock card lands
        // on that waste before it can be played: no two stock cards can pair.
        const uint64_t stock = in_play & b.stock_mask();
        const uint64_t drawn = ((uint64_t{1} << (b.fixed() + s.pos)) - 1) & b.stock_mask();
        const uint64_t pile = v.stock_top_playable ? stock & drawn : stock;
        for (uint64_t m = pile; m; m &= m - 1) poss[std::countr_zero(m)] &= ~pile;
        for (uint64_t m = stock & drawn; m; m &= m - 1) {  // the waste, bottom (lowest slot) first
            const int x = std::countr_zero(m);
            dealt[ndealt] = static_cast<uint8_t>(x);
            beneath[ndealt++] = stock & drawn & ((uint64_t{1} << x) - 1);
        }
    }
    uint64_t dealt_mask = 0;
    for (int i = 0; i < ndealt; ++i) {
        under[dealt[i]] = beneath[i];
        dealt_mask |= uint64_t{1} << dealt[i];
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
        // (As a fixed point: a dealt card not buried, not the lone rank, with
        // every partner buried, is stuck and buries all beneath it.)
        uint64_t buried = 0, before = 0;
        do {
            before = buried;
            for (int i = 0; i < ndealt; ++i) {
                const bool stuck = !(buried >> dealt[i] & 1) && b.rank(dealt[i]) != v.lone_rank &&
                                   !(poss[dealt[i]] & ~buried);
                if (stuck) buried |= beneath[i];
            }
        } while (buried != before);
        if (buried & b.goal_mask()) return true;
        if (buried) {
            in_play &= ~buried;
            for (uint64_t m = in_play; m; m &= m - 1)
                poss[std::countr_zero(m)] &= in_play;  // (under_of masks by in_play)
        }
    }
    // Must come after (see prune.h): for a needed card x, `after` gathers
    // cards that can only be removed after x is gone (or never): those it
    // covers (all but a partner it may pair with under the overlap rule),
    // and every card y that is not the lone rank whose possible partners all
    // are such cards -- y leaves only with a partner -- with the cards under
    // y. A partner of x in `after` cannot pair with x. Only a card covered by
    // some card can join `after` through under[]; a card y joins through its
    // partners only when all of them are covered ones (poss is symmetric: a
    // partner that joined through its own partners would need y in `after`
    // first), which bounds the candidates (`joiners`) for every x at once.
    const uint64_t kings = v.lone_rank ? b.rank_mask(v.lone_rank) : 0;
    // The cards in play under c (in_play as it is now, after any burial).
    auto under_of = [&](int c) { return ((dealt_mask >> c & 1) ? under[c] : b.below(c)) & in_play; };
    // Every card in play under some card in play. (Only tableau and reserve
    // cards cover others, and the dealt cards their piles.)
    uint64_t coverable = 0;
    for (uint64_t m = in_play & b.fixed_mask(); m; m &= m - 1) coverable |= b.below(std::countr_zero(m));
    for (uint64_t m = in_play & dealt_mask; m; m &= m - 1) coverable |= under[std::countr_zero(m)];
    coverable &= in_play;
    auto poss_of = [&](int c) {
        if (!(known >> c & 1)) {
            poss[c] = usable_partners(b, in_play, c);
            known |= uint64_t{1} << c;
        }
        return poss[c];
    };
    uint64_t joiners = 0;
    bool have_joiners = false;
    uint64_t after_known = 0, after_set[kMaxSlots];
    auto after_of = [&](int x) {
        if (after_known >> x & 1) return after_set[x];
        if (!have_joiners) {
            for (uint64_t q = in_play & ~kings; q; q &= q - 1) {
                const int y = std::countr_zero(q);
                if ((poss_of(y) & ~coverable) == 0) joiners |= uint64_t{1} << y;
            }
            have_joiners = true;
        }
        uint64_t after = under_of(x) & ~poss_of(x);
        for (bool changed = true; changed && (poss[x] & ~after);) {
            changed = false;
            for (uint64_t q = joiners & ~after & ~(uint64_t{1} << x); q; q &= q - 1) {
                const int y = std::countr_zero(q);
                if (poss[y] & ~after) continue;
                after |= (uint64_t{1} << y) | under_of(y);
                changed = true;
            }
        }
        after_known |= uint64_t{1} << x;
        return after_set[x] = after;
    };
    uint64_t reduced[kMaxSlots];  // poss[x] less x's `after`
    // The cards of the ranks checked (only_rank and its partner rank, or all).
    const int other_rank = v.target - only_rank;
    const uint64_t checked = only_rank ? b.rank_mask(only_rank) |
                                             (other_rank >= 1 && other_rank <= ranks ? b.rank_mask(other_rank) : 0)
                                       : ~uint64_t{0};
    for (uint64_t m = must_go & ~kings & checked; m; m &= m - 1) {
        const int x = std::countr_zero(m);
        reduced[x] = poss_of(x);
        if (poss[x] == 0) return true;
        if (!closure || (poss[x] & ~coverable)) continue;  // a partner no card covers: x stays alive
        const uint64_t after = after_of(x);
        // x under a card that can only go after x, or no partner left: x stays.
        if ((after >> x & 1) || (poss[x] & ~after) == 0) return true;
        reduced[x] = poss[x] & ~after;
    }
    // Hall's condition over the reduced partner sets, rank by rank.
    auto hall_fails = [&](int r) {
        if (r < 1 || r > ranks || r == v.lone_rank) return false;
        const uint64_t need = must_go & b.rank_mask(r);
        if (std::popcount(need) < 2) return false;
        if (std::popcount(need) > 4) return false;  // not a standard deck: each card was checked alone above
        return !reference_hall(need, reduced);
    };
    if (only_rank) return hall_fails(only_rank) || hall_fails(v.target - only_rank);
    for (int r = 1; r <= ranks; ++r)
        if (hall_fails(r)) return true;
    return false;
}

// Plays random games from d, comparing the checks at every position; returns
// how many positions the full check found dead.
int compare_along_games(const Deal& d, test::Rng& rng, int games, int& positions) {
    const Board b(d);
    const Variant& v = b.variant();
    int dead = 0;
    for (int g = 0; g < games; ++g) {
        Table t(d);
        State s = b.initial();
        for (int k = 0; k < 200 && !b.won(s); ++k) {
            INFO(v.name << " passes=" << v.passes << " goal=" << goal_text(v.goal) << " overlap=" << v.overlap
                        << " deal " << compact(d) << " after " << k << " moves");
            const bool full = reference_dead_card(b, s, 0, nullptr, 0, true);
            REQUIRE(has_dead_card(b, s) == full);
            REQUIRE(has_dead_card_without_closure(b, s) == reference_dead_card(b, s, 0, nullptr, 0, false));
            for (int r = 1; r <= deck_ranks(v.deck); ++r)
                REQUIRE(has_dead_card_in(b, s, r) == reference_dead_card(b, s, r, nullptr, 0, true));
            ++positions;
            dead += full;
            SlotMove buf[kMaxMoves];
            const int n = b.legal_moves(s, buf);
            if (n == 0) break;
            const SlotMove m = buf[rng.below(n)];
            REQUIRE_FALSE(t.apply(b.to_move(m)));
            const State next = b.apply(s, m);
            // The check after a move from a position without a dead card.
            if (!full) {
                const bool after = has_dead_card_after(b, next, m);
                bool ref_after;
                const bool rows_final = b.rows_redeal() && next.pass + 1 >= b.passes();
                if (v.discards() || rows_final || final_pass_pile(b, next))
                    ref_after = reference_dead_card(b, next, 0, nullptr, 0, true);
                else if (m.kind != SlotMove::Pair) ref_after = false;
                else ref_after = reference_dead_card(b, next, b.rank(m.a), nullptr, 0, true);
                REQUIRE(after == ref_after);
            }
            s = next;
        }
    }
    return dead;
}

}  // namespace

TEST_CASE("the dead-card check agrees with its reference on small deals of every preset", "[prune][deadcard]") {
    test::Rng rng(151515);
    int positions = 0, dead = 0;
    for (const auto& v : test::every_rule_set(true))
        for (int i = 0; i < test::reduced(30); ++i) {
            const int max_stock = v.redeal == RedealOrder::ApophisRows ? 10 : 14;
            const Deal d = test::random_small_deal(v, 3, 3, 0, max_stock + 1, rng);
            dead += compare_along_games(d, rng, 2, positions);
        }
    INFO(positions << " positions, " << dead << " dead");
    CHECK(dead > 500 / test::kSanitizerShare);
}

TEST_CASE("the dead-card check agrees with its reference on full deals of every preset", "[prune][deadcard]") {
    test::Rng rng(424242);
    int positions = 0, dead = 0;
    for (const auto& v : test::every_rule_set(true))
        for (int seed = 1; seed <= test::reduced(12); ++seed) {
            const Deal d = deal_from_seed(v, std::to_string(seed * 7919));
            dead += compare_along_games(d, rng, 3, positions);
        }
    INFO(positions << " positions, " << dead << " dead");
    CHECK(dead > 300 / test::kSanitizerShare);
}
