// The definitions of the searches' results that api/api.h hands out opaque
// (Answer's reason, measures and odds, ChallengeAnswer's challenge, result
// and across-deals answer, the odds' and the optimum's options and answers),
// for a front end that reads their fields itself (play's status lines, the
// Python module's dictionaries, the tests) rather than through report/.
#pragma once

#include "api/api.h"
#include "solver/across.h"
#include "solver/challenge.h"
#include "solver/measures.h"
#include "solver/nopeek.h"
#include "solver/optimal_nopeek.h"
#include "solver/reasons.h"
