# Python's study() takes every option of `pyramid stats` that says what to
# solve (issue 37, item 5): the options are read from `pyramid stats --help`,
# so an option added to the command without its keyword fails here.
import inspect
import re

import pyramid_solver as ps
from conftest import run_cli

# The command's own output and presentation, which Python has as values
# (records yielded, summaries computed from them) and not as keywords.
NOT_KEYWORDS = {
    "help": "the command's help",
    "format": "how the command prints its summary (Python yields the records)",
    "list": "the command's listing of deals by verdict (filter the records)",
    "report": "the command's HTML page (pyramid report FILE makes it from study(out=...)'s file)",
    "quiet": "the command's progress on stderr",
}


def stats_options():
    text = run_cli("stats", "--help").stdout
    body = text[text.index("options:"):]
    return sorted(set(re.findall(r"^  (?:-\w \[ )?--([a-z][a-z-]*)", body, re.M)))


def test_every_stats_option_has_its_python_keyword(cli):
    options = stats_options()
    assert len(options) >= 20, options  # the help was read
    params = set(inspect.signature(ps.study).parameters)
    missing = []
    for o in options:
        if o in NOT_KEYWORDS:
            continue
        if o.replace("-", "_") not in params:
            missing.append(o)
    assert missing == [], f"stats options with no keyword of pyramid_solver.study: {missing}"
    # The exceptions are options the command has (none left over).
    assert set(NOT_KEYWORDS) <= set(options)
    # Every rule override of the schema is a keyword.
    for r in ps.rule_schema():
        assert r["key"] in params


def test_study_measures_reasons_player_are_the_commands(tmp_path, cli):
    # The same records as `pyramid stats --out` with the same options.
    for kw, args in [(dict(measures=True, casual_plays=5), ["--measures", "--casual-plays", "5"]),
                     (dict(reasons=True), ["--reasons"]),
                     (dict(player="greedy", player_seed=3), ["--player", "greedy", "--player-seed", "3"])]:
        out = tmp_path / "cli.jsonl"
        if out.exists():
            out.unlink()
        run_cli("stats", "--variant", "msc", "--seeds", "1-6", "--threads", "1", "--out", out, "-q", *args)
        want = [{k: v for k, v in r.items() if "seconds" not in k}
                for r in map(__import__("json").loads, out.read_text().splitlines()) if "study" not in r]
        got = [{k: v for k, v in r.items() if "seconds" not in k}
               for r in ps.study("msc", seeds=(1, 6), threads=1, **kw)]
        key = lambda r: (str(r["seed"]), str(r.get("passes")))
        assert sorted(got, key=key) == sorted(want, key=key), kw


def test_study_rejects_measures_with_reasons():
    import pytest
    with pytest.raises(ValueError, match="only one of measures and reasons"):
        list(ps.study("msc", seeds=(1, 2), measures=True, reasons=True))
    with pytest.raises(ValueError, match="player"):
        list(ps.study("msc", seeds=(1, 2), player="nobody"))
