#!/usr/bin/env bash
# Deep double-oracle test (ignored by default): 3x3 abrupt for DARKHEX_DO_SECS seconds
# (default 600). Builds under the cargo lock, runs the test binary outside it with nice.
set -euo pipefail
EXE=$(scripts/cargo-locked test --release -p darkhex --test double_oracle --no-run 2>&1 \
  | sed -n 's/.*Executable tests\/double_oracle.rs (\(.*\))/\1/p' | tail -1)
[[ -x "$EXE" ]] || { echo "test binary not found" >&2; exit 1; }
nice -n 10 "$EXE" --ignored --nocapture deep_3x3_abrupt_double_oracle
