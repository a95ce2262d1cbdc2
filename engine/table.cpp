#include "engine/table.h"

#include <algorithm>
#include <bit>

namespace pyr {

Table::Table(const Deal& deal) : v_(deal.variant) {
    for (int i = 0; i < static_cast<int>(deal.cards.size()); ++i) {
        const uint64_t bit = uint64_t{1} << card_index(deal.cards[i], v_.deck);
        cards_ |= bit;
        if (deal.unknown_at(i)) unseen_ |= bit;
    }
    wastes_.resize(v_.wastes);
    has_stock_ = deal.stock_size() > 0;
    if (const Position* p = deal.position.get()) {
        // The position's piles, as slots of the deal.
        int k = 0;
        for (int r = 0; r < v_.rows; ++r) {
            tableau_.emplace_back();
            for (int c = 0; c < v_.row_width(r); ++c, ++k)
                tableau_.back().push_back((p->tableau_gone >> k) & 1 ? std::nullopt
                                                                     : std::optional<Card>(deal.cards.at(k)));
        }
        auto cards = [&](const std::vector<uint8_t>& slots) {
            std::vector<Card> out;
            for (uint8_t s : slots) out.push_back(deal.cards.at(s));
            return out;
        };
        for (const auto& r : p->reserves) reserves_.push_back(cards(r));
        for (size_t w = 0; w < p->wastes.size() && w < wastes_.size(); ++w) wastes_[w] = cards(p->wastes[w]);
        stock_ = cards(p->stock);
        std::reverse(stock_.begin(), stock_.end());  // the next card at the back
        discards_ = cards(p->discarded);
        pass_ = p->pass;
        return;
    }
    size_t k = 0;
    const int rows = v_.rows;
    for (int r = 0; r < rows; ++r) {
        const int width = v_.row_width(r);
        tableau_.emplace_back();
        for (int c = 0; c < width; ++c) tableau_.back().push_back(deal.cards.at(k++));
    }
    for (int p = 0; p < v_.reserve_piles; ++p) {
        reserves_.emplace_back();
        for (int h = 0; h < v_.reserve_height; ++h) reserves_.back().push_back(deal.cards.at(k++));
    }
    // The stock holds the rest; its next card is at the back.
    for (size_t i = deal.cards.size(); i > k; --i) stock_.push_back(deal.cards[i - 1]);
    for (int i = 0; i < v_.waste_start; ++i) deal_to_wastes();
}

// One round of dealing: a card onto each waste in turn, as far as the stock goes.
void Table::deal_to_wastes() {
    for (auto& w : wastes_) {
        if (stock_.empty()) return;
        w.push_back(stock_.back());
        stock_.pop_back();
    }
}

bool Table::covered_tableau(int r, int c) const {
    if (r + 1 >= v_.rows) return false;
    const auto& below = tableau_[r + 1];
    const int w = static_cast<int>(below.size());
    auto present = [&](int cc) { return cc >= 0 && cc < w && below[cc].has_value(); };
    if (v_.shape == TableauShape::Pyramid) return present(c) || present(c + 1);
    return present(c - 1) || present(c);
}

std::optional<std::pair<int, int>> Table::sole_cover(int r, int c) const {
    if (r + 1 >= v_.rows) return std::nullopt;
    const auto& below = tableau_[r + 1];
    const int w = static_cast<int>(below.size());
    std::vector<int> covers;
    const int first = v_.shape == TableauShape::Pyramid ? c : c - 1;
    for (int cc = first; cc <= first + 1; ++cc)
        if (cc >= 0 && cc < w && below[cc].has_value()) covers.push_back(cc);
    if (covers.size() != 1) return std::nullopt;
    return std::make_pair(r + 1, covers[0]);
}

Table::Loc Table::find(Card card) const {
    for (int r = 0; r < static_cast<int>(tableau_.size()); ++r)
        for (int c = 0; c < static_cast<int>(tableau_[r].size()); ++c)
            if (tableau_[r][c] == card) return {Where::Tableau, r, c};
    for (int p = 0; p < static_cast<int>(reserves_.size()); ++p)
        for (int j = 0; j < static_cast<int>(reserves_[p].size()); ++j)
            if (reserves_[p][j] == card) return {Where::Reserve, p, j};
    if (!stock_.empty() && stock_.back() == card) return {Where::StockTop, 0, 0};
    for (int w = 0; w < static_cast<int>(wastes_.size()); ++w)
        for (int j = 0; j < static_cast<int>(wastes_[w].size()); ++j)
            if (wastes_[w][j] == card) return {Where::Waste, w, j};
    return {};  // gone, or inside the stock
}

bool Table::playable(const Loc& l) const {
    switch (l.where) {
        case Where::Tableau: return !covered_tableau(l.i, l.j);
        case Where::Reserve: return v_.reserves_open || l.j + 1 == static_cast<int>(reserves_[l.i].size());
        case Where::StockTop: return v_.stock_top_playable;
        case Where::Waste: return l.j >= static_cast<int>(wastes_[l.i].size()) - v_.waste_playable;
        case Where::None: return false;
    }
    return false;
}

std::vector<std::pair<Card, Table::Loc>> Table::playable_cards() const {
    std::vector<std::pair<Card, Loc>> out;
    for (int r = 0; r < static_cast<int>(tableau_.size()); ++r)
        for (int c = 0; c < static_cast<int>(tableau_[r].size()); ++c)
            if (tableau_[r][c] && !covered_tableau(r, c)) out.push_back({*tableau_[r][c], {Where::Tableau, r, c}});
    for (int p = 0; p < static_cast<int>(reserves_.size()); ++p)
        for (int j = 0; j < static_cast<int>(reserves_[p].size()); ++j) {
            Loc l{Where::Reserve, p, j};
            if (playable(l)) out.push_back({reserves_[p][j], l});
        }
    if (!stock_.empty() && v_.stock_top_playable) out.push_back({stock_.back(), {Where::StockTop, 0, 0}});
    for (int w = 0; w < static_cast<int>(wastes_.size()); ++w)
        for (int j = 0; j < static_cast<int>(wastes_[w].size()); ++j) {
            Loc l{Where::Waste, w, j};
            if (playable(l)) out.push_back({wastes_[w][j], l});
        }
    return out;
}

std::vector<Card> Table::playable() const {
    std::vector<Card> out;
    for (const auto& [card, loc] : playable_cards()) out.push_back(card);
    return out;
}

void Table::take(const Loc& l) {
    switch (l.where) {
        case Where::Tableau: tableau_[l.i][l.j].reset(); break;
        case Where::Reserve: reserves_[l.i].erase(reserves_[l.i].begin() + l.j); break;
        case Where::StockTop: stock_.pop_back(); break;
        case Where::Waste: wastes_[l.i].erase(wastes_[l.i].begin() + l.j); break;
        case Where::None: break;
    }
}

// The stock order of the next pass: one strategy per RedealOrder.
void Table::redeal() {
    switch (v_.redeal) {
        case RedealOrder::Same:
            // Turning the waste over: its first card becomes the next card again.
            for (auto it = wastes_[0].rbegin(); it != wastes_[0].rend(); ++it) stock_.push_back(*it);
            wastes_[0].clear();
            return;
        case RedealOrder::ApophisRows:
            // Each waste in turn, first to last, is moved card by card (top first)
            // onto the stock; then a row is dealt at once.
            for (auto& w : wastes_)
                while (!w.empty()) {
                    stock_.push_back(w.back());
                    w.pop_back();
                }
            deal_to_wastes();
            return;
    }
}

bool Table::can_redeal() const {
    if (!stock_.empty() || v_.wastes == 0) return false;
    if (!v_.unlimited_passes() && pass_ >= v_.passes) return false;
    for (const auto& w : wastes_)
        if (!w.empty()) return true;
    return false;
}

std::optional<std::string> Table::apply(const Move& m) {
    const DeckKind d = v_.deck;
    switch (m.kind) {
        case Move::Draw:
            if (stock_.empty()) return std::string("the stock is empty");
            if (v_.wastes == 0) {
                discards_.push_back(stock_.back());  // discarded out of play
                stock_.pop_back();
            } else if (v_.wastes == 1) {
                for (int i = 0; i < v_.draw && !stock_.empty(); ++i) {
                    wastes_[0].push_back(stock_.back());
                    stock_.pop_back();
                }
            } else {
                deal_to_wastes();
            }
            return std::nullopt;
        case Move::Redeal:
            if (v_.wastes == 0) return std::string("there is no waste to redeal");
            if (!stock_.empty()) return std::string("the stock is not empty");
            if (!v_.unlimited_passes() && pass_ >= v_.passes)
                return "no redeal left (" + passes_text(v_.passes) + (v_.passes == 1 ? " pass)" : " passes)");
            if (!can_redeal()) return std::string("the waste is empty");
            redeal();
            ++pass_;
            return std::nullopt;
        case Move::Single: {
            if (m.a.rank != v_.lone_rank)
                return card_text(m.a, d) + " cannot be removed alone (only a " + rank_text(v_.lone_rank, d) + " can)";
            const Loc l = find(m.a);
            if (l.where == Where::None) return card_text(m.a, d) + " is not in play (removed, or inside the stock)";
            if (!playable(l)) return card_text(m.a, d) + " is not playable";
            take(l);
            return std::nullopt;
        }
        case Move::Pair: {
            const std::string both = card_text(m.a, d) + " and " + card_text(m.b, d);
            if (m.a.rank + m.b.rank != v_.target) return both + " do not sum to " + std::to_string(v_.target);
            const Loc la = find(m.a), lb = find(m.b);
            for (auto [card, l] : {std::pair{m.a, la}, std::pair{m.b, lb}})
                if (l.where == Where::None)
                    return card_text(card, d) + " is not in play (removed, or inside the stock)";
            bool ok = playable(la) && playable(lb);
            if (!ok && v_.overlap) {
                // Overlap rule: one card may pair with the one card still covering it, if that card is playable.
                auto covers = [&](const Loc& under, const Loc& over) {
                    if (under.where != Where::Tableau || over.where != Where::Tableau || !playable(over)) return false;
                    auto sc = sole_cover(under.i, under.j);
                    return sc && sc->first == over.i && sc->second == over.j;
                };
                ok = covers(la, lb) || covers(lb, la);
            }
            if (!ok) {
                const Card bad = playable(la) ? m.b : m.a;
                return card_text(bad, d) + " is not playable";
            }
            // Take the higher-indexed pile position first so indices stay valid
            // when both cards sit in the same waste or reserve pile.
            if (la.where == lb.where && la.i == lb.i && la.j < lb.j) {
                take(lb);
                take(la);
            } else {
                take(la);
                take(lb);
            }
            return std::nullopt;
        }
    }
    return std::string("unknown move");
}

std::vector<Move> Table::legal_moves() const {
    std::vector<Move> out;
    const auto p = playable_cards();
    for (size_t i = 0; i < p.size(); ++i) {
        if (p[i].first.rank == v_.lone_rank) out.push_back(Move::single(p[i].first));
        for (size_t j = i + 1; j < p.size(); ++j)
            if (p[i].first.rank + p[j].first.rank == v_.target) out.push_back(Move::pair(p[i].first, p[j].first));
    }
    if (v_.overlap)
        for (int r = 0; r < static_cast<int>(tableau_.size()); ++r)
            for (int c = 0; c < static_cast<int>(tableau_[r].size()); ++c) {
                if (!tableau_[r][c]) continue;
                auto sc = sole_cover(r, c);
                if (!sc || covered_tableau(sc->first, sc->second)) continue;
                const Card over = *tableau_[sc->first][sc->second];
                if (over.rank + tableau_[r][c]->rank == v_.target) out.push_back(Move::pair(over, *tableau_[r][c]));
            }
    if (!stock_.empty()) out.push_back(Move::draw());
    if (can_redeal()) out.push_back(Move::redeal());
    return out;
}

int Table::tableau_left() const {
    int n = 0;
    for (const auto& row : tableau_)
        for (const auto& c : row) n += c.has_value();
    return n;
}

bool Table::won() const {
    if (tableau_left() != 0) return false;
    if (v_.goal == Goal::Pyramid) return true;
    for (const auto& r : reserves_)
        if (!r.empty()) return false;
    for (const auto& w : wastes_)
        if (!w.empty()) return false;
    return stock_.empty() && discards_.empty();
}

std::string Table::key() const {
    std::string k;
    auto put = [&](Card c) { k += static_cast<char>('0' + card_index(c, v_.deck)); };
    for (const auto& row : tableau_)
        for (const auto& c : row) k += c ? static_cast<char>('0' + card_index(*c, v_.deck)) : '.';
    for (const auto& r : reserves_) {
        k += '|';
        for (Card c : r) put(c);
    }
    k += "|s";
    for (Card c : stock_) put(c);
    for (const auto& w : wastes_) {
        k += "|w";
        for (Card c : w) put(c);
    }
    if (!v_.unlimited_passes()) k += "|p" + std::to_string(pass_);
    // Discarded cards are out of play, and with goal `all` they make a win
    // impossible: a King discarded by a draw and a King removed alone leave
    // the same piles but are not the same position.
    if (v_.discards()) k += "|d" + std::to_string(discards_.size());
    return k;
}

std::vector<Card> Table::gone() const {
    uint64_t left = cards_;
    auto drop = [&](Card c) { left &= ~(uint64_t{1} << card_index(c, v_.deck)); };
    for (const auto& row : tableau_)
        for (const auto& c : row)
            if (c) drop(*c);
    for (const auto& p : reserves_)
        for (Card c : p) drop(c);
    for (Card c : stock_) drop(c);
    for (const auto& w : wastes_)
        for (Card c : w) drop(c);
    for (Card c : discards_) drop(c);
    std::vector<Card> out;
    for (; left; left &= left - 1) out.push_back(card_from_index(std::countr_zero(left), v_.deck));
    return out;
}

std::vector<Table::UnseenPlace> Table::unseen_places() const {
    std::vector<UnseenPlace> out;
    const std::vector<Card> play = playable();
    auto put = [&](const std::string& name, Card c) {
        if (unseen(c)) out.push_back({name, c, std::find(play.begin(), play.end(), c) != play.end()});
    };
    for (size_t k = stock_.size(); k-- > 0;) put("stock card " + std::to_string(stock_.size() - k), stock_[k]);
    for (size_t w = 0; w < wastes_.size(); ++w)
        for (size_t k = 0; k < wastes_[w].size(); ++k)
            put((wastes_.size() > 1 ? "waste " + std::to_string(w + 1) + " card " : std::string("waste card ")) +
                    std::to_string(k + 1),
                wastes_[w][k]);
    for (size_t k = 0; k < discards_.size(); ++k) put("discarded card " + std::to_string(k + 1), discards_[k]);
    return out;
}

std::string move_label(size_t index, const Move& m, DeckKind d) {
    return "move " + std::to_string(index + 1) + " (" + move_text(m, d) + ")";
}

Replay replay(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal,
              const std::function<void(const Table&)>& each) {
    Replay r{Table(deal), 0, std::nullopt};
    if (each) each(r.table);
    for (const Move& m : moves) {
        if (after_goal == AfterGoal::GameOver && r.table.won()) {
            r.error = move_label(r.played, m, deal.deck()) + ": the goal was reached after move " +
                      std::to_string(r.played) + ", so the game is over";
            break;
        }
        if (auto why = r.table.apply(m)) {
            r.error = move_label(r.played, m, deal.deck()) + ": " + *why;
            break;
        }
        ++r.played;
        if (each) each(r.table);
    }
    return r;
}

}  // namespace pyr
