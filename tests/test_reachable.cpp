// Only positions some play reaches are read (engine/reachable.h, issue 38
// item 1): the check against a brute force that lays the gone cards on the
// gone places in every way and plays every sequence of moves, on small
// layouts (a pyramid of 3 rows, 2 reserve piles of 2), and the examples of
// the issue on full boards.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/deal_source.h"
#include "engine/position.h"
#include "engine/reachable.h"
#include "engine/splitmix64.h"
#include "engine/table.h"
#include "report/board_text.h"
#include "tests/deal_checks.h"
#include "tests/support.h"

using namespace pyr;

namespace {

// A small position: the gone cards and places, the rest as listed.
struct Small {
    std::vector<Card> tableau;  // every place; a gone place holds Card{} (rank 0)
    std::vector<std::vector<Card>> reserves;
    std::vector<Card> waste;  // bottom to top (or the discards, without a waste)
    std::vector<Card> stock;  // next card first
    std::vector<Card> gone;
};

BoardView view_of_small(const Variant& v, const Small& s) {
    BoardView b;
    for (Card c : s.tableau) b.tableau.push_back(c.rank == 0 ? Seen::gone() : Seen::named(c));
    for (const auto& p : s.reserves) {
        b.reserves.emplace_back();
        for (Card c : p) b.reserves.back().push_back(Seen::named(c));
    }
    std::vector<Seen> w;
    for (Card c : s.waste) w.push_back(Seen::named(c));
    if (v.wastes == 1) b.wastes.push_back(w);
    else b.discarded = w;
    for (Card c : s.stock) b.stock.push_back(Seen::named(c));
    std::vector<Seen> g;
    for (Card c : s.gone) g.push_back(Seen::named(c));
    b.gone = g;
    return b;
}

bool accepted(const Variant& v, const Small& s) {
    try {
        make_position(v, view_of_small(v, s));
        return true;
    } catch (const ParseError&) {
        return false;
    }
}

// The brute force: every deal that lays the gone cards on the gone places
// (the tableau's, the reserves' tops, the stock's before the cards left in
// it, among the waste's cards in every interleaving), and from each every
// sequence of moves that removes only gone cards, until one has removed all
// of them with the stock down to the position's. Pass 1, one pass.
bool brute_reachable(const Variant& v, const Small& s) {
    std::vector<int> gone_slots;  // tableau places, then reserve slots
    const int t = v.tableau_size();
    for (int i = 0; i < t; ++i)
        if (s.tableau[i].rank == 0) gone_slots.push_back(i);
    for (int p = 0; p < v.reserve_piles; ++p)
        for (int h = static_cast<int>(s.reserves[p].size()); h < v.reserve_height; ++h)
            gone_slots.push_back(t + p * v.reserve_height + h);
    const int k = static_cast<int>(s.gone.size()) - static_cast<int>(gone_slots.size());
    if (k < 0) return false;
    const int w = static_cast<int>(s.waste.size());
    std::set<uint64_t> gone_set;
    for (Card c : s.gone) gone_set.insert(card_index(c, v.deck));
    std::vector<Card> order = s.gone;
    std::sort(order.begin(), order.end(),
              [&](Card a, Card b) { return card_index(a, v.deck) < card_index(b, v.deck); });
    // Interleavings: which of the w + k dealt positions hold gone cards.
    std::vector<std::vector<bool>> masks;
    for (uint32_t m = 0; m < (1u << (w + k)); ++m)
        if (std::popcount(m) == k) {
            std::vector<bool> at(w + k);
            for (int i = 0; i < w + k; ++i) at[i] = (m >> i) & 1;
            masks.push_back(at);
        }
    do {
        for (const auto& at : masks) {
            std::vector<Card> cards(deck_size(v.deck));
            for (int i = 0; i < t; ++i) cards[i] = s.tableau[i];
            for (int p = 0; p < v.reserve_piles; ++p)
                for (size_t h = 0; h < s.reserves[p].size(); ++h)
                    cards[t + p * v.reserve_height + h] = s.reserves[p][h];
            for (size_t i = 0; i < gone_slots.size(); ++i) cards[gone_slots[i]] = order[i];
            int slot = v.fixed_size(), g = static_cast<int>(gone_slots.size()), wi = 0;
            for (int i = 0; i < w + k; ++i) cards[slot++] = at[i] ? order[g++] : s.waste[wi++];
            for (Card c : s.stock) cards[slot++] = c;
            const Deal d = make_deal(v, cards);
            // Every sequence: removals of gone cards only, draws down to the stock left.
            std::set<std::string> seen;
            std::vector<Table> todo{Table(d)};
            while (!todo.empty()) {
                Table cur = todo.back();
                todo.pop_back();
                if (!seen.insert(cur.key()).second) continue;
                const auto gone = cur.gone();
                if (gone.size() == s.gone.size() && cur.stock().size() == s.stock.size()) return true;
                for (const Move& m : cur.legal_moves()) {
                    if (m.kind == Move::Redeal) continue;
                    if (m.kind == Move::Draw && cur.stock().size() <= s.stock.size()) continue;
                    if (m.kind == Move::Single && !gone_set.count(card_index(m.a, v.deck))) continue;
                    if (m.kind == Move::Pair &&
                        (!gone_set.count(card_index(m.a, v.deck)) || !gone_set.count(card_index(m.b, v.deck))))
                        continue;
                    Table next = cur;
                    REQUIRE_FALSE(next.apply(m));
                    todo.push_back(next);
                }
            }
        }
    } while (std::next_permutation(order.begin(), order.end(),
                                   [&](Card a, Card b) { return card_index(a, v.deck) < card_index(b, v.deck); }));
    return false;
}

// A random small position: a gone set closed under covering, a few reserve
// and stock cards gone, gone cards of ranks that often pair.
Small random_small(const Variant& v, SplitMix64& rng) {
    auto next = [&](int n) { return static_cast<int>(rng.next() % static_cast<uint64_t>(n)); };
    const int t = v.tableau_size();
    const bool has_stock = v.fixed_size() < deck_size(v.deck);
    for (;;) {
        std::vector<bool> gone(t, false);
        // Closed under covering: a place goes only when the places over it are gone.
        std::vector<int> start(v.rows + 1, 0);
        for (int r = 0; r < v.rows; ++r) start[r + 1] = start[r] + v.row_width(r);
        for (int r = v.rows - 1; r >= 0; --r)
            for (int c = 0; c < v.row_width(r); ++c) {
                bool free = true;
                if (r + 1 < v.rows) {
                    const int first = v.shape == TableauShape::Pyramid ? c : c - 1;
                    for (int cc = first; cc <= first + 1; ++cc)
                        if (cc >= 0 && cc < v.row_width(r + 1) && !gone[start[r + 1] + cc]) free = false;
                }
                if (free && next(2)) gone[start[r] + c] = true;
            }
        int fixed = static_cast<int>(std::count(gone.begin(), gone.end(), true));
        std::vector<int> res_gone(v.reserve_piles);
        for (int& g : res_gone) {
            g = next(v.reserve_height + 1);
            fixed += g;
        }
        const int k = has_stock ? next(4) : 0;
        const int n = fixed + k;
        if (n == 0 || n > 6) continue;
        // The gone cards' ranks: mostly pairs to the target and lone ranks, sometimes any.
        std::vector<int> ranks;
        const int R = deck_ranks(v.deck);
        while (static_cast<int>(ranks.size()) < n) {
            const int kind = next(6);
            if (kind == 0 || static_cast<int>(ranks.size()) + 1 == n) {
                ranks.push_back(next(3) == 0 ? 1 + next(R) : v.lone_rank);
            } else {
                const int a = 1 + next(std::min(R, v.target - 1));
                if (v.target - a >= 1 && v.target - a <= R) {
                    ranks.push_back(a);
                    ranks.push_back(v.target - a);
                }
            }
        }
        // Cards: distinct suits per rank, the rest of the deck for the places left.
        std::vector<bool> used(deck_size(v.deck), false);
        Small s;
        bool ok = true;
        for (int r : ranks) {
            int suit = next(4);
            int tries = 0;
            while (used[card_index(Card{static_cast<uint8_t>(r), static_cast<uint8_t>(suit)}, v.deck)] && tries < 4)
                suit = (suit + 1) % 4, ++tries;
            const Card c{static_cast<uint8_t>(r), static_cast<uint8_t>(suit)};
            if (used[card_index(c, v.deck)]) ok = false;
            used[card_index(c, v.deck)] = true;
            s.gone.push_back(c);
        }
        if (!ok) continue;
        std::vector<Card> rest;
        for (int i = 0; i < deck_size(v.deck); ++i)
            if (!used[i]) rest.push_back(card_from_index(i, v.deck));
        for (size_t i = rest.size(); i > 1; --i)
            std::swap(rest[i - 1], rest[static_cast<size_t>(next(static_cast<int>(i)))]);
        size_t at = 0;
        for (int i = 0; i < t; ++i) s.tableau.push_back(gone[i] ? Card{} : rest[at++]);
        for (int p = 0; p < v.reserve_piles; ++p) {
            s.reserves.emplace_back();
            for (int h = 0; h < v.reserve_height - res_gone[p]; ++h) s.reserves.back().push_back(rest[at++]);
        }
        if (has_stock) {
            const int w = v.wastes == 0 ? next(2) : next(3) + v.waste_start;
            for (int i = 0; i < w; ++i) s.waste.push_back(rest[at++]);
            while (at < rest.size()) s.stock.push_back(rest[at++]);
        } else if (at != rest.size()) {
            continue;
        }
        return s;
    }
}

Variant small(const std::string& preset, int rows) {
    Variant v = *find_preset(preset);
    v.rows = rows;
    if (!v.unlimited_passes()) v.passes = 1;
    else v.passes = 1;
    return v;
}

}  // namespace

TEST_CASE("reachable positions: the check agrees with a brute force over plays on small layouts", "[reachable]") {
    std::vector<Variant> rule_sets;
    for (const char* p : {"msc", "relaxed", "pharaohs", "solitarium", "classic", "spanish"}) {
        rule_sets.push_back(small(p, 3));
        Variant o = small(p, 3);
        o.overlap = true;
        rule_sets.push_back(o);
    }
    // Reserve piles beside a stock: a small Giza.
    Variant giza = small("giza", 3);
    giza.reserve_piles = 2;
    giza.reserve_height = 2;
    rule_sets.push_back(giza);
    giza.reserves_open = true;
    rule_sets.push_back(giza);
    giza.reserves_open = false;
    giza.overlap = true;
    rule_sets.push_back(giza);
    SplitMix64 rng(38);
    int reached = 0, refused = 0;
    for (const Variant& v : rule_sets) {
        const int cases = test::reduced(60);
        for (int i = 0; i < cases; ++i) {
            const Small s = random_small(v, rng);
            const bool brute = brute_reachable(v, s);
            INFO(v.name << (v.overlap ? " overlap" : "") << (v.reserves_open ? " open" : "") << " case " << i);
            CHECK(accepted(v, s) == brute);
            (brute ? reached : refused)++;
        }
    }
    // Both answers are met often.
    CHECK(reached > 100 / test::kSanitizerShare);
    CHECK(refused > 100 / test::kSanitizerShare);
}

TEST_CASE("reachable positions: every position of random games is read", "[reachable]") {
    SplitMix64 rng(7);
    for (const Variant& v : presets()) {
        for (int game = 0; game < test::reduced(8); ++game) {
            Table t(deal_from_seed(v, std::to_string(game + 1)));
            for (int step = 0; step < 80; ++step) {
                const auto moves = t.legal_moves();
                if (moves.empty()) break;
                // Removals first, so that much goes.
                std::vector<Move> removals;
                for (const Move& m : moves)
                    if (m.kind == Move::Single || m.kind == Move::Pair) removals.push_back(m);
                const auto& from = !removals.empty() && rng.next() % 4 != 0 ? removals : moves;
                REQUIRE_FALSE(t.apply(from[rng.next() % from.size()]));
                INFO(v.name << " game " << game + 1 << " step " << step << "\n" << board_text(t, {}));
                CHECK_NOTHROW(make_position(v, view_of(t)));
            }
        }
    }
}

TEST_CASE("reachable positions: the issue's impossible positions are refused, naming the problem", "[reachable]") {
    const Variant msc = *find_preset("msc");
    const std::string start = board_text(Table(deal_from_seed(msc, "1")), {});
    auto edit = [](std::string s, const std::vector<std::pair<std::string, std::string>>& subs) {
        for (const auto& [from, to] : subs) {
            const size_t at = s.find(from);
            REQUIRE(at != std::string::npos);
            s.replace(at, from.size(), to);
        }
        return s;
    };
    // Deal 1: the bottom row AS AH 3C 4C 5C TS QH, the stock 4H AC 4D ...
    const std::string queen =
        edit(start, {{"TS  QH", "TS  .."}, {"(empty)", "4H"}, {"stock (24", "stock (23"}, {"4H AC", "AC"}}) +
        "gone: QH\n";
    CHECK_THAT(
        error_of(msc, queen),
        Catch::Contains("no play reaches this position") &&
            Catch::Contains("the gone cards hold 1 Q and no A, but a Q is removed only with an A (they sum to 13)"));
    const std::string four_ace = edit(start, {{"stock (24", "stock (22"}, {"4H AC ", ""}}) + "gone: 4H AC\n";
    CHECK_THAT(error_of(msc, four_ace),
               Catch::Contains("no play reaches this position") && Catch::Contains("the gone cards hold 1 A and no Q"));
    // Paired right, the same places are read.
    CHECK(error_of(msc, edit(start, {{"TS  QH", "TS  .."}, {"AS  AH", "..  AH"}})) == "(accepted)");
    // Two cards in a column of the tableau (one covers the other) pair only under the overlap rule.
    const std::string column =
        edit(start,
             {{"JS\n", "..\n"}, {"TS  QH", "TS  .."}, {"(empty)", "4H"}, {"stock (24", "stock (23"}, {"4H AC", "AC"}}) +
        "gone: JS QH\n";
    CHECK(error_of(msc, column).find("no play reaches") == std::string::npos);  // JS + QH do not sum: ranks first
    Variant overlap = msc;
    overlap.overlap = true;
    // Places 10 (row 5), 15, 16 (row 6), 21, 22, 23 (row 7): 10 goes last,
    // alone, unless the overlap rule pairs it with its last cover.
    uint64_t places = 0;
    for (int p : {10, 15, 16, 21, 22, 23}) places |= uint64_t{1} << p;
    CHECK(max_gone_pairs(msc, {places, {}, 0}) == 2);
    CHECK(max_gone_pairs(overlap, {places, {}, 0}) == 3);
    CHECK(max_gone_pairs(msc, {places, {}, 1}) == 3);  // a stock card partners 10
    // Six tableau cards gone, those places, in three pairs: refused without
    // overlap, read with it. Their cards are dealt into the stock instead of
    // six stock cards, which are gone.
    const std::string six = edit(start, {{"9S  5S  AD", "..  5S  AD"},
                                         {"3H  2S  KS", "..  ..  KS"},
                                         {"AS  AH  3C  4C", "..  ..  ..  4C"},
                                         {"4H AC 4D 7S 3S TD 4S TH 8H 2C JH", "4H AC 9S 7S 2S AS 4S TH 8H AH 3C"},
                                         {"9C 2H", "3H 2H"}}) +
                            "gone: 4D 9C 3S TD 2C JH\n";
    CHECK_THAT(error_of(msc, six), Catch::Contains("the gone cards go in 3 pairs, but the gone places (6 tableau "
                                                   "cards, 0 stock cards) can have lost at most 2 pairs"));
    CHECK(error_of(overlap, six) == "(accepted)");
}
