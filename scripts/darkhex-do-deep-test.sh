#!/usr/bin/env bash
# Deep double-oracle test (ignored by default): 3x3 abrupt for at most DARKHEX_DO_SECS seconds
# (default 600), stopping once the proven gap is at most DARKHEX_DO_GAP (default 0.1, which it
# must reach). The target: DARKHEX_DO_SECS=5400 DARKHEX_DO_GAP=1e-4 (the same run as
# results/darkhex/double-oracle-abrupt-3x3: about 1,800 iterations, 48 min on a shared machine).
# Builds under the cargo lock, runs the test binary outside it with nice.
set -euo pipefail
EXE=$(scripts/cargo-locked test --release -p jobs --test darkhex_double_oracle --no-run 2>&1 \
  | sed -n 's/.*Executable tests\/darkhex_double_oracle.rs (\(.*\))/\1/p' | tail -1)
[[ -x "$EXE" ]] || { echo "test binary not found" >&2; exit 1; }
nice -n 10 "$EXE" --ignored --nocapture deep_3x3_abrupt_double_oracle
