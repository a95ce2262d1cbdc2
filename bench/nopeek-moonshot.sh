#!/bin/sh
# The no-peek optimum's whole-deal bracket at msc 1 pass (issue 39, the
# moonshot; notes: bench/nopeek-moonshot.md). One thread each, nice 19 (a
# shared 2-core machine); every run resumes from its records under
# bench/moonshot/ (committed, so the notes' numbers can be made again by
# bench/nopeek-moonshot.py), so it can be stopped and run again.
#   A: optimal:0:8:0 over seeds 1-2000: lower = hybrid:8's game (planner:64
#      until 8 cards are not seen, then the exact optimum), upper = the
#      clairvoyant share over 16 sampled orders (the reveal relaxation, d = 0).
#   B: optimal:0:8:1 over the first seeds: the reveal relaxation d = 1 on the
#      same deals as A (paired: what one turn-up without peeking buys).
#   C: optimal:0:8:2 over a few seeds (the cost of d = 2).
#   D: planner:64 on A's deals (the same game seeds: its games are the
#      hybrid's until the switch), for the paired hybrid - planner difference.
# Then bench/nopeek-moonshot.py prints the table from the records.
set -e
cd "$(dirname "$0")/.."
P=${PYRAMID:-bench/moonshot/bin/pyramid}  # a copy: rebuilding build/ does not touch the run
out=bench/moonshot
mkdir -p $out
run() {  # spec seeds name
    /usr/bin/time -f "%U %S %e" -a -o $out/$3.time \
        nice -n 19 $P stats --variant msc --passes 1 --seeds $2 --player $1 --threads 1 --quiet \
        --format json --out $out/$3.jsonl > $out/$3.summary.json
}
case "${1:-A}" in
A) run optimal:0:8:0 1-2000 a ;;
B) run optimal:0:8:1 1-${2:-200} b ;;
C) run optimal:0:8:2 1-${2:-10} c ;;
D) run planner:64 1-${2:-2000} d ;;
esac
