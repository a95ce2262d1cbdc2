// Sound reductions of the search. Each one is argued here and tested against
// the unpruned brute-force reference (tests/support.h) on many small deals.
#pragma once
#include <bit>

#include "engine/board.h"
#include "solver/rule_traits.h"

namespace pyr {

// The cards x could still pair with: in play, of the partner rank, and not
// blocked (beneath x or lying on it; see Board::blocked).
inline uint64_t usable_partners(const Board& b, uint64_t in_play, int x) { return in_play & b.open_partners(x); }

// Dead-card detection: true when the cards the goal needs (the tableau, or
// every card) can no longer all be removed, so the position is lost.
//
// A needed card x that is not removed alone (not a King) needs a partner: a
// card of the partner rank still in play. A partner beneath x cannot become
// playable before x is gone, and x cannot become playable before a partner
// lying on it (directly or not) is gone, so neither can be x's partner; the
// one exception is the overlap rule, under which a card may pair with the
// card it covers directly once it is that card's only cover. Discarded cards
// are out of play for good.
// Each partner serves once, so the needed cards of one rank need *distinct*
// partners: Hall's condition must hold for every set S of them (the cards S
// could pair with number at least |S|). If it fails for either rank of a
// pair of ranks (r, target - r), the goal is unreachable whatever is played.
// (Checking each side is necessary for a win; it is all this test claims.)
// In the final pass, with only waste tops playable, cards of one waste pile
// never pair with each other (see prune.cpp): the row redeal's three piles,
// or the single waste (and the whole stock, when it is face down).
//
// Must come after (a transitive closure of the blocking): for a needed card
// x (not a King), let A be the cards that can only be removed after x is gone
// (or never): first the cards x covers -- beneath it in the tableau or its
// reserve pile, and in the final pass beneath it in its waste pile once it
// lies there (a card still to be dealt onto x's pile will lie above x, so it
// does not count) -- less a partner x may pair with under the overlap rule.
// Then, repeatedly, any card y that is not a King all of whose possible
// partners are in A joins A: y leaves only together with a partner, so after
// x; and so do the cards beneath y (removed at or after y). A partner of x in
// A can never pair with x: x's possible partners shrink to those outside A
// (none left, or x itself in A: x is dead), and Hall's condition above is
// checked over the shrunk sets. This generalises the blocking relation (the
// cards beneath x) and the final-pass burial (prune.cpp) to chains: x's
// partner lies under a card whose own partners all lie under x.
bool has_dead_card(const Board& b, const State& s);
// What the check finds, for the loss reasons (solver/reasons.h): the rule
// that said "dead", and the cards it names. Slot masks.
struct DeadCardFinding {
    enum class Kind {
        None,       // no dead card
        Discarded,  // goal `all` and `cards` were discarded
        Buried,  // final pass: `cards` (needed) lie under a waste card that can never leave (`buried`: all so buried)
        NoPartner,  // `cards` (one card) has no partner it could ever pair with (`buried`: cards out of play by burial)
        Hall,       // the needed cards `cards` (one rank) can reach only the partners `partners`, fewer than them
        MustComeAfter,  // `cards` (one card x): each of its partners `partners` is in `after`, the cards that can only leave after x
    };
    Kind kind = Kind::None;
    uint64_t cards = 0, partners = 0, after = 0, buried = 0;
};
// has_dead_card(b, s), with what it found (Kind::None when it finds nothing).
// The same code as the check (a compile-time switch records the finding), so
// it says "dead" exactly when has_dead_card does.
DeadCardFinding explain_dead_card(const Board& b, const State& s);
// The same check without the must-come-after closure (the rules before it),
// for the tests that show the closure finds more.
bool has_dead_card_without_closure(const Board& b, const State& s);
// The same for a position reached by move m from one without a dead card:
// a pair removes one card of each rank of one pair of ranks, and blocking
// never changes, so only that pair of ranks can newly fail Hall's condition
// over the blocking alone (a King changes nobody's partners); only those
// ranks are checked, closure included (a removal may also complete another
// rank's closure: that card is then found dead later, or not at all; the
// check may miss a dead card, never invent one). Falls back to the full check where in-play cards or
// blocking change otherwise (discards; the row redeal's final pass).
// `order`/`len`, with the row redeal in the final pass: s's pass order when
// the caller has it already (Board::pass_order(s)), else null.
bool has_dead_card_after(const Board& b, const State& s, const SlotMove& m, const uint8_t* order = nullptr,
                         int len = 0);
// Whether the final pass's single-waste pile blocking applies to s.
inline bool final_pass_pile(const Board& b, const State& s) {
    return final_pass_pile_rule(b) && s.pass + 1 >= b.passes();
}
// Checks only the ranks r and target - r (0: every rank).
bool has_dead_card_in(const Board& b, const State& s, int only_rank, const uint8_t* order = nullptr, int len = 0);

// A pair that must be made: a needed card x (not a King) with exactly one
// usable partner y left. Every win removes x, and only with y (partners never
// come back), so making the pair as soon as both are playable loses nothing.
struct SolePair {
    uint8_t x, y;
};
// Fills out[] (room for kMaxSlots) and returns how many, in the order of x's
// slot; with `among`, only those whose x is in it.
int sole_pairs(const Board& b, const State& s, SolePair* out, uint64_t among = ~uint64_t{0});

// Forced moves: one policy for every search, parameterised by what the
// search is after (ForcedPolicy).
//
// Removing a playable King (the lone rank) never hurts when it sits in the
// tableau or a reserve: it only uncovers cards, and the goal never needs it
// kept. The same holds for a playable stock or waste King when cards are drawn
// one at a time onto a single waste (or discarded): any play that leaves the
// King in place stays legal, move for move, after it is removed, with the
// draw that would have moved the King dropped (the canonical stock boundary
// makes the two positions identical). With draw-three or several wastes the
// King's presence shifts which cards come up together, so there it is not
// forced. A sole pair (above) is forced under the same conditions: always
// when both cards are tableau/reserve cards, and with a stock or waste card
// only when drawing one at a time onto one waste (or discarding).
//
// The shortest-solution searches count every move, so there a King is forced
// only when the goal needs it removed anyway (a tableau King, or any King
// with goal `all` when stock removals commute): removing one the goal does not
// need costs a move. Every solution makes a sole pair, and making it earlier
// never adds a move. The best-score search forces Kings but not sole pairs:
// a deal that cannot be won may be best left with a card in place.
struct ForcedPolicy {
    bool needed_kings_only;  // only Kings the goal needs are forced (shortest solutions)
    bool sole_pairs;         // sole pairs are forced (not for the best score)
    static constexpr ForcedPolicy win() { return {false, true}; }
    static constexpr ForcedPolicy optimal() { return {true, true}; }
    static constexpr ForcedPolicy score() { return {false, false}; }
};

// Whether removing the playable King in `slot` is forced.
inline bool king_forced(const Board& b, const RuleTraits& t, ForcedPolicy p, int slot) {
    if (slot < b.fixed()) return !p.needed_kings_only || (b.goal_mask() >> slot & 1);
    return t.stock_removals_commute && (!p.needed_kings_only || b.variant().goal == Goal::All);
}
// Whether a sole pair is forced once both its cards are playable.
inline bool sole_pair_forced(const Board& b, const RuleTraits& t, const SolePair& sp) {
    return t.stock_removals_commute || (sp.x < b.fixed() && sp.y < b.fixed());
}

// The cards in play that can never be removed from s ("stuck"), to a
// fixpoint: a card other than the lone rank none of whose usable partners
// (in play, not blocked) is still free -- to begin with, one with no usable
// partner at all, since partners only leave play; and every card beneath a
// stuck card (playable only once it is gone, or under the overlap rule with
// it as the partner: never either way). The rest is all that can still be
// removed (the best score's potential, the challenges' upper bounds).
inline uint64_t stuck_cards(const Board& b, const State& s) {
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
    return stuck;
}

// Returns the index in moves[0..n) of a forced move, or -1.
int forced_move(const Board& b, const RuleTraits& t, ForcedPolicy p, const State& s, const SlotMove* moves, int n);

}  // namespace pyr
