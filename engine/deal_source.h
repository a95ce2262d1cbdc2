// Where deals come from. Every source ends in the same Deal (cards in the
// compact string's order), so the rest of the program never knows which.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "engine/deal.h"

namespace pyr {

// PySolFC's deal number N ("123", "ms24") of the variant's PySolFC game
// (Variant::pysol_game): the cards as PySolFC deals them, laid out in the
// compact order. Throws std::invalid_argument on a bad number.
Deal deal_from_seed(const Variant& v, std::string_view number);

// The compact string (or a drawn pyramid pasted as text).
Deal deal_from_text(const Variant& v, std::string_view text);

// PySolFC's dealing order of a game mapped to the compact order. Most games
// deal the tableau first and the rest is stock (or waste, then stock), which is
// already the compact order; Giza deals its reserves first, round-robin.
std::vector<Card> layout_from_dealing_order(const Variant& v, const std::vector<Card>& dealt);

}  // namespace pyr
