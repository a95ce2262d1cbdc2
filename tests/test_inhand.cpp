// The game in hand (issue 38): one odds answer for one `??` deal (item 2),
// `pass 0` refused (3), the stock's and waste's count with the cards seen
// (6), one rule for the challenge's words (11), Ctrl-C seen within a few
// hundred positions (12). Item 1 is tests/test_reachable.cpp.
#include <catch2/catch.hpp>

#include <atomic>

#include "api/api.h"
#include "api/results.h"
#include "engine/deal_source.h"
#include "engine/position.h"
#include "engine/table.h"
#include "report/board_text.h"
#include "solver/challenge.h"
#include "solver/search_util.h"
#include "tests/deal_checks.h"
#include "tests/support.h"

using namespace pyr;

namespace {

std::string replaced(std::string s, const std::string& from, const std::string& to) {
    const size_t at = s.find(from);
    REQUIRE(at != std::string::npos);
    s.replace(at, from.size(), to);
    return s;
}

}  // namespace

TEST_CASE("odds and solve give one answer for one deal with cards not seen", "[inhand][unknown]") {
    Variant v = *find_preset("msc");
    v.passes = 1;
    // Deal 1 with its last 5 stock cards not seen (the other 19 named).
    const Deal d = test::with_unknown(v, "1", 47);
    api::Session s;
    api::Request req;
    req.limits.max_states = 2'000'000;
    const api::Answer a = s.solve(d, {}, req);
    REQUIRE(a.odds);
    api::OddsOptions o;
    o.limits.max_states = req.limits.max_states;
    const api::Odds b = s.odds(d, {}, o);
    // Exactly the `??` cards are hidden, from both.
    CHECK(b.unseen == 5);
    CHECK(b.unseen == a.odds->unseen);
    CHECK(b.exact == a.odds->exact);
    CHECK(b.samples == a.odds->samples);
    CHECK(b.wins == a.odds->wins);
    REQUIRE(b.moves.size() == a.odds->moves.size());
    CHECK_FALSE(b.moves.empty());
    for (size_t i = 0; i < b.moves.size(); ++i) {
        CHECK(b.moves[i].move == a.odds->moves[i].move);
        CHECK(b.moves[i].wins == a.odds->moves[i].wins);
        CHECK(b.moves[i].best == a.odds->moves[i].best);
    }
    // The stock's top not seen: the same on both sides too.
    const Deal top = test::with_unknown(v, "1", 28);
    api::Request r2 = req;
    r2.odds_samples = 20;
    o.samples = 20;
    const api::Answer a2 = s.solve(top, {}, r2);
    const api::Odds b2 = s.odds(top, {}, o);
    REQUIRE(a2.odds);
    CHECK(b2.unseen == a2.odds->unseen);
    CHECK(b2.wins == a2.odds->wins);
    CHECK(b2.moves.size() == a2.odds->moves.size());
    CHECK(b2.unknown_playable == a2.odds->unknown_playable);
    // A deal given whole still hides what the rules hide (odds' no-peek question).
    const api::Odds whole = s.odds(deal_from_seed(v, "1"), {}, o);
    CHECK(whole.unseen == 23);
}

TEST_CASE("a board's pass 0 is refused, not read as pass 1", "[inhand][position]") {
    const Variant msc = *find_preset("msc");
    const std::string board = board_text(msc_after_four(), {});
    CHECK_THAT(error_of(msc, replaced(board, "pass 1 of 3", "pass 0 of 3")),
               Catch::Contains("pass 0: passes are counted from 1"));
    CHECK_THAT(error_of(msc, replaced(board, "pass 1 of 3", "pass 0")), Catch::Contains("write 'pass 1'"));
    CHECK(error_of(msc, board) == "(accepted)");
}

TEST_CASE("a board gives the stock and the waste as a count with the cards seen", "[inhand][position]") {
    const Variant msc = *find_preset("msc");
    const std::string board = board_text(msc_after_four(), {});
    // The long form: every card but the tops not seen.
    std::string unseen = board;
    const size_t st = unseen.find("stock (22, next card first): 4D");
    REQUIRE(st != std::string::npos);
    const size_t end = unseen.find('\n', st);
    std::string stock = "stock (22, next card first): 4D";
    for (int i = 0; i < 21; ++i) stock += " ??";
    unseen.replace(st, end - st, stock);
    unseen = replaced(unseen, "waste (bottom to top): 4H AC", "waste (bottom to top): ?? AC");
    unseen += "gone: QH AS TS 3C\n";
    // The short form.
    std::string shorthand = replaced(board, "waste (bottom to top): 4H AC", "waste (2): AC");
    const size_t st2 = shorthand.find("stock (22, next card first)");
    shorthand.replace(st2, shorthand.find('\n', st2) - st2, "stock (22): 4D");
    shorthand += "gone: QH AS TS 3C\n";
    const Deal a = deal_from_text(msc, unseen), b = deal_from_text(msc, shorthand);
    CHECK(Table(a).key() == Table(b).key());
    CHECK(a.unknown == b.unknown);
    CHECK(std::popcount(b.unknown) == 22);
    const Table t(b);
    REQUIRE(t.wastes()[0].size() == 2);
    CHECK(card_text(t.wastes()[0].back(), msc.deck) == "AC");
    CHECK(card_text(t.stock().back(), msc.deck) == "4D");
    // More cards than the count: refused, saying what to write.
    CHECK_THAT(error_of(msc, replaced(shorthand, "waste (2): AC", "waste (1): 4H AC")),
               Catch::Contains("'waste (5): AC' the top seen"));
    // The gone line's count tells how to give the cards not seen.
    CHECK_THAT(error_of(msc, replaced(shorthand, "stock (22): 4D", "stock: 4D")),
               Catch::Contains("the gone line lists 4 cards, but 25 are gone") && Catch::Contains("'stock (22): 4D'"));
}

TEST_CASE("a challenge's words: any case, and the ranks as the deck's cards are read", "[inhand][challenge]") {
    CHECK(parse_challenge("SCORE", DeckKind::Standard52).kind == ChallengeKind::Score);
    CHECK(parse_challenge("Board", DeckKind::Standard52).kind == ChallengeKind::Board);
    CHECK(parse_challenge("CARDS:q", DeckKind::Standard52).rank == 12);
    for (const DeckKind d : {DeckKind::Standard52, DeckKind::Spanish48}) {
        for (const char* r :
             {"A", "a", "1", "2", "9", "10", "T", "t", "J", "j", "Q", "K", "k", "11", "12", "13", "0", "X", "1O"}) {
            INFO(r << (d == DeckKind::Spanish48 ? " spanish" : " standard"));
            // Taken exactly when a card of that rank is read in a deal.
            const auto card = parse_card(std::string(r) + deck_suits(d)[0], d);
            if (card) {
                const Challenge c = parse_challenge(std::string("cards:") + r, d);
                CHECK(c.rank == card->rank);
                CHECK(parse_challenge(challenge_words(c, d), d).rank == c.rank);
            } else {
                CHECK_THROWS_WITH(parse_challenge(std::string("cards:") + r, d),
                                  Catch::Contains("is not a rank of the deck"));
            }
        }
    }
    // The Spanish deck's King is its 12: K is not one of its ranks, in a deal or a challenge.
    CHECK_THROWS_WITH(parse_challenge("cards:K", DeckKind::Spanish48), Catch::Contains("1-12, A for 1"));
    CHECK(parse_challenge("cards:12", DeckKind::Spanish48).rank == 12);
}

TEST_CASE("Ctrl-C: the stop flag is seen within 256 positions of any search", "[inhand]") {
    std::atomic<bool> stop{true};
    SolveOptions o;
    o.limits.stop = &stop;
    o.limits.progress_shift = 20;  // the progress as rarely as by default
    SearchBudget budget(o);
    uint64_t ticks = 0;
    while (budget.tick() == SearchBudget::Stop::No && ticks < (uint64_t{1} << 21)) ++ticks;
    CHECK(ticks < 256);
    // Not set: it goes on.
    stop = false;
    SearchBudget on(o);
    for (int i = 0; i < 10000; ++i) REQUIRE(on.tick() == SearchBudget::Stop::No);
}
