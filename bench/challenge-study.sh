#!/bin/sh
# The `stats --challenge` studies behind data/challenge-distributions.txt
# (issue 38, items 4 and 14): score, cards:A and cards:K on msc deals, in
# chunks of seeds taken in turn so that the three tables grow together, at
# nice 19 on one thread (the machine is shared), until DEADLINE (seconds since
# the epoch) or the last seed. Each chunk is its own record file in OUT.
#   bench/challenge-study.sh PYRAMID OUT FIRST LAST CHUNK DEADLINE
# then: bench/challenge-table.py OUT/*.jsonl > data/challenge-distributions.txt
set -eu
pyramid=$1 out=$2 first=$3 last=$4 chunk=$5 deadline=$6
mkdir -p "$out"
a=$first
while [ "$a" -le "$last" ] && [ "$(date +%s)" -lt "$deadline" ]; do
  b=$((a + chunk - 1))
  [ "$b" -le "$last" ] || b=$last
  for c in score cards:A cards:K; do
    [ "$(date +%s)" -lt "$deadline" ] || break
    name=$(echo "$c" | tr ':' '-')
    /usr/bin/time -f "$c $a-$b: %U s user, %e s wall" -a -o "$out/times.txt" \
      nice -n 19 "$pyramid" stats --variant msc --seeds "$a-$b" --challenge "$c" --threads 1 -q \
      --out "$out/$name-$a-$b.jsonl" >/dev/null
  done
  a=$((b + 1))
done
