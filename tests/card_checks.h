// Checks of the card parser shared by the card and picture tests: a table of
// spellings, and every card of a deck read back from how it is written.
#pragma once
#include <catch2/catch.hpp>

#include <string>
#include <utility>
#include <vector>

#include "engine/card.h"

namespace pyr::test {

// Each spelling in `read` parses as its card in deck `d`; each in `refused` is
// not a card.
inline void check_card_spellings(DeckKind d, const std::vector<std::pair<std::string, Card>>& read,
                                 const std::vector<std::string>& refused) {
    for (const auto& [text, card] : read) {
        INFO(text);
        CHECK(parse_card(text, d) == card);
    }
    for (const auto& text : refused) {
        INFO(text);
        CHECK_FALSE(parse_card(text, d));
    }
}

// Every card of deck `d`, written by `write(card)`, parses back as itself.
template <class Write>
void check_every_card_reads_back(DeckKind d, Write write) {
    for (int i = 0; i < deck_size(d); ++i) {
        const Card c = card_from_index(i, d);
        INFO(write(c));
        CHECK(parse_card(write(c), d) == c);
    }
}

}  // namespace pyr::test
