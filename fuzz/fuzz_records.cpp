// The record-file reader of `stats --out` (resume), `merge` and `report`
// (study/records.h) on an arbitrary file, JSON Lines or CSV. Invariants:
//  - read_record_file returns or throws StudyError, nothing else;
//  - a record of the study printed (record_line) reads back to the same fields;
//  - opening the file as a study's checkpoint (RecordFile) either refuses it
//    with StudyError and leaves every byte as it was, or keeps a prefix of it
//    (only a torn last line is cut off) and appends at most its study line
//    and CSV header; opening it again then cuts nothing and resumes the same
//    records, and a record appended is resumed the next time.
#include <unistd.h>

#include <fstream>
#include <sstream>
#include <utility>
#include <vector>
#include <string>

#include "fuzz/fuzz_common.h"
#include "study/records.h"

using namespace pyr;

namespace {

std::string slurp(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

void spit(const std::string& path, std::string_view data) {
    std::ofstream(path, std::ios::binary | std::ios::trunc)
        .write(data.data(), static_cast<std::streamsize>(data.size()));
}

const StudySpec& the_spec() {
    static const StudySpec spec = [] {
        StudySpec s;
        RuleAxes axes;
        axes.add("overlap", {"off", "on"});
        s.combos = study_combos({"msc", "pharaohs"}, axes);
        s.deals = seeds_range("1-40");
        s.limits.max_states = 1000;
        return s;
    }();
    return spec;
}

uint64_t resume(const std::string& path, uint64_t* torn) {
    uint64_t n = 0;
    RecordFile f(path, the_spec(), [&](const StudyRecord&) { return true; });
    *torn = f.torn_bytes();
    n = f.resumed();
    return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    static const std::string base = "/dev/shm/pyramid-fuzz-records-" + std::to_string(getpid());
    const bool csv = data[0] & 1;
    const std::string path = base + (csv ? ".csv" : ".jsonl");
    const std::string_view input(reinterpret_cast<const char*>(data + 1), size - 1);
    const StudySpec& spec = the_spec();

    // The reader alone; the records of the study it finds, printed and read back.
    spit(path, input);
    std::vector<std::pair<StudyRecord, int>> found;
    try {
        read_record_file(path, nullptr, [&](const StudyRecord& r) {
            if (const int combo = match_record(spec, r); combo >= 0) found.emplace_back(r, combo);
        });
    } catch (const StudyError&) {
    }
    if (!found.empty()) {
        std::string again = csv ? study_line(spec, true) + record_csv_header(spec) + "\n" : study_line(spec, false);
        for (const auto& [r, combo] : found) {
            StudyRecord sr = task_record(spec, r.seed - spec.deals.first_id(), static_cast<uint32_t>(combo));
            sr.verdict = r.verdict;
            sr.moves = r.moves;
            sr.states = r.states;
            sr.seconds = r.seconds;
            again += record_line(spec, sr, csv);
        }
        const std::string again_path = base + ".again" + (csv ? ".csv" : ".jsonl");
        spit(again_path, again);
        size_t i = 0;
        read_record_file(again_path, nullptr, [&](const StudyRecord& b) {
            FUZZ_CHECK(i < found.size(), again);
            const auto& [r, combo] = found[i++];
            FUZZ_CHECK(b.seed == r.seed && b.verdict == r.verdict && b.moves == r.moves && b.states == r.states &&
                           match_record(spec, b) == combo,
                       again);
        });
        FUZZ_CHECK(i == found.size(), again);
        unlink(again_path.c_str());
    }

    // The checkpoint: refused untouched, or kept as a prefix.
    spit(path, input);
    uint64_t torn = 0, resumed = 0;
    try {
        resumed = resume(path, &torn);
    } catch (const StudyError&) {
        FUZZ_CHECK(slurp(path) == input, "a refused record file was changed");
        unlink(path.c_str());
        return 0;
    }
    const std::string after = slurp(path);
    const size_t kept = input.size() - torn;
    FUZZ_CHECK(after.compare(0, kept, input.substr(0, kept)) == 0, "the kept part of the file changed");
    uint64_t torn2 = 0;
    FUZZ_CHECK(resume(path, &torn2) == resumed && torn2 == 0, after);
    FUZZ_CHECK(slurp(path) == after, "a second open changed the file");
    // A new record is resumed next time (checked on a quarter of the inputs: it costs two more opens).
    if ((data[0] & 6) != 0) {
        unlink(path.c_str());
        return 0;
    }
    {
        RecordFile f(path, spec, [&](const StudyRecord&) { return true; });
        StudyRecord r = task_record(spec, 39, 3);
        r.verdict = Verdict::Win;
        r.moves = 40;
        r.states = 123;
        f.append(r);
    }
    uint64_t torn3 = 0;
    const uint64_t now = resume(path, &torn3);
    FUZZ_CHECK(torn3 == 0 && now == resumed + 1, "an appended record is resumed");
    unlink(path.c_str());
    return 0;
}
