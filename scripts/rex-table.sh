#!/usr/bin/env bash
# Rebuild the Rex parity table up to MAX cells (default 25) in results/rex/ (resumable:
# boards already in results/rex/parity.csv are skipped; add --verify to re-solve them).
set -euo pipefail
cd "$(dirname "$0")/.."
MAX=${1:-25}; shift || true
cargo build --release -q
./target/release/gsolve rex table --max-cells "$MAX" --threads 2 --tt-mb 4096 "$@"
