// Challenges: the lines' tally. The values a removed set scores on the
// packed board (ChallengeValues, the searches' side), and each line the
// searches return checked by the verifier's tally (engine/scoring.h's
// tally_line) and reported.
#include <bit>

#include "solver/challenge.h"

namespace pyr {

ChallengeValues::ChallengeValues(const Board& board, const Scoring& scoring) : board_(board), scoring_(scoring) {
    const Variant& v = board.variant();
    if (v.lone_rank) lone_ = board.rank_mask(v.lone_rank);
    tableau_ = board.tableau_mask();
    int slot = 0;
    for (int r = 0; r < v.rows; ++r) {
        uint64_t row = 0;
        for (int c = 0; c < tableau_row_width(v, r); ++c) row |= uint64_t{1} << slot++;
        rows_.emplace_back(row, scoring.bonus_of_row(v, r));
    }
}

int ChallengeValues::removals(uint64_t removed) const {
    return std::popcount(removed & lone_) + std::popcount(removed & ~lone_) / 2;
}

int ChallengeValues::score(uint64_t removed) const {
    int s = scoring_.per_removal * removals(removed);
    for (const auto& [row, bonus] : rows_)
        if ((removed & row) == row) s += bonus;
    return s;
}

int ChallengeValues::cards(uint64_t removed, int rank) const { return std::popcount(removed & board_.rank_mask(rank)); }

// The verifier's check of a line, and the line as reported.
ChallengeLine checked_line(const Board& board, const Challenge& c, std::vector<Move> moves, bool to_target,
                           const ChallengeValues& values, const State& end) {
    LineTally t;
    if (auto error = tally_line(board.deal(), moves, c.scoring, &t))
        throw InternalError("the challenge line fails the verifier: " + *error);
    ChallengeLine line;
    line.cleared = t.cleared;
    line.score = t.score;
    if (c.kind == ChallengeKind::Cards) line.cards = t.removed[static_cast<size_t>(c.rank)];
    line.reaches_target = to_target;
    const bool agree = t.score == values.score(end.removed) && t.cleared == values.cleared(end.removed) &&
                       (!line.cards || *line.cards == values.cards(end.removed, c.rank));
    if (!agree)
        throw InternalError("the verifier counts the challenge line differently (score " + std::to_string(t.score) +
                            ", cleared " + (t.cleared ? "yes" : "no") + ")");
    if (!to_target && !t.ended) throw InternalError("the challenge line stops before the game's end in the verifier");
    line.moves = std::move(moves);
    return line;
}

}  // namespace pyr
