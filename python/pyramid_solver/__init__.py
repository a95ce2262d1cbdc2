"""pyramid_solver: the exact Pyramid solitaire solver from Python.

The same C++ as the ``pyramid`` command (through its thin API, api/api.h):
rules, deals, moves and answers are those of the command line.

    >>> import pyramid_solver as ps
    >>> r = ps.solve(ps.deal("msc", 1))
    >>> r.verdict, r.length
    ('win', 44)
    >>> for rec in ps.study("msc", seeds=range(1, 101), passes=[1, 3]):
    ...     print(rec["seed"], rec["passes"], rec["verdict"], rec["moves"])
    >>> df = ps.read_records(["study.jsonl"])   # a pandas DataFrame

Bad input (an unknown variant, a bad seed, cards or moves) raises ValueError
with the command line's message. The searches run with the GIL released;
Ctrl-C stops a long solve or a study (KeyboardInterrupt).
"""

import functools
import inspect

from . import _core

__version__ = _core.__version__

__all__ = ["__version__", "version", "Deal", "Result", "Solver", "Verification", "deal", "describe", "merge", "odds",
           "read_records", "rules", "rule_schema", "solve", "study", "variants", "verify"]

Deal = _core.Deal
_DEFAULT_MAX_STATES = _core.DEFAULT_MAX_STATES  # engine/limits.h


# ---------------------------------------------------------------- arguments

# The rule overrides (passes, goal, ...): the keys of the rule schema in the
# C++ (engine/rules.h), in its order. Every function that takes rules takes
# each of them as a keyword argument (and, where `variant` is positional, as
# positional arguments right after it), so a rule added there is taken here
# without a change.
RULES = tuple(r["key"] for r in _core.rule_schema())


def rule_schema():
    """The rule overrides every function takes, in order: a list of dicts
    (key, label, help, choices: [{value, words, json}], axis: whether
    study() sweeps it as a list)."""
    return _core.rule_schema()


def _with_rules(after, positional):
    """Gives the decorated function (declared with **rules) one parameter per
    rule of the schema, right after the parameter `after`: positional-or-keyword
    when `positional`, else keyword-only; each defaults to None. The function
    gets them in `rules`, every key present, in the schema's order."""
    def decorate(fn):
        sig = inspect.signature(fn)
        params = [p for p in sig.parameters.values() if p.kind is not inspect.Parameter.VAR_KEYWORD]
        at = [p.name for p in params].index(after) + 1
        kind = inspect.Parameter.POSITIONAL_OR_KEYWORD if positional else inspect.Parameter.KEYWORD_ONLY
        added = [inspect.Parameter(k, kind, default=None) for k in RULES]
        new = sig.replace(parameters=params[:at] + added + params[at:])

        @functools.wraps(fn)
        def call(*args, **kwargs):
            bound = new.bind(*args, **kwargs)
            bound.apply_defaults()
            given = dict(bound.arguments)
            rules = {k: given.pop(k) for k in RULES}
            return fn(**given, **rules)

        call.__signature__ = new
        return call
    return decorate


def _check_variant(variant):
    if not isinstance(variant, str):
        raise ValueError(f"variant must be a preset name such as 'msc' (got {variant!r})")
    return variant


def _memory(max_memory, workers):
    """max_memory as the command line's --max-memory: bytes, or 'auto' (3/4 of the memory)."""
    if max_memory is None or max_memory == "auto":
        return _core.auto_max_memory(workers)
    if isinstance(max_memory, bool) or not isinstance(max_memory, int) or not 0 <= max_memory < 2**64:
        raise ValueError(f"max_memory must be a number of bytes (0 = no limit) or 'auto' (got {max_memory!r})")
    return max_memory


def _budget(max_states, name="max_states"):
    if max_states is None:
        return 0
    if isinstance(max_states, bool) or not isinstance(max_states, int) or not 0 <= max_states < 2**64:
        raise ValueError(f"{name} must be a whole number (0 = no limit) (got {max_states!r})")
    return max_states


def _moves_text(moves):
    if moves is None:
        return None
    if isinstance(moves, str):
        return moves
    return " ".join(str(m) for m in moves)


def _is_seed(s):
    t = s[2:] if s[:2].lower() == "ms" else s
    return t.isdigit()


# ---------------------------------------------------------------- rules and deals

def version():
    """The build's facts, as `pyramid --version` prints them: version, commit,
    build type, compiler, bench signature."""
    return _core.version()


def variants():
    """The preset names, in the order `pyramid variants` lists them."""
    return [name for name, _title, _summary in _core.variants()]


def describe(variant):
    """The rules of a preset in words (`pyramid variants NAME`)."""
    return _core.describe(variant)


@_with_rules("variant", positional=True)
def rules(variant="msc", **rules):
    """The rule set these options make, as a dict: variant, then every rule
    override of rule_schema() (passes, goal, ...; None where the preset cannot
    take it)."""
    return _core.rules(_check_variant(variant), rules)


@_with_rules("cards", positional=False)
def deal(variant="msc", seed=None, cards=None, **rules):
    """A deal: PySolFC's deal number `seed` (1 to 10**20-1, or 'ms1'...) for the
    variant, or `cards` (the compact string, or a pasted board). The Deal has
    .variant, .seed, .cards (the compact string, also str(deal)), .rules and
    .text() (the board drawn)."""
    if (seed is None) == (cards is None):
        raise ValueError("give a seed or the cards (not both)")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, str))):
        raise ValueError(f"bad seed: {seed!r}")
    if cards is not None and not isinstance(cards, str):
        raise ValueError(f"bad deal: the cards must be a string (got {type(cards).__name__})")
    return _core.make_deal(_check_variant(variant), rules, None if seed is None else str(seed), cards)


def _as_deal(d, variant, rules):
    """What solve and verify take: a Deal (the rule options override its own),
    a seed (int, or 'ms123'), or the cards (compact string or pasted board)."""
    given = {k: v for k, v in rules.items() if v is not None}
    if isinstance(d, Deal):
        if variant is None and not given:
            return d
        base_variant, base = d._rules
        args = (_check_variant(variant or base_variant), {**base, **given})
        if d.seed is not None:
            return _core.make_deal(*args, d.seed, None)
        return _core.make_deal(*args, None, d.cards)
    args = (_check_variant(variant or "msc"), given)
    if isinstance(d, bool):
        raise ValueError(f"bad deal: {d!r}")
    if isinstance(d, int):
        return _core.make_deal(*args, str(d), None)
    if isinstance(d, str):
        s = d.strip()
        if _is_seed(s):
            return _core.make_deal(*args, s, None)
        return _core.make_deal(*args, None, d)
    raise ValueError(f"bad deal: expected a Deal, a seed or the cards (got {type(d).__name__})")


# ---------------------------------------------------------------- solving

class Result:
    """The answer of solve(): the object of `pyramid solve --format json`.

    .verdict   'win', 'lose' or 'intractable' (the budget ran out, or Ctrl-C)
    .moves     the solution: a list of moves in the notation (empty unless won)
    .length    the solution's length (None unless won)
    .optimal   proved shortest (with optimal=True)
    .hint      the next move (with hint=True)
    .reason, .reason_text  on a loss, why ('blocked', 'free-stock', 'order')
    .measures  with measures=True on a win: the difficulty measures from the
               position (a dict, `solve --measures --format json`'s "measures")
    .challenge with challenge=: the lines, and across deals the chance and the
               recommended line (a dict, `solve --challenge --format json`'s "challenge")
    .states, .seconds, .deal (compact cards), .variant, .seed
    .odds      with cards not seen ('??' in the deal): the odds over their
               orders (a dict: share, ci95_low, ci95_high, wins, samples,
               exact, moves, best_move...); .verdict is then None unless every
               order agrees, .moves empty; .best_move the best move without
               peeking; .unknown the places of the cards not seen
    .optimum   with optimum=True and cards not seen: the chance with best
               play without peeking (a dict: exact, value, fraction, lower,
               upper, best_move, planner_move, method, note...)
    .to_dict() the whole JSON object
    """

    __slots__ = ("_d",)

    def __init__(self, d):
        self._d = d

    verdict = property(lambda self: self._d["verdict"])
    moves = property(lambda self: list(self._d["solution"]))
    length = property(lambda self: self._d["moves"])
    optimal = property(lambda self: self._d.get("optimal", False))
    hint = property(lambda self: self._d.get("hint"))
    best_score = property(lambda self: self._d.get("best_score"))
    best_score_moves = property(lambda self: self._d.get("best_score_moves"))
    reason = property(lambda self: self._d.get("reason"))
    reason_text = property(lambda self: self._d.get("reason_text"))
    measures = property(lambda self: self._d.get("measures"))
    challenge = property(lambda self: self._d.get("challenge"))
    states = property(lambda self: self._d["states"])
    seconds = property(lambda self: self._d["seconds"])
    interrupted = property(lambda self: self._d.get("interrupted", False))
    memory_exceeded = property(lambda self: self._d.get("memory_exceeded", False))
    deal = property(lambda self: self._d["deal"])
    variant = property(lambda self: self._d["variant"])
    seed = property(lambda self: self._d.get("seed"))
    odds = property(lambda self: self._d.get("odds"))
    optimum = property(lambda self: self._d.get("optimum"))
    best_move = property(lambda self: self._d.get("best_move"))
    unknown = property(lambda self: list(self._d.get("unknown", [])))

    def to_dict(self):
        """The object `pyramid solve --format json` prints (a fresh copy)."""
        import copy
        return copy.deepcopy(self._d)

    def __repr__(self):
        return (f"Result(verdict={self.verdict!r}, length={self.length!r}, states={self.states}, "
                f"seconds={self.seconds:.3f})")


class Solver:
    """One solver, reused from call to call (its tables stay allocated), as
    each worker of `pyramid stats` does. Safe to share between threads (one
    search at a time)."""

    def __init__(self):
        self._s = _core.Solver()

    @_with_rules("variant", positional=True)
    def solve(self, deal, variant=None, *, optimal=False, hint=False, best_score=False, reason=True, measures=False,
              casual_plays=100, max_states=_DEFAULT_MAX_STATES, max_memory="auto", moves=None, progress=None,
              challenge=None, optimum=False, optimum_states=20000, **rules):
        if isinstance(casual_plays, bool) or not isinstance(casual_plays, int) or not 1 <= casual_plays <= 100000:
            raise ValueError(f"casual_plays must be from 1 to 100000 (got {casual_plays!r})")
        if progress is not None and not callable(progress):
            raise TypeError(f"progress must be a function progress(states) or None (got {progress!r})")
        d = _as_deal(deal, variant, rules)
        kind, target, current, deals_left = _challenge(challenge)
        return Result(self._s.solve(d, _moves_text(moves), bool(optimal), bool(hint), bool(best_score),
                                    bool(reason), bool(measures), int(casual_plays), _budget(max_states),
                                    _memory(max_memory, 1), progress, kind, target, current, deals_left,
                                    bool(optimum), _budget(optimum_states, "optimum_states")))


def _challenge(c):
    """solve()'s challenge= as (kind, target, current, deals_left)."""
    if c is None:
        return None, None, 0, None
    if isinstance(c, str):
        return c, None, 0, None
    if not isinstance(c, dict):
        raise TypeError("challenge must be 'score', 'cards:R', 'board' or a dict with 'kind'")
    unknown = set(c) - {"kind", "target", "current", "deals_left"}
    if unknown or "kind" not in c:
        raise ValueError("challenge takes kind, target, current and deals_left"
                         + (f" (got {', '.join(sorted(unknown))})" if unknown else " (kind is missing)"))

    def as_int(k):
        if c.get(k) is None:
            return None
        x = int(c[k])
        if not -2**31 <= x < 2**31:
            raise ValueError(f"challenge {k} must be a whole number from 0 to 1000000000 (got {x})")
        return x

    return str(c["kind"]), as_int("target"), as_int("current") or 0, as_int("deals_left")


@_with_rules("variant", positional=True)
def solve(deal, variant=None, *, optimal=False, hint=False, best_score=False, reason=True, measures=False,
          casual_plays=100, max_states=_DEFAULT_MAX_STATES, max_memory="auto", moves=None, progress=None,
          challenge=None, optimum=False, optimum_states=20000, **rules):
    """Solves a deal exactly, as `pyramid solve` does.

    deal: a Deal (from deal()), a seed (int, or 'ms123'), or the cards (the
    compact string, or a pasted board). variant (default 'msc', or the Deal's)
    and the rule overrides (rule_schema(): passes, goal, ...) as the command
    line's options.
    moves: moves already played (a string or a list): solve from there.
    optimal: a shortest solution; hint: only its next move. reason: on a
    loss, why (.reason, .reason_text, as `solve` says). measures: on a win,
    the difficulty measures from the position (.measures; casual_plays plays
    of the casual player; graded only from the deal's start). max_states: the
    budget (0 = none); the verdict is 'intractable' when it runs out.
    progress: called with the positions searched so far every 2**20 of them;
    an exception it raises stops the search and is raised (so does Ctrl-C).
    challenge: 'score', 'cards:R' (R in A23456789TJQK) or 'board', or a dict
    {'kind': ..., 'target': N, 'current': N, 'deals_left': D} as `solve
    --challenge KIND --target N --current N --deals-left D`: .challenge is
    the `challenge` object of `solve --format json` (docs/challenges.md).
    optimum: with cards not seen ('??'), also the chance with best play
    without peeking (.optimum: `solve --nopeek-optimum --format json`'s "optimum":
    exact, value, fraction, lower, upper, best_move, planner_move, method,
    ...), searched within optimum_states information states; otherwise its
    proven bracket and the planner's move.
    Returns a Result."""
    return Solver().solve(deal, variant, optimal=optimal, hint=hint, best_score=best_score, reason=reason,
                          measures=measures, casual_plays=casual_plays, max_states=max_states,
                          max_memory=max_memory, moves=moves, progress=progress, challenge=challenge,
                          optimum=optimum, optimum_states=optimum_states, **rules)


@_with_rules("variant", positional=True)
def odds(deal, variant=None, *, moves=None, samples=1000, rng_seed=1, exact_limit=40320, optimal=False,
         optimal_states=5_000_000, optimal_max_unseen="auto", policy="hybrid:6", policy_orders=200,
         threads=1, max_states=_DEFAULT_MAX_STATES, max_memory="auto", **rules):
    """The odds without peeking, as `pyramid odds --format json` gives them
    (docs/nopeek.md): the share of the orders of the cards not seen in which
    the position (after moves) is winnable, and each legal move's share. With
    '??' cards in the deal exactly those are not seen; a deal given whole
    hides the stock cards not yet turned up.

    optimal: also your chance with best play without peeking, the key
    "optimal" (`odds --optimal`): exact, value (None unless exact), fraction
    ('1537/2016' when exact), lower, upper, best_move, moves ([{move, lower,
    upper}]), method, states, seconds...; searched within optimal_states
    information states (cut to the proven bracket past optimal_max_unseen
    cards not seen: 'auto' or 0 to 32); where not exact, "estimates" (sampled,
    labelled: the policy player's wins over policy_orders sampled orders, at
    most the optimum, and the share if you could see the stock, at least it).
    threads: the exact search's threads (`odds --optimal --threads`; 0: every
    core): the same values, the search split into a task per rank left.
    samples, rng_seed, exact_limit, max_states, max_memory as the command
    line's options. Returns the dict."""
    d = _as_deal(deal, variant, rules)
    if optimal_max_unseen == "auto":
        optimal_max_unseen = None
    elif isinstance(optimal_max_unseen, bool) or not isinstance(optimal_max_unseen, int):
        raise ValueError(f"optimal_max_unseen must be 'auto' or 0 to 32 (got {optimal_max_unseen!r})")
    for name, x in (("samples", samples), ("rng_seed", rng_seed), ("exact_limit", exact_limit),
                    ("optimal_states", optimal_states), ("policy_orders", policy_orders), ("threads", threads)):
        if isinstance(x, bool) or not isinstance(x, int) or not 0 <= x < 2**64:
            raise ValueError(f"{name} must be a whole number (got {x!r})")
    return _core.odds(Solver()._s, d, _moves_text(moves), samples, rng_seed, exact_limit, _budget(max_states),
                      _memory(max_memory, 1), bool(optimal), optimal_states, optimal_max_unseen, str(policy),
                      policy_orders, threads)


class Verification:
    """The verifier's replay: .valid (every move legal and the goal reached),
    .legal, .won, .error (why not, in the command line's words, or None),
    .moves (given), .played (legal moves replayed), .tableau_left; with cards
    not seen ('??'), .unchecked: the moves that take one ([{move (1-based),
    card, place}]: legal only if the card was there; .valid is then False)
    and .undecided (the move past which nothing was checked, or None)."""

    __slots__ = ("valid", "legal", "won", "error", "moves", "played", "tableau_left", "unchecked", "undecided")

    def __init__(self, d):
        for k in self.__slots__:
            setattr(self, k, d.get(k, [] if k == "unchecked" else None))

    def __bool__(self):
        return self.valid

    def __repr__(self):
        return f"Verification(valid={self.valid}, moves={self.moves}, error={self.error!r})"


@_with_rules("variant", positional=True)
def verify(deal, moves, variant=None, **rules):
    """Replays `moves` (a string in the move notation, or a list of moves)
    from the deal's start with the independent verifier (`pyramid verify`)."""
    d = _as_deal(deal, variant, rules)
    return Verification(_core.verify(d, _moves_text(moves) or ""))


# ---------------------------------------------------------------- studies

def _axis(x, convert=str):
    if x is None:
        return []
    if isinstance(x, (str, bytes, bool, int, float)):
        x = [x]
    return [convert(v) for v in x]


def _seeds_text(seeds):
    if isinstance(seeds, range):
        if seeds.step != 1 or len(seeds) == 0:
            raise ValueError(f"seeds must be a non-empty range with step 1 (got {seeds!r})")
        return f"{seeds.start}-{seeds.stop - 1}"
    if isinstance(seeds, tuple) and len(seeds) == 2:
        return f"{seeds[0]}-{seeds[1]}"
    if isinstance(seeds, int) and not isinstance(seeds, bool):
        return str(seeds)
    if isinstance(seeds, str):
        return seeds
    raise ValueError(f"seeds must be a range, a pair (first, last), or 'A-B' (got {seeds!r})")


@_with_rules("deals_file", positional=False)
def study(variant="msc", seeds=None, *, deals=None, deals_file=None, shard=None, optimal=False, challenge=None,
          measures=False, reasons=False, casual_plays=100, player="thoughtful", player_seed=1,
          max_states=_DEFAULT_MAX_STATES, max_memory="auto", threads=0, out=None, ahead=4096, **rules):
    """Runs a study as `pyramid stats` does and yields its records, as dicts
    with the fields of the record file's lines (seed, variant, passes, goal,
    overlap, reserves, verdict, moves, states, seconds, deal), in study order
    (seed order; each deal's rule sets in the order given).

    variant: a preset or a list of them; seeds: range(1, 101), (1, 100) or
    '1-100' (or deals=100 for 1..100, or deals_file=PATH); each rule override
    of rule_schema() (passes, goal, ...): a value or a list of them, swept
    like the command's lists; shard: 'K/N'; threads: 0 = every core.
    challenge='score', 'cards:R' or 'board' (as `stats --challenge`): each
    record also carries the deal's best line with the tableau cleared and the
    best without (challenge_clear_score, _cards, _steps; challenge_open_...;
    docs/challenges.md). measures=True (as `stats --measures`): every
    record also carries a lost deal's loss reason and a won deal's measures
    (casual_plays: the casual player's plays per deal); reasons=True (as
    `stats --reasons`): the loss reasons alone. player='greedy', 'casual',
    'sampler[:K]' or 'planner[:K]' (as `stats --player`, seeded by
    player_seed): each record also carries that player's game. Every option
    of `pyramid stats` that says what to solve is a keyword here (the
    test walks them). The workers are oneTBB
    threads running without the GIL while you consume the records. out=PATH
    writes the record file as `stats --out` does (and resumes from it: records
    already there are yielded without being solved again).

    The workers stay at most `ahead` records ahead of the reader (then they
    wait), so a study nobody reads any more stops using the cores.
    The returned iterator has .total (records to come), .resumed, .threads,
    .running, .buffered (records solved, not yet taken), .definition (the study line's object) and .close() (stops the
    workers; also on leaving a `with ps.study(...) as records:` block).
    Ctrl-C while it waits for a record stops the workers and raises
    KeyboardInterrupt."""
    a = _core.StudyArgs()
    call = dict(variant=variant, seeds=seeds, deals=deals, deals_file=None if deals_file is None else str(deals_file),
                **rules, shard=shard, optimal=optimal, challenge=challenge, measures=measures, reasons=reasons,
                casual_plays=casual_plays, player=player, player_seed=player_seed, max_states=max_states,
                max_memory=max_memory, threads=threads, out=None if out is None else str(out))
    defaults = dict(variant="msc", optimal=False, measures=False, reasons=False, casual_plays=100, player="thoughtful",
                    player_seed=1, max_states=_DEFAULT_MAX_STATES, max_memory="auto", threads=0)
    # (ahead only paces the workers: not part of the call that made the records)
    a.command = "pyramid_solver.study(" + ", ".join(
        f"{k}={v!r}" for k, v in call.items() if v is not None and defaults.get(k, None) != v) + ")"
    a.variants = _axis(variant)
    a.rules = {k: _axis(v, lambda x, k=k: _core.rule_value(k, x, True)) for k, v in rules.items()}
    given = [x is not None for x in (seeds, deals, deals_file)]
    if sum(given) != 1:
        raise ValueError("give the deals: seeds (A-B), deals (N: seeds 1-N) or deals_file (one of them)")
    if seeds is not None:
        a.seeds = _seeds_text(seeds)
    elif deals is not None:
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise ValueError(f"deals must be a number of deals, at least 1 (got {deals!r})")
        a.seeds = f"1-{deals}"
    else:
        a.deals_file = str(deals_file)
    if shard is not None:
        a.shard = shard if isinstance(shard, str) else f"{shard[0]}/{shard[1]}"
    a.optimal = bool(optimal)
    if challenge is not None:
        if not isinstance(challenge, str):
            raise ValueError(f"challenge must be 'score', 'cards:R' or 'board' (got {challenge!r})")
        a.challenge = challenge
    a.measures = bool(measures)
    a.reasons = bool(reasons)
    if isinstance(casual_plays, bool) or not isinstance(casual_plays, int):
        raise ValueError(f"casual_plays must be a whole number from 1 to 100000 (got {casual_plays!r})")
    a.casual_plays = casual_plays
    if not isinstance(player, str):
        raise ValueError(f"player must be a player's name such as 'greedy' or 'sampler:10' (got {player!r})")
    a.player = player
    if isinstance(player_seed, bool) or not isinstance(player_seed, int) or player_seed < 0 or player_seed >= 2**64:
        raise ValueError(f"player_seed must be a whole number from 0 to 2^64-1 (got {player_seed!r})")
    a.player_seed = player_seed
    a.max_states = _budget(max_states)
    if isinstance(threads, bool) or not isinstance(threads, int) or threads < 0 or threads > 4096:
        raise ValueError(f"threads must be 0 (every core) to 4096 (got {threads!r})")
    a.threads = threads
    if isinstance(ahead, bool) or not isinstance(ahead, int) or ahead < 1:
        raise ValueError(f"ahead must be a number of records, at least 1 (got {ahead!r})")
    a.ahead = ahead
    if max_memory is not None and max_memory != "auto":  # else per worker: 3/4 of the memory shared among them
        a.max_memory = _memory(max_memory, 1)
    return _core.Study(a, None if out is None else str(out))


def merge(files):
    """The summary of a study from its record files (the out= files of
    study(..., shard=...), or of `pyramid stats --out` runs on several
    machines), as `pyramid merge` makes it: the study every file names, each
    task once. A dict: definition (the study line's study), summaries (one per
    rule set, with the keys of `pyramid merge --format json`'s), tasks, done,
    missing (tasks with no record: the summaries are partial), files,
    records_read, duplicates, ignored (records not part of the study),
    records_made_by (the programs that wrote them) and notes (what `pyramid
    merge` tells before its summary: the study line chosen, different
    versions). ValueError for files of different studies, records of one task
    that disagree, or a file that is not a record file."""
    if isinstance(files, (str, bytes)) or hasattr(files, "__fspath__"):
        files = [files]
    files = [str(f) for f in files]
    if not files:
        raise ValueError("no record files given")
    return _core.merge(files, f"pyramid_solver.merge({files!r})")


def read_records(files):
    """The records of record files (`stats --out`, shards, `study(out=...)`;
    JSON Lines or CSV) as a pandas DataFrame, one row per record in file order
    (study lines skipped): seed, variant, passes (a number or 'unlimited'),
    goal, overlap, reserves (None without reserve piles), scoring (only where
    a record names one other than the preset's), verdict, moves (<NA> unless
    won), states, seconds, the challenge's fields (challenge,
    challenge_complete, challenge_clear_score, ...: only where a record has a
    challenge), deal (deals files only) and file."""
    import pandas as pd
    if isinstance(files, (str, bytes)) or hasattr(files, "__fspath__"):
        files = [files]
    cols = _core.read_records([str(f) for f in files])
    df = pd.DataFrame(cols)
    df["moves"] = pd.array(cols["moves"], dtype="Int64")
    df["states"] = df["states"].astype("uint64")
    df["seconds"] = df["seconds"].astype("float64")
    return df
