// The MPI runner of `pyramid-mpi stats` (study/mpi_runner.cpp is the only
// source that includes an MPI header; this interface has no MPI types).
//
// Rank 0 owns the study: the task table (resumed from --out), the record
// file, the summary. It hands out tasks in small chunks on request (deal
// costs vary by 10^5, so no static split) and solves with its own TBB
// threads too; every other rank runs the same runner seam (solve_tasks) with
// its TBB threads, asking rank 0 for a chunk whenever a thread needs work and
// sending its finished records back with the request. Rank 0 alone writes
// --out, in the order records arrive, so the records and the summary are
// those of `pyramid stats` for any number of ranks; a job killed at any
// moment loses only the records still in flight, which the same command
// solves again.
#pragma once
#include "study/runner.h"

namespace pyr::mpi {

class Session {
public:
    Session(int* argc, char*** argv);  // MPI_Init_thread
    ~Session();                        // MPI_Finalize
    int rank() const { return rank_; }
    int size() const { return size_; }
    // Rank 0's `ok` to every rank (a collective call).
    bool agree(bool ok) const;
    [[noreturn]] void abort(int code) const;

private:
    int rank_ = 0, size_ = 1;
};

// Runs the study over every rank (a collective call). On rank 0, `table`
// holds the records read back from --out and gets every new record, and
// opts.out / opts.on_record / opts.progress see each of them; other ranks
// pass their own (unused) table. Returns rank 0's account of the run.
StudyRun run_study_mpi(const Session& s, const StudySpec& spec, TaskTable& table, const StudyRunOptions& opts);

}  // namespace pyr::mpi
