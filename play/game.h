// The game being played: the verifier's position (engine/table.h) and the
// moves that led to it. A move is legal exactly when the verifier applies it;
// undo and redo replay a prefix of the move list from the deal, so there is
// no second copy of the rules here. No terminal code (see play/screen.h).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "api/api.h"
#include "engine/deal.h"
#include "engine/move.h"
#include "engine/table.h"

namespace pyr::play {

class Game {
public:
    // `seed`: the PySolFC deal number the deal came from ("" when it was
    // given as cards).
    Game(Deal deal, std::string seed);

    const Deal& deal() const { return deal_; }
    const Variant& variant() const { return deal_.variant; }
    const std::string& seed() const { return seed_; }
    const Table& table() const { return table_; }
    const std::vector<Move>& moves() const { return moves_; }

    // Plays a move through the verifier: nullopt when it was played, else the
    // verifier's reason and nothing changes. A new move drops the redo list,
    // unless it is the move redo would play.
    std::optional<std::string> play(const Move& m);
    bool can_undo() const { return !moves_.empty(); }
    bool can_redo() const { return !redo_.empty(); }
    bool undo();
    bool redo();
    // Back to the deal; every move goes to the redo list (redo replays them).
    bool restart();

    bool won() const { return table_.won(); }
    // Not won and no legal move left: the game is lost.
    bool stuck() const { return !won() && table_.legal_moves().empty(); }
    bool playable(Card c) const;
    // The card lies face up on the table (tableau, reserves, the stock's top
    // when face up, a waste), playable or not.
    bool in_view(Card c) const;
    // Cards still in play (not removed, not discarded) and tableau cards left.
    int cards_left() const;
    int tableau_left() const { return table_.tableau_left(); }
    // Grows by one with every change of position (play, undo, redo, restart, reveal).
    uint64_t version() const { return version_; }

    // Cards not seen (`??`, Deal::unknown): `c` sits in a place not seen, as
    // the placeholder it holds (its name says nothing of the true card: it is
    // shown as ?? and never selected).
    bool unknown(Card c) const;
    // Where the cards not seen lie now (api::unknown_places).
    std::vector<api::UnknownPlace> unknown_places() const;
    // Names the card not seen at `place` (api::reveal: the player reads it
    // off the game in hand, "the next card is QH"): nullopt when done, else
    // why not (a card seen already, or not in the deck). The moves stay.
    std::optional<std::string> reveal(const std::string& place, Card c);

private:
    void replay_moves();

    Deal deal_;
    std::string seed_;
    Table table_;
    std::vector<Move> moves_;
    std::vector<Move> redo_;  // back() is the next move redo plays
    uint64_t version_ = 0;
};

// The PySolFC deal number after `seed` ("41" -> "42", "ms24" -> "ms25").
// Throws std::invalid_argument when there is none (out of range).
std::string next_seed(const std::string& seed);

// What the game is about, for messages: "the pyramid", "the triangle" or
// "every card".
std::string goal_words(const Variant& v);

}  // namespace pyr::play
