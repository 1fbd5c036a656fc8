#!/usr/bin/env bash
# The long kill -9 rounds of crates/gsolve/tests/kill_resume.rs (its ignored test): rex table
# up to 24 cells and CFR on 3x2 classical (10,000 iterations), five seeds of ten SIGKILLs each, and the double
# oracle to convergence on 3x3 abrupt and to 300 iterations on 2x4 abrupt, twelve SIGKILLs
# each; darkhex table on the boards of at most 6 cells (3,000 iterations a board), three seeds
# of ten SIGKILLs; every final file compared with an uninterrupted run's. A few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/cargo-locked test --release -p gsolve --test kill_resume -- --ignored --nocapture
