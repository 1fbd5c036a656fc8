//! The level passes: one CFR update of one player as three passes over the level-ordered
//! DAG (reaches forward, values backward, regrets and average strategy per node). They work on
//! any DAG, imperfect recall included; `walk.rs` is the faster pass for perfect-recall trees.

use crate::tree::{Tree, CHANCE, FIRST, FIXED, TERMINAL_BIT};
use rayon::prelude::*;

#[inline]
fn edge_value<K>(t: &Tree<K>, value: &[f64], c: u32) -> f64 {
    if c & TERMINAL_BIT != 0 {
        t.terminal_payoff[(c & !TERMINAL_BIT) as usize]
    } else {
        value[c as usize]
    }
}

/// Reach sums over all paths: `reach_self` the product of `player`'s probabilities,
/// `reach_other` the product of the opponent's and chance's.
pub(crate) fn forward<K>(
    t: &Tree<K>,
    probs: &[f64],
    player: u8,
    reach_self: &mut [f64],
    reach_other: &mut [f64],
) {
    reach_self.iter_mut().for_each(|v| *v = 0.0);
    reach_other.iter_mut().for_each(|v| *v = 0.0);
    reach_self[0] = 1.0;
    reach_other[0] = 1.0;
    for v in 0..t.kind.len() {
        let (rs, ro) = (reach_self[v], reach_other[v]);
        if rs == 0.0 && ro == 0.0 {
            continue;
        }
        let (e0, e1) = (t.edge_start[v] as usize, t.edge_start[v + 1] as usize);
        match t.kind[v] {
            FIXED => {}
            CHANCE => {
                let o = t.infoset[v] as usize;
                for (k, e) in (e0..e1).enumerate() {
                    let c = t.edges[e];
                    if c & TERMINAL_BIT == 0 {
                        reach_self[c as usize] += rs;
                        reach_other[c as usize] += ro * t.chance_prob[o + k];
                    }
                }
            }
            kind => {
                let o = t.offset[t.infoset[v] as usize] as usize;
                let mine = kind - FIRST == player;
                for (k, e) in (e0..e1).enumerate() {
                    let c = t.edges[e];
                    if c & TERMINAL_BIT == 0 {
                        let p = probs[o + k];
                        if mine {
                            reach_self[c as usize] += rs * p;
                            reach_other[c as usize] += ro;
                        } else {
                            reach_self[c as usize] += rs;
                            reach_other[c as usize] += ro * p;
                        }
                    }
                }
            }
        }
    }
}

/// The first player's expected payoff at every node under `probs` (levels deepest first; the
/// nodes of a large level in parallel).
pub(crate) fn backward<K: Sync>(t: &Tree<K>, probs: &[f64], value: &mut [f64]) {
    let node_value = |v: usize, deeper: &[f64], base: usize| -> f64 {
        let child = |c: u32| -> f64 {
            if c & TERMINAL_BIT != 0 {
                t.terminal_payoff[(c & !TERMINAL_BIT) as usize]
            } else {
                deeper[c as usize - base]
            }
        };
        let (e0, e1) = (t.edge_start[v] as usize, t.edge_start[v + 1] as usize);
        match t.kind[v] {
            FIXED => t.fixed_payoff[v],
            CHANCE => {
                let o = t.infoset[v] as usize;
                (e0..e1)
                    .enumerate()
                    .map(|(k, e)| t.chance_prob[o + k] * child(t.edges[e]))
                    .sum()
            }
            _ => {
                let o = t.offset[t.infoset[v] as usize] as usize;
                (e0..e1)
                    .enumerate()
                    .map(|(k, e)| probs[o + k] * child(t.edges[e]))
                    .sum()
            }
        }
    };
    let levels = t.level_start.len();
    for l in (0..levels).rev() {
        let ls = t.level_start[l] as usize;
        let le = if l + 1 < levels {
            t.level_start[l + 1] as usize
        } else {
            t.kind.len()
        };
        if ls >= le {
            continue;
        }
        let (head, deeper) = value.split_at_mut(le);
        let level = &mut head[ls..le];
        if le - ls >= 1 << 14 {
            level
                .par_chunks_mut(1 << 12)
                .enumerate()
                .for_each(|(ci, chunk)| {
                    for (i, out) in chunk.iter_mut().enumerate() {
                        *out = node_value(ls + (ci << 12) + i, deeper, le);
                    }
                });
        } else {
            for (i, out) in level.iter_mut().enumerate() {
                *out = node_value(ls + i, deeper, le);
            }
        }
    }
}

/// Add this pass's regrets and average-strategy contributions at `player`'s nodes.
pub(crate) fn accumulate<K>(
    t: &Tree<K>,
    probs: &[f64],
    player: u8,
    reach_self: &[f64],
    reach_other: &[f64],
    value: &[f64],
    regret_weight: f64,
    strategy_weight: f64,
    regrets: &mut [f64],
    strategy_sum: &mut [f64],
) {
    let kind_of_player = FIRST + player;
    let sign = if player == 0 { 1.0 } else { -1.0 };
    for v in 0..t.kind.len() {
        if t.kind[v] != kind_of_player {
            continue;
        }
        let (rs, ro) = (reach_self[v], reach_other[v]);
        if rs == 0.0 && ro == 0.0 {
            continue;
        }
        let o = t.offset[t.infoset[v] as usize] as usize;
        let e0 = t.edge_start[v] as usize;
        let n = t.edge_start[v + 1] as usize - e0;
        let vv = value[v];
        let w = regret_weight * ro * sign;
        let ws = strategy_weight * rs;
        for k in 0..n {
            let cv = edge_value(t, value, t.edges[e0 + k]);
            regrets[o + k] += w * (cv - vv);
            strategy_sum[o + k] += ws * probs[o + k];
        }
    }
}
