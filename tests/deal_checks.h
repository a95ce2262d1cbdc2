// The deal and board reader's answer to a text, for the tests that check its
// refusals (positions, reachability, the game in hand).
#pragma once
#include <string>

#include <catch2/catch.hpp>

#include "engine/card.h"
#include "engine/deal_source.h"
#include "engine/move.h"
#include "engine/table.h"
#include "engine/variant.h"

namespace pyr {

// The reader's error message for `text` under `v`, or "(accepted)".
inline std::string error_of(const Variant& v, const std::string& text) {
    try {
        deal_from_text(v, text);
    } catch (const ParseError& e) {
        return e.what();
    }
    return "(accepted)";
}

// msc deal 1 after QH+AS TS+3C draw draw: the waste 4H AC, the stock 4D ...,
// four cards gone.
inline Table msc_after_four() {
    Table t(deal_from_seed(*find_preset("msc"), "1"));
    for (const char* m : {"QH+AS", "TS+3C", "draw", "draw"})
        REQUIRE_FALSE(t.apply(parse_move(m, DeckKind::Standard52)));
    return t;
}

}  // namespace pyr
