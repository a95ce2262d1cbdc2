// A search's verdict: won (with a line the verifier replays), lost (proved:
// no line wins), or intractable (a budget ran out first: never `lose`).
// solver/solver.h answers it (verdict_text, parse_verdict); it is here so
// that the API's answers (api/api.h) name it without the solver's headers.
#pragma once

namespace pyr {

enum class Verdict { Win, Lose, Intractable };

}  // namespace pyr
