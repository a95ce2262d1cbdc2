#include "engine/deal.h"

namespace pyr {

Deal make_deal(const Variant& v, std::vector<Card> cards, bool full_deck) {
    const DeckKind deck = v.deck;
    const int need = deck_size(deck);
    const int n = static_cast<int>(cards.size());
    std::vector<int> seen(need, -1);
    std::string duplicate;  // the first repeated card, described
    for (int i = 0; i < n; ++i) {
        const int idx = card_index(cards[i], deck);
        if (seen[idx] >= 0 && duplicate.empty())
            duplicate = card_text(cards[i], deck) + " (cards " + std::to_string(seen[idx] + 1) + " and " +
                        std::to_string(i + 1) + ")";
        if (seen[idx] < 0) seen[idx] = i;
    }
    if (full_deck && n > need)
        throw ParseError("too many cards: " + std::to_string(n) + " given, a deal has " + std::to_string(need) +
                         (duplicate.empty() ? "" : "; duplicate card " + duplicate));
    if (!duplicate.empty()) throw ParseError("duplicate card " + duplicate);
    if (full_deck && n < need) {
        std::string missing;
        for (int i = 0; i < need; ++i)
            if (seen[i] < 0) missing += (missing.empty() ? "" : " ") + card_text(card_from_index(i, deck), deck);
        throw ParseError("missing cards: " + std::to_string(n) + " given, a deal has " + std::to_string(need) +
                         " (missing: " + missing + ")");
    }
    if (!full_deck && n < v.fixed_size())
        throw ParseError("missing cards: " + std::to_string(n) + " given, the layout needs at least " +
                         std::to_string(v.fixed_size()));
    Deal d;
    d.variant = v;
    d.cards = std::move(cards);
    return d;
}

Deal parse_deal(const Variant& v, std::string_view text, bool full_deck) {
    return make_deal(v, parse_cards(text, v.deck), full_deck);
}

std::string compact(const Deal& d) {
    std::string s;
    for (Card c : d.cards) s += card_text(c, d.deck());
    return s;
}

}  // namespace pyr
