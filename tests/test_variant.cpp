// Presets, overrides, validation and the generated descriptions.
#include <catch2/catch.hpp>

#include <optional>
#include <set>
#include <sstream>

#include "engine/board.h"
#include "engine/input.h"
#include "engine/table.h"
#include "engine/variant.h"
#include "tests/random_small_deal.h"
#include "tests/support.h"
#include "tests/text_checks.h"

using namespace pyr;

TEST_CASE("every preset is valid and describes itself", "[variant]") {
    REQUIRE(presets().size() >= 7);
    for (const auto& v : presets()) {
        INFO(v.name);
        CHECK_NOTHROW(v.validate());
        const std::string d = describe(v);
        CHECK_THAT(d, Catch::StartsWith(v.name + ": "));
        CHECK_THAT(d, Catch::Contains("Goal: remove all"));
        CHECK(find_preset(v.name)->name == v.name);
    }
    CHECK_FALSE(find_preset("nope"));
}

TEST_CASE("the issue's preset table, row by row", "[variant]") {
    const Variant msc = *find_preset("msc");
    CHECK(msc.stock_top_playable);
    CHECK(msc.waste_playable == 1);
    CHECK(msc.waste_start == 0);
    CHECK(msc.passes == 3);
    CHECK(msc.goal == Goal::Pyramid);
    const Variant relaxed = *find_preset("relaxed");
    CHECK(relaxed.waste_start == 1);
    CHECK(relaxed.goal == Goal::Pyramid);
    CHECK(find_preset("pyramid")->goal == Goal::All);
    CHECK(find_preset("pyramid")->waste_start == 1);
    const Variant cheops = *find_preset("cheops");
    CHECK((cheops.stock_top_playable && cheops.waste_start == 0 && cheops.passes == 3 && cheops.goal == Goal::All));
    const Variant ph = *find_preset("pharaohs");
    CHECK((!ph.stock_top_playable && ph.waste_playable == 2 && ph.passes == 1 && ph.goal == Goal::All));
    const Variant so = *find_preset("solitarium");
    CHECK((!so.stock_top_playable && so.waste_playable == 1 && so.unlimited_passes() && so.goal == Goal::Pyramid));
    const Variant cl = *find_preset("classic");
    CHECK((cl.discards() && cl.stock_top_playable && cl.passes == 1 && cl.goal == Goal::Pyramid));

    const Variant giza = *find_preset("giza");
    CHECK((giza.reserve_piles == 8 && giza.reserve_height == 3 && !giza.reserves_open));
    CHECK(giza.fixed_size() == 52);  // no stock
    CHECK((giza.goal == Goal::All && giza.pysol_game == 592));
    const Variant tut = *find_preset("tuts-tomb");
    CHECK((tut.draw == 3 && tut.waste_start == 3 && tut.waste_playable == 1 && !tut.stock_top_playable));
    CHECK((tut.unlimited_passes() && tut.goal == Goal::Pyramid && tut.pysol_game == 681));
    const Variant tri = *find_preset("triangle");
    CHECK((tri.shape == TableauShape::Triangle && tri.pysol_game == 700));
    // "otherwise as pyramid": only the shape and the game differ.
    Variant tri_as_pyramid = tri;
    tri_as_pyramid.shape = TableauShape::Pyramid;
    tri_as_pyramid.name = "pyramid";
    tri_as_pyramid.title = find_preset("pyramid")->title;
    tri_as_pyramid.pysol_game = 38;
    CHECK(describe(tri_as_pyramid) == describe(*find_preset("pyramid")));
    const Variant sp = *find_preset("spanish");
    CHECK((sp.deck == DeckKind::Spanish48 && sp.target == 12 && sp.lone_rank == 12 && sp.pysol_game == 38));
    CHECK((sp.tableau_size() == 28 && deck_size(sp.deck) - sp.fixed_size() == 20));
    // "classic with the Spanish deck": the play rules are classic's.
    CHECK((sp.discards() && sp.stock_top_playable && sp.passes == 1 && sp.goal == Goal::Pyramid && sp.score_variant));
}

TEST_CASE("descriptions follow the rules, not the name", "[variant]") {
    Variant v = *find_preset("msc");
    CHECK_THAT(describe(v), Catch::Contains("3 through the stock (2 redeals)"));
    v.passes = 0;
    CHECK_THAT(describe(v), Catch::Contains("Passes: unlimited"));
    v.overlap = true;
    CHECK_THAT(describe(v), Catch::Contains("Overlap rule: on"));
    CHECK_THAT(describe(*find_preset("classic")), Catch::Contains("discards the top card out of play"));
    CHECK_THAT(describe(*find_preset("pharaohs")), Catch::Contains("top two cards of the waste are playable"));
    CHECK_THAT(describe(*find_preset("msc")), Catch::Contains("the top card of the waste is playable"));

    const std::string giza = describe(*find_preset("giza"));
    test::check_contains_each(giza, {"8 reserve piles of 3 face-up cards; the top card of each pile is playable",
                                     "Stock: none", "remove all 52 cards"});
    CHECK_THAT(giza, !Catch::Contains("draw") && !Catch::Contains("Passes"));  // nothing to draw or redeal
    CHECK_THAT(giza, Catch::Contains("then reserve pile 1 bottom to top"));
    Variant open = *find_preset("giza");
    open.reserves_open = true;
    CHECK_THAT(describe(open), Catch::Contains("every reserve card is playable"));

    const std::string tut = describe(*find_preset("tuts-tomb"));
    test::check_contains_each(tut, {"face down", "moves 3 cards to the waste",
                                    "3 cards dealt to the waste at the start", "Passes: unlimited"});

    CHECK_THAT(describe(*find_preset("triangle")),
               Catch::Contains("inverted triangle of 28 cards, rows of 7 down to 1"));

    const std::string sp = describe(*find_preset("spanish"));
    test::check_contains_each(
        sp, {"Deck: 48 cards (Spanish", "sum to 12", "a 12 (the top rank) is removed alone", "Stock: 20 cards",
             "PySolFC has no 48-card deck", "1 through the stock (no redeal)"});
}

TEST_CASE("contradictory rules are refused with a reason", "[variant]") {
    Variant cl = *find_preset("classic");
    cl.passes = 3;
    CHECK_THROWS_WITH(cl.validate(), Catch::Contains("discarded") && Catch::Contains("passes must be 1"));
    cl.passes = 0;
    CHECK_THROWS_AS(cl.validate(), std::invalid_argument);
    Variant v = *find_preset("msc");
    v.rows = 8;
    CHECK_THROWS_AS(v.validate(), std::invalid_argument);
    v = *find_preset("msc");
    v.target = 40;
    CHECK_THROWS_AS(v.validate(), std::invalid_argument);
}

TEST_CASE("validate refuses what the engines do not both implement", "[variant]") {
    // Two wastes with the plain redeal (the waste turned over): the packed
    // engine and the verifier disagreed after the redeal.
    Variant v = *find_preset("apophis");
    v.redeal = RedealOrder::Same;
    CHECK_THROWS_WITH(v.validate(), Catch::Contains("row redeal"));
    v.passes = 1;  // no redeal at all: fine
    CHECK_NOTHROW(v.validate());
    Variant c = *find_preset("classic");
    c.draw = 3;
    CHECK_THROWS_WITH(c.validate(), Catch::Contains("draw must be 1"));
    Variant g = *find_preset("giza");
    g.wastes = 3;
    g.redeal = RedealOrder::ApophisRows;
    g.passes = 3;
    CHECK_THROWS_WITH(g.validate(), Catch::Contains("without reserve piles"));
}

TEST_CASE("passes and goal overrides parse", "[variant]") {
    CHECK(parse_passes("1") == 1);
    CHECK(parse_passes("3") == 3);
    CHECK(parse_passes("unlimited") == 0);
    CHECK_THROWS_AS(parse_passes("0"), std::invalid_argument);
    CHECK_THROWS_AS(parse_passes("-1"), std::invalid_argument);
    CHECK_THROWS_AS(parse_passes("3x"), std::invalid_argument);
    CHECK_THROWS_AS(parse_passes(""), std::invalid_argument);
    CHECK(parse_goal("all") == Goal::All);
    CHECK(parse_goal("pyramid") == Goal::Pyramid);
    CHECK_THROWS_AS(parse_goal("everything"), std::invalid_argument);
}

// ---------------------------------------------------------------- validate = what both engines implement

namespace {

// Every combination of the rule fields on small layouts (the deck's own pair
// sum and lone rank), in a fixed order.
std::vector<Variant> every_combination() {
    std::vector<Variant> out;
    for (DeckKind deck : {DeckKind::Standard52, DeckKind::Spanish48})
        for (TableauShape shape : {TableauShape::Pyramid, TableauShape::Triangle})
            for (int reserves : {0, 1, 2})  // none, tops playable, all open
                for (int wastes = 0; wastes <= 3; ++wastes)
                    for (int waste_start = 0; waste_start <= 3; ++waste_start)
                        for (int draw = 1; draw <= 3; ++draw)
                            for (bool stock_top : {false, true})
                                for (int waste_playable = 0; waste_playable <= 3; ++waste_playable)
                                    for (int passes : {1, 2, 0})
                                        for (RedealOrder redeal : {RedealOrder::Same, RedealOrder::ApophisRows})
                                            for (Goal goal : {Goal::Pyramid, Goal::All})
                                                for (bool overlap : {false, true}) {
                                                    Variant v;
                                                    v.name = "combination";
                                                    v.deck = deck;
                                                    v.target = v.lone_rank = deck_ranks(deck);
                                                    v.shape = shape;
                                                    v.reserve_piles = v.reserve_height = reserves ? 2 : 0;
                                                    v.reserves_open = reserves == 2;
                                                    v.wastes = wastes;
                                                    v.waste_start = waste_start;
                                                    v.draw = draw;
                                                    v.stock_top_playable = stock_top;
                                                    v.waste_playable = waste_playable;
                                                    v.passes = passes;
                                                    v.redeal = redeal;
                                                    v.goal = goal;
                                                    v.overlap = overlap;
                                                    out.push_back(v);
                                                }
    return out;
}

std::string describe_fields(const Variant& v) {
    std::ostringstream o;
    o << "deck " << deck_size(v.deck) << " shape " << int(v.shape) << " reserves " << v.reserve_piles << "x"
      << v.reserve_height << (v.reserves_open ? " open" : "") << " wastes " << v.wastes << " waste_start "
      << v.waste_start << " draw " << v.draw << " stock_top " << v.stock_top_playable << " waste_playable "
      << v.waste_playable << " passes " << v.passes << " redeal " << int(v.redeal) << " goal " << int(v.goal)
      << " overlap " << v.overlap;
    return o.str();
}

std::set<std::string> move_texts(const std::vector<Move>& ms, DeckKind d) {
    std::set<std::string> out;
    for (const auto& m : ms) out.insert(move_text(m, d));
    return out;
}

}  // namespace

TEST_CASE("validate accepts only rules both engines implement: they agree along random plays of every accepted "
          "combination",
          "[variant][agreement]") {
    test::Rng rng(12);
    int accepted = 0, positions = 0;
    for (const Variant& v : every_combination()) {
        try {
            v.validate();
        } catch (const std::invalid_argument&) {
            continue;
        }
        ++accepted;
        INFO(describe_fields(v));
        // Small layouts (2 to 4 rows, up to 15 stock cards) and full deals
        // (under the sanitizers one of each).
        for (int game = 0; game < (test::kSanitizerShare > 1 ? 2 : 4); ++game) {
            Variant layout = v;
            layout.rows = 7;
            const Deal d = game % 2 ? test::random_full_deal(layout, rng)
                                    : test::random_small_deal(v, 2, 3, 0, 16, rng);
            std::optional<Board> b;
            try {
                b.emplace(d);
            } catch (const std::invalid_argument& e) {
                FAIL("validate accepted rules the packed engine refuses: " << e.what());
            }
            Table t(d);
            State s = b->initial();
            for (int step = 0; step < 120; ++step) {
                ++positions;
                SlotMove buf[kMaxMoves];
                const int n = b->legal_moves(s, buf);
                std::vector<Move> packed;
                for (int i = 0; i < n; ++i) packed.push_back(b->to_move(buf[i]));
                INFO("game " << game << " step " << step);
                REQUIRE(move_texts(packed, v.deck) == move_texts(t.legal_moves(), v.deck));
                REQUIRE(b->won(s) == t.won());
                if (n == 0) break;
                const int pick = rng.below(n);
                REQUIRE_FALSE(t.apply(packed[pick]));
                s = b->apply(s, buf[pick]);
            }
        }
    }
    CHECK(accepted > 1000);
    CHECK(positions > 100000);
}

TEST_CASE("whole_number: decimal digits only, within its range, no overflow", "[variant]") {
    CHECK(whole_number("0", 0, 10) == 0u);
    CHECK(whole_number("007", 1, 10) == 7u);
    CHECK(whole_number("18446744073709551615", 0, UINT64_MAX) == UINT64_MAX);
    CHECK_FALSE(whole_number("18446744073709551616", 0, UINT64_MAX));  // one past: overflow, not a wrap
    CHECK_FALSE(whole_number("99999999999999999999999", 0, UINT64_MAX));
    for (const char* bad : {"", " 7", "7 ", "+7", "-1", "7x", "0x10", "1e3", "٣"})
        CHECK_FALSE(whole_number(bad, 0, 100));
    CHECK_FALSE(whole_number("0", 1, 10));
    CHECK_FALSE(whole_number("11", 1, 10));
    // A reader built on it: the passes.
    CHECK(parse_passes("3") == 3);
    CHECK_THROWS_AS(parse_passes("-3"), std::invalid_argument);
    CHECK_THROWS_AS(parse_passes(" 3"), std::invalid_argument);
}
