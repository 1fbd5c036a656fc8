#!/usr/bin/env python3
"""How the cost of an exact Rex solve grows with the empty cells, for estimating the 7x7 map
(results/rex/7x7.md). For each board and stone count k it solves SAMPLES seeded random
positions with k stones (alternately Black and White, Black first; finished games are
redrawn) with `gsolve rex solve --threads 1 --tt-mb TT --json`, each under a wall-clock cap,
and writes one CSV line per position.

  scripts/rex-growth.py [OUT.csv]      (default runs/rex/growth.csv)
  PLAN="6:8,6,4 7:16,14,12,10" SAMPLES=8 scripts/rex-growth.py results/rex/7x7-growth.csv

Environment: GSOLVE (target/release/gsolve), SAMPLES (3), CAP (60 s), TT (512),
PLAN ("6:10,8,6 7:26,24,22,20,18": board side and stone counts), SEED (22).
A level stops after the first position that hits the cap (deeper levels would too).
"""
import csv, json, os, random, subprocess, sys, time

GSOLVE = os.environ.get("GSOLVE", "target/release/gsolve")
SAMPLES = int(os.environ.get("SAMPLES", "3"))
CAP = float(os.environ.get("CAP", "60"))
TT = os.environ.get("TT", "512")
PLAN = os.environ.get("PLAN", "6:10,8,6 7:26,24,22,20,18")
SEED = int(os.environ.get("SEED", "22"))
OUT = sys.argv[1] if len(sys.argv) > 1 else "runs/rex/growth.csv"


def cells(n):
    return [chr(ord("a") + c) + str(r + 1) for r in range(n) for c in range(n)]


def solve(n, moves):
    cmd = [GSOLVE, "rex", "solve", "--size", f"{n}x{n}", "--moves", ",".join(moves),
           "--threads", "1", "--tt-mb", TT, "--json"]
    t = time.time()
    try:
        p = subprocess.run(cmd, capture_output=True, text=True, timeout=CAP)
    except subprocess.TimeoutExpired:
        return None, time.time() - t
    return json.loads(p.stdout), time.time() - t


def main():
    rng = random.Random(SEED)
    os.makedirs(os.path.dirname(OUT) or ".", exist_ok=True)
    rows = []
    for level in PLAN.split():
        side, ks = level.split(":")
        n = int(side)
        for k in map(int, ks.split(",")):
            capped = False
            done = 0
            while done < SAMPLES and not capped:
                moves = rng.sample(cells(n), k)
                v, wall = solve(n, moves)
                if v is not None and v.get("game_over"):
                    continue
                done += 1
                capped = v is None
                row = {"board": f"{n}x{n}", "stones": k, "empty": n * n - k,
                       "moves": " ".join(moves),
                       "result": "capped" if capped else v["result"],
                       "nodes": "" if capped else v["nodes"],
                       "solve_seconds": "" if capped else f"{v['seconds']:.3f}",
                       "wall_seconds": f"{wall:.2f}", "cap": CAP,
                       "load": open("/proc/loadavg").read().split()[0]}
                rows.append(row)
                print(row, flush=True)
    with open(OUT, "w", newline="") as f:
        f.write(f"# scripts/rex-growth.py: seed {SEED}, {SAMPLES} samples, cap {CAP} s, "
                f"--threads 1 --tt-mb {TT}, {GSOLVE}\n")
        w = csv.DictWriter(f, fieldnames=list(rows[0].keys()))
        w.writeheader()
        w.writerows(rows)


main()
