// A study's seed: a PySolFC deal number, 1 to 10^20-1 like `solve --seed`
// (PySolFC's own range), or a deal's index in a deals file. 10^20-1 does not
// fit 64 bits, so a seed is held in 128; it converts from uint64_t freely and
// back only explicitly (u64()), so nothing narrows it by accident.
#pragma once
#include <compare>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

namespace pyr {

struct Seed {
    unsigned __int128 value = 0;

    constexpr Seed() = default;
    constexpr Seed(uint64_t v) : value(v) {}  // NOLINT: a 64-bit number is always a seed's value
    static constexpr Seed of(unsigned __int128 v) {
        Seed s;
        s.value = v;
        return s;
    }

    friend constexpr bool operator==(Seed a, Seed b) = default;
    friend constexpr std::strong_ordering operator<=>(Seed a, Seed b) { return a.value <=> b.value; }
    // The seed `d` after this one (a study's deal index from its first seed).
    constexpr Seed operator+(uint64_t d) const { return of(value + d); }
    // How far after `o` this seed is; only for o <= *this and a distance below 2^64.
    constexpr uint64_t operator-(Seed o) const { return static_cast<uint64_t>(value - o.value); }

    constexpr bool fits_u64() const { return value <= UINT64_MAX; }
    constexpr uint64_t u64() const { return static_cast<uint64_t>(value); }  // only when fits_u64()
    std::string text() const;                                                // decimal
};

// PySolFC's largest deal number, the largest seed of a study: 10^20 - 1.
inline constexpr Seed kMaxSeed = Seed::of(static_cast<unsigned __int128>(10'000'000'000ULL) * 10'000'000'000ULL - 1);

// A whole decimal number 0..10^20-1 (digits only, at most 20 of them); nullopt otherwise.
std::optional<Seed> parse_seed(std::string_view digits);

inline std::ostream& operator<<(std::ostream& o, Seed s) { return o << s.text(); }

}  // namespace pyr
