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
// map: the searches see the same entries in the same order. The array, its
// hash and its doubling are ProbeTable's (probe_table.h), shared with the
// walk memo's WordTable.
//
// The empty slot's key is the all-ones word, which no removed set is (at
// most kMaxSlots < 64 cards).
#pragma once
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include "engine/board.h"
#include "solver/probe_table.h"

namespace pyr {

inline constexpr uint32_t kNoEntry = 0xFFFFFFFFu;
struct EntryHead {
    uint32_t index = kNoEntry;  // the list's latest node
    uint16_t g = 0;             // its g, pos and pass (a node's never change)
    uint8_t pos = 0, pass = 0;
};

struct HeadSlot {
    uint64_t first;  // the removed set (all ones: none)
    EntryHead second;
};
struct HeadSlots {
    static uint64_t key(const HeadSlot& s) { return s.first; }
    static bool empty(const HeadSlot& s) { return s.first == ~uint64_t{0}; }
    static HeadSlot empty_slot() { return HeadSlot{~uint64_t{0}, EntryHead{}}; }
};

class HeadTable : public ProbeTable<HeadSlot, HeadSlots> {
public:
    static_assert(kMaxSlots < 64, "the all-ones word is no removed set");
    using Slot = HeadSlot;
    static_assert(sizeof(Slot) == 16, "four slots to a cache line");
    using value_type = Slot;
    static constexpr uint64_t kEmpty = ~uint64_t{0};

    HeadTable() = default;
    HeadTable(HeadTable&&) noexcept = default;
    HeadTable& operator=(HeadTable&&) noexcept = default;

    std::size_t bucket_count() const { return capacity_; }
    std::size_t max_load() const { return capacity_ / 2; }

    // Starts the load of the slot where `key`'s probe begins (probe_table.h).
    [[gnu::always_inline]] void prefetch(uint64_t key) const { prefetch_key(key); }

    // The slot of `key`, inserted (with a default EntryHead) if absent.
    std::pair<Slot*, bool> try_emplace(uint64_t key) {
        if (size_ >= max_load()) grow();
        for (std::size_t i = index(key);; i = next(i)) {
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
            for (std::size_t i = index(key);; i = next(i)) {
                Slot& slot = slots_[i];
                if (slot.first == key) return slot.second;
                if (slot.first == kEmpty) break;
            }
        throw std::out_of_range("HeadTable::at: no such removed set");
    }

    void clear() { empty_all(); }
};

}  // namespace pyr
