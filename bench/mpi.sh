#!/usr/bin/env bash
# pyramid-mpi against pyramid stats on the same study and the same cores:
# alternates the two ROUNDS times (fresh record files each time) and prints
# each wall time and the ratio of the means. Not a test.
#
#   bench/mpi.sh [--np N] [--rounds R] [STATS OPTIONS...]
#
# Default study: --variant msc --deals 20000 (msc's own 3 passes). mpirun
# gets --oversubscribe only when N exceeds the cores, and $MPIRUN_OPTS (e.g.
# "--bind-to none": mpirun binds each of 2 or fewer ranks to a core by
# default, which on a loaded machine gives the ranks more CPU than the
# unbound threads of pyramid stats get). As root, set
# OMPI_ALLOW_RUN_AS_ROOT=1 and OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 (done here).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
bin="$root/build/pyramid"
mpi="$root/build/pyramid-mpi"
[ -x "$mpi" ] || "$root/scripts/build"
np=2 rounds=3
while [ $# -gt 0 ]; do
  case "$1" in
    --np) np=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    *) break ;;
  esac
done
study=("$@")
[ ${#study[@]} -gt 0 ] || study=(--variant msc --deals 20000)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_btl_vader_single_copy_mechanism=none
over=()
[ "$np" -le "$(nproc)" ] || over=(--oversubscribe)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
wall() { awk -F'"wall_seconds":' '{split($2, a, ","); printf "%.1f\n", a[1]}' "$1"; }
echo "study: ${study[*]}; $(nproc) cores; mpirun ${MPIRUN_OPTS:+$MPIRUN_OPTS }-np $np; load: $(cut -d' ' -f1-3 /proc/loadavg)"
s_sum=0 m_sum=0
for r in $(seq 1 "$rounds"); do
  rm -f "$tmp"/*.jsonl
  "$bin" stats "${study[@]}" --out "$tmp/s.jsonl" --format json -q > "$tmp/s.json"
  mpirun ${MPIRUN_OPTS:-} "${over[@]}" -np "$np" "$mpi" stats "${study[@]}" --out "$tmp/m.jsonl" --format json -q > "$tmp/m.json"
  s=$(wall "$tmp/s.json") m=$(wall "$tmp/m.json")
  same=$(diff <(sed 's/"seconds":[^,]*,//g; s/"deals_per_second":[^,}]*//g' "$tmp/s.json" | grep -o '"summaries":.*"seeds"') \
              <(sed 's/"seconds":[^,]*,//g; s/"deals_per_second":[^,}]*//g' "$tmp/m.json" | grep -o '"summaries":.*"seeds"') \
         > /dev/null && echo same || echo DIFFERENT)
  echo "round $r: pyramid stats ${s} s, pyramid-mpi -np $np ${m} s (summaries $same)"
  s_sum=$(awk -v a="$s_sum" -v b="$s" 'BEGIN {print a + b}')
  m_sum=$(awk -v a="$m_sum" -v b="$m" 'BEGIN {print a + b}')
done
awk -v s="$s_sum" -v m="$m_sum" -v r="$rounds" \
  'BEGIN {printf "mean: pyramid stats %.1f s, pyramid-mpi %.1f s, mpi/stats = %.3f\n", s / r, m / r, m / s}'
