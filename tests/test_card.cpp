// Card, move and deal parsing, with every kind of bad input.
#include <catch2/catch.hpp>

#include "engine/deal.h"
#include "engine/deal_source.h"
#include "engine/move.h"
#include "engine/pysol_random.h"
#include "tests/card_checks.h"
#include "tests/support.h"

using namespace pyr;

TEST_CASE("card tokens parse in every accepted spelling", "[card]") {
    const DeckKind d = DeckKind::Standard52;
    test::check_card_spellings(
        d, {{"QH", {12, 2}}, {"qh", {12, 2}}, {"TS", {10, 3}}, {"10s", {10, 3}}, {"ac", {1, 0}}, {"KD", {13, 1}}},
        {"1S", "11S", "XH", "QX", "Q"});
    test::check_every_card_reads_back(d, [&](Card c) { return card_text(c, d); });
}

TEST_CASE("Spanish cards: ranks 1-12, suits O C E B", "[card]") {
    const DeckKind d = DeckKind::Spanish48;
    test::check_card_spellings(d, {{"12E", {12, 2}}, {"1o", {1, 0}}, {"AB", {1, 3}}, {"10C", {10, 1}}},
                               {"13E", "KE", "5H"});
    test::check_every_card_reads_back(d, [&](Card c) { return card_text(c, d); });
    // Without separators the suit letter ends each card.
    auto cs = parse_cards("10O12E1B", d);
    REQUIRE(cs.size() == 3);
    CHECK(cs[0] == Card{10, 0});
    CHECK(cs[1] == Card{12, 2});
    CHECK(cs[2] == Card{1, 3});
}

TEST_CASE("a deal parses with or without separators, and as a drawn pyramid", "[deal]") {
    const Variant v = *find_preset("msc");
    const Deal a = deal_from_seed(v, "1");
    const std::string c = compact(a);
    CHECK(c.size() == 104);
    std::string spaced, drawn;
    for (size_t i = 0; i < c.size(); i += 2) spaced += c.substr(i, 2) + (i % 6 == 0 ? ", " : " ");
    CHECK(parse_deal(v, spaced).cards == a.cards);
    CHECK(parse_deal(v, c).cards == a.cards);
    // Rows on their own lines, indented, lower case, "10" for tens.
    size_t k = 0;
    for (int r = 0; r < 7; ++r) {
        drawn += std::string(2 * (6 - r), ' ');
        for (int i = 0; i <= r; ++i, k += 2) drawn += c.substr(k, 2) + "  ";
        drawn += "\n";
    }
    drawn += c.substr(k);
    std::string lower;
    for (char ch : drawn) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    size_t t = lower.find('t');
    REQUIRE(t != std::string::npos);
    lower.replace(t, 1, "10");
    CHECK(parse_deal(v, lower).cards == a.cards);
}

TEST_CASE("bad deals get one clear error naming the problem", "[deal]") {
    const Variant v = *find_preset("msc");
    const std::string c = compact(deal_from_seed(v, "7"));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(0, 10) + " ZZ " + c.substr(10)),
                      Catch::Contains("unknown card token 'ZZ'"));
    CHECK_THROWS_WITH(parse_deal(v, "1H" + c.substr(2)), Catch::Contains("unknown card token '1H'"));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(0, 102) + c.substr(0, 2)), Catch::Contains("duplicate card"));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(0, 102)), Catch::Contains("missing cards: 51 given"));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(0, 102)), Catch::Contains("missing: " + c.substr(102, 2)));
    CHECK_THROWS_WITH(parse_deal(v, ""), Catch::Contains("missing cards: 0 given"));
    CHECK_THROWS_WITH(parse_deal(v, c + " " + c.substr(50, 2)),
                      Catch::Contains("too many cards: 53 given, a deal has 52"));
    CHECK_THROWS_WITH(parse_deal(v, c + " " + c.substr(50, 2)), Catch::Contains("duplicate card " + c.substr(50, 2)));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(2) + c.substr(4, 2)), Catch::Contains("duplicate card " + c.substr(4, 2)));
}

TEST_CASE("spanish deals: 48 cards from seeds and text, standard tokens are named errors", "[deal]") {
    const Variant v = *find_preset("spanish");
    const Deal a = deal_from_seed(v, "1");
    REQUIRE(a.cards.size() == 48);
    CHECK(a.stock_size() == 20);
    // PySolFC's generator over the 48 cards created suit by suit (O C E B),
    // each 1..12, dealt from the end of the shuffled list.
    const auto ids = pysol_deal_order(parse_pysol_deal_number("1"), 48);
    for (int i = 0; i < 48; ++i)
        CHECK(a.cards[i] == Card{static_cast<uint8_t>(ids[i] % 12 + 1), static_cast<uint8_t>(ids[i] / 12)});
    CHECK(deal_from_seed(v, "32000").cards != deal_from_seed(v, "ms32000").cards);  // MT19937 vs LCG
    // Text in any case, with or without separators, reads back.
    const std::string c = compact(a);
    std::string lower;
    for (char ch : c) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    CHECK(parse_deal(v, lower).cards == a.cards);
    CHECK(parse_cards("1O 12E 10C 1o 12e 10c", v.deck) ==
          std::vector<Card>{{1, 0}, {12, 2}, {10, 1}, {1, 0}, {12, 2}, {10, 1}});
    CHECK_THROWS_WITH(parse_deal(v, "KH " + c), Catch::Contains("unknown card token 'KH'") && Catch::Contains("1-12"));
    CHECK_THROWS_WITH(parse_deal(v, "QC " + c), Catch::Contains("unknown card token 'QC'"));
    CHECK_THROWS_WITH(parse_deal(v, "13O " + c), Catch::Contains("unknown card token '13O'"));
    CHECK_THROWS_WITH(parse_deal(v, c.substr(0, c.size() - 2)),
                      Catch::Contains("missing cards: 47 given, a deal has 48"));
    // The standard deck refuses Spanish suits in turn.
    CHECK_THROWS_WITH(parse_deal(*find_preset("msc"), "12E"), Catch::Contains("unknown card token '12E'"));
}

TEST_CASE("moves parse in the text notation", "[move]") {
    const DeckKind d = DeckKind::Standard52;
    auto ms = parse_moves("draw QH+AS, KS\nredeal as+qh", d);
    REQUIRE(ms.size() == 5);
    CHECK(ms[0] == Move::draw());
    CHECK(ms[1] == Move::pair(Card{12, 2}, Card{1, 3}));
    CHECK(ms[2] == Move::single(Card{13, 3}));
    CHECK(ms[3] == Move::redeal());
    CHECK(ms[4] == ms[1]);
    CHECK(moves_text(ms, d) == "draw QH+AS KS redeal QH+AS");
    CHECK_THROWS_AS(parse_move("QH+", d), ParseError);
    CHECK_THROWS_AS(parse_move("QH+QH", d), ParseError);
    CHECK_THROWS_AS(parse_move("drew", d), ParseError);
    CHECK_THROWS_WITH(parse_move("ZZ", d), Catch::Contains("ZZ"));
}

TEST_CASE("cards as people read them: tens as 10 and suit symbols", "[card]") {
    const DeckKind d = DeckKind::Standard52;
    CHECK(card_display(Card{10, 3}, d, true) == "10\u2660");
    CHECK(card_display(Card{12, 2}, d, true) == "Q\u2665");
    CHECK(card_display(Card{1, 1}, d, true) == "A\u2666");
    CHECK(card_display(Card{7, 0}, d, true) == "7\u2663");
    CHECK(card_display(Card{10, 3}, d, false) == "TS");
    CHECK(card_display(Card{12, 2}, DeckKind::Spanish48, true) == "12E");
    CHECK(red_suit(Card{5, 1}, d));
    CHECK(red_suit(Card{5, 2}, d));
    CHECK_FALSE(red_suit(Card{5, 0}, d));
    CHECK_FALSE(red_suit(Card{5, 3}, d));
}
