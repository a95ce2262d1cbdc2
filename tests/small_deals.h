// The small random deals the slow brute-force references take, for every
// rule set: one loop for the reference tests that sweep them.
#pragma once
#include "tests/random_small_deal.h"
#include "tests/support.h"

namespace pyr::test {

// The small random deals the slow references take: for every rule set
// (every_rule_set), `per_set` deals of 3 or 4 rows with 0 to `max_stock`
// stock cards (`max_stock_rows` with the row redeal, whose references grow
// faster), each given to f(v, deal).
struct SmallDeals {
    int per_set = 1;
    int max_stock = 9;
    int max_stock_rows = 7;
};
template <class F>
void for_each_small_deal(Rng& rng, const SmallDeals& o, F f) {
    for (const Variant& v : every_rule_set())
        for (int i = 0; i < o.per_set; ++i) {
            const int most = v.redeal == RedealOrder::ApophisRows ? o.max_stock_rows : o.max_stock;
            f(v, random_small_deal(v, 3, 2, 0, most + 1, rng));
        }
}

}  // namespace pyr::test
