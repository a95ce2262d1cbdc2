#include "study/records.h"
#include "engine/input.h"
#include "engine/rules.h"
#include "solver/measures.h"
#include "study/optimum.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <type_traits>

namespace pyr {

// ---------------------------------------------------------------- values

const char* reason_code_text(ReasonCode c) {
    switch (c) {
        case ReasonCode::Blocked: return "blocked";
        case ReasonCode::FreeStock: return "free-stock";
        case ReasonCode::Order: return "order";
        case ReasonCode::Unexplained: return "unexplained";
        case ReasonCode::None: break;
    }
    return "";
}

std::optional<ReasonCode> parse_reason_code(std::string_view s) {
    for (ReasonCode c : {ReasonCode::Blocked, ReasonCode::FreeStock, ReasonCode::Order, ReasonCode::Unexplained})
        if (s == reason_code_text(c)) return c;
    return std::nullopt;
}

json::value passes_json(int passes) {
    if (passes == 0) return json::value("unlimited");
    return json::value(static_cast<int64_t>(passes));
}

RecordShape record_shape(const StudySpec& spec) {
    RecordShape s;
    s.deal = spec.deals.from_file;
    s.measures = spec.measures;
    s.player = !spec.player.empty();
    s.challenge = !spec.challenge.empty();
    s.optimum = parse_optimum_player(spec.player).has_value();
    s.rule_sets = spec.combos;
    return s;
}

StudyRecord task_record(const StudySpec& spec, uint64_t deal_index, uint32_t combo) {
    StudyRecord r;
    r.seed = spec.deals.first_id() + deal_index;
    r.combo = combo;
    r.rules = spec.combos.at(combo);
    if (spec.deals.from_file) r.deal = spec.deals.cards.at(deal_index);
    r.player = spec.player;
    r.challenge = spec.challenge;
    return r;
}

namespace {

[[noreturn]] void bad(const std::string& why) { throw std::invalid_argument(why); }

// A field that is one of two words: true for `yes`, false for `no`, bad(why) otherwise.
bool one_of_two(std::string_view s, std::string_view yes, std::string_view no, const char* why) {
    if (s != yes && s != no) bad(why);
    return s == yes;
}

// A solver time as a record holds it: finite and not negative. (A huge
// exponent reads as infinity, which would print as no JSON number at all.)
bool good_seconds(double s) { return std::isfinite(s) && s >= 0; }

// A seed in a JSON record: a number up to 2^64-1; above, a string of its
// digits (JSON readers hold numbers in 64 bits or in doubles, and would
// change it). Read back from either.
json::value seed_json(Seed s) {
    if (s.fits_u64()) return json::value(s.u64());
    return json::value(s.text());
}
Seed seed_of_json(const json::value& v) {
    if (v.is_string()) {
        const auto s = parse_seed(std::string_view(v.as_string()));
        if (!s || !(*s > Seed(UINT64_MAX))) bad("bad seed");
        return *s;
    }
    return v.to_number<uint64_t>();
}

std::optional<uint64_t> parse_u64(std::string_view s) {
    uint64_t v = 0;
    if (s.empty()) return std::nullopt;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

// A CSV number as strtod reads it, the whole text; nullopt when empty or not all of it is the number.
std::optional<double> parse_double(std::string_view s) {
    const std::string t(s);
    char* end = nullptr;
    const double d = std::strtod(t.c_str(), &end);
    if (t.empty() || *end != '\0') return std::nullopt;
    return d;
}

std::string seconds_text(double s) {
    char b[32];
    std::snprintf(b, sizeof b, "%.6f", s);
    return b;
}

// A CSV value, "" for a column the header does not name.
std::string_view text_of(std::optional<std::string_view> s) { return s.value_or(std::string_view()); }

// The record's rule set: its variant's preset (rules not in the record are the preset's).
void set_variant(StudyRecord& r, std::string_view name, const char* why) {
    const auto preset = find_preset(std::string(name));
    if (!preset) bad(why);
    r.rules = *preset;
}

// ---------------------------------------------------------------- the table

using Group = FieldGroup;
using JsonOut = std::optional<json::value>;
using Text = std::optional<std::string_view>;

// A string as a template argument: the key or message of a field made by a template.
template <size_t N>
struct Key {
    char s[N];
    constexpr Key(const char (&k)[N]) { std::copy_n(k, N, s); }  // NOLINT: made from a string literal
};

// A measure number (RecordMeasures): -1 is none, written null (JSON) or
// empty (CSV); read back from 0 to 10^9.
template <auto Member>
void set_measure(StudyRecord& r, double d) {
    using T = std::remove_cvref_t<decltype(r.m.*Member)>;
    if constexpr (std::is_same_v<T, int16_t>) d = std::min(30000.0, d);
    r.m.*Member = static_cast<T>(d);
}
template <Key K, auto Member>
RecordField measure_number() {
    using T = std::remove_cvref_t<decltype(std::declval<RecordMeasures&>().*Member)>;
    RecordField f{.key = K.s, .group = Group::Measures, .required = true};
    f.csv_order = 2;  // after the reason and the grade: "a bad measure" comes last
    f.to_json = [](const StudyRecord& r) -> JsonOut {
        const T x = r.m.*Member;
        if (x < 0) return json::value(nullptr);
        if constexpr (std::is_integral_v<T>) return json::value(static_cast<int64_t>(x));
        else return json::value(x);
    };
    f.to_csv = [](const StudyRecord& r) -> std::string {
        const T x = r.m.*Member;
        if (x < 0) return "";
        if constexpr (std::is_integral_v<T>) {
            return std::to_string(static_cast<int64_t>(x));
        } else {
            char b[32];
            std::snprintf(b, sizeof b, "%.6g", x);
            return b;
        }
    };
    f.from_json = [](const json::value& v, StudyRecord& r) {
        if (v.is_null()) return;
        const double d = v.to_number<double>();
        if (!(d >= 0 && d <= 1e9)) bad(std::string("bad ") + K.s);
        set_measure<Member>(r, d);
    };
    f.from_csv = [](Text s, StudyRecord& r) {
        if (text_of(s).empty()) return;
        const auto d = parse_double(*s);
        if (!d || !(*d >= 0 && *d <= 1e9)) bad("a bad measure");
        set_measure<Member>(r, *d);
    };
    return f;
}

// A count: written as a number, read back whole.
template <auto Member, Key CsvWhy>
RecordField count_field(std::string_view key, Group group) {
    RecordField f{.key = key, .group = group, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.*Member); };
    f.to_csv = [](const StudyRecord& r) { return std::to_string(r.*Member); };
    f.from_json = [](const json::value& v, StudyRecord& r) { r.*Member = v.to_number<uint64_t>(); };
    f.from_csv = [](Text s, StudyRecord& r) {
        const auto n = parse_u64(*s);
        if (!n) bad(CsvWhy.s);
        r.*Member = *n;
    };
    return f;
}

// A text, written as it is (a JSON string, a CSV field).
template <auto Member>
RecordField text_field(std::string_view key, Group group) {
    RecordField f{.key = key, .group = group, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.*Member); };
    f.to_csv = [](const StudyRecord& r) { return r.*Member; };
    f.from_json = [](const json::value& v, StudyRecord& r) { r.*Member = std::string(v.as_string()); };
    f.from_csv = [](Text s, StudyRecord& r) { r.*Member = std::string(*s); };
    return f;
}

// A time in seconds: CSV to the microsecond; finite and not negative.
template <auto Member, Key Why>
RecordField seconds_field(std::string_view key, Group group) {
    RecordField f{.key = key, .group = group, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.*Member); };
    f.to_csv = [](const StudyRecord& r) { return seconds_text(r.*Member); };
    f.from_json = [](const json::value& v, StudyRecord& r) {
        r.*Member = v.to_number<double>();
        if (!good_seconds(r.*Member)) bad(Why.s);
    };
    f.from_csv = [](Text s, StudyRecord& r) {
        const auto d = parse_double(*s);
        if (!d || !good_seconds(*d)) bad(Why.s);
        r.*Member = *d;
    };
    return f;
}

// A number of a challenge's end (ChallengeEnd): -1 (no line, or not
// counted) is written null (JSON) or empty (CSV); read back from 0 to 10^6.
template <Key K, auto End, auto Member>
RecordField challenge_number() {
    RecordField f{.key = K.s, .group = Group::Challenge, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut {
        const int32_t x = (r.ch.*End).*Member;
        return x < 0 ? json::value(nullptr) : json::value(static_cast<int64_t>(x));
    };
    f.to_csv = [](const StudyRecord& r) {
        const int32_t x = (r.ch.*End).*Member;
        return x < 0 ? std::string() : std::to_string(x);
    };
    f.from_json = [](const json::value& v, StudyRecord& r) {
        if (v.is_null()) return;
        const int64_t x = v.to_number<int64_t>();
        if (x < 0 || x > 1000000) bad(std::string("bad ") + K.s);
        (r.ch.*End).*Member = static_cast<int32_t>(x);
    };
    f.from_csv = [](Text s, StudyRecord& r) {
        if (text_of(s).empty()) return;
        const auto x = parse_u64(*s);
        if (!x || *x > 1000000) bad(std::string("bad ") + K.s);
        (r.ch.*End).*Member = static_cast<int32_t>(*x);
    };
    return f;
}

// A number of the optimum (RecordOptimum) in [0, 1]: JSON's shortest
// round-trip form, CSV's 17 digits (read back to the same double).
template <auto Member, Key K>
RecordField optimum_unit() {
    RecordField f{.key = K.s, .group = Group::Optimum, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.opt.*Member); };
    f.to_csv = [](const StudyRecord& r) {
        char b[40];
        std::snprintf(b, sizeof b, "%.17g", r.opt.*Member);
        return std::string(b);
    };
    f.from_json = [](const json::value& v, StudyRecord& r) {
        const double d = v.to_number<double>();
        if (!(d >= 0 && d <= 1)) bad(std::string("bad ") + K.s);
        r.opt.*Member = d;
    };
    f.from_csv = [](Text s, StudyRecord& r) {
        const auto d = parse_double(text_of(s));
        if (!d || !(*d >= 0 && *d <= 1)) bad(std::string("bad ") + K.s);
        r.opt.*Member = *d;
    };
    return f;
}
// A text of the optimum (a method; no comma).
template <auto Member, Key K>
RecordField optimum_text() {
    RecordField f{.key = K.s, .group = Group::Optimum, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.opt.*Member); };
    f.to_csv = [](const StudyRecord& r) { return r.opt.*Member; };
    f.from_json = [](const json::value& v, StudyRecord& r) { r.opt.*Member = std::string(v.as_string()); };
    f.from_csv = [](Text s, StudyRecord& r) { r.opt.*Member = std::string(text_of(s)); };
    return f;
}
// A count of the optimum.
template <auto Member, Key K>
RecordField optimum_count() {
    RecordField f{.key = K.s, .group = Group::Optimum, .required = true};
    f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.opt.*Member); };
    f.to_csv = [](const StudyRecord& r) { return std::to_string(r.opt.*Member); };
    f.from_json = [](const json::value& v, StudyRecord& r) { r.opt.*Member = v.to_number<uint64_t>(); };
    f.from_csv = [](Text s, StudyRecord& r) {
        const auto n = parse_u64(text_of(s));
        if (!n) bad(std::string("bad ") + K.s);
        r.opt.*Member = *n;
    };
    return f;
}

std::vector<RecordField> make_fields() {
    std::vector<RecordField> t;
    // ---- the core: seed, the rule set, the verdict and the search's figures
    t.push_back({.key = "seed",
                 .group = Group::Core,
                 .required = true,
                 .csv_order = 0,
                 .to_json = [](const StudyRecord& r) -> JsonOut { return seed_json(r.seed); },
                 .to_csv = [](const StudyRecord& r) { return r.seed.text(); },
                 .from_json = [](const json::value& v, StudyRecord& r) { r.seed = seed_of_json(v); },
                 .from_csv =
                     [](Text s, StudyRecord& r) {
                         const auto seed = parse_seed(*s);
                         if (!seed) bad("a bad field");
                         r.seed = *seed;
                     }});
    t.push_back(
        {.key = "variant",
         .group = Group::Core,
         .required = true,
         .csv_order = 0,
         .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.rules.name); },
         .to_csv = [](const StudyRecord& r) { return r.rules.name; },
         .from_json = [](const json::value& v, StudyRecord& r) { set_variant(r, v.as_string(), "unknown variant"); },
         .from_csv = [](Text s, StudyRecord& r) { set_variant(r, *s, "a bad field"); }});
    // The rule set's rules: one field per rule of the rule schema (engine/rules.h),
    // in its order; a rule is written where the rule set names it (reserves
    // only for variants with reserve piles; CSV: empty otherwise). A rule
    // every record carries (passes) is part of the record's identity.
    for (const RuleDescriptor& d : rule_table()) {
        RecordField f{
            .key = d.key, .group = Group::Core, .required = d.in_every_record, .csv_order = d.in_every_record ? 0 : 1};
        f.to_json = [&d](const StudyRecord& r) -> JsonOut {
            if (!d.names(r.rules)) return std::nullopt;
            return d.to_json(d.get(r.rules));
        };
        f.to_csv = [&d](const StudyRecord& r) { return d.names(r.rules) ? d.get(r.rules) : std::string(); };
        if (!d.column_always) f.csv_column = [&d](const RecordShape& s) { return rule_column(d, s.rule_sets); };
        f.from_json = [&d](const json::value& v, StudyRecord& r) {
            const auto t = d.from_json(v);
            if (!t) bad(d.record_tells_value && v.is_string() ? d.bad_value(v.get_string()) : "bad " + d.key);
            d.apply(r.rules, *t);
        };
        f.from_csv = [&d](Text s, StudyRecord& r) {
            const char* why = d.in_every_record ? "a bad field" : nullptr;
            if (text_of(s).empty()) {
                if (why) bad(why);
                return;  // an optional rule left empty (or no column): the preset's
            }
            const auto t = d.parse(*s);
            if (!t) bad(why ? std::string(why) : "bad " + d.key);
            d.apply(r.rules, *t);
        };
        t.push_back(std::move(f));
    }
    t.push_back({.key = "verdict",
                 .group = Group::Core,
                 .required = true,
                 .csv_order = 0,
                 .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(verdict_text(r.verdict)); },
                 .to_csv = [](const StudyRecord& r) { return std::string(verdict_text(r.verdict)); },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         const auto verdict = parse_verdict(v.as_string());
                         if (!verdict) bad("unknown verdict");
                         r.verdict = *verdict;
                     },
                 .from_csv =
                     [](Text s, StudyRecord& r) {
                         const auto verdict = parse_verdict(*s);
                         if (!verdict) bad("a bad field");
                         r.verdict = *verdict;
                     }});
    // null (empty) unless a win of known length (with --optimal: proved shortest).
    t.push_back({.key = "moves",
                 .group = Group::Core,
                 .required = true,
                 .to_json = [](const StudyRecord& r) -> JsonOut {
                     if (r.verdict == Verdict::Win && r.moves >= 0) return json::value(static_cast<int64_t>(r.moves));
                     return json::value(nullptr);
                 },
                 .to_csv =
                     [](const StudyRecord& r) {
                         return r.verdict == Verdict::Win && r.moves >= 0 ? std::to_string(r.moves) : std::string();
                     },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         if (v.is_null()) return;
                         if (r.verdict != Verdict::Win) bad("moves without a win");
                         r.moves = v.to_number<int32_t>();
                         if (r.moves < 0) bad("bad moves");
                     },
                 .from_csv =
                     [](Text s, StudyRecord& r) {
                         if (s->empty()) return;
                         if (r.verdict != Verdict::Win) bad("moves without a win");
                         const auto m = parse_u64(*s);
                         if (!m || *m > 100000) bad("bad moves");
                         r.moves = static_cast<int32_t>(*m);
                     }});
    RecordField states = count_field<&StudyRecord::states, "a bad field">("states", Group::Core);
    states.csv_order = 0;
    t.push_back(states);
    t.push_back(seconds_field<&StudyRecord::seconds, "bad seconds">("seconds", Group::Core));
    // ---- a deals file's deal
    t.push_back({.key = "deal",
                 .group = Group::Deal,
                 .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.deal.value_or("")); },
                 .to_csv = [](const StudyRecord& r) { return r.deal.value_or(""); },
                 .from_json = [](const json::value& v, StudyRecord& r) { r.deal = std::string(v.as_string()); },
                 .from_csv = [](Text s, StudyRecord& r) { r.deal = std::string(text_of(s)); }});
    // ---- --measures: a lost deal's reason code, a won deal's measures
    t.push_back({.key = "reason",
                 .group = Group::Measures,
                 .required = true,
                 .to_json = [](const StudyRecord& r) -> JsonOut {
                     if (r.m.reason == ReasonCode::None) return json::value(nullptr);
                     return json::value(reason_code_text(r.m.reason));
                 },
                 .to_csv = [](const StudyRecord& r) { return std::string(reason_code_text(r.m.reason)); },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         if (v.is_null()) return;
                         const auto c = parse_reason_code(v.as_string());
                         if (!c) bad("bad reason");
                         r.m.reason = *c;
                     },
                 .from_csv =
                     [](Text s, StudyRecord& r) {
                         if (text_of(s).empty()) return;
                         const auto c = parse_reason_code(*s);
                         if (!c) bad("bad reason");
                         r.m.reason = *c;
                     }});
    for (auto f : {measure_number<"shortest", &RecordMeasures::shortest>(),
                   measure_number<"winning_first_moves", &RecordMeasures::winning_first>(),
                   measure_number<"legal_first_moves", &RecordMeasures::legal_first>(),
                   measure_number<"critical_positions", &RecordMeasures::critical>(),
                   measure_number<"crossroads", &RecordMeasures::crossroads>(),
                   measure_number<"casual_wins", &RecordMeasures::casual_wins>(),
                   measure_number<"casual_plays", &RecordMeasures::casual_plays>(),
                   measure_number<"difficulty", &RecordMeasures::difficulty>()})
        t.push_back(f);
    t.push_back({.key = "grade",
                 .group = Group::Measures,
                 .required = true,
                 .to_json = [](const StudyRecord& r) -> JsonOut {
                     if (r.m.grade < 0) return json::value(nullptr);
                     return json::value(grade_text(static_cast<Grade>(r.m.grade)));
                 },
                 .to_csv =
                     [](const StudyRecord& r) {
                         return r.m.grade < 0 ? std::string() : std::string(grade_text(static_cast<Grade>(r.m.grade)));
                     },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         if (v.is_null()) return;
                         const auto g = parse_grade(std::string(v.as_string()));
                         if (!g) bad("bad grade");
                         r.m.grade = static_cast<int8_t>(*g);
                     },
                 .from_csv =
                     [](Text s, StudyRecord& r) {
                         if (text_of(s).empty()) return;
                         const auto g = parse_grade(std::string(*s));
                         if (!g) bad("bad grade");
                         r.m.grade = static_cast<int8_t>(*g);
                     }});
    // ---- --player: the player's game beside the thoughtful verdict
    t.push_back(text_field<&StudyRecord::player>("player", Group::Player));
    t.push_back(
        {.key = "player_verdict",
         .group = Group::Player,
         .required = true,
         .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.player_won ? "win" : "lose"); },
         .to_csv = [](const StudyRecord& r) { return std::string(r.player_won ? "win" : "lose"); },
         .from_json =
             [](const json::value& v, StudyRecord& r) {
                 r.player_won = one_of_two(v.as_string(), "win", "lose", "bad player_verdict");
             },
         .from_csv = [](Text s,
                        StudyRecord& r) { r.player_won = one_of_two(*s, "win", "lose", "bad player fields"); }});
    // JSON says it with player_moves: null when the game was not played.
    t.push_back(
        {.key = "player_played",
         .group = Group::Player,
         .in_json = false,
         .required = true,
         .to_csv = [](const StudyRecord& r) { return std::string(r.player_played ? "yes" : "no"); },
         .from_csv = [](Text s,
                        StudyRecord& r) { r.player_played = one_of_two(*s, "yes", "no", "bad player fields"); }});
    t.push_back({.key = "player_moves",
                 .group = Group::Player,
                 .required = true,
                 .to_json = [](const StudyRecord& r) -> JsonOut {
                     if (!r.player_played) return json::value(nullptr);
                     return json::value(r.player_moves);
                 },
                 .to_csv = [](const StudyRecord& r) { return r.player_moves; },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         r.player_played = !v.is_null();
                         if (r.player_played) r.player_moves = std::string(v.as_string());
                     },
                 .from_csv = [](Text s, StudyRecord& r) { r.player_moves = std::string(*s); }});
    t.push_back(count_field<&StudyRecord::player_solves, "bad player_solves">("player_solves", Group::Player));
    t.push_back(seconds_field<&StudyRecord::player_seconds, "bad player_seconds">("player_seconds", Group::Player));
    // ---- --challenge: the deal's best line with a clear and without
    t.push_back(text_field<&StudyRecord::challenge>("challenge", Group::Challenge));
    t.push_back(
        {.key = "challenge_complete",
         .group = Group::Challenge,
         .required = true,
         .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.ch.complete); },
         .to_csv = [](const StudyRecord& r) { return std::string(r.ch.complete ? "yes" : "no"); },
         .from_json = [](const json::value& v, StudyRecord& r) { r.ch.complete = v.as_bool(); },
         .from_csv = [](Text s,
                        StudyRecord& r) { r.ch.complete = one_of_two(*s, "yes", "no", "bad challenge fields"); }});
    for (auto f : {challenge_number<"challenge_clear_score", &RecordChallenge::clear, &ChallengeEnd::score>(),
                   challenge_number<"challenge_clear_cards", &RecordChallenge::clear, &ChallengeEnd::cards>(),
                   challenge_number<"challenge_clear_steps", &RecordChallenge::clear, &ChallengeEnd::steps>(),
                   challenge_number<"challenge_open_score", &RecordChallenge::open, &ChallengeEnd::score>(),
                   challenge_number<"challenge_open_cards", &RecordChallenge::open, &ChallengeEnd::cards>(),
                   challenge_number<"challenge_open_steps", &RecordChallenge::open, &ChallengeEnd::steps>()})
        t.push_back(f);
    {
        RecordField f{.key = "challenge_states", .group = Group::Challenge, .required = true};
        f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.ch.states); };
        f.to_csv = [](const StudyRecord& r) { return std::to_string(r.ch.states); };
        f.from_json = [](const json::value& v, StudyRecord& r) { r.ch.states = v.to_number<uint64_t>(); };
        f.from_csv = [](Text s, StudyRecord& r) {
            const auto n = parse_u64(*s);
            if (!n) bad("bad challenge_states");
            r.ch.states = *n;
        };
        t.push_back(f);
    }
    // ---- --player optimal[:N]: the deal's no-peek optimum at its start (study/optimum.h)
    t.push_back(
        {.key = "optimum_exact",
         .group = Group::Optimum,
         .required = true,
         .to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.opt.exact); },
         .to_csv = [](const StudyRecord& r) { return std::string(r.opt.exact ? "yes" : "no"); },
         .from_json = [](const json::value& v, StudyRecord& r) { r.opt.exact = v.as_bool(); },
         .from_csv = [](Text s,
                        StudyRecord& r) { r.opt.exact = one_of_two(text_of(s), "yes", "no", "bad optimum_exact"); }});
    // "p/q" when exact; JSON null (CSV empty) otherwise.
    t.push_back({.key = "optimum_fraction",
                 .group = Group::Optimum,
                 .required = true,
                 .to_json = [](const StudyRecord& r) -> JsonOut {
                     if (!r.opt.exact) return json::value(nullptr);
                     return json::value(r.opt.fraction);
                 },
                 .to_csv = [](const StudyRecord& r) { return r.opt.exact ? r.opt.fraction : std::string(); },
                 .from_json =
                     [](const json::value& v, StudyRecord& r) {
                         if (!v.is_null()) r.opt.fraction = std::string(v.as_string());
                     },
                 .from_csv = [](Text s, StudyRecord& r) { r.opt.fraction = std::string(text_of(s)); }});
    t.push_back(optimum_unit<&RecordOptimum::lower, "optimum_lower">());
    t.push_back(optimum_unit<&RecordOptimum::upper, "optimum_upper">());
    t.push_back(optimum_text<&RecordOptimum::lower_method, "optimum_lower_method">());
    t.push_back(optimum_text<&RecordOptimum::upper_method, "optimum_upper_method">());
    t.push_back(optimum_unit<&RecordOptimum::search_lower, "optimum_search_lower">());
    t.push_back(optimum_unit<&RecordOptimum::search_upper, "optimum_search_upper">());
    t.push_back(optimum_count<&RecordOptimum::unseen, "optimum_unseen">());
    t.push_back(optimum_count<&RecordOptimum::states, "optimum_states">());
    {
        RecordField f{.key = "optimum_seconds", .group = Group::Optimum, .required = true};
        f.to_json = [](const StudyRecord& r) -> JsonOut { return json::value(r.opt.seconds); };
        f.to_csv = [](const StudyRecord& r) { return seconds_text(r.opt.seconds); };
        f.from_json = [](const json::value& v, StudyRecord& r) {
            r.opt.seconds = v.to_number<double>();
            if (!good_seconds(r.opt.seconds)) bad("bad optimum_seconds");
        };
        f.from_csv = [](Text s, StudyRecord& r) {
            const auto d = parse_double(text_of(s));
            if (!d || !good_seconds(*d)) bad("bad optimum_seconds");
            r.opt.seconds = *d;
        };
        t.push_back(f);
    }
    return t;
}

// How a reader finds a group in a line: its marker key (JSON) or column
// (CSV; for the player, a non-empty one). A CSV header without some of a
// group's columns reads them as empty, except where `csv_missing` says why not.
struct GroupReading {
    Group group;
    std::string_view marker;
    bool csv_marker_not_empty = false;
    const char* csv_missing = nullptr;
};
constexpr GroupReading kGroups[] = {
    {Group::Core, ""},
    {Group::Deal, "deal"},
    {Group::Measures, "grade"},
    {Group::Player, "player", true, "bad player fields"},
    {Group::Challenge, "challenge", true, "bad challenge fields"},
    {Group::Optimum, "optimum_lower", true, "bad optimum fields"},
};

}  // namespace

const std::vector<RecordField>& record_fields() {
    static const std::vector<RecordField> fields = make_fields();
    return fields;
}

// ---------------------------------------------------------------- writing

namespace {
bool in_csv(const RecordField& f, const RecordShape& shape) {
    return f.in_csv && shape.has(f.group) && (!f.csv_column || f.csv_column(shape));
}
}  // namespace

json::object record_json(const RecordShape& shape, const StudyRecord& r) {
    json::object o;
    for (const RecordField& f : record_fields())
        if (f.in_json && shape.has(f.group))
            if (auto v = f.to_json(r)) o[f.key] = std::move(*v);
    return o;
}

std::string record_csv_row(const RecordShape& shape, const StudyRecord& r) {
    std::string s;
    bool first = true;
    for (const RecordField& f : record_fields())
        if (in_csv(f, shape)) {
            if (!first) s += ',';
            s += f.to_csv(r);
            first = false;
        }
    return s;
}

std::string record_csv_header(const RecordShape& shape) {
    std::string s;
    for (const RecordField& f : record_fields())
        if (in_csv(f, shape)) s += std::string(s.empty() ? "" : ",") + std::string(f.key);
    return s;
}

json::object record_json(const StudySpec& spec, const StudyRecord& r) { return record_json(record_shape(spec), r); }

std::string record_csv_header(const StudySpec& spec) { return record_csv_header(record_shape(spec)); }

std::string record_line(const StudySpec& spec, const StudyRecord& r, bool csv) {
    if (!csv) return json::serialize(record_json(spec, r)) + "\n";
    return record_csv_row(record_shape(spec), r) + "\n";
}

namespace {
json::object study_object(const StudySpec& spec) {
    json::object o;
    o["study"] = study_definition(spec);
    if (!spec.shard.whole()) o["shard"] = shard_text(spec.shard);
    if (spec.program) o["program"] = provenance_json(*spec.program);
    return o;
}

// A study line of this study and shard, written by the same build (or, for a
// spec with no program, any line of this study and shard): the file needs no
// new study line. Another build resuming the study appends its own, so the
// file names every build that wrote records to it.
bool same_study_line(const json::object& line, const StudySpec& spec) {
    const json::object mine = study_object(spec);
    const auto* study = line.if_contains("study");
    const auto* shard = line.if_contains("shard");
    if (!study || json::serialize(*study) != json::serialize(mine.at("study"))) return false;
    if ((shard != nullptr) != mine.contains("shard") || (shard && *shard != mine.at("shard"))) return false;
    if (!spec.program) return true;
    const auto p = provenance_of(line);
    return p && p->same_build(*spec.program);
}
}  // namespace

std::string study_line(const StudySpec& spec, bool csv) {
    const std::string j = json::serialize(study_object(spec));
    return (csv ? "# study " + j : j) + "\n";
}

// ---------------------------------------------------------------- reading

namespace {

// What one line of a record file is.
struct Line {
    enum Kind { Record, Study, Header, Bad } kind = Bad;
    StudyRecord record;
    json::object study;  // a study line: {"study": {...}, "shard": "K/N"?}
    std::string why;     // Bad: what is wrong
};

Line parse_json_line(const std::string& line) {
    Line out;
    boost::system::error_code ec;
    const json::value v = json::parse(line, ec);
    if (ec || !v.is_object()) {
        out.why = "not a JSON object";
        return out;
    }
    const json::object& o = v.as_object();
    try {
        if (const auto* st = o.if_contains("study")) {
            if (!st->is_object()) bad("bad study line");
            out.kind = Line::Study;
            out.study = o;
            return out;
        }
        StudyRecord& r = out.record;
        for (const GroupReading& g : kGroups) {
            if (g.group != Group::Core && !o.contains(g.marker)) continue;
            r.measured |= g.group == Group::Measures;
            r.opt.has |= g.group == Group::Optimum;
            for (const RecordField& f : record_fields())
                if (f.group == g.group && f.in_json) {
                    if (f.required) f.from_json(o.at(f.key), r);
                    else if (const auto* x = o.if_contains(f.key)) f.from_json(*x, r);
                }
        }
        out.kind = Line::Record;
    } catch (const std::exception& e) {  // missing key, wrong type, number out of range
        out.kind = Line::Bad;
        out.why = e.what();
    }
    return out;
}

using Columns = std::map<std::string, size_t, std::less<>>;

std::vector<std::string_view> split_csv(std::string_view line) {
    std::vector<std::string_view> f;
    size_t start = 0;
    for (size_t i = 0; i <= line.size(); ++i)
        if (i == line.size() || line[i] == ',') {
            f.push_back(line.substr(start, i - start));
            start = i + 1;
        }
    return f;
}

// A group's fields in the order CSV reads them (csv_order, then the table's).
std::vector<const RecordField*> csv_reading_order(Group g) {
    std::vector<const RecordField*> out;
    for (const RecordField& f : record_fields())
        if (f.group == g && f.in_csv) out.push_back(&f);
    std::stable_sort(out.begin(), out.end(),
                     [](const RecordField* a, const RecordField* b) { return a->csv_order < b->csv_order; });
    return out;
}

Line parse_csv_line(const std::string& line, Columns& columns) {
    Line out;
    if (line.rfind("# study ", 0) == 0) {
        boost::system::error_code ec;
        const json::value v = json::parse(std::string_view(line).substr(8), ec);
        if (!ec && v.is_object() && v.as_object().contains("study")) {
            out.kind = Line::Study;
            out.study = v.as_object();
        } else {
            out.why = "a bad study line";
        }
        return out;
    }
    const auto f = split_csv(line);
    if (columns.empty()) {
        if (line.rfind("seed,", 0) != 0) {
            out.why = "not a record file header";
            return out;
        }
        for (size_t i = 0; i < f.size(); ++i) columns[std::string(f[i])] = i;
        if (columns.size() != f.size()) {  // a repeated name: its fields could not all be found (found by fuzz_records)
            columns.clear();
            out.why = "a repeated column";
            return out;
        }
        for (const RecordField& field : record_fields())
            if (field.group == Group::Core && field.required && !columns.count(field.key)) {
                columns.clear();
                out.why = "no column '" + std::string(field.key) + "'";
                return out;
            }
        out.kind = Line::Header;
        return out;
    }
    if (f.size() != columns.size()) {
        out.why = "wrong number of fields";
        return out;
    }
    auto value = [&](std::string_view name) -> Text {
        const auto it = columns.find(name);
        if (it == columns.end()) return std::nullopt;
        return f[it->second];
    };
    static const std::vector<const RecordField*> order[] = {
        csv_reading_order(Group::Core),   csv_reading_order(Group::Deal),      csv_reading_order(Group::Measures),
        csv_reading_order(Group::Player), csv_reading_order(Group::Challenge), csv_reading_order(Group::Optimum)};
    StudyRecord& r = out.record;
    try {
        for (const GroupReading& g : kGroups) {
            if (g.group != Group::Core) {
                const Text marker = value(g.marker);
                if (!marker || (g.csv_marker_not_empty && marker->empty())) continue;
            }
            r.measured |= g.group == Group::Measures;
            r.opt.has |= g.group == Group::Optimum;
            const auto& fields = order[static_cast<int>(g.group)];
            if (g.csv_missing)
                for (const RecordField* field : fields)
                    if (!value(field->key)) bad(g.csv_missing);
            for (const RecordField* field : fields) field->from_csv(value(field->key), r);
        }
    } catch (const std::invalid_argument& e) {
        out.why = e.what();
        return out;
    }
    out.kind = Line::Record;
    return out;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string errno_text() { return std::strerror(errno); }

// A record line is under 1 KB, a study line a few KB: a longer line is not a record file.
constexpr size_t kMaxRecordLineBytes = size_t{1} << 20;

// The next line, bounded (engine/input.h); StudyError for a line too long or a read error.
bool next_line(LineReader& in, std::string& line) {
    try {
        return in.next(line);
    } catch (const InputError& e) {
        throw StudyError(e.what());
    }
}

// Opens a record file to read line by line, bounded (engine/input.h), into
// `reader`; what LineReader refuses (a directory, no such file) as StudyError.
void open_lines(std::optional<LineReader>& reader, const std::string& path, const char* option) {
    try {
        reader.emplace(path, option, kMaxRecordLineBytes);
    } catch (const InputError& e) {
        throw StudyError(e.what());
    }
}

}  // namespace

ReadStats read_record_file(const std::string& path, const std::function<void(const json::object&)>& on_study,
                           const std::function<void(StudyRecord&)>& on_record) {
    // Read line by line, each line bounded (engine/input.h: a directory or
    // /dev/zero is an error, not a hang).
    std::optional<LineReader> reader;
    open_lines(reader, path, "record file");
    LineReader& in = *reader;
    const bool csv = ends_with(path, ".csv");
    Columns columns;
    ReadStats st;
    std::string line;
    for (uint64_t lineno = 1; next_line(in, line); ++lineno) {
        if (!in.complete()) {  // no newline: a torn last line (a run killed mid-write, or still running)
            ++st.torn;
            break;
        }
        if (line.empty()) continue;
        Line l = csv ? parse_csv_line(line, columns) : parse_json_line(line);
        switch (l.kind) {
            case Line::Study:
                ++st.study_lines;
                if (on_study) on_study(l.study);
                break;
            case Line::Record:
                ++st.records;
                if (on_record) on_record(l.record);
                break;
            case Line::Header: break;
            case Line::Bad:
                throw StudyError(printable_line(path, 200) + ":" + std::to_string(lineno) +
                                 ": not a pyramid stats record (" + l.why + "): " + excerpt(line, 80));
        }
    }
    return st;
}

int match_record(const StudySpec& spec, const StudyRecord& r) {
    const Seed first = spec.deals.first_id();
    // The distance in 128 bits: a seed 2^64 or more past the first is not a deal of the study.
    if (r.seed < first || r.seed.value - first.value >= spec.deals.count()) return -1;
    const uint64_t deal_index = r.seed - first;
    if (!spec.deal_in_shard(deal_index)) return -1;
    if (r.deal.has_value() != spec.deals.from_file) return -1;
    if (r.measured != spec.measures) return -1;    // a --measures study's records carry measures
    if (r.player != spec.player) return -1;        // another player's study (or the thoughtful one)
    if (r.challenge != spec.challenge) return -1;  // another challenge's study (or none)
    if (r.opt.has != parse_optimum_player(spec.player).has_value())
        return -1;  // an optimum study's records carry the optimum
    if (spec.deals.from_file && !spec.deals.cards[deal_index].empty() && *r.deal != spec.deals.cards[deal_index])
        return -1;
    for (size_t c = 0; c < spec.combos.size(); ++c)
        if (same_rules(spec.combos[c], r.rules)) return static_cast<int>(c);
    return -1;
}

// ---------------------------------------------------------------- the checkpoint

RecordFile::RecordFile(const std::string& path, const StudySpec& spec,
                       const std::function<bool(const StudyRecord&)>& on_resumed)
    : spec_(spec), path_(path), csv_(ends_with(path, ".csv")), last_sync_(std::chrono::steady_clock::now()) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw StudyError("cannot open --out file '" + path + "': " + errno_text());
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd_);
        throw StudyError("--out file '" + path + "' is in use by another running study");
    }
    try {
        // Read the complete lines; `good` ends just after the last good one.
        std::optional<LineReader> reader;
        open_lines(reader, path, "--out file");
        LineReader& in = *reader;
        in.keep_carriage_returns();  // byte offsets stay exact
        const std::string header = record_csv_header(spec);
        bool has_mine = false, has_header = false;
        Columns columns;
        uint64_t good = 0, offset = 0, lineno = 0;
        std::string line;
        std::string bad;  // the first line that did not parse
        uint64_t bad_line = 0;
        while (next_line(in, line)) {
            const bool complete = in.complete();  // the line ended with '\n'
            ++lineno;
            const uint64_t next = offset + line.size() + (complete ? 1 : 0);
            if (!bad.empty()) {
                // A bad line with more after it is not a torn end: refuse rather than cut records off.
                throw StudyError("--out file '" + path + "' line " + std::to_string(bad_line) +
                                 " is not a record; fix or remove that line (it is not at the end of the file)");
            }
            Line l;
            if (complete) l = csv_ ? parse_csv_line(line, columns) : parse_json_line(line);
            if (l.kind == Line::Header) {
                has_header = true;
                if (line != header)
                    throw StudyError("--out file '" + path + "' has the header " + excerpt(line, 200) +
                                     ", this study writes '" + header + "': use another file");
            }
            if (l.kind == Line::Bad) {
                // Only a torn start of a record may be cut off line 1: anything
                // else means --out names some other file, which is left alone.
                const bool torn_start = !complete && (csv_ ? std::string("# study {\"study\"").rfind(line, 0) == 0
                                                           : std::string("{\"study\":").rfind(line, 0) == 0 ||
                                                                 std::string("{\"seed\":").rfind(line, 0) == 0 ||
                                                                 line.rfind("{\"s", 0) == 0);
                if (lineno == 1 && !torn_start)
                    throw StudyError("--out file '" + path +
                                     "' is not a pyramid stats record file (line 1: " + excerpt(line, 60) + ")");
                bad = line.empty() ? std::string("(empty line)") : line;
                bad_line = lineno;
                offset = next;
                continue;
            }
            good = offset = next;
            if (l.kind == Line::Study) {
                has_mine |= same_study_line(l.study, spec);
                continue;
            }
            if (l.kind != Line::Record) continue;
            const int combo = match_record(spec, l.record);
            if (combo < 0) {
                ++ignored_;
                continue;
            }
            l.record.combo = static_cast<uint32_t>(combo);
            if (on_resumed(l.record)) ++resumed_;
            else ++ignored_;
        }
        struct stat st {};
        if (::fstat(fd_, &st) != 0) throw StudyError("cannot read --out file '" + path + "': " + errno_text());
        const uint64_t size = static_cast<uint64_t>(st.st_size);
        if (size > good) {
            // A torn last line (killed mid-write, or power lost): cut it off; its deal is redone.
            torn_bytes_ = size - good;
            if (::ftruncate(fd_, static_cast<off_t>(good)) != 0)
                throw StudyError("cannot cut the torn last line off '" + path + "': " + errno_text());
        }
        // This study's line (and, in a new CSV file, the header after it).
        std::string start;
        if (!has_mine) start += study_line(spec, csv_);
        if (csv_ && !has_header) start += header + "\n";
        if (!start.empty()) write_all(start);
        if (torn_bytes_ > 0 || !start.empty()) ::fsync(fd_);
    } catch (...) {
        ::close(fd_);
        throw;
    }
}

RecordFile::~RecordFile() {
    if (fd_ >= 0) {
        ::fsync(fd_);
        ::close(fd_);  // releases the lock
    }
}

void RecordFile::write_all(const std::string& s) {
    const ssize_t n = ::write(fd_, s.data(), s.size());
    if (n != static_cast<ssize_t>(s.size()))
        throw StudyError("cannot write to --out file '" + path_ +
                         "': " + (n < 0 ? errno_text() : std::string("short write")));
}

void RecordFile::append(const StudyRecord& r) {
    const std::string l = record_line(spec_, r, csv_);
    std::lock_guard lock(mu_);
    // One write() of the whole line: with O_APPEND it lands at the end in one
    // piece; a process killed meanwhile leaves at worst a torn last line.
    write_all(l);
    dirty_ = true;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_sync_ >= std::chrono::seconds(1)) {
        ::fsync(fd_);  // against power loss; a killed process loses nothing written anyway
        last_sync_ = now;
        dirty_ = false;
    }
}

void RecordFile::sync() {
    std::lock_guard lock(mu_);
    if (dirty_) ::fsync(fd_);
    dirty_ = false;
    last_sync_ = std::chrono::steady_clock::now();
}

}  // namespace pyr
