#include <unistd.h>

#include <cstdlib>

#include "cli/common.h"
#include "play/controller.h"
#include "play/screen.h"

namespace pyr::cli {

int cmd_play(int argc, char** argv) {
    po::options_description opts("pyramid play options");
    add_variant_options(opts);
    add_deal_options(opts);
    add_text_options(opts);
    opts.add_options()("no-colour", po::bool_switch(), "no colour, even when the terminal has it (so does NO_COLOR)")(
        "fair", po::bool_switch(),
        "hide the exact verdict and hint (they know the stock's order); o still gives the no-peek hint")(
        "optimum-states", po::value<std::string>()->default_value("50000"),
        "o: information states the search for the chance with best play without peeking may expand (then its "
        "proven bracket and the planner's move; 0: o gives the odds' move only)");
    add_challenge_options(opts, "a challenge (as solve's): score (the most points, msc's scoring), cards:R (the most "
                                "cards of rank R as cards write it: A 2-9 T J Q K, Spanish 1-12) or board, any case; h "
                                "then names the next move of the "
                                "challenge's best line from the position (docs/challenges.md)");
    add_max_states_option(opts,
                          "the verdict's search budget per position (as solve's): past it the verdict is 'unknown'");
    add_max_memory_option(opts, "'unknown'");
    po::variables_map vm;
    if (!parse_command(
            argc, argv,
            usage_with_rules("play", "[--variant NAME] (--seed N | --deal CARDS | --deal-file PATH)") +
                "                    [--challenge score|cards:R|board [--target N [--current N] [--deals-left D]]]\n"
                "                    [--max-states N] [--max-memory SIZE] [--ascii] [--no-colour] [--fair]\n"
                "                    [--optimum-states N]\n"
                "Plays the deal in the terminal (full screen; ? shows the keys). After every move the\n"
                "status line gives the solver's exact verdict from the position: winnable in N moves,\n"
                "lost, or unknown when the search budget runs out; h shows the next move of a shortest\n"
                "solution (both know the stock's order: --fair hides them); o gives the hint without peeking\n"
                "(your chance with best play without peeking and its move, as pyramid odds --optimal, within\n"
                "--optimum-states, else the proven bracket and the planner's move; beside it the share of the\n"
                "orders of the cards not yet seen that are winnable), counting the orders as it works; Esc stops it. "
                "With "
                "--challenge, h follows the challenge's best line;\n"
                "with --target too, a status line carries the challenge as you play (made so far, deals left,\n"
                "the chance from the position) and n starts the next deal with what this one made.\n"
                "A deal or a position with cards not seen (?\?) plays as the game in hand: the status line\n"
                "gives the odds over their orders (as pyramid solve), h is off, o gives the chance and\n"
                "move with best play without peeking (the ?? cards not seen), and a card not seen that a move could "
                "take "
                "is typed in when it shows.",
            opts, vm))
        return kOk;
    const Limits limits = limits_from(vm, 1);
    if (vm.count("deal-file") && vm["deal-file"].as<std::string>() == "-")
        throw UsageError("play reads its keys from standard input, so --deal-file - cannot be used: give --deal "
                         "CARDS or a file");
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    const std::optional<api::ChallengeRequest> challenge = challenge_from(vm);
    if (challenge) {
        api::make_challenge(v, *challenge);  // its words checked before the screen starts (api::Error)
        if (ld.deal.has_unknown())
            throw UsageError("a challenge needs every card named: this deal has cards not seen (?\?); play without "
                             "--challenge gives their odds");
    }
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        throw UsageError(std::string("play is interactive and needs a terminal, but standard ") +
                         (isatty(STDIN_FILENO) ? "output" : "input") +
                         " is not one (to solve a deal without a terminal: pyramid solve)");
    const TextStyle style = text_style(vm);
    const char* no_colour = std::getenv("NO_COLOR");
    play::ScreenOptions so;
    so.colour = !vm["no-colour"].as<bool>() && !(no_colour && *no_colour);
    so.limits = limits;
    so.optimum_states = number_option(vm, "optimum-states", 0, UINT64_MAX);
    play::Controller controller(play::Game(ld.deal, ld.seed), style.unicode, vm["fair"].as<bool>(), challenge);
    try {
        play::run_screen(controller, so);
    } catch (const play::TerminalError& e) {
        throw UsageError(e.what());
    }
    return kOk;
}

}  // namespace pyr::cli
