#include "solver/nopeek.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>

namespace pyr::nopeek {

uint64_t mix_seed(uint64_t a, uint64_t b) {
    Rng r(a ^ (b * 0xD1B54A32D192ED03ull));
    r.next();
    return r.next();
}

uint64_t deal_hash(const Deal& deal) {
    uint64_t h = 1469598103934665603ull;
    for (char c : deal.variant.name + ":" + compact(deal)) {
        h ^= static_cast<unsigned char>(c);
        h *= 1099511628211ull;
    }
    return h;
}

bool ever_hidden(const Variant& v) { return v.fixed_size() < deck_size(v.deck); }

std::string knowledge_text(const Variant& v) {
    if (!ever_hidden(v))
        return "Without peeking: every card is dealt face up, so nothing is hidden; every no-peek figure "
               "(odds, a player's win rate) is the thoughtful one.";
    std::string s = "Without peeking: the player sees the tableau";
    if (v.reserve_piles > 0) s += ", the reserve piles";
    if (v.wastes > 0) s += ", every waste card";
    if (v.stock_top_playable) s += " and the stock's top card (face up)";
    s += ", and remembers every card drawn";
    s += v.wastes == 0 ? " (and discarded)" : "";
    s += "; the stock's other cards are hidden until they are dealt";
    if (v.wastes > 0 && (v.unlimited_passes() || v.passes > 1)) s += ", so after the first pass nothing is hidden";
    s += ". Their set is known, their order is not.";
    return s;
}

Unseen unseen(const Deal& deal, const Table& t, bool stock_hidden) {
    Unseen u;
    const int n = static_cast<int>(deal.cards.size());
    std::vector<bool> hidden(n, false);
    for (int i = 0; i < n; ++i) hidden[i] = deal.unknown_at(i);
    if (stock_hidden && t.pass() == 1 && !t.stock().empty()) {
        // The stock cards not dealt yet, less the top when it is face up
        // (the stock's next card is at its back).
        const auto& stock = t.stock();
        const size_t seen = deal.variant.stock_top_playable ? 1 : 0;
        for (size_t k = 0; k + seen < stock.size(); ++k)
            for (int i = 0; i < n; ++i)
                if (deal.cards[i] == stock[k]) hidden[i] = true;
    }
    for (int i = 0; i < n; ++i)
        if (hidden[i]) {
            u.slots.push_back(i);
            u.cards.push_back(deal.cards[i]);
        }
    const DeckKind d = deal.deck();
    std::sort(u.cards.begin(), u.cards.end(), [d](Card a, Card b) { return card_index(a, d) < card_index(b, d); });
    return u;
}

Unseen unseen_after(const Deal& deal, const std::vector<Move>& played) {
    const Replay r = replay(deal, played, AfterGoal::PlayOn);
    if (r.error) throw std::invalid_argument(*r.error);
    return unseen(deal, r.table);
}

Deal masked_deal(const Deal& deal, const Unseen& u) {
    Deal d = deal;
    for (size_t i = 0; i < u.size(); ++i) d.cards[u.slots[i]] = u.cards[i];
    return d;
}

Deal sample_deal(const Deal& deal, const Unseen& u, Rng& rng) {
    std::vector<Card> c = u.cards;
    for (size_t i = c.size(); i > 1; --i) std::swap(c[i - 1], c[rng.below(i)]);
    Deal d = deal;
    for (size_t i = 0; i < u.size(); ++i) {
        d.cards[u.slots[i]] = c[i];
        d.unknown &= ~(uint64_t{1} << u.slots[i]);
    }
    return d;
}

OrderPosition order_position(const Deal& masked, const Unseen& u, const std::vector<Move>& played) {
    OrderPosition p{masked.variant, compact(masked) + "|"};
    for (int slot : u.slots) p.text += std::to_string(slot) + ",";
    p.text += "|";
    for (const Move& m : played) p.text += move_text(m, masked.deck()) + " ";
    return p;
}

std::string order_key(const Deal& d, const Unseen& u) {
    std::string s;
    s.reserve(u.size());
    for (int slot : u.slots) s += static_cast<char>(card_index(d.cards[slot], d.deck()));
    return s;
}

uint64_t orders_count(size_t n) {
    uint64_t f = 1;
    for (size_t i = 2; i <= n; ++i) {
        if (f > UINT64_MAX / i) return UINT64_MAX;
        f *= i;
    }
    return f;
}

void for_each_order(const Deal& deal, const Unseen& u, const std::function<void(const Deal&)>& f) {
    const DeckKind dk = deal.deck();
    std::vector<int> idx;
    for (Card c : u.cards) idx.push_back(card_index(c, dk));
    std::sort(idx.begin(), idx.end());
    Deal d = deal;
    for (int slot : u.slots) d.unknown &= ~(uint64_t{1} << slot);
    do {
        for (size_t i = 0; i < u.size(); ++i) d.cards[u.slots[i]] = card_from_index(idx[i], dk);
        f(d);
    } while (std::next_permutation(idx.begin(), idx.end()));
}

bool move_less(const Move& x, const Move& y, DeckKind d) {
    auto rank = [](const Move& m) {
        switch (m.kind) {
            case Move::Single: return 0;
            case Move::Pair: return 1;
            case Move::Draw: return 2;
            case Move::Redeal: return 3;
        }
        return 4;
    };
    if (rank(x) != rank(y)) return rank(x) < rank(y);
    const int xa = card_index(x.a, d), ya = card_index(y.a, d);
    if (xa != ya) return xa < ya;
    return card_index(x.b, d) < card_index(y.b, d);
}

std::vector<Move> sorted_moves(const Table& t) {
    std::vector<Move> ms = t.legal_moves();
    const DeckKind d = t.variant().deck;
    std::sort(ms.begin(), ms.end(), [d](const Move& x, const Move& y) { return move_less(x, y, d); });
    return ms;
}

Odds odds(Solver& solver, const Deal& deal, const std::vector<Move>& played, const OddsOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const Replay played_replay = replay(deal, played, AfterGoal::PlayOn);
    if (played_replay.error) throw std::invalid_argument(*played_replay.error);
    const Table& t = played_replay.table;
    const Unseen u = unseen(deal, t, o.stock_hidden);
    const Deal masked = masked_deal(deal, u);  // the true order is never used below
    Odds r;
    r.unseen = u.size();
    r.nothing_hidden = u.empty();
    r.orders = orders_count(u.size());
    r.exact = r.orders <= o.exact_limit;
    for (Card c : t.playable()) r.unknown_playable = r.unknown_playable || t.unseen(c);
    const std::vector<Move> moves = t.won() ? std::vector<Move>{} : sorted_moves(t);
    if (o.per_move && !r.unknown_playable)
        for (const Move& m : moves) r.moves.push_back({m});
    if (o.keep_verdicts) r.verdicts.position = order_position(masked, u, played);

    SolveOptions so;
    so.limits = o.limits;
    auto stopped = [&] { return o.limits.stopped(); };
    const uint64_t total = r.exact ? r.orders : o.samples;
    auto one = [&](const Deal& d) {
        // A stop asked for between orders: the solver polls its flag only
        // every so many positions, and most orders take fewer.
        if (!r.interrupted && stopped()) r.interrupted = true;
        if (r.interrupted) return;
        const Board board(d);
        std::string why;
        const auto s = board.play(played, &why);
        if (!s) throw InternalError("a sampled deal rejects the played moves: " + why);
        const SolveResult root = solver.solve(board, *s, so);
        ++r.solves;
        r.states += root.states;
        if (root.interrupted) {
            r.interrupted = true;
            return;
        }
        ++r.samples;
        if (o.keep_verdicts && root.verdict != Verdict::Intractable)
            r.verdicts.won.emplace(order_key(d, u), root.verdict == Verdict::Win);
        if (root.verdict == Verdict::Intractable) {
            ++r.intractable;
            for (auto& mo : r.moves) ++mo.intractable;
            return;
        }
        if (root.verdict == Verdict::Lose) return;
        ++r.wins;
        for (auto& mo : r.moves) {
            if (!root.solution.empty() && root.solution.front() == mo.move) {
                ++mo.wins;
                continue;
            }
            if (stopped()) {
                r.interrupted = true;
                return;
            }
            const auto sm = board.from_move(*s, mo.move);
            if (!sm) throw InternalError("the packed rules reject a legal move");
            const SolveResult res = solver.solve(board, board.apply(*s, *sm), so);
            ++r.solves;
            r.states += res.states;
            if (res.interrupted) {
                r.interrupted = true;
                return;
            }
            if (res.verdict == Verdict::Win) ++mo.wins;
            else if (res.verdict == Verdict::Intractable) ++mo.intractable;
        }
    };
    if (o.progress) o.progress(0, total);
    auto counted = [&](const Deal& d) {
        one(d);
        if (o.progress && !r.interrupted) o.progress(r.samples, total);
    };
    if (r.exact) {
        for_each_order(masked, u, counted);
    } else {
        Rng rng(o.rng_seed);
        for (uint64_t k = 0; k < o.samples && !r.interrupted; ++k) counted(sample_deal(masked, u, rng));
    }
    // The best move: the most wins, the first in sorted order on a tie.
    MoveOdds* best = nullptr;
    for (auto& mo : r.moves)
        if (!best || mo.wins > best->wins) best = &mo;
    if (best) best->best = true;
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace pyr::nopeek
