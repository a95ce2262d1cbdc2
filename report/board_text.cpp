#include "report/board_text.h"

#include <cctype>
#include <sstream>

namespace pyr {

namespace {
const char* const kRed = "\x1b[31m";
const char* const kReset = "\x1b[0m";

// Screen columns of UTF-8 text: one per code point (the suit symbols are one
// column wide).
int columns(std::string_view s) {
    int n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}
}  // namespace

std::string card_people(Card c, DeckKind d, const TextStyle& style) {
    const std::string s = card_display(c, d, style.unicode);
    return style.colour && red_suit(c, d) ? kRed + s + kReset : s;
}

int card_people_width(Card c, DeckKind d, const TextStyle& style) { return columns(card_display(c, d, style.unicode)); }

std::string move_people(const Move& m, DeckKind d, const TextStyle& style) {
    switch (m.kind) {
        case Move::Single: return card_people(m.a, d, style);
        case Move::Pair: return card_people(m.a, d, style) + "+" + card_people(m.b, d, style);
        default: return move_text(m, d);
    }
}

std::string board_text(const Table& t, const TextStyle& style) {
    const Variant& v = t.variant();
    const DeckKind d = v.deck;
    // The widest card: "10♠" with symbols, "12E" in the Spanish deck, "TS" otherwise.
    const int cw = d == DeckKind::Spanish48 || style.unicode ? 3 : 2;
    // An even cell pitch keeps each row exactly half a cell in from the one
    // below it, so the pyramid (or triangle) is drawn without a zigzag.
    const int gap = cw % 2 ? 3 : 2;
    // A card not seen (Deal::unknown) is written ??, never as the card its
    // slot holds in its stead.
    auto cell = [&](const std::optional<Card>& c) {
        if (!c) return std::string(cw, '.');
        if (t.unseen(*c)) return std::string(cw - 2, ' ') + std::string(kUnknownToken);
        return std::string(cw - card_people_width(*c, d, style), ' ') + card_people(*c, d, style);
    };
    std::ostringstream o;
    const auto& tableau = t.tableau();
    const int rows = static_cast<int>(tableau.size());
    for (int r = 0; r < rows; ++r) {
        const int width = static_cast<int>(tableau[r].size());
        const int indent = (rows - width) * (cw + gap) / 2;
        o << std::string(2 + indent, ' ');
        for (int c = 0; c < width; ++c) o << (c ? std::string(gap, ' ') : "") << cell(tableau[r][c]);
        o << "\n";
    }
    auto list = [&](const std::vector<Card>& cards) {
        std::string s;
        for (Card c : cards) s += " " + (t.unseen(c) ? std::string(kUnknownToken) : card_people(c, d, style));
        return s.empty() ? std::string(" (empty)") : s;
    };
    const auto& reserves = t.reserves();
    for (size_t p = 0; p < reserves.size(); ++p)
        o << "reserve " << p + 1 << " (bottom to top):" << list(reserves[p]) << "\n";
    // A deal with no stock (giza) has no waste either: nothing to draw.
    const bool has_stock = t.has_stock();
    const auto& wastes = t.wastes();
    if (has_stock && wastes.size() == 1) o << "waste (bottom to top):" << list(wastes[0]) << "\n";
    for (size_t w = 0; has_stock && wastes.size() > 1 && w < wastes.size(); ++w)
        o << "waste " << w + 1 << " (bottom to top):" << list(wastes[w]) << "\n";
    if (has_stock) {
        const auto& stock = t.stock();
        std::vector<Card> next_first(stock.rbegin(), stock.rend());
        o << "stock (" << stock.size() << ", next card first" << (v.stock_top_playable ? "" : ", face down")
          << "):" << list(next_first) << "\n";
    }
    // With cards not seen, the discarded and gone cards are named (a position
    // with unknown cards reads back only so: docs/formats.md, Positions).
    if (t.discarded() > 0 && t.any_unseen()) o << "discarded (" << t.discarded() << "):" << list(t.discards()) << "\n";
    else if (t.discarded() > 0) o << "discarded: " << t.discarded() << "\n";
    if (has_stock && v.wastes > 0 && v.passes != 1) o << "pass " << t.pass() << " of " << passes_text(v.passes) << "\n";
    if (const auto gone = t.gone(); t.any_unseen() && !gone.empty())
        o << "gone (" << gone.size() << "):" << list(gone) << "\n";
    return o.str();
}

std::string cards_in_message(std::string_view message, DeckKind d, const TextStyle& style) {
    if (!style.unicode && !style.colour) return std::string(message);
    auto word_char = [](char ch) { return std::isalnum(static_cast<unsigned char>(ch)) != 0; };
    std::string out;
    size_t i = 0;
    while (i < message.size()) {
        if (!word_char(message[i])) {
            out += message[i++];
            continue;
        }
        size_t j = i;
        while (j < message.size() && word_char(message[j])) ++j;
        const std::string_view word = message.substr(i, j - i);
        const auto c = parse_card(word, d);
        out += c && card_text(*c, d) == word ? card_people(*c, d, style) : std::string(word);
        i = j;
    }
    return out;
}

}  // namespace pyr
