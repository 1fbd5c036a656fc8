#!/usr/bin/env python3
"""The table of scripts/darkhex-cfr-peer.sh: RUNS.jsonl (one JSON object per tool run) into the
peer section of TABLE (between the markers; the rest of the file is kept).

    scripts/darkhex-cfr-peer-table.py RUNS.jsonl TABLE COMMAND ITERATIONS
"""
import datetime
import json
import os
import subprocess
import sys

BEGIN = "<!-- peer: scripts/darkhex-cfr-peer.sh -->"
END = "<!-- end peer -->"


def main():
    if len(sys.argv) != 5:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    runs_path, table_path, command, iterations = sys.argv[1:]
    runs = [json.loads(line) for line in open(runs_path) if line.strip()]
    boards = []
    for r in runs:
        key = (r["board"], r["variant"])
        if key not in boards:
            boards.append(key)
    by = {(r["board"], r["variant"], r["run"]): r for r in runs}
    try:
        version = subprocess.run([os.environ.get("GSOLVE", "target/release/gsolve"), "--version"],
                                 capture_output=True, text=True).stdout.strip()
    except OSError:
        version = "gsolve (version unknown)"
    os_version = next((r["tool"] for r in runs if r["run"] == "openspiel"), "OpenSpiel")
    lines = [
        BEGIN,
        "## CFR+ side by side with OpenSpiel (one run, one thread each)",
        "",
        f"- command: `{command}` ({datetime.date.today().isoformat()}; {version}; {os_version}, "
        f"`pyspiel.CFRPlusSolver`, its C++ CFR+)",
        f"- {iterations} CFR+ iterations per tool after its tree or table is built; per board the "
        "runs go gsolve walk, gsolve level passes, OpenSpiel, gsolve walk again, back to back",
        f"- machine: {os.cpu_count()} logical cores, shared (the load average before each run "
        "is in the last column: walk, level, OpenSpiel, walk again)",
        "- gap: gsolve's exact best responses of its average strategy; OpenSpiel's NashConv / 2 "
        "of its own (both in Black's winning probability). On abrupt boards both tools have the "
        "same information sets and run the same algorithm; on classical boards OpenSpiel's "
        "information states are finer (`openspiel.md`), so it solves a different game",
        "- ratio: OpenSpiel's ms / iteration over gsolve's slower walk run",
        "",
        "| board | variant | gsolve sets / nodes | OpenSpiel states | walk ms/it (then again) "
        "| level ms/it | OpenSpiel ms/it | OpenSpiel / walk | OpenSpiel / level | gap gsolve "
        "| gap OpenSpiel | load |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for board, variant in boards:
        w1, lv, os_, w2 = (by[(board, variant, k)] for k in ("walk", "level", "openspiel", "walk-again"))
        slow_walk = max(w1["ms_per_iteration"], w2["ms_per_iteration"])
        lines.append(
            f"| {board.replace('x', '×')} | {variant} | {w1['infosets']:,} / {w1['nodes']:,} "
            f"| {os_['information_states']:,} "
            f"| {w1['ms_per_iteration']:.4f} ({w2['ms_per_iteration']:.4f}) "
            f"| {lv['ms_per_iteration']:.4f} | {os_['ms_per_iteration']:.2f} "
            f"| {os_['ms_per_iteration'] / slow_walk:.0f}× | {os_['ms_per_iteration'] / lv['ms_per_iteration']:.1f}× "
            f"| {w1['gap']:.3e} | {os_['gap']:.3e} "
            f"| {w1['load'].split()[0]}, {lv['load'].split()[0]}, {os_['load'].split()[0]}, {w2['load'].split()[0]} |")
    lines.append(END)
    section = "\n".join(lines) + "\n"
    text = open(table_path).read() if os.path.exists(table_path) else ""
    if BEGIN in text and END in text:
        head, rest = text.split(BEGIN, 1)
        tail = rest.split(END, 1)[1].lstrip("\n")
        text = head + section + tail
    else:
        text = text.rstrip("\n") + ("\n\n" if text else "") + section
    tmp = table_path + ".tmp"
    with open(tmp, "w") as f:
        f.write(text)
    os.replace(tmp, table_path)
    print(section)


if __name__ == "__main__":
    main()
