// The `pyramid` command line, run as a user runs it: outputs, JSON keys,
// exit statuses, and one clear error line on bad input.
#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>
#include <sstream>

#include "engine/json.h"
#include "tests/scratch.h"
#include "tests/cli_checks.h"
#include "tests/cli_run.h"
#include "tests/corpus.h"
#include "tests/text_checks.h"

namespace {

using pyr::test::json_of;
using pyr::test::out_of;
using pyr::test::Run;
using pyr::test::run;

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

}  // namespace

TEST_CASE("solve --format json has the contract's keys, and its solution verifies", "[cli]") {
    const auto v = json_of("solve --variant msc --seed 1 --format json");
    for (const char* key : {"variant", "deal", "verdict", "solution", "moves", "states", "seconds"})
        CHECK(v.contains(key));
    CHECK(v.at("variant").as_string() == "msc");
    REQUIRE(v.at("verdict").as_string() == "win");
    const auto& sol = v.at("solution").as_array();
    CHECK(v.at("moves").as_int64() == static_cast<int64_t>(sol.size()));
    CHECK(v.at("states").as_int64() > 0);
    std::string moves;
    for (const auto& m : sol) moves += std::string(m.as_string()) + " ";
    const std::string deal(v.at("deal").as_string());
    const Run ok = run("verify --variant msc --deal " + deal + " --moves '" + moves + "'");
    CHECK(ok.status == 0);
    CHECK(ok.out == "valid win (" + std::to_string(sol.size()) + " moves)\n");
    // The same deal typed as cards (and from stdin) gives the same answer.
    const Run same = run("solve --variant msc --deal-file - --format json", deal);
    REQUIRE(same.status == 0);
    CHECK(boost::json::parse(same.out).as_object().at("solution") == v.at("solution"));
}

TEST_CASE("solve text output draws the deal, the verdict, the moves, states and time", "[cli]") {
    const std::string r = out_of("solve --variant relaxed --seed 2");
    pyr::test::check_contains_each(
        r, {"verdict: ", "waste (bottom to top): ", "stock (23, next card first): ", "states searched: ", "time: "});
}

TEST_CASE("a lost deal is 'lose' with an empty solution, a small budget says 'intractable'", "[cli]") {
    const auto hard = pyr::test::load_known("msc-hard.txt");
    REQUIRE(hard.size() == 1);
    const auto v = json_of("solve --variant msc --format json --deal '" + hard[0].cards + "'");
    CHECK(v.at("verdict").as_string() == "lose");
    CHECK(v.at("solution").as_array().empty());
    CHECK(v.at("moves").is_null());
    // That deal is now lost at the walk's first position (the free-stock
    // relaxation); msc deal 1374 is lost only after some 28,000 positions.
    const auto c = json_of("solve --variant msc --max-states 1000 --format json --seed 1374");
    CHECK(c.at("verdict").as_string() == "intractable");
    CHECK(c.at("states").as_int64() <= 1000);
}

TEST_CASE("verify names the first illegal move and exits 1", "[cli]") {
    const Run r = run("verify --variant msc --seed 1 --moves 'QH+AS JD+2C'");
    CHECK(r.status == 1);
    pyr::test::check_contains_each(r.out, {"move 2 (JD+2C)", "not"});
    CHECK_THAT(r.out, Catch::StartsWith("invalid: "));
    // A legal line that does not win is not "invalid" (issue 33).
    const Run partial = run("verify --variant msc --seed 1 --moves 'QH+AS'");
    CHECK(partial.status == 1);
    CHECK(partial.out == "legal, not a win: the move is legal but the goal is not reached (26 tableau cards left)\n");
    const Run three = run("verify --variant msc --seed 1 --moves 'QH+AS TS+3C draw'");
    CHECK(three.status == 1);
    CHECK(three.out == "legal, not a win: all 3 moves are legal but the goal is not reached (24 tableau cards left)\n");
}

TEST_CASE("bad input: one clear error line and exit status 2", "[cli]") {
    const std::vector<pyr::test::Refusal> cases = {
        {"solve --deal 'ZZ'", "unknown card token 'ZZ'"},
        {"solve --deal 'AH AH'", "duplicate card AH"},
        {"solve --deal 'AH 2H'", "missing cards: 2 given"},
        {"solve --variant nope --seed 1", "unknown variant 'nope'"},
        {"solve --seed 0", "bad seed"},
        {"solve --seed abc", "bad seed"},
        {"solve", "no deal given"},
        {"solve --seed 1 --deal AH", "only one of"},
        {"solve --seed 1 --format xml", "unknown format 'xml'"},
        {"solve --seed 1 --bogus", "unrecognised option"},
        {"solve --seed 1 giza", "too many positional options"},
        {"variants giza msc", "too many positional options"},
        {"solve --variant classic --passes 3 --seed 1", "passes must be 1"},
        {"solve --seed 1 --passes 0", "passes must be"},
        {"solve --seed 1 --goal most", "goal must be"},
        {"solve --deal-file /nonexistent/file", "cannot read --deal-file"},
        {"verify --seed 1 --moves 'QH+'", "bad move"},
        {"verify --seed 1", "give the moves with --moves or --moves-file"},
        {"verify --seed 1 --moves draw --moves-file /dev/null", "give only one of --moves and --moves-file"},
        {"deal --seed 1 --format png", "unknown format"},
        {"variants nope", "unknown variant"},
        {"solve --variant msc --reserves open --seed 1", "has no reserve piles"},
        {"solve --variant giza --reserves some --seed 1", "--reserves must be 'open' or 'top'"},
        {"solve --variant spanish --deal 'KH'", "unknown card token 'KH'"},
        {"deal --variant spanish --deal '1O 12E 10C'", "missing cards: 3 given, a deal has 48"},
        {"frobnicate", "unknown command"},
        // accepted silently before (issue 33)
        {"stats --variant msc,,cheops --deals 1", "--variant has an empty item in 'msc,,cheops'"},
        {"stats --variant msc, --deals 1", "--variant has an empty item"},
        {"stats --deals 1 --passes 1,,3", "--passes has an empty item"},
        {"solve --seed 1 --optimal --hint", "give only one of --hint and --optimal"},
        {"solve --seed 1 --hint --best-score", "give only one of --hint and --best-score"},
        {"stats --deals 1 --measures --reasons", "give only one of --measures and --reasons"},
    };
    pyr::test::check_refusals(cases, [](const std::string& args) { return run(args); });
    const Run too_many = run("solve --deal-file -", std::string(200, 'A') + "\n");
    CHECK(too_many.status == 2);
}

TEST_CASE("every command has --help", "[cli]") {
    for (const char* cmd : {"solve", "verify", "deal", "variants"}) {
        INFO(cmd);
        const Run r = run(std::string(cmd) + " --help");
        CHECK(r.status == 0);
        CHECK_THAT(r.out, Catch::Contains(std::string("usage: pyramid ") + cmd));
    }
    const Run top = run("--help");
    CHECK(top.status == 0);
    CHECK_THAT(top.out, Catch::Contains("commands:"));
}

TEST_CASE("deal prints PySolFC's deal in every format", "[cli]") {
    // PySolFC's Pyramid deal 1, from data/pysolfc-deals.txt.
    const std::string order =
        "JD2D9HJC5D7H7C5HKDKC9S5SADQCKH3H2SKS9DQDJSASAH3C4C5CTSQH4HAC4D7S3STD4STH8H2CJH7D6D8S8DQS6C3D8CTC6S9C2H6H";
    const std::string c = out_of("deal --variant pyramid --seed 1 --format compact");
    CHECK(c == order + "\n");
    const auto o = json_of("deal --variant pyramid --seed 1 --format json");
    CHECK(o.at("deal").as_string() == order);
    CHECK(o.at("pyramid").as_array().size() == 7);
    CHECK(o.at("waste").as_array().size() == 1);
    CHECK(o.at("waste").as_array()[0].as_string() == "4H");
    CHECK(o.at("stock").as_array().size() == 23);
    const std::string t = out_of("deal --variant pyramid --seed 1");
    CHECK_THAT(t, Catch::Contains("AS  AH  3C  4C  5C  TS  QH"));
}

TEST_CASE("variants lists every preset and describes one", "[cli]") {
    const std::string list = out_of("variants");
    for (const char* name : {"msc", "relaxed", "pyramid", "cheops", "pharaohs", "solitarium", "classic", "giza",
                             "tuts-tomb", "triangle", "spanish"})
        CHECK_THAT(list, Catch::Contains(name));
    const std::string one = out_of("variants pharaohs");
    CHECK_THAT(one, Catch::Contains("top two cards"));
}

TEST_CASE("giza: reserves drawn and in JSON, --reserves open changes what is legal", "[cli]") {
    // PySolFC's Giza deal 1, from data/pysolfc-deals.txt: reserves are dealt first, round-robin.
    const std::string t = out_of("deal --variant giza --seed 1");
    pyr::test::check_contains_each(t,
                                   {"reserve 1 (bottom to top): JD KD 2S\n", "reserve 8 (bottom to top): 5H 3H 3C\n"});
    CHECK_THAT(t, !Catch::Contains("stock"));
    const auto o = json_of("deal --variant giza --seed 1 --format json");
    CHECK(o.at("reserves").as_array().size() == 8);
    CHECK_FALSE(o.contains("stock"));
    // Deal 3 needs a buried reserve card: with every reserve card open the
    // solver wins it, and that solution is illegal when only tops play.
    const Run top = run("solve --variant giza --seed 3 --format json");
    const Run open = run("solve --variant giza --reserves open --seed 3 --format json");
    REQUIRE((top.status == 0 && open.status == 0));
    CHECK(boost::json::parse(top.out).as_object().at("verdict").as_string() == "lose");
    const auto won = boost::json::parse(open.out).as_object();
    REQUIRE(won.at("verdict").as_string() == "win");
    std::string moves;
    for (const auto& m : won.at("solution").as_array()) moves += std::string(m.as_string()) + " ";
    CHECK(run("verify --variant giza --reserves open --seed 3 --moves '" + moves + "'").status == 0);
    const Run rejected = run("verify --variant giza --reserves top --seed 3 --moves '" + moves + "'");
    CHECK(rejected.status == 1);
    CHECK_THAT(rejected.out, Catch::Contains("not playable"));
}

TEST_CASE("spanish: 48-card deals from seeds and from text, in Spanish notation", "[cli]") {
    const std::string c = out_of("deal --variant spanish --seed 1 --format compact");
    const std::string compact = c.substr(0, c.size() - 1);
    const auto o = json_of("deal --variant spanish --seed 1 --format json");
    CHECK(o.at("pyramid").as_array().size() == 7);
    CHECK(o.at("pyramid").as_array()[6].as_array().size() == 7);
    CHECK(o.at("stock").as_array().size() == 20);
    CHECK_FALSE(o.contains("waste"));  // classic rules: no waste
    CHECK(o.at("deal").as_string() == compact);
    // Every card is a Spanish card: rank 1-12, suit O C E B.
    for (const auto& row : o.at("pyramid").as_array())
        for (const auto& card : row.as_array()) {
            const std::string s(card.as_string());
            CHECK(std::string("OCEB").find(s.back()) != std::string::npos);
            const int rank = std::stoi(s.substr(0, s.size() - 1));
            CHECK((rank >= 1 && rank <= 12));
        }
    // The compact string reads back, in lower case too, to the same deal.
    std::string lower = compact;
    for (char& ch : lower) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    const std::string back = out_of("deal --variant spanish --format compact --deal '" + lower + "'");
    CHECK(back == c);
    const std::string t = out_of("deal --variant spanish --seed 1");
    CHECK_THAT(t, Catch::Contains("stock (20, next card first): "));
    // Solving works end to end on the 48-card deck (deal 27 is one of the few
    // won ones), and the solution, in Spanish notation, verifies.
    const auto r = json_of("solve --variant spanish --seed 27 --format json");
    REQUIRE(r.at("verdict").as_string() == "win");
    std::string moves;
    for (const auto& m : r.at("solution").as_array()) moves += std::string(m.as_string()) + " ";
    CHECK_THAT(moves, Catch::Matches(".*[0-9]+[OCEB]( |\\+).*"));
    CHECK(run("verify --variant spanish --seed 27 --moves '" + moves + "'").status == 0);
}

TEST_CASE("deal: tuts-tomb starts three on the waste, triangle rows run 7 down to 1", "[cli]") {
    // PySolFC's King Tut and Triangle deal 1, from data/pysolfc-deals.txt.
    const auto t = json_of("deal --variant tuts-tomb --seed 1 --format json");
    const auto& waste = t.at("waste").as_array();
    REQUIRE(waste.size() == 3);
    CHECK((waste[0].as_string() == "4H" && waste[1].as_string() == "AC" && waste[2].as_string() == "4D"));
    CHECK(t.at("stock").as_array().size() == 21);
    CHECK_THAT(run("deal --variant tuts-tomb --seed 1").out, Catch::Contains("stock (21, next card first, face down)"));
    const auto g = json_of("deal --variant triangle --seed 1 --format json");
    REQUIRE_FALSE(g.contains("pyramid"));
    const auto& rows = g.at("triangle").as_array();
    REQUIRE(rows.size() == 7);
    for (size_t r = 0; r < 7; ++r) CHECK(rows[r].as_array().size() == 7 - r);
    CHECK(rows[6].as_array()[0].as_string() == "QH");
    const Run text = run("deal --variant triangle --seed 1");
    CHECK_THAT(text.out, Catch::Contains("  JD  2D  9H  JC  5D  7H  7C\n"));
}

TEST_CASE("solve --optimal: the published shortest length, flagged optimal", "[cli][optimal]") {
    const auto known = pyr::test::load_known("msc-100.txt");
    REQUIRE(known.size() == 100);
    REQUIRE(known[0].min_moves == 45);
    const auto o = json_of("solve --variant msc --optimal --format json --deal '" + known[0].cards + "'");
    CHECK(o.at("optimal").as_bool());
    CHECK(o.at("moves").as_int64() == 45);
    const Run t = run("solve --variant msc --optimal --deal '" + known[0].cards + "'");
    CHECK_THAT(t.out, Catch::Contains("shortest solution: 45 moves"));
}

TEST_CASE("solve --hint from played moves, --moves continues a game", "[cli][optimal]") {
    const auto known = pyr::test::load_known("msc-100.txt");
    const std::string deal = "--variant msc --deal '" + known[0].cards + "'";
    // The first hint, played, leaves a 44-move shortest solution.
    const auto o1 = json_of("solve " + deal + " --hint --format json");
    REQUIRE(o1.at("hint").is_string());
    CHECK(o1.at("moves").as_int64() == 45);
    const std::string first(o1.at("hint").as_string());
    const auto o2 = json_of("solve " + deal + " --hint --format json --moves '" + first + "'");
    CHECK(o2.at("moves").as_int64() == 44);
    CHECK(o2.at("played").as_array().size() == 1);
    const Run text = run("solve " + deal + " --hint --moves '" + first + "'");
    pyr::test::check_contains_each(text.out,
                                   {"position after 1 played moves", "shortest solution from here: 44 moves"});
    // Plain solve from played moves: the solution continues the game and verifies.
    const Run cont = run("solve " + deal + " --format json --moves '" + first + "'");
    const auto oc = boost::json::parse(cont.out).as_object();
    REQUIRE(oc.at("verdict").as_string() == "win");
    std::string all = first;
    for (const auto& m : oc.at("solution").as_array()) all += " " + std::string(m.as_string());
    CHECK(run("verify " + deal + " --moves '" + all + "'").status == 0);
    // A hint in a position the published data says is lost says so.
    size_t lost_deal = 0;
    while (known[lost_deal].win) ++lost_deal;
    const std::string lost = out_of("solve --variant msc --hint --deal '" + known[lost_deal].cards + "'");
    CHECK_THAT(lost, Catch::Contains("the position is lost"));
    // Bad played moves: exit 2 naming the move.
    const Run bad = run("solve " + deal + " --moves 'draw JD+2C'");
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("move 2 (JD+2C)"));
}

TEST_CASE("classic reports its best score, --best-score elsewhere", "[cli][score]") {
    const auto o = json_of("solve --variant classic --seed 2 --format json");
    REQUIRE(o.at("verdict").as_string() == "lose");
    const int64_t left = o.at("best_score").as_int64();
    CHECK(left > 0);
    CHECK(left < 28);
    // Its moves really leave that many tableau cards.
    std::string moves;
    for (const auto& m : o.at("best_score_moves").as_array()) moves += std::string(m.as_string()) + " ";
    const Run v = run("verify --variant classic --seed 2 --moves '" + moves + "'");
    CHECK(v.status == 1);
    CHECK_THAT(v.out, Catch::Contains("(" + std::to_string(left) + " tableau cards left)"));
    const Run t = run("solve --variant classic --seed 2");
    CHECK_THAT(t.out, Catch::Contains("best score: " + std::to_string(left) + " tableau cards left"));
    const auto hard = pyr::test::load_known("msc-hard.txt");
    const Run m = run("solve --variant msc --best-score --format json --deal '" + hard[0].cards + "'");
    const auto om = boost::json::parse(m.out).as_object();
    CHECK(om.at("verdict").as_string() == "lose");
    CHECK(om.at("best_score").as_int64() > 0);
    CHECK_FALSE(
        boost::json::parse(run("solve --variant msc --seed 3 --format json").out).as_object().contains("best_score"));
}

// ---------------------------------------------------------------- hardening (issue 12)

namespace {

const std::string kUtf8Env = "LC_ALL=C.UTF-8";

// Every byte of an error line is printable: no control character (the
// newline ending it aside), no NUL.
bool printable(const std::string& s) {
    for (size_t i = 0; i < s.size(); ++i) {
        const unsigned char c = static_cast<unsigned char>(s[i]);
        if ((c < 0x20 && !(c == '\n' && i + 1 == s.size())) || c == 0x7F) return false;
    }
    return true;
}

std::string temp_file(const std::string& name, const std::string& content) {
    const std::string path = "/tmp/pyramid_harden_" + std::to_string(getpid()) + "_" + name;
    std::ofstream(path, std::ios::binary) << content;
    return path;
}

std::string solution_of(const std::string& args) {
    const auto o = json_of("solve " + args + " --format json");
    REQUIRE(o.at("verdict").as_string() == "win");
    std::string moves;
    for (const auto& m : o.at("solution").as_array()) moves += std::string(m.as_string()) + " ";
    return moves;
}

}  // namespace

TEST_CASE("reads are bounded: /dev/zero, a huge stdin, a huge line give an error, not a hang", "[cli][harden]") {
    // `timeout` stops an unbounded read (which grew to 1.8 GB before): status 124, not 2.
    // Record files (stats --out, merge, report) are read line by line too.
    const std::string timeout = "LC_ALL=C timeout 60";
    pyr::test::check_refusals(
        {
            {"solve --deal-file /dev/zero", "--deal-file '/dev/zero' is larger than 1 MiB"},
            {"verify --seed 1 --moves-file /dev/zero", "--moves-file '/dev/zero' is larger than 1 MiB"},
            {"stats --deals-file /dev/zero --quiet", "line 1 of --deals-file '/dev/zero' is longer than 64 KiB"},
            {"merge /dev/zero", "line 1 of record file '/dev/zero' is longer than 1 MiB"},
            {"stats --deals 2 --quiet --out /dev/zero", "is longer than 1 MiB"},
            {"report /tmp -o /dev/null", "'/tmp' is a directory"},
        },
        [&](const std::string& args) { return run(args, "", timeout); });
    pyr::test::check_refused(run("solve --deal-file -", std::string(3 << 20, ' '), timeout),
                             "--deal-file (standard input) is larger than 1 MiB");
}

TEST_CASE("error messages quote a bounded, escaped excerpt of the input", "[cli][harden]") {
    // A 20,000-byte token: the error line stays short and says how long it was.
    const Run big = run("solve --deal '" + std::string(20000, 'X') + "'");
    CHECK(big.status == 2);
    CHECK(big.err.size() < 400);
    CHECK_THAT(big.err, Catch::Contains("(20000 bytes)"));
    const Run seed = run("solve --seed " + std::string(20000, '7'));
    CHECK(seed.status == 2);
    CHECK(seed.err.size() < 400);
    // Raw binary and a NUL byte in a deal file: escaped, and the message goes on past the NUL.
    std::string binary = "AH 2H \x1b"
                         "X\x01\x7f\xff\xfe";
    binary += '\0';
    binary += "ZZ more";
    const std::string path = temp_file("binary.txt", binary);
    const Run bin = run("solve --deal-file " + path);
    CHECK(bin.status == 2);
    CHECK(printable(bin.err));
    CHECK_THAT(bin.err, Catch::Contains("\\x1b") && Catch::Contains("\\xff"));
    CHECK_THAT(bin.err, Catch::Contains("cards are a rank"));  // the text after the quoted token is there
    std::string nul = "AH";
    nul += '\0';
    nul += "ZZ";
    const Run n = run("solve --deal-file " + temp_file("nul.txt", nul));
    CHECK(n.status == 2);
    CHECK_THAT(n.err, Catch::Contains("\\x00ZZ"));
    CHECK(lines(n.err) == 1);
    // Moves, passes and unknown options are quoted the same way.
    const Run mv = run("verify --seed 1 --moves '" + std::string(5000, 'Q') + "H+'");
    CHECK(mv.status == 2);
    CHECK(mv.err.size() < 400);
    const Run opt = run("solve --seed 1 --" + std::string(5000, 'x'));
    CHECK(opt.status == 2);
    CHECK(opt.err.size() < 1200);
    std::remove(path.c_str());
}

TEST_CASE("a directory as --deal-file, --deals-file or --moves-file says so, exit 2", "[cli][harden]") {
    for (const std::string args :
         {"solve --deal-file /tmp", "deal --deal-file /tmp", "stats --deals-file /tmp --quiet"}) {
        INFO(args);
        const Run r = run(args);
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains("'/tmp' is a directory"));
        CHECK(lines(r.err) == 1);
    }
    const Run m = run("verify --seed 1 --moves-file /tmp");
    CHECK(m.status == 2);
    CHECK_THAT(m.err, Catch::Contains("--moves-file '/tmp' is a directory"));
    // Errors about a moves file name the moves file, never a deal file.
    const Run missing = run("verify --seed 1 --moves-file /nonexistent/moves.txt");
    CHECK(missing.status == 2);
    CHECK_THAT(missing.err, Catch::Contains("cannot read --moves-file '/nonexistent/moves.txt'"));
    const std::string path = temp_file("moves.txt", "QH+AS QH+\n");
    const Run bad = run("verify --seed 1 --moves-file " + path);
    CHECK(bad.status == 2);
    CHECK_THAT(bad.err, Catch::Contains("--moves-file '" + path + "'") && Catch::Contains("bad move 'QH+'"));
    CHECK_THAT(bad.err, !Catch::Contains("deal"));
    std::remove(path.c_str());
}

TEST_CASE("every numeric option rejects negative and non-numeric values, with the (got ...) part", "[cli][harden]") {
    const std::vector<std::string> commands = {
        "solve --seed 1 --max-states=",
        "play --seed 1 --max-states=",
        "stats --deals 2 --max-states=",
        "stats --deals 2 --threads=",
        "bench --quick --threads=",
        "stats --deals=",
        "stats --seeds=",
        "solve --seed=",
        "deal --seed=",
        "verify --moves draw --seed=",
        "solve --seed 1 --passes=",
        "solve --seed 1 --max-memory=",
        "stats --deals 2 --max-memory=",
        "play --seed 1 --max-memory=",
    };
    for (const auto& c : commands)
        for (const std::string value : {"-1", "abc", "1.5", " 7", "99999999999999999999999"}) {
            INFO(c << "'" << value << "'");
            pyr::test::check_refused(run(c + "'" + value + "'"), "(got '" + value + "')");
        }
}

TEST_CASE("one --threads rule and the same limits and messages in every command", "[cli][harden]") {
    // --threads: 0 is every core everywhere (it was an error in stats only).
    const std::string st = out_of("stats --deals 3 --threads 0 --quiet --format json");
    CHECK(boost::json::parse(st).as_object().at("threads").as_int64() >= 1);
    auto message = [](const Run& r) { return r.err.substr(r.err.find(": ") + 2); };
    CHECK(message(run("stats --deals 3 --threads 5000")) == message(run("bench --threads 5000")));
    CHECK_THAT(run("bench --threads 5000").err, Catch::Contains("from 0 to 4096 (0 = every core) (got '5000')"));
    // --max-states: one message in solve, stats and play.
    const std::string ms = message(run("solve --seed 1 --max-states=-5"));
    CHECK(ms == message(run("stats --deals 3 --max-states=-5")));
    CHECK(ms == message(run("play --seed 1 --max-states=-5")));
    // Seeds: solve and stats read them with the same rule and message.
    CHECK(message(run("solve --seed=-3")) == message(run("stats --seeds=-3")));
    CHECK(message(run("deal --seed abc")) == message(run("stats --seeds 1-abc")));
    CHECK(run("deal --seed 99999999999999999999 --format compact").status == 0);
    CHECK_THAT(run("deal --seed 100000000000000000000").err, Catch::Contains("1 to 99999999999999999999"));
    // A study takes the seeds solve takes, up to 10^20-1 (records hold them whole).
    CHECK(message(run("stats --seeds 1-100000000000000000000")) == message(run("deal --seed 100000000000000000000")));
    CHECK_THAT(run("stats --seeds 1-99999999999999999999").err, Catch::Contains("at most 1000000000 deals"));
    const std::string top = out_of("stats --seeds 99999999999999999998-99999999999999999999 --list win --quiet");
    const Run second = run("solve --seed 99999999999999999998 --format json");
    const Run last = run("solve --seed 99999999999999999999 --format json");
    std::string expect;
    for (const auto& [seed, r] : {std::pair{"99999999999999999998", second}, std::pair{"99999999999999999999", last}})
        if (boost::json::parse(r.out).as_object().at("verdict") == "win") expect += std::string(seed) + "\n";
    CHECK(top == expect);
    // --deals says its real limit.
    CHECK_THAT(run("stats --deals 1000000001").err,
               Catch::Contains("--deals must be a whole number from 1 to 1000000000 (got '1000000001')"));
}

TEST_CASE("verify: a move after the goal is reached is an error", "[cli][harden]") {
    const std::string moves = solution_of("--variant msc --seed 1");
    const Run won = run("verify --variant msc --seed 1 --moves '" + moves + "'");
    REQUIRE(won.status == 0);
    const Run extra = run("verify --variant msc --seed 1 --moves '" + moves + " draw'");
    CHECK(extra.status == 1);
    pyr::test::check_contains_each(extra.out, {"the goal was reached after move", "draw"});
}

TEST_CASE("one deal reader: solve --deal-file reads a deals file's first deal, deal | solve works", "[cli][harden]") {
    // data/msc-100.txt: comment lines, then deals followed by their answers ("win 45").
    std::ifstream in(std::string(PYR_DATA_DIR) + "/msc-100.txt");
    std::string first;
    while (std::getline(in, first) && (first.empty() || first[0] == '#')) {
    }
    const std::string cards = first.substr(
        0, first.find(" win") < first.find(" lose") ? first.find(" win") : first.find(" lose"));
    const std::string file = out_of("solve --variant msc --deal-file '" + std::string(PYR_DATA_DIR) +
                                    "/msc-100.txt' --format json");
    const std::string direct = out_of("deal --variant msc --format compact --deal '" + cards + "'");
    CHECK(std::string(boost::json::parse(file).as_object().at("deal").as_string()) + "\n" == direct);
    // The same file as a study's deals file, as before.
    CHECK(run("stats --variant msc --deals-file '" + std::string(PYR_DATA_DIR) + "/msc-100.txt' --quiet").status == 0);
    // pyramid deal | pyramid solve --deal-file -, through a real pipe.
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const Run pipe = pyr::test::shell("LC_ALL=C.UTF-8 " + cli + " deal --variant msc --seed 7 | LC_ALL=C.UTF-8 " + cli +
                                      " solve --variant msc --deal-file - --format json");
    REQUIRE(pipe.status == 0);
    CHECK(std::string(boost::json::parse(pipe.out).as_object().at("deal").as_string()) + "\n" ==
          run("deal --variant msc --seed 7 --format compact").out);
}

TEST_CASE("everything printed as a board pastes back into --deal-file", "[cli][harden][pictures]") {
    struct Case {
        std::string variant, seed;
    };
    const std::vector<Case> cases = {
        {"pyramid", "1"},  {"msc", "3"},     {"giza", "2"},      {"giza --reserves open", "5"},
        {"triangle", "4"}, {"spanish", "6"}, {"tuts-tomb", "2"}, {"apophis", "3"},
        {"classic", "9"}};
    for (const auto& c : cases) {
        const std::string v = "--variant " + c.variant;
        const std::string compact = run("deal " + v + " --seed " + c.seed + " --format compact").out;
        REQUIRE(compact.size() > 90);
        for (const std::string& env : {std::string("LC_ALL=C"), kUtf8Env}) {
            for (const std::string& printed :
                 {"deal " + v + " --seed " + c.seed, "solve " + v + " --seed " + c.seed + " --max-states 20000"}) {
                INFO(env << " " << printed);
                const Run out = run(printed, "", env);
                REQUIRE(out.status == 0);
                const Run back = run("deal " + v + " --deal-file - --format compact", out.out, env);
                CHECK(back.status == 0);
                CHECK(back.err.empty());
                CHECK(back.out == compact);
            }
        }
        // On a terminal the red suits carry colour codes: they are skipped too.
        const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
        const Run tty = pyr::test::shell(kUtf8Env + " script -qec \"" + cli + " deal " + v + " --seed " + c.seed +
                                         "\" /dev/null");
        REQUIRE(tty.out.find("\x1b[31m") != std::string::npos);
        const Run back = run("deal " + v + " --deal-file - --format compact", tty.out, kUtf8Env);
        CHECK(back.status == 0);
        CHECK(back.out == compact);
    }
}

TEST_CASE("./pyramid always runs the build (cmake decides what is out of date)", "[cli][harden]") {
    // A cmake on PATH that records how it is called: the wrapper must run the
    // build even when the binary is newer than every source it used to check
    // (bench/, data files compiled in, CMake files, ...).
    const pyr::test::ScratchDir scratch("fakecmake");
    const std::string& dir = scratch.path();
    const std::string log = dir + "/log";
    std::ofstream(dir + "/cmake") << "#!/bin/sh\necho \"$@\" >> " << log << "\n";
    REQUIRE(std::system(("chmod +x " + dir + "/cmake").c_str()) == 0);
    pyr::test::shell("PATH=" + dir + ":$PATH '" + std::string(PYR_SOURCE_DIR) + "/pyramid' variants");
    CHECK_THAT(pyr::test::slurp(log), Catch::Contains("--build"));
}

namespace {
// A shell line that starts `command` in the background, waits until it has
// used `cpu_seconds` of CPU time (not wall time: on a loaded machine the
// signal comes no earlier in the search), sends it `signal` and waits for
// it. Should it end first, it is not signalled, and the caller's checks fail.
std::string signal_after_cpu(const std::string& command, const std::string& signal, const std::string& cpu_seconds) {
    return command + " & pid=$!; ticks=$(awk -v s=" + cpu_seconds +
           " -v t=$(getconf CLK_TCK) 'BEGIN { print int(s * t) }'); " +
           "while read -r _ _ state _ _ _ _ _ _ _ _ _ _ utime _ 2>/dev/null </proc/$pid/stat && [ \"$state\" != Z ] "
           "&& " +
           "[ \"$utime\" -lt \"$ticks\" ]; do sleep 0.02; done; kill -" + signal + " $pid; wait $pid";
}
}  // namespace

TEST_CASE("Ctrl-C during solve --optimal says the search was interrupted, not that a budget ran out", "[cli][harden]") {
    // Apophis deal 58: a first solution in 0.01 s, the proof of the shortest
    // in 8.8 s of CPU (at 411e3c3); the signal comes after 1 s of the
    // process's CPU time, so the search is always under way: SIGINT (Ctrl-C),
    // and SIGTERM (a batch system's stop) the same way.
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    for (const std::string format : {"text", "json", "json-term"}) {
        INFO(format);
        const std::string sig = format == "json-term" ? "TERM" : "INT";
        const Run r = pyr::test::shell(signal_after_cpu(
            "LC_ALL=C " + cli + " solve --variant apophis --seed 58 --optimal --format " + format.substr(0, 4), sig,
            "1"));
        REQUIRE(r.status == 0);
        if (format != "text") {
            const auto o = boost::json::parse(r.out).as_object();
            REQUIRE(o.contains("interrupted"));  // else the deal was solved before the signal
            CHECK(o.at("interrupted").as_bool());
            CHECK(o.at("verdict").as_string() == "win");
            CHECK_FALSE(o.at("optimal").as_bool());
            continue;
        }
        CHECK_THAT(r.out, !Catch::Contains("shortest solution:"));
        pyr::test::check_contains_each(r.out, {"verdict: win (search for a shorter solution interrupted)",
                                               "solution (not proved shortest: interrupted): "});
        CHECK_THAT(r.out, !Catch::Contains("budget") && !Catch::Contains("max-states"));
    }
}

TEST_CASE("Ctrl-C during odds stops the sampling and says how many orders were solved", "[cli][harden]") {
    // msc 1 pass, deal 53: 100,000 sampled orders take minutes; each one is
    // a few thousand positions, under the solver's own polling interval, so
    // the stop must be seen between orders. SIGINT comes after 1.5 s of its CPU time.
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const Run r = pyr::test::shell(signal_after_cpu(
        "LC_ALL=C " + cli + " odds --variant msc --passes 1 --seed 53 --samples 100000 --format json", "INT", "1.5"));
    REQUIRE(r.status == 0);
    const auto o = boost::json::parse(r.out).as_object();
    REQUIRE(o.contains("interrupted"));
    CHECK(o.at("interrupted").as_bool());
    CHECK_FALSE(o.at("exact").as_bool());
}

TEST_CASE("max-memory: a tiny limit makes a search intractable, never a crash or a loss", "[cli][harden]") {
    // Tut's Tomb deal 65 needs 457,000 positions and 248,000 memo entries
    // (Apophis 18 and Tut's Tomb 23, used before, are now proved lost at the
    // start by the free-stock relaxation): 1 MiB of tables is far too little.
    const auto o = json_of("solve --variant tuts-tomb --seed 65 --max-memory 1M --format json");
    CHECK(o.at("verdict").as_string() == "intractable");
    CHECK(o.at("memory_exceeded").as_bool());
    const Run t = run("solve --variant tuts-tomb --seed 65 --max-memory 1M");
    CHECK_THAT(t.out, Catch::Contains("verdict: intractable (--max-memory 1M reached)"));
    // The same limit per worker in a study: counted intractable.
    const std::string st = out_of("stats --variant tuts-tomb --seeds 64-66 --max-memory 1M --quiet --format json");
    const auto sum = boost::json::parse(st).as_object().at("summaries").as_array().at(0).as_object();
    CHECK(sum.at("intractable").as_int64() >= 1);
    // Without it (the default share of memory) a small deal is decided as before.
    CHECK_THAT(run("solve --variant msc --seed 1").out, Catch::Contains("verdict: win"));
    CHECK_THAT(run("solve --variant msc --seed 1 --max-memory 0").out, Catch::Contains("verdict: win"));
}

#ifdef PYR_TEST_HOOKS
TEST_CASE("an internal error (a solution the verifier rejects) exits 3 and names the deal", "[cli][harden]") {
    // The failure is injected (PYRAMID_TEST_FAULT, compiled into test builds
    // only: CMake option PYR_TEST_HOOKS): a real one is a bug.
    const Run r = run("solve --variant msc --seed 3 --moves draw", "", "LC_ALL=C PYRAMID_TEST_FAULT=internal-error");
    CHECK(r.status == 3);
    CHECK(r.out.empty());
    CHECK(lines(r.err) == 1);
    const std::string deal = run("deal --variant msc --seed 3 --format compact").out;
    CHECK_THAT(r.err, Catch::Contains("internal error") &&
                          Catch::Contains("--variant msc --deal " + deal.substr(0, 104)) &&
                          Catch::Contains("--moves 'draw'"));
}
#else
TEST_CASE("a build without the test hooks ignores PYRAMID_TEST_FAULT", "[cli][harden]") {
    // The shipped binary (PYR_TEST_HOOKS off) has no fault to inject: it solves.
    const Run r = run("solve --variant msc --seed 3 --moves draw", "", "LC_ALL=C PYRAMID_TEST_FAULT=internal-error");
    CHECK(r.status == 0);
    CHECK(r.err.empty());
    CHECK_THAT(r.out, Catch::Contains("verdict: win") && Catch::Contains("states searched: "));
}
#endif

// ---- issue 33: defects found trying the CLI as a new user would

TEST_CASE("threads above the cores (--threads): the workers are capped, the answers do not change, no TBB warning",
          "[cli][threads]") {
    // Cheops, unlimited passes, deal 15929, --optimal: 4096 threads once split
    // the automatic memory 4096 ways and lost the shortest solution.
    const std::string study = "stats --variant cheops --passes unlimited --seeds 15929-15929 --optimal --format json ";
    const Run many = run(study + "--threads 4096");
    const Run one = run(study + "--threads 1");
    REQUIRE(many.status == 0);
    REQUIRE(one.status == 0);
    CHECK_THAT(many.err, !Catch::Contains("TBB"));
    const auto m = boost::json::parse(many.out).as_object(), o = boost::json::parse(one.out).as_object();
    // No more workers than the cores.
    const int64_t cores = m.at("program").as_object().at("cores").as_int64();
    CHECK(m.at("threads").as_int64() >= 1);
    CHECK(m.at("threads").as_int64() <= cores);
    CHECK(m.at("threads_asked").as_int64() == 4096);
    CHECK_FALSE(o.contains("threads_asked"));
    const auto& ms = m.at("summaries").as_array()[0].as_object();
    const auto& os = o.at("summaries").as_array()[0].as_object();
    CHECK(ms.at("wins").as_int64() == 1);
    CHECK(boost::json::serialize(ms.at("moves_histogram")) == boost::json::serialize(os.at("moves_histogram")));
    CHECK(ms.at("moves_histogram").as_object().size() == 1);
    // The text says what ran.
    const Run text = run("stats --variant msc --seeds 1-3 --threads 4096");
    REQUIRE(text.status == 0);
    CHECK_THAT(text.out, Catch::Contains("thread (--threads 4096: no more than the cores)") ||
                             Catch::Contains("threads (--threads 4096: no more than the cores)"));
    CHECK_THAT(text.err, !Catch::Contains("TBB"));
}

TEST_CASE("odds prints moves as the other commands do: suits in UTF-8, the notation with --ascii", "[cli]") {
    const Run u = run("odds --seed 1 --samples 10", "", "LC_ALL=C.UTF-8");
    REQUIRE(u.status == 0);
    CHECK_THAT(u.out, Catch::Contains("Q\u2665+A\u2665"));
    CHECK_THAT(u.out, !Catch::Contains("QH+AH"));
    const Run a = run("odds --seed 1 --samples 10 --ascii", "", "LC_ALL=C.UTF-8");
    REQUIRE(a.status == 0);
    CHECK_THAT(a.out, Catch::Contains("QH+AH"));
    CHECK_THAT(a.out, !Catch::Contains("\u2665"));
    // The columns line up whatever the width of the symbols: the shares start at one column.
    auto share_columns = [](const std::string& out) {
        std::set<size_t> cols;
        std::istringstream in(out);
        for (std::string line; std::getline(in, line);)
            if (line.rfind("  ", 0) == 0 && line.find('%') != std::string::npos) {
                size_t chars = 0, i = 0;
                for (; i < line.size() &&
                       !(line[i] >= '0' && line[i] <= '9' && i > 2 && line[i - 1] == ' ' && line[i - 2] == ' ');
                     ++i)
                    chars += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
                cols.insert(chars);
            }
        return cols;
    };
    CHECK(share_columns(u.out).size() == 1);
    CHECK(share_columns(a.out).size() == 1);
}

TEST_CASE("seed 007 (--seed) is deal 7 in titles and JSON", "[cli]") {
    const std::string j = out_of("solve --seed 007 --format json");
    CHECK(boost::json::parse(j).as_object().at("seed").as_string() == "7");
    const std::string t = out_of("deal --seed 007");
    CHECK_THAT(t, Catch::Contains("deal 7\n"));
    CHECK(run("deal --seed 7").out == t);
    const std::string ms = out_of("deal --seed MS0024 --format json");
    CHECK(boost::json::parse(ms).as_object().at("seed").as_string() == "ms24");
}

TEST_CASE("report on one shard of a study says PARTIAL in its title and summary, and exits 1", "[cli]") {
    const pyr::test::ScratchDir scratch("cli_shard");
    const std::string& dir = scratch.path();
    for (const char* k : {"0", "1"})
        REQUIRE(run("stats --variant msc --deals 20 --shard " + std::string(k) + "/2 --out " + dir + "/part" + k +
                    ".jsonl -q")
                    .status == 0);
    const Run one = run("report " + dir + "/part0.jsonl -o " + dir + "/one.html");
    CHECK(one.status == 1);
    CHECK_THAT(one.err, Catch::Contains("PARTIAL: records for 10 of the study's 20 tasks"));
    const std::string page = pyr::test::slurp(dir + "/one.html");
    CHECK_THAT(page, Catch::Contains("<h1>Pyramid study: msc, 20 deals (PARTIAL: 10 of 20 tasks)</h1>"));
    CHECK_THAT(page, Catch::Contains(
                         "<p class=\"partial\">PARTIAL: records for 10 of 20 tasks of the study (shard 0/2 only)"));
    const size_t summary = page.find("<section id=\"summary\">");
    REQUIRE(summary != std::string::npos);
    CHECK(page.find("<p class=\"partial\">", summary) != std::string::npos);
    const Run both = run("report " + dir + "/part0.jsonl " + dir + "/part1.jsonl -o " + dir + "/both.html");
    CHECK(both.status == 0);
    CHECK(both.err.empty());
    CHECK_THAT(pyr::test::slurp(dir + "/both.html"), !Catch::Contains("PARTIAL"));
}

TEST_CASE("help: pyramid --help names deal's svg, solve's usage names --max-memory and --measures, no option help "
          "breaks mid-sentence",
          "[cli]") {
    CHECK_THAT(run("--help").out,
               Catch::Contains("deal       print a deal: drawn, as the compact string, as JSON, or as an SVG"));
    const Run solve = run("solve --help");
    const std::string usage = solve.out.substr(0, solve.out.find("\n\n"));
    pyr::test::check_contains_each(usage, {"[--max-memory SIZE]", "[--measures"});
    // A description that runs on to another line fills the one before it
    // (Boost wraps at 80 columns; a "\n" inside a description made a line of one word).
    for (const char* cmd : {"solve", "verify", "deal", "variants", "bench", "stats", "merge", "report", "compare",
                            "generate", "play", "odds", "compare-players"}) {
        INFO(cmd);
        const std::string r = out_of(std::string(cmd) + " --help");
        std::vector<std::string> ls;
        std::istringstream in(r);
        for (std::string l; std::getline(in, l);) ls.push_back(l);
        for (size_t i = 0; i + 1 < ls.size(); ++i) {
            const bool continued = ls[i + 1].rfind(std::string(24, ' '), 0) == 0 &&
                                   ls[i + 1].find_first_not_of(' ') < 40;
            const size_t text = ls[i].find_first_not_of(' ');
            if (!continued || text == std::string::npos || ls[i].rfind("  --", 0) == 0) continue;
            INFO(ls[i]);
            CHECK(ls[i].size() - text > 20);
        }
    }
}

TEST_CASE("Spanish cards read as words in sentences, not as codes", "[cli]") {
    // Deal 1 is lost by the stock's order; the reason names the cards left.
    const Run r = run("solve --variant spanish --seed 1", "", "LC_ALL=C.UTF-8");
    REQUIRE(r.status == 0);
    const size_t at = r.out.find("Lost by the stock's order");
    REQUIRE(at != std::string::npos);
    const std::string sentence = r.out.substr(at, r.out.find('\n', at) - at);
    CHECK_THAT(sentence, Catch::Contains("6 of bastos, 8 of bastos and 9 of espadas left"));
    CHECK_THAT(sentence, !Catch::Contains("6B"));
    // The solution page's steps.
    const std::string h = out_of("solve --variant spanish --seed 1 --format html");
    CHECK_THAT(h, Catch::Contains(
                      "remove <span class=\"card\">8 of espadas</span> and <span class=\"card red\">4 of oros</span>"));
    // JSON and --ascii keep the notation.
    const Run j = run("solve --variant spanish --seed 1 --format json");
    CHECK_THAT(j.out, Catch::Contains("6B, 8B and 9E left"));
}

TEST_CASE("seeds 2^64 or more apart: a range that long is refused, a record that far is not a deal of the study",
          "[cli][harden]") {
    // 1-(2^64+6) was read as a range of 6 deals (the distance cut to 64 bits).
    pyr::test::check_refused(run("stats --seeds 1-18446744073709551622 --quiet"), "at most 1000000000 deals");
    // The records of a study of seeds 2^64+1..2^64+10 in the --out file were
    // taken as seeds 1..10's (2^64 apart): the summary was theirs.
    const pyr::test::ScratchDir dir("far_seeds");
    const std::string out = dir / "far.jsonl";
    REQUIRE(run("stats --seeds 18446744073709551617-18446744073709551626 --quiet --out " + out).status == 0);
    const auto resumed = json_of("stats --seeds 1-10 --quiet --format json --out " + out);
    const auto fresh = json_of("stats --seeds 1-10 --quiet --format json");
    CHECK(resumed.at("resumed").as_int64() == 0);
    CHECK(resumed.at("solved_now").as_int64() == 10);
    const auto& a = resumed.at("summaries").as_array().at(0).as_object();
    const auto& b = fresh.at("summaries").as_array().at(0).as_object();
    CHECK(a.at("wins") == b.at("wins"));
    CHECK(a.at("losses") == b.at("losses"));
    CHECK(a.at("states_total") == b.at("states_total"));
    // merge and report read the file the same way: 10 records of other seeds ignored.
    CHECK(json_of("merge --format json " + out).at("ignored").as_int64() == 10);
}

TEST_CASE("odds refuses a bad --optimal option before any work, and with or without --optimal", "[cli][harden]") {
    // They were read after the odds were computed: 10^7 sampled orders
    // (hours) before "--threads must be ...". The shell's timeout stops a
    // run that starts the work (status 124, not 2).
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const std::string slow = "odds --variant msc --passes 1 --seed 53 --samples 10000000 --optimal";
    for (const std::string bad :
         {"--threads 5000", "--policy bogus", "--policy-orders=-1", "--optimal-states 0", "--optimal-max-unseen 33"}) {
        INFO(bad);
        const Run r = pyr::test::shell("LC_ALL=C timeout 120 " + cli + " " + slow + " " + bad);
        CHECK(r.status == 2);
        CHECK(lines(r.err) == 1);
    }
    // Without --optimal they were not read at all (exit 0).
    const std::vector<pyr::test::Refusal> cases = {
        {"odds --seed 1 --samples 5 --threads abc", "--threads must be a whole number"},
        {"odds --seed 1 --samples 5 --policy bogus", "--policy: unknown player 'bogus'"},
        {"odds --seed 1 --samples 5 --optimal-states 0", "--optimal-states must be a whole number"},
    };
    pyr::test::check_refusals(cases, [](const std::string& args) { return run(args); });
}

TEST_CASE("odds --thoughtful: a search stopped early says its move is not proved shortest, and Ctrl-C keeps the odds",
          "[cli][harden]") {
    // Apophis deal 58: a first solution at once, the proof of the shortest
    // in seconds. With a budget it printed "next move of a shortest
    // solution" for the first solution's move (solve --hint says "not proved
    // shortest").
    const Run b = run("odds --variant apophis --seed 58 --samples 5 --thoughtful --max-states 100000");
    REQUIRE(b.status == 0);
    CHECK_THAT(b.out, Catch::Contains("win; next move of a solution (not proved shortest: --max-states 100000 "
                                      "reached): "));
    CHECK_THAT(b.out, !Catch::Contains("shortest solution"));
    CHECK_THAT(run("odds --variant apophis --seed 58 --samples 5 --thoughtful --max-states 10").out,
               Catch::Contains("knows its order): intractable (--max-states 10 reached)\n"));
    // Ctrl-C during its search killed the process, the odds already
    // computed with it; now the search stops and everything is printed.
    // SIGINT after 1.5 s of the process's CPU time (the 5 orders take 0.01 s).
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const Run r = pyr::test::shell(signal_after_cpu(
        "LC_ALL=C " + cli + " odds --variant apophis --seed 58 --samples 5 --thoughtful", "INT", "1.5"));
    REQUIRE(r.status == 0);
    CHECK_THAT(r.out, Catch::Contains("Odds without peeking: apophis"));
    CHECK_THAT(r.out, Catch::Contains("win; next move of a solution (not proved shortest: interrupted): "));
    CHECK_THAT(r.out, Catch::Contains("Solves: "));
}

TEST_CASE("a write error on standard output is an error, not exit 0", "[cli][harden]") {
    // A full disk (/dev/full): the output was lost and the status was 0.
    // Now one line says so, and the status is 2, as for -o FILE.
    for (const std::string args : {"deal --seed 1", "variants", "solve --seed 1 --format json", "--help",
                                   "solve --help", "version", "stats --deals 3 --quiet"}) {
        INFO(args);
        const Run r = run(args + " >/dev/full");
        CHECK(r.status == 2);
        CHECK_THAT(r.err, Catch::Contains(": error writing standard output"));
        CHECK(lines(r.err) == 1);
    }
    // A status that already says something else is kept (merge: tasks missing).
    const pyr::test::ScratchDir dir("full_stdout");
    const std::string part = dir / "part.jsonl";
    REQUIRE(run("stats --deals 4 --shard 0/2 --quiet --out " + part).status == 0);
    const Run m = run("merge " + part + " >/dev/full");
    CHECK(m.status == 1);
    CHECK_THAT(m.err, Catch::Contains("pyramid merge: error writing standard output"));
    // Output that is written is unchanged.
    CHECK(run("deal --seed 1 --format compact").status == 0);
}

TEST_CASE("every command's usage names every option of its option list", "[cli]") {
    // stats' and odds' usage lacked --max-memory, generate's --max-seeds, and
    // solve's, verify's, deal's, play's and odds' the rule overrides.
    for (const std::string cmd : {"solve", "verify", "deal", "variants", "bench", "stats", "merge", "report", "compare",
                                  "generate", "play", "odds", "compare-players"}) {
        INFO(cmd);
        const std::string help = out_of(cmd + " --help");
        const size_t table = help.find("pyramid " + cmd + " options:");
        REQUIRE(table != std::string::npos);
        const std::string usage = help.substr(0, table);
        std::istringstream in(help.substr(table));
        int options = 0;
        for (std::string l; std::getline(in, l);) {
            // "  --name arg", "  -o [ --output ] arg": the long name.
            const size_t at = l.find("--");
            if (l.rfind("  -", 0) != 0 || at == std::string::npos) continue;
            const std::string name = l.substr(at + 2, l.find_first_of(" ]", at) - at - 2);
            ++options;
            if (name == "help" || name == "files" || name == "name" || name == "first" || name == "second")
                continue;  // --help, and the plain arguments' names
            INFO("--" << name);
            if (name == "output") CHECK_THAT(usage, Catch::Contains("[-o "));
            else CHECK_THAT(usage, Catch::Contains("--" + name));
        }
        CHECK(options >= 2);
    }
}

TEST_CASE("odds shows its progress on a terminal, and nothing on stderr otherwise", "[cli]") {
    // odds --samples 100000 ran for minutes with nothing on the screen.
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const std::string args = " odds --variant msc --passes 1 --seed 53 --samples 300";
    const Run tty = pyr::test::shell("LC_ALL=C script -qec \"" + cli + args + "\" /dev/null");
    REQUIRE(tty.status == 0);
    CHECK_THAT(tty.out, Catch::Contains("\r  odds: 0 of 300 orders solved"));
    CHECK_THAT(tty.out, Catch::Contains("Winnable: "));
    const Run plain = run(args);
    REQUIRE(plain.status == 0);
    CHECK(plain.err.empty());
}

TEST_CASE("an output file that is one of the inputs is refused before anything is written", "[cli][harden]") {
    // stats --out F --report F truncated F (the checkpoint) for the page:
    // its records were lost and solved again, and F ended as HTML.
    // report F -o F wrote the page over the records it read.
    const pyr::test::ScratchDir dir("out_is_input");
    const std::string records = dir / "study.jsonl";
    REQUIRE(run("stats --deals 20 --quiet --out " + records).status == 0);
    const std::string before = pyr::test::slurp(records);
    const std::string deals = dir / "deals.txt";
    std::ofstream(deals) << out_of("deal --seed 1 --format compact") << out_of("deal --seed 2 --format compact");
    const std::vector<pyr::test::Refusal> cases = {
        {"stats --deals 30 --quiet --out " + records + " --report " + records,
         "--report '" + records + "' is the --out file"},
        {"stats --deals 30 --quiet --out " + records + " --report " + dir.path() + "/./study.jsonl",
         "is the --out file"},
        {"stats --deals-file " + deals + " --quiet --report " + deals, "is the --deals-file"},
        {"report " + records + " -o " + records, "-o '" + records + "' is one of the record files"},
    };
    pyr::test::check_refusals(cases, [](const std::string& args) { return run(args); });
    CHECK(pyr::test::slurp(records) == before);
    CHECK(pyr::test::slurp(deals).size() == 2 * 105);
    // Neither file there yet: the same path is refused too, and nothing is created.
    const std::string fresh = dir / "fresh.jsonl";
    pyr::test::check_refused(run("stats --deals 5 --quiet --out " + fresh + " --report " + fresh), "is the --out file");
    CHECK_FALSE(std::ifstream(fresh).good());
    // Different files are as before.
    CHECK(run("stats --deals 20 --quiet --out " + records + " --report " + (dir / "page.html")).status == 0);
    CHECK(run("report " + records + " -o " + (dir / "page2.html")).status == 0);
}

TEST_CASE("Ctrl-C during solve --measures says the measures were interrupted, not that a budget ran out",
          "[cli][harden]") {
    // Apophis deal 58: solved at once, its measures take seconds (the proof
    // of the shortest). SIGINT after 1 s of CPU: the measures' searches stop.
    // It printed "measures (incomplete: --max-states 100000000 reached)".
    const std::string cli = std::string("'") + PYR_CLI_PATH + "'";
    const std::string solve = "LC_ALL=C " + cli + " solve --variant apophis --seed 58 --measures --format ";
    const Run t = pyr::test::shell(signal_after_cpu(solve + "text", "INT", "1"));
    REQUIRE(t.status == 0);
    pyr::test::check_contains_each(t.out, {"verdict: win (measures interrupted)\n", "solution: 42 moves\n",
                                           "measures (incomplete: interrupted):\n"});
    CHECK_THAT(t.out, !Catch::Contains("max-states") && !Catch::Contains("shorter solution"));
    const Run j = pyr::test::shell(signal_after_cpu(solve + "json", "INT", "1"));
    REQUIRE(j.status == 0);
    const auto o = boost::json::parse(j.out).as_object();
    CHECK(o.at("verdict").as_string() == "win");
    REQUIRE(o.contains("interrupted"));
    CHECK(o.at("interrupted").as_bool());
    CHECK_FALSE(o.at("measures").as_object().at("complete").as_bool());
    CHECK_THAT(std::string(o.at("measures").as_object().at("grade_note").as_string()), Catch::Contains("interrupted"));
}

TEST_CASE("verify: --deal-file - and --moves-file - cannot share standard input", "[cli][harden]") {
    // The deal's reader took all of standard input (words after a deal are
    // ignored), the moves were read empty: "legal, not a win: all 0 moves
    // are legal", whatever moves were given.
    const std::string input = out_of("deal --seed 1 --format compact") + "QH+AS\n";
    const Run r = run("verify --deal-file - --moves-file -", input);
    pyr::test::check_refused(r, "--deal-file - and --moves-file - cannot both read standard input");
    // Either one alone reads it as before.
    const std::string deal = out_of("deal --seed 1 --format compact");
    CHECK_THAT(run("verify --deal-file - --moves QH+AS", deal).out, Catch::Contains("the move is legal"));
    CHECK_THAT(run("verify --seed 1 --moves-file -", "QH+AS\n").out, Catch::Contains("the move is legal"));
}

TEST_CASE("merge: two studies' files are refused with what tells the studies apart", "[cli]") {
    // A greedy player's study and a casual player's over the same deals were
    // described alike ("1 rule set of msc, seeds 1-10, max-states 100000000"
    // both): the message did not say what differs.
    const pyr::test::ScratchDir dir("merge_brief");
    const std::string greedy = dir / "greedy.jsonl", casual = dir / "casual.jsonl", reasons = dir / "reasons.jsonl";
    REQUIRE(run("stats --deals 6 --quiet --player greedy --out " + greedy).status == 0);
    REQUIRE(run("stats --deals 6 --quiet --player casual --player-seed 2 --out " + casual).status == 0);
    REQUIRE(run("stats --deals 6 --quiet --reasons --out " + reasons).status == 0);
    const Run r = run("merge " + greedy + " " + casual);
    pyr::test::check_refused(r, "is a record file of another study");
    pyr::test::check_contains_each(r.err, {"player casual (player seed 2)", "player greedy (player seed 1)"});
    CHECK_THAT(run("merge " + reasons + " " + greedy).err, Catch::Contains(", reasons)"));
}

TEST_CASE("a board's pass line that is not 'pass N' is refused, not read as pass 1", "[cli][harden]") {
    // msc deal 1 after three moves: winnable in pass 1, lost in pass 3.
    // "pass: 3" (the other lines' 'label: value' form), "passes 3" or
    // "pass three" were skipped, and the position was solved in pass 1: win.
    const std::string board = out_of("solve --seed 1 --moves 'QH+AS draw draw' --ascii");
    const size_t at = board.find("pass 1 of 3\n");
    REQUIRE(at != std::string::npos);
    auto with_pass = [&](const std::string& line) { return board.substr(0, at) + line + "\n"; };
    CHECK(json_of("solve --format json --deal-file " + temp_file("pass3.txt", with_pass("pass 3 of 3")))
              .at("verdict")
              .as_string() == "lose");
    CHECK(json_of("solve --format json --deal-file " + temp_file("pass1.txt", with_pass("pass 1")))
              .at("verdict")
              .as_string() == "win");
    for (const std::string line : {"pass: 3", "passes 3", "pass three", "Pass:3"}) {
        INFO(line);
        pyr::test::check_refused(run("solve --deal-file " + temp_file("passbad.txt", with_pass(line))),
                                 "bad pass line '" + line + "': write 'pass N' or 'pass N of M'");
    }
}

TEST_CASE("a byte-order mark at a file's start is read as nothing: deal, moves and deals files", "[cli][harden]") {
    // Windows editors write EF BB BF first; the deal reader saw it as a bad
    // card with an invisible name ("bad card '\xEF\xBB\xBF7S'").
    const std::string bom = "\xEF\xBB\xBF";
    const std::string deal = out_of("deal --seed 1 --format compact");
    const auto plain = json_of("solve --format json --deal-file " + temp_file("plain.txt", deal));
    const auto marked = json_of("solve --format json --deal-file " + temp_file("bom.txt", bom + deal));
    CHECK(marked.at("verdict") == plain.at("verdict"));
    CHECK(marked.at("solution") == plain.at("solution"));
    // A board as solve prints it, pasted back with the mark.
    const std::string board = out_of("solve --seed 1 --moves 'QH+AS draw' --ascii");
    CHECK(json_of("solve --format json --deal-file " + temp_file("board.txt", bom + board)).at("verdict") == "win");
    // The moves file, and a deals file's first line.
    const Run v = run("verify --seed 1 --moves-file " + temp_file("moves.txt", bom + "QH+AS draw"));
    CHECK(v.status == 1);  // legal, not a win
    CHECK_THAT(v.out, Catch::Contains("legal"));
    const Run s = run("stats --quiet --format json --deals-file " + temp_file("deals.txt", bom + deal));
    REQUIRE(s.status == 0);
    CHECK(boost::json::parse(s.out).at("summaries").at(0).at("deals").as_int64() == 1);
    // Only at the start: a mark inside the text is still a bad card.
    pyr::test::check_refused(run("solve --deal-file " + temp_file("mid.txt", "7S " + bom + deal.substr(2))), "card");
}
