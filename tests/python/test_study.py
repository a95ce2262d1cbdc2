# study(): the records of `pyramid stats --out` for the same study, in seed
# order, for any thread count; its record file and resuming; Ctrl-C.
import json
import os
import signal
import threading
import time

import pytest

import pyramid_solver as ps
from conftest import read_jsonl, run_cli, without_timing

# (stats options, study() arguments) of the same studies.
STUDIES = [
    (["--variant", "msc,pharaohs", "--passes", "1,3,unlimited", "--seeds", "1-60"],
     dict(variant=["msc", "pharaohs"], passes=[1, 3, "unlimited"], seeds=range(1, 61))),
    (["--variant", "giza", "--reserves", "top,open", "--overlap", "off,on", "--seeds", "100-115"],
     dict(variant="giza", reserves=["top", "open"], overlap=[False, True], seeds=(100, 115))),
    (["--variant", "relaxed,cheops", "--goal", "pyramid,all", "--deals", "25", "--optimal", "--max-states", "200000"],
     dict(variant=["relaxed", "cheops"], goal=["pyramid", "all"], deals=25, optimal=True, max_states=200_000)),
    (["--variant", "msc", "--passes", "1", "--seeds", "1-90", "--shard", "1/3"],
     dict(variant="msc", passes=1, seeds="1-90", shard="1/3")),
]
IDS = [" ".join(s[0]) for s in STUDIES]


def stats_records(tmp_path, args):
    out = tmp_path / "stats.jsonl"
    run_cli("stats", *args, "--out", out, "-q", "--threads", 2)
    studies, records = read_jsonl(out)
    return studies, records


def study_order(records, combos):
    """The records sorted as study() yields them: by seed, then rule set in the study's order."""
    return sorted(records, key=lambda r: (r["seed"], combos.index(rules_of(r))))


def rules_of(r):
    return (r["variant"], r["passes"], r["goal"], r["overlap"], r.get("reserves"))


@pytest.mark.parametrize("cli_args,kwargs", STUDIES, ids=IDS)
def test_study_records_equal_stats_out(cli, tmp_path, cli_args, kwargs):
    studies, want = stats_records(tmp_path, cli_args)
    got = list(ps.study(**kwargs, threads=2))
    assert len(got) == len(want) > 0
    combos = []
    for r in got:  # the rule sets in the order study() yields them for the first deal
        if r["seed"] == got[0]["seed"]:
            combos.append(rules_of(r))
    assert [without_timing(r) for r in got] == [without_timing(r) for r in study_order(want, combos)]
    # Seed order, every rule set of a deal together.
    assert [r["seed"] for r in got] == sorted(r["seed"] for r in got)
    assert {r["verdict"] for r in got} <= {"win", "lose", "intractable"}
    it = ps.study(**kwargs, threads=1)
    assert it.definition == studies[0]["study"]
    assert it.total == len(want)
    it.close()


def test_threads_give_the_same_records(cli):
    kwargs = dict(variant=["msc", "relaxed"], passes=[1, "unlimited"], seeds=range(1, 151))
    one = [without_timing(r) for r in ps.study(**kwargs, threads=1)]
    two = [without_timing(r) for r in ps.study(**kwargs, threads=2)]
    assert len(one) == 600 and one == two


def test_out_file_equals_stats_and_resumes(cli, tmp_path):
    args = ["--variant", "msc", "--passes", "1,3", "--seeds", "1-50"]
    _, want = stats_records(tmp_path, args)
    out = tmp_path / "py.jsonl"
    first = list(ps.study("msc", passes=[1, 3], seeds=(1, 50), out=out))
    studies, written = read_jsonl(out)
    assert len(studies) == 1 and len(written) == 100
    # Its study line names this program and the call (provenance), with the build's facts.
    program = studies[0]["program"]
    assert program["name"] == "pyramid_solver" and program["version"] == ps.__version__
    assert program["command"] == f"pyramid_solver.study(seeds=(1, 50), passes=[1, 3], out={str(out)!r})"
    assert f"bench signature: {program['bench_signature']}" in ps.version()
    key = lambda r: (r["seed"], r["passes"])
    assert sorted(map(without_timing, written), key=key) == sorted(map(without_timing, want), key=key)
    # `pyramid merge` takes the file: the summary of the stats run.
    merged = json.loads(run_cli("merge", out, "--format", "json").stdout)
    assert merged["done"] == 100 and sum(s["wins"] for s in merged["summaries"]) == \
        sum(r["verdict"] == "win" for r in want)
    # Cut the file to its study line and 30 records: the rest is solved, all 100 are yielded.
    lines = out.read_text().splitlines(keepends=True)
    out.write_text("".join(lines[:31]))
    it = ps.study("msc", passes=[1, 3], seeds=(1, 50), out=out)
    assert it.resumed == 30
    again = list(it)
    assert [without_timing(r) for r in again] == [without_timing(r) for r in first]
    assert len(read_jsonl(out)[1]) == 100


def test_close_and_with_stop_the_workers(cli):
    with ps.study("tuts-tomb", passes="unlimited", seeds=(1, 100000), threads=2) as it:
        first = next(it)
        assert first["seed"] == 1 and it.running
    assert not it.running
    assert list(it) == []  # closed: nothing more


def test_workers_wait_for_a_reader_that_does_not_read(cli):
    kwargs = dict(variant="msc", passes=[1, 3], seeds=(1, 400), threads=2)
    it = ps.study(**kwargs, ahead=50)
    first = next(it)
    # Unread, the workers stop taking deals: at most `ahead` records wait
    # (plus those the 2 workers had in hand when the limit was reached).
    seen = [it.buffered]
    deadline = time.monotonic() + 60
    while seen[-1] < 50 and time.monotonic() < deadline:
        time.sleep(0.05)
        seen.append(it.buffered)
    for _ in range(20):  # then it stays there
        time.sleep(0.05)
        seen.append(it.buffered)
    assert seen[-1] >= 50 and max(seen) <= 50 + 2, seen
    assert it.running  # waiting, not finished: 800 records in all
    rest = list(it)
    assert len(rest) == 799 and not it.running
    assert [without_timing(r) for r in [first] + rest] == [without_timing(r) for r in ps.study(**kwargs)]


def test_ctrl_c_stops_a_study(cli, tmp_path):
    # Its first deal takes long (apophis, goal all, the shortest solution of
    # deal 10: 1.7 million positions, about 15 s): Ctrl-C comes while the
    # iterator waits for it.
    out = tmp_path / "int.jsonl"
    it = ps.study("apophis", goal="all", optimal=True, seeds=(10, 20), threads=1, out=out)
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    got = []
    with pytest.raises(KeyboardInterrupt):
        for r in it:
            got.append(r)
    timer.cancel()
    assert got == [], "the first deal was solved before Ctrl-C: pick a slower one"
    # The workers were stopped, not left running; the abandoned deal is not in the file.
    assert not it.running
    studies, written = read_jsonl(out)
    assert len(studies) == 1 and written == []
    assert list(it) == []


def test_bad_studies_raise_value_error(cli):
    for kwargs, message in [
        (dict(variant="nope", seeds=(1, 5)), "unknown"),
        (dict(seeds=(5, 1)), "bad seed range"),
        (dict(seeds=range(0, 5)), "seeds start at 1"),
        (dict(seeds=(1, 5), passes=0), "passes must be"),
        (dict(seeds=(1, 5), reserves="open"), "reserve"),
        (dict(seeds=(1, 5), goal="most"), "goal must be"),
        (dict(seeds=(1, 5), shard="3/3"), "shard"),
        (dict(), "give the deals"),
        (dict(seeds=(1, 5), deals=5), "give the deals"),
        (dict(deals_file="/nonexistent/deals.txt"), "deals"),
        (dict(seeds=(1, 5), threads=-1), "threads"),
    ]:
        with pytest.raises(ValueError, match=message):
            ps.study(**kwargs)


def test_deals_file_study_equals_stats(cli, tmp_path):
    deals = tmp_path / "deals.txt"
    deals.write_text("".join(ps.deal("msc", s).cards + "\n" for s in range(1, 21)))
    _, want = stats_records(tmp_path, ["--deals-file", deals, "--passes", "1,3"])
    got = list(ps.study(deals_file=deals, passes=[1, 3]))
    key = lambda r: (r["seed"], r["passes"])
    assert [without_timing(r) for r in got] == sorted(map(without_timing, want), key=key)
    assert got[0]["deal"] == ps.deal("msc", 1).cards
