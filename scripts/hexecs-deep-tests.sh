#!/usr/bin/env bash
# Deep Hexecs checks: the #[ignore]d tests (perft suite to depth 5 from the start, reference
# perft cross-checks up to 400 000 leaves). Takes a few minutes on one core.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked build --release --tests -p hexecs
nice -n 10 cargo test --release -p hexecs -- --ignored
