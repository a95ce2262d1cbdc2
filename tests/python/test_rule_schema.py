# The rule schema's Python door: every override of the C++ descriptor table
# (engine/rules.h, read through ps.rule_schema()), every value it names, as a
# keyword argument of rules(), deal(), solve(), verify() and study(), against
# the command line's answers. A rule added to the table is tried here with no
# change to this file (tests/test_rule_schema.cpp walks the other doors).
import inspect
import json

import pytest

import pyramid_solver as ps
from conftest import run_cli

SCHEMA = ps.rule_schema()


def cannot_take(name, key):
    """The preset cannot take the rule (its rules name it as None). A newer
    rule (the scoring) is named only where it is not the preset's own."""
    r = ps.rules(name)
    return key in r and r[key] is None


def named(value, default):
    """A rule's value as an output names it: absent (None, or pandas' NaN)
    where it is the preset's own and the rule is named only otherwise."""
    return default if value is None or value != value else value


def preset_for(rule):
    """A preset that takes the rule with every value of its choices."""
    for name in ps.variants():
        if cannot_take(name, rule["key"]):
            continue
        try:
            for c in rule["choices"]:
                ps.rules(name, **{rule["key"]: c["value"]})
        except ValueError:
            continue
        return name
    pytest.fail(f"no preset takes every value of {rule['key']}")


def test_the_keyword_arguments_are_the_schema():
    keys = [r["key"] for r in SCHEMA]
    assert keys and list(ps.RULES) == keys
    for fn in (ps.rules, ps.deal, ps.solve, ps.verify, ps.study, ps.Solver.solve):
        params = list(inspect.signature(fn).parameters)
        assert [p for p in params if p in keys] == keys, fn.__name__
    # Positional right after variant, where variant is positional (as before the schema).
    assert list(inspect.signature(ps.rules).parameters)[:1 + len(keys)] == ["variant", *keys]
    with pytest.raises(TypeError):
        ps.rules("msc", colour="red")


@pytest.mark.parametrize("rule", SCHEMA, ids=[r["key"] for r in SCHEMA])
def test_every_value_round_trips(cli, rule, tmp_path):
    key, preset = rule["key"], preset_for(rule)
    values = [c["value"] for c in rule["choices"]]
    # The command line's study over every value: its summary's rules, one rule set per value.
    out = run_cli("stats", "--variant", preset, f"--{key}", ",".join(values), "--seeds", "1-1", "--max-states", 1,
                  "--threads", 1, "--format", "json", "-q", "--out", tmp_path / "cli.jsonl").stdout
    sums = json.loads(out)["summaries"]
    assert len(sums) == len(values)
    for c, s in zip(rule["choices"], sums):
        got = ps.rules(preset, **{key: c["value"]})
        assert named(got.get(key), c["json"]) == c["json"] and s.get(key) == got.get(key)
        assert got == {k: s.get(k) for k in got}
        # The JSON spelling is taken too (overlap=True), and gives the same rules.
        assert ps.rules(preset, **{key: c["json"]}) == got
        d = ps.deal(preset, 1, **{key: c["value"]})
        assert d.rules == got
        # solve and verify with the rule, on a deal or a seed: the CLI's answer.
        want = json.loads(run_cli("solve", "--variant", preset, f"--{key}", c["value"], "--seed", 1,
                                  "--max-states", 2000, "--format", "json").stdout)
        assert {k: v for k, v in ps.solve(1, preset, max_states=2000, **{key: c["value"]}).to_dict().items()
                if k != "seconds"} == {k: v for k, v in want.items() if k != "seconds"}
        assert ps.solve(d, max_states=2000).verdict == want["verdict"]
    # A study sweeping every value (study's list), and the record file read back.
    records = list(ps.study(preset, seeds=(1, 1), max_states=1, threads=1, out=tmp_path / "py.jsonl",
                            **{key: values}))
    assert [named(r.get(key), c["json"]) for r, c in zip(records, rule["choices"])] == \
        [c["json"] for c in rule["choices"]]
    df = ps.read_records([tmp_path / "cli.jsonl"])
    assert [named(v, c["json"]) for v, c in zip(df[key], rule["choices"])] == [c["json"] for c in rule["choices"]]
    # Every rule is named by some value: the round trip above tried it.
    assert any(key in ps.rules(preset, **{key: c["value"]}) for c in rule["choices"])


@pytest.mark.parametrize("rule", SCHEMA, ids=[r["key"] for r in SCHEMA])
def test_a_bad_value_raises_the_cli_message(cli, rule):
    key, preset = rule["key"], preset_for(rule)
    with pytest.raises(ValueError) as e:
        ps.rules(preset, **{key: "no-such-value"})
    p = run_cli("deal", "--variant", preset, f"--{key}", "no-such-value", "--seed", 1, check=False)
    assert p.returncode == 2
    assert p.stderr.strip().split(": ", 1)[1] == str(e.value)
    # A preset that cannot take it: the same message as the command line's.
    for name in ps.variants():
        if cannot_take(name, key):
            with pytest.raises(ValueError) as e:
                ps.rules(name, **{key: rule["choices"][0]["value"]})
            p = run_cli("deal", "--variant", name, f"--{key}", rule["choices"][0]["value"], "--seed", 1, check=False)
            assert p.returncode == 2 and p.stderr.strip().split(": ", 1)[1] == str(e.value)
