#include "report/bench.h"

#include <algorithm>
#include <iomanip>

#include "engine/json.h"

namespace pyr {

void print_bench(std::ostream& out, const std::vector<BenchPartResult>& results, uint64_t signature, bool quick,
                 int threads, const std::string& format) {
    BenchPartResult total;
    total.name = "total";
    for (const auto& r : results) {
        total.deals += r.deals;
        total.wins += r.wins;
        total.losses += r.losses;
        total.intractable += r.intractable;
        total.states += r.states;
        total.seconds += r.seconds;
        total.solver_seconds += r.solver_seconds;
        total.replay_seconds += r.replay_seconds;
        total.peak_rss_kb = std::max(total.peak_rss_kb, r.peak_rss_kb);
        if (r.worst_seconds > total.worst_seconds) {
            total.worst_seconds = r.worst_seconds;
            total.worst_deal = r.name + " " + r.worst_deal;
        }
    }
    auto rate = [](double n, double s) { return s > 0 ? n / s : 0.0; };
    if (format == "json") {
        json::array parts;
        auto obj = [&](const BenchPartResult& r) {
            json::object o;
            o["name"] = r.name;
            o["deals"] = r.deals;
            o["wins"] = r.wins;
            o["losses"] = r.losses;
            o["intractable"] = r.intractable;
            o["states"] = r.states;
            o["seconds"] = r.seconds;
            o["states_per_second"] = rate(static_cast<double>(r.states), r.seconds);
            o["deals_per_second"] = rate(static_cast<double>(r.deals), r.seconds);
            o["worst_seconds"] = r.worst_seconds;
            o["worst_deal"] = r.worst_deal;
            o["peak_rss_kb"] = r.peak_rss_kb;
            o["solver_seconds"] = r.solver_seconds;
            o["replay_seconds"] = r.replay_seconds;
            return o;
        };
        for (const auto& r : results) parts.push_back(obj(r));
        json::object o;
        o["quick"] = quick;
        o["threads"] = threads;
        o["parts"] = parts;
        o["total"] = obj(total);
        o["signature"] = signature;
        out << json::serialize(o) << "\n";
        return;
    }
    out << "pyramid bench" << (quick ? " --quick" : "") << ", " << threads
        << (threads == 1 ? " thread\n" : " threads\n");
    out << std::left << std::setw(15) << "part" << std::right << std::setw(7) << "deals" << std::setw(7) << "wins"
        << std::setw(12) << "states" << std::setw(9) << "seconds" << std::setw(12) << "states/s" << std::setw(10)
        << "deals/s" << std::setw(9) << "worst s" << std::setw(11) << "peak MiB"
        << "\n";
    auto row = [&](const BenchPartResult& r) {
        out << std::left << std::setw(15) << r.name << std::right << std::setw(7) << r.deals << std::setw(7) << r.wins
            << std::setw(12) << r.states << std::fixed << std::setprecision(2) << std::setw(9) << r.seconds
            << std::setprecision(0) << std::setw(12) << rate(static_cast<double>(r.states), r.seconds)
            << std::setprecision(1) << std::setw(10) << rate(static_cast<double>(r.deals), r.seconds)
            << std::setprecision(3) << std::setw(9) << r.worst_seconds << std::setprecision(1) << std::setw(11)
            << r.peak_rss_kb / 1024.0 << "\n";
    };
    for (const auto& r : results) row(r);
    row(total);
    out << "slowest deal: " << total.worst_deal << " (" << std::setprecision(3) << total.worst_seconds << " s)\n";
    out << "replay of every win by the verifier: " << std::setprecision(3) << total.replay_seconds << " s of "
        << total.solver_seconds << " s solver time (" << std::setprecision(2)
        << rate(100.0 * total.replay_seconds, total.solver_seconds) << "%)\n";
    out << "signature: " << signature << "\n";
}

}  // namespace pyr
