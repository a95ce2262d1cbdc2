// Scratch files and folders for tests: a path of this process alone under the
// system's temporary folder, and a folder that cleans up after itself (also
// when a REQUIRE stops the test half-way).
#pragma once
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <system_error>

namespace pyr::test {

// "<tmp>/pyramid_TAG_PID_N_NAME", N counting the calls: a fresh path each
// call, nothing created. NAME keeps its suffix (".jsonl", ".csv"), which
// decides a record file's format.
inline std::string scratch_path(const std::string& tag, const std::string& name) {
    static std::atomic<int> calls{0};
    return (std::filesystem::temp_directory_path() /
            ("pyramid_" + tag + "_" + std::to_string(getpid()) + "_" + std::to_string(calls++) + "_" + name))
        .string();
}

// A folder made fresh (empty) on construction and removed with everything in
// it on destruction.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& tag) : path_(scratch_path(tag, "dir")) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    const std::string& path() const { return path_; }
    // A path inside: dir / "a.jsonl".
    std::string operator/(const std::string& name) const { return path_ + "/" + name; }

private:
    std::string path_;
};

}  // namespace pyr::test
