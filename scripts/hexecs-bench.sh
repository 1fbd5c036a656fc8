#!/usr/bin/env bash
# Hexecs perft table and speed: writes results/hexecs/perft.md and results/hexecs/bench.md,
# with the fully optimised profile (see the workspace Cargo.toml).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --profile dist -p gsolve
nice -n 10 target/dist/gsolve bench hexecs
# `gsolve bench hexecs` writes runs/hexecs/; the committed tables are its copies.
cp runs/hexecs/perft.md runs/hexecs/bench.md results/hexecs/
