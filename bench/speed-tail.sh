#!/bin/bash
# The per-deal tail of every preset (issue 28): each preset's own rules over
# seeds A-B (default 1-10000), one thread, per-deal records kept; then a table
# of the median, p99 and worst time and states, and the process's peak RSS.
#   bench/speed-tail.sh PYRAMID_BINARY OUTDIR [SEEDS] [CASES_BINARY]
# With CASES_BINARY (build/pyramid_bench_cases) also the worst `solve` of
# each preset with its loss reason, seeds 1-N (SEEDS must then be 1-N): the
# benchmark case [.solve-tail] (bench/cases.cpp), CPU seconds.
set -eu
bin=$1; out=$2; seeds=${3:-1-10000}; tests=${4:-}
mkdir -p "$out"
for v in msc relaxed pyramid cheops pharaohs solitarium classic giza tuts-tomb apophis triangle spanish; do
  rm -f "$out/$v.jsonl"
  /usr/bin/time -f "%M" -o "$out/$v.rss" "$bin" stats --variant "$v" --seeds "$seeds" --threads 1 -q \
      --out "$out/$v.jsonl" > /dev/null
done
python3 - "$out" <<'PY'
import json, sys, os
out = sys.argv[1]
def pct(xs, p):
    xs = sorted(xs); return xs[min(len(xs) - 1, int(p * len(xs)))]
print("| preset | deals | wins | median s | p99 s | worst s (seed) | median states | p99 states | worst states (seed) | peak RSS MB |")
print("|---|---|---|---|---|---|---|---|---|---|")
for v in "msc relaxed pyramid cheops pharaohs solitarium classic giza tuts-tomb apophis triangle spanish".split():
    rs = [json.loads(l) for l in open(os.path.join(out, v + ".jsonl"))]
    rs = [r for r in rs if "verdict" in r]
    t = [r["seconds"] for r in rs]; s = [r["states"] for r in rs]
    wt = max(rs, key=lambda r: r["seconds"]); ws = max(rs, key=lambda r: r["states"])
    rss = int(open(os.path.join(out, v + ".rss")).read().split()[-1]) / 1024
    print(f"| {v} | {len(rs)} | {sum(r['verdict']=='win' for r in rs)} | {pct(t,.5):.5f} | {pct(t,.99):.4f} | "
          f"{wt['seconds']:.3f} ({wt['seed']}) | {pct(s,.5)} | {pct(s,.99)} | {ws['states']} ({ws['seed']}) | {rss:.1f} |")
PY
if [ -n "$tests" ]; then
  echo
  PYR_SOLVE_TAIL_SEEDS=${seeds#1-} "$tests" "[.solve-tail]" | grep -v -e '^Filters' -e '^=====' -e '^All tests passed'
fi
