#include "report/measures.h"

#include <cstdio>
#include <iomanip>

namespace pyr {

std::string ungraded_text(const Variant& v, const DealMeasures& m) {
    if (!m.complete) return "not graded: a search did not finish (its budget ran out, or it was interrupted)";
    if (m.from_move > 0)
        return "not graded: a grade is for a deal's start (its thresholds are quartiles over the starts of a study's "
               "deals); from a position after played moves, the difficulty is given alone";
    if (!builtin_thresholds(v)) return "not graded: no grade thresholds for these rules (docs/measures.md)";
    return "not graded";
}

json::object measures_json(const Variant& v, const DealMeasures& m, const std::optional<Grade>& grade) {
    json::object o;
    o["complete"] = m.complete;
    o["shortest"] = m.shortest >= 0 ? json::value(m.shortest) : json::value(nullptr);
    json::array sol;
    for (const Move& x : m.solution) sol.push_back(json::value(move_text(x, v.deck)));
    o["shortest_solution"] = std::move(sol);
    o["winning_first_moves"] = m.winning_first >= 0 ? json::value(m.winning_first) : json::value(nullptr);
    o["legal_first_moves"] = m.legal_first;
    json::array crit;
    for (const auto& c : m.critical) {
        json::object x;
        x["after"] = c.index;
        x["legal"] = c.legal;
        crit.push_back(std::move(x));
    }
    o["critical_positions"] = std::move(crit);
    o["critical_count"] = m.critical.size();
    o["crossroads"] = m.crossroads();
    o["casual_wins"] = m.casual_wins;
    o["casual_plays"] = m.casual_plays;
    o["difficulty"] = m.difficulty >= 0 ? json::value(m.difficulty) : json::value(nullptr);
    o["grade"] = grade ? json::value(grade_text(*grade)) : json::value(nullptr);
    o["grade_note"] = grade ? json::value(nullptr) : json::value(ungraded_text(v, m));
    o["from_move"] = m.from_move;
    o["states"] = m.states;
    o["solves"] = m.solves;
    return o;
}

void print_measures(std::ostream& out, const Variant& v, const DealMeasures& m, const std::optional<Grade>& grade,
                    const std::string& budget, const TextStyle& style) {
    const bool mid = m.from_move > 0;
    out << "measures"
        << (mid ? " from here (after " + std::to_string(m.from_move) + (m.from_move == 1 ? " move)" : " moves)")
                : std::string())
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
        out << "  difficulty:          " << d
            << " (100 x the casual player's failure rate + critical positions with a choice)\n";
    }
    out << "  grade:               ";
    if (grade) out << grade_text(*grade) << "\n";
    else if (!m.complete) out << "none (incomplete)\n";
    else if (mid) out << "none (a grade is for a deal's start; from here, the difficulty alone)\n";
    else out << "none (no grade thresholds for these rules)\n";
    if (m.shortest >= 0) {
        out << "  shortest solution (critical positions marked *):\n";
        size_t k = 0;
        for (size_t i = 0; i < m.solution.size(); ++i) {
            const bool crit = k < m.critical.size() && m.critical[k].index == static_cast<int>(i);
            if (crit) ++k;
            out << std::setw(6) << i + 1 << (crit ? "*" : " ") << " " << move_people(m.solution[i], v.deck, style)
                << "\n";
        }
    }
}

}  // namespace pyr
