#!/usr/bin/env bash
# Submit a sharded gsolve run to Slurm: a job array with one task per shard, and the merge
# job, which runs only when every task succeeded (--dependency=afterok).
#
#   scripts/slurm/submit.sh rex-map --size 6x6 --shards 100 --parts DIR --out DIR
#   scripts/slurm/submit.sh rex-table --max-cells 30 --shards 8 --parts DIR --out DIR
#   scripts/slurm/submit.sh dola-perft --variant sultan --depth 7 --shards 38 --parts DIR --out DIR
#   scripts/slurm/submit.sh hexecs-perft --depth 7 --shards 70 --parts DIR --out DIR
#   scripts/slurm/submit.sh darkhex-table --max-cells 9 --iterations 100000 --shards 20 \
#     --parts DIR --out DIR
#   scripts/slurm/submit.sh balance --game dola-sultan --strength "--depth 2" \
#     --tasks 50 --per-task 200 --out results/balance
#   scripts/slurm/submit.sh selfplay --game dola --variant qinwan --games 1000 \
#     --strength "--depth 3" --shards 50 --parts DIR --out DIR
#   ... [--resubmit] [-- SBATCH OPTIONS...]
#
# rex-map, rex-table, dola-perft, hexecs-perft, darkhex-table and selfplay (--game dola or
#   hexecs; SEED from the environment): the shards write part files to --parts; the merge job
#   is `gsolve merge PARTS --out OUT`. balance: task i plays games
#   i*PER_TASK .. (i+1)*PER_TASK into OUT; the merge job is `gsolve balance summary --out OUT`.
# --resubmit (every kind but balance): submit only the shards that still have work in PARTS
#   (missing: never started or lost; unfinished: failed, timed out, cancelled, stopped at
#   LEG_SECONDS), found by `gsolve merge PARTS --pending`; with none pending, only the merge
#   job. For balance every task is submitted again (a finished range plays nothing). Use it
#   after the array has ended (`squeue` shows none of its tasks).
# SBATCH OPTIONS go to both sbatch calls' command lines before the script, overriding its
#   #SBATCH lines (e.g. --partition=long --mem=16G --time=2-00:00:00 --cpus-per-task=4).
# Environment handed to the tasks: GSOLVE, TT_MB, LEG_SECONDS, EXTRA, SEED, SAME_AS (see the
#   .sbatch files). Logs: LOGS (default slurm-logs/ under the repository; created here):
#   LOGS/<job name>-<array id>_<task>.out and LOGS/<job name>-<id>.out.
# Prints one line per submitted job: "array JOBID SPEC" and "merge JOBID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage() { sed -n "2,31p" "$0" >&2; exit 2; }
KIND=${1:-}; shift || true
case $KIND in
  rex-map|rex-table|dola-perft|hexecs-perft|darkhex-table|balance|selfplay) ;;
  -h|--help|"") usage ;;
  *) echo "submit.sh: job kind $KIND: expected rex-map, rex-table, dola-perft, hexecs-perft, darkhex-table, balance or selfplay" >&2; exit 2 ;;
esac
SIZE=; MAX_CELLS=; VARIANT=; DEPTH=; ITERATIONS=; SHARDS=; PARTS=; OUT=; RESUBMIT=0; GAME=; STRENGTH=; PER_TASK=; GAMES=
while [ $# -gt 0 ]; do
  case $1 in
    --size) SIZE=$2; shift 2 ;;
    --max-cells) MAX_CELLS=$2; shift 2 ;;
    --variant) VARIANT=$2; shift 2 ;;
    --depth) DEPTH=$2; shift 2 ;;
    --iterations) ITERATIONS=$2; shift 2 ;;
    --shards|--tasks) SHARDS=$2; shift 2 ;;
    --parts) PARTS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --game) GAME=$2; shift 2 ;;
    --strength) STRENGTH=$2; shift 2 ;;
    --per-task) PER_TASK=$2; shift 2 ;;
    --games) GAMES=$2; shift 2 ;;
    --resubmit) RESUBMIT=1; shift ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1" >&2; usage ;;
  esac
done
need() { [ -n "$2" ] || { echo "submit.sh $KIND: $1 is required" >&2; exit 2; }; }
case $SHARDS in ''|*[!0-9]*|0) echo "submit.sh: --shards/--tasks $SHARDS: expected a number >= 1" >&2; exit 2 ;; esac
need --out "$OUT"
case $KIND in
  rex-map) need --size "$SIZE"; need --parts "$PARTS"; vars="SIZE=$SIZE" ;;
  rex-table) need --max-cells "$MAX_CELLS"; need --parts "$PARTS"; vars="MAX_CELLS=$MAX_CELLS" ;;
  dola-perft) need --variant "$VARIANT"; need --depth "$DEPTH"; need --parts "$PARTS"
    vars="VARIANT=$VARIANT,DEPTH=$DEPTH" ;;
  hexecs-perft) need --depth "$DEPTH"; need --parts "$PARTS"; vars="DEPTH=$DEPTH" ;;
  darkhex-table) need --max-cells "$MAX_CELLS"; need --iterations "$ITERATIONS"; need --parts "$PARTS"
    vars="MAX_CELLS=$MAX_CELLS,ITERATIONS=$ITERATIONS" ;;
  selfplay) need --game "$GAME"; need --games "$GAMES"; need --strength "$STRENGTH"; need --parts "$PARTS"
    case $GAME in
      dola) vars="GAME=dola,VARIANT=${VARIANT:-sultan}" ;;
      hexecs) [ -z "$VARIANT" ] || { echo "submit.sh selfplay: --variant is Dola's" >&2; exit 2; }
        vars="GAME=hexecs" ;;
      *) echo "submit.sh selfplay: --game $GAME: expected dola or hexecs" >&2; exit 2 ;;
    esac
    vars="$vars,GAMES=$GAMES,STRENGTH=$STRENGTH" ;;
  balance)
    need --game "$GAME"; need --strength "$STRENGTH"; need --per-task "$PER_TASK"
    case $PER_TASK in *[!0-9]*|0) echo "submit.sh: --per-task $PER_TASK: expected a number >= 1" >&2; exit 2 ;; esac
    ;;
esac
# The tasks run in the repository (sbatch's default working folder is the submitting one).
OUT=$(realpath -m "$OUT")
[ -z "$PARTS" ] || PARTS=$(realpath -m "$PARTS")
cd "$root"
GSOLVE=${GSOLVE:-$root/target/release/gsolve}
[ -x "$GSOLVE" ] || { echo "no $GSOLVE: build first (cargo build --release -p gsolve)" >&2; exit 2; }
export GSOLVE
LOGS=$(realpath -m "${LOGS:-$root/slurm-logs}")
mkdir -p "$LOGS" "$OUT" ${PARTS:+"$PARTS"}

spec="0-$((SHARDS - 1))"
if [ "$RESUBMIT" = 1 ] && [ "$KIND" != balance ]; then
  has_parts=0
  for f in "$PARTS"/*; do
    [ -f "$f" ] && [ "$(head -n1 "$f" 2>/dev/null)" = "# gsolve-part 1" ] && { has_parts=1; break; }
  done
  if [ "$has_parts" = 1 ]; then
    json=$("$GSOLVE" --json merge "$PARTS" --pending) || { echo "$json" >&2; exit 2; }
    case $json in
      *"\"shards\":$SHARDS,"*|*"\"shards\":$SHARDS}"*) ;;
      *) echo "submit.sh: the parts in $PARTS are not of $SHARDS shards: $json" >&2; exit 2 ;;
    esac
    spec=$(sed -n 's/.*"pending":\[\([0-9,]*\)\].*/\1/p' <<<"$json")
  fi
fi

if [ "$KIND" = balance ]; then
  task_env="ALL,GAME=$GAME,STRENGTH=$STRENGTH,PER_TASK=$PER_TASK,OUT=$OUT"
  merge_env="ALL,OUT=$OUT"
  merge_script=$here/balance-summary.sbatch
else
  task_env="ALL,$vars,SHARDS=$SHARDS,PARTS=$PARTS"
  merge_env="ALL,PARTS=$PARTS,OUT=$OUT"
  merge_script=$here/merge.sbatch
fi
dependency=()
if [ -n "$spec" ]; then
  array=$(sbatch --parsable --array="$spec" --output="$LOGS/%x-%A_%a.out" \
    --export="$task_env" "$@" "$here/$KIND.sbatch")
  array=${array%%;*}
  echo "array $array $spec"
  dependency=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
fi
merge=$(sbatch --parsable "${dependency[@]}" --output="$LOGS/%x-%j.out" \
  --export="$merge_env" "$@" "$merge_script")
echo "merge ${merge%%;*}"
