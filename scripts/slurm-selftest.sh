#!/usr/bin/env bash
# A real Slurm on this one machine, running the Rex 5x5 full map as a 25-task job array plus
# the merge job (scripts/slurm/submit.sh), checked against a single-process run of the same
# map and against Solrex's answers (../shared/data/solrex/rex5x5opening.dat).
#
#   scripts/slurm-selftest.sh            (as root, or with slurm-wlm and munge installed and
#                                         munged running)
#
# 1. Installs slurm-wlm and munge from the distribution's packages if missing (apt-get).
# 2. Writes a single-node slurm.conf for this machine under a fresh state folder (no cgroups:
#    proctrack/linuxproc, task/none; no accounting database), on ports of its own.
# 3. Starts munged (unless one runs), slurmctld and slurmd; stops those it started on exit.
# 4. Runs `gsolve rex map --size 5x5` as one process, then submits the same map as 25 shards
#    and the merge job (--dependency=afterok, with SAME_AS: the merge itself compares with
#    the single run, timing columns aside), waits at most TIMEOUT seconds (600), and checks
#    that every task and the merge completed, that the merge equals the single run, and that
#    both maps agree with Solrex (`gsolve rex map-check`).
# 5. Loses shard 3's part and cuts shard 11's, and checks that `submit.sh --resubmit` submits
#    exactly those two and that the merge again equals the single run.
# 6. Runs the Rex table (boards up to 20 cells, 4 shards), the Dark Hex table (boards up to 3
#    cells, 2000 iterations, 3 shards), a Hexecs perft 3 (4 shards), Dola self-play (6 games
#    at depth 1, 3 shards) and a balance study (2 ranges of 4 games) as arrays too, against
#    single runs.
#
# Environment: GSOLVE (target/release/gsolve, built if missing), TIMEOUT (600), KEEP=1 keeps
# the state folder (logs, parts, merged map). Prints the timings; exit 0 when every check
# passes.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
TIMEOUT=${TIMEOUT:-600}
GSOLVE=${GSOLVE:-$root/target/release/gsolve}
SUITE=${SUITE:-$root/../shared/data/solrex/rex5x5opening.dat}
t0=$(date +%s.%N)
since() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# 1. Packages.
if ! command -v slurmctld >/dev/null || ! command -v slurmd >/dev/null \
  || ! command -v sbatch >/dev/null || ! command -v munged >/dev/null; then
  [ "$(id -u)" = 0 ] || { echo "slurm-selftest: slurm-wlm and munge are missing; run as root to install them" >&2; exit 2; }
  echo "installing slurm-wlm and munge"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null \
    || { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q slurm-wlm munge >/dev/null; }
fi
[ -x "$GSOLVE" ] || scripts/cargo-locked build --release -p gsolve
[ -f "$SUITE" ] || { echo "slurm-selftest: no Solrex file $SUITE" >&2; exit 2; }
t_setup=$(since "$t0")

# 2. A single-node cluster of this machine.
STATE=$(mktemp -d /tmp/gsolve-slurm-selftest.XXXXXX)
chmod 755 "$STATE"
host=$(hostname -s)
cpus=$(nproc)
mem_mb=$(awk '/MemTotal/ { printf "%d", $2 / 1024 / 2 }' /proc/meminfo)
export SLURM_CONF=$STATE/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=gsolve-selftest
MailProg=/bin/true
SlurmctldHost=$host
SlurmUser=root
SlurmdUser=root
SlurmctldPort=16817
SlurmdPort=16818
AuthType=auth/munge
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU_Memory
ReturnToService=2
MinJobAge=3600
StateSaveLocation=$STATE/ctld
SlurmdSpoolDir=$STATE/spool
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/slurmctld.log
SlurmdLogFile=$STATE/slurmd.log
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=selftest Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
mkdir -p "$STATE/ctld" "$STATE/spool" "$STATE/logs"

# 3. Daemons; those started here are stopped on exit.
started=()
cleanup() {
  local rc=$?
  for pidfile in "${started[@]}"; do
    [ -f "$pidfile" ] && kill "$(cat "$pidfile")" 2>/dev/null || true
  done
  sleep 1
  if [ "${KEEP:-0}" = 1 ] || [ $rc != 0 ]; then
    echo "state kept in $STATE (logs: slurmctld.log, slurmd.log, logs/)"
  else
    rm -rf "$STATE"
  fi
  exit $rc
}
trap cleanup EXIT
if ! pgrep -x munged >/dev/null; then
  mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
  if [ "$(id -u)" = 0 ]; then
    runuser -u munge -- /usr/sbin/munged --pid-file=/run/munge/munged.pid
  else
    /usr/sbin/munged --pid-file=/run/munge/munged.pid
  fi
  started+=(/run/munge/munged.pid)
fi
slurmctld -f "$SLURM_CONF"
started+=("$STATE/slurmctld.pid")
slurmd -f "$SLURM_CONF"
started+=("$STATE/slurmd.pid")
for _ in $(seq 60); do
  sinfo -h -o %t 2>/dev/null | grep -qx idle && break
  sleep 0.5
done
sinfo -h -o %t | grep -qx idle || { echo "slurm-selftest: the node did not come up" >&2; sinfo >&2 || true; exit 1; }
t_daemons=$(since "$t0")

# Wait until the jobs $2 (comma-separated ids) have left the queue, at most TIMEOUT seconds
# after $1 (a start time).
wait_for() {
  while squeue -h -j "$2" 2>/dev/null | grep -q .; do
    if [ "$(since "$1" | cut -d. -f1)" -ge "$TIMEOUT" ]; then
      echo "slurm-selftest: not done after $TIMEOUT s" >&2
      squeue >&2
      # shellcheck disable=SC2086 # one id per word
      scancel ${2//,/ } || true
      exit 1
    fi
    sleep 1
  done
}

# 4. The single-process map, then the array and the merge.
t1=$(date +%s.%N)
"$GSOLVE" rex map --size 5x5 --out "$STATE/single" --threads 1 --tt-mb 64 >"$STATE/single.log"
t_single=$(since "$t1")
t2=$(date +%s.%N)
submitted=$(LOGS=$STATE/logs TT_MB=64 SAME_AS=$STATE/single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh rex-map --size 5x5 --shards 25 --parts "$STATE/parts" \
  --out "$STATE/merged" -- --cpus-per-task=1 --mem=500M --time=10)
echo "$submitted"
array=$(awk '$1 == "array" { print $2 }' <<<"$submitted")
merge=$(awk '$1 == "merge" { print $2 }' <<<"$submitted")
wait_for "$t2" "$array,$merge"
t_array=$(since "$t2")
state_of() { scontrol show job "$1" | tr ' ' '\n' | awk -F= '$1 == "JobState" { print $2 }' | sort | uniq -c | tr '\n' ' '; }
tasks=$(state_of "$array")
merged=$(state_of "$merge")
echo "array tasks: $tasks; merge: $merged"
case $tasks in *"25 COMPLETED"*) ;; *) echo "slurm-selftest: not every task completed" >&2; exit 1 ;; esac
case $merged in *"1 COMPLETED"*) ;; *) echo "slurm-selftest: the merge job failed" >&2; cat "$STATE"/logs/gsolve-merge-*.out >&2; exit 1 ;; esac
cat "$STATE"/logs/gsolve-merge-*.out
"$GSOLVE" merge "$STATE/parts" --out "$STATE/merged-again" --same-as "$STATE/single"
"$GSOLVE" rex map-check "$STATE/merged" "$SUITE"
"$GSOLVE" rex map-check "$STATE/single" "$SUITE"

# 5. Resubmitting: shard 3's part lost, shard 11's cut to its first unit (a task killed
# early); --resubmit must submit exactly those two and the merge must again equal one run.
t3=$(date +%s.%N)
rm "$STATE/parts/replies-3of25.csv"
head -n 8 "$STATE/parts/replies-11of25.csv" >"$STATE/cut" && mv "$STATE/cut" "$STATE/parts/replies-11of25.csv"
again=$(LOGS=$STATE/logs TT_MB=64 SAME_AS=$STATE/single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh rex-map --size 5x5 --shards 25 --parts "$STATE/parts" \
  --out "$STATE/merged-resubmitted" --resubmit -- --cpus-per-task=1 --mem=500M --time=10)
echo "$again"
grep -qx "array [0-9]* 3,11" <<<"$again" || { echo "slurm-selftest: --resubmit did not submit exactly shards 3 and 11" >&2; exit 1; }
wait_for "$t3" "$(awk '{ print $2 }' <<<"$again" | paste -sd,)"
case $(state_of "$(awk '$1 == "merge" { print $2 }' <<<"$again")") in
  *"1 COMPLETED"*) ;; *) echo "slurm-selftest: the merge after --resubmit failed" >&2; exit 1 ;;
esac
"$GSOLVE" merge "$STATE/parts" --out "$STATE/merged-again2" --same-as "$STATE/single"
t_resubmit=$(since "$t3")

# 6. The other job kinds, small: the Rex table of boards up to 20 cells as 4 shards, the Dark
# Hex table of boards up to 3 cells (2000 DCFR iterations a board) as 3 shards, a Hexecs
# perft 3 as 4 shards and Dola self-play of 6 depth-1 games as 3 shards (each merged with
# --same-as a single run), and a balance study of 8 depth-1 Dola games as 2 ranges of 4 (the
# games must equal one range of 8, seconds aside).
t4=$(date +%s.%N)
"$GSOLVE" rex table --max-cells 20 --out "$STATE/table-single" --threads 1 --tt-mb 64 >/dev/null
"$GSOLVE" darkhex table --max-cells 3 --iterations 2000 --algo dcfr --out "$STATE/dh-single" 2>/dev/null >/dev/null
"$GSOLVE" hexecs perft --depth 3 --out "$STATE/perft-single" >/dev/null
"$GSOLVE" balance play --game dola-sultan --depth 1 --first 0 --count 8 --out "$STATE/balance-single" >/dev/null
"$GSOLVE" dola play --games 6 --depth 1 --out "$STATE/selfplay-single/games.txt" \
  --summary "$STATE/selfplay-single/selfplay.md" >/dev/null
small=(-- --cpus-per-task=1 --mem=500M --time=10)
table=$(LOGS=$STATE/logs TT_MB=64 SAME_AS=$STATE/table-single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh rex-table --max-cells 20 --shards 4 --parts "$STATE/table-parts" \
  --out "$STATE/table-merged" "${small[@]}")
dh=$(LOGS=$STATE/logs EXTRA="--algo dcfr" SAME_AS=$STATE/dh-single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh darkhex-table --max-cells 3 --iterations 2000 --shards 3 \
  --parts "$STATE/dh-parts" --out "$STATE/dh-merged" "${small[@]}")
perft=$(LOGS=$STATE/logs SAME_AS=$STATE/perft-single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh hexecs-perft --depth 3 --shards 4 --parts "$STATE/perft-parts" \
  --out "$STATE/perft-merged" "${small[@]}")
balance=$(LOGS=$STATE/logs GSOLVE=$GSOLVE scripts/slurm/submit.sh balance --game dola-sultan \
  --strength "--depth 1" --tasks 2 --per-task 4 --out "$STATE/balance-array" "${small[@]}")
selfplay=$(LOGS=$STATE/logs SAME_AS=$STATE/selfplay-single GSOLVE=$GSOLVE \
  scripts/slurm/submit.sh selfplay --game dola --games 6 --strength "--depth 1" --shards 3 \
  --parts "$STATE/selfplay-parts" --out "$STATE/selfplay-merged" "${small[@]}")
jobs_of_6=$(printf '%s\n' "$table" "$dh" "$perft" "$balance" "$selfplay")
echo "$jobs_of_6"
wait_for "$t4" "$(awk '{ print $2 }' <<<"$jobs_of_6" | paste -sd,)"
for id in $(awk '{ print $2 }' <<<"$jobs_of_6"); do
  case $(state_of "$id") in *COMPLETED*) ;; *) echo "slurm-selftest: job $id did not complete" >&2; exit 1 ;; esac
done
games() { awk -F, '!/^#/ && $1 != "index" { $4 = ""; print }' "$@"; }
d=dola-sultan/depth1
cmp <(games "$STATE/balance-single/$d/games-0-8.csv") \
  <(games "$STATE/balance-array/$d/games-0-4.csv" "$STATE/balance-array/$d/games-4-8.csv") \
  || { echo "slurm-selftest: the balance ranges differ from one run" >&2; exit 1; }
[ -f "$STATE/balance-array/summary.md" ] || { echo "slurm-selftest: no balance summary" >&2; exit 1; }
[ -f "$STATE/table-merged/parity.md" ] || { echo "slurm-selftest: no merged table" >&2; exit 1; }
[ -f "$STATE/dh-merged/values.md" ] || { echo "slurm-selftest: no merged Dark Hex table" >&2; exit 1; }
[ -f "$STATE/perft-merged/perft.csv" ] || { echo "slurm-selftest: no merged perft" >&2; exit 1; }
[ -f "$STATE/selfplay-merged/games-006.txt" ] || { echo "slurm-selftest: no merged self-play" >&2; exit 1; }
"$GSOLVE" merge "$STATE/dh-parts" --out "$STATE/dh-merged-again" --same-as "$STATE/dh-single"
"$GSOLVE" merge "$STATE/selfplay-parts" --out "$STATE/selfplay-merged-again" \
  --same-as "$STATE/selfplay-single"
echo "rex table (4 shards), darkhex table (3 shards), hexecs perft (4 shards), dola self-play" \
  "(3 shards) merged = single runs; balance (2 ranges) = one range of 8 games"
t_others=$(since "$t4")

cpu_seconds=$(awk -F, '!/^#/ && $5 ~ /^[0-9]+$/ { s += $6 } END { printf "%.1f", s }' "$STATE"/parts/replies-*of25.csv)
echo "timings (s): setup $t_setup, daemons up at $t_daemons, single-process map $t_single," \
  "25-task array + merge $t_array (units' own seconds summed: $cpu_seconds)," \
  "resubmitting 2 shards + merge $t_resubmit, rex table + darkhex table + hexecs perft +" \
  "self-play + balance arrays $t_others," \
  "total $(since "$t0")"
echo "slurm-selftest: ok"
