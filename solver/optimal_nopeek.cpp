// The exact no-peek optimum: an expectimax over information states
// (optimal_nopeek.h says what it computes and which cuts it makes; why each
// cut is sound is argued where it is made, below).
//
// Why not solver/depth_first.h's loop: that driver searches for one goal
// position (a first win, a best score) with a memo that only says "seen";
// here every node's value is a sum over chance outcomes and a maximum over
// moves, so a node's value is known only after its children's: a recursion
// with the values memoized. The shared parts are used as they are: the
// packed rules and legal moves (engine/board.h), the forced Kings
// (prune.h king_forced), the free-stock relaxation (free_stock.h), the
// verdict solver for the leaves (solver.h) and the budget (SearchBudget,
// search_util.h: the same max_states / stop contract as every search).
#include "solver/optimal_nopeek.h"

#include <algorithm>
#include <bit>
#include <chrono>
#include <memory>
#include <stdexcept>

#include <boost/unordered/unordered_flat_map.hpp>

#include "engine/table.h"
#include "solver/free_stock.h"
#include "solver/nopeek.h"
#include "solver/prune.h"
#include "solver/rule_traits.h"
#include "solver/search_util.h"

namespace pyr::nopeek {

Count factorial(int m) {
    Count f = 1;
    for (int i = 2; i <= m; ++i) f *= static_cast<Count>(i);
    return f;
}

std::string count_text(Count x) {
    if (x == 0) return "0";
    std::string s;
    while (x) {
        s.push_back(static_cast<char>('0' + static_cast<int>(x % 10)));
        x /= 10;
    }
    std::reverse(s.begin(), s.end());
    return s;
}

std::string fraction_text(Count num, Count den) {
    Count a = num, b = den;
    while (b) {
        const Count t = a % b;
        a = b;
        b = t;
    }
    if (a == 0) a = 1;
    return count_text(num / a) + "/" + count_text(den / a);
}

double fraction_value(Count num, Count den) { return den ? static_cast<double>(num) / static_cast<double>(den) : 0; }

std::optional<std::string> optimal_unsupported(const Variant& v) {
    if (v.redeal == RedealOrder::ApophisRows)
        return "the optimum without peeking is not searched with the row redeal (" + v.name +
               "): its later passes deal the stock in another order";
    return std::nullopt;
}

namespace {

constexpr int kMaxHidden = 32;
// The clairvoyant bound is computed where at most this many cards are not
// seen (m! solves).
constexpr int kClairvoyantAt = 2;  // 4 bits of rank per hidden slot in 128 bits

struct Key {
    uint64_t state, ranks_lo, ranks_hi, left;
    friend bool operator==(const Key&, const Key&) = default;
};
struct KeyHash {
    std::size_t operator()(const Key& k) const noexcept {
        uint64_t h = k.state * 0x9E3779B97F4A7C15ull ^ (k.ranks_lo + 0x632BE59BD9B4E019ull);
        h ^= h >> 29;
        h = (h ^ k.left) * 0x94D049BB133111EBull;
        h ^= h >> 31;
        h = (h ^ k.ranks_hi) * 0xBF58476D1CE4E5B9ull;
        return static_cast<std::size_t>(h ^ (h >> 32));
    }
};

struct Bounds {
    Count lo = 0, hi = 0;
};

class Expectimax {
public:
    Expectimax(Solver& solver, const Deal& work, std::vector<int> hidden, const OptimalOptions& o)
        : solver_(solver), deal_(work), hidden_(std::move(hidden)), budget_(budget_options_) {
        budget_options_.limits.max_states = o.limits.max_states;
        budget_options_.limits.stop = o.limits.stop;
        budget_options_.limits.progress_shift = 16;
        leaf_options_.limits.max_states = o.leaf_max_states;
        leaf_options_.limits.max_memory = o.limits.max_memory;
        leaf_options_.limits.stop = o.limits.stop;
        for (int i = 0; i <= kMaxHidden; ++i) fact_[i] = factorial(i);
        m_ = static_cast<int>(hidden_.size());
        for (int slot : hidden_) ++left_[deal_.cards[slot].rank];
        for (int r = 1; r < 16; ++r) {
            if (left_[r] > 15) throw std::invalid_argument("more than 15 cards of one rank not seen");
            left_key_ += uint64_t(left_[r]) << 4 * (r - 1);
        }
        boards_.push_back(std::make_shared<const Board>(deal_));
        traits_.emplace(*boards_[0]);
    }

    const Board& root_board() const { return *boards_[0]; }
    int unseen() const { return m_; }
    Count all() const { return fact_[m_]; }
    const SearchBudget& budget() const { return budget_; }
    bool stopped() const { return stopped_; }
    bool interrupted() const { return interrupted_; }
    uint64_t leaf_solves = 0, leaf_states = 0;
    size_t memo_size() const { return memo_.size(); }

    // The hidden slots visible at t (not yet turned up): cards playable there,
    // and stock cards drawn (on a waste, or discarded).
    uint64_t newly(const Board& b, const State& t) const {
        const uint64_t drawn = b.stock_mask() & ((uint64_t{1} << (b.fixed() + t.pos)) - 1);
        const uint64_t vis = b.playable(t) | drawn;
        uint64_t out = 0;
        for (size_t j = 0; j < hidden_.size(); ++j)
            if (!(rmask_ >> j & 1) && (vis >> hidden_[j] & 1)) out |= uint64_t{1} << j;
        return out;
    }

    // The value of the move m from s (on the current board): a chance node
    // over the cards it turns up, or the position it reaches. With `alpha`
    // (orders out of m!), a value at most alpha may come back as an upper
    // bound at most alpha (Ballard's Star1): the caller has something as good.
    Bounds after(const State& s, SlotMove m, Count alpha) {
        const Board& b = *boards_[level_];
        const State t = b.apply(s, m);
        const uint64_t nw = newly(b, t);
        return nw ? chance(t, nw, alpha) : node(t, alpha);
    }

    // A decision node: the best move's value (or, at most alpha, a bound).
    Bounds node(const State& s, Count alpha) {
        // (Whether won and the memo key do not depend on the cards: the root
        // board answers them; the current one is built only past the memo.)
        const Count all = fact_[m_];
        if (boards_[0]->won(s)) return {all, all};
        if (stopped_) return {0, all};
        const Key k = key(*boards_[0], s);
        Bounds known{0, all};
        if (const auto it = memo_.find(k); it != memo_.end()) {
            known = it->second;
            if (known.lo == known.hi || known.hi <= alpha) return known;
        }
        const Board& b = board();
        // At most one card not seen: the player knows the order (the last
        // card is the one left), so the value is the verdict.
        if (m_ <= 1) {
            const SolveResult r = solver_.solve(b, s, leaf_options_);
            ++leaf_solves;
            leaf_states += r.states;
            if (r.interrupted) interrupted_ = stopped_ = true;
            if (r.verdict == Verdict::Intractable) {
                exact_leaves_ = false;
                return {0, all};
            }
            const Count v = r.verdict == Verdict::Win ? all : 0;
            memo_[k] = {v, v};
            return {v, v};
        }
        // Lost in the free-stock relaxation: lost in every order (it sees only
        // the fixed cards and how many free cards of each rank are in play,
        // the same in every order).
        if (known.hi == all && relax_.solve_any_stock(b, s, 200'000) == FreeStockRelaxation::Outcome::Lost) {
            memo_[k] = {0, 0};
            return {0, 0};
        }
        // With few cards not seen, the clairvoyant count (the orders in which
        // a player who sees them wins) bounds the value from above: no policy
        // wins an order no play wins. Every order solved: 0 ends it.
        if (m_ <= kClairvoyantAt && known.hi == all) {
            known.hi = clairvoyant(s);
            if (known.hi == 0 || known.hi <= alpha) {
                memo_[k] = known;
                return known;
            }
        }
        if (const auto stop = budget_.tick(); stop != SearchBudget::Stop::No) {
            stopped_ = true;
            interrupted_ = stop == SearchBudget::Stop::Interrupted;
            return known;
        }
        SlotMove moves[kMaxMoves];
        int n = b.legal_moves(s, moves);
        // Forced moves (prune.h forced_move, the verdict's policy): a playable
        // King whose removal is never worse, and a sole pair (a needed card
        // whose one usable partner is playable with it). Each argument there
        // is play by play: any play from s stays legal, move for move, with
        // the forced move made first and its later occurrence (or the draw
        // past the King) dropped; made first, it turns up at most the card a
        // draw would, sooner, so a policy that does not peek stays one that
        // does not peek. Whether a pair is sole counts the partners in play,
        // and the cards not seen are in play whatever their order.
        if (const int f = forced_move(b, *traits_, ForcedPolicy::win(), s, moves, n); f >= 0) {
            moves[0] = moves[f];
            n = 1;
        }
        Bounds best;
        for (int i = 0; i < n; ++i) {
            const Bounds c = after(s, moves[i], std::max(alpha, best.lo));
            best.lo = std::max(best.lo, c.lo);
            best.hi = std::max(best.hi, c.hi);
            if (best.lo == all) break;  // every order won: nothing beats it
        }
        best.lo = std::max(best.lo, known.lo);
        best.hi = std::min(best.hi, known.hi);
        if (!stopped_) memo_[k] = best;
        return best;
    }

    // The cards turned up at t (the hidden indices `nw`), the lowest first:
    // each rank left, weighted by its cards not seen. Stops once the rest
    // cannot lift the sum above alpha (each child at most its bound: below).
    Bounds chance(const State& t, uint64_t nw, Count alpha) {
        if (stopped_) return {0, fact_[m_]};
        const int j = std::countr_zero(nw);
        const int slot = hidden_[j];
        const Count child_all = fact_[m_ - 1];
        // Each child's bound from above before it is searched: (m - 1)!, or
        // what the memo knows of it (Ballard's Star2 with the memo as the
        // probe: a child searched before, under another alpha or on another
        // path to the same information state, brings its bound). Only where
        // this card is the last turned up (the child is a decision node at t).
        Count child_hi[16];
        Bounds sum{0, 0};  // hi: the children done at their bounds, the rest at child_hi
        const uint64_t rest_nw = nw & ~(uint64_t{1} << j);
        for (int r = 1; r < 16; ++r) {
            if (!left_[r]) continue;
            child_hi[r] = child_all;
            if (alpha > 0 && !rest_nw && !memo_.empty()) {
                set_rank(j, r);
                left_key_ -= uint64_t{1} << 4 * (r - 1);
                rmask_ |= uint64_t{1} << j;
                if (const auto it = memo_.find(key(*boards_[0], t)); it != memo_.end()) child_hi[r] = it->second.hi;
                rmask_ &= ~(uint64_t{1} << j);
                left_key_ += uint64_t{1} << 4 * (r - 1);
                set_rank(j, 0);
            }
            sum.hi += static_cast<Count>(left_[r]) * child_hi[r];
        }
        for (int r = 1; r < 16; ++r) {
            if (!left_[r]) continue;
            if (sum.hi <= alpha) break;  // Star1: cannot beat alpha
            const Count c = static_cast<Count>(left_[r]);
            // The child must exceed (alpha - the others at their bounds) / c to matter.
            const Count others = sum.hi - c * child_hi[r];
            const Count child_alpha = alpha > others ? (alpha - others) / c : 0;
            // A card of rank r among the slots not turned up goes to `slot`
            // (the rest keep the others: their order is never read).
            int from = -1;
            for (size_t i = 0; i < hidden_.size(); ++i)
                if (!(rmask_ >> i & 1) && deal_.cards[hidden_[i]].rank == r) {
                    from = hidden_[i];
                    if (from == slot) break;
                }
            if (from < 0) throw InternalError("optimal: a rank left has no card among the slots not turned up");
            std::swap(deal_.cards[slot], deal_.cards[from]);
            ++level_;
            built_.resize(std::max<size_t>(built_.size(), level_ + 1));
            built_[level_] = false;  // (built when a node needs it: board())
            rmask_ |= uint64_t{1} << j;
            set_rank(j, r);
            --left_[r];
            left_key_ -= uint64_t{1} << 4 * (r - 1);
            --m_;
            const uint64_t rest = nw & ~(uint64_t{1} << j);
            const Bounds x = rest ? chance(t, rest, child_alpha) : node(t, child_alpha);
            ++m_;
            ++left_[r];
            left_key_ += uint64_t{1} << 4 * (r - 1);
            set_rank(j, 0);
            rmask_ &= ~(uint64_t{1} << j);
            --level_;
            std::swap(deal_.cards[slot], deal_.cards[from]);
            sum.lo += c * x.lo;
            sum.hi = others + c * std::min(x.hi, child_hi[r]);
        }
        return sum;
    }

    // The orders of the cards not turned up in which s is won, by the solver
    // on each (an intractable one counts won: a bound from above).
    Count clairvoyant(const State& s) {
        std::vector<int> slots;
        std::vector<Card> cards;
        for (size_t i = 0; i < hidden_.size(); ++i)
            if (!(rmask_ >> i & 1)) {
                slots.push_back(hidden_[i]);
                cards.push_back(deal_.cards[hidden_[i]]);
            }
        std::vector<int> idx(cards.size());
        for (size_t i = 0; i < idx.size(); ++i) idx[i] = static_cast<int>(i);
        Deal d = deal_;
        Count wins = 0;
        do {
            for (size_t i = 0; i < idx.size(); ++i) d.cards[slots[i]] = cards[idx[i]];
            const Board b(*boards_[0], d);
            const SolveResult r = solver_.solve(b, s, leaf_options_);
            ++leaf_solves;
            leaf_states += r.states;
            if (r.interrupted) interrupted_ = stopped_ = true;
            wins += r.verdict != Verdict::Lose;
        } while (std::next_permutation(idx.begin(), idx.end()));
        return wins;
    }

    bool exact_leaves() const { return exact_leaves_; }

private:
    // The board of the current assignment (level_), built on first use.
    // Boards are kept by the ranks turned up (the cards in the slots not
    // turned up are never read: any arrangement of them serves), a few
    // thousand at a time: most information states share theirs with others.
    const Board& board() {
        if (!built_[level_]) {
            std::shared_ptr<const Board>& cached = board_cache_[{ranks_[0], ranks_[1]}];
            if (!cached) cached = std::make_shared<const Board>(*boards_[0], deal_);
            if (static_cast<int>(boards_.size()) <= level_) boards_.resize(level_ + 1);
            boards_[level_] = cached;
            built_[level_] = true;
            if (board_cache_.size() > kBoardCache) board_cache_.clear();  // (boards in use are held by boards_)
        }
        return *boards_[level_];
    }
    // The information state's key: the position, the ranks turned up in the
    // hidden slots still in play at s, and how many cards of each rank are
    // not seen. That is all the value depends on: the rules read ranks only,
    // a removed card never comes back, and the cards not seen are in a
    // uniformly random order whatever was turned up before. So two ways to
    // the same position that turned up the same ranks in other slots, since
    // removed, share a value (the ranks of those slots are forgotten).
    Key key(const Board& b, const State& s) const {
        uint64_t r[2] = {ranks_[0], ranks_[1]};
        for (uint64_t q = rmask_; q; q &= q - 1) {
            const int j = std::countr_zero(q);
            if (s.removed >> hidden_[j] & 1) r[j / 16] &= ~(uint64_t{15} << (j % 16) * 4);
        }
        return Key{b.key(s), r[0], r[1], left_key_};
    }
    void set_rank(int j, int r) {
        uint64_t& w = ranks_[j / 16];
        const int sh = (j % 16) * 4;
        w = (w & ~(uint64_t{15} << sh)) | (uint64_t(r) << sh);
    }

    Solver& solver_;
    Deal deal_;  // the current assignment: turned-up slots hold their cards, the others the rest
    std::vector<int> hidden_;
    SolveOptions budget_options_, leaf_options_;
    SearchBudget budget_;
    static constexpr size_t kBoardCache = 8192;
    struct PairHash {
        std::size_t operator()(const std::pair<uint64_t, uint64_t>& p) const noexcept {
            return KeyHash{}(Key{p.first, p.second, 0, 0});
        }
    };
    std::vector<std::shared_ptr<const Board>> boards_;  // per level of cards turned up
    boost::unordered_flat_map<std::pair<uint64_t, uint64_t>, std::shared_ptr<const Board>, PairHash> board_cache_;
    std::vector<bool> built_{true};  // boards_[level] holds the current assignment
    std::optional<RuleTraits> traits_;
    FreeStockRelaxation relax_;
    boost::unordered_flat_map<Key, Bounds, KeyHash> memo_;
    Count fact_[kMaxHidden + 1];
    int left_[16] = {};
    int m_ = 0, level_ = 0;
    uint64_t rmask_ = 0;
    uint64_t ranks_[2] = {0, 0};
    uint64_t left_key_ = 0;  // left_[1..15], 4 bits each
    bool stopped_ = false, interrupted_ = false, exact_leaves_ = true;
};

}  // namespace

Optimal optimal(Solver& solver, const Deal& deal, const std::vector<Move>& played, const OptimalOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    if (const auto why = optimal_unsupported(deal.variant)) throw std::invalid_argument(*why);
    const Replay rp = replay(deal, played, AfterGoal::PlayOn);
    if (rp.error) throw std::invalid_argument(*rp.error);
    const Table& table = rp.table;
    const Unseen u = unseen(deal, table, o.stock_hidden);
    if (u.size() > static_cast<size_t>(kMaxHidden))
        throw std::invalid_argument("more than 32 cards not seen: the optimum's counts do not fit");
    Deal work = masked_deal(deal, u);  // the true order is never used below
    for (int slot : u.slots) {
        if (slot < work.fixed_size())
            throw std::invalid_argument("a tableau or reserve card is not seen: name it for the optimum");
        work.unknown &= ~(uint64_t{1} << slot);
    }
    Optimal r;
    r.unseen = u.size();
    r.nothing_hidden = u.size() <= 1;
    r.orders = factorial(static_cast<int>(u.size()));
    Expectimax ex(solver, work, u.slots, o);
    const Board& b = ex.root_board();
    std::string why;
    const auto start = b.play(played, &why);
    if (!start) throw std::invalid_argument(why);
    if (ex.newly(b, *start))
        throw std::invalid_argument("a card not seen is playable or on the waste here: name it for the optimum");

    const Count all = ex.all();
    Bounds root;
    if (b.won(*start)) {
        root = {all, all};
    } else {
        // Every legal move's value (none cut: each is shown). The best move:
        // the highest lower bound, the first in sorted_moves order on a tie.
        Count best = 0;
        for (const Move& m : sorted_moves(table)) {
            const auto sm = b.from_move(*start, m);
            if (!sm) throw InternalError("the packed rules reject a legal move");
            const Bounds c = ex.after(*start, *sm, 0);
            root.lo = std::max(root.lo, c.lo);
            root.hi = std::max(root.hi, c.hi);
            if (o.per_move) r.moves.push_back({m, c.lo, c.hi});
            if (!r.best_move || c.lo > best) {
                best = c.lo;
                r.best_move = m;
            }
        }
    }
    r.lower = root.lo;
    r.upper = root.hi;
    r.exact = root.lo == root.hi;
    r.budget_hit = ex.stopped() && !ex.interrupted();
    r.interrupted = ex.interrupted();
    if (r.exact) {
        r.method = r.nothing_hidden
                       ? "verdict (at most one card not seen: the order is known)"
                       : "exact expectimax (chance nodes by rank, memo on the position and the ranks seen)";
        r.lower_method = r.upper_method = r.method;
    } else {
        r.method = "bracket";
        r.lower_method = "expectimax within the budget, positions not searched counted lost";
        r.upper_method =
            "expectimax within the budget, positions not searched counted won (lost where the free-stock relaxation "
            "proves it)";
    }
    r.states = ex.budget().count();
    r.leaf_solves = ex.leaf_solves;
    r.leaf_states = ex.leaf_states;
    r.memo = ex.memo_size();
    r.seconds = seconds_since(t0);
    return r;
}

}  // namespace pyr::nopeek
