// A hash of a key of two 64-bit words (a position's and what goes with it)
// for the solver's unordered maps: the first word by splitmix64's odd
// constant, the second offset, mixed by one splitmix64-style finaliser round
// with the multiplier `mul` (each table keeps the one it was measured with).
#pragma once
#include <cstddef>
#include <cstdint>

namespace pyr {

inline std::size_t hash_words(uint64_t first, uint64_t second, uint64_t mul) noexcept {
    uint64_t h = first * 0x9E3779B97F4A7C15ull ^ (second + 0x632BE59BD9B4E019ull);
    h ^= h >> 29;
    h *= mul;
    return static_cast<std::size_t>(h ^ (h >> 32));
}

// A map key of two words, hashed by hash_words with the multiplier `Mul`.
template <uint64_t Mul>
struct WordPair {
    uint64_t first, second;
    friend bool operator==(const WordPair&, const WordPair&) = default;
};
template <uint64_t Mul>
struct WordPairHash {
    std::size_t operator()(const WordPair<Mul>& k) const noexcept { return hash_words(k.first, k.second, Mul); }
};

}  // namespace pyr
