#!/usr/bin/env bash
# Throughput and win rates of `pyramid stats` on the two studies of issue 4,
# plus the cost of the --out checkpoint on tiny deals. Not a test: prints what
# it measured (machine, load, commands, summaries, CPU time). Long: roughly
# 1-2 hours on 2 idle cores for both studies at 2000 deals.
#
#   bench/stats.sh [--threads N] [--deals N] [--dir DIR] [--fresh] [STUDY...]
#
# STUDY is study1 (msc,solitarium,pharaohs x passes 1,3,unlimited), study2
# (classic,pyramid,cheops) or checkpoint; default all three. The record files
# stay in DIR (default bench/out, not in git), so running the same command
# again after an interruption resumes each study where it stopped: its summary
# then covers every deal, and its "this run" speed line covers that run only.
# --fresh deletes the chosen studies' record files first, for a clean speed measurement.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/build/pyramid"
[ -x "$bin" ] || "$root/scripts/build"
threads=$(nproc)
deals=2000
dir="$root/bench/out"
fresh=0
studies=()
while [ $# -gt 0 ]; do
  case "$1" in
    --threads) threads=$2; shift 2 ;;
    --deals) deals=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    --fresh) fresh=1; shift ;;
    study1|study2|checkpoint) studies+=("$1"); shift ;;
    *) echo "usage: bench/stats.sh [--threads N] [--deals N] [--dir DIR] [--fresh] [study1|study2|checkpoint ...]" >&2
       exit 2 ;;
  esac
done
[ ${#studies[@]} -gt 0 ] || studies=(study1 study2 checkpoint)
mkdir -p "$dir"
if [ $fresh = 1 ]; then
  for s in "${studies[@]}"; do rm -f "$dir/$s-$deals.jsonl"; done
fi

echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); threads: $threads"
echo "commit:  $(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo '?')"
echo "date:    $(date -u '+%F %T UTC'); load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo

TIMEFORMAT="process: wall %R s, cpu user %U s + sys %S s"
run() {  # run NAME ARGS...: one study into DIR/NAME-DEALS.jsonl, text summary
  local name=$1; shift
  local out="$dir/$name-$deals.jsonl"
  echo "\$ pyramid stats $* --threads $threads --out $out --quiet"
  local status=0
  time "$bin" stats "$@" --threads "$threads" --out "$out" --quiet || status=$?
  echo "exit status $status; load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo
}

for s in "${studies[@]}"; do
  case $s in
    study1) run study1 --variant msc,solitarium,pharaohs --passes 1,3,unlimited --deals "$deals" ;;
    study2) run study2 --variant classic,pyramid,cheops --deals "$deals" ;;
    checkpoint)
      # classic deals take microseconds, so a write() per record and an fsync a second show here if anywhere.
      tmp=$(mktemp -d)
      echo "checkpoint cost on tiny deals (classic, 20000 deals, $threads threads):"
      for out in none file; do
        extra=()
        [ $out = file ] && extra=(--out "$tmp/classic.jsonl")
        "$bin" stats --variant classic --deals 20000 --threads "$threads" --quiet --format json "${extra[@]}" >"$tmp/c.json"
        echo "  --out $out: $(grep -o '"wall_seconds":[^,]*,"deals_per_second":[^}]*' "$tmp/c.json")"
      done
      rm -rf "$tmp"
      ;;
  esac
done
