#include "study/study.h"
#include "solver/search_util.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <sstream>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/info.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "engine/board.h"
#include "engine/deal_source.h"
#include "engine/input.h"

namespace pyr {

// ---------------------------------------------------------------- statistics

std::optional<Interval> wilson_interval(uint64_t successes, uint64_t n, double z) {
    if (n == 0) return std::nullopt;
    const double nn = static_cast<double>(n);
    const double p = static_cast<double>(successes) / nn;
    const double z2 = z * z;
    const double denom = 1 + z2 / nn;
    const double center = (p + z2 / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denom;
    // Clamp the rounding noise at the ends (0/n gives low = 0 exactly in real numbers).
    return Interval{std::max(0.0, center - half), std::min(1.0, center + half)};
}

// ---------------------------------------------------------------- the study

std::vector<Variant> study_combos(const std::vector<std::string>& names, const std::vector<int>& passes) {
    if (names.empty()) throw StudyError("no variant given");
    for (size_t i = 0; i < passes.size(); ++i)
        for (size_t j = 0; j < i; ++j)
            if (passes[i] == passes[j]) throw StudyError("passes value '" + passes_text(passes[i]) + "' given twice");
    std::vector<Variant> out;
    for (size_t i = 0; i < names.size(); ++i) {
        for (size_t j = 0; j < i; ++j)
            if (names[i] == names[j]) throw StudyError("variant '" + names[i] + "' given twice");
        const auto v = find_preset(names[i]);
        if (!v) throw StudyError("unknown variant '" + names[i] + "'; variants: " + preset_names());
        if (passes.empty()) {
            out.push_back(*v);
            continue;
        }
        for (int p : passes) {
            Variant c = *v;
            c.passes = p;
            try {
                c.validate();
            } catch (const std::invalid_argument& e) {
                throw StudyError(std::string(e.what()) + "; leave it out of --variant or --passes");
            }
            out.push_back(c);
        }
    }
    return out;
}

namespace {

// Parses a whole unsigned decimal number; nullopt on anything else.
std::optional<uint64_t> parse_u64(const std::string& s) {
    if (s.empty() || s.size() > 20) return std::nullopt;
    uint64_t v = 0;
    for (char c : s) {
        if (c < '0' || c > '9') return std::nullopt;
        const uint64_t d = static_cast<uint64_t>(c - '0');
        if (v > (UINT64_MAX - d) / 10) return std::nullopt;
        v = v * 10 + d;
    }
    return v;
}

}  // namespace

StudyDeals seeds_range(const std::string& text) {
    const auto dash = text.find('-');
    const std::string a = dash == std::string::npos ? text : text.substr(0, dash);
    const std::string b = dash == std::string::npos ? text : text.substr(dash + 1);
    const auto first = parse_u64(a), last = parse_u64(b);
    if (!first || !last)
        throw StudyError("bad seed range '" + text + "': expected A-B with whole numbers 1 <= A <= B < 2^64");
    if (*first < 1) throw StudyError("bad seed range '" + text + "': seeds start at 1");
    if (*last < *first) throw StudyError("bad seed range '" + text + "': the last seed is below the first");
    if (*last - *first >= kMaxStudyDeals)
        throw StudyError("bad seed range '" + text + "': at most " + std::to_string(kMaxStudyDeals) + " deals");
    StudyDeals d;
    d.first = *first;
    d.last = *last;
    return d;
}

StudyDeals read_deals_file(const std::string& path, const std::vector<Variant>& combos) {
    const DeckKind deck = combos.at(0).deck;
    for (const auto& c : combos)
        if (c.deck != deck) throw StudyError("--deals-file needs variants that use the same deck");
    StudyDeals d;
    d.from_file = true;
    // Read line by line, each line bounded (engine/input.h); every line is
    // read by the one deal reader (engine/deal_source.h) that --deal-file uses.
    try {
        LineReader in(path, "--deals-file");
        const std::string where = "deals file " + excerpt(path, 200) + " line ";
        for (std::string line; in.next(line);) {
            const auto start = line.find_first_not_of(" \t\r");
            if (start == std::string::npos || line[start] == '#') continue;
            if (d.cards.size() >= kMaxStudyDeals)
                throw StudyError(where + std::to_string(in.lineno()) + ": more than " +
                                 std::to_string(kMaxStudyDeals) + " deals");
            std::string canonical;
            try {
                const std::vector<Card> cards = read_deal_cards(deck, line);
                for (const auto& c : combos) {
                    const Deal deal = make_deal(c, cards);
                    if (canonical.empty()) canonical = compact(deal);
                }
            } catch (const ParseError& e) {
                throw StudyError(where + std::to_string(in.lineno()) + ": bad deal: " + e.what());
            }
            d.cards.push_back(std::move(canonical));
        }
    } catch (const InputError& e) {
        throw StudyError(e.what());
    }
    if (d.cards.empty()) throw StudyError("deals file " + excerpt(path, 200) + " holds no deal");
    return d;
}

// ---------------------------------------------------------------- records

json::value passes_json(int passes) {
    if (passes == 0) return json::value("unlimited");
    return json::value(static_cast<int64_t>(passes));
}

json::object record_json(const StudySpec& spec, const StudyRecord& r) {
    const Variant& v = spec.combos.at(r.combo);
    json::object o;
    o["seed"] = r.seed;
    o["variant"] = v.name;
    o["passes"] = passes_json(v.passes);
    o["verdict"] = verdict_text(r.verdict);
    // null unless a win of known length (with --optimal: proved shortest).
    if (r.verdict == Verdict::Win && r.moves >= 0) o["moves"] = r.moves;
    else o["moves"] = nullptr;
    o["states"] = r.states;
    o["seconds"] = r.seconds;
    if (spec.deals.from_file) o["deal"] = spec.deals.cards.at(r.seed - 1);
    return o;
}

std::string record_csv_header(const StudySpec& spec) {
    return spec.deals.from_file ? "seed,variant,passes,verdict,moves,states,seconds,deal"
                                : "seed,variant,passes,verdict,moves,states,seconds";
}

std::string record_csv(const StudySpec& spec, const StudyRecord& r) {
    const Variant& v = spec.combos.at(r.combo);
    char secs[32];
    std::snprintf(secs, sizeof secs, "%.6f", r.seconds);
    std::string s = std::to_string(r.seed) + "," + v.name + "," + passes_text(v.passes) + "," +
                    verdict_text(r.verdict) + "," + (r.verdict == Verdict::Win && r.moves >= 0 ? std::to_string(r.moves) : "") + "," +
                    std::to_string(r.states) + "," + secs;
    if (spec.deals.from_file) s += "," + spec.deals.cards.at(r.seed - 1);
    return s;
}

namespace {

std::optional<Verdict> parse_verdict(std::string_view s) {
    if (s == "win") return Verdict::Win;
    if (s == "lose") return Verdict::Lose;
    if (s == "intractable") return Verdict::Intractable;
    return std::nullopt;
}

// The fields of a record line, before it is matched against the study.
struct RawRecord {
    uint64_t seed = 0;
    std::string variant;
    int passes = 0;
    Verdict verdict = Verdict::Lose;
    int32_t moves = -1;
    uint64_t states = 0;
    double seconds = 0;
    std::optional<std::string> deal;
};

std::optional<RawRecord> parse_json_record(const std::string& line) {
    boost::system::error_code ec;
    const json::value v = json::parse(line, ec);
    if (ec || !v.is_object()) return std::nullopt;
    const json::object& o = v.as_object();
    try {
        RawRecord r;
        r.seed = o.at("seed").to_number<uint64_t>();
        r.variant = std::string(o.at("variant").as_string());
        const json::value& p = o.at("passes");
        if (p.is_string()) {
            if (p.as_string() != "unlimited") return std::nullopt;
            r.passes = 0;
        } else {
            r.passes = p.to_number<int>();
            if (r.passes < 1) return std::nullopt;
        }
        const auto verdict = parse_verdict(o.at("verdict").as_string());
        if (!verdict) return std::nullopt;
        r.verdict = *verdict;
        const json::value& m = o.at("moves");
        if (r.verdict == Verdict::Win && !m.is_null()) {
            r.moves = m.to_number<int32_t>();
            if (r.moves < 0) return std::nullopt;
        } else if (!m.is_null()) {
            return std::nullopt;
        }
        r.states = o.at("states").to_number<uint64_t>();
        r.seconds = o.at("seconds").to_number<double>();
        if (const auto* d = o.if_contains("deal")) r.deal = std::string(d->as_string());
        return r;
    } catch (const std::exception&) {  // missing key, wrong type, number out of range
        return std::nullopt;
    }
}

std::optional<RawRecord> parse_csv_record(const std::string& line, bool with_deal) {
    std::vector<std::string> f;
    std::string cur;
    for (char c : line) {
        if (c == ',') {
            f.push_back(cur);
            cur.clear();
        } else {
            cur += c;
        }
    }
    f.push_back(cur);
    if (f.size() != (with_deal ? 8u : 7u)) return std::nullopt;
    RawRecord r;
    const auto seed = parse_u64(f[0]);
    const auto states = parse_u64(f[5]);
    const auto verdict = parse_verdict(f[3]);
    if (!seed || !states || !verdict) return std::nullopt;
    r.seed = *seed;
    r.states = *states;
    r.verdict = *verdict;
    r.variant = f[1];
    try {
        r.passes = parse_passes(f[2]);
    } catch (const std::invalid_argument&) {
        return std::nullopt;
    }
    if (r.verdict == Verdict::Win && !f[4].empty()) {
        const auto m = parse_u64(f[4]);
        if (!m || *m > 100000) return std::nullopt;
        r.moves = static_cast<int32_t>(*m);
    } else if (!f[4].empty()) {
        return std::nullopt;
    }
    char* end = nullptr;
    r.seconds = std::strtod(f[6].c_str(), &end);
    if (f[6].empty() || *end != '\0') return std::nullopt;
    if (with_deal) r.deal = f[7];
    return r;
}

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

std::string errno_text() { return std::strerror(errno); }

}  // namespace

RecordFile::RecordFile(const std::string& path, const StudySpec& spec)
    : spec_(spec), path_(path), csv_(ends_with(path, ".csv")), last_sync_(std::chrono::steady_clock::now()) {
    fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (fd_ < 0) throw StudyError("cannot open --out file '" + path + "': " + errno_text());
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
        ::close(fd_);
        throw StudyError("--out file '" + path + "' is in use by another running study");
    }
    try {
        // Read the complete lines; `good` ends just after the last good one.
        std::ifstream in(path, std::ios::binary);
        const std::string header = record_csv_header(spec);
        std::vector<std::vector<bool>> seen(spec.combos.size(), std::vector<bool>(spec.deals.count()));
        uint64_t good = 0, offset = 0, lineno = 0, records = 0;
        std::string line;
        std::string bad;          // the first line that did not parse
        uint64_t bad_line = 0;
        while (std::getline(in, line)) {
            const bool complete = !in.eof();  // the line ended with '\n'
            ++lineno;
            const uint64_t next = offset + line.size() + (complete ? 1 : 0);
            if (!bad.empty()) {
                // A bad line with more after it is not a torn end: refuse rather than cut records off.
                throw StudyError("--out file '" + path + "' line " + std::to_string(bad_line) +
                                 " is not a record; fix or remove that line (it is not at the end of the file)");
            }
            std::optional<RawRecord> r;
            bool ok = complete;
            if (ok && csv_ && lineno == 1) {
                ok = line == header;
                if (!ok && line.rfind("seed,", 0) == 0)
                    throw StudyError("--out file '" + path + "' has the header '" + line + "', this study writes '" +
                                     header + "': use another file");
            } else if (ok) {
                r = csv_ ? parse_csv_record(line, spec.deals.from_file) : parse_json_record(line);
                ok = r.has_value();
            }
            if (!ok) {
                // Only a torn start of a record may be cut off line 1: anything
                // else means --out names some other file, which is left alone.
                const std::string start = csv_ ? header : std::string("{\"seed\":");
                const bool torn_start = !complete && (csv_ ? start.rfind(line, 0) == 0
                                                           : start.rfind(line, 0) == 0 || line.rfind(start, 0) == 0);
                if (lineno == 1 && !torn_start)
                    throw StudyError("--out file '" + path + "' is not a pyramid stats record file (line 1: '" +
                                     line.substr(0, 60) + "')");
                bad = line.empty() ? std::string("(empty line)") : line;
                bad_line = lineno;
                offset = next;
                continue;
            }
            good = offset = next;
            if (!r) continue;  // the CSV header
            ++records;
            // Is it part of this study?
            int combo = -1;
            for (size_t c = 0; c < spec.combos.size(); ++c)
                if (spec.combos[c].name == r->variant && spec.combos[c].passes == r->passes) combo = static_cast<int>(c);
            const uint64_t first = spec.deals.first_id();
            const bool in_range = r->seed >= first && r->seed - first < spec.deals.count();
            bool part = combo >= 0 && in_range && r->deal.has_value() == spec.deals.from_file;
            if (part && spec.deals.from_file) part = *r->deal == spec.deals.cards[r->seed - 1];
            if (!part || seen[combo][r->seed - first]) {
                ++ignored_;
                continue;
            }
            seen[combo][r->seed - first] = true;
            StudyRecord sr;
            sr.seed = r->seed;
            sr.combo = static_cast<uint32_t>(combo);
            sr.verdict = r->verdict;
            sr.moves = r->verdict == Verdict::Win ? r->moves : -1;
            sr.states = r->states;
            sr.seconds = r->seconds;
            resumed_.push_back(sr);
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
        if (csv_ && good == 0) {
            const std::string h = header + "\n";
            if (::write(fd_, h.data(), h.size()) != static_cast<ssize_t>(h.size()))
                throw StudyError("cannot write to --out file '" + path + "': " + errno_text());
        }
        if (torn_bytes_ > 0 || (csv_ && good == 0)) ::fsync(fd_);
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

std::string RecordFile::line(const StudyRecord& r) const {
    return (csv_ ? record_csv(spec_, r) : json::serialize(record_json(spec_, r))) + "\n";
}

void RecordFile::append(const StudyRecord& r) {
    const std::string l = line(r);
    std::lock_guard lock(mu_);
    // One write() of the whole line: with O_APPEND it lands at the end in one
    // piece; a process killed meanwhile leaves at worst a torn last line.
    const ssize_t n = ::write(fd_, l.data(), l.size());
    if (n != static_cast<ssize_t>(l.size()))
        throw std::runtime_error("cannot write to --out file '" + path_ + "': " +
                                 (n < 0 ? errno_text() : std::string("short write")));
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

// ---------------------------------------------------------------- running

StudyRun run_study(const StudySpec& spec, const StudyRunOptions& opts) {
    const auto t0 = std::chrono::steady_clock::now();
    const uint64_t n_deals = spec.deals.count();
    const uint64_t n_combos = spec.combos.size();
    const uint64_t first = spec.deals.first_id();
    StudyRun run;
    run.total = n_deals * n_combos;
    run.threads = opts.threads > 0 ? opts.threads : tbb::info::default_concurrency();

    std::vector<std::vector<bool>> done(n_combos, std::vector<bool>(n_deals));
    StudyProgress progress;
    progress.total = run.total;
    auto count = [&](const StudyRecord& r) {
        ++progress.done;
        if (r.verdict == Verdict::Win) ++progress.wins;
        else if (r.verdict == Verdict::Lose) ++progress.losses;
        else ++progress.intractable;
    };
    if (opts.out) {
        run.records = opts.out->resumed();
        for (const auto& r : run.records) {
            done[r.combo][r.seed - first] = true;
            count(r);
        }
    }
    run.resumed = run.records.size();

    std::mutex mu;  // guards run.records, progress and the progress callback
    tbb::enumerable_thread_specific<Solver> solvers;
    auto solve_one = [&](uint64_t task) {
        // Deal-major order: every combo of deal 1, then of deal 2, ...
        const uint64_t deal_index = task / n_combos;
        const uint32_t combo = static_cast<uint32_t>(task % n_combos);
        if (done[combo][deal_index]) return;
        const Variant& v = spec.combos[combo];
        const uint64_t seed = first + deal_index;
        const Deal deal = spec.deals.from_file ? parse_deal(v, spec.deals.cards[deal_index])
                                               : deal_from_seed(v, std::to_string(seed));
        SolveOptions so;
        so.max_states = spec.max_states;
        so.optimal = spec.optimal;
        so.stop = opts.stop;
        Solver& solver = solvers.local();
        const SolveResult res = solver.solve(Board(deal), so);
        // The solver keeps its table's capacity between deals, and clearing
        // it costs time in proportion to that capacity: after a large search
        // every small deal would pay for it (a 30M-state table takes ~10 ms
        // to clear, 10 times a classic deal). Give the memory back instead.
        if (res.interrupted) return;  // abandoned: redone on resume
        StudyRecord r;
        r.seed = seed;
        r.combo = combo;
        r.verdict = res.verdict;
        // With --optimal only a length proved shortest is a minimum move count
        // (a budget can stop the shortest search after the win is proved).
        const bool length_known = res.verdict == Verdict::Win && (!spec.optimal || res.optimal);
        r.moves = length_known ? static_cast<int32_t>(res.solution.size()) : -1;
        r.states = res.states;
        r.seconds = res.seconds;
        if (opts.out) opts.out->append(r);  // outside `mu`: the file has its own lock
        std::lock_guard lock(mu);
        run.records.push_back(r);
        ++run.solved_now;
        count(r);
        ++progress.done_now;
        if (opts.progress) {
            progress.seconds = seconds_since(t0);
            opts.progress(progress);
        }
    };
    auto stopped = [&] { return opts.stop && opts.stop->load(std::memory_order_relaxed); };

    // Tasks are handed out in order from one counter, so the deals done at
    // any moment are (nearly) a prefix of the study: an interrupted study's
    // partial summary covers the first seeds of every combo. Each of the
    // parallel_for's `threads` bodies takes tasks until none is left (if TBB
    // ran two bodies on one thread, the second would find nothing to do).
    std::atomic<uint64_t> next{0};
    tbb::task_arena arena(run.threads);
    arena.execute([&] {
        tbb::parallel_for(
            0, run.threads,
            [&](int) {
                for (uint64_t t; !stopped() && (t = next.fetch_add(1, std::memory_order_relaxed)) < run.total;)
                    solve_one(t);
            },
            tbb::simple_partitioner());
    });
    if (opts.out) opts.out->sync();

    std::sort(run.records.begin(), run.records.end(), [](const StudyRecord& a, const StudyRecord& b) {
        return a.combo != b.combo ? a.combo < b.combo : a.seed < b.seed;
    });
    run.interrupted = run.records.size() < run.total;
    run.wall_seconds = seconds_since(t0);
    return run;
}

// ---------------------------------------------------------------- summaries

std::vector<StudySummary> summarize(const StudySpec& spec, std::vector<StudyRecord> records) {
    std::sort(records.begin(), records.end(), [](const StudyRecord& a, const StudyRecord& b) {
        return a.combo != b.combo ? a.combo < b.combo : a.seed < b.seed;
    });
    std::vector<StudySummary> out(spec.combos.size());
    std::vector<std::vector<int>> moves(spec.combos.size());
    for (size_t c = 0; c < spec.combos.size(); ++c) {
        out[c].variant = spec.combos[c].name;
        out[c].passes = spec.combos[c].passes;
        out[c].planned = spec.deals.count();
    }
    for (const auto& r : records) {
        StudySummary& s = out.at(r.combo);
        ++s.deals;
        if (r.verdict == Verdict::Win) {
            ++s.wins;
            if (r.moves >= 0) moves[r.combo].push_back(r.moves);  // a win of unknown length has none
        } else if (r.verdict == Verdict::Lose) {
            ++s.losses;
        } else {
            ++s.intractable;
        }
        s.states_total += r.states;
        s.states_max = std::max(s.states_max, r.states);
        s.seconds += r.seconds;
    }
    for (size_t c = 0; c < out.size(); ++c) {
        StudySummary& s = out[c];
        const uint64_t decided = s.wins + s.losses;
        if (decided > 0) s.win_rate = static_cast<double>(s.wins) / static_cast<double>(decided);
        s.ci95 = wilson_interval(s.wins, decided);
        if (s.deals > 0) s.states_mean = static_cast<double>(s.states_total) / static_cast<double>(s.deals);
        if (s.seconds > 0) s.deals_per_second = static_cast<double>(s.deals) / s.seconds;
        auto& m = moves[c];
        std::sort(m.begin(), m.end());
        MovesStats& ms = s.moves;
        ms.count = m.size();
        if (!m.empty()) {
            double sum = 0;
            for (int x : m) {
                sum += x;
                ++ms.histogram[x];
            }
            ms.mean = sum / static_cast<double>(m.size());
            const size_t h = m.size() / 2;
            ms.median = m.size() % 2 ? m[h] : (m[h - 1] + m[h]) / 2.0;
            ms.min = m.front();
            ms.max = m.back();
        }
    }
    return out;
}

}  // namespace pyr
