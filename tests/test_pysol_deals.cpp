// PySolFC's deals laid out: for each of the 96 vectors of
// data/pysolfc-deals.txt (made by PySolFC's own game classes), the preset of
// that game deals --seed N, and the verifier's explicit piles (tableau rows,
// reserves, waste, stock) must equal PySolFC's layout field by field. This
// pins the mapping from PySolFC's dealing order to our layout: King Tut's
// three starting waste cards, Giza's round-robin reserves, Triangle's 7..1 rows.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "engine/deal_source.h"
#include "engine/table.h"

#ifndef PYR_DATA_DIR
#define PYR_DATA_DIR "data"
#endif

using namespace pyr;

namespace {

struct Vector {
    std::map<std::string, std::string> field;  // key=value as written
    int line = 0;
    bool has(const std::string& k) const { return field.count(k) > 0; }
    std::string get(const std::string& k) const { return has(k) ? field.at(k) : std::string(); }
};

std::vector<Vector> load() {
    std::ifstream in(std::string(PYR_DATA_DIR) + "/pysolfc-deals.txt");
    std::vector<Vector> out;
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
        if (line.empty() || line[0] == '#') continue;
        Vector v;
        v.line = n;
        std::istringstream ss(line);
        for (std::string f; ss >> f;) {
            const auto eq = f.find('=');
            if (eq != std::string::npos) v.field[f.substr(0, eq)] = f.substr(eq + 1);
        }
        out.push_back(v);
    }
    return out;
}

std::string text(const std::vector<Card>& cards, DeckKind d) {
    std::string s;
    for (Card c : cards) s += card_text(c, d);
    return s;
}

// Piles joined as the vectors write them: each pile's cards, '/' between piles.
std::string piles_text(const std::vector<std::vector<Card>>& piles, DeckKind d) {
    std::string s;
    for (size_t i = 0; i < piles.size(); ++i) s += (i ? "/" : "") + text(piles[i], d);
    return s;
}

std::string rows_text(const Table& t) {
    std::vector<std::vector<Card>> rows;
    for (const auto& row : t.tableau()) {
        rows.emplace_back();
        for (const auto& c : row) rows.back().push_back(*c);
    }
    return piles_text(rows, t.variant().deck);
}

std::string without_slashes(std::string s) {
    std::erase(s, '/');
    return s;
}

// Checks the verifier's starting piles against the vector, field by field.
void check_layout(const Variant& v, const Vector& vec) {
    const Deal d = deal_from_seed(v, vec.get("deal"));
    const Table t(d);
    const DeckKind dk = d.deck();
    // The tableau, under the field name of its shape.
    const std::string shape = v.shape == TableauShape::Pyramid ? "pyramid" : "triangle";
    REQUIRE(vec.has(shape));
    CHECK(rows_text(t) == vec.get(shape));
    // Reserves: present exactly when the game has them.
    CHECK(piles_text(t.reserves(), dk) == vec.get("reserves"));
    // Waste(s): one waste ("waste") or several ("wastes"); none dealt otherwise.
    if (vec.has("wastes")) {
        CHECK(piles_text(t.wastes(), dk) == vec.get("wastes"));
    } else {
        CHECK(piles_text(t.wastes(), dk) == vec.get("waste"));
    }
    // The stock, next card first (Table keeps the next card at the back).
    CHECK(text(std::vector<Card>(t.stock().rbegin(), t.stock().rend()), dk) == vec.get("stock"));
    // The compact string lists the same piles in its documented order:
    // tableau, reserves, then the stock as it comes off (the single waste's
    // starting cards first; several wastes are dealt in rows, checked above).
    if (!vec.has("wastes"))
        CHECK(compact(d) == without_slashes(vec.get(shape)) + without_slashes(vec.get("reserves")) + vec.get("waste") +
                                vec.get("stock"));
}

}  // namespace

TEST_CASE("every PySolFC deal vector is laid out as PySolFC lays it out", "[pysol_random][layout]") {
    const auto vectors = load();
    REQUIRE(vectors.size() == 96);
    const std::map<std::string, std::string> preset_of = {{"38", "pyramid"},   {"193", "relaxed"},
                                                          {"592", "giza"},     {"681", "tuts-tomb"},
                                                          {"700", "triangle"}, {"658", "apophis"}};
    std::map<std::string, int> checked;
    for (const auto& vec : vectors) {
        const std::string game = vec.get("game");
        INFO("data/pysolfc-deals.txt line " << vec.line << ": game " << game << " deal " << vec.get("deal"));
        {
            REQUIRE(preset_of.count(game));
            const Variant v = *find_preset(preset_of.at(game));
            CHECK(std::to_string(v.pysol_game) == game);  // the preset deals this PySolFC game
            check_layout(v, vec);
        }
        ++checked[game];
    }
    CHECK(checked.size() == 6);
    for (const auto& [game, n] : checked) {
        INFO("game " << game);
        CHECK(n == 16);
    }
}

TEST_CASE("giza's layout undoes PySolFC's round-robin reserve dealing", "[pysol_random][layout]") {
    // Dealt cards 0..51 in order: card k goes to reserve pile k % 8 while
    // k < 24 (three rounds), then the pyramid, so pile p holds p, p+8, p+16.
    const Variant giza = *find_preset("giza");
    std::vector<Card> dealt;
    for (int i = 0; i < 52; ++i) dealt.push_back(card_from_index(i, DeckKind::Standard52));
    const std::vector<Card> layout = layout_from_dealing_order(giza, dealt);
    for (int i = 0; i < 28; ++i) CHECK(layout[i] == dealt[24 + i]);
    for (int p = 0; p < 8; ++p)
        for (int h = 0; h < 3; ++h) CHECK(layout[28 + 3 * p + h] == dealt[p + 8 * h]);
    // Without reserves the dealing order is the layout.
    CHECK(layout_from_dealing_order(*find_preset("tuts-tomb"), dealt) == dealt);
}
