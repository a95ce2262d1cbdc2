# solve(), deal(), verify(), variants(): the same answers as `pyramid solve
# --format json`, `pyramid deal` and `pyramid verify` on the same deals.
import os
import signal

import pytest

import pyramid_solver as ps
from conftest import cli_json, run_cli, without_timing

# (CLI options, the same as keyword arguments): several presets and overrides.
CASES = [
    (["--variant", "msc", "--seed", "1"], dict(variant="msc"), 1),
    (["--variant", "msc", "--seed", "7", "--passes", "1"], dict(variant="msc", passes=1), 7),
    (["--variant", "relaxed", "--seed", "3"], dict(variant="relaxed"), 3),
    (["--variant", "pyramid", "--seed", "11", "--goal", "all"], dict(variant="pyramid", goal="all"), 11),
    (["--variant", "cheops", "--seed", "5", "--overlap"], dict(variant="cheops", overlap=True), 5),
    (["--variant", "giza", "--seed", "2", "--reserves", "open"], dict(variant="giza", reserves="open"), 2),
    (["--variant", "triangle", "--seed", "4"], dict(variant="triangle"), 4),
    (["--variant", "classic", "--seed", "8"], dict(variant="classic"), 8),
    (["--variant", "apophis", "--seed", "6", "--passes", "2"], dict(variant="apophis", passes=2), 6),
]


@pytest.mark.parametrize("cli_args,kwargs,seed", CASES, ids=[" ".join(c[0]) for c in CASES])
def test_solve_equals_cli(cli, cli_args, kwargs, seed):
    want = cli_json("solve", *cli_args, "--format", "json")
    got = ps.solve(seed, **kwargs)
    assert got.verdict == want["verdict"]
    assert got.length == want["moves"]
    assert got.moves == want["solution"]
    assert got.states == want["states"]
    assert without_timing(got.to_dict()) == without_timing(want)
    # Every won answer replays as a valid win.
    if got.verdict == "win":
        assert ps.verify(ps.deal(seed=seed, **kwargs), got.moves).valid


@pytest.mark.parametrize("cli_args,kwargs,seed", CASES[:5], ids=[" ".join(c[0]) for c in CASES[:5]])
def test_optimal_equals_cli(cli, cli_args, kwargs, seed):
    want = cli_json("solve", *cli_args, "--optimal", "--format", "json")
    got = ps.solve(ps.deal(seed=seed, **kwargs), optimal=True)
    assert (got.verdict, got.length, got.optimal) == (want["verdict"], want["moves"], want["optimal"])
    assert without_timing(got.to_dict()) == without_timing(want)


def test_deal_forms_give_the_same_answer(cli):
    d = ps.deal("msc", 12)
    assert d.variant == "msc" and d.seed == "12"
    assert d.cards == run_cli("deal", "--seed", 12, "--format", "compact").stdout.strip()
    assert str(d) == d.cards
    board = run_cli("deal", "--seed", 12, "--ascii").stdout  # the drawn board, pasted
    answers = [ps.solve(x) for x in (d, 12, "12", d.cards, board)]
    for a in answers:
        assert (a.verdict, a.moves, a.states) == (answers[0].verdict, answers[0].moves, answers[0].states)
    assert answers[0].seed == "12" and answers[3].seed is None  # cards carry no seed
    assert ps.deal(cards=board) == d
    assert ps.deal("msc", "ms5").cards == run_cli("deal", "--seed", "ms5", "--format", "compact").stdout.strip()


def test_rule_options_override_a_deal(cli):
    d = ps.deal("msc", 21)
    one = ps.solve(d, passes=1)
    want = cli_json("solve", "--seed", 21, "--passes", 1, "--format", "json")
    assert without_timing(one.to_dict()) == without_timing(want)
    assert ps.deal("giza", 2).rules == {"variant": "giza", "passes": 1, "goal": "all", "overlap": False,
                                        "reserves": "top"} or ps.deal("giza", 2).rules["reserves"] == "top"


def test_played_moves_and_hint_equal_cli(cli):
    sol = ps.solve(3).moves
    played = sol[:6]
    want = cli_json("solve", "--seed", 3, "--moves", " ".join(played), "--hint", "--format", "json")
    got = ps.solve(3, moves=played, hint=True)
    assert got.hint == want["hint"]
    assert without_timing(got.to_dict()) == without_timing(want)
    assert ps.solve(3, moves=" ".join(played), hint=True).hint == want["hint"]


def test_budget_gives_intractable(cli):
    want = cli_json("solve", "--seed", 1, "--passes", 1, "--max-states", 1000, "--format", "json")
    got = ps.solve(1, passes=1, max_states=1000)
    assert want["verdict"] == "intractable" and got.verdict == "intractable"
    assert got.moves == [] and got.length is None


def test_reused_solver_gives_the_same_answers(cli):
    s = ps.Solver()
    for seed in (1, 2, 3, 1):
        a, b = s.solve(seed, variant="pharaohs"), ps.solve(seed, variant="pharaohs")
        assert (a.verdict, a.moves, a.states) == (b.verdict, b.moves, b.states)


def test_verify_equals_cli(cli):
    d = ps.deal("msc", 1)
    moves = ps.solve(d).moves
    assert ps.verify(d, moves).valid and ps.verify(d, " ".join(moves)).valid
    bad = ps.verify(d, ["KS"])
    out = run_cli("verify", "--seed", 1, "--moves", "KS", "--ascii", check=False)
    assert out.returncode == 1 and not bad.valid and not bad.legal
    assert out.stdout.strip() == "invalid: " + bad.error
    short = ps.verify(d, moves[:-1])
    out = run_cli("verify", "--seed", 1, "--moves", " ".join(moves[:-1]), "--ascii", check=False)
    assert short.legal and not short.won and out.stdout.strip() == "legal, not a win: " + short.error


def test_version_is_the_programs(cli):
    # One version, set in CMakeLists.txt: `pyramid --version` names it, and so does the module.
    cli_version = run_cli("--version").stdout
    assert cli_version.splitlines()[0] == "pyramid " + ps.__version__
    assert ps.version().splitlines()[0] == "pyramid_solver " + ps.__version__
    # The same build type, compiler and bench signature (the commit may read -dirty in one of them).
    assert ps.version().splitlines()[2:] == cli_version.splitlines()[2:]


def test_variants_and_describe(cli):
    listed = [line.split()[0] for line in run_cli("variants").stdout.splitlines() if line.strip()]
    assert ps.variants() == listed
    assert ps.describe("giza") == run_cli("variants", "giza").stdout


BAD = [
    (lambda: ps.deal("nope", 1), ["deal", "--variant", "nope", "--seed", 1]),
    (lambda: ps.deal("msc", 0), ["deal", "--seed", 0]),
    (lambda: ps.solve("AS AS"), ["solve", "--deal", "AS AS"]),
    (lambda: ps.solve(1, passes=0), ["solve", "--seed", 1, "--passes", 0]),
    (lambda: ps.solve(1, goal="most"), ["solve", "--seed", 1, "--goal", "most"]),
    (lambda: ps.solve(1, reserves="open"), ["solve", "--seed", 1, "--reserves", "open"]),
    (lambda: ps.solve(1, moves="KS"), ["solve", "--seed", 1, "--moves", "KS"]),
    (lambda: ps.solve(1, moves="XY"), ["solve", "--seed", 1, "--moves", "XY"]),
    (lambda: ps.verify(1, "XY"), None),
    # hint is the next move of a shortest solution: optimal or best_score beside it is refused, as on the command line.
    (lambda: ps.solve(1, hint=True, optimal=True), ["solve", "--seed", 1, "--hint", "--optimal"]),
    (lambda: ps.solve(1, hint=True, best_score=True), ["solve", "--seed", 1, "--hint", "--best-score"]),
]


@pytest.mark.parametrize("call,cli_args", BAD, ids=range(len(BAD)))
def test_bad_input_raises_value_error_with_the_cli_message(cli, call, cli_args):
    with pytest.raises(ValueError) as e:
        call()
    assert str(e.value)
    if cli_args:
        p = run_cli(*cli_args, "--ascii", check=False)
        assert p.returncode == 2
        # "pyramid solve: MESSAGE": the same message (--moves is named on the command line only).
        assert p.stderr.strip().split(": ", 1)[1].replace("bad --moves", "bad moves") == str(e.value)


def test_bad_argument_types(cli):
    for call in (lambda: ps.solve(None), lambda: ps.solve(1.5), lambda: ps.solve(1, max_states=-1),
                 lambda: ps.deal("msc"), lambda: ps.deal("msc", 1, cards="AS"), lambda: ps.solve(1, variant=3)):
        with pytest.raises(ValueError):
            call()


def test_bad_budget_and_progress_are_named():
    # A bad optimum_states names optimum_states (not max_states); a progress that cannot be called is refused
    # before the search (it is called only every 2^20 positions, so a small search never found out).
    with pytest.raises(ValueError, match="^optimum_states must be"):
        ps.solve(1, optimum_states=-1)
    with pytest.raises(ValueError, match="^max_states must be"):
        ps.solve(1, max_states=-1)
    with pytest.raises(TypeError, match="progress"):
        ps.solve(1, progress=5)
    # Numbers past what the C++ side holds are a ValueError naming the keyword, not pybind11's
    # "incompatible function arguments" TypeError.
    for call, name in ((lambda: ps.solve(1, max_states=2**64), "max_states"),
                       (lambda: ps.solve(1, max_memory=2**64), "max_memory"),
                       (lambda: ps.solve(2, measures=True, casual_plays=10**12), "casual_plays"),
                       (lambda: ps.solve(1, challenge={"kind": "score", "target": 10**12}), "target"),
                       (lambda: ps.odds(1, samples=2**64), "samples"),
                       (lambda: ps.odds(1, rng_seed=2**64), "rng_seed"),
                       (lambda: ps.odds(1, optimal=True, optimal_states=2**64), "optimal_states")):
        with pytest.raises(ValueError, match=name):
            call()


# A shortest solution of Tut's Tomb with overlap, PySolFC deal 41: won after
# 1.53 million positions, so the progress callback is called (at 2^20). (The
# verdict searches became too small for this: the largest lost Tut's Tomb deal
# with goal all among seeds 1-1400 takes about a million.)
LONG = dict(variant="tuts-tomb", overlap=True, optimal=True)
LONG_SEED = 41


class Stop(Exception):
    pass


def test_progress_and_an_exception_from_it_stop_the_search(cli):
    calls = []
    full = ps.solve(LONG_SEED, **LONG, progress=calls.append)
    assert full.verdict == "win" and full.states > 2**20, "pick a deal that takes more positions"
    assert calls == [2**20 * (i + 1) for i in range(full.states >> 20)]

    def stop(states):
        calls.append(states)
        raise Stop

    calls.clear()
    with pytest.raises(Stop):
        ps.solve(LONG_SEED, **LONG, progress=stop)
    assert calls == [2**20]


def test_ctrl_c_stops_a_solve(cli):
    calls = []

    def interrupt(states):  # Ctrl-C as the search runs (the signal handler runs at the next check)
        calls.append(states)
        os.kill(os.getpid(), signal.SIGINT)

    with pytest.raises(KeyboardInterrupt):
        ps.solve(LONG_SEED, **LONG, progress=interrupt)
    assert calls == [2**20]


def test_solves_in_python_threads_give_the_same_answers(cli):
    # The GIL is released while C++ searches: solves from several Python
    # threads run side by side (each call its own solver; a shared Solver
    # takes one search at a time) and answer as one at a time.
    from concurrent.futures import ThreadPoolExecutor
    seeds = list(range(1, 41))
    alone = [ps.solve(s, variant="pharaohs", passes=1) for s in seeds]
    shared = ps.Solver()
    with ThreadPoolExecutor(4) as pool:
        apart = list(pool.map(lambda s: ps.solve(s, variant="pharaohs", passes=1), seeds))
        one = list(pool.map(lambda s: shared.solve(s, variant="pharaohs", passes=1), seeds))
    for a, b, c in zip(alone, apart, one):
        assert (a.verdict, a.moves, a.states) == (b.verdict, b.moves, b.states) == (c.verdict, c.moves, c.states)


def test_measures_from_the_start_and_after_moves_equal_cli(cli):
    # msc deal 2 at 1 pass: graded from its start; after moves, measured from there and not graded.
    want = cli_json("solve", "--variant", "msc", "--passes", "1", "--seed", "2", "--measures",
                    "--casual-plays", "10", "--format", "json")
    got = ps.solve(2, passes=1, measures=True, casual_plays=10)
    assert without_timing(got.to_dict()) == without_timing(want)
    m = got.measures
    assert m["from_move"] == 0 and m["grade"] in ("easy", "medium", "hard", "expert")
    line = m["shortest_solution"]
    played = line[:3]
    want = cli_json("solve", "--variant", "msc", "--passes", "1", "--seed", "2", "--measures",
                    "--casual-plays", "10", "--format", "json", "--moves", " ".join(played))
    got = ps.solve(2, passes=1, measures=True, casual_plays=10, moves=played)
    assert without_timing(got.to_dict()) == without_timing(want)
    after = got.measures
    assert after["from_move"] == 3
    assert after["shortest"] == len(line) - 3
    assert after["grade"] is None and "deal's start" in after["grade_note"]
    assert 1 <= after["winning_first_moves"] <= after["legal_first_moves"]
    # Off by default; bad casual_plays is a ValueError.
    assert ps.solve(2, passes=1).measures is None
    with pytest.raises(ValueError):
        ps.solve(2, passes=1, measures=True, casual_plays=0)


def test_cards_not_seen_solve_gives_the_odds_as_the_cli(cli):
    # '??' cards not seen: solve answers with the odds (no verdict, no
    # solution), the same object as `pyramid solve --format json`.
    full = ps.deal("msc", 1).cards
    cards = full[:58] + "??" * 23
    want = cli_json("solve", "--variant", "msc", "--deal", cards, "--format", "json")
    got = ps.solve(ps.deal("msc", cards=cards))
    assert got.verdict is None and got.moves == [] and got.length is None
    assert got.odds["samples"] == 1000 and got.odds["wins"] == want["odds"]["wins"]
    assert got.best_move == want["best_move"] and got.unknown[0] == "stock card 2"
    strip = lambda d: {k: v for k, v in without_timing(d).items() if k != "odds"}
    assert strip(got.to_dict()) == strip(want)
    # verify: the moves that take a card not seen are not checked.
    moves = ps.solve(ps.deal("msc", 1)).moves
    v = ps.verify(ps.deal("msc", cards=cards), moves)
    assert not v.valid and v.legal and v.unchecked and v.unchecked[0]["move"] == 8


def test_solve_optimum_equals_cli(cli):
    # With cards not seen: optimum=True gives `solve --nopeek-optimum --format json`'s
    # "optimum" (here past a small budget: the proven bracket and the
    # planner's move); without it, none.
    deal = ps.deal("msc", seed=2, passes=1).cards
    unseen = deal[:58] + "??" * 23  # the tableau and the stock's top named
    want = cli_json("solve", "--variant", "msc", "--passes", "1", "--deal", unseen, "--nopeek-optimum",
                    "--nopeek-optimum-states", "500", "--format", "json")["optimum"]
    got = ps.solve(unseen, passes=1, optimum=True, optimum_states=500).optimum
    assert {k: v for k, v in got.items() if k != "seconds"} == {k: v for k, v in want.items() if k != "seconds"}
    assert got["computed"] and not got["exact"] and got["budget"] == 500
    assert got["lower"] <= got["upper"]
    assert got["planner_move"] is not None
    assert ps.solve(unseen, passes=1).optimum is None


def test_solve_optimum_hides_only_the_unknown_cards(cli):
    # A ?? deal that names some stock cards not yet turned up: exactly the ??
    # cards are not seen (docs/nopeek.md "Which cards are hidden"). msc 1
    # pass deal 2 after 20 moves of its solution, 4 of its 7 stock cards not
    # turned up as ??: 3/4, as `solve --nopeek-optimum` (the whole deal: 281/360).
    d = ps.deal("msc", seed=2, passes=1)
    moves = " ".join(ps.solve(d).moves[:20])
    cards = [d.cards[i:i + 2] for i in range(0, len(d.cards), 2)]
    q = "".join("??" if i in (45, 47, 49, 51) else c for i, c in enumerate(cards))
    want = cli_json("solve", "--variant", "msc", "--passes", "1", "--deal", q, "--moves", moves, "--nopeek-optimum",
                    "--format", "json")["optimum"]
    got = ps.solve(q, passes=1, moves=moves, optimum=True).optimum
    assert {k: v for k, v in got.items() if k != "seconds"} == {k: v for k, v in want.items() if k != "seconds"}
    assert got["exact"] and got["fraction"] == "3/4" and got["unseen"] == 4
