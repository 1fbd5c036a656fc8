#!/usr/bin/env bash
# Regenerate the coin-weighing results:
#   results/coins/table.md, table.csv  — largest solvable N for K = 2..4, by exhaustive search;
#   results/coins/solve-12-3.txt       — 12 coins / 3 weighings: counts, classes, a decision tree;
#   results/coins/solve-13-3-ref.txt   — 13 coins / 3 weighings with a reference coin;
# then check the CLI (scripts/coins-cli-check.sh) and run the long coin tests that are #[ignore]d in the default suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --release -p gsolve
G="nice -n 10 target/release/gsolve"
$G coins table --min-weighings 2 --max-weighings 4 --out results/coins
$G coins solve --coins 12 --weighings 3 --out results/coins/solve-12-3.txt > /dev/null
$G coins solve --coins 13 --weighings 3 --reference-coin \
    --out results/coins/solve-13-3-ref.txt > /dev/null
scripts/coins-cli-check.sh target/release/gsolve
scripts/cargo-locked test --release -p coins -- --ignored
