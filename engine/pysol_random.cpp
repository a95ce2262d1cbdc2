#include "engine/pysol_random.h"
#include "engine/input.h"

#include <array>
#include <cstdint>
#include <stdexcept>
#include <utility>

namespace pyr {

namespace {

using u128 = unsigned __int128;

// 10^20 - 1: PySolFC's largest deal number (BasicRandom.MAX_SEED is 10^20).
constexpr u128 kMaxDeal = static_cast<u128>(10000000000ULL) * 10000000000ULL - 1;
// 2^33 - 1: LCRandom31.MAX_SEED, the largest "ms" deal number.
constexpr std::uint64_t kMaxMs = (std::uint64_t{1} << 33) - 1;
// Plain numbers below this use the Microsoft generator (PySolFC: seed < 32000).
constexpr u128 kFirstMtDeal = 32000;

std::string u128_to_string(u128 v) {
    if (v == 0) return "0";
    std::string digits;
    while (v != 0) {
        digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
        v /= 10;
    }
    return digits;
}

// ---------------------------------------------------------------------------
// Microsoft FreeCell generator, extended to 33 bits as in PySolFC's LCRandom31.
class MsRandom {
public:
    explicit MsRandom(std::uint64_t seed)
        : seed_(seed), x_(seed < (std::uint64_t{1} << 32) ? seed : seed - (std::uint64_t{1} << 32)) {}

    // A random integer in [0, n].
    int randint(int n) {
        x_ = (x_ * 214013u + 2531011u) & kMaxMs;
        std::uint64_t r;
        if (seed_ < (std::uint64_t{1} << 32)) {
            r = (x_ >> 16) & 0x7fff;
            if (seed_ >= (std::uint64_t{1} << 31)) r |= 0x8000;
        } else {
            r = ((x_ >> 16) & 0xffff) + 1;
        }
        return static_cast<int>(r % static_cast<std::uint64_t>(n + 1));
    }

private:
    std::uint64_t seed_;
    std::uint64_t x_;
};

// ---------------------------------------------------------------------------
// MT19937 (Matsumoto & Nishimura, mt19937ar) with init_by_array, as in
// CPython's _random module, plus Python's random() and int(random() * k).
class PyMersenne {
public:
    explicit PyMersenne(u128 seed) {
        // CPython splits abs(seed) into 32-bit words, least significant first;
        // a zero seed gives one zero word.
        std::vector<std::uint32_t> key;
        do {
            key.push_back(static_cast<std::uint32_t>(seed & 0xffffffffu));
            seed >>= 32;
        } while (seed != 0);
        init_by_array(key);
    }

    // A random integer in [0, n], as Python 2's int(random() * (n + 1)).
    int randint(int n) { return static_cast<int>(random() * static_cast<double>(n + 1)); }

private:
    static constexpr int N = 624;
    static constexpr int M = 397;

    void init_genrand(std::uint32_t s) {
        mt_[0] = s;
        for (int i = 1; i < N; ++i) {
            mt_[i] = 1812433253u * (mt_[i - 1] ^ (mt_[i - 1] >> 30)) + static_cast<std::uint32_t>(i);
        }
        mti_ = N;
    }

    void init_by_array(const std::vector<std::uint32_t>& key) {
        init_genrand(19650218u);
        const int key_len = static_cast<int>(key.size());
        int i = 1;
        int j = 0;
        for (int k = (N > key_len ? N : key_len); k > 0; --k) {
            mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1664525u)) + key[j] + static_cast<std::uint32_t>(j);
            ++i;
            ++j;
            if (i >= N) {
                mt_[0] = mt_[N - 1];
                i = 1;
            }
            if (j >= key_len) j = 0;
        }
        for (int k = N - 1; k > 0; --k) {
            mt_[i] = (mt_[i] ^ ((mt_[i - 1] ^ (mt_[i - 1] >> 30)) * 1566083941u)) - static_cast<std::uint32_t>(i);
            ++i;
            if (i >= N) {
                mt_[0] = mt_[N - 1];
                i = 1;
            }
        }
        mt_[0] = 0x80000000u;
        mti_ = N;
    }

    std::uint32_t genrand_uint32() {
        constexpr std::uint32_t kMatrixA = 0x9908b0dfu;
        constexpr std::uint32_t kUpper = 0x80000000u;
        constexpr std::uint32_t kLower = 0x7fffffffu;
        if (mti_ >= N) {
            int kk = 0;
            for (; kk < N - M; ++kk) {
                const std::uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
                mt_[kk] = mt_[kk + M] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
            }
            for (; kk < N - 1; ++kk) {
                const std::uint32_t y = (mt_[kk] & kUpper) | (mt_[kk + 1] & kLower);
                mt_[kk] = mt_[kk + (M - N)] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
            }
            const std::uint32_t y = (mt_[N - 1] & kUpper) | (mt_[0] & kLower);
            mt_[N - 1] = mt_[M - 1] ^ (y >> 1) ^ ((y & 1u) ? kMatrixA : 0u);
            mti_ = 0;
        }
        std::uint32_t y = mt_[mti_++];
        y ^= (y >> 11);
        y ^= (y << 7) & 0x9d2c5680u;
        y ^= (y << 15) & 0xefc60000u;
        y ^= (y >> 18);
        return y;
    }

    // Python's random.random(): 53 random bits in [0, 1).
    double random() {
        const std::uint32_t a = genrand_uint32() >> 5;
        const std::uint32_t b = genrand_uint32() >> 6;
        return (static_cast<double>(a) * 67108864.0 + static_cast<double>(b)) * (1.0 / 9007199254740992.0);
    }

    std::array<std::uint32_t, N> mt_{};
    int mti_ = N + 1;
};

// PySolFC's shuffle: for n from len-1 down to 1, swap seq[n] with seq[randint(0, n)].
template <class Rng>
void pysol_shuffle(std::vector<int>& seq, Rng& rng) {
    for (int n = static_cast<int>(seq.size()) - 1; n > 0; --n) {
        const int j = rng.randint(n);
        std::swap(seq[static_cast<std::size_t>(n)], seq[static_cast<std::size_t>(j)]);
    }
}

}  // namespace

std::string PysolDealNumber::text() const { return (ms ? "ms" : "") + u128_to_string(value); }

PysolDealNumber parse_pysol_deal_number(std::string_view s) {
    // One message for every bad number: the rule, what is wrong, what was typed.
    const auto fail = [&](const char* why) {
        return std::invalid_argument(std::string("a PySolFC deal number is 1 to 99999999999999999999 or ms1 to "
                                                 "ms8589934591; ") +
                                     why + " (got " + excerpt(s) + ")");
    };
    if (s.empty()) throw fail("this one is empty");

    PysolDealNumber result;
    std::string_view digits = s;
    if (s.size() >= 2 && (s[0] == 'm' || s[0] == 'M') && (s[1] == 's' || s[1] == 'S')) {
        result.ms = true;
        digits = s.substr(2);
        if (digits.empty()) throw fail("digits must follow \"ms\"");
    }
    if (!result.ms && s[0] == '-') throw fail("this one is negative");

    const u128 limit = result.ms ? static_cast<u128>(kMaxMs) : kMaxDeal;
    bool too_large = false;
    for (const char c : digits) {
        if (c < '0' || c > '9') throw fail(result.ms ? "only digits may follow \"ms\"" : "this one is not a number");
        if (!too_large) {
            result.value = result.value * 10 + static_cast<unsigned>(c - '0');
            if (result.value > limit) too_large = true;
        }
    }
    if (too_large) throw fail("this one is too large");
    if (result.value == 0) throw fail("this one is 0");
    return result;
}

std::vector<int> pysol_deal_order(const PysolDealNumber& n, int deck_size) {
    if (deck_size != 52 && deck_size != 48) {
        throw std::invalid_argument("pysol_deal_order: deck size must be 52 or 48, got " + std::to_string(deck_size));
    }
    if (n.value == 0) throw std::invalid_argument("pysol_deal_order: deal number 0");
    if (n.ms && n.value > kMaxMs) {
        throw std::invalid_argument("pysol_deal_order: ms deal number too large");
    }
    if (!n.ms && n.value > kMaxDeal) {
        throw std::invalid_argument("pysol_deal_order: deal number too large");
    }

    // Deck in PySolFC's creation order: suit by suit, each Ace..King.
    std::vector<int> cards(static_cast<std::size_t>(deck_size));
    for (int i = 0; i < deck_size; ++i) cards[static_cast<std::size_t>(i)] = i;

    const bool ms_path = n.ms || n.value < kFirstMtDeal;
    if (ms_path) {
        // FreeCell compatibility (pysol_cards ms_rearrange): 52-card decks only,
        // rank-major with suits C, D, H, S. Other deck sizes are left as they are.
        if (deck_size == 52) {
            std::vector<int> rearranged;
            rearranged.reserve(52);
            for (int rank = 0; rank < 13; ++rank) {
                for (const int offset : {0, 39, 26, 13}) rearranged.push_back(rank + offset);
            }
            cards = std::move(rearranged);
        }
        MsRandom rng(static_cast<std::uint64_t>(n.value));
        pysol_shuffle(cards, rng);
    } else {
        PyMersenne rng(n.value);
        pysol_shuffle(cards, rng);
    }

    // PySolFC puts the shuffled list on the talon in order and deals from its top,
    // i.e. from the end of the list.
    return std::vector<int>(cards.rbegin(), cards.rend());
}

}  // namespace pyr
