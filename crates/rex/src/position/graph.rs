//! Each player's graph for the dead-cell graph test (crate header, *dead cells by the graph
//! test*): one node per edge merged with the groups touching it, one node per other group,
//! each node given by the empty cells touching it. Built once per position from its groups,
//! and updated by bit operations when one more stone is tried on a cell (kill domination), so
//! that the global kill tests need no flood fills.

use super::RexPosition;
use bitboard::BitWord;

/// Most nodes of one player's graph (edges included); with more groups the test is skipped for
/// that player, which only finds fewer dead cells.
const MAX_NODES: usize = 64;

/// One player's graph: `nodes[k]` are the empty cells touching node `k` (0, 1: the player's
/// edges with the groups touching them; then the other groups).
#[derive(Clone)]
pub(crate) struct PlayerGraph<W> {
    nodes: [W; MAX_NODES],
    n: usize,
    state: GraphState,
}

#[derive(Clone, Copy, PartialEq)]
enum GraphState {
    /// The graph is complete.
    Open,
    /// The player has joined their sides: the game is over and every cell is dead.
    Joined,
    /// More than [`MAX_NODES`] nodes: the test is skipped.
    Overflow,
}

impl<W: BitWord> PlayerGraph<W> {
    /// The graph of player `p` (0: Black) in `pos`.
    pub(crate) fn new(pos: &RexPosition<W>, p: usize) -> Self {
        let hex = &pos.geo.hex;
        let empty = pos.empty();
        let own = pos.stones[p];
        let (ea, eb) = hex.edges(p == 0);
        let mut g = PlayerGraph {
            nodes: [W::ZERO; MAX_NODES],
            n: 2,
            state: GraphState::Open,
        };
        g.nodes[0] = ea & empty;
        g.nodes[1] = eb & empty;
        let mut rest = own;
        while !rest.is_empty() {
            let group = hex.flood(W::bit(rest.lowest()), own);
            rest &= !group;
            let around = hex.expand(group) & empty;
            let on = [!(group & ea).is_empty(), !(group & eb).is_empty()];
            g.add(around, on);
        }
        g
    }

    /// Adds a group touching the empty cells `around`, and edge `i` if `on[i]`.
    fn add(&mut self, around: W, on: [bool; 2]) {
        match on {
            [true, true] => self.state = GraphState::Joined,
            [true, false] => self.nodes[0] |= around,
            [false, true] => self.nodes[1] |= around,
            [false, false] if self.n < MAX_NODES => {
                self.nodes[self.n] = around;
                self.n += 1;
            }
            [false, false] => self.state = GraphState::Overflow,
        }
    }

    /// The graph once the player has a stone on the empty cell `c` too (`nb`: the empty
    /// neighbours of `c`): `c` joins the nodes it touches into one.
    pub(crate) fn with_stone(&self, c: u32, nb: W, edge: [bool; 2]) -> Self {
        let bit = W::bit(c);
        let mut g = PlayerGraph {
            nodes: [W::ZERO; MAX_NODES],
            n: 2,
            state: self.state,
        };
        let mut around = nb;
        let mut on = edge;
        for k in 0..self.n {
            let t = self.nodes[k];
            if t.has(c) {
                if k < 2 {
                    on[k] = true;
                    g.nodes[k] |= t & !bit;
                } else {
                    around |= t;
                }
            } else if k < 2 {
                g.nodes[k] |= t;
            } else {
                g.nodes[g.n] = t;
                g.n += 1;
            }
        }
        if g.state == GraphState::Open {
            g.add(around & !bit, on);
        }
        g
    }

    /// The empty cells (of `empty`) on no minimal chain of the player, by the graph test: a
    /// cell touching at most one node, whose empty neighbours all touch that node and every
    /// two of them are adjacent or touch a common node. `empty` may leave out cells the graph
    /// still counts as empty: they are the opponent's.
    pub(crate) fn dead_cells(&self, pos: &RexPosition<W>, empty: W) -> W {
        match self.state {
            GraphState::Joined => return empty,
            GraphState::Overflow => return W::ZERO,
            GraphState::Open => {}
        }
        let hex = &pos.geo.hex;
        let nodes = &self.nodes[..self.n];
        let (mut ones, mut twos) = (W::ZERO, W::ZERO);
        for &t in nodes {
            twos |= ones & t & empty;
            ones |= t & empty;
        }
        let mut dead = W::ZERO;
        // A cell touching one node: its empty neighbours must all touch that node (then every
        // two of them share it).
        for &t in nodes {
            for c in (t & empty & !twos).iter() {
                if (hex.neighbours(c) & empty & !t).is_empty() {
                    dead |= W::bit(c);
                }
            }
        }
        // A cell touching no node: every two non-adjacent empty neighbours share a node.
        'cells: for c in (empty & !ones).iter() {
            let around = hex.neighbours(c) & empty;
            for e in around.iter() {
                let far = around & !hex.neighbours(e) & !W::bit(e);
                if far.is_empty() {
                    continue;
                }
                let mut shared = W::ZERO;
                if ones.has(e) {
                    for &t in nodes {
                        if t.has(e) {
                            shared |= t;
                        }
                    }
                }
                if !(far & !shared).is_empty() {
                    continue 'cells;
                }
            }
            dead |= W::bit(c);
        }
        dead
    }
}

impl<W: BitWord> RexPosition<W> {
    /// Empty cells on no minimal chain of one of the players, by the graph test of the crate
    /// header (*dead cells*): in that player's graph, where each group is one node and each
    /// edge is one node together with the groups touching it, the cell has at most one
    /// stone-or-edge neighbour, each of its empty neighbours touches that node, and every two
    /// of its empty neighbours are adjacent or touch a common stone-or-edge node.
    pub fn graph_dead_cells(&self) -> W {
        let empty = self.empty();
        (0..2).fold(W::ZERO, |dead, p| {
            dead | PlayerGraph::new(self, p).dead_cells(self, empty)
        })
    }

    /// Both players' graphs.
    pub(crate) fn graphs(&self) -> [PlayerGraph<W>; 2] {
        [PlayerGraph::new(self, 0), PlayerGraph::new(self, 1)]
    }

    /// What a stone of `colour` on the empty cell `p` makes dead by the reachability and graph
    /// tests (the cells of `q.unreachable_cells() | q.graph_dead_cells()` for `q` the position
    /// with that stone), from this position's `graphs` and `useful` cells (see
    /// [`Self::useful_cells`]) without flood fills of the groups.
    pub(crate) fn dead_after_stone(
        &self,
        graphs: &[PlayerGraph<W>; 2],
        useful: [W; 2],
        p: u32,
        colour: usize,
    ) -> W {
        let hex = &self.geo.hex;
        let empty = self.empty() & !W::bit(p);
        let nb = hex.neighbours(p) & empty;
        let edge = self.geo.edge_flags[p as usize][colour];
        let on = [edge & 1 != 0, edge & 2 != 0];
        let mine = graphs[colour].with_stone(p, nb, on);
        let other = 1 - colour;
        // Reachability: the stone's owner keeps its open cells; the other player loses `p`.
        let mut reach = useful;
        if useful[other].has(p) {
            let open = self.stones[other] | empty;
            let (a, b) = hex.edges(other == 0);
            reach[other] = hex.flood(a & open, open) & hex.flood(b & open, open);
        }
        (empty & !(reach[0] & reach[1]))
            | mine.dead_cells(self, empty)
            | graphs[other].dead_cells(self, empty)
    }
}
