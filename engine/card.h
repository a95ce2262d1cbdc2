// Cards and decks. A card is a rank (1 = Ace .. 13 = King, or 1..12 in the
// Spanish deck) and a suit index 0..3 whose letter depends on the deck.
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace pyr {

enum class DeckKind : uint8_t { Standard52, Spanish48 };

int deck_size(DeckKind d);           // 52 or 48
int deck_ranks(DeckKind d);          // 13 or 12
const char* deck_suits(DeckKind d);  // "CDHS" or "OCEB"

struct Card {
    uint8_t rank = 0;  // 1..13 (1..12 Spanish)
    uint8_t suit = 0;  // 0..3, letters from deck_suits()
    friend bool operator==(Card, Card) = default;
};

// Index 0..deck_size-1, unique per card of a deck (suit-major).
inline int card_index(Card c, DeckKind d) { return c.suit * deck_ranks(d) + (c.rank - 1); }
Card card_from_index(int index, DeckKind d);

// "QH", "TS" (standard); "1O", "12E" (Spanish).
std::string card_text(Card c, DeckKind d);
std::string rank_text(int rank, DeckKind d);

// A card as people read it: with `unicode`, tens as "10" and the suit as its
// symbol ("10♠", "Q♥"; the Spanish deck keeps its suit letters: "12E");
// otherwise card_text ("TS").
std::string card_display(Card c, DeckKind d, bool unicode);
// A card in a sentence for people: with `unicode` as card_display, but a
// Spanish card in words ("8 of espadas": its letters would read as a code,
// "8E"); otherwise card_text.
std::string card_words(Card c, DeckKind d, bool unicode);
// Hearts and diamonds (copas and oros in the Spanish deck): drawn in red.
bool red_suit(Card c, DeckKind d);

// Thrown for any malformed card text; the message names the problem.
struct ParseError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Parses one card token (case-insensitive). Standard: rank A 2-9 T 10 J Q K,
// suit C D H S or a suit symbol as card_display writes it (♣ ♦ ♥ ♠; the white
// ♧ ♢ ♡ ♤ too). Spanish: rank 1-12 (A = 1), suit O C E B. nullopt if invalid.
std::optional<Card> parse_card(std::string_view token, DeckKind d);

// A card as read from a deal or a position: a card, or `??`, a card not seen
// (std::nullopt).
using SeenCard = std::optional<Card>;
// The token of a card not seen (docs/formats.md): two question marks, in the
// compact form too (a single '?' would make "??" ambiguous there).
constexpr std::string_view kUnknownToken = "??";

// Splits text into card tokens: separators (spaces, commas, newlines, tabs) are
// optional, since every token ends with its suit letter (or is `??`). Throws
// ParseError naming the first unknown token.
std::vector<SeenCard> parse_seen_cards(std::string_view text, DeckKind d);
// The same without `??`: a card not seen is an error here.
std::vector<Card> parse_cards(std::string_view text, DeckKind d);

}  // namespace pyr
