#include "report/format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iomanip>
#include <sstream>

namespace pyr {

std::string percent_text(double x, int digits) {
    if (digits < 0) digits = 0;
    if (digits > 6) digits = 6;
    if (!std::isfinite(x)) return "-";
    double scale = 100;
    for (int i = 0; i < digits; ++i) scale *= 10;
    // One multiplication and one rounding, as web/app.js does them.
    const double y = std::fabs(x) * scale;
    double k = std::floor(y + 0.5);
    const double whole = scale;                         // 100%
    if (x != 0 && k == 0) k = 1;                        // not 0: never 0%
    if (std::fabs(x) < 1 && k >= whole) k = whole - 1;  // not 1: never 100%
    char b[64];
    const double shown = k / (scale / 100);
    std::snprintf(b, sizeof b, "%s%.*f%%", x < 0 ? "-" : "", digits, shown);
    return b;
}

std::string bound_text(double x, bool upper) {
    if (!std::isfinite(x)) return "-";
    // One multiplication, then floor or ceil, as web/app.js does them.
    double k = upper ? std::ceil(x * 1000) : std::floor(x * 1000);
    k = std::min(1000.0, std::max(0.0, k));
    char b[32];
    std::snprintf(b, sizeof b, "%.1f%%", k / 10);
    return b;
}

std::string fixed(double x, int digits) {
    std::ostringstream o;
    o << std::fixed << std::setprecision(digits) << x;
    return o.str();
}

}  // namespace pyr
