#!/usr/bin/env bash
# Long Dark Hex runs: 4x3 classical (view abstraction, DCFR) for up to an hour, then the exact
# perfect-recall bracket of the purified strategy. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# The binary is copied so that later builds do not replace it under the run; checkpoints every
# 10 minutes, so `RESUME=1 scripts/darkhex-4x3.sh` continues a killed run.
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
OUT=${OUT:-results/darkhex/classical-4x3}
TIME=${TIME:-3600}
PURIFY=${PURIFY:-0.02}
cp "$BIN" /tmp/gsolve-darkhex-run
RESUME_FLAG=()
[[ "${RESUME:-0}" == 1 ]] && RESUME_FLAG=(--resume)
nice -n 10 /tmp/gsolve-darkhex-run darkhex solve --rows 4 --cols 3 --variant classical \
  --repr view --algo dcfr --time "$TIME" --no-eval --checkpoint-secs 600 --out "$OUT" "${RESUME_FLAG[@]}"
nice -n 10 /tmp/gsolve-darkhex-run darkhex eval --strategy "$OUT/strategy.bin" --purify "$PURIFY" --json \
  | tee "$OUT/eval-purify-$PURIFY.json"
