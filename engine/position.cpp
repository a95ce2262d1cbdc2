#include "engine/position.h"

#include <algorithm>
#include <cctype>
#include <memory>
#include <string>

#include "engine/deal.h"
#include "engine/input.h"
#include "engine/reachable.h"
#include "engine/internal_error.h"
#include "engine/table.h"

namespace pyr {

namespace {

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

// The tableau places directly covering each place (the rows below it).
std::vector<std::vector<int>> tableau_covers(const Variant& v) {
    std::vector<int> start(v.rows + 1, 0);
    for (int r = 0; r < v.rows; ++r) start[r + 1] = start[r] + v.row_width(r);
    std::vector<std::vector<int>> covers(v.tableau_size());
    for (int r = 0; r + 1 < v.rows; ++r)
        for (int c = 0; c < v.row_width(r); ++c) {
            const int first = v.shape == TableauShape::Pyramid ? c : c - 1;
            for (int cc = first; cc <= first + 1; ++cc)
                if (cc >= 0 && cc < v.row_width(r + 1)) covers[start[r] + c].push_back(start[r + 1] + cc);
        }
    return covers;
}

// "row 3, card 2" for a tableau place.
std::string place_name(const Variant& v, int place) {
    int r = 0;
    while (place >= v.row_width(r)) place -= v.row_width(r++);
    return "row " + std::to_string(r + 1) + ", card " + std::to_string(place + 1);
}

// One entry of the stock region being laid out: what the player sees there,
// and (row redeal) the pass index + 1 in which a gone card left.
struct Item {
    Seen seen;
    uint8_t epoch = 0;
};

}  // namespace

Deal make_position(const Variant& v, const BoardView& b) {
    const DeckKind dk = v.deck;
    const int deck = deck_size(dk), t = v.tableau_size(), f = v.fixed_size(), stock_slots = deck - f;
    const int wastes = v.wastes;
    // Shapes.
    if (static_cast<int>(b.tableau.size()) != t)
        throw ParseError("the tableau has " + plural(static_cast<int>(b.tableau.size()), "place") + " here; " + v.name +
                         "'s has " + std::to_string(t) + " (write .. where a card is gone)");
    if (static_cast<int>(b.reserves.size()) != v.reserve_piles)
        throw ParseError(plural(static_cast<int>(b.reserves.size()), "reserve pile") + " given; " + v.name + " has " +
                         std::to_string(v.reserve_piles) + " (a line 'reserve N: ...' for each, bottom to top)");
    for (size_t p = 0; p < b.reserves.size(); ++p)
        if (static_cast<int>(b.reserves[p].size()) > v.reserve_height)
            throw ParseError("reserve " + std::to_string(p + 1) + " holds " + std::to_string(b.reserves[p].size()) +
                             " cards; a pile is dealt " + std::to_string(v.reserve_height) +
                             " (list the cards left in it, bottom to top)");
    if (static_cast<int>(b.wastes.size()) != wastes)
        throw ParseError(plural(static_cast<int>(b.wastes.size()), "waste pile") + " given; " + v.name + " has " +
                         std::to_string(wastes) +
                         (wastes == 0   ? " (list the cards drawn and not paired as 'discarded: ...')"
                          : wastes == 1 ? " (one line 'waste: ...', bottom to top)"
                                        : " (a line 'waste N: ...' for each, bottom to top)"));
    if (!b.discarded.empty() && wastes > 0)
        throw ParseError("discarded cards are for layouts without a waste; " + v.name +
                         " has a waste (list the cards drawn and not paired as 'waste: ...')");
    if (stock_slots == 0 && !b.stock.empty())
        throw ParseError(v.name + " has no stock: every card is dealt face up (leave out the stock line)");
    if (b.pass < 1)
        throw ParseError("pass " + std::to_string(b.pass) +
                         ": passes are counted from 1 (write 'pass 1' for the first pass through the stock)");
    if (!v.unlimited_passes() && b.pass > v.passes)
        throw ParseError("pass " + std::to_string(b.pass) + ": the rules have " + passes_text(v.passes) +
                         (v.passes == 1 ? " pass" : " passes") + " (write 'pass 1' to 'pass " +
                         std::to_string(v.passes) + "')");
    for (int i = 0; i < t; ++i)
        if (b.tableau[i].kind == Seen::Unknown)
            throw ParseError("the tableau is dealt face up: name the card at " + place_name(v, i) +
                             " (?? is for a stock card)");
    for (size_t p = 0; p < b.reserves.size(); ++p)
        for (const Seen& s : b.reserves[p])
            if (s.kind != Seen::Named)
                throw ParseError(
                    "reserve " + std::to_string(p + 1) +
                    ": the reserve piles are dealt face up, name every card (list only the cards left, bottom to top)");
    auto no_gone_place = [](const std::vector<Seen>& pile, const std::string& where) {
        for (const Seen& s : pile)
            if (s.kind == Seen::Gone)
                throw ParseError(where + ": a gone place (..) is for the tableau; list only the cards there");
    };
    for (const auto& w : b.wastes) no_gone_place(w, "the waste");
    no_gone_place(b.stock, "the stock");
    no_gone_place(b.discarded, "the discarded cards");
    if (b.gone) no_gone_place(*b.gone, "the gone cards");

    // The cards named, each once.
    std::vector<std::string> where(deck);
    auto name = [&](const Seen& s, const std::string& pile) {
        if (s.kind != Seen::Named) return;
        const int i = card_index(s.card, dk);
        if (!where[i].empty())
            throw ParseError("duplicate card " + card_text(s.card, dk) + " (in the " + where[i] +
                             (where[i] == pile ? " twice" : " and the " + pile) +
                             "): name each card once, where it lies");
        where[i] = pile;
    };
    for (const Seen& s : b.tableau) name(s, "tableau");
    for (const auto& p : b.reserves)
        for (const Seen& s : p) name(s, "reserves");
    for (const auto& w : b.wastes)
        for (const Seen& s : w) name(s, "waste");
    for (const Seen& s : b.stock) name(s, "stock");
    for (const Seen& s : b.discarded) name(s, "discarded cards");
    if (b.gone)
        for (const Seen& s : *b.gone) name(s, "gone cards");

    // Counts: the cards gone are every card not on the board.
    int on_board = 0, in_play_unknown = 0;
    for (const Seen& s : b.tableau) on_board += s.kind == Seen::Named;
    for (const auto& p : b.reserves) on_board += static_cast<int>(p.size());
    for (const auto& w : b.wastes) {
        on_board += static_cast<int>(w.size());
        for (const Seen& s : w) in_play_unknown += s.kind == Seen::Unknown;
    }
    on_board += static_cast<int>(b.stock.size() + b.discarded.size());
    for (const Seen& s : b.stock) in_play_unknown += s.kind == Seen::Unknown;
    const int gone_count = deck - on_board;
    if (gone_count < 0)
        throw ParseError("too many cards: " + std::to_string(on_board) + " on the board, a deck has " +
                         std::to_string(deck) + " (check the stock's and waste's counts)");
    if (b.gone && static_cast<int>(b.gone->size()) != gone_count)
        throw ParseError("the gone line lists " + plural(static_cast<int>(b.gone->size()), "card") + ", but " +
                         std::to_string(gone_count) + " are gone: the deck's " + std::to_string(deck) + " less the " +
                         std::to_string(on_board) + " on the board. List only the cards paired away; give the stock " +
                         "and the waste with their number of cards and the cards seen ('stock (22): 4D', " +
                         "'waste (5): AC': the rest not seen)");
    int unnamed_gone = gone_count;
    if (b.gone)
        unnamed_gone = static_cast<int>(
            std::count_if(b.gone->begin(), b.gone->end(), [](const Seen& s) { return s.kind != Seen::Named; }));
    // Which of the cards not seen are gone and which lie in the stock cannot
    // be known from the board: the removals that took them depend on the
    // play, so no order of the unknown cards is equally likely as another
    // unless the gone cards are named (docs/formats.md, Positions).
    if (unnamed_gone > 0 && in_play_unknown > 0)
        throw ParseError(plural(gone_count, "card") + (gone_count == 1 ? " is" : " are") + " gone from the game and " +
                         std::to_string(in_play_unknown) +
                         " in the stock and waste are not seen (?\?): name the gone cards (a line 'gone: QH AS ...'), "
                         "since which of the unseen cards were paired away cannot be known from the board");
    // A gone place of the tableau must have lost every card covering it first.
    const auto covers = tableau_covers(v);
    for (int i = 0; i < t; ++i)
        if (b.tableau[i].kind == Seen::Gone)
            for (int c : covers[i])
                if (b.tableau[c].kind != Seen::Gone)
                    throw ParseError("the card at " + place_name(v, i) + " is gone but the card at " +
                                     place_name(v, c) +
                                     " still covers it: no play removes a covered card (name the card at " +
                                     place_name(v, i) + ", or write .. for the cards covering it too)");

    // The deal's start: nothing gone, pass 1, the waste as dealt.
    const int dealt_at_start = wastes == 0 ? 0 : std::min(v.waste_start * wastes, stock_slots);
    bool at_start = gone_count == 0 && b.discarded.empty() && b.pass == 1 &&
                    static_cast<int>(b.stock.size()) == stock_slots - dealt_at_start;
    for (int w = 0; at_start && w < wastes; ++w) {
        int n = 0;
        for (int j = w; j < dealt_at_start; j += wastes) ++n;
        at_start = static_cast<int>(b.wastes[w].size()) == n;
    }
    if (at_start) {
        std::vector<SeenCard> cards;
        auto put = [&](const Seen& s) { cards.push_back(s.kind == Seen::Named ? SeenCard(s.card) : std::nullopt); };
        for (const Seen& s : b.tableau) put(s);
        for (const auto& p : b.reserves)
            for (const Seen& s : p) put(s);
        for (int j = 0; j < dealt_at_start; ++j) put(b.wastes[j % wastes][j / wastes]);
        for (const Seen& s : b.stock) put(s);
        return make_seen_deal(v, cards);
    }

    // A position: its cards laid out on a deal's slots.
    const int n = deck;
    std::vector<Seen> slot(n);
    auto pos = std::make_shared<Position>();
    pos->pass = b.pass;
    for (int i = 0; i < t; ++i) {
        slot[i] = b.tableau[i];
        if (b.tableau[i].kind == Seen::Gone) pos->tableau_gone |= uint64_t{1} << i;
    }
    for (int p = 0; p < v.reserve_piles; ++p) {
        pos->reserves.emplace_back();
        for (int h = 0; h < v.reserve_height; ++h) {
            const int s = t + p * v.reserve_height + h;
            if (h < static_cast<int>(b.reserves[p].size())) {
                slot[s] = b.reserves[p][h];
                pos->reserves.back().push_back(static_cast<uint8_t>(s));
            } else {
                slot[s] = Seen::gone();
            }
        }
    }
    // The stock region: the order of the position's pass (the waste piles'
    // cards and the cards gone from them this pass, the stock), laid out so
    // that the packed rules deal it in that order.
    std::vector<Item> items;  // what each entry is
    std::vector<int> order;   // the pass's order, entries of items
    std::vector<std::vector<int>> waste_items(wastes);
    std::vector<int> stock_items, discard_items;
    auto add = [&](const Seen& s, uint8_t epoch = 0) {
        items.push_back({s, epoch});
        return static_cast<int>(items.size()) - 1;
    };
    const int m = static_cast<int>(b.stock.size());
    const int p_index = v.unlimited_passes() ? 0 : b.pass - 1;
    int boundary = 0;         // the packed boundary: entries of the pass dealt
    std::vector<int> layout;  // entry of items at each stock slot
    if (wastes <= 1) {
        // [waste or discards][stock][gone]: the boundary after the waste.
        const std::vector<Seen>& before = wastes == 1 ? b.wastes[0] : b.discarded;
        for (const Seen& s : before) {
            const int id = add(s);
            order.push_back(id);
            (wastes == 1 ? waste_items[0] : discard_items).push_back(id);
        }
        boundary = static_cast<int>(order.size());
        for (const Seen& s : b.stock) {
            const int id = add(s);
            order.push_back(id);
            stock_items.push_back(id);
        }
        if (static_cast<int>(order.size()) > stock_slots)
            throw ParseError("the " + std::string(wastes == 1 ? "waste" : "discarded cards") + " and the stock hold " +
                             std::to_string(order.size()) + " cards; " + v.name + "'s stock has " +
                             std::to_string(stock_slots) + " (check their counts)");
        layout = order;
        while (static_cast<int>(layout.size()) < stock_slots) layout.push_back(add(Seen::gone()));
    } else {
        // Several wastes, dealt a row at a time: entry j of the pass lies on
        // waste j mod W. The boundary is a whole number of rows while the
        // stock lasts; each waste's cards are its lowest entries, the rest
        // of its entries gone this pass.
        const bool rows = v.redeal == RedealOrder::ApophisRows;
        int highest = 0;
        for (const auto& w : b.wastes) highest = std::max(highest, static_cast<int>(w.size()));
        if (p_index == 0) {
            boundary = stock_slots - m;
            if (m > 0 && boundary % wastes != 0)
                throw ParseError("in the first pass the stock is dealt in rows of " + std::to_string(wastes) +
                                 " from " + std::to_string(stock_slots) + " cards, so " + plural(m, "card") +
                                 " cannot be left in it (" + std::to_string(stock_slots) + " less a multiple of " +
                                 std::to_string(wastes) + " can)");
            if (boundary < dealt_at_start)
                throw ParseError("a row is dealt at the start: the stock holds at most " +
                                 std::to_string(stock_slots - dealt_at_start) +
                                 " cards in the first pass (check its count)");
        } else {
            if (!rows)
                throw ParseError(
                    "a position in a later pass needs the row redeal with several wastes (write 'pass 1')");
            boundary = wastes * std::max(1, highest);
            if (boundary + m > stock_slots)
                throw ParseError("the wastes and the stock hold more cards than a pass can: waste piles of up to " +
                                 plural(highest, "card") + " take " + std::to_string(boundary) +
                                 " cards dealt in rows, and " + plural(m, "card") +
                                 " are left in the stock, more than the " + std::to_string(stock_slots) +
                                 " stock cards (check the piles' counts)");
        }
        for (int j = 0; j < boundary; ++j) {
            const int w = j % wastes, r = j / wastes;
            if (r < static_cast<int>(b.wastes[w].size())) {
                const int id = add(b.wastes[w][r]);
                waste_items[w].push_back(id);
                order.push_back(id);
            } else {
                order.push_back(add(Seen::gone(), static_cast<uint8_t>(p_index + 1)));
            }
        }
        for (int w = 0; w < wastes; ++w)
            if (waste_items[w].size() != b.wastes[w].size())
                throw ParseError("waste " + std::to_string(w + 1) + " holds " +
                                 plural(static_cast<int>(b.wastes[w].size()), "card") + ", but only " +
                                 std::to_string(waste_items[w].size()) + " have been dealt to it with " +
                                 plural(m, "card") + " left in the stock (check the piles' counts)");
        for (const Seen& s : b.stock) {
            const int id = add(s);
            order.push_back(id);
            stock_items.push_back(id);
        }
        // The slots: each redeal gathers the wastes, the last first, each
        // bottom to top, leaving out the cards gone (RowRedeal::pass_order).
        // Undo p_index gatherings: the last one adds the cards gone in
        // earlier passes (gone in pass p_index - 1), the others none.
        const int size = stock_slots;
        std::vector<int> count(wastes, 0);  // entries j < size with j mod W = w
        for (int j = 0; j < size; ++j) ++count[j % wastes];
        auto ungather = [&](const std::vector<int>& next, uint8_t extra_epoch) {
            std::vector<int> cur(size, -1);
            size_t k = 0;
            for (int w = wastes - 1; w >= 0; --w)
                for (int q = 0; q < count[w]; ++q)
                    cur[w + q * wastes] = k < next.size() ? next[k++] : add(Seen::gone(), extra_epoch);
            return cur;
        };
        layout = order;
        if (p_index > 0) {
            layout = ungather(order, static_cast<uint8_t>(p_index));
            for (int k = 1; k < p_index; ++k) layout = ungather(layout, 0);
        }
    }

    // Some order of legal moves must take the gone cards from the gone places
    // (engine/reachable.h): their ranks split into removals, each card
    // playable when it went.
    if (gone_count > 0) {
        GonePlaces g;
        int fixed_gone = 0;
        for (int i = 0; i < t; ++i)
            if (b.tableau[i].kind == Seen::Gone) {
                g.tableau |= uint64_t{1} << i;
                ++fixed_gone;
            }
        for (const auto& p : b.reserves) {
            g.reserve_gone.push_back(v.reserve_height - static_cast<int>(p.size()));
            fixed_gone += g.reserve_gone.back();
        }
        g.stock_gone = gone_count - fixed_gone;
        std::vector<int> named(deck_ranks(dk) + 1, 0), pool(deck_ranks(dk) + 1, 0);
        if (b.gone)
            for (const Seen& s : *b.gone)
                if (s.kind == Seen::Named) ++named[s.card.rank];
        if (in_play_unknown == 0)
            for (int i = 0; i < deck; ++i)
                if (where[i].empty()) ++pool[card_from_index(i, dk).rank];
        if (g.stock_gone >= 0) check_reachable(v, g, named, pool, gone_count);
    }

    // Place the entries on the slots.
    std::vector<int> slot_of_item(items.size(), -1);
    for (int j = 0; j < stock_slots; ++j) {
        slot[f + j] = items[layout[j]].seen;
        slot_of_item[layout[j]] = f + j;
        // Epochs (2 bits a stock card) are kept for the row redeal's stocks
        // (24 cards at most: engine/board.cpp); a longer stock's cards past
        // the 32nd have none (a shift by 64 or more would be undefined).
        if (j < 32) pos->epochs |= static_cast<uint64_t>(items[layout[j]].epoch) << (2 * j);
    }
    for (const auto& w : waste_items) {
        pos->wastes.emplace_back();
        for (int id : w) pos->wastes.back().push_back(static_cast<uint8_t>(slot_of_item[id]));
    }
    for (int id : stock_items) pos->stock.push_back(static_cast<uint8_t>(slot_of_item[id]));
    for (int id : discard_items) pos->discarded.push_back(static_cast<uint8_t>(slot_of_item[id]));
    pos->pos = static_cast<uint8_t>(boundary);
    pos->pass_index = static_cast<uint8_t>(p_index);
    if (wastes > 1 && v.redeal != RedealOrder::ApophisRows) pos->epochs = 0;

    // The cards: named ones in place; the gone ones (named, or every card
    // not seen when nothing in play is unknown) on the gone slots in card
    // order; the cards not seen as placeholders on the unknown slots.
    Deal d;
    d.variant = v;
    d.cards.assign(n, Card{});
    std::vector<bool> used(deck, false);
    for (int i = 0; i < n; ++i)
        if (slot[i].kind == Seen::Named) {
            d.cards[i] = slot[i].card;
            used[card_index(slot[i].card, dk)] = true;
        }
    std::vector<int> gone_slots, unknown_slots;
    for (int i = 0; i < n; ++i) {
        if (slot[i].kind == Seen::Gone) gone_slots.push_back(i);
        if (slot[i].kind == Seen::Unknown) unknown_slots.push_back(i);
    }
    std::vector<Card> gone_cards;
    if (b.gone)
        for (const Seen& s : *b.gone)
            if (s.kind == Seen::Named) gone_cards.push_back(s.card);
    std::vector<Card> unseen;
    for (int i = 0; i < deck; ++i)
        if (!used[i]) unseen.push_back(card_from_index(i, dk));
    if (in_play_unknown == 0) {
        // Every card in play is named: the cards not seen are the gone ones
        // and the discarded ones not named, in any split (both out of play).
        std::vector<int> named_gone;
        for (Card c : gone_cards) named_gone.push_back(card_index(c, dk));
        std::vector<Card> rest;
        for (Card c : unseen)
            if (std::find(named_gone.begin(), named_gone.end(), card_index(c, dk)) == named_gone.end())
                rest.push_back(c);
        // The discarded ones not named take the first of the rest.
        size_t k = 0;
        for (int id : discard_items)
            if (items[id].seen.kind == Seen::Unknown) {
                const int s = slot_of_item[id];
                d.cards[s] = rest[k++];
                slot[s] = Seen::named(d.cards[s]);
            }
        unknown_slots.clear();
        gone_cards.insert(gone_cards.end(), rest.begin() + static_cast<long>(k), rest.end());
    }
    std::sort(gone_cards.begin(), gone_cards.end(),
              [dk](Card a, Card c) { return card_index(a, dk) < card_index(c, dk); });
    if (gone_cards.size() != gone_slots.size())
        throw InternalError("a position lays " + std::to_string(gone_cards.size()) + " gone cards on " +
                            std::to_string(gone_slots.size()) + " slots");
    for (size_t k = 0; k < gone_slots.size(); ++k) {
        d.cards[gone_slots[k]] = gone_cards[k];
        pos->removed |= uint64_t{1} << gone_slots[k];
        pos->gone.push_back(static_cast<uint8_t>(gone_slots[k]));
    }
    for (int s : unknown_slots) d.unknown |= uint64_t{1} << s;
    // Placeholders: the cards neither named nor gone.
    std::vector<bool> taken(deck, false);
    for (int i = 0; i < n; ++i)
        if (!d.unknown_at(i)) taken[card_index(d.cards[i], dk)] = true;
    size_t k = 0;
    for (int s : unknown_slots) {
        while (taken[k]) ++k;
        d.cards[s] = card_from_index(static_cast<int>(k++), dk);
    }
    d.position = std::move(pos);
    return d;
}

BoardView view_of(const Table& table) {
    const Variant& v = table.variant();
    BoardView b;
    auto seen = [&](Card c) { return table.unseen(c) ? Seen::unknown() : Seen::named(c); };
    for (const auto& row : table.tableau())
        for (const auto& c : row) b.tableau.push_back(c ? seen(*c) : Seen::gone());
    for (const auto& p : table.reserves()) {
        b.reserves.emplace_back();
        for (Card c : p) b.reserves.back().push_back(seen(c));
    }
    for (const auto& w : table.wastes()) {
        b.wastes.emplace_back();
        for (Card c : w) b.wastes.back().push_back(seen(c));
    }
    for (auto it = table.stock().rbegin(); it != table.stock().rend(); ++it) b.stock.push_back(seen(*it));
    for (Card c : table.discards()) b.discarded.push_back(seen(c));
    std::vector<Seen> gone;
    for (Card c : table.gone()) gone.push_back(seen(c));
    b.gone = std::move(gone);
    b.pass = table.pass();
    if (v.wastes == 0) b.wastes.clear();
    return b;
}

namespace {

bool dots(const std::string& w) { return !w.empty() && w.size() <= 3 && w.find_first_not_of('.') == std::string::npos; }
bool digits(const std::string& w) {
    return !w.empty() && w.size() <= 3 && w.find_first_not_of("0123456789") == std::string::npos;
}

// The places of a run of words: cards, ??, and (tableau) .. for a gone place.
std::vector<Seen> places(const std::vector<std::string>& ws, DeckKind d, bool tableau) {
    std::vector<Seen> out;
    for (const std::string& w : ws) {
        if (dots(w)) {
            if (!tableau) throw ParseError("a gone place (" + w + ") is for the tableau; list only the cards there");
            out.push_back(Seen::gone());
            continue;
        }
        for (const SeenCard& c : parse_seen_cards(w, d)) out.push_back(c ? Seen::named(*c) : Seen::unknown());
    }
    return out;
}

// A board's labelled line: which pile, its number ("waste 2"), the count in
// its parentheses ("stock (24, ...)").
struct Label {
    enum Kind { None, Reserve, Waste, Stock, Discarded, Gone } kind = None;
    int index = 0;   // reserve/waste number, 0 when none
    int count = -1;  // the parenthesised count, -1 when none
};

Label label_of(std::string_view text) {
    std::string s;
    for (char ch : text) s += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const size_t b = s.find_first_not_of(" \t");
    if (b == std::string::npos) return {};
    s = s.substr(b);
    Label l;
    size_t i = 0;
    for (const auto& [word, kind] : {std::pair{"reserve", Label::Reserve},
                                     {"waste", Label::Waste},
                                     {"stock", Label::Stock},
                                     {"discarded", Label::Discarded},
                                     {"gone", Label::Gone}})
        if (s.rfind(word, 0) == 0 && (s.size() == std::string(word).size() ||
                                      !std::isalpha(static_cast<unsigned char>(s[std::string(word).size()])))) {
            l.kind = kind;
            i = std::string(word).size();
        }
    if (l.kind == Label::None) return l;
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i]))) {
        size_t j = i;
        while (j < s.size() && std::isdigit(static_cast<unsigned char>(s[j]))) ++j;
        if (j - i > 3)
            throw ParseError("bad board line " + excerpt(text) +
                             ": the pile number is too large (write 'reserve 1', 'waste 2', ...)");
        l.index = std::stoi(s.substr(i, j - i));
        i = j;
    }
    while (i < s.size() && s[i] == ' ') ++i;
    if (i < s.size() && s[i] == '(') {
        size_t j = i + 1;
        while (j < s.size() && s[j] == ' ') ++j;
        size_t k = j;
        while (k < s.size() && std::isdigit(static_cast<unsigned char>(s[k]))) ++k;
        if (k > j && k - j <= 3) l.count = std::stoi(s.substr(j, k - j));
    }
    return l;
}

// "pass N" or "pass N of M": N (0 for "pass 0", which make_position
// refuses), else nullopt.
std::optional<int> pass_line(const std::string& line) {
    const auto ws = split_words(line);
    if (ws.size() < 2 || (ws.size() != 2 && ws.size() != 4)) return std::nullopt;
    std::string w0;
    for (char ch : ws[0]) w0 += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (w0 != "pass" || !digits(ws[1])) return std::nullopt;
    if (ws.size() == 4 && ws[2] != "of") return std::nullopt;
    return std::stoi(ws[1]);
}

}  // namespace

std::optional<Deal> read_board(const Variant& v, std::string_view text) {
    const DeckKind d = v.deck;
    // A board has at least one labelled pile line.
    std::vector<std::string> lines;
    bool board = false;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        lines.push_back(without_colour_codes(text.substr(start, end - start)));
        start = end + 1;
        const std::string& line = lines.back();
        const size_t colon = line.find(':');
        const size_t first = line.find_first_not_of(" \t\r");
        if (colon != std::string::npos && first != std::string::npos && line[first] != '#' &&
            label_of(std::string_view(line).substr(0, colon)).kind != Label::None)
            board = true;
    }
    if (!board) return std::nullopt;

    BoardView b;
    b.reserves.resize(v.reserve_piles);
    b.wastes.resize(v.wastes);
    std::unique_ptr<bool[]> given_reserve(new bool[v.reserve_piles + 1]()), given_waste(new bool[v.wastes + 1]());
    bool given_stock = false, given_discarded = false, given_pass = false, piles = false;
    for (const std::string& line : lines) {
        const size_t first = line.find_first_not_of(" \t\r");
        if (first == std::string::npos || line[first] == '#') continue;
        const size_t colon = line.find(':');
        const Label l = colon == std::string::npos ? Label{} : label_of(std::string_view(line).substr(0, colon));
        if (l.kind != Label::None) {
            piles = true;
            const std::string what = line.substr(0, colon);
            const std::vector<std::string> ws = split_words(std::string_view(line).substr(colon + 1));
            // The cards: listed, "(empty)", or a bare number of cards not named.
            std::vector<Seen> cards;
            int number = -1;
            if (ws.size() == 1 && (ws[0] == "(empty)" || ws[0] == "empty")) {
                number = 0;
            } else if (ws.size() == 1 && digits(ws[0])) {
                number = std::stoi(ws[0]);
            } else {
                cards = places(ws, d, false);
            }
            if (ws.empty() && l.count >= 0) number = l.count;
            if (number >= 0) {
                if (l.count >= 0 && l.count != number)
                    throw ParseError("the line " + excerpt(what) + " says " + std::to_string(l.count) +
                                     " cards but gives " + std::to_string(number) + " (give one number)");
                cards.assign(number, Seen::unknown());
            } else if (l.count > static_cast<int>(cards.size()) && (l.kind == Label::Stock || l.kind == Label::Waste)) {
                // The count with the cards seen: the stock's first (its top,
                // next card first), a waste's top ones (bottom to top); the
                // rest not seen.
                const int unseen = l.count - static_cast<int>(cards.size());
                cards.insert(l.kind == Label::Stock ? cards.end() : cards.begin(), unseen, Seen::unknown());
            } else if (l.count >= 0 && l.count != static_cast<int>(cards.size())) {
                throw ParseError(
                    "the line " + excerpt(what) + " says " + std::to_string(l.count) + " cards but lists " +
                    std::to_string(cards.size()) +
                    (l.kind == Label::Stock || l.kind == Label::Waste
                         ? ": give the number of cards there and the cards seen ('stock (22): 4D' is the top seen, "
                           "the rest not; 'waste (5): AC' the top seen, the cards under it not)"
                         : ": list each card (?? for a card not seen), or give only the number"));
            }
            auto once = [&](bool& given) {
                if (given) throw ParseError("the board gives " + excerpt(what) + " twice (give each pile once)");
                given = true;
            };
            switch (l.kind) {
                case Label::Reserve: {
                    if (l.index < 1 || l.index > v.reserve_piles)
                        throw ParseError(
                            "no " + excerpt(what) + ": " + v.name + " has " + plural(v.reserve_piles, "reserve pile") +
                            (v.reserve_piles > 0 ? " (reserve 1 to reserve " + std::to_string(v.reserve_piles) + ")"
                                                 : ""));
                    once(given_reserve[l.index - 1]);
                    b.reserves[l.index - 1] = cards;
                    break;
                }
                case Label::Waste: {
                    const int w = l.index == 0 ? 1 : l.index;
                    if (v.wastes == 0 || w > v.wastes)
                        throw ParseError("no " + excerpt(what) + ": " + v.name + " has " +
                                         plural(v.wastes, "waste pile") +
                                         (v.wastes == 0   ? " (list the cards drawn and not paired as 'discarded: ...')"
                                          : v.wastes == 1 ? " (write 'waste: ...')"
                                                          : ""));
                    if (l.index == 0 && v.wastes > 1)
                        throw ParseError(v.name + " has " + std::to_string(v.wastes) +
                                         " waste piles: say which (waste 1, waste 2, ...)");
                    once(given_waste[w - 1]);
                    b.wastes[w - 1] = cards;
                    break;
                }
                case Label::Stock:
                    once(given_stock);
                    b.stock = cards;
                    break;
                case Label::Discarded:
                    once(given_discarded);
                    b.discarded = cards;
                    break;
                case Label::Gone: {
                    bool g = b.gone.has_value();
                    once(g);
                    b.gone = cards;
                    break;
                }
                case Label::None: break;
            }
            continue;
        }
        if (const std::optional<int> p = pass_line(line)) {
            if (given_pass) throw ParseError("the board gives its pass twice (one line 'pass N')");
            given_pass = true;
            b.pass = *p;
            piles = true;
            continue;
        }
        // A line about the pass that is not 'pass N' ("pass: 3", "passes 3",
        // "pass three") was skipped, or ended the board: the position was
        // solved in pass 1 whatever it said.
        if (const auto ws = split_words(line); !ws.empty()) {
            std::string w0;
            for (char ch : ws[0]) {
                if (!std::isalpha(static_cast<unsigned char>(ch))) break;
                w0 += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
            }
            if (w0 == "pass" || w0 == "passes")
                throw ParseError("bad pass line " + excerpt(line) +
                                 ": write 'pass N' or 'pass N of M', N the pass through the stock (from 1)");
        }
        if (piles) break;  // the board is over: an answer, a verdict, a move list follow
        // A tableau line; a labelled line is a header (a title, "position
        // after N played moves:") unless cards follow its label.
        std::vector<std::string> ws = split_words(
            colon == std::string::npos ? std::string_view(line) : std::string_view(line).substr(colon + 1));
        if (colon != std::string::npos) {
            if (ws.empty()) continue;
            if (!dots(ws[0]) && ws[0] != "??") {
                try {
                    parse_seen_cards(ws[0], d);
                } catch (const ParseError&) {
                    continue;
                }
            }
        }
        const std::vector<Seen> row = places(ws, d, true);
        b.tableau.insert(b.tableau.end(), row.begin(), row.end());
    }
    if (v.fixed_size() < deck_size(d) && !given_stock)
        throw ParseError("the board has no stock line: give the stock's cards (?? for each card not seen) or their "
                         "number, as 'stock: 17'");
    for (int p = 0; p < v.reserve_piles; ++p)
        if (!given_reserve[p])
            throw ParseError("the board has no line for reserve " + std::to_string(p + 1) + " (write 'reserve " +
                             std::to_string(p + 1) + ": ...' with its cards left, bottom to top, or 'reserve " +
                             std::to_string(p + 1) + ": (empty)')");
    if (v.wastes == 0) b.wastes.clear();
    return make_position(v, b);
}

}  // namespace pyr
