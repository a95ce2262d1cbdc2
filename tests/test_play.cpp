// `pyramid play` without a terminal: the game (verifier position plus move
// list), the controller driven by keys as a player types them, the layout's
// arrow-key moves and clicks, and the analyst (verdict and hint as `solve
// --hint` computes them). tests/play_tmux_test.sh drives the real screen.
#include <catch2/catch.hpp>

#include <chrono>
#include <sstream>
#include <thread>

#include "api/api.h"
#include "api/results.h"
#include "engine/deal_source.h"
#include "engine/position.h"
#include "engine/scoring.h"
#include "play/analyst.h"
#include "play/controller.h"
#include "play/game.h"
#include "play/layout.h"
#include "report/challenge.h"
#include "report/format.h"
#include "report/odds_hint.h"
#include "report/summary.h"
#include "report/board_text.h"
#include "solver/nopeek.h"
#include "solver/solver.h"
#include "tests/corpus.h"
#include "tests/nopeek_reference.h"
#include "tests/support.h"

using namespace pyr;
using namespace pyr::play;

namespace {

Variant preset(const std::string& name) { return *find_preset(name); }

// The keys a player types for a move: d, r, or the cards' names (lowercase,
// so a Queen goes through the quit key's "q then a suit").
std::vector<int> keys_for(const Move& m, DeckKind d) {
    auto name = [&](Card c) {
        std::vector<int> k;
        for (char ch : card_text(c, d)) k.push_back(std::tolower(static_cast<unsigned char>(ch)));
        return k;
    };
    switch (m.kind) {
        case Move::Draw: return {'d'};
        case Move::Redeal: return {'r'};
        case Move::Single: return name(m.a);
        case Move::Pair: {
            auto k = name(m.a), b = name(m.b);
            k.insert(k.end(), b.begin(), b.end());
            return k;
        }
    }
    return {};
}

void type(Controller& c, const std::vector<int>& keys) {
    for (int k : keys) c.key(k);
}

SolveResult shortest(const Board& board, const std::vector<Move>& played) {
    Solver solver;
    SolveOptions so;
    so.optimal = true;
    std::string why;
    return solver.solve(board, *board.play(played, &why), so);
}

}  // namespace

TEST_CASE("play: a move is legal exactly when the verifier plays it, and undo and redo replay the list", "[play]") {
    Game g(deal_from_seed(preset("msc"), "1"), "1");
    const std::string start = g.table().key();
    auto legal = g.table().legal_moves();
    REQUIRE(!legal.empty());
    // An illegal move is refused with the verifier's reason and changes nothing.
    Table probe = g.table();
    const Move bad = Move::pair(g.table().tableau()[0][0].value(), g.table().tableau()[1][0].value());
    const auto why = probe.apply(bad);
    REQUIRE(why);
    CHECK(g.play(bad) == why);
    CHECK(g.table().key() == start);
    CHECK(g.moves().empty());

    const SolveResult r = shortest(Board(g.deal()), {});
    REQUIRE(r.verdict == Verdict::Win);
    std::vector<std::string> keys{start};
    for (size_t i = 0; i < 6; ++i) {
        REQUIRE(!g.play(r.solution[i]));
        keys.push_back(g.table().key());
    }
    for (int i = 5; i >= 0; --i) {
        REQUIRE(g.undo());
        CHECK(g.table().key() == keys[i]);
    }
    CHECK_FALSE(g.undo());
    REQUIRE(g.redo());
    REQUIRE(g.redo());
    CHECK(g.table().key() == keys[2]);
    // Playing the move redo would play keeps the redo list; another move drops it.
    REQUIRE(!g.play(r.solution[2]));
    CHECK(g.can_redo());
    REQUIRE(g.undo());
    const auto other = g.table().legal_moves();
    const Move different = other.front() == r.solution[2] ? other.back() : other.front();
    REQUIRE(!(different == r.solution[2]));
    REQUIRE(!g.play(different));
    CHECK_FALSE(g.can_redo());
    // Restart puts every move on the redo list, in order.
    const std::vector<Move> before = g.moves();
    const std::string end = g.table().key();
    REQUIRE(g.restart());
    CHECK(g.table().key() == start);
    while (g.redo()) {
    }
    CHECK(g.moves() == before);
    CHECK(g.table().key() == end);
}

TEST_CASE("play: no label of the board overlaps a card or another label", "[play]") {
    // Every preset, its cards 2 and 3 columns wide, along a game that draws
    // whenever it can (the wastes fill up: counts of two digits) and else
    // plays its first legal move.
    auto cols = [](const std::string& s) {
        int n = 0;
        for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
        return n;
    };
    for (const char* name : {"msc", "relaxed", "pyramid", "cheops", "pharaohs", "solitarium", "classic", "giza",
                             "tuts-tomb", "apophis", "triangle", "spanish"}) {
        CAPTURE(name);
        const Variant v = preset(name);
        Game g(deal_from_seed(v, "1"), "1");
        for (int step = 0; step < 120 && !g.won(); ++step) {
            CAPTURE(step);
            for (int cw : {2, 3}) {
                const Layout l = layout_board(g.table(), cw);
                for (size_t i = 0; i < l.labels.size(); ++i) {
                    const Label& a = l.labels[i];
                    CAPTURE(a.text);
                    const int end = a.x + cols(a.text);
                    for (const Cell& c : l.cells)
                        if (c.y == a.y) CHECK((end <= c.x || c.x + c.w <= a.x));
                    for (size_t j = i + 1; j < l.labels.size(); ++j)
                        if (l.labels[j].y == a.y)
                            CHECK((end <= l.labels[j].x || l.labels[j].x + cols(l.labels[j].text) <= a.x));
                }
            }
            const auto legal = g.table().legal_moves();
            if (legal.empty()) break;
            Move m = legal.front();
            for (const Move& x : legal)
                if (x.kind == Move::Draw) m = x;
            REQUIRE_FALSE(g.play(m));
        }
    }
}

TEST_CASE("play: typing a shortest solution's card names wins the game", "[play]") {
    for (const char* name : {"msc", "pyramid", "giza", "apophis", "triangle", "spanish"}) {
        CAPTURE(name);
        const Variant v = preset(name);
        // The first deal of the preset that is won (the solver says which).
        for (int seed = 1;; ++seed) {
            REQUIRE(seed < 40);
            Controller c(Game(deal_from_seed(v, std::to_string(seed)), std::to_string(seed)), false);
            const SolveResult r = shortest(*c.board(), {});
            if (r.verdict != Verdict::Win) continue;
            CAPTURE(seed);
            for (const Move& m : r.solution) {
                CAPTURE(move_text(m, v.deck));
                const size_t before = c.game().moves().size();
                type(c, keys_for(m, v.deck));
                REQUIRE(c.game().moves().size() == before + 1);
                CHECK(c.game().moves().back() == m);
                CHECK_FALSE(c.quit());
            }
            CHECK(c.game().won());
            CHECK(c.message().rfind("You won!", 0) == 0);
            CHECK(c.verdict() == "verdict: won");
            break;
        }
    }
}

TEST_CASE("play: selecting, deselecting, Kings alone and refused pairs", "[play]") {
    const Variant v = preset("msc");
    Controller c(Game(deal_from_seed(v, "1"), "1"), false);
    const Table& t = c.game().table();
    const auto playable = t.playable();
    // Two playable cards that do not pair: refused in the verifier's words.
    Card a{}, b{};
    bool found = false;
    for (Card x : playable)
        for (Card y : playable)
            if (!found && !(x == y) && x.rank + y.rank != 13 && x.rank != 13 && y.rank != 13)
                a = x, b = y, found = true;
    REQUIRE(found);
    type(c, keys_for(Move::single(a), v.deck));
    REQUIRE(c.selected() == a);
    // The same card again deselects it.
    type(c, keys_for(Move::single(a), v.deck));
    CHECK_FALSE(c.selected());
    CHECK(c.message() == card_text(a, v.deck) + " deselected");
    type(c, keys_for(Move::pair(a, b), v.deck));
    Table probe = t;
    CHECK(c.message() == *probe.apply(Move::pair(a, b)));
    CHECK_FALSE(c.selected());
    CHECK(c.game().moves().empty());
    // A covered card cannot be selected (no overlap rule).
    const Card covered = t.tableau()[0][0].value();
    type(c, keys_for(Move::single(covered), v.deck));
    CHECK_FALSE(c.selected());
    CHECK(c.message() == card_text(covered, v.deck) + " is not playable");
    // A playable King goes alone at once.
    const Board& board = *c.board();
    std::string why;
    for (const Move& m : shortest(board, {}).solution) {
        if (m.kind == Move::Single) {
            type(c, keys_for(m, v.deck));
            CHECK(c.game().moves().back() == m);
            break;
        }
        type(c, keys_for(m, v.deck));
    }
    // Esc cancels a half-typed name; the quit key asks first.
    c.key('k');
    c.key(kEscape);
    CHECK(c.typed().empty());
    c.key('q');
    CHECK_FALSE(c.quit());
    c.key('x');
    CHECK_FALSE(c.quit());
    c.key('q');
    c.key('q');
    CHECK(c.quit());
}

TEST_CASE("play: the arrow keys walk the pyramid, Enter and clicks select, the stock draws", "[play]") {
    const Variant v = preset("msc");
    Controller c(Game(deal_from_seed(v, "1"), "1"), true);
    const Layout& l = c.layout();
    CHECK(l.card_width == 3);
    // The cursor starts on the bottom row's first card.
    CHECK(c.cursor() == Spot{Spot::Tableau, 6, 0});
    c.key(kRight);
    CHECK(c.cursor() == Spot{Spot::Tableau, 6, 1});
    c.key(kUp);
    const Spot up = c.cursor();
    CHECK(up.kind == Spot::Tableau);
    CHECK(up.i == 5);
    c.key(kDown);
    c.key(kDown);
    CHECK((c.cursor().kind == Spot::StockPile || c.cursor().kind == Spot::StockTop));
    c.key(kLeft);
    c.key(kLeft);
    CHECK(c.cursor().kind == Spot::StockPile);
    // Enter on the stock draws; space too.
    c.key(kEnter);
    CHECK(c.game().moves() == std::vector<Move>{Move::draw()});
    c.key(' ');
    CHECK(c.game().moves().size() == 2);
    // A click on a playable card selects it.
    const Cell* cell = nullptr;
    for (int col = 0; col < 7 && !cell; ++col)
        if (const Cell* x = c.layout().find({Spot::Tableau, 6, col}); x && x->card->rank != 13) cell = x;
    REQUIRE(cell);
    c.click(cell->x + 1, cell->y);
    CHECK(c.selected() == cell->card);
    CHECK(c.cursor() == cell->spot);
    // Every pointable cell can be reached from the start by the arrow keys.
    Controller d(Game(deal_from_seed(v, "1"), "1"), false);
    std::vector<Spot> seen{d.cursor()};
    for (size_t i = 0; i < seen.size(); ++i)
        for (Direction dir : {Direction::Left, Direction::Right, Direction::Up, Direction::Down}) {
            const Spot s = step(d.layout(), seen[i], dir);
            if (std::find(seen.begin(), seen.end(), s) == seen.end()) seen.push_back(s);
        }
    size_t pointable = 0;
    for (const Cell& x : d.layout().cells) pointable += x.pointable;
    CHECK(seen.size() == pointable);
}

TEST_CASE("play: the hint is the first move of a shortest solution, and following hints wins", "[play]") {
    const Variant v = preset("msc");
    api::Session session;
    std::vector<Move> moves;
    // The first won deal (the solver says which).
    int seed = 1;
    while (analyse(session, deal_from_seed(v, std::to_string(seed)), {}, AnalystOptions{})->verdict != Verdict::Win)
        ++seed;
    const Deal deal = deal_from_seed(v, std::to_string(seed));
    const Board board(deal);
    auto a = analyse(session, deal, moves, AnalystOptions{});
    REQUIRE(a);
    REQUIRE(a->verdict == Verdict::Win);
    REQUIRE(a->optimal);
    const int n = a->moves;
    CHECK(verdict_words(*a, v) == "winnable in " + std::to_string(n) + " moves");
    // As `solve --hint`: the first move of the optimal search's solution.
    CHECK(a->hint == shortest(board, moves).solution.front());
    // A shortest solution's next move leaves one move fewer, every time.
    for (int left = n; left > 0; --left) {
        REQUIRE(a);
        REQUIRE(a->moves == left);
        REQUIRE(a->hint);
        moves.push_back(*a->hint);
        a = analyse(session, deal, moves, AnalystOptions{});
    }
    const Replay line = replay(deal, moves);
    REQUIRE(line.legal());
    CHECK(line.won());
    CHECK(verdict_words(*a, v) == "won");
}

TEST_CASE("play: the analyst answers the latest position in the background", "[play]") {
    const Variant v = preset("msc");
    Controller c(Game(deal_from_seed(v, "1"), "1"), false);
    Analyst analyst(AnalystOptions{});
    auto wait = [&](uint64_t id) {
        for (int i = 0; i < 3000; ++i) {
            if (auto a = analyst.answer(); a && a->id == id) return *a;
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        FAIL("no answer in 30 s");
        return Analysis{};
    };
    // Two requests at once: only the second is answered.
    analyst.request(c.game().deal(), {}, 1);
    analyst.request(c.game().deal(), {Move::draw()}, 2);
    const Analysis a = wait(2);
    api::Session session;
    const auto direct = analyse(session, c.game().deal(), {Move::draw()}, AnalystOptions{});
    CHECK(a.verdict == direct->verdict);
    CHECK(a.moves == direct->moves);
    CHECK(a.hint == direct->hint);
    // The controller shows it only for its own position, then the hint on `h`.
    c.key('h');
    CHECK(c.message() == "hint: searching...");
    c.analysed(a);  // for another position (id 2 != the controller's)
    CHECK_FALSE(c.analysis());
    analyst.request(c.game().deal(), c.game().moves(), c.position());
    c.analysed(wait(c.position()));
    REQUIRE(c.analysis());
    CHECK(c.message().rfind("hint: " + move_text(*c.analysis()->hint, v.deck) + " (shortest solution from here: ", 0) ==
          0);
    CHECK(c.hint() == c.analysis()->hint);
    CHECK(c.verdict() == "verdict: winnable in " + std::to_string(c.analysis()->moves) + " moves");
    // Any move clears the verdict and the hint until the next answer.
    c.key('d');
    CHECK_FALSE(c.hint());
    CHECK(c.verdict() == "verdict: searching...");
}

TEST_CASE("play: a lost deal's verdict names the goal", "[play]") {
    // Known lost deals (verdicts cross-checked by brute force in data/known).
    for (const char* name : {"pyramid", "triangle"}) {
        CAPTURE(name);
        const Variant v = preset(name);
        for (const auto& k : pyr::test::load_known(std::string("known/") + name + ".txt")) {
            if (k.win) continue;
            const Board board(parse_deal(v, k.cards));
            api::Session session;
            const auto a = analyse(session, board.deal(), {}, AnalystOptions{});
            REQUIRE(a);
            CHECK(a->verdict == Verdict::Lose);
            CHECK(verdict_words(*a, v) == "lost: no way to clear every card from here");
            Variant pyramid_goal = v;
            pyramid_goal.goal = Goal::Pyramid;
            CHECK(verdict_words(*a, pyramid_goal) ==
                  std::string("lost: no way to clear ") +
                      (v.shape == TableauShape::Triangle ? "the triangle" : "the pyramid") + " from here");
            break;
        }
    }
    Analysis budget;
    budget.verdict = Verdict::Intractable;
    CHECK(verdict_words(budget, preset("msc")) == "unknown: search budget reached");
}

TEST_CASE("play: --max-memory turns the verdict into unknown, never lost", "[play][harden]") {
    // Tut's Tomb seed 65 is a big search (457,000 positions, 248,000 memo
    // entries); a 1 MiB limit stops it.
    const Board board(deal_from_seed(preset("tuts-tomb"), "65"));
    api::Session session;
    // (Each field by name: an aggregate's missing ones warn in gcc and clang.)
    const auto limits = [](uint64_t states, uint64_t memory) {
        Limits l;
        l.max_states = states;
        l.max_memory = memory;
        return l;
    };
    const auto a = analyse(session, board.deal(), {}, AnalystOptions{limits(0, 1u << 20)});
    REQUIRE(a);
    CHECK(a->verdict == Verdict::Intractable);
    CHECK(a->memory_exceeded);
    CHECK(verdict_words(*a, board.variant()) == "unknown: memory limit reached (--max-memory)");
    // Without the limit (but a state budget), the same solver answers as before.
    const auto b = analyse(session, board.deal(), {}, AnalystOptions{limits(5000, 0)});
    REQUIRE(b);
    CHECK(b->verdict == Verdict::Intractable);
    CHECK_FALSE(b->memory_exceeded);
}

TEST_CASE("play: n deals the next seed, and says why there is none", "[play]") {
    CHECK(next_seed("41") == "42");
    CHECK(next_seed("ms24") == "ms25");
    CHECK_THROWS_AS(next_seed("99999999999999999999"), std::invalid_argument);
    const Variant v = preset("msc");
    Controller c(Game(deal_from_seed(v, "7"), "7"), false);
    c.key('d');
    c.key('n');
    CHECK(c.game().seed() == "8");
    CHECK(c.game().moves().empty());
    CHECK(compact(c.game().deal()) == compact(deal_from_seed(v, "8")));
    const Deal given = deal_from_seed(v, "7");
    Controller d(Game(given, ""), false);
    d.key('n');
    CHECK(compact(d.game().deal()) == compact(given));
    CHECK(d.message().rfind("no next deal: this deal was given as cards", 0) == 0);
}

TEST_CASE("play: r with no redeal left names the passes the rules allow", "[play]") {
    for (const auto& [name, words] :
         {std::pair{"pharaohs", "no redeal left (1 pass)"}, std::pair{"msc", "no redeal left (3 passes)"}}) {
        CAPTURE(name);
        Controller c(Game(deal_from_seed(preset(name), "2"), "2"), false);
        for (int pass = 0; pass < 3; ++pass) {
            while (!c.game().table().stock().empty()) c.key('d');
            c.key('r');
        }
        CHECK(c.message() == words);
    }
}

TEST_CASE("play: a game with no legal move left says it is lost", "[play]") {
    Variant v = preset("msc");
    v.rows = 2;  // a small layout: 2C over 5D 6H, and KS alone in the stock
    const Deal deal = make_deal(v, parse_cards("2C 5D 6H KS", v.deck), false);
    Controller c(Game(deal, ""), false);
    CHECK(c.message().empty());
    type(c, {'k', 's'});
    REQUIRE(c.game().moves() == std::vector<Move>{Move::single(Card{13, 3})});
    CHECK(c.game().stuck());
    CHECK(c.message().rfind("No moves left: the game is lost.", 0) == 0);
    c.key('u');
    CHECK_FALSE(c.game().stuck());
    CHECK(c.message() == "undone");
}

TEST_CASE("play: the no-peek hint (o) is computed in the background, shows its progress, stops on Esc", "[play]") {
    const Variant v = api::make_variant({"msc", {{"passes", "1"}}});
    const Deal deal = deal_from_seed(v, "4");
    api::OddsOptions options = api::hint_odds_options();
    const uint64_t n = static_cast<uint64_t>(test::reduced(40));  // the screen's are 200: fewer for the test's time
    options.samples = n;
    Oddsmaker oddsmaker(options);
    Controller c(Game(deal, "4"), false);
    c.key('o');
    REQUIRE(c.odds_wanted());
    CHECK(c.message() == "no-peek hint: trying the orders of the cards not seen... (Esc stops)");
    // The screen's loop: ask, show the progress, take the answer.
    oddsmaker.request(c.game().deal(), c.game().moves(), *c.odds_wanted());
    std::optional<OddsAnswer> answer;
    std::pair<uint64_t, uint64_t> last{0, 0};
    for (int i = 0; i < 60000 && !answer; ++i) {
        if ((answer = oddsmaker.answer())) break;
        const auto p = oddsmaker.progress();
        if (p != last && p.second) {
            CHECK(p.second == n);
            CHECK(p.first >= last.first);  // the orders solved only grow
            c.odds_progress(p.first, p.second);
            CHECK(c.message() == "no-peek hint: " + std::to_string(p.first) + " of " + std::to_string(n) +
                                     " orders solved... (Esc stops)");
            last = p;
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    REQUIRE(answer);
    CHECK(answer->id == *c.odds_wanted());
    CHECK(oddsmaker.progress() == std::pair<uint64_t, uint64_t>(n, n));
    c.odds_answered(*answer);
    CHECK_FALSE(c.odds_wanted());
    // The same odds as computed directly (deterministic), named on the message line and shown as the hint.
    Solver solver;
    const nopeek::Odds want = nopeek::odds(solver, deal, {}, options);
    CHECK(answer->odds.wins == want.wins);
    const nopeek::MoveOdds* best = nullptr;
    for (const auto& m : want.moves)
        if (m.best) best = &m;
    REQUIRE(best);
    REQUIRE(best->wins > 0);
    CHECK(c.hint() == best->move);
    CHECK(c.message().rfind("no-peek hint (" + std::to_string(n) + " sampled orders): " +
                                move_people(best->move, v.deck, TextStyle{false, false}) + " keeps a win in ",
                            0) == 0);

    // Esc stops it: the request is dropped (the screen cancels the Oddsmaker), no answer comes.
    c.key('o');
    REQUIRE(c.odds_wanted());
    const uint64_t second = *c.odds_wanted();
    oddsmaker.request(c.game().deal(), c.game().moves(), second);
    for (int i = 0; i < 60000 && oddsmaker.progress().first == 0 && !oddsmaker.answer(); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    const auto p = oddsmaker.progress();
    c.odds_progress(p.first, p.second);
    c.key(kEscape);
    CHECK_FALSE(c.odds_wanted());
    CHECK(c.message().rfind("no-peek hint: stopped (", 0) == 0);
    oddsmaker.cancel();
    CHECK(oddsmaker.progress() == std::pair<uint64_t, uint64_t>(0, 0));
    CHECK_FALSE(oddsmaker.answer());
    // A late answer for the stopped request is ignored by the controller.
    c.odds_answered(OddsAnswer{second, want, "", std::nullopt});
    CHECK(c.message().rfind("no-peek hint: stopped (", 0) == 0);
    // The Oddsmaker answers the next request (a position after a draw); a move drops a pending o.
    c.key('d');
    c.key('o');
    REQUIRE(c.odds_wanted());
    c.key('d');
    CHECK_FALSE(c.odds_wanted());
    c.key('o');
    oddsmaker.request(c.game().deal(), c.game().moves(), *c.odds_wanted());
    std::optional<OddsAnswer> next;
    for (int i = 0; i < 60000 && !(next = oddsmaker.answer()); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    REQUIRE(next);
    CHECK(next->id == *c.odds_wanted());
    CHECK(next->odds.wins == nopeek::odds(solver, deal, c.game().moves(), options).wins);
}

TEST_CASE("play: o gives the no-peek optimum, exact within play's budget, else the bracket and the planner's move",
          "[play]") {
    // msc 1 pass, deal 2, 7 cards not seen (bench/nopeek-optimal.md: 281/360).
    const Variant v = api::make_variant({"msc", {{"passes", "1"}}});
    const Deal deal = deal_from_seed(v, "2");
    const std::vector<Move> played = test::prefix_until(deal, 7);
    Game g(deal, "2");
    for (const Move& m : played) REQUIRE_FALSE(g.play(m));
    Controller c(std::move(g), false);
    api::OddsOptions options = api::hint_odds_options();
    const uint64_t n = static_cast<uint64_t>(test::reduced(40));
    options.samples = n;
    auto ask = [&](Oddsmaker& maker, bool watch) {
        c.key('o');
        REQUIRE(c.odds_wanted());
        maker.request(c.game().deal(), c.game().moves(), *c.odds_wanted());
        std::optional<OddsAnswer> a;
        for (int i = 0; i < 120000 && !(a = maker.answer()); ++i) {
            const auto p = maker.progress();
            if (watch && p.second && p.first == p.second) {  // the orders done: the optimum's search
                c.odds_progress(p.first, p.second);
                CHECK(c.message() == "no-peek hint: " + std::to_string(n) + " of " + std::to_string(n) +
                                         " orders solved; best play without peeking: searching up to " +
                                         std::to_string(kPlayOptimumStates) + " states... (Esc stops)");
                watch = false;
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        REQUIRE(a);
        return *a;
    };
    {
        c.ask_optimum(kPlayOptimumStates);
        Oddsmaker maker(options, kPlayOptimumStates);
        const OddsAnswer a = ask(maker, true);
        REQUIRE(a.optimum);
        REQUIRE(a.optimum->computed);
        REQUIRE(a.optimum->optimal->exact);
        CHECK_FALSE(a.optimum->planner_move);
        c.odds_answered(a);
        // The same value and move as `odds --optimal` (api::Session::optimal).
        const api::Optimal want = api::Session().optimal(deal, played, api::OptimalOptions{});
        REQUIRE(want.best_move);
        CHECK(a.optimum->optimal->best_move == want.best_move);
        CHECK(c.hint() == want.best_move);
        const std::string see = "about " + percent_text(double(a.odds.wins) / double(a.odds.samples));
        CHECK(c.message() == "your chance with best play without peeking: 281/360 (78.1%); if you could see the "
                             "stock: " +
                                 see + "; best move: " + move_people(*want.best_move, v.deck, TextStyle{false, false}));
    }
    {
        // Within a budget too small for it: the proven bracket, and the planner's move.
        c.ask_optimum(20);
        Oddsmaker maker(options, 20);
        const OddsAnswer a = ask(maker, false);
        REQUIRE(a.optimum);
        const api::AskedOptimum& x = *a.optimum;
        REQUIRE(x.computed);
        CHECK_FALSE(x.optimal->exact);
        CHECK(x.optimal->lower <= x.optimal->upper);
        REQUIRE(x.planner_move);
        c.odds_answered(a);
        CHECK(c.hint() == x.planner_move);
        CHECK(c.message().rfind("your chance with best play without peeking: not computed within 20 states (proven "
                                "bounds: between ",
                                0) == 0);
        CHECK(c.message().find("); the planner's move (planner:32, not proved best): " +
                               move_people(*x.planner_move, v.deck, TextStyle{false, false}) +
                               "; if you could see the stock: about ") != std::string::npos);
        // The value 281/360 lies inside the bracket.
        const double lo = nopeek::fraction_value(x.optimal->lower, x.optimal->orders);
        const double hi = nopeek::fraction_value(x.optimal->upper, x.optimal->orders);
        CHECK(lo <= 281.0 / 360);
        CHECK(hi >= 281.0 / 360);
    }
}

TEST_CASE("play: the keys line fits 78 to 100 columns and always ends with q q:quit, and the help wraps", "[play]") {
    auto cols = [](const std::string& s) {
        int n = 0;
        for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
        return n;
    };
    const std::string full = Controller::key_bar(200);
    CHECK(full == "?:help  h:hint  o:odds  d:draw  r:redeal  u:undo  ^Y:redo  s:restart  n:new deal  q q:quit");
    for (int w = 78; w <= 100; ++w) {
        INFO("width " << w);
        const std::string bar = Controller::key_bar(w);
        CHECK(cols(bar) <= w - 2);
        CHECK(bar.rfind("?:help ", 0) == 0);
        CHECK(bar.size() >= 8);
        CHECK(bar.substr(bar.size() - 8) == "q q:quit");
        for (const char* key : {"h:hint", "d:draw", "u:undo"}) CHECK(bar.find(key) != std::string::npos);
    }
    // The help at 80 columns (77 from column 2): every line fits, no word is lost,
    // and a key's text continues under its text.
    Controller c(Game(deal_from_seed(preset("msc"), "1"), "1"), true);
    std::string whole, wrapped;
    for (const auto& l : c.help_lines()) whole += l + " ";
    bool continued = false;
    for (const auto& l : c.help_lines(77)) {
        INFO(l);
        CHECK(cols(l) <= 77);
        wrapped += l + " ";
        continued = continued || (l.size() > 22 && l.rfind(std::string(22, ' '), 0) == 0 && l[22] != ' ');
    }
    auto words = [](const std::string& s) {
        std::istringstream in(s);
        std::vector<std::string> w;
        for (std::string x; in >> x;) w.push_back(x);
        return w;
    };
    CHECK(words(wrapped) == words(whole));
    CHECK(c.help_lines(77).size() > c.help_lines().size());
    CHECK(continued);
}

TEST_CASE("play: the help is shown a page at a time on a screen too short for it, Space turning the page", "[play]") {
    for (const bool unseen : {false, true}) {
        CAPTURE(unseen);
        std::string cards = compact(deal_from_seed(preset("msc"), "1"));
        if (unseen) cards.replace(2 * 40, 4, "????");
        Controller c(Game(deal_from_text(preset("msc"), cards), unseen ? "" : "1"), true);
        // A tall screen: one page, the help as it is (wrapped to 97 columns).
        c.screen_size(100, 60);
        c.key('?');
        REQUIRE(c.help());
        CHECK(c.help_page() == c.help_lines(97));
        c.key(' ');
        CHECK_FALSE(c.help());
        // The smallest screen play draws on, 78 x 18, and 80 x 24: pages of
        // at most 17 (23) lines, together every line of the help in order,
        // each but the last ending "Space: the next page".
        for (const auto& [w, h] : {std::pair{78, 18}, std::pair{80, 24}}) {
            CAPTURE(w, h);
            c.screen_size(w, h);
            std::vector<std::string> want = c.help_lines(w - 3), seen;
            want.pop_back();  // "Press any key to go back to the game." ends the last page
            want.pop_back();  // (and the blank line before it)
            c.key('?');
            for (int page = 1;; ++page) {
                REQUIRE(c.help());
                REQUIRE(page < 10);
                const auto lines = c.help_page();
                CHECK(lines.size() <= static_cast<size_t>(h - 1));
                CHECK(c.help_first_page() == (page == 1));
                REQUIRE(lines.size() >= 3);
                CHECK(lines[lines.size() - 2].empty());
                seen.insert(seen.end(), lines.begin(), lines.end() - 2);
                if (lines.back().rfind("Press any key to go back to the game. (page ", 0) == 0) {
                    CHECK(page > 1);
                    break;
                }
                CHECK(lines.back().rfind("Space: the next page (" + std::to_string(page) + " of ", 0) == 0);
                c.key(' ');
            }
            CHECK(seen == want);
            c.key(' ');  // after the last page, back to the game
            CHECK_FALSE(c.help());
            c.key('?');
            c.key('x');  // any other key, from the first page
            CHECK_FALSE(c.help());
        }
    }
}

namespace {

// Every line play prints, and the board as drawn (?? for a card not seen).
std::string screen_text(const Controller& c) {
    std::string s = c.title() + "\n" + c.counts() + "\n" + c.message() + "\n" + c.verdict() + "\n";
    for (const Cell& cell : c.layout().cells) s += cell.card ? c.shown(*cell.card) + " " : std::string("- ");
    for (const auto& l : c.help_lines()) s += l + "\n";
    if (const auto h = c.hint()) s += "hint " + move_text(*h, c.game().deal().deck());
    return s;
}

}  // namespace

TEST_CASE("play: cards not seen: the odds for the verdict, h off, the next card typed in", "[play][unknown]") {
    const Variant v = preset("msc");
    const Deal full = deal_from_seed(v, "1");
    // The tableau and the stock's first card (4H) seen; 23 not seen.
    const Deal deal = test::with_unknown(v, "1", 29);
    Controller c(Game(deal, ""), false);
    CHECK(c.title() == "pyramid play   msc: Microsoft Solitaire Collection Pyramid   cards given");  // fits 80 columns
    CHECK(c.unknown_in_play());
    CHECK_FALSE(c.to_name());
    CHECK(c.verdict() == "odds: searching...; 23 cards not seen (stock cards 2-24)");
    c.key('h');
    CHECK(c.message().rfind("hint: off while cards are not seen: a shortest solution would assume an order of the 23",
                            0) == 0);
    CHECK_FALSE(c.hint());
    // A draw shows the next card (msc turns the stock's top up): play asks for it, and moves wait.
    c.key('d');
    REQUIRE(c.to_name() == std::optional<std::string>("stock card 1"));
    CHECK(c.message() == "the next card is ...? (not seen yet) type it as your game shows it (e.g. qh, 10s; u: undo)");
    CHECK(c.verdict() == "odds: once the card is named; 23 cards not seen (stock cards 1-23)");
    CHECK_FALSE(c.analysis_wanted());
    bool shown_unknown = false;
    for (const Cell& cell : c.layout().cells)
        if (cell.card && c.game().unknown(*cell.card)) {
            CHECK(c.shown(*cell.card) == "??");
            shown_unknown = true;
        }
    CHECK(shown_unknown);  // the stock's top, face up
    c.key('d');
    CHECK(c.game().moves().size() == 1);
    CHECK(c.message().rfind("the next card is ...?", 0) == 0);
    // A card seen already is refused; the true one is named there.
    type(c, {'j', 'd'});
    CHECK(c.message().rfind("cannot name JD at stock card 1: ", 0) == 0);
    CHECK(c.to_name());
    const Card next = full.cards[29];
    type(c, keys_for(Move::single(next), v.deck));  // its name, typed
    CHECK_FALSE(c.to_name());
    CHECK(c.game().deal().cards[29] == next);
    CHECK_FALSE(c.game().unknown(next));
    CHECK(c.message() == "the next card is " + card_text(next, v.deck) + "; cards not seen: 22");
    CHECK(c.verdict() == "odds: searching...; 22 cards not seen (stock cards 2-23)");
    REQUIRE(c.analysis_wanted());
    // The odds as `pyramid solve` answers them (api::Session::solve), shown as the verdict.
    AnalystOptions limits;
    limits.odds_samples = static_cast<uint64_t>(test::reduced(40));
    api::Session session;
    auto a = analyse_odds(session, c.game().deal(), c.game().moves(), limits);
    REQUIRE(a);
    REQUIRE(a->odds);
    api::Request req;
    req.odds_samples = limits.odds_samples;
    const api::Answer want = api::Session().solve(c.game().deal(), c.game().moves(), req);
    REQUIRE(want.odds);
    CHECK(a->odds->wins == want.odds->wins);
    CHECK(a->odds->samples == want.odds->samples);
    CHECK(a->best_move == want.best_move);
    a->id = c.position();
    c.analysis_progress(3, limits.odds_samples);
    CHECK(c.verdict() == "odds: 3 of " + std::to_string(limits.odds_samples) +
                             " orders solved...; 22 cards not seen (stock cards 2-23)");
    c.analysed(*a);
    CHECK(c.verdict() == "odds: winnable in " + odds_share_text(*want.odds, want.odds->wins, want.odds->intractable) +
                             " sampled orders; 22 cards not seen (stock cards 2-23)");
    // o asks the Oddsmaker, as on a deal given whole: the odds over the
    // orders of the ?? cards, then the no-peek optimum (22 not seen: within a
    // small budget a bracket, and the planner's move).
    c.ask_optimum(2000);
    c.key('o');
    REQUIRE(c.odds_wanted());
    api::OddsOptions oo = api::hint_odds_options();
    oo.samples = limits.odds_samples;
    Oddsmaker oddsmaker(oo, 2000);
    oddsmaker.request(c.game().deal(), c.game().moves(), *c.odds_wanted());
    std::optional<OddsAnswer> answer;
    for (int i = 0; i < 120000 && !(answer = oddsmaker.answer()); ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    REQUIRE(answer);
    REQUIRE(answer->optimum);
    const api::AskedOptimum& x = *answer->optimum;
    REQUIRE(x.computed);
    CHECK(x.optimal->unseen == 22);  // the ?? cards (the first stock card is named)
    CHECK_FALSE(x.optimal->exact);
    REQUIRE(x.planner_move);
    c.odds_answered(*answer);
    CHECK(c.hint() == x.planner_move);
    CHECK(c.message().rfind("your chance with best play without peeking: not computed within 2000 states (proven "
                            "bounds: between ",
                            0) == 0);
    CHECK(
        c.message().find("); the planner's move (planner:32, not proved best): " + move_text(*x.planner_move, v.deck) +
                         "; if you could see the stock: about ") != std::string::npos);
    // The exact hint stays off; undo keeps the card named.
    c.key('h');
    CHECK(c.message().rfind("hint: off while cards are not seen", 0) == 0);
    c.key('u');
    CHECK(c.game().moves().empty());
    CHECK(c.game().deal().cards[29] == next);
}

TEST_CASE("play: cards not seen: nothing play shows depends on the order the placeholders hold", "[play][unknown]") {
    // Two deals that say the same (the placeholders in the unknown slots in
    // another order), played with the same keys: every line, the board and
    // the odds are the same.
    const Variant v = preset("msc");
    const Deal full = deal_from_seed(v, "1");
    const Deal a = test::with_unknown(v, "1", 29);
    Deal b = a;
    std::vector<int> slots;
    for (int i = 0; i < static_cast<int>(b.cards.size()); ++i)
        if (b.unknown_at(i)) slots.push_back(i);
    std::reverse(slots.begin(), slots.end());
    std::vector<Card> held;
    for (int i : slots) held.push_back(a.cards[static_cast<size_t>(i)]);
    for (size_t k = 0; k < slots.size(); ++k) b.cards[static_cast<size_t>(slots[k])] = held[(k + 5) % held.size()];
    REQUIRE(compact(a) == compact(b));
    REQUIRE(a.cards != b.cards);
    Controller ca(Game(a, ""), true), cb(Game(b, ""), true);
    AnalystOptions limits;
    limits.odds_samples = static_cast<uint64_t>(test::reduced(20));
    api::Session sa, sb;
    const auto card_keys = [&](Card c) { return keys_for(Move::single(c), v.deck); };
    // QH+AS, TS+3C, draw (4H), the next card named, draw, named, then keys
    // that would touch the cards not seen: h, o, Enter on every cell, 4h.
    std::vector<std::vector<int>> steps = {keys_for(api::parse_moves(v, "QH+AS")[0], v.deck),
                                           keys_for(api::parse_moves(v, "TS+3C")[0], v.deck),
                                           {'d'},
                                           card_keys(full.cards[29]),
                                           {'d'},
                                           card_keys(full.cards[30]),
                                           {'h'},
                                           {'o'},
                                           {'4', 'h'},
                                           {'d'}};
    auto analysed = [&] {  // the screen's analyst, for both
        for (Controller* c : {&ca, &cb})
            if (c->analysis_wanted() && c->unknown_in_play()) {
                auto r = analyse_odds(c == &ca ? sa : sb, c->game().deal(), c->game().moves(), limits);
                REQUIRE(r);
                r->id = c->position();
                c->analysed(*r);
            }
    };
    for (const auto& keys : steps) {
        type(ca, keys);
        type(cb, keys);
        analysed();
        CHECK(screen_text(ca) == screen_text(cb));
    }
    // The last draw turned a card not seen up: Enter on every cell the arrows
    // reach (that ?? among them) says the same.
    REQUIRE(ca.to_name());
    for (int i = 0; i < 12; ++i) {
        for (int k : {static_cast<int>(kRight), static_cast<int>(kEnter)}) {
            ca.key(k);
            cb.key(k);
        }
        CHECK(screen_text(ca) == screen_text(cb));
    }
    type(ca, card_keys(full.cards[31]));
    type(cb, card_keys(full.cards[31]));
    analysed();
    CHECK(screen_text(ca) == screen_text(cb));
    CHECK(ca.verdict().rfind("odds: winnable in ", 0) == 0);
    CHECK(ca.verdict() == cb.verdict());
}

TEST_CASE("play: with a challenge, h names the next move of the challenge's line from the position", "[play]") {
    const Variant v = preset("msc");
    const Deal deal = deal_from_seed(v, "1");
    api::ChallengeRequest req;
    req.kind = "score";
    Controller c(Game(deal, "1"), false, false, req);
    api::Session session;
    const AnalystOptions limits;
    // From the start: the line `solve --challenge score` gives.
    api::Request none;
    const api::ChallengeAnswer start = session.challenge(deal, req, none);
    REQUIRE(start.result->lines.size() == 1);
    const ChallengeLine& best = start.result->lines[0];
    c.key('h');
    CHECK(c.message() == "hint (challenge score): searching...");
    auto h = analyse_challenge(session, deal, {}, req, limits);
    REQUIRE(h);
    REQUIRE(h->error.empty());
    CHECK(h->line == best.moves);
    h->id = c.position();
    c.challenged(*h);
    CHECK(c.hint() == best.moves.front());
    CHECK(c.message() == "hint: " + move_text(best.moves.front(), v.deck) +
                             " (line (score): " + challenge_line_text(v, *start.challenge, best) + ")");
    // From a position off the line (a draw first): the line from there, whose
    // score counts the whole deal (the verifier's tally of the moves played
    // and the line, from the deal's start) and that no line from there beats.
    c.key('d');
    CHECK_FALSE(c.hint());
    const std::vector<Move> played = c.game().moves();
    h = analyse_challenge(session, deal, played, req, limits);
    REQUIRE(h);
    REQUIRE(h->error.empty());
    REQUIRE(h->answer);
    REQUIRE(!h->line.empty());
    std::vector<Move> whole = played;
    whole.insert(whole.end(), h->line.begin(), h->line.end());
    LineTally t;
    const auto tallied = tally_line(deal, whole, msc_scoring(), &t);
    INFO(tallied.value_or(""));
    REQUIRE_FALSE(tallied);
    CHECK(t.score == h->answer->result->lines[0].score);
    CHECK(t.score <= best.score);
    CHECK(t.ended);
    h->id = c.position();
    c.key('h');
    c.challenged(*h);
    CHECK(c.hint() == h->line.front());
    CHECK(c.message().rfind("hint: " + move_text(h->line.front(), v.deck) + " (line (score): ", 0) == 0);
    // The tally of a deal that begins at a position counts what was removed before it.
    const std::vector<Move> two = api::parse_moves(v, "QH+AS TS+3C");
    const Deal at = make_position(v, view_of(api::verify(deal, two, AfterGoal::PlayOn).table));
    LineTally from_start, from_position;
    REQUIRE_FALSE(tally_line(deal, two, msc_scoring(), &from_start));
    REQUIRE_FALSE(tally_line(at, {}, msc_scoring(), &from_position));
    CHECK(from_position.score == from_start.score);
    CHECK(from_position.removals == 2);
    CHECK(from_position.removed == from_start.removed);
}

namespace {

// The challenge's answer for the controller's position, as the screen's Challenger gives it.
void challenge_answered(Controller& c, api::Session& session) {
    auto h = analyse_challenge(session, c.game().deal(), c.game().moves(), *c.challenge(), AnalystOptions{});
    REQUIRE(h);
    REQUIRE(h->error.empty());
    h->id = c.position();
    c.challenged(*h);
}

// The live chance as play prints it: report/challenge.h's chance_text, with its interval.
std::string live_chance(const api::ChallengeAnswer& a) {
    return pyr::chance_text(a.across->probability, a.across->interval, false);
}

}  // namespace

TEST_CASE("play: a challenge across deals is carried as it is played: made so far, the chance, n carries it",
          "[play][challenge]") {
    // "12 Aces in 2 deals" from msc deal 1, as a player plays it.
    const Variant v = preset("msc");
    api::ChallengeRequest req;
    req.kind = "cards:A";
    req.target = 12;
    req.deals_left = 2;
    const Deal one = deal_from_seed(v, "1");
    Controller c(Game(one, "1"), false, false, req);
    api::Session session;
    CHECK(c.challenge_deal() == 1);
    CHECK(c.challenge_made().made == 0);
    CHECK(c.challenge_line() ==
          "challenge cards:A (target 12 Aces): 0 made in this deal; 2 deals left, this one included; chance "
          "searching...");
    // From the start: the chance of solve --challenge cards:A --target 12 --deals-left 2 on deal 1.
    const api::ChallengeAnswer start = session.challenge(one, req, api::Request{});
    REQUIRE(start.across);
    REQUIRE(start.result->lines.size() == 2);
    challenge_answered(c, session);
    CHECK(c.challenge_line() == "challenge cards:A (target 12 Aces): 0 made in this deal; 2 deals left, this one "
                                "included; chance " +
                                    live_chance(start) + " from here");
    // The line that does not clear the board, typed: the Aces it removes are
    // counted as they go, and the chance follows the position.
    const ChallengeLine* open = nullptr;
    for (const auto& l : start.result->lines)
        if (!l.cleared) open = &l;
    REQUIRE(open);
    int aces = 0;
    for (size_t i = 0; i < open->moves.size(); ++i) {
        type(c, keys_for(open->moves[i], v.deck));
        const Move& m = open->moves[i];
        aces += (m.kind != Move::Draw && m.kind != Move::Redeal && m.a.rank == 1) +
                (m.kind == Move::Pair && m.b.rank == 1);
        REQUIRE(c.game().moves().size() == i + 1);
        CHECK(c.challenge_made().made == aces);
    }
    CHECK(aces == *open->cards);
    CHECK_FALSE(c.challenge_made().cleared);
    CHECK(c.challenge_made().ended);
    // At the line's end the chance is that of the deals to come (solver/across.h):
    // 12 - 4 Aces to make with the one deal left after this one.
    challenge_answered(c, session);
    REQUIRE(start.table);
    const AcrossDeals dp(*start.table, 12, 2);
    const double after = dp.after(12, 2, aces, false);
    CHECK(after == Approx(dp.probability(12 - aces, 1)));
    // (its interval is the bootstrap's of that position's answer)
    const std::string said = c.challenge_line(), want = "challenge cards:A (target 12 Aces): " + std::to_string(aces) +
                                                        " made in this deal; 2 deals left, this one included; chance " +
                                                        percent_text(after) + " (";
    CHECK(said.rfind(want, 0) == 0);
    CHECK(said.size() > want.size() + 11);
    CHECK(said.substr(said.size() - 12) == "%) from here");
    // n: deal 2 starts with what deal 1 made and one deal left (no clear).
    c.key('n');
    CHECK(c.game().seed() == "2");
    CHECK(c.challenge_deal() == 2);
    REQUIRE(c.challenge());
    CHECK(c.challenge()->current == aces);
    CHECK(c.challenge()->deals_left == 1);
    CHECK(c.message() == "deal 2; challenge cards:A carried: " + std::to_string(aces) + " made so far, 1 deal left");
    CHECK(c.challenge_made().made == 0);
    // Its chance is solve --challenge cards:A --target 12 --current 4 --deals-left 1 on deal 2's.
    const Deal two = deal_from_seed(v, "2");
    const api::ChallengeAnswer second = session.challenge(two, *c.challenge(), api::Request{});
    REQUIRE(second.across);
    challenge_answered(c, session);
    CHECK(c.challenge_line() == "challenge cards:A (target 12 Aces): " + std::to_string(aces) + " made (" +
                                    std::to_string(aces) +
                                    " before this deal, 0 in it); 1 deal left, this one "
                                    "included; chance " +
                                    live_chance(second) + " from here");
    // Its clearing line, played: the board cleared keeps the deal.
    const ChallengeLine* clear = nullptr;
    for (const auto& l : second.result->lines)
        if (l.cleared) clear = &l;
    REQUIRE(clear);
    for (const Move& m : clear->moves) type(c, keys_for(m, v.deck));
    CHECK(c.game().won());
    CHECK(c.challenge_made().cleared);
    CHECK(c.challenge_made().made == *clear->cards);
    CHECK(c.challenge_line().find("1 deal left, this one included (the board is cleared: this deal is free)") !=
          std::string::npos);
    const int made = aces + *clear->cards;
    c.key('n');
    REQUIRE(c.challenge());
    CHECK(c.challenge()->current == made);
    CHECK(c.challenge()->deals_left == 1);
    CHECK(c.challenge_deal() == 3);
    CHECK(c.message().find("1 deal left (the cleared board's deal was free)") != std::string::npos);
    // Deal 3, left without a move: the last deal is spent and the challenge is over.
    c.key('n');
    CHECK_FALSE(c.challenge());
    CHECK(c.challenge_line() ==
          "challenge cards:A not completed: " + std::to_string(made) + " of 12 Aces made in 3 deals, no deal left");
    CHECK(c.message() == "deal 4; " + c.challenge_line());
    // Once over, h is the shortest solution's again.
    c.key('h');
    CHECK(c.message() == "hint: searching...");
}

TEST_CASE("play: a challenge whose target is made ends completed at the next deal", "[play][challenge]") {
    const Variant v = preset("msc");
    api::ChallengeRequest req;
    req.kind = "score";
    req.target = 100;
    req.current = 90;
    Controller c(Game(deal_from_seed(v, "1"), "1"), true, false, req);
    CHECK(c.challenge_line() == "challenge score (target 100 points): 90 made (90 before this deal, 0 in it)");
    type(c, keys_for(api::parse_moves(v, "QH+AS")[0], v.deck));
    type(c, keys_for(api::parse_moves(v, "TS+3C")[0], v.deck));
    CHECK(c.challenge_made().made == 10);
    CHECK(c.challenge_line() ==
          "challenge score (target 100 points): 100 made (90 before this deal, 10 in it); the target is made");
    c.key('n');
    CHECK_FALSE(c.challenge());
    CHECK(c.challenge_line() == "challenge score completed: 100 of 100 points made in 1 deal");
}

TEST_CASE("play: pointing at a card not seen asks for it: the waste's before the stock's", "[play][unknown]") {
    // msc deal 1 after QH+AS TS+3C draw draw, the game in hand: the waste's
    // top and the whole stock not seen (both playable: msc's stock top is
    // face up), the gone cards named.
    const Variant v = preset("msc");
    const Deal full = deal_from_seed(v, "1");
    const std::vector<Move> played = api::parse_moves(v, "QH+AS TS+3C draw draw");
    const Table t = api::verify(full, played, AfterGoal::PlayOn).table;
    const Card waste_top = t.wastes()[0].back();
    std::string board = board_text(t, TextStyle{false, false});
    const std::string top = card_text(waste_top, v.deck);
    // The waste's top and every stock card as ??.
    std::istringstream in(board);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        if (line.rfind("waste", 0) == 0) line.replace(line.rfind(top), 2, "??");
        if (line.rfind("stock", 0) == 0) {
            line = line.substr(0, line.find(':') + 1);
            for (size_t k = 0; k < t.stock().size(); ++k) line += " ??";
        }
        out += line + "\n";
    }
    out += "gone (4): QH AS TS 3C\n";
    const Deal deal = api::deal_from_text(v, out).deal;
    Controller c(Game(deal, ""), false);
    REQUIRE(c.to_name() == std::optional<std::string>("stock card 1"));
    CHECK(c.message().rfind("the next card is ...?", 0) == 0);
    // Enter on the waste's ??: play asks for that one.
    const Cell* waste = nullptr;
    for (const Cell& cell : c.layout().cells)
        if (cell.spot.kind == Spot::Waste && cell.card && c.game().unknown(*cell.card) && cell.pointable) waste = &cell;
    REQUIRE(waste);
    c.click(waste->x, waste->y);
    REQUIRE(c.to_name() == std::optional<std::string>("waste card 2"));
    CHECK(c.message() ==
          "the card at waste card 2 is ...? (not seen yet) type it as your game shows it (e.g. qh, 10s)");
    type(c, keys_for(Move::single(waste_top), v.deck));
    CHECK(c.message().rfind("the card at waste card 2 is " + top + "; the next card is ...?", 0) == 0);
    CHECK_FALSE(c.game().unknown(waste_top));
    CHECK(c.to_name() == std::optional<std::string>("stock card 1"));
}

TEST_CASE("play: a move that takes the waste's top and the stock's asks for the waste's card first",
          "[play][unknown]") {
    // An msc deal drawn until the waste's top and the stock's (face up) pair;
    // the game in hand: those two named, the cards under the waste's top and
    // the stock's other cards not seen.
    const Variant v = preset("msc");
    for (const char* seed : {"1", "2", "3", "4", "5", "6", "7", "8"}) {
        const Deal full = deal_from_seed(v, seed);
        Table t(full);
        std::optional<Move> pair;
        for (int draws = 0; draws < 23 && !pair; ++draws) {
            t.apply(Move::draw());
            if (t.wastes()[0].size() < 2 || t.stock().size() < 2) continue;
            const Card w = t.wastes()[0].back(), s = t.stock().back();
            for (const Move& m : t.legal_moves())
                if (m.kind == Move::Pair && ((m.a == w && m.b == s) || (m.a == s && m.b == w))) pair = m;
        }
        if (!pair) continue;
        INFO("deal " << seed << ", " << move_text(*pair, v.deck));
        std::istringstream in(board_text(t, TextStyle{false, false}));
        std::string text;
        for (std::string line; std::getline(in, line);) {
            const size_t colon = line.find(':');
            if (line.rfind("waste", 0) == 0 || line.rfind("stock", 0) == 0) {
                std::istringstream cards(line.substr(colon + 1));
                std::vector<std::string> cs;
                for (std::string c; cards >> c;) cs.push_back(c);
                const bool waste = line[0] == 'w';
                for (size_t k = 0; k < cs.size(); ++k)
                    if (waste ? k + 1 < cs.size() : k > 0) cs[k] = "??";
                line = line.substr(0, colon + 1);
                for (const auto& c : cs) line += " " + c;
            }
            text += line + "\n";
        }
        const Deal deal = api::deal_from_text(v, text).deal;
        Controller c(Game(deal, ""), false);
        REQUIRE_FALSE(c.to_name());
        type(c, keys_for(*pair, v.deck));
        REQUIRE(c.game().moves().size() == 1);
        // Both new tops are not seen and playable: the waste's is asked first.
        const std::string waste_place = "waste card " + std::to_string(t.wastes()[0].size() - 1);
        CHECK(c.to_name() == std::optional<std::string>(waste_place));
        CHECK(c.message().rfind("the card at " + waste_place + " is ...?", 0) == 0);
        t.apply(*pair);
        type(c, keys_for(Move::single(t.wastes()[0].back()), v.deck));
        CHECK(c.to_name() == std::optional<std::string>("stock card 1"));
        return;
    }
    FAIL("no deal of 1-8 draws to a waste top and a stock top that pair");
}
