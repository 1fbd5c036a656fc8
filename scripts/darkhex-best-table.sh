#!/usr/bin/env bash
# The tightest proven bracket of every Dark Hex board of at most 9 cells plus 4x3, 3x4 and 4x4, both
# variants, combining the bounds the toolkit has proven: the CFR table (values.csv, exact best
# responses against CFR strategies, floating point), the double-oracle table of the small boards
# (double-oracle-values.md, exact fractions) and the double-oracle run directories
# results/darkhex/double-oracle-<variant>-<r>x<c>/ (run.json whose bounds certify-*.json
# re-proved), and the frontier legs results/darkhex/frontier/<variant>-<r>x<c>/<leg>/ (issue 18,
# the same files). Each bound is a proof on its own, so the best lower and the best upper may come
# from different methods. Writes results/darkhex/best-values.md.
set -euo pipefail
cd "$(dirname "$0")/.."
MD=results/darkhex/best-values.md
TMP=$(mktemp)
python3 - > "$TMP" <<'PY'
import csv, glob, json, os, re
from fractions import Fraction as F

known = {
    (2, 2, "classical"): ("1", 1.0), (3, 2, "classical"): ("0", 0.0), (2, 3, "classical"): ("1", 1.0),
    (3, 2, "abrupt"): ("7/16", 7 / 16), (2, 3, "abrupt"): ("≈0.909", None),
    (3, 3, "abrupt"): ("207579464761/299876201866", 207579464761 / 299876201866),
    (4, 3, "classical"): ("14279/67484", 14279 / 67484),
}
best = {}  # (r, c, v) -> {"lo": (value, text, source), "hi": ...}

def offer(key, lo, hi, lo_text, hi_text, source, exact):
    # Better wins; floating-point bounds (printed to 1e-12) and exact fractions are compared
    # with a 1e-12 tolerance in favour of the exact fraction.
    b = best.setdefault(key, {})
    def wins(new, old, sign):
        if old is None:
            return True
        d = sign * (new - old[0])
        if not exact and old[3]:
            return d > 1e-12
        if exact and not old[3]:
            return d >= -1e-12
        return d > 0
    if wins(lo, b.get("lo"), 1):
        b["lo"] = (lo, lo_text, source, exact)
    if wins(hi, b.get("hi"), -1):
        b["hi"] = (hi, hi_text, source, exact)

with open("results/darkhex/values.csv") as f:
    for row in csv.DictReader(l for l in f if not l.startswith("#")):
        k = (int(row["rows"]), int(row["cols"]), row["variant"])
        lo, hi = float(row["lower"]), float(row["upper"])
        offer(k, lo, hi, f"{lo:.9f}", f"{hi:.9f}", f"CFR ({row['representation']})", False)

frac = re.compile(r"(\d+)/(\d+)")
for line in open("results/darkhex/double-oracle-values.md"):
    m = re.match(r"\| (\d+)×(\d+) \| (\w+) \| (\d+/\d+) ≈ [\d.]+ \| (\d+/\d+) ≈", line)
    if m:
        r, c, v, lo, hi = m.groups()
        lo, hi = F(lo), F(hi)
        offer((int(r), int(c), v), float(lo), float(hi), str(lo), str(hi), "double oracle (table)", True)

runs = sorted(glob.glob("results/darkhex/double-oracle-*-*x*"))
runs += sorted(glob.glob("results/darkhex/frontier/*-*x*/*"))
for d in runs:
    m = re.search(r"double-oracle-(\w+)-(\d+)x(\d+)$", d) or re.search(
        r"frontier/(\w+)-(\d+)x(\d+)/[^/]+$", d)
    if not m or not os.path.exists(f"{d}/run.json"):
        continue
    v, r, c = m.group(1), int(m.group(2)), int(m.group(3))
    j = json.load(open(f"{d}/run.json"))
    lo_c = json.load(open(f"{d}/certify-black-lower.json"))["value"]
    hi_c = json.load(open(f"{d}/certify-white-upper.json"))["value"]
    if lo_c != j["lower_exact"] or hi_c != j["upper_exact"]:
        raise SystemExit(f"{d}: certify disagrees with the run")
    lo, hi = F(lo_c), F(hi_c)
    name = d.split("results/darkhex/")[1] if "frontier/" in d else os.path.basename(d)
    offer((r, c, v), float(lo), float(hi), str(lo), str(hi), f"double oracle ({name})", True)

# Frontier folders without a double-oracle run (the 4x4 certificates built by embedding and
# symmetrising smaller boards' mixtures, scripts/darkhex-4x4.sh): each certify-*.json proves one
# side on its own (its .mix is in the folder); a side without a certificate is the trivial bound.
for d in sorted(glob.glob("results/darkhex/frontier/*-*x*")):
    m = re.search(r"frontier/(\w+)-(\d+)x(\d+)$", d)
    if not m or glob.glob(f"{d}/*/run.json"):
        continue
    v, r, c = m.group(1), int(m.group(2)), int(m.group(3))
    key = (r, c, v)
    name = d.split("results/darkhex/")[1]
    for f in sorted(glob.glob(f"{d}/certify-*.json")):
        j = json.load(open(f))
        if (j["rows"], j["cols"], j["variant"]) != key:
            raise SystemExit(f"{f}: certifies {j['rows']}x{j['cols']} {j['variant']}, not {name}")
        val = F(j["value"])
        side = "lo" if j["bound"] == "lower" else "hi"
        b = best.setdefault(key, {})
        old = b.get(side)
        if old is None or (val > F(old[1]) if side == "lo" else val < F(old[1])):
            b[side] = (float(val), str(val), f"{j['owner']} certificate ({name})", True)
    b = best.setdefault(key, {})
    b.setdefault("lo", (0.0, "0", "trivial (no Black certificate)", True))
    b.setdefault("hi", (1.0, "1", "trivial (no White certificate)", True))

print("# Dark Hex: the tightest proven brackets\n")
print("Black's winning probability (Black first, top–bottom, r×c = r rows × c columns, no touch")
print("announcements). Each bound is proven on its own — by the exact best response against a CFR")
print("strategy (`values.csv`, floating point) or against a double-oracle mixture (exact fractions,")
print("re-proved by `gsolve darkhex certify`) — so the best lower and upper bounds may come from")
print("different methods. Script: `scripts/darkhex-best-table.sh` (sources: `values.csv`,")
print("`double-oracle-values.md`, `double-oracle-*/`, `frontier/*/*/`).\n")
print("| board | variant | lower | from | upper | from | gap | known value |")
print("|---|---|---|---|---|---|---|---|")
boards = sorted({k for k in best if k[0] * k[1] <= 9} | {(4, 3, v) for v in ("classical", "abrupt")}
                | {(3, 4, v) for v in ("classical", "abrupt")}
                | {(4, 4, v) for v in ("classical", "abrupt")})
for k in boards:
    r, c, v = k
    b = best.get(k)
    if not b:
        print(f"| {r}×{c} | {v} | — | — | — | — | — | not computed |")
        continue
    lo, hi = b["lo"], b["hi"]
    gap = max(hi[0] - lo[0], 0.0)
    kv = known.get(k)
    kt = "—"
    if kv:
        kt = kv[0]
        if kv[1] is not None:
            kt += " ✓ inside" if lo[0] - 1e-9 <= kv[1] <= hi[0] + 1e-9 else " ✗ OUTSIDE"
    print(f"| {r}×{c} | {v} | {lo[1]} | {lo[2]} | {hi[1]} | {hi[2]} | {gap:.2e} | {kt} |")
PY
mv "$TMP" "$MD"
cat "$MD"
