#!/usr/bin/env bash
# The deep Rex tests: the full Solrex suite (25 openings, 499 positions) and 5x5 = second
# player win. Long: run on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release -p exact --test rex_solrex --test rex_literature -- --ignored --nocapture
