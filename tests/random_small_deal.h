// random_small_deal with the row count and the stock size drawn from the
// test's generator in a fixed order (tests/support.h has the deal itself).
#pragma once

#include <vector>

#include "tests/support.h"

namespace pyr::test {

// The same with the row count rows_from + below(rows_span) and the stock size
// stock_from + below(stock_span), drawn stock first. (Written as two rng
// calls in one argument list, the order of the draws was the compiler's: gcc
// drew the stock first, clang the rows, so the two builds tested other deals,
// and a sample's thresholds held in one only.)
inline Deal random_small_deal(const Variant& v, int rows_from, int rows_span, int stock_from, int stock_span,
                              Rng& rng) {
    const int stock = stock_from + rng.below(stock_span);
    const int rows = rows_from + rng.below(rows_span);
    return random_small_deal(v, rows, stock, rng);
}

// `count` small deals of the presets with a hidden stock (not the row redeal),
// in turn, at 1 and 2 passes where the stock is redealt: rows from
// rows_from + below(rows_span), stock from stock_from + below(stock_span).
inline std::vector<Deal> hidden_stock_small_deals(int count, uint64_t seed, int rows_from, int rows_span,
                                                  int stock_from, int stock_span) {
    std::vector<Deal> out;
    Rng rng(seed);
    const char* names[] = {"msc", "cheops", "pharaohs", "classic", "solitarium", "tuts-tomb", "relaxed"};
    for (int i = 0; i < count; ++i) {
        Variant v = *find_preset(names[i % 7]);
        if (!v.discards() && v.redeal == RedealOrder::Same) v.passes = 1 + i / 7 % 2;
        out.push_back(random_small_deal(v, rows_from, rows_span, stock_from, stock_span, rng));
    }
    return out;
}

}  // namespace pyr::test
