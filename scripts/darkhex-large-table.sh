#!/usr/bin/env bash
# Brackets of the 12-cell boards (4x3 and 3x4, both variants) from the exact double-oracle
# runs in results/darkhex/double-oracle-<variant>-<r>x<c>/ (written by scripts/darkhex-do.sh,
# e.g. BOARDS="4x3-abrupt 3x4-classical 3x4-abrupt" TIME=900 scripts/darkhex-do.sh).
# Each bound is shown only when the independent `gsolve darkhex certify` of the written
# mixture (certify-*.json) equals the run's own figure. Writes results/darkhex/large-boards.md.
set -euo pipefail
MD=results/darkhex/large-boards.md
TMP=$(mktemp)
python3 - > "$TMP" <<'PY'
import json, os
known = {("4", "3", "classical"): ("14279/67484", 14279 / 67484)}
print("# Dark Hex 12-cell boards: exact brackets\n")
print("Black's winning probability on 4 rows × 3 columns and 3 rows × 4 columns, bracketed by the exact")
print("double oracle (`gsolve darkhex solve --algo double-oracle`): `lower` is what Black's mixture")
print("`black-lower.mix` guarantees, `upper` what White's `white-upper.mix` concedes, both proven by exact")
print("perfect-recall best response and re-proven by `gsolve darkhex certify` (column *certified*).")
print("Runs: `scripts/darkhex-do.sh` (command in each directory's `summary.md`); table: `scripts/darkhex-large-table.sh`.\n")
print("| board | variant | lower | upper | gap | iterations | seconds | peak RSS (last leg) | certified | known value |")
print("|---|---|---|---|---|---|---|---|---|---|")
for r, c in (("4", "3"), ("3", "4")):
    for v in ("classical", "abrupt"):
        d = f"results/darkhex/double-oracle-{v}-{r}x{c}"
        if not os.path.exists(f"{d}/run.json"):
            print(f"| {r}×{c} | {v} | — | — | — | not run | | | | |")
            continue
        j = json.load(open(f"{d}/run.json"))
        lo = json.load(open(f"{d}/certify-black-lower.json"))
        hi = json.load(open(f"{d}/certify-white-upper.json"))
        ok = lo["value"] == j["lower_exact"] and hi["value"] == j["upper_exact"]
        rss = "—"
        if os.path.exists(f"{d}/resources.txt"):
            for line in open(f"{d}/resources.txt"):
                if "Maximum resident" in line:
                    rss = f"{int(line.split()[-1]) // 1024} MiB"
        kv = known.get((r, c, v))
        kcol = "—"
        if kv:
            inside = j["lower"] <= kv[1] <= j["upper"]
            kcol = f"{kv[0]} ≈ {kv[1]:.7f} {'✓ inside' if inside else '✗ OUTSIDE'}"
        print(f"| {r}×{c} | {v} | {j['lower_exact']} ≈ {j['lower']:.7f} | {j['upper_exact']} ≈ {j['upper']:.7f} | "
              f"{j['gap']:.3e} | {j['iterations']} | {j['seconds']:.0f} | {rss} | {'yes' if ok else 'MISMATCH'} | {kcol} |")
PY
mv "$TMP" "$MD"
cat "$MD"
