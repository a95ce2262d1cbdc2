// Running a study. The seam: solve_tasks() solves the tasks a source hands
// out, on TBB worker threads with one Solver each (reused between deals). The
// TBB runner below (run_study), the MPI runner (mpi/) and `pyramid bench`
// all run their deals through it; only where the tasks come from and where
// the records go differ.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "study/records.h"
#include "study/study.h"

namespace pyr {

// Hands out work: fills `tasks` with task numbers (StudySpec::task_of) and
// returns true, or returns false when there is no more. Called by the
// workers, never two at a time.
using TaskSource = std::function<bool(std::vector<uint64_t>& tasks)>;
// Takes each solved task's record; called never two at a time.
using RecordSink = std::function<void(const StudyRecord&)>;

// Solves one task with `solver` (its table cleared for the deal); nullopt
// when `stop` abandoned it.
std::optional<StudyRecord> solve_task(Solver& solver, const StudySpec& spec, uint64_t task,
                                      const std::atomic<bool>* stop);

// Runs `threads` workers (0 = every core) until the source is dry or `stop`
// is set; a task abandoned through `stop` gives no record.
void solve_tasks(const StudySpec& spec, int threads, const std::atomic<bool>* stop, const TaskSource& source,
                 const RecordSink& sink);
int default_threads();
// The workers for --threads `threads` (0 = every core): never more than the
// cores TBB may use (default_threads()), nor than `tasks`; at least one. A
// study runs study_workers(threads, UINT64_MAX) (more would only make TBB
// warn) and splits `--max-memory auto` among study_workers(0, its tasks),
// whatever --threads, so its answers do not depend on --threads.
int study_workers(int threads, uint64_t tasks);

struct StudyProgress {
    uint64_t done = 0, total = 0;  // tasks of the study (of the shard), resumed ones included
    uint64_t done_now = 0;         // solved by this run
    uint64_t wins = 0, losses = 0, intractable = 0;
    double seconds = 0;  // since this run started
};

// The tasks of a study, their verdicts so far (one byte per task), and the
// order in which the rest are handed out. Used by the TBB and MPI runners.
class TaskTable {
public:
    explicit TaskTable(const StudySpec& spec);
    // A record of the study (resumed, or solved now). False for a task already recorded.
    bool record(const StudyRecord& r);
    // The next `n` tasks of the shard not yet recorded nor handed out, in
    // study order (so the tasks done at any moment are nearly a prefix).
    void next(std::vector<uint64_t>& tasks, size_t n);
    uint64_t total() const { return total_; }  // tasks of the shard
    uint64_t done() const { return done_; }
    // 0 = no record, else verdict_code.
    uint8_t verdict(uint64_t task) const { return verdicts_[task]; }
    const StudySpec& spec() const { return spec_; }

private:
    const StudySpec& spec_;
    std::vector<uint8_t> verdicts_;  // per task of the study
    uint64_t total_ = 0, done_ = 0;
    uint64_t cursor_ = 0;  // next deal index to hand out
    uint32_t cursor_combo_ = 0;
};

struct StudyRunOptions {
    int threads = 0;                          // 0 = every core
    const std::atomic<bool>* stop = nullptr;  // set elsewhere (Ctrl-C): take no new deal, abandon running ones
    RecordFile* out = nullptr;                // where each record goes as it completes
    // Every record solved by this run (records read back from --out go to
    // RecordFile's on_resumed), never two at a time.
    RecordSink on_record;
    // Called after each record solved now (never concurrently) with the counts so far.
    std::function<void(const StudyProgress&)> progress;
};

struct StudyRun {
    uint64_t total = 0;        // tasks in the study (in the shard)
    uint64_t done = 0;         // of them, with a record
    uint64_t resumed = 0;      // read back from the record file
    uint64_t solved_now = 0;   // solved by this run
    bool interrupted = false;  // stopped before every task was done
    double wall_seconds = 0;   // this run
    int threads = 0;           // the workers that ran: --threads, no more than the cores (per rank under MPI)
    int threads_asked = 0;     // --threads as given (0 = every core)
    int ranks = 1;             // MPI processes (1 for `pyramid stats`)
};

// For the runners (TBB and MPI): the progress of a study whose table holds
// the records read back so far, and the bookkeeping of one record solved
// now (appended to --out, counted in `run` and `progress`, handed to
// on_record, then the progress callback). Call under the runner's lock.
StudyProgress progress_from(const StudySpec& spec, const TaskTable& table);
void take_solved(const StudyRecord& r, const StudyRunOptions& opts, StudyRun& run, StudyProgress& progress,
                 std::chrono::steady_clock::time_point t0);

// The TBB runner: runs every task of the shard not already recorded (the
// table holds the records read back from --out), in study order, one task at
// a time per worker.
StudyRun run_study(const StudySpec& spec, TaskTable& table, const StudyRunOptions& opts);

// The seeds (deal indexes for a deals file) of rule set `combo` whose verdict
// is `v`, in seed order.
void list_verdicts(const TaskTable& table, uint32_t combo, Verdict v, const std::function<void(Seed)>& seed);

}  // namespace pyr
