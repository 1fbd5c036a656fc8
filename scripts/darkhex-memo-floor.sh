#!/usr/bin/env bash
# The exact best response's memo floor (issue 18): what memoising only responder histories
# with more than N legal probes costs and saves, certificate by certificate. Every run must
# prove the same value whatever the floor (the script fails if one does not); time, peak
# memory and the responder histories searched are what change. Writes
# results/darkhex/frontier/memo-floor.md. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
# one best response at a time on one thread (RAYON_NUM_THREADS=1), each capped at CAP seconds
# (default 600; a run over the cap is reported as such). About 15 minutes on an idle machine
# with 6 GB free; the load before the runs is recorded in the table.
# NICE: the runs' nice level (default 10).
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
CAP=${CAP:-600}
OUT=${OUT:-results/darkhex/frontier/memo-floor.md}
F=results/darkhex/frontier
G=/tmp/gsolve-memo-floor-$$
cp "$BIN" "$G"
trap 'rm -f "$G" "$G".time "$G".json' EXIT
# certificate, then the floors to measure (0 = every history memoised; the cell count = none;
# "default" = the variant's default, 8 on abrupt boards, 0 on classical ones).
CASES=(
  "$F/abrupt-4x4/black-lower.mix 0 default"
  "$F/abrupt-4x4/black-lower-embedded.mix 0 default 16"
  "$F/abrupt-4x4/white-upper-embedded.mix 0 default 10"
  "$F/abrupt-4x3/leg2/black-lower.mix 0 default 12"
  "$F/abrupt-4x3/leg2/white-upper.mix 0 default 12"
  "$F/classical-4x4/leg1/black-lower.mix default 8"
  "$F/classical-4x4/leg1/white-upper.mix default 8 16"
)
{
  echo "# The exact best response's memo floor"
  echo
  echo "Written by \`scripts/darkhex-memo-floor.sh\` ($(date -u +%Y-%m-%d), $("$G" --version),"
  echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown); load before the runs:"
  echo "$(cut -d' ' -f1-3 /proc/loadavg); one thread, each run capped at $CAP s). Each row is one"
  echo "certificate certified with \`gsolve darkhex certify --memo-floor N\`: only responder"
  echo "histories with more than N legal probes are memoised. Every run proves the same value."
  echo
  echo "| certificate | value | floor | wall s | peak RSS | responder histories | memo hits |"
  echo "|---|---|---:|---:|---:|---:|---:|"
} > "$OUT.tmp"
for case in "${CASES[@]}"; do
  read -r file floors <<< "$case"
  value=""
  for floor in $floors; do
    args=(darkhex certify "$file")
    [[ $floor != default ]] && args+=(--memo-floor "$floor")
    status=0
    RAYON_NUM_THREADS=1 /usr/bin/time -f "%e %M" -o "$G.time" \
      timeout "$CAP" nice -n "${NICE:-10}" "$G" --json "${args[@]}" > "$G.json" || status=$?
    name=${file#"$F"/}
    if [[ $status != 0 ]]; then
      reason="failed (exit $status)"; [[ $status == 124 ]] && reason="over $CAP s"
      echo "| \`$name\` | | $floor | $reason | | | |" >> "$OUT.tmp"
      continue
    fi
    read -r secs kb < "$G.time"
    row=$(python3 -c '
import json, sys
d = json.load(open(sys.argv[1]))
print(d["value"], d["memo_floor"], d["responder_nodes"], d["memo_hits"])' "$G.json")
    read -r v used nodes hits <<< "$row"
    if [[ -n $value && $v != "$value" ]]; then
      echo "$file: floor $floor proved $v, another floor $value" >&2
      exit 1
    fi
    value=$v
    label=$used; [[ $floor == default ]] && label="$used (default)"
    printf '| `%s` | %s | %s | %s | %s MB | %s | %s |\n' "$name" "$v" "$label" "$secs" \
      "$((kb / 1024))" "$nodes" "$hits" >> "$OUT.tmp"
  done
done
mv "$OUT.tmp" "$OUT"
cat "$OUT"
