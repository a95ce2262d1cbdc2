// The walk memo's table (solver/word_table.h) and the A* heads' table
// (solver/head_table.h), both on solver/probe_table.h, against a reference
// map: they never lose an entry and never invent one, through growth and
// clearing.
#include <catch2/catch.hpp>

#include <unordered_map>

#include "solver/head_table.h"
#include "solver/search_util.h"
#include "solver/word_table.h"
#include "tests/support.h"

using namespace pyr;

namespace {
using Memo = WordTable<52>;
constexpr uint64_t kKeyMask = Memo::kKeyMask;

// Inserts each word, checking the answer against `ref` (key -> value), and
// sometimes overwrites the value in place as the walk memo does.
void exercise(Memo& t, std::unordered_map<uint64_t, uint64_t>& ref, test::Rng& rng, int ops, uint64_t universe) {
    for (int i = 0; i < ops; ++i) {
        // Keys from a small universe (so that many lookups hit), spread over
        // all 52 bits, with the high and low bits set now and then.
        uint64_t key = (rng.next() % universe) * 0x9E3779B97F4Aull & kKeyMask;
        if (i % 97 == 0) key = kKeyMask - (rng.next() % 4);
        const uint64_t value = rng.next() % 4095;  // never all ones: the empty slot
        const uint64_t word = key | (value << 52);
        t.prefetch(word);
        auto [slot, inserted] = t.insert(word);
        auto it = ref.find(key);
        REQUIRE(inserted == (it == ref.end()));
        REQUIRE((*slot & kKeyMask) == key);
        if (inserted) {
            REQUIRE(*slot == word);
            ref.emplace(key, value);
        } else {
            REQUIRE(*slot >> 52 == it->second);
            if (value < it->second) {  // as WalkMemo::arrive: an earlier time replaces the stored one
                *slot = word;
                it->second = value;
            }
        }
        REQUIRE(t.size() == ref.size());
        REQUIRE(t.size() <= t.max_load());
    }
}
}  // namespace

TEST_CASE("the walk memo's table agrees with a reference map through growth", "[memo]") {
    test::Rng rng(11);
    Memo t;
    t.prefetch(123);  // no table yet: harmless
    REQUIRE(t.capacity() == 0);
    std::unordered_map<uint64_t, uint64_t> ref;
    exercise(t, ref, rng, 300000, 150000);
    REQUIRE(t.capacity() >= 2 * Memo::kMinCapacity);
    // Every stored key is found again, with its value.
    for (const auto& [key, value] : ref) {
        auto [slot, inserted] = t.insert(key | (uint64_t{7} << 52));
        REQUIRE_FALSE(inserted);
        REQUIRE(*slot == (key | (value << 52)));
    }
}

TEST_CASE("the walk memo's table forgets everything when cleared, keeping its memory only when asked", "[memo]") {
    test::Rng rng(12);
    Memo t;
    std::unordered_map<uint64_t, uint64_t> ref;
    exercise(t, ref, rng, 20000, 1 << 30);
    const std::size_t cap = t.capacity();
    // bytes(grow): one more doubling once `margin` more entries could pass the load limit.
    REQUIRE(t.bytes(false, 0) == cap * 8);
    REQUIRE(t.bytes(true, t.max_load() - t.size() + 1) == 2 * cap * 8);
    REQUIRE(t.bytes(true, t.max_load() - t.size()) == cap * 8);

    t.clear(cap * 8);  // kept: the last use needed this size
    REQUIRE(t.size() == 0);
    REQUIRE(t.capacity() == cap);
    std::unordered_map<uint64_t, uint64_t> again;
    exercise(t, again, rng, 5000, 1 << 30);  // old keys come back as new

    t.clear(cap * 8 - 1);  // over the limit: released
    REQUIRE(t.capacity() == 0);
    REQUIRE(t.size() == 0);
    std::unordered_map<uint64_t, uint64_t> third;
    exercise(t, third, rng, 3000, 1000);

    // A table much larger than its last use needs is released too, so the
    // next small search does not pay for clearing it.
    Memo big;
    std::unordered_map<uint64_t, uint64_t> r4;
    exercise(big, r4, rng, 40000, 1 << 30);
    big.clear(std::size_t{1} << 30);
    REQUIRE(big.capacity() > 0);
    exercise(big, r4 = {}, rng, 10, 1 << 30);
    big.clear(std::size_t{1} << 30);
    REQUIRE(big.capacity() == 0);
}

TEST_CASE("the walk memo's table, cleared after small uses, forgets every entry (only the slots used are emptied)",
          "[memo]") {
    test::Rng rng(13);
    Memo t;
    for (int round = 0; round < 400; ++round) {
        // Uses of 0 to 100 entries (about 64 and below: only their slots
        // emptied; above: the whole array), drawn from a small universe so
        // that a later round meets the earlier rounds' keys.
        std::unordered_map<uint64_t, uint64_t> ref;
        exercise(t, ref, rng, static_cast<int>(rng.next() % 160), 120);
        REQUIRE(t.size() == ref.size());
        t.clear(std::size_t{1} << 30);
        REQUIRE(t.size() == 0);
        REQUIRE(t.capacity() <= Memo::kMinCapacity);  // (never grown: kept)
    }
    // And after growing past the first array, small uses again.
    std::unordered_map<uint64_t, uint64_t> big;
    exercise(t, big, rng, 5000, 1 << 30);
    t.clear(std::size_t{1} << 30);
    for (int round = 0; round < 100; ++round) {
        std::unordered_map<uint64_t, uint64_t> ref;
        exercise(t, ref, rng, static_cast<int>(rng.next() % 100), 80);
        t.clear(std::size_t{1} << 30);
    }
}

TEST_CASE("bit_positions lists a mask's set bits in order, as one bit at a time does", "[memo]") {
    test::Rng rng(52);
    for (int i = 0; i < 20000; ++i) {
        // Sparse and dense masks of up to 52 bits, as the walks' stock masks.
        auto bits26 = [&] { return static_cast<uint64_t>(rng.below(1 << 26)); };
        uint64_t m = bits26() << 26 | bits26();
        if (i % 3 == 0) m &= bits26() << 26 | bits26();
        if (i % 5 == 0) m = 0;
        uint8_t got[52 + 8];
        const int n = bit_positions(m, got);
        int k = 0;
        for (uint64_t q = m; q; q &= q - 1) {
            REQUIRE(k < n);
            REQUIRE(got[k++] == std::countr_zero(q));
        }
        REQUIRE(k == n);
    }
}

TEST_CASE("the A* heads' table agrees with a reference map through growth and clearing", "[memo]") {
    test::Rng rng(12);
    HeadTable t;
    REQUIRE(t.bucket_count() == 0);
    CHECK_THROWS_AS(t.at(5), std::out_of_range);
    for (int round = 0; round < 2; ++round) {
        std::unordered_map<uint64_t, uint32_t> ref;
        for (int i = 0; i < 20000; ++i) {
            // Removed sets of up to 52 cards, the last bit now and then.
            uint64_t key = (rng.next() % 6000) * 0x9E3779B97F4Aull & ((uint64_t{1} << 52) - 1);
            if (i % 101 == 0) key = (uint64_t{1} << 52) - 1 - rng.next() % 4;
            t.prefetch(key);
            auto [slot, inserted] = t.try_emplace(key);
            const auto it = ref.find(key);
            REQUIRE(inserted == (it == ref.end()));
            REQUIRE(slot->first == key);
            if (inserted) {
                REQUIRE(slot->second.index == kNoEntry);
                slot->second.index = static_cast<uint32_t>(i);
                ref.emplace(key, static_cast<uint32_t>(i));
            } else {
                REQUIRE(slot->second.index == it->second);
            }
            REQUIRE(t.size() == ref.size());
            REQUIRE(t.size() <= t.max_load());
        }
        REQUIRE(t.bucket_count() >= 2 * ref.size());  // grown, kept at most half full
        for (const auto& [key, index] : ref) REQUIRE(t.at(key).index == index);
        t.clear();
        REQUIRE(t.size() == 0);
        for (const auto& [key, index] : ref) CHECK_THROWS_AS(t.at(key), std::out_of_range);
    }
}
