// The rule schema: one table of rule override descriptors, and RuleSet (a
// preset plus overrides). Every place that reads, writes, labels or sweeps a
// rule override goes through this table: the API's Rules, the command line's
// options (`--passes 1`, and `stats --passes 1,3`), compare's `msc:passes=1`,
// the record files (JSON Lines and CSV), the study definition, the reports'
// labels, Python's keyword arguments and the web page's rules form. Adding an
// override is one descriptor (docs/design.md, "Adding a rule override").
//
// A value is held as its canonical text ("3", "unlimited", "all", "on",
// "open"): what `parse` returns, what `text` shows, and what the command
// line, compare's syntax and CSV records write. Each descriptor converts it
// to and from JSON and applies it to a Variant (and reads it back from one).
#pragma once
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/json.h"
#include "engine/variant.h"

namespace pyr {

// A bad rule value, an unknown rule or preset, or a rule the preset cannot
// take; the message is one line meant for the user (the command line's).
struct RuleError : std::invalid_argument {
    using std::invalid_argument::invalid_argument;
};

// A value the web page's rules form offers, with its words ("every card");
// the schema test round-trips every one through every door.
struct RuleChoice {
    std::string value;
    std::string words;
};

struct RuleDescriptor {
    // The name everywhere: JSON and record key, compare's RULE in
    // `msc:RULE=VALUE`, Python's keyword argument, the option --KEY.
    std::string key;
    std::string label;      // the web form's label: "Passes"
    std::string help;       // --KEY's help where it takes one value (solve, deal, ...)
    std::string list_help;  // its help where it takes a list (stats)
    // The value of the bare option (--overlap is --overlap on); empty when
    // the option needs a value.
    std::string implicit;
    std::string example_list;  // "--passes needs a list such as 1,3,unlimited"

    // Messages: "NAME must be EXPECTED (got 'x')", NAME the key, or --KEY
    // where the command line has always said so.
    bool flag_in_messages = false;
    std::string expected;       // "'on' or 'off'"
    std::string expected_list;  // "'off' and/or 'on'" (empty: as `expected`)
    // Why a preset cannot take it ("has no reserve piles"); see `applies`.
    std::string not_applicable;

    // Text as typed (an option, compare's syntax, a CSV field) -> canonical
    // text; nullopt when it is not a value.
    std::function<std::optional<std::string>(std::string_view)> parse;
    // Canonical text <-> JSON (records, study lines, summaries, the page's
    // variant); from_json also takes the JSON string of any spelling parse takes.
    std::function<json::value(const std::string&)> to_json;
    std::function<std::optional<std::string>(const json::value&)> from_json;
    // Read back from a Variant / apply to one (canonical text).
    std::function<std::string(const Variant&)> get;
    std::function<void(Variant&, const std::string&)> apply;
    // Whether a preset can take it (empty: every preset).
    std::function<bool(const Variant&)> applies;
    // Whether a rule set's outputs name it (JSON keys, CSV fields, labels,
    // texts); empty: wherever the preset takes it. A new rule can name
    // itself only where it differs from the preset's own, so that every
    // earlier output stays byte-identical.
    std::function<bool(const Variant&)> shown;
    // The order rule sets read in inside a variant's group (passes 1, 2, ...,
    // unlimited): a number per value, smaller first.
    std::function<int(const Variant&)> order;
    // The rule in a study report's label: "3 passes", "goal all", "no overlap".
    std::function<std::string(const Variant&)> words;

    bool axis = true;  // a study can sweep it (stats --KEY A,B)
    // Whether it can change the moves of a game (false: scoring, only the
    // points). What is measured from play (the grade thresholds) is kept per
    // rule set of the rules that change play (play_rules_name).
    bool changes_play = true;
    bool in_every_record = false;      // every record since the first format carries it: one without it is bad
    bool in_every_study_line = false;  // every study line carries it: one without it is bad
    // A record's bad JSON string is told as must_be ("goal must be ... (got 'x')",
    // as records always said for the goal); otherwise "bad KEY".
    bool record_tells_value = false;
    // A column of every CSV file and text table (empty or "-" where a rule
    // set does not name it): the rules since the first record format. A
    // newer rule has its column only where a rule set of the file names it.
    bool column_always = false;
    int column_width = 8;  // its column in the text summary
    // The key it follows in the page's variant object (api::variant_json),
    // where it has always been; empty: at the end.
    std::string variant_json_after;
    std::vector<RuleChoice> choices;  // the web form's values (every value that has a name; a sample of numbers)

    bool takes(const Variant& preset) const { return !applies || applies(preset); }
    bool names(const Variant& v) const { return shown ? shown(v) : takes(v); }
    // "passes" or "--overlap": how messages name it.
    std::string message_name() const;
    // "passes must be a number from 1 to 1000000 or 'unlimited'"; `list` for the list form.
    std::string must_be(bool list = false) const;
    // must_be + " (got '0')": `got` shown quoted and escaped.
    std::string bad_value(std::string_view got, bool list = false) const;
    // Its value read as typed, or RuleError(bad_value).
    std::string parse_or_throw(std::string_view text, bool list = false) const;
    // The option that sets this value: "--passes 3", bare "--overlap" for the implicit value.
    std::string option_text(const std::string& value) const;
    // "variant 'msc' has no reserve piles, so --reserves does not apply (it does to: giza, ...)"
    std::string not_applicable_message(const Variant& preset) const;
};

// The table, in order: passes, goal, overlap, reserves, scoring. The order is the
// order of every listing (JSON keys, CSV columns, texts, study axes).
const std::vector<RuleDescriptor>& rule_table();
// nullptr when no rule has this key.
const RuleDescriptor* find_rule(std::string_view key);
// "passes, goal, overlap, reserves, scoring", for messages.
std::string rule_keys_text();

// A preset and overrides, as typed: the API's Rules, an option set, one rule
// set of compare's `--a`.
struct RuleSet {
    std::string preset = "msc";
    std::vector<std::pair<std::string, std::string>> overrides;  // key -> text as typed, in the order set

    // Sets (or replaces) one override; RuleError for an unknown key.
    void set(std::string_view key, std::string_view text);
    const std::string* get(std::string_view key) const;

    // The Variant: the preset with every override applied (in table order),
    // checked. RuleError with the command line's message: an unknown preset,
    // a rule the preset cannot take, a bad value, rules that contradict each
    // other (Variant::validate).
    Variant variant() const;
    // Every override's value as canonical text, checked as variant() checks them.
    std::vector<std::pair<const RuleDescriptor*, std::string>> values() const;
    // Whether `v` is this preset with these overrides (rules not overridden
    // may be anything).
    bool matches(const Variant& v) const;

    // compare's syntax: "msc", "msc:passes=1", "giza:reserves=open,overlap=on".
    // RuleError "rule set 'TEXT': ..." naming what is wrong.
    static RuleSet parse(std::string_view text);
};

// ---------------------------------------------------------------- a rule set's rules, written and read

// Same preset and same value of every rule.
bool same_rules(const Variant& a, const Variant& b);
// "msc, passes 3, goal pyramid, overlap off" (", reserves open" where it applies).
std::string rules_text(const Variant& v);
// "msc:passes=3,goal=pyramid,overlap=off" (",reserves=top" ...): compare's syntax, whole.
std::string rule_set_name(const Variant& v);
// The same with only the rules that change play (RuleDescriptor::changes_play).
std::string play_rules_name(const Variant& v);
// The options that make `v` from its preset: " --passes 1 --overlap" (empty when none).
std::string rules_options(const Variant& v);
// The rules in which a and b (same preset) differ, by key.
std::vector<std::string> rules_differing(const Variant& a, const Variant& b);
// The order of rule sets inside a variant's group: one number per rule, in table order.
std::vector<int> rules_order(const Variant& v);
// Study-report labels of the rules in `which` (keys): "3 passes, goal all".
std::string rule_labels(const Variant& v, const std::vector<std::string>& which);

// JSON: the rule keys in table order (the ones v names), added to `o`.
void put_rules_json(json::object& o, const Variant& v);
// Reads them back onto `v` (its preset) from a record or a study line's rule
// set: a key missing keeps the preset's rule (older files), except one that
// every record (or study line) carries: std::out_of_range, as json's at()
// throws. A bad value: RuleError, "bad KEY" in a record, the option's
// message in a study line.
enum class RulesFrom { Record, StudyLine };
void read_rules_json(const json::object& o, Variant& v, RulesFrom from = RulesFrom::Record);
// CSV, for a file of the rule sets `sets`: the columns
// ("passes,goal,overlap,reserves") and a rule set's fields ("3,pyramid,off,":
// empty where v does not name the rule).
std::string rules_csv_header(const std::vector<Variant>& sets);
std::string rules_csv_fields(const Variant& v, const std::vector<Variant>& sets);
// Whether the rule is a column of the CSV files and tables of these rule sets.
bool rule_column(const RuleDescriptor& d, const std::vector<Variant>& sets);
// Reads the fields back onto `v` (its preset); `field(key)` is the record's
// field, nullopt without the column; a missing or empty field keeps the
// preset's. A bad value: RuleError "bad KEY".
void read_rules_csv(const std::function<std::optional<std::string_view>(std::string_view key)>& field, Variant& v);
// The columns every record file has (passes).
std::vector<std::string> required_rule_columns();

// The schema for the page and Python: [{key, label, help, implicit (null
// when the option needs a value), axis, changes_play, choices: [{value, words, json (the
// value as JSON writes it)}]}] in table order.
json::array rule_schema_json();

}  // namespace pyr
