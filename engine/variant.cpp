#include "engine/variant.h"

#include <sstream>
#include <stdexcept>

#include "engine/input.h"

namespace pyr {

namespace {

// The preset table: a row a preset, naming only the fields that differ from
// Variant's defaults (a standard deck, a pyramid of 7 rows, one waste that
// starts empty, draw one, 3 passes, goal the pyramid, PySolFC game 38).
std::vector<Variant> make_presets() {
    using enum Goal;
    // Unpaired stock cards are discarded: no waste, one pass.
    const Variant classic{.name = "classic",
                          .title = "Classic Pyramid (one pass, discard)",
                          .wastes = 0,
                          .stock_top_playable = true,
                          .waste_playable = 0,
                          .passes = 1,
                          .score_variant = true};
    std::vector<Variant> t{
        {.name = "msc", .title = "Microsoft Solitaire Collection Pyramid", .stock_top_playable = true},
        {.name = "relaxed",
         .title = "Relaxed Pyramid (PySolFC)",
         .waste_start = 1,
         .stock_top_playable = true,
         .pysol_game = 193},
        {.name = "pyramid", .title = "Pyramid (PySolFC)", .waste_start = 1, .stock_top_playable = true, .goal = All},
        {.name = "cheops", .title = "Cheops", .stock_top_playable = true, .goal = All},
        {.name = "pharaohs", .title = "Pharaohs", .waste_playable = 2, .passes = 1, .goal = All},
        {.name = "solitarium", .title = "Solitarium", .passes = 0},
        classic,
        // PySolFC Giza: every card dealt face up, 24 of them onto 8 reserve piles;
        // there is no stock, so nothing is drawn and nothing is redealt.
        {.name = "giza",
         .title = "Giza (PySolFC)",
         .reserve_piles = 8,
         .reserve_height = 3,
         .stock_top_playable = true,
         .passes = 1,
         .goal = All,
         .pysol_game = 592},
        // PySolFC King Tut: a face-down stock dealt three at a time, endlessly.
        {.name = "tuts-tomb",
         .title = "Tut's Tomb (PySolFC King Tut)",
         .waste_start = 3,
         .draw = 3,
         .passes = 0,
         .pysol_game = 681},
        // PySolFC Apophis: a face-down stock dealt a row at a time onto three waste
        // piles, whose tops are playable (also with each other); a redeal gathers
        // the wastes back in PySolFC's order and deals a row at once.
        {.name = "apophis",
         .title = "Apophis (PySolFC)",
         .wastes = 3,
         .waste_start = 1,
         .redeal = RedealOrder::ApophisRows,
         .goal = All,
         .pysol_game = 658},
        {.name = "triangle",
         .title = "Triangle (PySolFC)",
         .shape = TableauShape::Triangle,
         .waste_start = 1,
         .stock_top_playable = true,
         .goal = All,
         .pysol_game = 700},
    };
    // PySolFC has no Spanish deck; --seed shuffles the 48 cards with Pyramid's
    // generator for the same number (see engine/pysol_random.h). Classic's rules.
    Variant spanish = classic;
    spanish.name = "spanish";
    spanish.title = "Spanish Pyramid (48-card Spanish deck, classic rules)";
    spanish.deck = DeckKind::Spanish48;
    spanish.target = spanish.lone_rank = 12;
    t.push_back(spanish);
    return t;
}

}  // namespace

const std::vector<Variant>& presets() {
    static const std::vector<Variant> table = make_presets();
    return table;
}

std::optional<Variant> find_preset(const std::string& name) {
    for (const auto& v : presets())
        if (v.name == name) return v;
    return std::nullopt;
}

std::string preset_names() {
    std::string s;
    for (const auto& v : presets()) s += (s.empty() ? "" : ", ") + v.name;
    return s;
}

void Variant::validate() const {
    auto fail = [&](const std::string& why) { throw std::invalid_argument("variant '" + name + "': " + why); };
    const int ranks = deck_ranks(deck);
    if (rows < 1 || rows > 7) fail("the tableau must have 1 to 7 rows");
    if (reserve_piles < 0 || reserve_height < 0 || (reserve_piles > 0) != (reserve_height > 0))
        fail("reserve piles and their height must both be set or both be zero");
    if (fixed_size() > deck_size(deck)) fail("the layout needs more cards than the deck has");
    if (target < 2 || target > 2 * ranks) fail("the pair sum must be between 2 and " + std::to_string(2 * ranks));
    if (lone_rank < 0 || lone_rank > ranks) fail("the lone rank must be a rank of the deck (or 0 for none)");
    if (wastes < 0 || wastes > 3) fail("0 to 3 waste piles");
    if (draw < 1 || draw > 3) fail("a draw takes 1 to 3 cards");
    if (passes < 0) fail("passes must be a positive number or unlimited");
    if (wastes == 0) {
        if (passes != 1)
            fail("unpaired stock cards are discarded out of play, so there is no waste to redeal: "
                 "passes must be 1 (got " +
                 passes_text(passes) + ")");
        if (waste_start != 0 || waste_playable != 0) fail("there is no waste to deal to or play from");
        if (!stock_top_playable) fail("with no waste, the stock's top card must be playable");
    } else {
        if (waste_playable < 1 || waste_playable > 3) fail("1 to 3 waste cards playable");
        if (waste_start < 0 || waste_start > 3) fail("0 to 3 cards dealt to each waste at the start");
    }
    if (redeal == RedealOrder::ApophisRows && wastes < 2) fail("the row redeal needs several wastes");
    if (redeal == RedealOrder::ApophisRows && (passes < 1 || passes > 3))
        fail("with the row redeal, passes must be 1 to 3 (got " + passes_text(passes) + ")");
    if (wastes > 1 && draw != 1) fail("with several wastes a deal puts one card on each");
    // What follows keeps out combinations that the packed engine (engine/board.h)
    // and the verifier (engine/table.h) do not both implement (each was found
    // by tests/test_variant.cpp's playouts of every combination).
    if (wastes == 0 && draw != 1) fail("with no waste a draw discards one card: draw must be 1");
    if (wastes > 1 && passes != 1 && redeal == RedealOrder::Same)
        fail("with several wastes a redeal gathers them back and deals a row at once (the row redeal), "
             "not one waste turned over");
    if (redeal == RedealOrder::ApophisRows && reserve_piles > 0)
        fail("the row redeal is for layouts without reserve piles");
    if (wastes > 1 && stock_top_playable) fail("with several wastes the stock is face down");
}

int parse_passes(const std::string& s) {
    if (s == "unlimited" || s == "inf" || s == "infinite") return 0;
    const auto n = whole_number(s, 1, 1000000);
    if (!n)
        throw std::invalid_argument("passes must be a number from 1 to 1000000 or 'unlimited' (got " + excerpt(s) +
                                    ")");
    return static_cast<int>(*n);
}

std::string passes_text(int passes) { return passes == 0 ? "unlimited" : std::to_string(passes); }

Goal parse_goal(const std::string& s) {
    if (s == "pyramid") return Goal::Pyramid;
    if (s == "all") return Goal::All;
    throw std::invalid_argument("goal must be 'pyramid' or 'all' (got " + excerpt(s) + ")");
}

const char* goal_text(Goal g) { return g == Goal::Pyramid ? "pyramid" : "all"; }

namespace {

std::string plural(int n, const std::string& word) { return std::to_string(n) + " " + word + (n == 1 ? "" : "s"); }

const char* nth_top(int k) {
    switch (k) {
        case 1: return "top card";
        case 2: return "top two cards";
        default: return "top three cards";
    }
}

}  // namespace

std::string describe(const Variant& v) {
    std::ostringstream o;
    const int ranks = deck_ranks(v.deck);
    const int total = deck_size(v.deck);
    const int stock = total - v.fixed_size();
    o << v.name << ": " << v.title << "\n";
    o << "Deck: " << total << " cards"
      << (v.deck == DeckKind::Spanish48 ? " (Spanish: ranks 1-12, suits oros O, copas C, espadas E, bastos B)"
                                        : " (ranks A 2-9 T J Q K, suits C D H S)")
      << ". Two playable cards whose ranks sum to " << v.target << " are removed together";
    if (v.lone_rank > 0)
        o << "; a " << rank_text(v.lone_rank, v.deck) << (v.lone_rank == ranks ? " (the top rank)" : "")
          << " is removed alone";
    o << ".\n";
    o << "Layout: ";
    if (v.shape == TableauShape::Pyramid)
        o << "a pyramid of " << v.tableau_size() << " cards in " << v.rows
          << " rows, the top row first; a card is playable when both cards overlapping it from the row below are gone.";
    else
        o << "an inverted triangle of " << v.tableau_size() << " cards, rows of " << v.rows << " down to 1 card; "
          << "a card is playable when the cards overlapping it from the next row are gone (the end cards of a row "
             "have one, the last row's single card starts playable).";
    if (v.reserve_piles > 0)
        o << " " << plural(v.reserve_piles, "reserve pile") << " of " << v.reserve_height << " face-up cards; "
          << (v.reserves_open ? "every reserve card is playable." : "the top card of each pile is playable.");
    o << "\n";
    if (stock <= 0) {
        o << "Stock: none; every card is dealt face up.\n";
    } else {
        o << "Stock: " << stock << " cards, ";
        o << (v.stock_top_playable ? "face up, its top card playable. " : "face down. ");
        if (v.discards()) {
            o << "A draw discards the top card out of play and turns the next; there is no waste.\n";
        } else {
            o << "A draw "
              << (v.wastes > 1 ? "deals one card onto each of the " + std::to_string(v.wastes) + " waste piles"
                  : v.draw == 1
                      ? std::string("moves one card to the waste")
                      : "moves " + std::to_string(v.draw) + " cards to the waste (the rest, when fewer are left)")
              << "; the " << nth_top(v.waste_playable) << " of " << (v.wastes > 1 ? "each waste " : "the waste ")
              << (v.waste_playable == 1 ? "is" : "are") << " playable";
            if (v.waste_playable > 1 || v.wastes > 1) o << ", with tableau cards or with each other";
            o << ". ";
            if (v.waste_start == 0) o << "The waste starts empty.\n";
            else
                o << plural(v.waste_start, "card") << (v.wastes > 1 ? " dealt to each waste" : " dealt to the waste")
                  << " at the start.\n";
        }
        o << "Passes: ";
        if (v.unlimited_passes()) o << "unlimited";
        else if (v.passes == 1) o << "1 through the stock (no redeal)";
        else o << v.passes << " through the stock (" << plural(v.passes - 1, "redeal") << ")";
        if (v.passes != 1) {
            o << "; a redeal is allowed only when the stock is empty and ";
            if (v.redeal == RedealOrder::Same) o << "turns the waste over so the stock runs in the same order again";
            else o << "gathers the wastes back into the stock, the first waste first, and deals a row at once";
        }
        o << ".\n";
    }
    o << "Overlap rule: "
      << (v.overlap
              ? "on: a tableau card may pair with the one tableau card still covering it, if that card is playable"
              : "off")
      << ".\n";
    o << "Goal: "
      << (v.goal == Goal::Pyramid ? "remove all " + std::to_string(v.tableau_size()) + " tableau cards"
                                  : "remove all " + std::to_string(total) + " cards")
      << (v.score_variant ? "; the score is the number of pyramid cards left (0 is a win)" : "") << ".\n";
    o << "Moves: ";
    if (stock > 0) o << "draw, ";
    if (stock > 0 && !v.discards() && v.passes != 1) o << "redeal, ";
    if (v.lone_rank > 0) o << "a " << rank_text(v.lone_rank, v.deck) << " removed alone, ";
    o << "a pair removed; each counts one move.\n";
    // The compact string (--deal, --format compact) lists the cards in this order.
    o << "Deal order: the tableau row by row, the first row first, left to right";
    if (v.reserve_piles > 0) o << "; then reserve pile 1 bottom to top, then pile 2, and so on";
    if (stock > 0)
        o << "; then the stock in the order its cards come off"
          << (v.waste_start > 0 ? " (those dealt to the waste at the start first)" : "");
    o << ".\n";
    if (v.deck == DeckKind::Standard52) o << "Deals: --seed N gives PySolFC's deal N of game " << v.pysol_game << ".\n";
    else
        o << "Deals: PySolFC has no " << total << "-card deck; --seed N shuffles it, ordered by suit then rank, with "
          << "the generator and shuffle of PySolFC's deal N of game " << v.pysol_game << ".\n";
    return o.str();
}

std::string summary(const Variant& v) {
    std::ostringstream o;
    o << v.title << "; ";
    if (v.deck != DeckKind::Standard52) o << deck_size(v.deck) << " cards, pairs sum to " << v.target << "; ";
    if (v.shape == TableauShape::Triangle) o << "inverted triangle; ";
    if (v.reserve_piles > 0)
        o << v.reserve_piles << " reserves of " << v.reserve_height << (v.reserves_open ? " (all open)" : "") << "; ";
    if (v.fixed_size() < deck_size(v.deck)) {
        if (v.discards()) o << "stock top playable, unpaired cards discarded; ";
        else {
            o << (v.stock_top_playable ? "stock top and " : "stock face down, ");
            o << "waste " << (v.waste_playable == 1 ? "top" : "top " + std::to_string(v.waste_playable)) << " playable";
            if (v.wastes > 1) o << " on " << v.wastes << " wastes";
            if (v.draw > 1) o << ", draw " << v.draw;
            o << "; ";
        }
        o << passes_text(v.passes) << (v.passes == 1 ? " pass" : " passes") << "; ";
    }
    o << "goal " << goal_text(v.goal);
    return o.str();
}

}  // namespace pyr
