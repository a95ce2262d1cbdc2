// pyramid odds: the chances of a position without peeking at the stock, and
// each legal move's (api::Session::odds, docs/nopeek.md); the output is
// report/odds.h's.
#include <unistd.h>

#include <chrono>
#include <iostream>

#include "api/api.h"
#include "api/results.h"
#include "cli/common.h"
#include "report/odds.h"

namespace pyr::cli {

int cmd_odds(int argc, char** argv) {
    po::options_description opts("pyramid odds options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()("moves", po::value<std::string>(),
                       "moves already played (notation as in verify): the odds from there")(
        "samples", po::value<std::string>()->default_value("1000"),
        "orders of the hidden cards to sample when there are too many to enumerate (1 to 10^7)")(
        "rng-seed", po::value<std::string>()->default_value("1"), "seed of the sampling (splitmix64)")(
        "exact-limit", po::value<std::string>()->default_value("40320"),
        "enumerate every order when there are at most this many (default 8! = 40320; 0: always sample)")(
        "thoughtful", po::bool_switch(),
        "also print the exact answer of a solver that knows the stock's order (peeking), labelled as such")(
        "optimal", po::bool_switch(),
        "also the exact chance with best play without peeking (the no-peek optimum: a maximum over the moves, "
        "an expectation over each card turned up), each move's, and the best move; a proven bracket when the "
        "search does not finish within --optimal-states")(
        "optimal-states", po::value<std::string>()->default_value("5000000"),
        "--optimal: information states the search may expand (then a bracket)")(
        "threads", po::value<std::string>()->default_value("1"),
        "--optimal: threads for the exact search, 1 to 4096, or 0 for every core (the same values, each move's "
        "too; more than 1 splits the search into tasks, which costs more states in all)")(
        "optimal-max-unseen", po::value<std::string>()->default_value("auto"),
        "--optimal: with more cards not seen than this, the search is cut to 20000 information states (the proven "
        "bracket only): auto, the most --optimal-states can be expected to settle (12 at the default), or 0 to 32")(
        "policy", po::value<std::string>()->default_value("hybrid:6"),
        "--optimal, where not exact: the no-peek player whose wins over sampled orders give the lower estimate")(
        "policy-orders", po::value<std::string>()->default_value("200"),
        "--optimal, where not exact: sampled orders the --policy player plays (the first of the odds' orders, "
        "with --rng-seed; 0: no lower estimate)")("format", po::value<std::string>()->default_value("text"),
                                                  "output: text or json");
    add_max_states_option(opts,
                          "per solve: a sampled order whose search hits this many positions is counted intractable");
    add_max_memory_option(opts);
    add_text_options(opts);
    po::variables_map vm;
    if (!parse_command(
            argc, argv,
            usage_with_rules("odds", "[--variant NAME] (--seed N | --deal CARDS | --deal-file PATH)") +
                "                    [--moves \"...\"] [--samples K] [--rng-seed S] [--exact-limit N]\n"
                "                    [--thoughtful] [--optimal [--optimal-states N] [--optimal-max-unseen N|auto]\n"
                "                    [--threads N]\n"
                "                    [--policy NAME] [--policy-orders N]] [--max-states N] [--max-memory SIZE]\n"
                "                    [--format text|json] [--ascii]\n"
                "The odds without peeking: the share of the orders of the cards the player has not seen\n"
                "(the stock's face-down cards) in which the position is winnable, and for each legal move\n"
                "the share in which it keeps a win; the best move is marked. Every order is solved exactly\n"
                "when there are at most --exact-limit of them, else --samples orders drawn with --rng-seed\n"
                "(an estimate with its 95% Wilson interval). The true order is never looked at (unless\n"
                "--thoughtful, which prints the peeking solver's answer apart). Deterministic.\n"
                "--optimal adds the best chance of a player who does not peek (docs/nopeek.md); where\n"
                "it is not computed exactly, the proven bracket and sampled estimates (labelled, with\n"
                "their 95% intervals): at least about a --policy player's wins, at most about the\n"
                "share of winnable orders.",
            opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json"});
    const Variant v = variant_from(vm);
    api::LoadedDeal ld = deal_from_options(vm, v);
    std::vector<Move> played;
    if (vm.count("moves")) played = api::odds_moves(ld.deal, vm["moves"].as<std::string>(), "bad --moves");
    if (ld.deal.has_unknown() && vm["thoughtful"].as<bool>())
        throw UsageError("--thoughtful peeks at the order of every card: this deal has cards not seen (?\?)");
    api::OddsOptions o;
    o.samples = number_option(vm, "samples", 1, 10'000'000);
    o.rng_seed = number_option(vm, "rng-seed", 0, UINT64_MAX);
    o.exact_limit = number_option(vm, "exact-limit", 0, 1'000'000'000);
    o.limits = limits_from(vm, 1);
    // --optimal's options, read before any work: a bad one is refused at
    // once, not after the odds have been computed (and read without
    // --optimal too, as every option is).
    api::OptimalAsk ask;
    ask.states = number_option(vm, "optimal-states", 1, UINT64_MAX);
    ask.threads = threads_from(vm);
    if (vm["optimal-max-unseen"].as<std::string>() != "auto")
        ask.max_unseen = static_cast<size_t>(number_option(vm, "optimal-max-unseen", 0, 32));
    ask.estimates.player = vm["policy"].as<std::string>();
    if (const auto why = api::policy_error(ask.estimates.player)) throw UsageError("--policy: " + *why);
    ask.estimates.orders = number_option(vm, "policy-orders", 0, 1'000'000);
    ask.estimates.rng_seed = o.rng_seed;
    // Progress on a terminal, as solve shows it: the orders solved so far,
    // redrawn at most 5 times a second (a sampled order takes a millisecond).
    auto last_drawn = std::chrono::steady_clock::now() - std::chrono::seconds(1);
    bool drawn = false;
    if (isatty(STDERR_FILENO))
        o.progress = [&](uint64_t done, uint64_t total) {
            const auto now = std::chrono::steady_clock::now();
            if (now - last_drawn < std::chrono::milliseconds(200)) return;
            last_drawn = now;
            drawn = true;
            std::cerr << "\r  odds: " << done << " of " << total << " orders solved" << std::flush;
        };
    api::Session session;
    const api::Odds r = [&] {  // Ctrl-C or SIGTERM: stop sampling and say so
        const StopOnSignals signals;
        o.limits.stop = signals.flag();
        return session.odds(ld.deal, played, o, vm["optimal"].as<bool>());
    }();
    if (drawn) std::cerr << "\r" << std::string(60, ' ') << "\r" << std::flush;
    std::optional<api::OptimalAnswer> best;
    if (vm["optimal"].as<bool>()) {
        const StopOnSignals signals;
        Limits limits = o.limits;
        limits.stop = signals.flag();
        best = session.optimal_answer(ld.deal, played, r, ask, limits);
    }
    std::optional<api::Answer> peek;
    if (vm["thoughtful"].as<bool>()) {
        api::Request req;
        req.hint = true;
        req.limits.max_states = o.limits.max_states;
        req.limits.max_memory = o.limits.max_memory;
        const StopOnSignals signals;  // Ctrl-C stops this search too: the odds are still printed
        req.limits.stop = signals.flag();
        peek = session.solve(ld.deal, played, req);
    }

    const OddsShown shown{ld,
                          played,
                          o,
                          r,
                          peek,
                          text_style(vm),
                          best ? best->optimal.get() : nullptr,
                          best && best->estimates ? &*best->estimates : nullptr};
    if (format == "json") std::cout << json_line(odds_json(shown)) << "\n";
    else std::cout << odds_text(shown);
    return kOk;
}

}  // namespace pyr::cli
