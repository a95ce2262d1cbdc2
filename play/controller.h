// What a key press or a click does in `pyramid play`, and every line of text
// the screen shows, without a terminal: play/screen.cpp only maps ncurses'
// keys to Key values, draws this state, and feeds the analyst's answers back.
// Tests drive a Controller with keys as a player would.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/board.h"
#include "play/analyst.h"
#include "play/game.h"
#include "play/layout.h"

namespace pyr::play {

// Keys other than printable characters (which are passed as themselves).
enum Key : int {
    kUp = 0x10000,
    kDown,
    kLeft,
    kRight,
    kEnter,
    kBackspace,
    kEscape,
    kUndo,       // Ctrl+Z
    kRedo,       // Ctrl+Y, Ctrl+Shift+Z
    kInterrupt,  // Ctrl+C: quit at once
};

// `line` in lines of at most `width` columns, broken at spaces (a word
// longer than a line is cut); the lines after the first indented by `indent`.
std::vector<std::string> wrap_line(const std::string& line, int width, int indent = 0);

class Controller {
public:
    // unicode: cards with suit symbols and tens as "10" (a UTF-8 terminal).
    // fair: the exact verdict and hint (which know the stock's order) are
    // hidden; the no-peek hint (key o) stays. challenge: the hint (h) is the
    // next move of the challenge's line from the position (play --challenge).
    Controller(Game game, bool unicode, bool fair = false,
               std::optional<api::ChallengeRequest> challenge = std::nullopt);
    ~Controller();

    void key(int k);
    void click(int x, int y);  // board coordinates (layout())

    const Game& game() const { return game_; }
    const Layout& layout() const { return layout_; }
    const Spot& cursor() const { return cursor_; }
    const std::optional<Card>& selected() const { return selected_; }
    // The hint on show: the next move of a shortest solution from here (of
    // the challenge's line, with a challenge; the no-peek hint's move).
    std::optional<Move> hint() const;
    bool help() const { return help_; }
    bool fair() const { return fair_; }
    bool quit() const { return quit_; }
    const std::string& typed() const { return typed_; }

    // Lines of text: the title, the counts, the last message (a refusal in
    // the verifier's words, a hint, the game's end), the verdict, the keys.
    std::string title() const;
    std::string counts() const;
    const std::string& message() const { return message_; }
    std::string verdict() const;
    // The help screen's lines; with a width, a line wider than it is wrapped
    // (a key's text continues under its text).
    std::vector<std::string> help_lines() const;
    std::vector<std::string> help_lines(int width) const;
    // The terminal's size (play's screen sets it before each draw; 0: no
    // limit): the help is shown a page at a time when it is taller.
    void screen_size(int width, int height) {
        screen_w_ = width;
        screen_h_ = height;
    }
    // The help page on show: help_lines wrapped to the screen (width - 3),
    // at most height - 1 lines (drawn from the second line down), the last
    // saying how to go on (Space: the next page; any other key: the game).
    std::vector<std::string> help_page() const;
    bool help_first_page() const { return help_page_ == 0; }
    // The keys line for a screen `width` columns wide: every key when they
    // fit, else the less used ones left out (? lists them all); "?:help"
    // first and "q q:quit" last always.
    static std::string key_bar(int width);
    // A card's name as shown ("Q♥" or "QH").
    std::string name(Card c) const;
    // A card as the board shows it: its name, or ?? for a card not seen.
    std::string shown(Card c) const;

    // Cards not seen (`??` in the deal or the board): some are still in
    // play, so the verdict line gives the odds over their orders (the
    // analyst's analyse_odds) and the hints that would assume an order are
    // off. to_name(): the place of a card not seen that a move could take
    // (face up in the game in hand): the player types it ("the next card is
    // ...") before playing on, and the analyst waits for it.
    bool unknown_in_play() const { return unknown_in_play_; }
    const std::optional<std::string>& to_name() const { return to_name_; }
    bool analysis_wanted() const { return !to_name_; }
    // The odds' orders solved so far (the verdict line counts them).
    void analysis_progress(uint64_t done, uint64_t total);

    // The challenge (play --challenge) and its answer for the position
    // (play/analyst.h's Challenger); ignored unless for the current position.
    // With a target the challenge is carried as it is played: its current
    // count and deals left are those of this deal (n carries what the deal
    // made to the next: api::carry_challenge); once it is completed or
    // failed it is over and challenge() is nullopt.
    const std::optional<api::ChallengeRequest>& challenge() const { return challenge_; }
    void challenged(const ChallengeHint& h);
    const std::optional<ChallengeHint>& challenge_answer() const { return challenge_answer_; }
    // What the moves played on this deal have made toward the challenge (api::challenge_made).
    const api::ChallengeMade& challenge_made() const { return made_; }
    // The challenge's deal being played: 1 at the start, one more with each n.
    int challenge_deal() const { return challenge_deal_; }
    // The challenge's status line: what is made so far (before this deal and
    // in it), the deals left and the chance of completing the challenge from
    // this position (the Challenger's answer); the end, once it is over; ""
    // without a challenge.
    std::string challenge_line() const;

    // The position to analyse: an id that changes with it, the board and the
    // moves from the deal.
    uint64_t position() const { return position_; }
    std::shared_ptr<const Board> board() const { return board_; }
    // The analyst's answer; ignored unless it is for the current position.
    void analysed(const Analysis& a);
    const std::optional<Analysis>& analysis() const { return analysis_; }

    // The no-peek hint (key o), computed away from the UI (play/analyst.h's
    // Oddsmaker, with api::hint_odds_options()): the request the player is
    // waiting for (a number that changes with each o; nullopt when none:
    // cancel any), its progress, its answer. Esc or a move abandons it.
    std::optional<uint64_t> odds_wanted() const { return odds_wanted_; }
    // The Oddsmaker also searches the no-peek optimum within this many
    // information states (its answer's `optimum`, then o's line and hint);
    // 0: not (the odds' best move is the hint).
    void ask_optimum(uint64_t states) { optimum_states_ = states; }
    void odds_progress(uint64_t done, uint64_t total);
    void odds_answered(const OddsAnswer& a);

private:
    void select(Card c);
    void activate(const Spot& s);
    void play(const Move& m);
    void draw();
    void redeal();
    void new_deal();
    void show_hint();
    void show_odds();  // the no-peek hint: asks for the no-peek odds of each move (api::Session::odds)
    void show_challenge_hint();
    void update_unknown();       // after every change of position or deal
    void name_card(Card c);      // the card at to_name_ is `c`
    std::string prompt() const;  // "the next card is ...? type it ..."
    std::string odds_line() const;
    std::string odds_how(uint64_t done, uint64_t total) const;
    void typed_key(int k);
    void changed();                               // after every change of position
    void say(const std::string& engine_message);  // a message with cards in this style
    std::string end_message() const;

    Game game_;
    bool unicode_;
    std::shared_ptr<const Board> board_;
    Layout layout_;
    Spot cursor_;
    std::optional<Card> selected_;
    std::string typed_;          // a card's name being typed (its rank so far)
    bool quit_pending_ = false;  // `q` pressed: q/y/Enter quits, a suit letter makes a Queen
    bool help_ = false;
    size_t help_page_ = 0;  // the help's page on show (from 0)
    int screen_w_ = 0, screen_h_ = 0;
    std::vector<std::vector<std::string>> help_pages() const;
    bool quit_ = false;
    bool hint_wanted_ = false;
    bool fair_ = false;
    std::optional<Move> nopeek_hint_;      // the no-peek hint on show (key o)
    std::optional<uint64_t> odds_wanted_;  // the no-peek hint being computed
    uint64_t odds_requests_ = 0;
    std::pair<uint64_t, uint64_t> odds_done_{0, 0};  // its orders solved, of
    uint64_t optimum_states_ = 0;                    // ask_optimum
    std::string message_;
    uint64_t position_ = 1;
    std::optional<Analysis> analysis_;
    std::pair<uint64_t, uint64_t> analysis_done_{0, 0};  // the odds' orders solved, of
    bool unknown_in_play_ = false;
    size_t unknown_count_ = 0;
    std::string unknown_text_;  // where they are ("stock cards 1-22, waste card 2")
    std::optional<std::string> to_name_;
    std::optional<api::ChallengeRequest> challenge_;
    std::optional<ChallengeHint> challenge_answer_;
    std::optional<Challenge> challenge_def_;  // challenge_ as api::make_challenge makes it
    api::ChallengeMade made_;                 // by this deal's moves
    int challenge_deal_ = 1;
    std::string challenge_over_;               // how the challenge ended ("" while it goes on)
    void update_made();                        // after every change of position
    std::string challenge_units(int n) const;  // "12 Aces", "600 points", "3 boards"
};

}  // namespace pyr::play
