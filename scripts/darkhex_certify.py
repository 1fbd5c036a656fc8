#!/usr/bin/env python3
"""Independent checker of DARKHEX_MIXTURE files (issue 3): the exact best-response value
against a mixture, in plain Python, written from ../shared/rules/darkhex.md and rex.md alone
(it shares no code with gsolve). It prints Black's value as an exact fraction: a lower bound
on the game value for a Black mixture, an upper bound for a White one.

Usage: scripts/darkhex_certify.py [--allow-asymmetric] FILE.mix [FILE.mix ...]

The format requires a rotation-invariant mixture: the board's 180° rotation (cell i -> cells-1-i,
which keeps both players' edges) maps every policy (its PRIORITY, its DECISIONS histories and
actions) to a policy carrying the same total weight. Like the published checker, a mixture that
is not is rejected ("mixture is not rotation invariant", exit 2). --allow-asymmetric checks such
a mixture anyway: the legacy path for the certificates gsolve wrote before it symmetrised them
(their bounds are still proven by the best response; only the format's rule is waived).

Rules as the rules files state them: cell index r*cols + c; neighbours of (c, r) are
(c±1, r), (c, r±1), (c+1, r−1), (c−1, r+1); Black (first) joins the top and bottom rows,
White the left and right columns. A probe of an empty cell places a stone; a probe of a
hidden enemy stone reveals it and, in classical Dark Hex (MODE STANDARD), the mover plays
again, in abrupt Dark Hex (MODE ABRUPT) the turn passes. A policy plays its DECISIONS entry
for its private history, else the first cell of its PRIORITY that it does not know to be
occupied. Histories pack events oldest first, 5 bits each, (cell+1) << 1 | success.

Event width (gsolve's extension for 16-cell boards): on a 16-cell board cell 15's events are 32
and 33, which need a sixth bit, so gsolve writes 16-cell files with a line `EVENT_BITS 6` between
MODE and OWNER and packs 6 bits per event there; boards of at most 15 cells keep 5 bits (no line,
or `EVENT_BITS 5`). A 16-cell file without the line is a legacy 5-bit file, whose numbers merge
the two outcomes of a probe followed by a probe of cell 15 and cannot be rotated: it is refused
(exit 2) unless --allow-asymmetric, which checks it with the 5-bit packing as it was written
(the value is then the legacy numbers' value; the rotation rule is waived).

The search: the responder's value at its private history is the maximum over its legal
probes of the weight it wins (each probe searched only for whether it beats the best so far:
a subtree that cannot is memoised as an upper bound, and the value found is still exact); the owner's policies are grouped into "worlds" (an owner private
history with the policies that produce it), and a responder node is memoised on its stones,
its known cells and the owner histories of its worlds (which determine everything else).
"""
import sys
from fractions import Fraction


def event_bits(cells):
    """Bits per packed history event on a board of `cells` cells: 5 up to 15 cells, else 6."""
    return 5 if cells <= 15 else 6


def parse(path):
    """(rows, cols, mode, owner, policies, bits): `bits` is the file's bits per event (its
    EVENT_BITS line, else 5), which is the board's width except in a legacy 16-cell file."""
    with open(path) as f:
        toks = [line.split() for line in f if line.strip()]
    it = iter(toks)
    head = next(it)
    if head != ["DARKHEX_MIXTURE"]:
        raise ValueError("not a DARKHEX_MIXTURE file")
    fields = {}
    while True:
        t = next(it)
        if t[0] == "POLICIES":
            n = int(t[1])
            break
        fields[t[0]] = t[1]
    rows, cols = int(fields["ROWS"]), int(fields["COLUMNS"])
    mode, owner = fields["MODE"], fields["OWNER"]
    bits = int(fields.get("EVENT_BITS", 5))
    if bits not in (5, event_bits(rows * cols)):
        raise ValueError(f"EVENT_BITS {bits} on a {rows}x{cols} board "
                         f"(expected {event_bits(rows * cols)})")
    policies = []
    for _ in range(n):
        t = next(it)
        assert t[0] == "POLICY", t
        weight = int(t[1])
        t = next(it)
        assert t[0] == "PRIORITY", t
        priority = [int(x) for x in t[1:]]
        t = next(it)
        assert t[0] == "DECISIONS", t
        decisions = {}
        for _ in range(int(t[1])):
            h, a = next(it)
            decisions[int(h)] = int(a)
        assert next(it) == ["END"], "policy without END"
        policies.append((weight, priority, decisions))
    return rows, cols, mode, owner, policies, bits


def rotate_history(h, n):
    """The packed history with every probed cell i replaced by n-1-i (same order, same results),
    in the board's event width."""
    bits = event_bits(n)
    events = []
    while h:
        events.append(h & ((1 << bits) - 1))
        h >>= bits
    out = 0
    for e in reversed(events):
        cell = (e >> 1) - 1
        out = (out << bits) | ((n - 1 - cell + 1) << 1) | (e & 1)
    return out


def policy_key(priority, decisions):
    return (tuple(priority), tuple(sorted(decisions.items())))


def rotation_invariant(rows, cols, policies):
    """Whether each policy's 180-degree image carries the same total weight as the policy."""
    n = rows * cols
    weight = {}
    for w, pr, dec in policies:
        k = policy_key(pr, dec)
        weight[k] = weight.get(k, 0) + w
    for w, pr, dec in policies:
        image = policy_key([n - 1 - c for c in pr],
                           {rotate_history(h, n): n - 1 - a for h, a in dec.items()})
        if weight.get(image) != weight[policy_key(pr, dec)]:
            return False
    return True


class Checker:
    def __init__(self, rows, cols, classical, owner, policies, bits=None):
        self.rows, self.cols, self.classical = rows, cols, classical
        self.owner = 0 if owner == "BLACK" else 1
        self.policies = policies
        self.n = rows * cols
        # Bits per event of the decision numbers: the board's width, or 5 for a legacy
        # 16-cell file (then `h << 5 | event` ORs cell 15's sixth bit in, as it was written).
        self.bits = event_bits(self.n) if bits is None else bits
        self.nbrs = []
        for r in range(rows):
            for c in range(cols):
                out = []
                for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                    cc, rr = c + dc, r + dr
                    if 0 <= cc < cols and 0 <= rr < rows:
                        out.append(rr * cols + cc)
                self.nbrs.append(out)
        self.conn = {}
        self.memo = {}

    def connects(self, player, stones):
        key = (player, stones)
        v = self.conn.get(key)
        if v is not None:
            return v
        if player == 0:
            start = [c for c in range(self.cols) if stones >> c & 1]
            goal = lambda x: x // self.cols == self.rows - 1
        else:
            start = [r * self.cols for r in range(self.rows) if stones >> (r * self.cols) & 1]
            goal = lambda x: x % self.cols == self.cols - 1
        seen = set(start)
        stack = list(start)
        v = False
        while stack:
            x = stack.pop()
            if goal(x):
                v = True
                break
            for y in self.nbrs[x]:
                if stones >> y & 1 and y not in seen:
                    seen.add(y)
                    stack.append(y)
        self.conn[key] = v
        return v

    def probe_of(self, p, h, legal):
        weight, priority, decisions = self.policies[p]
        a = decisions.get(h)
        if a is not None:
            return a
        for c in priority:
            if legal >> c & 1:
                return c
        raise ValueError("no legal probe")

    def owner_moves(self, world, r_stones, out):
        """The owner moves in `world` = (history, stones, known, policies) until the responder
        is to move; appends the resulting worlds to `out` (owner wins are dropped)."""
        h, s, k, ps = world
        full = (1 << self.n) - 1
        legal = full & ~(s | k)
        groups = {}
        for p in ps:
            groups.setdefault(self.probe_of(p, h, legal), []).append(p)
        for a, grp in groups.items():
            bit = 1 << a
            if r_stones & bit:
                w = ((h << self.bits) | ((a + 1) << 1), s, k | bit, tuple(grp))
                if self.classical:
                    self.owner_moves(w, r_stones, out)
                else:
                    out.append(w)
            else:
                s2 = s | bit
                if not self.connects(self.owner, s2):
                    out.append(((h << self.bits) | ((a + 1) << 1) | 1, s2, k, tuple(grp)))

    def weight(self, worlds):
        return sum(self.policies[p][0] for w in worlds for p in w[3])

    def respond(self, rs, rk, worlds, alpha=-1):
        """The most weight the responder can win from here if that exceeds `alpha`, exactly;
        otherwise an upper bound that is at most `alpha` (a probe is searched only for whether
        it beats the best one so far). The memo keeps exact values and upper bounds apart."""
        if not worlds:
            return 0
        total = self.weight(worlds)
        if total <= alpha:
            return total
        worlds = sorted(worlds)
        key = (rs, rk, tuple(w[0] for w in worlds))
        e = self.memo.get(key)
        if e is not None and (e[0] or e[1] <= alpha):
            return e[1]
        full = (1 << self.n) - 1
        legal = full & ~(rs | rk)
        best = 0      # the best probe's exact value, once it exceeds alpha
        bound = 0     # the largest upper bound of the probes that did not
        for a in range(self.n):
            bit = 1 << a
            if not legal & bit:
                continue
            target = max(best, alpha)
            empty = [w for w in worlds if not w[1] & bit]
            found = [w for w in worlds if w[1] & bit]
            wf = self.weight(found)
            ve = 0
            if empty:
                rs2 = rs | bit
                if self.connects(1 - self.owner, rs2):
                    ve = self.weight(empty)
                else:
                    nxt = []
                    for w in empty:
                        self.owner_moves(w, rs2, nxt)
                    ve = self.respond(rs2, rk, nxt, target - wf)
            if ve + wf <= target:
                bound = max(bound, ve + wf)
                continue
            vf = 0
            if found:
                if self.classical:
                    vf = self.respond(rs, rk | bit, found, target - ve)
                else:
                    nxt = []
                    for w in found:
                        self.owner_moves(w, rs, nxt)
                    vf = self.respond(rs, rk | bit, nxt, target - ve)
            value = ve + vf
            if value > target:
                best = value
                if best == total:
                    break
            else:
                bound = max(bound, value)
        if best > alpha:
            # Every probe not taken was bounded by max(best then, alpha) <= best: exact.
            self.memo[key] = (True, best)
            return best
        v = max(best, bound)
        self.memo[key] = (False, v)
        return v

    def black_value(self):
        total = sum(p[0] for p in self.policies)
        start = (0, 0, 0, tuple(range(len(self.policies))))
        if self.owner == 0:
            worlds = []
            self.owner_moves(start, 0, worlds)
        else:
            worlds = [start]
        won = Fraction(self.respond(0, 0, worlds), total)
        return 1 - won if self.owner == 0 else won


def main():
    sys.setrecursionlimit(10000)
    args = sys.argv[1:]
    allow_asymmetric = "--allow-asymmetric" in args
    args = [a for a in args if a != "--allow-asymmetric"]
    if not args:
        sys.exit("usage: scripts/darkhex_certify.py [--allow-asymmetric] FILE.mix [FILE.mix ...]")
    for path in args:
        try:
            rows, cols, mode, owner, policies, bits = parse(path)
        except (OSError, AssertionError, ValueError, KeyError, StopIteration) as e:
            print(f"{path}: cannot read the mixture ({type(e).__name__}: {e})", file=sys.stderr)
            sys.exit(2)
        if mode not in ("STANDARD", "ABRUPT"):
            print(f"{path}: unknown MODE {mode}", file=sys.stderr)
            sys.exit(2)
        legacy = bits != event_bits(rows * cols)
        if legacy and not allow_asymmetric:
            print(f"{path}: a legacy 16-cell file (5-bit histories, no EVENT_BITS 6 line): its "
                  f"numbers merge histories and cannot be rotated; regenerate it (gsolve darkhex "
                  f"symmetrise writes a 6-bit file) or check it with --allow-asymmetric",
                  file=sys.stderr)
            sys.exit(2)
        invariant = not legacy and rotation_invariant(rows, cols, policies)
        if not invariant and not allow_asymmetric:
            print(f"{path}: mixture is not rotation invariant (the format requires each policy's "
                  f"180-degree image at equal weight; --allow-asymmetric checks it anyway)",
                  file=sys.stderr)
            sys.exit(2)
        c = Checker(rows, cols, mode == "STANDARD", owner, policies, bits)
        v = c.black_value()
        bound = "lower" if owner == "BLACK" else "upper"
        print(f"{path}: {rows}x{cols} {mode.lower()} owner {owner.lower()}, "
              f"{len(policies)} policies: Black's value {bound} bound {v.numerator}/{v.denominator}"
              f" ({len(c.memo)} responder histories"
              f"{'; legacy 5-bit 16-cell file, checked as written with --allow-asymmetric' if legacy else ''}"
              f"{'' if invariant or legacy else '; not rotation invariant, checked with --allow-asymmetric'})")


if __name__ == "__main__":
    main()
