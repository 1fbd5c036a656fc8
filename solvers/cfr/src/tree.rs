//! The game tree expanded into flat arrays.

use crate::solver::CfrError;
use game::extensive::ExtensiveGame;
use game::NodeKind;
use hashbrown::HashMap;

/// Node kinds in the arena.
pub(crate) const TERMINAL: u8 = 0;
pub(crate) const CHANCE: u8 = 1;
pub(crate) const FIRST: u8 = 2;
pub(crate) const SECOND: u8 = 3;

/// A game tree in flat arrays plus its information-set table.
#[derive(Debug)]
pub struct Tree<K> {
    pub(crate) kind: Vec<u8>,
    /// Terminal payoff (first player) or, for other nodes, unused.
    pub(crate) payoff: Vec<f64>,
    /// Information-set index at decision nodes.
    pub(crate) infoset: Vec<u32>,
    pub(crate) child_start: Vec<u32>,
    pub(crate) child_count: Vec<u16>,
    /// Probability of this node given its parent when the parent is a chance node, else 1.
    pub(crate) chance_prob: Vec<f64>,
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
}

impl<K: Copy + Eq + core::hash::Hash + core::fmt::Debug> Tree<K> {
    /// Expand `game` from its root; fails if it has more than `max_nodes` nodes or if two nodes
    /// of one information set disagree on the player or the number of actions.
    pub fn build<G: ExtensiveGame<InfoKey = K>>(game: &G, max_nodes: usize) -> Result<Self, CfrError> {
        let mut t = Tree {
            kind: vec![0],
            payoff: vec![0.0],
            infoset: vec![u32::MAX],
            child_start: vec![0],
            child_count: vec![0],
            chance_prob: vec![1.0],
            keys: Vec::new(),
            index: HashMap::new(),
            owner: Vec::new(),
            offset: Vec::new(),
            actions: Vec::new(),
            slots: 0,
        };
        // Breadth-first: a node's children are allocated as one block when it is expanded.
        let mut queue = std::collections::VecDeque::new();
        queue.push_back((0u32, game.root()));
        let mut acts = Vec::new();
        let mut outs = Vec::new();
        while let Some((id, s)) = queue.pop_front() {
            let i = id as usize;
            match game.node_kind(&s) {
                NodeKind::Terminal => {
                    t.kind[i] = TERMINAL;
                    t.payoff[i] = game.payoff(&s);
                }
                NodeKind::Chance => {
                    t.kind[i] = CHANCE;
                    outs.clear();
                    game.chance_outcomes(&s, &mut outs);
                    let start = t.alloc(outs.len(), max_nodes)?;
                    t.child_start[i] = start;
                    t.child_count[i] = outs.len() as u16;
                    for (k, &(a, p)) in outs.iter().enumerate() {
                        let c = start + k as u32;
                        t.chance_prob[c as usize] = p;
                        let mut child = s.clone();
                        game.apply(&mut child, a);
                        queue.push_back((c, child));
                    }
                }
                NodeKind::Decision(p) => {
                    acts.clear();
                    game.legal_actions(&s, &mut acts);
                    let key = game.info_key(&s);
                    let n = acts.len();
                    let set = match t.index.get(&key) {
                        Some(&x) => {
                            if t.owner[x as usize] != p.index() as u8
                                || t.actions[x as usize] as usize != n
                            {
                                return Err(CfrError::InconsistentInfoset(format!("{key:?}")));
                            }
                            x
                        }
                        None => {
                            let x = t.keys.len() as u32;
                            t.index.insert(key, x);
                            t.keys.push(key);
                            t.owner.push(p.index() as u8);
                            t.offset.push(t.slots as u32);
                            t.actions.push(n as u16);
                            t.slots += n;
                            x
                        }
                    };
                    t.kind[i] = if p.index() == 0 { FIRST } else { SECOND };
                    t.infoset[i] = set;
                    let start = t.alloc(n, max_nodes)?;
                    t.child_start[i] = start;
                    t.child_count[i] = n as u16;
                    for (k, &a) in acts.iter().enumerate() {
                        let mut child = s.clone();
                        game.apply(&mut child, a);
                        queue.push_back((start + k as u32, child));
                    }
                }
            }
        }
        Ok(t)
    }

    fn alloc(&mut self, n: usize, max_nodes: usize) -> Result<u32, CfrError> {
        let start = self.kind.len();
        if start + n > max_nodes || start + n > u32::MAX as usize {
            return Err(CfrError::TooLarge(max_nodes));
        }
        let len = start + n;
        self.kind.resize(len, 0);
        self.payoff.resize(len, 0.0);
        self.infoset.resize(len, u32::MAX);
        self.child_start.resize(len, 0);
        self.child_count.resize(len, 0);
        self.chance_prob.resize(len, 1.0);
        Ok(start as u32)
    }

    /// Number of nodes.
    pub fn nodes(&self) -> usize {
        self.kind.len()
    }
    /// Number of information sets.
    pub fn infosets(&self) -> usize {
        self.keys.len()
    }
    /// Number of terminal nodes.
    pub fn terminals(&self) -> usize {
        self.kind.iter().filter(|&&k| k == TERMINAL).count()
    }
}
