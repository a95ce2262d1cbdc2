// Win-rate studies (`pyramid stats`, `pyramid merge`, `pyramid-mpi stats`):
// the study definition. The rest of study/ is
//   study/records.h  the record file (one line per solved task) and its reader,
//   study/runner.h   the runner seam (TBB workers over a source of tasks),
//                    used by `stats`, by the MPI runner and by `bench`,
//   study/summary.h  the summary, built from records as they stream past.
//
// A study is the cross product of its rule sets (one Variant each: a preset
// with any of its passes, goal, overlap and reserves overridden) and its deals
// (PySolFC seeds A..B, or the deals of a file, identified by their index
// 1..N). Each (rule set, deal) is one task; its result is one StudyRecord. A
// record depends only on the deal and the rules (the solver clears its table
// for every deal), so the records, and everything summarized from them, do
// not depend on the thread count, the number of MPI ranks, the shards or the
// order in which deals complete; only the timings do.
//
// Counting: an intractable deal (the --max-states budget ran out) is neither a
// win nor a loss. Win rates and their Wilson intervals are over decided deals:
// wins / (wins + losses).
#pragma once
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/json.h"
#include "engine/rules.h"
#include "engine/variant.h"
#include "solver/challenge.h"
#include "solver/interval.h"
#include "solver/solver.h"
#include "study/seed.h"
#include "study/provenance.h"

namespace pyr {

// Something wrong with what the study was asked to do (bad variant list,
// rules a variant cannot take, a bad deals file, an unusable --out file,
// record files that do not belong together). The message is one line meant
// for the user.
struct StudyError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// The rule overrides of a study, each a list of values swept like --passes
// (any rule of the schema, engine/rules.h, that is an axis); a rule without
// a list keeps each variant's own.
struct RuleAxes {
    std::vector<std::pair<std::string, std::vector<std::string>>> lists;  // key -> canonical values, in the order given

    // Adds the list of values of `key` as typed (each value as the rule's
    // option takes it). Throws StudyError with the command line's message for
    // an unknown or non-axis rule, an empty list or a bad value.
    void add(const std::string& key, const std::vector<std::string>& values);
    // The list of `key`, or nullptr.
    const std::vector<std::string>* of(const std::string& key) const;
};

// The rule sets: the cross product of the variants (outermost) and every
// list, in the rule table's order (passes, then goal, overlap, reserves).
// Throws StudyError for an unknown or repeated name, a repeated value, or a
// combination a variant cannot take (naming the variant and the rules).
std::vector<Variant> study_combos(const std::vector<std::string>& variant_names, const RuleAxes& axes);
std::vector<Variant> study_combos(const std::vector<std::string>& variant_names, const std::vector<int>& passes);

// same_rules, rules_text: engine/rules.h.

// The deals of a study.
struct StudyDeals {
    // PySolFC seeds first..last, when `cards` is empty.
    Seed first = 1, last = 0;
    // Otherwise the deals of a file as compact strings; deal i (1-based) is
    // cards[i-1] and its record's `seed` is i.
    std::vector<std::string> cards;
    bool from_file = false;

    uint64_t count() const { return from_file ? cards.size() : (last >= first ? last - first + 1 : 0); }
    // The seeds as seeds_range reads them back: "first-last".
    std::string range_text() const { return first.text() + "-" + last.text(); }
    Seed first_id() const { return from_file ? Seed(1) : first; }
};

// "A-B" (or a single "N"), 1 <= A <= B <= 10^20-1 (kMaxSeed), at most
// kMaxStudyDeals seeds. Throws StudyError.
constexpr uint64_t kMaxStudyDeals = 1'000'000'000;
StudyDeals seeds_range(const std::string& text);

// Reads a deals file: one deal a line, its cards first (separators optional);
// reading stops at the first word that is not cards or once the deck is
// complete, so anything after the cards (an expected answer, a note) is
// ignored. Blank lines and lines starting with '#' are skipped. Every deal is
// checked against every combo before anything runs. Throws StudyError naming
// the file and line.
StudyDeals read_deals_file(const std::string& path, const std::vector<Variant>& combos);

// --shard K/N: the K-th (0-based) of N disjoint parts of the study. A part
// holds every rule set of the deals whose index i (0-based) has i % N == K,
// so each part gets the same share of every rule set, easy and hard alike.
struct Shard {
    uint64_t index = 0, count = 1;
    bool whole() const { return count == 1; }
};
// "K/N" with 0 <= K < N <= 1000000. Throws StudyError.
Shard parse_shard(const std::string& text);
std::string shard_text(const Shard& s);

struct StudySpec {
    std::vector<Variant> combos;
    StudyDeals deals;
    // Per deal: limits.max_states (part of the study's definition) and, per
    // worker, limits.max_memory, the bytes a search's tables may hold (not
    // part of the definition: it depends on the machine, like the thread
    // count). The stop flag is the run's (solve_tasks).
    Limits limits;
    bool optimal = false;  // passed on as SolveOptions::optimal
    // --measures: every record also carries a lost deal's reason code and a
    // won deal's measures (solver/measures.h), with this many casual plays.
    bool measures = false;
    int casual_plays = 100;
    // --reasons: the same records with only the lost deals' reason codes
    // (a won deal's measures are left null): cheap, for big studies.
    bool reasons_only = false;
    Shard shard;
    // A player who cannot peek (solver/players.h), as make_player names it
    // ("greedy", "sampler:32", ...): each deal is also played by it, and its
    // record carries the player's result beside the thoughtful verdict.
    // Empty: the thoughtful verdict only (`--player thoughtful`, the default).
    std::string player;
    uint64_t player_seed = 1;  // mixed with each deal into its game's rng seed (nopeek::game_seed)
    // --challenge: each deal's challenge outcome too (solver/challenge.h), as
    // `solve --challenge` words it: "score", "cards:R" or "board"; its record
    // carries the best line with the tableau cleared and the best without.
    // Empty: no challenge.
    std::string challenge;
    // The program running the study (its study line names it); not part of
    // the study's definition. Unset in a spec read back from a file.
    std::optional<Provenance> program;

    // Tasks are numbered deal-major: task = deal_index * combos + combo.
    uint64_t tasks() const { return deals.count() * combos.size(); }
    uint64_t task_of(uint64_t deal_index, uint32_t combo) const { return deal_index * combos.size() + combo; }
    bool deal_in_shard(uint64_t deal_index) const { return deal_index % shard.count == shard.index; }
    // Tasks of this shard (all of them without --shard).
    uint64_t shard_tasks() const;
};

// The challenge of a --challenge study on one of its rule sets (every end:
// the best line with a clear and the best without, the rules' scoring);
// StudyError for words that are not a challenge or rules that cannot take it.
Challenge study_challenge(const std::string& words, const Variant& v);
// Checks spec.challenge against every rule set and writes its words as
// `solve --challenge` reads them back ("cards:a" -> "cards:A"). StudyError.
void check_study_challenge(StudySpec& spec);

// The study line's definition: rule sets, deals (seeds, or the deals file's
// size and a digest of its deals), budget, --optimal; without the shard.
// Two runs belong to the same study when these are equal.
json::object study_definition(const StudySpec& spec);
// The deals of a deals file, hashed (FNV-1a 64 over the compact deals).
std::string deals_digest(const StudyDeals& d);
// The spec that a study definition describes (the deals of a deals file are
// not in it: `cards` is left empty and `from_file` set). Throws StudyError.
StudySpec spec_from_definition(const json::object& def);

}  // namespace pyr
