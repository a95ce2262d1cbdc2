// A small SVG writer for the program's pictures (the drawn deal, the solution
// page, the study report): escaping, number formatting, scales (linear and
// log), ticks at nice numbers, axes, markers and a legend. No Debian package
// offers a C++ SVG charting library, and gnuplot or matplotlib would add a
// runtime dependency for a few pictures; this is the little we need.
//
// Everything is written with presentation attributes (fill, stroke, dashes),
// so a picture is self-contained: it looks the same pasted into a page,
// opened alone, or printed. Series are told apart by marker shape and dash
// pattern as well as by colour, so they stay readable in grey.
#pragma once
#include <cmath>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pyr::svg {

// Text for XML content or a quoted attribute value: & < > " ' escaped.
std::string escape(std::string_view s);
// A coordinate: at most two decimals, no trailing zeros, never "-0".
std::string num(double x);
// ` name="value"` with the value escaped; for building attribute lists.
std::string attr(std::string_view name, std::string_view value);
std::string attr(std::string_view name, double value);

// Maps a domain [d0, d1] onto a range [r0, r1] (either may run backwards,
// as a y axis does). A zero-width domain maps everything to the range's middle.
class LinearScale {
public:
    LinearScale(double d0, double d1, double r0, double r1) : d0_(d0), d1_(d1), r0_(r0), r1_(r1) {}
    double operator()(double v) const;
    double invert(double r) const;
    double d0() const { return d0_; }
    double d1() const { return d1_; }

private:
    double d0_, d1_, r0_, r1_;
};

// The same in log10 space; the domain must be positive (std::invalid_argument
// otherwise), and values at or below zero are clamped to the domain's start.
class LogScale {
public:
    LogScale(double d0, double d1, double r0, double r1);
    double operator()(double v) const { return log_(std::log10(v > 0 ? v : d0_)); }
    double invert(double r) const { return std::pow(10.0, log_.invert(r)); }
    double d0() const { return d0_; }
    double d1() const { return d1_; }

private:
    double d0_, d1_;
    LinearScale log_;  // over the log10 of the domain
};

// A nice step for about `count` intervals over `span`: 1, 2 or 5 times a
// power of ten (0 for an empty span).
double nice_step(double span, int count);
// [lo, hi] widened outwards to multiples of nice_step(hi - lo, count); an
// empty interval becomes one step wide.
std::pair<double, double> nice_domain(double lo, double hi, int count = 5);
// Multiples of nice_step(hi - lo, count) inside [lo, hi], free of rounding
// noise (0.3, not 0.30000000000000004).
std::vector<double> linear_ticks(double lo, double hi, int count = 5);
// [lo, hi] (lo > 0) widened outwards to powers of ten.
std::pair<double, double> log_domain(double lo, double hi);
// Powers of ten inside [lo, hi]; over fewer than three decades also 2 and 5
// times them.
std::vector<double> log_ticks(double lo, double hi);
// A linear tick's label with the decimals its step needs ("0.25" needs two,
// "20" none); thousands grouped with commas ("12,000").
std::string tick_label(double v, double step);
// A log tick's label in SI style: 1, 20, 500, 1k, 10k, 2M, 1G.
std::string si_label(double v);

// Marker shapes and dash patterns that tell series apart without colour.
enum class Shape { Circle, Square, Triangle, Diamond, Cross, Star };
// Nth shape / dash pattern / colour of a palette that stays distinct in grey
// (dark to light, with shapes and dashes carrying the difference).
Shape series_shape(int i);
std::string series_dash(int i);  // "" (solid), "6 3", "2 2", ...
std::string series_colour(int i);

// An SVG picture built element by element. `extra` arguments are attribute
// lists made with attr() (or literal, for constant attributes).
class Document {
public:
    // `title` becomes the picture's <title> (its accessible name).
    Document(double width, double height, std::string_view title);

    void rect(double x, double y, double w, double h, std::string_view extra = "");
    void line(double x1, double y1, double x2, double y2, std::string_view extra = "");
    void circle(double cx, double cy, double r, std::string_view extra = "");
    void path(std::string_view d, std::string_view extra = "");
    // Text (escaped here). Default: 12px sans-serif, anchored at its start.
    void text(double x, double y, std::string_view s, std::string_view extra = "");
    // A marker of the given shape centred on (cx, cy), `size` across.
    void marker(Shape shape, double cx, double cy, double size, std::string_view extra = "");
    void open(std::string_view element, std::string_view extra = "");  // <g ...>, <defs>, <symbol ...>
    void close(std::string_view element);
    void raw(std::string_view markup);  // trusted markup, written as is

    double width() const { return w_; }
    double height() const { return h_; }
    // The whole <svg> element; `standalone` adds the XML namespace
    // declarations a .svg file needs (inline SVG in HTML does not). `scale`
    // sets the displayed size (width and height) apart from the drawing's
    // own coordinates (the viewBox).
    std::string str(bool standalone = false, double scale = 1) const;

private:
    double w_, h_;
    std::string title_, body_;
};

// The plot area of a chart, in picture coordinates.
struct Frame {
    double left = 0, top = 0, width = 0, height = 0;
    double right() const { return left + width; }
    double bottom() const { return top + height; }
};

// Axes: a base line, ticks with labels, light grid lines across the frame,
// and a title with its unit. `map` takes a domain value to a picture
// coordinate (a scale); `labels` must match `ticks`.
void axis_bottom(Document& d, const Frame& f, const std::function<double(double)>& map,
                 const std::vector<double>& ticks, const std::vector<std::string>& labels, std::string_view title);
void axis_left(Document& d, const Frame& f, const std::function<double(double)>& map, const std::vector<double>& ticks,
               const std::vector<std::string>& labels, std::string_view title);

// One legend line: a marker and/or a dashed line sample, then the label.
struct LegendEntry {
    std::string label;
    int series = 0;      // its shape, dash and colour
    bool marker = true;  // draw the series' marker
    bool line = false;   // draw a line sample in the series' dash
    bool box = false;    // draw a filled box (bars) instead
};
// Draws the legend as a column starting at (x, y); returns its height.
double legend(Document& d, double x, double y, const std::vector<LegendEntry>& entries);
// The width the legend of these entries takes (marker sample and label).
double legend_width(const std::vector<LegendEntry>& entries);

// A generous estimate of how wide `s` is drawn in sans-serif at `font_px`
// (no font metrics in an SVG writer: 0.62 em per character, UTF-8 counted
// as characters), for margins that must not clip labels.
double text_width(std::string_view s, double font_px);

}  // namespace pyr::svg
