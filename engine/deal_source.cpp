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

namespace {

bool blank(char ch) { return ch == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == ',' || ch == ';'; }

// The line without terminal colour codes (ESC [ parameters letter).
std::string without_escapes(std::string_view line) {
    std::string out;
    for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\x1b' && i + 1 < line.size() && line[i + 1] == '[') {
            size_t j = i + 2;
            while (j < line.size() && ((line[j] >= '0' && line[j] <= '9') || line[j] == ';')) ++j;
            if (j < line.size() && ((line[j] >= 'A' && line[j] <= 'Z') || (line[j] >= 'a' && line[j] <= 'z'))) {
                i = j;
                continue;
            }
        }
        out += line[i];
    }
    return out;
}

}  // namespace

std::vector<Card> read_deal_cards(DeckKind d, std::string_view text) {
    const size_t full = static_cast<size_t>(deck_size(d));
    std::vector<Card> cards;
    size_t start = 0;
    while (start < text.size() && cards.size() < full) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        const std::string line = without_escapes(text.substr(start, end - start));
        start = end + 1;
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        // The label, if any: everything up to the first ':'.
        const size_t colon = line.find(':');
        const bool labelled = colon != std::string::npos;
        size_t i = labelled ? colon + 1 : 0;
        bool read_any = false;
        while (i < line.size()) {
            if (blank(line[i])) {
                ++i;
                continue;
            }
            size_t j = i;
            while (j < line.size() && !blank(line[j])) ++j;
            const std::string_view word = std::string_view(line).substr(i, j - i);
            std::vector<Card> got;
            try {
                got = parse_cards(word, d);
            } catch (const ParseError&) {
                if (cards.size() >= full) return cards;  // the deal is complete: the rest is ignored
                if (labelled && !read_any) break;       // a header or a label with no cards: skipped
                throw;
            }
            cards.insert(cards.end(), got.begin(), got.end());
            read_any = true;
            i = j;
        }
    }
    return cards;
}

Deal deal_from_text(const Variant& v, std::string_view text) { return make_deal(v, read_deal_cards(v.deck, text)); }

}  // namespace pyr
