// pyramid merge: the summary of a study from its record files (shards, or
// runs on several machines), as one uninterrupted `pyramid stats` prints it.
#include <algorithm>
#include <iostream>
#include <map>
#include <set>

#include "cli/study_cli.h"
#include "report/summary.h"

namespace pyr::cli {

namespace {

const char* kMergeUsage =
    "usage: pyramid merge FILE... [--format text|json|csv] [--list win|lose|intractable] [--quiet]\n"
    "Reads the record files of one study (the --out files of `pyramid stats --shard K/N`, or of runs on\n"
    "several machines) and prints the study's summary, as one uninterrupted `pyramid stats` of the whole\n"
    "study prints it (timings aside). Every file must name the same study in its study line (rule sets,\n"
    "deals, --max-states, --optimal); a file of another study is refused, and so are records of one task\n"
    "that disagree (different verdicts, moves or states). A task in several files counts once. When tasks\n"
    "are missing (a shard not run or not finished), their count per rule set, the first missing seeds and\n"
    "the missing shards go to stderr, the summary says it is partial, and the exit status is 1. When every\n"
    "file holds several studies (a study extended over the same file), the first file's latest one counts.\n"
    "--list VERDICT prints the seeds with that verdict instead of the summary, as `stats --list` does.";

// A few missing seeds of one rule set, as ranges: "1-4, 9, 12-20, ...".
std::string seed_ranges(const TaskTable& t, uint32_t combo, uint64_t* missing) {
    const StudySpec& spec = t.spec();
    std::string s;
    int ranges = 0;
    Seed start = 0, prev = 0;
    bool open = false;
    *missing = 0;
    auto close = [&] {
        if (!open) return;
        if (ranges < 8) s += (s.empty() ? "" : ", ") + start.text() + (prev > start ? "-" + prev.text() : "");
        else if (ranges == 8) s += ", ...";
        ++ranges;
        open = false;
    };
    for (uint64_t d = 0; d < spec.deals.count(); ++d) {
        if (t.verdict(spec.task_of(d, combo))) {
            close();
            continue;
        }
        ++*missing;
        const Seed seed = spec.deals.first_id() + d;
        if (!open) start = seed, open = true;
        prev = seed;
    }
    close();
    return s;
}

// A study line in a few words, for messages.
std::string study_brief(const std::string& definition) {
    try {
        const StudySpec s = spec_from_definition(json::parse(definition).as_object());
        std::string names;
        for (const auto& v : s.combos)
            if (names.find(v.name) == std::string::npos) names += (names.empty() ? "" : ",") + v.name;
        return std::to_string(s.combos.size()) + " rule set" + (s.combos.size() == 1 ? "" : "s") + " of " + names +
               ", " +
               (s.deals.from_file ? std::to_string(s.deals.count()) + " deals of a deals file"
                                  : "seeds " + s.deals.range_text()) +
               ", max-states " + std::to_string(s.max_states) + (s.optimal ? ", optimal" : "");
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

}  // namespace

int cmd_merge(int argc, char** argv) {
    po::options_description opts("pyramid merge options");
    opts.add_options()
        ("files", po::value<std::vector<std::string>>()->composing(), "record files (also as plain arguments)")
        ("format", po::value<std::string>()->default_value("text"), "summary on stdout: text, json or csv")
        ("list", po::value<std::string>(), "print the seeds with this verdict (win, lose, intractable) instead")
        ("quiet,q", po::bool_switch(), "with --list: no summary on stderr");
    po::positional_options_description pos;
    pos.add("files", -1);
    po::variables_map vm;
    if (!parse_command(argc, argv, kMergeUsage, opts, vm, &pos)) return kOk;
    const std::string format = format_from(vm, {"text", "json", "csv"});
    std::optional<Verdict> list;
    if (vm.count("list")) list = parse_list(vm["list"].as<std::string>());
    if (!vm.count("files")) throw UsageError("no record files given (pyramid merge FILE...)");
    const auto paths = vm["files"].as<std::vector<std::string>>();

    // Pass 1: the study lines. The study is the one every file names.
    std::vector<std::set<std::string>> studies(paths.size());
    std::map<std::string, json::object> definitions;
    std::set<std::string> shards;
    std::vector<std::string> order;  // the first file's study lines, in order
    struct MadeBy {
        std::string definition;
        Provenance program;  // empty: a study line of an older version, naming no program
        size_t file;
    };
    std::vector<MadeBy> made;
    for (size_t i = 0; i < paths.size(); ++i) {
        try {
            read_record_file(paths[i], [&](const json::object& o) {
                const std::string d = json::serialize(o.at("study"));
                if (i == 0) order.push_back(d);
                studies[i].insert(d);
                definitions.emplace(d, o.at("study").as_object());
                made.push_back({d, provenance_of(o).value_or(Provenance{}), i});
                if (const auto* s = o.if_contains("shard")) shards.insert(std::string(s->as_string()));
                else shards.insert("whole");
            }, nullptr);
        } catch (const StudyError& e) {
            throw UsageError(e.what());
        }
        if (studies[i].empty())
            throw UsageError("'" + paths[i] + "' has no study line: not a record file of this version's " +
                             "`pyramid stats --out` (`pyramid report` reads older files)");
    }
    std::set<std::string> common = studies[0];
    for (size_t i = 1; i < paths.size(); ++i) {
        std::set<std::string> both;
        for (const auto& s : common)
            if (studies[i].count(s)) both.insert(s);
        if (both.empty())
            throw UsageError("'" + paths[i] + "' is a record file of another study than '" + paths[0] +
                             "' (its study: " + study_brief(*studies[i].begin()) + "; the study of the files before it: " +
                             study_brief(*common.begin()) + ")");
        common = both;
    }
    // Several studies in every file (a study extended to more deals over the
    // same file appends its study line): the latest of the first file's.
    std::string chosen = *common.begin();
    for (const auto& d : order)
        if (common.count(d)) chosen = d;
    if (common.size() > 1)
        std::cerr << "pyramid merge: the files hold records of " << common.size()
                  << " studies; merging the latest study line: " << study_brief(chosen) << "\n";
    StudySpec spec;
    try {
        spec = spec_from_definition(definitions.at(chosen));
    } catch (const StudyError& e) {
        throw UsageError(paths[0] + ": " + e.what());
    }

    // The programs that wrote the study's records; a warning when they are
    // different builds (the records still merge: conflicting ones are refused).
    std::vector<Provenance> made_by;  // distinct, in the order met
    std::vector<std::pair<Provenance, std::set<std::string>>> builds;
    for (const auto& m : made) {
        if (m.definition != chosen) continue;
        const auto same = [&](const Provenance& p) {
            return p.same_build(m.program) && p.cores == m.program.cores && p.command == m.program.command;
        };
        if (std::none_of(made_by.begin(), made_by.end(), same)) made_by.push_back(m.program);
        auto b = std::find_if(builds.begin(), builds.end(), [&](const auto& x) { return x.first.same_build(m.program); });
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
        std::cerr << "pyramid merge: warning: the record files were written by different versions of the program: "
                  << which << "\n";
    }
    std::vector<std::string> words{"pyramid"};
    for (int i = 0; i < argc; ++i) words.emplace_back(argv[i]);
    spec.program = this_program("pyramid", words);

    // Pass 2: the records, streamed into the summary; a fingerprint per task finds conflicts.
    TaskTable table(spec);
    SummaryBuilder sums(spec);
    std::vector<uint32_t> prints(spec.tasks(), 0);
    uint64_t read = 0, duplicates = 0, ignored = 0;
    for (const auto& path : paths) try {
        read_record_file(path, nullptr, [&](const ParsedRecord& p) {
            ++read;
            const int combo = match_record(spec, p);
            if (combo < 0) {
                ++ignored;
                return;
            }
            const StudyRecord r = study_record(p, static_cast<uint32_t>(combo));
            const uint64_t task = spec.task_of(r.seed - spec.deals.first_id(), r.combo);
            const uint32_t f = fingerprint(r);
            if (prints[task]) {
                if (prints[task] == f) {
                    ++duplicates;
                    return;
                }
                // Find the first record of the task, to name it.
                std::string first_file, first_text;
                for (const auto& q : paths) {
                    if (!first_file.empty()) break;
                    read_record_file(q, nullptr, [&](const ParsedRecord& o) {
                        if (first_file.empty() && o.seed == p.seed && match_record(spec, o) == combo) {
                            StudyRecord x = r;
                            x.verdict = o.verdict;
                            x.moves = o.verdict == Verdict::Win ? o.moves : -1;
                            x.states = o.states;
                            first_file = q;
                            first_text = record_text(x);
                        }
                    });
                }
                throw UsageError("conflicting records: seed " + r.seed.text() + " (" +
                                 rules_text(spec.combos[combo]) + ") is " + first_text + " in '" + first_file +
                                 "' but " + record_text(r) + " in '" + path + "'");
            }
            prints[task] = f;
            table.record(r);
            sums.add(r);
        });
    } catch (const StudyError& e) {
        throw UsageError(e.what());
    }

    StudyRun run;  // no run: threads = 0
    run.total = spec.tasks();
    run.done = table.done();
    run.resumed = run.done;
    run.interrupted = run.done < run.total;
    run.ranks = 0;
    const auto summaries = sums.summaries();
    std::string source = spec.deals.from_file ? std::to_string(spec.deals.count()) + " deals of a deals file"
                                              : "seeds " + spec.deals.range_text();
    source += ", merged from " + std::to_string(paths.size()) + " file" + (paths.size() == 1 ? "" : "s");
    json::object extra;
    extra["files"] = paths.size();
    extra["records_read"] = read;
    extra["duplicates"] = duplicates;
    extra["ignored"] = ignored;
    extra["missing"] = run.total - run.done;
    const bool quiet = vm["quiet"].as<bool>();
    if (list) {
        print_list(std::cout, table, *list);
        if (!quiet) print_study_summary(std::cerr, "text", spec, source, run, summaries, {}, made_by);
    } else {
        print_study_summary(std::cout, format, spec, source, run, summaries, extra, made_by);
    }
    std::cout << std::flush;
    if (ignored)
        std::cerr << "pyramid merge: " << ignored << " records are not part of the study (other rules or deals): ignored\n";
    if (run.interrupted) {
        std::cerr << "pyramid merge: incomplete: " << run.total - run.done << " of " << run.total
                  << " tasks have no record\n";
        for (uint32_t c = 0; c < spec.combos.size(); ++c) {
            uint64_t missing = 0;
            const std::string ranges = seed_ranges(table, c, &missing);
            if (missing)
                std::cerr << "  " << rules_text(spec.combos[c]) << ": " << missing << " missing, seeds " << ranges
                          << "\n";
        }
        // Shards named by the study lines: which of 0/N..N-1/N are absent.
        std::map<uint64_t, std::set<uint64_t>> by_count;
        for (const auto& s : shards)
            if (s != "whole") {
                const Shard sh = parse_shard(s);
                by_count[sh.count].insert(sh.index);
            }
        for (const auto& [n, have] : by_count) {
            std::string absent;
            for (uint64_t k = 0; k < n && absent.size() < 200; ++k)
                if (!have.count(k)) absent += (absent.empty() ? "" : ", ") + std::to_string(k) + "/" + std::to_string(n);
            if (!absent.empty()) std::cerr << "  shards with no file: " << absent << "\n";
        }
        return kRejected;
    }
    return kOk;
}

}  // namespace pyr::cli
