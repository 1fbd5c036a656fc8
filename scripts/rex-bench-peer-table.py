#!/usr/bin/env python3
"""The Markdown table of scripts/rex-bench-peer.sh: reads the run folder (meta.txt, runs.txt and
the files m5.sh / m6.sh of ../shared/peers/solrex wrote there) and prints one row per work item
and repetition with both tools' figures side by side.

  scripts/rex-bench-peer-table.py RUN_DIR > TABLE.md
"""
import json, os, re, sys

D = sys.argv[1]

def path(name):
    return os.path.join(D, name)


def load_json(name):
    try:
        with open(path(name)) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None  # the run timed out or crashed: no JSON


def time_file(name):
    """/usr/bin/time -f '%e s %M KB' output: (wall seconds, peak KB)."""
    try:
        m = re.search(r"([\d.]+) s (\d+) KB", open(path(name)).read())
        return (float(m.group(1)), int(m.group(2))) if m else (None, None)
    except OSError:
        return (None, None)


def loads(out_name):
    """1-minute load average before each run, from the drivers' `== ... load: $(uptime)` lines."""
    found = {}
    for line in open(path(out_name + ".out"), errors="replace"):
        m = re.match(r"== (\S+) (\S+) (?:\S+ )?t=(\d+) rep=(\d+) .*load average: ([\d.]+)", line)
        if m:
            tool = {"gsolve": "g", "solrex": "s"}.get(m.group(1), m.group(1))
            found[(tool, m.group(4))] = m.group(5)
    return found


def benzene_to_gsolve(cell):
    return chr(ord("a") + int(cell[1:]) - 1) + str(ord(cell[0]) - ord("a") + 1)


def mb(kb):
    return "—" if kb is None else f"{kb / 1024:.0f} MB"


def num(x, fmt="{:,}"):
    return "—" if x is None else fmt.format(x)


meta = dict(l.rstrip("\n").split("=", 1) for l in open(path("meta.txt")) if "=" in l)
# Work items in the order they ran: ("m5", item, threads) and ("m6", opening, threads, rep),
# the latter once for its two tools' runs.
items = []
for name in open(path("runs.txt")).read().split():
    parts = name.split(".")
    key = tuple(parts[1:3]) if parts[0] == "m5" else tuple(parts[2:5])
    if (parts[0], key) not in items:
        items.append((parts[0], key))

rows = []
for driver, key in items:
    if driver == "m5":
        item, t = key
        ld = loads(f"m5.{item}.{t}")
        for rep in ("1", "2"):
            g, s = load_json(f"g.{item}.{t}.{rep}.json"), load_json(f"s.{item}.{t}.{rep}.json")
            _, g_kb = time_file(f"time.g.{item}.{t}.{rep}")
            label = {"map": "5×5 full reply map", "rand100": "random5x5, first 100"}[item]
            if meta.get("limit5"):
                label += f" (first {meta['limit5']} lines only)"
            gm = g and f"{g['matched']}/{g['checked']}"
            sm = s and f"{s['matched']}/{s['positions']}"
            if g and s:
                agree = ("both match the file" if g["matched"] == g["checked"] and s["matched"] == s["positions"]
                         else f"file: gsolve {gm}, Solrex {sm}")
            else:
                agree = "—"
            rows.append([label, t, rep,
                         num(g and g["seconds"], "{:.1f}"), num(g and g["nodes"]), mb(g_kb), gm or "failed",
                         ld.get(("g", rep), "?"),
                         num(s and s["seconds"], "{:.1f}"), num(s and s["work_from_log"]),
                         mb(s and s["peak_rss_kb"]), sm or "failed", ld.get(("s", rep), "?"), agree])
    else:
        op, t, rep = key
        stem = f"6.{op}.{t}.{rep}"
        g, s = load_json(f"g.{stem}.json"), load_json(f"s.{stem}.json")
        ld = {}
        for tool in "gs":
            if os.path.exists(path(f"m6.{tool}.{op}.{t}.{rep}.out")):
                ld.update(loads(f"m6.{tool}.{op}.{t}.{rep}"))
        if g and s:
            gw = {x["reply"]: x["winner"] for x in g["per_reply"] if x["winner"]}
            sw = {x["reply"]: x["winner"] for x in s["per_reply"] if x["winner"]}
            both = [r for r in gw if r in sw]
            differ = [benzene_to_gsolve(r) for r in both if gw[r] != sw[r]]
            agree = (f"agree on {len(both)} of {len(both)} both solved" if not differ
                     else f"**differ** on {' '.join(differ)} (gsolve names) of {len(both)}")
        else:
            agree = "—"
        solved = lambda d: d and f"{d['replies_solved']}/{d['replies_total']}"
        rows.append([f"6×6 {benzene_to_gsolve(op)} (Benzene {op}), all 35 replies", t, rep,
                     num(g and g["seconds"], "{:.1f}"), num(g and g["work_from_log"]),
                     mb(g and g["peak_rss_kb"]), solved(g) or "failed", ld.get(("g", rep), "?"),
                     num(s and s["seconds"], "{:.1f}"), num(s and s["work_from_log"]),
                     mb(s and s["peak_rss_kb"]), solved(s) or "failed", ld.get(("s", rep), "?"), agree])

print("# Rex: gsolve against Solrex, side by side\n")
print(f"Produced by `{meta['command']}`, {meta['started_utc']} to {meta['finished_utc']}.\n")
print(f"- gsolve: `{meta['gsolve_version']}` (binaries built from 2026-12-07 on name their own "
      f"commit there), run from the checkout at {meta['gsolve_commit']}")
print(f"- Solrex (the peer, built outside this repository): `{meta['solrex']}`, sha256 {meta['solrex_sha256']}…")
print(f"- machine: {meta['machine']}; each driver call under `flock {meta['lock']}`" if meta["lock"] else
      f"- machine: {meta['machine']}; no lock")
if meta.get("limit5"):
    print(f"- **subset test**: only the first {meta['limit5']} lines of each 5×5 file")
print()
print("| item | threads | rep | gsolve s | gsolve nodes | gsolve peak | gsolve solved | load | "
      "Solrex s | Solrex work | Solrex peak | Solrex solved | load | answers |")
print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
for r in rows:
    print("| " + " | ".join(str(c) for c in r) + " |")
print("""
Seconds: each tool's solve time as its driver reports it (gsolve's `rex suite` JSON; gtpdrive.py
from the first solve command to the last answer; a 6×6 item stops at the 300 s cap). Work:
gsolve's search nodes (6×6: the sum of the `Work` lines `gsolve gtp` logs since 2026-12-08,
one per solve; "—" from older binaries), Solrex's dfpn work units (the sum of the `Work`
lines of its log). The two count different things: a gsolve node is one position entered (df-pn or α-β), a
Solrex work unit a MID call or a terminal node (gtpdrive.py). Peak: resident memory, gsolve's 5×5 from
`/usr/bin/time`, otherwise the engine's VmHWM just before `quit`. Solved: 5×5 positions whose
winning-move set matches the Solrex file / positions; 6×6 replies solved / 35. Load: the
1-minute load average just before the run. Answers: 5×5, both against the file; 6×6, the
winners of the replies both tools solved compared with each other. Raw files: the run folder
given to the table script (JSON, `time` output, engine logs).""")
