#include "report/summary.h"

#include <charconv>
#include <iomanip>
#include <sstream>

#include "report/compare.h"
#include "study/optimum.h"

namespace pyr {

namespace {

std::string optimum_lower_player(const std::string& player) {
    const auto op = parse_optimum_player(player);
    return op ? op->lower_player() : std::string(kOptimumLowerPlayer);
}
// The one histogram JSON: {"VALUE": deals, ...} (a distribution's and the solution lengths').
template <class Histogram>
json::object histogram_json(const Histogram& histogram) {
    json::object h;
    for (const auto& [x, n] : histogram) h[std::to_string(x)] = n;
    return h;
}

json::object distribution_json(const Distribution& d) {
    json::object o;
    const bool any = d.count > 0;
    o["deals"] = d.count;
    o["mean"] = any ? json::value(d.mean) : json::value(nullptr);
    o["median"] = any ? json::value(d.median) : json::value(nullptr);
    o["min"] = any ? json::value(d.min) : json::value(nullptr);
    o["max"] = any ? json::value(d.max) : json::value(nullptr);
    o["histogram"] = histogram_json(d.histogram);
    return o;
}
}  // namespace

json::object challenge_summary_json(const ChallengeSummary& c) {
    json::object o;
    o["challenge"] = c.challenge;
    o["deals"] = c.deals;
    o["incomplete"] = c.incomplete;
    o["with_clear"] = c.with_clear;
    o["states_total"] = c.states;
    if (c.challenge != "board") o["best"] = distribution_json(c.best);
    o["clear"] = distribution_json(c.clear);
    if (c.challenge != "board") o["open"] = distribution_json(c.open);
    if (c.all_cards > 0) {
        o["all_cards"] = c.all_cards;
        o["all_with_clear"] = c.all_with_clear;
        o["all_without_clear"] = c.all_without_clear;
        o["all_either"] = c.all_either;
    }
    return o;
}

json::object summary_json(const StudySummary& s, bool with_moves) {
    json::object o;
    auto opt = [](const std::optional<double>& d) { return d ? json::value(*d) : json::value(nullptr); };
    o["variant"] = s.variant;
    put_rules_json(o, s.rules);
    o["planned"] = s.planned;
    o["deals"] = s.deals;
    o["wins"] = s.wins;
    o["losses"] = s.losses;
    o["intractable"] = s.intractable;
    o["win_rate"] = opt(s.win_rate);
    o["ci95_low"] = opt(s.ci95 ? std::optional<double>(s.ci95->low) : std::nullopt);
    o["ci95_high"] = opt(s.ci95 ? std::optional<double>(s.ci95->high) : std::nullopt);
    o["states_total"] = s.states_total;
    o["states_mean"] = s.states_mean;
    o["states_max"] = s.states_max;
    o["seconds"] = s.seconds;
    o["deals_per_second"] = s.deals_per_second;
    if (!s.player.empty()) {
        o["player"] = s.player;
        o["player_wins"] = s.player_wins;
        o["player_games"] = s.player_games;
        o["player_win_rate"] = opt(s.player_rate);
        o["player_ci95_low"] = opt(s.player_ci95 ? std::optional<double>(s.player_ci95->low) : std::nullopt);
        o["player_ci95_high"] = opt(s.player_ci95 ? std::optional<double>(s.player_ci95->high) : std::nullopt);
        o["player_solves"] = s.player_solves;
        o["player_seconds"] = s.player_seconds;
        o["paired"] = paired_json(s.paired, "thoughtful", "player");  // report/compare.h: the one paired JSON
    }
    if (s.optimum) {
        // The no-peek optimum win rate's bracket (study/optimum.h): the means
        // of the deals' lower and upper bounds, each with its 95% interval.
        const OptimumSummary& b = *s.optimum;
        auto low = [](const std::optional<Interval>& i) { return i ? json::value(i->low) : json::value(nullptr); };
        auto high = [](const std::optional<Interval>& i) { return i ? json::value(i->high) : json::value(nullptr); };
        o["optimum_deals"] = b.deals;
        o["optimum_exact_deals"] = b.exact;
        o["optimum_sampled_deals"] = b.lower_sampled;
        o["optimum_lower"] = opt(b.lower);
        o["optimum_lower_ci95_low"] = low(b.lower_ci95);
        o["optimum_lower_ci95_high"] = high(b.lower_ci95);
        o["optimum_upper"] = opt(b.upper);
        o["optimum_upper_ci95_low"] = low(b.upper_ci95);
        o["optimum_upper_ci95_high"] = high(b.upper_ci95);
        o["optimum_lower_method"] = "exact value where searched, else " + b.lower_method;
        o["optimum_upper_method"] = "exact value where searched, else " + b.upper_method;
        o["optimum_states"] = b.states;
        o["optimum_seconds"] = b.seconds;
    }
    if (s.challenge) o["challenge"] = challenge_summary_json(*s.challenge);
    if (with_moves) {
        const MovesStats& m = s.moves;
        const bool any = m.count > 0;
        o["moves_mean"] = any ? json::value(m.mean) : json::value(nullptr);
        o["moves_median"] = any ? json::value(m.median) : json::value(nullptr);
        o["moves_min"] = any ? json::value(m.min) : json::value(nullptr);
        o["moves_max"] = any ? json::value(m.max) : json::value(nullptr);
        o["moves_histogram"] = histogram_json(m.histogram);
    }
    return o;
}

namespace {
std::string percent(double x, int digits = 1) { return percent_text(x, digits); }

std::vector<Variant> rule_sets(const std::vector<StudySummary>& sums) {
    std::vector<Variant> out;
    for (const auto& s : sums) out.push_back(s.rules);
    return out;
}

// The rule-set columns of the text tables: variant, then each rule of the
// schema (engine/rules.h) that is always a column and that every preset
// takes, or that a rule set names (reserves where a variant has them).
std::vector<const RuleDescriptor*> rule_columns(const std::vector<StudySummary>& sums) {
    std::vector<const RuleDescriptor*> out;
    for (const auto& d : rule_table()) {
        bool shown = d.column_always;
        for (const auto& p : presets()) shown = shown && d.takes(p);
        for (const auto& s : sums) shown = shown || d.names(s.rules);
        if (shown) out.push_back(&d);
    }
    return out;
}
void rules_header(std::ostream& out, const std::vector<const RuleDescriptor*>& cols) {
    out << std::left << std::setw(12) << "variant";
    for (const auto* d : cols) out << std::setw(d->column_width) << d->key;
}
void rules_cells(std::ostream& out, const StudySummary& s, const std::vector<const RuleDescriptor*>& cols) {
    out << std::left << std::setw(12) << s.variant;
    for (const auto* d : cols) out << std::setw(d->column_width) << (d->names(s.rules) ? d->get(s.rules) : "-");
}

// "mean median min-max", or "-" without deals.
std::string distribution_cells(const Distribution& d) {
    std::ostringstream o;
    if (!d.count) {
        o << std::right << std::setw(8) << "-" << std::setw(8) << "-" << std::setw(12) << "-";
        return o.str();
    }
    o << std::right << std::setw(8) << fixed(d.mean, 1) << std::setw(8) << fixed(d.median, 1) << std::setw(12)
      << (std::to_string(d.min) + "-" + std::to_string(d.max));
    return o.str();
}

std::string share_text(uint64_t n, uint64_t of) {
    return std::to_string(n) + (of ? " (" + percent_text(static_cast<double>(n) / static_cast<double>(of)) + ")" : "");
}

void print_challenge_text(std::ostream& out, const std::vector<StudySummary>& sums,
                          const std::vector<const RuleDescriptor*>& cols) {
    const ChallengeSummary& first = *sums.front().challenge;
    const bool board = first.challenge == "board", cards = first.all_cards > 0;
    const std::string what = board ? "steps of the shortest clear" : cards ? "cards of the rank" : "points";
    out << "\nchallenge " << first.challenge << ": each deal's best line (exact; " << what
        << "), over the deals whose search completed:\n";
    rules_header(out, cols);
    out << std::right << std::setw(8) << "deals" << std::setw(8) << "incompl" << std::setw(14) << "with a clear";
    if (!board) out << std::setw(8) << "best" << std::setw(8) << "median" << std::setw(12) << "min-max";
    out << std::setw(8) << "clear" << std::setw(8) << "median" << std::setw(12) << "min-max";
    if (!board) out << std::setw(8) << "open" << std::setw(8) << "median" << std::setw(12) << "min-max";
    out << "\n";
    for (const auto& s : sums) {
        const ChallengeSummary& c = *s.challenge;
        rules_cells(out, s, cols);
        out << std::right << std::setw(8) << c.deals << std::setw(8) << c.incomplete << std::setw(14) << c.with_clear;
        if (!board) out << distribution_cells(c.best);
        out << distribution_cells(c.clear);
        if (!board) out << distribution_cells(c.open);
        out << "\n";
    }
    // The footnote names the columns printed (a board challenge has only the clear's).
    if (board)
        out << "(clear: the steps of the shortest line that clears the tableau, a mean, median and range\n"
               " over the deals that have one)\n";
    else
        out << "(best: the most at any end; clear: with the tableau cleared; open: at an end without a clear;\n"
               " each a mean, median and range over the deals that have such a line)\n";
    if (cards) {
        out << "\nall " << first.all_cards << " cards of the rank removed:\n";
        rules_header(out, cols);
        out << std::right << std::setw(18) << "with a clear" << std::setw(18) << "without" << std::setw(18) << "either"
            << "\n";
        for (const auto& s : sums) {
            const ChallengeSummary& c = *s.challenge;
            rules_cells(out, s, cols);
            out << std::right << std::setw(18) << share_text(c.all_with_clear, c.deals) << std::setw(18)
                << share_text(c.all_without_clear, c.deals) << std::setw(18) << share_text(c.all_either, c.deals)
                << "\n";
        }
    }
    if (!board) {
        out << "\nbest per deal (value:deals):\n";
        for (const auto& s : sums) {
            rules_cells(out, s, cols);
            for (const auto& [x, n] : s.challenge->best.histogram) out << " " << x << ":" << n;
            out << "\n";
        }
    }
}

}  // namespace

void print_summary_text(std::ostream& out, const std::string& source, const StudyRun& run,
                        const std::vector<StudySummary>& sums, bool optimal, const std::vector<std::string>& notes) {
    out << "pyramid stats: " << source << ", " << sums.size() << " rule set" << (sums.size() == 1 ? "" : "s") << ", "
        << run.done << " of " << run.total << " deals done";
    if (run.threads == 0) {  // no run: records read back (pyramid merge)
        out << "\n";
    } else {
        if (run.resumed) out << " (" << run.resumed << " from the --out file)";
        out << "\nthis run: " << run.solved_now << " deals in " << fixed(run.wall_seconds, 1) << " s on ";
        if (run.ranks > 1) out << run.ranks << " MPI processes, ";
        out << run.threads << " thread" << (run.threads == 1 ? "" : "s") << (run.ranks > 1 ? " each" : "");
        if (run.threads_asked > run.threads) out << " (--threads " << run.threads_asked << ": no more than the cores)";
        out << ", " << fixed(run.wall_seconds > 0 ? run.solved_now / run.wall_seconds : 0, 1) << " deals/s\n";
    }
    for (const auto& n : notes) out << n << "\n";
    if (run.interrupted)
        out << (run.threads == 0 ? "PARTIAL: tasks are missing from the record files\n"
                                 : "PARTIAL: interrupted before every deal was solved\n");
    out << "win rate = wins / (wins + losses); intractable deals are counted apart\n\n";
    const auto cols = rule_columns(sums);
    rules_header(out, cols);
    out << std::right << std::setw(8) << "deals" << std::setw(8) << "wins" << std::setw(8) << "losses" << std::setw(8)
        << "intract" << std::setw(10) << "win rate"
        << "  " << std::left << std::setw(17) << "95% CI" << std::right << std::setw(14) << "states total"
        << std::setw(11) << "mean" << std::setw(11) << "max" << std::setw(10) << "deals/s"
        << "\n";
    for (const auto& s : sums) {
        rules_cells(out, s, cols);
        out << std::right << std::setw(8) << s.deals << std::setw(8) << s.wins << std::setw(8) << s.losses
            << std::setw(8) << s.intractable << std::setw(10) << (s.win_rate ? percent(*s.win_rate, 2) : "-") << "  "
            << std::left << std::setw(17)
            << (s.ci95 ? percent(s.ci95->low, 2) + " - " + percent(s.ci95->high, 2) : std::string("-")) << std::right
            << std::setw(14) << s.states_total << std::setw(11) << fixed(s.states_mean, 0) << std::setw(11)
            << s.states_max << std::setw(10) << fixed(s.deals_per_second, 1) << "\n";
    }
    out << "(deals/s per row: deals / solver seconds, one worker's speed)\n";
    if (!sums.empty() && !sums.front().player.empty()) {
        out << "\nplayer " << sums.front().player
            << (sums.front().optimum ? ": its lower bound's games, " + optimum_lower_player(sums.front().player)
                                     : std::string())
            << " (cannot see the stock; a deal proved lost is a loss, unplayed), against the thoughtful verdict:\n";
        rules_header(out, cols);
        out << std::right << std::setw(8) << "games" << std::setw(8) << "wins" << std::setw(10) << "win rate"
            << "  " << std::left << std::setw(17) << "95% CI" << std::right << std::setw(9) << "both" << std::setw(10)
            << "thought." << std::setw(8) << "player" << std::setw(9) << "neither" << std::setw(11) << "McNemar p"
            << std::setw(10) << "s/deal"
            << "\n";
        for (const auto& s : sums) {
            rules_cells(out, s, cols);
            const auto& c = s.paired.counts;
            std::ostringstream p;
            p << std::setprecision(2) << s.paired.mcnemar_p;
            out << std::right << std::setw(8) << s.player_games << std::setw(8) << s.player_wins << std::setw(10)
                << (s.player_rate ? percent(*s.player_rate, 2) : "-") << "  " << std::left << std::setw(17)
                << (s.player_ci95 ? percent(s.player_ci95->low, 2) + " - " + percent(s.player_ci95->high, 2)
                                  : std::string("-"))
                << std::right << std::setw(9) << c.both << std::setw(10) << c.first_only << std::setw(8)
                << c.second_only << std::setw(9) << c.neither << std::setw(11) << p.str() << std::setw(10)
                << fixed(s.deals ? (s.player_seconds) / double(s.deals) : 0, 4) << "\n";
        }
        out << "(games: deals the player played, the others proved lost; thought.: deals won by the thoughtful\n"
               " solver and lost for not seeing the stock; player: won by the player alone, always 0; s/deal: the\n"
               " player's seconds per deal of the study)\n";
    }
    if (!sums.empty() && sums.front().optimum) {
        out << "\nthe no-peek optimum win rate (the best player who cannot see the stock), bracketed over the deals:\n";
        rules_header(out, cols);
        out << std::right << std::setw(8) << "deals" << std::setw(8) << "exact" << std::setw(10) << "lower"
            << "  " << std::left << std::setw(17) << "95% CI" << std::right << std::setw(10) << "upper"
            << "  " << std::left << std::setw(17) << "95% CI" << std::right << std::setw(12) << "info states"
            << std::setw(10) << "s/deal"
            << "\n";
        auto ci = [](const std::optional<Interval>& i) {
            return i ? percent(i->low, 2) + " - " + percent(i->high, 2) : std::string("-");
        };
        for (const auto& s : sums) {
            const OptimumSummary& b = *s.optimum;
            rules_cells(out, s, cols);
            out << std::right << std::setw(8) << b.deals << std::setw(8) << b.exact << std::setw(10)
                << (b.lower ? percent(*b.lower, 2) : "-") << "  " << std::left << std::setw(17) << ci(b.lower_ci95)
                << std::right << std::setw(10) << (b.upper ? percent(*b.upper, 2) : "-") << "  " << std::left
                << std::setw(17) << ci(b.upper_ci95) << std::right << std::setw(12) << b.states << std::setw(10)
                << fixed(b.deals ? b.seconds / double(b.deals) : 0, 4) << "\n";
        }
        out << "(each deal's value at its start: exact where the search completed (exact: those deals), else\n"
               " sampled bounds: lower = "
            << sums.front().optimum->lower_method << ",\n upper = " << sums.front().optimum->upper_method
            << " (intractable counts 1);\n the means bracket the optimum win rate, each with its 95% interval "
               "over the deals)\n";
    }
    if (!sums.empty() && sums.front().challenge) print_challenge_text(out, sums, cols);
    out << "\nsolution length of won deals (moves of the solution found"
        << (optimal ? "; --optimal asks the solver for shortest solutions" : "") << "):\n";
    rules_header(out, cols);
    out << std::right << std::setw(8) << "won" << std::setw(8) << "mean" << std::setw(8) << "median" << std::setw(6)
        << "min" << std::setw(6) << "max"
        << "  histogram (moves:deals)\n";
    for (const auto& s : sums) {
        const MovesStats& m = s.moves;
        rules_cells(out, s, cols);
        out << std::right << std::setw(8) << m.count;
        if (m.count) {
            out << std::setw(8) << fixed(m.mean, 1) << std::setw(8) << fixed(m.median, 1) << std::setw(6) << m.min
                << std::setw(6) << m.max << " ";
            for (const auto& [moves, n] : m.histogram) out << " " << moves << ":" << n;
        } else {
            out << std::setw(8) << "-" << std::setw(8) << "-" << std::setw(6) << "-" << std::setw(6) << "-";
        }
        out << "\n";
    }
}

void print_summary_csv(std::ostream& out, const std::vector<StudySummary>& sums, bool optimal) {
    out << "variant," << rules_csv_header(rule_sets(sums))
        << ",planned,deals,wins,losses,intractable,win_rate,ci95_low,ci95_high,states_total,states_mean,"
           "states_max,seconds,deals_per_second";
    if (optimal) out << ",moves_mean,moves_median,moves_min,moves_max,moves_histogram";
    const bool player = !sums.empty() && !sums.front().player.empty();
    if (player)
        out << ",player,player_wins,player_games,player_win_rate,player_ci95_low,player_ci95_high,both,thoughtful_only,"
               "player_only,neither,mcnemar_p,player_seconds";
    const bool challenge = !sums.empty() && sums.front().challenge;
    if (challenge)
        out << ",challenge,challenge_deals,challenge_incomplete,challenge_with_clear,best_mean,best_median,best_max,"
               "clear_mean,clear_median,clear_max,open_mean,open_median,open_max,all_with_clear,all_without_clear,"
               "all_either";
    const bool optimum = !sums.empty() && sums.front().optimum;
    if (optimum)
        out << ",optimum_deals,optimum_exact_deals,optimum_lower,optimum_lower_ci95_low,optimum_lower_ci95_high,"
               "optimum_upper,optimum_upper_ci95_low,optimum_upper_ci95_high,optimum_states,optimum_seconds";
    out << "\n";
    auto num = [](double x) {  // shortest text that reads back as the same double
        char b[40];
        const auto r = std::to_chars(b, b + sizeof b, x);
        return std::string(b, r.ptr);
    };
    const auto sets = rule_sets(sums);
    for (const auto& s : sums) {
        out << s.variant << "," << rules_csv_fields(s.rules, sets) << "," << s.planned << "," << s.deals << ","
            << s.wins << "," << s.losses << "," << s.intractable << "," << (s.win_rate ? num(*s.win_rate) : "") << ","
            << (s.ci95 ? num(s.ci95->low) : "") << "," << (s.ci95 ? num(s.ci95->high) : "") << "," << s.states_total
            << "," << num(s.states_mean) << "," << s.states_max << "," << num(s.seconds) << ","
            << num(s.deals_per_second);
        if (optimal) {
            const MovesStats& m = s.moves;
            if (m.count) out << "," << num(m.mean) << "," << num(m.median) << "," << m.min << "," << m.max << ",";
            else out << ",,,,,";
            bool first = true;
            for (const auto& [moves, n] : m.histogram) {
                out << (first ? "" : " ") << moves << ":" << n;
                first = false;
            }
        }
        if (player) {
            const auto& c = s.paired.counts;
            out << "," << s.player << "," << s.player_wins << "," << s.player_games << ","
                << (s.player_rate ? num(*s.player_rate) : "") << "," << (s.player_ci95 ? num(s.player_ci95->low) : "")
                << "," << (s.player_ci95 ? num(s.player_ci95->high) : "") << "," << c.both << "," << c.first_only << ","
                << c.second_only << "," << c.neither << "," << num(s.paired.mcnemar_p) << "," << num(s.player_seconds);
        }
        if (challenge) {
            const ChallengeSummary& c = *s.challenge;
            out << "," << c.challenge << "," << c.deals << "," << c.incomplete << "," << c.with_clear;
            for (const Distribution* d : {&c.best, &c.clear, &c.open}) {
                if (d->count) out << "," << num(d->mean) << "," << num(d->median) << "," << d->max;
                else out << ",,,";
            }
            if (c.all_cards > 0) out << "," << c.all_with_clear << "," << c.all_without_clear << "," << c.all_either;
            else out << ",,,";
        }
        if (optimum) {
            const OptimumSummary& b = *s.optimum;
            auto o = [&](const std::optional<double>& x) { return x ? num(*x) : std::string(); };
            out << "," << b.deals << "," << b.exact << "," << o(b.lower) << ","
                << (b.lower_ci95 ? num(b.lower_ci95->low) : "") << "," << (b.lower_ci95 ? num(b.lower_ci95->high) : "")
                << "," << o(b.upper) << "," << (b.upper_ci95 ? num(b.upper_ci95->low) : "") << ","
                << (b.upper_ci95 ? num(b.upper_ci95->high) : "") << "," << b.states << "," << num(b.seconds);
        }
        out << "\n";
    }
}

}  // namespace pyr
