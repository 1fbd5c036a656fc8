#!/usr/bin/env bash
# The Rex benchmark: writes results/rex/bench.md. BUDGET seconds per item (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --profile dist -q
./target/dist/gsolve bench rex --budget "${1:-300}" --tt-mb 4096
