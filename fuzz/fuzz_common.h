// Shared pieces of the libFuzzer targets (README "Testing"; scripts/fuzz runs them).
// An invariant that fails calls fail(), which aborts: libFuzzer reports it as
// a crash and keeps the input.
#pragma once
#include <sys/mman.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace pyr::fuzz {

[[noreturn]] inline void fail(const char* what, std::string_view detail = {}) {
    std::fprintf(stderr, "fuzz invariant broken: %s\n%.*s\n", what, static_cast<int>(detail.size()), detail.data());
    std::abort();
}
#define FUZZ_CHECK(cond, detail)                       \
    do {                                               \
        if (!(cond)) ::pyr::fuzz::fail(#cond, detail); \
    } while (0)

// A file in memory (memfd) that the readers open by path, as users' files:
// no disk, no clean-up. Its content is replaced by set().
class MemFile {
public:
    MemFile() {
        fd_ = memfd_create("pyramid-fuzz", 0);
        if (fd_ < 0) fail("memfd_create");
        path_ = "/proc/self/fd/" + std::to_string(fd_);
    }
    ~MemFile() { close(fd_); }
    void set(std::string_view data) {
        if (ftruncate(fd_, 0) != 0 || pwrite(fd_, data.data(), data.size(), 0) != static_cast<ssize_t>(data.size()))
            fail("memfd write");
    }
    std::string get() const {
        std::string s;
        char buf[65536];
        off_t at = 0;
        for (ssize_t n; (n = pread(fd_, buf, sizeof buf, at)) > 0; at += n) s.append(buf, static_cast<size_t>(n));
        return s;
    }
    const std::string& path() const { return path_; }

private:
    int fd_ = -1;
    std::string path_;
};

}  // namespace pyr::fuzz
