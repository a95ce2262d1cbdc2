#include "study/generate.h"

#include <algorithm>
#include <map>

#include "study/runner.h"

namespace pyr {

GenerateResult generate_deals(const GenerateRequest& q) {
    GenerateResult out;
    const uint64_t batch = 64;
    Seed next = q.from_seed;
    while (out.deals.size() < q.count && out.looked < q.max_seeds) {
        if (q.limits.stopped()) {
            out.interrupted = true;
            break;
        }
        if (next > kMaxSeed) {  // past PySolFC's last deal number: no seed left to look at
            out.seeds_exhausted = true;
            break;
        }
        uint64_t n = std::min<uint64_t>(batch, q.max_seeds - out.looked);
        // The last batch stops at 10^20-1. The distance is compared in 128
        // bits: Seed's operator- is only for distances below 2^64.
        if (kMaxSeed.value - next.value < n - 1) n = (kMaxSeed - next) + 1;
        StudySpec spec;
        spec.combos = {q.rules};
        spec.deals.first = next;
        spec.deals.last = next + (n - 1);
        spec.limits = q.limits;
        spec.measures = true;
        spec.casual_plays = q.casual_plays;
        uint64_t handed = 0;
        std::map<Seed, StudyRecord> got;
        solve_tasks(
            spec, q.threads, q.limits.stop,
            [&](std::vector<uint64_t>& tasks) {
                if (handed >= n) return false;
                tasks.push_back(handed++);
                return true;
            },
            [&](const StudyRecord& r) { got.emplace(r.seed, r); });
        if (got.size() < n) {  // stopped: keep only the unbroken prefix of seeds
            out.interrupted = true;
        }
        for (uint64_t i = 0; i < n; ++i) {
            const auto it = got.find(next + i);
            if (it == got.end()) break;
            ++out.looked;
            const StudyRecord& r = it->second;
            if (r.verdict != Verdict::Win || r.m.difficulty < 0) continue;
            const Grade g = grade_of(r.m.difficulty, q.thresholds);
            if (g != q.grade) continue;
            out.deals.push_back({r, g});
            if (out.deals.size() == q.count) break;
        }
        if (q.progress) q.progress(out.looked, out.deals.size());
        if (out.interrupted) break;
        next = next + n;
    }
    return out;
}

}  // namespace pyr
