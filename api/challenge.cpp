// The API's challenges: the words of `--challenge`, `--target`, `--current`
// and `--deals-left` made into a Challenge, and the answer for a deal
// (solver/challenge.h) with the across-deals odds (solver/across.h).
#include <chrono>

#include "api/api.h"
#include "engine/card.h"
#include "engine/internal_error.h"

namespace pyr::api {

Challenge make_challenge(const Variant& v, const ChallengeRequest& request) {
    Challenge c;
    try {
        c = parse_challenge(request.kind, v.deck);
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    c.scoring = scoring_of(v);  // the rules' `scoring` (engine/rules.h), msc's unless overridden
    if (request.current < 0) throw Error("--current cannot be negative");
    if (request.target && *request.target < 1) throw Error("--target must be at least 1");
    if (request.target && *request.target <= request.current)
        throw Error("the target (" + std::to_string(*request.target) + ") is already reached with --current " +
                    std::to_string(request.current));
    if (!request.target && request.current) throw Error("--current needs --target");
    if (request.deals_left) {
        if (!request.target) throw Error("--deals-left needs --target (what the challenge asks for)");
        if (*request.deals_left < 1 || *request.deals_left > 1000)
            throw Error("--deals-left must be a number from 1 to 1000 (the deals left, this one included)");
    }
    c.target = request.target;
    c.current = request.current;
    // Across deals, a deal that cannot make the target is played for the most
    // it makes with a clear (the deal is free) or without: both lines count.
    c.every_end = request.deals_left.has_value();
    if (const auto why = counting_challenge_refused(v); why && c.kind != ChallengeKind::Board) throw Error(*why);
    return c;
}

std::string challenge_name(const Variant& v, const Challenge& c) { return challenge_words(c, v.deck); }

ChallengeAnswer Session::challenge(const Deal& deal, const ChallengeRequest& request, const Request& limits) {
    const Board& b = board(deal);
    ChallengeAnswer a;
    a.challenge = make_challenge(deal.variant, request);
    SolveOptions so;
    so.max_states = limits.max_states;
    so.max_memory_bytes = limits.max_memory;
    so.stop = limits.stop;
    so.progress = limits.progress;
    try {
        a.result = solve_challenge(b, a.challenge, so);
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    if (!request.deals_left || !a.result.complete) return a;
    a.table = builtin_outcome_table(deal.variant, a.challenge.scoring, a.challenge.kind, a.challenge.rank);
    try {
        std::optional<AcrossDeals> dp;
        if (a.table) dp.emplace(*a.table, *a.challenge.target - a.challenge.current, *request.deals_left);
        a.across = across_deals(dp ? &*dp : nullptr, a.challenge, a.result, *request.deals_left);
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    if (!a.table)
        a.note = "no table of deal outcomes for " + challenge_name(deal.variant, a.challenge) + " under these rules";
    return a;
}

}  // namespace pyr::api
