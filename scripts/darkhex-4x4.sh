#!/usr/bin/env bash
# 4×4 Dark Hex (issue 18 item 2): the exact information-set counts, and the certificates the
# exact best response can prove on 4×4 today, all re-proved by `gsolve darkhex certify`:
#   classical: 4×3 classical's exact Black mixture (results/darkhex/double-oracle-classical-4x3)
#              played on columns a-c (`darkhex embed`), and that mixture symmetrised (with its
#              180° image on columns b-d, `darkhex symmetrise`): two lower bounds;
#   abrupt:    4×3 abrupt's best Black mixture (frontier/abrupt-4x3/leg2) on columns a-c (lower)
#              and 3×4 abrupt's best White mixture (frontier/abrupt-3x4/leg1) on rows 1-3 (upper).
# Writes results/darkhex/frontier/{classical,abrupt}-4x4/. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# on a machine with 6 GB free (the abrupt upper bound's best response peaks at 4.4 GB).
# PYTHON: also re-prove the classical files with the independent checker (about a minute each).
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
G=/tmp/gsolve-darkhex-4x4-$$
cp "$BIN" "$G"
C=results/darkhex/frontier/classical-4x4
A=results/darkhex/frontier/abrupt-4x4
mkdir -p "$C" "$A"
run() { # OUT.time OUT.json ARGS...: one gsolve run, its JSON and its time and peak memory
  local t=$1 j=$2; shift 2
  /usr/bin/time -v -o "$t.tmp" nice -n 10 "$G" --json "$@" > "$j"
  grep -E "Maximum resident|Elapsed|User time" "$t.tmp" > "$t"; rm -f "$t.tmp"
}
for v in classical abrupt; do
  d=$C; [[ $v == abrupt ]] && d=$A
  run "$d/count.time" "$d/count.json" darkhex count --rows 4 --cols 4 --variant $v
done
"$G" darkhex embed results/darkhex/double-oracle-classical-4x3/black-lower.mix \
  --rows 4 --cols 4 --out "$C/black-lower-embedded.mix"
run "$C/certify-black-lower-embedded.time" "$C/certify-black-lower-embedded.json" \
  darkhex certify "$C/black-lower-embedded.mix"
run "$C/symmetrise-black-lower.time" "$C/symmetrise-black-lower.json" \
  darkhex symmetrise "$C/black-lower-embedded.mix" --out "$C/black-lower.mix"
run "$C/certify-black-lower.time" "$C/certify-black-lower.json" darkhex certify "$C/black-lower.mix"
"$G" darkhex embed results/darkhex/frontier/abrupt-4x3/leg2/black-lower.mix \
  --rows 4 --cols 4 --out "$A/black-lower.mix"
run "$A/certify-black-lower.time" "$A/certify-black-lower.json" darkhex certify "$A/black-lower.mix"
"$G" darkhex embed results/darkhex/frontier/abrupt-3x4/leg1/white-upper.mix \
  --rows 4 --cols 4 --out "$A/white-upper.mix"
run "$A/certify-white-upper.time" "$A/certify-white-upper.json" darkhex certify "$A/white-upper.mix"
if [[ -n "${PYTHON:-}" ]]; then
  nice -n 10 "$PYTHON" scripts/darkhex_certify.py --allow-asymmetric \
    "$C/black-lower-embedded.mix" "$C/black-lower.mix" > "$C/python-check.txt"
fi
cat "$C"/certify-*.json "$A"/certify-*.json
rm -f "$G"
