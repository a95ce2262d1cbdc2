#include <iostream>

#include "api/api.h"
#include "cli/common.h"
#include "engine/input.h"
#include "report/board_text.h"

namespace pyr::cli {

namespace {

// A deal with cards not seen (??): each move that takes one is listed as not
// checked (legal only if that card was there), the rest are checked; exit 0
// only when every move was checked and the goal is reached.
int verify_unknown(const Deal& deal, const std::vector<Move>& moves, const TextStyle& style) {
    const DeckKind dk = deal.deck();
    const api::SeenReplay s = api::verify_seen(deal, moves, AfterGoal::GameOver);
    for (const auto& u : s.unchecked)
        std::cout << "not checked: " << move_label(u.index, moves[u.index], dk) << " takes "
                  << card_people(u.card, dk, style) << ", a card not seen: legal only if it was " << u.place << "\n";
    if (s.replay.error) {
        std::cout << "invalid: " << cards_in_message(*s.replay.error, dk, style) << "\n";
        return kRejected;
    }
    if (s.undecided)
        std::cout << "not checked: moves " << *s.undecided + 2 << " to " << moves.size()
                  << ": the cards not seen could lie in too many ways by then\n";
    std::vector<size_t> taking;  // the moves not checked
    for (const auto& u : s.unchecked)
        if (taking.empty() || taking.back() != u.index) taking.push_back(u.index);
    const size_t checked = s.replay.played - taking.size();
    const bool all = s.unchecked.empty() && !s.undecided;
    if (all && s.replay.won()) {
        std::cout << "valid win (" << moves.size() << " moves)\n";
        return kOk;
    }
    const std::string left = "the goal is not reached (" + std::to_string(s.replay.table.tableau_left()) +
                             " tableau cards left)\n";
    if (all) std::cout << "legal, not a win: all " << moves.size() << " moves are legal but " << left;
    else
        std::cout << "not verified: " << checked << " of " << moves.size() << " moves checked, all legal; "
                  << (s.undecided      ? std::string("the rest depend on the cards not seen\n")
                      : s.replay.won() ? "the goal is reached if the cards not seen were where the moves take them\n"
                                       : left);
    return kRejected;
}

}  // namespace

int cmd_verify(int argc, char** argv) {
    po::options_description opts("pyramid verify options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()("moves", po::value<std::string>(), "the moves, e.g. \"draw QH+AS KS redeal\"")(
        "moves-file", po::value<std::string>(), "read the moves from a file ('-' for stdin)");
    add_text_options(opts);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       usage_with_rules("verify", "--variant NAME (--deal CARDS | --deal-file PATH | --seed N)") +
                           "                      (--moves \"draw QH+AS ...\" | --moves-file PATH) [--ascii]\n"
                           "Replays the moves with the independent verifier. Exit 0 and 'valid win' when every move\n"
                           "is legal and the goal is reached; exit 1 with 'invalid' naming the first illegal move, or\n"
                           "'legal, not a win' when every move is legal but the goal is not reached.",
                       opts, vm))
        return kOk;
    // One standard input: the deal's reader takes all of it (words after the
    // deal are ignored), which left the moves empty ("all 0 moves are legal").
    if (vm.count("deal-file") && vm.count("moves-file") && vm["deal-file"].as<std::string>() == "-" &&
        vm["moves-file"].as<std::string>() == "-")
        throw UsageError("--deal-file - and --moves-file - cannot both read standard input: give one of them a file");
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    if (vm.count("moves") + vm.count("moves-file") == 0)
        throw UsageError("give the moves with --moves or --moves-file");
    if (vm.count("moves") && vm.count("moves-file")) throw UsageError("give only one of --moves and --moves-file");
    const bool from_file = vm.count("moves-file") > 0;
    const std::string text = from_file ? read_file_or_stdin(vm["moves-file"].as<std::string>(), "--moves-file")
                                       : vm["moves"].as<std::string>();
    const std::vector<Move> moves = api::parse_moves(
        v, text, from_file ? "--moves-file " + excerpt(vm["moves-file"].as<std::string>(), 200) : "--moves");
    if (ld.deal.has_unknown()) return verify_unknown(ld.deal, moves, text_style(vm));
    const Replay r = api::verify(ld.deal, moves, AfterGoal::GameOver);
    if (r.error) {
        std::cout << "invalid: " << cards_in_message(*r.error, v.deck, text_style(vm)) << "\n";
        return kRejected;
    }
    if (!r.won()) {
        std::cout << "legal, not a win: "
                  << (moves.size() == 1 ? "the move is" : "all " + std::to_string(moves.size()) + " moves are")
                  << " legal but the goal is not reached (" << r.table.tableau_left() << " tableau cards left)\n";
        return kRejected;
    }
    std::cout << "valid win (" << moves.size() << " moves)\n";
    return kOk;
}

}  // namespace pyr::cli
