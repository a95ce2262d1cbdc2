#!/usr/bin/env bash
# The table of bench/winrates.md: every preset with its own passes and, where
# the preset can take them, 1 and unlimited passes, each with and without
# overlap: win rate, 95% Wilson interval, intractable count, deals, wall time.
# Not a test: prints a Markdown table on stdout (progress on stderr).
#
#   bench/winrates-table.sh [--deals N] [--slow-deals N] [--published-deals N]
#                           [--slow-below R] [--max-states N] [--probe N] [--threads N] [--dir DIR] [PRESET...]
#
# Each row is one `pyramid stats` run with its own record file in DIR
# (default bench/out/winrates), so an interrupted table resumes where it
# stopped (its wall time is summed over the runs). A row starts with a probe
# of 200 deals (--probe; part of the same study); rule sets slower than --slow-below
# deals/s (default 100) then get --slow-deals (default 10000) deals, the
# others --deals (default 100000); msc and cheops at 1 pass (the published
# rows) get --published-deals (default 1000000).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="${PYRAMID:-$root/build/pyramid}"  # PYRAMID: another binary (e.g. a copy, while build/ changes)
[ -x "$bin" ] || "$root/scripts/build"
deals=100000 slow_deals=10000 published=1000000 slow_below=100 threads=0 max_states=100000000 probe=200
dir="$root/bench/out/winrates"
presets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --deals) deals=$2; shift 2 ;;
    --slow-deals) slow_deals=$2; shift 2 ;;
    --published-deals) published=$2; shift 2 ;;
    --slow-below) slow_below=$2; shift 2 ;;
    --threads) threads=$2; shift 2 ;;
    --max-states) max_states=$2; shift 2 ;;
    --probe) probe=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    -*) sed -n '2,18p' "$0" >&2; exit 2 ;;
    *) presets+=("$1"); shift ;;
  esac
done
[ ${#presets[@]} -gt 0 ] || presets=($("$bin" variants | awk '{print $1}'))
mkdir -p "$dir"
thread_opt=()
[ "$threads" = 0 ] || thread_opt=(--threads "$threads")

# One study run: prints its wall seconds.
run() {  # out deals args...
  local out=$1 n=$2; shift 2
  local t0 t1
  t0=$(date +%s.%N)
  "$bin" stats "$@" --deals "$n" --max-states "$max_states" --out "$out" --format csv -q "${thread_opt[@]}" > "$out.csv"
  t1=$(date +%s.%N)
  awk -v a="$t0" -v b="$t1" 'BEGIN {printf "%.1f\n", b - a}'
}

echo "| preset | passes | overlap | deals | wins | losses | intractable | win rate | 95% Wilson interval | wall s |"
echo "|---|---|---|---|---|---|---|---|---|---|"
for p in "${presets[@]}"; do
  own=$("$bin" stats --variant "$p" --deals 1 --max-states 1 --format csv -q | awk -F, 'NR==2 {print $2}')
  list=("$own")
  # giza deals every card face up: no stock, so passes change nothing.
  if [ "$p" != giza ]; then
    for x in 1 unlimited; do
      [ "$x" = "$own" ] && continue
      "$bin" stats --variant "$p" --passes "$x" --deals 1 --max-states 1 -q > /dev/null 2>&1 && list+=("$x")
    done
  fi
  for x in "${list[@]}"; do
    for o in off on; do
      out="$dir/$p-$x-$o.jsonl"
      args=(--variant "$p" --passes "$x" --overlap "$o")
      wall=0
      [ -f "$out.wall" ] && wall=$(cat "$out.wall")
      # The probe: the first 200 deals, and the speed that picks the row's size.
      w=$(run "$out" "$probe" "${args[@]}")
      wall=$(awk -v a="$wall" -v b="$w" 'BEGIN {printf "%.1f\n", a + b}')
      rate=$(awk -F, 'NR==2 && $18 > 0 {printf "%d", $18 * 1}' "$out.csv")  # deals per worker second
      n=$deals
      [ "${rate:-0}" -lt "$slow_below" ] && n=$slow_deals
      if [ "$x" = 1 ] && [ "$o" = off ] && { [ "$p" = msc ] || [ "$p" = cheops ]; }; then n=$published; fi
      echo "winrates: $p passes $x overlap $o: ${rate:-?} deals/s per worker, $n deals" >&2
      w=$(run "$out" "$n" "${args[@]}")
      wall=$(awk -v a="$wall" -v b="$w" 'BEGIN {printf "%.1f\n", a + b}')
      echo "$wall" > "$out.wall"
      awk -F, -v p="$p" -v x="$x" -v o="$o" -v wall="$wall" 'NR==2 {
        rate = $11 == "" ? "-" : sprintf("%.2f%%", 100 * $11)
        ci = $12 == "" ? "-" : sprintf("%.2f%% - %.2f%%", 100 * $12, 100 * $13)
        printf "| %s | %s | %s | %d | %d | %d | %d | %s | %s | %.0f |\n", p, x, o, $7, $8, $9, $10, rate, ci, wall
      }' "$out.csv"
    done
  done
done
