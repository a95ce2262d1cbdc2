#include "engine/reachable.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <unordered_map>

#include "engine/internal_error.h"

namespace pyr {

namespace {

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// The tableau places directly covering each place (the row below).
std::vector<uint64_t> cover_masks(const Variant& v) {
    std::vector<int> start(v.rows + 1, 0);
    for (int r = 0; r < v.rows; ++r) start[r + 1] = start[r] + v.row_width(r);
    std::vector<uint64_t> covers(v.tableau_size(), 0);
    for (int r = 0; r + 1 < v.rows; ++r)
        for (int c = 0; c < v.row_width(r); ++c) {
            const int first = v.shape == TableauShape::Pyramid ? c : c - 1;
            for (int cc = first; cc <= first + 1; ++cc)
                if (cc >= 0 && cc < v.row_width(r + 1)) covers[start[r] + c] |= uint64_t{1} << (start[r + 1] + cc);
        }
    return covers;
}

// The most pairs in an order of removals taking every gone tableau place and
// reserve card (no stock card): a search over the sets removed so far,
// remembered by that set (the reserve piles by their sorted heights left: the
// piles are alike).
class FixedPairs {
public:
    FixedPairs(const Variant& v, const GonePlaces& g) : v_(v), gone_(g.tableau), covers_(cover_masks(v)) {
        open_ = v.reserves_open;
        if (v.tableau_size() > 40 || (!open_ && (g.reserve_gone.size() > 8 || v.reserve_height > 7)) ||
            (open_ && v.reserve_size() > 255))
            throw InternalError("the reachability check packs at most 40 tableau places and 8 reserve piles of 7");
        for (int n : g.reserve_gone) {
            if (open_) open_left_ += n;
            else piles_.push_back(n);
        }
        std::sort(piles_.begin(), piles_.end());
    }
    int run() { return best(0, piles_, open_left_); }

private:
    bool playable(uint64_t removed, int place) const { return (covers_[place] & ~removed) == 0; }

    uint64_t key(uint64_t removed, const std::vector<int>& piles, int open_left) const {
        uint64_t k = removed, shift = 40;
        for (int h : piles) {
            k |= static_cast<uint64_t>(h) << shift;
            shift += 3;
        }
        return open_ ? k | static_cast<uint64_t>(open_left) << shift : k;
    }

    int best(uint64_t removed, const std::vector<int>& piles, int open_left) {
        const uint64_t left_places = gone_ & ~removed;
        int left = std::popcount(left_places) + open_left;
        for (int h : piles) left += h;
        if (left <= 1) return 0;
        const uint64_t k = key(removed, piles, open_left);
        if (auto it = memo_.find(k); it != memo_.end()) return it->second;
        const int bound = left / 2;
        int result = -1;
        // The playable places, and each pile's top (one of each height).
        std::vector<int> places;
        for (uint64_t m = left_places; m; m &= m - 1) {
            const int p = std::countr_zero(m);
            if (playable(removed, p)) places.push_back(p);
        }
        std::vector<int> tops;  // pile indices, distinct heights > 0
        for (size_t i = 0; i < piles.size(); ++i)
            if (piles[i] > 0 && (i == 0 || piles[i] != piles[i - 1])) tops.push_back(static_cast<int>(i));
        auto take_pile = [&](std::vector<int> ps, int i) {
            --ps[i];
            std::sort(ps.begin(), ps.end());
            return ps;
        };
        auto consider = [&](int pairs) {
            result = std::max(result, pairs);
            return result >= bound;
        };
        auto bit = [](int p) { return uint64_t{1} << p; };
        // Pairs first: the bound is usually reached at once.
        for (size_t a = 0; a < places.size(); ++a) {
            for (size_t b = a + 1; b < places.size(); ++b)
                if (consider(1 + best(removed | bit(places[a]) | bit(places[b]), piles, open_left))) goto done;
            for (int i : tops)
                if (consider(1 + best(removed | bit(places[a]), take_pile(piles, i), open_left))) goto done;
            if (open_left > 0 && consider(1 + best(removed | bit(places[a]), piles, open_left - 1))) goto done;
        }
        if (v_.overlap)
            for (uint64_t m = left_places; m; m &= m - 1) {
                // A place under one card left, that card playable: they pair.
                const int under = std::countr_zero(m);
                const uint64_t over = covers_[under] & ~removed;
                if (std::popcount(over) != 1) continue;
                const int o = std::countr_zero(over);
                if (!playable(removed, o)) continue;
                if (consider(1 + best(removed | bit(under) | bit(o), piles, open_left))) goto done;
            }
        for (size_t x = 0; x < tops.size(); ++x) {
            for (size_t y = x; y < tops.size(); ++y) {
                int i = tops[x], j = tops[y];
                if (i == j) {
                    // Two piles of the same height: the next one.
                    if (i + 1 >= static_cast<int>(piles.size()) || piles[i + 1] != piles[i]) continue;
                    j = i + 1;
                }
                std::vector<int> ps = piles;
                --ps[i];
                --ps[j];
                std::sort(ps.begin(), ps.end());
                if (consider(1 + best(removed, ps, open_left))) goto done;
            }
            if (open_left > 0 && consider(1 + best(removed, take_pile(piles, tops[x]), open_left - 1))) goto done;
        }
        if (open_left > 1 && consider(1 + best(removed, piles, open_left - 2))) goto done;
        // Singles.
        for (int p : places)
            if (consider(best(removed | bit(p), piles, open_left))) goto done;
        for (int i : tops)
            if (consider(best(removed, take_pile(piles, i), open_left))) goto done;
        if (open_left > 0) consider(best(removed, piles, open_left - 1));
    done:
        memo_.emplace(k, result);
        return result;
    }

    const Variant& v_;
    uint64_t gone_;
    std::vector<uint64_t> covers_;
    bool open_ = false;
    std::vector<int> piles_;
    int open_left_ = 0;
    std::unordered_map<uint64_t, int> memo_;
};

// Whether the rules ever show two stock cards at once (so two of them pair).
bool two_stock_cards_at_once(const Variant& v) {
    return (v.wastes >= 1 && v.stock_top_playable) || (v.wastes >= 1 && v.waste_playable >= 2) || v.wastes >= 2;
}
// Whether the rules ever let a stock card be played.
bool stock_cards_played(const Variant& v) { return v.stock_top_playable || (v.wastes >= 1 && v.waste_playable >= 1); }

}  // namespace

int max_gone_pairs(const Variant& v, const GonePlaces& g) {
    if (g.stock_gone > 0 && !stock_cards_played(v)) return -1;
    int fixed = std::popcount(g.tableau);
    for (int n : g.reserve_gone) fixed += n;
    // Every order takes the fixed places (a place is uncovered once the
    // places over it are gone, which they are), so the most pairs among
    // them, q, is found; any fewer is possible too (a pair played as two
    // singles). The rest pair with stock cards where there are any.
    const int qmax = FixedPairs(v, g).run();
    const int k = g.stock_gone;
    int best = 0;
    for (int q = 0; q <= qmax; ++q) {
        const int s = std::min(k, fixed - 2 * q);  // fixed places paired with a stock card
        const int ss = two_stock_cards_at_once(v) ? (k - s) / 2 : 0;
        best = std::max(best, q + s + ss);
    }
    return best;
}

PairsNeeded gone_pairs_needed(const Variant& v, const std::vector<int>& named, const std::vector<int>& pool,
                              int count) {
    const DeckKind d = v.deck;
    const int ranks = deck_ranks(d), t = v.target, lone = v.lone_rank;
    auto at = [&](const std::vector<int>& xs, int r) { return r >= 1 && r < static_cast<int>(xs.size()) ? xs[r] : 0; };
    auto partner = [&](int r) { return t - r >= 1 && t - r <= ranks ? t - r : 0; };
    // A pool that is all gone (nothing discarded unnamed) is named cards.
    int named_total = 0, pool_total = 0;
    for (int n : named) named_total += n;
    for (int n : pool) pool_total += n;
    if (pool_total > 0 && named_total + pool_total == count) {
        std::vector<int> all(std::max(named.size(), pool.size()), 0);
        for (size_t r = 0; r < all.size(); ++r)
            all[r] = (r < named.size() ? named[r] : 0) + (r < pool.size() ? pool[r] : 0);
        return gone_pairs_needed(v, all, {}, count);
    }
    const bool any_pool = std::any_of(pool.begin(), pool.end(), [](int n) { return n > 0; });
    // Classes of ranks removed together: {r, t - r}, or a rank alone.
    std::vector<std::vector<int>> classes;
    for (int r = 1; r <= ranks; ++r) {
        const int p = partner(r);
        if (p != 0 && p < r) continue;
        classes.push_back(p != 0 && p != r ? std::vector<int>{r, p} : std::vector<int>{r});
    }
    auto article = [&](int r) {
        const std::string w = rank_text(r, d);
        return (w == "A" || w == "8" || w == "11" ? "an " : "a ") + w;
    };
    std::string problem;
    // dp[n]: the fewest pairs removing n gone cards of the classes so far.
    const int big = INT_MAX / 2;
    std::vector<int> dp(count + 1, big);
    dp[0] = 0;
    for (const auto& cls : classes) {
        std::vector<int> next(count + 1, big);
        // Each option of the class: (cards, pairs).
        std::vector<std::pair<int, int>> options;
        const int a = cls[0], b = cls.size() > 1 ? cls[1] : 0;
        for (int ga = at(named, a); ga <= at(named, a) + at(pool, a); ++ga) {
            if (b == 0) {
                const int p = partner(a);
                if (a == lone) options.push_back({ga, 0});
                else if (p == a && ga % 2 == 0) options.push_back({ga, ga / 2});
                else if (ga == 0) options.push_back({0, 0});
                continue;
            }
            for (int gb = at(named, b); gb <= at(named, b) + at(pool, b); ++gb) {
                if (ga == gb) options.push_back({ga + gb, ga});
                else if (a == lone && ga > gb) options.push_back({ga + gb, gb});
                else if (b == lone && gb > ga) options.push_back({ga + gb, ga});
            }
        }
        if (options.empty() && (problem.empty() || !any_pool)) {
            const int na = at(named, a), nb = b ? at(named, b) : 0;
            auto some = [&](int n, int r) {
                return n == 0 ? "no " + rank_text(r, d) : std::to_string(n) + " " + rank_text(r, d);
            };
            // The rank the gone cards have too many of names the problem.
            const int x = b != 0 && nb > na ? b : a, y = x == a ? b : a;
            const int nx = x == a ? na : nb, ny = x == a ? nb : na;
            std::string why;
            if (any_pool)
                why = "the cards not seen cannot be split into gone and discarded ones that pair up (" +
                      rank_text(a, d) + (b ? " and " + rank_text(b, d) : "") + ")";
            else if (b != 0)
                why = "the gone cards hold " + some(nx, x) + " and " + some(ny, y) + ", but " + article(x) +
                      " is removed only with " + article(y) + " (they sum to " + std::to_string(t) + ")";
            else if (partner(a) == a)
                why = "the gone cards hold " + some(na, a) + ", but " + article(a) + " is removed only with another " +
                      rank_text(a, d) + " (they sum to " + std::to_string(t) + ")";
            else
                why = "the gone cards hold " + some(na, a) + ", but no move removes " + article(a) +
                      " (no rank sums with it to " + std::to_string(t) + ")";
            // Every rank that finds no partner, one clause each.
            if (problem.empty()) problem = why;
            else if (!any_pool) problem += "; and " + why.substr(std::string("the gone cards hold ").size());
        }
        for (int n = 0; n <= count; ++n) {
            if (dp[n] >= big) continue;
            for (auto [cards, pairs] : options)
                if (n + cards <= count) next[n + cards] = std::min(next[n + cards], dp[n] + pairs);
        }
        dp = std::move(next);
    }
    if (dp[count] >= big) {
        if (problem.empty())
            problem = "the cards not seen cannot be split into " + std::to_string(count) +
                      " gone cards that pair up and discarded ones";
        return {0, problem};
    }
    return {dp[count], ""};
}

void check_reachable(const Variant& v, const GonePlaces& g, const std::vector<int>& named, const std::vector<int>& pool,
                     int count) {
    const DeckKind d = v.deck;
    const PairsNeeded need = gone_pairs_needed(v, named, pool, count);
    const std::string fix = "; correct the gone line (the cards paired away, 'gone: QH AS ...')";
    if (!need.problem.empty()) throw ParseError("no play reaches this position: " + need.problem + fix);
    const int most = max_gone_pairs(v, g);
    if (most < 0)
        throw ParseError("no play reaches this position: " + plural(g.stock_gone, "stock card") +
                         " gone, but the rules never play a stock card");
    if (need.pairs > most) {
        const int tableau = std::popcount(g.tableau);
        int reserve = 0;
        for (int n : g.reserve_gone) reserve += n;
        std::string where = plural(tableau, "tableau card");
        if (!g.reserve_gone.empty()) where += ", " + plural(reserve, "reserve card");
        if (v.fixed_size() < deck_size(d)) where += ", " + plural(g.stock_gone, "stock card");
        const int singles = count - 2 * need.pairs;
        throw ParseError("no play reaches this position: the gone cards go in " + plural(need.pairs, "pair") +
                         (singles > 0 ? " and " + std::to_string(singles) + " " + rank_text(v.lone_rank, d) +
                                            (singles == 1 ? "" : "s") + " alone"
                                      : "") +
                         ", but the gone places (" + where + ") can have lost at most " + plural(most, "pair") +
                         ", each card playable when it went; correct the gone line or the gone places (..)");
    }
}

}  // namespace pyr
