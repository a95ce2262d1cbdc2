#include "report/solution_html.h"

#include <stdexcept>

#include "engine/table.h"
#include "report/board_svg.h"
#include "report/html.h"

namespace pyr {

namespace {
using html::escape;

std::string move_name(const Move& m, DeckKind d) {
    switch (m.kind) {
        case Move::Draw: return "draw";
        case Move::Redeal: return "redeal";
        case Move::Single: return html::card(m.a, d);
        case Move::Pair: return html::card(m.a, d) + "+" + html::card(m.b, d);
    }
    return "?";
}

// The move in words, for the caption.
std::string move_words(const Move& m, const Variant& v) {
    const DeckKind d = v.deck;
    switch (m.kind) {
        case Move::Draw:
            if (v.wastes == 0) return "the stock's top card is turned and discarded (out of play)";
            if (v.wastes > 1) return "one card from the stock is dealt onto each waste";
            return v.draw == 1 ? "a card goes from the stock to the waste"
                               : std::to_string(v.draw) + " cards go from the stock to the waste";
        case Move::Redeal:
            if (v.redeal == RedealOrder::ApophisRows)
                return "the wastes are gathered back into the stock and a row is dealt: the next pass";
            return "the waste is turned over to make the stock again: the next pass";
        case Move::Single: return "remove " + html::card_words(m.a, d) + " alone";
        case Move::Pair:
            return "remove " + html::card_words(m.a, d) + " and " + html::card_words(m.b, d) + " (" +
                   std::to_string(m.a.rank) + " + " + std::to_string(m.b.rank) + " = " + std::to_string(v.target) + ")";
    }
    return "";
}

std::string end_words(const Table& t, const Variant& v) {
    if (t.won()) return v.goal == Goal::Pyramid ? "Won: the pyramid is empty." : "Won: every card is removed.";
    const int left = t.tableau_left();
    return "The line ends here: " + std::to_string(left) + " tableau card" + (left == 1 ? "" : "s") + " left.";
}

const char* const kCss = R"css(
.controls { display: flex; flex-wrap: wrap; align-items: center; gap: 0.4em; margin: 0.6em 0 0.3em; }
.controls button { font: inherit; padding: 0.25em 0.8em; border: 1px solid #555; border-radius: 4px; background: #f3f3f3;
                   cursor: pointer; }
.controls button:disabled { opacity: 0.45; cursor: default; }
#counter { font-weight: bold; min-width: 9em; text-align: center; }
.keys { color: #555; font-size: 0.85em; }
#captions { min-height: 3.2em; margin: 0.2em 0 0.5em; }
.cap { display: none; }
.cap.current { display: block; }
.cap p { margin: 0.1em 0; }
.cap .next { border-left: 4px dashed #c05000; padding-left: 0.5em; }
.cap .end { font-weight: bold; }
.layout { display: flex; flex-wrap: wrap; gap: 1.2em; align-items: flex-start; }
#board { flex: 0 1 auto; }
#board svg { display: block; width: auto; height: auto; max-width: 100%; background: #f4f1e8; border: 1px solid #ccc; border-radius: 6px; }
.step { display: none; }
.step.current { display: inline; }
#moves { position: relative; flex: 0 1 260px; max-height: 640px; overflow-y: auto; margin: 0; padding-left: 3em; font-size: 0.95em; }
#moves li.played { color: #666; }
#moves li.current { background: #ffe8a8; outline: 2px dashed #c05000; }
#moves a { color: inherit; text-decoration: none; }
#selftest { background: #eee; padding: 0.4em; }
@media print {
  #moves { max-height: none; overflow: visible; columns: 3; font-size: 0.85em; }
  #board svg { background: none; }
}
)css";

// Steps through the game; see solution_html.h. Kept small and dependency-free.
const char* const kScript = R"js(
(function () {
  "use strict";
  var all = function (q) { return Array.prototype.slice.call(document.querySelectorAll(q)); };
  var steps = all("#board .step"), caps = all("#captions .cap"), items = all("#moves li");
  var last = steps.length - 1, start = +document.getElementById("board").dataset.start, cur = start;
  var counter = document.getElementById("counter");
  var first = document.getElementById("first"), prev = document.getElementById("prev");
  var next = document.getElementById("next"), end = document.getElementById("last");
  function show(k) {
    k = Math.max(0, Math.min(last, k));
    [steps[cur], caps[cur], items[cur - 1]].forEach(function (e) { if (e) e.classList.remove("current"); });
    cur = k;
    [steps[cur], caps[cur], items[cur - 1]].forEach(function (e) { if (e) e.classList.add("current"); });
    counter.textContent = "move " + k + " of " + last;
    first.disabled = prev.disabled = k === 0;
    next.disabled = end.disabled = k === last;
    var item = items[k - 1], list = document.getElementById("moves");  // keep the move in view, in the list only
    if (item && (item.offsetTop < list.scrollTop || item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight))
      list.scrollTop = item.offsetTop - list.clientHeight / 2;
    if (history.replaceState && location.hash !== "#selftest") history.replaceState(null, "", "#step=" + k);
  }
  first.addEventListener("click", function () { show(0); });
  prev.addEventListener("click", function () { show(cur - 1); });
  next.addEventListener("click", function () { show(cur + 1); });
  end.addEventListener("click", function () { show(last); });
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    var to = {ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: last}[e.key];
    if (to === undefined) return;
    e.preventDefault();
    show(to);
  });
  function fromHash() {
    var m = /^#step=(\d+)$/.exec(location.hash);
    show(m ? +m[1] : cur);
  }
  window.addEventListener("hashchange", fromHash);
  fromHash();

  // #selftest: press the real keys and buttons through the game, checking
  // that exactly one step shows at a time, then report what the last step shows.
  if (location.hash !== "#selftest") return;
  var fails = [], visited = 0;
  var key = function (k) { document.dispatchEvent(new KeyboardEvent("keydown", {key: k, bubbles: true})); };
  var shown = function () { return steps.filter(function (s) { return getComputedStyle(s).display !== "none"; }); };
  var check = function (ok, what) { if (!ok) fails.push(what); };
  key("Home");
  check(cur === 0 && shown().length === 1 && shown()[0] === steps[0], "Home shows step 0");
  for (var k = 1; k <= last; ++k) {
    if (k % 2) next.click(); else key("ArrowRight");
    var s = shown();
    check(cur === k && s.length === 1 && s[0] === steps[k] && counter.textContent === "move " + k + " of " + last,
          "step " + k);
    if (s.length === 1 && s[0] === steps[k]) ++visited;
  }
  next.click();
  check(cur === last, "next stops at the end");
  var tableau = steps[last].querySelectorAll("use.tableau").length;
  var caption = Array.prototype.map.call(caps[last].querySelectorAll("p"), function (p) { return p.textContent; })
      .join(" ").replace(/\s+/g, " ");
  key("ArrowLeft");
  check(cur === Math.max(0, last - 1), "ArrowLeft goes back");
  prev.click();
  check(cur === Math.max(0, last - 2), "previous goes back");
  end.click();
  check(cur === last && shown().length === 1, "end shows the last step");
  document.getElementById("selftest").textContent =
      (fails.length ? "selftest FAILED: " + fails.join("; ") : "selftest ok") + "\nsteps " + last +
      "\nvisited " + visited + "\ntableau cards at the end " + tableau + "\nlast caption " + caption;
})();
)js";
}  // namespace

std::string solution_html(const SolutionPage& p) {
    const Variant& v = p.deal.variant;
    const DeckKind d = v.deck;
    std::vector<Move> all = p.played;
    all.insert(all.end(), p.moves.begin(), p.moves.end());
    const size_t start = p.played.size();

    // Every position of the game, replayed by the verifier.
    std::vector<Table> positions;
    const Replay r = replay(p.deal, all, AfterGoal::PlayOn, [&](const Table& t) { positions.push_back(t); });
    if (r.error) throw std::logic_error(*r.error);

    const BoardPicture pic(v);
    svg::Document board(pic.width(), pic.height(), "the board, step by step");
    pic.defs(board);
    std::string caps;
    for (size_t k = 0; k < positions.size(); ++k) {
        const bool current = k == start;
        const BoardHighlight h = k < all.size() ? highlight_of(all[k]) : BoardHighlight{};
        board.open("g", svg::attr("class", current ? "step current" : "step") +
                            svg::attr("id", "step-" + std::to_string(k)) +
                            svg::attr("data-move", k < all.size() ? move_text(all[k], d) : std::string("end")));
        pic.draw(board, positions[k], h);
        board.close("g");

        caps += std::string("<div class=\"cap") + (current ? " current" : "") + "\" id=\"cap-" + std::to_string(k) +
                "\">";
        if (k > 0)
            caps += "<p>Move " + std::to_string(k) + (k <= start ? " (played before)" : "") + ": <b>" +
                    move_name(all[k - 1], d) + "</b>: " + move_words(all[k - 1], v) + ".</p>";
        else caps += "<p>The deal as dealt.</p>";
        if (k < all.size())
            caps += "<p class=\"next\">Next, move " + std::to_string(k + 1) + ": <b>" + move_name(all[k], d) +
                    "</b>: " + move_words(all[k], v) + " (marked with a dashed frame).</p>";
        else caps += "<p class=\"end\">" + escape(end_words(positions[k], v)) + "</p>";
        caps += "</div>\n";
    }

    std::string list;
    for (size_t i = 0; i < all.size(); ++i)
        list += std::string("<li") + (i < start ? " class=\"played\"" : "") +
                "><a href=\"#step=" + std::to_string(i + 1) + "\">" + move_name(all[i], d) + "</a>" +
                (i < start ? " (played)" : "") + "</li>\n";

    const std::string deal_name = v.name + (p.seed.empty() ? std::string() : ", deal " + p.seed);
    std::string body = "<h1>" + escape(v.title) + (p.seed.empty() ? "" : ", deal " + escape(p.seed)) + "</h1>\n";
    body += "<p class=\"meta\">Variant <code>" + escape(v.name) + "</code>: " + escape(summary(v)) + "</p>\n";
    body += "<p class=\"meta\">Verdict: <b>" + escape(p.verdict) + "</b>";
    if (!p.moves.empty() || p.verdict == "win")
        body += "; " + escape(p.line_name) + ": " + std::to_string(p.moves.size()) + " move" +
                (p.moves.size() == 1 ? "" : "s");
    if (start > 0) body += ", after " + std::to_string(start) + " moves played";
    body += ". " + escape(p.notes) + "</p>\n";
    body += "<div class=\"controls noprint\"><button id=\"first\" type=\"button\">&#xAB; start</button>"
            "<button id=\"prev\" type=\"button\">&#x25C0; previous</button><span id=\"counter\">move " +
            std::to_string(start) + " of " + std::to_string(all.size()) +
            "</span><button id=\"next\" type=\"button\">next &#x25B6;</button>"
            "<button id=\"last\" type=\"button\">end &#xBB;</button>"
            "<span class=\"keys\">keys: &#x2190; &#x2192; Home End</span></div>\n";
    body += "<div id=\"captions\" aria-live=\"polite\">\n" + caps + "</div>\n";
    // A quarter larger than drawn, or as large as one screen can show below
    // the captions and the buttons.
    body += "<div class=\"layout\">\n<div id=\"board\" data-start=\"" + std::to_string(start) + "\">\n" +
            board.str(false, 1.25) + "</div>\n";
    body += "<ol id=\"moves\">\n" + list + "</ol>\n</div>\n";
    body += "<p class=\"meta\">The deal (compact form, for <code>--deal</code>): <code>" + escape(compact(p.deal)) +
            "</code></p>\n";
    body += "<noscript><p>Stepping needs JavaScript; the move list above is the whole line.</p></noscript>\n";
    body += "<pre id=\"selftest\" class=\"noprint\" hidden></pre>\n";
    // The self-test's report is shown only when it ran.
    std::string script = kScript;
    script += "if (location.hash === \"#selftest\") document.getElementById(\"selftest\").hidden = false;\n";
    return html::page("Pyramid: " + deal_name + " (" + p.verdict + ")", kCss, body, script);
}

}  // namespace pyr
