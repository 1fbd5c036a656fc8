//! The search of the exact best response (see `exact_response` for the algorithm): worlds,
//! the owner's tree built as it is reached, the responder's recursion with Star1-style
//! pruning, parallel forks near the root, and the extraction of the maximising policy.
//!
//! For a rotation-invariant mixture a responder node and its 180° image share one memo entry
//! ([`Responder::memo_key`]): on the committed 12-cell frontier certificates this halves the
//! responder nodes and cuts the best response's time by a third to a half. The environment
//! variable `GSOLVE_BR_NO_ROTATION=1` turns it off, for comparisons (a test checks that values
//! and the double oracle's mixtures are the same either way). It works on every board,
//! 16 cells included (whose histories pack 6 bits per event, so they rotate exactly).

use super::exact_response::Certified;
use super::memo::Memo;
use super::{Fraction, Mixture, Policy};
use crate::rules::{probe_event, DarkHex, Variant, MAX_CELLS};
use bitboard::BitWord;
use hashbrown::{DefaultHashBuilder, HashMap};

mod extract;
mod key;

/// A world: an owner history with the policies that reach it, which are those of its node
/// `Responder::nodes[node]` of the owner's tree; `weight` is the sum of their weights.
#[derive(Clone, Copy)]
pub(super) struct World {
    pub(super) history: u128,
    weight: u128,
    stones: u64,
    known: u64,
    node: u32,
    /// The history's id in the memo ([`Memo::id`]), which the memo keys store: `UNBUILT`
    /// until the world is part of a memo key ([`Responder::memo_key`] fills it in).
    pub(super) id: u32,
}

/// "Not built yet" for the lazily built links of the owner's tree.
const UNBUILT: u32 = u32::MAX;

/// A node of the owner's tree (an owner history reached by some policies), built the first
/// time a world reaches it: its policies are `Responder::arena[start..start + len]`
/// (ascending) and, once the owner has been asked to move there, its probes are
/// `Responder::groups[groups..groups + group_count]`.
#[derive(Clone, Copy)]
struct OwnerNode {
    start: u32,
    len: u32,
    groups: u32,
    group_count: u32,
    /// The node's history's id in the memo, and its 180° image's: `UNBUILT` until a memo key
    /// needs it (most owner histories are only met under the memo floor, and interning them
    /// would cost a locked table insertion each).
    id: u32,
    image_id: u32,
}

/// The policies of an owner node that probe cell `a` (`Responder::arena[start..start + len]`,
/// total `weight`), whether a stone there connects the owner, and the child nodes for the two
/// outcomes (`UNBUILT` until reached): `[found a responder stone, placed]`.
#[derive(Clone, Copy)]
struct OwnerGroup {
    a: u8,
    connects: bool,
    weight: u128,
    start: u32,
    len: u32,
    child: [u32; 2],
}

/// What one observable outcome of a responder probe leads to.
enum Branch {
    /// No world has this outcome.
    Empty,
    /// The responder connects: it wins this weight.
    Connects(u128),
    /// The responder moves next, in the worlds `Responder::worlds[start..]` (sorted by history).
    Next {
        stones: u64,
        known: u64,
        start: usize,
    },
}

/// What the threads of one best-response search share: the mixture's data and the memo.
struct Search {
    game: DarkHex,
    classical: bool,
    owner: usize,
    /// Weight of each policy.
    weights: Vec<u128>,
    /// Explicit decisions by history: (policy, cell), ascending policy.
    decisions: HashMap<u128, Vec<(u32, u8)>>,
    /// Each policy's fallback priority.
    priority: Vec<[u8; MAX_CELLS]>,
    memo: Memo,
    hasher: DefaultHashBuilder,
    /// The mixture is rotation invariant: a responder node and its 180° image have the same
    /// value, so the memo keeps one entry for both (see [`Responder::memo_key`]).
    rotation: bool,
    /// Responder depths below which a node's probes are searched in parallel (0: serial).
    parallel_depth: u32,
    /// Nodes with at most this many legal probes are searched without the memo (0: every node
    /// is memoised; the policy extraction re-solves the others it needs). See
    /// [`super::memo::ABRUPT_MEMO_FLOOR`].
    memo_floor: u32,
}

/// Responder nodes this close to the root search their probes in parallel (when the rayon
/// pool has more than one thread): up to 16 × 15 forks, enough to keep a few cores busy.
const PARALLEL_DEPTH: u32 = 2;

/// One thread's best-response search. Nothing is allocated per node: worlds live on a stack
/// (`worlds`), and the memo keys in the memo shards' growing arrays, so a node costs a few
/// pushes and one hash-table probe. The owner's moves come from the owner's tree (`owner_nodes`,
/// `groups`, policy lists in `arena`), built as the search reaches it: an owner history is
/// met again and again under different responder histories (on 3×3 abrupt about 15 times),
/// and its policies are sorted by probe only the first time.
/// Near the root ([`Search::parallel_depth`]) the probes of a node are searched by forks
/// (copies of the node's worlds) on the rayon pool, sharing the memo; the values are exact, so
/// the result and the maximising probes (the first best in cell order) do not depend on the
/// schedule, only the node and hit counts may.
struct Responder<'s> {
    s: &'s Search,
    arena: Vec<u32>,
    owner_nodes: Vec<OwnerNode>,
    groups: Vec<OwnerGroup>,
    worlds: Vec<World>,
    /// Scratch: the probe of each policy of the world being expanded.
    probes: Vec<u8>,
    /// Responder decisions above the current node.
    depth: u32,
    /// Memoise every node, whatever the memo floor: set by the policy extraction while it
    /// re-solves a node that the search did not memoise ([`Self::extract`]).
    force_memo: bool,
    nodes: u64,
    hits: u64,
}

impl Responder<'_> {
    /// Let the owner move in `w` (owner to move) until the responder is to move, pushing the
    /// resulting worlds on `worlds`; worlds where the owner connects are dropped (they are
    /// worth 0 to the responder).
    fn owner_moves(&mut self, w: World, r_stones: u64) {
        let node = self.owner_nodes[w.node as usize];
        if node.groups == UNBUILT {
            self.expand(w);
        }
        let node = self.owner_nodes[w.node as usize];
        for g in node.groups..node.groups + node.group_count {
            let group = self.groups[g as usize];
            let bit = 1u64 << group.a;
            let found = r_stones & bit != 0;
            if !found && group.connects {
                continue;
            }
            let history = self
                .s
                .game
                .push_event(w.history, probe_event(group.a as u32, !found));
            let mut child = group.child[!found as usize];
            if child == UNBUILT {
                child = self.owner_nodes.len() as u32;
                self.owner_nodes.push(OwnerNode {
                    start: group.start,
                    len: group.len,
                    groups: UNBUILT,
                    group_count: 0,
                    id: UNBUILT,
                    image_id: UNBUILT,
                });
                self.groups[g as usize].child[!found as usize] = child;
            }
            let child = World {
                history,
                weight: group.weight,
                stones: if found { w.stones } else { w.stones | bit },
                known: if found { w.known | bit } else { w.known },
                node: child,
                id: self.owner_nodes[child as usize].id,
            };
            if found && self.s.classical {
                // The owner probes again.
                self.owner_moves(child, r_stones);
            } else {
                self.worlds.push(child);
            }
        }
    }

    /// Sort the policies of `w`'s node by their probe there into groups.
    fn expand(&mut self, w: World) {
        let OwnerNode { start, len, .. } = self.owner_nodes[w.node as usize];
        let legal = self.s.game.all() & !(w.stones | w.known);
        // The probe of each policy: an explicit decision at this history (one lookup for all
        // policies), else the first legal cell of the policy's priority.
        self.probes.clear();
        let explicit: &[(u32, u8)] = self.s.decisions.get(&w.history).map_or(&[], |v| v);
        let mut e = 0;
        for k in start..start + len {
            let i = self.arena[k as usize];
            while e < explicit.len() && explicit[e].0 < i {
                e += 1;
            }
            let a = if e < explicit.len() && explicit[e].0 == i {
                explicit[e].1
            } else {
                self.s.priority[i as usize]
                    .iter()
                    .copied()
                    .find(|&x| legal >> x & 1 == 1)
                    .unwrap_or(0)
            };
            self.probes.push(a);
        }
        let first_group = self.groups.len() as u32;
        let group = |a: u8, start: u32, len: u32, weight: u128, groups: &mut Vec<_>| {
            let stones = w.stones | 1u64 << a;
            groups.push(OwnerGroup {
                a,
                connects: self.s.game.connects(self.s.owner as u8, stones),
                weight,
                start,
                len,
                child: [UNBUILT; 2],
            });
        };
        if self.probes.iter().all(|&a| a == self.probes[0]) {
            // Usual deep in the tree (most nodes hold one or two policies): one group, the
            // node's own policy list.
            group(self.probes[0], start, len, w.weight, &mut self.groups);
        } else {
            // Group the policies by probe (a counting sort keeps each group ascending).
            let mut count = [0u32; MAX_CELLS];
            for &a in &self.probes {
                count[a as usize] += 1;
            }
            let group_base = self.arena.len() as u32;
            let mut offset = [0u32; MAX_CELLS];
            let mut next = group_base;
            for (o, &c) in offset.iter_mut().zip(&count) {
                *o = next;
                next += c;
            }
            let first = offset;
            self.arena.resize(next as usize, 0);
            let mut weight = [0u128; MAX_CELLS];
            for (j, &a) in self.probes.iter().enumerate() {
                let a = a as usize;
                let i = self.arena[(start as usize) + j];
                self.arena[offset[a] as usize] = i;
                offset[a] += 1;
                weight[a] += self.s.weights[i as usize];
            }
            for a in 0..MAX_CELLS {
                if count[a] != 0 {
                    group(a as u8, first[a], count[a], weight[a], &mut self.groups);
                }
            }
        }
        let n = &mut self.owner_nodes[w.node as usize];
        n.groups = first_group;
        n.group_count = self.groups.len() as u32 - first_group;
    }

    /// Sort the worlds from `start` on by history (the memo key's order).
    fn sort_from(&mut self, start: usize) {
        self.worlds[start..].sort_unstable_by_key(|w| w.history);
    }

    /// The worlds `worlds[ws..we]` (responder to move, sorted by history) after the responder
    /// probes `a` and observes `placed` (its stone is placed) or not (it finds an owner stone).
    fn branch(
        &mut self,
        r_stones: u64,
        r_known: u64,
        (ws, we): (usize, usize),
        a: u32,
        placed: bool,
    ) -> Branch {
        let bit = 1u64 << a;
        let hit = |w: &World| (w.stones & bit == 0) == placed;
        if !self.worlds[ws..we].iter().any(hit) {
            return Branch::Empty;
        }
        let start = self.worlds.len();
        if placed {
            let stones = r_stones | bit;
            if self.s.game.connects(1 - self.s.owner as u8, stones) {
                let won = self.worlds[ws..we]
                    .iter()
                    .filter(|w| hit(w))
                    .map(|w| w.weight)
                    .sum();
                return Branch::Connects(won);
            }
            for k in ws..we {
                let w = self.worlds[k];
                if hit(&w) {
                    self.owner_moves(w, stones);
                }
            }
            self.sort_from(start);
            Branch::Next {
                stones,
                known: r_known,
                start,
            }
        } else {
            for k in ws..we {
                let w = self.worlds[k];
                if hit(&w) {
                    if self.s.classical {
                        // The responder probes again: same worlds (still sorted).
                        self.worlds.push(w);
                    } else {
                        self.owner_moves(w, r_stones);
                    }
                }
            }
            if !self.s.classical {
                self.sort_from(start);
            }
            Branch::Next {
                stones: r_stones,
                known: r_known | bit,
                start,
            }
        }
    }

    /// A responder for another thread, holding copies of the worlds `worlds[ws..we]` (and
    /// their policy lists) as its `worlds[0..]`.
    fn fork(&self, ws: usize, we: usize) -> Responder<'_> {
        let mut arena = Vec::new();
        let mut owner_nodes = Vec::new();
        let worlds = self.worlds[ws..we]
            .iter()
            .map(|w| {
                let OwnerNode {
                    start,
                    len,
                    id,
                    image_id,
                    ..
                } = self.owner_nodes[w.node as usize];
                owner_nodes.push(OwnerNode {
                    start: arena.len() as u32,
                    len,
                    groups: UNBUILT,
                    group_count: 0,
                    id,
                    image_id,
                });
                arena.extend_from_slice(&self.arena[start as usize..(start + len) as usize]);
                World {
                    node: owner_nodes.len() as u32 - 1,
                    ..*w
                }
            })
            .collect();
        Responder {
            s: self.s,
            arena,
            owner_nodes,
            groups: Vec::new(),
            worlds,
            probes: Vec::new(),
            depth: self.depth,
            force_memo: self.force_memo,
            nodes: 0,
            hits: 0,
        }
    }

    /// The weight the responder wins by probing `a` in the worlds `worlds[ws..we]` and playing
    /// best afterwards, if that is more than `above`; otherwise an upper bound on it that is at
    /// most `above`. The search of an outcome stops as soon as the probe can no longer exceed
    /// `above` (each outcome is worth at most the weight of its worlds).
    fn probe_value(
        &mut self,
        r_stones: u64,
        r_known: u64,
        (ws, we): (usize, usize),
        a: u32,
        above: u128,
    ) -> u128 {
        let bit = 1u64 << a;
        let (mut placed_weight, mut found_weight) = (0u128, 0u128);
        for w in &self.worlds[ws..we] {
            if w.stones & bit == 0 {
                placed_weight += w.weight;
            } else {
                found_weight += w.weight;
            }
        }
        let mut value = 0u128;
        // What the outcomes not yet searched can add at most.
        let mut rest = placed_weight + found_weight;
        for placed in [true, false] {
            rest -= if placed { placed_weight } else { found_weight };
            match self.branch(r_stones, r_known, (ws, we), a, placed) {
                Branch::Empty => {}
                Branch::Connects(won) => value += won,
                Branch::Next {
                    stones,
                    known,
                    start,
                } => {
                    // This outcome matters only if it wins more than `need`.
                    let need = above.saturating_sub(value + rest);
                    self.depth += 1;
                    value += self.respond(stones, known, start, need);
                    self.depth -= 1;
                }
            }
            self.worlds.truncate(we);
            if value + rest <= above {
                return value + rest;
            }
        }
        value
    }

    /// Best-response value (weight the responder wins) with the responder to move in the
    /// worlds `worlds[ws..]` (sorted by history), if it is more than `above`; otherwise an
    /// upper bound on it that is at most `above` (a fail-low, memoised as a bound). A value of
    /// 0 is exact either way. With `above = 0` the result is always exact.
    ///
    /// The probes are searched in cell order, each needing to beat the best so far, so the
    /// memoised probe of an exact node is the first best in cell order; an exact node's best
    /// probe was searched with thresholds its outcomes beat, so its child nodes are exact too
    /// and [`Self::extract`] finds them.
    fn respond(&mut self, r_stones: u64, r_known: u64, ws: usize, above: u128) -> u128 {
        let we = self.worlds.len();
        if ws == we {
            return 0;
        }
        let total: u128 = self.worlds[ws..].iter().map(|w| w.weight).sum();
        if total <= above {
            return total;
        }
        let legal = self.s.game.all() & !(r_stones | r_known);
        let key = if self.force_memo || legal.count_ones() > self.s.memo_floor {
            let key = self.memo_key(r_stones, r_known, ws);
            if let Some((value, _, exact)) = self.lookup(&key, ws) {
                if exact || value <= above {
                    self.hits += 1;
                    return value;
                }
            }
            Some(key)
        } else {
            None
        };
        self.nodes += 1;
        let lowest = legal.trailing_zeros() as u8;
        // The best exact probe value found (above `above`) and its probe.
        let mut best: Option<(u128, u8)> = None;
        // Without one: the largest upper bound of the probes (at most `above`).
        let mut bound = 0u128;
        if self.depth < self.s.parallel_depth {
            // Every probe, each in a fork; a fork needs to reach the best value found so far
            // by the others (ties kept, so the first best in cell order is exact and wins).
            use rayon::prelude::*;
            let shared = std::sync::Mutex::new(0u128);
            let best_so_far = || shared.lock().unwrap_or_else(|e| e.into_inner());
            let probes: Vec<u32> = legal.iter().collect();
            let values: Vec<(u128, bool, u64, u64)> = probes
                .par_iter()
                .map(|&a| {
                    let threshold = above.max(best_so_far().saturating_sub(1));
                    let mut f = self.fork(ws, we);
                    let n = f.worlds.len();
                    let v = f.probe_value(r_stones, r_known, (0, n), a, threshold);
                    let exact = v > threshold;
                    if exact {
                        let mut g = best_so_far();
                        *g = (*g).max(v);
                    }
                    (v, exact, f.nodes, f.hits)
                })
                .collect();
            for (&a, &(value, exact, nodes, hits)) in probes.iter().zip(&values) {
                self.nodes += nodes;
                self.hits += hits;
                if exact {
                    if best.is_none_or(|(b, _)| value > b) {
                        best = Some((value, a as u8));
                    }
                } else {
                    bound = bound.max(value);
                }
            }
        } else {
            for a in legal.iter() {
                let threshold = best.map_or(above, |(b, _)| b);
                let value = self.probe_value(r_stones, r_known, (ws, we), a, threshold);
                if value > threshold {
                    best = Some((value, a as u8));
                    if value == total {
                        break;
                    }
                } else if best.is_none() {
                    bound = bound.max(value);
                }
            }
        }
        let (value, action, exact) = match best {
            Some((v, a)) => (v, a, true),
            None => (bound, lowest, bound == 0),
        };
        if let Some(key) = key {
            let worlds = key.rotated.as_deref().unwrap_or(&self.worlds[ws..we]);
            let action = self.orient(&key, action);
            self.s.memo.insert(
                key.hash, key.stones, key.known, worlds, value, action, exact,
            );
        }
        value
    }
}

/// The best response against `mixture` (and its policy, if `want_policy` gives the base).
/// `allow_rotation`: use the rotation memo for a rotation-invariant mixture (unless
/// `GSOLVE_BR_NO_ROTATION` is set); `false` turns it off (tests compare the two).
/// `memo_floor`: memoise only nodes with more legal probes than this
/// ([`super::memo::value_memo_floor`]); when a policy is wanted, the extraction re-solves the
/// nodes on its path that were not memoised (the policy is the same for any floor).
pub(super) fn solve_response(
    mixture: &Mixture,
    want_policy: Option<&Policy>,
    allow_rotation: bool,
    memo_floor: u32,
) -> (Certified, Option<Policy>) {
    let game = DarkHex::new(mixture.rules).expect("validated by the parser");
    let owner = mixture.owner as usize;
    let total = mixture.total_weight();
    let mut decisions: HashMap<u128, Vec<(u32, u8)>> = HashMap::new();
    for (i, p) in mixture.policies.iter().enumerate() {
        for (&h, &a) in &p.decisions {
            decisions.entry(h).or_default().push((i as u32, a));
        }
    }
    for v in decisions.values_mut() {
        v.sort_unstable();
    }
    let priority = mixture
        .policies
        .iter()
        .map(|p| {
            // A permutation of the cells (checked by the parser); unused slots repeat the last.
            let mut order = [p.priority.last().copied().unwrap_or(0); MAX_CELLS];
            order[..p.priority.len()].copy_from_slice(&p.priority);
            order
        })
        .collect();
    let n = mixture.policies.len();
    let rotation = allow_rotation
        && mixture.is_rotation_invariant()
        && std::env::var_os("GSOLVE_BR_NO_ROTATION").is_none();
    let search = Search {
        classical: game.rules().variant == Variant::Classical,
        game,
        owner,
        weights: mixture.policies.iter().map(|p| p.weight).collect(),
        decisions,
        priority,
        memo: Memo::new(),
        hasher: DefaultHashBuilder::default(),
        rotation,
        parallel_depth: if rayon::current_num_threads() > 1 {
            PARALLEL_DEPTH
        } else {
            0
        },
        memo_floor,
    };
    let mut r = Responder {
        s: &search,
        arena: (0..n as u32).collect(),
        owner_nodes: vec![OwnerNode {
            start: 0,
            len: n as u32,
            groups: UNBUILT,
            group_count: 0,
            id: UNBUILT,
            image_id: UNBUILT,
        }],
        groups: Vec::new(),
        worlds: Vec::new(),
        probes: Vec::new(),
        depth: 0,
        force_memo: false,
        nodes: 0,
        hits: 0,
    };
    let start = World {
        history: 0,
        weight: total,
        stones: 0,
        known: 0,
        node: 0,
        id: UNBUILT,
    };
    if owner == 0 {
        r.owner_moves(start, 0);
        r.sort_from(0);
    } else {
        r.worlds.push(start);
    }
    let won = r.respond(0, 0, 0, 0);
    let policy = want_policy.map(|base| {
        let mut all = HashMap::new();
        r.extract(0, 0, 0, 0, false, &mut all);
        let responder = 1 - mixture.owner;
        let mut p = Policy {
            weight: 1,
            ..base.clone()
        };
        // Override the base where the best response decides otherwise.
        for (h, (a, legal)) in all {
            if p.decide(h, legal) != a as u32 {
                p.decisions.insert(h, a);
            }
        }
        if !base.decisions.is_empty() {
            p.prune(&r.s.game, responder);
        }
        p
    });
    let responder_value = Fraction::new(won, total);
    let black_value = if owner == 0 {
        Fraction::new(total - won, total)
    } else {
        responder_value
    };
    (
        Certified {
            owner: mixture.owner,
            responder_value,
            black_value,
            responder_nodes: r.nodes,
            memo_hits: r.hits,
        },
        policy,
    )
}
