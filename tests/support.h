// Test helpers: deterministic random deals and the slow brute-force reference.
#pragma once
#include <algorithm>
#include <cstdint>
#include <deque>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "engine/card.h"
#include "engine/deal.h"
#include "engine/deal_source.h"
#include "engine/scoring.h"
#include "engine/splitmix64.h"
#include "engine/table.h"
#include "engine/variant.h"

namespace pyr::test {

// The sanitizer build (build-asan/, PYR_SANITIZE; scripts/test --sanitize)
// runs every test, the slowest on a share of their deals: reduced(n) is n
// divided by kSanitizerShare there (at least 1), n elsewhere. Thresholds on
// what a sample must contain are divided by kSanitizerShare too. (An eighth:
// the sanitizers look for memory and undefined-behaviour errors, which the
// code paths show, not the number of deals; the Release suite runs them all.)
#ifdef PYR_SANITIZE
inline constexpr int kSanitizerShare = 8;
#else
inline constexpr int kSanitizerShare = 1;
#endif
inline int reduced(int n) { return std::max(1, n / kSanitizerShare); }
// The same with a floor, for a sample that must stay large enough to tell
// (an interval that must leave a wrong answer out, a rare case to meet).
inline int reduced(int n, int at_least) { return std::max(std::min(n, at_least), n / kSanitizerShare); }

// Deal `seed` of `v` with every card from slot `from` on not seen (`??`).
inline Deal with_unknown(const Variant& v, const std::string& seed, int from) {
    const Deal full = deal_from_seed(v, seed);
    std::string text;
    for (int i = 0; i < static_cast<int>(full.cards.size()); ++i)
        text += i >= from ? std::string(kUnknownToken) : card_text(full.cards[i], v.deck);
    return deal_from_text(v, text);
}

// A preset and its rule overrides as the tests sweep them: the overlap rule,
// the other goal, 1, 2 and unlimited passes (where there is a stock to
// redeal; Apophis takes 1 to 3), and open or closed reserves alone and with
// the overlap rule. With passes_with_overlap, each pass count also with the
// overlap rule.
inline std::vector<Variant> with_overrides(const Variant& base, bool passes_with_overlap = false) {
    std::vector<Variant> out{base};
    Variant o = base;
    o.overlap = true;
    out.push_back(o);
    Variant g = base;
    g.goal = base.goal == Goal::All ? Goal::Pyramid : Goal::All;
    out.push_back(g);
    // Pass counts matter only with a stock to redeal.
    if (!base.discards() && base.fixed_size() < deck_size(base.deck))
        for (int p : {1, 2, 0}) {
            if (base.redeal == RedealOrder::ApophisRows && p == 0) continue;  // 1 to 3 passes there
            Variant q = base;
            q.passes = p;
            out.push_back(q);
            if (passes_with_overlap) {
                q.overlap = true;
                out.push_back(q);
            }
        }
    if (base.reserve_piles > 0) {
        // --reserves open, alone and with the overlap rule.
        Variant r = base;
        r.reserves_open = !base.reserves_open;
        out.push_back(r);
        r.overlap = true;
        out.push_back(r);
    }
    return out;
}

// Every preset with its overrides (with_overrides; with passes_with_overlap,
// each pass count also with the overlap rule).
inline std::vector<Variant> every_rule_set(bool passes_with_overlap = false) {
    std::vector<Variant> out;
    for (const Variant& base : presets())
        for (const Variant& v : with_overrides(base, passes_with_overlap)) out.push_back(v);
    return out;
}

// Test deals draw from splitmix64 (engine/splitmix64.h), below n by plain
// modulo: its tiny bias does no harm here, and it keeps every test's deals
// what they have always been (nopeek::Rng rejects instead).
struct Rng : SplitMix64 {
    using SplitMix64::SplitMix64;
    int below(int n) { return static_cast<int>(next() % static_cast<uint64_t>(n)); }
};

// A full deal of the variant's deck, shuffled by rng.
inline Deal random_full_deal(const Variant& v, Rng& rng) {
    std::vector<Card> cards;
    for (int i = 0; i < deck_size(v.deck); ++i) cards.push_back(card_from_index(i, v.deck));
    for (int i = static_cast<int>(cards.size()) - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
    return make_deal(v, cards);
}

// A small deal: the variant shrunk to `rows` tableau rows and `stock` stock
// cards. A variant with no stock at full size (every card dealt face up, as
// in giza) keeps none: a stock would bring draws its rules never have. Reserve
// piles shrink at random instead, to 1-4 piles of 1 to their full height, so
// small deals still see both short and buried reserve cards. Cards are drawn
// in complementary pairs (and lone Kings) so that goal `all` is often
// reachable, then shuffled.
inline Deal random_small_deal(Variant v, int rows, int stock, Rng& rng) {
    if (v.fixed_size() >= deck_size(v.deck)) stock = 0;
    v.rows = rows;
    if (v.reserve_piles > 0) {
        v.reserve_piles = 1 + rng.below(std::min(v.reserve_piles, 4));
        v.reserve_height = 1 + rng.below(v.reserve_height);
    }
    const int total = v.fixed_size() + stock;
    std::vector<std::vector<Card>> by_rank(deck_ranks(v.deck) + 1);
    for (int i = 0; i < deck_size(v.deck); ++i) {
        const Card c = card_from_index(i, v.deck);
        by_rank[c.rank].push_back(c);
    }
    for (auto& r : by_rank)
        for (int i = static_cast<int>(r.size()) - 1; i > 0; --i) std::swap(r[i], r[rng.below(i + 1)]);
    auto take = [&](int rank, std::vector<Card>& out) {
        if (rank < 1 || rank >= static_cast<int>(by_rank.size()) || by_rank[rank].empty()) return false;
        out.push_back(by_rank[rank].back());
        by_rank[rank].pop_back();
        return true;
    };
    std::vector<Card> cards;
    while (static_cast<int>(cards.size()) < total) {
        const int room = total - static_cast<int>(cards.size());
        if (rng.below(8) == 0 && take(v.lone_rank, cards)) continue;
        const int r = 1 + rng.below(v.target - 1);
        const int q = v.target - r;
        if (room == 1 || rng.below(10) == 0) {  // an odd card out now and then
            take(r, cards);
            continue;
        }
        if (q < 1 || q >= static_cast<int>(by_rank.size())) continue;
        const size_t need_same = r == q ? 2 : 1;
        if (by_rank[r].size() < need_same || by_rank[q].empty()) continue;
        take(r, cards);
        take(q, cards);
    }
    for (int i = static_cast<int>(cards.size()) - 1; i > 0; --i) std::swap(cards[i], cards[rng.below(i + 1)]);
    return make_deal(v, cards, /*full_deck=*/false);
}

// The slow, obviously correct reference: every legal move from every
// position, positions told apart by their full explicit contents. No packing,
// no pruning, no dominance. nullopt when more than max_states positions.
struct Reference {
    std::optional<bool> winnable;
    size_t states = 0;
};

// For the full-deal corpus only (tests/corpus_tool.cpp): one obviously sound
// cut, written over the explicit piles and independent of the solver. A card
// the goal needs (not the lone rank) whose every partner still in play lies
// beneath it -- covered by it, directly or not, in the tableau or in its
// reserve pile -- can never be removed, so the position is lost. Not with the
// overlap rule (a card may pair with one it covers there). With goal `all`, a
// discarded card can never be removed either.
inline bool obviously_lost(const Table& t) {
    const Variant& v = t.variant();
    if (v.overlap) return false;
    if (v.goal == Goal::All && t.discarded() > 0) return true;
    struct Placed {
        Card card;
        int kind, a, b;  // 0 tableau (row, col), 1 reserve (pile, height), 2 stock/waste
    };
    std::vector<Placed> cards;
    for (int r = 0; r < static_cast<int>(t.tableau().size()); ++r)
        for (int c = 0; c < static_cast<int>(t.tableau()[r].size()); ++c)
            if (t.tableau()[r][c]) cards.push_back({*t.tableau()[r][c], 0, r, c});
    for (int p = 0; p < static_cast<int>(t.reserves().size()); ++p)
        for (int h = 0; h < static_cast<int>(t.reserves()[p].size()); ++h)
            cards.push_back({t.reserves()[p][h], 1, p, h});
    for (Card c : t.stock()) cards.push_back({c, 2, 0, 0});
    for (const auto& w : t.wastes())
        for (Card c : w) cards.push_back({c, 2, 0, 0});
    // Does x cover y (is y beneath x)?
    auto covers = [&](const Placed& x, const Placed& y) {
        if (x.kind == 0 && y.kind == 0 && y.a < x.a) {
            const int k = x.a - y.a;
            return v.shape == TableauShape::Pyramid ? (y.b >= x.b - k && y.b <= x.b) : (y.b >= x.b && y.b <= x.b + k);
        }
        if (x.kind == 1 && y.kind == 1 && x.a == y.a && !v.reserves_open) return y.b < x.b;
        return false;
    };
    for (const Placed& x : cards) {
        const bool needed = v.goal == Goal::All || x.kind == 0;
        if (!needed || x.card.rank == v.lone_rank) continue;
        bool partner = false;
        for (const Placed& y : cards)
            if (&y != &x && x.card.rank + y.card.rank == v.target && !covers(x, y)) partner = true;
        if (!partner) return true;
    }
    return false;
}

inline Reference reference_winnable(const Deal& deal, size_t max_states = 2'000'000, bool cut_obviously_lost = false) {
    std::unordered_set<std::string> seen;
    std::vector<Table> stack{Table(deal)};
    seen.insert(stack.back().key());
    if (cut_obviously_lost && !stack.back().won() && obviously_lost(stack.back())) return {false, 1};
    while (!stack.empty()) {
        Table t = std::move(stack.back());
        stack.pop_back();
        if (t.won()) return {true, seen.size()};
        for (const Move& m : t.legal_moves()) {
            Table u = t;
            if (u.apply(m)) continue;  // legal_moves must only return legal moves
            if (seen.insert(u.key()).second) {
                if (seen.size() > max_states) return {std::nullopt, seen.size()};
                if (cut_obviously_lost && !u.won() && obviously_lost(u)) continue;
                stack.push_back(std::move(u));
            }
        }
    }
    return {false, seen.size()};
}

// Breadth-first search over explicit positions: the length of a shortest
// solution from `start` (every move counts one), nullopt when none exists.
// complete = false when more than max_states positions were met.
struct ShortestReference {
    bool complete = true;
    std::optional<int> length;
    size_t states = 0;
};
inline ShortestReference reference_shortest(const Table& start, size_t max_states = 2'000'000) {
    std::unordered_set<std::string> seen{start.key()};
    std::vector<Table> layer{start};
    for (int depth = 0; !layer.empty(); ++depth) {
        std::vector<Table> next;
        for (const Table& t : layer) {
            if (t.won()) return {true, depth, seen.size()};
            for (const Move& m : t.legal_moves()) {
                Table u = t;
                if (u.apply(m)) continue;
                if (seen.insert(u.key()).second) {
                    if (seen.size() > max_states) return {false, std::nullopt, seen.size()};
                    next.push_back(std::move(u));
                }
            }
        }
        layer = std::move(next);
    }
    return {true, std::nullopt, seen.size()};
}

// The fewest tableau cards left over every reachable explicit position.
inline int reference_best_left(const Table& start) {
    std::unordered_set<std::string> seen{start.key()};
    std::vector<Table> stack{start};
    int best = start.tableau_left();
    while (!stack.empty()) {
        Table t = std::move(stack.back());
        stack.pop_back();
        best = std::min(best, t.tableau_left());
        for (const Move& m : t.legal_moves()) {
            Table u = t;
            if (u.apply(m)) continue;
            if (seen.insert(u.key()).second) stack.push_back(std::move(u));
        }
    }
    return best;
}

// Challenges (solver/challenge.h): breadth-first search over explicit
// positions, every legal move from every position, no packing and no cuts.
// Each position carries the value made along its path (the score, or with
// rank > 0 the cards of that rank removed): the explicit key alone does not
// say which absent cards were removed and which discarded. Depth is steps
// (every draw, redeal and removal one); a won position is not expanded (the
// game is over); the game's end is engine/scoring.h's game_ended.
struct ChallengeReference {
    bool complete = true;
    // The most at the game's end: over every end, over the ends with the
    // tableau cleared, over those without; -1: no such end. Each with the
    // fewest steps to an end of that value.
    int best_all = -1, best_clear = -1, best_open = -1;
    int steps_all = -1, steps_clear = -1, steps_open = -1;
    // reach[v]: the fewest steps to any position of value >= v (-1: none).
    std::vector<int> reach;
    size_t states = 0;
};
inline ChallengeReference reference_challenge(const Deal& deal, const Scoring& scoring, int rank,
                                              size_t max_states = 2'000'000) {
    ChallengeReference out;
    struct Node {
        Table t;
        int value;
    };
    auto cleared_rows = [](const Table& t) {
        std::vector<bool> rows;
        for (const auto& row : t.tableau()) {
            bool empty = true;
            for (const auto& c : row) empty = empty && !c.has_value();
            rows.push_back(empty);
        }
        return rows;
    };
    auto gain = [&](const Table& before, const Table& after, const Move& m) {
        if (m.kind != Move::Single && m.kind != Move::Pair) return 0;
        if (rank > 0) return (m.a.rank == rank ? 1 : 0) + (m.kind == Move::Pair && m.b.rank == rank ? 1 : 0);
        int g = scoring.per_removal;
        const auto a = cleared_rows(before), b = cleared_rows(after);
        for (size_t r = 0; r < a.size(); ++r)
            if (!a[r] && b[r]) g += scoring.bonus_of_row(deal.variant, static_cast<int>(r));
        return g;
    };
    auto key = [](const Node& n) { return n.t.key() + "|v" + std::to_string(n.value); };
    std::vector<Node> layer{Node{Table(deal), 0}};
    std::unordered_set<std::string> seen{key(layer.back())};
    for (int depth = 0; !layer.empty(); ++depth) {
        std::vector<Node> next;
        for (const Node& n : layer) {
            if (static_cast<int>(out.reach.size()) <= n.value) out.reach.resize(static_cast<size_t>(n.value) + 1, -1);
            for (int v = n.value; v >= 0 && out.reach[static_cast<size_t>(v)] < 0; --v)
                out.reach[static_cast<size_t>(v)] = depth;
            if (game_ended(n.t)) {
                auto better = [&](int& best, int& steps) {
                    if (n.value > best) {
                        best = n.value;
                        steps = depth;
                    }
                };
                better(out.best_all, out.steps_all);
                if (n.t.tableau_left() == 0) better(out.best_clear, out.steps_clear);
                else better(out.best_open, out.steps_open);
            }
            if (n.t.won()) continue;
            for (const Move& m : n.t.legal_moves()) {
                Node u{n.t, 0};
                if (u.t.apply(m)) continue;
                u.value = n.value + gain(n.t, u.t, m);
                if (seen.insert(key(u)).second) {
                    if (seen.size() > max_states) {
                        out.complete = false;
                        out.states = seen.size();
                        return out;
                    }
                    next.push_back(std::move(u));
                }
            }
        }
        layer = std::move(next);
    }
    out.states = seen.size();
    return out;
}

}  // namespace pyr::test
