// The record file of a study (`stats --out`): the study's checkpoint, and
// what `pyramid merge` and `pyramid report` read back.
//
// JSON Lines (or CSV when the name ends in ".csv"). The file starts with a
// study line naming the study it belongs to (JSON: {"study":{...}}; CSV:
// "# study {...}" before the header), then one record per solved task:
//   seed, variant, passes, goal, overlap, reserves (variants with reserve
//   piles only), verdict, moves, states, seconds, and deal (deals files).
// Every record names its whole rule set, so a file may hold several studies
// (a run of another study over the same file appends its own study line);
// records are matched to a study on the whole rule set and the deal.
// Records of older files without goal/overlap/reserves read as the preset's.
#pragma once
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "study/study.h"

namespace pyr {

// With --measures: a lost deal's reason code, or a won deal's measures
// (solver/measures.h; -1 = none or not known).
enum class ReasonCode : int8_t { None = -1, Blocked = 0, FreeStock = 1, Order = 2, Unexplained = 3 };
const char* reason_code_text(ReasonCode c);  // "blocked", "free-stock", "order", "unexplained"
std::optional<ReasonCode> parse_reason_code(std::string_view s);
struct RecordMeasures {
    ReasonCode reason = ReasonCode::None;
    int32_t shortest = -1;
    int16_t winning_first = -1, legal_first = -1, critical = -1, crossroads = -1;
    int32_t casual_wins = -1, casual_plays = -1;
    double difficulty = -1;
    int8_t grade = -1;  // Grade (solver/measures.h), -1 when none
    friend bool operator==(const RecordMeasures&, const RecordMeasures&) = default;
};

// One solved (combo, deal). `moves` is the solution length of a win; -1 for a
// loss, for intractable, and (with --optimal) for a win whose shortest length
// was not proved within the budget.
struct StudyRecord {
    Seed seed = 0;  // PySolFC seed, or the deal's index in the deals file
    uint32_t combo = 0; // index into StudySpec::combos
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
    double replay_seconds = 0;  // of `seconds`, the verifier's replay of the win (in memory only: bench)
    bool measured = false;      // a --measures study's record
    RecordMeasures m;
    // With a player (StudySpec::player): its result and its moves ("" when its
    // game was not played: the thoughtful verdict is lose, so it cannot win).
    bool player_won = false;
    bool player_played = false;
    std::string player_moves;
    uint64_t player_solves = 0;
    double player_seconds = 0;
    // The same result, timing aside.
    bool same_result(const StudyRecord& o) const {
        return seed == o.seed && combo == o.combo && verdict == o.verdict && moves == o.moves && states == o.states &&
               player_won == o.player_won && player_moves == o.player_moves && measured == o.measured && m == o.m;
    }
};

// Verdicts as one small number (0 = no record): per-task tables keep one byte.
inline uint8_t verdict_code(Verdict v) { return v == Verdict::Win ? 1 : v == Verdict::Lose ? 2 : 3; }
inline Verdict verdict_of_code(uint8_t c) { return c == 1 ? Verdict::Win : c == 2 ? Verdict::Lose : Verdict::Intractable; }

// One record as its JSON Lines object / CSV row (no newline); CSV header.
json::object record_json(const StudySpec& spec, const StudyRecord& r);
std::string record_line(const StudySpec& spec, const StudyRecord& r, bool csv);  // with its newline
std::string record_csv_header(const StudySpec& spec);
// The study line (with its newline).
std::string study_line(const StudySpec& spec, bool csv);

// Passes as written in records and summaries: a number, or "unlimited".
json::value passes_json(int passes);

// A record line read back, before it is matched against a study.
struct ParsedRecord {
    Seed seed = 0;
    const Variant* preset = nullptr;  // the variant's preset
    Variant rules;                    // the rule set (preset with the record's rules)
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
    std::optional<std::string> deal;
    bool measured = false;
    RecordMeasures m;
    std::string player;  // "" for a thoughtful study's record
    bool player_won = false, player_played = false;
    std::string player_moves;
    uint64_t player_solves = 0;
    double player_seconds = 0;
};

// Reads a record file line by line. on_study(definition) for each study line,
// on_record(record) for each record. A torn last line (no newline: a run
// killed mid-write, or still running) is skipped and counted. Throws
// StudyError naming the file and line of anything else that is not a record.
struct ReadStats {
    uint64_t records = 0, study_lines = 0, torn = 0;
};
ReadStats read_record_file(const std::string& path, const std::function<void(const json::object&)>& on_study,
                           const std::function<void(const ParsedRecord&)>& on_record);

// Matches a record to a study: its combo, or -1 when the record is not part
// of it (other rules, a seed out of range, another deal, another shard).
int match_record(const StudySpec& spec, const ParsedRecord& r);
// The study's record for a record read back, matched to rule set `combo`
// (moves only for a win).
StudyRecord study_record(const ParsedRecord& r, uint32_t combo);

// The record file as the checkpoint of a running study. Opening reads what is
// there, cuts a torn last line off, hands every record of this study to
// `on_resumed` (which returns false for a task it already has: a duplicate,
// counted as ignored), appends this study's study line unless
// the file has it, and locks the file against a second study writing to it
// at once. Each new record is appended with one write() of the whole line
// (O_APPEND), and the file is fsync'ed at most once a second and when closed.
class RecordFile {
public:
    RecordFile(const std::string& path, const StudySpec& spec,
               const std::function<bool(const StudyRecord&)>& on_resumed);
    ~RecordFile();
    RecordFile(const RecordFile&) = delete;
    RecordFile& operator=(const RecordFile&) = delete;

    uint64_t resumed() const { return resumed_; }         // records of this study read back
    uint64_t ignored() const { return ignored_; }         // complete records not part of this study
    uint64_t torn_bytes() const { return torn_bytes_; }   // cut off the end when opened
    const std::string& path() const { return path_; }
    // Appends one record (thread-safe). Throws std::runtime_error on a write error.
    void append(const StudyRecord& r);
    void sync();  // fsync now

private:
    void write_all(const std::string& s);
    const StudySpec& spec_;
    std::string path_;
    bool csv_ = false;
    int fd_ = -1;
    uint64_t resumed_ = 0, ignored_ = 0, torn_bytes_ = 0;
    std::mutex mu_;
    std::chrono::steady_clock::time_point last_sync_;
    bool dirty_ = false;
};

}  // namespace pyr
