#include "report/deal.h"

#include "engine/table.h"
#include "solver/nopeek.h"

namespace pyr {

json::object deal_json(const Deal& deal, const std::string& seed) {
    const Table t(deal);
    const DeckKind dk = deal.deck();
    json::object o;
    o["variant"] = deal.variant.name;
    if (!seed.empty()) o["seed"] = seed;
    o["deal"] = compact(deal);
    // A card not seen is "??" (never the placeholder it holds); a place
    // whose card is gone (a position) null.
    auto card = [&](Card c) { return json::value(t.unseen(c) ? std::string(kUnknownToken) : card_text(c, dk)); };
    json::array rows;
    for (const auto& row : t.tableau()) {
        json::array r;
        for (const auto& c : row) r.push_back(c ? card(*c) : json::value(nullptr));
        rows.push_back(r);
    }
    o[deal.variant.shape == TableauShape::Pyramid ? "pyramid" : "triangle"] = rows;
    auto cards = [&](const std::vector<Card>& cs) {
        json::array a;
        for (Card c : cs) a.push_back(card(c));
        return a;
    };
    if (!t.reserves().empty()) {
        json::array piles;
        for (const auto& p : t.reserves()) piles.push_back(cards(p));
        o["reserves"] = piles;
    }
    if (deal.stock_size() > 0) {
        if (t.wastes().size() == 1) o["waste"] = cards(t.wastes()[0]);
        if (t.wastes().size() > 1) {
            json::array ws;
            for (const auto& w : t.wastes()) ws.push_back(cards(w));
            o["wastes"] = ws;
        }
        o["stock"] = cards(std::vector<Card>(t.stock().rbegin(), t.stock().rend()));
    }
    // A position (Deal::position) or cards not seen: what `deal`'s text shows besides.
    if (deal.position) o["pass"] = t.pass();
    if (deal.position && t.discarded() > 0) o["discarded"] = cards(t.discards());
    if (deal.position || deal.has_unknown()) {
        o["gone"] = cards(t.gone());
        json::array places;
        for (const auto& p : t.unseen_places()) places.push_back(json::value(p.name));
        o["unknown"] = std::move(places);
        json::array unseen;
        for (Card c : unknown_cards(deal)) unseen.push_back(json::value(card_text(c, dk)));
        o["unknown_cards"] = std::move(unseen);
    }
    return o;
}

std::string rules_words(const Variant& v) { return describe(v) + nopeek::knowledge_text(v) + "\n"; }

}  // namespace pyr
