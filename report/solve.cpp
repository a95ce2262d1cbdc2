#include "report/solve.h"
#include "api/results.h"

#include <cstdio>
#include <iomanip>
#include <sstream>

#include "engine/table.h"
#include "report/challenge.h"
#include "report/measures.h"
#include "report/format.h"
#include "report/odds_hint.h"
#include "report/solution_html.h"

namespace pyr {

namespace {

// Why a search stopped early, in words.
std::string budget_text(const api::Request& request, const api::Answer& a) {
    auto size_text = [](uint64_t b) {
        for (const auto& [shift, unit] : {std::pair{40, "T"}, {30, "G"}, {20, "M"}, {10, "K"}})
            if (b >= (uint64_t{1} << shift) && b % (uint64_t{1} << shift) == 0)
                return std::to_string(b >> shift) + unit;
        return std::to_string(b) + " bytes";
    };
    return a.interrupted       ? "interrupted"
           : a.memory_exceeded ? "--max-memory " + size_text(request.limits.max_memory) + " reached"
                               : "--max-states " + std::to_string(request.limits.max_states) + " reached";
}

std::string percent1(double x) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", 100 * x);
    return buf;
}

// With --nopeek-optimum: "your chance with best play without peeking: 1537/2016
// (76.2%); if you could see the stock: about 82.5%", and the best move; where
// not computed within the budget, the proven bracket and the planner's move.
void print_solve_optimum(std::ostream& out, const api::Odds& odds, const api::AskedOptimum& x, DeckKind dk,
                         const TextStyle& style) {
    using nopeek::fraction_text;
    using nopeek::fraction_value;
    static const api::Optimal not_computed;
    const api::Optimal& o = x.optimal ? *x.optimal : not_computed;
    std::string see;
    if (!odds.nothing_hidden && odds.samples > 0)
        see = std::string("; if you could see the stock: ") + (odds.exact && odds.intractable == 0 ? "" : "about ") +
              percent1(double(odds.wins) / double(odds.samples));
    out << "your chance with best play without peeking: ";
    if (x.computed && o.exact) {
        out << fraction_text(o.lower, o.orders) << " (" << percent1(fraction_value(o.lower, o.orders)) << ")" << see
            << "\n";
        if (o.best_move)
            out << "best move with best play without peeking: " << move_people(*o.best_move, dk, style) << "\n";
        return;
    }
    if (x.computed)
        out << "not computed within " << x.budget << " states (proven bounds: between "
            << bound_text(fraction_value(o.lower, o.orders), false) << " and "
            << bound_text(fraction_value(o.upper, o.orders), true) << ")";
    else out << x.note;
    out << see << "\n";
    if (x.planner_move)
        out << "the planner's move (planner:32, not proved best): " << move_people(*x.planner_move, dk, style) << "\n";
}

// The answer on a deal with cards not seen still in play: their places, the
// odds over their orders, the best move without peeking; never a verdict,
// a solution or a hint that assumes an order.
void print_solve_odds(std::ostream& out, const api::LoadedDeal& ld, const api::Request& req, const api::Answer& r,
                      const TextStyle& style) {
    const api::Odds& o = *r.odds;
    const DeckKind dk = ld.deal.variant.deck;
    out << "cards not seen: " << r.unknown.size() << " (" << api::unknown_places_text(r.unknown) << ")";
    if (o.exact) out << ", " << o.orders << " orders: every order solved\n";
    else
        out << ", " << (o.orders == UINT64_MAX ? std::string("more than 10^19") : std::to_string(o.orders))
            << " orders: " << o.samples << " sampled (seed " << req.odds_rng_seed << "), 95% Wilson interval\n";
    out << "verdict: ";
    if (r.interrupted) out << "none (interrupted)";
    else if (r.verdict == Verdict::Win) out << "win in every order of the cards not seen (the moves depend on them)";
    else if (r.verdict == Verdict::Lose) out << "lose in every order of the cards not seen";
    else out << "none: it depends on the cards not seen";
    out << "\n";
    out << "winnable: " << odds_share_text(o, o.wins, o.intractable) << " orders\n";
    if (o.unknown_playable)
        out << "best move without peeking: none given, a card not seen is playable (name it: the moves differ)\n";
    else if (r.best_move) {
        std::string share;
        for (const auto& mo : o.moves)
            if (mo.move == *r.best_move) {
                share = odds_share_text(o, mo.wins, mo.intractable);
            }
        out << (req.hint ? "hint (without peeking): " : "best move without peeking: ")
            << move_people(*r.best_move, dk, style) << ", a win in " << share << "\n";
    } else if (!o.moves.empty() || r.verdict == Verdict::Lose) out << "best move without peeking: none keeps a win\n";
    if (r.optimum) print_solve_optimum(out, o, *r.optimum, dk, style);
    out << "states searched: " << r.states << "\n";
    out << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
}

}  // namespace

json::object asked_optimum_json(const api::AskedOptimum& x, DeckKind dk) {
    using nopeek::fraction_text;
    using nopeek::fraction_value;
    static const api::Optimal not_computed;
    const api::Optimal& o = x.optimal ? *x.optimal : not_computed;
    json::object j;
    j["budget"] = x.budget;
    j["computed"] = x.computed;
    j["exact"] = x.computed && o.exact;
    j["value"] = x.computed && o.exact ? json::value(fraction_value(o.lower, o.orders)) : json::value(nullptr);
    j["fraction"] = x.computed && o.exact ? json::value(fraction_text(o.lower, o.orders)) : json::value(nullptr);
    j["lower"] = x.computed ? json::value(fraction_value(o.lower, o.orders)) : json::value(nullptr);
    j["upper"] = x.computed ? json::value(fraction_value(o.upper, o.orders)) : json::value(nullptr);
    j["best_move"] = x.computed && o.exact && o.best_move ? json::value(move_text(*o.best_move, dk))
                                                          : json::value(nullptr);
    j["planner_move"] = x.planner_move ? json::value(move_text(*x.planner_move, dk)) : json::value(nullptr);
    j["method"] = x.computed ? o.method : std::string("not computed");
    j["lower_method"] = x.computed ? o.lower_method : std::string();
    j["upper_method"] = x.computed ? o.upper_method : std::string();
    j["unseen"] = o.unseen;
    j["states"] = o.states;
    j["seconds"] = o.seconds;
    j["note"] = x.note.empty() ? json::value(nullptr) : json::value(x.note);
    return j;
}

json::object solve_json(const api::LoadedDeal& ld, const std::vector<Move>& played, bool played_given,
                        const api::Request& request, const api::Answer& a) {
    const Variant& v = ld.deal.variant;
    auto texts = [&](const std::vector<Move>& ms) {
        json::array arr;
        for (const auto& m : ms) arr.push_back(json::value(move_text(m, v.deck)));
        return arr;
    };
    json::object o;
    o["variant"] = v.name;
    if (!ld.seed.empty()) o["seed"] = ld.seed;
    o["deal"] = compact(ld.deal);
    if (played_given) o["played"] = texts(played);
    if (a.depends) o["verdict"] = nullptr;  // it depends on the cards not seen
    else o["verdict"] = verdict_text(a.verdict);
    o["solution"] = texts(a.solution);
    if (request.optimal || request.hint) o["optimal"] = a.optimal;
    if (a.verdict == Verdict::Win) o["moves"] = a.solution.size();
    else o["moves"] = nullptr;
    if (request.hint) {
        if (a.hint) o["hint"] = move_text(*a.hint, v.deck);
        else o["hint"] = nullptr;
    }
    if (a.has_score) {
        o["best_score"] = a.best_score;
        o["best_score_moves"] = texts(a.best_score_moves);
        o["best_score_complete"] = a.best_score_complete;
    }
    if (a.reason) {
        const LossReason& why = *a.reason;
        o["reason"] = why.code;
        o["reason_text"] = why.text;
        json::array cards;
        for (Card c : why.cards) cards.push_back(json::value(card_text(c, v.deck)));
        o["reason_cards"] = std::move(cards);
        if (why.has_best) {
            o["reason_best_cleared"] = why.tableau_total - why.tableau_left;
            o["reason_best_total"] = why.tableau_total;
            o["reason_best_complete"] = why.best_complete;
            o["reason_best_moves"] = texts(why.best_moves);
            json::array stuck;
            for (Card c : why.stuck) stuck.push_back(json::value(card_text(c, v.deck)));
            o["reason_stuck"] = std::move(stuck);
        }
    }
    if (a.measures) o["measures"] = measures_json(v, *a.measures, a.grade);
    if (ld.deal.has_unknown()) {
        json::array places;
        for (const auto& p : a.unknown) places.push_back(json::value(p.name));
        o["unknown"] = std::move(places);
        json::array cards;
        for (Card c : unknown_cards(ld.deal)) cards.push_back(json::value(card_text(c, v.deck)));
        o["unknown_cards"] = std::move(cards);
    }
    if (a.optimum) o["optimum"] = asked_optimum_json(*a.optimum, v.deck);
    if (a.odds) {
        o["odds"] = odds_fields(*a.odds, request.odds_rng_seed, v.deck);
        if (a.best_move) o["best_move"] = move_text(*a.best_move, v.deck);
        else o["best_move"] = nullptr;
    }
    if (a.challenge && request.challenge) o["challenge"] = challenge_json(v, *a.challenge, *request.challenge);
    o["states"] = a.states;
    o["seconds"] = a.seconds;
    if (a.interrupted) o["interrupted"] = true;
    if (a.memory_exceeded) o["memory_exceeded"] = true;
    return o;
}

void print_solve(std::ostream& out, const api::LoadedDeal& ld, const std::vector<Move>& played, const api::Request& req,
                 const api::Answer& r, const TextStyle& style) {
    const Variant& v = ld.deal.variant;
    const DeckKind dk = v.deck;
    const std::string budget = budget_text(req, r);
    out << v.name << ": " << v.title;
    if (!ld.seed.empty()) out << ", deal " << ld.seed;
    out << "\n";
    if (!played.empty()) {
        const Table t = replay(ld.deal, played, AfterGoal::PlayOn).table;
        out << "position after " << played.size() << " played moves:\n" << board_text(t, style) << "\n";
    } else {
        out << board_text(Table(ld.deal), style) << "\n";
    }
    if (r.odds) {
        print_solve_odds(out, ld, req, r, style);
        return;
    }
    if (!r.unknown.empty())
        out << "cards not seen: " << r.unknown.size() << " (" << api::unknown_places_text(r.unknown)
            << "), none still in play: the answer holds whatever they are\n";
    out << "verdict: " << verdict_text(r.verdict);
    if (r.interrupted && r.verdict == Verdict::Win)  // the shortest's search, else the measures' (api.cpp)
        out << ((req.optimal || req.hint) && !r.optimal ? " (search for a shorter solution interrupted)"
                                                        : " (measures interrupted)");
    else if (r.interrupted) out << " (interrupted)";
    else if (r.verdict == Verdict::Intractable) out << " (" << budget << ")";
    out << "\n";
    auto totals = [&] {
        out << "states searched: " << r.states << "\n";
        out << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
    };
    auto list = [&](const std::vector<Move>& ms) {
        for (size_t i = 0; i < ms.size(); ++i)
            out << std::setw(4) << i + 1 << ". " << move_people(ms[i], dk, style) << "\n";
    };
    auto solution = [&] {
        out << (r.optimal      ? "shortest solution: "
                : !req.optimal ? "solution: "
                               : "solution (not proved shortest: " + budget + "): ")
            << r.solution.size() << " moves\n";
        list(r.solution);
    };
    auto best_score = [&] {
        out << "best score: " << r.best_score << " tableau cards left"
            << (r.best_score_complete ? "" : " (" + budget + ": the best found, maybe not the best)") << "\n";
        list(r.best_score_moves);
    };
    if (r.challenge && req.challenge) {  // the challenge's lines are the answer
        print_challenge(out, v, *r.challenge, *req.challenge, style);
        // What was asked beside it is printed as without a challenge (issue
        // 38, item 8): the shortest solution, the measures, the best score.
        if (req.optimal && r.verdict == Verdict::Win) solution();
        if (r.measures) print_measures(out, v, *r.measures, r.grade, budget, style);
        if (req.best_score && r.has_score && r.verdict == Verdict::Lose) best_score();
        totals();
        return;
    }
    if (req.hint) {
        if (r.verdict == Verdict::Win && !r.solution.empty())
            out << "hint: " << move_people(r.solution.front(), dk, style) << "\n"
                << (r.optimal ? "shortest solution from here: "
                              : "a solution from here (not proved shortest: " + budget + "): ")
                << r.solution.size() << " moves\n";
        else if (r.verdict == Verdict::Win) out << "hint: none needed, the goal is reached\n";
        else if (r.verdict == Verdict::Lose) out << "hint: none, the position is lost\n";
    } else if (r.verdict == Verdict::Win) {
        solution();
    }
    if (r.measures) print_measures(out, v, *r.measures, r.grade, budget, style);
    if (r.reason) {
        out << "reason: " << r.reason->code << "\n" << r.reason->text << "\n";
        if (r.reason->has_best) {
            out << "best line (" << r.reason->tableau_total - r.reason->tableau_left << " of "
                << r.reason->tableau_total << " pyramid cards cleared):\n";
            list(r.reason->best_moves);
        }
    }
    if (r.has_score && r.verdict == Verdict::Lose) best_score();
    totals();
}

std::string solve_html(const api::LoadedDeal& ld, const std::vector<Move>& played, const api::Request& req,
                       const api::Answer& r) {
    std::ostringstream facts;
    facts << "States searched: " << r.states << "; time: " << std::fixed << std::setprecision(3) << r.seconds << " s.";
    SolutionPage page;
    page.deal = ld.deal;
    page.seed = ld.seed;
    page.played = played;
    page.verdict = std::string(verdict_text(r.verdict)) + (r.interrupted ? " (interrupted)" : "");
    if (r.verdict == Verdict::Win) {
        page.moves = req.hint && !r.solution.empty() ? std::vector<Move>{r.solution.front()} : r.solution;
        page.line_name = req.hint ? "hint" : r.optimal ? "shortest solution" : "solution";
    } else if (r.has_score) {
        page.moves = r.best_score_moves;
        page.line_name = std::string("best score line (") + std::to_string(r.best_score) + " tableau cards left" +
                         (r.best_score_complete ? "" : ", the best found") + ")";
    }
    if (r.challenge) {
        const ChallengePageLine line = challenge_page_line(ld.deal.variant, *r.challenge);
        page.moves = line.moves;
        page.line_name = line.name.empty() ? "no line" : line.name;
        if (!line.chance.empty()) facts << " " << line.chance;
    }
    page.notes = facts.str();
    return solution_html(page);
}

}  // namespace pyr
