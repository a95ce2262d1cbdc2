#include "study/merge.h"

#include <algorithm>
#include <map>
#include <tuple>

#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include "engine/board.h"
#include "engine/deal.h"
#include "engine/deal_source.h"
#include "solver/challenge.h"
#include "study/study.h"

namespace pyr {

namespace {

// A study line in a few words, for messages.
std::string study_brief(const std::string& definition) {
    try {
        const json::object def = json::parse(definition).as_object();
        const StudySpec s = spec_from_definition(def);
        // Everything else that tells two studies apart, so that two briefs
        // that differ say how (a player's study and another's, two deals files).
        std::string more;
        if (const auto* d = def.if_contains("deals_digest"); d && d->is_string())
            more += " (digest " + std::string(d->as_string()).substr(0, 12) + ")";
        more += ", max-states " + std::to_string(s.limits.max_states) + (s.optimal ? ", optimal" : "");
        if (s.measures)
            more += s.reasons_only ? ", reasons" : ", measures (casual plays " + std::to_string(s.casual_plays) + ")";
        if (!s.player.empty()) more += ", player " + s.player + " (player seed " + std::to_string(s.player_seed) + ")";
        if (!s.challenge.empty()) more += ", challenge " + s.challenge;
        std::string names;
        for (const auto& v : s.combos)
            if (names.find(v.name) == std::string::npos) names += (names.empty() ? "" : ",") + v.name;
        return std::to_string(s.combos.size()) + " rule set" + (s.combos.size() == 1 ? "" : "s") + " of " + names +
               ", " +
               (s.deals.from_file ? std::to_string(s.deals.count()) + " deals of a deals file"
                                  : "seeds " + s.deals.range_text()) +
               more;
    } catch (const std::exception&) {
        return definition.substr(0, 120);
    }
}

uint32_t fingerprint(const StudyRecord& r) {
    uint64_t h = 1469598103934665603ull;
    for (uint64_t x : {static_cast<uint64_t>(r.moves + 1), r.states}) h = (h ^ x) * 1099511628211ull;
    return static_cast<uint32_t>((h ^ (h >> 32)) << 2) | verdict_code(r.verdict);
}

std::string record_text(const StudyRecord& r) {
    std::string s = verdict_text(r.verdict);
    if (r.moves >= 0) s += " in " + std::to_string(r.moves) + " moves";
    return s + ", " + std::to_string(r.states) + " states";
}

// The study lines of the files: the study every file names (the latest of
// the first file's, when they share several), and who wrote which.
struct StudyLines {
    std::string chosen;  // the study's definition, serialized
    json::object definition;
    std::set<std::string> shards;
    struct MadeBy {
        std::string definition;
        Provenance program;  // empty: a study line of an older version, naming no program
        size_t file;
    };
    std::vector<MadeBy> made;
};

StudyLines read_study_lines(const std::vector<std::string>& paths,
                            const std::function<void(const std::string&)>& note) {
    std::vector<std::set<std::string>> studies(paths.size());
    std::map<std::string, json::object> definitions;
    std::vector<std::string> order;  // the first file's study lines, in order
    StudyLines out;
    for (size_t i = 0; i < paths.size(); ++i) {
        read_record_file(
            paths[i],
            [&](const json::object& o) {
                const std::string d = json::serialize(o.at("study"));
                if (i == 0) order.push_back(d);
                studies[i].insert(d);
                definitions.emplace(d, o.at("study").as_object());
                out.made.push_back({d, provenance_of(o).value_or(Provenance{}), i});
                if (const auto* s = o.if_contains("shard")) out.shards.insert(std::string(s->as_string()));
                else out.shards.insert("whole");
            },
            nullptr);
        if (studies[i].empty())
            throw StudyError("'" + paths[i] + "' has no study line: not a record file of this version's " +
                             "`pyramid stats --out` (`pyramid report` reads older files)");
    }
    std::set<std::string> common = studies[0];
    for (size_t i = 1; i < paths.size(); ++i) {
        std::set<std::string> both;
        for (const auto& s : common)
            if (studies[i].count(s)) both.insert(s);
        if (both.empty())
            throw StudyError("'" + paths[i] + "' is a record file of another study than '" + paths[0] +
                             "' (its study: " + study_brief(*studies[i].begin()) +
                             "; the study of the files before it: " + study_brief(*common.begin()) + ")");
        common = both;
    }
    // Several studies in every file (a study extended to more deals over the
    // same file appends its study line): the latest of the first file's.
    out.chosen = *common.begin();
    for (const auto& d : order)
        if (common.count(d)) out.chosen = d;
    if (common.size() > 1)
        note("the files hold records of " + std::to_string(common.size()) +
             " studies; merging the latest study line: " + study_brief(out.chosen));
    out.definition = definitions.at(out.chosen);
    return out;
}

// The programs that wrote the study's records, distinct, in the order met; a
// warning when they are different builds (the records still merge:
// conflicting ones are refused).
std::vector<Provenance> record_makers(const StudyLines& lines, const std::vector<std::string>& paths,
                                      const std::function<void(const std::string&)>& note) {
    std::vector<Provenance> out;
    std::vector<std::pair<Provenance, std::set<std::string>>> builds;
    for (const auto& m : lines.made) {
        if (m.definition != lines.chosen) continue;
        const auto same = [&](const Provenance& p) {
            return p.same_build(m.program) && p.cores == m.program.cores && p.command == m.program.command;
        };
        if (std::none_of(out.begin(), out.end(), same)) out.push_back(m.program);
        auto b = std::find_if(builds.begin(), builds.end(),
                              [&](const auto& x) { return x.first.same_build(m.program); });
        if (b == builds.end()) builds.push_back({m.program, {paths[m.file]}});
        else b->second.insert(paths[m.file]);
    }
    if (builds.size() > 1) {
        std::string which;
        for (const auto& [p, files] : builds) {
            std::string names;
            for (const auto& f : files) names += (names.empty() ? "" : ", ") + f;
            which += std::string(which.empty() ? "" : "; ") +
                     (p.version.empty() && p.commit.empty() ? std::string("an older version naming none")
                                                            : build_text(p)) +
                     " (" + names + ")";
        }
        note("warning: the record files were written by different versions of the program: " + which);
    }
    return out;
}

}  // namespace

MergedStudy merge_study(const std::vector<std::string>& paths, const std::optional<Provenance>& program,
                        const std::function<void(const std::string&)>& note, AuditSample* sample) {
    if (paths.empty()) throw StudyError("no record files given");
    StudyLines lines = read_study_lines(paths, note);
    MergedStudy m;
    m.spec = std::make_unique<StudySpec>();
    try {
        *m.spec = spec_from_definition(lines.definition);
    } catch (const StudyError& e) {
        throw StudyError(paths[0] + ": " + e.what());
    }
    const StudySpec& spec = *m.spec;
    m.made_by = record_makers(lines, paths, note);
    m.spec->program = program;
    m.shards = std::move(lines.shards);
    m.files = paths.size();

    // The records, streamed into the summary; a fingerprint per task finds conflicts.
    m.table = std::make_unique<TaskTable>(spec);
    SummaryBuilder sums(spec);
    std::vector<uint32_t> prints(spec.tasks(), 0);
    for (const auto& path : paths) {
        read_record_file(path, nullptr, [&](StudyRecord& r) {
            ++m.records_read;
            const int combo = match_record(spec, r);
            if (combo < 0) {
                ++m.ignored;
                return;
            }
            r.combo = static_cast<uint32_t>(combo);
            const uint64_t task = spec.task_of(r.seed - spec.deals.first_id(), r.combo);
            const uint32_t f = fingerprint(r);
            if (prints[task]) {
                if (prints[task] == f) {
                    ++m.duplicates;
                    return;
                }
                // Find the first record of the task, to name it.
                std::string first_file, first_text;
                for (const auto& q : paths) {
                    if (!first_file.empty()) break;
                    read_record_file(q, nullptr, [&](const StudyRecord& o) {
                        if (first_file.empty() && o.seed == r.seed && match_record(spec, o) == combo) {
                            first_file = q;
                            first_text = record_text(o);
                        }
                    });
                }
                throw StudyError("conflicting records: seed " + r.seed.text() + " (" + rules_text(spec.combos[combo]) +
                                 ") is " + first_text + " in '" + first_file + "' but " + record_text(r) + " in '" +
                                 path + "'");
            }
            prints[task] = f;
            m.table->record(r);
            sums.add(r);
            if (sample) sample->offer(task, r, path);
        });
    }
    m.summaries = sums.summaries();
    return m;
}

uint64_t MergedStudy::missing_seeds(uint32_t combo, std::string* ranges) const {
    std::string s;
    int n = 0;
    Seed start = 0, prev = 0;
    bool open = false;
    uint64_t missing = 0;
    auto close = [&] {
        if (!open) return;
        if (n < 8) s += (s.empty() ? "" : ", ") + start.text() + (prev > start ? "-" + prev.text() : "");
        else if (n == 8) s += ", ...";
        ++n;
        open = false;
    };
    for (uint64_t d = 0; d < spec->deals.count(); ++d) {
        if (table->verdict(spec->task_of(d, combo))) {
            close();
            continue;
        }
        ++missing;
        const Seed seed = spec->deals.first_id() + d;
        if (!open) start = seed, open = true;
        prev = seed;
    }
    close();
    if (ranges) *ranges = s;
    return missing;
}

std::vector<std::string> MergedStudy::missing_shards() const {
    std::map<uint64_t, std::set<uint64_t>> by_count;
    for (const auto& s : shards)
        if (s != "whole") {
            const Shard sh = parse_shard(s);
            by_count[sh.count].insert(sh.index);
        }
    std::vector<std::string> out;
    for (const auto& [n, have] : by_count) {
        std::string absent;
        for (uint64_t k = 0; k < n && absent.size() < 200; ++k)
            if (!have.count(k)) absent += (absent.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
        if (!absent.empty()) out.push_back(absent);
    }
    return out;
}

namespace {

uint64_t splitmix64(uint64_t x) {
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

bool rank_less(const AuditSample::Entry& a, const AuditSample::Entry& b) {
    return a.rank != b.rank ? a.rank < b.rank : a.task < b.task;
}

}  // namespace

void AuditSample::offer(uint64_t task, const StudyRecord& r, const std::string& file) {
    ++offered_;
    if (count_ == 0) return;
    const uint64_t rank = splitmix64(splitmix64(seed_) ^ task);
    if (heap_.size() == count_) {
        if (!rank_less({rank, task, {}, {}}, heap_.front())) return;
        std::pop_heap(heap_.begin(), heap_.end(), rank_less);
        heap_.pop_back();
    }
    heap_.push_back({rank, task, r, file});
    std::push_heap(heap_.begin(), heap_.end(), rank_less);
}

std::vector<AuditSample::Entry> AuditSample::entries() const {
    std::vector<Entry> out = heap_;
    std::sort(out.begin(), out.end(), [](const Entry& a, const Entry& b) { return a.task < b.task; });
    return out;
}

AuditResult audit_sample(const AuditSample& sample, const Limits& limits, bool optimal, int threads) {
    const std::vector<AuditSample::Entry> entries = sample.entries();
    AuditResult out;
    out.seed = sample.seed();
    out.records = sample.offered();
    out.sampled = entries.size();
    // Per entry: what the re-solve found (or why the deal could not be dealt).
    struct Found {
        SolveResult res;
        std::optional<ChallengeResult> challenge;  // a --challenge record's, re-solved
        std::string bad_deal;
    };
    std::vector<Found> found(entries.size());
    tbb::enumerable_thread_specific<Solver> solvers;
    tbb::task_arena arena(study_workers(threads, entries.size()));
    arena.execute([&] {
        tbb::parallel_for(
            size_t{0}, entries.size(),
            [&](size_t i) {
                const StudyRecord& r = entries[i].record;
                if (r.verdict == Verdict::Intractable) return;  // claims no verdict: nothing to check
                Deal deal;
                try {
                    deal = r.deal ? parse_deal(r.rules, *r.deal) : deal_from_seed(r.rules, r.seed.text());
                } catch (const std::exception& e) {
                    found[i].bad_deal = e.what();
                    return;
                }
                SolveOptions so;
                so.limits = limits;
                so.optimal = optimal;
                const Board board(deal);
                found[i].res = solvers.local().solve(board, so);
                // A --challenge record's outcome is re-solved too (issue 38, item 14).
                if (!r.challenge.empty() && r.ch.complete) {
                    try {
                        found[i].challenge = solvers.local().challenge(board, study_challenge(r.challenge, r.rules),
                                                                       so);
                    } catch (const std::exception& e) {
                        found[i].bad_deal = std::string("its challenge: ") + e.what();
                    }
                }
            },
            tbb::simple_partitioner());
    });
    for (size_t i = 0; i < entries.size(); ++i) {
        const StudyRecord& r = entries[i].record;
        const Found& f = found[i];
        const auto mismatch = [&](std::string field, std::string recorded, std::string recomputed) {
            out.mismatches.push_back(
                {r, entries[i].file, std::move(field), std::move(recorded), std::move(recomputed)});
        };
        if (!f.bad_deal.empty()) {
            mismatch("deal", r.deal ? *r.deal : "seed " + r.seed.text(), "not a deal of its rules: " + f.bad_deal);
            continue;
        }
        if (r.verdict == Verdict::Intractable) {  // claims nothing
            ++out.unclaimed;
            continue;
        }
        if (f.res.verdict == Verdict::Intractable) {  // proves nothing against the record
            ++out.undecided;
            continue;
        }
        if (f.res.verdict != r.verdict) {
            mismatch("verdict", verdict_text(r.verdict), verdict_text(f.res.verdict));
            continue;
        }
        // With --optimal a win's length is the shortest, when the record
        // claims one (moves >= 0) and the re-solve proved one.
        if (optimal && r.verdict == Verdict::Win && r.moves >= 0) {
            if (!f.res.optimal) {
                ++out.undecided;
                continue;
            }
            const auto shortest = static_cast<int32_t>(f.res.solution.size());
            if (shortest != r.moves) {
                mismatch("moves", std::to_string(r.moves), std::to_string(shortest));
                continue;
            }
        }
        // The challenge's ends, field by field, where both the record and the
        // re-solve are complete (an incomplete record claims no end).
        if (f.challenge) {
            if (!f.challenge->complete) {
                ++out.undecided;
                continue;
            }
            RecordChallenge again;
            again.complete = true;
            for (const ChallengeLine& l : f.challenge->lines) {
                ChallengeEnd& e = l.cleared ? again.clear : again.open;
                e.score = l.score;
                e.cards = l.cards.value_or(-1);
                e.steps = static_cast<int32_t>(l.moves.size());
            }
            const auto text = [](const ChallengeEnd& e, int32_t ChallengeEnd::*field) {
                return e.exists() && e.*field >= 0 ? std::to_string(e.*field) : std::string("null");
            };
            bool same = true;
            for (const auto& [name, recorded, redone] :
                 {std::tuple{"clear", r.ch.clear, again.clear}, std::tuple{"open", r.ch.open, again.open}})
                for (const auto& [field, member] :
                     {std::pair{"score", &ChallengeEnd::score}, std::pair{"cards", &ChallengeEnd::cards},
                      std::pair{"steps", &ChallengeEnd::steps}})
                    if (same && text(recorded, member) != text(redone, member)) {
                        mismatch(std::string("challenge_") + name + "_" + field, text(recorded, member),
                                 text(redone, member));
                        same = false;
                    }
            if (!same) continue;
        }
        ++out.reproduced;
    }
    return out;
}

}  // namespace pyr
