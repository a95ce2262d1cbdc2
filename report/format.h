// The numbers every front end prints (issue 37, item 6; issue 38, item 10):
// one rule for a share or a chance as a percentage, one for a fixed number of
// decimals. The web page's JavaScript (web/app.js, `percentText`) follows the
// same rule, tested against this one (tests/test_format.cpp, web tests).
#pragma once
#include <string>

namespace pyr {

// A share or chance x (0..1) as a percentage with `digits` decimals (0-6):
// x * 100 * 10^digits rounded half up in doubles ("67.8%" for 0.6775), except
// that a share that is not 1 never reads 100% (0.9999 is "99.9%") and one that
// is not 0 never reads 0% (0.0001 is "0.1%"): the nearest printable value on
// the right side.
std::string percent_text(double x, int digits = 1);

// A proven bound x (0..1) on a chance as a percentage with one decimal,
// rounded outward so that the text never claims more than was proved: a
// lower bound rounded down (1e-16 is "0.0%", 0.1239 "12.3%"), an upper bound
// rounded up (0.1231 is "12.4%", 0.9999 "100.0%"). percent_text's nearest
// printable value would overstate a bound (a lower bound of 1e-16 read
// "0.1%"). web/app.js's boundText follows the same rule.
std::string bound_text(double x, bool upper);

// x with `digits` decimals ("0.123"), as std::fixed prints it.
std::string fixed(double x, int digits);

}  // namespace pyr
