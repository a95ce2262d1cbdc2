// The frame of the program's HTML pages (the solution page, the study
// report): one self-contained file, with inline CSS, inline SVG and at most
// a small inline script; no network, no external script or font. Pages read
// the same offline and printed.
#pragma once
#include <ctime>
#include <string>
#include <string_view>

#include "engine/card.h"

namespace pyr::html {

// Text for HTML content or a quoted attribute value (the same escaping as SVG).
std::string escape(std::string_view s);

// A whole page: <!doctype html>, <head> with the title and the shared style
// plus `css`, then `body`, then `script` (inline; may be empty).
std::string page(std::string_view title, std::string_view css, std::string_view body, std::string_view script = "");

// A card in running text: "Q♥" in red for a red suit (the Spanish deck keeps
// its letters, "12E"), as <span class="card red">.
std::string card(Card c, DeckKind d);
// The same in a sentence: a Spanish card in words (engine/card.h: card_words).
std::string card_words(Card c, DeckKind d);

// A moment as people read it in a report: "2026-11-23 12:04 UTC".
std::string utc_time(std::time_t t);

}  // namespace pyr::html
