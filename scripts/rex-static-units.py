#!/usr/bin/env python3
"""Which units of a Rex first-move map the solver's static analysis decides at once.

A unit is (opening, reply): the position after Black's opening and White's reply, Black to
move, as in `gsolve rex map` (openings up to the 180-degree rotation, the first half of the
cells in row-major order; for the centre of an odd board, replies up to the rotation too).
The static analysis is `ExactGame::prepare` (crate `rex`: suicide and forbidden cells, colour
symmetry, pairings and pre-pairings, fill-in), read through the development example
`crates/rex/examples/probe.rs`, which prints its verdict on a position and on every child.
A unit it decides needs no search: `loss` = Black loses (White's reply wins), `win` = Black
wins; everything else is `open`.

  scripts/rex-static-units.py SIZE [--map DIR] [--out DIR]

SIZE is ROWSxCOLS (square boards, as the map). PROBE names the probe binary (default
target/release/examples/probe; build it with `cargo build --release -p rex --example probe`).
With --map DIR, every decided unit that DIR/replies.csv (a `gsolve rex map` output) has solved
is compared with the map's value: the two must agree (the map searched those units with the
solver; a disagreement exits 1). Writes OUT/static-units-SIZE.csv (one line per unit) and
OUT/static-units-SIZE.md (per opening: units, decided, White's statically winning replies).
OUT defaults to results/rex. Bad arguments exit 2.
"""
import csv, os, re, subprocess, sys, time

USAGE = "usage: rex-static-units.py ROWSxCOLS [--map DIR] [--out DIR]"


def fail(msg):
    sys.stderr.write(f"rex-static-units: {msg}\n{USAGE}\n")
    sys.exit(2)


def cell_name(i, cols):
    return chr(ord("a") + i % cols) + str(i // cols + 1)


def cell_index(name, cols):
    return (int(name[1:]) - 1) * cols + ord(name[0]) - ord("a")


def probe(binary, size, moves):
    out = subprocess.run([binary, size, moves], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         universal_newlines=True)
    if out.returncode != 0:
        fail(f"{binary} {size} {moves} failed: {out.stderr.strip()}")
    lines = [l.split() for l in out.stdout.splitlines()]
    return lines[0][1], {l[0]: l[1] for l in lines[1:]}


def main():
    args = sys.argv[1:]
    if not args or not re.fullmatch(r"\d+x\d+", args[0]):
        fail("the first argument must be a board size ROWSxCOLS")
    size = args[0]
    rows, cols = map(int, size.split("x"))
    if rows != cols or not 2 <= rows <= 11:
        fail(f"{size}: the map is made on square boards of 2x2 to 11x11")
    opts = {"--map": None, "--out": "results/rex"}
    rest = args[1:]
    while rest:
        if rest[0] not in opts or len(rest) < 2:
            fail(f"unknown or incomplete option {rest[0]!r}")
        opts[rest[0]] = rest[1]
        rest = rest[2:]
    binary = os.environ.get("PROBE", "target/release/examples/probe")
    if not os.access(binary, os.X_OK):
        fail(f"no probe binary at {binary} (cargo build --release -p rex --example probe, or set PROBE)")
    mapped = {}
    if opts["--map"]:
        path = os.path.join(opts["--map"], "replies.csv")
        if not os.path.exists(path):
            fail(f"--map {opts['--map']}: no replies.csv there")
        with open(path) as f:
            for r in csv.DictReader(l for l in f if not l.startswith("#")):
                mapped[(r["opening"], r["reply"])] = r["black_wins"]
    n = rows * cols
    t0 = time.time()
    units, per_opening = [], []
    for o in range(n):
        if o > n - 1 - o:
            break
        opening = cell_name(o, cols)
        root, children = probe(binary, size, opening)
        replies = [r for r in range(n) if r != o and (o != n - 1 - o or r <= n - 1 - r)]
        counts = {"loss": [], "win": [], "open": []}
        for r in replies:
            reply = cell_name(r, cols)
            verdict = children.get(reply, "open").replace("over", "open")
            units.append((opening, reply, verdict))
            counts[verdict].append(reply)
        per_opening.append((opening, root, len(replies), counts))
    seconds = time.time() - t0
    agree = differ = 0
    differs = []
    for opening, reply, verdict in units:
        m = mapped.get((opening, reply), "")
        if verdict == "open" or m not in ("true", "false"):
            continue
        if (verdict == "win") == (m == "true"):
            agree += 1
        else:
            differ += 1
            differs.append(f"{opening},{reply}")
    out = opts["--out"]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, f"static-units-{size}.csv"), "w", newline="") as f:
        w = csv.writer(f, lineterminator="\n")
        w.writerow(["opening", "reply", "static_verdict_for_black"])
        w.writerows(units)
    decided = sum(1 for u in units if u[2] != "open")
    lines = [
        f"# Rex {size}: map units the static analysis decides at once",
        "",
        f"Written by `scripts/rex-static-units.py {' '.join(sys.argv[1:])}` on "
        f"{time.strftime('%Y-%m-%d', time.gmtime())} ({seconds:.1f} s for every unit), from the "
        "verdicts of `crates/rex/examples/probe.rs` (the solver's `prepare`, proven rules only: "
        "see the `rex` crate header). A unit is (opening, reply), Black to move; `loss` = Black "
        "loses (White's reply wins), `win` = Black wins, `open` = the solver must search. The "
        "opening's own verdict is for White, to move after it.",
        "",
        f"**{decided} of {len(units)} units are decided statically** "
        f"({sum(1 for u in units if u[2] == 'loss')} White wins, "
        f"{sum(1 for u in units if u[2] == 'win')} Black wins).",
        "",
    ]
    if opts["--map"]:
        lines += [
            f"Against the map in `{opts['--map']}` (searched by the solver): {agree} decided units "
            f"the map has solved agree" + (f", **{differ} DIFFER**: {' '.join(differs)}" if differ else ", none differs") + ".",
            "",
        ]
    lines += [
        "| opening | after it (White to move) | units | decided | White's statically winning replies | Black's static wins |",
        "|---|---|---:|---:|---|---:|",
    ]
    for opening, root, total, counts in per_opening:
        lines.append(f"| {opening} | {root} | {total} | {len(counts['loss']) + len(counts['win'])} | "
                     f"{' '.join(counts['loss']) or '—'} | {len(counts['win'])} |")
    with open(os.path.join(out, f"static-units-{size}.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    print(f"{size}: {decided} of {len(units)} units decided statically in {seconds:.1f} s"
          + (f"; against the map: {agree} agree, {differ} differ" if opts["--map"] else ""))
    if differ:
        sys.exit(1)


if __name__ == "__main__":
    main()
