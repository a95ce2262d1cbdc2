#!/bin/bash
# The runs behind bench/nopeek.md: each rule set played by greedy, sampler:32
# and planner:32 (stats --player; the thoughtful verdict comes in every
# record), then bench/nopeek-table.py for the table and compare-players for
# the paired counts. usage: bench/nopeek.sh [PYRAMID] [OUTDIR] [SCALE]
# (SCALE divides the deal counts: 1 = msc 10,000 and the others 2,000).
# THREADS (default 2) workers, at nice 10 (the machine is shared). An --out
# file already there is resumed (stats --out), so a cut run goes on where it
# stopped; the .txt holds the run's output and its /usr/bin/time line.
P=${1:-build/pyramid} D=${2:-nopeek-runs} S=${3:-1}
mkdir -p "$D"
run() { /usr/bin/time -f "%U user %S sys %e wall" nice -n 10 "$P" stats --variant $1 --passes $2 --seeds 1-$3 --player $4 \
          --threads ${THREADS:-2} -q --out "$D/$1$2-$4.jsonl" > "$D/$1$2-$4.txt" 2>&1; }
for rs in "msc 1 10000" "msc 3 10000" "cheops 1 2000" "cheops 3 2000" "pharaohs 1 2000" "pharaohs 3 2000" "classic 1 2000"; do
  set -- $rs
  for p in greedy sampler:32 planner:32; do run $1 $2 $(($3 / S)) $p; done
  "$P" compare-players "$D/$1$2-sampler:32.jsonl" "$D/$1$2-planner:32.jsonl"
done
python3 "$(dirname "$0")/nopeek-table.py" "$P" "$D"
