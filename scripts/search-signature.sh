#!/usr/bin/env bash
# Check the bounded-depth search's deterministic bench signature: the total node count of
# fixed-depth, one-thread searches from fixed toy positions must equal the value recorded in
# solvers/search/tests/data/bench_signature.txt (as Stockfish's `bench`). A change means the
# search changed: update the file in the same commit and say why.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked test --release -p search --test determinism -- bench_signature --exact bench_signature_matches_the_recorded_one
