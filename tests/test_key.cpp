// The packed position: key layout round trips and canonical stock boundary.
#include <catch2/catch.hpp>

#include <set>
#include <unordered_map>
#include <unordered_set>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/table.h"
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

namespace {

// Positions reached by random legal plays from the start of the board's deal.
std::vector<State> reached(const Board& b, test::Rng& rng, int plays, int steps) {
    std::vector<State> out;
    for (int g = 0; g < plays; ++g) {
        State s = b.initial();
        out.push_back(s);
        for (int i = 0; i < steps; ++i) {
            SlotMove buf[kMaxMoves];
            const int n = b.legal_moves(s, buf);
            if (n == 0) break;
            s = b.apply(s, buf[rng.below(n)]);
            out.push_back(s);
        }
    }
    return out;
}

uint64_t bits(std::initializer_list<int> slots) {
    uint64_t m = 0;
    for (int s : slots) m |= uint64_t{1} << s;
    return m;
}

}  // namespace

TEST_CASE("every new layout's reached positions round-trip and are canonical", "[key]") {
    test::Rng rng(11);
    for (const char* name : {"giza", "tuts-tomb", "triangle", "spanish"}) {
        INFO(name);
        Variant v = *find_preset(name);
        for (bool overlap : {false, true}) {
            v.overlap = overlap;
            for (const char* seed : {"1", "2", "31999", "123456"}) {
                const Board b(deal_from_seed(v, seed));
                for (const State& s : reached(b, rng, 20, 150)) {
                    REQUIRE(decode(encode(s)) == s);
                    REQUIRE(b.canonical(s) == s);
                    REQUIRE((s.removed & ~b.all_mask()) == 0);  // no bit beyond the deck
                    REQUIRE(int{s.pos} <= b.stock_size());
                    if (b.unlimited()) REQUIRE(s.pass == 0);
                }
            }
        }
    }
}

TEST_CASE("the exposed tableau and reserve cards: the bit-parallel form agrees with the covers, card by card",
          "[key]") {
    test::Rng rng(12);
    for (Variant v : presets()) {
        INFO(v.name);
        for (bool open : {false, true}) {
            if (open && v.reserve_piles == 0) continue;
            v.reserves_open = open;
            const Board b(deal_from_seed(v, "7"));
            for (int i = 0; i < 2000; ++i) {
                // Any removed set, sparse or dense (reachable or not: the rule is per card).
                uint64_t removed = rng.next() & b.all_mask();
                if (i % 3 == 0) removed &= rng.next();
                if (i % 3 == 1) removed |= rng.next() & b.all_mask();
                uint64_t want = 0;
                for (int x = 0; x < b.fixed(); ++x)
                    if (!(removed >> x & 1) && (b.cover(x) & ~removed) == 0) want |= uint64_t{1} << x;
                REQUIRE(b.fixed_playable(removed) == want);
            }
        }
    }
}

TEST_CASE("giza: 52 fixed slots, no stock, reserves empty top-down unless open", "[key]") {
    const Variant giza = *find_preset("giza");
    const Board b(deal_from_seed(giza, "24"));
    CHECK(b.slots() == 52);
    CHECK(b.fixed() == 52);
    CHECK(b.stock_size() == 0);
    CHECK(b.stock_mask() == 0);
    CHECK(b.initial() == State{});
    // Pile p occupies slots 28+3p (bottom) .. 30+3p (top); each card is
    // covered by the one on it.
    for (int p = 0; p < 8; ++p) {
        const int bottom = 28 + 3 * p;
        CHECK(b.cover(bottom) == bits({bottom + 1}));
        CHECK(b.cover(bottom + 1) == bits({bottom + 2}));
        CHECK(b.cover(bottom + 2) == 0);
        CHECK(b.below(bottom) == 0);
        CHECK(b.below(bottom + 2) == bits({bottom, bottom + 1}));
    }
    uint64_t tops = 0;
    for (int p = 0; p < 8; ++p) tops |= bits({30 + 3 * p});
    CHECK(b.playable(b.initial()) == (tops | (uint64_t{0x7F} << 21)));

    // Removed-bit patterns of a pile: with tops only, always a top run
    // (none, top, top two, all three); open reserves reach the others too.
    auto patterns = [&](const Variant& v) {
        test::Rng rng(5);
        std::set<int> seen;
        for (const char* seed : {"24", "617", "11982", "32001"}) {
            const Board board(deal_from_seed(v, seed));
            for (const State& s : reached(board, rng, 200, 60)) {
                REQUIRE(s.pos == 0);
                REQUIRE(s.pass == 0);
                for (int p = 0; p < 8; ++p) seen.insert(static_cast<int>((s.removed >> (28 + 3 * p)) & 7));
            }
        }
        return seen;
    };
    // Bit 0 is the bottom card, bit 2 the top.
    CHECK(patterns(giza) == std::set<int>{0b000, 0b100, 0b110, 0b111});
    Variant open = giza;
    open.reserves_open = true;
    const Board ob(deal_from_seed(open, "24"));
    for (int s = 28; s < 52; ++s) CHECK(ob.cover(s) == 0);
    CHECK((ob.playable(ob.initial()) & ~ob.tableau_mask()) == ((uint64_t{1} << 24) - 1) << 28);  // all 24 play
    const std::set<int> open_patterns = patterns(open);
    CHECK(open_patterns.size() == 8);  // every subset of a pile, buried cards first included
}

TEST_CASE("triangle: card (r, c) is covered by (r+1, c-1) and (r+1, c)", "[key]") {
    const Board b(deal_from_seed(*find_preset("triangle"), "3"));
    // Rows of 7, 6, ..., 1 cards start at slots 0, 7, 13, 18, 22, 25, 27.
    CHECK(b.cover(0) == bits({7}));  // a row's first card: one cover
    CHECK(b.cover(1) == bits({7, 8}));
    CHECK(b.cover(6) == bits({12}));  // a row's last card: one cover
    CHECK(b.cover(7) == bits({13}));
    CHECK(b.cover(12) == bits({17}));
    CHECK(b.cover(22) == bits({25}));
    CHECK(b.cover(23) == bits({25, 26}));
    CHECK(b.cover(25) == bits({27}));
    CHECK(b.cover(26) == bits({27}));
    CHECK(b.cover(27) == 0);                              // the last row's single card
    CHECK(b.below(27) == b.tableau_mask() - bits({27}));  // it covers every other card
    // At the start only that card, the stock top and the starting waste card play.
    CHECK(b.playable(b.initial()) == bits({27, 28, 29}));
    // Removing it exposes both cards of the row above.
    State s = b.initial();
    s.removed |= bits({27});
    CHECK((b.playable(s) & b.tableau_mask()) == bits({25, 26}));
}

TEST_CASE("draw three: three start on the waste, the canonical boundary keeps play and future draws", "[key]") {
    const Variant tut = *find_preset("tuts-tomb");
    const Board b(deal_from_seed(tut, "617"));
    CHECK(b.stock_size() == 24);
    CHECK(b.unlimited());
    const State start = b.initial();
    CHECK(start.pos == 3);  // slots 28, 29, 30 dealt to the waste at the start
    CHECK(b.playable(start) == (bits({30}) | (uint64_t{0x7F} << 21)));  // waste top only; stock face down
    // A draw takes the next three cards still in the stock, skipping removed ones.
    State s = start;
    s.removed |= bits({32});
    CHECK(b.apply(s, SlotMove{SlotMove::Draw, 0, 0}).pos == 7);  // 31, 33, 34
    CHECK(b.apply(start, SlotMove{SlotMove::Draw, 0, 0}).pos == 6);
    // The last draw takes what is left.
    State end = start;
    end.pos = 22;
    CHECK(b.apply(end, SlotMove{SlotMove::Draw, 0, 0}).pos == 24);

    test::Rng rng(3);
    const SlotMove draw{SlotMove::Draw, 0, 0}, redeal{SlotMove::Redeal, 0, 0};
    for (int i = 0; i < 20000; ++i) {
        State x;
        x.removed = (rng.next() & rng.next() & b.stock_mask()) | (rng.next() & b.tableau_mask());
        x.pos = static_cast<uint8_t>(rng.below(25));
        const State c = b.canonical(x);
        REQUIRE(b.canonical(c) == c);
        REQUIRE(c.pos <= x.pos);
        REQUIRE(b.playable(c) == b.playable(x));
        REQUIRE(b.stock_empty(c) == b.stock_empty(x));
        REQUIRE(b.can_redeal(c) == b.can_redeal(x));
        // The same future: draw after draw (and a redeal) lead to the same positions.
        State xs = x, cs = c;
        for (int k = 0; k < 10 && !b.stock_empty(xs); ++k) {
            xs = b.apply(xs, draw);
            cs = b.apply(cs, draw);
            REQUIRE(xs == cs);
        }
        if (b.can_redeal(xs)) REQUIRE(b.apply(xs, redeal) == b.apply(cs, redeal));
    }
}

TEST_CASE("spanish: 48 slots, a 20-card stock, the 12 goes alone", "[key]") {
    const Board b(deal_from_seed(*find_preset("spanish"), "27"));
    CHECK(b.slots() == 48);
    CHECK(b.stock_size() == 20);
    CHECK(b.all_mask() == (uint64_t{1} << 48) - 1);
    CHECK(b.stock_mask() == ((uint64_t{1} << 48) - 1) - ((uint64_t{1} << 28) - 1));
    for (int i = 0; i < 48; ++i) {
        INFO("slot " << i);
        CHECK(b.slot_of(b.card(i)) == i);
        // Partners sum to 12 and the 12 has none.
        for (int j = 0; j < 48; ++j) CHECK(((b.partners(i) >> j) & 1) == (i != j && b.rank(i) + b.rank(j) == 12));
    }
    test::Rng rng(9);
    for (const State& s : reached(b, rng, 50, 80)) {
        SlotMove buf[kMaxMoves];
        const int n = b.legal_moves(s, buf);
        for (int k = 0; k < n; ++k)
            if (buf[k].kind == SlotMove::Single) REQUIRE(b.rank(buf[k].a) == 12);
    }
    State all;
    all.removed = b.all_mask();
    CHECK(b.won(all));
}

TEST_CASE("apophis: the mixed-radix key round-trips and tells positions apart", "[key]") {
    // Key = offset[pass] + ((tableau pattern index * 25 + dealt) * (pass + 2)^24
    //       + sum of epoch(j) * (pass + 2)^j): reached positions of every pass
    // must come back exactly, and distinct positions must get distinct keys.
    test::Rng rng(31);
    const Variant v = *find_preset("apophis");
    std::unordered_map<uint64_t, State> seen;
    int passes_seen[3] = {};
    for (const char* seed : {"1", "2", "3", "24", "617", "11982", "32000", "123456"}) {
        const Board b(deal_from_seed(v, seed));
        REQUIRE(b.rows_redeal());
        for (int game = 0; game < 40; ++game) {
            State s = b.initial();
            for (int step = 0; step < 200; ++step) {
                const uint64_t k = b.key(s);
                REQUIRE(b.state_of(k) == s);
                auto [it, fresh] = seen.try_emplace(k ^ (std::hash<std::string>{}(seed) << 1), s);
                if (!fresh) REQUIRE(it->second == s);
                ++passes_seen[s.pass];
                SlotMove buf[kMaxMoves];
                const int n = b.legal_moves(s, buf);
                if (n == 0) break;
                // Prefer drawing and redealing now and then, to reach later passes.
                int pick = rng.below(n);
                for (int i = 0; i < n; ++i)
                    if (buf[i].kind != SlotMove::Pair && buf[i].kind != SlotMove::Single && rng.below(2)) pick = i;
                s = b.apply(s, buf[pick]);
            }
        }
    }
    for (int p = 0; p < 3; ++p) {
        INFO("pass " << p);
        CHECK(passes_seen[p] > 100);
    }
    // The largest key (pass 3, everything gone in the last pass, all dealt)
    // fits, and a fourth pass is refused before anything runs.
    Variant four = v;
    four.passes = 4;
    CHECK_THROWS_AS(four.validate(), std::invalid_argument);
    four.passes = 0;
    CHECK_THROWS_AS(four.validate(), std::invalid_argument);
}

TEST_CASE("apophis: the pass order follows PySolFC's gathering of the wastes", "[key]") {
    // Deal 1: after dealing every card with nothing removed, the redeal
    // gathers waste 1, 2, 3 onto the stock (each top card first), so the next
    // pass deals waste 3 bottom-up, then waste 2, then waste 1. The verifier's
    // explicit piles after the redeal must list exactly the packed order.
    const Deal d = deal_from_seed(*find_preset("apophis"), "1");
    const Board b(d);
    Table t(d);
    State s = b.initial();
    while (!b.stock_empty(s)) {
        REQUIRE_FALSE(t.apply(Move::draw()));
        s = b.apply(s, SlotMove{SlotMove::Draw, 0, 0});
    }
    // Remove a waste top first, so the order depends on what was gone.
    const uint64_t tops = b.stock_playable(s);
    SlotMove buf[kMaxMoves];
    const int n = b.legal_moves(s, buf);
    for (int i = 0; i < n; ++i)
        if (buf[i].kind == SlotMove::Pair && ((tops >> buf[i].a & 1) || (tops >> buf[i].b & 1))) {
            REQUIRE_FALSE(t.apply(b.to_move(buf[i])));
            s = b.apply(s, buf[i]);
            break;
        }
    REQUIRE_FALSE(t.apply(Move::redeal()));
    s = b.apply(s, SlotMove{SlotMove::Redeal, 0, 0});
    uint8_t order[kMaxSlots];
    const int len = b.pass_order(s, order);
    // The verifier dealt the first row at once: waste tops, then the stock (next first).
    std::vector<Card> expect;
    for (const auto& w : t.wastes()) expect.push_back(w.back());
    for (auto it = t.stock().rbegin(); it != t.stock().rend(); ++it) expect.push_back(*it);
    REQUIRE(len == static_cast<int>(expect.size()));
    for (int j = 0; j < len; ++j) CHECK(b.card(order[j]) == expect[j]);
    CHECK(s.pos == 3);
}

namespace {
// The ranks of the stock cards not in `removed`, in slot order.
std::vector<int> stock_ranks(const Board& b, uint64_t removed) {
    std::vector<int> out;
    for (uint64_t q = b.stock_mask() & ~removed; q; q &= q - 1) out.push_back(b.rank(std::countr_zero(q)));
    return out;
}
}  // namespace

TEST_CASE("the suit-blind form: the same fixed cards and stock ranks left give the same form, and only they", "[key]") {
    // Board::suit_blind, the walk memo's key (solver/searches.h): a false hit
    // would need two removed sets of one form with different fixed cards or
    // stock rank sequences.
    test::Rng rng(2828);
    int same = 0, collisions = 0;
    for (const auto& v : presets()) {
        for (int seed = 1; seed <= 20; ++seed) {
            const Board b(deal_from_seed(v, std::to_string(seed)));
            if (b.stock_size() == 0) continue;
            for (int i = 0; i < 200; ++i) {
                const uint64_t r1 = rng.next() & rng.next() & b.all_mask();
                const uint64_t k1 = b.suit_blind(r1);
                // The form is a removed set with r1's fixed part whose stock left spells r1's ranks.
                REQUIRE((k1 & b.fixed_mask()) == (r1 & b.fixed_mask()));
                REQUIRE((k1 & ~b.all_mask()) == 0);
                REQUIRE(stock_ranks(b, k1) == stock_ranks(b, r1));
                REQUIRE(b.suit_blind(k1) == k1);
                // Another removed set with the same ranks left: the cards of
                // each rank in play swapped for others of that rank in the
                // stock, keeping the order of ranks (here: k1's own cards).
                const uint64_t r2 = (r1 & b.fixed_mask()) | (k1 & b.stock_mask());
                REQUIRE(b.suit_blind(r2) == k1);
                same += r2 != r1;
                // Any other removed set: the same form only with the same fixed part and ranks.
                const uint64_t r3 = rng.next() % 2 ? r1 ^ (uint64_t{1} << (b.fixed() + rng.below(b.stock_size())))
                                                   : rng.next() & rng.next() & b.all_mask();
                const bool equal_game = (r3 & b.fixed_mask()) == (r1 & b.fixed_mask()) &&
                                        stock_ranks(b, r3) == stock_ranks(b, r1);
                REQUIRE((b.suit_blind(r3) == k1) == equal_game);
                collisions += equal_game && r3 != r1;
            }
        }
    }
    INFO(same << " removed sets with another form's cards, " << collisions << " random collisions");
    CHECK(same > 1000);
}

TEST_CASE("a board re-carded from another (Board(base, deal), Board::recard) equals one built from the deal", "[key]") {
    test::Rng rng(39);
    for (const Variant& v : presets()) {
        INFO(v.name);
        const Board base(deal_from_seed(v, "1"));
        Board kept(base);  // re-carded in place, deal after deal
        for (const char* seed : {"2", "77", "31999"}) {
            const Deal d = deal_from_seed(v, seed);
            kept.recard(d);
            const Board a(d), b(base, d);
            // next_of_rank against a scan of the stock.
            for (int j = 0; j <= a.stock_size(); ++j)
                for (int r = 1; r < 14; ++r) {
                    int at = j;
                    while (at < a.stock_size() && d.cards[a.fixed() + at].rank != r) ++at;
                    if (at < a.stock_size()) REQUIRE(a.next_of_rank(j, r) == at);
                    else REQUIRE(a.next_of_rank(j, r) == 0xFF);
                }
            for (const Board* other : {&b, static_cast<const Board*>(&kept)}) {
                for (int i = 0; i < a.slots(); ++i) {
                    REQUIRE(a.rank(i) == other->rank(i));
                    REQUIRE(a.partners(i) == other->partners(i));
                    REQUIRE(a.open_partners(i) == other->open_partners(i));
                    REQUIRE(a.slot_of(d.cards[i]) == other->slot_of(d.cards[i]));
                    REQUIRE(other->deal().cards[i] == d.cards[i]);
                }
                for (int r = 0; r < 14; ++r) REQUIRE(a.rank_mask(r) == other->rank_mask(r));
                for (int j = 0; j <= a.stock_size(); ++j)
                    for (int r = 1; r < 14; ++r) REQUIRE(a.next_of_rank(j, r) == other->next_of_rank(j, r));
                // The same moves and keys along random plays.
                for (const State& s : reached(a, rng, 10, 100)) {
                    SlotMove ma[kMaxMoves], mb[kMaxMoves];
                    const int na = a.legal_moves(s, ma), nb = other->legal_moves(s, mb);
                    REQUIRE(na == nb);
                    for (int k = 0; k < na; ++k)
                        REQUIRE(a.key(a.apply(s, ma[k])) == other->key(other->apply(s, mb[k])));
                    REQUIRE(a.key(s) == other->key(s));
                }
            }
        }
    }
}
