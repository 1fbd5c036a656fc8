#!/usr/bin/env bash
# A Rex first-move map as a Slurm job array: each array task is one shard (units whose index
# is TASK modulo N) and writes its own replies-<i>of<N>.csv and resume/proofs-<i>of<N>.bin.gz
# in the shared output folder; every shard loads the others' proofs at start, and the map
# files (openings.csv, map.md, map.svg) merge every shard's results.
#   sbatch --array=0-15 scripts/rex-map-slurm.sh 6x6 16
# Resubmit the same array to resume (each task continues its shard). With a plain shell:
#   for i in $(seq 0 15); do SLURM_ARRAY_TASK_ID=$i scripts/rex-map-slurm.sh 6x6 16 & done
#SBATCH --job-name=rex-map
#SBATCH --cpus-per-task=2
#SBATCH --mem=8G
#SBATCH --time=24:00:00
set -euo pipefail
cd "${SLURM_SUBMIT_DIR:-$(dirname "$0")/..}"
SIZE=${1:-6x6}
N=${2:-16}
TASK=${SLURM_ARRAY_TASK_ID:?run as a Slurm array task or set SLURM_ARRAY_TASK_ID}
GSOLVE=${GSOLVE:-./target/release/gsolve}
[ -x "$GSOLVE" ] || { echo "build first: cargo build --release -p gsolve" >&2; exit 2; }
# Stop a little before the Slurm time limit so that the state is saved cleanly.
LIMIT=${LEG_SECONDS:-85000}
exec "$GSOLVE" rex map --size "$SIZE" --out "results/rex/$SIZE" --shard "$TASK/$N" \
  --threads "${SLURM_CPUS_PER_TASK:-2}" --tt-mb "${TT_MB:-4096}" --time "$LIMIT"
