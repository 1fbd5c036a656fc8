#!/usr/bin/env bash
# Hexecs perft table and speed: writes results/hexecs/perft.md and results/hexecs/bench.md.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --release -p gsolve
nice -n 10 target/release/gsolve bench hexecs
