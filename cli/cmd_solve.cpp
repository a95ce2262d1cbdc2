#include <unistd.h>

#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "cli/common.h"
#include "engine/board.h"
#include "report/challenge.h"
#include "report/solution_html.h"
#include "api/api.h"
#include "solver/solver.h"

namespace pyr::cli {

int cmd_solve(int argc, char** argv) {
    po::options_description opts("pyramid solve options");
    add_variant_options(opts);
    add_deal_options(opts);
    opts.add_options()
        ("moves", po::value<std::string>(),
         "moves already played (notation as in verify): solve from the position they reach")
        ("optimal", po::bool_switch(), "find a shortest solution (every draw, redeal and removal counts one move)")
        ("hint", po::bool_switch(), "print just the next move of a shortest solution (from --moves' position)")
        ("best-score", po::bool_switch(),
         "when the deal is lost, find the fewest tableau cards that can be left (always on for classic/spanish)")
        ("measures", po::bool_switch(),
         "on a won deal (or a winnable position, with --moves), its difficulty measures from there: shortest "
         "length, winning moves, critical positions, the casual player's wins, the grade (at the start; "
         "docs/measures.md)")
        ("casual-plays", po::value<std::string>()->default_value("100"), "with --measures: the casual player's plays")
        ("challenge", po::value<std::string>(),
         "a challenge, answered from the deal's start: score (the most points, msc's scoring), cards:R (the most "
         "cards of rank R removed: A 2-9 T J Q K) or board (clear it); the best lines with the fewest steps "
         "(docs/challenges.md)")
        ("target", po::value<std::string>(), "with --challenge: the challenge's target (points, cards or boards)")
        ("current", po::value<std::string>(), "with --target: made so far, before this deal")
        ("deals-left", po::value<std::string>(),
         "with --target: the challenge's deals left, this one included: the chance of completing it and the line "
         "to take")
        ("format", po::value<std::string>()->default_value("text"),
         "output: text, json, or html (a page that draws the deal and steps through the solution)");
    add_max_states_option(opts, "stop with verdict 'intractable' after this many positions (0 = no limit)");
    add_max_memory_option(opts);
    add_text_options(opts);
    add_output_option(opts, "write to this file instead of stdout (e.g. the html page)");
    po::variables_map vm;
    if (!parse_command(argc, argv,
                       "usage: pyramid solve [--variant NAME] (--deal CARDS | --deal-file PATH | --seed N)\n"
                       "                     [--moves \"...\"] [--optimal | --hint] [--best-score]\n"
                       "                     [--challenge score|cards:R|board [--target N [--current N] [--deals-left D]]]\n"
                       "                     [--max-states N] [--format text|json|html] [--ascii] [-o FILE]\n"
                       "Solves the deal exactly: 'win' with a solution, 'lose' (proved), or 'intractable' when\n"
                       "the --max-states budget runs out first. Ctrl-C stops the search (verdict intractable).",
                       opts, vm))
        return kOk;
    const std::string format = format_from(vm, {"text", "json", "html"});
    const uint64_t max_states = max_states_from(vm);
    const uint64_t max_memory = max_memory_from(vm, 1);
    const Variant v = variant_from(vm);
    const api::LoadedDeal ld = deal_from_options(vm, v);
    const DeckKind dk = v.deck;
    // The solver's answers are replayed by the independent verifier; a failed
    // replay (or the packed rules and the verifier disagreeing) is a bug:
    // exit 3, naming the deal so that it can be reported and reproduced.
    auto guarded = [&](auto f) {
        try {
            if (const char* fault = std::getenv("PYRAMID_TEST_FAULT"); fault && std::string(fault) == "internal-error")
                throw InternalError("a failure injected for a test (PYRAMID_TEST_FAULT)");
            return f();
        } catch (const InternalError& e) {
            throw InternalError("on the deal --variant " + v.name + " --deal " + compact(ld.deal) +
                                (vm.count("moves") ? " --moves '" + vm["moves"].as<std::string>() + "'" : std::string()) +
                                ": " + e.what());
        }
    };

    // The position to solve from: the start, or where the played moves lead.
    std::vector<Move> played;
    if (vm.count("moves")) {
        played = api::parse_moves(v, vm["moves"].as<std::string>(), "bad --moves");
        const Replay r = api::verify(ld.deal, played, AfterGoal::PlayOn);
        if (r.error) throw UsageError("bad --moves: " + *r.error);
    }

    const bool hint = vm["hint"].as<bool>();
    std::optional<api::ChallengeRequest> challenge;
    if (vm.count("challenge")) {
        if (hint) throw UsageError("--hint does not apply with --challenge (the challenge's lines are the answer)");
        if (vm.count("moves")) throw UsageError("--challenge is answered from the deal's start: it does not take --moves");
        api::ChallengeRequest c;
        c.kind = vm["challenge"].as<std::string>();
        if (vm.count("target")) c.target = static_cast<int>(number_option(vm, "target", 1, 1'000'000'000));
        if (vm.count("current")) c.current = static_cast<int>(number_option(vm, "current", 0, 1'000'000'000));
        if (vm.count("deals-left")) c.deals_left = static_cast<int>(number_option(vm, "deals-left", 1, 1000));
        challenge = c;
    } else {
        for (const char* o : {"target", "current", "deals-left"})
            if (vm.count(o)) throw UsageError(std::string("--") + o + " needs --challenge");
    }
    api::Request req;
    req.max_states = max_states;
    req.max_memory = max_memory;
    req.optimal = vm["optimal"].as<bool>();
    req.hint = hint;
    req.best_score = vm["best-score"].as<bool>();
    req.reason = true;
    req.measures = vm["measures"].as<bool>();
    req.casual_plays = static_cast<int>(number_option(vm, "casual-plays", 1, 100000));
    req.unicode = text_style(vm).unicode && format != "json";
    req.challenge = challenge;
    if (isatty(STDERR_FILENO))
        req.progress = [](uint64_t n) { std::cerr << "\r  searching: " << n << " positions" << std::flush; };
    api::Session session;
    const api::Answer r = [&] {  // Ctrl-C or SIGTERM: the search stops and says so
        const StopOnSignals signals;
        req.stop = signals.flag();
        return guarded([&] { return session.solve(ld.deal, played, req); });
    }();
    if (req.progress) std::cerr << "\r" << std::string(40, ' ') << "\r";
    const bool interrupted = r.interrupted;
    const bool memory = r.memory_exceeded;
    const bool have_score = r.has_score;
    // Why a search stopped early, in words.
    auto size_text = [](uint64_t b) {
        for (const auto& [shift, unit] : {std::pair{40, "T"}, {30, "G"}, {20, "M"}, {10, "K"}})
            if (b >= (uint64_t{1} << shift) && b % (uint64_t{1} << shift) == 0)
                return std::to_string(b >> shift) + unit;
        return std::to_string(b) + " bytes";
    };
    const std::string budget = interrupted ? "interrupted"
                               : memory    ? "--max-memory " + size_text(max_memory) + " reached"
                                           : "--max-states " + std::to_string(max_states) + " reached";

    std::ofstream file;
    std::ostream& out = output_stream(vm, file);
    if (format == "json") {
        json::object o = api::answer_json(ld, played, vm.count("moves") > 0, req, r);
        if (r.challenge) o["challenge"] = challenge_json(v, *r.challenge, *challenge);
        out << json_line(o) << "\n";
        finish_output(vm, file);
        return kOk;
    }
    std::ostringstream facts;
    facts << "States searched: " << r.states << "; time: " << std::fixed << std::setprecision(3)
          << r.seconds << " s.";
    if (format == "html") {
        SolutionPage page;
        page.deal = ld.deal;
        page.seed = ld.seed;
        page.played = played;
        page.verdict = std::string(verdict_text(r.verdict)) + (r.interrupted ? " (interrupted)" : "");
        if (r.verdict == Verdict::Win) {
            page.moves = hint && !r.solution.empty() ? std::vector<Move>{r.solution.front()} : r.solution;
            page.line_name = hint ? "hint" : r.optimal ? "shortest solution" : "solution";
        } else if (have_score) {
            page.moves = r.best_score_moves;
            page.line_name = std::string("best score line (") + std::to_string(r.best_score) +
                             " tableau cards left" + (r.best_score_complete ? "" : ", the best found") + ")";
        }
        if (r.challenge) {
            const ChallengePageLine line = challenge_page_line(v, *r.challenge);
            page.moves = line.moves;
            page.line_name = line.name.empty() ? "no line" : line.name;
        }
        page.notes = facts.str();
        out << solution_html(page);
        finish_output(vm, file);
        return kOk;
    }
    const TextStyle style = text_style(vm);
    out << v.name << ": " << v.title;
    if (!ld.seed.empty()) out << ", deal " << ld.seed;
    out << "\n";
    if (!played.empty()) {
        const Table t = api::verify(ld.deal, played, AfterGoal::PlayOn).table;
        out << "position after " << played.size() << " played moves:\n" << board_text(t, style) << "\n";
    } else {
        out << board_text(Table(ld.deal), style) << "\n";
    }
    out << "verdict: " << verdict_text(r.verdict);
    if (r.interrupted && r.verdict == Verdict::Win) out << " (search for a shorter solution interrupted)";
    else if (r.interrupted) out << " (interrupted)";
    else if (r.verdict == Verdict::Intractable) out << " (" << budget << ")";
    out << "\n";
    if (r.challenge) {  // the challenge's lines are the answer
        print_challenge(out, v, *r.challenge, *challenge, style);
        out << "states searched: " << r.states << "\n";
        out << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
        finish_output(vm, file);
        return kOk;
    }
    auto list = [&](const std::vector<Move>& ms) {
        for (size_t i = 0; i < ms.size(); ++i)
            out << std::setw(4) << i + 1 << ". " << move_people(ms[i], dk, style) << "\n";
    };
    if (hint) {
        if (r.verdict == Verdict::Win && !r.solution.empty())
            out << "hint: " << move_people(r.solution.front(), dk, style) << "\n"
                << (r.optimal     ? "shortest solution from here: "
                                  : "a solution from here (not proved shortest: " + budget + "): ")
                << r.solution.size() << " moves\n";
        else if (r.verdict == Verdict::Win)
            out << "hint: none needed, the goal is reached\n";
        else if (r.verdict == Verdict::Lose)
            out << "hint: none, the position is lost\n";
    } else if (r.verdict == Verdict::Win) {
        out << (r.optimal     ? "shortest solution: "
                : !req.optimal ? "solution: "
                              : "solution (not proved shortest: " + budget + "): ")
            << r.solution.size() << " moves\n";
        list(r.solution);
    }
    if (r.measures) {
        const DealMeasures& m = *r.measures;
        const bool mid = m.from_move > 0;
        out << "measures" << (mid ? " from here (after " + std::to_string(m.from_move) + (m.from_move == 1 ? " move)" : " moves)") : std::string())
            << (m.complete ? "" : " (incomplete: " + budget + ")") << ":\n";
        if (m.shortest >= 0) out << "  shortest solution:   " << m.shortest << " moves" << (mid ? " more" : "") << "\n";
        if (m.winning_first >= 0)
            out << (mid ? "  winning moves here:  " : "  winning first moves: ") << m.winning_first << " of "
                << m.legal_first << " legal\n";
        out << "  critical positions:  " << m.critical.size() << ", " << m.crossroads() << " with a choice";
        if (!m.critical.empty()) {
            out << " (after move:legal moves";
            for (const auto& c : m.critical) out << " " << c.index << ":" << c.legal;
            out << ")";
        }
        out << "\n";
        out << "  casual player:       " << m.casual_wins << " wins of " << m.casual_plays << " plays\n";
        if (m.difficulty >= 0) {
            char d[32];
            std::snprintf(d, sizeof d, "%.0f", m.difficulty);
            out << "  difficulty:          " << d << " (100 x the casual player's failure rate + critical positions with a choice)\n";
        }
        out << "  grade:               ";
        if (r.grade) out << grade_text(*r.grade) << "\n";
        else if (!m.complete) out << "none (incomplete)\n";
        else if (mid) out << "none (a grade is for a deal's start; from here, the difficulty alone)\n";
        else out << "none (no grade thresholds for these rules)\n";
        if (m.shortest >= 0) {
            out << "  shortest solution (critical positions marked *):\n";
            size_t k = 0;
            for (size_t i = 0; i < m.solution.size(); ++i) {
                const bool crit = k < m.critical.size() && m.critical[k].index == static_cast<int>(i);
                if (crit) ++k;
                out << std::setw(6) << i + 1 << (crit ? "*" : " ") << " " << move_people(m.solution[i], dk, style)
                    << "\n";
            }
        }
    }
    if (r.reason) {
        out << "reason: " << r.reason->code << "\n" << r.reason->text << "\n";
        if (r.reason->has_best) {
            out << "best line (" << r.reason->tableau_total - r.reason->tableau_left << " of "
                << r.reason->tableau_total << " pyramid cards cleared):\n";
            list(r.reason->best_moves);
        }
    }
    if (have_score && r.verdict == Verdict::Lose) {
        out << "best score: " << r.best_score << " tableau cards left"
            << (r.best_score_complete ? ""
                               : " (" + budget + ": the best found, maybe not the best)")
            << "\n";
        list(r.best_score_moves);
    }
    out << "states searched: " << r.states << "\n";
    out << "time: " << std::fixed << std::setprecision(3) << r.seconds << " s\n";
    finish_output(vm, file);
    return kOk;
}

}  // namespace pyr::cli
