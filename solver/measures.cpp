#include "solver/measures.h"

#include <algorithm>
#include <unordered_set>

#include "engine/rules.h"
#include "engine/table.h"
#include "solver/players.h"

namespace pyr {

bool casual_play(const Table& start, uint64_t seed) {
    // play_game with the casual player, move for move: the casual player
    // looks only at the legal moves (in sorted_moves order) and its rng, so
    // the masked deal it would be shown changes nothing; the game ends as
    // play_game ends it (won, no legal move, a position met before, the
    // move limit).
    Table t = start;
    nopeek::Rng rng(seed);
    std::unordered_set<std::string> seen;
    const uint64_t max_moves = nopeek::GameOptions{}.max_moves;
    for (uint64_t n = 0;; ++n) {
        if (t.won()) return true;
        const std::vector<Move> legal = nopeek::sorted_moves(t);
        if (legal.empty() || !seen.insert(t.key()).second || n >= max_moves) return false;
        std::vector<const Move*> removals;
        for (const Move& m : legal)
            if (m.kind == Move::Single || m.kind == Move::Pair) removals.push_back(&m);
        t.apply(removals.empty() ? legal.front() : *removals[rng.below(removals.size())]);
    }
}

uint64_t casual_seed(const Deal& deal, int play) {
    return nopeek::game_seed(kCasualSeed + static_cast<uint64_t>(play), deal);
}

namespace {
// The verdicts of positions of one deal, each searched at most once: the
// winnable ones along every winning line found (the shortest solution, and
// each successor's win), the lost ones as they are proved.
struct Verdicts {
    Solver& solver;
    const Board& b;
    SolveOptions so;
    DealMeasures& m;
    std::unordered_set<uint64_t> won, lost;
    // Marks every position along `line` from s winnable.
    void add_line(State s, const std::vector<Move>& line) {
        won.insert(b.key(s));
        for (const Move& mv : line) {
            const auto sm = b.from_move(s, mv);
            if (!sm) throw InternalError("measures: an illegal move along a winning line");
            s = b.apply(s, *sm);
            won.insert(b.key(s));
        }
    }
    // The verdict at s (nullopt: over budget).
    std::optional<bool> wins(const State& s) {
        const uint64_t k = b.key(s);
        if (won.count(k)) return true;
        if (lost.count(k)) return false;
        const SolveResult r = solver.solve(b, s, so);
        m.states += r.states;
        ++m.solves;
        if (r.verdict == Verdict::Intractable) return std::nullopt;
        if (r.verdict == Verdict::Win) add_line(s, r.solution);
        else lost.insert(k);
        return r.verdict == Verdict::Win;
    }
    State after(const State& s, const Move& mv) const {
        const auto sm = b.from_move(s, mv);
        if (!sm) throw InternalError("measures: the verifier's legal move is illegal on the board");
        return b.apply(s, *sm);
    }
};
}  // namespace

bool casual_play(const Deal& deal, uint64_t seed) { return casual_play(Table(deal), seed); }

DealMeasures measure_won_deal(Solver& solver, const Board& b, const MeasureOptions& o) {
    return measure_position(solver, b, {}, o);
}

DealMeasures measure_position(Solver& solver, const Board& b, const std::vector<Move>& played,
                              const MeasureOptions& o) {
    DealMeasures m;
    m.from_move = static_cast<int>(played.size());
    SolveOptions so;
    so.limits = o.limits;
    const Deal& deal = b.deal();
    Verdicts verdicts{solver, b, so, m, {}, {}};
    State start = b.initial();
    Table here(deal);
    for (const Move& mv : played) {
        if (const auto why = here.apply(mv)) throw InternalError("measures: an illegal played move: " + *why);
        start = verdicts.after(start, mv);
    }
    // The shortest solution from here, replayed from the deal's start.
    {
        SolveOptions opt = so;
        opt.optimal = true;
        const SolveResult r = solver.solve(b, start, opt);
        m.states += r.states;
        ++m.solves;
        if (r.verdict != Verdict::Win || !r.optimal) {
            m.complete = false;
            return m;
        }
        m.shortest = static_cast<int>(r.solution.size());
        m.solution = r.solution;
        std::vector<Move> all = played;
        all.insert(all.end(), r.solution.begin(), r.solution.end());
        verify_solution(deal, all);
    }
    verdicts.add_line(start, m.solution);
    // Winning moves out of the legal moves here.
    {
        const std::vector<Move> legal = here.legal_moves();
        m.legal_first = static_cast<int>(legal.size());
        m.winning_first = 0;
        for (const Move& mv : legal) {
            const auto w = verdicts.wins(verdicts.after(start, mv));
            if (!w) {
                m.complete = false;
                m.winning_first = -1;
                break;
            }
            m.winning_first += *w;
        }
    }
    // Critical positions along the shortest solution. A successor known to be
    // winnable (on a winning line found so far) answers at once, so those are
    // asked first; the others are solved until a second winning move is found.
    {
        Table t = here;
        State s = start;
        for (size_t i = 0; i < m.solution.size() && m.complete; ++i) {
            const Move& own = m.solution[i];
            const std::vector<Move> legal = t.legal_moves();
            std::vector<State> others;
            for (const Move& mv : legal)
                if (!(mv == own)) others.push_back(verdicts.after(s, mv));
            std::stable_partition(others.begin(), others.end(),
                                  [&](const State& u) { return verdicts.won.count(b.key(u)) > 0; });
            bool second = false;
            for (const State& u : others) {
                const auto w = verdicts.wins(u);
                if (!w) {
                    m.complete = false;
                    break;
                }
                if (*w) {
                    second = true;
                    break;
                }
            }
            if (m.complete && !second) m.critical.push_back({static_cast<int>(i), static_cast<int>(legal.size())});
            t.apply(own);
            s = verdicts.after(s, own);
        }
    }
    // The casual player, from here.
    {
        m.casual_plays = o.casual_plays;
        for (int i = 0; i < o.casual_plays; ++i) m.casual_wins += casual_play(here, casual_seed(deal, i));
    }
    if (m.complete && m.casual_plays > 0)
        m.difficulty = 100.0 * (1.0 - static_cast<double>(m.casual_wins) / m.casual_plays) +
                       static_cast<double>(m.crossroads());
    return m;
}

const char* grade_text(Grade g) {
    switch (g) {
        case Grade::Easy: return "easy";
        case Grade::Medium: return "medium";
        case Grade::Hard: return "hard";
        case Grade::Expert: return "expert";
    }
    return "?";
}

std::optional<Grade> parse_grade(const std::string& s) {
    for (Grade g : {Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert})
        if (s == grade_text(g)) return g;
    return std::nullopt;
}

Grade grade_of(double d, const GradeThresholds& t) {
    if (d <= t.q1) return Grade::Easy;
    if (d <= t.q2) return Grade::Medium;
    if (d <= t.q3) return Grade::Hard;
    return Grade::Expert;
}

const std::vector<ThresholdRow>& builtin_threshold_rows() {
    // Quartiles (nearest rank) of the difficulty over the won deals of the
    // studies in bench/measures.md (bench/measures-thresholds.py prints these
    // rows from the studies' record files).
    static const std::vector<ThresholdRow> kRows = {
        // pyramid stats --variant msc --passes 1,3 --seeds 1-10000 --measures
        {"msc:passes=1,goal=pyramid,overlap=off", 920, {94, 103, 107}},
        {"msc:passes=3,goal=pyramid,overlap=off", 6693, {49, 81, 100}},
        // pyramid stats --variant relaxed --passes 3,1 --seeds 1-10000 --measures
        {"relaxed:passes=1,goal=pyramid,overlap=off", 920, {95, 103, 107}},
        {"relaxed:passes=3,goal=pyramid,overlap=off", 6693, {51, 82, 100}},
        // pyramid stats --variant pyramid --passes 3,1 --seeds 1-10000 --measures
        {"pyramid:passes=1,goal=all,overlap=off", 725, {100, 105, 108}},
        {"pyramid:passes=3,goal=all,overlap=off", 6662, {77, 98, 101}},
        // pyramid stats --variant triangle --passes 3,1 --seeds 1-10000 --measures
        {"triangle:passes=1,goal=all,overlap=off", 668, {87, 102, 107}},
        {"triangle:passes=3,goal=all,overlap=off", 6521, {63, 89, 101}},
        // pyramid stats --variant tuts-tomb --passes unlimited --seeds 1-10000 --measures
        {"tuts-tomb:passes=unlimited,goal=pyramid,overlap=off", 5600, {101, 103, 106}},
        // pyramid stats --variant tuts-tomb --passes 3 --seeds 1-10000 --measures
        {"tuts-tomb:passes=3,goal=pyramid,overlap=off", 2592, {108, 112, 117}},
        // pyramid stats --variant tuts-tomb --passes 1 --seeds 1-300000 --measures (0.11% won)
        {"tuts-tomb:passes=1,goal=pyramid,overlap=off", 334, {104, 109, 112}},
        // pyramid stats --variant solitarium --passes unlimited --seeds 1-10000 --measures
        {"solitarium:passes=unlimited,goal=pyramid,overlap=off", 6720, {0, 48, 87}},
        // pyramid stats --variant solitarium --passes 3 --seeds 1-10000 --measures
        {"solitarium:passes=3,goal=pyramid,overlap=off", 6609, {21, 62, 100}},
        // pyramid stats --variant solitarium --passes 1 --seeds 1-10000 --measures
        {"solitarium:passes=1,goal=pyramid,overlap=off", 371, {86, 106, 112}},
        // pyramid stats --variant pharaohs --passes 1 --seeds 1-10000 --measures
        {"pharaohs:passes=1,goal=all,overlap=off", 2865, {103, 108, 112}},
        // pyramid stats --variant pharaohs --passes 3 --seeds 1-10000 --measures
        {"pharaohs:passes=3,goal=all,overlap=off", 6693, {74, 100, 101}},
        // pyramid stats --variant cheops --passes 3 --seeds 1-10000 --measures
        {"cheops:passes=3,goal=all,overlap=off", 6662, {77, 99, 101}},
        // pyramid stats --variant apophis --passes 3 --seeds 1-4000 --measures (4,000 deals: see bench/measures.md)
        {"apophis:passes=3,goal=all,overlap=off", 2741, {67, 90, 100}},
        // pyramid stats --variant apophis --passes 1 --seeds 1-10000 --measures
        {"apophis:passes=1,goal=all,overlap=off", 4087, {101, 104, 107}},
        // pyramid stats --variant cheops --passes 1 --seeds 1-10000 --measures
        {"cheops:passes=1,goal=all,overlap=off", 725, {100, 105, 108}},
        // pyramid stats --variant giza --seeds 1-10000 --measures
        {"giza:passes=1,goal=all,overlap=off,reserves=top", 3704, {103, 105, 107}},
        // pyramid stats --variant classic --seeds 1-100000 --measures (0.54% won)
        {"classic:passes=1,goal=pyramid,overlap=off", 543, {78, 101, 109}},
        // pyramid stats --variant spanish --seeds 1-70000 --measures (0.45% won)
        {"spanish:passes=1,goal=pyramid,overlap=off", 313, {82, 102, 109}},
    };
    return kRows;
}

std::optional<GradeThresholds> builtin_thresholds(const Variant& v) {
    const std::string name = play_rules_name(v);
    for (const ThresholdRow& r : builtin_threshold_rows())
        if (name == r.rules) return r.t;
    return std::nullopt;
}

}  // namespace pyr
