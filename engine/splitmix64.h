// splitmix64 (Steele, Lea and Flood 2014; the generator of
// java.util.SplittableRandom): a fixed, library-independent stream of 64-bit
// numbers, the same on every platform. The no-peek sampling (solver/nopeek.h)
// and the tests' random deals (tests/support.h) both draw from it.
#pragma once
#include <cstdint>

namespace pyr {

struct SplitMix64 {
    uint64_t x;
    explicit SplitMix64(uint64_t seed) : x(seed) {}
    uint64_t next() {
        uint64_t z = (x += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
};

}  // namespace pyr
