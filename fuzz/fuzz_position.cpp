// Positions and whether play reaches them (engine/position.h,
// engine/reachable.h; issue 38, item 1). The input's bytes pick a preset (and
// overrides), a deal, a game of legal moves, and then edits of the board the
// game reaches: a card swapped between a gone place or the gone line and the
// board, a place marked gone, a gone card named again. Invariants:
//  - every position a game reaches is read (make_position of its view), and
//    plays as the game (the same piles in the verifier);
//  - an edited board is read or refused with ParseError, nothing else (no
//    crash, no other exception); one read plays its own view again.
#include <string>

#include "engine/deal_source.h"
#include "engine/position.h"
#include "engine/table.h"
#include "fuzz/fuzz_common.h"
#include "report/board_text.h"

using namespace pyr;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size < 3) return 0;
    const auto& presets = pyr::presets();
    Variant v = presets[data[0] % presets.size()];
    if (data[0] & 0x40) v.overlap = true;
    if (v.reserve_piles > 0 && (data[0] & 0x80)) v.reserves_open = true;
    Table t(deal_from_seed(v, std::to_string(1 + data[1] % 64)));
    size_t i = 2;
    // The game: one byte a move (its index among the legal moves); 0xFF ends it.
    for (; i < size && data[i] != 0xFF; ++i) {
        const auto moves = t.legal_moves();
        if (moves.empty()) break;
        FUZZ_CHECK(!t.apply(moves[data[i] % moves.size()]), board_text(t, {}));
    }
    BoardView view = view_of(t);
    try {
        const Deal d = make_position(v, view);
        FUZZ_CHECK(Table(d).key() == t.key(), board_text(t, {}));
    } catch (const ParseError& e) {
        fuzz::fail("a position a game reaches is refused", board_text(t, {}) + "\n" + e.what());
    }
    // The edits: two bytes each.
    for (++i; i + 1 < size; i += 2) {
        const int what = data[i] % 4, at = data[i + 1];
        auto& gone = *view.gone;
        switch (what) {
            case 0:  // a tableau place gone, its card onto the gone line
                if (!view.tableau.empty()) {
                    Seen& s = view.tableau[at % view.tableau.size()];
                    if (s.kind == Seen::Named) gone.push_back(s);
                    s = Seen::gone();
                }
                break;
            case 1:  // a gone card swapped with a tableau card
                if (!gone.empty() && !view.tableau.empty()) {
                    Seen& s = view.tableau[at % view.tableau.size()];
                    if (s.kind == Seen::Named) std::swap(s, gone[(at / 7) % gone.size()]);
                }
                break;
            case 2:  // a gone card swapped with a stock card
                if (!gone.empty() && !view.stock.empty())
                    std::swap(view.stock[at % view.stock.size()], gone[(at / 7) % gone.size()]);
                break;
            case 3:  // a gone card back on the waste's top, or the pass changed
                if (!gone.empty() && !view.wastes.empty() && (at & 1)) {
                    view.wastes[0].push_back(gone.back());
                    gone.pop_back();
                } else {
                    view.pass = at % 5;
                }
                break;
        }
        try {
            const Deal d = make_position(v, view);
            const Table again(d);
            FUZZ_CHECK(Table(make_position(v, view_of(again))).key() == again.key(), board_text(again, {}));
        } catch (const ParseError&) {
        }
    }
    return 0;
}
