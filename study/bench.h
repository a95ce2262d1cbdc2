// `pyramid bench`: a fixed workload, the same on every machine, whose total
// number of states searched is a signature of the search's behaviour (it does
// not depend on the thread count or the build type, only on the code).
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace pyr {

struct BenchPart {
    std::string name;  // variant, or "msc --optimal"
    std::string variant;
    bool optimal = false;
    std::vector<std::string> deals;  // seeds ("123") or compact deals
    bool seeds = true;               // deals are seed numbers, else compact strings
};

struct BenchPartResult {
    std::string name;
    uint64_t deals = 0, wins = 0, losses = 0, intractable = 0;
    uint64_t states = 0;
    double seconds = 0;         // wall time for the part
    double worst_seconds = 0;   // slowest single deal
    double solver_seconds = 0;  // the deals' solver times added up (all threads)
    double replay_seconds = 0;  // of those, the verifier replaying every win
    std::string worst_deal;
    uint64_t peak_rss_kb = 0;  // high-water mark of the process while the part ran (0 if unknown)
};

// The workload: quick (for CI, seconds) or full (for people measuring).
std::vector<BenchPart> bench_workload(bool quick);

// Runs each part over `threads` threads (0 = all cores), one solver per
// thread. progress(part, done, total) is called now and then.
std::vector<BenchPartResult> run_bench(const std::vector<BenchPart>& parts, int threads,
                                       const std::function<void(const std::string&, size_t, size_t)>& progress = {});

uint64_t bench_signature(const std::vector<BenchPartResult>& results);

}  // namespace pyr
