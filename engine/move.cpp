#include "engine/move.h"
#include "engine/input.h"

#include <algorithm>
#include <cctype>

namespace pyr {

Move Move::pair(Card x, Card y) {
    // Canonical order: higher rank first; equal ranks (pairs to an even sum) by suit.
    if (y.rank > x.rank || (y.rank == x.rank && y.suit < x.suit)) std::swap(x, y);
    return Move{Pair, x, y};
}

std::string move_text(const Move& m, DeckKind d) {
    switch (m.kind) {
        case Move::Draw: return "draw";
        case Move::Redeal: return "redeal";
        case Move::Single: return card_text(m.a, d);
        case Move::Pair: return card_text(m.a, d) + "+" + card_text(m.b, d);
    }
    return "?";
}

std::string moves_text(const std::vector<Move>& ms, DeckKind d) {
    std::string s;
    for (const auto& m : ms) s += (s.empty() ? "" : " ") + move_text(m, d);
    return s;
}

Move parse_move(std::string_view tok, DeckKind d) {
    std::string low;
    for (char ch : tok) low += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    if (low == "draw" || low == "d") return Move::draw();
    if (low == "redeal" || low == "r") return Move::redeal();
    const auto plus = tok.find('+');
    auto card = [&](std::string_view t) {
        auto c = parse_card(t, d);
        if (!c) throw ParseError("bad move " + excerpt(tok) + ": unknown card " + excerpt(t));
        return *c;
    };
    if (plus == std::string_view::npos) return Move::single(card(tok));
    const Card x = card(tok.substr(0, plus)), y = card(tok.substr(plus + 1));
    if (x == y) throw ParseError("bad move " + excerpt(tok) + ": a card cannot pair with itself");
    return Move::pair(x, y);
}

std::vector<Move> parse_moves(std::string_view text, DeckKind d) {
    std::vector<Move> out;
    size_t i = 0;
    auto sep = [](char ch) { return ch == ' ' || ch == ',' || ch == '\n' || ch == '\r' || ch == '\t'; };
    while (i < text.size()) {
        if (sep(text[i])) {
            ++i;
            continue;
        }
        size_t j = i;
        while (j < text.size() && !sep(text[j])) ++j;
        out.push_back(parse_move(text.substr(i, j - i), d));
        i = j;
    }
    return out;
}

}  // namespace pyr
