#include "engine/deal.h"

#include <algorithm>

namespace pyr {

namespace {

// The first card named twice, described ("QH (cards 3 and 40)"), or "".
std::string first_duplicate(const std::vector<SeenCard>& cards, DeckKind deck) {
    std::vector<int> seen(deck_size(deck), -1);
    for (int i = 0; i < static_cast<int>(cards.size()); ++i) {
        if (!cards[i]) continue;
        const int idx = card_index(*cards[i], deck);
        if (seen[idx] >= 0)
            return card_text(*cards[i], deck) + " (cards " + std::to_string(seen[idx] + 1) + " and " +
                   std::to_string(i + 1) + ")";
        seen[idx] = i;
    }
    return "";
}

}  // namespace

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

Deal make_seen_deal(const Variant& v, const std::vector<SeenCard>& seen) {
    const int unknowns = static_cast<int>(std::count(seen.begin(), seen.end(), std::nullopt));
    if (unknowns == 0) {
        std::vector<Card> cards;
        for (const SeenCard& c : seen) cards.push_back(*c);
        return make_deal(v, std::move(cards));
    }
    const DeckKind deck = v.deck;
    const int need = deck_size(deck), n = static_cast<int>(seen.size());
    const std::string duplicate = first_duplicate(seen, deck);
    const std::string given = std::to_string(n) + " given (" + std::to_string(unknowns) + " of them ?\?)";
    if (n > need)
        throw ParseError("too many cards: " + given + ", a deal has " + std::to_string(need) +
                         (duplicate.empty() ? "" : "; duplicate card " + duplicate));
    if (!duplicate.empty()) throw ParseError("duplicate card " + duplicate);
    if (n < need)
        throw ParseError("missing cards: " + given + ", a deal has " + std::to_string(need) +
                         ": write ?? for each of the " + std::to_string(need - n + unknowns) + " cards not named");
    for (int i = 0; i < std::min(n, v.fixed_size()); ++i)
        if (!seen[i])
            throw ParseError("card " + std::to_string(i + 1) + " is ?? but lies in the " +
                             (i < v.tableau_size() ? "tableau" : "reserve piles") +
                             ", which are dealt face up: only stock cards may be unknown");
    Deal d;
    d.variant = v;
    for (int i = 0; i < n; ++i) {
        d.cards.push_back(seen[i] ? *seen[i] : Card{});
        if (!seen[i]) d.unknown |= uint64_t{1} << i;
    }
    std::vector<bool> named(need, false);
    for (const SeenCard& c : seen)
        if (c) named[card_index(*c, deck)] = true;
    int k = 0;
    for (int i = 0; i < n; ++i)
        if (!seen[i]) {
            while (named[k]) ++k;
            d.cards[i] = card_from_index(k++, deck);
        }
    return d;
}

Deal parse_deal(const Variant& v, std::string_view text, bool full_deck) {
    if (full_deck) return make_seen_deal(v, parse_seen_cards(text, v.deck));
    return make_deal(v, parse_cards(text, v.deck), false);
}

std::vector<Card> unknown_cards(const Deal& d) {
    std::vector<Card> out;
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        if (d.unknown_at(i)) out.push_back(d.cards[i]);
    const DeckKind dk = d.deck();
    std::sort(out.begin(), out.end(), [dk](Card a, Card b) { return card_index(a, dk) < card_index(b, dk); });
    return out;
}

void fill_placeholders(Deal& d) {
    const std::vector<Card> cards = unknown_cards(d);
    size_t k = 0;
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        if (d.unknown_at(i)) d.cards[i] = cards[k++];
}

Deal reveal(const Deal& d, int slot, Card card) {
    const DeckKind dk = d.deck();
    if (slot < 0 || slot >= static_cast<int>(d.cards.size()) || !d.unknown_at(slot))
        throw ParseError("no unknown card there to name");
    int from = -1;
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        if (d.cards[i] == card) from = i;
    if (from < 0 || !d.unknown_at(from))
        throw ParseError(card_text(card, dk) +
                         (from < 0 ? " is not a card of this deal" : " is already seen elsewhere") +
                         ": the card there is one of the cards not seen");
    Deal out = d;
    std::swap(out.cards[from], out.cards[slot]);
    out.unknown &= ~(uint64_t{1} << slot);
    fill_placeholders(out);
    return out;
}

std::string compact(const Deal& d) {
    std::string s;
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        s += d.unknown_at(i) ? std::string(kUnknownToken) : card_text(d.cards[i], d.deck());
    return s;
}

std::string identity(const Deal& d) {
    std::string s = compact(d);
    if (const Position* p = d.position.get()) {
        auto list = [&](const std::vector<uint8_t>& slots) {
            s += '[';
            for (uint8_t x : slots) s += std::to_string(x) + ",";
            s += ']';
        };
        s += "|" + std::to_string(p->tableau_gone) + "|" + std::to_string(p->removed) + "," + std::to_string(p->pos) +
             "," + std::to_string(p->pass_index) + "," + std::to_string(p->epochs) + "," + std::to_string(p->pass);
        for (const auto& r : p->reserves) list(r);
        s += '|';
        for (const auto& w : p->wastes) list(w);
        list(p->stock);
        list(p->discarded);
        list(p->gone);
    }
    return s;
}

}  // namespace pyr
