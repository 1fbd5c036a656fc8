#!/usr/bin/env bash
# Deep Dola perft checks: the ignored depth-5 perft test (tests/data/perft.txt, about 760 M
# leaves over the three start positions) and the speed benchmark that rewrites
# results/dola/perft.md. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked test --release -p dola --test perft -- --ignored
scripts/cargo-locked build --release -p gsolve
nice -n 10 target/release/gsolve bench dola
