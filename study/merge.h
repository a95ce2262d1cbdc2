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
MergedStudy merge_study(const std::vector<std::string>& paths, const std::optional<Provenance>& program,
                        const std::function<void(const std::string&)>& note);

}  // namespace pyr
