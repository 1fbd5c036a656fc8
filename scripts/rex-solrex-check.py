#!/usr/bin/env python3
"""Solrex's answers for the 6x6 first-move map, as a cross-check of gsolve's map (the PEER's
answers, not gsolve's results). For each opening (gsolve names, default the 18 of the map, one
per 180-degree pair, c1 a1 b1 d1 e1 f1 first) it runs ../shared/peers/solrex/gtpdrive.py
`replies` on Solrex: White (Benzene's first player) plays the opening, then for each of the 35
replies `dfpn-solve-state white`; a reply wins for the replier when Solrex answers black.

Benzene's cells are transposed against gsolve's (its a1 a2 a3 are gsolve's a1 b1 c1): every
cell is converted here, so the CSV speaks gsolve's names only (Black first, top-bottom).

  SOLREX=/path/to/solrex [LOCK=/tmp/heavy.lock] scripts/rex-solrex-check.py [OPENING ...]
  SOLREX=/path/to/solrex scripts/rex-solrex-check.py --value OPENING [OPENING ...]
  scripts/rex-solrex-check.py --render     (only rewrite the CSVs' order and the .md)
  scripts/rex-solrex-check.py --value      (only rewrite the .md's section on --value runs)

--value settles the opening itself rather than reply by reply: one `dfpn-solve-state` on the
position after the opening (the second player to move), so Solrex chooses which reply to prove,
which is what "Solrex settles the opening" means for a losing opening (one winning reply
suffices; the `replies` mode may stall on the first hard reply in a1 b1 .. order). CAP is then
the cap of that one solve (default 1200 s, the issue's 20 minutes). An OPENING may also be a
move list such as e2,d1 (Black first, gsolve names): the value of that position, compared with
the map's replies.csv for an (opening, reply) pair. A list ending in ,* (e2,d1,*) asks every child
of the position (one more move on each empty cell, children settled earlier skipped), and the .md
derives the position's value from them by minimax. It appends one line per
opening to OUT/solrex-opening-values.csv (opening, Solrex's winner, seconds, work, memory,
threads, cap, load before/after; a capped solve is kept with winner `open`, and running the
same opening again adds a new line) and rewrites the .md's section on it.

Environment: SOLREX (required), THREADS (2), CAP (600 s per opening, whole opening),
LOCK (if set, each opening runs under `flock $LOCK`), OUT (results/rex/6x6), RUNS
(runs/rex/solrex-check: raw JSON and engine logs). Resumable: openings already in the CSV
are skipped. Writes OUT/solrex-check.csv (one line per solved reply) and
OUT/solrex-check-runs.csv (one line per opening: status, seconds, work, memory, load) and
OUT/solrex-check.md (how it was made, a per-opening summary, agreement with OUT/replies.csv).
SOLREX_ABOUT (optional) is a sentence for the .md saying which Solrex build was run.
Benzene programs write default.log into the working directory unless started with
--use-logfile=false: let SOLREX be a wrapper that passes it.
"""
import csv, json, os, re, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))
GTPDRIVE = os.path.join(HERE, "..", "..", "shared", "peers", "solrex", "gtpdrive.py")
SIZE = 6
DEFAULT_OPENINGS = "c1 a1 b1 d1 e1 f1 a2 b2 c2 d2 e2 f2 a3 b3 c3 d3 e3 f3".split()
REPLY_FIELDS = ["opening", "reply", "reply_wins", "solrex_seconds", "opening_benzene", "reply_benzene"]
RUN_FIELDS = ["opening", "opening_benzene", "status", "replies_solved", "replier_wins",
              "first_player_wins", "seconds", "work", "peak_rss_kb", "threads", "cap",
              "load_before", "load_after", "finished_utc"]


def transpose(cell):
    """gsolve <-> Benzene cell name: swap the column letter and the row number."""
    letter, row = cell[0], int(cell[1:])
    return chr(ord("a") + row - 1) + str(ord(letter) - ord("a") + 1)


def gsolve_index(cell):
    """Row-major index of a gsolve cell name (a1 b1 .. f1 a2 ..), for sorting."""
    return (int(cell[1:]) - 1) * SIZE + ord(cell[0]) - ord("a")


def load1():
    return open("/proc/loadavg").read().split()[0]


def read_rows(path):
    if not os.path.exists(path):
        return []
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def write_rows(path, fields, rows):
    tmp = path + ".tmp"
    with open(tmp, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
    os.replace(tmp, path)


def run_opening(solrex, opening, threads, cap, lock, runs):
    bz = transpose(opening)
    log = os.path.join(runs, f"{opening}.log")
    cmd = ["python3", GTPDRIVE, "replies", "--engine", solrex,
           "--setup", f"param_dfpn threads {threads}", "--size", str(SIZE),
           "--opening", bz, "--cap", str(cap), "--log", log]
    # the load is read once the lock is held, just before the engine starts
    load_file = os.path.join(runs, f"{opening}.load")
    cmd = ["sh", "-c", 'cut -d" " -f1 /proc/loadavg > "$0"; exec "$@"', load_file] + cmd
    if lock:
        cmd = ["flock", lock] + cmd
    out = subprocess.run(cmd, check=True, stdout=subprocess.PIPE, universal_newlines=True).stdout
    with open(os.path.join(runs, f"{opening}.json"), "w") as f:
        f.write(out)
    return json.loads(out), open(load_file).read().strip(), load1()


def save(replies_csv, runs_csv, replies, done):
    """Both CSVs, openings in run order and replies in gsolve's a1 b1 .. order."""
    order = {d["opening"]: i for i, d in enumerate(done)}
    replies.sort(key=lambda r: (order[r["opening"]], gsolve_index(r["reply"])))
    write_rows(replies_csv, REPLY_FIELDS, replies)
    write_rows(runs_csv, RUN_FIELDS, done)


def rotate(cell):
    """The 180-degree image of a gsolve cell."""
    return chr(ord("a") + SIZE - 1 - (ord(cell[0]) - ord("a"))) + str(SIZE + 1 - int(cell[1:]))


def gsolve_agreement(out, replies):
    """Solrex's reply answers against gsolve's map (OUT/replies.csv), where both have one."""
    path = os.path.join(out, "replies.csv")
    if not os.path.exists(path):
        return "no gsolve replies.csv to compare with"
    with open(path) as f:
        gs = {(r["opening"], r["reply"]): r["black_wins"] == "false"
              for r in csv.DictReader(l for l in f if not l.startswith("#"))}
    both = [r for r in replies if (r["opening"], r["reply"]) in gs]
    differ = [f"{r['opening']} {r['reply']}" for r in both
              if gs[(r["opening"], r["reply"])] != (r["reply_wins"] == "true")]
    return (f"{len(both)} (opening, reply) pairs are in both; "
            + ("all agree" if not differ else "they DIFFER on " + ", ".join(differ)))


def machine_name():
    machine = f"{os.cpu_count()} logical CPUs"
    for l in open("/proc/cpuinfo"):
        if l.startswith("model name"):
            return machine + ", " + l.split(":", 1)[1].strip()
    return machine


def render_md(out, replies, done, threads, cap):
    machine = machine_name()
    about = os.environ.get("SOLREX_ABOUT", "(SOLREX_ABOUT not given: which build was run is not recorded here)")
    lines = [
        "# Rex 6x6: Solrex's answers, to cross-check gsolve's first-move map",
        "",
        "**These are the PEER's answers** (Solrex, K. Young and R. B. Hayward's Reverse Hex solver),",
        "used only to cross-check gsolve's map (`map.md`, `replies.csv`); they are not gsolve's results.",
        "",
        f"- Solrex: {about}",
        f"- Produced by `SOLREX=... THREADS={threads} CAP={cap:g} LOCK=/tmp/heavy.lock scripts/rex-solrex-check.py`:",
        "  for each opening, ../shared/peers/solrex/gtpdrive.py `replies` with `param_dfpn threads",
        f"  {threads}`, one engine (and its table) per opening, a cap of {cap:g} s on the whole opening.",
        "- Names: gsolve's (Black first, joining top and bottom); Benzene's transposed names",
        "  (`opening_benzene`, `reply_benzene`) are what was sent to Solrex.",
        "- `solrex-check.csv`: one line per solved reply, `reply_wins` = the reply wins for the",
        "  replier (White), as Solrex answered; `solrex_seconds` = that reply's solve (the table is",
        "  kept from reply to reply, so later replies are often instant).",
        "- `solrex-check-runs.csv`: one line per opening with its load averages and finish time.",
        f"- Machine: {machine}, shared with other jobs (1-minute load before/after each opening below).",
        f"- Against gsolve's `replies.csv`: {gsolve_agreement(out, replies)}.",
        "- Openings not run yet: "
        + (" ".join(o for o in DEFAULT_OPENINGS if o not in {d["opening"] for d in done}) or "none")
        + " (run the command again: it resumes).",
        "",
        "| opening | image | Benzene | replies solved | White's winning replies | Black (first) wins | Solrex s | work | load before/after | finished (UTC) |",
        "|---|---|---|---:|---|---|---:|---:|---|---|",
    ]
    runs = os.environ.get("RUNS", "runs/rex/solrex-check")
    for d in done:
        first = {"true": "yes", "false": "no", "": "open"}[d["first_player_wins"]]
        raw = os.path.join(runs, f"{d['opening']}.json")
        if d["status"] != "complete" and os.path.exists(raw):
            cut = [x["reply"] for x in json.load(open(raw))["per_reply"] if not x["winner"]]
            if cut:
                d = dict(d, status=d["status"] + f" in reply {transpose(cut[0])}")
        lines.append(f"| {d['opening']} | {rotate(d['opening'])} | {d['opening_benzene']} | "
                     f"{d['replies_solved']} ({d['status']}) | {d['replier_wins'] or '—'} | {first} | "
                     f"{float(d['seconds']):.1f} | {format(int(d['work']), ',') if d['work'] else '—'} | {d['load_before']}/{d['load_after']} | "
                     f"{d['finished_utc']} |")
    lines += value_section(out)
    with open(os.path.join(out, "solrex-check.md") + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.replace(os.path.join(out, "solrex-check.md") + ".tmp", os.path.join(out, "solrex-check.md"))


VALUE_FIELDS = ["opening", "opening_benzene", "first_player_wins", "winner_benzene", "seconds",
                "work", "peak_rss_kb", "threads", "cap", "load_before", "load_after",
                "finished_utc", "solrex", "machine"]
VALUE_HEADING = "## Openings settled as a whole (`--value`)"


def solve_opening_value(solrex, moves, threads, cap, runs):
    """One `dfpn-solve-state` for the player to move after `moves` (gsolve names, Black = Benzene's
    White first): (winner in Benzene's colours or None, seconds, work, peak memory)."""
    sys.path.insert(0, os.path.dirname(GTPDRIVE))
    import gtpdrive  # the peer driver's GTP engine wrapper (shared/peers/solrex)
    log = os.path.join(runs, f"value-{'-'.join(moves)}.log")
    e = gtpdrive.Engine(solrex.split(), log)
    e.send(f"param_dfpn threads {threads}")
    e.send(f"boardsize {SIZE}")
    for i, m in enumerate(moves):
        e.send(f"play {'white' if i % 2 == 0 else 'black'} {transpose(m)}")
    t0 = time.time()
    try:
        winner = e.send(f"dfpn-solve-state {'black' if len(moves) % 2 else 'white'}", t0 + cap)
    except TimeoutError:
        winner = None
    seconds = round(time.time() - t0, 3)
    peak = e.vmhwm_kb()
    e.close(killed=winner is None)
    return winner, seconds, gtpdrive.work_from_log(log), peak


def gsolve_values(out):
    """gsolve's map: {(opening,): black wins} from openings.csv and {(opening, reply): black
    wins} from replies.csv, as 'true'/'false'."""
    gs = {}
    for name, key in (("openings.csv", lambda r: (r["opening"],)),
                      ("replies.csv", lambda r: (r["opening"], r["reply"]))):
        path = os.path.join(out, name)
        if os.path.exists(path):
            with open(path) as f:
                for r in csv.DictReader(l for l in f if not l.startswith("#")):
                    gs[key(r)] = r["black_wins"]
    return gs


def value_section(out):
    """The .md lines on the --value runs (empty if there are none)."""
    rows = read_rows(os.path.join(out, "solrex-opening-values.csv"))
    if not rows:
        return []
    gs = gsolve_values(out)
    lines = [
        "",
        VALUE_HEADING,
        "",
        "`SOLREX=... CAP=1200 scripts/rex-solrex-check.py --value OPENING`: one `dfpn-solve-state`",
        "on the position after the opening (Solrex picks the reply to prove), cap on that solve;",
        "`solrex-opening-values.csv` keeps every run, capped ones included, with the Solrex build",
        "(`SOLREX_ABOUT`) and the machine of each run:",
        "",
    ]
    for what in ("solrex", "machine"):
        for v in sorted({r.get(what, "") for r in rows}):
            ops = " ".join(r["opening"] for r in rows if r.get(what, "") == v)
            lines.append(f"- {what}: {v or '(not recorded)'} ({ops})")
    lines += [
        "",
        "A move list (opening,reply) is the position after both, Black to move.",
        "",
        "| opening | Benzene | Solrex: Black (first) wins | gsolve's map | Solrex s | work | threads | cap s | load before/after | finished (UTC) |",
        "|---|---|---|---|---:|---:|---:|---:|---|---|",
    ]
    parents = children_of(rows)
    for r in rows:
        if parent_of(r["opening"]) in parents:
            continue  # shown in the children section below
        mine = {"true": "yes", "false": "no", "": "open"}[r["first_player_wins"]]
        theirs = {"true": "yes", "false": "no"}.get(gs.get(tuple(r["opening"].split(",")), ""), "open")
        agree = "" if "open" in (mine, theirs) else (" (agree)" if mine == theirs else " (**DIFFER**)")
        lines.append(f"| {r['opening']} | {r['opening_benzene']} | {mine}{agree} | {theirs} | "
                     f"{float(r['seconds']):.1f} | {format(int(r['work']), ',') if r['work'] else '—'} | "
                     f"{r['threads']} | {float(r['cap']):g} | {r['load_before']}/{r['load_after']} | "
                     f"{r['finished_utc']} |")
    return lines + children_section(parents, gs)


def parent_of(position):
    """The position one move earlier (a move list without its last move)."""
    return ",".join(position.split(",")[:-1])


def children_of(rows):
    """{parent: {child move: last row of that child}} for the positions of three or more moves
    (the children of an (opening, reply) position asked with `--value OPENING,REPLY,*`)."""
    parents = {}
    for r in rows:
        moves = r["opening"].split(",")
        if len(moves) >= 3:
            kids = parents.setdefault(",".join(moves[:-1]), {})
            if r["first_player_wins"] or moves[-1] not in kids:
                kids[moves[-1]] = r
    return parents


def children_section(parents, gs):
    """The .md lines deciding positions from Solrex's answers on every child (minimax: the mover
    wins iff some child is a win for the mover)."""
    if not parents:
        return []
    lines = [
        "",
        "### Positions settled through their children (`--value POSITION,*`)",
        "",
        "Each child (the position after one more move) is one `dfpn-solve-state` with the cap; the",
        "parent is a win for its mover iff some child is, and a loss once every child is a loss for",
        "it. This splits a position Solrex does not settle in one solve into smaller ones.",
        "",
        "| position | mover | children settled | mover's winning moves | Solrex: Black (first) wins | gsolve's map | Solrex s (children) | children open |",
        "|---|---|---:|---|---|---|---:|---|",
    ]
    for parent, kids in parents.items():
        moves = parent.split(",")
        black_moves = len(moves) % 2 == 0
        total = SIZE * SIZE - len(moves)
        done = {m: r for m, r in kids.items() if r["first_player_wins"]}
        # a child's first_player_wins is Black's value; the mover of the parent wins a child
        # when it is a win for the mover's colour
        wins = sorted((m for m, r in done.items() if (r["first_player_wins"] == "true") == black_moves),
                      key=gsolve_index)
        if wins:
            value = "yes" if black_moves else "no"
        elif len(done) == total:
            value = "no" if black_moves else "yes"
        else:
            value = "open"
        theirs = {"true": "yes", "false": "no"}.get(gs.get(tuple(moves), ""), "open")
        agree = "" if "open" in (value, theirs) else (" (agree)" if value == theirs else " (**DIFFER**)")
        seconds = sum(float(r["seconds"]) for r in kids.values())
        open_kids = sorted((m for m in kids if m not in done), key=gsolve_index)
        lines.append(f"| {parent} | {'Black' if black_moves else 'White'} | {len(done)}/{total} | "
                     f"{' '.join(wins) or '—'} | {value}{agree} | {theirs} | {seconds:.1f} | "
                     f"{' '.join(open_kids) or '—'} |")
    return lines


def run_values(openings, threads, out, runs):
    solrex = os.environ.get("SOLREX")
    if openings and (not solrex or not os.access(solrex.split()[0], os.X_OK)):
        sys.exit(f"rex-solrex-check: SOLREX must name the Solrex binary (got {solrex!r})")
    cap = float(os.environ.get("CAP", "1200"))
    path = os.path.join(out, "solrex-opening-values.csv")
    todo = []
    for o in openings:
        cells = o.split(",")
        children = cells[-1] == "*"
        if children:
            cells = cells[:-1]
        if not all(re.fullmatch(r"[a-f][1-6]", c) for c in cells) or len(set(cells)) < len(cells):
            sys.exit(f"rex-solrex-check: {o!r} is not a 6x6 cell (a1 .. f6) or a list of "
                     "distinct cells separated by commas (ending in ,* for every child)")
        if not children:
            todo.append(o)
            continue
        # Every child of the position, in gsolve's cell order; children already settled by an
        # earlier run are not asked again, so an interrupted expansion resumes.
        settled = {r["opening"] for r in read_rows(path) if r["first_player_wins"]}
        for i in range(SIZE * SIZE):
            cell = chr(ord("a") + i % SIZE) + str(i // SIZE + 1)
            child = ",".join(cells + [cell])
            if cell not in cells and child not in settled:
                todo.append(child)
    for opening in todo:
        moves = opening.split(",")
        before = load1()
        print(f"== value of {opening} (Benzene {','.join(map(transpose, moves))}) load {before}, "
              f"cap {cap:g} s", flush=True)
        winner, seconds, work, peak = solve_opening_value(solrex, moves, threads, cap, runs)
        rows = read_rows(path)
        rows.append({"opening": opening, "opening_benzene": ",".join(map(transpose, moves)),
                     # Benzene's White is gsolve's Black (the first player)
                     "first_player_wins": "" if winner is None else str(winner == "white").lower(),
                     "winner_benzene": winner or "open", "seconds": seconds,
                     "work": "" if work is None else work, "peak_rss_kb": peak or "",
                     "threads": threads, "cap": cap, "load_before": before, "load_after": load1(),
                     "finished_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
                     "solrex": os.environ.get("SOLREX_ABOUT", ""), "machine": machine_name()})
        write_rows(path, VALUE_FIELDS, rows)
        print(f"   Solrex: {winner or 'no answer within the cap'} ({seconds} s)", flush=True)


def main():
    threads = int(os.environ.get("THREADS", "2"))
    cap = float(os.environ.get("CAP", "600"))
    out = os.environ.get("OUT", "results/rex/6x6")
    if sys.argv[1:] == ["--render"]:
        replies = read_rows(os.path.join(out, "solrex-check.csv"))
        done = read_rows(os.path.join(out, "solrex-check-runs.csv"))
        save(os.path.join(out, "solrex-check.csv"), os.path.join(out, "solrex-check-runs.csv"), replies, done)
        render_md(out, replies, done, threads, cap)
        return
    if sys.argv[1:2] == ["--value"]:
        runs = os.environ.get("RUNS", "runs/rex/solrex-check")
        os.makedirs(runs, exist_ok=True)
        run_values(sys.argv[2:], threads, out, runs)
        # Only the value section is rewritten: the replies section keeps the provenance (threads,
        # cap, machine, build) of the runs that made it.
        md = os.path.join(out, "solrex-check.md")
        head = open(md).read().split("\n" + VALUE_HEADING)[0].rstrip("\n").split("\n") \
            if os.path.exists(md) else []
        with open(md + ".tmp", "w") as f:
            f.write("\n".join(head + value_section(out)) + "\n")
        os.replace(md + ".tmp", md)
        return
    solrex = os.environ.get("SOLREX")
    if not solrex or not os.access(solrex, os.X_OK):
        sys.exit(f"rex-solrex-check: SOLREX must name the Solrex binary (got {solrex!r})")
    lock = os.environ.get("LOCK")
    runs = os.environ.get("RUNS", "runs/rex/solrex-check")
    os.makedirs(out, exist_ok=True)
    os.makedirs(runs, exist_ok=True)
    replies_csv = os.path.join(out, "solrex-check.csv")
    runs_csv = os.path.join(out, "solrex-check-runs.csv")
    replies, done = read_rows(replies_csv), read_rows(runs_csv)
    if done:
        save(replies_csv, runs_csv, replies, done)
    for opening in sys.argv[1:] or DEFAULT_OPENINGS:
        if any(r["opening"] == opening for r in done):
            continue
        print(f"== {opening} (Benzene {transpose(opening)}) load {load1()}", flush=True)
        d, before, after = run_opening(solrex, opening, threads, cap, lock, runs)
        solved = [x for x in d["per_reply"] if x["winner"]]
        for x in solved:
            replies.append({"opening": opening, "reply": transpose(x["reply"]),
                            "reply_wins": str(x["winner"] == "black").lower(),
                            "solrex_seconds": x["seconds"], "opening_benzene": d["opening"],
                            "reply_benzene": x["reply"]})
        wins = [transpose(c) for c in d["winning_replies_found"]]
        first = d["opening_wins_for_first"]
        if first is None and wins:
            first = False  # one winning reply settles the opening even if the cap cut the rest
        done.append({"opening": opening, "opening_benzene": d["opening"],
                     "status": "complete" if d["complete"] else f"cap {cap:g} s reached",
                     "replies_solved": f"{d['replies_solved']}/{d['replies_total']}",
                     "replier_wins": " ".join(wins),
                     "first_player_wins": "" if first is None else str(first).lower(),
                     "seconds": d["seconds"], "work": d["work_from_log"],
                     "peak_rss_kb": d["peak_rss_kb"], "threads": threads, "cap": cap,
                     "load_before": before, "load_after": after,
                     "finished_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
        save(replies_csv, runs_csv, replies, done)
        render_md(out, replies, done, threads, cap)
        print(f"   {done[-1]['status']}: {done[-1]['replies_solved']} solved, "
              f"replier wins {wins or 'none'}, {d['seconds']} s", flush=True)


if __name__ == "__main__":
    main()
