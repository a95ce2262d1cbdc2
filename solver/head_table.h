// The heads of the entry lists of the A* searches over chains (reach_entry,
// chain_walk.h): removed set -> its latest entry (EntryHead), one 16-byte
// slot each, four to a cache line.
//
// Open addressing with linear probing over one flat array, indexed by a
// multiplicative (Fibonacci) hash of the removed set, kept at most half
// full: a lookup, hit or miss, reads one cache line almost always (Boost's
// table reads its group's metadata and then the slot: two), and the caller
// can prefetch that line as soon as it knows the removed set, before the
// lookup (issue 37 item 2: the dominance scan was half of a target
// question's time, its misses most of that). Same contents and lookups as a
// map: the searches see the same entries in the same order.
//
// The empty slot's key is the all-ones word, which no removed set is (at
// most kMaxSlots < 64 cards).
#pragma once
#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <memory>
#include <new>
#include <stdexcept>
#include <utility>

#include "engine/board.h"

namespace pyr {

inline constexpr uint32_t kNoEntry = 0xFFFFFFFFu;
struct EntryHead {
    uint32_t index = kNoEntry;  // the list's latest node
    uint16_t g = 0;             // its g, pos and pass (a node's never change)
    uint8_t pos = 0, pass = 0;
};

class HeadTable {
public:
    static_assert(kMaxSlots < 64, "the all-ones word is no removed set");
    struct Slot {
        uint64_t first;  // the removed set (kEmpty: none)
        EntryHead second;
    };
    static_assert(sizeof(Slot) == 16, "four slots to a cache line");
    using value_type = Slot;
    static constexpr uint64_t kEmpty = ~uint64_t{0};
    static constexpr std::size_t kMinCapacity = 1024;

    HeadTable() = default;
    HeadTable(HeadTable&&) noexcept = default;
    HeadTable& operator=(HeadTable&&) noexcept = default;

    std::size_t size() const { return size_; }
    std::size_t bucket_count() const { return capacity_; }
    std::size_t max_load() const { return capacity_ / 2; }

    // Starts the load of the slot where `key`'s probe begins. (Always
    // inlined, as WordTable::prefetch; with no table yet the address is a
    // harmless small one: a prefetch never faults.)
    [[gnu::always_inline]] void prefetch(uint64_t key) const {
        __builtin_prefetch(
            reinterpret_cast<const void*>(reinterpret_cast<std::uintptr_t>(slots_.get()) + index(key) * sizeof(Slot)));
    }

    // The slot of `key`, inserted (with a default EntryHead) if absent.
    std::pair<Slot*, bool> try_emplace(uint64_t key) {
        if (size_ >= max_load()) grow();
        for (std::size_t i = index(key);; i = (i + 1) & (capacity_ - 1)) {
            Slot& slot = slots_[i];
            if (slot.first == key) return {&slot, false};
            if (slot.first == kEmpty) {
                slot.first = key;
                slot.second = EntryHead{};
                ++size_;
                return {&slot, true};
            }
        }
    }
    // The head of `key`, which must be in the table.
    EntryHead& at(uint64_t key) {
        if (capacity_ > 0)
            for (std::size_t i = index(key);; i = (i + 1) & (capacity_ - 1)) {
                Slot& slot = slots_[i];
                if (slot.first == key) return slot.second;
                if (slot.first == kEmpty) break;
            }
        throw std::out_of_range("HeadTable::at: no such removed set");
    }

    void clear() {
        if (slots_) std::fill_n(slots_.get(), capacity_, Slot{kEmpty, EntryHead{}});
        size_ = 0;
    }

private:
    std::size_t index(uint64_t key) const { return (key * 0x9E3779B97F4A7C15ull) >> shift_; }
    void grow() {
        const std::size_t old_capacity = capacity_;
        Slots old = std::move(slots_);
        capacity_ = old_capacity ? 2 * old_capacity : kMinCapacity;
        shift_ = 64 - std::countr_zero(capacity_);
        slots_ = allocate(capacity_);
        std::fill_n(slots_.get(), capacity_, Slot{kEmpty, EntryHead{}});
        for (std::size_t j = 0; j < old_capacity; ++j) {
            const Slot& s = old[j];
            if (s.first == kEmpty) continue;
            std::size_t i = index(s.first);
            while (slots_[i].first != kEmpty) i = (i + 1) & (capacity_ - 1);
            slots_[i] = s;
        }
    }
    struct Free {
        void operator()(Slot* p) const { std::free(p); }
    };
    using Slots = std::unique_ptr<Slot[], Free>;
    static Slots allocate(std::size_t n) {
        void* p = std::aligned_alloc(64, n * sizeof(Slot));
        if (!p) throw std::bad_alloc();
        return Slots(static_cast<Slot*>(p));
    }
    Slots slots_;
    std::size_t capacity_ = 0, size_ = 0;
    int shift_ = 63;  // 64 - log2(capacity); 63 while empty, so index() stays defined
};

}  // namespace pyr
