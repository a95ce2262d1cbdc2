#include "engine/deal_source.h"

#include <stdexcept>

#include "engine/pysol_random.h"

namespace pyr {

namespace {
// PySolFC numbers suits C, S, H, D; the compact notation's suit indices are C, D, H, S.
Card card_from_pysol_id(int id, DeckKind d) {
    const int ranks = deck_ranks(d);
    const int suit = id / ranks, rank = id % ranks + 1;
    static const int kStandardSuit[4] = {0, 3, 2, 1};
    return Card{static_cast<uint8_t>(rank),
                static_cast<uint8_t>(d == DeckKind::Standard52 ? kStandardSuit[suit] : suit)};
}
}  // namespace

std::vector<Card> layout_from_dealing_order(const Variant& v, const std::vector<Card>& dealt) {
    if (v.reserve_piles == 0) return dealt;
    // Reserves are dealt first, one card to each pile per round, then the tableau.
    const int piles = v.reserve_piles, height = v.reserve_height, t = v.tableau_size();
    std::vector<Card> out(dealt.size());
    size_t k = 0;
    for (int h = 0; h < height; ++h)
        for (int p = 0; p < piles; ++p) out[t + p * height + h] = dealt[k++];
    for (int i = 0; i < t; ++i) out[i] = dealt[k++];
    for (size_t i = k; i < dealt.size(); ++i) out[i] = dealt[i];
    return out;
}

Deal deal_from_seed(const Variant& v, std::string_view number) {
    const PysolDealNumber n = parse_pysol_deal_number(number);
    const std::vector<int> ids = pysol_deal_order(n, deck_size(v.deck));
    std::vector<Card> dealt;
    for (int id : ids) dealt.push_back(card_from_pysol_id(id, v.deck));
    return make_deal(v, layout_from_dealing_order(v, dealt));
}

Deal deal_from_text(const Variant& v, std::string_view text) { return parse_deal(v, text); }

}  // namespace pyr
