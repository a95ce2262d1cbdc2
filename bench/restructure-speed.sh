#!/bin/bash
# Issue 32's speed check (bench/restructure-speed.md): OLD and NEW `pyramid`
# alternately, one thread, on the three workloads the issue names, ROUNDS
# times (default 3). Prints one line a run: round, workload, which binary,
# user and wall seconds, and the load average before the run.
#   bench/restructure-speed.sh OLD NEW [ROUNDS]
set -euo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_PYRAMID NEW_PYRAMID [ROUNDS]" >&2
    exit 2
fi
old=$1 new=$2 rounds=${3:-3}
workloads=("msc --passes 1 --seeds 1-2000" "pharaohs --seeds 1-1000" "tuts-tomb --seeds 1-1000")
for ((r = 1; r <= rounds; r++)); do
    for w in "${workloads[@]}"; do
        # Old first in odd rounds, new first in even ones.
        if ((r % 2)); then order=(old new); else order=(new old); fi
        for which in "${order[@]}"; do
            bin=$old
            [ "$which" = new ] && bin=$new
            load=$(cut -d' ' -f1 /proc/loadavg)
            t=$({ /usr/bin/time -f "%U %e" "$bin" stats --variant $w --threads 1 --format csv >/dev/null; } 2>&1 | tail -1)
            echo "$r | $w | $which | ${t% *} | ${t#* } | $load"
        done
    done
done
