#include "report/generate.h"

#include <cstdio>

#include "engine/deal_source.h"

namespace pyr {

namespace {
std::string fmt(double x) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6g", x);
    return b;
}
}  // namespace

void print_generated(std::ostream& out, const GenerateRequest& q, const GenerateResult& res,
                     const std::string& format) {
    const Variant& v = q.rules;
    auto deal_of = [&](const StudyRecord& r) { return compact(deal_from_seed(v, r.seed.text())); };
    if (format == "json") {
        json::object o;
        o["variant"] = v.name;
        put_rules_json(o, v);  // the rule schema's keys (engine/rules.h)
        o["pysol_game"] = v.pysol_game;
        o["grade"] = grade_text(q.grade);
        o["thresholds"] = json::array{q.thresholds.q1, q.thresholds.q2, q.thresholds.q3};
        o["from_seed"] = q.from_seed.text();
        o["seeds_looked"] = res.looked;
        o["interrupted"] = res.interrupted;
        json::array deals;
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            json::object d;
            d["seed"] = r.seed.text();
            d["deal"] = deal_of(r);
            d["shortest"] = r.m.shortest;
            d["winning_first_moves"] = r.m.winning_first;
            d["legal_first_moves"] = r.m.legal_first;
            d["critical_positions"] = r.m.critical;
            d["crossroads"] = r.m.crossroads;
            d["casual_wins"] = r.m.casual_wins;
            d["casual_plays"] = r.m.casual_plays;
            d["difficulty"] = r.m.difficulty;
            d["grade"] = grade_text(g.grade);
            deals.push_back(std::move(d));
        }
        o["deals"] = std::move(deals);
        out << json::serialize(o) << "\n";
    } else if (format == "csv") {
        out << "seed,pysol_game,deal,shortest,winning_first_moves,legal_first_moves,critical_positions,crossroads,"
               "casual_wins,casual_plays,difficulty,grade\n";
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            out << r.seed.text() << "," << v.pysol_game << "," << deal_of(r) << "," << r.m.shortest << ","
                << r.m.winning_first << "," << r.m.legal_first << "," << r.m.critical << "," << r.m.crossroads << ","
                << r.m.casual_wins << "," << r.m.casual_plays << "," << fmt(r.m.difficulty) << ","
                << grade_text(g.grade) << "\n";
        }
    } else {
        out << summary(v) << "\n"
            << grade_text(q.grade) << " deals (difficulty "
            << (q.grade == Grade::Easy     ? "<= " + fmt(q.thresholds.q1)
                : q.grade == Grade::Medium ? fmt(q.thresholds.q1) + " < d <= " + fmt(q.thresholds.q2)
                : q.grade == Grade::Hard   ? fmt(q.thresholds.q2) + " < d <= " + fmt(q.thresholds.q3)
                                           : "> " + fmt(q.thresholds.q3))
            << "): " << res.deals.size() << " found in " << res.looked << " seeds from " << q.from_seed.text()
            << (res.interrupted ? " (interrupted)" : "") << "\n";
        out << "    seed  shortest  first moves  crossroads  casual  difficulty  deal\n";
        for (const auto& g : res.deals) {
            const StudyRecord& r = g.record;
            char line[160];
            std::snprintf(line, sizeof line, "%8s  %8d  %5d of %-3d  %10d  %3d/%-3d  %10s  ", r.seed.text().c_str(),
                          r.m.shortest, r.m.winning_first, r.m.legal_first, r.m.crossroads, r.m.casual_wins,
                          r.m.casual_plays, fmt(r.m.difficulty).c_str());
            out << line << deal_of(r) << "\n";
        }
    }
}

}  // namespace pyr
