// The storage the flat tables share (WordTable, word_table.h; HeadTable,
// head_table.h): one array of slots, a power of two of them, indexed by a
// multiplicative (Fibonacci) hash of a 64-bit key and probed linearly, so
// that a caller can prefetch a key's slot before it looks it up. Each table
// keeps its own load limit, lookups and clearing; this holds the array, its
// allocation and its doubling.
//
// `Policy` says what a slot is: `static uint64_t key(const Slot&)` (the part
// hashed), `static bool empty(const Slot&)` and `static Slot empty_slot()`.
#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "solver/huge_pages.h"

namespace pyr {

template <class Slot, class Policy>
class ProbeTable {
public:
    static constexpr std::size_t kMinCapacity = 1024;

    std::size_t size() const { return size_; }
    std::size_t capacity() const { return capacity_; }

protected:
    // Starts the load of the slot where a probe for `key` (Policy::key's
    // form) begins. (Always inlined: GCC 12 finds a function holding only a
    // prefetch free of side effects and drops calls to it. With no table yet
    // the address is a harmless small one: a prefetch never faults.)
    [[gnu::always_inline]] void prefetch_key(uint64_t key) const {
        __builtin_prefetch(
            reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(slots_.get()) + index(key) * sizeof(Slot)));
    }
    std::size_t index(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift_; }
    std::size_t next(std::size_t i) const { return (i + 1) & (capacity_ - 1); }
    // Every slot empty (the array kept).
    void empty_all() {
        if (slots_) std::fill_n(slots_.get(), capacity_, Policy::empty_slot());
        size_ = 0;
    }
    // Doubles the array (from nothing: kMinCapacity), every entry moved to its new slot.
    void grow() {
        const std::size_t old_capacity = capacity_;
        Slots old = std::move(slots_);
        capacity_ = old_capacity ? 2 * old_capacity : kMinCapacity;
        shift_ = 64 - std::countr_zero(capacity_);
        slots_ = allocate(capacity_);
        std::fill_n(slots_.get(), capacity_, Policy::empty_slot());
        for (std::size_t j = 0; j < old_capacity; ++j) {
            const Slot& s = old[j];
            if (Policy::empty(s)) continue;
            std::size_t i = index(Policy::key(s));
            while (!Policy::empty(slots_[i])) i = next(i);
            slots_[i] = s;
        }
    }

    struct Free {
        void operator()(Slot* p) const { std::free(p); }
    };
    using Slots = std::unique_ptr<Slot[], Free>;
    // Cache-line aligned; arrays of 2 MiB and more in huge pages (huge_pages.h).
    static Slots allocate(std::size_t n) {
        // (n * sizeof(Slot) is a multiple of 64: n >= kMinCapacity, a power of two)
        return Slots(static_cast<Slot*>(huge_alloc(n * sizeof(Slot), 64)));
    }

    Slots slots_;
    std::size_t capacity_ = 0, size_ = 0;
    int shift_ = 63;  // 64 - log2(capacity); 63 while empty, so index() stays defined
};

}  // namespace pyr
