// Honest answers with cards not seen (issue 33, docs/solve.md, docs/verify.md):
// solve answers with the odds over the orders of the cards not seen, the
// same as `odds` on any completion and as the position's twin; nothing any
// command prints depends on the order the placeholders happen to hold;
// verify checks every move but those that take a card not seen.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "api/api.h"
#include "api/results.h"
#include "engine/deal_source.h"
#include "engine/position.h"
#include "report/board_text.h"
#include "report/deal.h"
#include "report/solve.h"
#include "tests/cli_run.h"
#include "tests/support.h"

using namespace pyr;

namespace {

api::Request small_request() {
    api::Request r;
    r.reason = true;
    r.odds_samples = 40;
    r.limits.max_states = 2'000'000;
    return r;
}

// What the front ends print of a solve, but the time.
std::string printed(const api::LoadedDeal& ld, const std::vector<Move>& played, const api::Request& req,
                    const api::Answer& a) {
    json::object j = solve_json(ld, played, !played.empty(), req, a);
    j.erase("seconds");
    if (j.contains("odds")) j["odds"].as_object().erase("seconds");
    std::ostringstream text;
    TextStyle st;
    st.unicode = false;
    print_solve(text, ld, played, req, a, st);
    std::string t = text.str();
    t.erase(t.find("time: "));
    return json::serialize(j) + "\n" + t;
}

// The same deal with the placeholders in the unknown slots in another order:
// a deal that says exactly what the first says.
Deal shuffled_placeholders(Deal d) {
    std::vector<int> slots;
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        if (d.unknown_at(i)) slots.push_back(i);
    for (size_t k = 0; k + 1 < slots.size(); k += 2) std::swap(d.cards[slots[k]], d.cards[slots[k + 1]]);
    if (slots.size() > 2) std::swap(d.cards[slots[0]], d.cards[slots.back()]);
    return d;
}

}  // namespace

TEST_CASE("unknown cards: solve gives the odds of odds on a completion, no verdict or solution", "[unknown]") {
    for (const char* name : {"msc", "pyramid", "tuts-tomb", "apophis"}) {
        INFO(name);
        const Variant v = *find_preset(name);
        const Deal full = deal_from_seed(v, "3");
        // The cards `pyramid odds` hides at the start (the stock less what is
        // face up), left unknown.
        const nopeek::Unseen hidden = nopeek::unseen(full, Table(full));
        std::string text;
        for (int i = 0; i < static_cast<int>(full.cards.size()); ++i)
            text += std::find(hidden.slots.begin(), hidden.slots.end(), i) != hidden.slots.end()
                        ? std::string(kUnknownToken)
                        : card_text(full.cards[i], v.deck);
        const Deal d = deal_from_text(v, text);
        REQUIRE(d.has_unknown());
        api::Session s;
        api::Request req = small_request();
        const api::Answer a = s.solve(d, {}, req);
        REQUIRE(a.odds);
        CHECK(a.solution.empty());
        CHECK_FALSE(a.hint);
        CHECK_FALSE(a.reason);
        CHECK_FALSE(a.has_score);
        CHECK(a.unknown.size() == hidden.size());
        // odds on the completion, the same samples: the same counts, move by move.
        api::OddsOptions o;
        o.samples = req.odds_samples;
        o.limits.max_states = req.limits.max_states;
        const api::Odds c = s.odds(full, {}, o);
        CHECK(c.unseen == a.odds->unseen);
        CHECK(c.samples == a.odds->samples);
        CHECK(c.wins == a.odds->wins);
        CHECK(c.intractable == a.odds->intractable);
        REQUIRE(c.moves.size() == a.odds->moves.size());
        for (size_t i = 0; i < c.moves.size(); ++i) {
            CHECK(c.moves[i].move == a.odds->moves[i].move);
            CHECK(c.moves[i].wins == a.odds->moves[i].wins);
        }
        // No verdict unless every order agrees (sampled here: never).
        CHECK(a.verdict == Verdict::Intractable);
        CHECK(a.depends);
        const std::string out = printed({d, ""}, {}, req, a);
        CHECK(out.find("\"verdict\":null") != std::string::npos);
        CHECK(out.find("verdict: none: it depends on the cards not seen") != std::string::npos);
        CHECK(out.find("\"solution\":[]") != std::string::npos);
        CHECK(out.find("solution", out.find('\n')) == std::string::npos);  // the text names none
        // What needs every card named is refused.
        for (int k = 0; k < 3; ++k) {
            api::Request r = small_request();
            (k == 0 ? r.optimal : k == 1 ? r.measures : r.best_score) = true;
            CHECK_THROWS_WITH(s.solve(d, {}, r), Catch::Contains("needs every card named"));
        }
    }
}

TEST_CASE("unknown cards: exact odds give a verdict only when every order agrees", "[unknown]") {
    const Variant v = *find_preset("msc");
    api::Session s;
    // Five cards not seen at the stock's end: 120 orders, all solved.
    const Deal d = test::with_unknown(v, "1", 47);
    const api::Answer a = s.solve(d, {}, small_request());
    REQUIRE(a.odds);
    CHECK(a.odds->exact);
    CHECK(a.odds->samples == 120);
    if (a.odds->wins == 120) CHECK(a.verdict == Verdict::Win);
    else if (a.odds->wins == 0) CHECK(a.verdict == Verdict::Lose);
    else CHECK(a.depends);
    CHECK_FALSE(a.odds->wins == 0);  // seed 1 wins with most orders: a real count
}

TEST_CASE("unknown cards: a position and its deal-plus-moves twin give the same odds", "[unknown]") {
    for (const char* name : {"msc", "tuts-tomb", "apophis"}) {
        INFO(name);
        const Variant v = *find_preset(name);
        const Deal full = deal_from_seed(v, "2");
        const int from = v.fixed_size() + 1;
        const Deal d = test::with_unknown(v, "2", from);
        // A few moves that take only cards seen: draws, and what the tableau pairs.
        std::vector<Move> played;
        Table t(d);
        for (int k = 0; k < 12 && !t.won(); ++k) {
            std::optional<Move> pick;
            for (const Move& m : t.legal_moves()) {
                const bool takes_unseen = (m.kind == Move::Single && t.unseen(m.a)) ||
                                          (m.kind == Move::Pair && (t.unseen(m.a) || t.unseen(m.b)));
                if (takes_unseen) continue;
                if (!pick || (pick->kind == Move::Draw && m.kind != Move::Draw)) pick = m;
            }
            if (!pick) break;
            REQUIRE_FALSE(t.apply(*pick));
            played.push_back(*pick);
        }
        REQUIRE(played.size() >= 4);
        // The board as solve prints it, pasted back: a deal that begins there.
        const std::string board = board_text(t, TextStyle{});
        const Deal twin = deal_from_text(v, board);
        api::Session s;
        const api::Request req = small_request();
        const api::Answer a = s.solve(d, played, req);
        const api::Answer b = s.solve(twin, {}, req);
        REQUIRE(a.odds);
        REQUIRE(b.odds);
        CHECK(a.odds->unseen == b.odds->unseen);
        CHECK(a.odds->wins == b.odds->wins);
        CHECK(a.odds->intractable == b.odds->intractable);
        CHECK(a.odds->unknown_playable == b.odds->unknown_playable);
        REQUIRE(a.odds->moves.size() == b.odds->moves.size());
        for (size_t i = 0; i < a.odds->moves.size(); ++i) CHECK(a.odds->moves[i].wins == b.odds->moves[i].wins);
        std::vector<std::string> pa, pb;
        for (const auto& p : a.unknown) pa.push_back(p.name);
        for (const auto& p : b.unknown) pb.push_back(p.name);
        CHECK(pa == pb);
    }
}

TEST_CASE("unknown cards: nothing printed depends on the order the placeholders hold", "[unknown]") {
    const Variant v = *find_preset("msc");
    const Deal d1 = test::with_unknown(v, "5", 29);
    const Deal d2 = shuffled_placeholders(d1);
    REQUIRE(d1.cards != d2.cards);
    REQUIRE(d1.unknown == d2.unknown);
    // A deal's start, and after moves that take only cards seen.
    const std::vector<Move> played = api::parse_moves(v, "draw draw draw");
    api::Session s1, s2;
    const api::Request req = small_request();
    for (const auto& moves : {std::vector<Move>{}, played}) {
        const api::Answer a1 = s1.solve(d1, moves, req), a2 = s2.solve(d2, moves, req);
        CHECK(printed({d1, ""}, moves, req, a1) == printed({d2, ""}, moves, req, a2));
        api::OddsOptions o;
        o.samples = 30;
        const api::Odds o1 = s1.odds(d1, moves, o), o2 = s2.odds(d2, moves, o);
        CHECK(o1.wins == o2.wins);
        CHECK(o1.samples == o2.samples);
    }
    // deal: its text and JSON.
    CHECK(board_text(Table(d1), TextStyle{}) == board_text(Table(d2), TextStyle{}));
    CHECK(json::serialize(deal_json(d1, "")) == json::serialize(deal_json(d2, "")));
    // verify: the same moves checked and not checked, the same errors.
    const Deal full = deal_from_seed(v, "5");
    const api::Answer sol = s1.solve(full, {}, api::Request{});
    REQUIRE(sol.verdict == Verdict::Win);
    const api::SeenReplay r1 = api::verify_seen(d1, sol.solution, AfterGoal::GameOver);
    const api::SeenReplay r2 = api::verify_seen(d2, sol.solution, AfterGoal::GameOver);
    CHECK(r1.replay.played == r2.replay.played);
    CHECK(r1.replay.error == r2.replay.error);
    CHECK(r1.positions == r2.positions);
    REQUIRE(r1.unchecked.size() == r2.unchecked.size());
    for (size_t i = 0; i < r1.unchecked.size(); ++i) {
        CHECK(r1.unchecked[i].index == r2.unchecked[i].index);
        CHECK(r1.unchecked[i].place == r2.unchecked[i].place);
    }
    CHECK_FALSE(r1.unchecked.empty());
}

TEST_CASE("unknown cards: verify checks every move but those taking a card not seen", "[unknown]") {
    const Variant v = *find_preset("msc");
    const Deal full = deal_from_seed(v, "1");
    const Deal d = test::with_unknown(v, "1", 29);
    api::Session s;
    const api::Answer sol = s.solve(full, {}, api::Request{});
    REQUIRE(sol.verdict == Verdict::Win);
    const api::SeenReplay r = api::verify_seen(d, sol.solution, AfterGoal::GameOver);
    REQUIRE_FALSE(r.replay.error);
    REQUIRE_FALSE(r.unchecked.empty());
    for (const auto& u : r.unchecked) {
        // Each card not checked is one not named in the deal, and the move takes it.
        const auto cards = unknown_cards(d);
        CHECK(std::find(cards.begin(), cards.end(), u.card) != cards.end());
        const Move& m = sol.solution[u.index];
        CHECK((m.a == u.card || m.b == u.card));
        CHECK_FALSE(u.place.empty());
    }
    // The true deal is one of the layouts the moves allow: if all were
    // checked, the moves win (they do on the full deal).
    CHECK(api::verify(full, sol.solution, AfterGoal::GameOver).won());
    // A move taking a card seen that is not free is illegal, checked.
    const api::SeenReplay bad = api::verify_seen(d, api::parse_moves(v, "JD+2D"), AfterGoal::GameOver);
    CHECK(bad.replay.error);
    // A card not seen where no place not seen is free: illegal.
    const auto cards = unknown_cards(d);
    const Card c = cards.front();  // AC: paired with a Queen of the tableau's bottom
    const Move m = Move::pair(Card{12, 2}, c);
    const api::SeenReplay none = api::verify_seen(d, {m}, AfterGoal::GameOver);
    REQUIRE(none.replay.error);
    CHECK_THAT(*none.replay.error, Catch::Contains("card not seen"));
}

TEST_CASE("unknown cards: reveal names the card at a place, and the places are named", "[unknown]") {
    const Variant v = *find_preset("msc");
    const Deal full = deal_from_seed(v, "1");
    const Deal d = test::with_unknown(v, "1", 29);
    const std::vector<Move> played = api::parse_moves(v, "draw");
    const auto places = api::unknown_places(d, played);
    REQUIRE(places.size() == 23);
    CHECK(places.front().name == "stock card 1");
    CHECK(places.front().playable);
    CHECK(api::unknown_places_text(places) == "stock cards 1-23");
    // The next card is the true deal's 30th (the 29th, 4H, was drawn).
    const Deal r = api::reveal(d, played, "stock card 1", card_text(full.cards[29], v.deck));
    CHECK(r.cards[29] == full.cards[29]);
    CHECK(api::unknown_places(r, played).size() == 22);
    CHECK(api::unknown_places_text(api::unknown_places(r, played)) == "stock cards 2-23");
    CHECK_THROWS_WITH(api::reveal(d, played, "stock card 99", "AC"), Catch::Contains("no card not seen at"));
    CHECK_THROWS_WITH(api::reveal(d, played, "stock card 1", "JD"), Catch::Contains("already seen"));
    CHECK_THROWS_WITH(api::reveal(d, played, "stock card 1", "ZZ"), Catch::Contains("bad card"));
}

TEST_CASE("unknown cards: the commands on a position pasted back", "[unknown][cli]") {
    using test::run;
    const std::string deal = compact(test::with_unknown(*find_preset("msc"), "1", 29));
    const auto board = run("solve --variant msc --deal " + deal + " --moves 'QH+AS TS+3C draw draw'");
    REQUIRE(board.status == 0);
    CHECK(board.out.find("verdict: none: it depends on the cards not seen") != std::string::npos);
    CHECK(board.out.find("cards not seen: 23 (stock cards 1-22, waste card 2)") != std::string::npos);
    const auto again = run("solve --variant msc --deal-file -", board.out);
    REQUIRE(again.status == 0);
    // The same odds line from the pasted position as from the deal and moves.
    auto line = [](const std::string& out) {
        const size_t at = out.find("winnable: ");
        return out.substr(at, out.find('\n', at) - at);
    };
    CHECK(line(board.out) == line(again.out));
    const auto dealt = run("deal --variant msc --deal-file -", board.out);
    REQUIRE(dealt.status == 0);
    CHECK(dealt.out.find("gone (4): 3C QH AS TS") != std::string::npos);
    CHECK(run("deal --variant msc --deal-file - --format compact", board.out).err.find("no compact form") !=
          std::string::npos);
    CHECK(run("solve --variant msc --deal " + deal + " --format html").status == 2);
    CHECK(run("odds --variant msc --deal " + deal + " --thoughtful").status == 2);
    const auto ver = run("verify --variant msc --deal " + deal +
                         " --moves 'QH+AS TS+3C draw draw draw draw draw TD+3S'");
    CHECK(ver.status == 1);
    CHECK(ver.out.find("not checked: move 8 (TD+3S) takes TD, a card not seen") != std::string::npos);
    CHECK(ver.out.find("not verified: 7 of 8 moves checked, all legal") != std::string::npos);
}

TEST_CASE("unknown cards: play takes them (tests/test_play.cpp), but not with a challenge", "[unknown][cli]") {
    const std::string deal = compact(test::with_unknown(*find_preset("msc"), "1", 29));
    // Without a terminal play stops after reading the deal: it was taken.
    const auto r = test::run("play --variant msc --deal " + deal);
    CHECK(r.status == 2);
    CHECK(r.err.find("play is interactive and needs a terminal") != std::string::npos);
    const auto c = test::run("play --variant msc --deal " + deal + " --challenge score");
    CHECK(c.status == 2);
    CHECK(c.err.find("a challenge needs every card named") != std::string::npos);
    CHECK(test::run("play --variant msc --seed 1 --challenge cards:Z").err.find("bad --challenge: 'Z'") !=
          std::string::npos);
    CHECK(test::run("play --variant msc --seed 1 --target 3").err.find("--target needs --challenge") !=
          std::string::npos);
}
