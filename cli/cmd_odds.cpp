// pyramid odds: the chances of a position without peeking at the stock, and
// each legal move's (solver/nopeek.h, docs/nopeek.md).
#include <cstdio>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "api/api.h"
#include "cli/common.h"
#include "solver/nopeek.h"
#include "study/study.h"

namespace pyr::cli {

namespace {

std::string pct(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", 100 * x);
    return b;
}
}  // namespace

int cmd_odds(int argc, char** argv) {
    po::options_description opts("pyramid odds options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()
        ("moves", po::value<std::string>(), "moves already played (notation as in verify): the odds from there")
        ("samples", po::value<std::string>()->default_value("1000"),
         "orders of the hidden cards to sample when there are too many to enumerate (1 to 10^7)")
        ("rng-seed", po::value<std::string>()->default_value("1"), "seed of the sampling (splitmix64)")
        ("exact-limit", po::value<std::string>()->default_value("40320"),
         "enumerate every order when there are at most this many (default 8! = 40320; 0: always sample)")
        ("thoughtful", po::bool_switch(),
         "also print the exact answer of a solver that knows the stock's order (peeking), labelled as such")
        ("format", po::value<std::string>()->default_value("text"), "output: text or json");
    add_max_states_option(opts, "per solve: a sampled order whose search hits this many positions is counted intractable");
    add_max_memory_option(opts);
    add_text_options(opts);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid odds [--variant NAME] (--seed N | --deal CARDS | --deal-file PATH)\n"
                       "                    [--moves \"...\"] [--samples K] [--rng-seed S] [--exact-limit N]\n"
                       "                    [--thoughtful] [--max-states N] [--format text|json] [--ascii]\n"
                       "The odds without peeking: the share of the orders of the cards the player has not seen\n"
                       "(the stock's face-down cards) in which the position is winnable, and for each legal move\n"
                       "the share in which it keeps a win; the best move is marked. Every order is solved exactly\n"
                       "when there are at most --exact-limit of them, else --samples orders drawn with --rng-seed\n"
                       "(an estimate with its 95% Wilson interval). The true order is never looked at (unless\n"
                       "--thoughtful, which prints the peeking solver's answer apart). Deterministic.",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json"});
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    const DeckKind dk = v.deck;
    std::vector<Move> played;
    if (vm.count("moves")) {
        played = api::parse_moves(v, vm["moves"].as<std::string>(), "bad --moves");
        const Replay r = api::verify(ld.deal, played, AfterGoal::GameOver);
        if (r.error) throw UsageError("bad --moves: " + *r.error);
    }
    api::OddsOptions o;
    o.samples = number_option(vm, "samples", 1, 10'000'000);
    o.rng_seed = number_option(vm, "rng-seed", 0, UINT64_MAX);
    o.exact_limit = number_option(vm, "exact-limit", 0, 1'000'000'000);
    o.max_states = max_states_from(vm);
    o.max_memory = max_memory_from(vm, 1);
    api::Session session;
    const api::Odds r = [&] {  // Ctrl-C or SIGTERM: stop sampling and say so
        const StopOnSignals signals;
        o.stop = signals.flag();
        return session.odds(ld.deal, played, o);
    }();
    std::optional<api::Answer> peek;
    if (vm["thoughtful"].as<bool>()) {
        api::Request req;
        req.hint = true;
        req.max_states = o.max_states;
        req.max_memory = o.max_memory;
        peek = session.solve(ld.deal, played, req);
    }

    const uint64_t decided = r.samples - r.intractable;
    auto share = [&](uint64_t wins, uint64_t intractable) -> std::optional<double> {
        const uint64_t n = r.samples - intractable;
        if (n == 0) return std::nullopt;
        return double(wins) / double(n);
    };
    auto interval = [&](uint64_t wins, uint64_t intractable) -> std::optional<Interval> {
        const uint64_t n = r.samples - intractable;
        if (n == 0) return std::nullopt;
        if (r.exact && !r.interrupted) return Interval{double(wins) / n, double(wins) / n};
        return wilson_interval(wins, n);
    };
    const std::string how = r.nothing_hidden ? "nothing hidden" : r.exact ? "exact" : "sampled";

    if (format == "json") {
        json::object j;
        j["variant"] = v.name;
        if (!ld.seed.empty()) j["seed"] = ld.seed;
        j["deal"] = compact(ld.deal);
        json::array pl;
        for (const Move& m : played) pl.push_back(json::value(move_text(m, dk)));
        j["played"] = pl;
        j["hidden"] = static_cast<uint64_t>(r.unseen);
        j["method"] = how;
        j["exact"] = r.exact && !r.interrupted;
        if (r.orders == UINT64_MAX) j["orders"] = nullptr;
        else j["orders"] = r.orders;
        j["samples"] = r.samples;
        j["rng_seed"] = o.rng_seed;
        j["wins"] = r.wins;
        j["intractable"] = r.intractable;
        auto put_share = [&](json::object& x, uint64_t wins, uint64_t intr) {
            if (auto s = share(wins, intr)) x["share"] = *s;
            else x["share"] = nullptr;
            if (auto ci = interval(wins, intr)) {
                x["ci95_low"] = ci->low;
                x["ci95_high"] = ci->high;
            } else {
                x["ci95_low"] = nullptr;
                x["ci95_high"] = nullptr;
            }
        };
        put_share(j, r.wins, r.intractable);
        json::array ms;
        json::value best = nullptr;
        for (const auto& mo : r.moves) {
            json::object x;
            x["move"] = move_text(mo.move, dk);
            x["wins"] = mo.wins;
            x["intractable"] = mo.intractable;
            put_share(x, mo.wins, mo.intractable);
            x["best"] = mo.best;
            if (mo.best) best = json::value(move_text(mo.move, dk));
            ms.push_back(json::value(x));
        }
        j["moves"] = ms;
        j["best_move"] = best;
        if (peek) {
            json::object t;
            t["verdict"] = verdict_text(peek->verdict);
            if (peek->hint) t["hint"] = move_text(*peek->hint, dk);
            else t["hint"] = nullptr;
            j["thoughtful"] = t;
        }
        j["solves"] = r.solves;
        j["states"] = r.states;
        j["seconds"] = r.seconds;
        if (r.interrupted) j["interrupted"] = true;
        std::cout << json_line(j) << "\n";
        return kOk;
    }
    const TextStyle style = text_style(vm);
    (void)style;
    std::ostringstream out;
    out << "Odds without peeking: " << rules_text(v);
    if (!ld.seed.empty()) out << ", seed " << ld.seed;
    out << (played.empty() ? ", from the start" : ", after " + std::to_string(played.size()) + " moves") << "\n";
    if (r.nothing_hidden) {
        out << "Nothing is hidden here" << (nopeek::ever_hidden(v) ? " (the stock has been seen)" : " (every card is face up)")
            << ": the odds are the thoughtful verdict.\n";
    } else {
        out << "Hidden: " << r.unseen << " stock cards, ";
        if (r.orders == UINT64_MAX) out << "more than 10^19 orders";
        else out << r.orders << " orders";
        if (r.exact) out << ": every order solved (exact).\n";
        else out << ": " << r.samples << " sampled (--rng-seed " << o.rng_seed << "), 95% Wilson intervals.\n";
    }
    if (r.interrupted) out << "Interrupted: " << r.samples << " orders solved so far.\n";
    auto line = [&](uint64_t wins, uint64_t intr) {
        std::string s;
        if (auto sh = share(wins, intr)) s = pct(*sh);
        else s = "-";
        if (!r.exact && !r.nothing_hidden)
            if (auto ci = interval(wins, intr)) s += " (" + pct(ci->low) + "-" + pct(ci->high) + ")";
        s += "  " + std::to_string(wins) + "/" + std::to_string(r.samples - intr);
        if (intr) s += ", " + std::to_string(intr) + " intractable";
        return s;
    };
    out << "Winnable: " << line(r.wins, r.intractable) << "\n";
    (void)decided;
    if (!r.moves.empty()) {
        out << "Each move keeps a win in:\n";
        size_t width = 4;
        for (const auto& mo : r.moves) width = std::max(width, move_text(mo.move, dk).size());
        for (const auto& mo : r.moves)
            out << "  " << std::left << std::setw(static_cast<int>(width)) << move_text(mo.move, dk) << "  "
                << line(mo.wins, mo.intractable) << (mo.best ? "   <- best without peeking" : "") << "\n";
    }
    if (peek) {
        out << "Peeking at the stock (the thoughtful solver knows its order): " << verdict_text(peek->verdict);
        if (peek->hint) out << "; next move of a shortest solution: " << move_text(*peek->hint, dk);
        out << "\n";
    }
    out << "Solves: " << r.solves << "; states: " << r.states << "; time: " << std::fixed << std::setprecision(3)
        << r.seconds << " s.\n";
    std::cout << out.str();
    return kOk;
}

}  // namespace pyr::cli
