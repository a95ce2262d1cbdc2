#!/usr/bin/env bash
# The Slurm route, tested (ctest label slurm, Release build only): the scripts
# of docs/cluster.md (scripts/slurm/*.sbatch, which the page shows verbatim:
# checked first) submitted to a real one-node Slurm that this test starts and
# stops itself (Debian's slurm-wlm and munge: munged on its own socket with a
# key made here, slurmctld and slurmd on localhost with ProctrackType
# proctrack/linuxproc, TaskPlugin task/none, no accounting, state and spool
# in a scratch folder, root as SlurmUser):
#   1. a 4-task job array of `pyramid stats --shard K/4` and a merge job that
#      depends on it (afterok): the merged summary equals `pyramid stats` on
#      the same study;
#   2. `srun --mpi=pmix -n 2 pyramid-mpi stats`: its summary equals it too,
#      with 2 ranks.
# Summaries are compared without their timings and provenance. Every wait is
# bounded; the daemons are stopped and the scratch folder removed on any exit.
# Skipped (77) when slurm-wlm or munge is missing (scripts/setup --test
# installs them); the MPI part is skipped (and the test then exits 77 after
# the array part passed) when pyramid-mpi is not built or Slurm has no pmix.
#
# usage: slurm_test.sh SOURCE_DIR PYRAMID [PYRAMID_MPI]
set -uo pipefail
src=$(realpath "$1") pyramid=$(realpath "$2") pyramid_mpi=${3:+$(realpath "$3")}
t_start=$(date +%s)
say() { echo "slurm_test [$(( $(date +%s) - t_start )) s]: $*"; }
fail() { say "FAIL: $*"; exit 1; }

# ---- the documented scripts are these files
for f in "$src"/scripts/slurm/*.sbatch; do
  python3 - "$f" "$src/docs/cluster.md" <<'EOF' || fail "docs/cluster.md does not show $(basename "$f") as it is"
import sys
script, page = (open(p).read() for p in sys.argv[1:])
sys.exit(0 if "```sh\n" + script + "```" in page else 1)
EOF
done

for tool in slurmctld slurmd sbatch srun squeue sinfo scancel munged mungekey; do
  command -v "$tool" >/dev/null || { echo "skipped: $tool is missing (scripts/setup --test installs slurm-wlm and munge)"; exit 77; }
done

[ "$(id -u)" = 0 ] || { echo "skipped: the one-node Slurm runs its daemons as root (SlurmUser=root)"; exit 77; }

scratch=$(mktemp -d /tmp/pyramid-slurm.XXXXXX)
chmod 755 "$scratch"  # munged wants every folder above its socket searchable
ctld_pid= slurmd_pid= waiting=
# A command bounded in time, waited for so that a signal to this script is
# handled at once (bash runs traps only between foreground commands).
bounded() {  # SECONDS COMMAND...
  timeout "$1" "${@:2}" &
  waiting=$!
  wait "$waiting"
  local rc=$?
  waiting=
  return $rc
}
cleanup() {
  [ -n "$waiting" ] && kill "$waiting" 2>/dev/null
  if [ -n "$ctld_pid" ]; then scancel --quiet --user="$(id -un)" 2>/dev/null; fi
  for i in $(seq 20); do [ -z "$(squeue -h 2>/dev/null)" ] && break; sleep 0.5; done
  [ -n "$slurmd_pid" ] && kill "$slurmd_pid" 2>/dev/null
  [ -n "$ctld_pid" ] && kill "$ctld_pid" 2>/dev/null
  [ -f "$scratch/munged.pid" ] && kill "$(cat "$scratch/munged.pid")" 2>/dev/null
  wait 2>/dev/null
  if [ "${keep:-}" != 1 ]; then rm -rf "$scratch"; else echo "kept $scratch"; fi
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# ---- munge: a key and a daemon of our own
mungekey --create --keyfile="$scratch/munge.key" || fail "mungekey"
chmod 600 "$scratch/munge.key"
munged --socket="$scratch/munge.sock" --key-file="$scratch/munge.key" --log-file="$scratch/munged.log" \
       --pid-file="$scratch/munged.pid" --seed-file="$scratch/munged.seed" || fail "munged: $(cat "$scratch/munged.log")"

# ---- slurm.conf: one node (this host, 2 CPUs), ports of our own
host=$(hostname -s)
port=$(( 20000 + ($$ % 5000) * 2 ))
mkdir -p "$scratch/state" "$scratch/spool" "$scratch/work"
cat > "$scratch/slurm.conf" <<EOF
ClusterName=pyramidtest
SlurmctldHost=$host
SlurmctldPort=$port
SlurmdPort=$(( port + 1 ))
AuthType=auth/munge
AuthInfo=socket=$scratch/munge.sock
CredType=cred/munge
SlurmUser=root
SlurmdUser=root
StateSaveLocation=$scratch/state
SlurmdSpoolDir=$scratch/spool
SlurmctldPidFile=$scratch/slurmctld.pid
SlurmdPidFile=$scratch/slurmd.pid
SlurmctldLogFile=$scratch/slurmctld.log
SlurmdLogFile=$scratch/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SwitchType=switch/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SlurmdParameters=config_overrides
ReturnToService=2
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=test Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOF
export SLURM_CONF=$scratch/slurm.conf
slurmctld -D -i -f "$SLURM_CONF" > "$scratch/slurmctld.out" 2>&1 &
ctld_pid=$!
slurmd -D -f "$SLURM_CONF" > "$scratch/slurmd.out" 2>&1 &
slurmd_pid=$!
for i in $(seq 60); do
  [ "$(sinfo -h -o %t 2>/dev/null)" = idle ] && break
  kill -0 "$ctld_pid" 2>/dev/null && kill -0 "$slurmd_pid" 2>/dev/null || break
  sleep 0.5
done
[ "$(sinfo -h -o %t 2>/dev/null)" = idle ] ||
  fail "Slurm did not come up: $(tail -5 "$scratch/slurmctld.out" "$scratch/slurmd.out" "$scratch/slurmctld.log" 2>&1)"
say "Slurm up: $(sinfo -h -o '%P %a %D %t %N %c CPUs')"

# ---- the study, and the summary every route must give
export STUDY="--variant msc,pharaohs --passes 1,3 --seeds 1-200"
export PYRAMID=$pyramid PYRAMID_MPI=$pyramid_mpi
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cd "$scratch/work" || fail "cd"
# shellcheck disable=SC2086
bounded 120 "$pyramid" stats $STUDY --format json -q > reference.json || fail "pyramid stats"
same_summary() {  # FILE: the same summary as reference.json, timings and provenance aside
  python3 - "$1" reference.json <<'EOF'
import json, sys
def strip(path):
    d = json.load(open(path))
    rows = [{k: v for k, v in s.items() if k not in ("seconds", "deals_per_second")} for s in d["summaries"]]
    return rows, d["seeds"], d["tasks"], d["done"], d["partial"]
got, want = strip(sys.argv[1]), strip(sys.argv[2])
if got != want:
    print("summaries differ:\n got  %s\n want %s" % (got, want))
    sys.exit(1)
print("same summary: %d rule sets, %d tasks, wins %s" % (len(got[0]), got[2], [r["wins"] for r in got[0]]))
EOF
}

# ---- 1. the job array of shards, and the merge that depends on it
array=$(sbatch --parsable --array=0-3 --cpus-per-task=1 --ntasks=1 --time=10 --output=shard-%a.log \
        "$src/scripts/slurm/pyramid-shards.sbatch") || fail "sbatch pyramid-shards.sbatch"
array=${array%%;*}
say "submitted the job array $array (4 shards)"
bounded 240 sbatch --parsable --wait --dependency="afterok:$array" --kill-on-invalid-dep=yes --time=10 \
        --output=merge.log "$src/scripts/slurm/pyramid-merge.sbatch" > merge.jobid ||
  fail "the merge job failed: $(cat merge.log shard-*.log 2>&1 | tail -20)"
say "merge job $(cat merge.jobid) done after array $array: $(ls big.part*.jsonl | tr '\n' ' ')"
same_summary big.json || fail "the merged summary differs from pyramid stats"
python3 -c 'import json,sys; d=json.load(open("big.json")); sys.exit(d["done"] != d["tasks"])' || fail "merge: tasks missing"

# ---- 2. pyramid-mpi under srun --mpi=pmix, 2 ranks
if [ -z "$pyramid_mpi" ]; then say "pyramid-mpi is not built: the MPI part is skipped"; exit 77; fi
if ! srun --mpi=list 2>&1 | grep -qw pmix; then say "Slurm has no pmix plugin: the MPI part is skipped"; exit 77; fi
export OUT=mpi
bounded 240 sbatch --parsable --wait --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 --time=10 --output=mpi.log \
        "$src/scripts/slurm/pyramid-mpi.sbatch" > mpi.jobid || fail "the MPI job failed: $(tail -20 mpi.log)"
say "MPI job $(cat mpi.jobid) done"
same_summary mpi.json || fail "pyramid-mpi's summary differs from pyramid stats"
python3 -c 'import json,sys; d=json.load(open("mpi.json")); sys.exit(d["ranks"] != 2)' || fail "pyramid-mpi did not run 2 ranks"
say "pass: the job array + merge and srun --mpi=pmix -n 2 pyramid-mpi give the summary of pyramid stats"
