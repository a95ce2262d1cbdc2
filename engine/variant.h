// Rules as data: one Variant value describes a game of the Pyramid family and
// the engine reads nothing else. Every preset is a row of the preset table.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/card.h"

namespace pyr {

enum class Goal : uint8_t { Pyramid, All };  // clear the 28 tableau cards, or every card
enum class TableauShape : uint8_t { Pyramid, Triangle };
enum class RedealOrder : uint8_t {
    Same,        // the waste is turned over: the stock runs in the same order again
    ApophisRows  // PySolFC DealRowRedealTalonStack: wastes gathered in turn, a row dealt at once
};

struct Variant {
    std::string name;   // preset name (the CLI's --variant)
    std::string title;  // human-readable game name
    DeckKind deck = DeckKind::Standard52;
    int target = 13;     // two playable cards whose ranks sum to this are removed
    int lone_rank = 13;  // a playable card of this rank is removed alone (King)

    TableauShape shape = TableauShape::Pyramid;
    int rows = 7;                // tableau rows (7 = 28 cards; smaller in tests)
    int reserve_piles = 0;       // Giza: 8 face-up reserve piles ...
    int reserve_height = 0;      // ... of 3 cards each
    bool reserves_open = false;  // every reserve card playable, not just each top

    int wastes = 1;                   // waste piles fed by the stock (0: none, unpaired stock cards are discarded)
    int waste_start = 0;              // cards dealt to each waste at the start
    int draw = 1;                     // cards per draw (per waste)
    bool stock_top_playable = false;  // the stock's top card is face up and playable
    int waste_playable = 1;           // how many top cards of each waste are playable
    int passes = 3;                   // passes through the stock; 0 = unlimited
    RedealOrder redeal = RedealOrder::Same;

    Goal goal = Goal::Pyramid;
    bool overlap = false;        // a card may pair with the one card still covering it, if exposed
    bool score_variant = false;  // the score (pyramid cards left) is the headline result

    int pysol_game = 38;  // PySolFC game whose numbered deals --seed reproduces

    // The challenges' scoring (engine/scoring.h's table, by name): msc's for
    // every preset. It changes no game, only what a challenge counts.
    std::string scoring = "msc";

    // Derived sizes.
    int tableau_size() const { return rows * (rows + 1) / 2; }
    // Cards in tableau row r (0 = the top row): r + 1 in a pyramid, rows - r
    // in the inverted triangle.
    int row_width(int r) const { return shape == TableauShape::Pyramid ? r + 1 : rows - r; }
    int reserve_size() const { return reserve_piles * reserve_height; }
    int fixed_size() const { return tableau_size() + reserve_size(); }
    bool discards() const { return wastes == 0; }
    bool unlimited_passes() const { return passes == 0; }

    // Throws std::invalid_argument naming the problem when the rules contradict
    // each other (e.g. a redeal where unpaired stock cards are discarded).
    void validate() const;

    // Every field: two Variants are the same game only when all are equal
    // (a field added later is compared without anyone listing it).
    friend bool operator==(const Variant&, const Variant&) = default;
};

// The preset table, in listing order.
const std::vector<Variant>& presets();
// nullopt when no preset has this name.
std::optional<Variant> find_preset(const std::string& name);
// Comma-separated preset names, for messages.
std::string preset_names();

// Rules in words, generated from the value (`pyramid variants NAME`).
std::string describe(const Variant& v);
// One line, for listings.
std::string summary(const Variant& v);

// Passes as typed: "1", "3", "unlimited". Throws std::invalid_argument.
int parse_passes(const std::string& s);
std::string passes_text(int passes);
Goal parse_goal(const std::string& s);
const char* goal_text(Goal g);

}  // namespace pyr
