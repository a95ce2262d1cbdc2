// The API's challenges: the words of `--challenge`, `--target`, `--current`
// and `--deals-left` made into a Challenge, and the answer for a deal
// (solver/challenge.h) with the across-deals odds (solver/across.h).
#include <chrono>

#include "api/api.h"
#include "api/results.h"
#include "api/session_impl.h"
#include "engine/card.h"
#include "engine/internal_error.h"
#include "engine/position.h"
#include "engine/scoring.h"

namespace pyr::api {

Challenge make_challenge(const Variant& v, const ChallengeRequest& request, const ChallengeNames& n) {
    Challenge c;
    try {
        c = parse_challenge(request.kind, v.deck);
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    c.scoring = scoring_of(v);  // the rules' `scoring` (engine/rules.h), msc's unless overridden
    if (request.current < 0) throw Error(n.current + " cannot be negative");
    if (request.target && *request.target < 1) throw Error(n.target + " must be at least 1");
    if (request.target && *request.target <= request.current)
        throw Error("the target (" + std::to_string(*request.target) + ") is already reached with " + n.current + " " +
                    std::to_string(request.current));
    if (!request.target && request.current) throw Error(n.current + " needs " + n.target);
    if (request.deals_left) {
        if (!request.target) throw Error(n.deals_left + " needs " + n.target + " (what the challenge asks for)");
        if (*request.deals_left < 1 || *request.deals_left > 1000)
            throw Error(n.deals_left + " must be a number from 1 to 1000 (the deals left, this one included)");
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

Deal position_deal(const Deal& deal, const std::vector<Move>& played) {
    if (played.empty()) return deal;
    const Replay r = verify(deal, played, AfterGoal::PlayOn);
    if (r.error) throw Error("bad moves: " + *r.error);
    return make_position(deal.variant, view_of(r.table));
}

ChallengeMade challenge_made(const Deal& deal, const std::vector<Move>& played, const Challenge& c) {
    LineTally t;
    if (const auto why = tally_line(deal, played, c.scoring, &t)) throw Error("bad moves: " + *why);
    ChallengeLine l;
    l.cleared = t.cleared;
    l.score = t.score;
    if (c.kind == ChallengeKind::Cards) l.cards = t.removed[static_cast<size_t>(c.rank)];
    return ChallengeMade{line_made(c, l), t.score, t.cleared, t.ended};
}

ChallengeCarry carry_challenge(const ChallengeRequest& request, const ChallengeMade& m) {
    ChallengeCarry out{request};
    if (!request.target) return out;
    out.next.current += m.made;
    if (out.next.deals_left && !m.cleared) --*out.next.deals_left;
    out.completed = out.next.current >= *request.target;
    out.failed = !out.completed && out.next.deals_left && *out.next.deals_left <= 0;
    return out;
}

ChallengeAnswer Session::challenge(const Deal& deal, const ChallengeRequest& request, const Request& limits) {
    const Board& b = impl_->board_of(deal);
    const Challenge c = make_challenge(deal.variant, request, limits.challenge_names);
    SolveOptions so;
    so.limits = limits.limits;
    ChallengeResult result;
    try {
        result = impl_->solver.challenge(b, c, so);  // the session's solver, reused (one per worker)
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    // A board challenge's search is the solver's shortest solution: with a
    // target, whether this deal makes it (one board if won) is said as for
    // the other kinds (documented as a boolean), and its line reaches it.
    if (c.kind == ChallengeKind::Board && c.target && result.complete) {
        const bool makes = result.verdict == Verdict::Win && *c.target - c.current <= 1;
        result.target_reached = makes;
        for (ChallengeLine& l : result.lines) l.reaches_target = makes && l.cleared;
    }
    ChallengeAnswer a;
    a.challenge = std::make_shared<const Challenge>(c);
    a.result = std::make_shared<const ChallengeResult>(result);
    if (!request.deals_left || !result.complete) return a;
    a.table = builtin_outcome_table(deal.variant, c.scoring, c.kind, c.rank);
    try {
        std::optional<AcrossDeals> dp;
        if (a.table) dp.emplace(*a.table, *c.target - c.current, *request.deals_left);
        std::optional<AcrossAnswer> across = across_deals(dp ? &*dp : nullptr, c, result, *request.deals_left);
        // The table is a sample of deals: each chance gets its 95% interval.
        if (across && a.table) add_intervals(*across, *a.table, c, result);
        // Without a table only a deal that makes the target has a chance: exactly 1, no spread.
        if (across && !a.table) {
            across->interval = Interval{across->probability, across->probability};
            for (const double p : across->line_probability) across->line_interval.push_back(Interval{p, p});
        }
        if (across) a.across = std::make_shared<const AcrossAnswer>(std::move(*across));
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
    if (!a.table) a.note = "no table of deal outcomes for " + challenge_name(deal.variant, c) + " under these rules";
    return a;
}

}  // namespace pyr::api
