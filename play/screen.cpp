#include "play/screen.h"

#include <curses.h>

#include <algorithm>
#include <atomic>
#include <clocale>
#include <csignal>
#include <optional>
#include <string>
#include <vector>

namespace pyr::play {

namespace {

std::atomic<bool> g_signalled{false};
extern "C" void on_signal(int) { g_signalled.store(true); }

// Ctrl+Shift+Z where a terminal sends it apart from Ctrl+Z: xterm's
// modifyOtherKeys and the CSI u encoding (tmux extended-keys, kitty, foot).
constexpr int kCtrlShiftZ = KEY_MAX + 1;
const char* const kCtrlShiftZSequences[] = {"\x1b[27;6;90~", "\x1b[27;6;122~", "\x1b[90;6u", "\x1b[122;6u"};

// Colour pairs: the card's ink (default or red) on the background of its
// state (none, selected, hinted); each red pair follows its default one.
enum Pair : short { kInk = 1, kRed, kSelected, kSelectedRed, kHint, kHintRed, kGood, kBad };

// The terminal for the length of a game; restored by the destructor, on any
// way out.
class Terminal {
public:
    explicit Terminal(bool want_colour) {
        std::setlocale(LC_ALL, "");  // ncursesw writes UTF-8 (suit symbols) in a UTF-8 locale
        screen_ = newterm(nullptr, stdout, stdin);
        const char* term = std::getenv("TERM");
        if (!screen_)
            throw TerminalError(std::string("cannot drive this terminal (TERM=") + (term ? term : "unset") + ")");
        set_term(screen_);
        // A terminal that cannot move the cursor (TERM=dumb, as in an editor's
        // shell buffer) would get the board as one garbled line.
        const char* cup = tigetstr("cup");
        if (!cup || cup == reinterpret_cast<const char*>(-1)) {
            endwin();
            delscreen(screen_);
            throw TerminalError(std::string("cannot drive this terminal (TERM=") + (term ? term : "unset") +
                                ": it cannot move the cursor)");
        }
        raw();  // Ctrl+Z and Ctrl+C arrive as keys (undo, quit), not signals
        noecho();
        nonl();
        keypad(stdscr, TRUE);
        set_escdelay(25);
        curs_set(0);
        timeout(100);  // wake up for the analyst's answers
        mousemask(BUTTON1_PRESSED, nullptr);
        mouseinterval(0);
        for (const char* seq : kCtrlShiftZSequences) define_key(seq, kCtrlShiftZ);
        colour_ = want_colour && has_colors() && start_color() == OK;
        if (colour_) {
            const short bg = use_default_colors() == OK ? -1 : COLOR_BLACK;
            const short fg = bg == -1 ? -1 : COLOR_WHITE;
            init_pair(kInk, fg, bg);
            init_pair(kRed, COLOR_RED, bg);
            init_pair(kSelected, COLOR_BLACK, COLOR_GREEN);
            init_pair(kSelectedRed, COLOR_RED, COLOR_GREEN);
            init_pair(kHint, COLOR_BLACK, COLOR_YELLOW);
            init_pair(kHintRed, COLOR_RED, COLOR_YELLOW);
            init_pair(kGood, COLOR_GREEN, bg);
            init_pair(kBad, COLOR_RED, bg);
        }
        for (int s : {SIGINT, SIGTERM, SIGHUP}) old_[s] = std::signal(s, on_signal);
    }
    ~Terminal() {
        for (int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, old_[s]);
        endwin();
        delscreen(screen_);
    }
    Terminal(const Terminal&) = delete;
    Terminal& operator=(const Terminal&) = delete;
    bool colour() const { return colour_; }

private:
    SCREEN* screen_ = nullptr;
    bool colour_ = false;
    void (*old_[NSIG])(int) = {};
};

// Screen columns of UTF-8 text (every character here is one column wide).
int columns(const std::string& s) {
    int n = 0;
    for (unsigned char ch : s) n += (ch & 0xC0) != 0x80;
    return n;
}

// `s` cut to at most `cols` columns.
std::string fit(const std::string& s, int cols) {
    if (cols <= 0) return "";
    int n = 0;
    for (size_t i = 0; i < s.size(); ++i) {
        if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80 && n++ == cols) return s.substr(0, i);
    }
    return s;
}

void put(int y, int x, const std::string& s, attr_t attr = A_NORMAL) {
    const int width = getmaxx(stdscr);
    if (y < 0 || y >= getmaxy(stdscr) || x >= width) return;
    attron(attr);
    mvaddstr(y, x, fit(s, width - x).c_str());
    attroff(attr);
}

bool same_card(const std::optional<Card>& a, Card b) { return a && *a == b; }

std::vector<std::string> first_lines(std::vector<std::string> lines, size_t n) {
    if (lines.size() > n) lines.resize(n);
    return lines;
}

// The smallest screen the board, its text lines and the keys line fit on
// (with a challenge, its line too).
bool too_small(const Controller& c, int* need_w = nullptr, int* need_h = nullptr) {
    const Layout& l = c.layout();
    const int w = std::max(l.width + 2, 78), h = l.height + 9 + (c.challenge_line().empty() ? 0 : 2);
    if (need_w) *need_w = w;
    if (need_h) *need_h = h;
    return getmaxx(stdscr) < w || getmaxy(stdscr) < h;
}

// Where the board's (0, 0) is on the screen: centred across, and the board
// with its text lines centred down (below the title line).
void origin(const Controller& c, int& ox, int& oy) {
    const Layout& l = c.layout();
    int need_w, need_h;
    too_small(c, &need_w, &need_h);
    ox = (getmaxx(stdscr) - l.width) / 2;
    oy = 2 + std::max(0, (getmaxy(stdscr) - need_h) / 2);
}

class View {
public:
    View(const Controller& c, const Terminal& t) : c_(c), colour_(t.colour()) {}

    void draw() {
        erase();
        int h, w;
        getmaxyx(stdscr, h, w);
        const Layout& l = c_.layout();
        int need_w, need_h;
        if (too_small(c_, &need_w, &need_h)) {
            const std::string lines[] = {
                "The terminal is too small for pyramid play:",
                "it needs at least " + std::to_string(need_w) + " columns and " + std::to_string(need_h) + " lines",
                "(this one has " + std::to_string(w) + " x " + std::to_string(h) + ").",
                "Enlarge the window, or press q to quit.",
            };
            for (int i = 0; i < 4; ++i) put(i, 0, lines[i]);
            refresh();
            return;
        }
        if (c_.help()) {
            const auto lines = c_.help_page();  // (a page at a time on a short screen)
            for (size_t i = 0; i < lines.size(); ++i)
                put(1 + static_cast<int>(i), 2, lines[i], i == 0 && c_.help_first_page() ? A_BOLD : A_NORMAL);
            refresh();
            return;
        }
        put(0, 1, c_.title(), A_BOLD);
        int ox, oy;
        origin(c_, ox, oy);
        for (const Label& lb : l.labels) put(oy + lb.y, ox + lb.x, lb.text, A_DIM);
        for (const Cell& cell : l.cells) draw_cell(cell, oy, ox);
        int y = oy + l.height + 1;
        put(y++, 1, c_.counts());
        const bool ended = c_.game().won() || c_.game().stuck();
        // The message and the verdict take two lines each when they need
        // them (too_small leaves room for that above the keys line); the
        // message a third where the screen has a line to spare (o's bracket
        // of the no-peek optimum, on a narrow terminal).
        const auto message = wrap_line(c_.message(), w - 2, 2);
        const auto verdict = wrap_line(c_.verdict(), w - 2, 2);
        // (no challenge: no line, so the spare line below is seen as spare)
        const auto challenge = c_.challenge_line().empty() ? std::vector<std::string>{}
                                                           : wrap_line(c_.challenge_line(), w - 2, 2);
        const auto two = [](const std::vector<std::string>& v) {
            return static_cast<int>(std::min<size_t>(v.size(), 2));
        };
        const bool spare = y + two(message) + two(verdict) + two(challenge) < h - 1;
        for (const auto& line : first_lines(message, spare ? 3 : 2))
            put(y++, 1, line, ended ? A_BOLD | ink(c_.game().won() ? kGood : kBad) : A_NORMAL);
        for (const auto& line : first_lines(verdict, 2)) put(y++, 1, line, verdict_attr());
        // The challenge carried as it is played: made so far, deals left, the chance from here.
        for (const auto& line : first_lines(challenge, 2)) put(y++, 1, line);
        put(h - 1, 1, Controller::key_bar(w), A_DIM);
        refresh();
    }

private:
    attr_t ink(short pair) const { return colour_ ? COLOR_PAIR(pair) : A_NORMAL; }

    attr_t verdict_attr() const {
        const auto& a = c_.analysis();
        if (!a || !colour_ || c_.fair()) return A_NORMAL;  // --fair: not even the verdict's colour
        if (a->verdict == Verdict::Win) return COLOR_PAIR(kGood);
        if (a->verdict == Verdict::Lose) return COLOR_PAIR(kBad);
        return A_NORMAL;
    }

    // The cards the hint moves, or the stock for a draw or redeal.
    bool hinted(const Cell& cell) const {
        const auto h = c_.hint();
        if (!h) return false;
        if (h->kind == Move::Draw || h->kind == Move::Redeal) return cell.spot.kind == Spot::StockPile;
        return cell.card && (*cell.card == h->a || (h->kind == Move::Pair && *cell.card == h->b));
    }

    void draw_cell(const Cell& cell, int oy, int ox) {
        const int cw = c_.layout().card_width;
        const bool cursor = cell.spot == c_.cursor();
        const bool selected = cell.card && same_card(c_.selected(), *cell.card);
        const bool hint = hinted(cell);
        std::string body;
        bool red = false;
        if (cell.card) {
            body = c_.shown(*cell.card);  // ?? for a card not seen (no name, no colour)
            body = std::string(cw - columns(body), ' ') + body;
            red = !c_.game().unknown(*cell.card) && red_suit(*cell.card, c_.game().deal().deck());
        } else if (cell.spot.kind == Spot::StockPile) {
            body = c_.game().table().stock().empty() ? std::string(cw, ' ') : std::string(cw, '#');
        } else {
            // A removed tableau card: a dot keeps the pyramid's shape.
            put(oy + cell.y, ox + cell.x + cell.w / 2, ".", A_DIM);
            return;
        }
        char open = ' ', close = ' ';
        if (selected) open = '<', close = '>';
        else if (hint) open = '{', close = '}';
        else if (cell.playable) open = '[', close = ']';
        attr_t frame = cell.playable || selected || hint ? A_BOLD : A_DIM;
        short bg = selected ? kSelected : hint ? kHint : kInk;
        if (!colour_) frame |= selected ? A_STANDOUT : hint ? A_UNDERLINE : A_NORMAL;
        if (cursor) frame |= A_REVERSE;
        const attr_t text = frame | ink(red ? static_cast<short>(bg + 1) : bg);
        frame |= ink(bg);
        const int y = oy + cell.y, x = ox + cell.x;
        put(y, x, std::string(1, open), frame);
        put(y, x + 1, body, text);
        put(y, x + 1 + cw, std::string(1, close), frame);
    }

    const Controller& c_;
    bool colour_;
};

int to_key(int ch) {
    switch (ch) {
        case KEY_UP: return kUp;
        case KEY_DOWN: return kDown;
        case KEY_LEFT: return kLeft;
        case KEY_RIGHT: return kRight;
        case '\n':
        case '\r':
        case KEY_ENTER: return kEnter;
        case KEY_BACKSPACE:
        case 127:
        case 8: return kBackspace;
        case 27: return kEscape;
        case 26: return kUndo;  // Ctrl+Z
        case 25:
        case kCtrlShiftZ: return kRedo;  // Ctrl+Y, Ctrl+Shift+Z
        case 3: return kInterrupt;       // Ctrl+C
        default: return ch >= ' ' && ch < 127 ? ch : -1;
    }
}

}  // namespace

void run_screen(Controller& c, const ScreenOptions& options) {
    g_signalled.store(false);
    AnalystOptions limits;
    limits.limits = options.limits;
    Analyst analyst(limits);
    Oddsmaker oddsmaker(api::hint_odds_options(), options.optimum_states);
    c.ask_optimum(options.optimum_states);
    std::optional<Challenger> challenger;  // with a challenge: its line from each position
    if (c.challenge()) challenger.emplace(limits);
    uint64_t challenge_asked = 0;
    std::pair<uint64_t, uint64_t> analysis_shown{0, 0};
    Terminal term(options.colour);
    View view(c, term);
    uint64_t asked = 0;
    uint64_t odds_asked = 0;  // the no-peek hint being computed (0: none)
    std::pair<uint64_t, uint64_t> odds_shown{0, 0};
    bool dirty = true;
    while (!c.quit() && !g_signalled.load()) {
        if (asked != c.position()) {
            // With cards not seen in play: their odds, once none must be named first.
            if (!c.analysis_wanted()) analyst.cancel();
            else if (c.unknown_in_play()) analyst.request_odds(c.game().deal(), c.game().moves(), c.position());
            else analyst.request(c.game().deal(), c.game().moves(), c.position());
            asked = c.position();
            analysis_shown = {0, 0};
        }
        if (auto a = analyst.answer(); a && a->id == c.position() && !c.analysis()) {
            c.analysed(*a);
            dirty = true;
        } else if (const auto p = analyst.progress(); !c.analysis() && p != analysis_shown) {
            c.analysis_progress(p.first, p.second);
            analysis_shown = p;
            dirty = true;
        }
        if (challenger && c.challenge() && challenge_asked != c.position()) {
            // (the challenge as carried to this deal)
            challenger->request(c.game().deal(), c.game().moves(), *c.challenge(), c.position());
            challenge_asked = c.position();
        }
        if (challenger)
            if (auto h = challenger->answer(); h && h->id == c.position() && !c.challenge_answer()) {
                c.challenged(*h);
                dirty = true;
            }
        // The no-peek hint: asked by o, dropped by Esc or a move; its
        // progress shown as the orders are solved.
        if (const auto want = c.odds_wanted(); want && *want != odds_asked) {
            oddsmaker.request(c.game().deal(), c.game().moves(), *want);
            odds_asked = *want;
            odds_shown = {0, 0};
        } else if (!want && odds_asked) {
            oddsmaker.cancel();
            odds_asked = 0;
        }
        if (odds_asked) {
            if (auto a = oddsmaker.answer(); a && a->id == odds_asked) {
                c.odds_answered(*a);
                odds_asked = 0;
                dirty = true;
            } else if (const auto p = oddsmaker.progress(); p != odds_shown) {
                c.odds_progress(p.first, p.second);
                odds_shown = p;
                dirty = true;
            }
        }
        if (dirty) {
            c.screen_size(getmaxx(stdscr), getmaxy(stdscr));
            view.draw();
        }
        dirty = false;
        const int ch = getch();
        if (ch == ERR) continue;
        dirty = true;
        if (ch == KEY_RESIZE) continue;
        if (ch == KEY_MOUSE) {
            MEVENT ev;
            if (getmouse(&ev) == OK && (ev.bstate & BUTTON1_PRESSED)) {
                int ox, oy;
                origin(c, ox, oy);
                c.click(ev.x - ox, ev.y - oy);
            }
            continue;
        }
        const int k = to_key(ch);
        // A screen too small to play on still quits with one q.
        if (too_small(c) && (k == 'q' || k == 'Q')) break;
        if (k >= 0) c.key(k);
    }
}

}  // namespace pyr::play
