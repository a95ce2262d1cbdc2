// Which line across deals (issue 34): a challenge counted over several deals
// ("Clear 12 Aces in 2 deals", "Earn 2,400 points in 2 deals", "Clear 3
// boards in 2 deals"), the score or the count carried from deal to deal, and
// a deal whose tableau is cleared not using up one of the challenge's deals.
//
// The chance of completing it under optimal play from (still needed, deals
// left) comes from the distribution of what one random deal can make: the
// most with a clear and the most at an end without one (DealOutcome), over a
// study of random deals (an OutcomeTable, shipped for msc: builtin tables
// built from `pyramid stats --challenge` records by bench/challenge-table.py).
// A player sees every card of a deal before playing it (msc lets them look
// through the stock and restart), so in each deal they can take the exact
// solver's best line of either kind; and more made is never worse, so those
// two lines are the only choices that matter (solver/challenge.h gives them).
//
// P(n, d): n > 0 still to make, d deals left, the next deal not yet seen.
//   P(n, d) = 1 for n <= 0;  P(n, 0) = 0;
//   P(n, d) = E over deals [ max( P(n - clear, d)      (the tableau cleared: the deal is free),
//                                 P(n - open,  d - 1) ) ]  (an end without a clear uses it up)
// (a term only where the deal has a line of that kind; 1 where it makes n).
// A clear that makes nothing leaves (n, d) as it was: P(n, d) appears on both
// sides. The right side is a nondecreasing function of P(n, d) with slope at
// most the share of such deals (below 1), so the equation has one solution,
// reached by iterating from 0 (the least solution: a player who only ever
// takes free deals never completes the challenge).
//
// Board challenges are the same with a board for the unit: a won deal makes
// 1 with a clear, a lost one 0 without (board_outcome_table).
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "engine/scoring.h"
#include "engine/variant.h"
#include "solver/challenge.h"
#include "solver/interval.h"

namespace pyr {

// What one deal can make toward a challenge: the most with the tableau
// cleared, and the most at an end without a clear (nullopt: no line of that kind).
struct DealOutcome {
    std::optional<int> clear, open;
    friend bool operator==(const DealOutcome&, const DealOutcome&) = default;
    friend bool operator<(const DealOutcome& a, const DealOutcome& b) {
        return std::tie(a.clear, a.open) < std::tie(b.clear, b.open);
    }
};

// A deal's outcome from a challenge answer made with Challenge::every_end
// (without a target): its lines' values. Board answers: 1 with a clear
// (won), 0 without (lost); nullopt for an incomplete answer.
std::optional<DealOutcome> deal_outcome(const Challenge& c, const ChallengeResult& r);

// The outcomes of a study of random deals: each outcome and the number of
// deals that had it.
struct OutcomeTable {
    std::string source;  // the study: "pyramid stats --variant msc --seeds 1-4000 --challenge cards:A"
    std::vector<std::pair<DealOutcome, uint32_t>> outcomes;
    uint64_t deals() const;
    // The share of deals with an outcome (a clear, at least `made`, ...).
    template <class Pred>
    double share(Pred pred) const {
        uint64_t n = 0;
        for (const auto& [o, k] : outcomes)
            if (pred(o)) n += k;
        return deals() ? static_cast<double>(n) / static_cast<double>(deals()) : 0.0;
    }
};

// The board challenge's table from any table of the same deals: a deal with a
// clear makes one board, the others none.
OutcomeTable board_outcome_table(const OutcomeTable& t);

// Tables as data/challenge-distributions.txt writes them: `table NAME`
// starts one ("score", "cards:A", "cards:K"), `source TEXT` says how it was
// made, and each row is `CLEAR OPEN DEALS` (the best with a clear and without,
// '-' for none, and how many deals had that outcome); '#' starts a comment.
// Throws std::invalid_argument naming the line that is wrong.
std::vector<std::pair<std::string, OutcomeTable>> parse_outcome_tables(const std::string& text);

// The shipped table for a challenge under these rules and scoring (the study
// behind it in its `source`), or nullptr where none was built. Score tables
// need msc's scoring; a cards table serves every rank of its class (under
// rules where ranks pair only by their sum, every rank that pairs is the same
// as any other by relabelling the ranks; the lone rank is its own class).
const OutcomeTable* builtin_outcome_table(const Variant& v, const Scoring& s, ChallengeKind kind, int rank);

// P(n, d) over a table, for needs up to max_need and up to max_deals deals.
// Throws std::invalid_argument when that is too large to compute.
class AcrossDeals {
public:
    AcrossDeals(const OutcomeTable& table, int max_need, int max_deals);
    // The chance of completing the challenge with `need` still to make and
    // `deals_left` deals left, the next one unseen, under optimal play.
    double probability(int need, int deals_left) const;
    // The chance after the deal in hand ends having made `made`, cleared or
    // not (`deals_left` counted before it).
    double after(int need, int deals_left, int made, bool cleared) const;

private:
    int unit_ = 1;  // every value in the table is a multiple of it (msc's points: 5)
    int max_units_ = 0, max_deals_ = 0;
    std::vector<std::vector<double>> p_;  // p_[d][k]: k units still to make
    int units(int need) const;            // need rounded up to whole units
};

// The deal in hand, answered with its lines (solve_challenge, target set to
// the challenge's): each line's chance, the best, and the line that takes it.
struct AcrossAnswer {
    int need = 0, deals_left = 0;
    std::optional<double> before;          // P(need, deals_left): before this deal was seen (needs the table)
    double probability = 0;                // with this deal, playing the recommended line
    std::vector<double> line_probability;  // each line's, in the answer's order
    std::optional<size_t> recommended;     // the best line (the first of equals); none without lines
    // 95% intervals (add_intervals): the table is a sample of deals, so each
    // chance has one; a chance that is exactly 1 (the line makes the target)
    // has [1, 1]. Empty until add_intervals fills them.
    std::optional<Interval> before_interval, interval;
    std::vector<Interval> line_interval;  // each line's, in the answer's order
};
// The value a line makes toward the challenge (points, cards, or a board).
int line_made(const Challenge& c, const ChallengeLine& l);
// Without a table (dp null) only a deal that makes the target has an answer
// (its line completes the challenge: 1); nullopt otherwise.
std::optional<AcrossAnswer> across_deals(const AcrossDeals* dp, const Challenge& c, const ChallengeResult& r,
                                         int deals_left);

// The 95% intervals of an answer's chances (before, each line's, the
// recommended one's), from the table it was computed with: a bootstrap over
// the table's deals (docs/challenges.md). `resamples` times, the table's N
// deals are drawn again N times with replacement (a fixed seed: the same
// answer every run, on every platform), the programme is solved on that table,
// and each chance's 2.5th and 97.5th percentiles over the resamples are its
// interval (widened to hold the chance itself). `resamples` 0: 1,000, fewer
// (down to 200) where the programme is large (a long need over many deals),
// keeping the work near 3e8 of its steps. Throws std::invalid_argument as
// AcrossDeals does.
inline constexpr int kAcrossResamples = 1000;
void add_intervals(AcrossAnswer& a, const OutcomeTable& table, const Challenge& c, const ChallengeResult& r,
                   int resamples = 0);

}  // namespace pyr
