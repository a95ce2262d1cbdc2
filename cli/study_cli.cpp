#include "cli/study_cli.h"

#include "api/study.h"

#include <unistd.h>

#include <charconv>
#include <cmath>
#include <ctime>
#include <iomanip>
#include <iostream>
#include <sstream>

#include "report/html.h"
#include "report/study_input.h"
#include "report/summary.h"

namespace pyr::cli {

namespace {
// Greedy wrap at `width` columns; continuation lines start with `indent`.
std::string wrap(const std::vector<std::string>& units, size_t width, const std::string& indent) {
    std::string out, line;
    for (const auto& u : units) {
        if (!line.empty() && line.size() + 1 + u.size() > width) {
            out += line + "\n";
            line = indent;
        }
        line += (line.empty() || line == indent ? "" : " ") + u;
    }
    return out + line;
}
std::vector<std::string> words_of(const std::string& text) {
    std::vector<std::string> out;
    std::string cur;
    std::istringstream in(text);
    while (std::getline(in, cur, ' ')) out.push_back(cur);
    return out;
}
}  // namespace

const std::string& stats_usage() {
    static const std::string usage = [] {
        // The rule lists, from the rule schema (engine/rules.h).
        std::vector<std::string> synopsis{"usage:", "pyramid", "stats", "[--variant NAME[,NAME...]]"};
        std::string lists, fields;
        for (const auto& d : rule_table()) {
            bool everywhere = true;
            for (const auto& p : presets()) everywhere = everywhere && d.takes(p);
            fields += d.key +
                      (!everywhere ? " (variants that take it)"
                       : d.shown   ? " (where not the game's own)"
                                   : "") +
                      ", ";
            if (!d.axis) continue;
            synopsis.push_back("[--" + d.key + (d.implicit.empty() ? " LIST]" : " [LIST]]"));
            lists += (lists.empty() ? "" : "  ") + ("--" + d.key + " " + d.example_list) +
                     (d.implicit.empty() ? "" : " (bare --" + d.key + " is " + d.implicit + ")");
        }
        synopsis.push_back("(--seeds A-B | --deals N | --deals-file PATH)");
        synopsis.push_back("[--shard K/N]");
        std::string u = wrap(synopsis, 100, std::string(21, ' ')) + "\n";
        u += "                     [--optimal] [--threads N] [--max-states N] [--max-memory SIZE] [--out FILE]\n"
             "                     [--format text|json|csv] [--list win|lose|intractable] [--report FILE.html] "
             "[--quiet]\n"
             "                     [--measures [--casual-plays K] | --reasons]\n"
             "                     [--player "
             "thoughtful|greedy|casual|sampler[:K]|planner[:K]|hybrid[:K]|optimal[:N[:K[:D]]]] "
             "[--player-seed S]\n"
             "                     [--challenge score|cards:R|board]\n";
        u += wrap(
            words_of("Solves every deal of a study and summarizes the win rates. The study is the cross product of "
                     "the variants and every rule list (" +
                     lists +
                     "), over the same deals: PySolFC seeds A..B (--deals N is 1..N), or the deals of a file, "
                     "one a line (words after the cards are ignored; '#' lines skipped). A rule a variant cannot "
                     "take is an error before any work."),
            100, "");
        u += "\n\n"
             "Counting: a deal whose search runs out of --max-states is 'intractable': counted apart, never a win\n"
             "or a loss. The win rate and its 95% Wilson interval are over decided deals: wins / (wins + losses).\n"
             "Results are the same for any --threads, shards or MPI ranks; only timings differ.\n\n";
        u += wrap(words_of("--out FILE gets a study line, then one record per deal as it completes (JSON Lines, or CSV "
                           "when FILE ends in .csv): seed, variant, " +
                           fields +
                           "verdict, moves, states, seconds (and deal, with --deals-file). It is also the checkpoint: "
                           "run the same command again after Ctrl-C, a kill or a crash and the deals already in the "
                           "file are not solved again; the summary covers every record of the study in the file "
                           "(records of other studies in it are ignored)."),
                  100, "");
        u += "\n"
             "--shard K/N runs the K-th (0-based) of N disjoint parts (every N-th deal, all rule sets), each with its\n"
             "own --out; `pyramid merge FILE...` prints the whole study's summary from the parts.\n"
             "--list VERDICT prints, instead of the summary, the seeds (deal indexes with --deals-file) with that\n"
             "verdict, one a line, in seed order (the summary goes to stderr unless --quiet).\n"
             "Ctrl-C stops taking deals and prints the partial summary (exit status 130).";
        return u;
    }();
    return usage;
}

// A comma-separated list of --NAME; an empty item ("msc,,cheops", a comma
// at an end) is an error.
std::vector<std::string> split_list(const std::string& s, const std::string& name) {
    std::vector<std::string> out;
    if (s.empty()) return out;
    size_t from = 0;
    for (;;) {
        const size_t comma = s.find(',', from);
        out.push_back(s.substr(from, comma == std::string::npos ? std::string::npos : comma - from));
        if (out.back().empty())
            throw UsageError("--" + name + " has an empty item in '" + s + "' (items are separated by one comma)");
        if (comma == std::string::npos) return out;
        from = comma + 1;
    }
}

Verdict parse_list(const std::string& s) {
    if (s == "win") return Verdict::Win;
    if (s == "lose") return Verdict::Lose;
    if (s == "intractable") return Verdict::Intractable;
    throw UsageError("--list must be win, lose or intractable (got '" + s + "')");
}

bool parse_stats(int argc, char** argv, StatsCommand& cmd, const std::string& program) {
    po::options_description opts("pyramid stats options");
    opts.add_options()("variant", po::value<std::string>()->default_value("msc"),
                       ("comma-separated game rules, from: " + preset_names()).c_str());
    add_rule_options(opts, true);
    opts.add_options()("seeds", po::value<std::string>(), "PySolFC seeds A-B of each variant's game")(
        "deals", po::value<std::string>(), "seeds 1..N")("deals-file", po::value<std::string>(),
                                                         "one deal a line; a deal's seed in records is its index 1..N")(
        "shard", po::value<std::string>(), "K/N: only the K-th (0-based) of N disjoint parts of the study")(
        "optimal", po::bool_switch(),
        "shortest solutions: the solution-length statistics are minimum move counts (also in json/csv)")(
        "measures", po::bool_switch(),
        "every record also carries a lost deal's reason code and a won deal's measures (docs/measures.md); "
        "much slower")("casual-plays", po::value<std::string>()->default_value("100"),
                       "with --measures: the casual player's plays per won deal")(
        "reasons", po::bool_switch(),
        "every lost deal's record carries its reason code (blocked, free-stock, order): the records of --measures "
        "without the won deals' measures, nearly as fast as without")(
        "out", po::value<std::string>(), "record file and checkpoint: JSON Lines, or CSV if it ends in .csv")(
        "format", po::value<std::string>()->default_value("text"), "summary on stdout: text, json or csv")(
        "list", po::value<std::string>(), "print the seeds with this verdict (win, lose, intractable) instead")(
        "report", po::value<std::string>(), "also write the study's HTML report (as `pyramid report`) to this file")(
        "player", po::value<std::string>()->default_value("thoughtful"),
        "who plays each deal: thoughtful (the solver, who knows the stock: the verdict), or a player who "
        "cannot peek: greedy, casual, sampler[:K], planner[:K], hybrid[:K] (docs/nopeek.md); its result and moves "
        "go beside the verdict, the summary adds its win rate and the paired comparison; or optimal[:N[:K[:D]]]: "
        "each deal's no-peek optimum at its start (exact within N information states, default 10000, else the "
        "sampled pair planner:32's game / the verdict; with K hybrid:K's game, with D the reveal relaxation of "
        "depth D), the summary adds the optimum win rate's bracket")(
        "player-seed", po::value<std::string>()->default_value("1"), "seed of the players' rng (mixed with each deal)")(
        "challenge", po::value<std::string>(),
        "score, cards:R or board (as solve's): every record also carries the deal's best line with the tableau "
        "cleared and the best without (score, cards of the rank, steps; docs/challenges.md), the summary their "
        "distributions")("quiet,q", po::bool_switch(), "no progress on stderr");
    add_threads_option(opts, "worker threads, 1 to 4096, or 0 for every core (the default)");
    add_max_states_option(opts, "per deal: stop with 'intractable' after storing this many positions (0 = no limit)");
    add_max_memory_option(opts);
    po::variables_map vm;
    if (!parse_command(argc, argv, stats_usage(), opts, vm)) return false;
    cmd.format = format_from(vm, {"text", "json", "csv"});
    cmd.quiet = vm["quiet"].as<bool>();
    if (vm.count("list")) cmd.list = parse_list(vm["list"].as<std::string>());

    // The study as api::make_study takes it (the one specification of the
    // command line, pyramid-mpi and Python); the options' own checks first,
    // in the command line's words.
    api::StudyRequest req;
    try {
        for (const auto& d : rule_table())
            if (d.axis && vm.count(d.key)) req.rules[d.key] = split_list(vm[d.key].as<std::string>(), d.key);
        req.variants = split_list(vm["variant"].as<std::string>(), "variant");
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    cmd.threads = threads_from(vm);
    req.limits.max_states = max_states_from(vm);
    const int sources = static_cast<int>(vm.count("seeds") + vm.count("deals") + vm.count("deals-file"));
    if (sources == 0) throw UsageError("no deals given: use --seeds A-B, --deals N or --deals-file PATH");
    if (sources > 1) throw UsageError("give only one of --seeds, --deals and --deals-file");
    if (vm.count("seeds")) {
        check_seeds(vm["seeds"].as<std::string>());
        req.seeds = vm["seeds"].as<std::string>();
    } else if (vm.count("deals")) {
        req.seeds = "1-" + std::to_string(number_option(vm, "deals", 1, kMaxStudyDeals));
    } else {
        cmd.deals_file = vm["deals-file"].as<std::string>();
        req.deals_file = cmd.deals_file;
    }
    if (vm.count("shard")) req.shard = vm["shard"].as<std::string>();
    // --max-memory auto: shared among the workers --threads 0 would run (the
    // cores, at most one a task), whatever --threads: the answers do not
    // depend on it (make_study's default).
    if (const std::string m = vm["max-memory"].as<std::string>(); m != "auto")
        req.max_memory = parse_size("--max-memory", m);
    req.optimal = vm["optimal"].as<bool>();
    if (vm["measures"].as<bool>() && vm["reasons"].as<bool>())
        throw UsageError("give only one of --measures and --reasons (--measures records the loss reasons too)");
    req.measures = vm["measures"].as<bool>();
    req.reasons = vm["reasons"].as<bool>();
    req.casual_plays = static_cast<int>(number_option(vm, "casual-plays", 1, 100000));
    req.player = vm["player"].as<std::string>();
    if (const auto why = api::study_player_error(req.player)) throw UsageError("--player: " + *why);
    req.player_seed = number_option(vm, "player-seed", 0, UINT64_MAX);
    if (vm.count("challenge")) req.challenge = vm["challenge"].as<std::string>();

    StudySpec& spec = cmd.spec;
    try {
        spec = api::make_study(req);
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }
    cmd.source = spec.deals.from_file ? std::to_string(spec.deals.count()) + " deals of " + cmd.deals_file
                                      : "seeds " + spec.deals.range_text();
    if (vm.count("shard")) cmd.source += ", shard " + shard_text(spec.shard);
    if (vm.count("out")) cmd.out_path = vm["out"].as<std::string>();
    if (vm.count("report")) {
        cmd.report_path = vm["report"].as<std::string>();
        // The page is written over the file: not the checkpoint, nor the deals.
        if (cmd.out_path) check_not_input("--report", *cmd.report_path, *cmd.out_path, "the --out file");
        if (!cmd.deals_file.empty()) check_not_input("--report", *cmd.report_path, cmd.deals_file, "the --deals-file");
    }
    std::vector<std::string> words{program};
    for (int i = 0; i < argc; ++i) words.emplace_back(argv[i]);
    spec.program = this_program(program, words);
    return true;
}

void print_study_summary(std::ostream& out, const std::string& format, const StudySpec& spec, const std::string& source,
                         const StudyRun& run, const std::vector<StudySummary>& sums, const json::object& extra,
                         const std::vector<Provenance>& made_by) {
    if (format == "json") {
        json::object o;
        json::array a;
        for (const auto& s : sums) a.push_back(summary_json(s, spec.optimal));
        o["summaries"] = a;
        if (spec.deals.from_file) o["deals"] = spec.deals.count();
        else o["seeds"] = spec.deals.range_text();
        if (!spec.shard.whole()) o["shard"] = shard_text(spec.shard);
        o["max_states"] = spec.limits.max_states;
        o["optimal"] = spec.optimal;
        o["tasks"] = run.total;
        o["done"] = run.done;
        o["resumed"] = run.resumed;
        o["solved_now"] = run.solved_now;
        o["partial"] = run.interrupted;
        o["threads"] = run.threads;
        if (run.threads_asked > run.threads) o["threads_asked"] = run.threads_asked;
        o["ranks"] = run.ranks;
        o["wall_seconds"] = run.wall_seconds;
        o["deals_per_second"] = run.wall_seconds > 0 ? run.solved_now / run.wall_seconds : 0.0;
        if (spec.program) o["program"] = provenance_json(*spec.program);
        if (!made_by.empty()) {
            json::array m;
            for (const auto& p : made_by) m.push_back(provenance_json(p));
            o["records_made_by"] = m;
        }
        for (const auto& [k, v] : extra) o[k] = v;
        out << json_line(o) << "\n";
    } else if (format == "csv") {
        print_summary_csv(out, sums, spec.optimal);
    } else {
        std::vector<std::string> notes;
        if (spec.program) {
            notes.push_back("program: " + provenance_text(*spec.program));
            notes.push_back("command: " + spec.program->command);
        }
        for (const auto& p : made_by)
            notes.push_back("records made by: " + (p.version.empty() && p.commit.empty()
                                                       ? std::string("an older version (its study line names none)")
                                                       : provenance_text(p) + ": " + p.command));
        print_summary_text(out, source, run, sums, spec.optimal, notes);
    }
}

void print_list(std::ostream& out, const TaskTable& table, Verdict v) {
    const StudySpec& spec = table.spec();
    for (uint32_t c = 0; c < spec.combos.size(); ++c) {
        if (spec.combos.size() > 1) out << "# " << rules_text(spec.combos[c]) << "\n";
        list_verdicts(table, c, v, [&](Seed seed) { out << seed << "\n"; });
    }
}

namespace {
std::string duration_text(double s) {
    if (!std::isfinite(s) || s < 0) return "?";
    const long t = std::lround(s);
    std::ostringstream o;
    if (t >= 3600) o << t / 3600 << "h" << std::setw(2) << std::setfill('0') << (t / 60) % 60 << "m";
    else if (t >= 60) o << t / 60 << "m" << std::setw(2) << std::setfill('0') << t % 60 << "s";
    else o << t << "s";
    return o.str();
}
}  // namespace

Progress::Progress(bool quiet, std::string program)
    : quiet_(quiet), tty_(isatty(STDERR_FILENO)), program_(std::move(program)) {}

void Progress::update(const StudyProgress& p) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < (tty_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(10000))) return;
    last_ = now;
    const double rate = p.seconds > 0 ? p.done_now / p.seconds : 0;
    const double eta = rate > 0 ? (p.total - p.done) / rate : NAN;
    const uint64_t decided = p.wins + p.losses;
    std::ostringstream o;
    o << p.done << "/" << p.total << " deals, " << std::fixed << std::setprecision(1) << rate << " deals/s, ETA "
      << duration_text(eta) << ", win rate "
      << (decided ? percent_text(static_cast<double>(p.wins) / decided) : std::string("-"));
    if (p.intractable) o << ", " << p.intractable << " intractable";
    if (tty_) {
        const int width = 24;
        const int filled = p.total ? static_cast<int>(width * p.done / p.total) : width;
        std::cerr << "\r\033[K[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << o.str()
                  << std::flush;
        drawn_ = true;
    } else {
        std::cerr << program_ << ": " << o.str() << "\n" << std::flush;
    }
}

void Progress::clear() {
    if (drawn_) std::cerr << "\r\033[K" << std::flush;
    drawn_ = false;
}

void say_resumed(const std::string& program, const StatsCommand& cmd, const RecordFile& out) {
    if (cmd.quiet || !cmd.out_path) return;
    if (out.torn_bytes())
        std::cerr << program << ": cut a torn last line (" << out.torn_bytes() << " bytes) off " << *cmd.out_path
                  << "; its deal is solved again\n";
    if (out.resumed())
        std::cerr << program << ": resuming: " << out.resumed() << " deals already in " << *cmd.out_path << "\n";
    if (out.ignored())
        std::cerr << program << ": " << out.ignored() << " records in " << *cmd.out_path
                  << " are not part of this study (other rules, deals, shard or duplicates): ignored\n";
}

int finish_study(const std::string& program, const StatsCommand& cmd, const StudyRun& run, const TaskTable& table,
                 const SummaryBuilder& sums, StudyReportBuilder* page, std::ofstream& report,
                 const std::string& workers) {
    const StudySpec& spec = cmd.spec;
    const auto summaries = sums.summaries();
    if (page) {
        std::ostringstream how;
        how << run.solved_now << " deals solved in " << std::fixed << std::setprecision(1) << run.wall_seconds
            << " s on " << workers;
        if (run.resumed) how << "; " << run.resumed << " read back from " << *cmd.out_path;
        if (run.interrupted) how << "; PARTIAL: interrupted before every deal was solved";
        how << "; finished " << html::utc_time(std::time(nullptr));
        std::vector<std::pair<std::string, std::string>> facts{{"this run", how.str()}};
        if (spec.program) {
            facts.emplace_back("program", provenance_text(*spec.program));
            facts.emplace_back("command", spec.program->command);
        }
        report << page->html(facts);
        report.close();
        if (!report) std::cerr << program << ": error writing the report '" << *cmd.report_path << "'\n";
    }
    json::object extra;
    if (spec.deals.from_file) extra["deals_file"] = cmd.deals_file;
    if (cmd.list) {
        print_list(std::cout, table, *cmd.list);
        if (!cmd.quiet) print_study_summary(std::cerr, "text", spec, cmd.source, run, summaries);
    } else {
        print_study_summary(std::cout, cmd.format, spec, cmd.source, run, summaries, extra);
    }
    std::cout << std::flush;
    if (run.interrupted) {
        std::cerr << program << ": interrupted: the summary is partial (" << run.done << " of " << run.total
                  << " deals)" << (cmd.out_path ? "; run the same command again to go on" : "") << "\n";
        return 130;
    }
    return kOk;
}

void check_audit(const AuditResult& a, const std::string& command, bool say) {
    if (!a.clean()) {
        for (const auto& line : audit_mismatch_lines(a))
            std::cerr << "pyramid " << command << ": audit: does not reproduce: " << line << "\n";
        throw UsageError(audit_text(a));
    }
    if (say) std::cerr << "pyramid " << command << ": " << audit_text(a) << "\n";
}

}  // namespace pyr::cli
