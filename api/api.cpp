#include "api/api.h"
#include "solver/players.h"
#include "solver/interval.h"

#include <chrono>

#include <unistd.h>

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <fstream>

#include "engine/card.h"
#include "engine/deal_source.h"
#include "engine/input.h"
#include "engine/pysol_random.h"
#include "api/session_impl.h"

namespace pyr::api {

Variant make_variant(const Rules& rules) {
    try {
        return rules.variant();
    } catch (const RuleError& e) {
        throw Error(e.what());
    }
}

std::vector<std::string> preset_list() {
    std::vector<std::string> out;
    for (const auto& p : presets()) out.push_back(p.name);
    return out;
}

LoadedDeal deal_from_seed(const Variant& v, const std::string& seed) {
    try {
        // The number as written canonically ("007" is deal 7, "MS24" ms24), in titles and JSON.
        return {pyr::deal_from_seed(v, seed), parse_pysol_deal_number(seed).text()};
    } catch (const std::invalid_argument& e) {
        throw Error(std::string("bad seed: ") + e.what());
    }
}

LoadedDeal deal_from_text(const Variant& v, const std::string& text) {
    if (text.size() > kMaxInputBytes) throw Error("bad deal: the text is larger than 1 MiB");
    try {
        return {pyr::deal_from_text(v, text), ""};
    } catch (const ParseError& e) {
        throw Error(std::string("bad deal: ") + e.what());
    }
}

std::vector<Move> parse_moves(const Variant& v, const std::string& text, const std::string& what) {
    if (text.size() > kMaxInputBytes) throw Error(what + ": the text is larger than 1 MiB");
    try {
        return pyr::parse_moves(text, v.deck);
    } catch (const ParseError& e) {
        throw Error(what + ": " + e.what());
    }
}

std::vector<std::string> move_strings(const Variant& v, const std::vector<Move>& moves) {
    std::vector<std::string> out;
    out.reserve(moves.size());
    for (const auto& m : moves) out.push_back(move_text(m, v.deck));
    return out;
}

Replay verify(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal) {
    return replay(deal, moves, after_goal);
}

std::vector<UnknownPlace> unknown_places(const Deal& deal, const std::vector<Move>& played) {
    const Replay r = replay(deal, played, AfterGoal::PlayOn);
    if (r.error) throw Error("bad moves: " + *r.error);
    std::vector<UnknownPlace> out;
    for (const auto& p : r.table.unseen_places()) out.push_back({p.name, p.playable});
    return out;
}

std::optional<std::string> place_to_ask(const Deal& deal, const std::vector<Move>& played) {
    if (!deal.has_unknown()) return std::nullopt;
    const Replay r = replay(deal, played, AfterGoal::PlayOn);
    if (r.error) throw Error("bad moves: " + *r.error);
    std::vector<std::string> playable;
    for (const auto& p : r.table.unseen_places())
        if (p.playable) playable.push_back(p.name);
    if (playable.empty()) return std::nullopt;
    if (!played.empty()) {
        const Move& m = played.back();
        const Table before = replay(deal, std::vector<Move>(played.begin(), played.end() - 1), AfterGoal::PlayOn).table;
        bool from_waste = false;
        for (const auto& w : before.wastes())
            from_waste = from_waste || (!w.empty() && m.kind != Move::Draw && m.kind != Move::Redeal &&
                                        (w.back() == m.a || (m.kind == Move::Pair && w.back() == m.b)));
        if (from_waste)
            for (const auto& name : playable)
                if (name.rfind("waste", 0) == 0) return name;
    }
    return playable.front();
}

std::string unknown_places_text(const std::vector<UnknownPlace>& places) {
    // Runs of "PILE card K" with consecutive K: "PILE cards A-B".
    std::string out;
    size_t i = 0;
    auto split = [](const std::string& name, std::string& pile, int& k) {
        const size_t at = name.rfind(" card ");
        if (at == std::string::npos) return false;
        pile = name.substr(0, at);
        k = std::atoi(name.c_str() + at + 6);
        return k > 0;
    };
    while (i < places.size()) {
        std::string pile;
        int first = 0;
        size_t j = i + 1;
        if (split(places[i].name, pile, first)) {
            std::string p2;
            int k = 0;
            while (j < places.size() && split(places[j].name, p2, k) && p2 == pile && k == first + int(j - i)) ++j;
        }
        if (!out.empty()) out += ", ";
        if (j - i == 1) out += places[i].name;
        else if (j - i == 2) out += places[i].name + ", " + places[i + 1].name;
        else out += pile + " cards " + std::to_string(first) + "-" + std::to_string(first + int(j - i) - 1);
        i = j;
    }
    return out;
}

namespace {

int slot_of(const Deal& d, Card c) {
    for (int i = 0; i < static_cast<int>(d.cards.size()); ++i)
        if (d.cards[i] == c) return i;
    return -1;
}

}  // namespace

Deal reveal(const Deal& deal, const std::vector<Move>& played, const std::string& place, const std::string& card) {
    const Replay r = replay(deal, played, AfterGoal::PlayOn);
    if (r.error) throw Error("bad moves: " + *r.error);
    const auto c = parse_card(card, deal.deck());
    if (!c) throw Error("bad card '" + card + "'");
    const auto places = r.table.unseen_places();
    for (const auto& p : places)
        if (p.name == place) {
            try {
                return pyr::reveal(deal, slot_of(deal, p.card), *c);
            } catch (const ParseError& e) {
                throw Error("cannot name " + card_text(*c, deal.deck()) + " at " + place + ": " + e.what());
            }
        }
    std::vector<UnknownPlace> ups;
    for (const auto& p : places) ups.push_back({p.name, p.playable});
    throw Error(
        "no card not seen at '" + place + "'" +
        (ups.empty() ? std::string(": every card is named") : " (cards not seen: " + unknown_places_text(ups) + ")"));
}

SeenReplay verify_seen(const Deal& deal, const std::vector<Move>& moves, AfterGoal after_goal) {
    const DeckKind dk = deal.deck();
    // Every layout of the cards not seen that the moves so far allow, one
    // per position they lead to (a pair of two cards not seen, each at
    // either place, leaves one position).
    std::vector<Deal> branches{deal};
    SeenReplay out{deal, replay(deal, {}, after_goal), {}, {}, {}, {}};
    size_t checked = moves.size();
    for (size_t i = 0; i < moves.size() && branches[0].has_unknown(); ++i) {
        const Move& m = moves[i];
        const std::vector<Move> before(moves.begin(), moves.begin() + static_cast<long>(i));
        const std::vector<Move> upto(moves.begin(), moves.begin() + static_cast<long>(i) + 1);
        std::vector<Card> hidden;  // the move's cards not seen (the same in every branch)
        std::vector<Card> taken;
        if (m.kind == Move::Single) taken = {m.a};
        if (m.kind == Move::Pair) taken = {m.a, m.b};
        for (Card c : taken) {
            const int s = slot_of(branches[0], c);
            if (s >= 0 && branches[0].unknown_at(s)) hidden.push_back(c);
        }
        if (hidden.empty()) {
            std::vector<Deal> keep;
            for (const Deal& b : branches)
                if (replay(b, upto, after_goal).legal()) keep.push_back(b);
            if (keep.empty()) break;  // the final replay names the illegal move
            branches = std::move(keep);
            continue;
        }
        std::vector<Deal> next;
        std::vector<std::string> keys;
        std::vector<std::string> where(hidden.size());  // each card's possible places
        for (const Deal& b : branches) {
            const Replay pre = replay(b, before, after_goal);
            if (pre.error) continue;
            // The places by slot: a reveal puts the placeholders back in card
            // order, so the card a place holds changes, its slot does not.
            std::vector<std::pair<int, std::string>> places;
            for (const auto& p : pre.table.unseen_places())
                if (p.playable) places.push_back({slot_of(b, p.card), p.name});
            std::vector<std::string> names;
            std::function<void(size_t, const Deal&)> put = [&](size_t k, const Deal& cur) {
                if (k == hidden.size()) {
                    const Replay r = replay(cur, upto, after_goal);
                    if (!r.legal()) return;
                    for (size_t j = 0; j < names.size(); ++j)
                        if (where[j].find(names[j]) == std::string::npos)
                            where[j] += (where[j].empty() ? "" : " or ") + names[j];
                    const std::string key = r.table.key() + "|" + std::to_string(cur.unknown);
                    if (std::find(keys.begin(), keys.end(), key) != keys.end()) return;
                    keys.push_back(key);
                    next.push_back(cur);
                    return;
                }
                for (const auto& [sl, name] : places) {
                    if (sl < 0 || !cur.unknown_at(sl)) continue;
                    names.push_back(name);
                    put(k + 1, pyr::reveal(cur, sl, hidden[k]));
                    names.pop_back();
                }
            };
            put(0, b);
        }
        if (next.empty()) {  // no layout of the cards not seen makes the move legal
            out.deal = branches[0];
            out.replay = replay(branches[0], before, after_goal);
            out.replay.error = move_label(i, m, dk) + ": " + card_text(hidden[0], dk) +
                               " is a card not seen, and no place not seen where a move may take it can hold it";
            return out;
        }
        for (size_t k = 0; k < hidden.size(); ++k) out.unchecked.push_back({i, hidden[k], where[k]});
        if (next.size() > branches.size()) out.splits.push_back(i);
        if (next.size() > kMaxSeenBranches) {
            checked = i + 1;
            out.undecided = i;
            out.undecided_places = where;
            branches.resize(1);
            branches[0] = next[0];
            break;
        }
        branches = std::move(next);
    }
    out.deal = branches[0];
    out.positions = branches.size();
    out.replay = replay(out.deal, std::vector<Move>(moves.begin(), moves.begin() + static_cast<long>(checked)),
                        after_goal);
    return out;
}

std::vector<Move> odds_moves(Deal& deal, const std::string& text, const std::string& what) {
    std::vector<Move> played = parse_moves(deal.variant, text, what);
    const SeenReplay r = verify_seen(deal, played, AfterGoal::GameOver);
    if (r.replay.error) throw Error(what + ": " + *r.replay.error);
    if (r.undecided || r.positions > 1)
        throw Error(what + ": a move takes a card not seen whose place decides the position: name it in the deal");
    deal = r.deal;
    return played;
}

uint64_t available_memory() {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    uint64_t bytes = pages > 0 && page > 0 ? static_cast<uint64_t>(pages) * static_cast<uint64_t>(page) : 0;
    // A container's limit (cgroup v2, then v1) when it is lower.
    for (const char* f : {"/sys/fs/cgroup/memory.max", "/sys/fs/cgroup/memory/memory.limit_in_bytes"}) {
        std::ifstream in(f);
        std::string s;
        if (in >> s)
            if (const auto limit = whole_number(s, 1, UINT64_MAX); limit && (bytes == 0 || *limit < bytes))
                bytes = *limit;
    }
    return bytes;
}

uint64_t auto_max_memory(int workers) {
    const uint64_t bytes = available_memory();
    if (bytes == 0) return 0;  // unknown: no limit
    return bytes / 4 * 3 / static_cast<uint64_t>(std::max(1, workers));
}

OddsOptions hint_odds_options() {
    OddsOptions o;
    o.samples = 200;
    o.exact_limit = 720;  // every order up to 6 hidden cards; sampling above
    o.limits.max_states = 10'000'000;
    return o;
}

Session::Session() : impl_(std::make_unique<Impl>()) {}
Session::~Session() = default;
Session::Session(Session&&) noexcept = default;
Session& Session::operator=(Session&&) noexcept = default;

static_assert(kCasualPlays == pyr::kDefaultCasualPlays, "api::kCasualPlays is solver/measures.h's default");

void Session::check_moves(const Deal& deal, const std::vector<Move>& played) { impl_->position(deal, played); }

// The cached board is reused only for the same deal: the same cards under
// the same Variant, every field of it compared (Variant's defaulted ==), so
// a rule field added later cannot be left out.
const Board& Session::Impl::board_of(const Deal& deal) {
    // (A deal that begins at a position may hold the cards of another deal: its position tells them apart.)
    if (!board || !(deal.variant == board_deal.variant) || deal.cards != board_deal.cards ||
        deal.position != board_deal.position) {
        board = std::make_unique<Board>(deal);
        board_deal = deal;
    }
    return *board;
}

State Session::Impl::position(const Deal& deal, const std::vector<Move>& played) {
    const Board& b = board_of(deal);
    if (played.empty()) return b.initial();
    std::string why;
    const auto s = b.play(played, &why);
    if (!s) throw Error("bad moves: " + why);
    return *s;
}

namespace {
// One question, one answer (issue 38, item 2; docs/nopeek.md "Which cards
// are hidden"): with cards not seen (`??`) in the deal, exactly those are
// hidden, as solve hides them (the player named what they know); a deal
// given whole hides what the rules hide (the stock's cards not dealt yet).
// `options` (OddsOptions or OptimalOptions) as asked of `deal`.
template <class Options>
Options as_asked(const Deal& deal, Options options) {
    if (deal.has_unknown()) options.stock_hidden = false;
    return options;
}

// The no-peek optimum of the position `played` reaches on `d` within `states`
// information states (AskedOptimum): the cards not seen are the `??` ones on a
// deal that has them, else those the rules hide; `unknown_playable` (the
// odds' flag): a card not seen is playable, the moves differ.
AskedOptimum asked_optimum(Solver& solver, const Deal& d, const std::vector<Move>& played, uint64_t states,
                           const Limits& limits, bool unknown_playable) {
    AskedOptimum x;
    x.budget = states;
    Table at(d);
    for (const Move& m : played) at.apply(m);  // (the caller checked them)
    const auto oo = as_asked(d, OptimalOptions::within(x.budget, limits));
    const nopeek::Unseen named = nopeek::unseen(d, at, oo.stock_hidden);
    if (unknown_playable) {
        x.note = "not computed: a card not seen is playable (name it: the moves differ)";
        return x;
    }
    try {
        x.optimal = std::make_shared<const Optimal>(nopeek::optimal(solver, d, played, oo));
        x.computed = true;
    } catch (const std::invalid_argument& e) {
        x.note = std::string("not computed: ") + e.what();
    }
    if (limits.stop && limits.stop->load()) return x;
    if (x.computed && x.optimal->exact) return x;
    // Not exact: the best no-peek player's move, from what the player sees.
    const std::vector<Move> legal = nopeek::sorted_moves(at);
    if (legal.empty()) return x;
    const Deal masked = nopeek::masked_deal(d, named);
    Table shown(masked);
    for (const Move& m : played) shown.apply(m);
    const nopeek::View view{masked, named, shown, played, legal};
    auto planner = nopeek::make_player("planner:32");
    planner->limits = limits;
    planner->limits.progress = nullptr;
    nopeek::Rng rng(1);
    nopeek::PlayerCost cost;
    x.planner_move = planner->choose(view, solver, rng, cost);
    return x;
}
}  // namespace

Answer Session::solve(const Deal& deal, const std::vector<Move>& played, const Request& request) {
    if (request.challenge && !played.empty())
        throw Error("a challenge is answered from the deal's start: it does not take played moves");
    if (request.nopeek_optimum && !deal.has_unknown())
        throw Error("the no-peek optimum of solve is for deals with cards not seen (?\?); every card is named here: "
                    "the odds' optimum (pyramid odds --optimal, Python's odds(optimal=True)) gives a known deal's "
                    "chance without peeking");
    if (deal.has_unknown()) {
        // The moves played name the cards they take: the deal names them too.
        const SeenReplay seen = verify_seen(deal, played, AfterGoal::PlayOn);
        if (seen.replay.error) throw Error("bad moves: " + *seen.replay.error);
        if (seen.undecided || seen.positions > 1) {
            const size_t k = seen.undecided ? *seen.undecided : seen.splits.back();
            std::string where;
            for (const auto& u : seen.unchecked)
                if (u.index == k)
                    where += (where.empty() ? "" : "; ") + card_text(u.card, deal.deck()) + " at " + u.place;
            throw Error("bad moves: " + move_label(k, played[k], deal.deck()) +
                        " takes a card not seen whose place decides the position (" + where + "): name it in the deal");
        }
        const Deal& d = seen.deal;
        OddsOptions oo;
        oo.stock_hidden = false;
        oo.samples = request.odds_samples;
        oo.rng_seed = request.odds_rng_seed;
        oo.exact_limit = request.odds_exact_limit;
        oo.limits = request.limits;
        oo.limits.progress = nullptr;  // the orders' progress instead
        oo.progress = request.odds_progress;
        const std::vector<UnknownPlace> places = unknown_places(d, played);
        const bool in_play = std::any_of(places.begin(), places.end(),
                                         [](const UnknownPlace& p) { return p.name.rfind("discarded", 0) != 0; });
        if (in_play) {
            if (request.optimal || request.best_score || request.measures || request.challenge)
                throw Error(std::string(request.optimal     ? "a shortest solution"
                                        : request.measures  ? "measures"
                                        : request.challenge ? "a challenge"
                                                            : "a best score") +
                            " needs every card named: " + std::to_string(std::popcount(d.unknown)) +
                            " cards are not seen (?\?); solve gives the odds over their orders and the best move "
                            "without peeking");
            impl_->position(d, played);
            Answer a;
            a.odds = std::make_shared<const Odds>(nopeek::odds(impl_->solver, d, played, oo));
            const Odds& o = *a.odds;
            a.states = o.states;
            a.seconds = o.seconds;
            a.interrupted = o.interrupted;
            const bool every = o.exact && !o.interrupted && o.intractable == 0;
            a.verdict = every && o.wins == o.samples ? Verdict::Win
                        : every && o.wins == 0       ? Verdict::Lose
                                                     : Verdict::Intractable;
            a.depends = a.verdict == Verdict::Intractable && !o.interrupted;
            for (const auto& mo : o.moves)
                if (mo.best && mo.wins > 0) a.best_move = mo.move;
            a.unknown = places;
            if (request.nopeek_optimum && !o.interrupted)
                a.optimum = asked_optimum(impl_->solver, d, played, request.nopeek_optimum_states, request.limits,
                                          o.unknown_playable);
            return a;
        }
        // Every card still in play is seen (those not seen are discarded, or
        // named by the moves): the one answer holds in every order.
        Answer a = solve_known(d, played, request);
        a.unknown = places;
        return a;
    }
    return solve_known(deal, played, request);
}

Answer Session::solve_known(const Deal& deal, const std::vector<Move>& played, const Request& request) {
    const State start = impl_->position(deal, played);
    const Board& b = *impl_->board;
    SolveOptions so;
    so.optimal = request.optimal || request.hint;
    so.limits = request.limits;
    const SolveResult r = impl_->solver.solve(b, start, so);
    Answer a;
    a.verdict = r.verdict;
    a.solution = r.solution;
    a.optimal = r.optimal;
    a.interrupted = r.interrupted;
    a.memory_exceeded = r.memory_exceeded;
    a.states = r.states;
    a.seconds = r.seconds;
    if (request.hint && r.verdict == Verdict::Win && !r.solution.empty()) a.hint = r.solution.front();
    // The best score: asked for, or the headline of a score variant.
    const bool want_score = (request.best_score || (request.score_headline && deal.variant.score_variant)) &&
                            !r.interrupted;
    if (want_score && r.verdict == Verdict::Lose) {
        const ScoreResult s = impl_->solver.best_score(b, start, so);
        a.states += s.states;
        a.seconds += s.seconds;
        a.interrupted = a.interrupted || s.interrupted;
        a.memory_exceeded = a.memory_exceeded || s.memory_exceeded;
        if (!s.interrupted) {
            a.has_score = true;
            a.best_score = s.tableau_left;
            a.best_score_moves = s.moves;
            a.best_score_complete = s.complete;
        }
    } else if (want_score && r.verdict == Verdict::Win) {
        a.has_score = true;
        a.best_score = 0;
        a.best_score_moves = r.solution;
    }
    const auto t_extra = std::chrono::steady_clock::now();
    if (request.measures && r.verdict == Verdict::Win && !r.interrupted) {
        MeasureOptions mo;
        mo.limits = request.limits;
        mo.limits.progress = nullptr;  // each search counts from 0: no progress display
        mo.casual_plays = request.casual_plays;
        a.measures = std::make_shared<const DealMeasures>(measure_position(impl_->solver, b, played, mo));
        a.states += a.measures->states;
        // Ctrl-C during the measures' searches: the answer says interrupted
        // (their incompleteness is not a budget's).
        if (!a.measures->complete && request.limits.stopped()) a.interrupted = true;
        // A grade places a deal's start among the starts of a study's deals:
        // from a later position the difficulty is given, not graded.
        const auto t = builtin_thresholds(deal.variant);
        if (t && a.measures->complete && played.empty()) a.grade = grade_of(a.measures->difficulty, *t);
    }
    if (request.reason && r.verdict == Verdict::Lose && !a.interrupted) {
        const DeckKind d = deal.variant.deck;
        const bool uni = request.unicode;
        a.reason = std::make_shared<const LossReason>(
            explain_loss(impl_->solver, b, played, so, [&](Card c) { return card_words(c, d, uni); }));
    }
    // The measures' and the reason's searches count in the answer's time.
    a.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t_extra).count();
    if (request.challenge) a.challenge = challenge(deal, *request.challenge, request);  // (its own states and time)
    return a;
}

Odds Session::odds(const Deal& deal, const std::vector<Move>& played, const OddsOptions& options, bool for_optimum) {
    impl_->position(deal, played);  // Error naming an illegal move
    OddsOptions o = as_asked(deal, options);
    o.keep_verdicts = for_optimum;  // estimate_optimum's player takes these orders' proofs
    return nopeek::odds(impl_->solver, deal, played, o);
}

Optimal Session::optimal(const Deal& deal, const std::vector<Move>& played, const OptimalOptions& options) {
    impl_->position(deal, played);  // Error naming an illegal move
    try {
        return nopeek::optimal(impl_->solver, deal, played, as_asked(deal, options));
    } catch (const std::invalid_argument& e) {
        throw Error(e.what());
    }
}

size_t settled_unseen(uint64_t states) { return nopeek::settled_unseen(states); }

OptimalAnswer Session::optimal_answer(const Deal& deal, const std::vector<Move>& played, const Odds& odds,
                                      const OptimalAsk& ask, const Limits& limits) {
    OptimalOptions oo = OptimalOptions::within(ask.states, limits);
    oo.max_unseen = ask.max_unseen ? *ask.max_unseen : settled_unseen(ask.states);
    oo.threads = ask.threads;
    OptimalAnswer a{std::make_shared<const Optimal>(optimal(deal, played, oo)), std::nullopt};
    if (!a.optimal->exact && !a.optimal->interrupted) {
        EstimateOptions eo = ask.estimates;
        eo.limits = limits;
        a.estimates = estimate_optimum(deal, played, odds, eo);
    }
    return a;
}

std::optional<std::string> policy_error(const std::string& name) {
    try {
        if (!nopeek::make_player(name)) return "'" + name + "' peeks at the stock; name a player who does not";
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

OptimumEstimates Session::estimate_optimum(const Deal& deal, const std::vector<Move>& played, const Odds& odds,
                                           const EstimateOptions& options) {
    impl_->position(deal, played);  // Error naming an illegal move
    OptimumEstimates e;
    // The upper: the clairvoyant share, an order whose solve hit the budget counted winnable.
    OptimumEstimate& up = e.upper;
    up.orders = odds.samples;
    up.wins = odds.wins + odds.intractable;
    up.sampled = !(odds.exact || odds.nothing_hidden) || odds.interrupted;
    up.value = up.orders ? double(up.wins) / double(up.orders) : 1.0;
    if (up.sampled) {
        const auto ci = wilson_interval(up.wins, up.orders);
        up.low = ci ? ci->low : 0.0;
        up.high = ci ? ci->high : 1.0;
    } else {
        up.low = up.high = up.value;
    }
    up.method = std::string(up.sampled ? "sampled" : "every") + " order" + (up.orders == 1 ? "" : "s") +
                " solved by a solver that sees the stock (the clairvoyant share" +
                (odds.intractable ? ", orders past the budget counted winnable" : "") + ")";
    if (options.orders == 0) return e;
    nopeek::PolicyOddsOptions po;
    po.player = options.player;
    po.orders = options.orders;
    po.rng_seed = options.rng_seed;
    po.limits = options.limits;
    po.limits.progress = nullptr;
    po.verdicts = &odds.verdicts;  // the orders the odds proved are not solved again
    nopeek::PolicyOdds p;
    try {
        p = nopeek::policy_odds(impl_->solver, deal, played, as_asked(deal, po));
    } catch (const std::invalid_argument& x) {
        throw Error(x.what());
    }
    e.interrupted = p.interrupted;
    e.solves = p.cost.solves;
    e.states = p.cost.states;
    e.seconds = p.seconds;
    if (p.orders == 0) return e;
    OptimumEstimate lo;
    lo.player = p.player;
    lo.orders = p.orders;
    lo.wins = p.wins;
    lo.value = double(p.wins) / double(p.orders);
    const auto ci = wilson_interval(p.wins, p.orders);
    lo.low = ci->low;
    lo.high = ci->high;
    lo.method = "the " + p.player + " player's wins over " + std::to_string(p.orders) +
                " sampled orders (a policy that sees only what the player sees: its value is at most the optimum)";
    e.lower = lo;
    return e;
}

AskedOptimum Session::ask_optimum(const Deal& deal, const std::vector<Move>& played, uint64_t states,
                                  const Limits& limits) {
    impl_->position(deal, played);  // Error naming an illegal move
    bool unknown_playable = false;
    if (deal.has_unknown())
        for (const UnknownPlace& p : unknown_places(deal, played)) unknown_playable = unknown_playable || p.playable;
    return asked_optimum(impl_->solver, deal, played, states, limits, unknown_playable);
}

json::object variant_json(const Variant& v) {
    json::object o;
    // Each rule (engine/rules.h) right after the key it has always followed.
    std::function<void(const std::string&, json::value)> put = [&](const std::string& key, json::value x) {
        o[key] = std::move(x);
        for (const auto& d : rule_table())
            if (d.variant_json_after == key && d.names(v)) put(d.key, d.to_json(d.get(v)));
    };
    put("name", json::value(v.name));
    put("title", json::value(v.title));
    put("summary", json::value(summary(v)));
    put("description", json::value(describe(v)));
    put("deck", v.deck == DeckKind::Spanish48 ? "spanish" : "standard");
    put("shape", v.shape == TableauShape::Triangle ? "triangle" : "pyramid");
    put("rows", v.rows);
    put("tableau_size", v.tableau_size());
    put("reserve_piles", v.reserve_piles);
    put("reserve_height", v.reserve_height);
    put("wastes", v.wastes);
    put("stock_size", deck_size(v.deck) - v.fixed_size());
    put("stock_top_playable", v.stock_top_playable);
    for (const auto& d : rule_table())  // rules that follow no key
        if (d.variant_json_after.empty() && d.names(v)) put(d.key, d.to_json(d.get(v)));
    put("score_variant", v.score_variant);
    put("pysol_game", v.pysol_game);
    json::array cards;
    for (int i = 0; i < deck_size(v.deck); ++i)
        cards.push_back(json::value(card_text(card_from_index(i, v.deck), v.deck)));
    o["cards"] = std::move(cards);
    return o;
}

json::object position_json(const Deal& deal, const std::vector<Move>& played) {
    const DeckKind dk = deal.deck();
    const Replay r = replay(deal, played, AfterGoal::PlayOn);
    if (r.error) throw Error("bad moves: " + *r.error);
    const Table& t = r.table;
    auto card = [&](Card c) { return json::value(card_text(c, dk)); };
    auto pile = [&](const std::vector<Card>& cs) {
        json::array a;
        for (Card c : cs) a.push_back(card(c));
        return a;
    };
    json::object o;
    json::array rows;
    for (const auto& row : t.tableau()) {
        json::array r;
        for (const auto& c : row) r.push_back(c ? card(*c) : json::value(nullptr));
        rows.push_back(std::move(r));
    }
    o["tableau"] = std::move(rows);
    json::array reserves;
    for (const auto& p : t.reserves()) reserves.push_back(pile(p));
    o["reserves"] = std::move(reserves);
    o["stock"] = t.stock().size();
    if (deal.variant.stock_top_playable && !t.stock().empty()) o["stock_top"] = card(t.stock().back());
    else o["stock_top"] = nullptr;
    json::array wastes;
    for (const auto& p : t.wastes()) wastes.push_back(pile(p));
    o["wastes"] = std::move(wastes);
    o["pass"] = t.pass();
    o["discarded"] = t.discarded();
    o["playable"] = pile(t.playable());
    std::vector<std::string> legal;
    for (const auto& m : t.legal_moves()) legal.push_back(move_text(m, dk));
    std::sort(legal.begin(), legal.end());
    json::array la;
    for (auto& m : legal) la.push_back(json::value(m));
    o["legal"] = std::move(la);
    o["won"] = t.won();
    o["lost"] = !t.won() && legal.empty();
    o["tableau_left"] = t.tableau_left();
    json::array pa;
    for (const auto& m : played) pa.push_back(json::value(move_text(m, dk)));
    o["played"] = std::move(pa);
    return o;
}

}  // namespace pyr::api
