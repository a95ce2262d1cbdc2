#!/usr/bin/env python3
"""The across-deals odds' table (data/challenge-distributions.txt) from the
per-deal challenge outcomes of seeded deals.

    build/pyramid_challenge_outcomes --variant msc --seeds 1-1000 > a.tsv
    build/pyramid_challenge_outcomes --variant msc --seeds 1001-2000 > b.tsv
    bench/challenge-table.py a.tsv b.tsv > data/challenge-distributions.txt

Each input line (bench/challenge_outcomes.cpp): seed, then for score, cards:A
and cards:K the best with the tableau cleared and the best without ('-': no
line of that kind, '?': the search's budget ran out), then the positions
searched. A seed met twice counts once. A deal with a '?' is left out of
every table (and the header says how many); solver/across.cpp reads the
result (`table NAME`, `source TEXT`, rows `CLEAR OPEN DEALS`)."""
import collections
import sys

COLUMNS = [("score", 1, 2), ("cards:A", 3, 4), ("cards:K", 5, 6)]


def seed_ranges(seeds):
    out, start, prev = [], None, None
    for s in sorted(seeds):
        if start is None:
            start = prev = s
        elif s == prev + 1:
            prev = s
        else:
            out.append((start, prev))
            start = prev = s
    if start is not None:
        out.append((start, prev))
    return ",".join(f"{a}-{b}" if a != b else str(a) for a, b in out)


def main(paths):
    deals = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                if line.startswith("#") or not line.strip():
                    continue
                cols = line.rstrip("\n").split("\t")
                if len(cols) != 8:
                    sys.exit(f"{path}: not an outcome line: {line!r}")
                deals[int(cols[0])] = cols
    if not deals:
        sys.exit("no deals")
    incomplete = sorted(s for s, c in deals.items() if "?" in c[1:7])
    complete = {s: c for s, c in deals.items() if s not in incomplete}
    seeds = seed_ranges(deals)
    states = sum(int(c[7]) for c in deals.values())
    print("# The per-deal challenge outcomes of random msc deals (issue 34): for each")
    print("# table, how many deals could make each pair (the most with the tableau")
    print("# cleared, the most without; '-': no line of that kind), exact (the")
    print("# challenge searches of solver/challenge.h, every line replayed by the verifier).")
    print(f"# Deals: `pyramid solve --variant msc --seed N` for N in {seeds} ({len(deals)} deals;")
    if incomplete:
        print(f"# {len(incomplete)} left out, a budget of 50,000,000 positions ran out: {' '.join(map(str, incomplete))}).")
    else:
        print("# every one complete within the budget of 50,000,000 positions a search).")
    print("# Made by bench/challenge-table.py from build/pyramid_challenge_outcomes")
    print(f"# --variant msc --seeds ... ({states} positions searched in all); read by")
    print("# solver/across.cpp (embedded at build time): the across-deals odds.")
    print("# cards:A serves every rank that pairs (any such rank is an Ace by relabelling")
    print("# the ranks), cards:K the Kings; the board table is cards:A's, a clear or not.")
    for name, ci, oi in COLUMNS:
        rows = collections.Counter((c[ci], c[oi]) for c in complete.values())
        print()
        print(f"table {name}")
        print(f"source pyramid_challenge_outcomes --variant msc --seeds {seeds} ({len(complete)} deals, bench/challenge-table.py)")
        key = lambda kv: tuple(-1 if x == "-" else int(x) for x in kv[0])
        for (clear, open_), n in sorted(rows.items(), key=key):
            print(f"{clear} {open_} {n}")


if __name__ == "__main__":
    main(sys.argv[1:])
