#!/usr/bin/env bash
# Rebuild the Rex parity table up to MAX cells (default 29, as committed) in results/rex/ (resumable:
# boards already in results/rex/parity.csv are skipped; add --verify to re-solve them).
set -euo pipefail
cd "$(dirname "$0")/.."
MAX=${1:-29}; shift || true
scripts/cargo-locked build --release -p gsolve
./target/release/gsolve rex table --max-cells "$MAX" --threads 2 --tt-mb 4096 --out results/rex "$@"
