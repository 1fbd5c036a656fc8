#!/usr/bin/env bash
# Regenerate results/coins/table.md and table.csv (largest solvable N for K = 2..4, by search),
# then run the long coin tests that are #[ignore]d in the default suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --release -p gsolve
nice -n 10 target/release/gsolve coins table --min-weighings 2 --max-weighings 4 --out results/coins
scripts/cargo-locked test --release -p coins -- --ignored
