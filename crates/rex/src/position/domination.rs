//! Domination among the mover's moves (see the crate header): neighbourhood domination, and
//! kill domination from the ring test's kill table, which fill-in pairs share.

use super::{RexMove, RexPosition};
use bitboard::BitWord;

/// For each empty cell `a` of a candidate set and each colour C (0: Black, 1: White), the
/// cells of the set next to `a` that a stone of C on `a` makes dead by the ring test; `dead`:
/// the cells a stone of either colour on one neighbour makes dead (dead already).
pub(crate) struct RingKills<W> {
    pub(crate) by: [[W; 128]; 2],
    pub(crate) dead: W,
}

/// Kill domination also uses the reachability and graph tests (a stone of each colour tried on
/// every candidate cell) in positions with at most this many empty cells. Measured on the 6×6
/// position `c1,d1,c6` (one thread): 36.1 M nodes and 157 s with the ring test alone, 16.2 M
/// and 137 s with the global tests up to 22 empty cells, 16.8 M and 146 s up to 26, and more
/// than 400 s with them everywhere; on the 5×5 reply map they halve the nodes.
const GLOBAL_KILLS_UP_TO: u32 = 22;

impl<W: BitWord> RexPosition<W> {
    /// The kill table of the cells of `cand` (see [`RingKills`]).
    pub(crate) fn ring_kills(&self, cand: W) -> RingKills<W> {
        let geo = &*self.geo;
        let [black, white] = self.stones;
        // The ring of a neighbour b has a in slot k' (opposite of the direction from a to b),
        // empty now; colouring it changes b's ring state by C · 3^k'.
        let mut state = [0usize; 128];
        for b in cand.iter() {
            state[b as usize] = geo.ring_state(black, white, b);
        }
        let mut kills = RingKills {
            by: [[W::ZERO; 128]; 2],
            dead: W::ZERO,
        };
        for a in cand.iter() {
            let (mut kb, mut kw) = (W::ZERO, W::ZERO);
            for k in 0..6 {
                let Some(b) = geo.ring_neighbour(a, k) else {
                    continue;
                };
                if !cand.has(b) {
                    continue;
                }
                let w = 3usize.pow(((k + 3) % 6) as u32);
                let s = state[b as usize];
                if geo.ring_state_is_dead(s + w) {
                    kb |= W::bit(b);
                }
                if geo.ring_state_is_dead(s + 2 * w) {
                    kw |= W::bit(b);
                }
            }
            kills.dead |= kb & kw;
            kills.by[0][a as usize] = kb;
            kills.by[1][a as usize] = kw;
        }
        kills
    }

    /// The pairs `(p, d)` of empty cells such that a stone of either colour on `p` makes `d`
    /// dead by the ring test, the reachability test or the graph test: `d` dominates `p` for
    /// the mover (crate header, *kill domination*).
    pub fn killing_pairs(&self) -> Vec<(u32, u32)> {
        let empty = self.empty();
        let kills = self.ring_kills(empty);
        let mut out = Vec::new();
        for p in empty.iter() {
            let mut killed = kills.by[0][p as usize] | kills.by[1][p as usize];
            for colour in 0..2 {
                let mut q = self.clone();
                q.stones[colour] |= W::bit(p);
                killed |= q.all_dead_cells() & !W::bit(p);
            }
            out.extend(killed.iter().map(|d| (p, d)));
        }
        out
    }

    /// Remove from `moves[start..]` every cell that a kept cell dominates (crate header),
    /// by either rule: *neighbourhood domination* — `y` dominates `x` when, for one of the
    /// players `P`, every neighbour of `y` that could carry a chain of `P` (an empty cell or a
    /// stone of `P`, other than `x`) is a neighbour of `x` or in a group of `P` touching `x`,
    /// and every edge of `P` that `y` touches, `x` or one of those groups touches; and, with
    /// `kills`, *kill domination* — `d` dominates `p` when a stone of either colour on `p`
    /// makes `d` dead (by the ring test, and with at most [`GLOBAL_KILLS_UP_TO`] empty cells
    /// by the reachability and graph tests too). Undominated cells are kept, then every cell a kept cell dominates is
    /// removed; where the rest dominate one another in cycles, the first in move order is
    /// kept and the step repeats. Every removed cell has a kept dominator. With `greedy`, a
    /// cheaper pass for move ordering: a cell goes if a cell kept before it dominates it.
    pub(crate) fn drop_dominated(
        &self,
        moves: &mut Vec<RexMove>,
        start: usize,
        kills: Option<&RingKills<W>>,
        greedy: bool,
    ) {
        if greedy {
            return self.drop_dominated_greedy(moves, start, kills);
        }
        let cells: Vec<u32> = moves[start..].iter().map(|m| m.0 as u32).collect();
        let cand = cells.iter().fold(W::ZERO, |s, &c| s | W::bit(c));
        let mut dom = [W::ZERO; 128];
        self.neighbourhood_domination(&cells, &mut dom);
        if let Some(k) = kills {
            for &p in &cells {
                dom[p as usize] |= (k.by[0][p as usize] | k.by[1][p as usize]) & cand;
            }
        }
        if self.empty().count() <= GLOBAL_KILLS_UP_TO {
            // Kill domination by the global dead-cell tests too.
            let graphs = self.graphs();
            let useful = self.useful_cells();
            for &p in &cells {
                for colour in 0..2 {
                    let dead = self.dead_after_stone(&graphs, useful, p, colour);
                    dom[p as usize] |= dead & cand & !W::bit(p);
                }
            }
        }
        let mut kept = W::ZERO;
        let mut open = W::ZERO;
        for &c in &cells {
            if dom[c as usize].is_empty() {
                kept |= W::bit(c);
            } else {
                open |= W::bit(c);
            }
        }
        while !open.is_empty() {
            let beaten = open
                .iter()
                .filter(|&p| !(dom[p as usize] & kept).is_empty())
                .fold(W::ZERO, |s, p| s | W::bit(p));
            if beaten.is_empty() {
                // Every open cell's dominators are open too: keep the first in move order.
                let first = *cells.iter().find(|&&c| open.has(c)).expect("an open move");
                kept |= W::bit(first);
                open &= !W::bit(first);
            } else {
                open &= !beaten;
            }
        }
        let mut i = 0;
        moves.retain(|m| {
            i += 1;
            i <= start || kept.has(m.0 as u32)
        });
    }

    /// Adds to `dom[x]` every cell of `cells` that dominates `x` by neighbourhood domination
    /// (see [`Self::drop_dominated`]).
    fn neighbourhood_domination(&self, cells: &[u32], dom: &mut [W; 128]) {
        let groups = Groups::new(self);
        for &x in cells {
            let reach = self.reach(&groups, x);
            for &y in cells {
                if y != x && self.beats(y, x, &reach) {
                    dom[x as usize] |= W::bit(y);
                }
            }
        }
    }

    /// The greedy form of [`Self::drop_dominated`] for move ordering: a cell is removed if a
    /// cell kept before it dominates it.
    fn drop_dominated_greedy(
        &self,
        moves: &mut Vec<RexMove>,
        start: usize,
        kills: Option<&RingKills<W>>,
    ) {
        let mut kept = start;
        let mut kept_set = W::ZERO;
        let groups = Groups::new(self);
        for i in start..moves.len() {
            let x = moves[i].0 as u32;
            let killed = kills.map_or(W::ZERO, |k| k.by[0][x as usize] | k.by[1][x as usize]);
            let reach = self.reach(&groups, x);
            let dominated = !(killed & kept_set).is_empty()
                || moves[start..kept]
                    .iter()
                    .any(|y| self.beats(y.0 as u32, x, &reach));
            if !dominated {
                moves[kept] = moves[i];
                kept_set |= W::bit(x);
                kept += 1;
            }
        }
        moves.truncate(kept);
    }

    /// What `x` reaches for each player P, and P's edges it reaches (crate header,
    /// *domination*): the component K of x in P's stones with P's edges as nodes — x, the
    /// groups of P next to it, the edges those touch, and the groups touching those edges —
    /// and the cells a P stone on which would join K (next to x or to a stone of K, or touching
    /// an edge of K). `groups` from [`Groups::new`].
    #[inline]
    fn reach(&self, groups: &Groups<W>, x: u32) -> ([W; 2], [u8; 2]) {
        let hex = &self.geo.hex;
        let nx = hex.neighbours(x);
        let mut reach = [nx; 2];
        let mut edges = self.geo.edge_flags[x as usize];
        for p in 0..2 {
            let n = groups.n[p];
            let (stones, flags) = (&groups.stones[p][..n], &groups.edges[p][..n]);
            let mut k = W::ZERO;
            for (g, &e) in stones.iter().zip(flags) {
                if !(*g & nx).is_empty() {
                    k |= *g;
                    edges[p] |= e;
                }
            }
            // Groups touching an edge of K are in K (twice: a group may bring the other edge).
            for _ in 0..2 * (edges[p] != 0) as usize {
                for (g, &e) in stones.iter().zip(flags) {
                    if e & edges[p] != 0 {
                        k |= *g;
                        edges[p] |= e;
                    }
                }
            }
            let (a, b) = hex.edges(p == 0);
            let on_edges = match edges[p] {
                0 => W::ZERO,
                1 => a,
                2 => b,
                _ => a | b,
            };
            reach[p] |= k | hex.expand(k) | on_edges;
        }
        (reach, edges)
    }

    /// Every `(x, y)` of distinct empty cells such that `y` dominates `x` for the mover by
    /// neighbourhood domination (for tests and experiments).
    pub fn neighbourhood_pairs(&self) -> Vec<(u32, u32)> {
        let cells: Vec<u32> = self.empty().iter().collect();
        let mut dom = [W::ZERO; 128];
        self.neighbourhood_domination(&cells, &mut dom);
        cells
            .iter()
            .flat_map(|&x| dom[x as usize].iter().map(move |y| (x, y)))
            .collect()
    }

    /// True if `y` dominates `x` by neighbourhood domination, `reach` being [`Self::reach`]
    /// of `x`.
    #[inline]
    fn beats(&self, y: u32, x: u32, (reach, edges): &([W; 2], [u8; 2])) -> bool {
        let empty = self.empty();
        let ny = self.geo.hex.neighbours(y);
        let ey = self.geo.edge_flags[y as usize];
        (0..2).any(|p| {
            let conn = ny & (self.stones[p] | empty) & !W::bit(x);
            (conn & !reach[p]).is_empty() && (ey[p] & !edges[p]) == 0
        })
    }
}

/// Most groups of one player that [`Groups`] lists (a player has at most 61 stones on 121
/// cells); further groups would be left out, which only makes neighbourhood domination rarer
/// (a smaller reach, fewer edges).
const MAX_GROUPS: usize = 64;

/// Each player's groups (stones) and the edges each touches (bit 0, bit 1), flooded once per
/// analysed position.
struct Groups<W> {
    stones: [[W; MAX_GROUPS]; 2],
    edges: [[u8; MAX_GROUPS]; 2],
    n: [usize; 2],
}

impl<W: BitWord> Groups<W> {
    fn new(pos: &RexPosition<W>) -> Self {
        let hex = &pos.geo.hex;
        let mut g = Groups {
            stones: [[W::ZERO; MAX_GROUPS]; 2],
            edges: [[0; MAX_GROUPS]; 2],
            n: [0; 2],
        };
        for p in 0..2 {
            let own = pos.stones[p];
            let (a, b) = hex.edges(p == 0);
            let mut rest = own;
            while !rest.is_empty() {
                let group = hex.flood(W::bit(rest.lowest()), own);
                rest &= !group;
                let i = g.n[p];
                if i == MAX_GROUPS {
                    break;
                }
                g.stones[p][i] = group;
                g.edges[p][i] =
                    (!(group & a).is_empty() as u8) | ((!(group & b).is_empty() as u8) << 1);
                g.n[p] = i + 1;
            }
        }
        g
    }
}
