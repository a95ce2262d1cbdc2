#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "api/api.h"
#include "api/results.h"
#include "cli/common.h"
#include "engine/internal_error.h"
#include "report/solve.h"

namespace pyr::cli {

int cmd_solve(int argc, char** argv) {
    po::options_description opts("pyramid solve options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()("moves", po::value<std::string>(),
                       "moves already played (notation as in verify): solve from the position they reach")(
        "optimal", po::bool_switch(), "find a shortest solution (every draw, redeal and removal counts one move)")(
        "hint", po::bool_switch(), "print just the next move of a shortest solution (from --moves' position)")(
        "best-score", po::bool_switch(),
        "when the deal is lost, find the fewest tableau cards that can be left (always on for classic/spanish)")(
        "measures", po::bool_switch(),
        "on a won deal (or a winnable position, with --moves), its difficulty measures from there: shortest "
        "length, winning moves, critical positions, the casual player's wins, the grade (at the start; "
        "docs/measures.md)")("casual-plays", po::value<std::string>()->default_value("100"),
                             "with --measures: the casual player's plays")(
        "nopeek-optimum", po::bool_switch(),
        "with cards not seen (?\?): also your chance with best play without peeking and its move (the no-peek "
        "optimum, docs/nopeek.md), searched within --nopeek-optimum-states; otherwise its bracket and the planner's "
        "move")("nopeek-optimum-states", po::value<std::string>()->default_value("20000"),
                "with --nopeek-optimum: information states the search may expand (0 = no limit)");
    add_challenge_options(
        opts, "a challenge, answered from the deal's start: score (the most points, msc's scoring), "
              "cards:R (the most cards of rank R removed: R as cards write it, A 2-9 T J Q K, Spanish 1-12) or board "
              "(clear it), any case; the best "
              "lines with the fewest steps (docs/challenges.md)");
    opts.add_options()("format", po::value<std::string>()->default_value("text"),
                       "output: text, json, or html (a page that draws the deal and steps through the solution)");
    add_max_states_option(opts, "stop with verdict 'intractable' after this many positions (0 = no limit)");
    add_max_memory_option(opts);
    add_text_options(opts);
    add_output_option(opts, "write to this file instead of stdout (e.g. the html page)");
    po::variables_map vm;
    if (!parse_command(
            argc, argv,
            usage_with_rules("solve", "[--variant NAME] (--deal CARDS | --deal-file PATH | --seed N)") +
                "                     [--moves \"...\"] [--hint | [--optimal] [--best-score]]\n"
                "                     [--challenge score|cards:R|board [--target N [--current N] [--deals-left D]]]\n"
                "                     [--measures [--casual-plays N]] [--nopeek-optimum [--nopeek-optimum-states N]]\n"
                "                     [--max-states N] [--max-memory SIZE]\n"
                "                     [--format text|json|html] [--ascii] [-o FILE]\n"
                "Solves the deal exactly: 'win' with a solution, 'lose' (proved), or 'intractable' when\n"
                "the --max-states budget runs out first. Ctrl-C stops the search (verdict intractable).\n"
                "With cards not seen (?? in the deal or the board): the odds over their orders and the best\n"
                "move without peeking (docs/solve.md), never a verdict or a solution that assumes an order.",
            opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json", "html"});
    if (vm["hint"].as<bool>() && vm["optimal"].as<bool>())
        throw UsageError("give only one of --hint and --optimal (--hint's move is from a shortest solution already)");
    if (vm["hint"].as<bool>() && vm["best-score"].as<bool>())
        throw UsageError("give only one of --hint and --best-score (a hint is the next move of a win; the best "
                         "score is a lost deal's)");
    const Limits limits = limits_from(vm, 1);
    const Variant v = variant_from(vm);
    api::LoadedDeal ld = deal_from_options(vm, v);
    if (ld.deal.has_unknown() && format == "html")
        throw UsageError("--format html draws every card: this deal has cards not seen (?\?); use text or json");
    // The solver's answers are replayed by the independent verifier; a failed
    // replay (or the packed rules and the verifier disagreeing) is a bug:
    // exit 3, naming the deal so that it can be reported and reproduced.
    auto guarded = [&](auto f) {
        try {
#ifdef PYR_TEST_HOOKS  // test builds only (CMake option PYR_TEST_HOOKS)
            if (const char* fault = std::getenv("PYRAMID_TEST_FAULT"); fault && std::string(fault) == "internal-error")
                throw InternalError("a failure injected for a test (PYRAMID_TEST_FAULT)");
#endif
            return f();
        } catch (const InternalError& e) {
            throw InternalError(
                "on the deal --variant " + v.name + " --deal " + compact(ld.deal) +
                (vm.count("moves") ? " --moves '" + vm["moves"].as<std::string>() + "'" : std::string()) + ": " +
                e.what());
        }
    };

    // The position to solve from: the start, or where the played moves lead.
    std::vector<Move> played;
    if (vm.count("moves")) {
        played = api::parse_moves(v, vm["moves"].as<std::string>(), "bad --moves");
        // With cards not seen, the moves name the cards they take (the
        // position's deal names them too; Session::solve refuses a move
        // whose card could be at several places).
        const api::SeenReplay r = api::verify_seen(ld.deal, played, AfterGoal::PlayOn);
        if (r.replay.error) throw UsageError("bad --moves: " + *r.replay.error);
        if (!r.undecided && r.positions == 1) ld.deal = r.deal;
    }

    const std::optional<api::ChallengeRequest> challenge = challenge_from(vm);
    if (challenge) {
        if (vm["hint"].as<bool>())
            throw UsageError("--hint does not apply with --challenge (the challenge's lines are the answer)");
        if (vm.count("moves"))
            throw UsageError("--challenge is answered from the deal's start: it does not take --moves");
    }
    api::Request req;
    req.limits = limits;
    req.optimal = vm["optimal"].as<bool>();
    req.hint = vm["hint"].as<bool>();
    req.best_score = vm["best-score"].as<bool>();
    req.reason = true;
    req.measures = vm["measures"].as<bool>();
    req.casual_plays = static_cast<int>(number_option(vm, "casual-plays", 1, 100000));
    req.unicode = text_style(vm).unicode && format != "json";
    req.challenge = challenge;
    req.nopeek_optimum = vm["nopeek-optimum"].as<bool>();
    req.nopeek_optimum_states = number_option(vm, "nopeek-optimum-states", 0, UINT64_MAX);
    if (req.nopeek_optimum && !ld.deal.has_unknown())
        throw UsageError(
            "--nopeek-optimum is for deals with cards not seen (?\?); every card is named here: pyramid odds "
            "--optimal gives a known deal's chance without peeking");
    if (isatty(STDERR_FILENO))
        req.limits.progress = [](uint64_t n) { std::cerr << "\r  searching: " << n << " positions" << std::flush; };
    api::Session session;
    const api::Answer r = [&] {  // Ctrl-C or SIGTERM: the search stops and says so
        const StopOnSignals signals;
        req.limits.stop = signals.flag();
        return guarded([&] { return session.solve(ld.deal, played, req); });
    }();
    if (req.limits.progress) std::cerr << "\r" << std::string(40, ' ') << "\r";
    std::ofstream file;
    std::ostream& out = output_stream(vm, file);
    if (format == "json") out << json_line(solve_json(ld, played, vm.count("moves") > 0, req, r)) << "\n";
    else if (format == "html") out << solve_html(ld, played, req, r);
    else print_solve(out, ld, played, req, r, text_style(vm));
    finish_output(vm, file);
    return kOk;
}

}  // namespace pyr::cli
