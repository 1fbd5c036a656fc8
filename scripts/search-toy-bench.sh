#!/usr/bin/env bash
# The search benchmark on the toy games (tic-tac-toe, Pig, the tree game), 10 s per position,
# written to results/search/toy-bench.md by the job `jobs::search_bench::toy_bench`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --release -p jobs --example search_toy_bench
nice -n 10 target/release/examples/search_toy_bench 10 results/search/toy-bench.md
