#include "solver/measures.h"

#include <unordered_set>

#include "engine/table.h"
#include "solver/players.h"

namespace pyr {

bool casual_play(const Deal& deal, uint64_t seed) {
    // play_game with the casual player, move for move: the casual player
    // looks only at the legal moves (in sorted_moves order) and its rng, so
    // the masked deal it would be shown changes nothing; the game ends as
    // play_game ends it (won, no legal move, a position met before, the
    // move limit).
    Table t(deal);
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

namespace {
struct Budget {
    Solver& solver;
    const Board& b;
    SolveOptions so;
    DealMeasures& m;
    // The verdict from the position `played` reaches (nullopt: over budget).
    std::optional<bool> wins(const std::vector<Move>& played) {
        std::string error;
        const auto s = b.play(played, &error);
        if (!s) throw InternalError("measures: an illegal move along a line: " + error);
        const SolveResult r = solver.solve(b, *s, so);
        m.states += r.states;
        ++m.solves;
        if (r.verdict == Verdict::Intractable) return std::nullopt;
        return r.verdict == Verdict::Win;
    }
};
}  // namespace

uint64_t casual_seed(const Deal& deal, int play) {
    return nopeek::game_seed(kCasualSeed + static_cast<uint64_t>(play), deal);
}

DealMeasures measure_won_deal(Solver& solver, const Board& b, const MeasureOptions& o) {
    DealMeasures m;
    SolveOptions so;
    so.max_states = o.max_states;
    so.max_memory_bytes = o.max_memory_bytes;
    so.stop = o.stop;
    // The shortest solution.
    {
        SolveOptions opt = so;
        opt.optimal = true;
        const SolveResult r = solver.solve(b, opt);
        m.states += r.states;
        ++m.solves;
        if (r.verdict != Verdict::Win || !r.optimal) {
            m.complete = false;
            return m;
        }
        m.shortest = static_cast<int>(r.solution.size());
        m.solution = r.solution;
    }
    Budget budget{solver, b, so, m};
    const Deal& deal = b.deal();
    // Winning first moves.
    {
        const Table t(deal);
        const std::vector<Move> legal = t.legal_moves();
        m.legal_first = static_cast<int>(legal.size());
        m.winning_first = 0;
        for (const Move& mv : legal) {
            const auto w = budget.wins({mv});
            if (!w) {
                m.complete = false;
                m.winning_first = -1;
                break;
            }
            m.winning_first += *w;
        }
    }
    // Critical positions along the shortest solution.
    {
        Table t(deal);
        std::vector<Move> prefix;
        for (size_t i = 0; i < m.solution.size() && m.complete; ++i) {
            const Move& own = m.solution[i];
            const std::vector<Move> legal = t.legal_moves();
            bool second = false;
            for (const Move& mv : legal) {
                if (mv == own) continue;
                prefix.push_back(mv);
                const auto w = budget.wins(prefix);
                prefix.pop_back();
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
            prefix.push_back(own);
        }
    }
    // The casual player.
    {
        m.casual_plays = o.casual_plays;
        for (int i = 0; i < o.casual_plays; ++i) m.casual_wins += casual_play(deal, casual_seed(deal, i));
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

std::optional<GradeThresholds> builtin_thresholds(const Variant& v) {
    // Quartiles of the difficulty over the won deals of the studies in
    // bench/measures.md (rule set: preset name, passes, goal, overlap).
    struct Row {
        const char* name;
        int passes;
        Goal goal;
        bool overlap;
        GradeThresholds t;
    };
    static const Row kRows[] = {
        // pyramid stats --variant msc --passes 1,3 --seeds 1-10000 --measures
        // (920 won deals at 1 pass, 6,693 at 3 passes; nearest-rank quartiles).
        {"msc", 1, Goal::Pyramid, false, {94, 103, 107}},
        {"msc", 3, Goal::Pyramid, false, {49, 81, 100}},
    };
    for (const Row& r : kRows)
        if (v.name == r.name && v.passes == r.passes && v.goal == r.goal && v.overlap == r.overlap && r.t.q3 > 0)
            return r.t;
    return std::nullopt;
}

}  // namespace pyr
