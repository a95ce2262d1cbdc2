// The study report fed from study/'s own types: `stats --report` (the study
// it just ran, records streamed in as they are solved) and `pyramid report`
// (record files read back through study/records.h).
#pragma once
#include <string>
#include <utility>
#include <vector>

#include "report/study_report.h"
#include "study/records.h"
#include "study/summary.h"

namespace pyr {

// Builds the page from records as they stream past (memory does not grow
// with the number of records). `spec` must outlive it.
class StudyReportBuilder {
public:
    explicit StudyReportBuilder(const StudySpec& spec);
    void add(const StudyRecord& r);
    // `facts` go first in the study section, before what the records tell.
    std::string html(std::vector<std::pair<std::string, std::string>> facts) const;
    // Fewer records than the whole study's tasks (a shard, a run not finished):
    // the page's title and summary say PARTIAL.
    bool partial() const { return sums_.records() < spec_.tasks(); }
    // The shards the records come from, as their files' study lines name
    // them ("shard 0/2", "shards 0/3, 2/3"), for the PARTIAL note.
    void set_shards_read(std::string shards) { shards_read_ = std::move(shards); }

private:
    const StudySpec& spec_;
    mutable StudyReport report_;  // html() adds the paired comparisons
    SummaryBuilder sums_;
    std::vector<uint8_t> task_verdicts_;  // verdict_code per task (0: no record), for the paired comparisons
    uint64_t verdicts_[3] = {0, 0, 0};
    double seconds_ = 0;
    std::string shards_read_;
};

// The page for a study's records (any order, one per task).
std::string study_report_html(const StudySpec& spec, const std::vector<StudyRecord>& records,
                              std::vector<std::pair<std::string, std::string>> facts);

// Record files read back as one study's page. The study is the one their
// study lines name when they all name the same one; otherwise (files of
// older versions, or of several studies) the rule sets and deals are taken
// from the records, and whether lengths are minimal from `optimal`.
struct ReportFromFiles {
    std::string html;
    uint64_t records = 0;     // records on the page
    uint64_t duplicates = 0;  // further records of a task already read
    uint64_t ignored = 0;     // records not part of the study the study lines name
    uint64_t torn = 0;        // torn last lines skipped
    bool partial = false;     // records for fewer than the study's tasks (the page says PARTIAL)
    uint64_t tasks = 0;       // the whole study's tasks
    Limits limits;            // the study's budget (max_states 0: none, or not named by a study line)
    bool optimal = false;     // its lengths are minimal (the study line's --optimal, or `optimal`)
};
// Throws StudyError naming the file and line of anything unreadable. With
// `sample`, every record on the page is offered to it (the audit,
// study/merge.h).
ReportFromFiles report_from_files(const std::vector<std::string>& paths, bool optimal,
                                  std::vector<std::pair<std::string, std::string>> facts,
                                  AuditSample* sample = nullptr);

}  // namespace pyr
