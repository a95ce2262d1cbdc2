#include "play/game.h"

#include <algorithm>

#include "engine/pysol_random.h"

namespace pyr::play {

Game::Game(Deal deal, std::string seed) : deal_(std::move(deal)), seed_(std::move(seed)), table_(deal_) {}

std::optional<std::string> Game::play(const Move& m) {
    if (auto why = table_.apply(m)) return why;
    moves_.push_back(m);
    if (!redo_.empty() && redo_.back() == m) redo_.pop_back();
    else redo_.clear();
    ++version_;
    return std::nullopt;
}

void Game::replay_moves() {
    table_ = replay(deal_, moves_, AfterGoal::PlayOn).table;  // each was legal when played
    ++version_;
}

bool Game::undo() {
    if (moves_.empty()) return false;
    redo_.push_back(moves_.back());
    moves_.pop_back();
    replay_moves();
    return true;
}

bool Game::redo() {
    if (redo_.empty()) return false;
    const Move m = redo_.back();
    redo_.pop_back();
    moves_.push_back(m);
    table_.apply(m);
    ++version_;
    return true;
}

bool Game::restart() {
    if (moves_.empty()) return false;
    redo_.insert(redo_.end(), moves_.rbegin(), moves_.rend());
    moves_.clear();
    replay_moves();
    return true;
}

bool Game::playable(Card c) const {
    const auto p = table_.playable();
    return std::find(p.begin(), p.end(), c) != p.end();
}

bool Game::unknown(Card c) const {
    if (!deal_.has_unknown()) return false;
    for (size_t i = 0; i < deal_.cards.size(); ++i)
        if (deal_.cards[i] == c) return deal_.unknown_at(static_cast<int>(i));
    return false;
}

std::vector<api::UnknownPlace> Game::unknown_places() const {
    if (!deal_.has_unknown()) return {};
    return api::unknown_places(deal_, moves_);
}

std::optional<std::string> Game::reveal(const std::string& place, Card c) {
    try {
        deal_ = api::reveal(deal_, moves_, place, card_text(c, deal_.deck()));
    } catch (const std::exception& e) {
        return e.what();
    }
    replay_moves();
    return std::nullopt;
}

bool Game::in_view(Card c) const {
    if (unknown(c)) return false;
    for (const auto& row : table_.tableau())
        for (const auto& x : row)
            if (x == c) return true;
    for (const auto& pile : table_.reserves())
        if (std::find(pile.begin(), pile.end(), c) != pile.end()) return true;
    for (const auto& w : table_.wastes())
        if (std::find(w.begin(), w.end(), c) != w.end()) return true;
    return variant().stock_top_playable && !table_.stock().empty() && table_.stock().back() == c;
}

int Game::cards_left() const {
    int n = table_.tableau_left() + static_cast<int>(table_.stock().size());
    for (const auto& pile : table_.reserves()) n += static_cast<int>(pile.size());
    for (const auto& w : table_.wastes()) n += static_cast<int>(w.size());
    return n;
}

std::string next_seed(const std::string& seed) {
    PysolDealNumber n = parse_pysol_deal_number(seed);
    n.value += 1;
    const std::string next = n.text();
    parse_pysol_deal_number(next);  // throws past the last deal number
    return next;
}

std::string goal_words(const Variant& v) {
    if (v.goal == Goal::All) return "every card";
    return v.shape == TableauShape::Triangle ? "the triangle" : "the pyramid";
}

}  // namespace pyr::play
