#include "engine/deal_source.h"

#include <stdexcept>

#include "engine/input.h"
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

std::vector<SeenCard> read_seen_deal_cards(DeckKind d, std::string_view text) {
    const size_t full = static_cast<size_t>(deck_size(d));
    std::vector<SeenCard> cards;
    size_t start = 0;
    while (start < text.size() && cards.size() < full) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string line = without_colour_codes(text.substr(start, end - start));
        start = end + 1;
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        // The label, if any: everything up to the first ':'.
        const size_t colon = line.find(':');
        const bool labelled = colon != std::string::npos;
        bool read_any = false;
        for (const std::string& word : split_words(std::string_view(line).substr(labelled ? colon + 1 : 0))) {
            std::vector<SeenCard> got;
            try {
                got = parse_seen_cards(word, d);
            } catch (const ParseError&) {
                if (cards.size() >= full) return cards;  // the deal is complete: the rest is ignored
                if (labelled && !read_any) break;        // a header or a label with no cards: skipped
                if (word.find_first_not_of('.') == std::string::npos)
                    throw ParseError("a place whose card is gone (" + word +
                                     ") belongs to a board: give the whole board, with its stock line "
                                     "(docs/formats.md, Positions)");
                throw;
            }
            cards.insert(cards.end(), got.begin(), got.end());
            read_any = true;
        }
    }
    return cards;
}

std::vector<Card> read_deal_cards(DeckKind d, std::string_view text) {
    std::vector<Card> out;
    for (const SeenCard& c : read_seen_deal_cards(d, text)) {
        if (!c) throw ParseError("?? (a card not seen) is not accepted here: every card must be named");
        out.push_back(*c);
    }
    return out;
}

Deal deal_from_text(const Variant& v, std::string_view text) {
    if (auto board = read_board(v, text)) return std::move(*board);
    return make_seen_deal(v, read_seen_deal_cards(v.deck, text));
}

}  // namespace pyr
