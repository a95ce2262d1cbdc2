#include "api/study.h"

#include "api/api.h"

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

AuditResult audit(const AuditSample& sample, uint64_t max_states, bool optimal, int threads) {
    const int workers = study_workers(threads, std::max<uint64_t>(1, sample.size()));
    Limits limits;
    limits.max_states = max_states;
    limits.max_memory = auto_max_memory(workers);
    return audit_sample(sample, limits, optimal, threads);
}

}  // namespace pyr::api
