#include "engine/card.h"

#include <cctype>

#include "engine/input.h"

namespace pyr {

int deck_size(DeckKind d) { return d == DeckKind::Spanish48 ? 48 : 52; }
int deck_ranks(DeckKind d) { return d == DeckKind::Spanish48 ? 12 : 13; }
const char* deck_suits(DeckKind d) { return d == DeckKind::Spanish48 ? "OCEB" : "CDHS"; }

Card card_from_index(int index, DeckKind d) {
    const int r = deck_ranks(d);
    return Card{static_cast<uint8_t>(index % r + 1), static_cast<uint8_t>(index / r)};
}

std::string rank_text(int rank, DeckKind d) {
    if (d == DeckKind::Spanish48) return std::to_string(rank);
    static const char* names = "A23456789TJQK";
    return std::string(1, names[rank - 1]);
}

std::string card_text(Card c, DeckKind d) { return rank_text(c.rank, d) + deck_suits(d)[c.suit]; }

std::string card_display(Card c, DeckKind d, bool unicode) {
    if (!unicode || d != DeckKind::Standard52) return card_text(c, d);
    static const char* const symbols[4] = {"\u2663", "\u2666", "\u2665", "\u2660"};  // C D H S
    return (c.rank == 10 ? std::string("10") : rank_text(c.rank, d)) + symbols[c.suit];
}

std::string card_words(Card c, DeckKind d, bool unicode) {
    if (!unicode || d != DeckKind::Spanish48) return card_display(c, d, unicode);
    static const char* const suits[4] = {"oros", "copas", "espadas", "bastos"};  // O C E B
    return rank_text(c.rank, d) + " of " + suits[c.suit];
}

bool red_suit(Card c, DeckKind d) {
    // Standard C D H S: D and H. Spanish O C E B: oros and copas.
    return d == DeckKind::Standard52 ? (c.suit == 1 || c.suit == 2) : (c.suit == 0 || c.suit == 1);
}

static int suit_of(char ch, DeckKind d) {
    const char* suits = deck_suits(d);
    const char up = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    for (int i = 0; i < 4; ++i)
        if (suits[i] == up) return i;
    return -1;
}

namespace {
struct SuitSpelling {
    int suit = -1;
    size_t length = 0;  // bytes
};

// The suit spelled at text[i]: a suit letter of the deck, or in the standard
// deck a suit symbol as card_display writes it (U+2660-2667, black or white:
// \u2663 \u2666 \u2665 \u2660 and \u2667 \u2662 \u2661 \u2664), perhaps followed by
// the emoji variation selector U+FE0F that some programs add when copying.
SuitSpelling suit_at(std::string_view text, size_t i, DeckKind d) {
    if (i >= text.size()) return {};
    if (const int s = suit_of(text[i], d); s >= 0) return {s, 1};
    if (d != DeckKind::Standard52 || i + 3 > text.size()) return {};
    const auto b = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
    if (b(i) != 0xE2 || b(i + 1) != 0x99 || b(i + 2) < 0xA0 || b(i + 2) > 0xA7) return {};
    static const int kSuit[8] = {3, 2, 1, 0, 3, 2, 1, 0};  // U+2660 spade, heart, diamond, club, white ones
    size_t length = 3;
    if (i + 6 <= text.size() && b(i + 3) == 0xEF && b(i + 4) == 0xB8 && b(i + 5) == 0x8F) length = 6;
    return {kSuit[b(i + 2) - 0xA0], length};
}

// The suit spelling that ends `tok`, if any.
SuitSpelling suit_suffix(std::string_view tok, DeckKind d) {
    for (size_t length : {size_t{6}, size_t{3}, size_t{1}}) {
        if (tok.size() <= length) continue;  // a rank must come first
        const SuitSpelling s = suit_at(tok, tok.size() - length, d);
        if (s.suit >= 0 && s.length == length) return s;
    }
    return {};
}
}  // namespace

std::optional<Card> parse_card(std::string_view tok, DeckKind d) {
    const SuitSpelling sp = suit_suffix(tok, d);
    if (sp.suit < 0) return std::nullopt;
    const int suit = sp.suit;
    std::string r;
    for (char ch : tok.substr(0, tok.size() - sp.length))
        r += static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
    int rank = 0;
    if (r == "A") {
        rank = 1;
    } else if (r.size() == 1 && r[0] >= '2' && r[0] <= '9') {
        rank = r[0] - '0';
    } else if (r == "10") {
        rank = 10;
    } else if (d == DeckKind::Standard52) {
        if (r == "T") rank = 10;
        else if (r == "J") rank = 11;
        else if (r == "Q") rank = 12;
        else if (r == "K") rank = 13;
    } else {
        if (r == "1") rank = 1;
        else if (r == "11") rank = 11;
        else if (r == "12") rank = 12;
    }
    if (rank == 0) return std::nullopt;
    return Card{static_cast<uint8_t>(rank), static_cast<uint8_t>(suit)};
}

static bool is_separator(char ch) {
    return ch == ' ' || ch == ',' || ch == '\n' || ch == '\r' || ch == '\t' || ch == ';';
}

std::vector<SeenCard> parse_seen_cards(std::string_view text, DeckKind d) {
    std::vector<SeenCard> out;
    size_t i = 0;
    while (i < text.size()) {
        if (is_separator(text[i])) {
            ++i;
            continue;
        }
        if (text[i] == '?') {
            // `??`: a card not seen. A lone '?' is not a token: "??" would be
            // ambiguous in the compact form if it were.
            if (i + 1 < text.size() && text[i + 1] == '?') {
                out.push_back(std::nullopt);
                i += 2;
                continue;
            }
            size_t k = i;
            while (k < text.size() && !is_separator(text[k])) ++k;
            throw ParseError("unknown card token " + excerpt(text.substr(i, k - i)) +
                             "; a card not seen is written ?? (two question marks)");
        }
        // A token runs up to and including the first suit letter (or symbol),
        // or up to a separator.
        size_t j = i;
        while (j < text.size() && !is_separator(text[j]) && text[j] != '?' && suit_at(text, j, d).suit < 0) ++j;
        if (j < text.size() && !is_separator(text[j]) && text[j] != '?')
            j += suit_at(text, j, d).length;  // include the suit
        // Standard deck: a rank letter that is also... (no suit letter is a rank letter,
        // so the scan above is unambiguous for both decks).
        std::string_view tok = text.substr(i, j - i);
        auto c = tok.empty() ? std::nullopt : parse_card(tok, d);
        if (!c) {
            // Report the whole whitespace-delimited word for context.
            size_t k = i;
            while (k < text.size() && !is_separator(text[k])) ++k;
            if (tok.empty()) tok = text.substr(i, k - i);
            std::string word(text.substr(i, k - i));
            throw ParseError("unknown card token " + excerpt(tok) +
                             (word != tok ? " (in " + excerpt(word) + ")" : std::string()) + "; cards are a rank (" +
                             (d == DeckKind::Standard52 ? "A 2-9 T/10 J Q K" : "1-12") + ") then a suit (" +
                             deck_suits(d) + (d == DeckKind::Standard52 ? " or \u2663 \u2666 \u2665 \u2660" : "") +
                             "), or ?? for a card not seen");
        }
        out.push_back(*c);
        i = j;
    }
    return out;
}

std::vector<Card> parse_cards(std::string_view text, DeckKind d) {
    std::vector<Card> out;
    for (const SeenCard& c : parse_seen_cards(text, d)) {
        if (!c) throw ParseError("?? (a card not seen) is not accepted here: every card must be named");
        out.push_back(*c);
    }
    return out;
}

}  // namespace pyr
