#include "study/mpi_runner.h"

#include <mpi.h>

#include <bit>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include "solver/search_util.h"

namespace pyr::mpi {

namespace {

enum Tag : int {
    kRequest = 1,  // worker -> 0: records done since the last message; wants a chunk
    kChunk = 2,    // 0 -> worker: task numbers (none: no more work)
    kFinal = 3,    // worker -> 0: its last records; it is done
};

constexpr size_t kWords = 7;  // uint64 words per record

void pack(std::vector<uint64_t>& buf, const StudyRecord& r) {
    buf.push_back(static_cast<uint64_t>(r.seed.value));  // 128 bits: seeds go to 10^20-1
    buf.push_back(static_cast<uint64_t>(r.seed.value >> 64));
    buf.push_back(r.combo);
    buf.push_back(verdict_code(r.verdict));
    buf.push_back(static_cast<uint64_t>(static_cast<int64_t>(r.moves)));
    buf.push_back(r.states);
    buf.push_back(std::bit_cast<uint64_t>(r.seconds));
}

// (The record's rule set and deal are the spec's for its task.)
StudyRecord unpack(const StudySpec& spec, const uint64_t* w) {
    const Seed seed = Seed::of(static_cast<unsigned __int128>(w[1]) << 64 | w[0]);
    StudyRecord r = task_record(spec, seed - spec.deals.first_id(), static_cast<uint32_t>(w[2]));
    r.verdict = verdict_of_code(static_cast<uint8_t>(w[3]));
    r.moves = static_cast<int32_t>(static_cast<int64_t>(w[4]));
    r.states = w[5];
    r.seconds = std::bit_cast<double>(w[6]);
    return r;
}

void send(const std::vector<uint64_t>& buf, int to, Tag tag) {
    MPI_Send(buf.data(), static_cast<int>(buf.size()), MPI_UINT64_T, to, tag, MPI_COMM_WORLD);
}

std::vector<uint64_t> receive(int from, int tag, MPI_Status* st) {
    MPI_Status probe;
    MPI_Probe(from, tag, MPI_COMM_WORLD, &probe);
    int n = 0;
    MPI_Get_count(&probe, MPI_UINT64_T, &n);
    std::vector<uint64_t> buf(static_cast<size_t>(n));
    MPI_Recv(buf.data(), n, MPI_UINT64_T, probe.MPI_SOURCE, probe.MPI_TAG, MPI_COMM_WORLD, st);
    return buf;
}

}  // namespace

Session::Session(int* argc, char*** argv) {
    int provided = 0;
    // Worker ranks call MPI from whichever TBB thread needs work, one at a time.
    MPI_Init_thread(argc, argv, MPI_THREAD_SERIALIZED, &provided);
    if (provided < MPI_THREAD_SERIALIZED) {
        std::fprintf(stderr, "pyramid-mpi: the MPI library does not allow calls from several threads\n");
        MPI_Abort(MPI_COMM_WORLD, 3);
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
}

Session::~Session() { MPI_Finalize(); }

bool Session::agree(bool ok) const {
    int v = ok ? 1 : 0;
    MPI_Bcast(&v, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return v != 0;
}

void Session::abort(int code) const {
    MPI_Abort(MPI_COMM_WORLD, code);
    std::abort();
}

StudyRun run_study_mpi(const Session& s, const StudySpec& spec, TaskTable& table, const StudyRunOptions& opts) {
    const auto t0 = std::chrono::steady_clock::now();
    StudyRun run;
    run.threads = study_workers(opts.threads, UINT64_MAX);
    run.threads_asked = opts.threads;
    run.ranks = s.size();
    auto stopped = [&] { return opts.stop && opts.stop->load(std::memory_order_relaxed); };

    if (s.rank() != 0) {
        // A worker rank: the seam, fed from rank 0.
        std::mutex pending_mu;
        std::vector<uint64_t> pending;  // packed records not yet sent
        bool dry = false;
        solve_tasks(
            spec, run.threads, opts.stop,
            [&](std::vector<uint64_t>& chunk) {
                if (dry) return false;
                std::vector<uint64_t> out;
                {
                    std::lock_guard lock(pending_mu);
                    out.swap(pending);
                }
                send(out, 0, kRequest);
                MPI_Status st;
                chunk = receive(0, kChunk, &st);
                dry = chunk.empty();
                return !dry;
            },
            [&](const StudyRecord& r) {
                std::lock_guard lock(pending_mu);
                pack(pending, r);
            });
        std::lock_guard lock(pending_mu);
        send(pending, 0, kFinal);
        run.wall_seconds = seconds_since(t0);
        return run;
    }

    // Rank 0: the dispatcher on this thread, workers of its own on another.
    run.total = table.total();
    run.resumed = table.done();
    std::mutex mu;  // table, progress, the record sinks
    StudyProgress progress = progress_from(spec, table);
    auto take = [&](const StudyRecord& r) {  // under `mu`
        if (!table.record(r)) return;        // a task done twice (cannot happen: each is handed out once)
        take_solved(r, opts, run, progress, t0);
    };
    const uint64_t workers = static_cast<uint64_t>(s.size() - 1) * static_cast<uint64_t>(run.threads) +
                             static_cast<uint64_t>(run.threads);
    // Chunks shrink as the study ends, so no rank is left with a long tail.
    auto chunk_size = [&] {
        const uint64_t left = table.total() - table.done();
        return static_cast<size_t>(std::clamp<uint64_t>(left / (8 * workers), 1, 32));
    };
    std::atomic<bool> local_done{false};
    std::exception_ptr local_error;
    std::thread local([&] {
        try {
            solve_tasks(
                spec, run.threads, opts.stop,
                [&](std::vector<uint64_t>& chunk) {
                    std::lock_guard lock(mu);
                    table.next(chunk, 1);
                    return !chunk.empty();
                },
                [&](const StudyRecord& r) {
                    std::lock_guard lock(mu);
                    take(r);
                });
        } catch (...) {
            local_error = std::current_exception();
        }
        local_done = true;
    });
    int active = s.size() - 1;
    while (active > 0) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
        if (!flag) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));  // rank 0 idles, it does not spin
            continue;
        }
        const std::vector<uint64_t> buf = receive(st.MPI_SOURCE, st.MPI_TAG, &st);
        std::vector<uint64_t> chunk;
        {
            std::lock_guard lock(mu);
            for (size_t i = 0; i + kWords <= buf.size(); i += kWords) take(unpack(spec, buf.data() + i));
            if (st.MPI_TAG == kRequest && !stopped() && !local_error) table.next(chunk, chunk_size());
        }
        if (st.MPI_TAG == kRequest) send(chunk, st.MPI_SOURCE, kChunk);
        else --active;
    }
    local.join();
    if (local_error) std::rethrow_exception(local_error);
    if (opts.out) opts.out->sync();
    run.done = table.done();
    run.interrupted = run.done < run.total;
    run.wall_seconds = seconds_since(t0);
    return run;
}

}  // namespace pyr::mpi
