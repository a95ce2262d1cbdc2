#include "study/records.h"
#include "engine/input.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>

namespace pyr {

// ---------------------------------------------------------------- writing

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

namespace {

// The numeric measure fields of a record, read the same from JSON Lines and
// CSV: `num(key)` gives the field as a number, -1 when it is empty (null).
template <class Num>
void read_measure_numbers(RecordMeasures& m, Num&& num) {
    m.shortest = static_cast<int32_t>(num("shortest"));
    m.winning_first = static_cast<int16_t>(std::min(30000.0, num("winning_first_moves")));
    m.legal_first = static_cast<int16_t>(std::min(30000.0, num("legal_first_moves")));
    m.critical = static_cast<int16_t>(std::min(30000.0, num("critical_positions")));
    m.crossroads = static_cast<int16_t>(std::min(30000.0, num("crossroads")));
    m.casual_wins = static_cast<int32_t>(num("casual_wins"));
    m.casual_plays = static_cast<int32_t>(num("casual_plays"));
    m.difficulty = num("difficulty");
}
const char* grade_name(int g) {
    static const char* const kNames[4] = {"easy", "medium", "hard", "expert"};
    return g >= 0 && g < 4 ? kNames[g] : "";
}
int grade_index(std::string_view s) {
    for (int g = 0; g < 4; ++g)
        if (s == grade_name(g)) return g;
    return -2;  // not a grade
}
}  // namespace

json::value passes_json(int passes) {
    if (passes == 0) return json::value("unlimited");
    return json::value(static_cast<int64_t>(passes));
}

namespace {
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
        if (!s || !(*s > Seed(UINT64_MAX))) throw std::invalid_argument("bad seed");
        return *s;
    }
    return v.to_number<uint64_t>();
}
}  // namespace

json::object record_json(const StudySpec& spec, const StudyRecord& r) {
    const Variant& v = spec.combos.at(r.combo);
    json::object o;
    o["seed"] = seed_json(r.seed);
    o["variant"] = v.name;
    o["passes"] = passes_json(v.passes);
    o["goal"] = goal_text(v.goal);
    o["overlap"] = v.overlap;
    if (v.reserve_piles > 0) o["reserves"] = reserves_text(v.reserves_open);
    o["verdict"] = verdict_text(r.verdict);
    // null unless a win of known length (with --optimal: proved shortest).
    if (r.verdict == Verdict::Win && r.moves >= 0) o["moves"] = r.moves;
    else o["moves"] = nullptr;
    o["states"] = r.states;
    o["seconds"] = r.seconds;
    if (spec.deals.from_file) o["deal"] = spec.deals.cards.at(r.seed - 1);
    if (spec.measures) {
        const RecordMeasures& m = r.m;
        auto num = [](auto x) { return x >= 0 ? json::value(x) : json::value(nullptr); };
        o["reason"] = m.reason == ReasonCode::None ? json::value(nullptr) : json::value(reason_code_text(m.reason));
        o["shortest"] = num(m.shortest);
        o["winning_first_moves"] = num(static_cast<int>(m.winning_first));
        o["legal_first_moves"] = num(static_cast<int>(m.legal_first));
        o["critical_positions"] = num(static_cast<int>(m.critical));
        o["crossroads"] = num(static_cast<int>(m.crossroads));
        o["casual_wins"] = num(m.casual_wins);
        o["casual_plays"] = num(m.casual_plays);
        o["difficulty"] = num(m.difficulty);
        o["grade"] = m.grade >= 0 ? json::value(grade_name(m.grade)) : json::value(nullptr);
    }
    if (!spec.player.empty()) {
        o["player"] = spec.player;
        o["player_verdict"] = r.player_won ? "win" : "lose";
        if (r.player_played) o["player_moves"] = r.player_moves;
        else o["player_moves"] = nullptr;
        o["player_solves"] = r.player_solves;
        o["player_seconds"] = r.player_seconds;
    }
    return o;
}

std::string record_csv_header(const StudySpec& spec) {
    return std::string("seed,variant,passes,goal,overlap,reserves,verdict,moves,states,seconds") +
           (spec.deals.from_file ? ",deal" : "") +
           (spec.measures ? ",reason,shortest,winning_first_moves,legal_first_moves,critical_positions,crossroads,"
                            "casual_wins,casual_plays,difficulty,grade"
                          : "") +
           (spec.player.empty() ? "" : ",player,player_verdict,player_played,player_moves,player_solves,player_seconds");
}

std::string record_line(const StudySpec& spec, const StudyRecord& r, bool csv) {
    if (!csv) return json::serialize(record_json(spec, r)) + "\n";
    const Variant& v = spec.combos.at(r.combo);
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.6f", r.seconds);
    std::string s = r.seed.text() + "," + v.name + "," + passes_text(v.passes) + "," + goal_text(v.goal) +
                    "," + on_off(v.overlap) + "," + (v.reserve_piles > 0 ? reserves_text(v.reserves_open) : "") +
                    "," + verdict_text(r.verdict) + "," +
                    (r.verdict == Verdict::Win && r.moves >= 0 ? std::to_string(r.moves) : "") + "," +
                    std::to_string(r.states) + "," + secs;
    if (spec.deals.from_file) s += "," + spec.deals.cards.at(r.seed - 1);
    if (spec.measures) {
        const RecordMeasures& m = r.m;
        auto num = [](auto x) { return x >= 0 ? std::to_string(x) : std::string(); };
        char diff[32] = "";
        if (m.difficulty >= 0) std::snprintf(diff, sizeof diff, "%.6g", m.difficulty);
        s += std::string(",") + (m.reason == ReasonCode::None ? "" : reason_code_text(m.reason)) + "," +
             num(m.shortest) + "," + num(int(m.winning_first)) + "," + num(int(m.legal_first)) + "," +
             num(int(m.critical)) + "," + num(int(m.crossroads)) + "," + num(m.casual_wins) + "," +
             num(m.casual_plays) + "," + diff + "," + (m.grade >= 0 ? grade_name(m.grade) : "");
    }
    if (!spec.player.empty()) {
        char ps[32];
        std::snprintf(ps, sizeof ps, "%.6f", r.player_seconds);
        s += "," + spec.player + "," + (r.player_won ? "win" : "lose") + "," + (r.player_played ? "yes" : "no") + "," +
             r.player_moves + "," + std::to_string(r.player_solves) + "," + ps;
    }
    return s + "\n";
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

std::optional<uint64_t> parse_u64(std::string_view s) {
    uint64_t v = 0;
    if (s.empty()) return std::nullopt;
    const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

std::optional<Verdict> parse_verdict(std::string_view s) {
    if (s == "win") return Verdict::Win;
    if (s == "lose") return Verdict::Lose;
    if (s == "intractable") return Verdict::Intractable;
    return std::nullopt;
}

const Variant* preset_named(std::string_view name) {
    for (const auto& p : presets())
        if (p.name == name) return &p;
    return nullptr;
}

std::optional<int> passes_of(std::string_view s) {
    if (s == "unlimited") return 0;
    const auto n = parse_u64(s);
    if (!n || *n < 1 || *n > 1000000) return std::nullopt;
    return static_cast<int>(*n);
}

// Starts `r` from its variant's preset (rules not in the record are the preset's).
bool set_variant(ParsedRecord& r, std::string_view name) {
    r.preset = preset_named(name);
    if (!r.preset) return false;
    r.rules = *r.preset;
    return true;
}

// What one line of a record file is.
struct Line {
    enum Kind { Record, Study, Header, Bad } kind = Bad;
    ParsedRecord record;
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
            if (!st->is_object()) throw std::invalid_argument("bad study line");
            out.kind = Line::Study;
            out.study = o;
            return out;
        }
        ParsedRecord& r = out.record;
        r.seed = seed_of_json(o.at("seed"));
        if (!set_variant(r, o.at("variant").as_string())) throw std::invalid_argument("unknown variant");
        const json::value& p = o.at("passes");
        if (p.is_string()) {
            const auto n = passes_of(p.as_string());
            if (!n) throw std::invalid_argument("bad passes");
            r.rules.passes = *n;
        } else {
            r.rules.passes = p.to_number<int>();
            if (r.rules.passes < 1) throw std::invalid_argument("bad passes");
        }
        if (const auto* g = o.if_contains("goal")) r.rules.goal = parse_goal(std::string(g->as_string()));
        if (const auto* ov = o.if_contains("overlap")) r.rules.overlap = ov->as_bool();
        if (const auto* res = o.if_contains("reserves")) {
            if (res->as_string() != "open" && res->as_string() != "top") throw std::invalid_argument("bad reserves");
            r.rules.reserves_open = res->as_string() == "open";
        }
        const auto verdict = parse_verdict(o.at("verdict").as_string());
        if (!verdict) throw std::invalid_argument("unknown verdict");
        r.verdict = *verdict;
        const json::value& m = o.at("moves");
        if (r.verdict == Verdict::Win && !m.is_null()) {
            r.moves = m.to_number<int32_t>();
            if (r.moves < 0) throw std::invalid_argument("bad moves");
        } else if (!m.is_null()) {
            throw std::invalid_argument("moves without a win");
        }
        r.states = o.at("states").to_number<uint64_t>();
        r.seconds = o.at("seconds").to_number<double>();
        if (!good_seconds(r.seconds)) throw std::invalid_argument("bad seconds");
        if (const auto* d = o.if_contains("deal")) r.deal = std::string(d->as_string());
        if (const auto* g = o.if_contains("grade")) {
            r.measured = true;
            RecordMeasures& m = r.m;
            auto num = [&](const char* key) -> double {
                const json::value& x = o.at(key);
                if (x.is_null()) return -1;
                const double d = x.to_number<double>();
                if (!(d >= 0 && d <= 1e9)) throw std::invalid_argument(std::string("bad ") + key);
                return d;
            };
            const json::value& reason = o.at("reason");
            if (!reason.is_null()) {
                const auto c = parse_reason_code(reason.as_string());
                if (!c) throw std::invalid_argument("bad reason");
                m.reason = *c;
            }
            read_measure_numbers(m, num);
            if (!g->is_null()) {
                const int gi = grade_index(g->as_string());
                if (gi < 0) throw std::invalid_argument("bad grade");
                m.grade = static_cast<int8_t>(gi);
            }
        }
        if (const auto* p = o.if_contains("player")) {
            r.player = std::string(p->as_string());
            const std::string_view pv = o.at("player_verdict").as_string();
            if (pv != "win" && pv != "lose") throw std::invalid_argument("bad player_verdict");
            r.player_won = pv == "win";
            const json::value& pm = o.at("player_moves");
            r.player_played = !pm.is_null();
            if (r.player_played) r.player_moves = std::string(pm.as_string());
            r.player_solves = o.at("player_solves").to_number<uint64_t>();
            r.player_seconds = o.at("player_seconds").to_number<double>();
            if (!good_seconds(r.player_seconds)) throw std::invalid_argument("bad player_seconds");
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
        for (const char* need : {"seed", "variant", "passes", "verdict", "moves", "states", "seconds"})
            if (!columns.count(need)) {
                columns.clear();
                out.why = std::string("no column '") + need + "'";
                return out;
            }
        out.kind = Line::Header;
        return out;
    }
    if (f.size() != columns.size()) {
        out.why = "wrong number of fields";
        return out;
    }
    auto field = [&](const char* name) -> std::optional<std::string_view> {
        const auto it = columns.find(name);
        if (it == columns.end()) return std::nullopt;
        return f[it->second];
    };
    ParsedRecord& r = out.record;
    const auto seed = parse_seed(*field("seed"));
    const auto states = parse_u64(*field("states"));
    const auto verdict = parse_verdict(*field("verdict"));
    const auto passes = passes_of(*field("passes"));
    if (!seed || !states || !verdict || !passes || !set_variant(r, *field("variant"))) {
        out.why = "a bad field";
        return out;
    }
    r.seed = *seed;
    r.states = *states;
    r.verdict = *verdict;
    r.rules.passes = *passes;
    if (const auto g = field("goal"); g && !g->empty()) {
        if (*g != "pyramid" && *g != "all") return out.why = "bad goal", out;
        r.rules.goal = *g == "all" ? Goal::All : Goal::Pyramid;
    }
    if (const auto o = field("overlap"); o && !o->empty()) {
        if (*o != "on" && *o != "off") return out.why = "bad overlap", out;
        r.rules.overlap = *o == "on";
    }
    if (const auto res = field("reserves"); res && !res->empty()) {
        if (*res != "open" && *res != "top") return out.why = "bad reserves", out;
        r.rules.reserves_open = *res == "open";
    }
    const auto moves = *field("moves");
    if (r.verdict == Verdict::Win && !moves.empty()) {
        const auto m = parse_u64(moves);
        if (!m || *m > 100000) return out.why = "bad moves", out;
        r.moves = static_cast<int32_t>(*m);
    } else if (!moves.empty()) {
        return out.why = "moves without a win", out;
    }
    const std::string secs(*field("seconds"));
    char* end = nullptr;
    r.seconds = std::strtod(secs.c_str(), &end);
    if (secs.empty() || *end != '\0' || !good_seconds(r.seconds)) return out.why = "bad seconds", out;
    if (const auto d = field("deal")) r.deal = std::string(*d);
    if (const auto g = field("grade")) {
        r.measured = true;
        RecordMeasures& m = r.m;
        bool bad = false;
        auto num = [&](const char* key) -> double {
            const auto x = field(key);
            if (!x || x->empty()) return -1;
            const std::string t(*x);
            char* e = nullptr;
            const double d = std::strtod(t.c_str(), &e);
            if (*e != '\0' || !(d >= 0 && d <= 1e9)) bad = true;
            return bad ? -1 : d;
        };
        if (const auto reason = field("reason"); reason && !reason->empty()) {
            const auto c = parse_reason_code(*reason);
            if (!c) return out.why = "bad reason", out;
            m.reason = *c;
        }
        read_measure_numbers(m, num);
        if (!g->empty()) {
            const int gi = grade_index(*g);
            if (gi < 0) return out.why = "bad grade", out;
            m.grade = static_cast<int8_t>(gi);
        }
        if (bad) return out.why = "a bad measure", out;
    }
    if (const auto p = field("player"); p && !p->empty()) {
        r.player = std::string(*p);
        const auto pv = field("player_verdict"), pp = field("player_played"), pm = field("player_moves"),
                   pn = field("player_solves"), pt = field("player_seconds");
        if (!pv || !pp || !pm || !pn || !pt || (*pv != "win" && *pv != "lose") || (*pp != "yes" && *pp != "no"))
            return out.why = "bad player fields", out;
        r.player_won = *pv == "win";
        r.player_played = *pp == "yes";
        r.player_moves = std::string(*pm);
        const auto n = parse_u64(*pn);
        if (!n) return out.why = "bad player_solves", out;
        r.player_solves = *n;
        const std::string ts(*pt);
        char* e2 = nullptr;
        r.player_seconds = std::strtod(ts.c_str(), &e2);
        if (ts.empty() || *e2 != '\0' || !good_seconds(r.player_seconds)) return out.why = "bad player_seconds", out;
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

}  // namespace

ReadStats read_record_file(const std::string& path, const std::function<void(const json::object&)>& on_study,
                           const std::function<void(const ParsedRecord&)>& on_record) {
    // Read line by line, each line bounded (engine/input.h: a directory or
    // /dev/zero is an error, not a hang).
    std::optional<LineReader> reader;
    try {
        reader.emplace(path, "record file", kMaxRecordLineBytes);
    } catch (const InputError& e) {
        throw StudyError(e.what());
    }
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
        const Line l = csv ? parse_csv_line(line, columns) : parse_json_line(line);
        switch (l.kind) {
            case Line::Study:
                ++st.study_lines;
                if (on_study) on_study(l.study);
                break;
            case Line::Record:
                ++st.records;
                if (on_record) on_record(l.record);
                break;
            case Line::Header:
                break;
            case Line::Bad:
                throw StudyError(printable_line(path, 200) + ":" + std::to_string(lineno) + ": not a pyramid stats record (" +
                                 l.why + "): " + excerpt(line, 80));
        }
    }
    return st;
}

StudyRecord study_record(const ParsedRecord& r, uint32_t combo) {
    StudyRecord s;
    s.seed = r.seed;
    s.combo = combo;
    s.verdict = r.verdict;
    s.moves = r.verdict == Verdict::Win ? r.moves : -1;
    s.states = r.states;
    s.seconds = r.seconds;
    s.measured = r.measured;
    s.m = r.m;
    s.player_won = r.player_won;
    s.player_played = r.player_played;
    s.player_moves = r.player_moves;
    s.player_solves = r.player_solves;
    s.player_seconds = r.player_seconds;
    return s;
}

int match_record(const StudySpec& spec, const ParsedRecord& r) {
    const Seed first = spec.deals.first_id();
    if (r.seed < first || r.seed - first >= spec.deals.count()) return -1;
    const uint64_t deal_index = r.seed - first;
    if (!spec.deal_in_shard(deal_index)) return -1;
    if (r.deal.has_value() != spec.deals.from_file) return -1;
    if (r.measured != spec.measures) return -1;  // a --measures study's records carry measures
    if (r.player != spec.player) return -1;  // another player's study (or the thoughtful one)
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
        try {
            reader.emplace(path, "--out file", kMaxRecordLineBytes);
        } catch (const InputError& e) {
            throw StudyError(e.what());
        }
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
                const bool torn_start =
                    !complete && (csv_ ? std::string("# study {\"study\"").rfind(line, 0) == 0
                                       : std::string("{\"study\":").rfind(line, 0) == 0 ||
                                             std::string("{\"seed\":").rfind(line, 0) == 0 ||
                                             line.rfind("{\"s", 0) == 0);
                if (lineno == 1 && !torn_start)
                    throw StudyError("--out file '" + path + "' is not a pyramid stats record file (line 1: " +
                                     excerpt(line, 60) + ")");
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
            const StudyRecord sr = study_record(l.record, static_cast<uint32_t>(combo));
            if (on_resumed(sr)) ++resumed_;
            else ++ignored_;
        }
        struct stat st{};
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
        throw StudyError("cannot write to --out file '" + path_ + "': " +
                         (n < 0 ? errno_text() : std::string("short write")));
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
