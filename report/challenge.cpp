#include "report/challenge.h"
#include "api/results.h"

#include <cstdio>
#include <iomanip>

#include "report/format.h"

namespace pyr {

namespace {

// "the most Aces removed", "the most points", "clear the board".
std::string kind_words(const Variant& v, const Challenge& c) {
    switch (c.kind) {
        case ChallengeKind::Score: return "the most points";
        case ChallengeKind::Cards: return "the most " + rank_plural(c.rank, v.deck) + " removed";
        case ChallengeKind::Board: return "clear the board";
    }
    return "";
}

std::string unit_words(const Variant& v, const Challenge& c, int n) {
    switch (c.kind) {
        case ChallengeKind::Score: return std::to_string(n) + (n == 1 ? " point" : " points");
        case ChallengeKind::Cards:
            return std::to_string(n) + " " + (n == 1 ? rank_text(c.rank, v.deck) : rank_plural(c.rank, v.deck));
        case ChallengeKind::Board: return std::to_string(n) + (n == 1 ? " board" : " boards");
    }
    return "";
}

}  // namespace

std::string chance_text(double p, const std::optional<Interval>& ci, bool words) {
    std::string s = percent_text(p);
    if (ci && (ci->low != p || ci->high != p))
        s += " (" + std::string(words ? "95% interval " : "") + percent_text(ci->low) + "-" + percent_text(ci->high) +
             ")";
    return s;
}

const char* const kAcrossAssumption =
    "best play on every later deal with its stock seen (by restarting the deal, as MSC allows)";

std::string rank_plural(int rank, DeckKind d) {
    if (d == DeckKind::Standard52) {
        switch (rank) {
            case 1: return "Aces";
            case 10: return "10s";
            case 11: return "Jacks";
            case 12: return "Queens";
            case 13: return "Kings";
            default: break;
        }
    }
    return rank_text(rank, d) + "s";
}

std::string challenge_line_text(const Variant& v, const Challenge& c, const ChallengeLine& l) {
    std::string s = l.reaches_target ? "reaches the target" : l.cleared ? "clears the board" : "ends without a clear";
    if (l.reaches_target && l.cleared) s += " (and clears the board)";
    if (l.cards) s += ", " + unit_words(v, c, *l.cards);
    s += ", " + std::to_string(l.score) + " points, " + std::to_string(l.moves.size()) + " steps";
    return s;
}

json::object challenge_json(const Variant& v, const api::ChallengeAnswer& a, const api::ChallengeRequest& request) {
    const Challenge& c = *a.challenge;
    const ChallengeResult& r = *a.result;
    json::object o;
    o["kind"] = challenge_kind_text(c.kind);
    if (c.kind == ChallengeKind::Cards) o["rank"] = rank_text(c.rank, v.deck);
    else o["rank"] = nullptr;
    if (c.target) o["target"] = *c.target;
    else o["target"] = nullptr;
    o["current"] = c.current;
    o["complete"] = r.complete;
    if (r.target_reached) o["target_reached"] = *r.target_reached;
    else o["target_reached"] = nullptr;
    json::array lines;
    for (size_t i = 0; i < r.lines.size(); ++i) {
        const ChallengeLine& l = r.lines[i];
        json::object x;
        x["cleared"] = l.cleared;
        x["score"] = l.score;
        if (l.cards) x["cards"] = *l.cards;
        else x["cards"] = nullptr;
        x["steps"] = l.moves.size();
        json::array moves;
        for (const Move& m : l.moves) moves.push_back(json::value(move_text(m, v.deck)));
        x["solution"] = std::move(moves);
        x["reaches_target"] = l.reaches_target;
        if (request.deals_left) {
            if (a.across) x["probability"] = a.across->line_probability[i];
            else x["probability"] = nullptr;
            if (a.across && i < a.across->line_interval.size()) {
                x["probability_low"] = a.across->line_interval[i].low;
                x["probability_high"] = a.across->line_interval[i].high;
            } else {
                x["probability_low"] = nullptr;
                x["probability_high"] = nullptr;
            }
        }
        lines.push_back(std::move(x));
    }
    o["lines"] = std::move(lines);
    if (c.kind == ChallengeKind::Board) o["verdict"] = verdict_text(r.verdict);
    if (request.deals_left) {
        o["deals_left"] = *request.deals_left;
        o["need"] = *c.target - c.current;
        auto put = [&](const char* key, const std::optional<double>& p, const std::optional<Interval>& ci) {
            const std::string k = key;
            if (p) o[k] = *p;
            else o[k] = nullptr;
            if (ci) {
                o[k + "_low"] = ci->low;
                o[k + "_high"] = ci->high;
            } else {
                o[k + "_low"] = nullptr;
                o[k + "_high"] = nullptr;
            }
        };
        if (a.across) {
            put("probability", a.across->probability, a.across->interval);
            if (a.across->recommended) o["recommended"] = *a.across->recommended;
            else o["recommended"] = nullptr;
            put("before", a.across->before, a.across->before_interval);
            if (a.table) {
                o["table"] = a.table->source;
                o["table_deals"] = a.table->deals();
                o["assumes"] = kAcrossAssumption;
            } else {
                o["table"] = nullptr;
                o["note"] = a.note;
            }
        } else {
            put("probability", std::nullopt, std::nullopt);
            o["recommended"] = nullptr;
            put("before", std::nullopt, std::nullopt);
            o["note"] = r.complete ? a.note : "incomplete: no odds without the deal's lines";
        }
    }
    o["states"] = r.states;
    o["seconds"] = r.seconds;
    if (r.interrupted) o["interrupted"] = true;
    if (r.memory_exceeded) o["memory_exceeded"] = true;
    return o;
}

void print_challenge(std::ostream& out, const Variant& v, const api::ChallengeAnswer& a,
                     const api::ChallengeRequest& request, const TextStyle& style) {
    const Challenge& c = *a.challenge;
    const ChallengeResult& r = *a.result;
    out << "challenge: " << api::challenge_name(v, c) << " (" << kind_words(v, c) << ")";
    if (c.target) {
        out << ", target " << unit_words(v, c, *c.target);
        if (c.current) out << ", " << c.current << " made before this deal";
        out << ": " << unit_words(v, c, *c.target - c.current) << " to make";
    }
    out << "\n";
    if (!r.complete) {
        out << "  no answer: "
            << (r.interrupted       ? "interrupted"
                : r.memory_exceeded ? "--max-memory reached"
                                    : "--max-states reached")
            << " (intractable)\n";
    } else if (r.target_reached && *r.target_reached) {
        out << "  this deal makes the target: the line stops there\n";
    } else if (r.target_reached) {
        out << "  this deal cannot make the target: the lines of the most it makes (that carries to the next deal)\n";
    }
    if (r.complete && c.kind == ChallengeKind::Board && r.lines.empty())
        out << "  the board cannot be cleared (lose)\n";
    const std::optional<size_t> best = a.across ? a.across->recommended : std::nullopt;
    const size_t marked = best.value_or(r.lines.size());
    for (size_t i = 0; i < r.lines.size(); ++i) {
        const ChallengeLine& l = r.lines[i];
        out << "line " << i + 1 << (marked == i ? " (recommended)" : "") << ": " << challenge_line_text(v, c, l)
            << "\n";
        for (size_t k = 0; k < l.moves.size(); ++k)
            out << std::setw(4) << k + 1 << ". " << move_people(l.moves[k], v.deck, style) << "\n";
    }
    if (request.deals_left && r.complete) {
        const int d = *request.deals_left;
        out << "across deals: " << d << (d == 1 ? " deal" : " deals")
            << " left, this one included (a deal whose board is cleared does not use one up)\n";
        if (a.across) {
            const api::ChallengeAnswer& x = a;
            out << "  chance of completing the challenge: " << chance_text(x.across->probability, x.across->interval);
            if (best) out << " playing line " << *best + 1;
            if (x.across->before)
                out << "; " << chance_text(*x.across->before, x.across->before_interval)
                    << " before this deal was seen";
            out << "\n";
            if (r.lines.size() > 1) {
                out << " ";
                for (size_t i = 0; i < r.lines.size(); ++i)
                    out << " line " << i + 1 << ": "
                        << chance_text(x.across->line_probability[i],
                                       i < x.across->line_interval.size()
                                           ? std::optional<Interval>(x.across->line_interval[i])
                                           : std::nullopt,
                                       false)
                        << (i + 1 < r.lines.size() ? "," : "\n");
            }
            if (x.table) {
                out << "  the chance assumes " << kAcrossAssumption << "\n";
                out << "  (the deals to come: " << x.table->deals() << " random deals, " << x.table->source
                    << "; 95% intervals: a bootstrap over those deals)\n";
            }
        } else {
            out << "  chance: unknown (" << a.note << ")\n";
        }
    }
    out << "challenge states searched: " << r.states << "; time: " << std::fixed << std::setprecision(3) << r.seconds
        << " s\n";
    out.unsetf(std::ios::fixed);
}

ChallengePageLine challenge_page_line(const Variant& v, const api::ChallengeAnswer& a) {
    ChallengePageLine p;
    if (a.across) {
        p.chance = "Chance of completing the challenge: " + chance_text(a.across->probability, a.across->interval) +
                   (a.across->recommended ? " playing the recommended line" : "");
        if (a.across->before)
            p.chance += "; " + chance_text(*a.across->before, a.across->before_interval) + " before this deal was seen";
        if (a.table)
            p.chance += " (it assumes " + std::string(kAcrossAssumption) +
                        "; the deals to come: " + std::to_string(a.table->deals()) + " random deals).";
        else p.chance += ".";
    } else if (!a.note.empty()) {
        p.chance = "Chance of completing the challenge: unknown (" + a.note + ").";
    }
    const auto& lines = a.result->lines;
    if (lines.empty()) return p;
    const size_t i = a.across && a.across->recommended ? *a.across->recommended : 0;
    p.moves = lines[i].moves;
    p.name = std::string(a.across && a.across->recommended ? "recommended line"
                         : lines.size() > 1                ? "line 1"
                                                           : "line") +
             " (" + api::challenge_name(v, *a.challenge) + "): " + challenge_line_text(v, *a.challenge, lines[i]);
    return p;
}

}  // namespace pyr
