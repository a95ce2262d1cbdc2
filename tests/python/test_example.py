# python/examples/study_chart.py: runs, prints the win rates of `pyramid
# stats` for the same study, and draws a chart that is not blank.
import json
import os
import pathlib
import subprocess
import sys

import pytest

from conftest import ROOT, run_cli

pytest.importorskip("matplotlib")


def test_study_chart_example(cli, tmp_path):
    png, records = tmp_path / "chart.png", tmp_path / "records.jsonl"
    p = subprocess.run([sys.executable, str(ROOT / "python" / "examples" / "study_chart.py"), "--deals", "40",
                        "-o", str(png), "--records", str(records)],
                       capture_output=True, text=True, timeout=300, env=os.environ)
    assert p.returncode == 0, p.stderr
    # Its table's win rates are those of `pyramid stats` on the same study.
    want = json.loads(run_cli("stats", "--variant", "msc,pyramid,pharaohs", "--passes", "1,3,unlimited",
                              "--deals", 40, "--format", "json", "-q").stdout)["summaries"]
    lines = p.stdout.splitlines()
    assert len(want) == 9
    variant = None
    rates = {}
    assert lines[0].split() == ["deals", "wins", "decided", "mean_moves", "states", "win_rate", "ci_low", "ci_high"]
    for line in lines[2:]:  # "msc  1  40 ..." then "     3  40 ..." (the variant only on its first row)
        words = line.split()
        if len(words) == 10:
            variant = words.pop(0)
        rates[(variant, words[0])] = float(words[6])
    for s in want:
        assert rates[(s["variant"], str(s["passes"]))] == pytest.approx(s["win_rate"], abs=5e-5)
    # The record file is a stats record file: merge reads it.
    merged = json.loads(run_cli("merge", records, "--format", "json").stdout)
    assert merged["done"] == 9 * 40
    # A PNG with a chart on it: a good share of its pixels are not the white background.
    import matplotlib.image
    img = matplotlib.image.imread(str(png))
    assert img.shape[0] > 300 and img.shape[1] > 600
    ink = (img[:, :, :3].sum(axis=2) < 2.9).mean()
    assert ink > 0.05, ink
