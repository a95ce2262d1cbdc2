// Playing without peeking: what a player can know of a position, the deals
// consistent with it, and the odds of a position over the orders of the
// cards the player has not seen (docs/nopeek.md).
//
// What the player knows, defined once from the Variant:
//   - the tableau, the reserve piles and every waste card are face up;
//   - the stock's top card is seen when the rules turn it up
//     (Variant::stock_top_playable);
//   - every card drawn so far is remembered (the moves played are known), so
//     once the stock has been dealt through (the first redeal) nothing is
//     hidden.
// The hidden cards are therefore the stock cards of the first pass not yet
// dealt (less the top, when it is face up). Their set is known (every other
// card is seen); only their order is not. Where the deal has no stock (giza)
// nothing is ever hidden and every no-peek figure is the thoughtful one.
//
// Randomness: Rng is splitmix64 (Steele, Lea and Flood 2014; the generator
// of java.util.SplittableRandom), with unbiased draws below n by rejection.
// A shuffle is Fisher-Yates from the last slot down. The same seed gives the
// same numbers on every platform.
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "engine/board.h"
#include "engine/deal.h"
#include "engine/move.h"
#include "engine/splitmix64.h"
#include "engine/table.h"
#include "solver/solver.h"

namespace pyr::nopeek {

struct Rng : SplitMix64 {
    using SplitMix64::SplitMix64;
    // Uniform in [0, n), n >= 1, without modulo bias.
    uint64_t below(uint64_t n) {
        const uint64_t limit = UINT64_MAX - UINT64_MAX % n;
        uint64_t r;
        do r = next();
        while (r >= limit);
        return r % n;
    }
};

// A seed mixed from a few numbers (a study's seed and a deal), by splitmix64.
uint64_t mix_seed(uint64_t a, uint64_t b);
// FNV-1a 64 of a deal's compact string: a deal's identity for seeding.
uint64_t deal_hash(const Deal& deal);

// Whether any card of a deal of these rules is ever hidden from the player:
// false when the deal has no stock (giza deals every card face up).
bool ever_hidden(const Variant& v);
// What the player knows, in words (`pyramid variants NAME`, docs/nopeek.md).
std::string knowledge_text(const Variant& v);

// The cards the player has not seen at a position: the deal's unknown cards
// (Deal::unknown, `??`) and, without peeking, the stock cards above.
struct Unseen {
    std::vector<int> slots;   // indices into Deal::cards (dealing order) of the hidden cards, increasing
    std::vector<Card> cards;  // those cards sorted by card_index: their set, nothing of their order
    bool empty() const { return slots.empty(); }
    size_t size() const { return slots.size(); }
};
// `position` must be a position of `deal` (the verifier's replay of moves).
// With `stock_hidden` false, only the deal's unknown cards (a player who
// knows the stock cards named in the deal).
Unseen unseen(const Deal& deal, const Table& position, bool stock_hidden = true);
// The same after replaying `played` (std::invalid_argument on an illegal move).
Unseen unseen_after(const Deal& deal, const std::vector<Move>& played);

// The deal as the player can know it: the hidden slots hold the hidden cards
// in card order (which says nothing about their true order).
Deal masked_deal(const Deal& deal, const Unseen& u);
// A deal consistent with everything seen: the hidden cards shuffled into the
// hidden slots (Fisher-Yates with rng); those slots are no longer unknown.
Deal sample_deal(const Deal& deal, const Unseen& u, Rng& rng);
// n! (the number of orders of n hidden cards), saturating at UINT64_MAX.
uint64_t orders_count(size_t n);
// Calls f with every deal consistent with what was seen: every order of the
// hidden cards, in lexicographic order of card indices (those slots no longer unknown).
void for_each_order(const Deal& deal, const Unseen& u, const std::function<void(const Deal&)>& f);

// Legal moves in one fixed order: Kings, pairs (by card indices), draw, redeal.
std::vector<Move> sorted_moves(const Table& t);
bool move_less(const Move& x, const Move& y, DeckKind d);

// ---------------------------------------------------------------- odds

// The orders an odds run proved won or lost from its position
// (OddsOptions::keep_verdicts): policy_odds takes an order's proof from here
// instead of solving it again. Keyed by the position (order_position: the
// deal as seen, which slots are hidden, the moves) and by each order.
struct OrderPosition {
    Variant variant;
    std::string text;  // the masked deal, the hidden slots, the moves (empty: no position)
    friend bool operator==(const OrderPosition&, const OrderPosition&) = default;
};
struct OrderVerdicts {
    OrderPosition position;  // the odds' position (its text empty: none kept)
    // An order (order_key) -> won; an order whose solve hit the budget is absent.
    std::unordered_map<std::string, bool> won;
    // The proof kept for `order` at `at`, if any.
    std::optional<bool> find(const OrderPosition& at, const std::string& order) const {
        if (position.text.empty() || !(at == position)) return std::nullopt;
        const auto it = won.find(order);
        return it == won.end() ? std::nullopt : std::optional<bool>(it->second);
    }
};
// The position's identity for OrderVerdicts: the masked deal (masked_deal),
// the hidden slots and the moves played.
OrderPosition order_position(const Deal& masked, const Unseen& u, const std::vector<Move>& played);
// An order's identity: the cards a deal consistent with the position holds
// in the hidden slots, in slot order.
std::string order_key(const Deal& d, const Unseen& u);

struct OddsOptions {
    uint64_t samples = 1000;  // sampled orders when not exact
    uint64_t rng_seed = 1;
    uint64_t exact_limit = 40320;  // enumerate every order when there are at most this many (8!)
    bool per_move = true;          // also each legal move's share
    // Per solve (engine/limits.h). Its stop flag is looked at before each
    // solve too (Odds::interrupted); its progress is each solve's count.
    Limits limits;
    // Hide the stock cards the player has not seen dealt (pyramid odds); with
    // false, only the deal's unknown cards are hidden (solve on a deal with
    // `??`: the cards named are known).
    bool stock_hidden = true;
    // Keep each order's proof (Odds::verdicts), for policy_odds on the same
    // position (`odds --optimal`'s lower estimate).
    bool keep_verdicts = false;
    // Progress displays (front ends): called once before the first order with
    // (0, total) and after each order solved with (orders solved, total),
    // total being every order when exact, else `samples` (1 when nothing is
    // hidden); inside a solve, limits.progress.
    std::function<void(uint64_t done, uint64_t total)> progress;
};

struct MoveOdds {
    Move move;
    uint64_t wins = 0;         // orders in which the move keeps a win
    uint64_t intractable = 0;  // orders whose search hit the budget
    bool best = false;         // the most wins (first in sorted_moves order on a tie)
};

struct Odds {
    bool nothing_hidden = false;  // no hidden card: one order, the thoughtful verdict
    bool exact = false;           // every order enumerated (else sampled)
    size_t unseen = 0;            // hidden cards
    uint64_t orders = 0;          // n! (saturating)
    uint64_t samples = 0;         // orders solved
    uint64_t wins = 0, intractable = 0;
    bool interrupted = false;
    // A card not seen is playable here (a `??` on a waste's top, say): the
    // legal moves differ between the orders, so no move's odds are given
    // (`moves` is empty); name the card for them.
    bool unknown_playable = false;
    std::vector<MoveOdds> moves;  // every legal move in sorted_moves order (with per_move)
    OrderVerdicts verdicts;       // with keep_verdicts: each order solved to a proof
    uint64_t solves = 0, states = 0;
    double seconds = 0;
};

// The share of the hidden orders in which the position `played` reaches on
// `deal` is winnable, and each legal move's share (std::invalid_argument on
// an illegal move). Deterministic for the same arguments. The true order of
// `deal`'s hidden cards is never used: only the masked deal.
Odds odds(Solver& solver, const Deal& deal, const std::vector<Move>& played, const OddsOptions& options);

}  // namespace pyr::nopeek
