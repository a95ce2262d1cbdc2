// Win-rate studies (`pyramid stats`): many deals, several rule sets, solved
// in parallel, checkpointed to a record file, summarized.
//
// A study is the cross product of its combos (one Variant each: a preset with
// its passes possibly overridden) and its deals (PySolFC seeds A..B, or the
// deals of a file, identified by their index 1..N). Each (combo, deal) is one
// task; its result is one StudyRecord. A record depends only on the deal and
// the rules (the solver clears its table for every deal), so the records, and
// everything summarized from them, do not depend on the thread count or on the
// order in which deals complete; only the timings do.
//
// Counting: an intractable deal (the --max-states budget ran out) is neither a
// win nor a loss. Win rates and their Wilson intervals are over decided deals:
// wins / (wins + losses).
#pragma once
#include <atomic>
#include <cstdint>
#include <functional>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/json.h"
#include "engine/variant.h"
#include "solver/solver.h"

namespace pyr {

// z for a two-sided 95% interval: the 0.975 quantile of the standard normal.
constexpr double kZ95 = 1.959963984540054;

struct Interval {
    double low = 0, high = 0;
};
// Wilson score interval for `successes` out of `n` trials; nullopt when n == 0.
std::optional<Interval> wilson_interval(uint64_t successes, uint64_t n, double z = kZ95);

// Something wrong with what the study was asked to do (bad variant list,
// passes a variant cannot take, a bad deals file, an unusable --out file).
// The message is one line meant for the user.
struct StudyError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The combos: every variant once per passes value (all of them, in order, with
// the variant's outer loop), or once with its preset passes when `passes` is
// empty. Throws StudyError for an unknown or repeated name, a repeated passes
// value, or a value a variant cannot take (Variant::validate's reason).
std::vector<Variant> study_combos(const std::vector<std::string>& variant_names, const std::vector<int>& passes);

// The deals of a study.
struct StudyDeals {
    // PySolFC seeds first..last, when `cards` is empty.
    uint64_t first = 1, last = 0;
    // Otherwise the deals of a file as compact strings; deal i (1-based) is
    // cards[i-1] and its record's `seed` is i.
    std::vector<std::string> cards;
    bool from_file = false;

    uint64_t count() const { return from_file ? cards.size() : (last >= first ? last - first + 1 : 0); }
    uint64_t first_id() const { return from_file ? 1 : first; }
};

// "A-B" (or a single "N"), 1 <= A <= B, at most kMaxStudyDeals seeds. Throws StudyError.
constexpr uint64_t kMaxStudyDeals = 1'000'000'000;
StudyDeals seeds_range(const std::string& text);

// Reads a deals file: one deal a line, its cards first (separators optional);
// reading stops at the first word that is not cards or once the deck is
// complete, so anything after the cards (an expected answer, a note) is
// ignored. Blank lines and lines starting with '#' are skipped. Every deal is
// checked against every combo before anything runs. Throws StudyError naming
// the file and line.
StudyDeals read_deals_file(const std::string& path, const std::vector<Variant>& combos);

struct StudySpec {
    std::vector<Variant> combos;
    StudyDeals deals;
    uint64_t max_states = 0;  // per deal; 0 = no limit
    bool optimal = false;     // passed on as SolveOptions::optimal
};

// One solved (combo, deal). `moves` is the solution length of a win; -1 for a
// loss, for intractable, and (with --optimal) for a win whose shortest length
// was not proved within the budget.
struct StudyRecord {
    uint64_t seed = 0;  // PySolFC seed, or the deal's index in the deals file
    uint32_t combo = 0; // index into StudySpec::combos
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
    // The same result, timing aside.
    bool same_result(const StudyRecord& o) const {
        return seed == o.seed && combo == o.combo && verdict == o.verdict && moves == o.moves && states == o.states;
    }
};

// The record file (--out): the study's checkpoint. One record per line, JSON
// Lines, or CSV when the name ends in ".csv" (a header line first). Opening
// reads what is there, keeps every complete record, cuts a torn last line off
// (a line without its newline, or one that does not parse, at the end of the
// file), and locks the file against a second study writing to it at once.
// Records whose (variant, passes, seed) is not part of this study (or, for a
// deals file, whose deal differs) stay in the file but are ignored.
// Each new record is appended with one write() of the whole line (O_APPEND),
// and the file is fsync'ed at most once a second and when closed.
class RecordFile {
public:
    RecordFile(const std::string& path, const StudySpec& spec);
    ~RecordFile();
    RecordFile(const RecordFile&) = delete;
    RecordFile& operator=(const RecordFile&) = delete;

    // Records already in the file that belong to this study (first of any duplicates).
    const std::vector<StudyRecord>& resumed() const { return resumed_; }
    uint64_t ignored() const { return ignored_; }          // complete records not part of this study
    uint64_t torn_bytes() const { return torn_bytes_; }    // cut off the end when opened
    // Appends one record (thread-safe). Throws std::runtime_error on a write error.
    void append(const StudyRecord& r);
    void sync();  // fsync now

private:
    std::string line(const StudyRecord& r) const;
    const StudySpec& spec_;
    std::string path_;
    bool csv_ = false;
    int fd_ = -1;
    std::vector<StudyRecord> resumed_;
    uint64_t ignored_ = 0, torn_bytes_ = 0;
    std::mutex mu_;
    std::chrono::steady_clock::time_point last_sync_;
    bool dirty_ = false;
};

// One record as its JSON Lines object / CSV row (no newline); CSV header.
json::object record_json(const StudySpec& spec, const StudyRecord& r);
std::string record_csv(const StudySpec& spec, const StudyRecord& r);
std::string record_csv_header(const StudySpec& spec);

// Passes as written in records and summaries: a number, or "unlimited".
json::value passes_json(int passes);

struct StudyProgress {
    uint64_t done = 0, total = 0;  // tasks of the study, resumed ones included
    uint64_t done_now = 0;         // solved by this run
    uint64_t wins = 0, losses = 0, intractable = 0;
    double seconds = 0;            // since this run started
};

struct StudyRunOptions {
    int threads = 0;                          // 0 = every core
    const std::atomic<bool>* stop = nullptr;  // set elsewhere (Ctrl-C): take no new deal, abandon running ones
    RecordFile* out = nullptr;                // where each record goes as it completes; resumes from it
    // Called after each record (never concurrently) with the counts so far.
    std::function<void(const StudyProgress&)> progress;
};

struct StudyRun {
    std::vector<StudyRecord> records;  // every record of the study (resumed ones too), sorted by (combo, seed)
    uint64_t total = 0;                // tasks in the study
    uint64_t resumed = 0;              // of them, read back from the record file
    uint64_t solved_now = 0;           // solved by this run
    bool interrupted = false;          // stopped before every task was done
    double wall_seconds = 0;           // this run
    int threads = 0;
};

// Runs every task not already in opts.out, in parallel (tbb::parallel_for over
// the workers, which take tasks in study order; one Solver per worker thread,
// its table cleared for each deal).
StudyRun run_study(const StudySpec& spec, const StudyRunOptions& opts);

struct MovesStats {
    uint64_t count = 0;  // won deals
    double mean = 0, median = 0;
    int min = 0, max = 0;
    std::map<int, uint64_t> histogram;  // solution length -> won deals
};

struct StudySummary {
    std::string variant;
    int passes = 0;
    uint64_t planned = 0;  // deals in the study for this combo
    uint64_t deals = 0, wins = 0, losses = 0, intractable = 0;
    std::optional<double> win_rate;  // wins / (wins + losses); none when nothing was decided
    std::optional<Interval> ci95;
    uint64_t states_total = 0, states_max = 0;
    double states_mean = 0;
    double seconds = 0;  // solver time summed over the deals (per-worker time, not wall time)
    double deals_per_second = 0;  // deals / seconds: one worker's throughput
    MovesStats moves;
};

// One summary per combo, in combo order. `records` in any order.
std::vector<StudySummary> summarize(const StudySpec& spec, std::vector<StudyRecord> records);

}  // namespace pyr
