#!/usr/bin/env bash
# The Solrex suite through the CLI (the same check as the default tests in
# solvers/exact/tests/rex_solrex.rs, with larger tables and the progress output): all 500 random
# 5x5 positions and all 25 openings with every reply, compared exactly. About a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/experiment.sh experiments/rex-solrex-suite.toml
