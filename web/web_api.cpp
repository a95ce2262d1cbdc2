#include "web/web_api.h"

#include "api/results.h"
#include "engine/internal_error.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <new>
#include <optional>

#include "engine/rules.h"
#include "engine/table.h"
#include "report/board_svg.h"
#include "report/board_text.h"
#include "report/odds_hint.h"
#include "report/solve.h"

namespace pyr::web {

namespace {

std::string str_field(const json::object& o, const char* key) {
    const json::value* v = o.if_contains(key);
    if (!v || v->is_null()) return "";
    if (v->is_string()) return std::string(v->get_string());
    if (v->is_int64()) return std::to_string(v->get_int64());
    if (v->is_uint64()) return std::to_string(v->get_uint64());
    if (v->is_bool()) return v->get_bool() ? "on" : "off";
    throw api::Error(std::string("bad request: '") + key + "' must be a string");
}

bool bool_field(const json::object& o, const char* key) {
    const json::value* v = o.if_contains(key);
    if (!v || v->is_null()) return false;
    if (!v->is_bool()) throw api::Error(std::string("bad request: '") + key + "' must be true or false");
    return v->get_bool();
}

uint64_t uint_field(const json::object& o, const char* key, uint64_t fallback) {
    const json::value* v = o.if_contains(key);
    if (!v || v->is_null()) return fallback;
    if (v->is_uint64()) return v->get_uint64();
    if (v->is_int64() && v->get_int64() >= 0) return static_cast<uint64_t>(v->get_int64());
    if (v->is_double() && v->get_double() >= 0 && v->get_double() < 1.8e19)
        return static_cast<uint64_t>(v->get_double());
    throw api::Error(std::string("bad request: '") + key + "' must be a number, 0 or more");
}

// The request's max_states (else `states`) and max_memory (else none), with the page's progress.
Limits limits_of(const json::object& req, uint64_t states, const std::function<void(uint64_t)>& progress) {
    Limits l;
    l.max_states = uint_field(req, "max_states", states);
    l.max_memory = uint_field(req, "max_memory", 0);
    l.progress = progress;
    return l;
}

api::Rules rules_of(const json::object& req) {
    api::Rules r;
    const json::value* v = req.if_contains("rules");
    if (!v) return r;
    if (!v->is_object()) throw api::Error("bad request: 'rules' must be an object");
    const json::object& o = v->get_object();
    const std::string name = str_field(o, "variant");
    if (!name.empty()) r.preset = name;
    for (const auto& d : rule_table())  // the rule schema's overrides (engine/rules.h); "" keeps the preset's
        if (const std::string x = str_field(o, d.key.c_str()); !x.empty()) r.set(d.key, x);
    return r;
}

api::LoadedDeal deal_of(const Variant& v, const json::object& req) {
    const std::string seed = str_field(req, "seed");
    const std::string text = str_field(req, "deal");
    if (!seed.empty() && !text.empty()) throw api::Error("give a deal number or cards, not both");
    if (!seed.empty()) return api::deal_from_seed(v, seed);
    if (text.find_first_not_of(" \t\r\n") == std::string::npos)
        throw api::Error("no deal: give a deal number or paste the cards");
    return api::deal_from_text(v, text);
}

// The deal as the page sends it back: the compact string, or for a deal that
// begins at a position the board as `pyramid deal` prints it (the compact
// string of a position is an identity, not a deal to read back). Cards not
// seen are `??` in both, never the placeholders their slots hold.
std::string deal_text(const Deal& deal) {
    if (!deal.position) return compact(deal);
    return board_text(Table(deal), TextStyle{});
}

// The moves played, and on a deal with cards not seen the deal as they name
// it (a move may take a card not seen only where its place is not in doubt;
// `pyramid solve --moves` does the same).
std::vector<Move> played_of(const Variant& v, const json::object& req, api::LoadedDeal& ld) {
    std::vector<Move> played = api::parse_moves(v, str_field(req, "moves"));
    if (ld.deal.has_unknown() && !played.empty()) {
        const api::SeenReplay r = api::verify_seen(ld.deal, played, AfterGoal::PlayOn);
        if (r.replay.error) throw api::Error("bad moves: " + *r.replay.error);
        if (!r.undecided && r.positions == 1) ld.deal = r.deal;
    }
    return played;
}

// The position as the page shows it: on a deal with cards not seen, no card
// a `??` slot holds is named (a waste's ?? stays "??", the stock's top is
// null with stock_top_unseen), and no move that takes one is offered: the
// player names it first (op reveal). `unknown` lists the places not seen
// ({name, playable}), `unknown_cards` the cards not named (their set),
// `unknown_in_play` whether any lies anywhere but the discards (then every
// answer is odds), `unknown_text` the places in a few words ("stock cards
// 1-5"); `needs_card` whether one may be taken now (it must be
// named before the moves that could take it are offered).
json::object seen_position_json(const Deal& deal, const std::vector<Move>& played) {
    json::object o = api::position_json(deal, played);
    if (!deal.has_unknown()) return o;
    const Replay r = api::verify(deal, played, AfterGoal::PlayOn);
    const Table& t = r.table;
    const DeckKind dk = deal.deck();
    auto unseen_text = [&](const json::value& c) { return c.is_string() && t.unseen(*parse_card(c.as_string(), dk)); };
    for (auto& pile : o["wastes"].as_array())
        for (auto& c : pile.as_array())
            if (unseen_text(c)) c = std::string(kUnknownToken);
    if (unseen_text(o["stock_top"])) {
        o["stock_top"] = nullptr;
        o["stock_top_unseen"] = true;
    }
    json::array playable;
    for (auto& c : o["playable"].as_array())
        if (!unseen_text(c)) playable.push_back(c);
    o["playable"] = std::move(playable);
    json::array legal;
    for (const auto& m : t.legal_moves())
        if (!(m.kind == Move::Single && t.unseen(m.a)) && !(m.kind == Move::Pair && (t.unseen(m.a) || t.unseen(m.b))))
            legal.push_back(json::value(move_text(m, dk)));
    std::sort(legal.begin(), legal.end(),
              [](const json::value& a, const json::value& b) { return a.as_string() < b.as_string(); });
    const bool took_unseen = legal.size() < t.legal_moves().size();
    o["legal"] = std::move(legal);
    json::array places;
    bool in_play = false, needs_card = false;
    for (const auto& p : t.unseen_places()) {
        places.push_back(json::object{{"name", p.name}, {"playable", p.playable}});
        in_play = in_play || p.name.rfind("discarded", 0) != 0;
        needs_card = needs_card || p.playable;
    }
    o["unknown"] = std::move(places);
    std::vector<api::UnknownPlace> ups;
    for (const auto& p : t.unseen_places()) ups.push_back({p.name, p.playable});
    o["unknown_text"] = api::unknown_places_text(ups);
    json::array cards;
    for (Card c : unknown_cards(deal)) cards.push_back(json::value(card_text(c, dk)));
    o["unknown_cards"] = std::move(cards);
    o["unknown_in_play"] = in_play;
    o["needs_card"] = needs_card;
    if (const auto ask = api::place_to_ask(deal, played)) o["ask_first"] = *ask;  // (as play asks)
    if (took_unseen || needs_card) o["lost"] = false;  // what is left depends on the card not named
    return o;
}

std::string board_svg(const Deal& deal, const Table& t, const BoardHighlight& h, const std::string& title,
                      bool narrow) {
    const BoardPicture pic(deal.variant, narrow);
    svg::Document d(pic.width(), pic.height(), title);
    pic.defs(d);
    pic.draw(d, t, h);
    return d.str(false);
}

// The request's challenge {kind, target, current, deals_left}, its errors in
// the page's words (its fields: Target, Made so far, Deals left).
const api::ChallengeNames kPageNames{"Target", "Made so far", "Deals left"};

api::ChallengeRequest challenge_request(const json::object& req) {
    const json::value* c = req.if_contains("challenge");
    if (!c || !c->is_object()) throw api::Error("bad request: 'challenge' must be an object");
    const json::object& co = c->get_object();
    api::ChallengeRequest cr;
    cr.kind = str_field(co, "kind");
    auto number = [&](const char* key, const std::string& name, int lo, int hi) -> std::optional<int> {
        if (!co.if_contains(key) || co.at(key).is_null()) return std::nullopt;
        const json::value& x = co.at(key);
        const bool whole = x.is_int64() || x.is_uint64() ||
                           (x.is_double() && x.get_double() == std::floor(x.get_double()));
        if (!x.is_number() || !whole) throw api::Error(name + " must be a whole number");
        const double n = x.to_number<double>();
        if (n < lo || n > hi) throw api::Error(name + " must be " + std::to_string(lo) + " to " + std::to_string(hi));
        return static_cast<int>(n);
    };
    cr.target = number("target", kPageNames.target, 1, 1'000'000'000);
    cr.current = number("current", kPageNames.current, 0, 1'000'000'000).value_or(0);
    cr.deals_left = number("deals_left", kPageNames.deals_left, 1, 1000);
    return cr;
}

json::object challenge_request_json(const api::ChallengeRequest& r) {
    json::object o;
    o["kind"] = r.kind;
    o["target"] = r.target ? json::value(*r.target) : json::value(nullptr);
    o["current"] = r.current;
    o["deals_left"] = r.deals_left ? json::value(*r.deals_left) : json::value(nullptr);
    return o;
}

// What the moves played have made toward the challenge, and the challenge
// the next deal starts with (api::challenge_made, api::carry_challenge).
json::object challenge_made_json(const Deal& deal, const std::vector<Move>& played, const json::object& req) {
    const api::ChallengeRequest cr = challenge_request(req);
    const Challenge c = api::make_challenge(deal.variant, cr, kPageNames);
    const api::ChallengeMade m = api::challenge_made(deal, played, c);
    const api::ChallengeCarry carry = api::carry_challenge(cr, m);
    json::object o;
    o["made"] = m.made;
    o["score"] = m.score;
    o["cleared"] = m.cleared;
    o["ended"] = m.ended;
    o["next"] = challenge_request_json(carry.next);
    o["completed"] = carry.completed;
    o["failed"] = carry.failed;
    return o;
}

json::object load(const json::object& req) {
    const Variant v = api::make_variant(rules_of(req));
    api::LoadedDeal ld = deal_of(v, req);
    const std::vector<Move> played = played_of(v, req, ld);
    json::object o;
    o["variant"] = api::variant_json(v);
    if (!ld.seed.empty()) o["seed"] = ld.seed;
    o["deal"] = deal_text(ld.deal);
    json::array cards;
    for (size_t i = 0; i < ld.deal.cards.size(); ++i)
        cards.push_back(ld.deal.unknown_at(static_cast<int>(i)) ? json::value(std::string(kUnknownToken))
                                                                : json::value(card_text(ld.deal.cards[i], v.deck)));
    o["cards"] = std::move(cards);
    o["position"] = seen_position_json(ld.deal, played);  // Error on an illegal move
    if (req.if_contains("challenge") && !ld.deal.has_unknown()) {
        try {  // (the board is drawn whatever the challenge's fields say)
            o["challenge_made"] = challenge_made_json(ld.deal, played, req);
        } catch (const api::Error& e) {
            o["challenge_made"] = json::object{{"error", e.what()}};
        }
    }
    const Table t = api::verify(ld.deal, played, AfterGoal::PlayOn).table;
    BoardHighlight h;
    const std::string hl = str_field(req, "highlight");
    if (!hl.empty()) {
        const auto ms = api::parse_moves(v, hl);
        if (ms.size() == 1) h = highlight_of(ms.front());
    }
    const std::string title = v.title + (ld.seed.empty() ? std::string() : ", deal " + ld.seed) +
                              (played.empty() ? std::string() : ", after " + std::to_string(played.size()) + " moves");
    o["svg"] = board_svg(ld.deal, t, h, title, bool_field(req, "narrow"));
    return o;
}

// The no-peek optimum where the page asks (the Fair hint, the verdict line
// with cards not seen): `optimum` (report/solve.h's asked_optimum_json, as
// `solve --nopeek-optimum --format json`), `optimum_move` (the move the
// words name: the best move when exact, else the planner's; null when none)
// and `optimum_text` (play's line, report/odds_hint.h).
void add_optimum(json::object& o, const api::AskedOptimum& x, const api::Odds* odds, DeckKind deck) {
    o["optimum"] = asked_optimum_json(x, deck);
    const std::optional<Move> m = optimum_hint_move(x);
    o["optimum_move"] = m ? json::value(move_text(*m, deck)) : json::value(nullptr);
    o["optimum_text"] = optimum_hint_text(x, odds, deck, TextStyle{true, false});
}

json::object solve(api::Session& session, const json::object& req, const std::function<void(uint64_t)>& progress,
                   const std::function<void(uint64_t, uint64_t)>& odds_progress) {
    const Variant v = api::make_variant(rules_of(req));
    api::LoadedDeal ld = deal_of(v, req);
    const std::vector<Move> played = played_of(v, req, ld);
    api::Request r;
    r.optimal = bool_field(req, "optimal");
    r.hint = bool_field(req, "hint");
    r.best_score = bool_field(req, "best_score");
    r.reason = bool_field(req, "reason");      // on a loss, why (solver/reasons.h)
    r.measures = bool_field(req, "measures");  // on a won position, from there (solver/measures.h)
    r.limits = limits_of(req, r.limits.max_states, progress);
    r.limits.progress_shift = 16;     // a count that moves: 2^20 positions take seconds in a browser
    r.odds_progress = odds_progress;  // with cards not seen: the orders solved
    // With cards not seen in play: the no-peek optimum too (the verdict line's), within a small budget.
    r.nopeek_optimum = bool_field(req, "nopeek_optimum");
    r.nopeek_optimum_states = uint_field(req, "nopeek_optimum_states", r.nopeek_optimum_states);
    const api::Answer a = session.solve(ld.deal, played, r);
    json::object o = solve_json(ld, played, true, r, a);
    if (a.optimum) add_optimum(o, *a.optimum, a.odds.get(), v.deck);
    return o;
}

// The no-peek hint (api::Session::odds): the share of the orders of the cards
// the player has not seen in which the position is winnable, and each legal
// move's share, as `pyramid play` shows it (key o).
json::object odds(api::Session& session, const json::object& req, const std::function<void(uint64_t)>& progress,
                  const std::function<void(uint64_t, uint64_t)>& odds_progress) {
    const Variant v = api::make_variant(rules_of(req));
    api::LoadedDeal ld = deal_of(v, req);
    const std::vector<Move> played = played_of(v, req, ld);
    session.check_moves(ld.deal, played);           // Error naming an illegal move (before the options' errors)
    api::OddsOptions o = api::hint_odds_options();  // play's (key o), unless the request says otherwise
    o.samples = uint_field(req, "samples", o.samples);
    o.exact_limit = uint_field(req, "exact_limit", o.exact_limit);
    o.limits = limits_of(req, o.limits.max_states, progress);
    if (o.samples == 0 || o.samples > 100000) throw api::Error("bad request: 'samples' must be 1 to 100000");
    o.progress = odds_progress;
    const api::Odds odds = session.odds(ld.deal, played, o);
    json::object out = odds_hint_json(v, odds);
    // With optimum_states: the no-peek optimum within them (api::Session::ask_optimum, as play's o).
    if (const uint64_t states = uint_field(req, "optimum_states", 0); states > 0 && !odds.interrupted)
        add_optimum(out, session.ask_optimum(ld.deal, played, states, o.limits), &odds, v.deck);
    return out;
}

// "The next card is ...": the deal with the card at a place not seen named
// (api::reveal), as the page sends it back; the moves played stay legal.
json::object reveal(const json::object& req) {
    const Variant v = api::make_variant(rules_of(req));
    api::LoadedDeal ld = deal_of(v, req);
    const std::vector<Move> played = played_of(v, req, ld);
    const Deal d = api::reveal(ld.deal, played, str_field(req, "place"), str_field(req, "card"));
    json::object o;
    o["deal"] = deal_text(d);
    o["unknown_left"] = std::popcount(d.unknown);
    return o;
}

// A challenge on the deal (api/challenge.cpp), with the verdict: the object
// of `pyramid solve --challenge ... --format json`, from the deal's start or,
// with moves, from the position they reach as a deal that begins there
// (api::position_deal: its lines count what the deal made before it, their
// steps from there), as play's challenge line.
json::object challenge(api::Session& session, const json::object& req, const std::function<void(uint64_t)>& progress) {
    const Variant v = api::make_variant(rules_of(req));
    api::LoadedDeal ld = deal_of(v, req);
    const std::vector<Move> played = played_of(v, req, ld);
    const api::ChallengeRequest cr = challenge_request(req);
    api::Request r;
    r.reason = true;
    r.limits = limits_of(req, r.limits.max_states, progress);
    r.limits.progress_shift = 16;
    r.challenge = cr;
    r.challenge_names = kPageNames;
    if (!played.empty()) ld.deal = api::position_deal(ld.deal, played);
    const api::Answer a = session.solve(ld.deal, {}, r);
    json::object o = solve_json(ld, {}, false, r, a);
    if (!played.empty()) o["from_move"] = played.size();
    return o;
}

json::object presets() {
    json::array a;
    for (const auto& name : api::preset_list()) a.push_back(api::variant_json(api::make_variant({name, {}})));
    json::object o;
    o["presets"] = std::move(a);
    return o;
}

// The rule schema (engine/rules.h), from which the page builds its rules
// form; each preset's own value of every rule (canonical text, null where the
// preset cannot take the rule: the form's "(game's: ...)" and the controls it
// disables); and each preset's row widths (Variant::row_width), from which it
// builds the card picker.
json::object schema() {
    json::object o;
    o["rules"] = rule_schema_json();
    json::object own;
    for (const auto& p : pyr::presets()) {
        json::object r;
        for (const auto& d : rule_table()) r[d.key] = d.takes(p) ? json::value(d.get(p)) : json::value(nullptr);
        own[p.name] = std::move(r);
    }
    o["preset_rules"] = std::move(own);
    json::object widths;
    for (const auto& p : pyr::presets()) {
        json::array w;
        for (int r = 0; r < p.rows; ++r) w.push_back(p.row_width(r));
        widths[p.name] = std::move(w);
    }
    o["row_widths"] = std::move(widths);
    return o;
}

}  // namespace

std::string Handler::call(std::string_view request) {
    json::object out;
    try {
        boost::system::error_code ec;
        json::value v = json::parse(request, ec);
        if (ec || !v.is_object()) throw api::Error("bad request: not a JSON object");
        const json::object& req = v.get_object();
        const std::string op = str_field(req, "op");
        if (op == "presets") out = presets();
        else if (op == "schema") out = schema();
        else if (op == "load") out = load(req);
        else if (op == "solve") out = solve(session_, req, progress, odds_progress);
        else if (op == "odds") out = odds(session_, req, progress, odds_progress);
        else if (op == "reveal") out = reveal(req);
        else if (op == "challenge") out = challenge(session_, req, progress);
        else throw api::Error("bad request: unknown op '" + op + "'");
    } catch (const api::Error& e) {
        out = json::object{{"error", e.what()}};
    } catch (const std::bad_alloc&) {
        // The solver's tables are dropped with the session: a fresh one next time.
        session_ = api::Session();
        out = json::object{{"error", "out of memory: the browser gave the search no more memory"},
                           {"out_of_memory", true}};
    } catch (const InternalError& e) {
        out = json::object{{"error", std::string("internal error (a bug, please report it): ") + e.what()},
                           {"internal", true}};
    }
    return json::serialize(out);
}

}  // namespace pyr::web
