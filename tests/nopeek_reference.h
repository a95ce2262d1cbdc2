// The exact no-peek optimum on small deals, the reference no player can beat
// (tests/test_nopeek.cpp, and the table of the players' distance from it in
// bench/cases.cpp): expectimax over what the player has seen, and the
// thoughtful share (the share of the hidden cards' orders in which the deal
// is winnable). Catch2's REQUIRE checks each move it replays.
#pragma once
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "engine/board.h"
#include "engine/deal.h"
#include "engine/table.h"
#include "solver/nopeek.h"
#include "solver/solver.h"

namespace pyr::test {

using nopeek::for_each_order;
using nopeek::masked_deal;
using nopeek::unseen;
using nopeek::Unseen;

inline Table replayed(const Deal& d, const std::vector<Move>& moves) {
    Table t(d);
    for (const Move& m : moves) REQUIRE_FALSE(t.apply(m));
    return t;
}

// The moves of the solver's solution of `d` up to the first position with `k`
// cards not seen (fails the test where there is none).
inline std::vector<Move> prefix_until(const Deal& d, size_t k) {
    Solver solver;
    const SolveResult s = solver.solve(Board(d));
    REQUIRE(s.verdict == Verdict::Win);
    Table t(d);
    std::vector<Move> played;
    for (const Move& m : s.solution) {
        if (unseen(d, t).size() == k) return played;
        REQUIRE_FALSE(t.apply(m));
        played.push_back(m);
    }
    FAIL("no position with " << k << " cards not seen");
    return played;
}

// The best probability of winning without peeking from the position `played`
// reaches: the maximum over the legal moves of the mean over what the move
// reveals (each next hidden card equally likely: every order of the hidden
// cards is). Memoized on the position as the player sees it (the masked
// deal's key). Written over the verifier's explicit piles only.
struct Expectimax {
    std::map<std::string, double> memo;
    double value(const Deal& masked, std::vector<Move>& played) {
        const Table t = replayed(masked, played);
        if (t.won()) return 1;
        const std::string key = t.key();
        if (auto it = memo.find(key); it != memo.end()) return it->second;
        const Unseen u = unseen(masked, t);
        double best = 0;
        for (const Move& m : t.legal_moves()) {
            Table after = t;
            REQUIRE_FALSE(after.apply(m));
            const Unseen u2 = unseen(masked, after);
            const size_t revealed = u.size() - u2.size();
            played.push_back(m);
            double v = 0;
            if (revealed == 0) {
                v = value(masked, played);
            } else {
                // Every ordered choice of the revealed cards, equally likely;
                // the rest stay hidden (in card order: the masked deal).
                std::vector<int> pick;
                double sum = 0;
                uint64_t n = 0;
                std::function<void()> rec = [&] {
                    if (pick.size() == revealed) {
                        Deal d = masked;
                        std::vector<Card> rest;
                        for (size_t i = 0; i < u.size(); ++i)
                            if (std::find(pick.begin(), pick.end(), static_cast<int>(i)) == pick.end())
                                rest.push_back(u.cards[i]);
                        for (size_t i = 0; i < revealed; ++i) d.cards[u.slots[i]] = u.cards[pick[i]];
                        for (size_t i = revealed; i < u.size(); ++i) d.cards[u.slots[i]] = rest[i - revealed];
                        sum += value(d, played);
                        ++n;
                        return;
                    }
                    for (int i = 0; i < static_cast<int>(u.size()); ++i)
                        if (std::find(pick.begin(), pick.end(), i) == pick.end()) {
                            pick.push_back(i);
                            rec();
                            pick.pop_back();
                        }
                };
                rec();
                v = sum / static_cast<double>(n);
            }
            played.pop_back();
            best = std::max(best, v);
            if (best == 1) break;
        }
        memo[key] = best;
        return best;
    }
};

inline double thoughtful_share(Solver& solver, const Deal& d) {
    const Unseen u = unseen(d, Table(d));
    uint64_t wins = 0, n = 0;
    for_each_order(masked_deal(d, u), u, [&](const Deal& x) {
        ++n;
        wins += solver.solve(Board(x)).verdict == Verdict::Win;
    });
    return double(wins) / double(n);
}

}  // namespace pyr::test
