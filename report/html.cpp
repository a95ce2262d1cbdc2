#include "report/html.h"

#include "report/svg.h"

namespace pyr::html {

std::string escape(std::string_view s) { return svg::escape(s); }

namespace {
// Shared by every page: system fonts only, dark text on white, and print
// settings (no backgrounds needed, nothing cut at a page break).
const char* const kBaseCss = R"css(
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", "Liberation Sans", Arial, sans-serif; color: #1a1a1a; background: #fff;
       margin: 1.2em auto; max-width: 1180px; padding: 0 1em; line-height: 1.4; }
h1 { font-size: 1.5em; margin: 0.2em 0 0.3em; }
h2 { font-size: 1.2em; margin: 1.4em 0 0.4em; border-bottom: 1px solid #bbb; padding-bottom: 0.15em; }
p.meta { color: #333; margin: 0.2em 0; }
code { font-family: "DejaVu Sans Mono", "Liberation Mono", monospace; font-size: 0.92em; overflow-wrap: anywhere; }
.card { white-space: nowrap; font-weight: bold; }
.red { color: #c8102e; }
table { border-collapse: collapse; font-size: 0.92em; }
th, td { border: 1px solid #bbb; padding: 0.2em 0.5em; text-align: right; }
th { background: #eee; }
td.l, th.l { text-align: left; }
figure { margin: 0.6em 0; break-inside: avoid; }
figcaption { font-size: 0.9em; color: #333; margin-top: 0.2em; }
svg { max-width: 100%; height: auto; }
@media print {
  body { max-width: none; margin: 0; }
  .noprint { display: none !important; }
  h2 { break-after: avoid; }
}
)css";
}  // namespace

std::string page(std::string_view title, std::string_view css, std::string_view body, std::string_view script) {
    std::string s = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n";
    s += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n";
    s += "<title>" + escape(title) + "</title>\n<style>" + std::string(kBaseCss) + std::string(css) + "</style>\n";
    s += "</head>\n<body>\n" + std::string(body);
    if (!script.empty()) s += "<script>\n" + std::string(script) + "</script>\n";
    return s + "</body>\n</html>\n";
}

std::string card(Card c, DeckKind d) {
    return std::string("<span class=\"card") + (red_suit(c, d) ? " red" : "") + "\">" +
           escape(card_display(c, d, true)) + "</span>";
}

std::string card_words(Card c, DeckKind d) {
    return std::string("<span class=\"card") + (red_suit(c, d) ? " red" : "") + "\">" +
           escape(pyr::card_words(c, d, true)) + "</span>";
}

std::string utc_time(std::time_t t) {
    std::tm tm{};
    if (!gmtime_r(&t, &tm)) return "unknown";
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", &tm);
    return buf;
}

}  // namespace pyr::html
