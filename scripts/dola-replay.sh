#!/usr/bin/env bash
# Replay the inventor's three annotated games (crates/dola/tests/data/*.txt) and write
# results/dola/replay.md: the job `gsolve dola replay-table` (jobs::replay::dola_replay_table)
# writes the table atomically. Run from the repository root after
# `scripts/cargo-locked build --release -p gsolve`.
set -euo pipefail
cd "$(dirname "$0")/.."
target/release/gsolve dola replay-table --records crates/dola/tests/data --out results/dola/replay.md
