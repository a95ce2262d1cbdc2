# solve(..., challenge=...): the same `challenge` object as `pyramid solve
# --challenge ... --format json`, its lines valid in the verifier.
import pytest

import pyramid_solver as ps
from conftest import cli_json, without_timing

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
