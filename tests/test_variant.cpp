// Presets, overrides, validation and the generated descriptions.
#include <catch2/catch.hpp>

#include "engine/variant.h"

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
}

TEST_CASE("descriptions follow the rules, not the name", "[variant]") {
    Variant v = *find_preset("msc");
    CHECK_THAT(describe(v), Catch::Contains("3 through the stock (2 redeals)"));
    v.passes = 0;
    CHECK_THAT(describe(v), Catch::Contains("Passes: unlimited"));
    v.overlap = true;
    CHECK_THAT(describe(v), Catch::Contains("Overlap rule: on"));
    CHECK_THAT(describe(*find_preset("classic")), Catch::Contains("discards the top card out of play"));
    CHECK_THAT(describe(*find_preset("pharaohs")), Catch::Contains("top two cards"));
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
