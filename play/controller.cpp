#include "play/controller.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <stdexcept>

#include "engine/deal_source.h"
#include "report/board_text.h"
#include "report/challenge.h"
#include "report/odds_hint.h"
#include "report/format.h"

namespace pyr::play {

namespace {
// Screen columns of UTF-8 text (every character here is one column wide).
int columns(const std::string& s) {
    int n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}
// The byte offset of column `col` in `s` (s.size() when it is shorter).
size_t column_offset(const std::string& s, int col) {
    int n = 0;
    for (size_t i = 0; i < s.size(); ++i)
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && n++ == col) return i;
    return s.size();
}
bool is_suit(int k, DeckKind d) { return k > 0 && k < 128 && std::strchr(deck_suits(d), std::toupper(k)) != nullptr; }
// The first character of a rank's name (a Queen's `q` is the quit key: see key()).
bool starts_rank(int k, DeckKind d) {
    if (k <= 0 || k >= 128) return false;
    if (d == DeckKind::Spanish48) return (k >= '1' && k <= '9') || k == 'a' || k == 'A';
    return std::strchr("aA23456789tTjJQkK1", k) != nullptr;
}
}  // namespace

Controller::~Controller() = default;

Controller::Controller(Game game, bool unicode, bool fair, std::optional<api::ChallengeRequest> challenge)
    : game_(std::move(game)), unicode_(unicode), fair_(fair), challenge_(std::move(challenge)) {
    board_ = std::make_shared<const Board>(game_.deal());
    layout_ = layout_board(game_.table(), unicode_ || game_.deal().deck() == DeckKind::Spanish48 ? 3 : 2);
    // The cursor starts on the tableau's bottom-left card (or the nearest one).
    const int last = static_cast<int>(game_.table().tableau().size()) - 1;
    const Cell* start = layout_.find(Spot{Spot::Tableau, last, 0});
    cursor_ = settle(layout_, start ? start->spot : Spot{}, start ? start->x : 0, last);
    if (challenge_) challenge_def_ = api::make_challenge(game_.variant(), *challenge_);  // (api::Error)
    update_unknown();
    update_made();
    message_ = to_name_ ? prompt() : end_message();
}

std::string Controller::name(Card c) const { return card_display(c, game_.deal().deck(), unicode_); }

std::string Controller::shown(Card c) const { return game_.unknown(c) ? std::string(kUnknownToken) : name(c); }

void Controller::update_unknown() {
    const std::vector<api::UnknownPlace> places = game_.unknown_places();
    unknown_count_ = places.size();
    unknown_text_ = api::unknown_places_text(places);
    // As solve: cards not seen only among the discards change nothing to come.
    unknown_in_play_ = std::any_of(places.begin(), places.end(),
                                   [](const api::UnknownPlace& p) { return p.name.rfind("discarded", 0) != 0; });
    // The waste's card under the one the last move took before a stock card turned up with it.
    to_name_ = places.empty() ? std::nullopt : api::place_to_ask(game_.deal(), game_.moves());
}

void Controller::update_made() {
    if (challenge_def_) made_ = api::challenge_made(game_.deal(), game_.moves(), *challenge_def_);
}

std::string Controller::challenge_units(int n) const {
    switch (challenge_def_->kind) {
        case ChallengeKind::Score: return std::to_string(n) + (n == 1 ? " point" : " points");
        case ChallengeKind::Cards:
            return std::to_string(n) + " " +
                   (n == 1 ? rank_text(challenge_def_->rank, game_.deal().deck())
                           : rank_plural(challenge_def_->rank, game_.deal().deck()));
        case ChallengeKind::Board: return std::to_string(n) + (n == 1 ? " board" : " boards");
    }
    return std::to_string(n);
}

std::string Controller::challenge_line() const {
    if (!challenge_) return challenge_over_;
    const std::string name = "challenge " + challenge_->kind;
    if (!challenge_->target) return name + ": " + challenge_units(made_.made) + " made in this deal";
    const int target = *challenge_->target, before = challenge_->current, total = before + made_.made;
    std::string s = name + " (target " + challenge_units(target) + "): " + std::to_string(total) + " made";
    s += before ? " (" + std::to_string(before) + " before this deal, " + std::to_string(made_.made) + " in it)"
                : std::string(" in this deal");
    if (challenge_->deals_left) {
        const int d = *challenge_->deals_left;
        s += "; " + std::to_string(d) + (d == 1 ? " deal" : " deals") + " left, this one included";
        if (made_.cleared) s += " (the board is cleared: this deal is free)";
    }
    if (total >= target) return s + "; the target is made";
    if (!challenge_->deals_left) return s;
    s += "; chance ";
    if (!challenge_answer_) return s + (unicode_ ? "searching\u2026" : "searching...");
    const ChallengeHint& h = *challenge_answer_;
    if (!h.error.empty()) return s + "unknown (" + h.error + ")";
    if (!h.answer || !h.answer->result->complete) return s + "unknown (the search budget ran out)";
    if (!h.answer->across) return s + "unknown (" + h.answer->note + ")";
    return s + chance_text(h.answer->across->probability, h.answer->across->interval, false) + " from here";
}

std::string Controller::prompt() const {
    const std::string what = *to_name_ == "stock card 1" ? "the next card" : "the card at " + *to_name_;
    const bool spanish = game_.deal().deck() == DeckKind::Spanish48;
    return what + " is ...? (not seen yet) type it as your game shows it (" +
           (spanish ? "e.g. 11e, 1o" : "e.g. qh, 10s") + (game_.can_undo() ? "; u: undo)" : ")");
}

void Controller::name_card(Card c) {
    const std::string place = *to_name_;
    if (auto why = game_.reveal(place, c)) {  // api::reveal's words: "cannot name JD at stock card 1: ..."
        say(*why + "; type the card your game shows");
        return;
    }
    board_ = std::make_shared<const Board>(game_.deal());
    message_.clear();
    changed();
    const std::string named = (place == "stock card 1" ? "the next card is " : "the card at " + place + " is ") +
                              name(c);
    if (to_name_) message_ = named + "; " + prompt();
    else if (message_.empty())
        message_ = named + (unknown_count_ ? "; cards not seen: " + std::to_string(unknown_count_)
                                           : "; every card is seen now");
}

void Controller::say(const std::string& engine_message) {
    message_ = cards_in_message(engine_message, game_.deal().deck(), TextStyle{unicode_, false});
}

std::string Controller::title() const {
    const Variant& v = game_.variant();
    std::string t = "pyramid play   " + v.name + ": " + v.title;
    // (short enough for 80 columns with msc's title)
    t += !game_.seed().empty()   ? "   deal " + game_.seed()
         : game_.deal().position ? std::string("   a position")
                                 : std::string("   cards given");
    return t;
}

std::string Controller::counts() const {
    const Variant& v = game_.variant();
    const Table& t = game_.table();
    std::string s = "moves " + std::to_string(game_.moves().size());
    s += "   " + std::string(v.shape == TableauShape::Triangle ? "triangle " : "pyramid ") +
         std::to_string(game_.tableau_left()) + " left";
    s += "   cards in play " + std::to_string(game_.cards_left());
    if (t.has_stock() && v.wastes > 0) {
        if (v.unlimited_passes()) {
            s += "   pass " + std::to_string(t.pass()) + " (unlimited)";
        } else {
            const int left = v.passes - t.pass();
            s += "   pass " + std::to_string(t.pass()) + " of " + std::to_string(v.passes) + " (" +
                 (left == 0 ? std::string("no redeal left")
                            : std::to_string(left) + (left == 1 ? " redeal" : " redeals") + " left") +
                 ")";
        }
    }
    return s;
}

std::string Controller::odds_line() const {
    const std::string seen = std::to_string(unknown_count_) + (unknown_count_ == 1 ? " card" : " cards") +
                             " not seen (" + unknown_text_ + ")";
    if (to_name_) return "odds: once the card is named; " + seen;
    if (!analysis_) {
        if (analysis_done_.second)
            return "odds: " + std::to_string(analysis_done_.first) + " of " + std::to_string(analysis_done_.second) +
                   " orders solved" + (unicode_ ? "\u2026" : "...") + "; " + seen;
        return std::string(unicode_ ? "odds: searching\u2026; " : "odds: searching...; ") + seen;
    }
    const Analysis& a = *analysis_;
    if (!a.error.empty()) return "odds: none (" + a.error + ")";
    if (!a.odds) return "verdict: " + verdict_words(a, game_.variant());
    const api::Odds& o = *a.odds;
    return "odds: winnable in " + odds_share_text(o, o.wins, o.intractable) +
           (o.exact ? " orders (every order)" : " sampled orders") + "; " + seen;
}

std::string Controller::verdict() const {
    if (game_.won()) return "verdict: won";
    if (unknown_in_play_) return odds_line();
    if (fair_) return "verdict: hidden (--fair: the exact verdict knows the stock's order)   o: odds without peeking";
    if (!analysis_) return unicode_ ? "verdict: searching\u2026" : "verdict: searching...";
    return "verdict: " + verdict_words(*analysis_, game_.variant());
}

std::string Controller::key_bar(int width) {
    // Left out first when the line is too narrow, in this order.
    static const char* const kKeys[] = {"?:help", "h:hint",  "o:odds",    "d:draw",     "r:redeal",
                                        "u:undo", "^Y:redo", "s:restart", "n:new deal", "q q:quit"};
    static const int kDropOrder[] = {7, 6, 8, 4, 2};
    const int room = width - 2;  // drawn from column 1, one column spare
    std::vector<bool> shown(std::size(kKeys), true);
    auto line = [&](const char* gap) {
        std::string s;
        for (size_t i = 0; i < shown.size(); ++i)
            if (shown[i]) s += (s.empty() ? "" : gap) + std::string(kKeys[i]);
        return s;
    };
    for (size_t drop = 0;; ++drop) {
        for (const char* gap : {"  ", " "})
            if (std::string s = line(gap); columns(s) <= room) return s;
        if (drop == std::size(kDropOrder)) return line(" ");  // narrower than any screen play draws on
        shown[kDropOrder[drop]] = false;
    }
}

std::vector<std::string> wrap_line(const std::string& line, int width, int indent) {
    std::vector<std::string> out;
    std::string rest = line;
    bool first = true;
    while (width > indent + 1 && columns(rest) > width) {
        const size_t lead = first ? 0 : static_cast<size_t>(indent);
        size_t cut = rest.rfind(' ', column_offset(rest, width));
        if (cut == std::string::npos || cut <= lead + 1) cut = column_offset(rest, width);  // one long word: cut it
        out.push_back(rest.substr(0, cut));
        const size_t next = rest.find_first_not_of(' ', cut);
        rest = std::string(indent, ' ') + (next == std::string::npos ? "" : rest.substr(next));
        first = false;
    }
    out.push_back(rest);
    return out;
}

std::vector<std::string> Controller::help_lines(int width) const {
    std::vector<std::string> out;
    for (const std::string& line : help_lines()) {
        // A key's line ("u, Ctrl+Z             undo") continues under its text.
        const size_t gap = line.find("  ");
        const size_t text = gap == std::string::npos ? std::string::npos : line.find_first_not_of(' ', gap);
        const int indent = text != std::string::npos && text < 30 ? columns(line.substr(0, text)) : 0;
        for (auto& l : wrap_line(line, width, indent)) out.push_back(std::move(l));
    }
    return out;
}

std::vector<std::vector<std::string>> Controller::help_pages() const {
    std::vector<std::string> lines = screen_w_ > 0 ? help_lines(screen_w_ - 3) : help_lines();
    const std::string back = lines.back();  // "Press any key to go back to the game."
    lines.pop_back();
    if (!lines.empty() && lines.back().empty()) lines.pop_back();
    const size_t rows = screen_h_ > 1 ? static_cast<size_t>(screen_h_ - 1) : SIZE_MAX;
    if (rows == SIZE_MAX || lines.size() + 2 <= rows) {
        lines.push_back("");
        lines.push_back(back);
        return {lines};
    }
    const size_t body = rows > 3 ? rows - 2 : 1;  // a page: its lines, a blank line, how to go on
    const size_t n = (lines.size() + body - 1) / body;
    std::vector<std::vector<std::string>> pages;
    for (size_t p = 0; p < n; ++p) {
        const auto from = lines.begin() + static_cast<std::ptrdiff_t>(p * body);
        std::vector<std::string> page(from,
                                      from + static_cast<std::ptrdiff_t>(std::min(body, lines.size() - p * body)));
        page.push_back("");
        const std::string of = std::to_string(p + 1) + " of " + std::to_string(n);
        page.push_back(p + 1 < n ? "Space: the next page (" + of + "); any other key: back to the game."
                                 : back + " (page " + of + ")");
        pages.push_back(std::move(page));
    }
    return pages;
}

std::vector<std::string> Controller::help_page() const {
    const auto pages = help_pages();
    return pages[std::min(help_page_, pages.size() - 1)];
}

std::vector<std::string> Controller::help_lines() const {
    const Variant& v = game_.variant();
    const DeckKind d = v.deck;
    const bool spanish = d == DeckKind::Spanish48;
    const std::string q = name(Card{static_cast<uint8_t>(spanish ? 11 : 12), 2});
    const std::string lone = v.lone_rank == 13 ? "a King" : "a " + rank_text(v.lone_rank, d);
    const bool unseen = game_.deal().has_unknown();
    const std::string h =
        unknown_in_play_
            ? "h                     (off while cards are not seen: a shortest solution assumes their order)"
        : fair_ ? "h                     (hidden with --fair: the exact hint knows the stock's order)"
        : challenge_
            ? "h                     hint: the next move of the challenge's line (" + challenge_->kind + ") from here"
            : "h                     hint: the next move of a shortest solution from here (it knows the "
              "stock's order)";
    std::vector<std::string> lines = {
        "pyramid play: remove two playable cards whose ranks sum to " + std::to_string(v.target) + "; " + lone +
            " goes alone.",
        "A card is playable when no card covers it. Clear " + goal_words(v) + " to win.",
        "",
        "arrows, Enter/space   move to a card and select it; on the stock, draw",
        "mouse click           select the card (or draw from the stock)",
        std::string("type a card's name    ") +
            (spanish ? "e.g. 11e, 1o: selects it" : "e.g. qh, 10s, ts, as: selects it (q then a suit: a Queen)"),
        "second card           pairs with the first when they sum to " + std::to_string(v.target) + "; again: deselect",
        "d / space on stock    draw",
        "r                     redeal (a new pass through the stock), when one is left",
        "u, Ctrl+Z             undo",
        "Ctrl+Y, Ctrl+Shift+Z  redo",
        h,
        "o, f                  best play without peeking: your chance (exact, or proven bounds) and its move "
        "(where not exact, the planner's), beside the share of the orders you could win seeing the stock",
        "s                     restart the same deal (redo replays the moves)",
        challenge_ && challenge_->target
            ? "n                     the next deal (the next seed): the challenge goes on with what this deal made"
            : "n                     a new deal (the next seed)",
        "Esc                   deselect; stop the no-peek hint being computed",
        "q q (or q y)          quit (Ctrl+C quits at once)",
        "?                     this help",
        "",
        "[" + q + "] playable   <" + q + "> selected   {" + q + "} the hint   " + q + " covered",
        "The verdict line is the solver's exact word on the position after every move:",
        "winnable in N moves (a shortest solution), lost, or unknown (search budget).",
        "",
        "Press any key to go back to the game.",
    };
    if (unseen)  // before "[Q♥] playable ...": the cards not seen, and the odds line
        lines.insert(lines.end() - 5, {"?? is a card not seen: play asks for it when a move could take it (type it).",
                                       "While cards are not seen the verdict line gives the odds, as pyramid solve",
                                       "does, h is off and o gives the best move without peeking.", ""});
    return lines;
}

std::optional<Move> Controller::hint() const {
    if (nopeek_hint_) return nopeek_hint_;
    if (fair_ || !hint_wanted_ || unknown_in_play_) return std::nullopt;
    if (challenge_) {
        if (!challenge_answer_ || challenge_answer_->line.empty()) return std::nullopt;
        return challenge_answer_->line.front();
    }
    if (!analysis_) return std::nullopt;
    return analysis_->hint;
}

void Controller::analysed(const Analysis& a) {
    if (a.id != position_) return;
    analysis_ = a;
    if (hint_wanted_ && !challenge_) show_hint();
}

void Controller::analysis_progress(uint64_t done, uint64_t total) { analysis_done_ = {done, total}; }

void Controller::challenged(const ChallengeHint& h) {
    if (h.id != position_) return;
    challenge_answer_ = h;
    if (hint_wanted_) show_hint();
}

void Controller::show_challenge_hint() {
    const std::string what = "challenge " + challenge_->kind;
    if (!challenge_answer_) {
        message_ = "hint (" + what + (unicode_ ? "): searching\u2026" : "): searching...");
        return;
    }
    const ChallengeHint& h = *challenge_answer_;
    const DeckKind d = game_.deal().deck();
    if (!h.error.empty()) message_ = "hint: none (" + h.error + ")";
    else if (!h.answer || !h.answer->result->complete)
        message_ = "hint: none, the " + what + "'s search budget ran out";
    else if (h.line.empty())
        message_ = "hint: none, " + std::string(h.answer->challenge->kind == ChallengeKind::Board
                                                    ? "the board cannot be cleared from here"
                                                    : "no move adds to the " + what + " from here");
    else message_ = "hint: " + move_people(h.line.front(), d, TextStyle{unicode_, false}) + " (" + h.name + ")";
}

void Controller::show_odds() {
    if (game_.won()) {
        message_ = "no-peek hint: none needed, the goal is reached";
        return;
    }
    if (unknown_in_play_ && to_name_) {  // the moves differ with the card turned up: name it first
        message_ = prompt();
        return;
    }
    if (odds_wanted_) return;  // already on its way
    hint_wanted_ = false;
    nopeek_hint_.reset();
    odds_wanted_ = ++odds_requests_;
    odds_done_ = {0, 0};
    message_ = unicode_ ? "no-peek hint: trying the orders of the cards not seen\u2026 (Esc stops)"
                        : "no-peek hint: trying the orders of the cards not seen... (Esc stops)";
}

std::string Controller::odds_how(uint64_t done, uint64_t total) const {
    return std::to_string(done) + " of " + std::to_string(total) + " orders";
}

void Controller::odds_progress(uint64_t done, uint64_t total) {
    if (!odds_wanted_ || total == 0) return;
    odds_done_ = {done, total};
    const std::string dots = unicode_ ? "\u2026" : "...";
    if (optimum_states_ && done == total)
        message_ = "no-peek hint: " + odds_how(done, total) + " solved; best play without peeking: searching up to " +
                   std::to_string(optimum_states_) + " states" + dots + " (Esc stops)";
    else message_ = "no-peek hint: " + odds_how(done, total) + " solved" + dots + " (Esc stops)";
}

void Controller::odds_answered(const OddsAnswer& a) {
    if (!odds_wanted_ || a.id != *odds_wanted_) return;
    odds_wanted_.reset();
    if (!a.error.empty()) {
        message_ = "no-peek hint: none (" + a.error + ")";
        return;
    }
    const api::Odds& r = a.odds;
    nopeek_hint_.reset();
    if (a.optimum) {  // the best play without peeking: its move is the hint
        nopeek_hint_ = optimum_hint_move(*a.optimum);
        message_ = optimum_hint_text(*a.optimum, &r, game_.deal().deck(), TextStyle{unicode_, false});
        return;
    }
    const api::MoveOdds* best = nullptr;
    for (const auto& m : r.moves)
        if (m.best) best = &m;
    if (best && best->wins) nopeek_hint_ = best->move;
    message_ = nopeek_hint_text(r, best, game_.deal().deck(), TextStyle{unicode_, false});
}

void Controller::show_hint() {
    if (unknown_in_play_) {
        message_ = "hint: off while cards are not seen: a shortest solution would assume an order of the " +
                   std::to_string(unknown_count_) + " (o: the hint without peeking)";
        return;
    }
    if (fair_) {
        message_ = "hint: hidden (--fair: the exact hint knows the stock's order); o: the hint without peeking";
        return;
    }
    hint_wanted_ = true;
    if (game_.won()) {
        message_ = "hint: none needed, the goal is reached";
        return;
    }
    if (challenge_) {
        show_challenge_hint();
        return;
    }
    if (!analysis_) {
        message_ = unicode_ ? "hint: searching\u2026" : "hint: searching...";
        return;
    }
    const Analysis& a = *analysis_;
    if (a.verdict == Verdict::Win && a.hint) {
        const DeckKind d = game_.deal().deck();
        message_ = "hint: " + move_people(*a.hint, d, TextStyle{unicode_, false}) + " (" +
                   (a.optimal ? "shortest solution from here: " : "a solution from here, not proved shortest: ") +
                   std::to_string(a.moves) + " moves)";
    } else if (a.verdict == Verdict::Lose) {
        message_ = "hint: none, the position is lost";
    } else {
        message_ = "hint: none, the search budget ran out";
    }
}

std::string Controller::end_message() const {
    if (game_.won())
        return "You won! Cleared " + goal_words(game_.variant()) + " in " + std::to_string(game_.moves().size()) +
               " moves.  s: play it again   n: new deal   q q: quit";
    if (to_name_) return "";  // the card to name decides what moves there are
    if (game_.stuck()) return "No moves left: the game is lost.  u: undo   s: restart   n: new deal   q q: quit";
    return "";
}

void Controller::changed() {
    ++position_;
    analysis_.reset();
    analysis_done_ = {0, 0};
    challenge_answer_.reset();
    update_made();
    hint_wanted_ = false;
    nopeek_hint_.reset();
    odds_wanted_.reset();  // the no-peek hint asked for the position left is moot
    update_unknown();
    const Cell* was = layout_.find(cursor_);
    const int x = was ? was->x : 0, y = was ? was->y : 0;
    layout_ = layout_board(game_.table(), layout_.card_width);
    cursor_ = settle(layout_, cursor_, x, y);
    if (selected_ && !game_.in_view(*selected_)) selected_.reset();
    if (const std::string end = end_message(); !end.empty()) message_ = end;
    if (to_name_) message_ = prompt();
}

void Controller::play(const Move& m) {
    if (to_name_) {  // what is legal depends on the card not named yet
        message_ = prompt();
        return;
    }
    if (auto why = game_.play(m)) {
        say(*why);
        return;
    }
    message_.clear();
    selected_.reset();
    changed();
}

void Controller::draw() { play(Move::draw()); }
void Controller::redeal() { play(Move::redeal()); }

void Controller::select(Card c) {
    const DeckKind d = game_.deal().deck();
    if (game_.unknown(c)) {  // (never named: what the placeholder holds says nothing)
        // A card not seen that a move may take: the one pointed at is the one
        // asked for (a waste's before the stock's, when that is the one played).
        for (const auto& p : game_.table().unseen_places())
            if (p.card == c && p.playable) to_name_ = p.name;
        message_ = to_name_ ? prompt() : "?? is a card not seen: you name it when a move can take it";
        return;
    }
    if (!game_.in_view(c)) {
        message_ = name(c) + " is not on the table (removed, or inside the stock)";
        return;
    }
    if (const Cell* cell = layout_.find_card(c); cell && cell->pointable) cursor_ = cell->spot;
    if (selected_ == c) {
        selected_.reset();
        message_ = name(c) + " deselected";
        return;
    }
    if (selected_) {
        const Card first = *selected_;
        selected_.reset();
        play(Move::pair(first, c));  // the verifier says whether they pair
        return;
    }
    if (c.rank == game_.variant().lone_rank) {
        play(Move::single(c));
        return;
    }
    // A covered card can only be selected to pair with the card covering it
    // (the overlap rule); otherwise say so now, in the verifier's words.
    if (!game_.playable(c) && !game_.variant().overlap) {
        say(card_text(c, d) + " is not playable");
        return;
    }
    selected_ = c;
    message_ = name(c) + " selected: now a card to pair it with (the two sum to " +
               std::to_string(game_.variant().target) + ")";
}

void Controller::activate(const Spot& s) {
    cursor_ = s;
    const Cell* cell = layout_.find(s);
    if (!cell) return;
    if (s.kind == Spot::StockPile) {
        if (game_.table().stock().empty()) {
            // Clicking the empty stock turns the waste over, when a pass is left.
            bool redeal_ok = false;
            for (const Move& m : game_.table().legal_moves()) redeal_ok |= m.kind == Move::Redeal;
            if (redeal_ok) redeal();
            else draw();  // refused: the verifier says why
        } else {
            draw();
        }
        return;
    }
    if (cell->card) select(*cell->card);
}

void Controller::click(int x, int y) {
    if (help_) {
        help_ = false;
        help_page_ = 0;
        return;
    }
    if (const Cell* c = layout_.at(x, y)) activate(c->spot);
}

void Controller::new_deal() {
    if (game_.seed().empty()) {
        message_ = "no next deal: this deal was given as cards, not as a seed (start pyramid play --seed N for "
                   "numbered deals)";
        return;
    }
    try {
        const std::string next = next_seed(game_.seed());
        game_ = Game(deal_from_seed(game_.variant(), next), next);
    } catch (const std::invalid_argument& e) {
        message_ = std::string("no next deal: ") + e.what();
        return;
    }
    board_ = std::make_shared<const Board>(game_.deal());
    selected_.reset();
    message_ = "deal " + game_.seed();
    // A challenge with a target carries what the deal left made (its deals
    // left lose it unless its board was cleared), or ends here.
    if (challenge_ && challenge_->target) {
        const api::ChallengeCarry carry = api::carry_challenge(*challenge_, made_);
        const int deals = challenge_deal_, target = *challenge_->target;
        const std::string name = "challenge " + challenge_->kind;
        const std::string in = " in " + std::to_string(deals) + (deals == 1 ? " deal" : " deals");
        if (carry.completed || carry.failed) {
            challenge_over_ = name + (carry.completed ? " completed: " : " not completed: ") +
                              std::to_string(carry.next.current) + " of " + challenge_units(target) + " made" + in +
                              (carry.failed ? ", no deal left" : "");
            message_ += "; " + challenge_over_;
            challenge_.reset();
            challenge_def_.reset();
        } else {
            message_ += "; " + name + " carried: " + std::to_string(carry.next.current) + " made so far" +
                        (carry.next.deals_left ? ", " + std::to_string(*carry.next.deals_left) +
                                                     (*carry.next.deals_left == 1 ? " deal" : " deals") + " left" +
                                                     (made_.cleared ? " (the cleared board's deal was free)" : "")
                                               : std::string());
            challenge_ = carry.next;
            ++challenge_deal_;
        }
    }
    changed();
}

void Controller::typed_key(int k) {
    const DeckKind d = game_.deal().deck();
    if (k == kBackspace) {
        typed_.pop_back();
        message_ = typed_.empty() ? "" : "typed " + typed_;
        return;
    }
    if (is_suit(k, d)) {
        const std::string text = typed_ + static_cast<char>(k);
        typed_.clear();
        if (auto c = parse_card(text, d)) {
            if (to_name_) name_card(*c);
            else select(*c);
        } else message_ = "no card '" + text + "'";
        return;
    }
    // Ranks of two characters: 10 (and 11, 12 in the Spanish deck).
    if (typed_ == "1" && (k == '0' || (d == DeckKind::Spanish48 && (k == '1' || k == '2')))) {
        typed_ += static_cast<char>(k);
        message_ = "typed " + typed_ + ": now its suit";
        return;
    }
    typed_.clear();
    message_.clear();
    if (k != kEscape) key(k);  // not part of a name: the key does what it always does
}

void Controller::key(int k) {
    const DeckKind d = game_.deal().deck();
    if (k == kInterrupt) {
        quit_ = true;
        return;
    }
    if (help_) {
        // Space turns the help's page; any other key goes back to the game.
        if (k == ' ' && help_page_ + 1 < help_pages().size()) {
            ++help_page_;
            return;
        }
        help_ = false;
        help_page_ = 0;
        return;
    }
    if (quit_pending_) {
        quit_pending_ = false;
        if (k == 'q' || k == 'Q' || k == 'y' || k == 'Y' || k == kEnter) {
            quit_ = true;
            return;
        }
        if (d == DeckKind::Standard52 && is_suit(k, d)) {
            typed_ = "Q";
            typed_key(k);
            return;
        }
        message_.clear();  // not quitting; the key does what it always does
    }
    if (!typed_.empty()) {
        typed_key(k);
        return;
    }
    switch (k) {
        case kUp: cursor_ = step(layout_, cursor_, Direction::Up); return;
        case kDown: cursor_ = step(layout_, cursor_, Direction::Down); return;
        case kLeft: cursor_ = step(layout_, cursor_, Direction::Left); return;
        case kRight: cursor_ = step(layout_, cursor_, Direction::Right); return;
        case kEnter:
        case ' ': activate(cursor_); return;
        case 'd':
        case 'D': draw(); return;
        case 'r':
        case 'R': redeal(); return;
        case 'u':
        case 'U':
        case kUndo:
            message_ = game_.can_undo() ? "undone" : "nothing to undo";
            if (game_.undo()) changed();
            return;
        case kRedo:
            message_ = game_.can_redo() ? "redone" : "nothing to redo";
            if (game_.redo()) changed();
            return;
        case 'h':
        case 'H': show_hint(); return;
        case 'o':
        case 'O':
        case 'f':
        case 'F': show_odds(); return;
        case 's':
        case 'S':
            message_ = game_.can_undo() ? "restarted: the same deal (Ctrl+Y replays the moves)"
                                        : "already at the start";
            if (game_.restart()) changed();
            return;
        case 'n':
        case 'N': new_deal(); return;
        case 'q':
            quit_pending_ = true;
            message_ = d == DeckKind::Standard52 ? "quit? q or y quits; a suit letter (c d h s) types a Queen"
                                                 : "quit? q or y quits";
            return;
        case '?':
            help_ = true;
            help_page_ = 0;
            return;
        case kEscape:
            if (odds_wanted_) {
                odds_wanted_.reset();
                message_ = "no-peek hint: stopped" +
                           (odds_done_.second ? " (" + odds_how(odds_done_.first, odds_done_.second) + " solved)"
                                              : std::string());
                return;
            }
            if (selected_) message_ = name(*selected_) + " deselected";
            selected_.reset();
            return;
        default: break;
    }
    if (starts_rank(k, d)) {
        typed_ = std::string(1, static_cast<char>(std::toupper(k)));
        message_ = "typed " + typed_ + ": now its suit (" + deck_suits(d) + ")";
        return;
    }
    if (k > ' ' && k < 127) message_ = std::string("key '") + static_cast<char>(k) + "' does nothing here (? for help)";
}

}  // namespace pyr::play
