#!/usr/bin/env bash
# Benchmark the bounded-depth search on the toy games (10 s per position, one thread) and write
# results/search/toy-bench.md. Builds under the cargo lock, then runs niced outside it (the run
# takes a few minutes). The Dola and Hexecs figures come from `gsolve bench search`.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(scripts/cargo-locked test --release -p gsolve --no-run 2>&1 | sed -n 's/.*Executable unittests src\/main.rs (\(.*\))/\1/p' | tail -1)
if [ -z "$bin" ]; then
    echo "error: could not find the gsolve test binary" >&2
    exit 1
fi
nice -n 10 "$bin" --ignored --exact cli::search::tests::write_toy_bench --nocapture
