// Deal packs for game makers (`pyramid generate`): winnable deals of one
// grade, from PySolFC seeds in order, solved and measured in parallel
// through the runner seam (solve_tasks), in batches of consecutive seeds so
// the pack is the same for the same arguments whatever the thread count.
#pragma once
#include <atomic>
#include <functional>
#include <vector>

#include "solver/measures.h"
#include "study/records.h"
#include "study/study.h"

namespace pyr {

struct GenerateRequest {
    Variant rules;
    Grade grade = Grade::Hard;
    GradeThresholds thresholds;
    uint64_t count = 10;
    Seed from_seed = 1;
    uint64_t max_seeds = 10'000'000;  // give up after this many seeds
    int threads = 0;
    Limits limits;  // per search; its stop flag set elsewhere stops the search (interrupted)
    int casual_plays = kDefaultCasualPlays;
    // After each batch: deals looked at so far, deals found so far.
    std::function<void(uint64_t looked, uint64_t found)> progress;
};

struct GeneratedDeal {
    StudyRecord record;  // seed (the PySolFC deal number), verdict win, measures
    Grade grade = Grade::Easy;
};

struct GenerateResult {
    std::vector<GeneratedDeal> deals;  // in seed order, at most `count`
    uint64_t looked = 0;               // seeds solved up to the last one taken (or all, when short)
    bool interrupted = false;
    bool seeds_exhausted = false;  // stopped at the last PySolFC seed (10^20-1), not at max_seeds
};

GenerateResult generate_deals(const GenerateRequest& request);

}  // namespace pyr
