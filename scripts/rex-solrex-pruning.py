#!/usr/bin/env python3
"""Is Solrex's move pruning sound in Rex? A check of the PEER's root analysis against gsolve's
exact search, on random positions.

For each random position Q (Benzene names and colours throughout: White moves first, joins
left-right; Black joins top-bottom), Solrex's `compute-inferior MOVER` gives its fill-in (cells
it fills with a colour, `f..w`/`f..b`) and the cells it prunes (dominated `id[...]` and the
other inferior kinds); the filled board Q' and the moves it keeps (empty cells of Q' not
pruned) are what its search would look at. gsolve then solves, exactly (`gsolve gtp --benzene`,
whose solver uses only rules proved in the rex crate and tested against plain minimax):
the value of Q, the value of Q', and every winning move of the mover in Q'. A sound pruning
keeps a winning move whenever Q' has one, and a sound fill-in gives Q' the value of Q. Each
violation is printed as a position both tools can replay (GTP `play` lines), with the cells
involved; the summary counts positions, pruned cells and violations.

  SOLREX=/path/to/solrex GSOLVE=target/release/gsolve scripts/rex-solrex-pruning.py \
      [--boards 4,5,6] [--positions 200] [--seed 1] [--stones 6-16] [--json]

SOLREX: a Solrex (Benzene benzenetest) executable or wrapper started with
--use-logfile=false. Exit 0 when no violation was found, 1 when one was, 2 on bad input.
"""
import argparse, json, os, random, subprocess, sys


class Gtp:
    """One GTP engine on pipes."""

    def __init__(self, cmd):
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        out = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError(f"engine closed on {line!r}")
            if l.strip() == "" and out:
                break
            if l.strip() == "" and not out:
                continue
            out.append(l.rstrip("\n"))
        text = "\n".join(out)
        if text.startswith("?"):
            raise RuntimeError(f"{line!r}: {text}")
        return text[1:].strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.wait(timeout=10)


def name(n, c):
    return "abcdefghijk"[c % n] + str(c // n + 1)


def neighbours(n, c):
    r, k = divmod(c, n)
    for dr, dk in ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)):
        rr, kk = r + dr, k + dk
        if 0 <= rr < n and 0 <= kk < n:
            yield rr * n + kk


def joined(n, stones, white):
    """True if `stones` join the colour's sides (White: left-right, Black: top-bottom)."""
    start = [c for c in stones if (c % n == 0 if white else c // n == 0)]
    seen, todo = set(start), list(start)
    while todo:
        c = todo.pop()
        if (c % n == n - 1) if white else (c // n == n - 1):
            return True
        for d in neighbours(n, c):
            if d in stones and d not in seen:
                seen.add(d)
                todo.append(d)
    return False


def random_position(rng, n, lo, hi):
    """White (first) and Black stones, no side joined; the mover follows from the counts."""
    while True:
        k = rng.randint(lo, min(hi, n * n - 2))
        cells = rng.sample(range(n * n), k)
        white, black = set(cells[: (k + 1) // 2]), set(cells[(k + 1) // 2:])
        if not joined(n, white, True) and not joined(n, black, False):
            mover = "black" if len(white) > len(black) else "white"
            return white, black, mover


def parse_inferior(text):
    """{cell: kind} from compute-inferior's `cell kind` pairs."""
    words = text.split()
    return {words[i]: words[i + 1] for i in range(0, len(words) - 1, 2)}


def setup(engine, n, white, black):
    engine.ask(f"boardsize {n}")
    engine.ask("clear_board")
    for c in sorted(white):
        engine.ask(f"play white {name(n, c)}")
    for c in sorted(black):
        engine.ask(f"play black {name(n, c)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--boards", default="4,5,6")
    ap.add_argument("--positions", type=int, default=200, help="per board")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stones", default="6-16", help="stones per position, LO-HI")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args()
    try:
        boards = [int(b) for b in a.boards.split(",")]
        lo, hi = (int(x) for x in a.stones.split("-"))
        assert all(3 <= b <= 8 for b in boards) and 0 <= lo <= hi and a.positions > 0
    except (ValueError, AssertionError):
        print(f"bad --boards {a.boards!r} / --stones {a.stones!r} / --positions", file=sys.stderr)
        sys.exit(2)
    solrex_cmd, gsolve_cmd = os.environ.get("SOLREX"), os.environ.get("GSOLVE", "target/release/gsolve")
    if not solrex_cmd or not os.access(solrex_cmd, os.X_OK) or not os.access(gsolve_cmd, os.X_OK):
        print("SOLREX and GSOLVE must name executables", file=sys.stderr)
        sys.exit(2)
    rng = random.Random(a.seed)
    solrex = Gtp([solrex_cmd])
    solrex.ask("param_dfpn threads 1")
    kinds, stats, bad = {}, {"positions": 0, "dead_move": 0, "pruned": 0, "pairs": 0, "fill_in": 0, "won": 0}, []
    for n in boards:
        gs = Gtp([gsolve_cmd, "gtp", "--benzene", "--size", str(n), "--threads", "1"])
        for _ in range(a.positions):
            white, black, mover = random_position(rng, n, lo, hi)
            setup(solrex, n, white, black)
            inf = parse_inferior(solrex.ask(f"compute-inferior {mover}"))
            for k in inf.values():
                key = k.split("[")[0]
                kinds[key] = kinds.get(key, 0) + 1
            # Dead cells (`fd.`) are filled (with Benzene's dead colour) only in even numbers;
            # with an odd number one stays empty and is the move Solrex plays, which is proved
            # optimal (playing a dead cell): nothing to check then.
            dead = [c for c, k in inf.items() if k.startswith("fd")]
            if len(dead) % 2 == 1:
                stats["dead_move"] += 1
                continue
            fill = {c: k[-1] for c, k in inf.items() if k.startswith("f")}
            pruned = {c for c, k in inf.items() if not k.startswith("f")}
            setup(gs, n, white, black)
            value = gs.ask(f"dfpn-solve-state {mover}")
            w2, b2 = set(white), set(black)
            idx = {name(n, c): c for c in range(n * n)}
            for c, col in fill.items():
                (w2 if col == "w" else b2).add(idx[c])
            if joined(n, w2, True) or joined(n, b2, False):
                # The fill-in joined a side: Q' is decided (the joined colour has lost).
                value2, wins = ("black" if joined(n, w2, True) else "white"), set()
            else:
                setup(gs, n, w2, b2)
                value2 = gs.ask(f"dfpn-solve-state {mover}")
                wins = set(gs.ask(f"dfpn-solver-find-winning {mover}").split()) \
                    if value2 == mover else set()
            empty = {name(n, c) for c in range(n * n)} - {name(n, c) for c in w2 | b2}
            kept = empty - pruned
            stats["positions"] += 1
            stats["pruned"] += len(pruned & empty)
            stats["fill_in"] += len(fill)
            stats["won"] += value2 == mover
            play = [f"play white {name(n, c)}" for c in sorted(white)] + \
                   [f"play black {name(n, c)}" for c in sorted(black)]
            if value != value2:
                bad.append({"board": n, "kind": "fill-in changes the value", "mover": mover,
                            "value": value, "filled_value": value2, "fill": fill, "play": play})
            for x in sorted(wins & pruned):
                doms = inf[x][inf[x].find("[") + 1:-1].split("-") if "[" in inf[x] else []
                stats["pairs"] += len(doms)
                losers = [y for y in doms if y in empty and y not in wins]
                if losers:
                    bad.append({"board": n, "kind": "a pruned cell wins, its dominator does not",
                                "mover": mover, "cell": x, "pruned_as": inf[x], "losing": losers,
                                "fill": fill, "play": play})
            if value == value2 and wins and not (wins & kept):
                bad.append({"board": n, "kind": "every winning move pruned", "mover": mover,
                            "winning": sorted(wins), "pruned_as": {c: inf[c] for c in sorted(wins) if c in inf},
                            "kept": sorted(kept), "fill": fill, "play": play})
        gs.close()
    solrex.close()
    summary = {"boards": boards, "seed": a.seed, "stones": a.stones, **stats,
               "kinds": kinds, "violations": len(bad), "examples": bad[:20]}
    if a.json:
        print(json.dumps(summary))
    else:
        for b in bad[:20]:
            print(json.dumps(b))
        print(f"{stats['positions']} positions checked ({stats['dead_move']} more drawn had a dead "
              f"cell to play) on boards {boards} (seed {a.seed}, stones {a.stones}): "
              f"{stats['pruned']} cells pruned by Solrex, {stats['fill_in']} filled; "
              f"{stats['won']} won by the mover; {stats['pairs']} (winning pruned cell, dominator) pairs; "
              f"{len(bad)} violations; kinds {kinds}")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    try:
        main()
    except (RuntimeError, OSError) as e:
        print(f"rex-solrex-pruning: {e}", file=sys.stderr)
        sys.exit(2)
