#!/usr/bin/env python3
"""gsolve Dark Hex strategies in OpenSpiel (issue 18, item 5).

    scripts/openspiel_eval.py export MIX_OR_TXT --out POLICY.json
    scripts/openspiel_eval.py eval POLICY.json [POLICY.json]
    scripts/openspiel_eval.py import POLICY.json --out STRATEGY.txt
    scripts/openspiel_eval.py train ROWS COLS classical|abrupt ITERATIONS --out POLICY.json
    scripts/openspiel_eval.py cfr-time ROWS COLS classical|abrupt ITERATIONS

`export` turns a gsolve strategy into an OpenSpiel tabular policy of OpenSpiel's `dark_hex`
game (num_rows, num_cols, gameversion cdh = classical, adh = abrupt) for the strategy's owner:
- a DARKHEX_MIXTURE certificate (`*.mix`, a mixture of pure policies) becomes the behaviour
  strategy of the same play (Kuhn): at each information set, the weight of the policies that
  reach it and choose each probe, normalised;
- a text export of a CFR strategy (`gsolve darkhex export strategy.bin > strategy.txt`,
  perfect-recall `History` representation) is read as it is.
Both are keyed by the owner's private history (its probes and their results, packed as in the
certificate format: 5 bits an event, 6 on 16-cell boards, oldest first, (cell + 1) << 1 | success). OpenSpiel's
information-state strings are finer on classical boards (they count the opponent's failed
probes, which a player does not see): every OpenSpiel string maps to exactly one private
history, so each gets that history's probabilities, and the script checks that the
assignment is consistent. Information sets the strategy never reaches get the uniform policy.

POLICY.json: {"format": "gsolve-openspiel-policy 1", "game": <OpenSpiel game string>,
"source": <file>, "players": {"0"|"1": {<information state string>: {<action>: p}}}}: the
mixture's owner, or both players of a CFR strategy, with one entry for every information
state string of that player in the game (actions are OpenSpiel's: cell r * cols + c).

`eval` loads one or two policy files into pyspiel, checks that every information state string
of the owner has an entry (and no entry is unknown to the game), and prints OpenSpiel's own
numbers as one JSON object: the best-response value against each file (and Black's winning
probability that it implies: a lower bound for a Black strategy, an upper bound for a White
one, in OpenSpiel's finer information structure), and NashConv when both players are given.

`import` goes the other way: an OpenSpiel policy in the same JSON format (for example one
`train` wrote with OpenSpiel's own CFR) becomes a gsolve text export, which `gsolve darkhex
eval --strategy STRATEGY.txt` evaluates with gsolve's exact best responses. It is refused
when the policy plays differently at two OpenSpiel information states of one private history
(possible on classical boards, where OpenSpiel's states are finer than the game's).

`cfr-time` times OpenSpiel's C++ CFR+ (`pyspiel.CFRPlusSolver`: alternating updates, regret
matching+, average weighted by the iteration, the algorithm of `gsolve bench darkhex-cfr --algo
cfr+`) on one thread: the solver's construction, then ITERATIONS calls of
`evaluate_and_update_policy`, then OpenSpiel's C++ NashConv and expected value of the average
policy, as one JSON object (values converted to Black's winning probability: OpenSpiel's
returns are +1/-1, so the gap in probability is NashConv / 2). `scripts/darkhex-cfr-peer.sh`
runs it beside gsolve.

Needs `pip install open_spiel` (the `.ci/run` script installs it). OpenSpiel's tabular tools
walk the whole game tree in Python: boards of up to 6 cells take seconds, 8 cells minutes.
"""
import json
import os
import sys
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import darkhex_certify  # noqa: E402  (the independent checker's parser and policy rule)

FORMAT = "gsolve-openspiel-policy 1"


def fail(msg):
    print(json.dumps({"error": msg}))
    sys.exit(2)


def load_pyspiel():
    try:
        import pyspiel  # noqa: F401
        from open_spiel.python import policy  # noqa: F401
        from open_spiel.python.algorithms import best_response, exploitability  # noqa: F401
    except ImportError as e:
        fail(f"OpenSpiel is not installed ({e}); pip install open_spiel")
    import pyspiel
    return pyspiel


def read_strategy(path):
    """(rows, cols, classical, owner, decide) where decide(h, legal) -> {cell: weight}."""
    with open(path) as f:
        first = f.readline().strip()
    if first == "DARKHEX_MIXTURE":
        rows, cols, mode, owner, policies, bits = darkhex_certify.parse(path)
        if bits != darkhex_certify.event_bits(rows * cols):
            fail(f"{path}: a legacy 16-cell file (5-bit histories, no EVENT_BITS 6 line); "
                 f"regenerate it (gsolve darkhex symmetrise writes a 6-bit file)")
        owner = 0 if owner == "BLACK" else 1
        checker = darkhex_certify.Checker(rows, cols, mode == "STANDARD", owner, policies)
        return rows, cols, mode == "STANDARD", owner, ("mix", checker)
    return read_text_export(path)


def read_text_export(path):
    rows = cols = classical = None
    table = {}
    with open(path) as f:
        for line in f:
            parts = line.split()
            if not parts:
                continue
            if parts[0] == "#":
                if len(parts) > 2 and parts[1] == "board":
                    fields = dict(zip(parts[1::2], parts[2::2]))
                    r, c = fields["board"].split("x")
                    rows, cols = int(r), int(c)
                    classical = fields.get("variant") == "classical"
                    if fields.get("representation") != "history":
                        fail(f"{path}: representation {fields.get('representation')}: "
                             f"export a perfect-recall (history) strategy")
                continue
            probs = {}
            for item in parts[2:]:
                cell, prob = item.split(":")
                probs[cell] = float(prob)
            table[(0 if parts[0] == "B" else 1, int(parts[1]))] = probs
    if rows is None or not table:
        fail(f"{path}: not a gsolve Dark Hex text export (no '# board' header or no entries)")
    return rows, cols, classical, None, ("txt", table)


def cell_index(name, cols):
    return (int(name[1:]) - 1) * cols + (ord(name[0]) - ord("a"))


def export(path, out):
    pyspiel = load_pyspiel()
    rows, cols, classical, owner, (kind, data) = read_strategy(path)
    owners = [owner] if kind == "mix" else sorted({p for p, _ in data})
    game = pyspiel.load_game("dark_hex", {"num_rows": rows, "num_cols": cols,
                                          "gameversion": "cdh" if classical else "adh"})
    n = rows * cols
    bits = darkhex_certify.event_bits(n)
    tables = {p: {} for p in owners}

    def decide(player, h, occupied, policies):
        """{action: probability} and, for a mixture, the policies choosing each action."""
        if kind == "mix":
            groups = {}
            for p in policies:
                groups.setdefault(data.probe_of(p, h, ((1 << n) - 1) & ~occupied), []).append(p)
            total = sum(data.policies[p][0] for g in groups.values() for p in g)
            if total == 0:
                return None, {}
            return ({a: Fraction(sum(data.policies[p][0] for p in g), total)
                     for a, g in groups.items()}, groups)
        entry = data.get((player, h))
        if entry is None:
            return None, None
        return {cell_index(c, cols): p for c, p in entry.items()}, None

    def walk(state, board, hist, known, policies):
        if state.is_terminal():
            return
        player = state.current_player()
        legal = state.legal_actions()
        follow = {a: policies for a in legal}
        if player in tables:
            key = state.information_state_string(player)
            occupied = known[player]
            for cell, who in board.items():
                if who == player:
                    occupied |= 1 << cell
            probs, groups = decide(player, hist[player], occupied, policies or [])
            if probs is not None and set(probs) - set(legal):
                fail(f"{path}: the strategy probes {sorted(set(probs) - set(legal))} where "
                     f"OpenSpiel allows {legal} (information state {key!r})")
            entry = ({a: float(probs.get(a, 0)) for a in legal} if probs is not None
                     else {a: 1.0 / len(legal) for a in legal})
            old = tables[player].get(key)
            if old is not None and old != entry:
                fail(f"{path}: information state {key!r} gets two different policies")
            tables[player][key] = entry
            if kind == "mix":
                follow = {a: (groups or {}).get(a, []) for a in legal}
        for a in legal:
            child = state.clone()
            child.apply_action(a)
            b2 = dict(board)
            success = 0 if a in board else 1
            if success:
                b2[a] = player
            h2, k2 = list(hist), list(known)
            h2[player] = (hist[player] << bits) | ((a + 1) << 1) | success
            if not success:
                k2[player] |= 1 << a
            walk(child, b2, h2, k2, follow[a])

    sys.setrecursionlimit(100000)
    start = list(range(len(data.policies))) if kind == "mix" else None
    walk(game.new_initial_state(), {}, [0, 0], [0, 0], start)
    doc = {"format": FORMAT, "game": str(game), "source": path,
           "players": {str(p): {k: {str(a): q for a, q in v.items()} for k, v in sorted(t.items())}
                       for p, t in tables.items()}}
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=0, sort_keys=True)
    os.replace(tmp, out)
    print(json.dumps({"written": out, "game": str(game), "players": owners,
                      "information_states": {str(p): len(t) for p, t in tables.items()}}))


def read_policy(path):
    """A policy file of this script's format, or exit 2 naming the file."""
    try:
        with open(path) as f:
            d = json.load(f)
    except (OSError, ValueError) as e:
        fail(f"{path}: cannot read the policy file ({e})")
    if not isinstance(d, dict) or d.get("format") != FORMAT or "players" not in d:
        fail(f"{path}: not a {FORMAT} file")
    return d


def evaluate(paths):
    pyspiel = load_pyspiel()
    from open_spiel.python import policy as policy_lib
    from open_spiel.python.algorithms import best_response, exploitability
    docs = [(p, read_policy(p)) for p in paths]
    if len({d["game"] for _, d in docs}) != 1:
        fail("the policy files are for different games")
    game = pyspiel.load_game(docs[0][1]["game"])
    tab = policy_lib.TabularPolicy(game)
    given = {}
    for path, d in docs:
        for player, entries in d["players"].items():
            player = int(player)
            if player in given:
                fail(f"{path}: a second policy for player {player}")
            own = set(tab.states_per_player[player])
            missing, unknown = own - set(entries), set(entries) - own
            if missing or unknown:
                fail(f"{path}: {len(missing)} information states of player {player} have no "
                     f"entry, {len(unknown)} entries are not information states of the game")
            for k, probs in entries.items():
                row = tab.policy_for_key(k)
                row[:] = 0
                for a, q in probs.items():
                    row[int(a)] = q
            given[player] = path
    out = {"game": docs[0][1]["game"], "openspiel": pyspiel.__version__ if hasattr(pyspiel, "__version__") else None}
    root = game.new_initial_state()
    for owner, path in sorted(given.items()):
        v = best_response.BestResponsePolicy(game, 1 - owner, tab).value(root)
        # Returns are +1 / -1: the responder's value v = P(responder wins) - P(owner wins).
        bound = ("black_lower_bound", (1 - v) / 2) if owner == 0 else ("black_upper_bound", (1 + v) / 2)
        out["black" if owner == 0 else "white"] = {"source": path, "best_response_value": v,
                                                   bound[0]: bound[1]}
    if len(given) == 2:
        out["nash_conv"] = exploitability.nash_conv(game, tab)
    print(json.dumps(out))


def private_histories(game):
    """{information state string: (player, packed private history, legal actions)} for every
    decision of the game (a walk of the whole tree)."""
    out = {}
    params = game.get_parameters()
    bits = darkhex_certify.event_bits(params["num_rows"] * params["num_cols"])

    def walk(state, board, hist):
        if state.is_terminal():
            return
        player = state.current_player()
        legal = state.legal_actions()
        out.setdefault(state.information_state_string(player), set()).add((player, hist[player]))
        for a in legal:
            child = state.clone()
            child.apply_action(a)
            success = 0 if a in board else 1
            b2 = dict(board)
            if success:
                b2[a] = player
            h2 = list(hist)
            h2[player] = (hist[player] << bits) | ((a + 1) << 1) | success
            walk(child, b2, h2)

    sys.setrecursionlimit(100000)
    walk(game.new_initial_state(), {}, [0, 0])
    return out


def import_policy(path, out):
    """An OpenSpiel policy file (this script's JSON format) as a gsolve text export, which
    `gsolve darkhex eval --strategy` reads; refused if two OpenSpiel information states of
    one private history (OpenSpiel's finer classical sets) carry different probabilities,
    since that is no strategy of the true game."""
    pyspiel = load_pyspiel()
    d = read_policy(path)
    game = pyspiel.load_game(d["game"])
    params = game.get_parameters()
    rows, cols = params["num_rows"], params["num_cols"]
    variant = {"cdh": "classical", "adh": "abrupt"}[params["gameversion"]]
    hists = private_histories(game)
    lines = {}
    for player, entries in d["players"].items():
        for key, probs in entries.items():
            if key not in hists:
                fail(f"{path}: {key!r} is not an information state of {d['game']}")
            for p, h in hists[key]:
                row = {int(a): float(q) for a, q in probs.items() if float(q) > 0}
                old = lines.get((p, h))
                if old is not None and any(abs(old.get(a, 0) - row.get(a, 0)) > 1e-9
                                           for a in set(old) | set(row)):
                    fail(f"{path}: two information states of one private history of player {p} "
                         f"(history {h}) have different policies: OpenSpiel's classical "
                         f"information states are finer than the game's, and this policy uses that")
                lines[(p, h)] = row
    name = lambda c: chr(ord("a") + c % cols) + str(c // cols + 1)
    text = ["# gsolve Dark Hex strategy text export, format 1",
            f"# board {rows}x{cols} variant {variant} announce_touch false representation history "
            f"algorithm openspiel iterations 0 seed 0 toolkit openspiel",
            f"# source: {path} ({d.get('source', 'an OpenSpiel policy')}; {d['game']})"]
    for (p, h), row in sorted(lines.items()):
        text.append(("B " if p == 0 else "W ") + str(h) + "".join(
            f" {name(a)}:{q:.17g}" for a, q in sorted(row.items())))
    tmp = out + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(text) + "\n")
    os.replace(tmp, out)
    print(json.dumps({"written": out, "information_sets": len(lines)}))


def train(rows, cols, variant, iterations, out):
    """OpenSpiel's own CFR (its Python tabular solver) on a small board, its average policy
    saved in this script's JSON format: a policy trained outside gsolve, for `import`."""
    pyspiel = load_pyspiel()
    from open_spiel.python.algorithms import cfr
    game = pyspiel.load_game("dark_hex", {"num_rows": rows, "num_cols": cols,
                                          "gameversion": {"classical": "cdh", "abrupt": "adh"}[variant]})
    solver = cfr.CFRSolver(game)
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    avg = solver.average_policy()
    players = {}
    for player in range(2):
        entries = {}
        for key in avg.states_per_player[player]:
            row = avg.policy_for_key(key)
            entries[key] = {str(a): float(q) for a, q in enumerate(row) if q > 0}
        players[str(player)] = entries
    doc = {"format": FORMAT, "game": str(game), "source": f"OpenSpiel CFR, {iterations} iterations",
           "players": players}
    with open(out, "w") as f:
        json.dump(doc, f, indent=0, sort_keys=True)
    print(json.dumps({"written": out, "game": str(game), "iterations": iterations}))


def cfr_time(rows, cols, variant, iterations):
    """OpenSpiel's C++ CFR+ timed (see the module documentation)."""
    import time
    pyspiel = load_pyspiel()
    game = pyspiel.load_game("dark_hex", {"num_rows": rows, "num_cols": cols,
                                          "gameversion": {"classical": "cdh", "abrupt": "adh"}[variant]})
    start = time.perf_counter()
    solver = pyspiel.CFRPlusSolver(game)
    build = time.perf_counter() - start
    start = time.perf_counter()
    for _ in range(iterations):
        solver.evaluate_and_update_policy()
    seconds = time.perf_counter() - start
    avg = solver.average_policy()
    nash_conv = pyspiel.nash_conv(game, avg)
    value = pyspiel.expected_returns(game.new_initial_state(), avg, -1, True)[0]
    print(json.dumps({
        "tool": f"OpenSpiel {pyspiel.__version__ if hasattr(pyspiel, '__version__') else ''}".strip(),
        "game": str(game), "algorithm": "CFRPlusSolver (C++)", "iterations": iterations,
        "information_states": len(solver.tabular_average_policy().policy_table()),
        "build_seconds": build, "seconds": seconds,
        "ms_per_iteration": seconds * 1000.0 / iterations,
        "nash_conv": nash_conv, "gap": nash_conv / 2.0, "value": (value + 1.0) / 2.0,
    }))


def main():
    args = sys.argv[1:]
    if len(args) == 4 and args[0] == "export" and args[2] == "--out":
        try:
            export(args[1], args[3])
        except (OSError, ValueError, KeyError, AssertionError, StopIteration) as e:
            fail(f"{args[1]}: cannot read the strategy ({type(e).__name__}: {e})")
    elif len(args) >= 2 and args[0] == "eval":
        evaluate(args[1:])
    elif len(args) == 4 and args[0] == "import" and args[2] == "--out":
        import_policy(args[1], args[3])
    elif len(args) == 7 and args[0] == "train" and args[5] == "--out":
        try:
            r, c, it = int(args[1]), int(args[2]), int(args[4])
        except ValueError:
            fail("train ROWS COLS classical|abrupt ITERATIONS --out POLICY.json")
        if args[3] not in ("classical", "abrupt") or r < 1 or c < 1 or r * c > 9 or it < 1:
            fail("train ROWS COLS classical|abrupt ITERATIONS --out POLICY.json (at most 9 cells)")
        train(r, c, args[3], it, args[6])
    elif len(args) == 5 and args[0] == "cfr-time":
        usage = "cfr-time ROWS COLS classical|abrupt ITERATIONS (at most 9 cells)"
        try:
            r, c, it = int(args[1]), int(args[2]), int(args[4])
        except ValueError:
            fail(usage)
        if args[3] not in ("classical", "abrupt") or r < 1 or c < 1 or r * c > 9 or it < 1:
            fail(usage)
        cfr_time(r, c, args[3], it)
    else:
        print(__doc__, file=sys.stderr)
        fail("usage: openspiel_eval.py export STRATEGY --out POLICY.json | eval POLICY.json "
             "[POLICY.json] | import POLICY.json --out STRATEGY.txt | "
             "train ROWS COLS classical|abrupt ITERATIONS --out POLICY.json | "
             "cfr-time ROWS COLS classical|abrupt ITERATIONS")


if __name__ == "__main__":
    main()
