#include "report/board_svg.h"

#include <algorithm>

namespace pyr {

using svg::attr;
using svg::num;

namespace {
// Card size and spacing, in picture units (px at 100%).
constexpr double W = 56, H = 78;               // a card
constexpr double P = 64;                       // horizontal pitch of the tableau
constexpr double V = 34;                       // a row covers all but this much of the row above
constexpr double M = 14;                       // margin
constexpr double RV = 24;                      // reserve piles fan down by this much
constexpr double F = 20;                       // waste piles fan right by this much
constexpr int kFan = 3;                        // waste cards shown
constexpr double kSideGap = 34;                // between the tableau and the stock column
constexpr double kRowPitch = H + 36;           // stock / waste rows (two caption lines)
constexpr double kSideWidth = 122;             // the stock column, its captions included
constexpr double kPileStep = W + 2 * 20 + 16;  // narrow: from one pile of the row to the next (a fanned waste)

const char* const kRed = "#c8102e";
const char* const kBlack = "#151515";

// Suit symbols on a 100 x 100 box. Standard: clubs, diamonds, hearts, spades
// (the suit index order, C D H S). Spanish: oros (a coin), copas (a cup),
// espadas (a sword), bastos (a cudgel).
const char* const kStandardSuits[4] = {
    // clubs: three leaves and a stem
    "<circle cx=\"50\" cy=\"27\" r=\"19\"/><circle cx=\"27\" cy=\"58\" r=\"19\"/><circle cx=\"73\" cy=\"58\" "
    "r=\"19\"/><circle cx=\"50\" cy=\"50\" r=\"12\"/><path d=\"M45 55C45 76 40 88 31 96H69C60 88 55 76 55 55Z\"/>",
    // diamonds
    "<path d=\"M50 2L87 50L50 98L13 50Z\"/>",
    // hearts
    "<path d=\"M50 92C22 68 4 50 4 31C4 15 16 5 29 5C39 5 46 11 50 20C54 11 61 5 71 5C84 5 96 15 96 31C96 50 78 "
    "68 50 92Z\"/>",
    // spades
    "<path d=\"M50 3C36 24 7 40 7 61C7 74 17 82 29 82C37 82 43 78 47 71C46 83 41 91 31 97H69C59 91 54 83 53 71C57 "
    "78 63 82 71 82C83 82 93 74 93 61C93 40 64 24 50 3Z\"/>",
};
const char* const kSpanishSuits[4] = {
    // oros: a coin
    "<path fill-rule=\"evenodd\" d=\"M50 6A44 44 0 1 1 49.9 6ZM50 24A26 26 0 1 0 50.1 24Z\"/><circle cx=\"50\" "
    "cy=\"50\" r=\"11\"/>",
    // copas: a cup
    "<path d=\"M14 8H86C86 42 68 56 56 59V80H72V94H28V80H44V59C32 56 14 42 14 8Z\"/>",
    // espadas: a sword
    "<path d=\"M41 3H59L61 62H39Z\"/><path d=\"M16 60H84V73H16Z\"/><path d=\"M42 73H58V87H42Z\"/><circle cx=\"50\" "
    "cy=\"91\" r=\"9\"/>",
    // bastos: a knotted cudgel, thick at the head
    "<path d=\"M27 12C40 -1 76 2 74 22L66 52L61 96H39L34 52L26 26C25 20 24 15 27 12Z\"/><circle cx=\"28\" cy=\"38\" "
    "r=\"8\"/><circle cx=\"71\" cy=\"44\" r=\"7\"/>",
};

std::string card_id(Card c, DeckKind d) { return "card-" + card_text(c, d); }
std::string suit_id(int suit, DeckKind d) {
    return std::string(d == DeckKind::Spanish48 ? "suit-es" : "suit-") + std::to_string(suit);
}

// A placed card: a card face (or the back) as a <use>.
void place(svg::Document& doc, const std::string& href, double x, double y, const std::string& cls,
           const std::string& data_card) {
    doc.raw("<use" + attr("href", "#" + href) + attr("x", x) + attr("y", y) + attr("width", W) + attr("height", H) +
            attr("class", cls) + (data_card.empty() ? "" : attr("data-card", data_card)) + "/>\n");
}

// An empty place: a dashed outline.
void slot(svg::Document& doc, double x, double y, const std::string& cls, const char* stroke = "#9a9a9a") {
    doc.rect(x + 1, y + 1, W - 2, H - 2,
             " rx=\"5\" fill=\"none\"" + attr("stroke", stroke) + " stroke-width=\"1.2\" stroke-dasharray=\"4 3\"" +
                 attr("class", cls));
}

// A pile's edge showing it holds more cards than the one on top.
void thickness(svg::Document& doc, double x, double y) {
    doc.rect(x + 3, y + 3, W, H, " rx=\"5\" fill=\"#e8e8e8\" stroke=\"#777\"");
}

// A dashed thick frame over what the next move uses (a shape, not colour alone).
void highlight(svg::Document& doc, double x, double y, double w, double h) {
    doc.rect(x - 3, y - 3, w + 6, h + 6,
             " rx=\"7\" class=\"highlight\" fill=\"#ffd21f\" fill-opacity=\"0.22\" stroke=\"#c05000\" "
             "stroke-width=\"4\" stroke-dasharray=\"9 4\"");
}

void caption(svg::Document& doc, double x, double y, const std::string& s) {
    doc.text(x, y, s, " font-size=\"11\" fill=\"#333\" class=\"pile-label\"");
}
}  // namespace

BoardHighlight highlight_of(const Move& m) {
    BoardHighlight h;
    switch (m.kind) {
        case Move::Draw: h.stock = true; break;
        case Move::Redeal: h.wastes = true; break;
        case Move::Single: h.cards = {m.a}; break;
        case Move::Pair: h.cards = {m.a, m.b}; break;
    }
    return h;
}

BoardPicture::BoardPicture(const Variant& v, bool narrow) : v_(v), narrow_(narrow) {
    const double tw = v.rows * P - (P - W), th = (v.rows - 1) * V + H;
    double left_w = tw, bottom = M + th;
    if (v.reserve_piles > 0) {
        reserve_y_ = M + th + 30;
        left_w = std::max(left_w, v.reserve_piles * P - (P - W));
        bottom = reserve_y_ + (v.reserve_height - 1) * RV + H;
    }
    const bool has_stock = v.fixed_size() < deck_size(v.deck);
    if (has_stock && narrow) {
        const int piles = 1 + std::max(v.wastes, 1);  // stock, then the wastes (or the discards)
        side_x_ = bottom + 30;
        // Two caption lines; a face-down stock's "face down" takes a line of
        // its own (beside its count it would run into the next pile's caption).
        bottom = side_x_ + H + 28 + (v.stock_top_playable ? 0 : 14);
        width_ = std::max(M + left_w + M, M + (piles - 1) * kPileStep + kSideWidth + M);
    } else if (has_stock) {
        side_x_ = M + left_w + kSideGap;
        const int rows = 1 + std::max(v.wastes, 1);  // stock, then the wastes (or the discards)
        bottom = std::max(bottom, M + (rows - 1) * kRowPitch + H + 28);
        width_ = side_x_ + kSideWidth + M;
    } else {
        width_ = M + left_w + M;
    }
    height_ = bottom + M;
}

BoardPicture::Pos BoardPicture::side_pos(int k) const {
    if (narrow_) return {M + k * kPileStep, side_x_};
    return {side_x_, M + k * kRowPitch};
}

BoardPicture::Pos BoardPicture::tableau_pos(int r, int c) const {
    if (v_.shape == TableauShape::Pyramid) return {M + (v_.rows - 1 - r) * P / 2 + c * P, M + r * V};
    return {M + r * P / 2 + c * P, M + r * V};
}

void BoardPicture::defs(svg::Document& d) const {
    const DeckKind dk = v_.deck;
    d.open("defs");
    for (int s = 0; s < 4; ++s) {
        d.raw("<symbol" + attr("id", suit_id(s, dk)) + " viewBox=\"0 0 100 100\">" +
              (dk == DeckKind::Spanish48 ? kSpanishSuits[s] : kStandardSuits[s]) + "</symbol>\n");
    }
    for (int i = 0; i < deck_size(dk); ++i) {
        const Card c = card_from_index(i, dk);
        const std::string fill = attr("fill", red_suit(c, dk) ? kRed : kBlack);
        const std::string rank = rank_text(c.rank, dk) == "T" ? "10" : rank_text(c.rank, dk);
        const std::string suit = "#" + suit_id(c.suit, dk);
        std::string s = "<symbol" + attr("id", card_id(c, dk)) + " viewBox=\"0 0 56 78\">";
        s += "<rect x=\"0.5\" y=\"0.5\" width=\"55\" height=\"77\" rx=\"5\" fill=\"#fff\" stroke=\"#555\"/>";
        s += "<text x=\"4\" y=\"18\" font-size=\"17\" font-weight=\"bold\"" + fill +
             (rank.size() > 1 ? " letter-spacing=\"-1.5\"" : "") + ">" + rank + "</text>";
        s += "<use" + attr("href", suit) + " x=\"4\" y=\"21\" width=\"13\" height=\"13\"" + fill + "/>";
        s += "<use" + attr("href", suit) + " x=\"39\" y=\"5\" width=\"13\" height=\"13\"" + fill + "/>";
        s += "<text x=\"52\" y=\"74\" font-size=\"11\" text-anchor=\"end\"" + fill + ">" + rank + "</text>";
        d.raw(s + "</symbol>\n");
    }
    // The back: a dark field with a light diamond lattice.
    d.raw("<pattern id=\"back-lattice\" width=\"8\" height=\"8\" patternUnits=\"userSpaceOnUse\" "
          "patternTransform=\"rotate(45)\"><rect width=\"8\" height=\"8\" fill=\"#27467f\"/><path d=\"M0 0H8M0 "
          "0V8\" stroke=\"#8fa6d0\" stroke-width=\"1.2\"/></pattern>\n");
    d.raw("<symbol id=\"card-back\" viewBox=\"0 0 56 78\"><rect x=\"0.5\" y=\"0.5\" width=\"55\" height=\"77\" "
          "rx=\"5\" fill=\"#fff\" stroke=\"#555\"/><rect x=\"4\" y=\"4\" width=\"48\" height=\"70\" rx=\"3\" "
          "fill=\"url(#back-lattice)\"/></symbol>\n");
    d.close("defs");
}

void BoardPicture::draw(svg::Document& d, const Table& t, const BoardHighlight& h) const {
    const DeckKind dk = v_.deck;
    std::vector<Pos> marked;  // highlighted cards' places
    // A card face; an uncovered one also gets its large centre pip (on a
    // covered card it would show through the gaps between the cards on it).
    auto put = [&](Card c, double x, double y, const std::string& cls, bool uncovered) {
        // A card not seen (Deal::unknown): the back with a question mark,
        // never the card its slot holds in its stead.
        if (t.unseen(c)) {
            place(d, "card-back", x, y, "card " + cls + " unseen", "");
            d.raw("<text" + attr("x", x + W / 2) + attr("y", y + H / 2 + 10) +
                  " text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"30\" font-weight=\"bold\" "
                  "fill=\"#fff\" class=\"unseen-mark\">?</text>\n");
            return;
        }
        place(d, card_id(c, dk), x, y, "card " + cls, card_text(c, dk));
        if (uncovered)
            d.raw("<use" + attr("href", "#" + suit_id(c.suit, dk)) + attr("x", x + 14) + attr("y", y + 35) +
                  " width=\"28\" height=\"28\"" + attr("fill", red_suit(c, dk) ? kRed : kBlack) + " class=\"pip\"/>\n");
        if (std::find(h.cards.begin(), h.cards.end(), c) != h.cards.end()) marked.push_back({x, y});
    };

    // The tableau, top row first so each row lies over the one above (the
    // triangle's rows too); removed cards leave a faint outline.
    const auto& tab = t.tableau();
    auto covered = [&](int r, int c) {
        if (r + 1 >= static_cast<int>(tab.size())) return false;
        const auto& below = tab[r + 1];
        const int first = v_.shape == TableauShape::Pyramid ? c : c - 1;
        for (int cc = first; cc <= first + 1; ++cc)
            if (cc >= 0 && cc < static_cast<int>(below.size()) && below[cc]) return true;
        return false;
    };
    for (int r = 0; r < static_cast<int>(tab.size()); ++r)
        for (int c = 0; c < static_cast<int>(tab[r].size()); ++c)
            if (!tab[r][c]) {
                const Pos p = tableau_pos(r, c);
                slot(d, p.x, p.y, "slot tableau-slot", "#d0d0d0");
            }
    for (int r = 0; r < static_cast<int>(tab.size()); ++r)
        for (int c = 0; c < static_cast<int>(tab[r].size()); ++c)
            if (tab[r][c]) {
                const Pos p = tableau_pos(r, c);
                put(*tab[r][c], p.x, p.y, "tableau", !covered(r, c));
            }

    if (v_.reserve_piles > 0) {
        caption(d, M, reserve_y_ - 9,
                std::string("reserves (") + (v_.reserves_open ? "every card playable" : "top cards playable") + ")");
        const auto& res = t.reserves();
        for (int p = 0; p < static_cast<int>(res.size()); ++p) {
            const double x = M + p * P;
            if (res[p].empty()) slot(d, x, reserve_y_, "slot");
            for (size_t j = 0; j < res[p].size(); ++j)
                put(res[p][j], x, reserve_y_ + static_cast<double>(j) * RV, "reserve", j + 1 == res[p].size());
        }
    }

    std::vector<Pile> marked_piles;
    if (t.has_stock()) draw_side(d, t, h, put, marked_piles);
    for (const Pos& p : marked) highlight(d, p.x, p.y, W, H);
    for (const Pile& p : marked_piles) highlight(d, p.x - 1, p.y - 1, p.width + 2, H + 2);
}

void BoardPicture::draw_side(svg::Document& d, const Table& t, const BoardHighlight& h, const PutCard& put,
                             std::vector<Pile>& marked_piles) const {
    // The stock: its next card face up when playable, else the back.
    double sx = side_pos(0).x;
    double y = side_pos(0).y;
    const auto& stock = t.stock();
    if (stock.empty()) {
        slot(d, sx, y, "slot stock-slot");
    } else {
        if (stock.size() > 1) thickness(d, sx, y);
        if (v_.stock_top_playable) put(stock.back(), sx, y, "stock", true);
        else place(d, "card-back", sx, y, "card stock back", "");
    }
    const bool face_down = !v_.stock_top_playable && !stock.empty();
    double line = y + H + 15;  // the caption's next line
    if (narrow_ && !v_.stock_top_playable) {
        // (narrow: piles sit a fanned waste apart, too close for both on one line)
        caption(d, sx, line, "stock: " + std::to_string(stock.size()));
        if (face_down) caption(d, sx, line + 14, "face down");
        line += 28;
    } else {
        caption(d, sx, line, "stock: " + std::to_string(stock.size()) + (face_down ? ", face down" : ""));
        line += 14;
    }
    if (v_.wastes > 0 && v_.passes != 1)
        caption(d, sx, line, "pass " + std::to_string(t.pass()) + " of " + passes_text(v_.passes));
    if (h.stock) marked_piles.push_back({sx, y, W});

    // The wastes: the top cards fanned to the right, the top one rightmost.
    const auto& wastes = t.wastes();
    for (size_t w = 0; w < wastes.size(); ++w) {
        sx = side_pos(static_cast<int>(w) + 1).x;
        y = side_pos(static_cast<int>(w) + 1).y;
        const auto& pile = wastes[w];
        const size_t shown = std::min<size_t>(pile.size(), kFan);
        if (pile.empty()) slot(d, sx, y, "slot waste-slot");
        else if (pile.size() > shown) thickness(d, sx, y);
        for (size_t k = 0; k < shown; ++k)
            put(pile[pile.size() - shown + k], sx + static_cast<double>(k) * F, y, "waste", k + 1 == shown);
        caption(d, sx, y + H + 15,
                (wastes.size() > 1 ? "waste " + std::to_string(w + 1) : std::string("waste")) + ": " +
                    std::to_string(pile.size()) + (pile.size() == 1 ? " card" : " cards"));
        if (h.wastes) marked_piles.push_back({sx, y, W + static_cast<double>(std::max<size_t>(shown, 1) - 1) * F});
    }
    if (v_.wastes == 0) {  // classic: drawn cards go out of play
        sx = side_pos(1).x;
        y = side_pos(1).y;
        if (t.discarded() > 0) place(d, "card-back", sx, y, "card discard back", "");
        else slot(d, sx, y, "slot discard-slot");
        caption(d, sx, y + H + 15, "discarded: " + std::to_string(t.discarded()));
    }
}

std::string deal_svg(const Deal& deal, const std::string& caption_text) {
    const BoardPicture pic(deal.variant);
    const double top = 26;
    svg::Document d(pic.width(), pic.height() + top, caption_text);
    d.rect(0, 0, pic.width(), pic.height() + top, " fill=\"#f4f1e8\"");
    pic.defs(d);
    d.text(M, 19, caption_text, " font-size=\"14\" font-weight=\"bold\" fill=\"#222\"");
    d.open("g", " transform=\"translate(0 " + num(top) + ")\"");
    pic.draw(d, Table(deal));
    d.close("g");
    return d.str(true);
}

}  // namespace pyr
