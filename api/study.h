// Studies and merges through the API: the one way `pyramid stats`,
// `pyramid-mpi stats`, `pyramid merge` and Python's study() and merge() run
// a study or merge its record files. A study's record file (the checkpoint)
// is opened and resumed here, every record is taken into the task table and
// the streamed summary here, and the rest of the study runs here, on the TBB
// runner or another (the MPI runner); record files merge through
// study/merge.h. Front ends parse their options into a StudySpec and print
// what comes back.
//
// Unlike api/api.h this part sits on study/ (oneTBB): the WebAssembly build
// leaves it out. Bad input throws StudyError (one line for people).
#pragma once
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/limits.h"
#include "study/merge.h"
#include "study/provenance.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/summary.h"

namespace pyr::api {

// A study as a front end words it: `pyramid stats`'s and pyramid-mpi's
// options, Python's study() keywords. make_study makes the one StudySpec
// from it, so every front end takes every option alike.
struct StudyRequest {
    std::vector<std::string> variants{"msc"};
    std::map<std::string, std::vector<std::string>> rules;  // rule key -> its list (texts as typed)
    std::optional<std::string> seeds, deals_file, shard;    // seeds "A-B"; one of seeds and deals_file
    bool optimal = false;
    bool measures = false;  // --measures: the loss reasons and the measures
    bool reasons = false;   // --reasons: the loss reasons alone
    int casual_plays = 100;
    std::string player = "thoughtful";
    uint64_t player_seed = 1;
    std::optional<std::string> challenge;  // "score", "cards:R" or "board"
    Limits limits;                         // max_states (engine/limits.h's default)
    std::optional<uint64_t> max_memory;    // per worker; none = auto (shared among the workers)
    std::optional<Provenance> program;     // the program and call named by the record file's study line
};
// StudyError naming what is wrong (as the command line words it, the option's
// name without its dashes).
StudySpec make_study(const StudyRequest& request);
// Why `name` is not a study's player (StudyRequest::player: thoughtful, a
// no-peek player as nopeek::make_player names them, optimal[:...] as
// study/optimum.h parses it), or nothing; make_study says the same.
std::optional<std::string> study_player_error(const std::string& name);

class Study {
public:
    // Every record the study takes: read back from the record file
    // (`resumed`) or solved now; never two at a time.
    using OnRecord = std::function<void(const StudyRecord&, bool resumed)>;
    // A runner: run_study (TBB), or one of its signature (the MPI runner).
    using Runner = std::function<StudyRun(const StudySpec&, TaskTable&, const StudyRunOptions&)>;

    // `spec` must outlive the study. With `out`, opens the record file and
    // takes the study's records in it (the rest of the file is left alone;
    // a torn last line is cut off). StudyError for a file that cannot be the
    // study's checkpoint (another file, or in use by another study).
    Study(const StudySpec& spec, const std::optional<std::string>& out, OnRecord on_record = {});
    Study(const Study&) = delete;
    Study& operator=(const Study&) = delete;

    const StudySpec& spec() const { return spec_; }
    TaskTable& table() { return table_; }
    const SummaryBuilder& summary() const { return sums_; }
    // The record file (null without one): what opening it found.
    const RecordFile* out() const { return out_.get(); }

    // Runs the tasks not yet recorded on `threads` workers (0 = every core)
    // until done or `stop` is set (a running task is abandoned); `progress`
    // after each record solved.
    StudyRun run(int threads, const std::atomic<bool>* stop, const std::function<void(const StudyProgress&)>& progress,
                 const Runner& runner = run_study);
    // A record solved by the caller's own workers (Python's iterator): the
    // table, the record file, the summary and on_record. False (and nothing
    // else) for a task already recorded. Never two at a time.
    bool take(const StudyRecord& r);
    // Flushes the record file to disk (fsync); closes it, which unlocks it.
    void sync() {
        if (out_) out_->sync();
    }
    void close() { out_.reset(); }

private:
    void taken(const StudyRecord& r, bool resumed);
    const StudySpec& spec_;
    TaskTable table_;
    SummaryBuilder sums_;
    OnRecord on_record_;
    std::unique_ptr<RecordFile> out_;
};

// Merges a study's record files (study/merge.h): `program` is the merging
// program (the summary's provenance), `note` gets what to tell before the
// summary. StudyError for files that do not merge. With `sample`, the
// study's records are offered to it (the audit: audit() below).
MergedStudy merge(const std::vector<std::string>& paths, const std::optional<Provenance>& program,
                  const std::function<void(const std::string&)>& note, AuditSample* sample = nullptr);

// The audit of a study's record files (`merge --audit K`, `report`): the
// sampled records re-solved with their own rules and deal, the study's budget
// (`max_states`, `--max-memory auto` among the workers) and solve mode
// (`optimal`), on `threads` workers (0 = every core). study/merge.h says
// what is a mismatch.
AuditResult audit(const AuditSample& sample, uint64_t max_states, bool optimal, int threads = 0);

}  // namespace pyr::api
