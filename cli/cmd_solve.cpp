#include <unistd.h>

#include <csignal>
#include <iomanip>
#include <iostream>

#include "cli/common.h"
#include "engine/board.h"
#include "solver/solver.h"

namespace pyr::cli {

namespace {
std::atomic<bool> g_stop{false};
extern "C" void on_sigint(int) { g_stop.store(true); }
}  // namespace

int cmd_solve(int argc, char** argv) {
    po::options_description opts("pyramid solve options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()
        ("max-states", po::value<uint64_t>()->default_value(100'000'000),
         "stop with verdict 'intractable' after storing this many positions (0 = no limit)")
        ("optimal", po::bool_switch(), "find a shortest solution (every draw, redeal and removal counts one move)")
        ("format", po::value<std::string>()->default_value("text"), "output: text or json");
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid solve [--variant NAME] (--deal CARDS | --deal-file PATH | --seed N)\n"
                       "                     [--max-states N] [--format text|json]\n"
                       "Solves the deal exactly: 'win' with a solution, 'lose' (proved), or 'intractable' when\n"
                       "the --max-states budget runs out first. Ctrl-C stops the search (verdict intractable).",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json"});
    const Variant v = variant_from(vm);
    const LoadedDeal ld = deal_from(vm, v);
    const Board board(ld.deal);

    SolveOptions so;
    so.max_states = vm["max-states"].as<uint64_t>();
    so.optimal = vm["optimal"].as<bool>();
    so.stop = &g_stop;
    std::signal(SIGINT, on_sigint);
    if (isatty(STDERR_FILENO))
        so.progress = [](uint64_t n) { std::cerr << "\r  searching: " << n << " positions" << std::flush; };
    Solver solver;
    const SolveResult r = solver.solve(board, so);
    if (so.progress && r.states >= (1u << 20)) std::cerr << "\r" << std::string(40, ' ') << "\r";
    std::signal(SIGINT, SIG_DFL);

    const DeckKind dk = v.deck;
    if (format == "json") {
        json::object o;
        o["variant"] = v.name;
        if (!ld.seed.empty()) o["seed"] = ld.seed;
        o["deal"] = compact(ld.deal);
        o["verdict"] = verdict_text(r.verdict);
        json::array sol;
        for (const auto& m : r.solution) sol.push_back(json::value(move_text(m, dk)));
        o["solution"] = sol;
        if (so.optimal) o["optimal"] = r.verdict == Verdict::Win;
        if (r.verdict == Verdict::Win) o["moves"] = r.solution.size();
        else o["moves"] = nullptr;
        o["states"] = r.states;
        o["seconds"] = r.seconds;
        if (r.interrupted) o["interrupted"] = true;
        std::cout << json_line(o) << "\n";
        return kOk;
    }
    std::cout << v.name << ": " << v.title;
    if (!ld.seed.empty()) std::cout << ", deal " << ld.seed;
    std::cout << "\n" << Table(ld.deal).render() << "\n";
    std::cout << "verdict: " << verdict_text(r.verdict);
    if (r.interrupted) std::cout << " (interrupted)";
    else if (r.verdict == Verdict::Intractable) std::cout << " (--max-states " << so.max_states << " reached)";
    std::cout << "\n";
    if (r.verdict == Verdict::Win) {
        std::cout << (so.optimal ? "shortest solution: " : "solution: ") << r.solution.size() << " moves\n";
        for (size_t i = 0; i < r.solution.size(); ++i)
            std::cout << std::setw(4) << i + 1 << ". " << move_text(r.solution[i], dk) << "\n";
    }
    std::cout << "states searched: " << r.states << "\n";
    std::cout << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
    return kOk;
}

}  // namespace pyr::cli
