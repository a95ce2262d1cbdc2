#include "solver/players.h"

#include "engine/input.h"
#include "solver/free_stock.h"
#include "solver/optimal_nopeek.h"

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
            const int d = v.row_width(y.a) - v.row_width(x.a);  // k rows up: -k in a pyramid, +k in a triangle
            return y.b >= x.b + std::min(0, d) && y.b <= x.b + std::max(0, d);
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
        so.limits = limits;
        // The position in slot terms is the same on the masked deal and on
        // every sampled one (only the hidden slots' cards differ, and no move
        // played involves them): replayed once, not once per sample.
        const Board masked(v.deal);
        const auto start = masked.play(v.played, nullptr);
        if (!start) throw InternalError("the masked deal rejects the played moves");
        if (v.unseen.empty()) {  // nothing hidden: the exact answer
            const SolveResult r = solver.solve(masked, *start, so);
            ++cost.solves;
            cost.states += r.states;
            if (r.verdict == Verdict::Win && !r.solution.empty()) return r.solution.front();
            return fallback(v);
        }
        const size_t n = v.legal.size();
        // What does not depend on the hidden order, once per decision: the
        // free-stock relaxation (solver/free_stock.h) of the position and of
        // each move's successor. It looks at the fixed cards and at how many
        // free cards of each rank are in play, the same in every order; when
        // it is lost, the position (or the move) is lost in every order, so
        // no sample's solve could say otherwise.
        std::vector<State> after(n);
        std::vector<char> hopeless(n, 0);
        const bool root_hopeless = relaxed_.solve(masked, *start) == FreeStockRelaxation::Outcome::Lost;
        for (size_t i = 0; i < n; ++i) {
            const auto sm = masked.from_move(*start, v.legal[i]);
            if (!sm) throw InternalError("the packed rules reject a legal move");
            after[i] = masked.apply(*start, *sm);
            hopeless[i] = root_hopeless || relaxed_.solve(masked, after[i]) == FreeStockRelaxation::Outcome::Lost;
        }
        struct Sample {
            Board board;
            std::vector<char> wins;  // per move: a win known from the root solution (no solve needed)
            int first = -1;          // index in v.legal of the root solution's first move
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
            Deal d = sample_deal(v.deal, v.unseen, rng);  // drawn even when hopeless: the rng goes on alike
            if (root_hopeless) continue;
            Board b(d);
            const SolveResult r = solver.solve(b, *start, so);
            ++cost.solves;
            cost.states += r.states;
            if (r.verdict != Verdict::Win || r.solution.empty()) continue;
            const auto it = std::find(v.legal.begin(), v.legal.end(), r.solution.front());
            if (it == v.legal.end()) throw InternalError("a sampled solution starts with an illegal move");
            const int first = static_cast<int>(it - v.legal.begin());
            ++first_hits[first];
            samples.push_back({std::move(b), known_wins(v, r.solution, masked), first});
        }
        if (samples.empty()) return fallback(v);
        // Candidates: most first-move hits first, then sorted order.
        std::vector<int> order(n);
        for (size_t i = 0; i < n; ++i) order[i] = static_cast<int>(i);
        std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return first_hits[a] > first_hits[b]; });
        static_assert(kPlannerMargin == 0, "the planner's cut below assumes the best score alone is played");
        // The planner's tie-break, known before any solve: the least shortage,
        // then the fewest tableau cards left (then the order above).
        std::vector<std::pair<int, int>> tie(n, {0, 0});
        if (planner_)
            for (size_t i = 0; i < n; ++i) {
                Table t = v.table;
                t.apply(v.legal[i]);
                tie[i] = {shortage(t), t.tableau_left()};
            }
        std::vector<int64_t> score(n, -1);
        int64_t best = -1;
        std::pair<int, int> best_tie{0, 0};  // the planner's best tie-break among the moves scoring `best`
        const int64_t w = static_cast<int64_t>(samples.size());
        std::vector<int> pending;
        for (int mi : order) {
            // The most it can score stays below what is played already (for
            // the planner, equal to it without a better tie-break): cut.
            auto beaten = [&](int64_t most) {
                if (!planner_) return most <= best;
                return most < best || (most == best && !(tie[mi] < best_tie));
            };
            int64_t c = static_cast<int64_t>(first_hits[mi]);
            int64_t remaining = w - c;
            bool cut = false;
            // Samples whose answer is known without a solve first (a loss
            // lowers the most the move can score); the order in which the
            // samples are scored changes only where a cut comes, never a
            // full score.
            pending.clear();
            for (int si = 0; si < static_cast<int>(samples.size()) && !cut; ++si) {
                const Sample& s = samples[si];
                if (s.first == mi) continue;
                if (hopeless[mi]) {
                    --remaining;
                    cut = beaten(c + remaining);
                } else if (s.wins[mi]) {
                    --remaining;
                    ++c;
                } else {
                    pending.push_back(si);
                }
            }
            for (size_t pi = 0; pi < pending.size() && !cut; ++pi) {
                if (beaten(c + remaining)) {
                    cut = true;
                    break;
                }
                Sample& s = samples[pending[pi]];
                --remaining;
                const SolveResult r = solver.solve(s.board, after[mi], so);
                ++cost.solves;
                cost.states += r.states;
                c += r.verdict == Verdict::Win;
            }
            if (cut || (planner_ && beaten(c))) continue;
            score[mi] = c;
            if (c > best || (planner_ && tie[mi] < best_tie)) {
                best = c;
                best_tie = tie[mi];
            }
        }
        // The highest score; the sampler's tie: the first in order; the
        // planner's: the least shortage, then the fewest tableau cards left,
        // then the first in order.
        int pick = -1;
        for (int mi : order)
            if (score[mi] == best && (pick < 0 || (planner_ && tie[mi] < tie[pick]))) pick = mi;
        return v.legal[pick];
    }
    // Within this many samples of the best score, the planner's tie-break decides.
    static constexpr int64_t kPlannerMargin = 0;
    static constexpr int kPlannerWinnable = 16;

private:
    Move fallback(const View& v) const { return greedy_move(v.legal); }
    // The legal moves that a sample's root solution shows to keep a win,
    // with no solve (solution_starting_with).
    static std::vector<char> known_wins(const View& v, const std::vector<Move>& solution, const Board& masked) {
        std::vector<char> wins(v.legal.size(), 0);
        for (size_t i = 0; i < v.legal.size(); ++i)
            wins[i] = solution_starting_with(masked, v.legal[i], solution).has_value();
        return wins;
    }
    int k_;
    bool planner_;
    FreeStockRelaxation relaxed_;  // the order-free relaxation, kept between decisions
};

// The hybrid: the planner (planner:64) while more than K cards are not seen,
// then at every decision the exact no-peek optimum's best move
// (optimal_nopeek.h, within its budget; past it the move with the best
// proven lower bound). A policy that sees only what the player sees, so its
// value is at most the optimum; after the switch it plays an optimal policy,
// so its value is at least the planner's (the same moves before the switch).
class Hybrid : public Player {
public:
    explicit Hybrid(int k) : k_(k), planner_(kHybridPlannerSamples, true) {}
    std::string name() const override { return "hybrid:" + std::to_string(k_); }
    Move choose(const View& v, Solver& solver, Rng& rng, PlayerCost& cost) override {
        if (v.unseen.size() > static_cast<size_t>(k_)) {
            planner_.limits = limits;
            return planner_.choose(v, solver, rng, cost);
        }
        if (v.legal.size() == 1) return v.legal.front();
        const auto oo = OptimalOptions::within(kDefaultOptimalStates, limits, false);
        const Optimal o = optimal(solver, v.deal, v.played, oo);  // the masked deal: the order is never read
        cost.solves += o.leaf_solves;
        cost.states += o.states + o.leaf_states;
        if (!o.best_move) return greedy_move(v.legal);
        return *o.best_move;
    }

private:
    int k_;
    Sampler planner_;
};

}  // namespace

std::optional<std::vector<Move>> solution_starting_with(const Board& board, const Move& first,
                                                        const std::vector<Move>& solution) {
    auto fixed_card = [&](Card c) { return board.slot_of(c) >= 0 && board.slot_of(c) < board.fixed(); };
    auto fixed_only = [&](const Move& m) {
        return (m.kind == Move::Single && fixed_card(m.a)) ||
               (m.kind == Move::Pair && fixed_card(m.a) && fixed_card(m.b));
    };
    const bool first_fixed = fixed_only(first);
    for (size_t j = 0; j < solution.size(); ++j) {
        if (solution[j] == first) {
            std::vector<Move> out{first};
            out.insert(out.end(), solution.begin(), solution.begin() + static_cast<std::ptrdiff_t>(j));
            out.insert(out.end(), solution.begin() + static_cast<std::ptrdiff_t>(j) + 1, solution.end());
            return out;
        }
        // Past the fixed-only prefix only a fixed-only move may still be moved to the front.
        if (!first_fixed && !fixed_only(solution[j])) return std::nullopt;
    }
    return std::nullopt;
}

std::string player_names() {
    return "thoughtful, greedy, casual, sampler[:K], planner[:K], hybrid[:K], optimal[:N[:K[:D]]]";
}

std::unique_ptr<Player> make_player(const std::string& spec) {
    const auto colon = spec.find(':');
    const std::string base = spec.substr(0, colon);
    int k = 32;
    if (colon != std::string::npos) {
        const std::string num = spec.substr(colon + 1);
        if (base == "hybrid") {
            const auto switch_unseen = whole_number(num, 1, 32);
            if (!switch_unseen)
                throw std::invalid_argument("the K of '" + spec +
                                            "' (cards not seen at the switch) must be a whole number from 1 to 32");
            return std::make_unique<Hybrid>(static_cast<int>(*switch_unseen));
        }
        if (base != "sampler" && base != "planner") throw std::invalid_argument("player '" + base + "' takes no ':K'");
        const auto orders = whole_number(num, 1, 100000);
        if (!orders) throw std::invalid_argument("the K of '" + spec + "' must be a whole number from 1 to 100000");
        k = static_cast<int>(*orders);
    }
    if (base == "thoughtful" && colon == std::string::npos) return nullptr;
    if (base == "greedy") return std::make_unique<Greedy>();
    if (base == "casual") return std::make_unique<Casual>();
    if (base == "sampler") return std::make_unique<Sampler>(k, false);
    if (base == "planner") return std::make_unique<Sampler>(k, true);
    if (base == "hybrid") return std::make_unique<Hybrid>(kDefaultHybridSwitch);
    throw std::invalid_argument("unknown player '" + spec + "'; players: " + player_names());
}

uint64_t game_seed(uint64_t player_seed, const Deal& deal) {
    // The deal as the player sees it at the start: the rng must not depend on the hidden order.
    return mix_seed(player_seed, deal_hash(masked_deal(deal, unseen(deal, Table(deal)))));
}

GameResult play_game(Player& player, Solver& solver, const Deal& deal, uint64_t seed, const GameOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    player.limits = options.limits;
    GameResult g;
    Table real(deal);
    for (const Move& m : options.played) real.apply(m);
    g.moves = options.played;
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
        if (options.limits.stopped()) {
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

PolicyOdds policy_odds(Solver& solver, const Deal& deal, const std::vector<Move>& played, const PolicyOddsOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    const Replay rp = replay(deal, played, AfterGoal::PlayOn);
    if (rp.error) throw std::invalid_argument(*rp.error);
    auto player = make_player(o.player);
    if (!player) throw std::invalid_argument("'" + o.player + "' is not a player that moves without peeking");
    const Unseen u = unseen(deal, rp.table, o.stock_hidden);
    const Deal masked = masked_deal(deal, u);  // the true order is never used below
    PolicyOdds r;
    r.player = player->name();
    r.unseen = u.size();
    // One seed for every order: a function of what is seen at the position.
    const uint64_t seed = mix_seed(o.player_seed, deal_hash(masked_deal(masked, unseen(masked, rp.table))));
    GameOptions go;
    go.limits = o.limits;
    go.played = played;
    const OrderPosition here = o.verdicts ? order_position(masked, u, played) : OrderPosition{};
    Rng rng(o.rng_seed);
    for (uint64_t k = 0; k < o.orders; ++k) {
        if (o.limits.stopped()) {
            r.interrupted = true;
            break;
        }
        const Deal d = sample_deal(masked, u, rng);
        const std::optional<bool> proved = o.skip_lost && o.verdicts ? o.verdicts->find(here, order_key(d, u))
                                                                     : std::nullopt;
        if (proved) {
            ++r.known;
            if (!*proved) {
                ++r.orders;
                ++r.lost_unplayed;
                continue;
            }
        } else if (o.skip_lost) {
            const Board board(d);
            const auto at = board.play(played, nullptr);
            if (!at) throw InternalError("a sampled deal rejects the played moves");
            SolveOptions so;
            so.limits = o.limits;
            const SolveResult sr = solver.solve(board, *at, so);
            ++r.cost.solves;
            r.cost.states += sr.states;
            if (sr.interrupted) {
                r.interrupted = true;
                break;
            }
            if (sr.verdict == Verdict::Lose) {
                ++r.orders;
                ++r.lost_unplayed;
                continue;
            }
        }
        ++r.played;
        const GameResult g = play_game(*player, solver, d, seed, go);
        r.cost.solves += g.cost.solves;
        r.cost.states += g.cost.states;
        if (g.interrupted) {
            r.interrupted = true;
            break;
        }
        ++r.orders;
        r.wins += g.won;
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace pyr::nopeek
