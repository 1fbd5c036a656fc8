#!/usr/bin/env python3
"""The cost of a finished (or partial) Rex first-move map, from its replies.csv, and the
projection of a larger board's map from the growth per cell (the figures of
results/rex/7x7.md and the README's 6x6 totals).

  scripts/rex-map-cost.py results/rex/6x6
  scripts/rex-map-cost.py results/rex/6x6 --from 0.025:25 --to 49:1176

--from C:N  the smaller board's cost per unit (core-seconds) and cells (5x5: 0.025 core-s per
            unit, `gsolve rex map --size 5x5 --threads 1`, results/rex/7x7.md)
--to N:U    the target board's cells and units (7x7: 49 cells, 1,176 units)
Core-seconds are a unit's wall seconds times its threads (the machine was shared, and legs of
units finished before unfinished units were accounted are missing: an estimate, not a bench).
"""
import csv, sys

def main(argv):
    if not argv or argv[0].startswith("-"):
        sys.exit(__doc__)
    path = argv[0].rstrip("/") + "/replies.csv"
    opts = dict(zip(argv[1::2], argv[2::2]))
    with open(path) as f:
        rows = list(csv.DictReader(l for l in f if not l.startswith("#")))
    if not rows:
        sys.exit(f"{path}: no units")
    secs = sum(float(r["seconds"]) for r in rows)
    core = sum(float(r["seconds"]) * int(r["threads"]) for r in rows)
    nodes = sum(int(r["nodes"]) for r in rows)
    black = sum(r["black_wins"] == "true" for r in rows)
    per = core / len(rows)
    print(f"{path}: {len(rows)} units ({black} Black wins, {len(rows) - black} White wins)")
    print(f"  wall {secs:,.0f} s ({secs / 3600:.1f} h), {core:,.0f} core-s, {nodes / 1e9:.1f} G nodes")
    print(f"  per unit: {per:,.1f} core-s, {nodes / len(rows):,.0f} nodes")
    for r in sorted(rows, key=lambda r: -float(r["seconds"]))[:5]:
        print(f"  {r['opening']} -> {r['reply']}: {float(r['seconds']):,.0f} s, {int(r['nodes']) / 1e9:.2f} G nodes")
    if "--from" in opts and "--to" in opts:
        c0, n0 = (float(x) for x in opts["--from"].split(":"))
        n2, units = (float(x) for x in opts["--to"].split(":"))
        cells = len({r["opening"] for r in rows} | {r["reply"] for r in rows})
        growth = (per / c0) ** (1 / (cells - n0))
        unit = per * growth ** (n2 - cells)
        print(f"  growth from {n0:.0f} to {cells} cells: {per / c0:,.0f}-fold, {growth:.2f}x per cell")
        print(f"  projected {n2:.0f}-cell unit: {unit / 3600:,.0f} core-hours; "
              f"map of {units:.0f} units: {unit * units / 3600:.2g} core-hours")

main(sys.argv[1:])
