// Merging a study's record files (`pyramid merge`, Python's merge()): the
// --out files of `pyramid stats --shard K/N`, or of runs on several machines,
// read back as one study, as one uninterrupted `pyramid stats` of the whole
// study would have recorded it.
//
// The study is the one every file names in a study line (rule sets, deals,
// --max-states, --optimal); when every file holds several (a study extended
// over the same file), the first file's latest one. A task in several files
// counts once; records of one task that disagree (verdict, moves or states)
// are refused, and so are files of another study. Records of the files that
// are not part of the study (other rules or deals) are counted and ignored.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "study/provenance.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/summary.h"

namespace pyr {

struct MergedStudy {
    std::unique_ptr<StudySpec> spec;   // the study (its program: merge's own, as given)
    std::unique_ptr<TaskTable> table;  // every task's verdict (0: no record)
    std::vector<StudySummary> summaries;
    // The programs that wrote the study's records (their study lines),
    // distinct, in the order met; an empty one for a study line of an older
    // version naming none.
    std::vector<Provenance> made_by;
    // The shards the study lines name ("K/N", or "whole"): missing_shards().
    std::set<std::string> shards;
    uint64_t files = 0, records_read = 0, duplicates = 0, ignored = 0;

    uint64_t tasks() const { return spec->tasks(); }
    uint64_t missing() const { return spec->tasks() - table->done(); }
    // Of rule set `combo`: the tasks with no record, and the first of their
    // seeds as ranges ("1-4, 9, 12-20, ...").
    uint64_t missing_seeds(uint32_t combo, std::string* ranges) const;
    // The shards named in the study lines whose file is absent, per shard
    // count ("1/4, 3/4"), as one line each. Throws StudyError for a study
    // line's shard that is not one.
    std::vector<std::string> missing_shards() const;
};

// Merges the record files `paths` (at least one). `program` names the
// program merging them (the summary's provenance). `note` gets, as they
// arise, what to tell before the summary: the study line chosen when the
// files hold several studies, and a warning when different versions wrote
// them. Throws StudyError (one line for people) for an unreadable file, a
// file without a study line, files of different studies, and conflicting
// records.
// With `sample`, every record the study takes (not a duplicate, not an
// ignored one) is offered to it, for the audit below.
class AuditSample;
MergedStudy merge_study(const std::vector<std::string>& paths, const std::optional<Provenance>& program,
                        const std::function<void(const std::string&)>& note, AuditSample* sample = nullptr);

// ---------------------------------------------------------------- the audit
//
// A record file is text: edited by hand (every loss turned into a win), it
// would merge and report cleanly. `merge --audit K` and `report` (K = 20 by
// default) re-solve a sample of K of the study's records and refuse the
// summary when one does not reproduce.
//
// The sample is seeded: the K records whose tasks rank first under a hash of
// (seed, task), so the same seed picks the same records of a study however
// they are split among files or ordered in them.
class AuditSample {
public:
    AuditSample(uint64_t count, uint64_t seed) : count_(count), seed_(seed) {}
    uint64_t count() const { return count_; }
    uint64_t seed() const { return seed_; }
    // A record the study took: its task (StudySpec::task_of) and its file.
    void offer(uint64_t task, const StudyRecord& r, const std::string& file);
    uint64_t offered() const { return offered_; }
    uint64_t size() const { return heap_.size(); }
    struct Entry {
        uint64_t rank, task;
        StudyRecord record;
        std::string file;
    };
    // The sample, in task order.
    std::vector<Entry> entries() const;

private:
    uint64_t count_, seed_, offered_ = 0;
    std::vector<Entry> heap_;  // max-heap on rank: the `count_` lowest ranks so far
};

// A sampled record that does not reproduce: `field` ("verdict", "moves",
// "deal") as recorded and as recomputed.
struct AuditMismatch {
    StudyRecord record;
    std::string file, field, recorded, recomputed;
};
struct AuditResult {
    uint64_t seed = 0;
    uint64_t records = 0;  // the study's records the sample was drawn from
    uint64_t sampled = 0;  // re-solved
    uint64_t reproduced = 0;
    // Not checked: the record is intractable (it claims no verdict; a
    // re-solve that decides it is no mismatch), or the re-solve ran out of the
    // budget where the record has a verdict (it proves nothing against it).
    uint64_t unclaimed = 0, undecided = 0;
    std::vector<AuditMismatch> mismatches;
    bool clean() const { return mismatches.empty(); }
};
// Re-solves the sample, each record with its own rule set (the record's rule
// fields) and deal, the study's budget (`limits`: max_states positions,
// 0 = none; max_memory bytes per worker, 0 = none) and solve mode (`optimal`), on
// `threads` workers (0 = every core). A mismatch: a decided record whose
// re-solve proves the other verdict; with `optimal`, a win whose recorded
// shortest length differs from the re-solve's proved one; in a --challenge
// study, a complete record whose best line with a clear or without (its
// score, cards and steps) differs from the challenge re-solved (a re-solve
// that runs out of the budget is undecided). Every win of a re-solve is
// replayed by the verifier (the solver's own check).
AuditResult audit_sample(const AuditSample& sample, const Limits& limits, bool optimal, int threads);

}  // namespace pyr
