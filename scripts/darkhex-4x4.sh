#!/usr/bin/env bash
# 4×4 Dark Hex (issue 18 item 2): the exact information-set counts, and the certificates the
# exact best response can prove on 4×4 today, all re-proved by `gsolve darkhex certify`:
#   classical: 4×3 classical's exact Black mixture (results/darkhex/double-oracle-classical-4x3)
#              played on columns a-c (`darkhex embed`), and that mixture symmetrised (with its
#              180° image on columns b-d, `darkhex symmetrise`): two lower bounds;
#   abrupt:    4×3 abrupt's best Black mixture (A_BLACK, default frontier/abrupt-4x3/leg5) on
#              columns a-c (lower) and 3×4 abrupt's best White mixture (A_WHITE, default
#              frontier/abrupt-3x4/leg3) on rows 1-3 (upper),
#              each symmetrised too.
# The `*-embedded.mix` files are the embedded mixtures (not rotation invariant); `black-lower.mix`
# and `white-upper.mix` are their symmetrised twins (rotation invariant, as the format requires;
# never a worse bound). 16-cell files pack 6 bits per event (`EVENT_BITS 6`).
# Writes results/darkhex/frontier/{classical,abrupt}-4x4/. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# on a machine with 4 GB free (with the memo's compact keys and its floor on abrupt boards the
# symmetrised abrupt certificates' best responses peak at 2.0 and 3.3 GB (sessions 21, 22); before, the lower
# one needed 10.4 GB and the upper one more than 16 GB). A run that fails (out of memory
# under `ulimit -v`) leaves its exit status in its `.time` file and no JSON.
# PYTHON: also re-prove the classical files with the independent checker (about a minute each).
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
G=/tmp/gsolve-darkhex-4x4-$$
cp "$BIN" "$G"
C=results/darkhex/frontier/classical-4x4
A=results/darkhex/frontier/abrupt-4x4
mkdir -p "$C" "$A"
run() { # OUT.time OUT.json ARGS...: one gsolve run, its JSON and its time and peak memory;
  # a failed run (e.g. out of memory under `ulimit -v`) says so in OUT.time, leaves no JSON
  # and returns its status
  local t=$1 j=$2 status=0; shift 2
  /usr/bin/time -v -o "$t.tmp" nice -n 10 "$G" --json "$@" > "$j" || status=$?
  grep -E "Command|Maximum resident|Elapsed|User time" "$t.tmp" > "$t"; rm -f "$t.tmp"
  if [[ $status != 0 ]]; then
    echo "	failed: exit status $status" >> "$t"
    echo "$*: failed (exit $status)" >&2; rm -f "$j"
  fi
  return $status
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
for side in black-lower:${A_BLACK:-results/darkhex/frontier/abrupt-4x3/leg5/black-lower.mix} \
            white-upper:${A_WHITE:-results/darkhex/frontier/abrupt-3x4/leg3/white-upper.mix}; do
  f=${side%%:*} src=${side#*:}
  "$G" darkhex embed "$src" --rows 4 --cols 4 --out "$A/$f-embedded.mix"
  run "$A/certify-$f-embedded.time" "$A/certify-$f-embedded.json" \
    darkhex certify "$A/$f-embedded.mix"
  # The symmetrised twin is kept only if its best response fits (it did not in 8 GB before
  # the memo's compact keys and floor; see results/darkhex/frontier.md).
  if run "$A/symmetrise-$f.time" "$A/symmetrise-$f.json" \
    darkhex symmetrise "$A/$f-embedded.mix" --out "$A/$f.mix"; then
    run "$A/certify-$f.time" "$A/certify-$f.json" darkhex certify "$A/$f.mix" || true
  else
    rm -f "$A/$f.mix" "$A/certify-$f.json" "$A/certify-$f.time"
  fi
done
if [[ -n "${PYTHON:-}" ]]; then
  { nice -n 10 "$PYTHON" scripts/darkhex_certify.py --allow-asymmetric "$C/black-lower-embedded.mix"
    nice -n 10 "$PYTHON" scripts/darkhex_certify.py "$C/black-lower.mix"; } > "$C/python-check.txt"
fi
cat "$C"/certify-*.json "$A"/certify-*.json || true
rm -f "$G"
