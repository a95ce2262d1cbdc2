#include "solver/reasons.h"

#include <algorithm>
#include <bit>
#include <cctype>
#include <stdexcept>

#include "solver/free_stock.h"

namespace pyr {

namespace {
std::string rank_words(int rank, DeckKind d) {
    if (d == DeckKind::Standard52) {
        switch (rank) {
            case 1: return "an Ace";
            case 8: return "an 8";
            case 11: return "a Jack";
            case 12: return "a Queen";
            case 13: return "a King";
            default: return "a " + std::to_string(rank);
        }
    }
    return (rank == 1 || rank == 8 || rank == 11 ? "an " : "a ") + std::to_string(rank);
}
std::string rank_noun(int rank, DeckKind d) {
    const std::string w = rank_words(rank, d);
    return w.substr(w.find(' ') + 1);
}
std::string rank_plural(int rank, DeckKind d) {
    if (d == DeckKind::Standard52) {
        switch (rank) {
            case 1: return "Aces";
            case 11: return "Jacks";
            case 12: return "Queens";
            case 13: return "Kings";
            default: return std::to_string(rank) + "s";
        }
    }
    return std::to_string(rank) + "s";
}

std::string list_words(const std::vector<std::string>& items) {
    std::string s;
    for (size_t i = 0; i < items.size(); ++i) {
        if (i) s += i + 1 == items.size() ? " and " : ", ";
        s += items[i];
    }
    return s;
}

std::vector<int> slots_of(uint64_t m) {
    std::vector<int> out;
    for (; m; m &= m - 1) out.push_back(std::countr_zero(m));
    return out;
}

// Where a partner y of x is, in words, as seen from x (for "blocked").
std::string where(const Board& b, const State& s, const DeadCardFinding& f, int x, int y) {
    const uint64_t ybit = uint64_t{1} << y;
    if (s.removed & ybit) return "is gone";
    if (f.buried & ybit) return "is buried in the waste";
    if (!(b.in_play(s) & ybit)) return "was discarded";
    if (b.below(x) & ybit) return "lies beneath it";
    if (b.below(y) >> x & 1) return "lies on it";
    if ((b.stock_mask() & ybit) && (b.stock_mask() >> x & 1))
        return "is in the stock too (in the last pass two stock cards never pair)";
    return "can never reach it";
}

std::string blocked_text(const Board& b, const State& s, const DeadCardFinding& f,
                         const std::function<std::string(Card)>& name) {
    const Variant& v = b.variant();
    const DeckKind d = v.deck;
    auto names = [&](uint64_t m) {
        std::vector<std::string> n;
        for (int c : slots_of(m)) n.push_back(name(b.card(c)));
        return list_words(n);
    };
    switch (f.kind) {
        case DeadCardFinding::Kind::Discarded:
            return "the " + names(f.cards) + " " + (std::popcount(f.cards) == 1 ? "was" : "were") +
                   " discarded, and the goal needs every card removed";
        case DeadCardFinding::Kind::Buried:
            return "the " + names(f.cards) + " " + (std::popcount(f.cards) == 1 ? "lies" : "lie") +
                   " in the waste beneath a card that can never be removed, and no pass is left";
        case DeadCardFinding::Kind::NoPartner: {
            const int x = std::countr_zero(f.cards);
            const int r = v.target - b.rank(x);
            // Group the partners by where they are.
            std::vector<std::pair<std::string, std::vector<std::string>>> groups;
            for (int y : slots_of(b.partners(x) & ~(uint64_t{1} << x))) {
                const std::string w = where(b, s, f, x, y);
                auto it = std::find_if(groups.begin(), groups.end(), [&](const auto& g) { return g.first == w; });
                if (it == groups.end()) groups.push_back({w, {}}), it = groups.end() - 1;
                it->second.push_back(name(b.card(y)));
            }
            std::string t = "the " + name(b.card(x)) + " needs " + rank_words(r, d) + ", and ";
            if (groups.size() == 1)
                return t + "every " + rank_noun(r, d) + " " + groups[0].first + " (" + list_words(groups[0].second) +
                       ")";
            std::vector<std::string> parts;
            for (const auto& [w, cs] : groups) {
                std::string verb = w;
                if (cs.size() > 1) {
                    if (verb.rfind("lies", 0) == 0) verb = "lie" + verb.substr(4);
                    else if (verb.rfind("is ", 0) == 0) verb = "are " + verb.substr(3);
                    else if (verb.rfind("was ", 0) == 0) verb = "were " + verb.substr(4);
                }
                parts.push_back("the " + list_words(cs) + " " + verb);
            }
            return t + list_words(parts);
        }
        case DeadCardFinding::Kind::Hall: {
            const int x = std::countr_zero(f.cards);
            const int r = v.target - b.rank(x);
            return "the " + names(f.cards) + " each need their own " + rank_noun(r, d) + ", but " +
                   (f.partners ? (std::popcount(f.partners) == 1
                                      ? "the only " + rank_noun(r, d) + " they could ever pair with is the "
                                      : "the only " + rank_plural(r, d) + " they could ever pair with are the ") +
                                     names(f.partners)
                               : "no " + rank_noun(r, d) + " could ever pair with them") +
                   " (the others lie beneath or on them, or cannot reach them)";
        }
        case DeadCardFinding::Kind::MustComeAfter: {
            const int x = std::countr_zero(f.cards);
            const int r = v.target - b.rank(x);
            const uint64_t chain = f.after & ~b.below(x) & ~f.partners & ~(uint64_t{1} << x);
            std::string t = "the " + name(b.card(x)) + " needs " + rank_words(r, d) + ", but ";
            if (f.after >> x & 1)
                return t + "it lies beneath cards that can only leave after it has gone (" + names(chain) + ")";
            t += (std::popcount(f.partners) == 1
                      ? "the only one it could pair with, the " + names(f.partners) + ", " +
                            "can only leave after it has gone"
                      : "each one it could pair with (" + names(f.partners) + ") can only leave after it has gone");
            if (chain) {
                std::vector<int> cs = slots_of(chain);
                if (cs.size() > 4) cs.resize(4);
                std::vector<std::string> n;
                for (int c : cs) n.push_back(name(b.card(c)));
                t += ": they lie beneath it or beneath cards whose every partner lies beneath it (" + list_words(n) +
                     (std::popcount(chain) > 4 ? ", ..." : "") + ")";
            } else {
                t += ": they lie beneath it";
            }
            return t;
        }
        case DeadCardFinding::Kind::None: break;
    }
    return "";
}
}  // namespace

const char* loss_reason_code(const Board& b, const State& s) {
    if (has_dead_card(b, s)) return "blocked";
    FreeStockRelaxation relax;
    switch (relax.solve(b, s)) {
        case FreeStockRelaxation::Outcome::Lost: return "free-stock";
        case FreeStockRelaxation::Outcome::Clearable: return "order";
        case FreeStockRelaxation::Outcome::Unknown: break;
    }
    return "unexplained";
}

uint64_t free_stock_never_cleared(const Board& b, const State& s, bool* lost) {
    FreeStockRelaxation relax;
    const auto whole = relax.solve(b, s);
    if (lost) *lost = whole == FreeStockRelaxation::Outcome::Lost;
    const Variant& v = b.variant();
    const uint64_t goal = b.fixed_mask() & (v.goal == Goal::All ? b.all_mask() : b.tableau_mask()) & ~s.removed;
    // One search of every relaxed position (a card removed in none of them
    // can never be removed), else, past its budget, each card asked alone.
    if (uint64_t reached = 0; relax.reachable_removed(b, s, reached)) return goal & ~reached;
    uint64_t never = 0;
    for (uint64_t m = goal; m; m &= m - 1) {
        const uint64_t x = m & (~m + 1);
        if (relax.solve(b, s, FreeStockRelaxation::kDefaultMaxNodes, x) == FreeStockRelaxation::Outcome::Lost)
            never |= x;
    }
    return never;
}

LossReason explain_loss(Solver& solver, const Board& b, const std::vector<Move>& played, const SolveOptions& options,
                        const std::function<std::string(Card)>& name) {
    LossReason out;
    std::string error;
    const auto start = b.play(played, &error);
    if (!start) throw std::invalid_argument(error);
    const State s = *start;
    const Variant& v = b.variant();
    // 1. Blocked: the dead-card check at the position.
    out.finding = explain_dead_card(b, s);
    if (out.finding.kind != DeadCardFinding::Kind::None) {
        out.code = "blocked";
        for (int c : slots_of(out.finding.cards)) out.cards.push_back(b.card(c));
        const std::string t = blocked_text(b, s, out.finding, name);
        out.text = "Blocked from the start: " + t + ", so " +
                   (std::popcount(out.finding.cards) == 1 ? "it can never be removed."
                                                          : "they can never all be removed.");
        if (!played.empty()) out.text = "Blocked: " + out.text.substr(std::string("Blocked from the start: ").size());
        return out;
    }
    // 2. Free stock: the relaxation at the position.
    FreeStockRelaxation relax;
    const auto outcome = relax.solve(b, s);
    const char* what = v.goal == Goal::All ? "the cards" : "the pyramid";
    if (outcome == FreeStockRelaxation::Outcome::Lost) {
        out.code = "free-stock";
        bool lost = false;
        const uint64_t never = free_stock_never_cleared(b, s, &lost);
        for (int c : slots_of(never)) out.cards.push_back(b.card(c));
        out.text = std::string("Lost even with a free stock: even if every stock card could be played at any time, ") +
                   what + " could not be cleared";
        // The never-cleared cards that lie beneath no other of them: the rest
        // are stuck beneath these.
        uint64_t beneath = 0;
        for (int c : slots_of(never)) beneath |= b.below(c);
        const uint64_t top = never & ~beneath;
        if (top && std::popcount(top) <= 6) {
            std::vector<std::string> n;
            for (int c : slots_of(top)) n.push_back(name(b.card(c)));
            out.text += std::string(": the ") + list_words(n) + " can never be removed, whatever is played";
            const int rest = std::popcount(never & beneath);
            if (rest)
                out.text += " (nor the " + std::to_string(rest) + (rest == 1 ? " card" : " cards") + " beneath " +
                            (std::popcount(top) == 1 ? "it)" : "them)");
            out.text += ".";
        } else if (never) {
            out.text += " (" + std::to_string(std::popcount(never)) + " of its cards can never be removed).";
        } else {
            out.text += " (each of its cards could be removed alone, but not all of them together).";
        }
        return out;
    }
    if (outcome != FreeStockRelaxation::Outcome::Clearable) {
        out.code = "unexplained";
        out.text =
            "Lost: the search proves it, but no short reason was found (the free-stock relaxation ran out of budget).";
        return out;
    }
    // 3. Order: the best line.
    out.code = "order";
    const ScoreResult best = solver.best_score(b, s, options);
    out.tableau_total = std::popcount(b.tableau_mask() & ~s.removed);
    out.text = std::string("Lost by the stock's order: if every stock card could be played at any time, ") + what +
               " could be cleared, but no order of play with this stock clears it.";
    if (!best.interrupted && !best.memory_exceeded) {
        out.has_best = true;
        out.tableau_left = best.tableau_left;
        out.best_complete = best.complete;
        out.best_moves = best.moves;
        std::vector<Move> all = played;
        all.insert(all.end(), best.moves.begin(), best.moves.end());
        const auto end = b.play(all, &error);
        if (end)
            for (int c : slots_of(b.tableau_mask() & ~end->removed)) out.stuck.push_back(b.card(c));
        out.cards = out.stuck;  // the cards the reason names: those the best line is stuck with
        std::vector<std::string> n;
        for (Card c : out.stuck) n.push_back(name(c));
        out.text += " The best line clears " + std::string(best.complete ? "" : "at least ") +
                    std::to_string(out.tableau_total - out.tableau_left) + " of the " +
                    std::to_string(out.tableau_total) + " pyramid cards (" + std::to_string(best.moves.size()) +
                    " moves) and gets stuck with " +
                    (n.empty()       ? std::string("stock and waste cards left (the goal is every card)")
                     : n.size() <= 8 ? list_words(n) + " left"
                                     : std::to_string(n.size()) + " cards left") +
                    ".";
    }
    return out;
}

}  // namespace pyr
