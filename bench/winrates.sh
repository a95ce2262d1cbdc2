#!/usr/bin/env bash
# Win rate of a preset over a range of PySolFC deal numbers, with a 95% Wilson
# score interval. A stopgap until `pyramid stats`: it runs `pyramid solve` once
# per deal, in parallel, and counts the verdicts. Deals that hit the
# --max-states budget are "intractable": reported apart and left out of the
# rate (they are neither wins nor losses), with the range the rate would span
# if they all went one way.
#
# usage: bench/winrates.sh [-f FIRST] [-l LAST] [-m MAX_STATES] [-j JOBS] [-o LOG] VARIANT [SOLVE OPTIONS...]
#   defaults: deals 1-2000, 20000000 states, one job per core; -o keeps "seed verdict states seconds" lines.
# example: bench/winrates.sh giza --reserves open
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
first=1 last=2000 max_states=20000000 jobs=$(nproc) log=""
while getopts "f:l:m:j:o:" opt; do
  case $opt in
    f) first=$OPTARG ;;
    l) last=$OPTARG ;;
    m) max_states=$OPTARG ;;
    j) jobs=$OPTARG ;;
    o) log=$OPTARG ;;
    *) echo "usage: $0 [-f FIRST] [-l LAST] [-m MAX_STATES] [-j JOBS] [-o LOG] VARIANT [SOLVE OPTIONS...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || { echo "$0: give a variant" >&2; exit 2; }
variant=$1
shift
bin="$root/build/pyramid"
[ -x "$bin" ] || "$root/scripts/build"

# A bad variant or option fails every deal the same way: say so once, up front.
if ! err=$("$bin" solve --variant "$variant" --seed "$first" --max-states 1 --format json "$@" 2>&1 >/dev/null); then
  echo "$0: $err" >&2
  exit 2
fi

out=$(mktemp)
trap 'rm -f "$out"' EXIT
start=$(date +%s)
# One line per deal: seed, verdict, states, seconds (pulled from the JSON).
# sh -c gets: $0 the binary, $1 the variant, $2 the budget, then the extra options.
seq "$first" "$last" | xargs -P "$jobs" -I{} sh -c '
  bin=$0 variant=$1 budget=$2
  shift 2
  j=$("$bin" solve --variant "$variant" --seed {} --format json --max-states "$budget" "$@" 2>&1 | tail -n 1)
  v=$(printf "%s" "$j" | sed -n "s/.*\"verdict\":\"\([a-z]*\)\".*/\1/p")
  st=$(printf "%s" "$j" | sed -n "s/.*\"states\":\([0-9]*\).*/\1/p")
  se=$(printf "%s" "$j" | sed -n "s/.*\"seconds\":\([0-9.eE+-]*\).*/\1/p")
  echo "{} ${v:-error} ${st:-0} ${se:-0}"
' "$bin" "$variant" "$max_states" "$@" >"$out"
elapsed=$(($(date +%s) - start))
sort -n "$out" -o "$out"
[ -z "$log" ] || cp "$out" "$log"

awk -v variant="$variant" -v first="$first" -v last="$last" -v max_states="$max_states" \
    -v elapsed="$elapsed" -v extra="$*" '
  { n[$2]++; secs += $4; if ($4 > worst) { worst = $4; worst_seed = $1 } }
  $2 == "intractable" { hard = hard (hard == "" ? "" : " ") $1 }
  $2 == "error" { bad = bad (bad == "" ? "" : " ") $1 }
  function wilson(w, t,    z, p, c, h) {
    z = 1.959964; p = w / t
    c = (p + z * z / (2 * t)) / (1 + z * z / t)
    h = z * sqrt(p * (1 - p) / t + z * z / (4 * t * t)) / (1 + z * z / t)
    return sprintf("%.2f%% [%.2f%%, %.2f%%]", 100 * p, 100 * (c - h), 100 * (c + h))
  }
  END {
    w = n["win"] + 0; l = n["lose"] + 0; i = n["intractable"] + 0; e = n["error"] + 0
    printf "%s%s: deals %d-%d, --max-states %d\n", variant, (extra == "" ? "" : " " extra), first, last, max_states
    printf "  win %d, lose %d, intractable %d, error %d\n", w, l, i, e
    if (w + l > 0) printf "  win rate over the %d decided deals: %s (95%% Wilson)\n", w + l, wilson(w, w + l)
    if (i > 0) {
      printf "  intractable deals: %s\n", hard
      printf "  if every intractable deal were lost / won: %.2f%% / %.2f%% of %d\n",
             100 * w / (w + l + i), 100 * (w + i) / (w + l + i), w + l + i
    }
    if (e > 0) printf "  errors (no verdict): %s\n", bad
    printf "  solver time %.1f s in all (slowest: deal %s, %.1f s); wall %d s\n", secs, worst_seed, worst, elapsed
  }' "$out"
# Any deal without a verdict makes the run fail.
! grep -q " error " "$out"
