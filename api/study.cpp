#include "api/study.h"

#include "api/api.h"
#include "engine/input.h"
#include "engine/rules.h"
#include "solver/optimal_nopeek.h"
#include "solver/players.h"
#include "study/optimum.h"

namespace pyr::api {

Study::Study(const StudySpec& spec, const std::optional<std::string>& out, OnRecord on_record)
    : spec_(spec), table_(spec), sums_(spec), on_record_(std::move(on_record)) {
    if (out)
        out_ = std::make_unique<RecordFile>(*out, spec_, [this](const StudyRecord& r) {
            if (!table_.record(r)) return false;
            taken(r, true);
            return true;
        });
}

void Study::taken(const StudyRecord& r, bool resumed) {
    sums_.add(r);
    if (on_record_) on_record_(r, resumed);
}

StudyRun Study::run(int threads, const std::atomic<bool>* stop,
                    const std::function<void(const StudyProgress&)>& progress, const Runner& runner) {
    StudyRunOptions o;
    o.threads = threads;
    o.stop = stop;
    o.out = out_.get();
    o.on_record = [this](const StudyRecord& r) { taken(r, false); };
    o.progress = progress;
    return runner(spec_, table_, o);
}

bool Study::take(const StudyRecord& r) {
    if (!table_.record(r)) return false;
    if (out_) out_->append(r);
    taken(r, false);
    return true;
}

MergedStudy merge(const std::vector<std::string>& paths, const std::optional<Provenance>& program,
                  const std::function<void(const std::string&)>& note, AuditSample* sample) {
    return merge_study(paths, program, note, sample);
}

StudySpec make_study(const StudyRequest& a) {
    RuleAxes axes;
    for (const auto& d : rule_table())  // in table order, as the command line reads them
        if (const auto it = a.rules.find(d.key); it != a.rules.end() && !it->second.empty())
            axes.add(d.key, it->second);
    for (const auto& [k, list] : a.rules)
        if (!find_rule(k)) throw StudyError("unknown rule " + excerpt(k) + " (" + rule_keys_text() + ")");
    if (a.seeds.has_value() == a.deals_file.has_value())
        throw StudyError("give the deals: seeds (A-B) or deals_file, not both");
    StudySpec spec;
    spec.combos = study_combos(a.variants, axes);
    spec.deals = a.seeds ? seeds_range(*a.seeds) : read_deals_file(*a.deals_file, spec.combos);
    if (a.shard) spec.shard = parse_shard(*a.shard);
    spec.limits.max_states = a.limits.max_states;
    // Shared among the workers threads=0 would run, whatever the thread
    // count: the answers do not depend on it.
    spec.limits.max_memory = a.max_memory ? *a.max_memory : auto_max_memory(study_workers(0, spec.shard_tasks()));
    spec.optimal = a.optimal;
    if (a.measures && a.reasons)
        throw StudyError("give only one of measures and reasons (measures records the loss reasons too)");
    spec.measures = a.measures || a.reasons;
    spec.reasons_only = a.reasons && !a.measures;
    if (a.casual_plays < 1 || a.casual_plays > 100000)
        throw StudyError("casual_plays must be a whole number from 1 to 100000 (got " + std::to_string(a.casual_plays) +
                         ")");
    spec.casual_plays = a.casual_plays;
    try {
        if (const auto o = parse_optimum_player(a.player)) {
            spec.player = o->name();
            for (const Variant& v : spec.combos)
                if (const auto why = nopeek::optimal_unsupported(v)) throw std::invalid_argument(*why);
        } else if (auto p = nopeek::make_player(a.player)) {
            spec.player = p->name();
        }
    } catch (const std::invalid_argument& e) {
        throw StudyError(std::string("player: ") + e.what());
    }
    spec.player_seed = a.player_seed;
    if (a.challenge) {
        spec.challenge = *a.challenge;
        check_study_challenge(spec);
    }
    spec.program = a.program;
    return spec;
}

std::optional<std::string> study_player_error(const std::string& name) {
    try {
        if (!parse_optimum_player(name)) nopeek::make_player(name);
    } catch (const std::invalid_argument& e) {
        return std::string(e.what());
    }
    return std::nullopt;
}

AuditResult audit(const AuditSample& sample, uint64_t max_states, bool optimal, int threads) {
    const int workers = study_workers(threads, std::max<uint64_t>(1, sample.size()));
    Limits limits;
    limits.max_states = max_states;
    limits.max_memory = auto_max_memory(workers);
    return audit_sample(sample, limits, optimal, threads);
}

}  // namespace pyr::api
