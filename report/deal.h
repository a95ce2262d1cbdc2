// A deal and its rules as `pyramid deal --format json` and `pyramid variants
// NAME` give them (the board as text and SVG: report/board_text.h,
// report/board_svg.h).
#pragma once
#include <string>

#include "engine/deal.h"
#include "engine/json.h"

namespace pyr {

// variant, seed (when the deal came from one), deal (compact), the tableau
// ("pyramid" or "triangle": rows of cards), reserves (piles, bottom first),
// waste or wastes (as dealt at the start), stock (from its top).
json::object deal_json(const Deal& deal, const std::string& seed);

// The rules in words as `pyramid variants NAME` prints them (and Python's
// describe): the description, then what a player who does not peek knows.
std::string rules_words(const Variant& v);

}  // namespace pyr
