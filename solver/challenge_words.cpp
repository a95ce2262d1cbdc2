// Challenges: the question's words (challenge.h): "score", "board",
// "cards:R" and back, and which rules can be asked.
#include <cctype>
#include <stdexcept>

#include "solver/challenge.h"

namespace pyr {

const char* challenge_kind_text(ChallengeKind k) {
    switch (k) {
        case ChallengeKind::Score: return "score";
        case ChallengeKind::Cards: return "cards";
        case ChallengeKind::Board: return "board";
    }
    return "?";
}

// The challenge's words (issue 38, item 11): one rule for every part, any
// case (`SCORE`, `Cards:k`), and the rank as a card of the deck writes it,
// read by the card reader itself (engine/card.h: A 2-9 T/10 J Q K; the
// Spanish deck's 1-12, A for 1), so a rank is taken here exactly when a
// card of it is taken in a deal.
Challenge parse_challenge(std::string_view k, DeckKind deck) {
    std::string lower;
    for (char ch : k) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const bool spanish = deck == DeckKind::Spanish48;
    Challenge c;
    if (lower == "score") {
        c.kind = ChallengeKind::Score;
    } else if (lower == "board") {
        c.kind = ChallengeKind::Board;
    } else if (lower.rfind("cards:", 0) == 0 && lower.size() > 6) {
        c.kind = ChallengeKind::Cards;
        const std::string rank(k.substr(6));
        const auto card = rank.size() <= 2 ? parse_card(rank + deck_suits(deck)[0], deck) : std::nullopt;
        if (!card)
            throw std::invalid_argument("bad --challenge: '" + rank + "' is not a rank of the deck (" +
                                        (spanish ? "1-12, A for 1" : "one of A23456789TJQK") + ")");
        c.rank = card->rank;
    } else {
        throw std::invalid_argument(std::string("--challenge must be score, cards:R (R a rank: ") +
                                    (spanish ? "1-12" : "A 2-9 T J Q K") + ") or board (got '" + std::string(k) + "')");
    }
    return c;
}

std::string challenge_words(const Challenge& c, DeckKind deck) {
    if (c.kind == ChallengeKind::Cards) return "cards:" + rank_text(c.rank, deck);
    return challenge_kind_text(c.kind);
}

std::vector<std::string> challenge_values(DeckKind deck) {
    std::vector<std::string> out{challenge_kind_text(ChallengeKind::Score)};
    for (int r = 1; r <= deck_ranks(deck); ++r) {
        Challenge c;
        c.kind = ChallengeKind::Cards;
        c.rank = r;
        out.push_back(challenge_words(c, deck));
    }
    out.push_back(challenge_kind_text(ChallengeKind::Board));
    return out;
}

std::optional<std::string> counting_challenge_refused(const Variant& v) {
    if (v.lone_rank && v.target - v.lone_rank >= 1 && v.target - v.lone_rank <= deck_ranks(v.deck))
        return "variant '" + v.name + "' has no score or card challenges (its lone rank also pairs)";
    return std::nullopt;
}

}  // namespace pyr
