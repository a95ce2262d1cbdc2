// The walk memo's table (solver/searches.h, WalkMemo): a set of 64-bit words,
// each a key in its low kKeyBits bits and a small value above them that
// hashing and equality do not see, so it is updated in place.
//
// Open addressing with linear probing over one flat array of words, 8 bytes
// an entry and no other metadata, indexed by a multiplicative (Fibonacci)
// hash of the key, so that the walk can prefetch a key's slot before it looks
// it up (why not Boost's table: docs/design.md, "Notes on the searches").
//
// No entry is ever lost or invented: a lookup returns the slot holding the
// key, or an empty slot where it is then inserted. The empty slot is the
// all-ones word, which no stored word may be (the caller's static_assert).
#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace pyr {

template <int kKeyBits>
class WordTable {
public:
    static_assert(kKeyBits > 0 && kKeyBits < 64, "a key and a value share the word");
    static constexpr uint64_t kKeyMask = (uint64_t{1} << kKeyBits) - 1;
    static constexpr uint64_t kEmpty = ~uint64_t{0};
    static constexpr std::size_t kMinCapacity = 1024;
    // A table this small is kept by clear() whatever the last use needed:
    // emptying it costs less than growing it again.
    static constexpr std::size_t kKeepCapacity = std::size_t{1} << 15;

    WordTable() = default;
    WordTable(WordTable&&) noexcept = default;
    WordTable& operator=(WordTable&&) noexcept = default;

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }
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

    // Starts the load of the slot where `key`'s search begins. (Always
    // inlined: GCC 12 finds a function holding only a prefetch free of side
    // effects and drops calls to it. With no table yet the address is a
    // harmless 0 or 8: a prefetch never faults.)
    [[gnu::always_inline]] void prefetch(uint64_t key) const {
        __builtin_prefetch(reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(slots_.get()) +
                                                         index(key) * sizeof(uint64_t)));
    }

    // The slot holding a word with `word`'s key, or, inserted, `word` itself.
    std::pair<uint64_t*, bool> insert(uint64_t word) {
        if (size_ >= max_load()) grow();
        for (std::size_t i = index(word);; i = (i + 1) & (capacity_ - 1)) {
            uint64_t& slot = slots_[i];
            if (slot == kEmpty) {
                slot = word;
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
        std::fill_n(slots_.get(), capacity_, kEmpty);
        size_ = 0;
    }

private:
    std::size_t index(uint64_t key) const { return ((key & kKeyMask) * 0x9E3779B97F4A7C15ull) >> shift_; }
    void grow() {
        const std::size_t old_capacity = capacity_;
        Slots old = std::move(slots_);
        capacity_ = old_capacity ? 2 * old_capacity : kMinCapacity;
        shift_ = 64 - std::countr_zero(capacity_);
        slots_ = allocate(capacity_);
        std::fill_n(slots_.get(), capacity_, kEmpty);
        for (std::size_t j = 0; j < old_capacity; ++j) {
            const uint64_t w = old[j];
            if (w == kEmpty) continue;
            std::size_t i = index(w);
            while (slots_[i] != kEmpty) i = (i + 1) & (capacity_ - 1);
            slots_[i] = w;
        }
    }

    struct Free {
        void operator()(uint64_t* p) const { std::free(p); }
    };
    using Slots = std::unique_ptr<uint64_t[], Free>;
    // Tables of 2 MiB and more are aligned to 2 MiB and asked for in huge
    // pages where the kernel offers them (transparent huge pages, madvise
    // mode): random lookups then miss the TLB far less.
    static Slots allocate(std::size_t n) {
        constexpr std::size_t kHuge = std::size_t{2} << 20;
        const std::size_t bytes = n * sizeof(uint64_t);
        void* p = bytes >= kHuge ? std::aligned_alloc(kHuge, bytes) : std::malloc(bytes);
        if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
        if (bytes >= kHuge) madvise(p, bytes, MADV_HUGEPAGE);
#endif
        return Slots(static_cast<uint64_t*>(p));
    }
    Slots slots_;
    std::size_t capacity_ = 0, size_ = 0;
    int shift_ = 63;  // 64 - log2(capacity); 63 while empty, so index() stays defined
};

}  // namespace pyr
