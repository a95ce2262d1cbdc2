# solve(..., challenge=...): the same `challenge` object as `pyramid solve
# --challenge ... --format json`, its lines valid in the verifier.
import pytest

import pyramid_solver as ps
from conftest import cli_json, read_jsonl, run_cli, without_timing

CASES = [
    ("score", [], 1),
    ("cards:A", [], 12),
    ("board", [], 1),
    ({"kind": "cards:A", "target": 12, "deals_left": 2}, ["--target", "12", "--deals-left", "2"], 12),
    ({"kind": "score", "target": 2400, "current": 1200, "deals_left": 1},
     ["--target", "2400", "--current", "1200", "--deals-left", "1"], 1),
]


@pytest.mark.parametrize("challenge,extra,seed", CASES, ids=[str(c[0]) for c in CASES])
def test_challenge_equals_cli(cli, challenge, extra, seed):
    kind = challenge if isinstance(challenge, str) else challenge["kind"]
    want = cli_json("solve", "--seed", str(seed), "--challenge", kind, *extra, "--format", "json")
    got = ps.solve(seed, challenge=challenge)
    assert without_timing(got.challenge) == without_timing(want["challenge"])
    assert without_timing(got.to_dict()) == without_timing({**want, "challenge": got.to_dict()["challenge"]})
    for line in got.challenge["lines"]:
        v = ps.verify(ps.deal(seed=seed), line["solution"])
        assert v.legal
        assert v.won == line["cleared"]
        assert len(line["solution"]) == line["steps"]


def test_challenge_errors():
    with pytest.raises(ValueError, match="--challenge must be"):
        ps.solve(1, challenge="points")
    with pytest.raises(ValueError, match="not a rank"):
        ps.solve(1, challenge="cards:Z")
    with pytest.raises(ValueError, match="kind is missing"):
        ps.solve(1, challenge={"target": 3})
    with pytest.raises(ValueError, match="does not take moves"):
        ps.solve(1, challenge="score", moves="draw")
    with pytest.raises(TypeError):
        ps.solve(1, challenge=3)


def test_study_challenge_records_equal_stats(cli, tmp_path):
    """study(..., challenge=...) yields the records `pyramid stats --challenge`
    writes, each the deal's best line with a clear and without: solve's lines
    for a target the deal cannot make, with one deal left."""
    out = tmp_path / "cli.jsonl"
    # One pass through the stock: small searches (seed 3 won, 4 and 5 lost).
    run_cli("stats", "--passes", 1, "--seeds", "3-5", "--challenge", "cards:K", "--threads", 1, "-q", "--out", out)
    # study() yields in seed order; the file is in the order the workers
    # finished (one worker here, but the comparison should not rest on it).
    want = sorted(read_jsonl(out)[1], key=lambda r: r["seed"])
    got = list(ps.study("msc", seeds=(3, 5), passes=1, challenge="cards:K", threads=2, out=tmp_path / "py.jsonl"))
    drop = ("seconds",)
    assert [{k: v for k, v in r.items() if k not in drop} for r in got] == \
        [{k: v for k, v in r.items() if k not in drop} for r in want]
    for r in got:
        assert r["challenge"] == "cards:K" and r["challenge_complete"]
        lines = ps.solve(r["seed"], passes=1,
                         challenge={"kind": "cards:K", "target": 99, "deals_left": 1}).challenge["lines"]
        ends = {("clear" if l["cleared"] else "open"): l for l in lines}
        for end in ("clear", "open"):
            line = ends.get(end)
            assert r[f"challenge_{end}_steps"] == (line["steps"] if line else None)
            assert r[f"challenge_{end}_cards"] == (line["cards"] if line else None)
            assert r[f"challenge_{end}_score"] == (line["score"] if line else None)
    # The summary's distributions, from merge.
    summary = cli_json("merge", tmp_path / "py.jsonl", "--format", "json")["summaries"][0]["challenge"]
    best = {}
    for r in got:
        b = max(x for x in (r["challenge_clear_cards"], r["challenge_open_cards"]) if x is not None)
        best[str(b)] = best.get(str(b), 0) + 1
    assert summary["best"]["histogram"] == best
    assert summary["all_either"] == sum(1 for r in got if 4 in (r["challenge_clear_cards"], r["challenge_open_cards"]))
    with pytest.raises(ValueError, match="challenge"):
        list(ps.study("msc", seeds=(1, 1), challenge="cards:Z"))
    # The file is in the order the two workers finished (either deal first); got in seed order.
    df = ps.read_records([tmp_path / "py.jsonl"]).sort_values("seed")
    assert list(df["seed"]) == [r["seed"] for r in got]
    assert [None if x != x else int(x) for x in df["challenge_clear_cards"]] == \
        [r["challenge_clear_cards"] for r in got]  # (pandas: NaN for None)
    assert "scoring" not in df.columns
