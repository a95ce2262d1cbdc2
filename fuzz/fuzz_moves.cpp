// The moves parser (engine/move.h: --moves, --moves-file, solve --moves) on
// arbitrary text, for both decks. Invariants:
//  - it returns moves or throws ParseError, nothing else;
//  - moves read print (move notation, and as people read them, with symbols)
//    and read back to the same moves;
//  - the verifier replays any parsed list on a fixed deal without crashing,
//    and a rejected replay names a move of the list.
#include <string>

#include "engine/deal_source.h"
#include "engine/move.h"
#include "engine/table.h"
#include "fuzz/fuzz_common.h"
#include "report/board_text.h"

using namespace pyr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 1) return 0;
    static const Variant msc = *find_preset("msc");
    static const Variant spanish = *find_preset("spanish");
    static const Deal msc_deal = deal_from_seed(msc, "1");
    static const Deal spanish_deal = deal_from_seed(spanish, "27");
    const bool sp = data[0] & 1;
    const Deal& deal = sp ? spanish_deal : msc_deal;
    const DeckKind d = deal.deck();
    const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
    std::vector<Move> moves;
    try {
        moves = parse_moves(text, d);
    } catch (const ParseError&) {
        return 0;
    }
    const std::string printed = moves_text(moves, d);
    FUZZ_CHECK(parse_moves(printed, d) == moves, printed);
    std::string people;
    for (const auto& m : moves) people += move_people(m, d, TextStyle{true, false}) + " ";
    FUZZ_CHECK(parse_moves(people, d) == moves, people);
    const Replay r = replay(deal, moves);
    if (r.error) FUZZ_CHECK(r.error->rfind("move ", 0) == 0, *r.error);
    FUZZ_CHECK(r.played <= moves.size() && (r.error || r.played == moves.size()), "played count");
    return 0;
}
