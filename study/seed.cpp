#include "study/seed.h"

namespace pyr {

std::string Seed::text() const {
    if (value == 0) return "0";
    std::string s;
    for (unsigned __int128 v = value; v; v /= 10)
        s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    return s;
}

std::optional<Seed> parse_seed(std::string_view digits) {
    if (digits.empty() || digits.size() > 20) return std::nullopt;
    unsigned __int128 v = 0;
    for (char c : digits) {
        if (c < '0' || c > '9') return std::nullopt;
        v = v * 10 + static_cast<unsigned>(c - '0');
    }
    const Seed s = Seed::of(v);
    if (s > kMaxSeed) return std::nullopt;
    return s;
}

}  // namespace pyr
