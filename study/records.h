// The record file of a study (`stats --out`): the study's checkpoint, and
// what `pyramid merge` and `pyramid report` read back.
//
// JSON Lines (or CSV when the name ends in ".csv"). The file starts with a
// study line naming the study it belongs to (JSON: {"study":{...}}; CSV:
// "# study {...}" before the header), then one record per solved task:
//   seed, variant, passes, goal, overlap, reserves (variants with reserve
//   piles only), verdict, moves, states, seconds, and deal (deals files);
//   the groups a study asks for after them (--measures, --player, --challenge).
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

// With --challenge: the deal's best line of each kind of end (the tableau
// cleared, or an end without a clear): its score, its cards of the rank
// (cards challenges; -1 otherwise) and its steps; steps -1: no line of that
// kind. Board challenges: the shortest solution is the clear's line.
struct ChallengeEnd {
    int32_t score = -1, cards = -1, steps = -1;
    bool exists() const { return steps >= 0; }
    friend bool operator==(const ChallengeEnd&, const ChallengeEnd&) = default;
};
struct RecordChallenge {
    bool complete = false;  // false: the search's budget ran out (no end known)
    ChallengeEnd clear, open;
    uint64_t states = 0;  // positions the challenge's searches expanded
    friend bool operator==(const RecordChallenge&, const RecordChallenge&) = default;
};

// With --player optimal[:N] (study/optimum.h): the deal's no-peek optimum at
// its start: exact, or the sampled pair (lower: the planner's game on this
// order; upper: the clairvoyant verdict), each bound with its method, and the
// search's proven bounds.
struct RecordOptimum {
    bool has = false;  // an optimum study's record
    bool exact = false;
    std::string fraction;  // "p/q" when exact
    double lower = 0, upper = 0;
    std::string lower_method, upper_method;
    double search_lower = 0, search_upper = 1;
    uint64_t unseen = 0, states = 0;
    double seconds = 0;
    // The same result, timing aside.
    bool same_result(const RecordOptimum& o) const {
        return has == o.has && exact == o.exact && fraction == o.fraction && lower == o.lower && upper == o.upper &&
               lower_method == o.lower_method && upper_method == o.upper_method && search_lower == o.search_lower &&
               search_upper == o.search_upper && unseen == o.unseen && states == o.states;
    }
};

// One solved task (rule set, deal): what a study's runner makes, what a
// record file holds, and what its readers give back (resume, merge, report,
// compare, Python). `moves` is the solution length of a win; -1 for a loss,
// for intractable, and (with --optimal) for a win whose shortest length was
// not proved within the budget.
struct StudyRecord {
    Seed seed = 0;                    // PySolFC seed, or the deal's index in the deals file
    uint32_t combo = 0;               // its rule set in StudySpec::combos (a record read back: set once matched)
    Variant rules;                    // its rule set, whole (the record names it)
    std::optional<std::string> deal;  // a deals file's deal, compact
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
    double replay_seconds = 0;  // of `seconds`, the verifier's replay of the win (in memory only: bench)
    bool measured = false;      // a --measures study's record
    RecordMeasures m;
    // With a player (StudySpec::player): its name, its result and its moves
    // ("" when its game was not played: the thoughtful verdict is lose, so it
    // cannot win). `player` is "" for a thoughtful study's record.
    std::string player;
    bool player_won = false;
    bool player_played = false;
    std::string player_moves;
    uint64_t player_solves = 0;
    double player_seconds = 0;
    // With a challenge (StudySpec::challenge): its words ("" otherwise) and the deal's outcome.
    std::string challenge;
    RecordChallenge ch;
    // With --player optimal[:N]: the deal's no-peek optimum.
    RecordOptimum opt;
    // The same result, timing aside.
    bool same_result(const StudyRecord& o) const {
        return seed == o.seed && combo == o.combo && verdict == o.verdict && moves == o.moves && states == o.states &&
               player_won == o.player_won && player_moves == o.player_moves && measured == o.measured && m == o.m &&
               challenge == o.challenge && ch == o.ch && opt.same_result(o.opt);
    }
};

// The record of task (deal_index, combo) of `spec` before it is solved: its
// seed, rule set, deal and player.
StudyRecord task_record(const StudySpec& spec, uint64_t deal_index, uint32_t combo);

// Verdicts as one small number (0 = no record): per-task tables keep one byte.
inline uint8_t verdict_code(Verdict v) { return v == Verdict::Win ? 1 : v == Verdict::Lose ? 2 : 3; }
inline Verdict verdict_of_code(uint8_t c) {
    return c == 1 ? Verdict::Win : c == 2 ? Verdict::Lose : Verdict::Intractable;
}

// ---------------------------------------------------------------- the fields
//
// One table of the record's fields, in the order they are written, drives
// the JSON Lines and CSV writers and readers. A field belongs to a group: the
// core (every record), the deal (deals-file studies), the measures (--measures
// and --reasons studies), the player (--player studies) and the challenge
// (--challenge studies) and the optimum (--player optimal studies). A study writes
// the groups its spec asks for (RecordShape); a reader takes a group when the
// line has it (JSON: its marker key; CSV: its marker column, for the player a
// non-empty one).
enum class FieldGroup : uint8_t { Core, Deal, Measures, Player, Challenge, Optimum };

struct RecordShape {
    bool deal = false, measures = false, player = false, challenge = false, optimum = false;
    // The study's rule sets: a rule that is not a column of every file (a
    // newer one, engine/rules.h's rule_column) is a CSV column only where
    // one of them names it, so every other file's columns stay as they were.
    std::vector<Variant> rule_sets;
    bool has(FieldGroup g) const {
        return g == FieldGroup::Core || (g == FieldGroup::Deal && deal) || (g == FieldGroup::Measures && measures) ||
               (g == FieldGroup::Player && player) || (g == FieldGroup::Challenge && challenge) ||
               (g == FieldGroup::Optimum && optimum);
    }
};
RecordShape record_shape(const StudySpec& spec);

struct RecordField {
    std::string_view key;  // the JSON key and the CSV column
    FieldGroup group;
    bool in_json = true, in_csv = true;
    // A CSV column only for these shapes (empty: wherever its group is).
    std::function<bool(const RecordShape&)> csv_column = {};
    // A JSON record must have it (when it has the group); a CSV header must
    // name the core ones. Otherwise a missing key or column (an older file)
    // leaves the record's default: for a rule, the preset's.
    bool required = false;
    // The order in which CSV reads a group's fields (then the table's): the
    // identity of a record first, with one message for any of it ("a bad
    // field"); the measure numbers last ("a bad measure").
    int csv_order = 1;
    // The value as written: JSON (nullopt: the key is left out) and CSV text.
    std::function<std::optional<json::value>(const StudyRecord&)> to_json = {};
    std::function<std::string(const StudyRecord&)> to_csv = {};
    // The value read back into the record; throw std::invalid_argument (or
    // JSON's own errors) saying what is wrong. A CSV reader gets nullopt for
    // a column the header does not name.
    std::function<void(const json::value&, StudyRecord&)> from_json = {};
    std::function<void(std::optional<std::string_view>, StudyRecord&)> from_csv = {};
};
// Every field, in the order written.
const std::vector<RecordField>& record_fields();

// One record as its JSON Lines object / CSV row (no newline); CSV header.
json::object record_json(const RecordShape& shape, const StudyRecord& r);
std::string record_csv_row(const RecordShape& shape, const StudyRecord& r);
std::string record_csv_header(const RecordShape& shape);
// The same for a record of `spec`: the groups it asks for.
json::object record_json(const StudySpec& spec, const StudyRecord& r);
std::string record_line(const StudySpec& spec, const StudyRecord& r, bool csv);  // with its newline
std::string record_csv_header(const StudySpec& spec);
// The study line (with its newline).
std::string study_line(const StudySpec& spec, bool csv);

// Passes as written in records and summaries: a number, or "unlimited".
json::value passes_json(int passes);

// Reads a record file line by line. on_study(definition) for each study line,
// on_record(record) for each record (its combo unset: see match_record). A torn last line (no newline: a run
// killed mid-write, or still running) is skipped and counted. Throws
// StudyError naming the file and line of anything else that is not a record.
struct ReadStats {
    uint64_t records = 0, study_lines = 0, torn = 0;
};
ReadStats read_record_file(const std::string& path, const std::function<void(const json::object&)>& on_study,
                           const std::function<void(StudyRecord&)>& on_record);

// Matches a record to a study: its combo, or -1 when the record is not part
// of it (other rules, a seed out of range, another deal, another shard).
int match_record(const StudySpec& spec, const StudyRecord& r);

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

    uint64_t resumed() const { return resumed_; }        // records of this study read back
    uint64_t ignored() const { return ignored_; }        // complete records not part of this study
    uint64_t torn_bytes() const { return torn_bytes_; }  // cut off the end when opened
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
