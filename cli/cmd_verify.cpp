#include <iostream>

#include "api/api.h"
#include "cli/common.h"
#include "engine/input.h"

namespace pyr::cli {

int cmd_verify(int argc, char** argv) {
    po::options_description opts("pyramid verify options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()
        ("moves", po::value<std::string>(), "the moves, e.g. \"draw QH+AS KS redeal\"")
        ("moves-file", po::value<std::string>(), "read the moves from a file ('-' for stdin)");
    add_text_options(opts);
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid verify --variant NAME (--deal CARDS | --deal-file PATH | --seed N)\n"
                       "                      (--moves \"draw QH+AS ...\" | --moves-file PATH) [--ascii]\n"
                       "Replays the moves with the independent verifier. Exit 0 and 'valid win' when every move\n"
                       "is legal and the goal is reached; exit 1 with 'invalid' naming the first illegal move, or\n"
                       "'legal, not a win' when every move is legal but the goal is not reached.",
                       opts, vm))
        return kOk;
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    if (vm.count("moves") + vm.count("moves-file") == 0) throw UsageError("give the moves with --moves or --moves-file");
    if (vm.count("moves") && vm.count("moves-file")) throw UsageError("give only one of --moves and --moves-file");
    const bool from_file = vm.count("moves-file") > 0;
    const std::string text = from_file ? read_file_or_stdin(vm["moves-file"].as<std::string>(), "--moves-file")
                                       : vm["moves"].as<std::string>();
    const std::vector<Move> moves = api::parse_moves(
        v, text, from_file ? "--moves-file " + excerpt(vm["moves-file"].as<std::string>(), 200) : "--moves");
    const Replay r = api::verify(ld.deal, moves, AfterGoal::GameOver);
    if (r.error) {
        std::cout << "invalid: " << cards_in_message(*r.error, v.deck, text_style(vm)) << "\n";
        return kRejected;
    }
    if (!r.won()) {
        std::cout << "legal, not a win: " << (moves.size() == 1 ? "the move is" : "all " + std::to_string(moves.size()) + " moves are")
                  << " legal but the goal is not reached (" << r.table.tableau_left() << " tableau cards left)\n";
        return kRejected;
    }
    std::cout << "valid win (" << moves.size() << " moves)\n";
    return kOk;
}

}  // namespace pyr::cli
