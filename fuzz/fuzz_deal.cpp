// The deal reader (engine/deal_source.h: --deal, --deal-file, every line of a
// deals file) on arbitrary text, for every preset. Invariants:
//  - it returns a deal or throws ParseError, nothing else (no crash, no other exception);
//  - a deal read prints (compact string, `??` for a card not seen) and reads
//    back to the same cards and unknown slots;
//  - the board as text for people (report/board_text.h: letters, symbols,
//    colour) pastes back to the same deal, as the README promises, or (a
//    position mid-game, engine/position.h) to the same position: the same
//    piles in the verifier and the same unknown cards.
#include <string>

#include "engine/deal_source.h"
#include "engine/table.h"
#include "fuzz/fuzz_common.h"
#include "report/board_text.h"

using namespace pyr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    const auto& presets = pyr::presets();
    Variant v = presets[data[0] % presets.size()];
    if (v.reserve_piles > 0 && (data[0] & 0x80)) v.reserves_open = true;
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    Deal deal;
    try {
        deal = deal_from_text(v, text);
    } catch (const ParseError&) {
        return 0;  // rejected: the function returns nothing, so it leaves nothing behind
    }
    FUZZ_CHECK(static_cast<int>(deal.cards.size()) == deck_size(v.deck), text);
    const std::string c = compact(deal);
    if (!deal.position) {
        const Deal again = deal_from_text(v, c);
        FUZZ_CHECK(again.cards == deal.cards && again.unknown == deal.unknown, c);
    }
    for (int style = 0; style < 4; ++style) {
        TextStyle ts;
        ts.unicode = style & 1;
        ts.colour = style & 2;
        const std::string board = v.name + ": " + v.title + ", deal 1\n" + board_text(Table(deal), ts) +
                                  "verdict: win\n";
        Deal pasted;
        try {
            pasted = deal_from_text(v, board);
        } catch (const ParseError& e) {
            pyr::fuzz::fail("a printed board does not read back", board + "\n" + e.what());
        }
        if (deal.position) FUZZ_CHECK(pasted.position && Table(pasted).key() == Table(deal).key(), board);
        else FUZZ_CHECK(!pasted.position && pasted.cards == deal.cards, board);
        FUZZ_CHECK(pasted.unknown == deal.unknown, board);
    }
    return 0;
}
