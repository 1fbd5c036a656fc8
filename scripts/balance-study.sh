#!/usr/bin/env bash
# The balance study of Dola-Sultan, -Qinwan, -Sinwan and Hexecs (10 and 16 droids): engine
# self-play games at fixed search depths from seeded varied openings (`gsolve balance play`,
# jobs::balance), then the table of first-player scores with 95 % intervals, games per second
# per core and the piece-value fit (`gsolve balance summary` -> OUT/summary.md).
#
# Every run is resumable (started again, it plays only the games missing from its CSV) and
# covers one seed range, so the study splits across machines: give each task its own FIRST.
# Under a Slurm array job, FIRST = SLURM_ARRAY_TASK_ID * CHUNK and GAMES = CHUNK.
#
#   scripts/balance-study.sh                          # the study: 10,000 games, depths 2 3 4
#   GAMES=200 DEPTHS=1 scripts/balance-study.sh       # a pilot
#   sbatch --array=0-19 --wrap "CHUNK=500 scripts/balance-study.sh"   # 20 tasks of 500 games
#
# Settings (environment): GAMES (10000), FIRST (0), DEPTHS ("2 3 4"), THREADS (all cores),
# OUT (results/balance), SEED (1), RANDOM_PLIES (4), MAX_PLIES (300), GAMES_LIST (the five
# games). Run from anywhere after `scripts/cargo-locked build --release -p gsolve`.
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-10000}
FIRST=${FIRST:-0}
DEPTHS=${DEPTHS:-"2 3 4"}
THREADS=${THREADS:-$(nproc)}
OUT=${OUT:-results/balance}
SEED=${SEED:-1}
RANDOM_PLIES=${RANDOM_PLIES:-4}
MAX_PLIES=${MAX_PLIES:-300}
GAMES_LIST=${GAMES_LIST:-"dola-sultan dola-qinwan dola-sinwan hexecs-10 hexecs-16"}
if [[ -n "${SLURM_ARRAY_TASK_ID:-}" ]]; then
  CHUNK=${CHUNK:-500}
  FIRST=$((SLURM_ARRAY_TASK_ID * CHUNK))
  GAMES=$CHUNK
fi
for depth in $DEPTHS; do
  for game in $GAMES_LIST; do
    target/release/gsolve balance play --game "$game" --depth "$depth" --first "$FIRST" \
      --count "$GAMES" --threads "$THREADS" --seed "$SEED" --random-plies "$RANDOM_PLIES" \
      --max-plies "$MAX_PLIES" --out "$OUT"
  done
done
target/release/gsolve balance summary --out "$OUT"
