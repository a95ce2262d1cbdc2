// pyramid_solver._core: the C++ half of the Python module (pybind11). It sits
// on api/ (rules, deals, moves, verify, solve: the contracts of the command
// line; studies and merges: api/study.h), report/ (the answers as `pyramid`
// writes them) and on study/ (a study's definition, the runner seam
// solve_tasks, the record file). python/pyramid_solver/__init__.py turns
// Python arguments into the strings the command line takes and wraps the
// answers in classes.
//
// The GIL is released while C++ works (solve, a study's workers, reading
// record files); Ctrl-C reaches a long solve through the search's progress
// callback and a study through its iterator's wait, both of which set the
// runner's stop flag and raise KeyboardInterrupt.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <map>
#include <condition_variable>
#include <exception>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <unordered_map>
#include <vector>

#include "api/api.h"
#include "api/results.h"
#include "api/study.h"
#include "engine/build_info.h"
#include "engine/card.h"
#include "engine/input.h"
#include "engine/rules.h"
#include "engine/internal_error.h"
#include "engine/table.h"
#include "report/board_text.h"
#include "report/deal.h"
#include "report/odds.h"
#include "report/solve.h"
#include "report/summary.h"
#include "study/provenance.h"
#include "study/records.h"
#include "study/runner.h"
#include "study/study.h"

namespace py = pybind11;

namespace pyr::python {
namespace {

// ---------------------------------------------------------------- JSON to Python

py::object to_python(const json::value& v) {
    switch (v.kind()) {
        case json::kind::null: return py::none();
        case json::kind::bool_: return py::bool_(v.get_bool());
        case json::kind::int64: return py::int_(v.get_int64());
        case json::kind::uint64: return py::int_(v.get_uint64());
        case json::kind::double_: return py::float_(v.get_double());
        case json::kind::string: return py::str(std::string(v.get_string()));
        case json::kind::array: {
            py::list l;
            for (const auto& x : v.get_array()) l.append(to_python(x));
            return l;
        }
        case json::kind::object: {
            py::dict d;
            for (const auto& [k, x] : v.get_object()) d[py::str(std::string(k))] = to_python(x);
            return d;
        }
    }
    return py::none();
}

py::object seed_python(Seed s) {
    if (s.fits_u64()) return py::int_(s.u64());
    return py::reinterpret_steal<py::object>(PyLong_FromString(s.text().c_str(), nullptr, 10));
}

// ---------------------------------------------------------------- rules and deals

// A rule override's value from Python, as the command line would spell it:
// a str as it is, an int as its digits, float('inf') as 'unlimited', a bool
// as the rule's JSON reads it (overlap=True is 'on'; passes=True is an error).
std::string rule_value(const std::string& key, const py::handle& x, bool list) {
    const RuleDescriptor* d = find_rule(key);
    if (!d) throw api::Error("unknown rule " + excerpt(key) + " (" + rule_keys_text() + ")");
    if (py::isinstance<py::bool_>(x)) {
        if (const auto t = d->from_json(json::value(x.cast<bool>()))) return *t;
        throw api::Error(d->must_be(list) + " (got " + std::string(py::repr(x)) + ")");
    }
    if (py::isinstance<py::float_>(x) && std::isinf(x.cast<double>()) && x.cast<double>() > 0) return "unlimited";
    return std::string(py::str(x));
}

// The variant and the overrides given (a dict key -> value; None keeps the preset's).
api::Rules make_rules(const std::string& variant, const py::dict& overrides) {
    api::Rules r;
    r.preset = variant;
    for (const auto& [k, x] : overrides)
        if (!x.is_none()) r.set(std::string(py::str(k)), rule_value(std::string(py::str(k)), x, false));
    return r;
}

// A deal and the rules it was dealt for (a seed deals other cards under another deck).
struct PyDeal {
    api::Rules rules;
    api::LoadedDeal loaded;
    const Variant& variant() const { return loaded.deal.variant; }
};

PyDeal deal_from(const api::Rules& rules, const std::optional<std::string>& seed,
                 const std::optional<std::string>& text) {
    const Variant v = api::make_variant(rules);
    if (seed) return {rules, api::deal_from_seed(v, *seed)};
    if (text) return {rules, api::deal_from_text(v, *text)};
    throw api::Error("no deal given: a seed or the cards");
}

// The variant and every rule of the schema as JSON writes it (None where the
// preset does not take it); a newer rule that shows only where it is not the
// preset's own (engine/rules.h: RuleDescriptor::shown, the scoring) only there.
py::object rule_python(const RuleDescriptor& d, const Variant& v) {
    return d.names(v) ? to_python(d.to_json(d.get(v))) : py::none();
}

py::dict rules_dict(const Variant& v) {
    py::dict d;
    d["variant"] = v.name;
    for (const auto& r : rule_table())
        if (!r.shown || r.names(v)) d[py::str(r.key)] = rule_python(r, v);
    return d;
}

std::string deal_repr(const PyDeal& d) {
    std::string s = "Deal(variant='" + d.variant().name + "'";
    if (!d.loaded.seed.empty()) s += ", seed='" + d.loaded.seed + "'";
    return s + ", cards='" + compact(d.loaded.deal) + "')";
}

// ---------------------------------------------------------------- solve

// One api::Session (one Solver, reused between calls); a lock keeps two
// Python threads from using it at once while the GIL is released.
struct PySolver {
    api::Session session;
    std::mutex mu;
};

py::dict solve(PySolver& solver, const PyDeal& d, const std::optional<std::string>& moves, bool optimal, bool hint,
               bool best_score, bool reason, bool measures, int casual_plays, uint64_t max_states, uint64_t max_memory,
               const py::object& progress, const std::optional<std::string>& challenge, std::optional<int> target,
               int current, std::optional<int> deals_left, bool optimum, uint64_t optimum_states) {
    const Variant& v = d.variant();
    // The command line's refusals (cli/cmd_solve.cpp), with its words.
    if (hint && optimal)
        throw api::Error("give only one of --hint and --optimal (--hint's move is from a shortest solution already)");
    if (hint && best_score)
        throw api::Error("give only one of --hint and --best-score (a hint is the next move of a win; the best "
                         "score is a lost deal's)");
    std::vector<Move> played;
    if (moves) played = api::parse_moves(v, *moves);
    api::Request req;
    req.optimal = optimal;
    req.hint = hint;
    req.best_score = best_score;
    req.reason = reason;
    req.measures = measures;
    if (casual_plays < 1 || casual_plays > 100000) throw api::Error("casual_plays must be from 1 to 100000");
    req.casual_plays = casual_plays;
    req.unicode = false;  // cards in reason texts in the notation, as `solve --format json` writes them
    req.limits.max_states = max_states;
    req.limits.max_memory = max_memory;
    req.nopeek_optimum = optimum;  // with cards not seen: the no-peek optimum (`solve --nopeek-optimum`)
    req.nopeek_optimum_states = optimum_states;
    if (challenge) {  // `--challenge KIND --target N --current N --deals-left D`
        if (moves) throw api::Error("a challenge is answered from the deal's start: it does not take moves");
        if (hint) throw api::Error("hint does not apply with a challenge (the challenge's lines are the answer)");
        req.challenge = api::ChallengeRequest{*challenge, target, current, deals_left};
    } else if (target || current || deals_left) {
        throw api::Error("target, current and deals_left need a challenge");
    }
    std::atomic<bool> stop{false};
    req.limits.stop = &stop;
    // Every 2^20 positions: the caller's progress(states), then Ctrl-C. A
    // Python exception (KeyboardInterrupt, or one raised by progress) stops
    // the search and is raised once it has returned.
    std::optional<py::error_already_set> raised;
    req.limits.progress = [&](uint64_t states) {
        py::gil_scoped_acquire gil;
        if (raised) return;
        try {
            if (!progress.is_none()) progress(states);
            if (PyErr_CheckSignals() != 0) throw py::error_already_set();
        } catch (py::error_already_set& e) {
            raised.emplace(std::move(e));
            stop.store(true);
        }
    };
    api::Answer a;
    {
        py::gil_scoped_release nogil;
        std::lock_guard lock(solver.mu);
        try {
            a = solver.session.solve(d.loaded.deal, played, req);
        } catch (const InternalError& e) {  // a bug: name the deal, as the CLI does
            throw InternalError("on the deal --variant " + v.name + " --deal " + compact(d.loaded.deal) +
                                (moves ? " --moves '" + *moves + "'" : std::string()) + ": " + e.what());
        }
    }
    if (raised) throw std::move(*raised);
    return to_python(solve_json(d.loaded, played, moves.has_value(), req, a));
}

// ---------------------------------------------------------------- odds

// `pyramid odds [--optimal] --format json` (report/odds.h: the odds over the
// orders of the cards not seen; with optimal, the key `optimal` of issue 39
// and, where not exact, its `estimates`), through api::Session as the
// command line asks it (api::Session::optimal_answer).
py::dict odds(PySolver& solver, const PyDeal& d, const std::optional<std::string>& moves, uint64_t samples,
              uint64_t rng_seed, uint64_t exact_limit, uint64_t max_states, uint64_t max_memory, bool optimal,
              uint64_t optimal_states, std::optional<int> optimal_max_unseen, const std::string& policy,
              uint64_t policy_orders, int threads) {
    api::LoadedDeal ld = d.loaded;
    std::vector<Move> played;
    if (moves) played = api::odds_moves(ld.deal, *moves, "bad moves");  // as `odds --moves`
    if (samples < 1 || samples > 10'000'000) throw api::Error("samples must be from 1 to 10000000");
    if (exact_limit > 1'000'000'000) throw api::Error("exact_limit must be at most 1000000000");
    if (optimal_states < 1) throw api::Error("optimal_states must be at least 1");
    if (optimal_max_unseen && (*optimal_max_unseen < 0 || *optimal_max_unseen > 32))
        throw api::Error("optimal_max_unseen must be from 0 to 32, or None (auto)");
    if (policy_orders > 1'000'000) throw api::Error("policy_orders must be at most 1000000");
    if (threads < 0 || threads > 4096) throw api::Error("threads must be from 1 to 4096, or 0 for every core");
    api::OddsOptions o;
    o.samples = samples;
    o.rng_seed = rng_seed;
    o.exact_limit = exact_limit;
    o.limits.max_states = max_states;
    o.limits.max_memory = max_memory;
    api::OptimalAsk ask;
    ask.states = optimal_states;
    if (optimal_max_unseen) ask.max_unseen = static_cast<size_t>(*optimal_max_unseen);
    ask.estimates.player = policy;
    ask.estimates.orders = policy_orders;
    ask.estimates.rng_seed = rng_seed;
    ask.threads = threads;
    if (optimal)
        if (const auto why = api::policy_error(policy)) throw api::Error("policy: " + *why);
    std::optional<api::Odds> r;
    std::optional<api::OptimalAnswer> best;
    {
        py::gil_scoped_release nogil;
        std::lock_guard lock(solver.mu);
        r = solver.session.odds(ld.deal, played, o, optimal);  // as `odds --optimal`
        if (optimal) best = solver.session.optimal_answer(ld.deal, played, *r, ask, o.limits);
    }
    const std::optional<api::Answer> peek;
    const OddsShown shown{ld,
                          played,
                          o,
                          *r,
                          peek,
                          TextStyle{false, false},
                          best ? best->optimal.get() : nullptr,
                          best && best->estimates ? &*best->estimates : nullptr};
    return to_python(odds_json(shown));
}

py::dict verify(const PyDeal& d, const std::string& moves_text) {
    const auto moves = api::parse_moves(d.variant(), moves_text);
    // PlayOn: a move after the goal is judged by the rules (`pyramid verify` ends the game at the goal).
    // With cards not seen (??), a move that takes one is not checked (api::verify_seen).
    const api::SeenReplay seen = api::verify_seen(d.loaded.deal, moves, AfterGoal::PlayOn);
    const Replay& r = seen.replay;
    const int left = r.table.tableau_left();
    py::dict o;
    o["valid"] = r.legal() && r.won() && seen.unchecked.empty() && !seen.undecided;
    if (d.loaded.deal.has_unknown()) {
        py::list unchecked;
        for (const auto& u : seen.unchecked) {
            py::dict x;
            x["move"] = u.index + 1;
            x["card"] = card_text(u.card, d.variant().deck);
            x["place"] = u.place;
            unchecked.append(x);
        }
        o["unchecked"] = unchecked;
        o["undecided"] = seen.undecided ? py::object(py::int_(*seen.undecided + 1)) : py::object(py::none());
    }
    o["legal"] = r.legal();
    o["won"] = r.won();
    o["moves"] = moves.size();
    o["played"] = r.played;
    o["tableau_left"] = left;
    if (r.error) o["error"] = *r.error;
    else if (!r.won())
        o["error"] = "all " + std::to_string(moves.size()) + " moves are legal but the goal is not reached (" +
                     std::to_string(left) + " tableau cards left)";
    else o["error"] = py::none();
    return o;
}

// ---------------------------------------------------------------- studies

// study()'s keywords: the study as api::make_study takes it (every option of
// `pyramid stats` that says what to solve), and how to run it here.
struct StudyArgs : api::StudyRequest {
    int threads = 0;
    uint64_t ahead = 4096;  // records solved but not yet taken, at most (then the workers wait)
    std::string command;    // the call, for the record file's provenance
};

StudySpec make_spec(const StudyArgs& a) {
    api::StudyRequest r = a;
    // The record file's study line names this program and the call that ran it.
    r.program = this_program("pyramid_solver", {});
    r.program->command = a.command;
    return api::make_study(r);
}

// A study running on TBB workers (study/runner.h's solve_tasks) in a thread
// of its own, read as an iterator of records in study order (seed order,
// rule sets inside each deal): records solved out of order wait in `ready_`.
// The workers take no new deal while `ahead` records wait to be taken, so an
// iterator nobody reads (a loop left by an exception) soon stops using the
// cores, and the records held stay few.
class Study {
public:
    Study(const StudyArgs& args, const std::optional<std::string>& out)
        : threads_(study_workers(args.threads, UINT64_MAX)),
          ahead_max_(std::max<uint64_t>(args.ahead, 1)),
          spec_(make_spec(args)),
          // The record file: read back (these records are yielded too), then appended to.
          study_(spec_, out, [this](const StudyRecord& r, bool resumed) { ready(r, resumed); }),
          resumed_(study_.out() ? study_.out()->resumed() : 0),
          deal_(spec_.shard.index) {
        worker_ = std::thread([this] { run(); });
    }
    ~Study() {
        try {
            stop();
        } catch (...) {  // a failed fsync of --out: nothing to tell anyone here
        }
    }
    Study(const Study&) = delete;
    Study& operator=(const Study&) = delete;

    py::object next() {
        for (;;) {
            if (deal_ >= spec_.deals.count()) {  // every record taken: the workers are done, or stopped
                join();
                throw py::stop_iteration();
            }
            const uint64_t t = spec_.task_of(deal_, combo_);
            std::optional<StudyRecord> r;
            bool ended = false;
            {
                py::gil_scoped_release nogil;
                std::unique_lock lock(mu_);
                cv_.wait_for(lock, std::chrono::milliseconds(100), [&] { return ready_.count(t) || finished_; });
                if (auto it = ready_.find(t); it != ready_.end()) {
                    r = it->second.record;
                    if (!it->second.resumed && --ahead_ < ahead_max_) room_.notify_all();
                    ready_.erase(it);
                } else if (finished_) {
                    ended = true;
                }
            }
            if (r) {
                if (++combo_ == spec_.combos.size()) {
                    combo_ = 0;
                    deal_ += spec_.shard.count;
                }
                return to_python(record_json(spec_, *r));
            }
            if (ended) {
                stop();
                if (error_) std::rethrow_exception(error_);
                throw py::stop_iteration();
            }
            if (PyErr_CheckSignals() != 0) {  // Ctrl-C: stop the workers, keep what --out has
                stop();
                throw py::error_already_set();
            }
        }
    }

    // Stops the workers (running searches are abandoned) and waits for them;
    // the iterator ends.
    void stop() {
        {
            std::lock_guard lock(mu_);
            stop_.store(true);
        }
        room_.notify_all();
        deal_ = spec_.deals.count();
        join();
    }

    // Waits for the worker thread to end (it needs no GIL).
    void join() {
        if (worker_.joinable()) {
            if (PyGILState_Check()) {
                py::gil_scoped_release nogil;
                worker_.join();
            } else {
                worker_.join();
            }
        }
        study_.sync();
    }

    uint64_t total() const { return spec_.shard_tasks(); }
    bool running() {
        std::lock_guard lock(mu_);
        return worker_.joinable() && !finished_;
    }
    uint64_t buffered() {  // records solved by this run, waiting to be taken
        std::lock_guard lock(mu_);
        return ahead_;
    }
    uint64_t resumed() const { return resumed_; }
    int threads() const { return threads_; }
    py::dict definition() const { return to_python(study_definition(spec_)); }

private:
    // A record the study took: read back from the record file, or solved now.
    void ready(const StudyRecord& r, bool resumed) {
        {
            std::lock_guard lock(mu_);
            ready_.emplace(spec_.task_of(r.seed - spec_.deals.first_id(), r.combo), Ready{r, resumed});
            if (!resumed) ++ahead_;
        }
        if (!resumed) cv_.notify_all();
    }

    void run() {
        try {
            solve_tasks(
                spec_, threads_, &stop_,
                [this](std::vector<uint64_t>& chunk) {
                    {
                        std::unique_lock lock(mu_);
                        room_.wait(lock, [&] { return ahead_ < ahead_max_ || stop_.load(); });
                    }
                    if (stop_.load()) return false;
                    study_.table().next(chunk, 1);
                    return !chunk.empty();
                },
                [this](const StudyRecord& r) { study_.take(r); });
        } catch (...) {
            std::lock_guard lock(mu_);
            error_ = std::current_exception();
            stop_.store(true);
        }
        {
            std::lock_guard lock(mu_);
            finished_ = true;
        }
        cv_.notify_all();
    }

    struct Ready {
        StudyRecord record;
        bool resumed;  // read back from the record file, not solved by this run
    };
    int threads_;
    uint64_t ahead_max_;
    StudySpec spec_;
    std::atomic<bool> stop_{false};
    std::mutex mu_;
    std::condition_variable cv_;    // a record is ready, or the workers finished
    std::condition_variable room_;  // the workers may take deals again
    std::unordered_map<uint64_t, Ready> ready_;
    uint64_t ahead_ = 0;  // records of ready_ solved by this run
    bool finished_ = false;
    std::exception_ptr error_;
    api::Study study_;  // after what its records go to (ready_ and its lock)
    uint64_t resumed_ = 0;
    uint64_t deal_ = 0;   // the next record to yield: deal index ...
    uint32_t combo_ = 0;  // ... and rule set
    std::thread worker_;  // last: started once everything above is built
};

// ---------------------------------------------------------------- record files

py::dict read_records(const std::vector<std::string>& paths) {
    struct Row {
        StudyRecord r;
        size_t file;
    };
    std::vector<Row> rows;
    bool any_deal = false;
    {
        py::gil_scoped_release nogil;
        for (size_t f = 0; f < paths.size(); ++f)
            read_record_file(
                paths[f], [](const json::object&) {},
                [&](const StudyRecord& r) {
                    any_deal = any_deal || r.deal.has_value();
                    rows.push_back({r, f});
                });
    }
    // The core fields of the records (record_fields(); a newer rule only
    // where a record names it, as CSV files have it), the challenge's where a
    // record has one, then deal and file.
    RecordShape shape;
    for (const auto& row : rows) {
        shape.rule_sets.push_back(row.r.rules);
        shape.challenge = shape.challenge || !row.r.challenge.empty();
    }
    std::vector<std::pair<const RecordField*, py::list>> cols;
    for (const RecordField& f : record_fields())
        if ((f.group == FieldGroup::Core || (f.group == FieldGroup::Challenge && shape.challenge)) && f.in_json &&
            (!f.csv_column || f.csv_column(shape)))
            cols.emplace_back(&f, py::list());
    py::list deal, file;
    for (const auto& [r, f] : rows) {
        for (auto& [field, col] : cols)
            col.append(field->key == "seed" ? seed_python(r.seed)  // a Python int, however large
                       : field->group == FieldGroup::Challenge && r.challenge.empty()
                           ? py::none()  // a record without the challenge, in a file with some
                           : to_python(field->to_json(r).value_or(nullptr)));
        deal.append(r.deal ? py::object(py::str(*r.deal)) : py::none());
        file.append(paths[f]);
    }
    py::dict out;
    for (auto& [field, col] : cols) out[py::str(std::string(field->key))] = col;
    if (any_deal) out["deal"] = deal;
    out["file"] = file;
    return out;
}

// ---------------------------------------------------------------- merge

py::dict merge(const std::vector<std::string>& paths, const std::string& command) {
    std::vector<std::string> notes;
    MergedStudy m;
    {
        py::gil_scoped_release nogil;
        Provenance me = this_program("pyramid_solver", {});
        me.command = command;
        m = api::merge(paths, me, [&](const std::string& note) { notes.push_back(note); });
    }
    const StudySpec& spec = *m.spec;
    py::dict d;
    d["definition"] = to_python(study_definition(spec));
    py::list sums, made;
    for (const auto& s : m.summaries) sums.append(to_python(summary_json(s, spec.optimal)));
    for (const auto& p : m.made_by) made.append(to_python(provenance_json(p)));
    d["summaries"] = sums;
    d["tasks"] = m.tasks();
    d["done"] = m.table->done();
    d["missing"] = m.missing();
    d["files"] = m.files;
    d["records_read"] = m.records_read;
    d["duplicates"] = m.duplicates;
    d["ignored"] = m.ignored;
    d["records_made_by"] = made;
    d["notes"] = notes;
    return d;
}

}  // namespace
}  // namespace pyr::python

PYBIND11_MODULE(_core, m) {
    using namespace pyr;
    using namespace pyr::python;
    m.doc() = "The C++ half of pyramid_solver (import pyramid_solver instead).";

    // Bad input: ValueError with the command line's message.
    py::register_exception_translator([](std::exception_ptr p) {
        try {
            if (p) std::rethrow_exception(p);
        } catch (const api::Error& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const StudyError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        } catch (const ParseError& e) {
            PyErr_SetString(PyExc_ValueError, e.what());
        }
    });

    m.def("variants", [] {
        std::vector<std::tuple<std::string, std::string, std::string>> out;
        for (const auto& v : presets()) out.emplace_back(v.name, v.title, summary(v));
        return out;
    });
    m.def("describe", [](const std::string& name) {
        const Variant v = api::make_variant(make_rules(name, py::dict()));
        return rules_words(v);  // as `pyramid variants NAME`
    });
    m.def("rules", [](const std::string& variant, const py::dict& overrides) {
        return rules_dict(api::make_variant(make_rules(variant, overrides)));
    });
    // The rule schema (engine/rules.h): the overrides every function takes as keyword arguments.
    m.def("rule_schema", [] { return to_python(rule_schema_json()); });
    m.def("rule_value",
          [](const std::string& key, const py::object& x, bool list) { return rule_value(key, x, list); });

    py::class_<PyDeal>(m, "Deal")
        .def_property_readonly("variant", [](const PyDeal& d) { return d.variant().name; })
        .def_property_readonly("title", [](const PyDeal& d) { return d.variant().title; })
        .def_property_readonly("seed",
                               [](const PyDeal& d) -> py::object {
                                   return d.loaded.seed.empty() ? py::none() : py::object(py::str(d.loaded.seed));
                               })
        .def_property_readonly("cards", [](const PyDeal& d) { return compact(d.loaded.deal); })
        .def_property_readonly("rules", [](const PyDeal& d) { return rules_dict(d.variant()); })
        .def_property_readonly("_rules",
                               [](const PyDeal& d) {  // the variant and the overrides it was made with
                                   py::dict o;
                                   for (const auto& [k, t] : d.rules.overrides) o[py::str(k)] = t;
                                   return py::make_tuple(d.rules.preset, o);
                               })
        .def(
            "text",
            [](const PyDeal& d, bool unicode) {
                TextStyle style;
                style.unicode = unicode;
                return board_text(Table(d.loaded.deal), style);
            },
            py::arg("unicode") = false, "The board as `pyramid deal` draws it.")
        .def("__str__", [](const PyDeal& d) { return compact(d.loaded.deal); })
        .def("__repr__", deal_repr)
        .def("__eq__",
             [](const PyDeal& a, const PyDeal& b) {
                 return same_rules(a.variant(), b.variant()) && compact(a.loaded.deal) == compact(b.loaded.deal);
             })
        .def("__hash__", [](const PyDeal& d) { return std::hash<std::string>()(compact(d.loaded.deal)); });

    m.def("make_deal",
          [](const std::string& variant, const py::dict& overrides, std::optional<std::string> seed,
             std::optional<std::string> text) { return deal_from(make_rules(variant, overrides), seed, text); });

    py::class_<PySolver>(m, "Solver").def(py::init<>()).def("solve", &solve);
    m.def("verify", &verify);
    m.def("odds", &odds);
    m.def("auto_max_memory", &api::auto_max_memory);

    py::class_<StudyArgs>(m, "StudyArgs")
        .def(py::init<>())
        .def_readwrite("variants", &StudyArgs::variants)
        .def_readwrite("rules", &StudyArgs::rules)
        .def_readwrite("seeds", &StudyArgs::seeds)
        .def_readwrite("deals_file", &StudyArgs::deals_file)
        .def_readwrite("shard", &StudyArgs::shard)
        .def_readwrite("optimal", &StudyArgs::optimal)
        .def_readwrite("challenge", &StudyArgs::challenge)
        .def_readwrite("measures", &StudyArgs::measures)
        .def_readwrite("reasons", &StudyArgs::reasons)
        .def_readwrite("casual_plays", &StudyArgs::casual_plays)
        .def_readwrite("player", &StudyArgs::player)
        .def_readwrite("player_seed", &StudyArgs::player_seed)
        .def_property(
            "max_states", [](const StudyArgs& a) { return a.limits.max_states; },
            [](StudyArgs& a, uint64_t n) { a.limits.max_states = n; })
        .def_readwrite("max_memory", &StudyArgs::max_memory)
        .def_readwrite("threads", &StudyArgs::threads)
        .def_readwrite("ahead", &StudyArgs::ahead)
        .def_readwrite("command", &StudyArgs::command);

    py::class_<Study>(m, "Study")
        .def(py::init<const StudyArgs&, const std::optional<std::string>&>())
        .def("__iter__", [](Study& s) -> Study& { return s; })
        .def("__next__", &Study::next)
        .def("close", &Study::stop)
        .def("__enter__", [](Study& s) -> Study& { return s; })
        .def("__exit__", [](Study& s, const py::args&) { s.stop(); })
        .def_property_readonly("running", &Study::running)
        .def_property_readonly("buffered", &Study::buffered)
        .def_property_readonly("total", &Study::total)
        .def_property_readonly("resumed", &Study::resumed)
        .def_property_readonly("threads", &Study::threads)
        .def_property_readonly("definition", &Study::definition);

    m.def("read_records", &read_records);
    m.def("merge", &merge);
    m.def("version", [] { return build::version_text("pyramid_solver"); });
    m.attr("__version__") = build::version();
    m.attr("DEFAULT_MAX_STATES") = kDefaultMaxStates;  // engine/limits.h: every search's default budget
}
