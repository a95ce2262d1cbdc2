#include "solver/across.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <sstream>
#include <stdexcept>

#include "engine/rules.h"

namespace pyr {

std::optional<DealOutcome> deal_outcome(const Challenge& c, const ChallengeResult& r) {
    if (!r.complete) return std::nullopt;
    DealOutcome o;
    if (c.kind == ChallengeKind::Board) {
        if (r.verdict == Verdict::Win) o.clear = 1;
        else o.open = 0;
        return o;
    }
    for (const ChallengeLine& l : r.lines) {
        std::optional<int>& slot = l.cleared ? o.clear : o.open;
        slot = std::max(slot.value_or(0), line_made(c, l));
    }
    return o;
}

uint64_t OutcomeTable::deals() const {
    uint64_t n = 0;
    for (const auto& [o, k] : outcomes) n += k;
    return n;
}

OutcomeTable board_outcome_table(const OutcomeTable& t) {
    OutcomeTable b;
    b.source = t.source;
    uint32_t won = 0, lost = 0;
    for (const auto& [o, k] : t.outcomes) (o.clear ? won : lost) += k;
    if (won) b.outcomes.push_back({DealOutcome{1, std::nullopt}, won});
    if (lost) b.outcomes.push_back({DealOutcome{std::nullopt, 0}, lost});
    return b;
}

int line_made(const Challenge& c, const ChallengeLine& l) {
    switch (c.kind) {
        case ChallengeKind::Score: return l.score;
        case ChallengeKind::Cards: return l.cards.value_or(0);
        case ChallengeKind::Board: return l.cleared ? 1 : 0;
    }
    return 0;
}

AcrossDeals::AcrossDeals(const OutcomeTable& table, int max_need, int max_deals) {
    if (table.deals() == 0) throw std::invalid_argument("the outcome table is empty");
    if (max_need < 0 || max_deals < 0) throw std::invalid_argument("a need and a deal count cannot be negative");
    int g = 0;
    for (const auto& [o, k] : table.outcomes)
        for (const auto& v : {o.clear, o.open})
            if (v) g = std::gcd(g, *v);
    unit_ = std::max(g, 1);
    max_units_ = units(max_need);
    max_deals_ = max_deals;
    // Each outcome in units (rounded down: what a deal makes toward the need).
    struct Row {
        int clear, open;  // -1: none
        double w;
    };
    std::vector<Row> rows;
    const double total = static_cast<double>(table.deals());
    for (const auto& [o, k] : table.outcomes)
        rows.push_back({o.clear ? *o.clear / unit_ : -1, o.open ? *o.open / unit_ : -1, k / total});
    const double work = static_cast<double>(max_units_ + 1) * (max_deals_ + 1) * static_cast<double>(rows.size());
    if (work > 4e8)
        throw std::invalid_argument("the challenge is too large to compute its odds (" + std::to_string(max_need) +
                                    " to make in " + std::to_string(max_deals) + " deals)");
    p_.assign(static_cast<size_t>(max_deals_) + 1, std::vector<double>(static_cast<size_t>(max_units_) + 1, 0.0));
    for (auto& row : p_) row[0] = 1;
    for (int d = 1; d <= max_deals_; ++d) {
        auto& here = p_[static_cast<size_t>(d)];
        const auto& before = p_[static_cast<size_t>(d) - 1];
        for (int n = 1; n <= max_units_; ++n) {
            // Each outcome's best, given P(n, d) = p for a clear that makes nothing.
            bool self = false;
            auto value = [&](double p) {
                double sum = 0;
                for (const Row& r : rows) {
                    double best = r.open >= 0 ? before[static_cast<size_t>(std::max(n - r.open, 0))] : 0.0;
                    if (r.clear >= 0)
                        best = std::max(best, r.clear == 0 ? p : here[static_cast<size_t>(std::max(n - r.clear, 0))]);
                    if (r.clear < 0 && r.open < 0) best = before[static_cast<size_t>(n)];  // (no such deal)
                    sum += r.w * best;
                }
                return sum;
            };
            for (const Row& r : rows) self = self || r.clear == 0;
            double p = value(0);
            if (self)  // the fixed point: p = value(p), value's slope below 1
                for (int i = 0; i < 1'000'000; ++i) {
                    const double q = value(p);
                    if (std::abs(q - p) <= 1e-15) {
                        p = q;
                        break;
                    }
                    p = q;
                }
            here[static_cast<size_t>(n)] = std::min(p, 1.0);
        }
    }
}

int AcrossDeals::units(int need) const { return need <= 0 ? 0 : (need + unit_ - 1) / unit_; }

double AcrossDeals::probability(int need, int deals_left) const {
    const int k = units(need);
    if (k == 0) return 1;
    if (deals_left <= 0) return 0;
    if (k > max_units_ || deals_left > max_deals_) throw std::invalid_argument("beyond the computed odds");
    return p_[static_cast<size_t>(deals_left)][static_cast<size_t>(k)];
}

double AcrossDeals::after(int need, int deals_left, int made, bool cleared) const {
    return probability(need - made, cleared ? deals_left : deals_left - 1);
}

std::optional<AcrossAnswer> across_deals(const AcrossDeals* dp, const Challenge& c, const ChallengeResult& r,
                                         int deals_left) {
    AcrossAnswer a;
    a.need = c.target.value_or(0) - c.current;
    a.deals_left = deals_left;
    if (dp) a.before = dp->probability(a.need, deals_left);
    for (size_t i = 0; i < r.lines.size(); ++i) {
        const ChallengeLine& l = r.lines[i];
        const int made = line_made(c, l);
        if (!dp && made < a.need) return std::nullopt;
        const double p = made >= a.need ? 1.0 : dp->after(a.need, deals_left, made, l.cleared);
        a.line_probability.push_back(p);
        if (!a.recommended || p > a.line_probability[*a.recommended]) a.recommended = i;
    }
    // Without a line (a board challenge's lost deal) the deal is played out for nothing.
    if (!a.recommended && !dp) return std::nullopt;
    a.probability = a.recommended ? a.line_probability[*a.recommended] : dp->after(a.need, deals_left, 0, false);
    return a;
}

namespace {

uint64_t splitmix64(uint64_t& x) {
    uint64_t z = (x += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

// The 2.5th and 97.5th percentiles of `v` (sorted here), widened to hold `p`.
Interval percentiles(std::vector<double>& v, double p) {
    std::sort(v.begin(), v.end());
    const size_t n = v.size();
    const size_t lo = n * 25 / 1000, hi = std::min(n - 1, (n * 975 + 999) / 1000 - 1);
    return Interval{std::min(v[lo], p), std::max(v[hi], p)};
}

}  // namespace

void add_intervals(AcrossAnswer& a, const OutcomeTable& table, const Challenge& c, const ChallengeResult& r,
                   int resamples) {
    const uint64_t n = table.deals();
    if (n == 0 || resamples < 0 || n >= (uint64_t{1} << 32)) throw std::invalid_argument("the outcome table is empty");
    // The deals in the table's order: deal i has outcome cumulative[k] > i.
    std::vector<uint64_t> cumulative;
    for (const auto& [o, k] : table.outcomes) cumulative.push_back((cumulative.empty() ? 0 : cumulative.back()) + k);
    if (resamples == 0) {  // as many as keep the work near 3e8 steps of the programme, from 200 to 1,000
        int g = 0;
        for (const auto& [o, k] : table.outcomes)
            for (const auto& v : {o.clear, o.open})
                if (v) g = std::gcd(g, *v);
        const double units = std::ceil(std::max(a.need, 0) / static_cast<double>(std::max(g, 1))) + 1;
        const double work = units * (a.deals_left + 1) * static_cast<double>(table.outcomes.size());
        resamples = static_cast<int>(std::clamp(3e8 / work, 200.0, static_cast<double>(kAcrossResamples)));
    }
    const size_t lines = r.lines.size();
    std::vector<double> before, overall;
    std::vector<std::vector<double>> line(lines);
    uint64_t rng = 0x38'0004;  // fixed: issue 38, item 4
    std::vector<uint32_t> counts(table.outcomes.size());
    for (int b = 0; b < resamples; ++b) {
        std::fill(counts.begin(), counts.end(), 0);
        for (uint64_t i = 0; i < n; ++i) {
            const uint64_t deal = ((splitmix64(rng) >> 32) * n) >> 32;  // uniform in [0, n)
            const auto at = std::upper_bound(cumulative.begin(), cumulative.end(), deal) - cumulative.begin();
            ++counts[static_cast<size_t>(at)];
        }
        OutcomeTable t;
        for (size_t k = 0; k < counts.size(); ++k)
            if (counts[k]) t.outcomes.push_back({table.outcomes[k].first, counts[k]});
        const AcrossDeals dp(t, std::max(a.need, 0), a.deals_left);
        const std::optional<AcrossAnswer> x = across_deals(&dp, c, r, a.deals_left);
        if (!x) throw std::invalid_argument("no odds on a resampled table");
        before.push_back(x->before.value_or(0));
        for (size_t i = 0; i < lines; ++i) line[i].push_back(x->line_probability[i]);
        // The recommended line stays the one the whole table recommends.
        overall.push_back(a.recommended ? x->line_probability[*a.recommended]
                                        : dp.after(a.need, a.deals_left, 0, false));
    }
    if (a.before) a.before_interval = percentiles(before, *a.before);
    a.line_interval.clear();
    for (size_t i = 0; i < lines; ++i) a.line_interval.push_back(percentiles(line[i], a.line_probability[i]));
    a.interval = percentiles(overall, a.probability);
}

std::vector<std::pair<std::string, OutcomeTable>> parse_outcome_tables(const std::string& text) {
    std::vector<std::pair<std::string, OutcomeTable>> tables;
    std::istringstream in(text);
    int number = 0;
    auto fail = [&](const std::string& why) {
        throw std::invalid_argument("outcome tables, line " + std::to_string(number) + ": " + why);
    };
    auto value = [&](const std::string& w) -> std::optional<int> {
        if (w == "-") return std::nullopt;
        size_t used = 0;
        int x = -1;
        try {
            x = std::stoi(w, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used != w.size() || x < 0) fail("'" + w + "' is not a count or '-'");
        return x;
    };
    for (std::string line; std::getline(in, line);) {
        ++number;
        if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
        std::istringstream ls(line);
        std::string first;
        if (!(ls >> first)) continue;
        if (first == "table") {
            std::string name;
            if (!(ls >> name)) fail("a table needs a name");
            tables.emplace_back(name, OutcomeTable{});
            continue;
        }
        if (tables.empty()) fail("a row before the first table");
        OutcomeTable& t = tables.back().second;
        if (first == "source") {
            std::getline(ls >> std::ws, t.source);
            continue;
        }
        std::string open, count;
        if (!(ls >> open >> count)) fail("a row is: best with a clear, best without, deals");
        const auto n = value(count);
        if (!n || *n == 0) fail("a row's deal count must be positive");
        t.outcomes.push_back({DealOutcome{value(first), value(open)}, static_cast<uint32_t>(*n)});
    }
    return tables;
}

namespace {

// data/challenge-distributions.txt, embedded by cmake/core_libraries.cmake.
const char* const kDistributions =
#include "challenge_distributions.inc"
    ;

}  // namespace

const OutcomeTable* builtin_outcome_table(const Variant& v, const Scoring& s, ChallengeKind kind, int rank) {
    // Built once, read-only afterwards (a function-local static).
    static const std::vector<std::pair<std::string, OutcomeTable>> tables = [] {
        auto t = parse_outcome_tables(kDistributions);
        for (auto& [name, table] : t)
            if (name == "cards:A") t.emplace_back("board", board_outcome_table(table));
        return t;
    }();
    // msc's rules only (the tables' deals are msc's, every rule as the preset has it).
    static const Variant msc = *find_preset("msc");
    if (!same_rules(v, msc)) return nullptr;
    std::string name;
    switch (kind) {
        case ChallengeKind::Score:
            if (s != msc_scoring()) return nullptr;
            name = "score";
            break;
        case ChallengeKind::Cards:  // every rank that pairs is any other by relabelling; the lone rank is its own
            name = rank == v.lone_rank ? "cards:K" : "cards:A";
            break;
        case ChallengeKind::Board: name = "board"; break;
    }
    for (const auto& [n, t] : tables)
        if (n == name && t.deals() > 0) return &t;
    return nullptr;
}

}  // namespace pyr
