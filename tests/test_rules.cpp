// Rules: exposure, each variant's playable cards, redeal limits, discard; and
// the solver's packed rules (engine/board.h) agreeing move for move with the
// independent verifier (engine/table.h) along random plays.
#include <catch2/catch.hpp>

#include <algorithm>
#include <optional>
#include <set>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/table.h"
#include "solver/solver.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"

using namespace pyr;

namespace {

std::set<std::string> texts(const std::vector<Move>& ms, DeckKind d) {
    std::set<std::string> out;
    for (const auto& m : ms) out.insert(move_text(m, d));
    return out;
}

// Cards the verifier lets us remove alone or pair: a card is playable there
// if some legal removal names it.
std::set<std::string> removable(const Table& t) {
    std::set<std::string> out;
    for (const auto& m : t.legal_moves()) {
        if (m.kind == Move::Single) out.insert(card_text(m.a, t.variant().deck));
        if (m.kind == Move::Pair) {
            out.insert(card_text(m.a, t.variant().deck));
            out.insert(card_text(m.b, t.variant().deck));
        }
    }
    return out;
}

Deal deal_of(const std::string& preset, const std::string& seed) { return deal_from_seed(*find_preset(preset), seed); }

}  // namespace

TEST_CASE("exposure: a pyramid card is playable when both covering cards are gone", "[rules]") {
    // A hand-made deal: the bottom row holds 7 cards; (5,0) is covered by (6,0) and (6,1).
    const Deal d = deal_of("msc", "3");
    const Board b(d);
    State s = b.initial();
    const uint64_t bottom = 0x7Full << 21;
    CHECK((b.playable(s) & b.tableau_mask()) == bottom);
    s.removed |= uint64_t{1} << 21;  // (6,0) gone: (5,0) still covered by (6,1)
    CHECK_FALSE(b.playable(s) & (uint64_t{1} << 15));
    s.removed |= uint64_t{1} << 22;  // (6,1) gone too
    CHECK(b.playable(s) & (uint64_t{1} << 15));
    CHECK_FALSE(b.playable(s) & (uint64_t{1} << 16));  // (5,1) still under (6,2)
}

TEST_CASE("each variant's playable cards at the start", "[rules]") {
    for (const char* name : {"msc", "relaxed", "pyramid", "cheops", "pharaohs", "solitarium", "classic"}) {
        INFO(name);
        const Deal d = deal_of(name, "11982");
        const Board b(d);
        const Variant& v = d.variant;
        const uint64_t p = b.playable(b.initial());
        uint64_t expect = 0x7Full << 21;                                          // the bottom row
        if (v.stock_top_playable) expect |= uint64_t{1} << (28 + v.waste_start);  // the stock's top card
        if (v.waste_start > 0) expect |= uint64_t{1} << 28;                       // the first card, dealt to the waste
        CHECK(p == expect);
    }
}

TEST_CASE("pharaohs: the top two waste cards are playable, also together", "[rules]") {
    const Deal d = deal_of("pharaohs", "24");
    Table t(d);
    const DeckKind dk = d.deck();
    REQUIRE_FALSE(t.apply(Move::draw()));
    REQUIRE_FALSE(t.apply(Move::draw()));
    REQUIRE_FALSE(t.apply(Move::draw()));
    const auto& w = t.wastes()[0];
    REQUIRE(w.size() == 3);
    auto r = removable(t);
    // The third card from the top is not playable unless the tableau pairs it.
    const Card deep = w[0];
    bool deep_needed = false;
    for (const auto& m : t.legal_moves())
        if ((m.kind == Move::Pair && (m.a == deep || m.b == deep)) || (m.kind == Move::Single && m.a == deep))
            deep_needed = true;
    CHECK_FALSE(deep_needed);
    // A pair of the top two is legal exactly when they sum to 13.
    const Move together = Move::pair(w[1], w[2]);
    Table u = t;
    CHECK(!u.apply(together).has_value() == (w[1].rank + w[2].rank == 13));
    (void)r;
    (void)dk;
}

TEST_CASE("redeal limits: msc redeals twice, pharaohs never, solitarium always", "[rules]") {
    auto redeals = [](const std::string& preset, int max_try) {
        Table t(deal_of(preset, "617"));
        int n = 0;
        for (int k = 0; k < max_try; ++k) {
            while (!t.stock().empty()) REQUIRE_FALSE(t.apply(Move::draw()));
            if (t.apply(Move::redeal())) break;
            ++n;
        }
        return n;
    };
    CHECK(redeals("msc", 10) == 2);
    CHECK(redeals("relaxed", 10) == 2);
    CHECK(redeals("pharaohs", 10) == 0);
    CHECK(redeals("solitarium", 10) == 10);
    Table t(deal_of("msc", "617"));
    CHECK(t.apply(Move::redeal()) == std::optional<std::string>("the stock is not empty"));
}

TEST_CASE("a redeal runs the stock in the same order again", "[rules]") {
    Table t(deal_of("relaxed", "2"));
    const std::vector<Card> before = t.stock();
    const Card first_waste = t.wastes()[0].front();
    while (!t.stock().empty()) REQUIRE_FALSE(t.apply(Move::draw()));
    REQUIRE_FALSE(t.apply(Move::redeal()));
    std::vector<Card> expect = before;
    expect.push_back(first_waste);  // the card dealt to the waste at the start comes first
    CHECK(t.stock() == expect);
    CHECK(t.wastes()[0].empty());
    CHECK(t.pass() == 2);
}

TEST_CASE("classic: a draw discards the stock's top card out of play", "[rules]") {
    const Deal d = deal_of("classic", "31999");
    Table t(d);
    const Card top = t.stock().back();
    REQUIRE_FALSE(t.apply(Move::draw()));
    CHECK(t.stock().back() != top);
    CHECK(t.wastes().empty());
    CHECK(removable(t).count(card_text(top, d.deck())) == 0);
    while (!t.stock().empty()) REQUIRE_FALSE(t.apply(Move::draw()));
    CHECK(t.apply(Move::redeal()).has_value());
    // The packed rules agree: after one draw the old top is out of play.
    const Board b(d);
    const State s = b.apply(b.initial(), SlotMove{SlotMove::Draw, 0, 0});
    CHECK_FALSE(b.in_play(s) & (uint64_t{1} << 28));
}

TEST_CASE("illegal moves are named and leave the position alone", "[rules]") {
    const Deal d = deal_of("msc", "1");
    Table t(d);
    const std::string before = t.key();
    // JD (top of the pyramid) is covered.
    auto err = t.apply(Move::pair(Card{11, 1}, Card{2, 1}));
    REQUIRE(err);
    CHECK_THAT(*err, Catch::Contains("not playable"));
    CHECK_THAT(*t.apply(Move::pair(Card{11, 1}, Card{3, 1})), Catch::Contains("do not sum to 13"));
    CHECK_THAT(*t.apply(Move::single(Card{12, 2})), Catch::Contains("cannot be removed alone"));
    CHECK(t.key() == before);
}

TEST_CASE("replay: a legal line, an illegal move N, a legal line that is not a win, a move after the goal",
          "[rules][replay]") {
    for (const std::string preset : {"msc", "pharaohs", "tuts-tomb", "giza"}) {
        INFO(preset);
        // The first won deal of the preset and its solution.
        Solver solver;
        std::optional<Deal> found;
        SolveResult won;
        for (int seed = 1; seed <= 50 && !found; ++seed) {
            const Deal d = deal_of(preset, std::to_string(seed));
            won = solver.solve(Board(d));
            if (won.verdict == Verdict::Win && won.solution.size() >= 4) found = d;
        }
        REQUIRE(found);
        const Deal& d = *found;
        const DeckKind dk = d.deck();
        const std::vector<Move>& line = won.solution;

        // Every move legal: the positions seen one by one end where the table is.
        std::vector<std::string> keys;
        const Replay all = replay(d, line, AfterGoal::GameOver, [&](const Table& t) { keys.push_back(t.key()); });
        CHECK(all.legal());
        CHECK(all.played == line.size());
        CHECK(all.won());
        CHECK(all.table.tableau_left() == 0);
        REQUIRE(keys.size() == line.size() + 1);
        CHECK(keys.front() == Table(d).key());
        CHECK(keys.back() == all.table.key());
        Table step(d);
        for (const Move& m : line) REQUIRE_FALSE(step.apply(m));
        CHECK(step.key() == all.table.key());

        // Legal, but not a win: the first half.
        const size_t half = line.size() / 2;
        const std::vector<Move> part(line.begin(), line.begin() + half);
        const Replay short_line = replay(d, part);
        CHECK(short_line.legal());
        CHECK(short_line.played == half);
        CHECK_FALSE(short_line.won());
        CHECK(short_line.table.tableau_left() > 0);

        // Illegal move N: a removal of the second half played twice (its
        // cards are gone). The verifier's own reason, named by number and
        // notation; the table stays at the position before it.
        size_t k = half;
        while (line[k].kind == Move::Draw || line[k].kind == Move::Redeal) ++k;
        std::vector<Move> bad(line.begin(), line.begin() + k + 1);
        bad.push_back(line[k]);
        Table before(d);
        for (size_t i = 0; i <= k; ++i) REQUIRE_FALSE(before.apply(line[i]));
        Table probe = before;
        const auto why = probe.apply(line[k]);
        REQUIRE(why);
        const Replay r = replay(d, bad);
        CHECK_FALSE(r.legal());
        CHECK(r.played == k + 1);
        const std::string label = "move " + std::to_string(k + 2) + " (" + move_text(line[k], dk) + ")";
        CHECK(move_label(k + 1, line[k], dk) == label);
        CHECK(*r.error == label + ": " + *why);
        CHECK(r.table.key() == before.key());

        // After the goal: the game is over for a line of play; PlayOn plays by the rules.
        {
            std::vector<Move> more = line;
            more.push_back(Move::draw());
            const Replay over = replay(d, more, AfterGoal::GameOver);
            CHECK(*over.error == "move " + std::to_string(line.size() + 1) +
                                     " (draw): the goal was reached after move " + std::to_string(line.size()) +
                                     ", so the game is over");
            CHECK(over.played == line.size());
            CHECK(over.won());
            Table after = all.table;
            const auto draw = after.apply(Move::draw());
            const Replay on = replay(d, more, AfterGoal::PlayOn);
            CHECK(on.legal() == !draw);
            CHECK(on.played == line.size() + (draw ? 0 : 1));
            CHECK(on.table.key() == after.key());
        }
    }
}

TEST_CASE("the overlap rule pairs a card with its last cover", "[rules]") {
    // Build a 2-row pyramid: top 6C, bottom 7C and 9D; stock 4S. With 9D+4S gone,
    // 7C is 6C's only cover and is exposed: with the overlap rule 7C+6C is legal.
    Variant v = *find_preset("msc");
    v.rows = 2;
    const Deal d = make_deal(v, parse_cards("6C 7C 9D 4S", v.deck), false);
    Table t(d);
    REQUIRE_FALSE(t.apply(Move::pair(Card{9, 1}, Card{4, 3})));
    Table off = t;
    CHECK(off.apply(Move::pair(Card{7, 0}, Card{6, 0})).has_value());
    v.overlap = true;
    Table on(make_deal(v, parse_cards("6C 7C 9D 4S", v.deck), false));
    REQUIRE_FALSE(on.apply(Move::pair(Card{9, 1}, Card{4, 3})));
    CHECK_FALSE(on.apply(Move::pair(Card{7, 0}, Card{6, 0})).has_value());
    CHECK(on.won());
}

// The solver's packed rules must offer exactly the verifier's moves in every
// position, for every preset and override, along random plays.
TEST_CASE("packed rules agree with the verifier along random plays", "[rules][agreement]") {
    test::Rng rng(2024);
    std::vector<Variant> variants(presets().begin(), presets().end());
    for (const auto& base : presets()) {
        Variant o = base;
        o.overlap = true;
        variants.push_back(o);
        if (!base.discards()) {
            Variant p = base;
            p.passes = p.passes == 0 ? 2 : p.redeal == RedealOrder::ApophisRows ? 1 : 0;
            variants.push_back(p);
        }
    }
    int positions = 0;
    for (const auto& v : variants) {
        INFO(v.name << " overlap=" << v.overlap << " passes=" << v.passes);
        for (int game = 0; game < 40; ++game) {
            const Deal d = game % 2 ? test::random_full_deal(v, rng) : test::random_small_deal(v, 2, 5, 0, 14, rng);
            const Board b(d);
            Table t(d);
            State s = b.initial();
            for (int step = 0; step < 200; ++step) {
                ++positions;
                SlotMove buf[kMaxMoves];
                const int n = b.legal_moves(s, buf);
                std::vector<Move> packed;
                for (int i = 0; i < n; ++i) packed.push_back(b.to_move(buf[i]));
                REQUIRE(texts(packed, v.deck) == texts(t.legal_moves(), v.deck));
                REQUIRE(b.won(s) == t.won());
                if (n == 0) break;
                const int pick = rng.below(n);
                REQUIRE_FALSE(t.apply(packed[pick]));
                s = b.apply(s, buf[pick]);
            }
        }
    }
    CHECK(positions > 10000);
}
