#!/usr/bin/env bash
# The Rex benchmark as committed in results/rex/bench.md: the fully optimised build, 60 s per
# item (first argument), 2048 MiB table. Run it with nothing else on the machine: the table
# shows the cores each item got.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --profile dist -p gsolve
./target/dist/gsolve bench rex --budget "${1:-60}" --tt-mb 2048 --out results/rex/bench.md
