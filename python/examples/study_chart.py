#!/usr/bin/env python3
"""Runs a small win-rate study with pyramid_solver and draws its chart.

    PYTHONPATH=build/python python3 python/examples/study_chart.py [--deals N] [-o chart.png]

The study: three presets at 1 pass, 3 passes and unlimited passes over PySolFC
deals 1..N, solved on every core (study() runs the workers without the GIL).
Its records go to a record file (the same file `pyramid stats --out` writes,
so `pyramid merge`/`pyramid report` read it too), which read_records() turns
into a pandas DataFrame; the chart shows each rule set's win rate with its 95%
Wilson interval (the interval `pyramid stats` prints), drawn with matplotlib.
"""
import argparse
import math
import os
import sys
import tempfile
import time

import matplotlib

matplotlib.use("Agg")  # no display: draw to a file
import matplotlib.pyplot as plt  # noqa: E402

import pyramid_solver as ps  # noqa: E402

VARIANTS = ["msc", "pyramid", "pharaohs"]
PASSES = [1, 3, "unlimited"]


def wilson(wins, n, z=1.959963984540054):
    """The 95% Wilson score interval of wins/n, as `pyramid stats` computes it."""
    if n == 0:
        return (float("nan"), float("nan"))
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return (centre - half, centre + half)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000, help="PySolFC deals 1..N (default 1000)")
    ap.add_argument("-o", "--output", default="study_chart.png", help="the PNG to write")
    ap.add_argument("--records", help="the record file (default: a temporary file)")
    args = ap.parse_args()

    records = args.records or os.path.join(tempfile.mkdtemp(), "study.jsonl")
    t0 = time.time()
    it = ps.study(VARIANTS, deals=args.deals, passes=PASSES, out=records)
    for n, _rec in enumerate(it, 1):
        if n % 500 == 0 or n == it.total:
            print(f"\r{n}/{it.total} records", end="", file=sys.stderr, flush=True)
    print(f"\n{it.total} records ({args.deals} deals x {it.total // args.deals} rule sets) on {it.threads} threads in {time.time() - t0:.1f} s -> {records}",
          file=sys.stderr)

    df = ps.read_records(records)
    df["passes"] = df["passes"].astype(str)
    table = (df.assign(win=df.verdict == "win", decided=df.verdict != "intractable")
             .groupby(["variant", "passes"], sort=False)
             .agg(deals=("seed", "size"), wins=("win", "sum"), decided=("decided", "sum"),
                  mean_moves=("moves", "mean"), states=("states", "mean")))
    table["win_rate"] = table.wins / table.decided
    table[["ci_low", "ci_high"]] = [wilson(w, n) for w, n in zip(table.wins, table.decided)]
    print(table.round(4).to_string())

    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=120)
    width = 0.8 / len(PASSES)
    colours = ["#4c72b0", "#dd8452", "#55a868"]
    for i, passes in enumerate(map(str, PASSES)):
        rows = table.xs(passes, level="passes").reindex(VARIANTS)
        x = [v + (i - (len(PASSES) - 1) / 2) * width for v in range(len(VARIANTS))]
        ax.bar(x, rows.win_rate * 100, width * 0.9, color=colours[i], label=f"passes {passes}")
        ax.errorbar(x, rows.win_rate * 100,
                    yerr=[(rows.win_rate - rows.ci_low) * 100, (rows.ci_high - rows.win_rate) * 100],
                    fmt="none", ecolor="black", capsize=3, linewidth=1)
        for xi, rate, high in zip(x, rows.win_rate, rows.ci_high):
            ax.text(xi, high * 100 + 1.5, f"{rate * 100:.1f}", ha="center", fontsize=8)
    ax.set_xticks(range(len(VARIANTS)), VARIANTS)
    ax.set_ylabel("win rate (%), 95% Wilson interval")
    ax.set_ylim(0, 100)
    ax.set_title(f"Pyramid win rates, PySolFC deals 1-{args.deals} (pyramid_solver {ps.__version__})")
    ax.legend(loc="upper left", frameon=False)
    ax.grid(axis="y", alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.output)
    print(f"wrote {args.output}", file=sys.stderr)


if __name__ == "__main__":
    main()
