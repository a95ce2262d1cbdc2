#include "engine/scoring.h"

namespace pyr {

namespace {
bool is_removal(const Move& m) { return m.kind == Move::Single || m.kind == Move::Pair; }
bool any_removal(const Table& t) {
    for (const Move& m : t.legal_moves())
        if (is_removal(m)) return true;
    return false;
}
}  // namespace

bool game_ended(const Table& t) {
    if (t.won()) return true;
    if (!t.variant().unlimited_passes()) return t.legal_moves().empty();
    // Unlimited passes: draw and redeal round the whole stock (twice over, which
    // covers every card coming up with every neighbour of its draw) looking
    // for a removal.
    Table u = t;
    int cards = static_cast<int>(u.stock().size());
    for (const auto& w : u.wastes()) cards += static_cast<int>(w.size());
    for (int i = 0; i < 2 * (cards + 2); ++i) {
        if (any_removal(u)) return false;
        const bool drew = !u.apply(Move::draw()) || !u.apply(Move::redeal());  // (apply: nullopt when legal)
        if (!drew) break;                                                      // neither: nothing left to turn
    }
    return !any_removal(u);
}

std::optional<std::string> tally_line(const Deal& deal, const std::vector<Move>& moves, const Scoring& scoring,
                                      LineTally* out) {
    const Replay played = replay(deal, moves);
    if (played.error) return played.error;
    const Table& end = played.table;
    const bool won = played.won();
    LineTally t;
    t.steps = static_cast<int>(moves.size());
    // A deal that begins at a position (engine/position.h): the cards paired
    // away before it count as removed in this deal, as they do in the
    // searches' removed set (solver/challenge.h's ChallengeValues).
    if (deal.position) {
        int lone = 0, paired = 0;
        for (const Card c : Table(deal).gone()) {
            ++t.removed[c.rank];
            ++(c.rank == deal.variant.lone_rank ? lone : paired);
        }
        t.removals = lone + paired / 2;
    }
    for (const Move& m : moves) {
        if (!is_removal(m)) continue;
        ++t.removals;
        ++t.removed[m.a.rank];
        if (m.kind == Move::Pair) ++t.removed[m.b.rank];
    }
    t.score = scoring.per_removal * t.removals;
    const auto& rows = end.tableau();
    for (int r = 0; r < static_cast<int>(rows.size()); ++r) {
        bool empty = true;
        for (const auto& c : rows[static_cast<size_t>(r)]) empty = empty && !c.has_value();
        if (empty) t.score += scoring.bonus_of_row(deal.variant, r);
    }
    t.cleared = end.tableau_left() == 0;
    t.won = won;
    t.ended = game_ended(end);
    *out = t;
    return std::nullopt;
}

}  // namespace pyr
