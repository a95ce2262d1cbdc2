#include "report/svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <stdexcept>

namespace pyr::svg {

std::string escape(std::string_view s) {
    std::string out;
    out.reserve(s.size());
    for (char ch : s) {
        switch (ch) {
            case '&': out += "&amp;"; break;
            case '<': out += "&lt;"; break;
            case '>': out += "&gt;"; break;
            case '"': out += "&quot;"; break;
            case '\'': out += "&#39;"; break;
            default: out += ch;
        }
    }
    return out;
}

std::string num(double x) {
    if (!std::isfinite(x)) return "0";
    char b[48];
    std::snprintf(b, sizeof b, "%.2f", x);
    std::string s = b;
    s.erase(s.find_last_not_of('0') + 1);
    if (s.back() == '.') s.pop_back();
    if (s == "-0") s = "0";
    return s;
}

std::string attr(std::string_view name, std::string_view value) {
    return " " + std::string(name) + "=\"" + escape(value) + "\"";
}
std::string attr(std::string_view name, double value) { return attr(name, num(value)); }

double LinearScale::operator()(double v) const {
    if (d1_ == d0_) return (r0_ + r1_) / 2;
    return r0_ + (v - d0_) / (d1_ - d0_) * (r1_ - r0_);
}

double LinearScale::invert(double r) const {
    if (r1_ == r0_) return d0_;
    return d0_ + (r - r0_) / (r1_ - r0_) * (d1_ - d0_);
}

namespace {
double checked_log10(double d) {
    if (!(d > 0)) throw std::invalid_argument("a log scale needs a positive domain");
    return std::log10(d);
}
}  // namespace

LogScale::LogScale(double d0, double d1, double r0, double r1)
    : d0_(d0), d1_(d1), log_(checked_log10(d0), checked_log10(d1), r0, r1) {}

double nice_step(double span, int count) {
    if (!(span > 0) || count < 1) return 0;
    const double raw = span / count;
    const double mag = std::pow(10.0, std::floor(std::log10(raw)));
    const double norm = raw / mag;
    const double f = norm < 1.5 ? 1 : norm < 3 ? 2 : norm < 7 ? 5 : 10;
    return f * mag;
}

namespace {
// k * step without the noise of a binary fraction: rounded to the decimals
// the step has.
double tick_value(long long k, double step) {
    const int decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    const double scale = std::pow(10.0, decimals);
    return std::round(static_cast<double>(k) * step * scale) / scale;
}
}  // namespace

std::pair<double, double> nice_domain(double lo, double hi, int count) {
    if (hi < lo) std::swap(lo, hi);
    if (hi == lo) {
        const double step = lo == 0 ? 1 : nice_step(std::abs(lo), count);
        return {lo - step / 2 * (lo != 0), lo + step / 2 * (lo != 0) + (lo == 0)};
    }
    const double step = nice_step(hi - lo, count);
    const double eps = step * 1e-9;
    return {tick_value(static_cast<long long>(std::floor(lo / step + eps)), step),
            tick_value(static_cast<long long>(std::ceil(hi / step - eps)), step)};
}

std::vector<double> linear_ticks(double lo, double hi, int count) {
    if (hi < lo) std::swap(lo, hi);
    std::vector<double> out;
    const double step = nice_step(hi - lo, count);
    if (step == 0) return {lo};
    const double eps = step * 1e-9;
    for (long long k = static_cast<long long>(std::ceil(lo / step - eps)); k * step <= hi + eps; ++k)
        out.push_back(tick_value(k, step));
    return out;
}

std::pair<double, double> log_domain(double lo, double hi) {
    if (!(lo > 0) || !(hi > 0)) throw std::invalid_argument("a log domain must be positive");
    if (hi < lo) std::swap(lo, hi);
    double a = std::pow(10.0, std::floor(std::log10(lo) + 1e-9));
    double b = std::pow(10.0, std::ceil(std::log10(hi) - 1e-9));
    if (b <= a) b = a * 10;
    return {a, b};
}

std::vector<double> log_ticks(double lo, double hi) {
    if (!(lo > 0) || !(hi > 0)) return {};
    if (hi < lo) std::swap(lo, hi);
    const int e0 = static_cast<int>(std::floor(std::log10(lo) + 1e-9));
    const int e1 = static_cast<int>(std::ceil(std::log10(hi) - 1e-9));
    const bool fine = e1 - e0 < 3;
    std::vector<double> out;
    for (int e = e0; e <= e1; ++e) {
        const double p = std::pow(10.0, e);
        for (double f : {1.0, 2.0, 5.0}) {
            if (f != 1 && !fine) continue;
            const double v = f * p;
            if (v >= lo * (1 - 1e-9) && v <= hi * (1 + 1e-9)) out.push_back(v);
        }
    }
    return out;
}

namespace {
std::string group_thousands(std::string digits) {
    const bool neg = !digits.empty() && digits[0] == '-';
    std::string body = neg ? digits.substr(1) : digits;
    const size_t dot = body.find('.');
    std::string whole = body.substr(0, dot), frac = dot == std::string::npos ? "" : body.substr(dot);
    std::string grouped;
    for (size_t i = 0; i < whole.size(); ++i) {
        if (i > 0 && (whole.size() - i) % 3 == 0) grouped += ',';
        grouped += whole[i];
    }
    return (neg ? "-" : "") + grouped + frac;
}
}  // namespace

std::string tick_label(double v, double step) {
    const int decimals = step > 0 && step < 1 ? static_cast<int>(std::ceil(-std::log10(step) - 1e-9)) : 0;
    char b[64];
    std::snprintf(b, sizeof b, "%.*f", decimals, v);
    std::string s = b;
    if (s.find_first_not_of("-0.") == std::string::npos) s = decimals ? "0." + std::string(decimals, '0') : "0";
    return group_thousands(s);
}

std::string si_label(double v) {
    static const char* const prefixes[] = {"", "k", "M", "G", "T", "P"};
    int i = 0;
    double x = v;
    while (std::abs(x) >= 1000 && i < 5) {
        x /= 1000;
        ++i;
    }
    char b[32];
    const double r = std::round(x * 10) / 10;
    if (r == std::round(r)) std::snprintf(b, sizeof b, "%.0f", r);
    else std::snprintf(b, sizeof b, "%.1f", r);
    return std::string(b) + prefixes[i];
}

Shape series_shape(int i) {
    static const Shape shapes[] = {Shape::Circle,  Shape::Square, Shape::Triangle,
                                   Shape::Diamond, Shape::Cross,  Shape::Star};
    return shapes[((i % 6) + 6) % 6];
}

std::string series_dash(int i) {
    static const char* const dashes[] = {"", "7 3", "2 2", "9 3 2 3", "4 4", "1 3"};
    return dashes[((i % 6) + 6) % 6];
}

std::string series_colour(int i) {
    // Dark blue, orange, teal, purple, olive, grey: their lightness differs
    // enough to tell apart in grey, and shapes/dashes carry the rest.
    static const char* const colours[] = {"#1f3d7a", "#d9731a", "#2a9d8f", "#7b3294", "#8c8c1f", "#555555"};
    return colours[((i % 6) + 6) % 6];
}

Document::Document(double width, double height, std::string_view title) : w_(width), h_(height), title_(title) {}

void Document::rect(double x, double y, double w, double h, std::string_view extra) {
    body_ += "<rect" + attr("x", x) + attr("y", y) + attr("width", std::max(0.0, w)) +
             attr("height", std::max(0.0, h)) + std::string(extra) + "/>\n";
}

void Document::line(double x1, double y1, double x2, double y2, std::string_view extra) {
    body_ += "<line" + attr("x1", x1) + attr("y1", y1) + attr("x2", x2) + attr("y2", y2) + std::string(extra) + "/>\n";
}

void Document::circle(double cx, double cy, double r, std::string_view extra) {
    body_ += "<circle" + attr("cx", cx) + attr("cy", cy) + attr("r", r) + std::string(extra) + "/>\n";
}

void Document::path(std::string_view d, std::string_view extra) {
    body_ += "<path" + attr("d", d) + std::string(extra) + "/>\n";
}

void Document::text(double x, double y, std::string_view s, std::string_view extra) {
    body_ += "<text" + attr("x", x) + attr("y", y) + std::string(extra) + ">" + escape(s) + "</text>\n";
}

void Document::marker(Shape shape, double cx, double cy, double size, std::string_view extra) {
    const double r = size / 2;
    auto pt = [](double x, double y) { return num(x) + "," + num(y); };
    switch (shape) {
        case Shape::Circle: circle(cx, cy, r, extra); return;
        case Shape::Square: rect(cx - r * 0.9, cy - r * 0.9, r * 1.8, r * 1.8, extra); return;
        case Shape::Triangle:
            path("M" + pt(cx, cy - r * 1.1) + "L" + pt(cx + r * 1.05, cy + r * 0.75) + "L" +
                     pt(cx - r * 1.05, cy + r * 0.75) + "Z",
                 extra);
            return;
        case Shape::Diamond:
            path("M" + pt(cx, cy - r * 1.2) + "L" + pt(cx + r * 1.2, cy) + "L" + pt(cx, cy + r * 1.2) + "L" +
                     pt(cx - r * 1.2, cy) + "Z",
                 extra);
            return;
        case Shape::Cross: {
            const double a = r * 0.35;
            path("M" + pt(cx - a, cy - r) + "H" + num(cx + a) + "V" + num(cy - a) + "H" + num(cx + r) + "V" +
                     num(cy + a) + "H" + num(cx + a) + "V" + num(cy + r) + "H" + num(cx - a) + "V" + num(cy + a) + "H" +
                     num(cx - r) + "V" + num(cy - a) + "H" + num(cx - a) + "Z",
                 extra);
            return;
        }
        case Shape::Star: {
            std::string d;
            for (int i = 0; i < 10; ++i) {
                const double a = -std::numbers::pi / 2 + i * std::numbers::pi / 5, rr = i % 2 ? r * 0.5 : r * 1.2;
                d += (i ? "L" : "M") + pt(cx + rr * std::cos(a), cy + rr * std::sin(a));
            }
            path(d + "Z", extra);
            return;
        }
    }
}

void Document::open(std::string_view element, std::string_view extra) {
    body_ += "<" + std::string(element) + std::string(extra) + ">\n";
}

void Document::close(std::string_view element) { body_ += "</" + std::string(element) + ">\n"; }

void Document::raw(std::string_view markup) { body_ += markup; }

std::string Document::str(bool standalone, double scale) const {
    std::string s = "<svg";
    if (standalone) s += " xmlns=\"http://www.w3.org/2000/svg\"";
    s += attr("width", w_ * scale) + attr("height", h_ * scale) + attr("viewBox", "0 0 " + num(w_) + " " + num(h_)) +
         " role=\"img\" font-family=\"DejaVu Sans, Liberation Sans, Arial, sans-serif\" font-size=\"12\">\n";
    s += "<title>" + escape(title_) + "</title>\n";
    return s + body_ + "</svg>\n";
}

namespace {
const char* const kAxis = " stroke=\"#333\" stroke-width=\"1\"";
const char* const kGrid = " stroke=\"#ccc\" stroke-width=\"0.6\"";
}  // namespace

void axis_bottom(Document& d, const Frame& f, const std::function<double(double)>& map,
                 const std::vector<double>& ticks, const std::vector<std::string>& labels, std::string_view title) {
    d.open("g", " class=\"axis axis-x\"");
    for (size_t i = 0; i < ticks.size(); ++i) {
        const double x = map(ticks[i]);
        d.line(x, f.top, x, f.bottom(), kGrid);
        d.line(x, f.bottom(), x, f.bottom() + 5, kAxis);
        if (i < labels.size()) d.text(x, f.bottom() + 18, labels[i], " text-anchor=\"middle\"");
    }
    d.line(f.left, f.bottom(), f.right(), f.bottom(), kAxis);
    if (!title.empty())
        d.text(f.left + f.width / 2, f.bottom() + 36, title, " text-anchor=\"middle\" font-weight=\"bold\"");
    d.close("g");
}

void axis_left(Document& d, const Frame& f, const std::function<double(double)>& map, const std::vector<double>& ticks,
               const std::vector<std::string>& labels, std::string_view title) {
    d.open("g", " class=\"axis axis-y\"");
    for (size_t i = 0; i < ticks.size(); ++i) {
        const double y = map(ticks[i]);
        d.line(f.left, y, f.right(), y, kGrid);
        d.line(f.left - 5, y, f.left, y, kAxis);
        if (i < labels.size()) d.text(f.left - 8, y + 4, labels[i], " text-anchor=\"end\"");
    }
    d.line(f.left, f.top, f.left, f.bottom(), kAxis);
    if (!title.empty()) {
        const double x = f.left - 52, y = f.top + f.height / 2;
        d.text(x, y, title,
               " text-anchor=\"middle\" font-weight=\"bold\" transform=\"rotate(-90 " + num(x) + " " + num(y) + ")\"");
    }
    d.close("g");
}

double legend(Document& d, double x, double y, const std::vector<LegendEntry>& entries) {
    const double row = 18;
    d.open("g", " class=\"legend\"");
    for (size_t i = 0; i < entries.size(); ++i) {
        const LegendEntry& e = entries[i];
        const double cy = y + row * static_cast<double>(i) + row / 2;
        const std::string colour = series_colour(e.series);
        if (e.box) {
            d.rect(x, cy - 6, 24, 12, attr("fill", colour) + attr("fill-opacity", 0.55) + attr("stroke", colour));
        }
        if (e.line) {
            std::string a = attr("stroke", colour) + " stroke-width=\"2\"";
            if (!series_dash(e.series).empty()) a += attr("stroke-dasharray", series_dash(e.series));
            d.line(x, cy, x + 24, cy, a);
        }
        if (e.marker) d.marker(series_shape(e.series), x + 12, cy, 9, attr("fill", colour) + " stroke=\"#fff\"");
        d.text(x + 32, cy + 4, e.label);
    }
    d.close("g");
    return row * static_cast<double>(entries.size());
}

double text_width(std::string_view s, double font_px) {
    size_t chars = 0;
    for (unsigned char c : s)
        if ((c & 0xC0) != 0x80) ++chars;  // count code points, not bytes
    return 0.62 * font_px * static_cast<double>(chars);
}

double legend_width(const std::vector<LegendEntry>& entries) {
    double w = 0;
    for (const LegendEntry& e : entries) w = std::max(w, text_width(e.label, 12));
    return 32 + w;
}

}  // namespace pyr::svg
