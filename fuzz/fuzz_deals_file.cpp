// The deals-file reader (study's read_deals_file: line by line, bounded, each
// line through the one deal reader) on an arbitrary file. Invariants:
//  - it returns the deals or throws StudyError, nothing else;
//  - every deal read is a full deal of every combo, in compact form;
//  - the deals written back one a line read back to the same deals.
#include <string>

#include "engine/deal_source.h"
#include "fuzz/fuzz_common.h"
#include "study/study.h"

using namespace pyr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    static fuzz::MemFile file;
    static const std::vector<Variant> standard = {*find_preset("msc"), *find_preset("giza")};
    static const std::vector<Variant> spanish = {*find_preset("spanish")};
    if (size < 1) return 0;
    const std::vector<Variant>& combos = data[0] & 1 ? spanish : standard;
    file.set(std::string_view(reinterpret_cast<const char*>(data + 1), size - 1));
    StudyDeals deals;
    try {
        deals = read_deals_file(file.path(), combos);
    } catch (const StudyError&) {
        return 0;
    }
    FUZZ_CHECK(deals.from_file && !deals.cards.empty(), "no deals but no error");
    std::string back;
    for (const auto& c : deals.cards) {
        for (const auto& v : combos) FUZZ_CHECK(compact(deal_from_text(v, c)) == c, c);
        back += c + "\n";
    }
    file.set(back);
    const StudyDeals again = read_deals_file(file.path(), combos);
    FUZZ_CHECK(again.cards == deals.cards, back);
    return 0;
}
