// The study report fed from study/'s own types: `stats --report` (the study
// it just ran) and `pyramid report` (record files read back).
//
// ADAPTER: record files are read here with a thin reader of today's record
// format (JSON Lines or CSV: seed, variant, passes, verdict, moves, states,
// seconds[, deal]), which carries neither the study's definition nor its run:
// the rule sets and deals are taken from the records, and whether lengths
// are minimal from `optimal`. It goes once study/ has its reader API (issue
// 15), which `pyramid merge` uses too.
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "report/study_report.h"
#include "study/study.h"

namespace pyr {

// The page for a study's records (any order, one per task). `facts` go first
// in the study section, before what the records themselves tell.
std::string study_report_html(const StudySpec& spec, const std::vector<StudyRecord>& records,
                              std::vector<std::pair<std::string, std::string>> facts);

// Record files of one study read back (see ADAPTER above).
struct RecordFiles {
    StudySpec spec;                    // rule sets and deals found in the records
    std::vector<StudyRecord> records;  // one per (rule set, deal): the first met
    uint64_t duplicates = 0;           // further records of a task already read
    uint64_t torn = 0;                 // torn last lines skipped
};
// Throws StudyError naming the file and line of anything unreadable.
RecordFiles read_record_files(const std::vector<std::string>& paths, bool optimal);

}  // namespace pyr
