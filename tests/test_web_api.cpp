// The web page's JSON entry point (web/web_api.h), natively: the same
// answers as the thin API and the verifier, errors as one line.
#include <catch2/catch.hpp>

#include <sstream>

#include "api/api.h"
#include "api/results.h"
#include "engine/scoring.h"
#include "engine/table.h"
#include "report/board_text.h"
#include "report/solve.h"
#include "solver/nopeek.h"
#include "web/web_api.h"

using namespace pyr;

namespace {
json::object call(web::Handler& h, const std::string& request) { return json::parse(h.call(request)).as_object(); }
std::string str(const json::value& v) { return std::string(v.as_string()); }
}  // namespace

TEST_CASE("web api: presets, and a deal loaded as the CLI reads it", "[web]") {
    web::Handler h;
    const auto p = call(h, R"({"op":"presets"})");
    REQUIRE(p.at("presets").as_array().size() == presets().size());
    const auto& first = p.at("presets").as_array()[0].as_object();
    CHECK(str(first.at("name")) == presets()[0].name);
    CHECK(first.at("cards").as_array().size() == 52);

    const auto a = call(h, R"({"op":"load","rules":{"variant":"msc"},"seed":"1","moves":"draw draw"})");
    const Variant v = api::make_variant({});
    const Deal deal = api::deal_from_seed(v, "1").deal;
    CHECK(str(a.at("deal")) == compact(deal));
    CHECK(str(a.at("seed")) == "1");
    const auto& pos = a.at("position").as_object();
    Table t(deal);
    t.apply(Move::draw());
    t.apply(Move::draw());
    CHECK(pos.at("stock").to_number<uint64_t>() == t.stock().size());
    CHECK(pos.at("wastes").as_array()[0].as_array().size() == 2);
    CHECK(pos.at("legal").as_array().size() == t.legal_moves().size());
    CHECK(pos.at("playable").as_array().size() == t.playable().size());
    CHECK(pos.at("won").as_bool() == false);
    CHECK(pos.at("played").as_array().size() == 2);
    const std::string svg = str(a.at("svg"));
    CHECK(svg.rfind("<svg", 0) == 0);
    CHECK(svg.find("data-card=\"JD\"") != std::string::npos);  // the pyramid's top card
}

TEST_CASE("web api: rule changes, pasted boards and bad input", "[web]") {
    web::Handler h;
    auto a = call(h, R"({"op":"load","rules":{"variant":"giza","reserves":"open","goal":"pyramid"},"seed":"3"})");
    CHECK(str(a.at("variant").at("reserves")) == "open");
    CHECK(str(a.at("variant").at("goal")) == "pyramid");
    CHECK(a.at("position").at("reserves").as_array().size() == 8);
    const std::string cards = str(a.at("deal"));
    auto b = call(h, R"({"op":"load","rules":{"variant":"giza"},"deal":")" + cards + R"( win 12"})");
    CHECK(str(b.at("deal")) == cards);
    CHECK(!b.contains("seed"));

    CHECK(str(call(h, R"({"op":"load","rules":{"variant":"msc"},"deal":"AS AS"})").at("error"))
              .rfind("bad deal: duplicate card AS", 0) == 0);
    CHECK(str(call(h, R"({"op":"load","rules":{"variant":"msc","reserves":"open"},"seed":"1"})").at("error"))
              .find("no reserve piles") != std::string::npos);
    CHECK(str(call(h, R"({"op":"load","rules":{"variant":"msc"},"seed":"0"})").at("error")).rfind("bad seed", 0) == 0);
    CHECK(str(call(h, R"({"op":"load","rules":{"variant":"msc"},"seed":"1","moves":"KS"})").at("error")) ==
          "bad moves: move 1 (KS): KS is not playable");
    CHECK(str(call(h, R"({"op":"load","rules":{"variant":"msc"}})").at("error")).rfind("no deal", 0) == 0);
    CHECK(str(call(h, "not json").at("error")) == "bad request: not a JSON object");
    CHECK(str(call(h, R"({"op":"fly"})").at("error")) == "bad request: unknown op 'fly'");
    CHECK(str(call(h, R"({"op":"solve","seed":"1","max_states":-3})").at("error")).find("max_states") !=
          std::string::npos);
}

TEST_CASE("web api: solve answers as the thin API does, from any position", "[web]") {
    web::Handler h;
    api::Session session;
    for (const char* name : {"msc", "pharaohs", "giza", "classic", "triangle"}) {
        const Variant v = api::make_variant({name, {}});
        for (int seed = 1; seed <= 3; ++seed) {
            INFO(name << " " << seed);
            const auto ld = api::deal_from_seed(v, std::to_string(seed));
            api::Request r;
            r.optimal = true;
            const api::Answer want = session.solve(ld.deal, {}, r);
            const auto got = call(h, std::string(R"({"op":"solve","optimal":true,"rules":{"variant":")") + name +
                                         R"("},"seed":")" + std::to_string(seed) + "\"}");
            CHECK(str(got.at("verdict")) == verdict_text(want.verdict));
            CHECK(got.at("states").to_number<uint64_t>() == want.states);
            CHECK(got.at("solution").as_array().size() == want.solution.size());
            if (want.verdict == Verdict::Win && want.solution.size() > 2) {
                // Two moves in, the rest of a shortest solution is two shorter.
                const auto ms = api::move_strings(v, want.solution);
                const auto rest = call(h, std::string(R"({"op":"solve","optimal":true,"rules":{"variant":")") + name +
                                              R"("},"seed":")" + std::to_string(seed) + R"(","moves":")" + ms[0] + " " +
                                              ms[1] + "\"}");
                CHECK(str(rest.at("verdict")) == "win");
                CHECK(rest.at("moves").to_number<uint64_t>() == want.solution.size() - 2);
                CHECK(rest.at("played").as_array().size() == 2);
            }
        }
    }
}

TEST_CASE("web api: a search budget gives intractable, never lose", "[web]") {
    web::Handler h;
    uint64_t calls = 0;
    h.progress = [&](uint64_t) { ++calls; };
    const auto a = call(
        h,
        R"({"op":"solve","rules":{"variant":"tuts-tomb","goal":"all","overlap":"on"},"seed":"11","max_states":2000})");
    CHECK(str(a.at("verdict")) == "intractable");
    const auto b = call(
        h,
        R"({"op":"solve","rules":{"variant":"tuts-tomb","goal":"all","overlap":"on"},"seed":"11","max_memory":65536})");
    CHECK(str(b.at("verdict")) == "intractable");
    CHECK(b.at("memory_exceeded").as_bool());
}

TEST_CASE("web api: a search reports its count every 2^16 positions (2^20 elsewhere)", "[web]") {
    web::Handler h;
    std::vector<uint64_t> seen;
    h.progress = [&](uint64_t states) { seen.push_back(states); };
    const auto a = call(
        h,
        R"({"op":"solve","rules":{"variant":"tuts-tomb","goal":"all","overlap":"on"},"seed":"11","max_states":300000})");
    REQUIRE(a.at("states").to_number<uint64_t>() >= 4 * 65536);
    REQUIRE(seen.size() >= 4);
    for (size_t i = 0; i < seen.size(); ++i) CHECK(seen[i] == (i + 1) * 65536);
    // The API's default stays 2^20 (Python documents it).
    api::Session session;
    api::Rules rules;
    rules.preset = "tuts-tomb";
    rules.set("goal", "all");
    rules.set("overlap", "on");
    const Variant v = api::make_variant(rules);
    api::Request r;
    r.limits.max_states = 300000;
    std::vector<uint64_t> native;
    r.limits.progress = [&](uint64_t states) { native.push_back(states); };
    session.solve(api::deal_from_seed(v, "11").deal, {}, r);
    CHECK(native.empty());
}

TEST_CASE("web api: the no-peek hint is solver/nopeek.h's odds", "[web]") {
    web::Handler h;
    const auto a = call(h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"4","samples":50})");
    const Variant v = api::make_variant({"msc", {{"passes", "1"}}});
    const Deal deal = api::deal_from_seed(v, "4").deal;
    Solver solver;
    nopeek::OddsOptions o;
    o.samples = 50;
    o.exact_limit = 720;
    o.limits.max_states = 10'000'000;
    const nopeek::Odds want = nopeek::odds(solver, deal, {}, o);
    CHECK(a.at("wins").to_number<uint64_t>() == want.wins);
    CHECK(a.at("samples").to_number<uint64_t>() == want.samples);
    REQUIRE(a.at("moves").as_array().size() == want.moves.size());
    for (size_t i = 0; i < want.moves.size(); ++i) {
        const auto& m = a.at("moves").as_array()[i].as_object();
        CHECK(str(m.at("move")) == move_text(want.moves[i].move, v.deck));
        CHECK(m.at("wins").to_number<uint64_t>() == want.moves[i].wins);
        CHECK(m.at("best").as_bool() == want.moves[i].best);
    }
    // The progress of the orders: (0, 50) first, then one call per order solved.
    std::vector<std::pair<uint64_t, uint64_t>> seen;
    h.odds_progress = [&](uint64_t done, uint64_t total) { seen.emplace_back(done, total); };
    const auto b = call(h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"4","samples":50})");
    CHECK(b.at("wins").to_number<uint64_t>() == want.wins);
    REQUIRE(seen.size() == 51);
    for (uint64_t k = 0; k <= 50; ++k) CHECK(seen[k] == std::pair<uint64_t, uint64_t>(k, 50));
    // Exact odds count every order: msc 1 pass, after 20 draws 3 cards are hidden (3! orders).
    seen.clear();
    const auto e = call(
        h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"4","moves":")" + [] {
            std::string m;
            for (int i = 0; i < 20; ++i) m += "draw ";
            return m;
        }() + R"("})");
    REQUIRE(e.contains("exact"));
    CHECK(e.at("exact").as_bool());
    CHECK(e.at("unseen").to_number<uint64_t>() == 3);
    REQUIRE(seen.size() == 7);
    CHECK(seen.front() == std::pair<uint64_t, uint64_t>(0, 6));
    CHECK(seen.back() == std::pair<uint64_t, uint64_t>(6, 6));
    CHECK(str(call(h, R"({"op":"odds","seed":"4","moves":"KS"})").at("error")).rfind("bad moves", 0) == 0);
    CHECK(str(call(h, R"({"op":"odds","seed":"4","samples":0})").at("error")).find("samples") != std::string::npos);
}

TEST_CASE("web api: a won deal's difficulty measures, as the thin API gives them", "[web]") {
    web::Handler h;
    const auto a = call(h, R"({"op":"solve","optimal":true,"measures":true,"rules":{"variant":"msc"},"seed":"1"})");
    api::Session session;
    const Variant v = api::make_variant({});
    const auto ld = api::deal_from_seed(v, "1");
    api::Request r;
    r.optimal = true;
    r.measures = true;
    const api::Answer want = session.solve(ld.deal, {}, r);
    REQUIRE(want.measures);
    const auto& m = a.at("measures").as_object();
    CHECK(m.at("shortest").to_number<int>() == static_cast<int>(want.solution.size()));
    CHECK(json::serialize(m) == json::serialize(solve_json(ld, {}, true, r, want).at("measures")));
}

TEST_CASE("web api: the narrow board puts the stock and wastes below the tableau", "[web]") {
    web::Handler h;
    auto width = [](const std::string& svg) {
        const auto at = svg.find("viewBox=\"0 0 ");
        return std::stod(svg.substr(at + 13));
    };
    for (const char* name : {"msc", "apophis", "classic", "giza"}) {
        INFO(name);
        const std::string req = std::string(R"({"op":"load","rules":{"variant":")") + name + R"("},"seed":"2")";
        const std::string wide = str(call(h, req + "}").at("svg"));
        const std::string narrow = str(call(h, req + R"(,"narrow":true})").at("svg"));
        // The same cards drawn, only placed differently.
        auto cards = [](const std::string& s) {
            size_t n = 0;
            for (size_t at = 0; (at = s.find("data-card=", at)) != std::string::npos; ++at) ++n;
            return n;
        };
        CHECK(cards(narrow) == cards(wide));
        if (std::string(name) == "giza") CHECK(narrow == wide);  // no stock: nothing moves
        else CHECK(width(narrow) < width(wide));
    }
}

namespace {
// msc deal 1 with stock cards 2-4 not seen (3! orders; msc shows the
// stock's top card), and the three cards.
std::pair<std::string, std::vector<std::string>> msc1_unseen() {
    std::string cards = compact(api::deal_from_seed(*find_preset("msc"), "1").deal);
    std::vector<std::string> hidden;
    for (int i = 29; i < 32; ++i) {
        hidden.push_back(cards.substr(2 * i, 2));
        cards.replace(2 * i, 2, "??");
    }
    return {cards, hidden};
}
bool names_any(const std::string& text, const std::vector<std::string>& cards) {
    for (const auto& c : cards)
        if (text.find("\"" + c + "\"") != std::string::npos) return true;
    return false;
}
}  // namespace

TEST_CASE("web api: the Fair hint's no-peek optimum (odds with optimum_states) is odds --optimal's", "[web]") {
    // msc 1 pass, deal 2, 20 moves of its solution: 7 cards not seen, 281/360.
    web::Handler h;
    const Variant v = api::make_variant({"msc", {{"passes", "1"}}});
    const Deal deal = api::deal_from_seed(v, "2").deal;
    api::Session s;
    api::Request sr;
    std::vector<Move> moves = s.solve(deal, {}, sr).solution;
    moves.resize(20);
    const std::string text = moves_text(moves, v.deck);
    const auto a = call(h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"2","samples":20,"moves":")" +
                               text + R"(","optimum_states":20000})");
    const api::Optimal want = s.optimal(deal, moves, api::OptimalOptions{});
    REQUIRE(want.exact);
    const auto& o = a.at("optimum").as_object();
    CHECK(o.at("exact").as_bool());
    CHECK(str(o.at("fraction")) == "281/360");
    CHECK(str(o.at("best_move")) == move_text(*want.best_move, v.deck));
    CHECK(str(a.at("optimum_move")) == move_text(*want.best_move, v.deck));
    CHECK(str(a.at("optimum_text")).rfind("your chance with best play without peeking: 281/360 (78.1%); ", 0) == 0);
    // Past a tiny budget: the bracket, and the planner's move as the move to frame.
    const auto b = call(h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"2","samples":20,"moves":")" +
                               text + R"(","optimum_states":20})");
    const auto& x = b.at("optimum").as_object();
    CHECK_FALSE(x.at("exact").as_bool());
    CHECK(x.at("lower").to_number<double>() <= 281.0 / 360);
    CHECK(x.at("upper").to_number<double>() >= 281.0 / 360);
    REQUIRE(x.at("planner_move").is_string());
    CHECK(str(b.at("optimum_move")) == str(x.at("planner_move")));
    // Without optimum_states: no optimum (the odds as before).
    CHECK_FALSE(
        call(h, R"({"op":"odds","rules":{"variant":"msc","passes":"1"},"seed":"2","samples":5})").contains("optimum"));
}

TEST_CASE("web api: cards not seen: drawn as ??, named as they turn up, answered with odds", "[web][unknown]") {
    web::Handler h;
    const auto [cards, hidden] = msc1_unseen();
    const std::string rules = R"("rules":{"variant":"msc"},)";
    const auto a = call(h, R"({"op":"load",)" + rules + R"("deal":")" + cards + R"("})");
    CHECK(str(a.at("deal")) == cards);
    CHECK(str(a.at("cards").as_array()[29]) == "??");
    const auto& pos = a.at("position").as_object();
    CHECK(pos.at("unknown").as_array().size() == 3);
    CHECK(str(pos.at("unknown_text")) == "stock cards 2-4");
    CHECK(pos.at("unknown_in_play").as_bool());
    CHECK(!pos.at("needs_card").as_bool());
    std::vector<std::string> sorted = hidden;
    const Variant v = api::make_variant({});
    std::sort(sorted.begin(), sorted.end(), [&](const auto& x, const auto& y) {
        return card_index(*parse_card(x, v.deck), v.deck) < card_index(*parse_card(y, v.deck), v.deck);
    });
    std::vector<std::string> set;
    for (const auto& c : pos.at("unknown_cards").as_array()) set.push_back(str(c));
    CHECK(set == sorted);
    // Nothing names what the slots hold: not the board, the cards, the moves.
    CHECK(!names_any(str(a.at("svg")), hidden));
    CHECK(!names_any(json::serialize(a.at("cards")), hidden));
    // A draw turns stock card 2 up (now stock card 1): playable, not named, no move takes it.
    const auto b = call(h, R"({"op":"load",)" + rules + R"("deal":")" + cards + R"(","moves":"draw"})");
    const auto& pb = b.at("position").as_object();
    CHECK(json::serialize(pb.at("wastes")) == "[[\"" + cards.substr(56, 2) + "\"]]");
    CHECK(pb.at("stock_top").is_null());
    CHECK(pb.at("stock_top_unseen").as_bool());
    CHECK(pb.at("needs_card").as_bool());
    CHECK(!pb.at("lost").as_bool());
    {  // (unknown_cards is their set, the cards not named, nothing of where they are; variant the deck)
        json::object rest = b;
        rest["position"].as_object().erase("unknown_cards");
        rest.erase("variant");
        CHECK(!names_any(json::serialize(rest), hidden));
    }
    CHECK(str(b.at("svg")).find("unseen") != std::string::npos);
    std::string place;
    for (const auto& p : pb.at("unknown").as_array())
        if (p.at("playable").as_bool()) place = str(p.at("name"));
    CHECK(place == "stock card 1");
    // Named: the deal names it, the moves stay legal, two not seen are left.
    const auto r = call(h, R"({"op":"reveal",)" + rules + R"("deal":")" + cards + R"(","moves":"draw","place":")" +
                               place + R"(","card":")" + hidden[0] + "\"}");
    std::string named = cards;
    named.replace(58, 2, hidden[0]);
    CHECK(str(r.at("deal")) == named);
    CHECK(r.at("unknown_left").to_number<int>() == 2);
    const auto c = call(h, R"({"op":"load",)" + rules + R"("deal":")" + named + R"(","moves":"draw"})");
    CHECK(str(c.at("position").at("stock_top")) == hidden[0]);
    CHECK(!c.at("position").at("needs_card").as_bool());
    CHECK(str(call(h, R"({"op":"reveal",)" + rules + R"("deal":")" + cards + R"(","moves":"draw","place":")" + place +
                          R"(","card":"JD"})")
                  .at("error"))
              .find("cannot name JD") != std::string::npos);
    // solve: the odds of the thin API (every order of three), no verdict that assumes one.
    api::Session session;
    const auto ld = api::deal_from_text(v, named);
    api::Request req;
    req.reason = true;
    const api::Answer want = session.solve(ld.deal, api::parse_moves(v, "draw"), req);
    REQUIRE(want.odds);
    std::vector<std::pair<uint64_t, uint64_t>> orders;  // the page's progress line: the orders solved
    h.odds_progress = [&](uint64_t done, uint64_t total) { orders.emplace_back(done, total); };
    const auto got = call(h,
                          R"({"op":"solve","reason":true,)" + rules + R"("deal":")" + named + R"(","moves":"draw"})");
    CHECK(got.at("odds").at("wins").to_number<uint64_t>() == want.odds->wins);
    CHECK(got.at("odds").at("samples").to_number<uint64_t>() == 2);
    CHECK(orders == std::vector<std::pair<uint64_t, uint64_t>>{{0, 2}, {1, 2}, {2, 2}});
    CHECK(got.at("solution").as_array().empty());
    // A position mid-game comes back as its board, which loads the same position.
    Table t(api::deal_from_seed(v, "1").deal);
    for (int i = 0; i < 3; ++i) t.apply(Move::draw());
    const std::string board = board_text(t, TextStyle{});
    const auto p1 = call(h, R"({"op":"load",)" + rules + R"("deal":)" + json::serialize(json::value(board)) + "}");
    REQUIRE(p1.contains("deal"));
    const auto p2 = call(h, R"({"op":"load",)" + rules + R"("deal":)" + json::serialize(p1.at("deal")) + "}");
    CHECK(json::serialize(p2.at("position")) == json::serialize(p1.at("position")));
    CHECK(p1.at("position").at("wastes").as_array()[0].as_array().size() == 3);
    // ... and a position seen mid-game with cards not seen (docs/formats.md's example) too.
    const std::string seen_board =
        "              JD\n            2D  9H\n          JC  5D  7H\n        7C  5H  KD  KC\n"
        "      9S  5S  AD  QC  KH\n    3H  2S  KS  9D  QD  JS\n  ..  AH  ..  4C  5C  ..  ..\n"
        "waste (bottom to top): 4H ??\nstock: 22\npass 1 of 3\ngone (4): 3C QH AS TS\n";
    const auto s1 = call(h, R"({"op":"load",)" + rules + R"("deal":)" + json::serialize(json::value(seen_board)) + "}");
    REQUIRE(s1.contains("deal"));
    CHECK(str(s1.at("position").at("unknown_text")) == "stock cards 1-22, waste card 2");
    const auto s2 = call(h, R"({"op":"load",)" + rules + R"("deal":)" + json::serialize(s1.at("deal")) + "}");
    CHECK(json::serialize(s2.at("position")) == json::serialize(s1.at("position")));
}

TEST_CASE("web api: a challenge is solve --challenge's object", "[web][challenge]") {
    web::Handler h;
    const Variant v = api::make_variant({});
    const auto ld = api::deal_from_seed(v, "1");
    api::Request r;
    r.reason = true;
    api::ChallengeRequest c;
    c.kind = "cards:A";
    c.target = 12;
    c.current = 9;
    c.deals_left = 1;
    r.challenge = c;
    api::Session session;
    const api::Answer want = session.solve(ld.deal, {}, r);
    auto wj = solve_json(ld, {}, false, r, want).at("challenge").as_object();
    auto got = call(h, R"({"op":"challenge","rules":{"variant":"msc"},"seed":"1",)"
                       R"("challenge":{"kind":"cards:A","target":12,"current":9,"deals_left":1}})")
                   .at("challenge")
                   .as_object();
    // (the chance before the deal, from the table's programme, to the last bits)
    CHECK(got.at("before").to_number<double>() == Approx(wj.at("before").to_number<double>()).epsilon(1e-12));
    // (and its interval's ends, the bootstrap's programmes to the last bits)
    for (const char* k : {"before_low", "before_high"})
        CHECK(got.at(k).to_number<double>() == Approx(wj.at(k).to_number<double>()).epsilon(1e-12));
    for (const char* k : {"seconds", "before", "before_low", "before_high"}) {
        wj.erase(k);
        got.erase(k);
    }
    CHECK(json::serialize(got) == json::serialize(wj));
    CHECK(!got.at("lines").as_array().empty());
    CHECK(got.contains("probability"));
    CHECK(got.contains("recommended"));
    CHECK(str(call(h, R"({"op":"challenge","seed":"1","challenge":{"kind":"cards:X"}})").at("error")).size() > 5);
    CHECK(str(call(h, R"({"op":"challenge","seed":"1","challenge":{"kind":"score","target":5,"deals_left":0}})")
                  .at("error")) == "Deals left must be 1 to 1000");
    CHECK(str(call(h, R"({"op":"challenge","seed":"1"})").at("error")).find("'challenge'") != std::string::npos);
}

TEST_CASE("web api: a challenge carried as it is played: from a position, what is made, the page's words",
          "[web][challenge]") {
    web::Handler h;
    const Variant v = api::make_variant({});
    const Deal deal = api::deal_from_seed(v, "1").deal;
    const std::vector<Move> two = api::parse_moves(v, "QH+AS TS+3C");
    // From the position two moves reach: the challenge on that position as a
    // deal that begins there (its lines count the Ace gone, their steps from there).
    api::ChallengeRequest c;
    c.kind = "cards:A";
    c.target = 12;
    c.deals_left = 2;
    api::Session session;
    const api::ChallengeAnswer want = session.challenge(api::position_deal(deal, two), c, api::Request{});
    REQUIRE(want.across);
    const auto got = call(h, R"({"op":"challenge","seed":"1","moves":"QH+AS TS+3C",)"
                             R"("challenge":{"kind":"cards:A","target":12,"deals_left":2}})");
    CHECK(got.at("from_move").to_number<int>() == 2);
    const auto& ch = got.at("challenge").as_object();
    CHECK(ch.at("probability").to_number<double>() == want.across->probability);
    REQUIRE(ch.at("lines").as_array().size() == want.result->lines.size());
    for (size_t i = 0; i < want.result->lines.size(); ++i) {
        const auto& l = ch.at("lines").as_array()[i].as_object();
        CHECK(l.at("cards").to_number<int>() == *want.result->lines[i].cards);
        CHECK(l.at("steps").to_number<size_t>() == want.result->lines[i].moves.size());
        // each line, played after the two moves, is legal and makes what it says
        std::vector<Move> whole = two;
        for (const auto& m : l.at("solution").as_array()) whole.push_back(api::parse_moves(v, str(m))[0]);
        LineTally t;
        REQUIRE_FALSE(tally_line(deal, whole, msc_scoring(), &t));
        CHECK(t.removed[1] == *want.result->lines[i].cards);
    }
    // The load's challenge_made: what the moves made, and the challenge the next deal starts with.
    auto made = call(h, R"({"op":"load","seed":"1","moves":"QH+AS TS+3C",)"
                        R"("challenge":{"kind":"score","target":100,"current":90,"deals_left":3}})")
                    .at("challenge_made")
                    .as_object();
    CHECK(made.at("made").to_number<int>() == 10);
    CHECK(made.at("cleared").as_bool() == false);
    CHECK(made.at("completed").as_bool() == true);
    CHECK(made.at("next").as_object().at("current").to_number<int>() == 100);
    CHECK(made.at("next").as_object().at("deals_left").to_number<int>() == 2);
    made = call(h, R"({"op":"load","seed":"1","moves":"QH+AS",)"
                   R"("challenge":{"kind":"cards:A","target":12,"current":3,"deals_left":1}})")
               .at("challenge_made")
               .as_object();
    CHECK(made.at("made").to_number<int>() == 1);
    CHECK(made.at("failed").as_bool() == true);
    CHECK(made.at("next").as_object().at("deals_left").to_number<int>() == 0);
    // Errors in the page's words (its fields: Target, Made so far, Deals left), never the CLI's options.
    const std::pair<const char*, const char*> bad[] = {
        {R"({"kind":"score","current":5})", "Made so far needs Target"},
        {R"({"kind":"score","target":5,"current":5})", "the target (5) is already reached with Made so far 5"},
        {R"({"kind":"score","deals_left":2})", "Deals left needs Target (what the challenge asks for)"},
        {R"({"kind":"score","target":0})", "Target must be 1 to 1000000000"},
        {R"({"kind":"score","target":2.5})", "Target must be a whole number"},
        {R"({"kind":"score","target":5,"current":-1})", "Made so far must be 0 to 1000000000"},
    };
    for (const auto& [c_json, words] : bad) {
        INFO(c_json);
        CHECK(str(call(h, std::string(R"({"op":"challenge","seed":"1","challenge":)") + c_json + "}").at("error")) ==
              words);
        // (the load draws the board and says the same of its challenge)
        const auto l = call(h, std::string(R"({"op":"load","seed":"1","challenge":)") + c_json + "}");
        CHECK(str(l.at("challenge_made").as_object().at("error")) == words);
    }
}

TEST_CASE("web api: the place to name first is the waste's after a move that took its top, as play asks",
          "[web][unknown]") {
    // msc deal 1 drawn until the waste's top and the stock's pair (both named),
    // every other stock and waste card not seen.
    const Variant v = api::make_variant({});
    Table t(api::deal_from_seed(v, "1").deal);
    std::optional<Move> pair;
    while (!pair && t.stock().size() > 1) {
        t.apply(Move::draw());
        for (const Move& m : t.legal_moves())
            if (m.kind == Move::Pair && t.wastes()[0].size() > 1 &&
                ((m.a == t.wastes()[0].back() && m.b == t.stock().back()) ||
                 (m.b == t.wastes()[0].back() && m.a == t.stock().back())))
                pair = m;
    }
    REQUIRE(pair);
    std::string text;
    std::istringstream in(board_text(t, TextStyle{false, false}));
    for (std::string line; std::getline(in, line);) {
        const bool waste = line.rfind("waste", 0) == 0, stock = line.rfind("stock", 0) == 0;
        if (waste || stock) {
            std::istringstream cards(line.substr(line.find(':') + 1));
            std::vector<std::string> cs;
            for (std::string c; cards >> c;) cs.push_back(c);
            line = line.substr(0, line.find(':') + 1);
            for (size_t k = 0; k < cs.size(); ++k) line += " " + ((waste ? k + 1 < cs.size() : k > 0) ? "??" : cs[k]);
        }
        text += line + "\n";
    }
    json::object req{{"op", "load"}, {"rules", json::object{{"variant", "msc"}}}, {"deal", text}};
    web::Handler h;
    CHECK_FALSE(call(h, json::serialize(req)).at("position").as_object().contains("ask_first"));
    req["moves"] = move_text(*pair, v.deck);
    const auto pos = call(h, json::serialize(req)).at("position").as_object();
    const std::string waste = "waste card " + std::to_string(t.wastes()[0].size() - 1);
    CHECK(str(pos.at("ask_first")) == waste);
    // both turned up: the stock's first in the list, the waste's asked first
    CHECK(str(pos.at("unknown").as_array()[0].as_object().at("name")) == "stock card 1");
    CHECK(pos.at("unknown").as_array()[0].as_object().at("playable").as_bool());
}
