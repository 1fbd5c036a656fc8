#!/usr/bin/env bash
# Deep Dola perft checks: the ignored depth-5 perft test (tests/data/perft.txt, about 760 M
# leaves over the three start positions) and the speed benchmark that rewrites
# results/dola/perft.md. Run from the repository root.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked test --release -p dola --test perft -- --ignored perft_suite_depth_5
# The independent reference generator at depth 4 (minutes; not under the build lock).
scripts/cargo-locked test --release -p dola --test perft --no-run
nice -n 10 cargo test --release -p dola --test perft -- --ignored reference_generator_gives_the_same_perft_at_depth_4
scripts/cargo-locked build --release -p gsolve
nice -n 10 target/release/gsolve bench dola
# `gsolve bench dola` writes runs/dola/perft.md; the committed table is its copy.
cp runs/dola/perft.md results/dola/perft.md
