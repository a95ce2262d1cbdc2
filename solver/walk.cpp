// The walk search: a memoized DFS whose table is keyed by the removed set
// alone.
//
// Why it is exact. Fix the removed set R. Between removals the only moves are
// draws and, at the end of the stock, a redeal; with one card drawn at a time
// onto one waste (or discarded) they are deterministic, so the positions of R
// form a chain ordered by "time" (pass, then stock boundary; see time_of). A
// position reaches every later position of its chain by drawing. Hence:
//
//  1. One expansion of (R, t) "walks" the chain from t to its end and offers,
//     at each position on the way, the removals that use a stock or waste
//     card there. Removals of tableau/reserve cards only do not depend on
//     the boundary; they are offered once, at t: made later, they would lead
//     to a position that the same removal made at t reaches by drawing.
//  2. The table remembers, for each R, the earliest time expanded. Arriving at
//     (R, t') with t' at or after it adds nothing: every removal available
//     from (R, t') onwards was offered by that expansion. Arriving earlier, we
//     expand again, walking only up to the old earliest time.
//  3. With unlimited passes the chain is a cycle (the redeal brings the stock
//     back), so one expansion covers every position of R.
//
// This is the search over positions with draws folded into the removals that
// follow them; each stored entry stands for a whole chain of positions, which
// is where the saving comes from (bench/solver-notes.md).
//
// The reductions of solver/prune.h apply unchanged: a forced King is the only
// move offered at the position where it becomes playable (for a stock King,
// the walk stops there: the removal dominates everything later on the chain),
// and dead-card detection cuts a position before it is expanded; with discards,
// cards leave play as the walk passes them, so the walk also stops as soon as
// a card the goal needs loses its last partner.
//
// The walk itself, which removals an expansion offers and where it stops, is
// solver/chain_walk.h (shared with the best score and the optimal walk); here
// are the walk's memo and stack and the search.
#include "solver/depth_first.h"

#include <algorithm>

namespace pyr {

namespace {

// The suit-blind stock part (Board::suit_blind_stock) of a frame's removed
// set and of the positions its moves lead to, each move's made from the
// frame's: removing cards from the stock sequence leaves the embedding of the
// cards before the first one removed as it was, and the greedy embedding of
// the rest, which can only move to earlier slots, is the old one again from
// the first card that lands where it was (with no removed card after it).
// (Why not each move's from scratch: bench/solver-notes.md.)
class SuitBlindFrame {
public:
    // Nothing set: init() before any use. (Not a std::optional in the
    // stack's push: GCC 12 zeroes its 168 bytes, a `rep stos` that took a
    // third of push's time; bench/nopeek-optimal.md, 30 Nov, nopeek25.)
    SuitBlindFrame() {}
    // `key`: the frame's memo key (its removed set's suit-blind form), whose
    // stock slots left are the embedding.
    void init(const Board& b, uint64_t removed, uint64_t key) {
        b_ = &b;
        f_ = b.fixed();
        left_ = b.stock_mask() & ~removed;
        keep_ = b.stock_mask() & ~key;
        m_ = bit_positions(left_, seq_);
        bit_positions(keep_ >> f_, emb_);  // (as many matched slots as cards left)
    }
    uint64_t stock_key() const { return b_->stock_mask() & ~keep_; }
    // The stock part with the stock cards `gone` (among the frame's) removed too.
    uint64_t after(uint64_t gone) const {
        if (!gone) return stock_key();
        const int i = std::popcount(left_ & ((gone & (~gone + 1)) - 1));  // the first card removed
        uint64_t rest = gone & (gone - 1);
        int j = i ? emb_[i - 1] + 1 : 0;
        uint64_t fresh = 0;
        int e = i + 1;
        for (; e < m_; ++e) {
            if (rest && seq_[e] == std::countr_zero(rest)) {
                rest &= rest - 1;
                continue;
            }
            const int at = b_->next_of_rank(j, b_->rank(seq_[e]));
            if (at == emb_[e] && !rest) break;  // as before from here on
            fresh |= uint64_t{1} << (f_ + at);
            j = at + 1;
        }
        const int lo = i ? emb_[i - 1] + 1 : 0;
        const int hi = e < m_ ? emb_[e] : b_->stock_size();
        const uint64_t span = ((uint64_t{1} << (f_ + hi)) - 1) & ~((uint64_t{1} << (f_ + lo)) - 1);
        return b_->stock_mask() & ~((keep_ & ~span) | fresh);
    }

private:
    const Board* b_;
    int f_;
    uint64_t left_;
    int m_;
    uint64_t keep_;  // the matched slots
    // The stock cards left, in order, and each one's match (a stock index);
    // bit_positions writes whole groups of 8.
    uint8_t seq_[kMaxSlots + 8], emb_[kMaxSlots + 8];
};

// The walks' goal: a win, its moves kept with `path` (not with
// SolveOptions::verdict_only), the dead-card check where `dead` asks
// (SolveOptions::dead_cards: at the start and after every move, at the
// start alone, or nowhere).
WinGoal walk_goal(const Board& board, SolveResult& result, const SearchBudget& budget, bool path,
                  SolveOptions::DeadCards dead, uint64_t cap = 0, FreeStockRelaxation* relaxed = nullptr) {
    WinGoal goal{board, result.solution, budget, cap, relaxed, path};
    goal.dead_at_start = dead != SolveOptions::DeadCards::Never;
    goal.dead_after_moves = dead == SolveOptions::DeadCards::Every;
    return goal;
}

}  // namespace

bool WalkMemo::arrive(const Board& board, const State& s, uint32_t& limit, uint64_t key) {
    const uint32_t t = time_of(board, s);
    if (!board.rows_redeal()) {
        static_assert(kChainBits >= kMaxSlots && 64 - kChainBits >= 12, "removed set and time share the word");
        // t < 53 * 53 < 2^12 - 1: the time field is never all ones, so no
        // word is the table's empty slot.
        static_assert(key_layout::kMaxFinitePasses * (kMaxSlots + 1) < (1 << (64 - kChainBits)) - 1,
                      "a stored word is never WordTable's empty slot");
        const uint64_t word = key | (uint64_t{t} << kChainBits);
        auto [it, inserted] = packed_.insert(word);
        if (inserted) {
            limit = kNoLimit;
            return true;
        }
        const uint32_t old = static_cast<uint32_t>(*it >> kChainBits);
        if (board.unlimited() || old <= t) return false;
        limit = old;
        *it = word;  // only the time changes: not what hashing and equality see
        return true;
    }
    auto [it, inserted] = rows_.try_emplace(board.chain_key(s), static_cast<uint16_t>(t));
    if (inserted) {
        limit = kNoLimit;
        return true;
    }
    if (board.unlimited() || it->second <= t) return false;
    limit = it->second;
    it->second = static_cast<uint16_t>(t);
    return true;
}

bool DrawWalkMemo::arrive(const Board& board, const State& s, const DrawLane& lane, Cover& old, uint64_t key) {
    if (packed(board)) {
        static_assert(kPackedBits >= kMaxSlots && kPackedBits + 2 * 6 <= 64,
                      "two lanes of 6 bits above the removed set");
        // k <= 52 < 63: a stored word is never WordTable's empty slot.
        const int shift = kPackedBits + 6 * (lane.lane - 1);
        auto [slot, inserted] = packed_.insert(lane.lane == 0 ? key : key | uint64_t(lane.k) << shift);
        if (inserted) {
            old.word = ~uint64_t{0};
            return true;
        }
        if (lane.lane == 0) return false;  // the cycle is covered
        const uint64_t e = *slot >> shift & 63;
        if (e != 0 && static_cast<int>(e) <= lane.k) return false;
        old.word = ~uint64_t{0} << (12 * board.variant().draw) & ~kNone;  // the cycle from time 0
        for (int r = 1; r < board.variant().draw; ++r)
            if (const uint64_t k = *slot >> (kPackedBits + 6 * (r - 1)) & 63) old.word |= k << (12 * r);
            else old.word |= kNone << (12 * r);
        *slot = (*slot & ~(uint64_t{63} << shift)) | uint64_t(lane.k) << shift;
        return true;
    }
    auto [it, inserted] = table_.try_emplace(key, ~uint64_t{0});
    old.word = it->second;
    if (old.covers(board, s.pass, lane.k, lane.lane)) return false;
    uint64_t word = old.word;
    if (lane.lane == 0) {
        word = (word & ~kNone) | time(board, s.pass, lane.k);
    } else {
        // The walk goes along the lane to the cycle at (s.pass, m): unless it
        // stops on the lane first (where the old lane entry covers, whose own
        // walk reached the cycle no later), it walks the cycle from there.
        const uint64_t t = std::min<uint64_t>(word & kNone, time(board, s.pass, lane.m));
        const int shift = 12 * lane.lane;
        word = (word & ~(kNone << shift) & ~kNone) | (uint64_t{s.pass} << 6 | uint64_t(lane.k)) << shift | t;
    }
    it->second = word;
    return true;
}

void WalkStack::push_draw_n(const Board& board, const RuleTraits& traits, const State& s,
                            const DrawWalkMemo::Cover& old, const DrawWalkMemo* memo, uint64_t key,
                            ForcedPolicy policy) {
    const uint32_t begin = static_cast<uint32_t>(moves_.size());
    struct Visitor {
        const Board& board;
        std::vector<WalkMove>& moves;
        const DrawWalkMemo::Cover& old;
        const DrawWalkMemo* memo;
        uint64_t removed;
        const SuitBlindFrame* blind;  // the suit-blind key's, else null
        [[gnu::always_inline]] void offer(SlotMove m, uint8_t pos, uint8_t pass, uint8_t next_pos) {
            const uint64_t gone = uint64_t{1} << m.a | (m.kind == SlotMove::Pair ? uint64_t{1} << m.b : 0);
            const uint64_t next = removed | gone;
            const uint64_t key = blind ? (next & board.fixed_mask()) | blind->after(gone & board.stock_mask()) : next;
            if (memo) memo->prefetch(key);
            moves.push_back(WalkMove{m, pos, pass, next_pos, pass, key});
        }
        bool keep_going(int pass, int k, int lane) const { return !old.covers(board, pass, k, lane); }
    };
    SuitBlindFrame blind;
    if (suit_blind_) blind.init(board, s.removed, key);
    Visitor visitor{board, moves_, old, memo, s.removed, suit_blind_ ? &blind : nullptr};
    walk_chain_draw_n(board, traits, policy, s, visitor);
    frames_.push_back(Frame{s, begin, begin, static_cast<uint32_t>(moves_.size())});
}

void WalkStack::push(const Board& board, const RuleTraits& traits, const ChainRules& rules, const State& s,
                     uint32_t limit, const WalkMemo* memo, uint64_t key) {
    const uint32_t begin = static_cast<uint32_t>(moves_.size());
    struct Visitor {
        const Board& board;
        std::vector<WalkMove>& moves;
        uint32_t limit;
        const WalkMemo* memo;
        const SuitBlindFrame* blind;  // the suit-blind key's, else null
        [[gnu::always_inline]] void offer(SlotMove m, const State& at) {
            if (board.rows_redeal()) {
                moves.push_back(WalkMove{m, at.pos, at.pass, 0, 0, 0});
                return;
            }
            const State next = board.apply(at, m);
            const uint64_t key = blind ? (next.removed & board.fixed_mask()) |
                                             blind->after(next.removed & ~at.removed & board.stock_mask())
                                       : next.removed;
            if (memo) memo->prefetch(board, key);
            moves.push_back(WalkMove{m, at.pos, at.pass, next.pos, next.pass, key});
        }
        bool keep_going(const State& at) const {
            return board.unlimited() || WalkMemo::time_of(board, at) < limit;  // later times were walked before
        }
        static bool step() { return true; }
    };
    SuitBlindFrame blind;
    if (suit_blind_) blind.init(board, s.removed, key);
    Visitor visitor{board, moves_, limit, memo, suit_blind_ ? &blind : nullptr};
    walk_chain(board, traits, rules, s, visitor);
    frames_.push_back(Frame{s, begin, begin, static_cast<uint32_t>(moves_.size())});
    if (reversed_) {  // the tableau's removals (offered first, at s) stay first; the rest latest first
        auto stock = moves_.begin() + begin;
        const int f = board.fixed();
        while (stock != moves_.end() && stock->move.a < f &&
               (stock->move.kind == SlotMove::Single || stock->move.b < f))
            ++stock;
        std::reverse(stock, moves_.end());
    }
    if (traits.rows) {
        final_orders_.resize(frames_.size());
        State last = s;
        last.pass = static_cast<uint8_t>(board.passes() - 1);
        FinalOrder& fo = final_orders_.back();
        fo.len = board.pass_order(last, fo.slots.data());
    }
}

bool WalkStack::next(const Board& board, State& next, SlotMove& move, const uint8_t** final_order, int* final_len,
                     uint64_t* key) {
    while (!frames_.empty()) {
        Frame& f = frames_.back();
        if (f.next == f.end) {
            moves_.resize(f.begin);  // the frame's moves sit on top
            frames_.pop_back();
            continue;
        }
        const WalkMove& wm = moves_[f.next++];
        if (board.rows_redeal()) {
            next = board.apply(State{f.state.removed, wm.pos, wm.pass, f.state.epochs}, wm.move);
        } else {  // as Board::apply made it in push
            const uint64_t gone = (uint64_t{1} << wm.move.a) |
                                  (wm.move.kind == SlotMove::Pair ? uint64_t{1} << wm.move.b : 0);
            next = State{f.state.removed | gone, wm.next_pos, wm.next_pass, f.state.epochs};
        }
        move = wm.move;
        if (key) *key = wm.key;
        if (final_order) {
            const bool known = !final_orders_.empty() && wm.pass + 1 == board.passes();
            *final_order = known ? final_orders_[frames_.size() - 1].slots.data() : nullptr;
            *final_len = known ? final_orders_[frames_.size() - 1].len : 0;
        }
        return true;
    }
    return false;
}

void WalkStack::path(const Board& board, std::vector<Move>& out) const {
    out.clear();
    for (const Frame& fr : frames_) {  // each frame's draws up to its current move, then the move
        const WalkMove& chosen = moves_[fr.next - 1];
        append_draws(board, fr.state, chosen.pos, chosen.pass, out);
        out.push_back(board.to_move(chosen.move));
    }
}

SolveResult WalkSearch::run(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                            uint64_t first_order_states, bool free_stock, bool suit_blind, bool path,
                            SolveOptions::DeadCards dead_cards) {
    path_ = path;
    dead_cards_ = dead_cards;
    // Every rule set: first the free-stock relaxation (solver/free_stock.h):
    // when even with every stock and waste card free at any time the tableau
    // cannot be cleared, the deal is lost. The relaxation's own positions are
    // not counted as states. With the row redeal, run_once asks it again at
    // every position it would expand, which cuts the moves after which the
    // tableau can no longer be cleared; elsewhere that costs more than it
    // saves. (SolveOptions::rows_free_stock turns both off.) What it gains:
    // bench/solver-notes.md.
    free_stock_ = free_stock && traits.free_stock;  // (RuleTraits::free_stock: layouts with a stock)
    if (free_stock_ && relaxed_.solve(board, start) == FreeStockRelaxation::Outcome::Lost) {
        SolveResult lost;
        lost.verdict = Verdict::Lose;
        return finish_search(lost, budget);
    }
    suit_blind_ = suit_blind && !traits.rows;
    if (traits.draw_walk) return run_draw_n(board, traits, start, budget);
    if (!traits.rows) return run_once(board, traits, start, budget, false, 0);
    // Row redeal: a first search in the chain walk's order (removals now
    // first, the tableau's before the stock's) for at most first_order_states
    // positions, then, if it did not decide, a second one from scratch in
    // which each frame's removals that use a stock or waste card are tried
    // latest along the chain first (after the tableau's own removals, which
    // the walk offers first): the search reaches the final pass, whose order
    // is known and where the dead-card check is strongest, before spending
    // the early passes' removals (what that gains: bench/solver-notes.md).
    // Every position of both searches counts against the budget; each search
    // is complete on its own (the memo is cleared between them), so only the
    // second, run to the end, proves a loss.
    if (first_order_states > 0) {
        const uint64_t cap = budget.count() + first_order_states;
        SolveResult first = run_once(board, traits, start, budget, false, cap);
        if (first.verdict != Verdict::Intractable || first.interrupted || first.memory_exceeded || budget.count() < cap)
            return first;
    }
    return run_once(board, traits, start, budget, true, 0);
}

SolveResult WalkSearch::run_once(const Board& board, const RuleTraits& traits, const State& start, SearchBudget& budget,
                                 bool reversed, uint64_t cap) {
    SolveResult result;
    WinGoal goal = walk_goal(board, result, budget, path_, dead_cards_, cap,
                             traits.rows && free_stock_ ? &relaxed_ : nullptr);
    WalkSpace space(board, traits, ChainRules{ForcedPolicy::win(), goal.dead_after_moves, false}, memo_, stack_,
                    suit_blind_, reversed);
    return verdict_of(depth_first(space, goal, budget, start), result, budget);
}

// The draw-N walk (RuleTraits::draw_walk: Tut's Tomb). Why it is exact: as
// the draw-one walk above, with the chain of walk_chain_draw_n (chain_walk.h)
// and the memo of DrawWalkMemo. Fix the removed set R. Between removals only
// draws and redeals happen, deterministic, so R's positions are its chain:
// lanes that run into a cycle. Each expansion of (R, t) walks from t to the
// end of what t reaches (its lane to m, then one full cycle; or the stock's
// end in the last pass), offering every removal on the way (the tableau's
// at t, where they reach everything the same removals made later reach; each
// waste card's at the first position it is on top, where the result
// dominates its later ones), stopping where an earlier expansion's walk
// covers. What it covers is recorded in R's entry, so arriving at a covered
// position adds nothing: its removals were offered from positions that reach
// or dominate it. A memo entry is either fully searched without a win or
// belongs to the current path -- and a position on the path cannot be
// reached again (every move removes cards) -- so the search is exact up to
// the reductions of prune.h, as in the positions search.
SolveResult WalkSearch::run_draw_n(const Board& board, const RuleTraits& traits, const State& start,
                                   SearchBudget& budget) {
    SolveResult result;
    DrawWalkSpace space(board, traits, ForcedPolicy::win(), draw_memo_, stack_, suit_blind_);
    WinGoal goal = walk_goal(board, result, budget, path_, dead_cards_);
    return verdict_of(depth_first(space, goal, budget, start), result, budget);
}

}  // namespace pyr
