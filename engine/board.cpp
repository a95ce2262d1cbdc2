#include "engine/board.h"

#include "engine/internal_error.h"
#include "engine/table.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <type_traits>
#include <limits>

#include <stdexcept>

namespace pyr {

namespace {
inline uint64_t bit(int i) { return uint64_t{1} << i; }
inline int lowest(uint64_t m) { return std::countr_zero(m); }
inline int highest(uint64_t m) { return 63 - std::countl_zero(m); }
}  // namespace

Board::Board(const Deal& deal) : deal_(deal) {
    const Variant& v = deal_.variant;
    v.validate();
    n_ = static_cast<int>(deal_.cards.size());
    wastes_ = v.wastes;
    waste_playable_ = v.waste_playable;
    stock_top_playable_ = v.stock_top_playable;
    t_ = v.tableau_size();
    f_ = v.fixed_size();
    if (n_ > kMaxSlots || n_ < f_) throw std::invalid_argument("deal does not fit the layout");
    const bool rows = v.redeal == RedealOrder::ApophisRows;
    // More passes than cards to remove plus one can never be used: a pass in
    // which nothing is removed ends where it began, one pass later, so a play
    // (and a shortest play) never needs more than (cards + 1) passes. Such
    // counts are therefore exactly "unlimited", which keeps the pass field small.
    passes_ = v.passes > key_layout::kMaxFinitePasses ? 0 : v.passes;
    if (rows) {
        // Gathering the wastes reorders the stock, so an idle pass does not end
        // where it began: no clamping, and the key below holds at most 3 passes.
        if (v.passes < 1 || v.passes > 3)
            throw std::invalid_argument("variant '" + v.name +
                                        "': with the row redeal, passes must be 1 to 3 (the packed "
                                        "position records the pass each stock card left in; got " +
                                        passes_text(v.passes) + ")");
        passes_ = v.passes;
    }

    // Tableau geometry (the cards' tables: card_tables, below).
    auto width = [&](int r) { return v.row_width(r); };
    std::vector<int> row_start(v.rows + 1, 0);
    for (int r = 0; r < v.rows; ++r) row_start[r + 1] = row_start[r] + width(r);
    for (int r = 0; r + 1 < v.rows; ++r)
        for (int c = 0; c < width(r); ++c) {
            const int first = v.shape == TableauShape::Pyramid ? c : c - 1;
            for (int cc = first; cc <= first + 1; ++cc)
                if (cc >= 0 && cc < width(r + 1)) cover_[row_start[r] + c] |= bit(row_start[r + 1] + cc);
        }
    // Reserve piles: each card is covered by the one above it, unless open.
    for (int p = 0; p < v.reserve_piles; ++p)
        for (int h = 0; h + 1 < v.reserve_height; ++h) {
            const int s = t_ + p * v.reserve_height + h;
            if (!v.reserves_open) cover_[s] = bit(s + 1);
        }
    // below_[x]: every slot that x covers, directly or through others.
    for (int y = 0; y < f_; ++y) {
        uint64_t frontier = cover_[y], seen = 0;
        while (frontier) {
            const int x = lowest(frontier);
            frontier &= frontier - 1;
            if (seen & bit(x)) continue;
            seen |= bit(x);
            below_[x] |= bit(y);
            frontier |= cover_[x];
        }
    }
    // blocked_: x and y can never pair while x is in place when one lies
    // beneath the other (the upper one must be gone before the lower one is
    // exposed), so the relation is symmetric. The overlap rule excepts a card
    // and the one it covers directly.
    for (int x = 0; x < f_; ++x)
        for (uint64_t m = below_[x]; m; m &= m - 1) {
            const int y = lowest(m);
            if (v.overlap && (cover_[y] & bit(x))) continue;
            blocked_[x] |= bit(y);
            blocked_[y] |= bit(x);
        }
    // fixed_playable's table: the covers grouped by their distance in slots.
    for (int i = 0; i < n_; ++i)
        for (uint64_t m = cover_[i]; m; m &= m - 1) {
            const int j = lowest(m);
            if (j <= i) throw InternalError("a card is covered by a card at a lower slot");
            int k = 0;
            while (k < cover_shifts_ && cover_shift_[k] != j - i) ++k;
            if (k == cover_shifts_) cover_shift_[cover_shifts_++] = static_cast<uint8_t>(j - i);
            cover_by_shift_[k] |= bit(i);
        }
    tableau_mask_ = t_ ? bit(t_) - 1 : 0;
    fixed_mask_ = f_ ? bit(f_) - 1 : 0;
    all_mask_ = n_ == 64 ? ~uint64_t{0} : bit(n_) - 1;
    stock_mask_ = all_mask_ & ~fixed_mask_;
    goal_mask_ = v.goal == Goal::Pyramid ? tableau_mask_ : all_mask_;
    for (int j = 0; j < n_ - f_; ++j)
        if (v.wastes > 1) waste_mask_[j % v.wastes] |= bit(f_ + j);
    card_tables();
    if (rows) {
        if (f_ != t_) throw std::invalid_argument("the row redeal is for layouts without reserves");
        rows_.emplace(v, n_, f_, cover_);
    }
}

Board::Board(const Board& base, const Deal& deal) : Board(base) {
    if (deal.cards.size() != base.deal_.cards.size() || deal.variant.name != base.deal_.variant.name ||
        deal.variant.target != base.deal_.variant.target)
        throw InternalError("Board(base, deal): another layout");
    deal_ = deal;
    card_tables();
}

void Board::recard(const Deal& deal) {
    if (deal.cards.size() != deal_.cards.size() || deal.variant.name != deal_.variant.name ||
        deal.variant.target != deal_.variant.target)
        throw InternalError("Board::recard: another layout");
    std::copy(deal.cards.begin(), deal.cards.end(), deal_.cards.begin());
    deal_.unknown = deal.unknown;
    card_tables(false);  // (same layout: the rows past the stock are as they were)
}

void Board::card_tables(bool rows_past_stock) {
    // (Built in locals and stored whole: the ranks are bytes, which the
    // compiler must assume alias every member, so filled in place each store
    // made it read deal_ and the tables again. Board::recard's share of the
    // no-peek optimum's time: bench/nopeek-optimal.md.)
    const Variant& v = deal_.variant;
    const int n = n_, stock = n_ - f_;
    const int deck_ranks_n = deck_ranks(v.deck);  // (card_index, hoisted)
    const Card* cards = deal_.cards.data();
    std::array<uint8_t, kMaxSlots> ranks;
    std::array<uint64_t, 14> by_rank{};
    std::array<int8_t, 64> slot_of;
    slot_of.fill(-1);
    for (int i = 0; i < n; ++i) {
        const Card c = cards[i];
        ranks[i] = c.rank;
        slot_of[c.suit * deck_ranks_n + (c.rank - 1)] = static_cast<int8_t>(i);
        by_rank[c.rank] |= bit(i);
    }
    for (int i = 0; i < n; ++i) {
        const int want = v.target - ranks[i];  // the partners' rank
        const uint64_t p = want >= 0 && want < static_cast<int>(by_rank.size()) ? by_rank[want] & ~bit(i) : 0;
        partners_[i] = p;
        open_partners_[i] = p & ~blocked_[i];
    }
    std::copy_n(ranks.begin(), n, rank_.begin());
    rank_mask_ = by_rank;
    slot_of_ = slot_of;
    // next_of_rank_[j][r]: the first stock index at or after j holding rank r
    // (0xFF: none). Built from the end, the row held in two words (ranks 0..7,
    // 8..13) and stored whole: no row is read back from memory. The rows past
    // the stock (all none) do not depend on the cards: a re-card keeps them.
    static_assert(std::tuple_size_v<std::decay_t<decltype(next_of_rank_[0])>> == 14, "a row is 14 ranks");
    uint64_t lo = ~uint64_t{0}, hi = ~uint64_t{0};
    const auto store = [&](int j) {
        std::memcpy(next_of_rank_[j].data(), &lo, 8);
        std::memcpy(next_of_rank_[j].data() + 8, &hi, 6);
    };
    if (rows_past_stock)
        for (int j = stock; j < static_cast<int>(next_of_rank_.size()); ++j) store(j);
    for (int j = stock - 1; j >= 0; --j) {
        const int r = ranks[f_ + j];
        uint64_t& w = r < 8 ? lo : hi;
        const int sh = 8 * (r & 7);
        w = (w & ~(uint64_t{0xFF} << sh)) | (uint64_t(j) << sh);
        store(j);
    }
}

RowRedeal::RowRedeal(const Variant& v, int slots, int fixed, const std::array<uint64_t, kMaxSlots>& cover)
    : n_(slots), f_(fixed), wastes_(v.wastes), waste_playable_(v.waste_playable), passes_(v.passes) {
    tableau_mask_ = f_ ? bit(f_) - 1 : 0;
    stock_mask_ = (n_ == 64 ? ~uint64_t{0} : bit(n_) - 1) & ~tableau_mask_;
    // Every reachable removed pattern of the tableau: a card goes only once
    // its covers are gone (or with them), so patterns are closed upwards.
    // 1430 for the 7-row pyramid. The rows are decided in turn from the
    // bottom one (the highest slots; a card's covers are in the row below
    // it, decided first): any set of the row's cards whose covers are all
    // gone may be gone. Every pattern comes out once, and in increasing
    // order: the higher rows' bits are decided first, and each row's sets
    // are tried in increasing order. (Its history and cost: bench/README.md,
    // "Where the time goes now" under Apophis.)
    auto width = [&](int r) { return v.row_width(r); };
    std::vector<int> row_start(v.rows + 1, 0);
    for (int r = 0; r < v.rows; ++r) row_start[r + 1] = row_start[r] + width(r);
    if (row_start[v.rows] != f_) throw InternalError("the row redeal's tableau is not its rows");
    struct Enumerate {
        const std::array<uint64_t, kMaxSlots>& cover;
        const std::vector<int>& row_start;
        std::vector<uint32_t>& out;
        void operator()(int r, uint32_t m) const {
            if (r < 0) {
                out.push_back(m);
                return;
            }
            uint32_t free = 0;  // the row's cards whose covers are gone
            for (int x = row_start[r]; x < row_start[r + 1]; ++x)
                if ((cover[x] & ~uint64_t{m}) == 0) free |= 1u << x;
            uint32_t sub = 0;  // every subset of `free`, in increasing order
            do {
                (*this)(r - 1, m | sub);
                sub = (sub - free) & free;
            } while (sub != 0);
        }
    };
    Enumerate{cover, row_start, ideals_}(v.rows - 1, 0);
    if (!std::is_sorted(ideals_.begin(), ideals_.end()))
        throw InternalError("the tableau's removed patterns are not in increasing order");
    // Key = offset[pass] + ((ideal * (S + 1) + pos) * base^S + digits), base = pass + 2.
    const int stock = n_ - f_;
    for (int p = 0; p < passes_; ++p) {
        unsigned __int128 span = static_cast<unsigned __int128>(ideals_.size()) * (stock + 1);
        for (int j = 0; j < stock; ++j) span *= static_cast<unsigned>(p + 2);
        key_offset_[p + 1] = key_offset_[p] + span;
    }
    if (key_offset_[passes_] > std::numeric_limits<uint64_t>::max())
        throw std::invalid_argument("the row redeal's positions do not fit a 64-bit key for this layout");
}

uint64_t RowRedeal::pattern_index(const State& s) const {
    const uint32_t tab = static_cast<uint32_t>(s.removed & tableau_mask_);
    return static_cast<uint64_t>(std::lower_bound(ideals_.begin(), ideals_.end(), tab) - ideals_.begin());
}

uint64_t RowRedeal::key(const State& s) const {
    const int stock = n_ - f_;
    const unsigned base = s.pass + 2u;
    unsigned __int128 digits = 0;
    for (int j = stock - 1; j >= 0; --j) digits = digits * base + ((s.epochs >> (2 * j)) & 3);
    unsigned __int128 k = static_cast<unsigned __int128>(pattern_index(s)) * (stock + 1) + s.pos;
    for (int j = 0; j < stock; ++j) k *= base;
    return static_cast<uint64_t>(key_offset_[s.pass] + k + digits);
}

uint64_t RowRedeal::chain_key(const State& s) const {
    static_assert(2 * 24 + 11 <= 64, "epochs of a 24-card stock and the pattern index share one key");
    return pattern_index(s) | (s.epochs << 11);
}

State RowRedeal::state_of(uint64_t key) const {
    const int stock = n_ - f_;
    State s;
    while (s.pass + 1 < passes_ && key >= key_offset_[s.pass + 1]) ++s.pass;
    unsigned __int128 rest = key - key_offset_[s.pass];
    const unsigned base = s.pass + 2u;
    for (int j = 0; j < stock; ++j) {
        const uint64_t e = static_cast<uint64_t>(rest % base);
        rest /= base;
        s.epochs |= e << (2 * j);
        if (e) s.removed |= bit(f_ + j);
    }
    s.pos = static_cast<uint8_t>(rest % (stock + 1));
    s.removed |= ideals_.at(static_cast<size_t>(rest / (stock + 1)));
    return s;
}

int RowRedeal::pass_order(const State& s, uint8_t* out) const {
    // Pass 0 deals the stock in slot order. At each redeal the wastes, first
    // to last, are moved card by card (top first) onto the stock, so the next
    // pass deals waste 3 bottom to top, then waste 2, then waste 1 -- of the
    // cards still there at that redeal (epoch 0, or removed in a later pass).
    // (Hot: the walk asks at every position of a chain. Built in two buffers,
    // the last round straight into out.)
    const int w = wastes_;
    uint8_t buf[2][kMaxSlots];
    uint8_t* cur = s.pass == 0 ? out : buf[0];
    int n = n_ - f_;
    for (int j = 0; j < n; ++j) cur[j] = static_cast<uint8_t>(f_ + j);
    for (int k = 0; k < s.pass; ++k) {
        uint8_t* next = k + 1 == s.pass ? out : buf[(k + 1) & 1];
        int m = 0;
        for (int waste = w - 1; waste >= 0; --waste)
            for (int j = waste; j < n; j += w) {
                const int slot = cur[j];
                const uint64_t e = (s.epochs >> (2 * (slot - f_))) & 3;
                if (e == 0 || static_cast<int>(e) > k + 1) next[m++] = static_cast<uint8_t>(slot);
            }
        cur = next;
        n = m;
    }
    return n;
}

int RowRedeal::pass_length(const State& s) const {
    // The stock cards not removed in passes 1..pass (their 2-bit epochs).
    const int stock = n_ - f_;
    if (s.pass == 0) return stock;
    constexpr uint64_t kLow = 0x5555'5555'5555'5555ull;
    const uint64_t lo = s.epochs & kLow, hi = (s.epochs >> 1) & kLow;
    uint64_t gone = lo & ~hi;           // epoch 1
    if (s.pass >= 2) gone |= ~lo & hi;  // epoch 2
    if (s.pass >= 3) gone |= lo & hi;   // epoch 3
    return stock - std::popcount(gone);
}

uint64_t RowRedeal::playable(const State& s, uint64_t avail) const {
    uint8_t order[kMaxSlots];
    pass_order(s, order);
    return playable(s, avail, order);
}

uint64_t RowRedeal::playable(const State& s, uint64_t avail, const uint8_t* order) const {
    // The top cards of each waste: the latest dealt to it that are still there.
    uint64_t p = 0;
    for (int w = 0; w < wastes_; ++w) {
        int left = waste_playable_;
        for (int j = s.pos - 1; j >= 0 && left > 0; --j)
            if (j % wastes_ == w && (avail >> order[j] & 1)) {
                p |= bit(order[j]);
                --left;
            }
    }
    return p;
}

bool RowRedeal::stock_empty(const State& s) const { return s.pos >= pass_length(s); }

State RowRedeal::apply(State s, SlotMove m) const {
    auto take = [&](int slot) {
        s.removed |= bit(slot);
        if (slot >= f_) s.epochs |= uint64_t(s.pass + 1) << (2 * (slot - f_));
    };
    switch (m.kind) {
        case SlotMove::Single: take(m.a); break;
        case SlotMove::Pair:
            take(m.a);
            take(m.b);
            break;
        case SlotMove::Draw:  // a row: one card onto each waste
            s.pos = static_cast<uint8_t>(std::min(s.pos + wastes_, pass_length(s)));
            break;
        case SlotMove::Redeal:  // gather the wastes, then deal a row at once
            ++s.pass;
            s.pos = static_cast<uint8_t>(std::min(wastes_, pass_length(s)));
            break;
    }
    return s;
}

uint64_t Board::key(const State& s) const { return rows_ ? rows_->key(s) : encode(s); }

uint64_t Board::chain_key(const State& s) const { return rows_ ? rows_->chain_key(s) : s.removed; }

State Board::state_of(uint64_t key) const { return rows_ ? rows_->state_of(key) : decode(key); }

int Board::pass_order(const State& s, uint8_t* out) const { return rows_->pass_order(s, out); }

State Board::initial() const {
    const Variant& v = deal_.variant;
    State s;
    if (const Position* p = deal_.position.get()) {  // a position laid out on the deal (engine/position.h)
        s.removed = p->removed;
        s.pos = p->pos;
        s.pass = p->pass_index;
        s.epochs = rows_ ? p->epochs : 0;
        return canonical(s);
    }
    s.pos = static_cast<uint8_t>(std::min(v.waste_start * std::max(v.wastes, 1), n_ - f_));
    return canonical(s);
}

uint64_t Board::rows_playable(const State& s, const uint8_t* order) const {
    return rows_->playable(s, all_mask_ & ~s.removed, order);
}

uint64_t Board::stock_playable_other(const State& s) const {
    const Variant& v = deal_.variant;
    const uint64_t avail = all_mask_ & ~s.removed;
    if (rows_) return rows_->playable(s, avail);
    uint64_t p = 0;
    const uint64_t drawn = drawn_mask(s);
    const uint64_t stock = avail & stock_mask_ & ~drawn;
    if (v.stock_top_playable && stock) p |= stock & (~stock + 1);
    const uint64_t waste = avail & drawn;
    auto tops = [&](uint64_t w) {
        for (int k = 0; k < v.waste_playable && w; ++k) {
            const int h = highest(w);
            p |= bit(h);
            w &= ~bit(h);
        }
    };
    if (v.wastes == 1) tops(waste);
    for (int i = 0; v.wastes > 1 && i < v.wastes; ++i) tops(waste & waste_mask_[i]);
    return p;
}

bool Board::advance(State& s) const {
    if (!stock_empty(s)) {
        s = apply(s, SlotMove{SlotMove::Draw, 0, 0});
        return true;
    }
    if (can_redeal(s)) {
        s = apply(s, SlotMove{SlotMove::Redeal, 0, 0});
        return true;
    }
    return false;
}

bool Board::stock_empty(const State& s) const {
    if (rows_) return rows_->stock_empty(s);
    return (all_mask_ & ~s.removed & stock_mask_ & ~drawn_mask(s)) == 0;
}

bool Board::can_redeal(const State& s) const {
    if (deal_.variant.wastes == 0 || !stock_empty(s)) return false;
    if (passes_ != 0 && s.pass + 1 >= passes_) return false;
    if (rows_) return rows_->any_left(s);  // the stock is empty: all on the wastes
    return (all_mask_ & ~s.removed & drawn_mask(s)) != 0;
}

int Board::legal_moves(const State& s, SlotMove* out) const {
    const Variant& v = deal_.variant;
    const uint64_t p = playable(s);
    int n = 0;
    uint8_t list[64];
    int k = 0;
    for (uint64_t m = p; m; m &= m - 1) list[k++] = static_cast<uint8_t>(lowest(m));
    for (int i = 0; i < k; ++i)
        if (rank_[list[i]] == v.lone_rank) out[n++] = SlotMove{SlotMove::Single, list[i], 0};
    for (int i = 0; i < k; ++i)
        for (int j = i + 1; j < k; ++j)
            if (rank_[list[i]] + rank_[list[j]] == v.target) out[n++] = SlotMove{SlotMove::Pair, list[i], list[j]};
    for_each_overlap_pair(s.removed, p & fixed_mask_, [&](int cover, int covered) {
        out[n++] = SlotMove{SlotMove::Pair, static_cast<uint8_t>(cover), static_cast<uint8_t>(covered)};
    });
    if (!stock_empty(s)) out[n++] = SlotMove{SlotMove::Draw, 0, 0};
    if (can_redeal(s)) out[n++] = SlotMove{SlotMove::Redeal, 0, 0};
    return n;
}

State Board::apply_other(const State& s0, SlotMove m) const {
    const Variant& v = deal_.variant;
    State s = s0;
    if (rows_) return rows_->apply(s, m);
    switch (m.kind) {
        case SlotMove::Single: s.removed |= bit(m.a); break;
        case SlotMove::Pair: s.removed |= bit(m.a) | bit(m.b); break;
        case SlotMove::Draw:
            if (v.wastes > 1) {
                s.pos = static_cast<uint8_t>(std::min(s.pos + v.wastes, n_ - f_));
            } else {
                uint64_t stock = all_mask_ & ~s.removed & stock_mask_ & ~drawn_mask(s);
                for (int k = 0; k < v.draw && stock; ++k) {
                    s.pos = static_cast<uint8_t>(lowest(stock) - f_ + 1);
                    stock &= stock - 1;
                }
            }
            break;
        case SlotMove::Redeal:
            s.pos = 0;
            ++s.pass;
            break;
    }
    return canonical(s);
}

Move Board::to_move(SlotMove m) const {
    switch (m.kind) {
        case SlotMove::Draw: return Move::draw();
        case SlotMove::Redeal: return Move::redeal();
        case SlotMove::Single: return Move::single(card(m.a));
        case SlotMove::Pair: return Move::pair(card(m.a), card(m.b));
    }
    return Move::draw();
}

std::optional<State> Board::play(const std::vector<Move>& moves, std::string* error) const {
    // The verifier judges legality (and words the reason); the packed rules
    // follow it, and must agree.
    const Replay r = replay(deal_, moves, AfterGoal::PlayOn);
    State s = initial();
    for (size_t i = 0; i < r.played; ++i) {
        const auto m = from_move(s, moves[i]);
        if (!m)
            throw InternalError(move_label(i, moves[i], deal_.deck()) +
                                ": the verifier allows it but the packed rules do not");
        s = apply(s, *m);
    }
    if (r.error) {
        if (error) *error = *r.error;
        return std::nullopt;
    }
    return s;
}

std::optional<SlotMove> Board::from_move(const State& s, const Move& m) const {
    SlotMove buf[kMaxMoves];
    const int n = legal_moves(s, buf);
    for (int i = 0; i < n; ++i)
        if (to_move(buf[i]) == m) return buf[i];
    return std::nullopt;
}

}  // namespace pyr
