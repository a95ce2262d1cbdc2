// The rule schema (engine/rules.h): every override of the descriptor table,
// every value it names, round-tripped through every door: the command line
// (one value and a study's list), a record file (JSON Lines and CSV),
// compare's `--a` syntax and the web page's entry point. The Python door is
// tests/python/test_rule_schema.py. A descriptor added without its round
// trip working fails here: the tests walk the table, not a list of rules.
#include <catch2/catch.hpp>

#include <cstdio>
#include <fstream>
#include <set>

#include "api/api.h"
#include "api/results.h"
#include "tests/cli_run.h"
#include "tests/scratch.h"
#include "engine/rules.h"
#include "study/compare.h"
#include "study/records.h"
#include "web/web_api.h"

using namespace pyr;

namespace {

// A preset that takes the rule with every value of its choices (the rules
// stay consistent with each), so each value can be tried on it.
const Variant& preset_for(const RuleDescriptor& d) {
    for (const auto& p : presets()) {
        if (!d.takes(p)) continue;
        bool all = true;
        for (const auto& c : d.choices) {
            Variant v = p;
            d.apply(v, c.value);
            try {
                v.validate();
            } catch (const std::invalid_argument&) {
                all = false;
            }
        }
        if (all) return p;
    }
    FAIL("no preset takes every value of rule " << d.key);
    throw;
}

Variant with(const Variant& preset, const RuleDescriptor& d, const std::string& value) {
    return RuleSet{preset.name, {{d.key, value}}}.variant();
}

// The first line of `pyramid odds` names the rule set (rules_text).
std::string odds_rules_line(const std::string& args) {
    const auto r = test::run("odds " + args + " --seed 1 --samples 1 --exact-limit 0 --max-states 1000 --ascii");
    INFO(args << ": " << r.err);
    REQUIRE(r.status == 0);
    return r.out.substr(0, r.out.find('\n'));
}

std::string temp_path(const std::string& name) { return test::scratch_path("rule_schema", name); }

}  // namespace

TEST_CASE("rule schema: the table is whole", "[rules]") {
    std::set<std::string> keys;
    for (const auto& d : rule_table()) {
        INFO(d.key);
        CHECK(keys.insert(d.key).second);
        CHECK(find_rule(d.key) == &d);
        CHECK_FALSE(d.label.empty());
        CHECK_FALSE(d.help.empty());
        CHECK_FALSE(d.expected.empty());
        CHECK(d.parse);
        CHECK(d.to_json);
        CHECK(d.from_json);
        CHECK(d.get);
        CHECK(d.apply);
        CHECK(d.order);
        CHECK(d.words);
        // Every value named: the doors below try each one.
        REQUIRE_FALSE(d.choices.empty());
        if (d.axis) CHECK_FALSE(d.example_list.empty());
        if (!d.implicit.empty()) CHECK(d.parse(d.implicit) == d.implicit);
        // A preset that cannot take it is told why.
        for (const auto& p : presets())
            if (!d.takes(p)) CHECK_FALSE(d.not_applicable.empty());
        // Each preset's own value reads back as itself.
        for (const auto& p : presets())
            if (d.takes(p)) CHECK(d.parse(d.get(p)) == d.get(p));
        // A rule shown only where it is not the preset's own (a newer one:
        // the scoring) is named by no output of the presets themselves, so
        // they stay as they were.
        if (d.shown)
            for (const auto& p : presets()) {
                CHECK_FALSE(d.names(p));
                json::object o;
                put_rules_json(o, p);
                CHECK_FALSE(o.contains(d.key));
                CHECK(rules_text(p).find(d.key) == std::string::npos);
                CHECK(rule_set_name(p).find(d.key) == std::string::npos);
                CHECK(rules_csv_header({p}).find(d.key) == std::string::npos);
            }
    }
    CHECK(find_rule("colour") == nullptr);
}

TEST_CASE("rule schema: every value round-trips through text, JSON and a Variant", "[rules]") {
    for (const auto& d : rule_table()) {
        const Variant& p = preset_for(d);
        std::set<std::string> seen;
        for (const auto& c : d.choices) {
            INFO(d.key << "=" << c.value << " on " << p.name);
            CHECK(d.parse(c.value) == c.value);  // choices are canonical
            CHECK(seen.insert(c.value).second);
            CHECK(d.from_json(d.to_json(c.value)) == c.value);
            const Variant v = with(p, d, c.value);
            CHECK(d.get(v) == c.value);
            // Only this rule changed.
            Variant back = v;
            d.apply(back, d.get(p));
            CHECK(back == p);
            // The Variant's JSON and CSV fields read back onto the preset give the same Variant.
            json::object o;
            put_rules_json(o, v);
            Variant from_json = p;
            read_rules_json(o, from_json);
            CHECK(from_json == v);
            Variant from_csv = p;
            std::vector<std::string> names, fields;
            {
                std::string h = rules_csv_header({v}) + ",", f = rules_csv_fields(v, {v}) + ",";
                for (size_t a = 0, b; (b = h.find(',', a)) != std::string::npos; a = b + 1)
                    names.push_back(h.substr(a, b - a));
                for (size_t a = 0, b; (b = f.find(',', a)) != std::string::npos; a = b + 1)
                    fields.push_back(f.substr(a, b - a));
            }
            REQUIRE(names.size() == fields.size());
            read_rules_csv(
                [&](std::string_view key) -> std::optional<std::string_view> {
                    for (size_t i = 0; i < names.size(); ++i)
                        if (names[i] == key) return fields[i];
                    return std::nullopt;
                },
                from_csv);
            CHECK(from_csv == v);
        }
    }
}

TEST_CASE("rule schema: the command line takes every value, alone and as a study's list", "[rules][cli]") {
    for (const auto& d : rule_table()) {
        const Variant& p = preset_for(d);
        std::string list;
        for (const auto& c : d.choices) {
            INFO(d.key << "=" << c.value << " on " << p.name);
            const Variant v = with(p, d, c.value);
            CHECK(odds_rules_line("--variant " + p.name + " --" + d.key + " " + c.value) ==
                  "Odds without peeking: " + rules_text(v) + ", seed 1, from the start");
            list += (list.empty() ? "" : ",") + c.value;
        }
        if (!d.implicit.empty())  // the bare option is its implicit value, before another option or at the end
            CHECK(odds_rules_line("--variant " + p.name + " --" + d.key) ==
                  odds_rules_line("--variant " + p.name + " --" + d.key + " " + d.implicit));
        // A bad value: the message names the rule.
        const auto bad = test::run("odds --variant " + p.name + " --" + d.key + " no-such-value --seed 1");
        CHECK(bad.status == 2);
        CHECK(bad.err == "pyramid odds: " + d.bad_value("no-such-value") + "\n");
        // A preset that cannot take it.
        for (const auto& q : presets())
            if (!d.takes(q)) {
                const auto r = test::run("odds --variant " + q.name + " --" + d.key + " " + d.choices[0].value +
                                         " --seed 1");
                CHECK(r.status == 2);
                CHECK(r.err == "pyramid odds: " + d.not_applicable_message(q) + "\n");
            }
        if (!d.axis) continue;
        // A study over every value: one rule set each, in the order given, its
        // rules in the summary's JSON.
        const auto r = test::run("stats --variant " + p.name + " --" + d.key + " " + list +
                                 " --seeds 1-1 --max-states 1 --threads 1 --format json -q");
        INFO(r.err);
        REQUIRE(r.status == 0);
        const auto sums = json::parse(r.out).as_object().at("summaries").as_array();
        REQUIRE(sums.size() == d.choices.size());
        for (size_t i = 0; i < sums.size(); ++i) {
            const Variant v = with(p, d, d.choices[i].value);
            json::object want{{"variant", v.name}};
            put_rules_json(want, v);
            for (const auto& [k, x] : want) CHECK(sums[i].as_object().at(k) == x);
        }
    }
}

TEST_CASE("rule schema: every value round-trips through a record file, JSON Lines and CSV", "[rules][study]") {
    for (const auto& d : rule_table()) {
        const Variant& p = preset_for(d);
        StudySpec spec;
        for (const auto& c : d.choices) spec.combos.push_back(with(p, d, c.value));
        spec.deals = seeds_range("1-2");
        for (bool csv : {false, true}) {
            INFO(d.key << (csv ? " csv" : " jsonl"));
            const std::string path = temp_path(d.key + (csv ? ".csv" : ".jsonl"));
            {
                std::ofstream f(path);
                f << study_line(spec, csv);
                if (csv) f << record_csv_header(spec) << "\n";
                for (uint32_t c = 0; c < spec.combos.size(); ++c) {
                    StudyRecord r;
                    r.seed = 1 + c % 2;
                    r.combo = c;
                    r.rules = spec.combos[c];
                    r.verdict = Verdict::Lose;
                    r.states = 10 + c;
                    f << record_line(spec, r, csv);
                }
            }
            std::vector<StudyRecord> got;
            std::vector<json::object> studies;
            read_record_file(
                path, [&](const json::object& s) { studies.push_back(s); }, [&](StudyRecord& r) { got.push_back(r); });
            std::remove(path.c_str());
            REQUIRE(got.size() == spec.combos.size());
            for (uint32_t c = 0; c < got.size(); ++c) {
                INFO(d.key << "=" << d.choices[c].value);
                CHECK(d.get(got[c].rules) == d.choices[c].value);
                CHECK(got[c].rules == spec.combos[c]);
                CHECK(match_record(spec, got[c]) == static_cast<int>(c));
            }
            // The study line names the same rule sets.
            REQUIRE(studies.size() == 1);
            const StudySpec back = spec_from_definition(studies[0].at("study").as_object());
            REQUIRE(back.combos.size() == spec.combos.size());
            for (size_t c = 0; c < back.combos.size(); ++c) CHECK(back.combos[c] == spec.combos[c]);
        }
    }
}

TEST_CASE("rule schema: every value round-trips through compare's syntax", "[rules][compare]") {
    for (const auto& d : rule_table()) {
        const Variant& p = preset_for(d);
        for (const auto& c : d.choices) {
            INFO(d.key << "=" << c.value);
            const Variant v = with(p, d, c.value);
            const auto one = parse_rule_set_pattern(p.name + ":" + d.key + "=" + c.value);
            CHECK(one.matches(v));
            CHECK(parse_rule_set_pattern(rule_set_name(v)).matches(v));
            CHECK(parse_rule_set_pattern(rule_set_name(v)).variant() == v);
            for (const auto& other : d.choices)
                if (other.value != c.value) {
                    CHECK_FALSE(one.matches(with(p, d, other.value)));
                    std::string axis;
                    CHECK(differ_in_one_rule(v, with(p, d, other.value), &axis));
                    CHECK(axis == d.key);
                }
        }
        CHECK_THROWS_WITH(parse_rule_set_pattern(p.name + ":" + d.key + "=no-such-value"),
                          "rule set '" + p.name + ":" + d.key + "=no-such-value': " + d.key + " must be " + d.expected +
                              " (got 'no-such-value')");
        for (const auto& q : presets())
            if (!d.takes(q))
                CHECK_THROWS_AS(parse_rule_set_pattern(q.name + ":" + d.key + "=" + d.choices[0].value), StudyError);
    }
}

TEST_CASE("rule schema: the web page's schema and every value through its entry point", "[rules][web]") {
    web::Handler h;
    const auto schema = json::parse(h.call(R"({"op":"schema"})")).as_object();
    const auto& rules = schema.at("rules").as_array();
    REQUIRE(rules.size() == rule_table().size());
    for (size_t i = 0; i < rules.size(); ++i) {
        const RuleDescriptor& d = rule_table()[i];
        const auto& r = rules[i].as_object();
        CHECK(r.at("key").as_string() == d.key);
        const auto& choices = r.at("choices").as_array();
        REQUIRE(choices.size() == d.choices.size());
        const Variant& p = preset_for(d);
        for (size_t k = 0; k < choices.size(); ++k) {
            const std::string value(choices[k].as_object().at("value").as_string());
            INFO(d.key << "=" << value);
            CHECK(value == d.choices[k].value);
            // Loaded with this value: the answer's variant carries it.
            json::object rq{{"op", "load"}, {"seed", "1"}};
            json::object rs{{"variant", p.name}};
            rs[d.key] = value;
            rq["rules"] = rs;
            const auto a = json::parse(h.call(json::serialize(rq))).as_object();
            REQUIRE_FALSE(a.contains("error"));
            // (A rule named only where it is not the preset's own is absent where it is.)
            if (!d.names(with(p, d, value))) {
                CHECK_FALSE(a.at("variant").as_object().contains(d.key));
                continue;
            }
            CHECK(a.at("variant").as_object().at(d.key) == choices[k].as_object().at("json"));
            CHECK(d.from_json(a.at("variant").as_object().at(d.key)) == value);
        }
    }
    for (const auto& p : presets()) {
        const auto& w = schema.at("row_widths").as_object().at(p.name).as_array();
        REQUIRE(w.size() == static_cast<size_t>(p.rows));
        int total = 0;
        for (const auto& x : w) total += static_cast<int>(x.as_int64());
        CHECK(total == p.tableau_size());
    }
    // Each preset's own values: set as overrides they change nothing; where
    // the preset cannot take a rule (null), the rule is refused.
    for (const auto& p : presets()) {
        const auto& own = schema.at("preset_rules").as_object().at(p.name).as_object();
        REQUIRE(own.size() == rule_table().size());
        auto load = [&](const RuleDescriptor* d, const std::string& value) {
            json::object rs{{"variant", p.name}};
            if (d) rs[d->key] = value;
            return json::parse(h.call(json::serialize(json::object{{"op", "load"}, {"seed", "1"}, {"rules", rs}})))
                .as_object();
        };
        const auto plain = load(nullptr, "");
        for (const auto& d : rule_table()) {
            INFO(p.name << " " << d.key);
            const json::value& x = own.at(d.key);
            if (x.is_null()) {
                CHECK(load(&d, d.choices.front().value).contains("error"));
                continue;
            }
            const std::string value(x.as_string());
            if (const auto* in = plain.at("variant").as_object().if_contains(d.key)) CHECK(d.from_json(*in) == value);
            CHECK(load(&d, value).at("variant") == plain.at("variant"));
        }
    }
}

TEST_CASE("Variant: == compares every field, row_width is each shape's rows", "[rules]") {
    for (const auto& p : presets()) {
        CHECK(p == *find_preset(p.name));
        int total = 0;
        for (int r = 0; r < p.rows; ++r) total += p.row_width(r);
        CHECK(total == p.tableau_size());
        CHECK(p.row_width(0) == (p.shape == TableauShape::Pyramid ? 1 : p.rows));
    }
    Variant a = *find_preset("msc"), b = a;
    b.pysol_game += 1;  // a field no rule overrides still tells them apart
    CHECK_FALSE(a == b);
}

namespace {

// The lines of `text` from the one starting with `start` to the first blank
// line or code fence after it (a command's synopsis in a docs page).
std::string synopsis(const std::string& text, const std::string& start) {
    const size_t at = text.find("\n" + start);
    if (at == std::string::npos) return "";
    size_t end = at + 1;
    while (true) {
        const size_t nl = text.find('\n', end);
        if (nl == std::string::npos) return text.substr(at + 1);
        end = nl + 1;
        const std::string next = text.substr(end, text.find('\n', end) - end);
        if (next.empty() || next.rfind("```", 0) == 0 || next[0] != ' ') return text.substr(at + 1, end - at - 1);
    }
}

}  // namespace

TEST_CASE("rule schema: docs/README.md and docs/stats.md name every override", "[rules][docs]") {
    // Where the pages list the overrides by hand: `pyramid stats`'s synopsis
    // in both (each override a list: [--KEY LIST], one that stands alone
    // [--KEY [LIST]]), and stats.md's paragraph on the study, which names
    // each option and the order rule sets are listed in (the table's).
    std::string order;
    for (const auto& d : rule_table())
        if (d.axis) order += (order.empty() ? "" : ", ") + d.key;
    for (const char* page : {"docs/README.md", "docs/stats.md"}) {
        const std::string text = test::slurp(std::string(PYR_SOURCE_DIR) + "/" + page);
        const std::string stats = synopsis(text, "pyramid stats ");
        INFO(page << ": " << stats);
        REQUIRE_FALSE(stats.empty());
        for (const auto& d : rule_table()) {
            if (!d.axis) continue;
            CHECK(stats.find("[--" + d.key + (d.implicit.empty() ? " LIST]" : " [LIST]]")) != std::string::npos);
        }
    }
    const std::string text = test::slurp(std::string(PYR_SOURCE_DIR) + "/docs/stats.md");
    const size_t from = text.find("**The study**"), to = text.find("\n- **", from + 1);
    REQUIRE(from != std::string::npos);
    const std::string study = text.substr(from, to - from);
    INFO(study);
    for (const auto& d : rule_table())
        if (d.axis) CHECK(study.find("`--" + d.key + " ") != std::string::npos);
    std::string unwrapped;  // the paragraph on one line, one space between words
    for (const char ch : study) {
        const char c = ch == '\n' ? ' ' : ch;
        if (c != ' ' || (!unwrapped.empty() && unwrapped.back() != ' ')) unwrapped += c;
    }
    CHECK(unwrapped.find("variant by variant, then " + order + " in the order given") != std::string::npos);
}
