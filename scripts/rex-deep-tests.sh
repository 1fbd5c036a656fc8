#!/usr/bin/env bash
# The deep Rex tests: the whole Solrex suite (all 25 openings with every reply, all 500 random
# positions), read from ../shared/data/solrex/ and compared exactly. A few minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo test --release -p exact --test rex_solrex -- --ignored --nocapture
