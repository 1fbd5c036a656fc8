#!/usr/bin/env bash
# One leg of a Rex first-move map (default 6x6) into results/rex/<size>/, resumable: run it
# again (on this or another machine, after `git pull`) and it continues where it stopped.
#   scripts/rex-map.sh [SIZE] [SECONDS] [extra gsolve rex map options...]
# e.g. scripts/rex-map.sh 6x6 7200 --openings d3 --defer d3:d1   (d3's units, d3 -> d1 last)
# Commit results/rex/<size>/ after each leg (resume/ holds the compressed solved-position
# database; it is deleted by the run that completes the map).
set -euo pipefail
cd "$(dirname "$0")/.."
SIZE=${1:-6x6}; shift || true
SECONDS_LEG=${1:-3600}; shift || true
scripts/cargo-locked build --release -p gsolve
./target/release/gsolve rex map --size "$SIZE" --out "results/rex/$SIZE" \
  --threads "${THREADS:-2}" --tt-mb "${TT_MB:-4096}" --time "$SECONDS_LEG" "$@"
