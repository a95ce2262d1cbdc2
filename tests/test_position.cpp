// Cards not seen (`??`) and positions as seen mid-game (engine/position.h,
// docs/formats.md): the parser, the deal laid out for a position, and that
// the packed engine and the verifier play it exactly as the game they come
// from, on every preset and override.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/position.h"
#include "engine/table.h"
#include "report/board_text.h"
#include "solver/solver.h"
#include "tests/playout.h"
#include "tests/deal_checks.h"
#include "tests/support.h"

using namespace pyr;

namespace {

// The legal moves of the packed engine at s, as sorted move texts.
std::vector<std::string> packed_moves(const Board& b, const State& s) {
    SlotMove buf[kMaxMoves];
    const int n = b.legal_moves(s, buf);
    std::vector<std::string> out;
    for (int i = 0; i < n; ++i) out.push_back(move_text(b.to_move(buf[i]), b.deal().deck()));
    std::sort(out.begin(), out.end());
    return out;
}

std::vector<std::string> table_moves(const Table& t) {
    std::vector<std::string> out;
    for (const Move& m : t.legal_moves()) out.push_back(move_text(m, t.variant().deck));
    std::sort(out.begin(), out.end());
    return out;
}

// The position `t` of a game, as make_position lays it out from its view.
Deal position_of(const Table& t) { return make_position(t.variant(), view_of(t)); }

}  // namespace

TEST_CASE("unknown cards: ?? is a card not seen, in the compact form too", "[position]") {
    const DeckKind d = DeckKind::Standard52;
    const auto cs = parse_seen_cards("QH??KS ?? 10\u2660", d);
    REQUIRE(cs.size() == 5);
    CHECK(cs[0] == Card{12, 2});
    CHECK_FALSE(cs[1]);
    CHECK(cs[2] == Card{13, 3});
    CHECK_FALSE(cs[3]);
    CHECK(cs[4] == Card{10, 3});
    for (const char* bad : {"QH ? KS", "???", "QH?"})
        CHECK_THROWS_WITH(parse_seen_cards(bad, d), Catch::Contains("?? (two question marks)"));
    CHECK_THROWS_WITH(parse_seen_cards("XX", d), Catch::Contains("unknown card token 'XX'") && Catch::Contains("??"));
    // Where every card must be named (a deals file), ?? is an error.
    CHECK_THROWS_WITH(parse_cards("QH ??", d), Catch::Contains("every card must be named"));
    CHECK_THROWS_WITH(read_deal_cards(d, "QH ??"), Catch::Contains("every card must be named"));
}

TEST_CASE("unknown cards: a deal leaves stock cards unknown, which hold the cards not named, in card order",
          "[position]") {
    const Variant msc = *find_preset("msc");
    const Deal full = deal_from_seed(msc, "1");
    std::string text = compact(full).substr(0, 2 * 29);  // the tableau and the stock's top
    for (int i = 29; i < 52; ++i) text += "??";
    const Deal d = deal_from_text(msc, text);
    CHECK_FALSE(d.position);
    CHECK(compact(d) == text);
    for (int i = 0; i < 52; ++i) CHECK(d.unknown_at(i) == (i >= 29));
    // The placeholders: the 23 cards not named, in card order.
    std::vector<Card> hidden(full.cards.begin() + 29, full.cards.end());
    std::sort(hidden.begin(), hidden.end(),
              [](Card a, Card b) { return card_index(a, DeckKind::Standard52) < card_index(b, DeckKind::Standard52); });
    CHECK(std::vector<Card>(d.cards.begin() + 29, d.cards.end()) == hidden);
    CHECK(unknown_cards(d) == hidden);
    // The board prints them as ?? and pastes back to the same deal.
    for (bool uni : {false, true}) {
        TextStyle st;
        st.unicode = uni;
        const std::string board = board_text(Table(d), st);
        CHECK(board.find("??") != std::string::npos);
        const Deal again = deal_from_text(msc, "msc: title\n" + board + "verdict: whatever\n");
        CHECK(again.cards == d.cards);
        CHECK(again.unknown == d.unknown);
        CHECK_FALSE(again.position);
    }
    // Naming a card at an unknown slot.
    const Deal r = reveal(d, 30, full.cards[30]);
    CHECK(r.cards[30] == full.cards[30]);
    CHECK_FALSE(r.unknown_at(30));
    CHECK(std::popcount(r.unknown) == 22);
    CHECK_THROWS_WITH(reveal(d, 30, full.cards[0]), Catch::Contains("already seen"));
    CHECK_THROWS_WITH(reveal(d, 3, full.cards[30]), Catch::Contains("no unknown card"));
    // Errors, each one line naming the problem.
    std::string in_tableau = text;
    in_tableau.replace(0, 2, "??");
    CHECK_THAT(error_of(msc, in_tableau), Catch::Contains("dealt face up"));
    CHECK_THAT(error_of(msc, text + "??"), Catch::Contains("too many cards: 53 given (24 of them ?\?)"));
    CHECK_THAT(error_of(msc, text.substr(0, text.size() - 2)),
               Catch::Contains("missing cards: 51 given (22 of them ?\?)") && Catch::Contains("?? for each of the 23"));
    CHECK_THAT(error_of(msc, text.substr(0, 2 * 28) + text.substr(0, 2)), Catch::Contains("duplicate card"));
    // Giza has no stock: nothing may be unknown.
    const Variant giza = *find_preset("giza");
    std::string g = compact(deal_from_seed(giza, "1"));
    g.replace(100, 2, "??");
    CHECK_THAT(error_of(giza, g), Catch::Contains("reserve piles") && Catch::Contains("face up"));
}

TEST_CASE("positions: every deal's start printed in every style reads back as the same deal", "[position]") {
    for (const Variant& v : presets())
        for (int seed = 1; seed <= 3; ++seed) {
            const Deal d = deal_from_seed(v, std::to_string(seed));
            for (int style = 0; style < 4; ++style) {
                TextStyle ts;
                ts.unicode = style & 1;
                ts.colour = style & 2;
                const std::string board = v.name + ": " + v.title + ", deal 1\n" + board_text(Table(d), ts) +
                                          "verdict: win\n   1. QH+AS\n";
                const Deal again = deal_from_text(v, board);
                INFO(board);
                CHECK(again.cards == d.cards);
                CHECK_FALSE(again.position);
                CHECK(again.unknown == 0);
            }
        }
}

TEST_CASE("positions: a game's position, laid out as a deal, plays exactly as the game on every rule set",
          "[position]") {
    Solver solver;
    test::Rng rng(20260601);
    int positions = 0, solved = 0;
    for (const Variant& v : test::every_rule_set()) {
        for (int game = 0; game < test::reduced(6); ++game) {
            const Deal deal = deal_from_seed(v, std::to_string(1 + rng.below(1000)));
            const Board real(deal);
            Table t(deal);
            State s = real.initial();
            const int steps = static_cast<int>(rng.below(70));
            for (int i = 0; i < steps && test::random_move(real, t, s, rng);) ++i;
            // The position, from its view and from its printed board.
            const Deal p = position_of(t);
            INFO(v.name << " " << compact(deal) << " after " << steps << "\n" << board_text(t, {}));
            CHECK(Table(p).key() == t.key());
            CHECK(board_text(Table(p), {}) == board_text(t, {}));
            const Deal pasted = deal_from_text(v, board_text(t, {}));
            CHECK(Table(pasted).key() == t.key());
            ++positions;
            // The packed engine on the laid-out deal plays the same game: the
            // same legal moves at every step of a random continuation.
            const Board pb(p);
            State ps = pb.initial();
            Table pt(p), rt = t;
            State rs = s;
            for (int i = 0; i < 60; ++i) {
                const auto moves = table_moves(rt);
                REQUIRE(packed_moves(real, rs) == moves);
                REQUIRE(packed_moves(pb, ps) == moves);
                REQUIRE(table_moves(pt) == moves);
                REQUIRE(pb.won(ps) == real.won(rs));
                if (moves.empty()) break;
                const Move m = parse_move(moves[rng.below(moves.size())], v.deck);
                REQUIRE_FALSE(rt.apply(m));
                REQUIRE_FALSE(pt.apply(m));
                rs = real.apply(rs, *real.from_move(rs, m));
                ps = pb.apply(ps, *pb.from_move(ps, m));
                REQUIRE(pt.key() == rt.key());
            }
            // And the same verdict; its solution wins the game from the position.
            SolveOptions so;
            so.limits.max_states = 300000;
            const SolveResult a = solver.solve(real, s, so);
            const SolveResult b = solver.solve(pb, pb.initial(), so);
            if (a.verdict == Verdict::Intractable || b.verdict == Verdict::Intractable) continue;
            CHECK(a.verdict == b.verdict);
            if (b.verdict == Verdict::Win) {
                Table w = t;
                for (const Move& m : b.solution) REQUIRE_FALSE(w.apply(m));
                CHECK(w.won());
            }
            ++solved;
        }
    }
    CHECK(positions >= test::reduced(6) * 40);
    CHECK(solved >= positions / 2);
}

TEST_CASE("positions: a position at the deal's start is the deal, and gone cards are named or implied", "[position]") {
    const Variant msc = *find_preset("msc");
    const Deal d = deal_from_seed(msc, "1");
    const Table t = msc_after_four();
    const std::string board = board_text(t, {});
    // Gone cards not named: every card in play is seen, so they are the rest.
    CHECK(board.find("gone") == std::string::npos);
    const Deal p = deal_from_text(msc, board);
    REQUIRE(p.position);
    CHECK(Table(p).key() == t.key());
    // Named, in any order.
    const Deal named = deal_from_text(msc, board + "gone: AS 3C QH TS\n");
    CHECK(Table(named).key() == t.key());
    CHECK(compact(named) == compact(p));
    // The stock's order not seen: the gone cards must be named then.
    BoardView view = view_of(t);
    for (size_t k = 1; k < view.stock.size(); ++k) view.stock[k] = Seen::unknown();
    const Deal u = make_position(msc, view);
    CHECK(std::popcount(u.unknown) == 21);
    const std::string ub = board_text(Table(u), {});
    CHECK(ub.find("gone (4): QH TS AS 3C") == std::string::npos);  // gone cards in card order
    CHECK(ub.find("gone (4):") != std::string::npos);
    const Deal again = deal_from_text(msc, ub);
    CHECK(again.cards == u.cards);
    CHECK(again.unknown == u.unknown);
    view.gone.reset();
    CHECK_THROWS_WITH(make_position(msc, view), Catch::Contains("name the gone cards"));
}

TEST_CASE("positions: bad boards are refused with a clear message", "[position]") {
    const Variant msc = *find_preset("msc");
    const Deal d = deal_from_seed(msc, "1");
    const Table t = msc_after_four();
    const std::string board = board_text(t, {});
    auto replaced = [&](const std::string& from, const std::string& to) {
        std::string s = board;
        const size_t at = s.find(from);
        REQUIRE(at != std::string::npos);
        s.replace(at, from.size(), to);
        return s;
    };
    CHECK_THAT(error_of(msc, replaced("JD", "..")),
               Catch::Contains("is gone but the card at row 2, card 1 still covers it"));
    CHECK_THAT(error_of(msc, replaced("JD", "??")), Catch::Contains("dealt face up"));
    CHECK_THAT(error_of(msc, replaced("JD", "QS")), Catch::Contains("duplicate card QS"));
    CHECK_THAT(error_of(msc, replaced("pass 1 of 3", "pass 4 of 3")),
               Catch::Contains("pass 4: the rules have 3 passes"));
    CHECK_THAT(error_of(msc, board + "gone: AS QH\n"), Catch::Contains("the gone line lists 2 cards, but 4 are gone"));
    CHECK_THAT(error_of(msc, board + "gone: AS QH 3C JD\n"), Catch::Contains("duplicate card JD"));
    CHECK_THAT(error_of(msc, replaced("stock (22", "stock (21")), Catch::Contains("says 21 cards but lists 22"));
    CHECK_THAT(error_of(msc, board + "discarded: 2\n"), Catch::Contains("layouts without a waste"));
    CHECK_THAT(error_of(msc, replaced("waste (bottom to top): 4H AC", "waste (bottom to top): 4H AC .. ")),
               Catch::Contains("gone place (..) is for the tableau"));
    CHECK_THAT(error_of(msc, board.substr(0, board.find("stock")) + "waste 2: 4H\n"), Catch::Contains("no 'waste 2'"));
    std::string no_stock = board;
    no_stock.erase(no_stock.find("stock"), no_stock.find("\n", no_stock.find("stock")) - no_stock.find("stock") + 1);
    CHECK_THAT(error_of(msc, no_stock), Catch::Contains("no stock line"));
    CHECK_THAT(error_of(msc, replaced("stock (22, next card first)", "stock (22, next card first): \nstock")),
               Catch::Contains("twice"));
    // A card list with a gone place is not a board.
    CHECK_THAT(error_of(msc, ".. " + compact(d).substr(2)), Catch::Contains("belongs to a board"));
    // Apophis deals rows of three in the first pass.
    const Variant apophis = *find_preset("apophis");
    const Deal a = deal_from_seed(apophis, "1");
    std::string ab = board_text(Table(a), {});
    const size_t st = ab.find("stock");
    // The start's stock less its first card, now gone: 20 cards cannot be left after rows of 3 from 24.
    ab = ab.substr(0, st) + "stock:" + ab.substr(ab.find(":", st) + 4) + "gone: 7S\n";
    CHECK_THAT(error_of(apophis, ab), Catch::Contains("rows of 3"));
    // Classic has no waste.
    const Variant classic = *find_preset("classic");
    CHECK_THAT(error_of(classic, board_text(Table(deal_from_seed(classic, "1")), {}) + "waste: 4H\n"),
               Catch::Contains("no 'waste'"));
}
