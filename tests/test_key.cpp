// The packed position: key layout round trips and canonical stock boundary.
#include <catch2/catch.hpp>

#include <unordered_set>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "tests/support.h"

using namespace pyr;

TEST_CASE("encode/decode round-trips every field at its limits", "[key]") {
    test::Rng rng(42);
    std::unordered_set<uint64_t> keys;
    for (int i = 0; i < 100000; ++i) {
        State s;
        s.removed = rng.next() & key_layout::kSlotMask;
        s.pos = static_cast<uint8_t>(rng.below(64));
        s.pass = static_cast<uint8_t>(rng.below(64));
        const uint64_t k = encode(s);
        REQUIRE(decode(k) == s);
        keys.insert(k);
    }
    CHECK(keys.size() > 99990);  // distinct states give distinct keys (collisions only from equal draws)
    const State top{key_layout::kSlotMask, 63, 63};
    CHECK(encode(top) == ~uint64_t{0});
    CHECK(decode(~uint64_t{0}) == top);
    CHECK(encode(State{0, 0, 1}) == uint64_t{1} << 58);
    CHECK(encode(State{0, 1, 0}) == uint64_t{1} << 52);
    CHECK(encode(State{uint64_t{1} << 51, 0, 0}) == uint64_t{1} << 51);
}

TEST_CASE("fields never bleed into each other", "[key]") {
    for (int p = 0; p < 64; ++p)
        for (int q = 0; q < 64; ++q) {
            const State s{key_layout::kSlotMask, static_cast<uint8_t>(p), static_cast<uint8_t>(q)};
            REQUIRE(decode(encode(s)) == s);
        }
}

TEST_CASE("the canonical stock boundary is unique and keeps the position", "[key]") {
    const Board b(deal_from_seed(*find_preset("msc"), "5"));
    test::Rng rng(7);
    for (int i = 0; i < 20000; ++i) {
        State s;
        s.removed = (rng.next() & b.stock_mask()) | (rng.next() & b.tableau_mask());
        s.pos = static_cast<uint8_t>(rng.below(25));
        s.pass = static_cast<uint8_t>(rng.below(3));
        const State c = b.canonical(s);
        REQUIRE(b.canonical(c) == c);
        // Same waste and stock contents, so the same playable cards and moves.
        REQUIRE(b.playable(c) == b.playable(s));
        REQUIRE(b.stock_empty(c) == b.stock_empty(s));
        REQUIRE(b.can_redeal(c) == b.can_redeal(s));
        REQUIRE(c.pos <= s.pos);
    }
}
