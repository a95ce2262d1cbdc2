# odds(): the same answers as `pyramid odds [--optimal] --format json` (issue
# 39: the key "optimal" with exact, value, fraction, lower, upper, best_move,
# moves, method, states, seconds), on a position where the optimum is exact
# and at a deal's start where it is a bracket with labelled estimates.
import pytest

import pyramid_solver as ps
from conftest import cli_json


def untimed(o):
    """The answer without its timings (at any depth: the only fields that vary between runs)."""
    if isinstance(o, dict):
        return {k: untimed(v) for k, v in o.items() if k != "seconds"}
    if isinstance(o, list):
        return [untimed(v) for v in o]
    return o


def first_moves(n):
    return ps.solve(ps.deal("msc", seed=2, passes=1)).moves[:n]


def test_odds_optimal_exact_equals_cli(cli):
    # msc 1 pass deal 2 after 20 moves of its solution (7 cards not seen):
    # 281/360 (bench/nopeek-optimal.md), its best move and each move's value.
    moves = first_moves(20)
    want = cli_json("odds", "--variant", "msc", "--passes", "1", "--seed", "2", "--moves", " ".join(moves),
                    "--optimal", "--samples", "1", "--format", "json")
    got = ps.odds(2, "msc", passes=1, moves=moves, optimal=True, samples=1)
    assert untimed(got) == untimed(want)
    o = got["optimal"]
    for key in ("exact", "value", "fraction", "lower", "upper", "best_move", "moves", "method", "states", "seconds"):
        assert key in o, key
    assert o["exact"] and o["fraction"] == "281/360" and o["value"] == pytest.approx(281 / 360)
    assert o["lower"] == o["upper"] == o["value"]
    assert o["best_move"] == max(o["moves"], key=lambda m: m["lower"])["move"]
    assert "estimates" not in o


def test_odds_optimal_on_two_threads_gives_the_same_values(cli):
    # threads=2 is `odds --optimal --threads 2`: the split into a task per
    # rank left; the same fraction, each move's values and the best move as
    # one thread, and the same states as the command line's two threads (the
    # leaf solves counted depend on which worker ran which task: not compared).
    moves = first_moves(20)
    one = ps.odds(2, "msc", passes=1, moves=moves, optimal=True, samples=1)["optimal"]
    two = ps.odds(2, "msc", passes=1, moves=moves, optimal=True, samples=1, threads=2)["optimal"]
    want = cli_json("odds", "--variant", "msc", "--passes", "1", "--seed", "2", "--moves", " ".join(moves),
                    "--optimal", "--samples", "1", "--threads", "2", "--format", "json")["optimal"]
    assert one["threads"] == 1 and two["threads"] == 2 and two["tasks"] >= 2
    for key in ("exact", "fraction", "value", "lower", "upper", "best_move", "moves"):
        assert two[key] == one[key], key
    assert two["states"] == want["states"] and two["fraction"] == want["fraction"] == "281/360"
    with pytest.raises(ValueError, match="threads"):
        ps.odds(2, "msc", passes=1, optimal=True, threads=-1)


def test_odds_optimal_at_a_deal_start_is_a_labelled_bracket(cli):
    # A fresh deal's start (23 cards not seen): the search is cut to the proven
    # bracket, and the estimates beside it are labelled as sampled.
    args = dict(samples=100, optimal_states=2000, policy="planner:8", policy_orders=5)
    want = cli_json("odds", "--variant", "msc", "--passes", "1", "--seed", "3", "--optimal", "--samples", "100",
                    "--optimal-states", "2000", "--policy", "planner:8", "--policy-orders", "5", "--format", "json")
    got = ps.odds(3, "msc", passes=1, optimal=True, **args)
    assert untimed(got) == untimed(want)
    o = got["optimal"]
    assert not o["exact"] and o["value"] is None and o["fraction"] is None
    assert 0 <= o["lower"] <= o["upper"] <= 1
    assert o["lower_method"] and o["upper_method"]
    e = o["estimates"]
    assert e["upper"]["sampled"] and e["upper"]["orders"] == 100 and "clairvoyant" in e["upper"]["method"]
    assert e["lower"]["player"] == "planner:8" and e["lower"]["orders"] == 5 and "sampled" in e["lower"]["method"]


def test_odds_without_optimal_and_bad_arguments(cli):
    want = cli_json("odds", "--variant", "msc", "--passes", "1", "--seed", "2", "--samples", "20", "--format", "json")
    got = ps.odds(2, "msc", passes=1, samples=20)
    assert untimed(got) == untimed(want) and "optimal" not in got
    with pytest.raises(ValueError, match="peeks at the stock"):
        ps.odds(2, passes=1, optimal=True, policy="thoughtful")
    with pytest.raises(ValueError, match="optimal_max_unseen"):
        ps.odds(2, passes=1, optimal=True, optimal_max_unseen=40)
    with pytest.raises(ValueError, match="bad moves"):
        ps.odds(2, passes=1, moves="KH")


def test_solve_optimum_on_a_known_deal_is_refused():
    # solve's optimum is for '??' deals (as `solve --nopeek-optimum`): on a deal
    # given whole it says where to ask instead of answering nothing.
    with pytest.raises(ValueError, match=r"odds\(optimal=True\)"):
        ps.solve(2, passes=1, moves=first_moves(20), optimum=True)
