// Output for people: the board and moves as text (suit symbols, tens as 10,
// colour, --ascii), the deal drawn in SVG, and the solution page's steps.
// (Rendering in a browser is tests/chromium_test.sh.)
#include <catch2/catch.hpp>

#include <regex>
#include <set>

#include "engine/deal_source.h"
#include "engine/json.h"
#include "report/board_svg.h"
#include "report/board_text.h"
#include "report/solution_html.h"
#include "report/svg.h"
#include "tests/card_checks.h"
#include "tests/cli_run.h"

using namespace pyr;
using pyr::test::run;

namespace {
const std::string kUtf8 = "LC_ALL=C.UTF-8";

int count(const std::string& s, const std::string& what) {
    int n = 0;
    for (size_t i = s.find(what); i != std::string::npos; i = s.find(what, i + 1)) ++n;
    return n;
}

std::vector<std::string> json_moves(const std::string& out) {
    std::vector<std::string> ms;
    const auto v = boost::json::parse(out);
    for (const auto& m : v.as_object().at("solution").as_array()) ms.emplace_back(m.as_string());
    return ms;
}
}  // namespace

TEST_CASE("text for people: symbols and tens as 10, or letters, in the board and the moves", "[pictures]") {
    const Deal deal = deal_from_seed(*find_preset("msc"), "1");
    const std::string uni = board_text(Table(deal), {true, false});
    CHECK_THAT(uni, Catch::Contains("A\u2660    A\u2665    3\u2663    4\u2663    5\u2663   10\u2660    Q\u2665\n"));
    CHECK_THAT(uni, Catch::Contains("stock (24, next card first): 4\u2665 A\u2663 4\u2666"));
    const std::string ascii = board_text(Table(deal), {false, false});
    CHECK_THAT(ascii, Catch::Contains("  AS  AH  3C  4C  5C  TS  QH\n"));
    CHECK(ascii.find('\x1b') == std::string::npos);
    // Every row of the drawn tableau is centred: the bottom row is the widest.
    const std::string red = board_text(Table(deal), {true, true});
    CHECK_THAT(red, Catch::Contains("\x1b[31mQ\u2665\x1b[0m"));
    CHECK_THAT(red, Catch::Contains(" 10\u2660"));  // black cards stay plain
    CHECK(count(red, "\x1b[31m") == 26);            // every red card of the deck, once
    // Colour codes do not shift the columns: stripped, the coloured board is the plain one.
    CHECK(std::regex_replace(red, std::regex("\x1b\\[[0-9]*m"), "") == uni);

    const Move pair = Move::pair(Card{12, 2}, Card{1, 3});
    CHECK(move_people(pair, DeckKind::Standard52, {true, false}) == "Q\u2665+A\u2660");
    CHECK(move_people(pair, DeckKind::Standard52, {false, false}) == "QH+AS");
    CHECK(move_people(Move::draw(), DeckKind::Standard52, {true, true}) == "draw");
    CHECK(cards_in_message("move 3 (QH+AS): AS is not playable; TS and 3C", DeckKind::Standard52, {true, false}) ==
          "move 3 (Q\u2665+A\u2660): A\u2660 is not playable; 10\u2660 and 3\u2663");
    CHECK(cards_in_message("the stock is empty (ASK QHS)", DeckKind::Standard52, {true, false}) ==
          "the stock is empty (ASK QHS)");
}

TEST_CASE("the parsers read suit symbols and 10 as people write them", "[pictures]") {
    const DeckKind d = DeckKind::Standard52;
    test::check_card_spellings(d,
                               {{"10\u2660", {10, 3}},
                                {"q\u2665", {12, 2}},
                                {"A\u2666", {1, 1}},
                                {"7\u2663", {7, 0}},
                                {"7\u2667", {7, 0}},          // white club
                                {"Q\u2665\uFE0F", {12, 2}}},  // emoji presentation
                               {"\u2665", "1\u2665"});
    CHECK_FALSE(parse_card("12\u2665", DeckKind::Spanish48));  // the Spanish deck keeps its letters
    test::check_every_card_reads_back(d, [&](Card c) { return card_display(c, d, true); });
    // Separators stay optional with symbols: each card still ends with its suit.
    const auto cs = parse_cards("10\u2660Q\u2665 A\u2666,7\u2663", d);
    REQUIRE(cs.size() == 4);
    CHECK(cs[0] == Card{10, 3});
    CHECK(cs[3] == Card{7, 0});
    CHECK(parse_moves("Q\u2665+A\u2660 draw K\u2660 10\u2666+3\u2660", d) == parse_moves("QH+AS draw KS TD+3S", d));
    CHECK_THROWS_WITH(parse_cards("QH X\u2665", d), Catch::Contains("\u2663 \u2666 \u2665 \u2660"));
}

TEST_CASE("solve, deal and verify print symbols in a UTF-8 locale, letters with --ascii", "[pictures][cli]") {
    const auto u = run("deal --variant msc --seed 1", "", kUtf8);
    REQUIRE(u.status == 0);
    CHECK_THAT(u.out, Catch::Contains("10\u2660"));
    CHECK(u.out.find('\x1b') == std::string::npos);  // not a terminal: no colour
    const auto a = run("deal --variant msc --seed 1 --ascii", "", kUtf8);
    CHECK_THAT(a.out, Catch::Contains("TS"));
    CHECK(a.out.find("\u2660") == std::string::npos);
    CHECK(run("deal --variant msc --seed 1").out == a.out);  // the C locale: letters

    // The solution printed with symbols verifies as it is printed.
    const auto s = run("solve --variant msc --seed 1", "", kUtf8);
    REQUIRE(s.status == 0);
    std::string moves;
    std::istringstream lines(s.out);
    for (std::string line; std::getline(lines, line);) {
        std::smatch m;
        if (std::regex_match(line, m, std::regex(" *[0-9]+\\. (.*)"))) moves += m[1].str() + " ";
    }
    CHECK(count(moves, "\u2665") > 0);
    CHECK(count(moves, "10") > 0);
    const auto ok = run("verify --variant msc --seed 1 --moves '" + moves + "'", "", kUtf8);
    CHECK(ok.status == 0);
    CHECK(ok.out == "valid win (44 moves)\n");
    const auto bad = run("verify --variant msc --seed 1 --moves 'Q\u2665+A\u2660 8\u2665+5\u2663'", "", kUtf8);
    CHECK(bad.status == 1);
    CHECK(bad.out == "invalid: move 2 (8\u2665+5\u2663): 8\u2665 is not in play (removed, or inside the stock)\n");
}

TEST_CASE("red suits in colour on a terminal, unless NO_COLOR or --ascii's letters", "[pictures][cli]") {
    // `script` gives the command a terminal for stdout.
    REQUIRE(std::system("command -v script >/dev/null 2>&1") == 0);  // util-linux, essential in Debian
    const std::string cmd = std::string("'") + PYR_CLI_PATH + "' deal --variant msc --seed 1";
    auto tty = [&](const std::string& env, const std::string& extra) {
        return pyr::test::shell(env + " script -qec \"" + cmd + extra + "\" /dev/null").out;
    };
    const std::string colour = tty(kUtf8, "");
    CHECK_THAT(colour, Catch::Contains("\x1b[31mQ\u2665\x1b[0m"));
    CHECK(tty(kUtf8 + " NO_COLOR=1", "").find("\x1b[31m") == std::string::npos);
    CHECK_THAT(tty(kUtf8, " --ascii"), Catch::Contains("\x1b[31mQH\x1b[0m"));
    CHECK(tty(kUtf8, " -o /dev/null").find("\x1b[31m") == std::string::npos);
}

TEST_CASE("deal --format svg draws every card of the deal once, in its place", "[pictures]") {
    for (const auto& v : presets()) {
        INFO(v.name);
        const auto r = run("deal --variant " + v.name + " --seed 2 --format svg");
        REQUIRE(r.status == 0);
        const std::string& s = r.out;
        CHECK(s.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0) == 0);
        CHECK(s.find("</svg>") != std::string::npos);
        CHECK(count(s, "<g") == count(s, "</g>"));
        CHECK(count(s, "<symbol") == count(s, "</symbol>"));
        CHECK(count(s, "class=\"card tableau\"") == v.tableau_size());
        CHECK(count(s, "class=\"card reserve\"") == v.reserve_size());
        // Each card placed at most once, and every placed card is defined.
        std::set<std::string> placed;
        const std::regex card("data-card=\"([^\"]+)\"");
        for (auto it = std::sregex_iterator(s.begin(), s.end(), card); it != std::sregex_iterator(); ++it) {
            CHECK(placed.insert((*it)[1]).second);
            CHECK(s.find("id=\"card-" + (*it)[1].str() + "\"") != std::string::npos);
        }
        CHECK(static_cast<int>(placed.size()) >= v.fixed_size());
        CHECK(s.find("http://") == s.find("http://www.w3.org/2000/svg"));  // no other address
    }
}

TEST_CASE("solve --format html: one step per move, the moves in order, an empty pyramid at the end",
          "[pictures][cli]") {
    for (const char* args : {"--variant msc --seed 1", "--variant giza --seed 2", "--variant apophis --seed 1",
                             "--variant triangle --seed 1", "--variant spanish --seed 27",
                             "--variant tuts-tomb --seed 2", "--variant msc --seed 1 --optimal"}) {
        INFO(args);
        const auto j = run(std::string("solve ") + args + " --format json");
        REQUIRE(j.status == 0);
        const auto moves = json_moves(j.out);
        REQUIRE(!moves.empty());
        const auto h = run(std::string("solve ") + args + " --format html");
        REQUIRE(h.status == 0);
        const std::string& s = h.out;
        CHECK(s.rfind("<!DOCTYPE html>", 0) == 0);
        CHECK(count(s, "<script") == 1);
        CHECK(s.find("<script src") == std::string::npos);
        CHECK(s.find("<link") == std::string::npos);
        CHECK(s.find("http") == std::string::npos);  // nothing fetched; inline SVG needs no namespace
        CHECK(count(s, "<g class=\"step") == static_cast<int>(moves.size()) + 1);
        CHECK(count(s, "<g class=\"step current\"") == 1);
        // The steps carry the solution's moves in order, then the end.
        std::vector<std::string> steps;
        const std::regex step("<g class=\"step[^\"]*\" id=\"step-([0-9]+)\" data-move=\"([^\"]*)\">");
        for (auto it = std::sregex_iterator(s.begin(), s.end(), step); it != std::sregex_iterator(); ++it) {
            CHECK(std::stoul((*it)[1]) == steps.size());
            steps.push_back((*it)[2]);
        }
        REQUIRE(steps.size() == moves.size() + 1);
        CHECK(std::equal(moves.begin(), moves.end(), steps.begin()));
        CHECK(steps.back() == "end");
        // The last step's board has no tableau card left.
        const std::string last = s.substr(s.find("id=\"step-" + std::to_string(moves.size()) + "\""));
        CHECK(count(last.substr(0, last.find("</g>")), "card tableau") == 0);
        CHECK(count(s.substr(s.find("id=\"step-0\"")), "card tableau") > 0);
        CHECK_THAT(s, Catch::Contains("Won: "));
    }
}

TEST_CASE("solve --format html from played moves starts where they lead", "[pictures][cli]") {
    const auto h = run("solve --variant msc --seed 1 --moves 'QH+AS TS+3C' -o /dev/stdout --format html");
    REQUIRE(h.status == 0);
    CHECK_THAT(h.out, Catch::Contains("<g class=\"step current\" id=\"step-2\""));
    CHECK_THAT(h.out, Catch::Contains("data-start=\"2\""));
    CHECK(count(h.out, "(played)") == 2);
    // A lost deal gets a page too: the deal, its verdict, no steps.
    const auto lost = run("solve --variant giza --seed 1 --format html");
    REQUIRE(lost.status == 0);
    CHECK(count(lost.out, "<g class=\"step") == 1);
    CHECK_THAT(lost.out, Catch::Contains("Verdict: <b>lose</b>"));
}

TEST_CASE("the solution page refuses an illegal line rather than drawing it", "[pictures]") {
    SolutionPage p;
    p.deal = deal_from_seed(*find_preset("msc"), "1");
    p.moves = parse_moves("QH+AS 8H+5C", DeckKind::Standard52);
    CHECK_THROWS_WITH(solution_html(p), Catch::Contains("move 2 (8H+5C)"));
}

TEST_CASE("pyramid report: every chart and table of a study, with the numbers of stats --format text",
          "[pictures][report][cli]") {
    const std::string base = "/tmp/pyramid_report_test_" + std::to_string(getpid());
    const auto st = run("stats --variant msc,pharaohs --passes 1,3 --deals 60 --threads 2 --quiet --out " + base +
                        ".jsonl --report " + base + "-stats.html");
    REQUIRE(st.status == 0);
    const auto rep = run("report " + base + ".jsonl -o " + base + ".html");
    REQUIRE(rep.status == 0);
    const std::string page = pyr::test::slurp(base + ".html");
    const std::string from_stats = pyr::test::slurp(base + "-stats.html");
    for (const std::string& p : {page, from_stats}) {
        CHECK(p.rfind("<!DOCTYPE html>", 0) == 0);
        CHECK(p.find("http") == std::string::npos);  // nothing fetched
        CHECK(p.find("<script") == std::string::npos);
        for (const char* id : {"id=\"study\"", "id=\"chart-win-rate\"", "id=\"chart-lengths\"", "id=\"chart-effort\"",
                               "id=\"hardest\"", "id=\"summary-table\"", "id=\"lengths-table\""})
            CHECK(p.find(id) != std::string::npos);
        CHECK(count(p, "<g class=\"rate\"") == 4);          // a point per rule set
        CHECK(count(p, "<title>solution lengths, ") == 4);  // a histogram per rule set
        CHECK(count(p, "<title>states per deal by verdict, ") == 4);
        CHECK(count(p, "<code>pyramid solve --variant") == 10);     // the ten hardest deals
        CHECK_THAT(p, Catch::Contains("not</b> minimum lengths"));  // no --optimal: labelled honestly
        CHECK_THAT(p, Catch::Contains(">msc, 3 passes<"));
        CHECK_THAT(p, Catch::Contains(">pharaohs, 1 pass<"));
    }
    // The summary table's figures are the text summary's: each rule set's
    // deals, wins, losses, win rate and interval appear in one row of both.
    std::istringstream text(st.out);
    int rows = 0;
    // variant, passes, goal, overlap, then the figures.
    const std::regex line("(msc|pharaohs) +([0-9]+) +(?:pyramid|all) +(?:on|off) +([0-9]+) +([0-9]+) +([0-9]+) +"
                          "([0-9]+) +([0-9.]+%) +([0-9.]+% - [0-9.]+%) +([0-9]+) +([0-9]+) +([0-9]+) .*");
    for (std::string l; std::getline(text, l);) {
        std::smatch m;
        if (!std::regex_match(l, m, line)) continue;
        ++rows;
        const std::string passes = m[2] == "1" ? "1 pass" : m[2].str() + " passes";
        const std::string row = "<tr><td class=\"l\">" + m[1].str() + ", " + passes + "</td><td>" + m[3].str() +
                                "</td><td>" + m[4].str() + "</td><td>" + m[5].str() + "</td><td>" + m[6].str() +
                                "</td><td>" + m[7].str() + "</td><td>" + m[8].str() + "</td><td>" + m[9].str() +
                                "</td><td>" + m[10].str() + "</td><td>" + m[11].str() + "</td>";
        CHECK_THAT(page, Catch::Contains(row));
        CHECK_THAT(from_stats, Catch::Contains(row));
    }
    CHECK(rows == 4);
    // With --optimal the lengths are minimum lengths, and say so.
    const auto opt = run("stats --variant msc --deals 20 --optimal --quiet --report " + base + "-opt.html");
    REQUIRE(opt.status == 0);
    CHECK_THAT(pyr::test::slurp(base + "-opt.html"), Catch::Contains("Minimum solution lengths"));
    // Errors: no files, a file that is not a record file.
    CHECK(run("report").status == 2);
    std::ofstream(base + ".txt") << "hello\n";
    const auto bad = run("report " + base + ".txt");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains(base + ".txt:1"));
    for (const char* suffix : {".jsonl", ".html", "-stats.html", "-opt.html", ".txt"})
        std::remove((base + suffix).c_str());
}

TEST_CASE("pyramid report: the win-rate chart makes room for long rule labels and its legend", "[pictures][report]") {
    // Four rule sets whose labels ("unlimited passes, no overlap") are long:
    // the legend's labels end inside the picture, and the slanted labels under
    // the axis start right of its left edge.
    const std::string base = "/tmp/pyramid_report_labels_" + std::to_string(getpid());
    const auto st = run(
        "stats --variant msc --passes 1,unlimited --overlap off,on --deals 3 --threads 1 --quiet --report " + base +
        ".html");
    REQUIRE(st.status == 0);
    const std::string page = pyr::test::slurp(base + ".html");
    std::remove((base + ".html").c_str());
    const size_t fig = page.find("id=\"chart-win-rate\"");
    REQUIRE(fig != std::string::npos);
    const std::string chart = page.substr(fig, page.find("</svg>", fig) - fig);
    std::smatch m;
    REQUIRE(std::regex_search(chart, m, std::regex("<svg width=\"([0-9.]+)\"")));
    const double width = std::stod(m[1]);
    int legend_labels = 0;
    for (const std::string label :
         {"1 pass, no overlap", "1 pass, overlap", "unlimited passes, no overlap", "unlimited passes, overlap"}) {
        // The legend's line: a plain <text x=".." y="..">label</text>.
        const size_t end = chart.find("\">" + label + "</text>");
        REQUIRE(end != std::string::npos);
        const size_t start = chart.rfind("<text x=\"", end);
        REQUIRE(start != std::string::npos);
        const double x = std::stod(chart.substr(start + 9));
        ++legend_labels;
        CHECK(x + pyr::svg::text_width(label, 12) <= width);
    }
    CHECK(legend_labels == 4);
    // Slanted labels end at their point and reach left by cos 35 of their width.
    const std::regex slanted("<text x=\"([0-9.-]+)\" y=\"[0-9.-]+\" font-size=\"10.5\" text-anchor=\"end\" "
                             "transform=\"rotate\\(-35[^\"]*\">([^<]*)</text>");
    int under = 0;
    for (auto it = std::sregex_iterator(chart.begin(), chart.end(), slanted); it != std::sregex_iterator(); ++it) {
        ++under;
        CHECK(std::stod((*it)[1]) - 0.819 * pyr::svg::text_width((*it)[2].str(), 10.5) >= 0);
    }
    CHECK(under == 4);
}

TEST_CASE("pyramid report says when the study ran: the records' last change, or when stats finished",
          "[pictures][report]") {
    const std::string base = "/tmp/pyramid_report_when_" + std::to_string(getpid());
    const auto st = run("stats --variant msc --deals 3 --threads 1 --quiet --out " + base + ".jsonl --report " + base +
                        "-stats.html");
    REQUIRE(st.status == 0);
    const auto rep = run("report " + base + ".jsonl -o " + base + ".html");
    REQUIRE(rep.status == 0);
    const std::string page = pyr::test::slurp(base + ".html");
    const std::string from_stats = pyr::test::slurp(base + "-stats.html");
    for (const char* f : {".jsonl", ".html", "-stats.html"}) std::remove((base + f).c_str());
    const std::regex stamp("20[0-9]{2}-[01][0-9]-[0-3][0-9] [0-2][0-9]:[0-5][0-9] UTC");
    const size_t at = page.find("last written");
    REQUIRE(at != std::string::npos);
    CHECK(std::regex_search(page.substr(at, 200), stamp));
    const size_t fin = from_stats.find("; finished ");
    REQUIRE(fin != std::string::npos);
    CHECK(std::regex_search(from_stats.substr(fin, 40), stamp));
}
