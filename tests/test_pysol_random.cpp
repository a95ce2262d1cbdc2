// Tests for engine/pysol_random: PySolFC deal numbers and deal order.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/pysol_random.h"

#ifndef PYR_DATA_DIR
#define PYR_DATA_DIR "data"
#endif

namespace {

// 52-card id (suit*13 + rank0, suits C S H D) to 2-char text, e.g. "AC", "TD".
std::string card_text(int id) {
    static const char kRanks[] = "A23456789TJQK";
    static const char kSuits[] = "CSHD";
    return {kRanks[id % 13], kSuits[id / 13]};
}

std::string order_text(const std::vector<int>& ids) {
    std::string s;
    for (const int id : ids) s += card_text(id);
    return s;
}

struct DealVector {
    std::string game;
    std::string deal;
    std::string order;
    int line = 0;
};

std::vector<DealVector> load_vectors() {
    const std::string path = std::string(PYR_DATA_DIR) + "/pysolfc-deals.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::vector<DealVector> out;
    std::string line;
    int line_no = 0;
    while (std::getline(in, line)) {
        ++line_no;
        if (line.empty() || line[0] == '#') continue;
        DealVector v;
        v.line = line_no;
        std::istringstream fields(line);
        std::string field;
        while (fields >> field) {
            const auto eq = field.find('=');
            if (eq == std::string::npos) continue;
            const std::string key = field.substr(0, eq);
            const std::string value = field.substr(eq + 1);
            if (key == "game") v.game = value;
            else if (key == "deal") v.deal = value;
            else if (key == "order") v.order = value;
        }
        out.push_back(v);
    }
    return out;
}

}  // namespace

TEST_CASE("pysol_deal_order matches PySolFC's deal vectors", "[pysol_random]") {
    const std::vector<DealVector> vectors = load_vectors();
    REQUIRE(vectors.size() == 96);

    int passed = 0;
    std::map<std::string, std::string> order_by_deal;
    std::map<std::string, int> games_by_deal;
    for (const DealVector& v : vectors) {
        INFO("line " << v.line << ": game=" << v.game << " deal=" << v.deal);
        REQUIRE(v.order.size() == 104);
        const pyr::PysolDealNumber n = pyr::parse_pysol_deal_number(v.deal);
        CHECK(n.text() == v.deal);
        const std::vector<int> ids = pyr::pysol_deal_order(n, 52);
        REQUIRE(ids.size() == 52);
        const std::string got = order_text(ids);
        CHECK(got == v.order);
        if (got == v.order) ++passed;

        // The shuffle does not depend on the game: one deal number, one order.
        const auto it = order_by_deal.find(v.deal);
        if (it == order_by_deal.end()) {
            order_by_deal.emplace(v.deal, v.order);
        } else {
            CHECK(it->second == v.order);
        }
        ++games_by_deal[v.deal];
    }
    CHECK(passed == 96);
    CHECK(order_by_deal.size() == 16);
    for (const auto& [deal, games] : games_by_deal) {
        INFO("deal " << deal);
        CHECK(games == 6);
    }
}

TEST_CASE("pysol_deal_order returns a permutation of the 52-card deck", "[pysol_random]") {
    for (const char* deal : {"1", "31999", "32000", "ms3000000000", "ms8589934591", "99999999999999999999"}) {
        INFO("deal " << deal);
        std::vector<int> ids = pyr::pysol_deal_order(pyr::parse_pysol_deal_number(deal), 52);
        std::sort(ids.begin(), ids.end());
        for (int i = 0; i < 52; ++i) REQUIRE(ids[static_cast<std::size_t>(i)] == i);
    }
}

TEST_CASE("parse_pysol_deal_number accepts valid deal numbers", "[pysol_random]") {
    pyr::PysolDealNumber n = pyr::parse_pysol_deal_number("1");
    CHECK(n.value == 1);
    CHECK_FALSE(n.ms);
    CHECK(n.text() == "1");

    n = pyr::parse_pysol_deal_number("ms1");
    CHECK(n.value == 1);
    CHECK(n.ms);
    CHECK(n.text() == "ms1");

    n = pyr::parse_pysol_deal_number("MS24");
    CHECK(n.value == 24);
    CHECK(n.ms);
    CHECK(n.text() == "ms24");

    n = pyr::parse_pysol_deal_number("99999999999999999999");
    CHECK(n.value == static_cast<unsigned __int128>(10000000000ULL) * 10000000000ULL - 1);
    CHECK_FALSE(n.ms);
    CHECK(n.text() == "99999999999999999999");

    n = pyr::parse_pysol_deal_number("ms8589934591");
    CHECK(n.value == 8589934591ULL);
    CHECK(n.ms);
    CHECK(n.text() == "ms8589934591");

    n = pyr::parse_pysol_deal_number("12345678901234567890");
    CHECK(n.text() == "12345678901234567890");
}

TEST_CASE("parse_pysol_deal_number rejects bad input", "[pysol_random]") {
    for (const char* bad : {"", "0", "-1", "abc", "12x", "100000000000000000000", "ms0", "ms8589934592", "ms", " 1"}) {
        INFO("input \"" << bad << "\"");
        CHECK_THROWS_AS(pyr::parse_pysol_deal_number(bad), std::invalid_argument);
    }
}

TEST_CASE("plain 1..31999 and msN give the same deal", "[pysol_random]") {
    for (const char* deal : {"1", "24", "617", "31999"}) {
        INFO("deal " << deal);
        const auto plain = pyr::pysol_deal_order(pyr::parse_pysol_deal_number(deal), 52);
        const auto ms = pyr::pysol_deal_order(pyr::parse_pysol_deal_number(std::string("ms") + deal), 52);
        CHECK(plain == ms);
    }
    // From 32000 on, plain numbers use the Mersenne Twister instead.
    CHECK(pyr::pysol_deal_order(pyr::parse_pysol_deal_number("32000"), 52) !=
          pyr::pysol_deal_order(pyr::parse_pysol_deal_number("ms32000"), 52));
}

TEST_CASE("48-card deck: permutation, deterministic, varies with the deal", "[pysol_random]") {
    const std::vector<std::string> deals = {
        "1", "2", "31999", "32000", "32001", "123456", "ms24", "ms3000000000", "12345678901234567890"};
    std::vector<std::vector<int>> results;
    for (const std::string& deal : deals) {
        INFO("deal " << deal);
        const pyr::PysolDealNumber n = pyr::parse_pysol_deal_number(deal);
        const std::vector<int> ids = pyr::pysol_deal_order(n, 48);
        REQUIRE(ids.size() == 48);
        std::vector<int> sorted = ids;
        std::sort(sorted.begin(), sorted.end());
        for (int i = 0; i < 48; ++i) REQUIRE(sorted[static_cast<std::size_t>(i)] == i);
        CHECK(pyr::pysol_deal_order(n, 48) == ids);
        results.push_back(ids);
    }
    for (std::size_t i = 0; i < results.size(); ++i) {
        for (std::size_t j = i + 1; j < results.size(); ++j) {
            INFO("deals " << deals[i] << " and " << deals[j]);
            CHECK(results[i] != results[j]);
        }
    }
}

TEST_CASE("pysol_deal_order rejects unsupported deck sizes", "[pysol_random]") {
    const pyr::PysolDealNumber n = pyr::parse_pysol_deal_number("1");
    CHECK_THROWS_AS(pyr::pysol_deal_order(n, 51), std::invalid_argument);
    CHECK_THROWS_AS(pyr::pysol_deal_order(n, 104), std::invalid_argument);
    CHECK_THROWS_AS(pyr::pysol_deal_order(pyr::PysolDealNumber{}, 52), std::invalid_argument);
}
