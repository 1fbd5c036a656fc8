//! The pruned depth-first pass: one CFR update of one player as a single walk over a tree.
//!
//! The level passes (`level.rs`) visit every node three times per update (reach forward,
//! values backward, regrets), whatever the strategies. Once regret matching⁺ has zeroed most
//! actions, most nodes are reached by the opponent with probability 0 (on abrupt 3×2 after
//! 1000 CFR⁺ iterations, 117,217 of its 123,211 histories for Black's update): their values
//! are multiplied by 0 wherever they are used and their regrets weighted by 0, so the walk
//! skips those subtrees (only where an action's probability is exactly 0, never on an
//! underflowed reach). At every node it visits, the walk forms a node's value and its regret
//! terms by the same floating-point operations as the level passes; the terms of one
//! information set are added in depth-first order instead of level order, which differs only
//! where a set has nodes at different depths (classical boards, where a player may move twice)
//! and then only in the last bits. Tests hold the two to 1e-12.
//!
//! The walk needs what perfect recall gives: every information set of a player lies below one
//! *own parent* (its previous information set and action, the same at all its nodes), so the
//! player's own reach is a property of the set, `reach(I) = reach(parent) × σ(parent action)`,
//! and the average strategy is accumulated per set after the walk instead of per node: set `I`
//! adds `w(I) × reach(I) × σ(I)`, where `w(I)` counts the paths from the root to the live nodes
//! of `I` — the sum the level passes form node by node (equal up to rounding). A tree qualifies
//! when the game says it has perfect recall, every node's parents are one node (siblings may
//! share a child: a merge of mirror-image states), and own parents agree (an action and its
//! mirror image count as one, see [`game::extensive::ExtensiveGame::mirrored_actions`]);
//! otherwise the solver keeps the level passes ([`Walk::new`] returns `None`).
//!
//! Chains of nodes with one action are skipped (their edges go to the first node below with a
//! choice): the only strategy there is probability 1, the regret of the only action is 0, and
//! reaches and values pass through unchanged. Their information sets still get their average
//! strategy (probability 1), as before.

use crate::tree::{Tree, CHANCE, FIRST, FIXED, TERMINAL_BIT};

/// A node kind bit: some of the node's edges share a child.
const SHARED: u8 = 0x80;
/// No own parent (the player's first information set on every path).
const NO_PARENT: u32 = u32::MAX;
/// Deeper trees keep the level passes (the walk recurses once per level).
const MAX_DEPTH: usize = 512;

/// A tree laid out for the walk, plus each information set's own parent and path weight.
#[derive(Debug)]
pub(crate) struct Walk {
    /// Node kind (as in the tree, with [`SHARED`] where edges share a child).
    kind: Vec<u8>,
    /// Slot offset of the node's information set; offset into `chance_prob` at chance nodes;
    /// index into `fixed` at a fixed root.
    slot: Vec<u32>,
    /// CSR edge offsets (`nodes + 1`).
    edge_start: Vec<u32>,
    /// Edge targets: walk node index, or `TERMINAL_BIT | payoff index`.
    edges: Vec<u32>,
    chance_prob: Vec<f64>,
    terminal_payoff: Vec<f64>,
    fixed: Vec<f64>,
    /// Per information set: the own parent's slot (or [`NO_PARENT`]).
    parent_slot: Vec<u32>,
    /// Per information set: the number of root paths to its live nodes.
    weight: Vec<f64>,
}

/// One player's update: the strategies walked, the regrets written.
pub(crate) struct Update<'a> {
    /// Current strategies of both players, per slot.
    pub probs: &'a [f64],
    /// Cumulative regrets (only the updating player's slots change).
    pub regrets: &'a mut [f64],
    /// The updating player.
    pub player: u8,
    /// The regret weight of this iteration (linear CFR: `t`).
    pub regret_weight: f64,
}

struct Ctx<'a, 'b> {
    u: &'b mut Update<'a>,
    sign: f64,
    /// Child values of the nodes on the current path (a stack).
    values: Vec<f64>,
    /// Nodes visited.
    visited: usize,
}

impl Walk {
    /// The walk's layout of `t`, or `None` if the tree does not qualify (see the module
    /// documentation).
    pub(crate) fn new<K>(t: &Tree<K>) -> Option<Walk> {
        if !t.perfect_recall || t.level_start.len() > MAX_DEPTH || t.kind.is_empty() {
            return None;
        }
        let (parent_slot, weight) = own_parents(t)?;
        let mut w = Walk {
            kind: Vec::new(),
            slot: Vec::new(),
            edge_start: vec![0],
            edges: Vec::new(),
            chance_prob: t.chance_prob.clone(),
            terminal_payoff: t.terminal_payoff.clone(),
            fixed: Vec::new(),
            parent_slot,
            weight,
        };
        // Depth-first numbering (a parent before its subtree), children of a node once each.
        let mut order = vec![u32::MAX; t.kind.len()];
        let mut stack = vec![0u32];
        let mut visited = Vec::new();
        while let Some(v) = stack.pop() {
            if order[v as usize] != u32::MAX {
                continue;
            }
            order[v as usize] = visited.len() as u32;
            visited.push(v);
            let (e0, e1) = (t.edge_start[v as usize], t.edge_start[v as usize + 1]);
            for e in (e0..e1).rev() {
                let c = skip_chain(t, t.edges[e as usize]);
                if c & TERMINAL_BIT == 0 && order[c as usize] == u32::MAX {
                    stack.push(c);
                }
            }
        }
        for &v in &visited {
            let v = v as usize;
            let (e0, e1) = (t.edge_start[v] as usize, t.edge_start[v + 1] as usize);
            let start = w.edges.len();
            for e in e0..e1 {
                let c = skip_chain(t, t.edges[e]);
                w.edges.push(if c & TERMINAL_BIT != 0 {
                    c
                } else {
                    order[c as usize]
                });
            }
            let targets = &w.edges[start..];
            let shared = targets
                .iter()
                .enumerate()
                .any(|(i, &c)| c & TERMINAL_BIT == 0 && targets[..i].contains(&c));
            w.kind.push(t.kind[v] | if shared { SHARED } else { 0 });
            w.slot.push(match t.kind[v] {
                CHANCE => t.infoset[v],
                FIXED => {
                    w.fixed.push(t.fixed_payoff[v]);
                    w.fixed.len() as u32 - 1
                }
                _ => t.offset[t.infoset[v] as usize],
            });
            w.edge_start.push(w.edges.len() as u32);
        }
        Some(w)
    }

    /// Nodes of the walk (chains of one-action nodes skipped).
    pub(crate) fn nodes(&self) -> usize {
        self.kind.len()
    }

    /// Walk the tree for `u.player`'s update: add its counterfactual regrets; returns the
    /// number of nodes visited.
    pub(crate) fn update_regrets(&self, u: &mut Update<'_>) -> usize {
        let sign = if u.player == 0 { 1.0 } else { -1.0 };
        let mut ctx = Ctx {
            u,
            sign,
            values: Vec::with_capacity(64),
            visited: 0,
        };
        self.node(0, 1.0, &mut ctx);
        ctx.visited
    }

    /// Add `player`'s average-strategy contributions, set by set in index order (own parents
    /// first): `strategy_sum += weight × (strategy_weight × reach) × σ`, with `own_reach` as
    /// scratch (one value per slot).
    pub(crate) fn update_average<K>(
        &self,
        t: &Tree<K>,
        player: u8,
        probs: &[f64],
        strategy_weight: f64,
        own_reach: &mut [f64],
        strategy_sum: &mut [f64],
    ) {
        for x in 0..t.keys.len() {
            if t.owner[x] != player {
                continue;
            }
            let rs = match self.parent_slot[x] {
                NO_PARENT => 1.0,
                s => own_reach[s as usize],
            };
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            for i in o..o + n {
                own_reach[i] = rs * probs[i];
            }
            let weight = self.weight[x];
            if rs == 0.0 || weight == 0.0 {
                continue;
            }
            let ws = strategy_weight * rs;
            for i in o..o + n {
                strategy_sum[i] += weight * (ws * probs[i]);
            }
        }
    }

    /// The value (first player's payoff) of node `v` reached with opponent-and-chance
    /// probability `ro`, adding the updating player's regrets below it.
    fn node(&self, v: usize, ro: f64, ctx: &mut Ctx<'_, '_>) -> f64 {
        ctx.visited += 1;
        let kind = self.kind[v];
        if kind & SHARED != 0 {
            return self.node_with_shared_children(v, ro, ctx);
        }
        let (e0, e1) = (self.edge_start[v] as usize, self.edge_start[v + 1] as usize);
        let o = self.slot[v] as usize;
        match kind {
            FIXED => self.fixed[o],
            CHANCE => (e0..e1)
                .enumerate()
                .map(|(k, e)| {
                    let p = self.chance_prob[o + k];
                    p * self.child(self.edges[e], p, ro * p, ctx)
                })
                .sum(),
            _ if kind - FIRST == ctx.u.player => {
                let base = ctx.values.len();
                for e in e0..e1 {
                    let cv = self.child(self.edges[e], 1.0, ro, ctx);
                    ctx.values.push(cv);
                }
                self.own_update(o, ro, base, ctx)
            }
            _ => (e0..e1)
                .enumerate()
                .map(|(k, e)| {
                    let p = ctx.u.probs[o + k];
                    p * self.child(self.edges[e], p, ro * p, ctx)
                })
                .sum(),
        }
    }

    /// The regret update at an own node whose child values are `ctx.values[base..]`; returns
    /// the node's value and pops the child values.
    fn own_update(&self, o: usize, ro: f64, base: usize, ctx: &mut Ctx<'_, '_>) -> f64 {
        let probs = ctx.u.probs;
        let values = &ctx.values[base..];
        let vv: f64 = values
            .iter()
            .enumerate()
            .map(|(k, &cv)| probs[o + k] * cv)
            .sum();
        let w = ctx.u.regret_weight * ro * ctx.sign;
        for (k, &cv) in values.iter().enumerate() {
            ctx.u.regrets[o + k] += w * (cv - vv);
        }
        ctx.values.truncate(base);
        vv
    }

    /// [`Self::node`] where some edges share a child: each child is walked once, with the sum
    /// of its edges' reaches (added in edge order, as the level passes add them).
    fn node_with_shared_children(&self, v: usize, ro: f64, ctx: &mut Ctx<'_, '_>) -> f64 {
        let kind = self.kind[v] & !SHARED;
        let (e0, e1) = (self.edge_start[v] as usize, self.edge_start[v + 1] as usize);
        let o = self.slot[v] as usize;
        let own = kind != CHANCE && kind - FIRST == ctx.u.player;
        let prob = |ctx: &Ctx<'_, '_>, k: usize| match kind {
            CHANCE => self.chance_prob[o + k],
            _ => ctx.u.probs[o + k],
        };
        let base = ctx.values.len();
        for k in 0..e1 - e0 {
            let c = self.edges[e0 + k];
            let earlier = (0..k).find(|&j| self.edges[e0 + j] == c);
            let cv = match earlier {
                _ if c & TERMINAL_BIT != 0 => self.terminal_payoff[(c & !TERMINAL_BIT) as usize],
                Some(j) => ctx.values[base + j],
                None => {
                    let edges = (k..e1 - e0).filter(|&j| self.edges[e0 + j] == c);
                    let p = if own {
                        1.0
                    } else {
                        edges.clone().map(|j| prob(ctx, j)).fold(0.0, f64::max)
                    };
                    let reach =
                        edges.fold(0.0, |r, j| r + if own { ro } else { ro * prob(ctx, j) });
                    self.child(c, p, reach, ctx)
                }
            };
            ctx.values.push(cv);
        }
        if own {
            return self.own_update(o, ro, base, ctx);
        }
        let value = (0..e1 - e0)
            .map(|k| prob(ctx, k) * ctx.values[base + k])
            .sum();
        ctx.values.truncate(base);
        value
    }

    /// The value of edge target `c` reached with probability `ro`, or 0 if its edge has
    /// probability `p = 0` (where it is only ever multiplied by 0). An underflowed `ro = 0`
    /// with `p > 0` is walked: the level passes compute that value too.
    #[inline]
    fn child(&self, c: u32, p: f64, ro: f64, ctx: &mut Ctx<'_, '_>) -> f64 {
        if c & TERMINAL_BIT != 0 {
            self.terminal_payoff[(c & !TERMINAL_BIT) as usize]
        } else if p == 0.0 {
            0.0
        } else {
            self.node(c as usize, ro, ctx)
        }
    }
}

/// Follow edge target `c` down through nodes with exactly one action (a decision node, or a
/// chance node whose one outcome has probability 1).
fn skip_chain<K>(t: &Tree<K>, mut c: u32) -> u32 {
    while c & TERMINAL_BIT == 0 {
        let v = c as usize;
        let (e0, e1) = (t.edge_start[v] as usize, t.edge_start[v + 1] as usize);
        let single = e1 == e0 + 1
            && match t.kind[v] {
                FIXED => false,
                CHANCE => t.chance_prob[t.infoset[v] as usize] == 1.0,
                _ => true,
            };
        if !single {
            break;
        }
        c = t.edges[e0];
    }
    c
}

/// Each information set's own parent slot and path weight, or `None` if some node has two
/// parent nodes or the nodes of a set disagree on the own parent.
fn own_parents<K>(t: &Tree<K>) -> Option<(Vec<u32>, Vec<f64>)> {
    let n = t.kind.len();
    // The last own slot of each player on the paths to a node (equal on all paths, checked),
    // the node's parent, and its number of root paths.
    let mut last = vec![[NO_PARENT; 2]; n];
    let mut parent = vec![u32::MAX; n];
    let mut paths = vec![0.0f64; n];
    paths[0] = 1.0;
    let mut parent_slot = vec![None::<u32>; t.keys.len()];
    let mut weight = vec![0.0f64; t.keys.len()];
    for v in 0..n {
        let kind = t.kind[v];
        if kind != CHANCE && kind != FIXED {
            let x = t.infoset[v] as usize;
            let mover = (kind - FIRST) as usize;
            let own = last[v][mover];
            // Sets are numbered in the order the build meets them, so an own parent (above
            // every node of the set) comes first; the average-strategy pass relies on it.
            if own != NO_PARENT && own >= t.offset[x] {
                return None;
            }
            match parent_slot[x] {
                None => parent_slot[x] = Some(own),
                Some(s) if s != own => return None,
                Some(_) => {}
            }
            weight[x] += paths[v];
        }
        if kind == FIXED {
            continue;
        }
        for (k, e) in (t.edge_start[v]..t.edge_start[v + 1]).enumerate() {
            let c = t.edges[e as usize];
            if c & TERMINAL_BIT != 0 {
                continue;
            }
            let c = c as usize;
            let mut l = last[v];
            if kind != CHANCE {
                // An action and its mirror image have the same probability (the solver keeps
                // them equal), so either names the own parent: take the smaller.
                let slot = t.offset[t.infoset[v] as usize] + k as u32;
                l[(kind - FIRST) as usize] = slot.min(t.mirror[slot as usize]);
            }
            if parent[c] == u32::MAX {
                parent[c] = v as u32;
                last[c] = l;
            } else if parent[c] != v as u32 || last[c] != l {
                // Two parents, or two actions of the mover leading to one child (whose own
                // parent is then ambiguous).
                return None;
            }
            paths[c] += paths[v];
        }
    }
    let parent_slot = parent_slot
        .into_iter()
        .map(|s| s.unwrap_or(NO_PARENT))
        .collect();
    Some((parent_slot, weight))
}
