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


def test_merge_equals_pyramid_merge(cli, tmp_path):
    files = []
    for k in range(2):
        f = tmp_path / f"part{k}.{'csv' if k else 'jsonl'}"
        run_cli("stats", "--variant", "msc,pharaohs", "--passes", "1,3", "--seeds", "1-20", "--shard", f"{k}/2",
                "--out", f, "-q")
        files.append(f)
    want = json.loads(run_cli("merge", *files, "--format", "json").stdout)
    got = ps.merge(files)
    assert got["summaries"] == want["summaries"]
    for k in ["tasks", "done", "files", "records_read", "duplicates", "ignored", "records_made_by"]:
        assert got[k] == want[k], k
    assert got["missing"] == 0 and got["notes"] == []
    assert got["definition"] == read_jsonl(files[0])[0][0]["study"]
    # One shard alone: what is missing; a shard of another study and a conflict: merge's messages.
    half = ps.merge(files[0])
    assert half["missing"] == 40 and half["done"] == 40
    other = tmp_path / "other.jsonl"
    run_cli("stats", "--variant", "msc", "--seeds", "1-5", "--out", other, "-q")
    with pytest.raises(ValueError, match="is a record file of another study than"):
        ps.merge([files[0], other])
    err = run_cli("merge", files[0], other, check=False).stderr
    with pytest.raises(ValueError) as e:
        ps.merge([files[0], other])
    assert str(e.value) in err
    with pytest.raises(ValueError, match="no record files"):
        ps.merge([])
