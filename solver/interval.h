// Wilson's score interval for a share won of n trials: the no-peek odds'
// (solver/nopeek.h, report/odds_hint.h) and the studies' (study/study.h).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <optional>

namespace pyr {

// z for a two-sided 95% interval: the 0.975 quantile of the standard normal.
constexpr double kZ95 = 1.959963984540054;

struct Interval {
    double low = 0, high = 0;
};
// Wilson score interval for `successes` out of `n` trials; nullopt when n == 0.
inline std::optional<Interval> wilson_interval(uint64_t successes, uint64_t n, double z = kZ95) {
    if (n == 0) return std::nullopt;
    const double nn = static_cast<double>(n);
    const double p = static_cast<double>(successes) / nn;
    const double z2 = z * z;
    const double denom = 1 + z2 / nn;
    const double center = (p + z2 / (2 * nn)) / denom;
    const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / denom;
    // The ends are exact where the reals say so: 0/n gives low = 0 and n/n
    // high = 1 (the doubles' rounding left 0.9999999999999999, which a
    // percentage that never rounds a share below 1 up to 100% would show as
    // 99.99%); elsewhere the rounding noise is clamped into [0, 1].
    return Interval{successes == 0 ? 0.0 : std::max(0.0, center - half),
                    successes == n ? 1.0 : std::min(1.0, center + half)};
}

}  // namespace pyr
