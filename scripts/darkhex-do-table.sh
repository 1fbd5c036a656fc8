#!/usr/bin/env bash
# Double-oracle values of every board of at most MAX_CELLS cells (default 9), both variants,
# TIME seconds each (default 60), starting from INIT random policies per player (default 200),
# then independent re-certification of the written mixtures.
# Writes results/darkhex/double-oracle-values.md. Run from the repository root after
#   scripts/cargo-locked build --release -p gsolve
set -euo pipefail
BIN=${BIN:-target/release/gsolve}
TIME=${TIME:-60}
INIT=${INIT:-200}
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
  echo "Exact brackets (fractions) from \`gsolve darkhex solve --algo double-oracle --plain-oracle --random-fallback --initial-policies $INIT --time $TIME --gap 0\`"
  echo "per board; each bound re-verified by \`gsolve darkhex certify\` on the written mixture"
  echo "(column *certified*). A run stops at gap 0 (exact value), when neither best response is new"
  echo "(column *converged*) or after $TIME s; column *≤ 1e-6 after* is the wall clock at which the"
  echo "bracket first closed to 1e-6 (from the run's \`convergence.csv\`; — if it did not)."
  echo "Script: \`scripts/darkhex-do-table.sh\`; $(date -u +%Y-%m-%dT%H:%MZ), $($G --version 2>/dev/null || echo gsolve), $(nproc) cores, load average at start $(cut -d' ' -f1-3 /proc/loadavg)."
  echo
  echo "| board | variant | lower | upper | gap | ≤ 1e-6 after (s) | iterations | policies | seconds | converged | certified |"
  echo "|---|---|---|---|---|---|---|---|---|---|---|"
} > "$TMP"
for r in 1 2 3 4 5 6 7 8 9; do
  for c in 1 2 3 4 5 6 7 8 9; do
    (( r * c <= MAX_CELLS )) || continue
    for v in classical abrupt; do
      d="$OUT/$v-${r}x$c"
      rm -rf "$d"
      j=$(nice -n 10 $G --json darkhex solve --rows $r --cols $c --variant $v --algo double-oracle \
        --plain-oracle --random-fallback --initial-policies "$INIT" --time "$TIME" --gap 0 --out "$d")
      lo=$(nice -n 10 $G --json darkhex certify "$d/black-lower.mix")
      hi=$(nice -n 10 $G --json darkhex certify "$d/white-upper.mix")
      python3 - "$j" "$lo" "$hi" "$r" "$c" "$v" "$d/convergence.csv" >> "$TMP" <<'PY'
import csv, json, sys
j, lo, hi = (json.loads(x) for x in sys.argv[1:4])
r, c, v, curve = sys.argv[4:8]
ok = lo["value"] == j["lower_exact"] and hi["value"] == j["upper_exact"]
with open(curve) as f:
    rows = csv.DictReader(line for line in f if not line.startswith("#"))
    closed = next((float(x["seconds"]) for x in rows if float(x["gap"]) <= 1e-6), None)
closed = "—" if closed is None else f"{closed:.1f}"
print(f"| {r}×{c} | {v} | {j['lower_exact']} ≈ {j['lower']:.9f} | {j['upper_exact']} ≈ {j['upper']:.9f} | "
      f"{j['gap']:.2e} | {closed} | {j['iterations']} | {j['policies']} | {j['seconds']:.1f} | "
      f"{'yes' if j['converged'] else 'no'} | {'yes' if ok else 'MISMATCH'} |")
PY
    done
  done
done
mv "$TMP" "$MD"
cat "$MD"
