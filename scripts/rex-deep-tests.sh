#!/usr/bin/env bash
# The whole Solrex suite through the CLI and as the ignored tests of
# solvers/exact/tests/rex_solrex.rs (the default tests check its first part): all 500 random
# 5x5 positions and all 25 openings with every reply, compared exactly. About a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/experiment.sh experiments/rex-solrex-suite.toml
scripts/cargo-locked test --release -p exact --test rex_solrex -- --ignored
