#!/usr/bin/env bash
# Submit a sharded gsolve run to Slurm: a job array with one task per shard, and the merge
# job, which runs only when every task succeeded (--dependency=afterok).
#
#   scripts/slurm/submit.sh rex-map --size 6x6 --shards 100 --parts runs/rex-map-6x6 \
#     --out results/rex/6x6 [--resubmit] [-- SBATCH OPTIONS...]
#
# --resubmit: submit only the shards that still have work in PARTS (missing: never started
#   or lost; unfinished: failed, timed out, cancelled, stopped at LEG_SECONDS), found by
#   `gsolve merge PARTS --pending`; with none pending, only the merge job. Use it after the
#   array has ended (`squeue` shows none of its tasks), else a running shard is submitted twice.
# SBATCH OPTIONS go to both sbatch calls' command lines before the script, overriding its
#   #SBATCH lines (e.g. --partition=long --mem=16G --time=2-00:00:00 --cpus-per-task=4).
# Environment handed to the tasks: GSOLVE, TT_MB, LEG_SECONDS, EXTRA (see rex-map.sbatch),
#   SAME_AS (merge.sbatch). Logs: LOGS (default slurm-logs/ under the repository; created
#   here): LOGS/<job name>-<array id>_<task>.out and LOGS/gsolve-merge-<id>.out.
# Prints one line per submitted job: "array JOBID SPEC" and "merge JOBID".
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
usage() { sed -n '2,20p' "$0" >&2; exit 2; }
KIND=${1:-}; shift || true
case $KIND in
  rex-map) ;;
  -h|--help|"") usage ;;
  *) echo "submit.sh: job kind $KIND: expected rex-map" >&2; exit 2 ;;
esac
SIZE=; SHARDS=; PARTS=; OUT=; RESUBMIT=0
while [ $# -gt 0 ]; do
  case $1 in
    --size) SIZE=$2; shift 2 ;;
    --shards) SHARDS=$2; shift 2 ;;
    --parts) PARTS=$2; shift 2 ;;
    --out) OUT=$2; shift 2 ;;
    --resubmit) RESUBMIT=1; shift ;;
    --) shift; break ;;
    *) echo "submit.sh: unknown option $1" >&2; usage ;;
  esac
done
[ -n "$SIZE" ] && [ -n "$PARTS" ] && [ -n "$OUT" ] || { echo "submit.sh: --size, --parts and --out are required" >&2; exit 2; }
case $SHARDS in ''|*[!0-9]*|0) echo "submit.sh: --shards $SHARDS: expected a number >= 1" >&2; exit 2 ;; esac
# The tasks run in the repository (sbatch's default working folder is the submitting one).
PARTS=$(realpath -m "$PARTS"); OUT=$(realpath -m "$OUT")
cd "$root"
GSOLVE=${GSOLVE:-$root/target/release/gsolve}
[ -x "$GSOLVE" ] || { echo "no $GSOLVE: build first (cargo build --release -p gsolve)" >&2; exit 2; }
export GSOLVE
LOGS=$(realpath -m "${LOGS:-$root/slurm-logs}")
mkdir -p "$LOGS" "$PARTS"

spec="0-$((SHARDS - 1))"
if [ "$RESUBMIT" = 1 ]; then
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

dependency=()
if [ -n "$spec" ]; then
  array=$(sbatch --parsable --array="$spec" --output="$LOGS/%x-%A_%a.out" \
    --export="ALL,SIZE=$SIZE,SHARDS=$SHARDS,PARTS=$PARTS" "$@" "$here/$KIND.sbatch")
  array=${array%%;*}
  echo "array $array $spec"
  dependency=(--dependency="afterok:$array" --kill-on-invalid-dep=yes)
fi
merge=$(sbatch --parsable "${dependency[@]}" --output="$LOGS/%x-%j.out" \
  --export="ALL,PARTS=$PARTS,OUT=$OUT" \
  "$@" "$here/merge.sbatch")
echo "merge ${merge%%;*}"
