//! The game expanded into a level-ordered DAG in flat arrays.
//!
//! Nodes are stored level by level (level = number of actions from the root), so every edge
//! goes from one level to the next: a forward pass in index order and a backward pass in
//! reverse order visit parents before/after children. States with equal
//! [`ExtensiveGame::transposition_key`]s are merged within a level. Terminal states are not
//! nodes: an edge to a terminal points (with [`TERMINAL_BIT`]) into a table of distinct
//! payoffs. After the build, every node whose payoff is the same under *all* continuations
//! (computed by a min/max backward pass) becomes a *fixed* node with that payoff: a position
//! a player wins with certainty is treated as terminal, which is exact.

use crate::solver::CfrError;
use game::extensive::ExtensiveGame;
use game::{NodeKind, Player};
use hashbrown::HashMap;

pub(crate) const CHANCE: u8 = 1;
pub(crate) const FIRST: u8 = 2;
pub(crate) const SECOND: u8 = 3;
pub(crate) const FIXED: u8 = 4;
/// Edge targets with this bit set index the terminal-payoff table.
pub(crate) const TERMINAL_BIT: u32 = 1 << 31;

/// A game DAG in flat arrays plus its information-set table.
#[derive(Debug)]
pub struct Tree<K> {
    pub(crate) kind: Vec<u8>,
    /// Information-set index at decision nodes; offset into `chance_prob` at chance nodes.
    pub(crate) infoset: Vec<u32>,
    /// CSR edge offsets (`nodes + 1` entries).
    pub(crate) edge_start: Vec<u32>,
    /// Edge targets (node index, or `TERMINAL_BIT | payoff index`).
    pub(crate) edges: Vec<u32>,
    /// Probabilities of the edges of chance nodes.
    pub(crate) chance_prob: Vec<f64>,
    /// Distinct terminal payoffs.
    pub(crate) terminal_payoff: Vec<f64>,
    /// Payoff of fixed nodes (NaN elsewhere).
    pub(crate) fixed_payoff: Vec<f64>,
    /// First node of each level, plus the node count at the end.
    pub(crate) level_start: Vec<u32>,
    /// Information-set keys, by index.
    pub(crate) keys: Vec<K>,
    pub(crate) index: HashMap<K, u32>,
    /// Owner (0 or 1) of each information set.
    pub(crate) owner: Vec<u8>,
    /// Offset of each information set's slice in the action vectors.
    pub(crate) offset: Vec<u32>,
    /// Number of actions of each information set.
    pub(crate) actions: Vec<u16>,
    /// Total number of (information set, action) slots.
    pub(crate) slots: usize,
    /// Number of terminal edges (histories ending at a terminal, counted per edge).
    pub(crate) terminal_edges: usize,
    /// Number of nodes turned into fixed nodes.
    pub(crate) fixed_nodes: usize,
    /// The game's [`ExtensiveGame::PERFECT_RECALL`].
    pub(crate) perfect_recall: bool,
    /// Each slot's mirror image (itself unless the game names one, see
    /// [`ExtensiveGame::mirrored_actions`]).
    pub(crate) mirror: Vec<u32>,
    /// Per player, the pairs of distinct mirror-image slots (`a < b`), whose regrets the
    /// solver keeps equal.
    pub(crate) mirror_pairs: [Vec<(u32, u32)>; 2],
}

/// The level being collected while one level is expanded: its first node index, its states
/// and the nodes reached so far by transposition key (merged within the level).
struct NextLevel<S> {
    base: usize,
    states: Vec<S>,
    index: HashMap<u128, u32>,
}

impl<S> NextLevel<S> {
    /// The node index of the non-terminal child `c` with transposition key `key`: the node
    /// already reached with that key, or a new one.
    fn target(&mut self, key: Option<u128>, c: S) -> u32 {
        let fresh = (self.base + self.states.len()) as u32;
        if let Some(k) = key {
            if let Some(&id) = self.index.get(&k) {
                return id;
            }
            self.index.insert(k, fresh);
        }
        self.states.push(c);
        fresh
    }
}

impl<K: Copy + Eq + core::hash::Hash + core::fmt::Debug> Tree<K> {
    /// Expand `game` from its root; fails if it has more than `max_nodes` nodes, if two nodes
    /// of one information set disagree on the player or the number of actions, or if the root
    /// is terminal.
    pub fn build<G: ExtensiveGame<InfoKey = K>>(
        game: &G,
        max_nodes: usize,
    ) -> Result<Self, CfrError> {
        let mut t = Tree::empty();
        t.perfect_recall = G::PERFECT_RECALL;
        let root = game.root();
        if game.node_kind(&root) == NodeKind::Terminal {
            return Err(CfrError::InconsistentInfoset("the root is terminal".into()));
        }
        let mut level: Vec<G::State> = vec![root];
        let mut terminal_index: HashMap<u64, u32> = HashMap::new();
        let mut next = NextLevel {
            base: 0,
            states: Vec::new(),
            index: HashMap::new(),
        };
        let mut acts = Vec::new();
        let mut mirrored = Vec::new();
        let mut outs = Vec::new();
        while !level.is_empty() {
            next.base = t.kind.len() + level.len();
            next.index.clear();
            for s in level.drain(..) {
                let children = match game.node_kind(&s) {
                    NodeKind::Terminal => unreachable!("terminals are not nodes"),
                    NodeKind::Chance => t.push_chance_node(game, &s, &mut outs),
                    NodeKind::Decision(p) => {
                        t.push_decision_node(game, &s, p, &mut acts, &mut mirrored)?
                    }
                };
                t.fixed_payoff.push(f64::NAN);
                for c in children {
                    let target = if game.node_kind(&c) == NodeKind::Terminal {
                        t.terminal_edges += 1;
                        t.terminal_target(game.payoff(&c), &mut terminal_index)
                    } else {
                        next.target(game.transposition_key(&c), c)
                    };
                    t.edges.push(target);
                }
                if t.edges.len() >= u32::MAX as usize {
                    return Err(CfrError::TooLarge(max_nodes));
                }
                t.edge_start.push(t.edges.len() as u32);
            }
            let end = next.base + next.states.len();
            if end > max_nodes || end >= TERMINAL_BIT as usize {
                return Err(CfrError::TooLarge(max_nodes));
            }
            t.level_start.push(next.base as u32);
            level = std::mem::take(&mut next.states);
        }
        t.fix_determined();
        t.compact();
        for (i, &m) in t.mirror.iter().enumerate() {
            if (i as u32) < m {
                let x = t.offset.partition_point(|&o| o as usize <= i) - 1;
                t.mirror_pairs[t.owner[x] as usize].push((i as u32, m));
            }
        }
        Ok(t)
    }

    /// A tree without nodes.
    fn empty() -> Self {
        Tree {
            kind: Vec::new(),
            infoset: Vec::new(),
            edge_start: vec![0],
            edges: Vec::new(),
            chance_prob: Vec::new(),
            terminal_payoff: Vec::new(),
            fixed_payoff: Vec::new(),
            level_start: vec![0],
            keys: Vec::new(),
            index: HashMap::new(),
            owner: Vec::new(),
            offset: Vec::new(),
            actions: Vec::new(),
            slots: 0,
            terminal_edges: 0,
            fixed_nodes: 0,
            perfect_recall: false,
            mirror: Vec::new(),
            mirror_pairs: [Vec::new(), Vec::new()],
        }
    }

    /// Add the chance node `s` (its outcome probabilities included); returns its children in
    /// outcome order.
    fn push_chance_node<G: ExtensiveGame<InfoKey = K>>(
        &mut self,
        game: &G,
        s: &G::State,
        outs: &mut Vec<(G::Action, f64)>,
    ) -> Vec<G::State> {
        outs.clear();
        game.chance_outcomes(s, outs);
        self.kind.push(CHANCE);
        self.infoset.push(self.chance_prob.len() as u32);
        let mut children = Vec::with_capacity(outs.len());
        for &(a, p) in outs.iter() {
            let mut c = s.clone();
            game.apply(&mut c, a);
            self.chance_prob.push(p);
            children.push(c);
        }
        children
    }

    /// Add the decision node `s` of player `p` (and its information set if new); returns its
    /// children in action order.
    fn push_decision_node<G: ExtensiveGame<InfoKey = K>>(
        &mut self,
        game: &G,
        s: &G::State,
        p: Player,
        acts: &mut Vec<G::Action>,
        mirrored: &mut Vec<u16>,
    ) -> Result<Vec<G::State>, CfrError> {
        acts.clear();
        game.legal_actions(s, acts);
        let key = game.info_key(s);
        let first = !self.index.contains_key(&key);
        let set = self.infoset_of(key, p, acts.len())?;
        mirrored.clear();
        game.mirrored_actions(s, mirrored);
        self.set_mirror(set, mirrored, first)
            .map_err(|why| CfrError::InconsistentInfoset(format!("{key:?}: {why}")))?;
        self.kind.push(if p.index() == 0 { FIRST } else { SECOND });
        self.infoset.push(set);
        Ok(acts
            .iter()
            .map(|&a| {
                let mut c = s.clone();
                game.apply(&mut c, a);
                c
            })
            .collect())
    }

    /// Record the mirror images of the actions of set `x` (`mirrored` empty: none) at its
    /// `first` node, or check them against the first node's; say why they are not an
    /// involution or disagree.
    fn set_mirror(&mut self, x: u32, mirrored: &[u16], first: bool) -> Result<(), &'static str> {
        let (o, n) = (self.offset[x as usize], self.actions[x as usize] as usize);
        let slots = o as usize..o as usize + n;
        let given: Vec<u32> = if mirrored.is_empty() {
            slots.clone().map(|i| i as u32).collect()
        } else {
            if mirrored.len() != n {
                return Err("mirrored actions of the wrong length");
            }
            let m = |k: usize| mirrored[k] as usize;
            if (0..n).any(|k| m(k) >= n || m(m(k)) != k) {
                return Err("mirrored actions are not an involution");
            }
            (0..n).map(|k| o + m(k) as u32).collect()
        };
        if first {
            self.mirror[slots].copy_from_slice(&given);
        } else if self.mirror[slots] != given[..] {
            return Err("nodes of the set disagree on the mirror images of its actions");
        }
        Ok(())
    }

    /// The index of the information set `key` of player `p` with `n` actions, added if new;
    /// an error if the set is known with another owner or number of actions.
    fn infoset_of(&mut self, key: K, p: Player, n: usize) -> Result<u32, CfrError> {
        if let Some(&x) = self.index.get(&key) {
            if self.owner[x as usize] != p.index() as u8 || self.actions[x as usize] as usize != n {
                return Err(CfrError::InconsistentInfoset(format!("{key:?}")));
            }
            return Ok(x);
        }
        let x = self.keys.len() as u32;
        self.index.insert(key, x);
        self.keys.push(key);
        self.owner.push(p.index() as u8);
        self.offset.push(self.slots as u32);
        self.actions.push(n as u16);
        self.mirror
            .extend(self.slots as u32..(self.slots + n) as u32);
        self.slots += n;
        Ok(x)
    }

    /// The edge target of a terminal with payoff `v`: its entry in the table of distinct
    /// payoffs (added if new).
    fn terminal_target(&mut self, v: f64, terminal_index: &mut HashMap<u64, u32>) -> u32 {
        let n = terminal_index.len() as u32;
        let idx = *terminal_index.entry(v.to_bits()).or_insert_with(|| {
            self.terminal_payoff.push(v);
            n
        });
        TERMINAL_BIT | idx
    }

    /// Turn nodes whose payoff is the same under every continuation into fixed nodes.
    fn fix_determined(&mut self) {
        let n = self.kind.len();
        let mut lo = vec![0.0f64; n];
        let mut hi = vec![0.0f64; n];
        for v in (0..n).rev() {
            let (mut a, mut b) = (f64::INFINITY, f64::NEG_INFINITY);
            for e in self.edge_start[v]..self.edge_start[v + 1] {
                let c = self.edges[e as usize];
                let (x, y) = if c & TERMINAL_BIT != 0 {
                    let p = self.terminal_payoff[(c & !TERMINAL_BIT) as usize];
                    (p, p)
                } else {
                    (lo[c as usize], hi[c as usize])
                };
                a = a.min(x);
                b = b.max(y);
            }
            lo[v] = a;
            hi[v] = b;
            if a == b && self.kind[v] != FIXED {
                self.kind[v] = FIXED;
                self.fixed_payoff[v] = a;
                self.fixed_nodes += 1;
            }
        }
    }

    /// Drop the nodes that can only be reached through fixed nodes, and turn edges into fixed
    /// nodes into terminal edges (with the fixed payoff).
    fn compact(&mut self) {
        let n = self.kind.len();
        let mut keep = vec![false; n];
        keep[0] = true;
        for v in 0..n {
            if !keep[v] || self.kind[v] == FIXED {
                continue;
            }
            for e in self.edge_start[v]..self.edge_start[v + 1] {
                let c = self.edges[e as usize];
                if c & TERMINAL_BIT == 0 && self.kind[c as usize] != FIXED {
                    keep[c as usize] = true;
                }
            }
        }
        let mut new_index = vec![u32::MAX; n];
        let mut next = 0u32;
        for v in 0..n {
            if keep[v] {
                new_index[v] = next;
                next += 1;
            }
        }
        let mut payoff_index: HashMap<u64, u32> = self
            .terminal_payoff
            .iter()
            .enumerate()
            .map(|(i, p)| (p.to_bits(), i as u32))
            .collect();
        let mut kind = Vec::with_capacity(next as usize);
        let mut infoset = Vec::with_capacity(next as usize);
        let mut fixed_payoff = Vec::with_capacity(next as usize);
        let mut edge_start = Vec::with_capacity(next as usize + 1);
        let mut edges = Vec::new();
        edge_start.push(0u32);
        for v in 0..n {
            if !keep[v] {
                continue;
            }
            kind.push(self.kind[v]);
            infoset.push(self.infoset[v]);
            fixed_payoff.push(self.fixed_payoff[v]);
            if self.kind[v] != FIXED {
                for e in self.edge_start[v]..self.edge_start[v + 1] {
                    let c = self.edges[e as usize];
                    let target = if c & TERMINAL_BIT != 0 {
                        c
                    } else if self.kind[c as usize] == FIXED {
                        let p = self.fixed_payoff[c as usize];
                        let len = self.terminal_payoff.len() as u32;
                        let idx = *payoff_index.entry(p.to_bits()).or_insert(len);
                        if idx == len {
                            self.terminal_payoff.push(p);
                        }
                        TERMINAL_BIT | idx
                    } else {
                        new_index[c as usize]
                    };
                    edges.push(target);
                }
            }
            edge_start.push(edges.len() as u32);
        }
        let mut level_start = Vec::with_capacity(self.level_start.len());
        let mut kept_before = 0u32;
        let mut v = 0usize;
        for &ls in &self.level_start {
            while v < ls as usize {
                kept_before += keep[v] as u32;
                v += 1;
            }
            level_start.push(kept_before);
        }
        level_start.dedup();
        self.kind = kind;
        self.infoset = infoset;
        self.fixed_payoff = fixed_payoff;
        self.edge_start = edge_start;
        self.edges = edges;
        self.level_start = level_start;
    }

    /// Number of nodes (terminals excluded).
    pub fn nodes(&self) -> usize {
        self.kind.len()
    }
    /// Number of edges.
    pub fn edges(&self) -> usize {
        self.edges.len()
    }
    /// Number of information sets.
    pub fn infosets(&self) -> usize {
        self.keys.len()
    }
    /// Number of edges into terminal states.
    pub fn terminals(&self) -> usize {
        self.terminal_edges
    }
    /// Nodes whose outcome is the same under every continuation (treated as terminal).
    pub fn fixed_nodes(&self) -> usize {
        self.fixed_nodes
    }
    /// Approximate memory of the arrays in bytes.
    pub fn memory_bytes(&self) -> usize {
        self.kind.len() * (1 + 4 + 4 + 8) + self.edges.len() * 4 + self.slots * 24
    }
}
