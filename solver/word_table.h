// The walk memo's table (solver/searches.h, WalkMemo): a set of 64-bit words,
// each a key in its low kKeyBits bits and a small value above them that
// hashing and equality do not see, so it is updated in place.
//
// Open addressing with linear probing over one flat array of words, 8 bytes
// an entry and no other metadata, indexed by a multiplicative (Fibonacci)
// hash of the key, so that the walk can prefetch a key's slot before it looks
// it up (why not Boost's table: docs/design.md, "Notes on the searches"); the
// array, its hash and its doubling are ProbeTable's (probe_table.h), shared
// with HeadTable.
//
// No entry is ever lost or invented: a lookup returns the slot holding the
// key, or an empty slot where it is then inserted. The empty slot is the
// all-ones word, which no stored word may be (the caller's static_assert).
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <utility>

#include "solver/probe_table.h"

namespace pyr {

template <int kKeyBits>
struct WordSlots {
    static constexpr uint64_t kKeyMask = (uint64_t{1} << kKeyBits) - 1;
    static constexpr uint64_t kEmpty = ~uint64_t{0};
    static uint64_t key(uint64_t w) { return w & kKeyMask; }
    static bool empty(uint64_t w) { return w == kEmpty; }
    static uint64_t empty_slot() { return kEmpty; }
};

template <int kKeyBits>
class WordTable : public ProbeTable<uint64_t, WordSlots<kKeyBits>> {
    using Base = ProbeTable<uint64_t, WordSlots<kKeyBits>>;
    using Base::capacity_;
    using Base::size_;
    using Base::slots_;

public:
    static_assert(kKeyBits > 0 && kKeyBits < 64, "a key and a value share the word");
    static constexpr uint64_t kKeyMask = WordSlots<kKeyBits>::kKeyMask;
    static constexpr uint64_t kEmpty = WordSlots<kKeyBits>::kEmpty;
    using Base::kMinCapacity;
    // A table this small is kept by clear() whatever the last use needed:
    // emptying it costs less than growing it again.
    static constexpr std::size_t kKeepCapacity = std::size_t{1} << 15;

    WordTable() = default;
    WordTable(WordTable&&) noexcept = default;
    WordTable& operator=(WordTable&&) noexcept = default;

    // Grows (doubles) when an insert would pass 3/4 full: linear probing
    // stays within a cache line or two up to there.
    std::size_t max_load() const { return capacity_ - capacity_ / 4; }
    // Bytes held now; with `grow`, after one more doubling when `margin`
    // more entries could pass the load limit.
    std::size_t bytes(bool grow, std::size_t margin) const {
        std::size_t cap = capacity_;
        if (grow && size_ > 0 && size_ + margin > max_load()) cap = cap ? 2 * cap : kMinCapacity;
        return cap * sizeof(uint64_t);
    }

    // Starts the load of the slot where `key`'s search begins (probe_table.h).
    [[gnu::always_inline]] void prefetch(uint64_t key) const { this->prefetch_key(key & kKeyMask); }

    // The slot holding a word with `word`'s key, or, inserted, `word` itself.
    std::pair<uint64_t*, bool> insert(uint64_t word) {
        if (size_ >= max_load()) this->grow();
        for (std::size_t i = this->index(word & kKeyMask);; i = this->next(i)) {
            uint64_t& slot = slots_[i];
            if (slot == kEmpty) {
                slot = word;
                if (size_ < kTracked) touched_[size_] = static_cast<uint32_t>(i);
                ++size_;
                return {&slot, true};
            }
            if (((slot ^ word) & kKeyMask) == 0) return {&slot, false};
        }
    }

    // Empties the table; with `keep_bytes`, keeps its memory only up to that
    // many bytes, and no more than the last use needed (clearing costs time
    // in proportion to capacity, which the next small search would pay).
    void clear(std::size_t keep_bytes) {
        std::size_t want = kMinCapacity;
        while (want - want / 4 < size_) want *= 2;
        if (capacity_ * sizeof(uint64_t) > keep_bytes || (want < capacity_ / 4 && capacity_ > kKeepCapacity)) {
            *this = WordTable();
            return;
        }
        // A small use (the no-peek optimum's leaf games: a few to a few dozen
        // positions, about 2 million searches at k = 10) empties only the
        // slots it filled, instead of the whole array (1,024 slots at least:
        // perf, k = 10, the memset took 2% of the time).
        if (size_ <= kTracked) {
            for (std::size_t j = 0; j < size_; ++j) slots_[touched_[j]] = kEmpty;
            size_ = 0;
            return;
        }
        this->empty_all();
    }

private:
    // The slots of the first kTracked entries inserted since the table was
    // last emptied, in insertion order. An entry never moves but when the
    // table grows, which happens only past kMinCapacity * 3/4 entries, so
    // while size_ <= kTracked these are exactly the slots in use.
    static constexpr std::size_t kTracked = 64;
    static_assert(kTracked < Base::kMinCapacity - Base::kMinCapacity / 4, "no growth below kTracked entries");
    std::array<uint32_t, kTracked> touched_;
};

}  // namespace pyr
