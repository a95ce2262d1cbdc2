// `pyramid bench`'s output: each part of the workload and their total (the
// deals, states, time, rates, slowest deal, peak memory, the verifier's share
// of the time), then the signature; text or JSON.
#pragma once
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "study/bench.h"

namespace pyr {

// `threads`: the worker threads used. JSON: {quick, threads, parts: [{name,
// deals, wins, losses, intractable, states, seconds, states_per_second,
// deals_per_second, worst_seconds, worst_deal, peak_rss_kb, solver_seconds,
// replay_seconds}], total: {the same}, signature}.
void print_bench(std::ostream& out, const std::vector<BenchPartResult>& results, uint64_t signature, bool quick,
                 int threads, const std::string& format);

}  // namespace pyr
