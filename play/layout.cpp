#include "play/layout.h"

#include <algorithm>
#include <climits>
#include <cstdlib>

namespace pyr::play {

namespace {
// Cards sit on a pitch of 6 columns, so each row is exactly half a card (3
// columns) in from the one below; a cell is the name and a mark each side.
constexpr int kPitch = 6;
constexpr int kHalf = kPitch / 2;
constexpr int kWasteShown = 5;  // the waste's top cards drawn (older ones are under them)

bool contains(const std::vector<Card>& cards, Card c) {
    return std::find(cards.begin(), cards.end(), c) != cards.end();
}
}  // namespace

const Cell* Layout::find(const Spot& s) const {
    for (const Cell& c : cells)
        if (c.spot == s) return &c;
    return nullptr;
}

const Cell* Layout::at(int x, int y) const {
    for (const Cell& c : cells)
        if (y == c.y && x >= c.x && x < c.x + c.w) return &c;
    return nullptr;
}

const Cell* Layout::find_card(Card card) const {
    for (const Cell& c : cells)
        if (c.card == card) return &c;
    return nullptr;
}

Layout layout_board(const Table& t, int card_width) {
    const Variant& v = t.variant();
    const std::vector<Card> playable = t.playable();
    Layout l;
    l.card_width = card_width;
    const int w = card_width + 2;
    auto card_cell = [&](Spot spot, Card c, int x, int y, bool pointable) {
        l.cells.push_back(Cell{spot, c, x, y, w, contains(playable, c), pointable});
    };

    // The tableau, centred over the widest part of the board.
    const auto& tableau = t.tableau();
    const int rows = static_cast<int>(tableau.size());
    const int tableau_w = rows * kPitch - kPitch + w;
    const int piles = static_cast<int>(t.reserves().size());
    const int reserves_w = piles ? piles * kPitch - kPitch + w : 0;
    const bool stock = t.has_stock();
    // The waste's label, "waste (24)" or with several wastes "waste 1 (8)";
    // its cards start after the longest label (a count of two digits).
    const int waste_x = 5 * kPitch;
    const int waste_cards_x = waste_x + (v.wastes > 1 ? 12 : 10);
    const int stock_w = stock ? waste_cards_x + kWasteShown * kPitch : 0;
    l.width = std::max({tableau_w, reserves_w, stock_w});
    const int tx = (l.width - tableau_w) / 2;
    for (int r = 0; r < rows; ++r) {
        const int width = static_cast<int>(tableau[r].size());
        const int indent = (rows - width) * kHalf;
        for (int c = 0; c < width; ++c) {
            const int x = tx + indent + c * kPitch;
            const Spot spot{Spot::Tableau, r, c};
            if (tableau[r][c]) card_cell(spot, *tableau[r][c], x, r, true);
            else l.cells.push_back(Cell{spot, std::nullopt, x, r, w, false, false});
        }
    }
    int y = rows;

    // Reserve piles: columns, bottom card first, the top card lowest.
    if (piles) {
        ++y;
        l.labels.push_back({0, y,
                            v.reserves_open ? "reserves (every card playable)"
                                            : "reserves (the lowest card of each pile is its top)"});
        ++y;
        const int rx = (l.width - reserves_w) / 2;
        for (int p = 0; p < piles; ++p) {
            const auto& pile = t.reserves()[p];
            for (int j = 0; j < static_cast<int>(pile.size()); ++j)
                card_cell({Spot::Reserve, p, j}, pile[j], rx + p * kPitch, y + j, true);
        }
        y += v.reserve_height;
    }

    // The stock, its face-up top card, and the waste(s).
    if (stock) {
        ++y;
        const auto& st = t.stock();
        l.labels.push_back({0, y, "stock"});
        bool can_redeal = false;
        for (const Move& m : t.legal_moves()) can_redeal |= m.kind == Move::Redeal;
        l.cells.push_back(Cell{{Spot::StockPile, 0, 0}, std::nullopt, kPitch, y, w, !st.empty() || can_redeal, true});
        int x = 2 * kPitch;
        if (v.stock_top_playable && !st.empty()) card_cell({Spot::StockTop, 0, 0}, st.back(), x, y, true);
        if (v.stock_top_playable) x += kPitch;
        l.labels.push_back({x, y, st.empty() && can_redeal ? "r redeals" : std::to_string(st.size())});
        if (v.wastes == 0) {
            l.labels.push_back({waste_x, y, "discarded " + std::to_string(t.discarded())});
        }
        for (int wi = 0; wi < v.wastes; ++wi) {
            const auto& waste = t.wastes()[wi];
            const int wy = y + wi;
            l.labels.push_back({waste_x, wy,
                                (v.wastes > 1 ? "waste " + std::to_string(wi + 1) : std::string("waste")) + " (" +
                                    std::to_string(waste.size()) + ")"});
            const int n = static_cast<int>(waste.size());
            const int first = std::max(0, n - kWasteShown);
            for (int j = first; j < n; ++j) {
                const bool p = contains(playable, waste[j]);
                card_cell({Spot::Waste, wi, j}, waste[j], waste_cards_x + (j - first) * kPitch, wy, p);
            }
        }
        y += std::max(1, v.wastes);
    }
    l.height = y;
    return l;
}

namespace {
int centre(const Cell& c) { return 2 * c.x + c.w; }  // doubled, to stay in integers
}  // namespace

Spot step(const Layout& l, const Spot& from, Direction d) {
    const Cell* f = l.find(from);
    if (!f) return from;
    const Cell* best = nullptr;
    auto better = [&](const Cell& c) {
        if (!best) return true;
        const int dx = std::abs(centre(c) - centre(*f)), bx = std::abs(centre(*best) - centre(*f));
        if (d == Direction::Left || d == Direction::Right) return dx < bx;
        const int dy = std::abs(c.y - f->y), by = std::abs(best->y - f->y);
        return dy < by || (dy == by && (dx < bx || (dx == bx && c.x < best->x)));
    };
    for (const Cell& c : l.cells) {
        if (!c.pointable || c.spot == from) continue;
        bool ok = false;
        switch (d) {
            case Direction::Left: ok = c.y == f->y && c.x < f->x; break;
            case Direction::Right: ok = c.y == f->y && c.x > f->x; break;
            case Direction::Up: ok = c.y < f->y; break;
            case Direction::Down: ok = c.y > f->y; break;
        }
        if (ok && better(c)) best = &c;
    }
    return best ? best->spot : from;
}

Spot settle(const Layout& l, const Spot& s, int x_was, int y_was) {
    if (const Cell* c = l.find(s); c && c->pointable) return s;
    const Cell* best = nullptr;
    long best_d = LONG_MAX;
    for (const Cell& c : l.cells) {
        if (!c.pointable) continue;
        // A line is about twice as tall as a column is wide.
        const long dx = c.x - x_was, dy = 2L * (c.y - y_was);
        const long dist = dx * dx + dy * dy;
        if (dist < best_d) best_d = dist, best = &c;
    }
    return best ? best->spot : s;
}

}  // namespace pyr::play
