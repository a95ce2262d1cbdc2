#include "engine/rules.h"

#include <algorithm>

#include "engine/input.h"
#include "engine/scoring.h"

namespace pyr {

namespace {

// A whole JSON number from lo to hi, as text; nullopt for anything else.
std::optional<std::string> json_whole(const json::value& x, int64_t lo, int64_t hi) {
    int64_t n = 0;
    if (x.is_int64()) n = x.get_int64();
    else if (x.is_uint64() && x.get_uint64() <= static_cast<uint64_t>(hi)) n = static_cast<int64_t>(x.get_uint64());
    else return std::nullopt;
    if (n < lo || n > hi) return std::nullopt;
    return std::to_string(n);
}

// A JSON string read as the option reads it.
std::function<std::optional<std::string>(const json::value&)> from_json_string(
    std::function<std::optional<std::string>(std::string_view)> parse) {
    return [parse](const json::value& x) -> std::optional<std::string> {
        if (!x.is_string()) return std::nullopt;
        return parse(std::string_view(x.get_string()));
    };
}

// Two spellings of a switch (and true/false for them), canonical `yes` / `no`.
std::function<std::optional<std::string>(std::string_view)> two_words(std::string yes, std::string no) {
    return [yes, no](std::string_view s) -> std::optional<std::string> {
        if (s == yes || s == "true") return yes;
        if (s == no || s == "false") return no;
        return std::nullopt;
    };
}

// A rule whose value is a bool of Variant: `yes` sets it, `no` clears it
// (true/false read as them); its label words for each.
void switch_rule(RuleDescriptor& d, bool Variant::*field, const std::string& yes, const std::string& no,
                 const std::string& yes_words, const std::string& no_words) {
    d.parse = two_words(yes, no);
    d.get = [=](const Variant& v) { return v.*field ? yes : no; };
    d.apply = [=](Variant& v, const std::string& s) { v.*field = s == yes; };
    d.order = [=](const Variant& v) { return static_cast<int>(v.*field); };
    d.words = [=](const Variant& v) { return v.*field ? yes_words : no_words; };
}

// A rule whose JSON value is its canonical text (a JSON string, read back as
// the option reads it).
void json_as_text(RuleDescriptor& d) {
    d.to_json = [](const std::string& s) { return json::value(s); };
    d.from_json = from_json_string(d.parse);
}

std::vector<RuleDescriptor> make_table() {
    std::vector<RuleDescriptor> t;

    RuleDescriptor passes;
    passes.key = "passes";
    passes.label = "Passes";
    passes.help = "override: passes through the stock, N or 'unlimited'";
    passes.list_help = "passes values (N or 'unlimited'), e.g. 1,3,unlimited";
    passes.example_list = "1,3,unlimited";
    passes.expected = "a number from 1 to 1000000 or 'unlimited'";
    passes.parse = [](std::string_view s) -> std::optional<std::string> {
        try {
            return passes_text(parse_passes(std::string(s)));
        } catch (const std::invalid_argument&) {
            return std::nullopt;
        }
    };
    passes.to_json = [](const std::string& s) {
        return s == "unlimited" ? json::value("unlimited") : json::value(static_cast<int64_t>(std::stoi(s)));
    };
    passes.from_json = [parse = passes.parse](const json::value& x) -> std::optional<std::string> {
        if (x.is_string()) return parse(std::string_view(x.get_string()));
        return json_whole(x, 1, 1000000);
    };
    passes.get = [](const Variant& v) { return passes_text(v.passes); };
    passes.apply = [](Variant& v, const std::string& s) { v.passes = parse_passes(s); };
    passes.order = [](const Variant& v) { return v.unlimited_passes() ? 1 << 30 : v.passes; };
    passes.words = [](const Variant& v) {
        if (v.unlimited_passes()) return std::string("unlimited passes");
        return std::to_string(v.passes) + (v.passes == 1 ? " pass" : " passes");
    };
    passes.in_every_record = true;
    passes.variant_json_after = "stock_top_playable";
    passes.column_width = 10;
    passes.choices = {{"1", "1"}, {"2", "2"}, {"3", "3"}, {"4", "4"}, {"5", "5"}, {"unlimited", "unlimited"}};
    passes.column_always = true;
    passes.in_every_study_line = true;
    t.push_back(passes);

    RuleDescriptor goal;
    goal.key = "goal";
    goal.label = "Goal";
    goal.help = "override: 'pyramid' (clear the tableau) or 'all' (every card)";
    goal.list_help = "goals: 'pyramid' (clear the tableau) and/or 'all' (every card)";
    goal.example_list = "pyramid,all";
    goal.expected = "'pyramid' or 'all'";
    goal.parse = [](std::string_view s) -> std::optional<std::string> {
        if (s == "pyramid" || s == "all") return std::string(s);
        return std::nullopt;
    };
    json_as_text(goal);
    goal.get = [](const Variant& v) { return std::string(goal_text(v.goal)); };
    goal.apply = [](Variant& v, const std::string& s) { v.goal = parse_goal(s); };
    goal.order = [](const Variant& v) { return static_cast<int>(v.goal); };
    goal.words = [](const Variant& v) { return std::string("goal ") + goal_text(v.goal); };
    goal.variant_json_after = "passes";
    goal.choices = {{"pyramid", "clear the pyramid"}, {"all", "clear every card"}};
    goal.column_always = true;
    goal.in_every_study_line = true;
    goal.record_tells_value = true;
    t.push_back(goal);

    RuleDescriptor overlap;
    overlap.key = "overlap";
    overlap.label = "Overlap";
    overlap.help = "override: a card may pair with the one card still covering it: 'on' (also bare --overlap) or 'off'";
    overlap.list_help = "'off' and/or 'on' (a card may pair with the one card still covering it); bare --overlap is on";
    overlap.implicit = "on";
    overlap.example_list = "off,on";
    overlap.flag_in_messages = true;
    overlap.expected = "'on' or 'off'";
    overlap.expected_list = "'off' and/or 'on'";
    switch_rule(overlap, &Variant::overlap, "on", "off", "overlap", "no overlap");
    overlap.to_json = [](const std::string& s) { return json::value(s == "on"); };
    overlap.from_json = [parse = overlap.parse](const json::value& x) -> std::optional<std::string> {
        if (x.is_bool()) return std::string(x.get_bool() ? "on" : "off");
        if (x.is_string()) return parse(std::string_view(x.get_string()));
        return std::nullopt;
    };
    overlap.variant_json_after = "goal";
    overlap.choices = {{"off", "off"}, {"on", "on"}};
    overlap.column_always = true;
    overlap.in_every_study_line = true;
    t.push_back(overlap);

    RuleDescriptor reserves;
    reserves.key = "reserves";
    reserves.label = "Reserves";
    reserves.help =
        "override for variants with reserve piles: 'top' (each pile's top card playable) or 'open' (every card)";
    reserves.list_help = "for variants with reserve piles: 'top' and/or 'open' (every reserve card playable)";
    reserves.example_list = "top,open";
    reserves.flag_in_messages = true;
    reserves.expected = "'open' or 'top'";
    reserves.expected_list = "'top' and/or 'open'";
    reserves.not_applicable = "has no reserve piles";
    switch_rule(reserves, &Variant::reserves_open, "open", "top", "reserves open", "reserves top");
    json_as_text(reserves);
    reserves.applies = [](const Variant& v) { return v.reserve_piles > 0; };
    reserves.column_width = 9;
    reserves.variant_json_after = "reserve_height";
    reserves.choices = {{"top", "top cards playable"}, {"open", "every card playable"}};
    reserves.column_always = true;
    t.push_back(reserves);

    // The challenges' scoring (engine/scoring.h): a row of the scoring table
    // by name, msc's for every preset. A rule set names it only where it is
    // not the preset's, so every output without it stays as it was.
    RuleDescriptor scoring;
    scoring.key = "scoring";
    scoring.label = "Scoring";
    std::string names;
    for (const auto& n : scorings()) {
        names += (names.empty() ? "'" : ", '") + n.name + "'";
        scoring.choices.push_back({n.name, n.name + ": " + n.words});
    }
    scoring.help = "override: the challenges' scoring (docs/challenges.md): " + names;
    scoring.list_help = "scorings of challenges: " + names;
    scoring.example_list = scorings().front().name;
    scoring.expected = "one of " + names;
    scoring.parse = [](std::string_view s) -> std::optional<std::string> {
        if (find_scoring(s)) return std::string(s);
        return std::nullopt;
    };
    json_as_text(scoring);
    scoring.get = [](const Variant& v) { return v.scoring; };
    scoring.apply = [](Variant& v, const std::string& s) { v.scoring = s; };
    scoring.shown = [](const Variant& v) {
        const auto preset = find_preset(v.name);
        return !preset || preset->scoring != v.scoring;
    };
    scoring.order = [](const Variant& v) {
        const auto& t = scorings();
        for (size_t i = 0; i < t.size(); ++i)
            if (t[i].name == v.scoring) return static_cast<int>(i);
        return static_cast<int>(t.size());
    };
    scoring.words = [](const Variant& v) { return "scoring " + v.scoring; };
    scoring.column_width = 10;
    scoring.changes_play = false;  // the points only
    t.push_back(scoring);

    return t;
}

}  // namespace

// ---------------------------------------------------------------- a descriptor

std::string RuleDescriptor::message_name() const { return flag_in_messages ? "--" + key : key; }

std::string RuleDescriptor::must_be(bool list) const {
    return message_name() + " must be " + (list && !expected_list.empty() ? expected_list : expected);
}

std::string RuleDescriptor::bad_value(std::string_view got, bool list) const {
    return must_be(list) + " (got " + excerpt(got) + ")";
}

std::string RuleDescriptor::parse_or_throw(std::string_view text, bool list) const {
    if (auto v = parse(text)) return *v;
    throw RuleError(bad_value(text, list));
}

std::string RuleDescriptor::option_text(const std::string& value) const {
    if (!implicit.empty() && value == implicit) return "--" + key;
    return "--" + key + " " + value;
}

std::string RuleDescriptor::not_applicable_message(const Variant& preset) const {
    std::string with;  // the presets it applies to
    for (const auto& p : presets())
        if (takes(p)) with += (with.empty() ? "" : ", ") + p.name;
    return "variant '" + preset.name + "' " + not_applicable + ", so --" + key + " does not apply" +
           (with.empty() ? std::string() : " (it does to: " + with + ")");
}

const std::vector<RuleDescriptor>& rule_table() {
    static const std::vector<RuleDescriptor> table = make_table();
    return table;
}

const RuleDescriptor* find_rule(std::string_view key) {
    for (const auto& d : rule_table())
        if (d.key == key) return &d;
    return nullptr;
}

std::string rule_keys_text() {
    std::string s;
    for (const auto& d : rule_table()) s += (s.empty() ? "" : ", ") + d.key;
    return s;
}

// ---------------------------------------------------------------- a rule set

void RuleSet::set(std::string_view key, std::string_view text) {
    const RuleDescriptor* d = find_rule(key);
    if (!d) throw RuleError("unknown rule " + excerpt(key) + " (" + rule_keys_text() + ")");
    for (auto& [k, t] : overrides)
        if (k == key) {
            t = std::string(text);
            return;
        }
    overrides.emplace_back(std::string(key), std::string(text));
}

const std::string* RuleSet::get(std::string_view key) const {
    for (const auto& [k, t] : overrides)
        if (k == key) return &t;
    return nullptr;
}

namespace {
Variant preset_or_throw(const std::string& name) {
    auto v = find_preset(name);
    if (!v) throw RuleError("unknown variant " + excerpt(name) + "; variants: " + preset_names());
    return *v;
}
}  // namespace

std::vector<std::pair<const RuleDescriptor*, std::string>> RuleSet::values() const {
    const Variant preset_v = preset_or_throw(preset);
    for (const auto& [k, t] : overrides)
        if (!find_rule(k)) throw RuleError("unknown rule " + excerpt(k) + " (" + rule_keys_text() + ")");
    std::vector<std::pair<const RuleDescriptor*, std::string>> out;
    for (const auto& d : rule_table())  // in table order: the first problem is the same whatever the order given
        if (const std::string* t = get(d.key)) {
            if (!d.takes(preset_v)) throw RuleError(d.not_applicable_message(preset_v));
            out.emplace_back(&d, d.parse_or_throw(*t));
        }
    return out;
}

Variant RuleSet::variant() const {
    Variant v = preset_or_throw(preset);
    for (const auto& [d, value] : values()) d->apply(v, value);
    try {
        v.validate();
    } catch (const RuleError&) {
        throw;
    } catch (const std::invalid_argument& e) {
        throw RuleError(e.what());
    }
    return v;
}

bool RuleSet::matches(const Variant& v) const {
    if (v.name != preset) return false;
    for (const auto& [d, value] : values())
        if (!d->takes(v) || d->get(v) != value) return false;
    return true;
}

RuleSet RuleSet::parse(std::string_view whole) {
    const std::string text(whole);
    RuleSet p;
    const size_t colon = text.find(':');
    p.preset = text.substr(0, colon);
    const auto preset = find_preset(p.preset);
    if (!preset)
        throw RuleError("unknown variant " + excerpt(p.preset) + " in rule set " + excerpt(text) + " (one of " +
                        preset_names() + ")");
    if (colon == std::string::npos) return p;
    const std::string rest = text.substr(colon + 1);
    size_t at = 0;
    while (at <= rest.size()) {
        const size_t comma = rest.find(',', at);
        const std::string item = rest.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
        at = comma == std::string::npos ? rest.size() + 1 : comma + 1;
        const size_t eq = item.find('=');
        const std::string where = "rule set " + excerpt(text) + ": ";
        if (eq == std::string::npos)
            throw RuleError(where + "expected RULE=VALUE after the colon (e.g. msc:passes=1), got " + excerpt(item));
        const std::string rule = item.substr(0, eq), value = item.substr(eq + 1);
        const RuleDescriptor* d = find_rule(rule);
        if (!d) throw RuleError(where + "unknown rule " + excerpt(rule) + " (" + rule_keys_text() + ")");
        if (!d->takes(*preset)) throw RuleError(where + "variant '" + p.preset + "' " + d->not_applicable);
        const auto v = d->parse(value);
        if (!v) throw RuleError(where + d->key + " must be " + d->expected + " (got " + excerpt(value) + ")");
        p.set(rule, *v);
    }
    return p;
}

// ---------------------------------------------------------------- a rule set's rules

bool same_rules(const Variant& a, const Variant& b) {
    if (a.name != b.name) return false;
    for (const auto& d : rule_table())
        if (d.get(a) != d.get(b)) return false;
    return true;
}

std::string rules_text(const Variant& v) {
    std::string s = v.name;
    for (const auto& d : rule_table())
        if (d.names(v)) s += ", " + d.key + " " + d.get(v);
    return s;
}

std::string rule_set_name(const Variant& v) {
    std::string s;
    for (const auto& d : rule_table())
        if (d.names(v)) s += (s.empty() ? ":" : ",") + d.key + "=" + d.get(v);
    return v.name + s;
}

std::string play_rules_name(const Variant& v) {
    std::string s;
    for (const auto& d : rule_table())
        if (d.changes_play && d.names(v)) s += (s.empty() ? ":" : ",") + d.key + "=" + d.get(v);
    return v.name + s;
}

std::string rules_options(const Variant& v) {
    const auto preset = find_preset(v.name);
    std::string s;
    for (const auto& d : rule_table())
        if (d.takes(v) && (!preset || d.get(*preset) != d.get(v))) s += " " + d.option_text(d.get(v));
    return s;
}

std::vector<std::string> rules_differing(const Variant& a, const Variant& b) {
    std::vector<std::string> out;
    for (const auto& d : rule_table())
        if ((d.names(a) || d.names(b)) && d.get(a) != d.get(b)) out.push_back(d.key);
    return out;
}

std::vector<int> rules_order(const Variant& v) {
    std::vector<int> out;
    for (const auto& d : rule_table()) out.push_back(d.order(v));
    return out;
}

std::string rule_labels(const Variant& v, const std::vector<std::string>& which) {
    std::string s;
    for (const auto& d : rule_table())
        if (d.names(v) && std::find(which.begin(), which.end(), d.key) != which.end())
            s += (s.empty() ? "" : ", ") + d.words(v);
    return s;
}

void put_rules_json(json::object& o, const Variant& v) {
    for (const auto& d : rule_table())
        if (d.names(v)) o[d.key] = d.to_json(d.get(v));
}

void read_rules_json(const json::object& o, Variant& v, RulesFrom from) {
    for (const auto& d : rule_table()) {
        const bool required = from == RulesFrom::Record ? d.in_every_record : d.in_every_study_line;
        const json::value* x = required ? &o.at(d.key) : o.if_contains(d.key);
        if (!x) continue;
        const auto t = d.from_json(*x);
        if (!t) {
            if (from == RulesFrom::Record && !(d.record_tells_value && x->is_string())) throw RuleError("bad " + d.key);
            throw RuleError(d.bad_value(x->is_string() ? std::string(x->get_string()) : json::serialize(*x)));
        }
        d.apply(v, *t);
    }
}

bool rule_column(const RuleDescriptor& d, const std::vector<Variant>& sets) {
    if (d.column_always) return true;
    for (const auto& v : sets)
        if (d.names(v)) return true;
    return false;
}

std::string rules_csv_header(const std::vector<Variant>& sets) {
    std::string s;
    for (const auto& d : rule_table())
        if (rule_column(d, sets)) s += (s.empty() ? "" : ",") + d.key;
    return s;
}

std::string rules_csv_fields(const Variant& v, const std::vector<Variant>& sets) {
    std::string s;
    bool first = true;
    for (const auto& d : rule_table())
        if (rule_column(d, sets)) {
            s += (first ? "" : ",") + (d.names(v) ? d.get(v) : std::string());
            first = false;
        }
    return s;
}

void read_rules_csv(const std::function<std::optional<std::string_view>(std::string_view key)>& field, Variant& v) {
    for (const auto& d : rule_table()) {
        const auto f = field(d.key);
        if (!f || f->empty()) {
            if (d.in_every_record) throw RuleError("bad " + d.key);
            continue;
        }
        const auto t = d.parse(*f);
        if (!t) throw RuleError("bad " + d.key);
        d.apply(v, *t);
    }
}

std::vector<std::string> required_rule_columns() {
    std::vector<std::string> out;
    for (const auto& d : rule_table())
        if (d.in_every_record) out.push_back(d.key);
    return out;
}

json::array rule_schema_json() {
    json::array a;
    for (const auto& d : rule_table()) {
        json::object o;
        o["key"] = d.key;
        o["label"] = d.label;
        o["help"] = d.help;
        o["implicit"] = d.implicit.empty() ? json::value(nullptr) : json::value(d.implicit);
        o["axis"] = d.axis;
        o["changes_play"] = d.changes_play;
        json::array choices;
        for (const auto& c : d.choices)
            choices.push_back(json::object{{"value", c.value}, {"words", c.words}, {"json", d.to_json(c.value)}});
        o["choices"] = std::move(choices);
        a.push_back(std::move(o));
    }
    return a;
}

}  // namespace pyr
