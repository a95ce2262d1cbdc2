# read_records(): a pandas DataFrame with one row per record of `stats --out`
# files (JSON Lines and CSV), study lines skipped.
import json

import pytest

import pyramid_solver as ps
from conftest import read_jsonl, run_cli

pd = pytest.importorskip("pandas")

COLUMNS = ["seed", "variant", "passes", "goal", "overlap", "reserves", "verdict", "moves", "states", "seconds"]


def test_read_records_of_a_stats_file(cli, tmp_path):
    out = tmp_path / "s.jsonl"
    run_cli("stats", "--variant", "msc,giza", "--passes", "1,unlimited", "--seeds", "1-25", "--out", out, "-q")
    studies, records = read_jsonl(out)
    df = ps.read_records(out)
    assert len(studies) == 1 and len(df) == len(records) == 100
    assert list(df.columns) == COLUMNS + ["file"]
    for row, rec in zip(df.to_dict("records"), records):
        for k in COLUMNS:
            want = rec.get(k)
            got = row[k]
            if k == "moves" and want is None:
                assert got is pd.NA
            else:
                assert got == want, (k, row, rec)
    assert (df["file"] == str(out)).all()
    assert df["moves"].dtype == "Int64" and df["states"].dtype == "uint64"
    # What a user does with it: the win rates per rule set equal the summary's.
    summary = json.loads(run_cli("merge", out, "--format", "json").stdout)["summaries"]
    rates = (df.assign(win=df.verdict == "win").groupby(["variant", "passes"], sort=False)["win"].mean())
    for s in summary:
        assert rates[(s["variant"], s["passes"])] == pytest.approx(s["wins"] / s["deals"])


def test_read_records_of_shards_and_csv(cli, tmp_path):
    files = []
    for k in range(3):
        f = tmp_path / f"part{k}.csv"
        run_cli("stats", "--variant", "msc", "--seeds", "1-30", "--shard", f"{k}/3", "--out", f, "-q")
        files.append(f)
    whole = tmp_path / "whole.jsonl"
    run_cli("stats", "--variant", "msc", "--seeds", "1-30", "--out", whole, "-q")
    df = ps.read_records(files)
    assert len(df) == 30 and sorted(df["seed"]) == list(range(1, 31))
    assert list(df["file"].unique()) == [str(f) for f in files]
    cols = ["seed", "verdict", "moves", "states"]
    a = df.sort_values("seed")[cols].reset_index(drop=True)
    b = ps.read_records([whole]).sort_values("seed")[cols].reset_index(drop=True)
    assert a.equals(b)


def test_read_records_of_a_deals_file_study(cli, tmp_path):
    deals = tmp_path / "d.txt"
    deals.write_text(ps.deal("msc", 3).cards + "\n" + ps.deal("msc", 4).cards + "\n")
    out = tmp_path / "d.jsonl"
    run_cli("stats", "--deals-file", deals, "--out", out, "-q")
    df = ps.read_records(out).sort_values("seed")  # file order is completion order
    assert list(df["deal"]) == [ps.deal("msc", 3).cards, ps.deal("msc", 4).cards]
    assert list(df["seed"]) == [1, 2]


def test_read_records_errors(cli, tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"seed": 1}\n{"nonsense": true}\n')
    with pytest.raises(ValueError, match="bad.jsonl"):
        ps.read_records(bad)
    with pytest.raises(ValueError):
        ps.read_records(tmp_path / "missing.jsonl")
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert len(ps.read_records(empty)) == 0
