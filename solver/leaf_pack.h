// The no-peek optimum's leaf cache keys in 16 bytes where the game fits
// (optimal_nopeek.cpp, LeafCache and ChanceSpace::leaf_key).
//
// A leaf game's wide key is four words (LeafWide): the fixed cards removed
// (the removed set's fixed slots, bits 0..f-1), the ranks of the stock cards
// left in slot order, 4 bits each (place p in word p / 16 at bits 4 (p % 16):
// ranks 1..13, so the places past the n cards left are 0), and the word
// `left`: the pass, how many of the cards left are drawn, and n (a byte
// each). LeafPack packs it, one to one, into 128 bits where a search's
// geometry lets every key of it fit (LeafPack::fit: f fixed slots, at most N
// stock slots, ranks at most 13, P passes), and back:
//   bit 0                        the leaf cache's won flag (0 in a key)
//   bits 1 .. f                  the fixed cards removed, as they are
//   next bit_width(N + 1) bits   drawn + 1 (1..N + 1: never 0, so no key
//                                packs to 0, the table's empty entry)
//   next bit_width(P - 1) bits   the pass (0..P - 1)
//   then the ranks: each group of six places (6g .. 6g + 5) as one base-14
//   number (its digits the ranks, 0 past the cards left: 14^6 < 2^23, so 23
//   bits where the nibbles take 24), and the places past the last whole
//   group as nibbles.
// n is not stored: it is the number of places with a rank (a rank is at
// least 1, and the cards left fill places 0..n-1). Every field is stored
// whole in bits of its own (no hashing, no truncation), so two keys pack to
// the same 128 bits exactly when they are equal (unpack(pack(k)) == k), and
// the cache compares the whole packed key: a hit is never another game's.
// Msc (f = 28, N = 24, P = 1) takes 1 + 28 + 5 + 0 + 4 * 23 = 126 bits; the
// three-pass Pyramid 128. A search whose geometry does not fit uses the wide
// form for every key (never both in one table).
#pragma once
#include <bit>
#include <cstdint>
#include <optional>

namespace pyr::nopeek {

using U128 = unsigned __int128;

struct LeafWide {
    uint64_t fixed, ranks_lo, ranks_hi, left;  // (no initializers: arrays of keys are not zeroed; {} zeroes)
    friend bool operator==(const LeafWide&, const LeafWide&) = default;
    static uint64_t left_word(int pass, int drawn, int n) {
        return uint64_t(pass) | uint64_t(drawn) << 8 | uint64_t(n) << 16;
    }
    int pass() const { return static_cast<int>(left & 0xFF); }
    int drawn() const { return static_cast<int>(left >> 8 & 0xFF); }
    int count() const { return static_cast<int>(left >> 16 & 0xFF); }
    int rank(int place) const { return static_cast<int>((place < 16 ? ranks_lo : ranks_hi) >> 4 * (place % 16) & 15); }
};

class LeafPack {
public:
    static constexpr int kGroup = 6;       // places in a base-14 group
    static constexpr int kGroupBits = 23;  // 14^6 = 7,529,536 < 2^23
    static constexpr int kMaxPlaces = 32;  // the wide key's nibbles
    static constexpr uint32_t kBase = 14;  // ranks 1..13, 0: no card
    static_assert(uint64_t{kBase} * kBase * kBase * kBase * kBase * kBase < (uint64_t{1} << kGroupBits));
    struct Narrow {
        uint64_t lo, hi;
        friend bool operator==(const Narrow&, const Narrow&) = default;
    };

    // The packing of a search's keys: `fixed` fixed slots, at most `stock`
    // stock cards, ranks 1..`ranks`, `passes` (at least 1; 0, unlimited,
    // counts 1: the pass is then always 0). nullopt where some key would not
    // fit 128 bits.
    static std::optional<LeafPack> fit(int fixed, int stock, int ranks, int passes) {
        passes = passes < 1 ? 1 : passes;
        if (fixed < 0 || fixed > 64 || stock < 0 || stock > kMaxPlaces || ranks < 1 || ranks >= int(kBase))
            return std::nullopt;
        LeafPack p;
        p.places_ = stock;
        p.s_drawn_ = 1 + fixed;
        p.s_pass_ = p.s_drawn_ + std::bit_width(static_cast<unsigned>(stock + 1));
        p.s_ranks_ = p.s_pass_ + std::bit_width(static_cast<unsigned>(passes - 1));
        p.groups_ = stock / kGroup;
        p.bits_ = p.s_ranks_ + kGroupBits * p.groups_ + 4 * (stock % kGroup);
        if (p.bits_ > 128) return std::nullopt;
        p.fixed_mask_ = fixed == 64 ? ~uint64_t{0} : (uint64_t{1} << fixed) - 1;
        p.drawn_mask_ = (uint64_t{1} << (p.s_pass_ - p.s_drawn_)) - 1;
        p.pass_mask_ = (uint64_t{1} << (p.s_ranks_ - p.s_pass_)) - 1;
        for (int place = 0; place < kMaxPlaces; ++place) {
            if (place < kGroup * p.groups_) {
                uint32_t m = 1;
                for (int j = 0; j < place % kGroup; ++j) m *= kBase;
                p.mul_[place] = m;
                p.shift_[place] = static_cast<uint8_t>(p.s_ranks_ + kGroupBits * (place / kGroup));
            } else {
                p.mul_[place] = 1;
                p.shift_[place] = static_cast<uint8_t>(p.s_ranks_ + kGroupBits * p.groups_ +
                                                       4 * (place - kGroup * p.groups_));
            }
        }
        return p;
    }
    int bits() const { return bits_; }

    // The packed key of a wide one of this geometry (its fields in range:
    // fit's), its won flag 0.
    Narrow pack(const LeafWide& w) const {
        uint8_t ranks[kMaxPlaces] = {};
        for (int place = 0; place < w.count(); ++place) ranks[place] = static_cast<uint8_t>(w.rank(place));
        return pack(w.fixed, ranks, w.count(), w.drawn(), w.pass());
    }
    // The same from the fields: the n ranks in ranks[0..n-1], 0 from there
    // to the geometry's places.
    Narrow pack(uint64_t fixed, const uint8_t* ranks, int n, int drawn, int pass) const {
        U128 v = U128{fixed} << 1 | U128(drawn + 1) << s_drawn_ | U128(pass) << s_pass_;
        int g = 0;
        for (; g < groups_ && kGroup * g < n; ++g) {
            const uint8_t* r = ranks + kGroup * g;
            const uint32_t x = r[0] + kBase * (r[1] + kBase * (r[2] + kBase * (r[3] + kBase * (r[4] + kBase * r[5]))));
            v |= U128{x} << shift_[kGroup * g];
        }
        for (int place = kGroup * groups_; place < n; ++place) v |= U128{ranks[place]} << shift_[place];
        return narrow(v);
    }
    // What a card of `rank` at `place` adds to a packed key whose place holds
    // no rank (0): one digit of its group (the group's number stays below
    // 14^6, so nothing carries out of it), or its nibble.
    U128 place_term(int place, int rank) const {
        return U128{static_cast<uint32_t>(rank) * mul_[place]} << shift_[place];
    }
    static Narrow narrow(U128 v) { return Narrow{static_cast<uint64_t>(v), static_cast<uint64_t>(v >> 64)}; }
    static U128 wide_value(Narrow k) { return U128{k.hi} << 64 | k.lo; }

    // The wide key of a packed one (its won flag ignored).
    LeafWide unpack(Narrow k) const {
        const U128 v = wide_value(k);
        LeafWide w{};
        w.fixed = static_cast<uint64_t>(v >> 1) & fixed_mask_;
        const int drawn = static_cast<int>(static_cast<uint64_t>(v >> s_drawn_) & drawn_mask_) - 1;
        const int pass = static_cast<int>(static_cast<uint64_t>(v >> s_pass_) & pass_mask_);
        int n = 0;
        const auto put = [&](int place, uint32_t rank) {
            (place < 16 ? w.ranks_lo : w.ranks_hi) |= uint64_t{rank} << 4 * (place % 16);
            n += rank != 0;
        };
        for (int g = 0; g < groups_; ++g) {
            uint32_t x = static_cast<uint32_t>(v >> shift_[kGroup * g]) & ((uint32_t{1} << kGroupBits) - 1);
            for (int place = kGroup * g; place < kGroup * (g + 1); ++place, x /= kBase) put(place, x % kBase);
        }
        for (int place = kGroup * groups_; place < places_; ++place)
            put(place, static_cast<uint32_t>(v >> shift_[place]) & 15);
        w.left = LeafWide::left_word(pass, drawn, n);
        return w;
    }

private:
    int places_ = 0, groups_ = 0, bits_ = 0;
    int s_drawn_ = 0, s_pass_ = 0, s_ranks_ = 0;
    uint64_t fixed_mask_ = 0, drawn_mask_ = 0, pass_mask_ = 0;
    uint32_t mul_[kMaxPlaces] = {};
    uint8_t shift_[kMaxPlaces] = {};
};

}  // namespace pyr::nopeek
