// The exact no-peek optimum: an expectimax over information states
// (optimal_nopeek.h says what it computes and which cuts it makes; why each
// cut is sound is argued where it is made, below).
//
// It runs on the shared core, depth_first(space, goal) (depth_first.h): the
// space (ChanceSpace) keeps a stack of frames, one per position or chance
// node whose value waits on its children's, and folds each value into its
// parent as it becomes known (a maximum at a decision frame, the weighted
// sum over the ranks not seen at a chance frame); the goal (OptimumGoal) is
// never reached and holds the cuts (Ballard's Star1, Star2 with the memo as
// the probe). The loop is depth_first's as it is: the budget counts each
// position expanded, once. The other shared parts are used as they are: the
// packed rules and legal moves (engine/board.h), the forced moves (prune.h
// forced_move), the free-stock relaxation (free_stock.h), the verdict solver
// for the leaves (solver.h) and the budget (SearchBudget, search_util.h: the
// same max_states / stop contract as every search).
#include "solver/optimal_nopeek.h"

#include <algorithm>
#include <bit>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <iterator>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <thread>

#include <boost/unordered/unordered_flat_map.hpp>

#include "engine/table.h"
#include "solver/depth_first.h"
#include "solver/free_stock.h"
#include "solver/huge_pages.h"
#include "solver/leaf_pack.h"
#include "solver/nopeek.h"
#include "solver/prune.h"
#include "solver/reveal_bound.h"
#include "solver/rule_traits.h"
#include "solver/search_util.h"
#include "solver/word_hash.h"

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

// A map that may forget (a memo table's only liberty): with a cap, at most
// cap entries, in two generations; when the newer holds half the cap, the
// older is dropped and the newer takes its place. A hit in the older is
// moved into the newer, so what the search keeps asking for stays.
template <class K, class V, class H>
class Generations {
public:
    void set_cap(size_t cap) { cap_ = cap; }
    size_t size() const { return cur_.size() + old_.size(); }
    uint64_t forgotten() const { return forgotten_; }
    std::optional<V> find(const K& k) {
        if (const auto it = cur_.find(k); it != cur_.end()) return it->second;
        if (old_.empty()) return std::nullopt;
        const auto it = old_.find(k);
        if (it == old_.end()) return std::nullopt;
        const V v = it->second;
        old_.erase(it);  // (moved, not forgotten)
        put(k, v);
        return v;
    }
    // find without moving an older entry (for a memo read by several
    // threads at once, none writing).
    std::optional<V> peek(const K& k) const {
        if (const auto it = cur_.find(k); it != cur_.end()) return it->second;
        if (const auto it = old_.find(k); it != old_.end()) return it->second;
        return std::nullopt;
    }
    void put(const K& k, const V& v) {
        if (cap_ && cur_.size() >= std::max<size_t>(cap_ / 2, 1) && !cur_.contains(k)) {
            forgotten_ += old_.size();
            old_ = std::move(cur_);
            cur_ = Map{};
        }
        cur_[k] = v;
    }

private:
    using Map = boost::unordered_flat_map<K, V, H, std::equal_to<K>, HugeAllocator<std::pair<const K, V>>>;
    Map cur_, old_;
    size_t cap_ = 0;
    uint64_t forgotten_ = 0;
};

// A leaf game's key (ChanceSpace::leaf_key): the wide form, whose hash
// places it in the leaf cache, and, where the search's games fit
// (leaf_pack.h), the packed form the cache's narrow entries hold.
struct LeafKey {
    LeafWide wide;
    LeafPack::Narrow narrow;
    uint64_t& rank_word(int place) { return place < 16 ? wide.ranks_lo : wide.ranks_hi; }
    static int rank_shift(int place) { return 4 * (place % 16); }
};

// The leaf cache (ChanceSpace::leaf_verdict): a game's key -> won, in a table
// of buckets of four entries, the newest first; a fifth pushes the oldest out
// (a memo table's only liberty: it forgets; a hit is always the key's own
// verdict, the whole key is compared). An entry is the packed key, 16 bytes
// (a bucket one cache line), where every key of the search fits 128 bits
// (leaf_pack.h: one to one, no hashing into fewer bits), else the wide key,
// 32 bytes (two lines); one table or the other for the whole search, so the
// two forms never meet. Either way a key's bucket is chosen by the wide
// key's hash, so the two tables hold the same keys in the same buckets and
// forget the same ones. A lookup reads one bucket: the two generations of
// flat maps it replaces read two tables on a miss and moved the older's hits
// (perf, k = 9: 14% of the time in their lookups and inserts). The table
// starts at 1,024 buckets and doubles when half full, up to the cap
// (OptimalOptions::leaf_cache_entries, rounded down to whole buckets, a
// power of two of them, at least one). It grows in place, inside a region of
// the cap's size reserved at the start (ZeroedRegion: its pages are paid
// for, zeroed once, as the table reaches them): a bucket's entries go to the
// two buckets it splits into (the next bit of the hash: 2i, 2i + 1), filled
// from the last bucket down, so each is read before it is written over.
class LeafCache {
public:
    // `pack`: the search's packing, where its keys fit (narrow entries).
    void set_cap(size_t cap, const std::optional<LeafPack>& pack) {
        configured_ = true;
        cap_buckets_ = 1;
        while (cap_buckets_ * 2 * kWays <= cap) cap_buckets_ *= 2;
        enabled_ = cap > 0;
        if (!enabled_) return;
        narrow_ = pack.has_value();
        if (narrow_) pack_ = *pack;
        region_ = ZeroedRegion(cap_buckets_ * (narrow_ ? sizeof(NarrowBucket) : sizeof(WideBucket)));
        n_ = std::min<size_t>(cap_buckets_, 1024);
        shift_ = 64 - std::countr_zero(n_);
        used_ = 0;
    }
    // Whether keys need their packed form (LeafKey::narrow).
    bool narrow() const { return enabled_ && narrow_; }
    bool configured() const { return configured_; }
    const LeafPack& pack() const { return pack_; }
    [[gnu::always_inline]] std::optional<bool> find(const LeafKey& k) const {
        if (!enabled_) return std::nullopt;
        return narrow_ ? find_in(narrow_buckets()[index(k.wide)], k) : find_in(wide_buckets()[index(k.wide)], k);
    }
    // The key's bucket fetched ahead of its find: a hint, nothing read.
    // (Always inlined: GCC 12 drops calls to a function holding only
    // prefetches, probe_table.h says.)
    [[gnu::always_inline]] void prefetch(const LeafKey& k) const {
        if (!enabled_) return;
        if (narrow_) return __builtin_prefetch(&narrow_buckets()[index(k.wide)]);
        const char* p = reinterpret_cast<const char*>(&wide_buckets()[index(k.wide)]);
        __builtin_prefetch(p);
        __builtin_prefetch(p + 64);
    }
    void put(const LeafKey& k, bool won) {
        if (!enabled_) return;
        if (narrow_) return put_in(narrow_buckets(), k, won);
        put_in(wide_buckets(), k, won);
    }

private:
    static constexpr size_t kWays = 4;
    // A wide entry: the key's words; `left` (the pass, the drawn count and
    // the stock's length: 24 bits) also holds kUsed and kWon.
    static constexpr uint64_t kUsed = uint64_t{1} << 63, kWon = uint64_t{1} << 62;
    struct WideEntry {
        LeafWide key;
        bool used() const { return key.left & kUsed; }
        bool won() const { return key.left & kWon; }
        bool same(const LeafKey& k) const {
            return (key.left & ~kWon) == (k.wide.left | kUsed) && key.fixed == k.wide.fixed &&
                   key.ranks_lo == k.wide.ranks_lo && key.ranks_hi == k.wide.ranks_hi;
        }
    };
    // A narrow entry: the packed key, its bit 0 (0 in every key) won. No key
    // packs to 0 (leaf_pack.h: drawn + 1), the empty entry.
    struct NarrowEntry {
        LeafPack::Narrow key;
        bool used() const { return (key.lo | key.hi) != 0; }
        bool won() const { return key.lo & 1; }
        bool same(const LeafKey& k) const { return (key.lo & ~uint64_t{1}) == k.narrow.lo && key.hi == k.narrow.hi; }
    };
    static_assert(sizeof(WideEntry) == 32 && sizeof(NarrowEntry) == 16);
    struct alignas(64) WideBucket {
        WideEntry way[kWays];
    };
    struct alignas(64) NarrowBucket {
        NarrowEntry way[kWays];
    };
    static_assert(sizeof(NarrowBucket) == 64 && sizeof(WideBucket) == 128, "a narrow bucket is one cache line");
    WideEntry entry(const LeafKey& k, bool won, const WideBucket*) const {
        LeafWide w = k.wide;
        w.left |= kUsed | (won ? kWon : 0);
        return WideEntry{w};
    }
    NarrowEntry entry(const LeafKey& k, bool won, const NarrowBucket*) const {
        return NarrowEntry{LeafPack::Narrow{k.narrow.lo | (won ? 1 : 0), k.narrow.hi}};
    }
    // The wide key of an entry (to place it again when the table grows).
    LeafWide wide_of(const WideEntry& e) const {
        LeafWide w = e.key;
        w.left &= ~(kUsed | kWon);
        return w;
    }
    LeafWide wide_of(const NarrowEntry& e) const { return pack_.unpack(e.key); }

    WideBucket* wide_buckets() const { return static_cast<WideBucket*>(region_.data()); }
    NarrowBucket* narrow_buckets() const { return static_cast<NarrowBucket*>(region_.data()); }
    template <class Bucket>
    static std::optional<bool> find_in(const Bucket& b, const LeafKey& k) {
        for (const auto& e : b.way)
            if (e.same(k)) return e.won();
        return std::nullopt;
    }
    // (The same hash and bucket index as before the narrow entries: the
    // cache's hits are what they were.)
    static uint64_t hash(const LeafWide& k) {
        uint64_t h = k.fixed * 0x9E3779B97F4A7C15ull ^ (k.ranks_lo + 0x632BE59BD9B4E019ull);
        h ^= h >> 29;
        h = (h ^ k.left) * 0x94D049BB133111EBull;
        h ^= h >> 31;
        h = (h ^ k.ranks_hi) * 0xBF58476D1CE4E5B9ull;
        return h ^ (h >> 32);
    }
    size_t index(const LeafWide& k) const {
        return shift_ >= 64 ? 0 : static_cast<size_t>(hash(k) * 0x9E3779B97F4A7C15ull >> shift_);
    }
    template <class Bucket>
    void put_in(Bucket* buckets, const LeafKey& k, bool won) {
        if (used_ >= n_ * kWays / 2 && n_ < cap_buckets_) grow(buckets);
        const auto e = entry(k, won, buckets);
        Bucket& b = buckets[index(k.wide)];
        for (auto& x : b.way)
            if (x.same(k)) return void(x = e);
        if (!b.way[kWays - 1].used()) ++used_;  // (else the oldest is forgotten)
        for (size_t w = kWays - 1; w > 0; --w) b.way[w] = b.way[w - 1];
        b.way[0] = e;
    }
    // Doubles the table in place: bucket i's entries, oldest first, into 2i
    // and 2i + 1 (the same buckets, in the same order, as inserting every
    // entry afresh). Buckets 2i and 2i + 1 are past i, so already read (or,
    // from n_ on, never used: zero).
    template <class Bucket>
    void grow(Bucket* buckets) {
        shift_ = 64 - std::countr_zero(n_ * 2);
        for (size_t i = n_; i-- > 0;) {
            const Bucket old = buckets[i];
            buckets[2 * i] = buckets[2 * i + 1] = Bucket{};
            for (size_t w = kWays; w-- > 0;)
                if (const auto& e = old.way[w]; e.used()) {
                    Bucket& b = buckets[index(wide_of(e))];
                    for (size_t x = kWays - 1; x > 0; --x) b.way[x] = b.way[x - 1];
                    b.way[0] = e;
                }
        }
        n_ *= 2;
    }
    ZeroedRegion region_;  // the cap's buckets, reserved at once; the first n_ in use
    LeafPack pack_;
    size_t n_ = 0, cap_buckets_ = 1, used_ = 0;
    int shift_ = 64;
    bool enabled_ = false, narrow_ = false, configured_ = false;
};

// The memo of the optimum: exact (every entry is the whole information
// state's key, so a hit is never another state's), never forgetting. Where
// it fits, an entry is 32 bytes instead of 64: the key's ranks and rank
// counts as one mixed-radix number (each hidden slot's rank, 0 when not in
// play, among the ranks not seen at the start; each rank's count, at most its
// count at the start), and the bounds in 64 bits (every count is at most the
// start's orders, unit(m), which fits), or in 32 where unit(m) fits them (24
// bytes an entry: up to 12 cards not seen). Otherwise the wide map (more cards not
// seen: about 14 and up). With a cap (OptimalOptions::memo_entries) it
// forgets (Generations): never a false hit, only a search again.
class Memo {
public:
    // Before the first entry: the start's rank counts (left[1..15]), its
    // number of hidden slots and its orders (the largest count).
    void configure(const int left[16], int slots, Count all, size_t cap) {
        narrow_map_.set_cap(cap);
        small_map_.set_cap(cap);
        wide_.set_cap(cap);
        narrow_ = small_ = false;
        if (all > Count{~uint64_t{0}}) return;
        int d = 0;
        for (int r = 0; r < 16; ++r) digit_[r] = left[r] > 0 && r > 0 ? ++d : 0;
        slot_base_ = static_cast<uint64_t>(d) + 1;
        slots_ = slots;
        Count codes = 1;
        const Count limit = Count{~uint64_t{0}};
        for (int j = 0; j < slots; ++j)
            if ((codes *= slot_base_) > limit) return;
        for (int r = 1; r < 16; ++r)
            if (left[r] > 0 && (codes *= static_cast<Count>(left[r] + 1)) > limit) return;
        for (int r = 0; r < 16; ++r) left_base_[r] = static_cast<uint64_t>(left[r]) + 1;
        narrow_ = true;
        small_ = all <= Count{~uint32_t{0}};
    }
    bool narrow() const { return narrow_; }
    size_t size() const { return small_ ? small_map_.size() : narrow_ ? narrow_map_.size() : wide_.size(); }
    bool empty() const { return size() == 0; }
    uint64_t forgotten() const {
        return small_ ? small_map_.forgotten() : narrow_ ? narrow_map_.forgotten() : wide_.forgotten();
    }
    std::optional<Bounds> find(const Key& k) {
        if (!narrow_) return wide_.find(k);
        return small_ ? bounds(small_map_.find(NKey{k.state, code(k)}))
                      : bounds(narrow_map_.find(NKey{k.state, code(k)}));
    }
    std::optional<Bounds> peek(const Key& k) const {
        if (!narrow_) return wide_.peek(k);
        return small_ ? bounds(small_map_.peek(NKey{k.state, code(k)}))
                      : bounds(narrow_map_.peek(NKey{k.state, code(k)}));
    }
    void put(const Key& k, Bounds v) {
        if (!narrow_) return wide_.put(k, v);
        if (!small_)
            return narrow_map_.put(NKey{k.state, code(k)},
                                   NBounds{static_cast<uint64_t>(v.lo), static_cast<uint64_t>(v.hi)});
        if (v.hi > Count{~uint32_t{0}}) throw InternalError("optimal: a memo bound past the start's orders");
        small_map_.put(NKey{k.state, code(k)}, SBounds{static_cast<uint32_t>(v.lo), static_cast<uint32_t>(v.hi)});
    }

private:
    // The mixed-radix number of the key's ranks (4 bits a hidden slot) and
    // rank counts (4 bits a rank): one to one on the keys of one search.
    uint64_t code(const Key& k) const {
        uint64_t c = 0;
        for (int j = 0; j < slots_; ++j) {
            const uint64_t w = j < 16 ? k.ranks_lo : k.ranks_hi;
            c = c * slot_base_ + static_cast<uint64_t>(digit_[w >> (j % 16) * 4 & 15]);
        }
        for (int r = 1; r < 16; ++r)
            if (left_base_[r] > 1) c = c * left_base_[r] + (k.left >> 4 * (r - 1) & 15);
        return c;
    }
    // The position's 64 bits and code()'s number.
    using NKey = WordPair<0x94D049BB133111EBull>;
    using NKeyHash = WordPairHash<0x94D049BB133111EBull>;
    struct NBounds {
        uint64_t lo, hi;
    };
    // Where the start's orders fit 32 bits (up to 12 cards not seen, 12! <
    // 2^32), every bound does (none is past them): 24 bytes an entry, not
    // 32, so the table's memory (and the kernel's zeroing of its fresh
    // pages) is a quarter less.
    struct SBounds {
        uint32_t lo, hi;
    };
    template <class B>
    static std::optional<Bounds> bounds(const std::optional<B>& v) {
        if (!v) return std::nullopt;
        return Bounds{v->lo, v->hi};
    }
    bool narrow_ = false, small_ = false;
    int slots_ = 0;
    int digit_[16] = {};
    uint64_t slot_base_ = 1, left_base_[16] = {};
    Generations<NKey, NBounds, NKeyHash> narrow_map_;
    Generations<NKey, SBounds, NKeyHash> small_map_;
    Generations<Key, Bounds, KeyHash> wide_;
};
static_assert(sizeof(Key) == 32);

// The goal of the optimum on depth_first: never reached (every position is
// valued, none ends the search), and the cuts, which are Ballard's for
// expectimax. Every cut is made before a position is counted (in the
// space's arrive and next), so the budget counts the expansions the search
// makes and nothing is left for the loop's cut after the tick.
struct OptimumGoal {
    static constexpr bool done() { return false; }
    template <class Space>
    static constexpr bool reached(const Space&, const DfsNode&) {
        return false;
    }
    static constexpr bool open(const DfsNode&, SearchBudget&) { return true; }
    static constexpr bool capped() { return false; }
    static constexpr bool cut(const DfsNode&) { return false; }
    // Star1: a position or chance frame whose bound from above is at most
    // alpha (what its parent already has, in its terms) cannot change the
    // parent's choice: its bound stands for its value.
    static bool beaten(Count hi, Count alpha) { return hi <= alpha; }
    // A maximum is decided once a move reaches a bound from above on it
    // (every order, or a proven smaller one).
    static bool decided(Count lo, Count cap) { return lo >= cap; }
};

// The memo and stack of the optimum (depth_first's Space): a stack of frames,
// each a node whose value waits on its children's:
//   - the root: every legal move of the start, each valued and kept (none cut);
//   - a decision frame: a position with more than one card not seen, its
//     value the maximum over its moves;
//   - a chance frame: the position a move reached, which turned up the hidden
//     slot j: the sum over the ranks left, each weighted by its cards not
//     seen, of the value with a card of that rank in slot j (the child is the
//     next chance frame when the move turned up more than one slot).
// next() closes finished frames (a decision frame stores its value in the
// memo) and folds their values into the parent before handing out the next
// child position; arrive() folds a position whose value is known at once
// (won, the memo, the verdict of a known order, the free-stock relaxation,
// the clairvoyant bound) and returns false; push() opens a position's frame.
// The cards turned up in a chance frame's child are put in place (deal_, the
// rank counts) when the child is handed out and taken back when its value is
// folded. After a stop the children not searched count [0, 1] (won ones 1):
// stop() closes the open frames so.
class ChanceSpace {
public:
    // (`verdicts`: a leaf cache of searches of the same start to share,
    // set up by the caller: the parallel split's worker's, kept across its
    // tasks; else the space's own.)
    ChanceSpace(Solver& solver, const Deal& work, std::vector<int> hidden, const OptimalOptions& o,
                LeafCache* verdicts = nullptr)
        : solver_(solver),
          deal_(work),
          hidden_(std::move(hidden)),
          budget_(budget_options_),
          verdicts_(verdicts ? *verdicts : own_verdicts_) {
        budget_options_.limits.max_states = o.limits.max_states;
        budget_options_.limits.stop = o.limits.stop;
        budget_options_.limits.progress_shift = 16;
        leaf_options_.limits.max_states = o.leaf_max_states;
        leaf_options_.limits.max_memory = o.limits.max_memory;
        leaf_options_.limits.stop = o.limits.stop;
        leaf_options_.rows_free_stock = false;  // (checked first with the kept table: arrive)
        leaf_options_.verdict_only = true;      // (only the verdict is read: leaf_verdict)
        // (The dead-card check at each leaf game's start alone: the games
        // are a few positions, where checking after every move cost more
        // than the positions it cut; the same verdicts. bench/nopeek-optimal.md.)
        leaf_options_.dead_cards = SolveOptions::DeadCards::Start;
        memo_cap_ = static_cast<size_t>(o.memo_entries);
        symmetry_ = o.rank_symmetry;
        clairvoyant_at_ = o.clairvoyant_at;
        probe_at_ = o.probe_at;
        pile_applies_ = o.waste_pile;
        relax_probe_ = o.relax_probe;
        pile_top_ = o.pile_top;
        for (int i = 0; i <= kMaxHidden; ++i) fact_[i] = factorial(i);
        m_ = root_m_ = static_cast<int>(hidden_.size());
        for (int slot : hidden_) ++left_[deal_.cards[slot].rank];
        for (int r = 1; r < 16; ++r) {
            if (left_[r] > 15) throw std::invalid_argument("more than 15 cards of one rank not seen");
            left_key_ += uint64_t(left_[r]) << 4 * (r - 1);
        }
        boards_.push_back(std::make_shared<const Board>(deal_));
        order_deal_ = deal_;
        traits_.emplace(*boards_[0]);
        frames_.reserve(256);
        // The leaf cache keys a position by its game, suit-blind, where the
        // verdict search's own memo does (the walk, not the row redeal:
        // Board::suit_blind says why two such positions are the same game).
        leaf_keyed_ = o.leaf_cache_entries > 0 && leaf_options_.suit_blind &&
                      Solver::method_for(*boards_[0]) == Solver::Method::Walk && !boards_[0]->rows_redeal();
        // Its entries packed in 16 bytes where every key fits (leaf_pack.h).
        // (A cache shared with the split's other tasks on this worker, all
        // of the same start, is set up by the first: the same cap and
        // packing for each.)
        if (!verdicts || !verdicts->configured())
            verdicts_.set_cap(static_cast<size_t>(o.leaf_cache_entries),
                              o.leaf_cache_packed
                                  ? LeafPack::fit(boards_[0]->fixed(), std::popcount(boards_[0]->stock_mask()),
                                                  deck_ranks(deal_.deck()), boards_[0]->passes())
                                  : std::nullopt);
        // The rank classes (see free_classes): {r, target - r}, two ranks
        // that pair with each other and with no other rank, neither the lone
        // rank. A rank with no partner, the lone rank and a rank that pairs
        // with itself are in none.
        const Variant& v = deal_.variant;
        const int ranks = deck_ranks(deal_.deck());
        uint64_t hidden_slots = 0;
        for (int slot : hidden_) hidden_slots |= uint64_t{1} << slot;
        for (int r = 1; r <= ranks; ++r) {
            const int p = v.target - r;
            if (r >= p || p > ranks || r == v.lone_rank || p == v.lone_rank) continue;
            const int c = classes_++;
            class_rank_[c][0] = r;
            class_rank_[c][1] = p;
            class_of_[r] = class_of_[p] = c;
            class_slots_[c] = (boards_[0]->rank_mask(r) | boards_[0]->rank_mask(p)) & ~hidden_slots;
            class_cap_[c] = std::min(left_[r], left_[p]);
        }
        for (int c = 0; c < classes_; ++c) class_order_[c] = c;
        std::stable_sort(class_order_, class_order_ + classes_,
                         [&](int x, int y) { return class_cap_[x] > class_cap_[y]; });
    }

    const Board& root_board() const { return *boards_[0]; }
    Count all() const { return unit(m_); }
    SearchBudget& budget() { return budget_; }
    bool stopped() const { return stopped_; }
    bool interrupted() const { return interrupted_; }
    uint64_t leaf_solves = 0, leaf_states = 0, leaf_cached = 0, symmetric = 0, probes = 0;
    uint64_t pile_checks = 0, pile_losses = 0;  // (pile_lost: asked, and lost)
    size_t memo_size() const { return memo_.size(); }
    uint64_t memo_forgotten() const { return memo_.forgotten(); }
    // The start's moves (before the search), and after it their values and
    // the start's (the maximum).
    void set_root_moves(std::vector<SlotMove> moves) { root_moves_ = std::move(moves); }
    const std::vector<Bounds>& root_children() const { return root_children_; }
    Bounds root_value() const { return root_value_; }

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

    // Each chance child's weight at t (the cards turned up there dealt from
    // the ranks left): the cards not seen of its rank, or, for the ranks of
    // free classes (seen_classes) that the rank symmetry maps to each other
    // at t (canonical_left: a rank r of a free class with left_[r] cards not
    // seen and left_[partner] of its partner maps to every such rank with
    // the same two counts, the classes permuted and turned round as needed),
    // one child for all of them, the lowest rank, weighted by all their
    // cards: they are worth the same. Returns the children so merged.
    uint64_t chance_weights(const State& t, int* w) const {
        uint64_t merged = 0;
        for (int r = 0; r < 16; ++r) w[r] = left_[r];
        if (!reveal_ && symmetry_ && classes_) {
            const uint32_t seen = seen_classes(t);
            for (int r = 1; r < 16; ++r) {
                const int c = class_of_[r];
                if (c < 0 || (seen >> c & 1) || !w[r]) continue;
                const int p = class_rank_[c][0] + class_rank_[c][1] - r;
                for (int q = r + 1; q < 16; ++q) {
                    const int d = class_of_[q];
                    if (d < 0 || (seen >> d & 1) || left_[q] != left_[r] || !w[q]) continue;
                    if (left_[class_rank_[d][0] + class_rank_[d][1] - q] != left_[p]) continue;
                    w[r] += w[q];
                    w[q] = 0;
                    ++merged;
                }
            }
        }
        return merged;
    }
    // A task of the parallel split (run_split below): every chance
    // frame of the top layer (the positions with as many cards not seen as
    // the start: reached from it without turning up a card) deals rank r
    // alone (its weight chance_weights' w[r], 0 where merged into a lower
    // rank), and the top layer has no alpha (Star1 cuts nothing there) and
    // its own memo (top_memo_: its values are those of the first card turned
    // up being r, not the positions'), so every child a first turn-up of r
    // reaches from a top position the search meets is searched with no
    // alpha: its value, and those of the positions below it, go to memo_,
    // the true values (or proven bounds), for the final search to take
    // (take_memo, set_bases).
    void set_first_rank(int r) { first_rank_ = r; }
    // The memo (the positions below the top layer in a task), moved out.
    Memo take_memo() { return std::move(memo_); }
    // Memos of other searches of the same start (the parallel split's tasks
    // before this one), read in this order where the space's own has nothing
    // (proven bounds of the same information states; never written, so
    // several threads read them at once).
    void set_bases(std::vector<const Memo*> bases) { bases_ = std::move(bases); }

    // --- depth_first's Space ---
    DfsNode root(const State& start) {
        if (memo_.empty()) memo_.configure(left_, m_, unit(m_), memo_cap_);
        if (first_rank_ && top_memo_.empty()) top_memo_.configure(left_, m_, unit(m_), memo_cap_);
        depth_ = 0;
        root_children_.clear();
        root_value_ = {};
        return DfsNode{start};
    }

    // The next child position of the innermost frame that has one, depth
    // first; frames done on the way are closed and folded. False when the
    // root is done.
    bool next(DfsNode& n) {
        while (depth_) {
            Frame& f = frames_[depth_ - 1];
            if (f.kind != Frame::Chance) {
                // (A decision frame is decided once a move reaches its bound
                // from above, the memo's or the clairvoyant count: no move can
                // beat it, and its value is that bound.)
                const Count cap = f.kind == Frame::Decision ? f.known.hi : unit(m_);
                if (f.i == f.n || ((f.kind == Frame::Decision || reveal_) && OptimumGoal::decided(f.v.lo, cap))) {
                    close();
                    continue;
                }
                // The value of move i: a chance frame over the cards it turns
                // up, or the position it reaches. Its alpha (orders out of
                // m!): a value at most alpha may come back as a bound at most
                // alpha (Star1): the frame has something as good. None at the
                // root, where every move's value is shown (but for U_d, where
                // only the root's value is asked: its root is a maximum like
                // any other, and a move worth every order ends it too).
                const Board& b = *boards_[level_];
                const SlotMove m = f.moves[f.i++];
                // (A task of the split, set_first_rank: none in the top layer,
                // where every child is valued exactly for the final search.)
                const Count alpha = (f.kind == Frame::Root && !reveal_) || top() ? 0 : std::max(f.alpha, f.v.lo);
                const State t = b.apply(f.s, m);
                if (const uint64_t nw = newly(b, t)) {
                    if (stopped_) fold({0, unit(m_)});
                    else open_chance(t, nw, alpha);
                    continue;
                }
                n.state = t;
                n.move = m;
                alpha_ = alpha;
                return true;
            }
            // A chance frame: the next rank left, the lowest first (but see
            // below), unless the rest cannot lift the sum above alpha (each
            // child at most its bound: Star1).
            // (Where the children were probed, the one of least weight times
            // probed gap first: exact ones, then the light and tight ones.
            // The order is free: the sum is the same, and Star1 reads only
            // the bounds of the children left; measured, bench/nopeek-optimal.md.)
            // (After a stop, the ranks not handed out yet, the lowest first.)
            int r = 16;
            if (f.ordered) {
                Count best = 0;
                for (int q = 1; q < 16; ++q)
                    if (f.w[q] && !(f.done >> q & 1)) {
                        const Count gap = static_cast<Count>(f.w[q]) * (f.child_hi[q] - f.child_lo[q]);
                        if (r == 16 || (!stopped_ && gap < best)) {
                            r = q;
                            best = gap;
                        }
                    }
            } else {
                r = f.r + 1;
                while (r < 16 && !f.w[r]) ++r;
            }
            if (r < 16) f.done |= uint16_t(1u << r);
            if (r == 16 || OptimumGoal::beaten(f.v.hi, f.alpha)) {
                close();
                continue;
            }
            const Count c = static_cast<Count>(f.w[r]);
            // The child must exceed (alpha - the others at their bounds) / c to matter.
            f.r = r;
            f.c = c;
            f.others = f.v.hi - c * f.child_hi[r];
            const Count child_alpha = f.alpha > f.others ? (f.alpha - f.others) / c : 0;
            // A card of rank r among the slots not turned up goes to the slot
            // (the rest keep the others: their order is never read).
            const int slot = hidden_[f.j];
            // (U_d: the first card of rank r in the rest's order, that card
            // itself: its sampled leaves read which cards are left.)
            if (reveal_) {
                int i = 0;
                while (!(reveal_in_ >> i & 1) || reveal_rest_[i].rank != r) ++i;
                f.ri = i;
            }
            int from = -1;
            for (size_t i = 0; i < hidden_.size(); ++i)
                if (!(rmask_ >> i & 1) && deal_.cards[hidden_[i]].rank == r &&
                    (!reveal_ || deal_.cards[hidden_[i]] == reveal_rest_[f.ri])) {
                    from = hidden_[i];
                    if (from == slot) break;
                }
            if (from < 0) throw InternalError("optimal: a rank left has no card among the slots not turned up");
            f.from = from;
            std::swap(deal_.cards[slot], deal_.cards[from]);
            ++level_;
            built_.resize(std::max<size_t>(built_.size(), level_ + 1));
            built_[level_] = false;  // (built when a position needs it: board())
            rmask_ |= uint64_t{1} << f.j;
            set_rank(f.j, r);
            --left_[r];
            left_key_ -= uint64_t{1} << 4 * (r - 1);
            --m_;
            if (reveal_) reveal_in_ &= ~(uint64_t{1} << f.ri);
            // (U_d: once d cards are turned up, the slots this move turned up
            // besides stay with the rest: the position is a leaf.)
            if (const uint64_t rest = f.nw & ~(uint64_t{1} << f.j); rest && !at_leaf()) {
                if (stopped_) fold({0, unit(m_)});
                else open_chance(f.s, rest, child_alpha);
                continue;
            }
            n.state = f.s;
            n.move = {};
            alpha_ = child_alpha;
            return true;
        }
        return false;
    }

    // A decision position (the start: nothing to do). False when its value
    // or a bound that stands for it is known at once (folded into its
    // frame); true leaves its memo bounds for push.
    bool arrive(const DfsNode& n) {
        if (!depth_) return true;
        // (Whether won and the memo key do not depend on the cards: the root
        // board answers them; the current one is built only past the memo.)
        const Count all = unit(m_);
        const State& s = n.state;
        Memo& memo = memo_at();
        if (boards_[0]->won(s)) return fold({all, all});
        if (stopped_) return fold({0, all});
        const Key k = key(*boards_[0], s);
        Bounds known{0, all};
        if (const auto hit = recall(memo, k)) {
            known = *hit;
            if (known.lo == known.hi || OptimumGoal::beaten(known.hi, alpha_)) return fold(known);
        }
        // At most one card not seen, a game the leaf cache knows: its verdict
        // (below), before a board is built or the relaxation asked (deal_
        // holds the order: the one card not turned up is the one left).
        LeafKey leaf{};
        bool leaf_missed = false;
        if (m_ <= 1 && !reveal_ && leaf_key(s, deal_.cards.data(), leaf)) {
            if (const auto hit = verdicts_.find(leaf)) {
                ++leaf_cached;
                const Count v = *hit ? all : 0;
                memo.put(k, {v, v});
                return fold({v, v});
            }
            leaf_missed = true;
        }
        const Board& b = board();
        // U_d: d cards turned up (or at most one not seen): the stock is seen,
        // the value is the leaf's clairvoyant share; 0 where the free-stock
        // relaxation proves it lost in every order.
        if (at_leaf()) {
            if (relax_.solve_any_stock(b, s, 200'000) == FreeStockRelaxation::Outcome::Lost) {
                memo.put(k, {0, 0});
                return fold({0, 0});
            }
            const Count v = share(s);
            if (stopped_) return fold({0, all});
            memo.put(k, {v, v});
            return fold({v, v});
        }
        // Lost in the free-stock relaxation: lost in every order (it sees only
        // the fixed cards and how many free cards of each rank are in play,
        // the same in every order). Its table is kept across the boards
        // (solve_any_stock), so the leaf solves below (the verdicts of known
        // orders, all at a position this check has passed) run without the
        // solver's own relaxation, which would start a fresh table on each
        // board (leaf_options_.rows_free_stock: the verdict is the same, the
        // relaxation only finds a loss sooner).
        if (known.hi == all && relax_.solve_any_stock(b, s, 200'000) == FreeStockRelaxation::Outcome::Lost) {
            memo.put(k, {0, 0});
            return fold({0, 0});
        }
        // Lost in the waste-pile relaxation (pile_lost): lost in every order
        // too. Asked where the free-stock one is not lost, at every position
        // with two or more cards not seen: above the counts it ends the
        // subtrees whose every count below it would find lost.
        if (m_ >= 2 && known.hi == all && pile_lost(b, s)) {
            memo.put(k, {0, 0});
            return fold({0, 0});
        }
        // At most one card not seen: the player knows the order (the last
        // card is the one left), so the value is the verdict.
        if (m_ <= 1) {
            const Verdict verdict = leaf_verdict(b, s, leaf_missed ? &leaf : nullptr);
            if (verdict == Verdict::Intractable) return fold({0, all});
            const Count v = verdict == Verdict::Win ? all : 0;
            memo.put(k, {v, v});
            return fold({v, v});
        }
        // With few cards not seen, the clairvoyant count (the orders in which
        // a player who sees them wins) bounds the value from above: no policy
        // wins an order no play wins. Every order solved: 0 ends it.
        // It bounds it from below too: a player who plays as if the cards
        // not seen came in a won order o (o's winning line, then anything
        // once a card turned up differs from o's) does not peek, and wins
        // every order with o's rank sequence (the same game: the rules read
        // ranks only), `same` orders. So one won sequence (every solve a
        // proven verdict) gives lo = same, and when it is the only one the
        // value is exact (at two cards not seen of two ranks: 1 won order of
        // 2 is the value 1/2, no search).
        if (m_ <= clairvoyant_at_ && known.hi == all) {
            const uint64_t unsure = leaf_intractable;
            Count same = 1;
            known.hi = clairvoyant_small(b, s, same) * scale_;
            if (!reveal_ && known.hi > 0 && leaf_intractable == unsure) known.lo = std::max(known.lo, same * scale_);
            if (known.hi == 0 || known.lo == known.hi || OptimumGoal::beaten(known.hi, alpha_)) {
                memo.put(k, known);
                return fold(known);
            }
        }
        known_ = known;
        key_ = k;
        return true;
    }

    // Opens the frame of the position arrive() let through: the root, or a
    // decision frame over its legal moves.
    void push(const DfsNode& n) {
        if (!depth_) {
            Frame& f = open(Frame::Root, n.state, 0);
            f.n = static_cast<int>(root_moves_.size());
            std::copy(root_moves_.begin(), root_moves_.end(), f.moves);
            return;
        }
        const Board& b = *boards_[level_];
        Frame& f = open(Frame::Decision, n.state, alpha_);
        f.known = known_;
        // (The maximum starts at the memo's lower bound: a move worth at most
        // that cannot raise it, so it is a bound for its children's Star1.)
        f.v.lo = known_.lo;
        f.key = key_;
        int count = b.legal_moves(n.state, f.moves);
        // Forced moves (prune.h forced_move, the verdict's policy): a playable
        // King whose removal is never worse, and a sole pair (a needed card
        // whose one usable partner is playable with it). Each argument there
        // is play by play: any play from s stays legal, move for move, with
        // the forced move made first and its later occurrence (or the draw
        // past the King) dropped; made first, it turns up at most the card a
        // draw would, sooner, so a policy that does not peek stays one that
        // does not peek. Whether a pair is sole counts the partners in play,
        // and the cards not seen are in play whatever their order.
        // (Not for U_d, whose old recursion tried every move: its sampled
        // leaves are estimates, and a forced move's proof is about values.)
        if (const int forced = reveal_ ? -1 : forced_move(b, *traits_, ForcedPolicy::win(), n.state, f.moves, count);
            forced >= 0) {
            f.moves[0] = f.moves[forced];
            count = 1;
        }
        f.n = count;
    }

    // After depth_first stopped on the budget (or the stop flag) at the
    // position it had just counted: that position counts its memo bounds,
    // and every open frame closes with its children not searched at [0, 1]
    // (won ones 1), as their bounds stand.
    void stop(bool interrupted) {
        stopped_ = true;
        interrupted_ = interrupted_ || interrupted;
        fold(known_);
        DfsNode n;
        while (next(n)) arrive(n);  // (stopped: every arrival folds at once)
    }

    // Lost in every order of the cards not turned up by the waste-pile
    // relaxation (free_stock.h: the waste as it lies, every stock card free),
    // asked at each position past the free-stock relaxation (arrive) and
    // before each probe's count: where it is lost a count would solve every
    // sequence to find each lost (bench/nopeek-optimal.md, 30 Nov, nopeek23:
    // 99% of the counts whose every sequence is lost at the hard positions,
    // and most of their leaf states), and above the counts the search would
    // value the subtree 0 the long way. (In the final pass with one waste.)
    // (The waste's ranks are the same in every order: a card not seen
    // reaches the waste only by being turned up, and optimal() refuses a
    // start with one there.)
    bool pile_lost(const Board& b, const State& s) {
        if (!pile_applies_) return false;
        ++pile_checks;
        if (pile_.solve_waste_pile(b, s, 100'000, pile_top_) != FreeStockRelaxation::Outcome::Lost) return false;
        ++pile_losses;
        return true;
    }

    // The orders of the cards not turned up in which s is won, by the solver
    // on each (an intractable one counts won: a bound from above).
    // One order's verdict by the solver that sees the stock, tallied: won, or
    // past the leaf budget (counted won, so a share stays an upper bound).
    bool order_won(const Deal& d, const State& s) { return order_won(Board(*boards_[0], d), s); }
    bool order_won(const Board& b, const State& s) {
        const Verdict v = leaf_verdict(b, s);
        leaf_intractable += v == Verdict::Intractable;
        return v != Verdict::Lose;
    }

    // The verdict of s on b, whose order is known: the leaf cache's, else the
    // solver's (a win or a loss is kept; an intractable one, past the leaf
    // budget or stopped, is not). The cache is keyed by the game (leaf_key),
    // so one verdict serves every position that is the same game: the same
    // fixed cards removed and stock ranks left, reached another way (other
    // stock cards removed, other cards turned up in the slots since removed),
    // and the orders of the clairvoyant count and the verdicts below them.
    // The key is exact (a hit is never another game's); the cache forgets
    // (LeafCache: a full bucket's oldest), never invents.
    // (`missed`: s's key, just looked up in vain.)
    Verdict leaf_verdict(const Board& b, const State& s, const LeafKey* missed = nullptr) {
        LeafKey k{};
        const bool keyed = missed ? (k = *missed, true) : leaf_key(s, b.deal().cards.data(), k);
        if (keyed && !missed)
            if (const auto hit = verdicts_.find(k)) {
                ++leaf_cached;
                return *hit ? Verdict::Win : Verdict::Lose;
            }
        const SolveResult r = solver_.solve(b, s, leaf_options_);
        ++leaf_solves;
        leaf_states += r.states;
        if (r.interrupted) interrupted_ = stopped_ = true;
        if (keyed && r.verdict != Verdict::Intractable) verdicts_.put(k, r.verdict == Verdict::Win);
        return r.verdict;
    }
    // The game of s with the cards `cards` (a deal's, slot by slot; the
    // geometry is the root board's) (leaf_keyed_), as Board::suit_blind sees it: the
    // fixed cards removed; the pass and how many of the stock cards left are
    // drawn (k: the boundary, as the walk's time counts it); how many stock
    // cards are left and their ranks in slot order, 4 bits each (ranks 1 to
    // 13) (LeafWide); and its packed form where the cache keeps those
    // (LeafCache::narrow). False where it does not apply or more than 32
    // stock cards are left.
    bool leaf_key(const State& s, const Card* cards, LeafKey& k) const {
        if (!leaf_keyed_) return false;
        const Board& b = *boards_[0];
        k.wide = LeafWide{s.removed & b.fixed_mask(), 0, 0, 0};
        uint8_t ranks[LeafPack::kMaxPlaces] = {};
        int n = 0;
        for (uint64_t q = b.stock_mask() & ~s.removed; q; q &= q - 1, ++n) {
            if (n == LeafPack::kMaxPlaces) return false;
            ranks[n] = cards[std::countr_zero(q)].rank;
            k.rank_word(n) |= uint64_t{ranks[n]} << LeafKey::rank_shift(n);
        }
        static_assert(kMaxSlots <= 255 && key_layout::kMaxFinitePasses <= 255, "pass, k and n take a byte each");
        const int drawn = b.drawn_left(s);
        k.wide.left = LeafWide::left_word(s.pass, drawn, n);
        if (verdicts_.narrow()) k.narrow = verdicts_.pack().pack(k.wide.fixed, ranks, n, drawn, s.pass);
        return true;
    }

    // The clairvoyant count with the few cards not turned up, without building
    // a board per order: the rules read ranks only, so an order is its ranks,
    // and the orders of one rank sequence are one game (the sequence counts
    // the product of its ranks' factorials). A sequence the leaf cache does
    // not know is solved on one board re-carded for it (order_board); `cur`
    // (board()) holds one of them already.
    Count clairvoyant_small(const Board& cur, const State& s, Count& same) {
        int js[kMaxHidden], n = 0;
        for (size_t i = 0; i < hidden_.size(); ++i)
            if (!(rmask_ >> i & 1)) js[n++] = static_cast<int>(i);
        Card cards[kMaxHidden];  // (no allocation: a count is made millions of times)
        for (int i = 0; i < n; ++i) cards[i] = cur.deal().cards[hidden_[js[i]]];
        const auto by_rank = [](const Card& x, const Card& y) { return x.rank < y.rank; };
        std::sort(cards, cards + n, by_rank);
        same = 1;  // the orders of each rank sequence
        for (int i = 0, run = 1; i < n; ++i, ++run) {
            if (i && cards[i].rank != cards[i - 1].rank) run = 1;
            same *= static_cast<Count>(run);
        }
        // The leaf cache's keys of the first kAhead sequences, their buckets
        // fetched before the first is read: each lookup is likely a miss to
        // memory, and these overlap instead of coming one by one (perf, k =
        // 10: 70% of this function's time was the first load of a bucket).
        // Only the first kWindow are fetched at once, each later one kWindow
        // sequences ahead of its lookup: fetched all at once (48 lines), a
        // third of this function's samples sat on the prefetches (perf, k =
        // 10), likely the core's line buffers full; the gain in CPU seconds
        // was within the noise (bench/nopeek-optimal.md, 30 Nov, nopeek21).
        constexpr int kAhead = 24, kWindow = 6;
        LeafKey ahead_key[kAhead];
        int ahead = 0;  // (0 where the position has no leaf key)
        // The sequences' keys differ only in the nibbles of the hidden slots
        // still in the stock (leaf_key: the stock's ranks in slot order), so
        // cur's key is made once, those nibbles cleared, and each sequence's
        // ranks put in (the same keys as leaf_key on the sequence's cards).
        if (leaf_keyed_) {
            LeafKey base{};
            if (leaf_key(s, cur.deal().cards.data(), base)) {
                const uint64_t left = boards_[0]->stock_mask() & ~s.removed;
                // (The packed form likewise: cur's with those places' ranks
                // taken out, and each sequence's put in: LeafPack::place_term.)
                const bool narrow = verdicts_.narrow();
                U128 packed_base = LeafPack::wide_value(base.narrow);
                int nibble[kMaxHidden];  // the hidden slot's place among the stock cards left, -1: none
                for (int i = 0; i < n; ++i) {
                    const int slot = hidden_[js[i]];
                    nibble[i] = left >> slot & 1 ? std::popcount(left & ((uint64_t{1} << slot) - 1)) : -1;
                    if (nibble[i] < 0) continue;
                    if (narrow) packed_base -= verdicts_.pack().place_term(nibble[i], cur.rank(slot));
                    base.rank_word(nibble[i]) &= ~(uint64_t{0xF} << LeafKey::rank_shift(nibble[i]));
                }
                Card order[kMaxHidden];
                std::copy(cards, cards + n, order);
                do {
                    LeafKey& k = ahead_key[ahead];
                    k = base;
                    U128 packed = packed_base;
                    for (int i = 0; i < n; ++i)
                        if (nibble[i] >= 0) {
                            k.rank_word(nibble[i]) |= uint64_t{order[i].rank} << LeafKey::rank_shift(nibble[i]);
                            if (narrow) packed += verdicts_.pack().place_term(nibble[i], order[i].rank);
                        }
                    if (narrow) k.narrow = LeafPack::narrow(packed);
                    if (ahead < kWindow) verdicts_.prefetch(k);
                    ++ahead;
                } while (ahead < kAhead && std::next_permutation(order, order + n, by_rank));
            }
        }
        const uint64_t saved[2] = {ranks_[0], ranks_[1]};
        Count wins = 0;
        int seq = 0;  // the sequence's index, in next_permutation's order
        do {
            const int index = seq++;
            // (The bucket kWindow sequences on fetched now, while this one is
            // looked up or solved.)
            if (const int w = index + kWindow; w < ahead) verdicts_.prefetch(ahead_key[w]);
            bool is_cur = true;
            for (int i = 0; i < n; ++i) {
                set_rank(js[i], cards[i].rank);
                is_cur = is_cur && cur.rank(hidden_[js[i]]) == cards[i].rank;
            }
            if (is_cur) {
                wins += same * order_won(cur, s);
                continue;
            }
            // (An order whose game the leaf cache knows needs no board.)
            const auto order_cards = [&] {
                order_deal_.cards = cur.deal().cards;  // (no allocation once its size is set)
                for (int i = 0; i < n; ++i) order_deal_.cards[hidden_[js[i]]] = cards[i];
            };
            LeafKey leaf{};
            const bool keyed = index < ahead ? (leaf = ahead_key[index], true)
                                             : (order_cards(), leaf_key(s, order_deal_.cards.data(), leaf));
            if (keyed)
                if (const auto hit = verdicts_.find(leaf)) {
                    ++leaf_cached;
                    wins += same * *hit;
                    continue;
                }
            if (index < ahead) order_cards();  // (else made for leaf_key above)
            const Verdict v = leaf_verdict(order_board(order_deal_), s, keyed ? &leaf : nullptr);
            leaf_intractable += v == Verdict::Intractable;
            wins += same * (v != Verdict::Lose);
        } while (std::next_permutation(cards, cards + n, by_rank));
        ranks_[0] = saved[0];
        ranks_[1] = saved[1];
        return wins;
    }

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
            wins += order_won(d, s);
        } while (std::next_permutation(idx.begin(), idx.end()));
        return wins;
    }

    // --- U_d, the reveal relaxation (reveal_bound.h) ---
    // With it, the space values U_d instead of the optimum: a position with
    // d cards turned up since the start (the frames' depth: m_ cards left of
    // the start's), or with at most one not seen, is a leaf whose value is
    // its clairvoyant share (share()); above it, the same maximum and
    // rank-weighted sum. Values are counted in units of m! * scale_ (scale_:
    // the sampled orders, 1 when every leaf is exact), so a sampled leaf's
    // share (wins out of the samples) is a whole number too.
    void set_reveal(int depth, const RevealOptions& ro, const std::vector<Card>& unseen_cards, DeckKind deck) {
        reveal_ = true;
        leaf_at_ = std::max(m_ - depth, 1);
        exact_limit_ = ro.exact_limit;
        deck_ = deck;
        leaf_options_.limits = ro.limits;
        if (orders_count(static_cast<size_t>(leaf_at_)) > exact_limit_) {
            if (ro.samples == 0) throw std::invalid_argument("the relaxation needs at least one sampled order");
            scale_ = ro.samples;
            if (fact_[m_] > ~Count{0} / scale_)
                throw std::invalid_argument("too many sampled orders for the counts of " + std::to_string(m_) +
                                            " cards not seen");
            Rng rng(ro.rng_seed);
            for (uint64_t j = 0; j < ro.samples; ++j) {
                std::vector<Card> order = unseen_cards;
                for (size_t i = order.size(); i > 1; --i) std::swap(order[i - 1], order[rng.below(i)]);
                scenarios_.push_back(std::move(order));
            }
        }
        // The rest in card order, ranks together (a chance branch takes the
        // first card of its rank).
        reveal_rest_ = unseen_cards;
        std::stable_sort(reveal_rest_.begin(), reveal_rest_.end(),
                         [](const Card& x, const Card& y) { return x.rank < y.rank; });
        reveal_in_ = reveal_rest_.size() >= 64 ? ~uint64_t{0} : (uint64_t{1} << reveal_rest_.size()) - 1;
    }
    bool at_leaf() const { return reveal_ && m_ <= leaf_at_; }
    Count unit(int m) const { return fact_[m] * scale_; }
    bool all_exact() const { return all_exact_; }
    uint64_t leaves = 0, leaf_intractable = 0;

    // A leaf's clairvoyant share of U_d, in units of m_! * scale_: every
    // order of the rest solved when there are at most exact_limit_ of them,
    // else the same sampled orders at every leaf (each scenario read without
    // the cards turned up on the way: a uniform order of the rest; common
    // random numbers). An intractable solve counts won (an upper bound).
    Count share(const State& s) {
        ++leaves;
        if (orders_count(static_cast<size_t>(m_)) <= exact_limit_) return clairvoyant(s) * scale_;
        all_exact_ = false;
        bool in[256] = {};
        for (uint64_t q = reveal_in_; q; q &= q - 1)
            in[static_cast<size_t>(card_index(reveal_rest_[std::countr_zero(q)], deck_))] = true;
        std::vector<int> slots;
        for (size_t i = 0; i < hidden_.size(); ++i)
            if (!(rmask_ >> i & 1)) slots.push_back(hidden_[i]);
        Deal d = deal_;
        Count wins = 0;
        for (const auto& sc : scenarios_) {
            size_t i = 0;
            for (const Card& c : sc)
                if (in[static_cast<size_t>(card_index(c, deck_))]) d.cards[slots[i++]] = c;
            if (i != slots.size()) throw InternalError("U_d: a sampled order does not fill the leaf's slots");
            wins += order_won(d, s);
        }
        return wins * fact_[m_];
    }
    // Lost in the free-stock relaxation (the root, before the search).
    bool lost_any_stock(const State& s) {
        return relax_.solve_any_stock(root_board(), s, 200'000) == FreeStockRelaxation::Outcome::Lost;
    }

private:
    struct Frame {
        enum Kind : uint8_t { Root, Decision, Chance };
        Kind kind = Root;
        State s;       // the position (a chance frame: the one its move reached)
        Count alpha;   // its parent's alpha in its terms (Star1)
        Bounds v;      // root, decision: the children's maximum so far; chance: the sum (hi: the rest at child_hi)
        Bounds known;  // decision: the memo's bounds at its arrival
        Key key;       // decision: its memo key
        int i, n;      // root, decision: the next move, the moves
        SlotMove moves[kMaxMoves];
        // chance: the hidden slots turned up (j: the one this frame deals),
        // the rank of the child out (0: none yet), the slot its card came
        // from, its weight, the others' bounds beside it, and each child's
        // bound from above before it is searched.
        uint64_t nw;
        int j, r, from, ri;  // (ri: U_d, the card's index in reveal_rest_)
        Count c, others;
        // Where probed (ordered): each child's bound from below too, and
        // the ranks handed out so far (the children go by weight times gap).
        Count child_hi[16], child_lo[16];
        uint16_t done;
        bool ordered;
        int w[16];  // each child's weight (by rank; 0: none, or merged into a lower rank's)
    };

    Frame& open(Frame::Kind kind, const State& s, Count alpha) {
        if (depth_ == frames_.size()) frames_.emplace_back();
        Frame& f = frames_[depth_++];
        f.kind = kind;
        f.s = s;
        f.alpha = alpha;
        f.v = {};
        f.i = f.n = 0;
        return f;
    }

    // The chance frame of the cards turned up at t (the hidden indices nw),
    // the lowest first.
    void open_chance(State t, uint64_t nw, Count alpha) {
        Frame& f = open(Frame::Chance, t, alpha);
        f.nw = nw;
        f.j = std::countr_zero(nw);
        f.r = 0;
        f.done = 0;
        const Count child_all = unit(m_ - 1);
        // Each child's bound from above before it is searched: (m - 1)!, or
        // what the memo knows of it (Ballard's Star2 with the memo as the
        // probe: a child searched before, under another alpha or on another
        // path to the same information state, brings its bound). Only where
        // this card is the last turned up (the child is a decision position
        // at t).
        const bool probe = alpha > 0 && !(nw & ~(uint64_t{1} << f.j)) && (!memo_.empty() || !bases_.empty());
        f.ordered = probe && !reveal_;
        // Each child's weight (chance_weights).
        symmetric += chance_weights(t, f.w);
        // (A task of the split, set_first_rank: a first turn-up deals that
        // rank alone; the others are other tasks'.)
        if (top())
            for (int r = 0; r < 16; ++r)
                if (r != first_rank_) f.w[r] = 0;
        for (int r = 1; r < 16; ++r) {
            if (!f.w[r]) continue;
            f.child_hi[r] = child_all;
            f.child_lo[r] = 0;
            if (probe) f.child_hi[r] = probe_child(t, f.j, r, child_all, f.child_lo[r]);
            f.v.hi += static_cast<Count>(f.w[r]) * f.child_hi[r];
        }
    }

    // A chance child's bound from above before it is searched (the hidden
    // slot j of t turned up as rank r): the memo's, else, where the child
    // is a position with 2 to probe_at (OptimalOptions::probe_at) cards not
    // seen, its clairvoyant count, made now and kept in the memo for the
    // child's arrival (which then asks neither the count nor the free-stock
    // relaxation again: a count of 0 is that relaxation's loss and more).
    // This is Ballard's Star2 probing: a bound for each child before any is
    // searched, so Star1 cuts before the first child is searched rather than
    // after, and each child's alpha counts its siblings at their probed
    // bounds. The count bounds the child from above and, where a sequence is
    // won, from below, as arrive argues; it is a function of the child's
    // key alone (its position, the ranks turned up in play, the counts of
    // the ranks not seen: the orders of the cards not seen are what it
    // enumerates), so it holds wherever the child is met.
    Count probe_child(const State& t, int j, int r, Count child_all, Count& lo) {
        Count hi = child_all;
        const int from = take(j, r);
        const Key k = key(*boards_[0], t);
        if (const auto hit = recall(memo_, k)) {
            hi = hit->hi;
            lo = hit->lo;
        } else if (!reveal_ && m_ >= 2 && m_ <= probe_at_ && !boards_[0]->won(t)) {
            const uint64_t unsure = leaf_intractable;
            Count same = 1;
            Bounds known{0, 0};
            if (!pile_lost(board(), t)) known.hi = clairvoyant_small(board(), t, same) * scale_;
            if (known.hi > 0 && leaf_intractable == unsure) known.lo = same * scale_;
            if (!stopped_) memo_.put(k, known);
            hi = known.hi;
            lo = known.lo;
            ++probes;
            // (Past probe_at, no count: the waste-pile relaxation alone
            // (relax_probe), with the stock's top pinned (pile_top) the one
            // that tells the children apart: the card turned up is the new
            // top. A loss there is the child's value, 0, and a function of
            // its key as the count is: the position, the seen ranks in play,
            // the counts of the ranks not seen. Kept for its arrival.)
        } else if (!reveal_ && relax_probe_ && m_ > probe_at_ && m_ >= 2 && !boards_[0]->won(t) &&
                   pile_lost(board(), t)) {
            if (!stopped_) memo_.put(k, {0, 0});
            hi = lo = 0;
        }
        give_back(j, r, from);
        return hi;
    }
    // A card of rank r into the hidden slot j (from a slot not turned up),
    // and back: the child of a chance frame put in place and taken away, as
    // next() and fold() do (the slot the card came from).
    int take(int j, int r) {
        const int slot = hidden_[j];
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
        built_[level_] = false;
        rmask_ |= uint64_t{1} << j;
        set_rank(j, r);
        --left_[r];
        left_key_ -= uint64_t{1} << 4 * (r - 1);
        --m_;
        return from;
    }
    void give_back(int j, int r, int from) {
        ++m_;
        ++left_[r];
        left_key_ += uint64_t{1} << 4 * (r - 1);
        set_rank(j, 0);
        rmask_ &= ~(uint64_t{1} << j);
        --level_;
        std::swap(deal_.cards[hidden_[j]], deal_.cards[from]);
    }

    // The innermost frame is done: its value goes to its parent (a decision
    // frame's to the memo too, unless stopped); the root's is kept.
    void close() {
        Frame& f = frames_[--depth_];
        Bounds v = f.v;
        if (f.kind == Frame::Decision) {
            v.lo = std::max(v.lo, f.known.lo);
            v.hi = std::min(v.hi, f.known.hi);
            if (!stopped_) memo_at().put(f.key, v);
        }
        if (depth_) fold(v);
        else root_value_ = v;
    }

    // A child's value (or bounds) into the innermost frame; a chance frame
    // takes back the card its child turned up. False (arrive's answer).
    bool fold(Bounds x) {
        Frame& f = frames_[depth_ - 1];
        if (f.kind == Frame::Chance) {
            const int r = f.r;
            ++m_;
            ++left_[r];
            if (reveal_) reveal_in_ |= uint64_t{1} << f.ri;
            left_key_ += uint64_t{1} << 4 * (r - 1);
            set_rank(f.j, 0);
            rmask_ &= ~(uint64_t{1} << f.j);
            --level_;
            std::swap(deal_.cards[hidden_[f.j]], deal_.cards[f.from]);
            f.v.lo += f.c * x.lo;
            f.v.hi = f.others + f.c * std::min(x.hi, f.child_hi[r]);
            return false;
        }
        if (f.kind == Frame::Root) root_children_.push_back(x);
        f.v.lo = std::max(f.v.lo, x.lo);
        f.v.hi = std::max(f.v.hi, x.hi);
        return false;
    }

    // The board of the current assignment (level_), built on first use.
    // Boards are kept by the ranks turned up (the cards in the slots not
    // turned up are never read: any arrangement of them serves), a few
    // thousand at a time: most information states share theirs with others.
    const Board& board() {
        if (!built_[level_]) {
            std::shared_ptr<Board>& cached = board_cache_[{ranks_[0], ranks_[1]}];
            if (!cached) cached = carded(deal_);
            if (static_cast<int>(boards_.size()) <= level_) boards_.resize(level_ + 1);
            boards_[level_] = cached;
            built_[level_] = true;
            forget_boards();  // (boards in use are held by boards_)
        }
        return *boards_[level_];
    }

    // A board of the root's layout with d's cards: a spare one re-carded
    // (Board::recard: no copy of the layout, no allocation), else a new one.
    std::shared_ptr<Board> carded(const Deal& d) {
        if (spare_boards_.empty()) return std::make_shared<Board>(*boards_[0], d);
        std::shared_ptr<Board> b = std::move(spare_boards_.back());
        spare_boards_.pop_back();
        b->recard(d);
        return b;
    }
    // clairvoyant_small's board of a sequence: one board, re-carded for each
    // (Board::recard), which stays in the processor's caches, where the
    // board cache's (a lookup, and one board a sequence) were mostly cold
    // (bench/nopeek-optimal.md: 3% at 11 cards not seen).
    const Board& order_board(const Deal& d) {
        if (!order_board_) order_board_.emplace(*boards_[0], d);
        else order_board_->recard(d);
        return *order_board_;
    }
    // Past kBoardCache boards the cache forgets them all; those no one else
    // holds (boards_, a caller) are kept as spares to re-card.
    void forget_boards() {
        if (board_cache_.size() <= kBoardCache) return;
        for (auto& [ranks, b] : board_cache_)
            if (b.use_count() == 1) spare_boards_.push_back(std::move(b));
        board_cache_.clear();
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
        return Key{b.key(s), r[0], r[1], reveal_ || !symmetry_ ? left_key_ : canonical_left(s)};
    }
    // The rank classes with a card seen and in play at s: a card not hidden
    // and not removed (a discarded one too: it only makes fewer classes
    // free), or a hidden slot turned up and not removed. The others are free:
    // their cards in play (if any) are all among the cards not seen.
    uint32_t seen_classes(const State& s) const {
        uint32_t seen = 0;
        for (int c = 0; c < classes_; ++c)
            if (class_slots_[c] & ~s.removed) seen |= uint32_t{1} << c;
        for (uint64_t q = rmask_; q; q &= q - 1) {
            const int j = std::countr_zero(q);
            if (s.removed >> hidden_[j] & 1) continue;
            const int c = class_of_[ranks_[j / 16] >> (j % 16) * 4 & 15];
            if (c >= 0) seen |= uint32_t{1} << c;
        }
        return seen;
    }
    // Free rank classes are interchangeable (the rank symmetry): the rules
    // read ranks only through "r + s == target" and "r == lone rank", so a
    // permutation of the ranks that maps classes to classes (either way
    // round) and fixes every other rank maps every game to an equal game:
    // the same moves, the same outcomes, move for move, and the player's
    // information (the ranks turned up) maps one to one with it. If it fixes
    // every card seen and in play (it moves only free classes' ranks) and
    // maps the ranks not seen to themselves (counts and all), it maps the
    // information state to itself, so ranks it maps to each other are worth
    // the same as the next card (open_chance); if it maps the counts of the
    // ranks not seen to another state's (same position, same cards seen),
    // the two states are worth the same (the memo key). The cards removed
    // are never read again, so their ranks do not matter.
    // The memo key's counts of the ranks not seen, with the free classes
    // whose two ranks have as many cards not seen ("balanced": a swap within
    // the class fixes them) given their counts in a canonical order: the
    // largest count to the first such class in class_order_ (the largest
    // start count first), both its ranks. Two states whose keys are equal
    // then differ by such a permutation: the same value. (Each count stays
    // at most its rank's start count, as the memo's mixed radix needs: the
    // i-th largest count is at most the i-th largest capacity, since the i
    // classes holding the i largest counts each hold at most their
    // capacity.)
    uint64_t canonical_left(const State& s) const {
        if (!classes_) return left_key_;
        const uint32_t seen = seen_classes(s);
        int counts[16], n = 0;
        uint64_t lk = left_key_;
        for (int i = 0; i < classes_; ++i) {
            const int c = class_order_[i];
            const int a = class_rank_[c][0], p = class_rank_[c][1];
            if ((seen >> c & 1) || left_[a] != left_[p]) continue;
            counts[n++] = left_[a];
        }
        if (n < 2) return lk;
        std::sort(counts, counts + n, std::greater<int>());
        for (int i = 0, k = 0; i < classes_; ++i) {
            const int c = class_order_[i];
            const int a = class_rank_[c][0], p = class_rank_[c][1];
            if ((seen >> c & 1) || left_[a] != left_[p]) continue;
            const uint64_t x = static_cast<uint64_t>(counts[k++]);
            lk = (lk & ~(uint64_t{15} << 4 * (a - 1)) & ~(uint64_t{15} << 4 * (p - 1))) | x << 4 * (a - 1) |
                 x << 4 * (p - 1);
        }
        return lk;
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
    static constexpr size_t kBoardCache = 512;
    struct PairHash {
        std::size_t operator()(const std::pair<uint64_t, uint64_t>& p) const noexcept {
            return KeyHash{}(Key{p.first, p.second, 0, 0});
        }
    };
    std::vector<std::shared_ptr<const Board>> boards_;  // per level of cards turned up
    boost::unordered_flat_map<std::pair<uint64_t, uint64_t>, std::shared_ptr<Board>, PairHash> board_cache_;
    std::vector<std::shared_ptr<Board>> spare_boards_;  // forgotten by the cache, to re-card (carded)
    Deal order_deal_;                                   // clairvoyant_small's scratch deal
    std::optional<Board> order_board_;                  // ... and its board (order_board)
    std::vector<bool> built_{true};                     // boards_[level] holds the current assignment
    std::optional<RuleTraits> traits_;
    FreeStockRelaxation relax_;
    FreeStockRelaxation pile_;  // solve_waste_pile alone: its table is kept apart from relax_'s
    bool pile_applies_ = true;  // (OptimalOptions::waste_pile)
    bool relax_probe_ = true;   // (OptimalOptions::relax_probe)
    bool pile_top_ = true;      // (OptimalOptions::pile_top)
    Memo memo_;
    size_t memo_cap_ = 0;  // OptimalOptions::memo_entries
    // The leaf cache (leaf_verdict): a game's key -> won.
    LeafCache own_verdicts_;
    LeafCache& verdicts_;
    bool leaf_keyed_ = false;
    Count fact_[kMaxHidden + 1];
    int left_[16] = {};
    int m_ = 0, level_ = 0;
    uint64_t rmask_ = 0;
    uint64_t ranks_[2] = {0, 0};
    uint64_t left_key_ = 0;  // left_[1..15], 4 bits each
    // The rank classes (constructor): their two ranks, each rank's class (-1:
    // none), the slots not hidden that hold their cards, the fewer cards not
    // seen of its two ranks at the start, and the classes by that, largest
    // first.
    bool symmetry_ = true;    // OptimalOptions::rank_symmetry
    int clairvoyant_at_ = 4;  // OptimalOptions::clairvoyant_at
    int probe_at_ = 4;        // OptimalOptions::probe_at
    int classes_ = 0;
    int class_rank_[8][2] = {};
    int class_of_[16] = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1};
    uint64_t class_slots_[8] = {};
    int class_cap_[8] = {};
    int class_order_[8] = {};
    bool stopped_ = false, interrupted_ = false;
    // U_d (set_reveal): leaves at m_ <= leaf_at_; the sampled orders; the
    // rest in rank order and which of it is left.
    bool reveal_ = false, all_exact_ = true;
    int leaf_at_ = 0;
    uint64_t exact_limit_ = 0;
    Count scale_ = 1;
    DeckKind deck_{};
    std::vector<std::vector<Card>> scenarios_;
    std::vector<Card> reveal_rest_;
    uint64_t reveal_in_ = 0;
    // The frames open (frames_[0, depth_)); the position next() handed out
    // last: its alpha, and after its arrival its memo bounds and key.
    std::vector<Frame> frames_;
    size_t depth_ = 0;
    Count alpha_ = 0;
    Bounds known_;
    Key key_{};
    std::vector<SlotMove> root_moves_;
    std::vector<Bounds> root_children_;
    Bounds root_value_;
    // set_first_rank (0: not a task), the start's cards not seen, the top
    // layer's memo.
    int first_rank_ = 0, root_m_ = 0;
    Memo top_memo_;
    bool top() const { return first_rank_ && m_ == root_m_; }
    Memo& memo_at() { return top() ? top_memo_ : memo_; }
    // set_bases: other searches' memos, read only, below the top layer.
    std::vector<const Memo*> bases_;
    std::optional<Bounds> recall(Memo& memo, const Key& k) {
        if (const auto hit = memo.find(k)) return hit;
        if (!top())
            for (const Memo* base : bases_)
                if (const auto hit = base->peek(k)) return hit;
        return std::nullopt;
    }
};

// The deal a chance search runs on: the cards not seen masked (their true
// order is never used after this) and their slots marked known, so the packed
// board moves them like any card. `counts` and `name` word the refusals.
Deal searched_deal(const Deal& deal, const Unseen& u, const std::string& counts, const std::string& name) {
    if (u.size() > static_cast<size_t>(kMaxHidden))
        throw std::invalid_argument("more than 32 cards not seen: the " + counts + " counts do not fit");
    Deal work = masked_deal(deal, u);
    for (int slot : u.slots) {
        if (slot < work.fixed_size())
            throw std::invalid_argument("a tableau or reserve card is not seen: name it for the " + name);
        work.unknown &= ~(uint64_t{1} << slot);
    }
    return work;
}

// The start's value on the shared core (depth_first over the space, each of
// `moves` a root child, none cut: space.root_children() has each one's).
Bounds search_root(ChanceSpace& space, const Board& b, const State& start, const std::vector<Move>& moves,
                   const char* who) {
    std::vector<SlotMove> slot_moves;
    for (const Move& m : moves) {
        const auto sm = b.from_move(start, m);
        if (!sm) throw InternalError("the packed rules reject a legal move");
        slot_moves.push_back(*sm);
    }
    if (slot_moves.size() > static_cast<size_t>(kMaxMoves))
        throw InternalError(std::string(who) + ": more legal moves than a frame holds");
    space.set_root_moves(std::move(slot_moves));
    OptimumGoal goal;
    const DfsEnd end = depth_first(space, goal, space.budget(), start);
    if (end.kind == DfsEnd::Stopped) space.stop(end.interrupted);
    return space.root_value();
}

// The parallel split (OptimalOptions::threads other than 1). Below a chance
// node, the children's information states have different counts of the
// ranks not seen, so their memo keys differ: a search per child loses no
// transposition between siblings (a search per root move would: a tableau
// pair then a draw is a draw then the pair; measured, seed 2 at 10 cards
// not seen, 2.7 times the states; bench/nopeek-optimal.md). So the tasks
// are the ranks r left among the cards not seen: task r searches from the
// start with every first turn-up dealing r alone (ChanceSpace::
// set_first_rank: the positions reached from the start without turning up
// a card are the top layer, searched with no alpha, whose every child a
// first turn-up of r reaches is valued with no alpha), each a fresh
// ChanceSpace (its own memo; its worker's leaf cache) with the whole budget
// (limits.max_states). Deeper down the tasks meet the same information
// states (r then s turned up, both since removed, is s then r), so task j
// reads the memos of the tasks before j - split_lag (run_split): with lag
// 0 they run one after the other and search what the one search does. Then
// the ordinary search runs at the start, reading every task's memo (the
// positions below the top layer: true values, or proven bounds), each child
// of the top layer a memo hit. It is the one search of threads = 1 with a
// memo that knows more: the same values, each move's and the best move (a
// memo entry is a proven bound of its information state, whoever put it).
// The states total is the tasks' and the final search's, the same for any
// number of threads (what each task reads depends on its place alone; the
// memos are read in task order, never in the order the tasks finish).
// What a search on a ChanceSpace counted, added into the answer's counts
// (a split's tasks' and its final search's summed).
struct SearchCounts {
    uint64_t states = 0, leaf_solves = 0, leaf_states = 0, leaf_cached = 0, memo = 0, forgotten = 0, symmetric = 0;
    static SearchCounts of(ChanceSpace& space) {
        return {space.budget().count(), space.leaf_solves,      space.leaf_states, space.leaf_cached,
                space.memo_size(),      space.memo_forgotten(), space.symmetric};
    }
    void add_to(Optimal& r) const {
        r.states += states;
        r.leaf_solves += leaf_solves;
        r.leaf_states += leaf_states;
        r.leaf_cached += leaf_cached;
        r.memo += memo;
        r.memo_forgotten += forgotten;
        r.symmetric += symmetric;
    }
};

struct SplitTask {
    Memo memo;
    SearchCounts counts;
    bool stopped = false, interrupted = false;
    double seconds = 0;
};

SplitTask run_split_task(Solver& solver, LeafCache& verdicts, std::vector<const Memo*> bases, const Deal& work,
                         const std::vector<int>& hidden, const OptimalOptions& o, const std::vector<Move>& played,
                         const std::vector<Move>& moves, int rank) {
    const auto t0 = std::chrono::steady_clock::now();
    ChanceSpace space(solver, work, hidden, o, &verdicts);
    space.set_first_rank(rank);
    space.set_bases(std::move(bases));
    const Board& b = space.root_board();
    std::string why;
    const auto start = b.play(played, &why);
    if (!start) throw std::invalid_argument(why);
    search_root(space, b, *start, moves, "optimal");
    SplitTask x;
    x.counts = SearchCounts::of(space);
    x.stopped = space.stopped();
    x.interrupted = space.interrupted();
    x.memo = space.take_memo();
    x.seconds = seconds_since(t0);
    return x;
}

// The tasks (a rank each) on `workers` threads: the caller's (with
// `solver`) and workers - 1 more, each with its own Solver and leaf cache,
// reused for the tasks it takes. Each takes the next task not taken, j, and
// starts it once the tasks before j - lag are done (OptimalOptions::
// split_lag): it reads their memos (in task order), so it searches no
// position they settled, and at most lag + 1 tasks run at once. Which tasks
// a task reads depends on j alone, never on the threads or the order the
// tasks end. The results in task order; an exception of a task is rethrown
// (the first in task order) once all end.
std::vector<SplitTask> run_split(Solver& solver, const Deal& work, const std::vector<int>& hidden,
                                 const OptimalOptions& o, const std::vector<Move>& played,
                                 const std::vector<Move>& moves, const std::vector<int>& ranks, int workers,
                                 size_t lag) {
    const size_t n = ranks.size();
    std::vector<SplitTask> results(n);
    std::vector<std::exception_ptr> errors(n);
    std::vector<bool> finished(n, false);
    size_t prefix = 0;  // the tasks before it are done
    std::mutex mu;
    std::condition_variable cv;
    std::atomic<size_t> next{0};
    const auto work_on = [&](Solver& s) {
        LeafCache verdicts;  // (set up by its first task's ChanceSpace)
        for (size_t j; (j = next.fetch_add(1, std::memory_order_relaxed)) < n;) {
            const size_t read = j > lag ? j - lag : 0;
            {
                std::unique_lock lock(mu);
                cv.wait(lock, [&] { return prefix >= read; });
            }
            std::vector<const Memo*> bases;
            for (size_t i = 0; i < read; ++i) bases.push_back(&results[i].memo);
            try {
                results[j] = run_split_task(s, verdicts, std::move(bases), work, hidden, o, played, moves, ranks[j]);
            } catch (...) {
                errors[j] = std::current_exception();
            }
            std::lock_guard lock(mu);
            finished[j] = true;
            while (prefix < n && finished[prefix]) ++prefix;
            cv.notify_all();
        }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < workers; ++w)
        pool.emplace_back([&] {
            Solver own;
            work_on(own);
        });
    work_on(solver);
    for (std::thread& t : pool) t.join();
    for (const std::exception_ptr& e : errors)
        if (e) std::rethrow_exception(e);
    return results;
}

}  // namespace

size_t settled_unseen(uint64_t states) {
    // bench/nopeek-optimal.md, "The curve over eight positions with the
    // waste-pile relaxation" (the defaults; bench/nopeek-optimal-8.tsv): the
    // geometric mean of the information states the first eight msc 1-pass
    // deals won from seed 2 needed at k = 6..13 cards not seen, each played
    // along its solution (at 13 three counted at the 20,000,000 they did not
    // settle in: a lower bound). Beyond it 11 times a card (the mean's
    // growth was 7.9 from 11 to 12 and at least 11.3 from 12 to 13).
    static constexpr double kCost[] = {155, 540, 1'781, 6'440, 22'381, 112'132, 889'598, 10'044'071};
    constexpr size_t kFirst = 6;
    const double allowed = 2.0 * static_cast<double>(states);
    size_t k = kFirst - 1;  // up to 5 cards not seen: at most a few hundred states, always searched
    double cost = kCost[0];
    for (size_t i = 0;; ++i) {
        cost = i < std::size(kCost) ? kCost[i] : cost * 11.0;
        if (cost > allowed || k >= static_cast<size_t>(kMaxHidden)) return k;
        ++k;
    }
}

Optimal optimal(Solver& solver, const Deal& deal, const std::vector<Move>& played, const OptimalOptions& o) {
    const auto t0 = std::chrono::steady_clock::now();
    if (const auto why = optimal_unsupported(deal.variant)) throw std::invalid_argument(*why);
    const Replay rp = replay(deal, played, AfterGoal::PlayOn);
    if (rp.error) throw std::invalid_argument(*rp.error);
    const Table& table = rp.table;
    const Unseen u = unseen(deal, table, o.stock_hidden);
    Deal work = searched_deal(deal, u, "optimum's", "optimum");  // the true order is never used below
    Optimal r;
    r.unseen = u.size();
    r.nothing_hidden = u.size() <= 1;
    r.orders = factorial(static_cast<int>(u.size()));
    OptimalOptions oc = o;
    if (u.size() > o.max_unseen) {
        r.cut = true;
        r.max_unseen = o.max_unseen;
        r.asked_states = o.limits.max_states;
        oc.limits.max_states = std::min(o.limits.max_states, o.cut_states);
    }
    ChanceSpace space(solver, work, u.slots, oc);
    const Board& b = space.root_board();
    std::string why;
    const auto start = b.play(played, &why);
    if (!start) throw std::invalid_argument(why);
    if (space.newly(b, *start))
        throw std::invalid_argument("a card not seen is playable or on the waste here: name it for the optimum");

    // The parallel split (above) with threads other than 1
    // (0: every core), where there is something to search: more than one
    // card not seen, and not cut (a few thousand states at most).
    const int workers = o.threads > 0 ? o.threads : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
    const bool split = o.threads != 1 && !r.cut && u.size() >= 2 && !b.won(*start);
    std::vector<SplitTask> done;  // (the tasks' memos, read by the final search)
    bool tasks_stopped = false, tasks_interrupted = false;
    const Count all = space.all();
    Bounds root;
    if (b.won(*start)) {
        root = {all, all};
    } else {
        // Every legal move's value (none cut: each is shown), on the shared
        // core (depth_first.h). The best move: the highest lower bound, the
        // first in sorted_moves order on a tie.
        const std::vector<Move> moves = sorted_moves(table);
        if (split) {
            // (The parallel split above: the tasks, a rank left each, then
            // their memos taken in, in task order.)
            std::vector<int> ranks;
            for (int q = 1; q < 16; ++q)
                if (std::any_of(u.cards.begin(), u.cards.end(), [&](Card c) { return c.rank == q; }))
                    ranks.push_back(q);
            r.threads = static_cast<int>(std::min({static_cast<size_t>(workers), ranks.size(), o.split_lag + 1}));
            r.tasks = ranks.size();
            done = run_split(solver, work, u.slots, oc, played, moves, ranks, r.threads, o.split_lag);
            std::vector<const Memo*> bases;
            for (size_t i = 0; i < done.size(); ++i) {
                const SplitTask& x = done[i];
                bases.push_back(&x.memo);
                x.counts.add_to(r);
                tasks_stopped = tasks_stopped || x.stopped;
                tasks_interrupted = tasks_interrupted || x.interrupted;
                r.task_costs.push_back({ranks[i], x.counts.states, x.seconds});
            }
            space.set_bases(std::move(bases));
        }
        root = search_root(space, b, *start, moves, "optimal");
        const std::vector<Bounds>& children = space.root_children();
        if (children.size() != moves.size()) throw InternalError("optimal: a move of the start was not valued");
        Count best = 0;
        for (size_t i = 0; i < moves.size(); ++i) {
            const Bounds& c = children[i];
            if (o.per_move) r.moves.push_back({moves[i], c.lo, c.hi});
            if (!r.best_move || c.lo > best) {
                best = c.lo;
                r.best_move = moves[i];
            }
        }
    }
    r.lower = root.lo;
    r.upper = root.hi;
    r.exact = root.lo == root.hi;
    // (A task stopped leaves children the final search then searched itself;
    // it says so only where the value is not exact.)
    r.interrupted = space.interrupted() || (tasks_interrupted && !r.exact);
    r.budget_hit = (space.stopped() || (tasks_stopped && !r.exact)) && !r.interrupted;
    if (r.exact) {
        r.method = r.nothing_hidden
                       ? "verdict (at most one card not seen: the order is known)"
                       : "exact expectimax (chance nodes by rank, memo on the position and the ranks seen)";
        r.lower_method = r.upper_method = r.method;
    } else {
        r.method = "bracket";
        const std::string within = r.cut ? "expectimax cut to " + std::to_string(oc.limits.max_states) +
                                               " information states"
                                         : "expectimax within the budget";
        r.lower_method = within + ", positions not searched counted lost";
        r.upper_method = within +
                         ", positions not searched counted won (lost where the free-stock relaxation proves it)";
        if (r.cut)
            r.method = "bracket (" + std::to_string(r.unseen) + " cards not seen: past the " +
                       std::to_string(r.max_unseen) + " that " + std::to_string(r.asked_states) +
                       " information states can settle, so not searched to the end)";
    }
    SearchCounts::of(space).add_to(r);
    r.seconds = seconds_since(t0);
    return r;
}

// U_d (reveal_bound.h) on the same core: ChanceSpace with its leaf policy
// (set_reveal), the root a maximum like any other.
Reveal reveal_bound(Solver& solver, const Deal& deal, const std::vector<Move>& played, const RevealOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    if (options.depth < 0) throw std::invalid_argument("the relaxation's depth must be 0 or more");
    if (const auto why = optimal_unsupported(deal.variant)) throw std::invalid_argument(*why);
    Table real(deal);
    for (const Move& m : played)
        if (const auto why = real.apply(m)) throw std::invalid_argument(*why);
    const Unseen u = unseen(deal, real);
    Deal work = searched_deal(deal, u, "relaxation's", "bound");  // the true order is never used below
    Table table(work);
    for (const Move& m : played)
        if (const auto why = table.apply(m)) throw std::invalid_argument(*why);
    if (unseen(work, table).slots != u.slots)
        throw std::invalid_argument("a card not seen is playable or on the waste here: name it for the bound");
    // The expectimax has no budget of its own (the stop flag holds); each
    // leaf solve has options.limits.
    OptimalOptions oo;
    oo.limits.max_states = 0;
    oo.limits.max_memory = options.limits.max_memory;
    oo.limits.stop = options.limits.stop;
    oo.per_move = false;
    ChanceSpace space(solver, work, u.slots, oo);
    space.set_reveal(options.depth, options, u.cards, deal.deck());
    const Board& b = space.root_board();
    std::string why;
    const auto start = b.play(played, &why);
    if (!start) throw InternalError("the relaxation's deal rejects its moves: " + why);
    const Count all = space.all();
    Count value = 0;
    bool stopped = false;
    if (b.won(*start)) {
        value = all;
    } else if (space.lost_any_stock(*start)) {
        value = 0;
    } else if (space.at_leaf()) {
        value = space.share(*start);
        stopped = space.stopped();
    } else {
        const Bounds root = search_root(space, b, *start, sorted_moves(table), "reveal_bound");
        stopped = space.stopped();
        if (!stopped && root.lo != root.hi) throw InternalError("reveal_bound: the root's value is not exact");
        value = root.lo;
    }
    Reveal r;
    r.unseen = u.size();
    r.interrupted = stopped;
    r.value = r.interrupted ? 0 : fraction_value(value, all);
    if (!r.interrupted) r.fraction = fraction_text(value, all);
    r.proven = space.all_exact();
    r.leaves = space.leaves;
    r.nodes = space.budget().count();
    r.solves = space.leaf_solves;
    r.intractable = space.leaf_intractable;
    const std::string d = std::to_string(options.depth);
    r.method = "reveal relaxation d=" + d + " (no peeking for " + d + " turn-ups, then the stock seen); " +
               (r.proven ? std::string("every leaf's share exact: a proven upper bound")
                         : "each leaf's share over the same " + std::to_string(options.samples) +
                               " sampled orders: a sampled upper bound (biased up, never down)");
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return r;
}

}  // namespace pyr::nopeek
