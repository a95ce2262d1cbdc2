// The SVG writer of report/: escaping, numbers, scales, ticks, axes, legend.
#include <catch2/catch.hpp>

#include <cmath>

#include "report/svg.h"

using namespace pyr::svg;

namespace {
int count(const std::string& s, const std::string& what) {
    int n = 0;
    for (size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
    return n;
}
}  // namespace

TEST_CASE("svg: text and attribute values are escaped", "[svg]") {
    CHECK(escape("a<b & c>d \"q\" 'x'") == "a&lt;b &amp; c&gt;d &quot;q&quot; &#39;x&#39;");
    CHECK(escape("Q\u2665 10\u2660") == "Q\u2665 10\u2660");  // UTF-8 passes through
    CHECK(attr("title", "<x>") == " title=\"&lt;x&gt;\"");
    Document d(100, 50, "a & b");
    d.text(1, 2, "</text><script>alert(1)</script>");
    const std::string s = d.str();
    CHECK(s.find("<script>") == std::string::npos);
    CHECK(s.find("&lt;/text&gt;&lt;script&gt;") != std::string::npos);
    CHECK(s.find("<title>a &amp; b</title>") != std::string::npos);
}

TEST_CASE("svg: coordinates are short and never -0", "[svg]") {
    CHECK(num(3) == "3");
    CHECK(num(2.5) == "2.5");
    CHECK(num(1.0 / 3) == "0.33");
    CHECK(num(-0.001) == "0");
    CHECK(num(-12.345) == "-12.35");
    CHECK(num(1e6) == "1000000");
}

TEST_CASE("svg: linear and log scales map their domain onto their range", "[svg]") {
    const LinearScale x(0, 10, 100, 200);
    CHECK(x(0) == 100);
    CHECK(x(10) == 200);
    CHECK(x(2.5) == Approx(125));
    CHECK(x.invert(150) == Approx(5));
    const LinearScale y(0, 1, 300, 0);  // a y axis runs upwards
    CHECK(y(0.25) == Approx(225));
    CHECK(LinearScale(5, 5, 0, 10)(5) == 5);  // an empty domain maps to the middle
    const LogScale l(1, 1000, 0, 300);
    CHECK(l(1) == Approx(0));
    CHECK(l(10) == Approx(100));
    CHECK(l(100) == Approx(200));
    CHECK(l(1000) == Approx(300));
    CHECK(l(0) == Approx(0));  // clamped, not -inf
    CHECK(l.invert(150) == Approx(std::pow(10, 1.5)));
    CHECK_THROWS_AS(LogScale(0, 10, 0, 1), std::invalid_argument);
}

TEST_CASE("svg: ticks fall on nice numbers", "[svg]") {
    CHECK(nice_step(10, 5) == 2);
    CHECK(nice_step(100, 5) == 20);
    CHECK(nice_step(1, 4) == Approx(0.2));
    CHECK(nice_step(73, 5) == 10);
    CHECK(nice_step(90, 5) == 20);
    CHECK(nice_step(0.07, 5) == Approx(0.01));
    CHECK(nice_step(0, 5) == 0);
    CHECK(linear_ticks(0, 1, 5) == std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1});
    CHECK(linear_ticks(0, 0.3, 3) == std::vector<double>{0, 0.1, 0.2, 0.3});  // exact decimals, no 0.30000000000000004
    CHECK(linear_ticks(13, 87, 5) == std::vector<double>{20, 30, 40, 50, 60, 70, 80});
    CHECK(linear_ticks(13, 97, 4) == std::vector<double>{20, 40, 60, 80});
    CHECK(linear_ticks(-5, 5, 4) == std::vector<double>{-4, -2, 0, 2, 4});
    CHECK(nice_domain(13, 87, 5) == std::pair<double, double>{10, 90});
    CHECK(nice_domain(13, 97, 4) == std::pair<double, double>{0, 100});
    CHECK(nice_domain(0.41, 0.58, 5) == std::pair<double, double>{0.4, 0.6});
    const auto one = nice_domain(7, 7, 5);
    CHECK(one.first < 7);
    CHECK(one.second > 7);
    CHECK(log_domain(3, 4500) == std::pair<double, double>{1, 10000});
    CHECK(log_domain(100, 100) == std::pair<double, double>{100, 1000});
    CHECK(log_ticks(1, 1e6) == std::vector<double>{1, 10, 100, 1000, 1e4, 1e5, 1e6});
    CHECK(log_ticks(10, 1000) == std::vector<double>{10, 20, 50, 100, 200, 500, 1000});
    CHECK(log_ticks(3, 40) == std::vector<double>{5, 10, 20});
}

TEST_CASE("svg: tick labels carry the decimals their step needs", "[svg]") {
    CHECK(tick_label(0.2, 0.2) == "0.2");
    CHECK(tick_label(0.25, 0.05) == "0.25");
    CHECK(tick_label(0, 0.1) == "0.0");
    CHECK(tick_label(40, 20) == "40");
    CHECK(tick_label(12000, 2000) == "12,000");
    CHECK(tick_label(-1500000, 500000) == "-1,500,000");
    CHECK(si_label(1) == "1");
    CHECK(si_label(500) == "500");
    CHECK(si_label(1000) == "1k");
    CHECK(si_label(20000) == "20k");
    CHECK(si_label(2e6) == "2M");
    CHECK(si_label(1e9) == "1G");
    CHECK(si_label(1500) == "1.5k");
}

TEST_CASE("svg: axes draw a tick and label per value, the legend a line per entry", "[svg]") {
    Document d(400, 300, "chart");
    const Frame f{60, 20, 300, 220};
    const LinearScale x(0, 100, f.left, f.right());
    const LogScale y(1, 1e4, f.bottom(), f.top);
    const auto xt = linear_ticks(0, 100, 5);
    std::vector<std::string> xl;
    for (double t : xt) xl.push_back(tick_label(t, 20));
    axis_bottom(d, f, x, xt, xl, "moves");
    const auto yt = log_ticks(1, 1e4);
    std::vector<std::string> yl;
    for (double t : yt) yl.push_back(si_label(t));
    axis_left(d, f, y, yt, yl, "states (log scale)");
    const double h = legend(d, 10, 10, {{"win", 0}, {"lose", 1, true, true}, {"intractable", 2, false, false, true}});
    CHECK(h > 0);
    const std::string s = d.str(true);
    CHECK(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
    CHECK(s.find("</svg>") != std::string::npos);
    for (const char* label : {">0<", ">20<", ">100<", ">1<", ">10k<", ">moves<", ">states (log scale)<", ">win<",
                              ">lose<", ">intractable<"})
        CHECK(s.find(label) != std::string::npos);
    CHECK(count(s, "<text") == static_cast<int>(xt.size() + yt.size() + 2 + 3));
    // The x ticks sit where the scale puts them.
    CHECK(s.find("x1=\"120\"") != std::string::npos);  // 20 -> 60 + 300 * 0.2
    // Every element opened is closed.
    CHECK(count(s, "<g") == count(s, "</g>"));
}

TEST_CASE("svg: series differ by shape and dash, not only by colour", "[svg]") {
    for (int i = 0; i < 5; ++i)
        for (int j = i + 1; j < 6; ++j) {
            CHECK(series_shape(i) != series_shape(j));
            CHECK(series_dash(i) != series_dash(j));
        }
    Document d(50, 50, "m");
    for (int i = 0; i < 6; ++i) d.marker(series_shape(i), 25, 25, 10);
    const std::string s = d.str();
    CHECK(count(s, "<circle") == 1);
    CHECK(count(s, "<rect") == 1);
    CHECK(count(s, "<path") == 4);
}

TEST_CASE("svg: text widths count characters, not bytes, and legends fit their longest label", "[svg]") {
    CHECK(text_width("", 12) == 0);
    CHECK(text_width("10♠", 10) == text_width("10S", 10));  // ♠ is 3 bytes, one character
    CHECK(text_width("abcd", 20) == 2 * text_width("abcd", 10));
    const double short_w = legend_width({{"1 pass", 0}, {"3 passes", 1}});
    const double long_w = legend_width({{"1 pass", 0}, {"unlimited passes, no overlap", 1}});
    CHECK(long_w > short_w);
    CHECK(long_w >= 32 + text_width("unlimited passes, no overlap", 12));
}
