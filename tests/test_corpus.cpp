// The known-deal corpus: every deal in data/ solved with its preset, the
// verdict checked against the recorded answer, every solution replayed by
// the independent verifier.
#include <cstddef>
#include <cstdint>

#include <catch2/catch.hpp>

#include "engine/board.h"
#include "engine/deal.h"
#include "engine/table.h"
#include "solver/solver.h"
#include "tests/corpus.h"
#include "tests/support.h"

using namespace pyr;

namespace {

// Solves every deal of the file (plain search, or the optimal search), checks
// the verdict and replays each solution; a known minimum length must be met
// exactly by the optimal search and never beaten by the plain one.
// With a stride, every stride-th deal of those (the files hold wins and
// losses in runs: a stride, not the first few, meets both).
void check_corpus(const std::string& preset, const std::string& file, size_t at_least, bool optimal = false,
                  size_t first = 0, size_t count = SIZE_MAX, size_t stride = 1) {
    auto known = test::load_known(file);
    REQUIRE(known.size() >= at_least);
    REQUIRE(first < known.size());
    known.erase(known.begin(), known.begin() + static_cast<std::ptrdiff_t>(first));
    if (count < known.size()) known.resize(count);
    if (stride > 1) {
        decltype(known) every;
        for (size_t i = 0; i < known.size(); i += stride) every.push_back(known[i]);
        known = std::move(every);
    }
    const Variant v = *find_preset(preset);
    Solver solver;
    SolveOptions options;
    options.optimal = optimal;
    int wins = 0;
    for (const auto& k : known) {
        INFO(file << " line " << k.line << (optimal ? " (optimal)" : ""));
        const Deal d = parse_deal(v, k.cards);
        const SolveResult r = solver.solve(Board(d), options);
        REQUIRE(r.verdict == (k.win ? Verdict::Win : Verdict::Lose));
        if (r.verdict == Verdict::Win) {
            ++wins;
            const Replay line = replay(d, r.solution);
            REQUIRE(line.legal());
            REQUIRE(line.won());
            if (optimal) REQUIRE(r.optimal);
            if (k.min_moves > 0 && optimal) CHECK(static_cast<int>(r.solution.size()) == k.min_moves);
            if (k.min_moves > 0 && !optimal) CHECK(static_cast<int>(r.solution.size()) >= k.min_moves);
        }
    }
    CHECK(wins > 0);
    if (known.size() > 1) CHECK(wins < static_cast<int>(known.size()));
}

}  // namespace

TEST_CASE("msc: the 100 published deals", "[corpus]") { check_corpus("msc", "msc-100.txt", 100); }
TEST_CASE("msc: the published hardest deal is lost", "[corpus]") {
    const auto known = test::load_known("msc-hard.txt");
    REQUIRE(known.size() == 1);
    REQUIRE_FALSE(known[0].win);
    Solver solver;
    CHECK(solver.solve(Board(parse_deal(*find_preset("msc"), known[0].cards))).verdict == Verdict::Lose);
}
TEST_CASE("relaxed: known deals", "[corpus]") { check_corpus("relaxed", "known/relaxed.txt", 20); }
TEST_CASE("pyramid: known deals", "[corpus]") { check_corpus("pyramid", "known/pyramid.txt", 20); }
TEST_CASE("cheops: known deals", "[corpus]") { check_corpus("cheops", "known/cheops.txt", 20); }
TEST_CASE("pharaohs: known deals", "[corpus]") { check_corpus("pharaohs", "known/pharaohs.txt", 20); }
TEST_CASE("solitarium: known deals", "[corpus]") { check_corpus("solitarium", "known/solitarium.txt", 20); }
TEST_CASE("classic: known deals", "[corpus]") { check_corpus("classic", "known/classic.txt", 20); }
TEST_CASE("giza: known deals", "[corpus]") { check_corpus("giza", "known/giza.txt", 20); }
TEST_CASE("tuts-tomb: known deals", "[corpus]") { check_corpus("tuts-tomb", "known/tuts-tomb.txt", 20); }
TEST_CASE("apophis: known deals", "[corpus]") { check_corpus("apophis", "known/apophis.txt", 20); }
TEST_CASE("triangle: known deals", "[corpus]") { check_corpus("triangle", "known/triangle.txt", 20); }
TEST_CASE("spanish: known deals", "[corpus]") { check_corpus("spanish", "known/spanish.txt", 20); }

// The optimal search must give the same verdicts on the whole corpus, and the
// published shortest lengths on the msc deals.
TEST_CASE("msc: the 100 published shortest lengths", "[corpus][optimal]") {
    check_corpus("msc", "msc-100.txt", 100, true);
}
// mchung94/pyramid-solver's 1,500 random decks with their shortest lengths
// (data/msc-1500.txt): every verdict and every optimal length agrees. In three
// parts, so ctest -j runs them side by side.
TEST_CASE("msc: the 1500 published shortest lengths, decks 1-500", "[corpus][optimal][msc1500]") {
    check_corpus("msc", "msc-1500.txt", 1500, true, 0, test::reduced(500));
}
TEST_CASE("msc: the 1500 published shortest lengths, decks 501-1000", "[corpus][optimal][msc1500]") {
    check_corpus("msc", "msc-1500.txt", 1500, true, 500, test::reduced(500));
}
TEST_CASE("msc: the 1500 published shortest lengths, decks 1001-1500", "[corpus][optimal][msc1500]") {
    check_corpus("msc", "msc-1500.txt", 1500, true, 1000, test::reduced(500));
}
TEST_CASE("optimal search: the same verdicts on every known deal", "[corpus][optimal]") {
    for (const char* name : {"relaxed", "pyramid", "cheops", "pharaohs", "solitarium", "classic", "giza", "tuts-tomb",
                             "apophis", "triangle", "spanish"})
        check_corpus(name, std::string("known/") + name + ".txt", 20, true, 0, SIZE_MAX,
                     test::kSanitizerShare > 1 ? 3 : 1);  // (a third of each file under the sanitizers)
}
