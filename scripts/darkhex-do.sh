#!/usr/bin/env bash
# Exact double-oracle runs (issue 3): 3x3 abrupt and 4x3 classical, then independent
# re-certification of the written mixtures. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# The binary is copied so later builds do not replace it under the run; checkpoints every
# 5 minutes, so `RESUME=1 scripts/darkhex-do.sh` continues killed runs.
# BOARDS="3x3-abrupt 4x3-classical" (default both), TIME seconds per board (default 2700),
# GAP: also stop once the proven gap is at most this (default: run for TIME), OUT_ROOT: where
# the run directories go (default results/darkhex).
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
TIME=${TIME:-2700}
INIT=${INIT:-200}
# FALLBACK="" for the identity fallback order of the best responses.
FALLBACK=${FALLBACK---random-fallback}
BOARDS=${BOARDS:-"3x3-abrupt 4x3-classical"}
OUT_ROOT=${OUT_ROOT:-results/darkhex}
GAP_FLAG=()
[[ -n "${GAP:-}" ]] && GAP_FLAG=(--gap "$GAP")
G=/tmp/gsolve-darkhex-do-$$
cp "$BIN" "$G"
RESUME_FLAG=()
[[ "${RESUME:-0}" == 1 ]] && RESUME_FLAG=(--resume)
for b in $BOARDS; do
  size=${b%%-*}; variant=${b#*-}; rows=${size%x*}; cols=${size#*x}
  OUT=$OUT_ROOT/double-oracle-$variant-${rows}x${cols}
  /usr/bin/time -v -o "/tmp/darkhex-do-$b.time" nice -n 10 "$G" --json darkhex solve \
    --rows "$rows" --cols "$cols" --variant "$variant" --algo double-oracle --plain-oracle $FALLBACK \
    --initial-policies "$INIT" --time "$TIME" "${GAP_FLAG[@]}" --checkpoint-secs 300 --out "$OUT" "${RESUME_FLAG[@]}" \
    | tee "/tmp/darkhex-do-$b.json"
  cp "/tmp/darkhex-do-$b.json" "$OUT/run.json"
  grep -E "Maximum resident|Elapsed" "/tmp/darkhex-do-$b.time" | tee "$OUT/resources.txt"
  for f in black-lower white-upper; do
    nice -n 10 "$G" --json darkhex certify "$OUT/$f.mix" | tee "$OUT/certify-$f.json"
  done
done
