#!/usr/bin/env python3
"""Grade thresholds from `pyramid stats --measures` record files (JSON Lines).

    bench/measures-thresholds.py STUDY.jsonl...

For each rule set in the files: the won deals, the quartiles (nearest rank)
of the difficulty over them, and the row for builtin_threshold_rows() in
solver/measures.cpp: the rule set named by every rule of the schema that
changes play (engine/rules.h's play_rules_name), as the records carry them.
Records of one rule set and seed met twice (a resumed or merged file) count
once. bench/measures.md lists the studies. The rule schema comes from the
Python module: run with the build's python/ on PYTHONPATH."""
import json
import math
import sys

import pyramid_solver

# The rules that change play, in table order (the schema).
PLAY_RULES = [r["key"] for r in pyramid_solver.rule_schema() if r["changes_play"]]


def rule_text(value):
    # A record's JSON value as the rule's canonical text (overlap true -> on).
    if value is True:
        return "on"
    if value is False:
        return "off"
    return str(value)


def nearest_rank(sorted_values, q):
    # The smallest value with at least q of the values at or below it.
    return sorted_values[max(0, math.ceil(q * len(sorted_values)) - 1)]


def main(paths):
    sets = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                if "seed" not in r or "verdict" not in r:
                    continue
                key = r["variant"] + ":" + ",".join(f"{k}={rule_text(r[k])}" for k in PLAY_RULES if k in r)
                s = sets.setdefault(key, {"deals": {}, "seeds": []})
                s["deals"][r["seed"]] = r
    for name, s in sorted(sets.items()):
        deals = s["deals"].values()
        won = [r for r in deals if r["verdict"] == "win"]
        diffs = sorted(r["difficulty"] for r in won if r.get("difficulty") is not None)
        incomplete = len(won) - len(diffs)
        seeds = sorted(int(r["seed"]) for r in deals if str(r["seed"]).isdigit())
        span = f"{seeds[0]}-{seeds[-1]}" if seeds else "?"
        if not diffs:
            print(f"{name}: {len(deals)} deals (seeds {span}), {len(won)} won: no thresholds")
            continue
        q = [nearest_rank(diffs, x) for x in (0.25, 0.5, 0.75)]
        qs = ", ".join(f"{x:g}" for x in q)
        shares = [sum(1 for d in diffs if d <= q[0]), sum(1 for d in diffs if q[0] < d <= q[1]),
                  sum(1 for d in diffs if q[1] < d <= q[2]), sum(1 for d in diffs if d > q[2])]
        share = "/".join(f"{100 * x / len(diffs):.0f}" for x in shares)
        print(f"{name}: {len(deals)} deals (seeds {span}), {len(won)} won"
              f"{f' ({incomplete} incomplete)' if incomplete else ''}; quartiles {qs}; "
              f"easy/medium/hard/expert {share}%")
        print(f'    {{"{name}", {len(diffs)}, {{{qs}}}}},')


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    main(sys.argv[1:])
