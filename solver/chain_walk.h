// The chain walk: the removals that one expansion of a walk search offers,
// shared by the verdict walk (walk.cpp), the best score (score.cpp) and the
// optimal walk (optimal_walk.cpp). Why walking the chain is exact is argued
// in walk.cpp; the optimal walk's extra stops in optimal_walk.cpp.
//
// From s = (R, t), the walk offers:
//  - at t, the removals of tableau/reserve cards only (made later they would
//    lead to a position the same removal made at t reaches by drawing);
//  - at each position along R's chain of draws and redeals, the removals
//    that use a stock or waste card, each one at the first position where it
//    is available (within a pass, for the row redeal: a removal made in a
//    later pass gives the card a different epoch, so a different future order).
// A forced move (prune.h, per the search's ForcedPolicy) ends the walk where
// it becomes available: it is offered there alone (a tableau King or a
// tableau sole pair at t: nothing else is offered) and it dominates the rest
// of the chain. After one full cycle of the stock, (pos, pass) to
// (pos, pass + 1), the chain only repeats configurations already seen, so the
// walk ends there too, or where the stock runs out.
//
// The visitor provides:
//   void offer(SlotMove m, const State& at)  a removal made at `at`
//   bool keep_going(const State& at)         at each later position: false ends the walk
//   bool step()                              after each draw or redeal: false ends the walk
#pragma once
#include <algorithm>
#include <bit>
#include <vector>

#include "solver/head_table.h"
#include "solver/prune.h"
#include "solver/search_util.h"

namespace pyr {

// Which playable Kings a walk forces (offered alone; the walk ends there).
// Policy: the forced-move policy's (king_forced). The challenges'
// (challenge.cpp argues each; a King whose removal wins the game is
// never forced there):
//  - None: no King (a target's fewest steps: a King it does not need costs a step);
//  - Steps: a tableau King (the fewest steps to the game's end);
//  - OpenEnd: a tableau King, and a King on top of a face-up stock (an end not won);
//  - Values: any King (the maxima: only the best value is sought).
enum class KingRule : uint8_t { Policy, None, Steps, OpenEnd, Values };

struct ChainRules {
    ForcedPolicy forced;
    // With discards, cards leave play as the walk passes them: stop as soon as
    // a card the goal needs loses its last partner (when winning is the aim).
    bool dead_card_stops;
    bool king_top_stops;  // RuleTraits::king_top_stops, for the optimal walk
    KingRule kings = KingRule::Policy;
};

// Whether the walk from s forces the playable tableau or reserve King in `slot`.
inline bool fixed_king_forced(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& s,
                              int slot) {
    switch (rules.kings) {
        case KingRule::Policy: return king_forced(board, traits, rules.forced, slot);
        case KingRule::None: return false;
        case KingRule::Steps:
        case KingRule::OpenEnd:
            if (!(board.tableau_mask() >> slot & 1)) return false;
            break;
        case KingRule::Values: break;
    }
    return !board.won(State{s.removed | uint64_t{1} << slot, 0, 0, 0});
}
// Whether the walk forces the King in stock slot `slot`, playable at `at`.
inline bool stock_king_forced(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& at,
                              int slot) {
    switch (rules.kings) {
        case KingRule::Policy: return king_forced(board, traits, rules.forced, slot);
        case KingRule::OpenEnd: return slot >= board.fixed() + at.pos;  // on top of the stock, not yet drawn
        case KingRule::Values: return true;
        default: return false;
    }
}

template <class Visitor>
void walk_chain(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& s,
                Visitor& visitor) {
    const Variant& v = board.variant();
    auto bit = [](int i) { return uint64_t{1} << i; };
    auto offer = [&](SlotMove::Kind k, int a, int b, const State& at) __attribute__((always_inline)) {
        visitor.offer(SlotMove{k, static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, at);
    };
    const uint64_t fixed = board.fixed_playable(s.removed);
    // A forced King among the tableau/reserve cards: the only move.
    for (uint64_t m = v.lone_rank ? fixed & board.rank_mask(v.lone_rank) : 0; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (fixed_king_forced(board, traits, rules, s, a)) {
            offer(SlotMove::Single, a, 0, s);
            return;
        }
    }
    // The sole pairs (prune.h) whose card x can be playable somewhere on the
    // chain: a tableau or reserve x only if it is exposed now (the removed
    // set does not change along the chain). The others can never be made
    // here, so leaving them out changes nothing below but the time.
    SolePair sole[kMaxSlots];
    const int sole_n = rules.forced.sole_pairs ? sole_pairs(board, s, sole, fixed | ~board.fixed_mask()) : 0;
    auto forced_pair = [&](uint64_t playable) -> int {
        for (int i = 0; i < sole_n; ++i)
            if ((playable >> sole[i].x & 1) && (playable >> sole[i].y & 1) && sole_pair_forced(board, traits, sole[i]))
                return i;
        return -1;
    };
    if (const int i = forced_pair(fixed); i >= 0) {
        offer(SlotMove::Pair, sole[i].x, sole[i].y, s);
        return;
    }
    // No sole pair of two tableau/reserve cards is forced (just checked), so
    // along the chain only those with a playable stock or waste card can be.
    uint64_t sole_cards = 0;
    for (int i = 0; i < sole_n; ++i) sole_cards |= bit(sole[i].x) | bit(sole[i].y);
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank) offer(SlotMove::Single, a, 0, s);
        for (uint64_t q = board.partners(a) & fixed & ~(bit(a + 1) - 1); q; q &= q - 1)
            offer(SlotMove::Pair, a, std::countr_zero(q), s);
    }
    board.for_each_overlap_pair(s.removed, fixed,
                                [&](int cover, int covered) { offer(SlotMove::Pair, cover, covered, s); });

    const int f = board.fixed();
    const uint64_t stock_left = board.stock_mask() & ~s.removed;
    const int passes = board.passes();
    uint64_t handled = 0;              // stock cards whose pairs with tableau/reserve cards were offered
    uint64_t offered_with[kMaxSlots];  // stock-stock pairs offered, per lower slot (only bits of `handled` read)
    State at = s;
    uint8_t order[kMaxSlots];  // the row redeal's pass order, rebuilt at each redeal
    if (traits.rows) board.pass_order(at, order);
    for (bool first = true;; first = false) {
        if (!first) {
            if (!traits.rows && at.pos == s.pos && (board.unlimited() || at.pass == s.pass + 1)) break;  // a full cycle
            if (traits.discards && rules.dead_card_stops && has_dead_card(board, at)) break;
            if (!visitor.keep_going(at)) break;
        }
        const uint64_t stockish = traits.rows ? board.rows_playable(at, order) : board.stock_playable(at);
        if (const int i = stockish & sole_cards ? forced_pair(fixed | stockish) : -1; i >= 0) {
            offer(SlotMove::Pair, sole[i].x, sole[i].y, at);  // dominates the rest of the chain
            return;
        }
        for (uint64_t m = stockish; m; m &= m - 1) {
            const int c = std::countr_zero(m);
            if (!(handled & bit(c))) {
                handled |= bit(c);
                offered_with[c] = 0;
                if (board.rank(c) == v.lone_rank) {
                    offer(SlotMove::Single, c, 0, at);
                    if (stock_king_forced(board, traits, rules, at, c)) return;  // dominates the rest of the chain
                    continue;
                }
                for (uint64_t q = board.partners(c) & fixed; q; q &= q - 1)
                    offer(SlotMove::Pair, c, std::countr_zero(q), at);
            }
            for (uint64_t q = board.partners(c) & stockish & ~(bit(c + 1) - 1) & ~offered_with[c]; q; q &= q - 1) {
                const int d = std::countr_zero(q);
                offered_with[c] |= bit(d);
                offer(SlotMove::Pair, c, d, at);
            }
        }
        if (traits.rows) {
            const int pass = at.pass;
            if (!board.advance(at)) break;
            if (at.pass != pass) {
                handled = 0;
                board.pass_order(at, order);
            }
        } else {
            // A King on top of a face-up stock: drawing it is dominated by
            // removing it, offered above (optimal_walk.cpp).
            if (rules.king_top_stops) {
                const uint64_t ahead = stock_ahead(f, stock_left, at);
                if (ahead && board.rank(std::countr_zero(ahead)) == v.lone_rank) break;
            }
            if (!draw_one_step(f, stock_left, traits.discards, passes, at)) break;
        }
        if (!visitor.step()) break;
    }
}

// Draws and redeals from (pass p1, pos x1) to (p2, x2) along the chain of a
// removed set (draw-one onto at most one waste, or discards): the stock
// cards in play passed, and a redeal a pass. kChainFar when (p2, x2) is not
// ahead of (p1, x1).
inline constexpr uint32_t kChainFar = 1u << 30;
inline uint32_t chain_distance(const Board& board, uint64_t removed, int p1, int x1, int p2, int x2) {
    const int f = board.fixed();
    const uint64_t left = board.stock_mask() & ~removed;
    if (left == 0) return 0;              // no stock: every time is the same position
    auto count = [&](int from, int to) {  // remaining stock cards in slots [from, to) of the stock
        if (to <= from) return 0;
        const uint64_t m = ((to + f >= 64 ? ~uint64_t{0} : (uint64_t{1} << (to + f)) - 1) &
                            ~((uint64_t{1} << (from + f)) - 1));
        return std::popcount(left & m);
    };
    const int s = board.stock_size();
    if (board.unlimited()) {
        if (x2 >= x1) return count(x1, x2);
        return count(x1, s) + 1 + count(0, x2);
    }
    if (p2 == p1) return x2 >= x1 ? static_cast<uint32_t>(count(x1, x2)) : kChainFar;
    if (p2 < p1) return kChainFar;
    return count(x1, s) + (p2 - p1) + (p2 - p1 - 1) * std::popcount(left) + count(0, x2);
}

// The entry points of an A* over chains (optimal_walk.cpp, challenge.cpp):
// (R, t1) reached in g1 steps dominates (R, t2) reached in g2 when it can
// draw to t2 in at most g2 - g1 steps (the second can do nothing the first
// cannot, at no smaller cost). A Node has removed, pos, pass, g, closed and
// next (the next node of the same removed set); heads maps a removed set to
// its latest node, an EntryHead (which carries that node's pos, pass and g
// too: most entries reached are dominated by the head of their list, found
// so without a look at the node). Records `fresh` unless a node of its
// removed set dominates it (then returns kNoEntry); the nodes it dominates
// leave the list closed (never expanded: the new one dominates whatever they
// dominate; one already walked may leave too: its coverage only ever
// shortened other walks).
// (EntryHead, kNoEntry and the heads' table, HeadTable: head_table.h.)
template <class Node>
bool entry_dominates(const Board& board, const Node& a, int pos, int pass, uint32_t g) {
    const uint32_t d = chain_distance(board, a.removed, a.pass, a.pos, pass, pos);
    return d < kChainFar && a.g + d <= g;
}
template <class Node, class Alloc, class Heads>
uint32_t reach_entry(const Board& board, std::vector<Node, Alloc>& nodes, Heads& heads, const Node& fresh) {
    auto dominates = [&](const Node& a, int pos, int pass, uint32_t g) {
        return entry_dominates(board, a, pos, pass, g);
    };
    auto [it, inserted] = heads.try_emplace(fresh.removed);
    EntryHead& head = it->second;
    if (head.index != kNoEntry) {
        const uint32_t d = chain_distance(board, fresh.removed, head.pass, head.pos, fresh.pass, fresh.pos);
        if (d < kChainFar && head.g + d <= fresh.g) return kNoEntry;
        for (uint32_t i = nodes[head.index].next; i != kNoEntry; i = nodes[i].next)
            if (dominates(nodes[i], fresh.pos, fresh.pass, fresh.g)) return kNoEntry;
    }
    const uint32_t index = static_cast<uint32_t>(nodes.size());
    uint32_t first = head.index;  // the new node's next, once the nodes it dominates leave
    for (uint32_t* link = &first; *link != kNoEntry;) {
        Node& o = nodes[*link];
        if (dominates(fresh, o.pos, o.pass, o.g)) {
            o.closed = true;
            *link = o.next;
        } else {
            link = &o.next;
        }
    }
    head = EntryHead{index, static_cast<uint16_t>(fresh.g), static_cast<uint8_t>(fresh.pos),
                     static_cast<uint8_t>(fresh.pass)};
    nodes.push_back(fresh);
    nodes.back().next = first;
    return index;
}

}  // namespace pyr

namespace pyr {

// The chain of a removed set R when N cards are drawn at a time onto one
// waste whose top alone is playable, from a face-down stock (Tut's Tomb:
// RuleTraits::draw_walk). With m stock cards in play (not removed), of which
// k are drawn (on the waste; the canonical boundary, Board::canonical), a
// draw takes k to min(k + N, m) and a redeal (at k = m, a pass left) takes
// it to 0: the boundaries reachable from any k are the cycle {0, N, 2N, ...,
// m} and, from a k off it, the lane k, k + N, ... that runs into it at m.
// Lane r (1 <= r < N) holds the boundaries k < m with k mod N = r; lane 0 is
// the cycle. Lane positions are entered only by removing waste cards.
struct DrawLane {
    int k, m;  // drawn in-play stock cards, stock cards in play
    int lane;  // 0: on the cycle, else k mod N
};
inline DrawLane draw_lane(const Board& board, const State& s) {
    const uint64_t left = board.stock_mask() & ~s.removed;
    const int m = std::popcount(left);
    const int k = std::popcount(left & ((uint64_t{1} << (board.fixed() + s.pos)) - 1));
    const int n = board.variant().draw;
    return DrawLane{k, m, k < m ? k % n : 0};
}

// The draw-N walk (RuleTraits::draw_walk), the counterpart of walk_chain for
// it (why it is exact: walk.cpp). From s = (R, t) it offers:
//  - at t, the removals of tableau cards only (as walk_chain; a forced King
//    or tableau sole pair there is offered alone);
//  - along R's chain, the removals that use the waste's top card, each card
//    once: a waste card c is on top only at the boundary k = (c's index among
//    the stock cards in play) + 1, so every removal with it leads to the same
//    removed set and boundary, and the first pass it is made in dominates the
//    later ones (more passes left). Stock cards never pair with each other
//    (one playable at a time) and are never forced (drawing N at a time, a
//    card's presence shifts which cards come up together).
// The walk goes along s's lane to m and then round the cycle, and ends after
// one full cycle (the same boundaries one pass later are dominated), where
// the stock runs out, or where visitor.keep_going(at, lane) says the rest
// was walked before (keep_going(pass, k, lane)). visitor.offer(move, pass,
// pos, next_pos): the removal made at (pass, pos), which leads to the removed
// set plus the move's cards at (pass, next_pos) (canonical).
template <class Visitor>
void walk_chain_draw_n(const Board& board, const RuleTraits& traits, const ForcedPolicy& policy, const State& s,
                       Visitor& visitor) {
    const Variant& v = board.variant();
    // (A removal of tableau cards at s keeps s's boundary.)
    auto offer = [&](SlotMove::Kind k, int a, int b, const State& at) __attribute__((always_inline)) {
        visitor.offer(SlotMove{k, static_cast<uint8_t>(a), static_cast<uint8_t>(b)}, at.pos, at.pass, at.pos);
    };
    const uint64_t fixed = board.fixed_playable(s.removed);
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank && king_forced(board, traits, policy, a)) {
            offer(SlotMove::Single, a, 0, s);
            return;
        }
    }
    if (policy.sole_pairs) {
        SolePair sole[kMaxSlots];
        const int n = sole_pairs(board, s, sole, fixed);
        for (int i = 0; i < n; ++i)
            if ((fixed >> sole[i].y & 1) && sole_pair_forced(board, traits, sole[i])) {
                offer(SlotMove::Pair, sole[i].x, sole[i].y, s);
                return;
            }
    }
    for (uint64_t m = fixed; m; m &= m - 1) {
        const int a = std::countr_zero(m);
        if (board.rank(a) == v.lone_rank) offer(SlotMove::Single, a, 0, s);
        for (uint64_t q = board.partners(a) & fixed & ~((uint64_t{1} << (a + 1)) - 1); q; q &= q - 1)
            offer(SlotMove::Pair, a, std::countr_zero(q), s);
    }
    board.for_each_overlap_pair(s.removed, fixed,
                                [&](int cover, int covered) { offer(SlotMove::Pair, cover, covered, s); });

    // Along the chain, by the boundary k alone: the stock cards in play in
    // slot order, the k-th drawn one (k > 0) is the waste's top.
    const int n = v.draw, f = board.fixed(), passes = board.passes();
    const uint64_t left = board.stock_mask() & ~s.removed;
    uint8_t slot[kMaxSlots + 8];  // (bit_positions writes whole groups of 8)
    const int m = bit_positions(left, slot);
    auto pos_of = [&](int k) { return static_cast<uint8_t>(k == 0 ? 0 : slot[k - 1] - f + 1); };
    int k = std::popcount(left & ((uint64_t{1} << (f + s.pos)) - 1));
    int lane = k < m ? k - k / n * n : 0;
    // The walk's position: (pass, pos) of R, pos = pos_of(k). (Scalars, not a
    // State: the walk is the search's inner loop.)
    uint8_t pos = s.pos, pass = s.pass;
    int cycle_k = -1, cycle_pass = 0;  // the first cycle position walked
    for (bool first = true;; first = false) {
        if (!first) {
            if (lane == 0 && k == cycle_k && (passes == 0 || pass == cycle_pass + 1)) break;  // a full cycle
            if (!visitor.keep_going(pass, k, lane)) break;
        }
        if (lane == 0 && cycle_k < 0) {
            cycle_k = k;
            cycle_pass = pass;
        }
        // The waste's top card: on top only at this boundary, so each once.
        if (k > 0) {
            const int c = slot[k - 1];
            const uint8_t after = pos_of(k - 1);
            if (board.rank(c) == v.lone_rank) {
                visitor.offer(SlotMove{SlotMove::Single, static_cast<uint8_t>(c), 0}, pos, pass, after);
            } else {
                for (uint64_t q = board.partners(c) & fixed; q; q &= q - 1)
                    visitor.offer(
                        SlotMove{SlotMove::Pair, static_cast<uint8_t>(c), static_cast<uint8_t>(std::countr_zero(q))},
                        pos, pass, after);
            }
        }
        if (k < m) {
            k += n;  // a draw: the lane's next boundary, or the cycle's end
            if (k >= m) {
                k = m;
                lane = 0;
            }
        } else if (m > 0 && (passes == 0 || pass + 1 < passes)) {
            k = 0;  // the redeal
            if (passes != 0) ++pass;
        } else {
            break;
        }
        pos = pos_of(k);
    }
}

}  // namespace pyr
