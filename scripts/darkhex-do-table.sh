#!/usr/bin/env bash
# Double-oracle values of every board of at most MAX_CELLS cells (default 9), both variants,
# TIME seconds each (default 60), then independent re-certification of the written mixtures.
# Writes results/darkhex/double-oracle-values.md. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
TIME=${TIME:-60}
MAX_CELLS=${MAX_CELLS:-9}
OUT=${OUT:-results/darkhex/double-oracle-boards}
cp "$BIN" /tmp/gsolve-darkhex-do-table
G=/tmp/gsolve-darkhex-do-table
mkdir -p "$OUT"
MD=results/darkhex/double-oracle-values.md
TMP=$(mktemp)
{
  echo "# Dark Hex values by the exact double oracle"
  echo
  echo "Exact brackets (fractions) from \`gsolve darkhex solve --algo double-oracle --plain-oracle --random-fallback --time $TIME --gap 0\`"
  echo "per board; each bound re-verified by \`gsolve darkhex certify\` on the written mixture"
  echo "(column *certified*). A run stops at gap 0 (exact value), when neither best response is new"
  echo "(column *converged*) or after $TIME s. Script: \`scripts/darkhex-do-table.sh\`; $(date -u +%Y-%m-%dT%H:%MZ), $($G --version 2>/dev/null || echo gsolve)."
  echo
  echo "| board | variant | lower | upper | gap | iterations | policies | seconds | converged | certified |"
  echo "|---|---|---|---|---|---|---|---|---|---|"
} > "$TMP"
for r in 1 2 3 4 5 6 7 8 9; do
  for c in 1 2 3 4 5 6 7 8 9; do
    (( r * c <= MAX_CELLS )) || continue
    for v in classical abrupt; do
      d="$OUT/$v-${r}x$c"
      rm -rf "$d"
      j=$(nice -n 10 $G --json darkhex solve --rows $r --cols $c --variant $v --algo double-oracle \
        --plain-oracle --random-fallback --time "$TIME" --gap 0 --out "$d")
      lo=$(nice -n 10 $G --json darkhex certify "$d/black-lower.mix")
      hi=$(nice -n 10 $G --json darkhex certify "$d/white-upper.mix")
      python3 - "$j" "$lo" "$hi" "$r" "$c" "$v" >> "$TMP" <<'PY'
import json, sys
j, lo, hi = (json.loads(x) for x in sys.argv[1:4])
r, c, v = sys.argv[4:7]
ok = lo["value"] == j["lower_exact"] and hi["value"] == j["upper_exact"]
print(f"| {r}×{c} | {v} | {j['lower_exact']} ≈ {j['lower']:.9f} | {j['upper_exact']} ≈ {j['upper']:.9f} | "
      f"{j['gap']:.2e} | {j['iterations']} | {j['policies']} | {j['seconds']:.1f} | "
      f"{'yes' if j['converged'] else 'no'} | {'yes' if ok else 'MISMATCH'} |")
PY
    done
  done
done
mv "$TMP" "$MD"
cat "$MD"
