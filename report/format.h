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

// x with `digits` decimals ("0.123"), as std::fixed prints it.
std::string fixed(double x, int digits);

}  // namespace pyr
