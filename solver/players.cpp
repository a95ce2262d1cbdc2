#include "solver/players.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <unordered_set>

namespace pyr::nopeek {

Move greedy_move(const std::vector<Move>& legal) {
    for (const Move& m : legal)
        if (m.kind == Move::Single || m.kind == Move::Pair) return m;
    return legal.front();  // sorted: draw before redeal
}

namespace {

class Greedy : public Player {
public:
    std::string name() const override { return "greedy"; }
    Move choose(const View& v, Solver&, Rng&, PlayerCost&) override { return greedy_move(v.legal); }
};

class Casual : public Player {
public:
    std::string name() const override { return "casual"; }
    Move choose(const View& v, Solver&, Rng& rng, PlayerCost&) override {
        std::vector<const Move*> removals;
        for (const Move& m : v.legal)
            if (m.kind == Move::Single || m.kind == Move::Pair) removals.push_back(&m);
        if (removals.empty()) return v.legal.front();
        return *removals[rng.below(removals.size())];
    }
};

// How badly a position is placed for the cards it still has to clear: cards
// the goal needs whose every partner still in play lies beneath them or is
// gone (dead), plus, per pair of ranks, the needed cards of one rank beyond
// the cards of the other rank still in play (a shortage). Read from what the
// player sees: every card's place is seen but for the hidden ones, which are
// all in the stock, where nothing lies beneath anything.
int shortage(const Table& t) {
    const Variant& v = t.variant();
    struct Placed {
        Card card;
        int kind, a, b;  // 0 tableau (row, col), 1 reserve (pile, height), 2 stock/waste
        bool needed;
    };
    std::vector<Placed> cards;
    const bool all = v.goal == Goal::All;
    for (int r = 0; r < static_cast<int>(t.tableau().size()); ++r)
        for (int c = 0; c < static_cast<int>(t.tableau()[r].size()); ++c)
            if (t.tableau()[r][c]) cards.push_back({*t.tableau()[r][c], 0, r, c, true});
    for (int p = 0; p < static_cast<int>(t.reserves().size()); ++p)
        for (int h = 0; h < static_cast<int>(t.reserves()[p].size()); ++h)
            cards.push_back({t.reserves()[p][h], 1, p, h, all});
    for (Card c : t.stock()) cards.push_back({c, 2, 0, 0, all});
    for (const auto& w : t.wastes())
        for (Card c : w) cards.push_back({c, 2, 0, 0, all});
    auto covers = [&](const Placed& x, const Placed& y) {  // y beneath x
        if (x.kind == 0 && y.kind == 0 && y.a < x.a) {
            const int k = x.a - y.a;
            return v.shape == TableauShape::Pyramid ? (y.b >= x.b - k && y.b <= x.b) : (y.b >= x.b && y.b <= x.b + k);
        }
        if (x.kind == 1 && y.kind == 1 && x.a == y.a && !v.reserves_open) return y.b < x.b;
        return false;
    };
    int bad = 0;
    std::vector<int> needed(16, 0), in_play(16, 0);
    for (const Placed& x : cards) {
        ++in_play[x.card.rank];
        if (!x.needed || x.card.rank == v.lone_rank) continue;
        ++needed[x.card.rank];
        bool partner = false;
        for (const Placed& y : cards)
            if (&y != &x && x.card.rank + y.card.rank == v.target && (v.overlap || !covers(x, y))) {
                partner = true;
                break;
            }
        bad += !partner;
    }
    for (int r = 1; r < v.target && r < 16; ++r) {
        const int q = v.target - r;
        if (q < 1 || q >= 16 || q == r) continue;
        bad += std::max(0, needed[r] - in_play[q]);
    }
    return bad;
}

class Sampler : public Player {
public:
    Sampler(int k, bool planner) : k_(k), planner_(planner) {}
    std::string name() const override {
        return std::string(planner_ ? "planner" : "sampler") + ":" + std::to_string(k_);
    }
    Move choose(const View& v, Solver& solver, Rng& rng, PlayerCost& cost) override {
        if (v.legal.size() == 1) return v.legal.front();
        // The planner removes a King at once: never worse than keeping it (it
        // only uncovers cards; the solver's forced-King reduction).
        if (planner_ && v.legal.front().kind == Move::Single) return v.legal.front();
        SolveOptions so;
        so.max_states = max_states;
        if (v.unseen.empty()) {  // nothing hidden: the exact answer
            const Board b(v.deal);
            const auto s = b.play(v.played, nullptr);
            const SolveResult r = solver.solve(b, *s, so);
            ++cost.solves;
            cost.states += r.states;
            if (r.verdict == Verdict::Win && !r.solution.empty()) return r.solution.front();
            return fallback(v);
        }
        const size_t n = v.legal.size();
        struct Sample {
            Board board;
            State state;
            int first = -1;  // index in v.legal of the root solution's first move; -1 lost
        };
        std::vector<Sample> samples;
        samples.reserve(planner_ ? 4 * k_ : k_);
        std::vector<uint64_t> first_hits(n, 0);
        // The sampler draws K orders. The planner draws K, and more (K at a
        // time, up to 4K) while fewer than kPlannerWinnable of them keep a
        // win, unless none of 2K does: a share estimated from two or three
        // winnable orders is mostly noise.
        int drawn = 0;
        auto more = [&] {
            if (drawn < k_) return true;
            if (!planner_ || drawn >= 4 * k_) return false;
            if (samples.empty() && drawn >= 2 * k_) return false;
            return static_cast<int>(samples.size()) < kPlannerWinnable;
        };
        for (; more(); ++drawn) {
            Board b(sample_deal(v.deal, v.unseen, rng));
            const auto s = b.play(v.played, nullptr);
            const SolveResult r = solver.solve(b, *s, so);
            ++cost.solves;
            cost.states += r.states;
            if (r.verdict != Verdict::Win || r.solution.empty()) continue;
            const auto it = std::find(v.legal.begin(), v.legal.end(), r.solution.front());
            if (it == v.legal.end()) throw InternalError("a sampled solution starts with an illegal move");
            const int first = static_cast<int>(it - v.legal.begin());
            ++first_hits[first];
            samples.push_back({std::move(b), *s, first});
        }
        if (samples.empty()) return fallback(v);
        // Candidates: most first-move hits first, then sorted order.
        std::vector<int> order(n);
        for (size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return first_hits[a] > first_hits[b]; });
        const int64_t margin = planner_ ? kPlannerMargin : 0;
        std::vector<int64_t> score(n, -1);
        int64_t best = -1;
        const int64_t w = static_cast<int64_t>(samples.size());
        for (int mi : order) {
            int64_t c = static_cast<int64_t>(first_hits[mi]);
            int64_t remaining = w - c;
            bool cut = false;
            for (Sample& s : samples) {
                if (s.first == mi) continue;
                // A move that can no longer reach the best (less the margin) is not scored further.
                if (c + remaining < best - margin || (!planner_ && c + remaining <= best)) {
                    cut = true;
                    break;
                }
                --remaining;
                const auto sm = s.board.from_move(s.state, v.legal[mi]);
                if (!sm) throw InternalError("the packed rules reject a legal move");
                const SolveResult r = solver.solve(s.board, s.board.apply(s.state, *sm), so);
                ++cost.solves;
                cost.states += r.states;
                c += r.verdict == Verdict::Win;
            }
            if (cut) continue;
            score[mi] = c;
            if (c > best) best = c;
        }
        if (!planner_) {
            for (int mi : order)
                if (score[mi] == best) return v.legal[mi];
        }
        // The planner: among the moves within the margin of the best, the one
        // that leaves the least shortage, then the most tableau cards cleared.
        int pick = -1;
        int pick_short = 0, pick_left = 0;
        for (int mi : order) {
            if (score[mi] < 0 || score[mi] < best - margin) continue;
            Table t = v.table;
            t.apply(v.legal[mi]);
            const int sh = shortage(t), left = t.tableau_left();
            if (pick < 0 || sh < pick_short || (sh == pick_short && left < pick_left)) {
                pick = mi;
                pick_short = sh;
                pick_left = left;
            }
        }
        return v.legal[pick];
    }
    // Within this many samples of the best score, the planner's tie-break decides.
    static constexpr int64_t kPlannerMargin = 0;
    static constexpr int kPlannerWinnable = 16;

private:
    Move fallback(const View& v) const { return greedy_move(v.legal); }
    int k_;
    bool planner_;
};

}  // namespace

std::string player_names() { return "thoughtful, greedy, casual, sampler[:K], planner[:K]"; }

std::unique_ptr<Player> make_player(const std::string& spec) {
    const auto colon = spec.find(':');
    const std::string base = spec.substr(0, colon);
    int k = 32;
    if (colon != std::string::npos) {
        const std::string num = spec.substr(colon + 1);
        if (base != "sampler" && base != "planner")
            throw std::invalid_argument("player '" + base + "' takes no ':K'");
        if (num.empty() || num.size() > 6 || num.find_first_not_of("0123456789") != std::string::npos ||
            std::stoul(num) < 1 || std::stoul(num) > 100000)
            throw std::invalid_argument("the K of '" + spec + "' must be a whole number from 1 to 100000");
        k = static_cast<int>(std::stoul(num));
    }
    if (base == "thoughtful" && colon == std::string::npos) return nullptr;
    if (base == "greedy") return std::make_unique<Greedy>();
    if (base == "casual") return std::make_unique<Casual>();
    if (base == "sampler") return std::make_unique<Sampler>(k, false);
    if (base == "planner") return std::make_unique<Sampler>(k, true);
    throw std::invalid_argument("unknown player '" + spec + "'; players: " + player_names());
}

uint64_t game_seed(uint64_t player_seed, const Deal& deal) {
    // The deal as the player sees it at the start: the rng must not depend on the hidden order.
    return mix_seed(player_seed, deal_hash(masked_deal(deal, unseen(deal, Table(deal)))));
}

GameResult play_game(Player& player, Solver& solver, const Deal& deal, uint64_t seed, const GameOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    player.max_states = options.max_states;
    GameResult g;
    Table real(deal);
    Rng rng(seed);
    std::unordered_set<std::string> seen;
    for (;;) {
        if (real.won()) {
            g.won = true;
            g.end = "won";
            break;
        }
        const std::vector<Move> legal = sorted_moves(real);
        if (legal.empty()) {
            g.end = "no legal move";
            break;
        }
        if (!seen.insert(real.key()).second) {
            g.end = "position repeated";
            break;
        }
        if (options.stop && options.stop->load(std::memory_order_relaxed)) {
            g.interrupted = true;
            g.end = "interrupted";
            break;
        }
        if (g.moves.size() >= options.max_moves) {
            g.end = "move limit";
            break;
        }
        // What the player sees: the masked deal and the position on it.
        const Unseen u = unseen(deal, real);
        const Deal masked = masked_deal(deal, u);
        Table shown(masked);
        for (const Move& m : g.moves) shown.apply(m);
        const View view{masked, u, shown, g.moves, legal};
        const Move m = player.choose(view, solver, rng, g.cost);
        if (std::find(legal.begin(), legal.end(), m) == legal.end())
            throw InternalError("player " + player.name() + " chose an illegal move " + move_text(m, deal.deck()));
        real.apply(m);
        g.moves.push_back(m);
    }
    if (g.won) verify_solution(deal, g.moves);
    g.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return g;
}

}  // namespace pyr::nopeek
