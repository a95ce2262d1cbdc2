#include "solver/reveal_bound.h"

#include <algorithm>
#include <chrono>
#include <map>
#include <stdexcept>

#include "engine/board.h"
#include "engine/table.h"
#include "solver/free_stock.h"
#include "solver/nopeek.h"

namespace pyr::nopeek {

namespace {

// The relaxation's expectimax (reveal_bound.h). A node is a deal whose slots
// not seen at the root hold either a card turned up on the way (assigned) or
// one of the rest (a placeholder: which one says nothing), the moves played
// from the root, and the cards of the rest.
class RevealSearch {
public:
    RevealSearch(Solver& solver, const RevealOptions& o, const std::vector<Card>& root_cards, DeckKind deck)
        : solver_(solver), o_(o), deck_(deck) {
        Rng rng(o.rng_seed);
        for (uint64_t j = 0; j < o.samples; ++j) {
            std::vector<Card> order = root_cards;
            for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
            scenarios_.push_back(std::move(order));
        }
        so_.limits = o.limits;
    }

    // The value of the position `moves` reaches on `deal` with `left` turn-ups to go.
    double decide(const Deal& deal, const std::vector<Move>& moves, const Table& table, const std::vector<Card>& rest,
                  const std::vector<int>& free, int left) {
        if (o_.limits.stopped()) {
            interrupted = true;
            return 0;
        }
        ++nodes;
        if (table.won()) return 1;
        const Board b(deal);
        const auto s = b.play(moves, nullptr);
        if (!s) throw InternalError("the relaxation's deal rejects its moves");
        if (relaxed_.solve_any_stock(b, *s) == FreeStockRelaxation::Outcome::Lost) return 0;
        // Memoized on the position (its cards, the turned-up ones included) and
        // the turn-ups to go; a leaf too (two ways to one leaf: one share).
        const std::string key = std::to_string(std::max(left, 0)) + "|" + table.key();
        if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
        if (left <= 0 || rest.size() <= 1) {
            const double v = leaf(deal, *s, rest, free);
            if (!interrupted) memo_.emplace(key, v);
            return v;
        }
        const size_t hidden = unseen(deal, table).size();
        double best = 0;
        for (const Move& m : sorted_moves(table)) {
            Table t2 = table;
            if (const auto why = t2.apply(m)) throw InternalError("a sorted move is illegal: " + *why);
            std::vector<Move> moves2 = moves;
            moves2.push_back(m);
            const Unseen u2 = unseen(deal, t2);
            double v;
            if (u2.size() == hidden) {
                v = decide(deal, moves2, t2, rest, free, left);
            } else {
                // The slots turned up by the move, each a chance event.
                const Unseen u = unseen(deal, table);
                std::vector<int> turned;
                for (int slot : u.slots)
                    if (!std::binary_search(u2.slots.begin(), u2.slots.end(), slot)) turned.push_back(slot);
                v = chance(deal, moves2, rest, free, turned, 0, left);
            }
            if (interrupted) return 0;
            best = std::max(best, v);
            if (best >= 1) break;
        }
        memo_.emplace(key, best);
        return best;
    }

    uint64_t nodes = 0, leaves = 0, solves = 0, intractable = 0;
    bool all_exact = true, interrupted = false;

private:
    // The mean over the cards the turned-up slot `turned[i]` can show.
    double chance(const Deal& deal, const std::vector<Move>& moves, const std::vector<Card>& rest,
                  const std::vector<int>& free, const std::vector<int>& turned, size_t i, int left) {
        if (i == turned.size() || left <= 0) {
            Table t(deal);
            for (const Move& m : moves)
                if (const auto why = t.apply(m)) throw InternalError("the relaxation's replay: " + *why);
            return decide(deal, moves, t, rest, free, left);
        }
        const int slot = turned[i];
        std::vector<int> free2;
        for (int f : free)
            if (f != slot) free2.push_back(f);
        double sum = 0;
        size_t j = 0;
        while (j < rest.size()) {
            // One branch per rank (suits do not matter to the rules), weighted by its cards.
            const int rank = rest[j].rank;
            size_t count = 0;
            for (const Card& c : rest) count += c.rank == rank;
            const Card c = rest[j];
            Deal d2 = deal;
            for (int f : free)  // c lies in a slot of the rest: the placeholder at `slot` moves there
                if (d2.cards[static_cast<size_t>(f)] == c) {
                    std::swap(d2.cards[static_cast<size_t>(f)], d2.cards[static_cast<size_t>(slot)]);
                    break;
                }
            std::vector<Card> rest2 = rest;
            rest2.erase(rest2.begin() + static_cast<std::ptrdiff_t>(j));
            sum += static_cast<double>(count) * chance(d2, moves, rest2, free2, turned, i + 1, left - 1);
            if (interrupted) return 0;
            while (j < rest.size() && rest[j].rank == rank) ++j;
        }
        return sum / static_cast<double>(rest.size());
    }

    // The clairvoyant share of a leaf: the orders of `rest` in the slots `free`.
    double leaf(const Deal& deal, const State& s, const std::vector<Card>& rest, const std::vector<int>& free) {
        ++leaves;
        uint64_t wins = 0, total = 0;
        auto solve = [&](const std::vector<Card>& order) {
            Deal d = deal;
            for (size_t i = 0; i < free.size(); ++i) d.cards[static_cast<size_t>(free[i])] = order[i];
            const Board b(d);
            const SolveResult r = solver_.solve(b, s, so_);
            ++solves;
            ++total;
            if (r.verdict == Verdict::Intractable) ++intractable;
            wins += r.verdict != Verdict::Lose;
        };
        if (orders_count(rest.size()) <= o_.exact_limit) {
            std::vector<Card> order = rest;
            auto less = [&](const Card& x, const Card& y) { return card_index(x, deck_) < card_index(y, deck_); };
            std::sort(order.begin(), order.end(), less);
            do {
                if (o_.limits.stopped()) {
                    interrupted = true;
                    return 0;
                }
                solve(order);
            } while (std::next_permutation(order.begin(), order.end(), less));
        } else {
            all_exact = false;
            std::vector<char> in(256, 0);
            for (const Card& c : rest) in[static_cast<size_t>(card_index(c, deck_))] = 1;
            for (const auto& sc : scenarios_) {
                if (o_.limits.stopped()) {
                    interrupted = true;
                    return 0;
                }
                std::vector<Card> order;
                for (const Card& c : sc)
                    if (in[static_cast<size_t>(card_index(c, deck_))]) order.push_back(c);
                solve(order);
            }
        }
        return total ? static_cast<double>(wins) / static_cast<double>(total) : 0;
    }

    Solver& solver_;
    const RevealOptions& o_;
    DeckKind deck_;
    SolveOptions so_;
    std::vector<std::vector<Card>> scenarios_;
    FreeStockRelaxation relaxed_;
    std::map<std::string, double> memo_;
};

}  // namespace

Reveal reveal_bound(Solver& solver, const Deal& deal, const std::vector<Move>& played, const RevealOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    if (options.depth < 0) throw std::invalid_argument("the relaxation's depth must be 0 or more");
    Table real(deal);
    for (const Move& m : played)
        if (const auto why = real.apply(m)) throw std::invalid_argument(*why);
    const Unseen u = unseen(deal, real);
    Deal work = masked_deal(deal, u);  // the true order is never used below
    for (int slot : u.slots) {
        if (slot < work.fixed_size())
            throw std::invalid_argument("a tableau or reserve card is not seen: name it for the bound");
        work.unknown &= ~(uint64_t{1} << slot);
    }
    Table table(work);
    for (const Move& m : played)
        if (const auto why = table.apply(m)) throw std::invalid_argument(*why);
    if (unseen(work, table).slots != u.slots)
        throw std::invalid_argument("a card not seen is playable or on the waste here: name it for the bound");
    // The rest in card order (ranks together for the chance branches).
    std::vector<Card> rest = u.cards;
    std::stable_sort(rest.begin(), rest.end(), [](const Card& x, const Card& y) { return x.rank < y.rank; });
    RevealSearch search(solver, options, u.cards, deal.deck());
    Reveal r;
    r.unseen = u.size();
    r.value = search.decide(work, played, table, rest, u.slots, options.depth);
    r.interrupted = search.interrupted;
    if (r.interrupted) r.value = 0;
    r.proven = search.all_exact;
    r.leaves = search.leaves;
    r.nodes = search.nodes;
    r.solves = search.solves;
    r.intractable = search.intractable;
    const std::string d = std::to_string(options.depth);
    r.method = "reveal relaxation d=" + d + " (no peeking for " + d + " turn-ups, then the stock seen); " +
               (r.proven ? std::string("every leaf's share exact: a proven upper bound")
                         : "each leaf's share over the same " + std::to_string(options.samples) +
                               " sampled orders: a sampled upper bound (biased up, never down)");
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace pyr::nopeek
