#!/usr/bin/env bash
# Throughput and win rates of `pyramid stats` on the two studies of issue 4,
# plus the cost of the --out checkpoint on tiny deals. Not a test: prints what
# it measured (machine, load, commands, summaries). Takes ~30 min on 2 cores.
#
#   bench/stats.sh [--threads N] [--deals N]     (defaults: every core, 2000)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/build/pyramid"
[ -x "$bin" ] || "$root/scripts/build"
threads=$(nproc)
deals=2000
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --deals) deals=$2; shift 2 ;;
    *) echo "usage: bench/stats.sh [--threads N] [--deals N]" >&2; exit 2 ;;
  esac
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
echo "commit:  $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

run() {  # run NAME ARGS...: one study, fresh record file, text summary
  local name=$1; shift
  echo "\$ pyramid stats $* --threads $threads --out $name.jsonl --quiet"
  local t0 t1
  t0=$(date +%s.%N)
  "$bin" stats "$@" --threads "$threads" --out "$tmp/$name.jsonl" --quiet
  t1=$(date +%s.%N)
  echo "wall (whole process): $(awk "BEGIN{printf \"%.1f\", $t1 - $t0}") s; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
}

run study1 --variant msc,solitarium,pharaohs --passes 1,3,unlimited --deals "$deals"
run study2 --variant classic,pyramid,cheops --deals "$deals"

# Checkpoint cost: classic deals take microseconds, so the write()+periodic fsync per record shows here if anywhere.
echo "checkpoint cost on tiny deals (classic, 20000 deals):"
for out in none file; do
  extra=()
  [ $out = file ] && extra=(--out "$tmp/classic.jsonl")
  t0=$(date +%s.%N)
  "$bin" stats --variant classic --deals 20000 --threads "$threads" --quiet --format json "${extra[@]}" >"$tmp/c.json"
  t1=$(date +%s.%N)
  echo "  --out $out: $(awk "BEGIN{printf \"%.1f\", $t1 - $t0}") s wall, $(grep -o '"deals_per_second":[0-9.eE+-]*}' "$tmp/c.json" | tail -1 | tr -d '}')"
done
