//! The CFR iteration and the strategies it produces.

use crate::level::{accumulate, backward, forward};
use crate::tree::Tree;
use crate::walk::{Update, Walk};
use game::extensive::{Behaviour, ExtensiveGame};
use hashbrown::HashMap;
use ndarray::Array1;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Errors of the CFR crate.
#[derive(Debug, Error)]
pub enum CfrError {
    /// The tree exceeds the node budget.
    #[error("the game tree has more than {0} nodes (too large to expand)")]
    TooLarge(usize),
    /// Two nodes of one information set disagree.
    #[error("information set {0} has nodes with different players or action counts")]
    InconsistentInfoset(String),
    /// A checkpoint that does not fit this game/solver.
    #[error("checkpoint does not match: {0}")]
    CheckpointMismatch(String),
}

/// A CFR variant (see the crate documentation).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Algorithm {
    /// Plain CFR.
    Vanilla,
    /// CFR⁺.
    CfrPlus,
    /// Linear CFR.
    Linear,
    /// Discounted CFR.
    Dcfr {
        /// Exponent for positive regrets.
        alpha: f64,
        /// Exponent for negative regrets.
        beta: f64,
        /// Exponent for the average strategy.
        gamma: f64,
    },
    // Kept last: the variant index is part of saved checkpoints.
    /// Predictive CFR⁺ (Farina, Kroer & Sandholm 2021): regret matching⁺ on the cumulative
    /// regrets plus the last instantaneous regrets as a prediction, quadratic averaging (t²).
    PcfrPlus,
}

impl Algorithm {
    /// DCFR with the usual parameters α = 1.5, β = 0, γ = 2.
    pub const DCFR_DEFAULT: Algorithm = Algorithm::Dcfr {
        alpha: 1.5,
        beta: 0.0,
        gamma: 2.0,
    };

    /// A short name with parameters, e.g. `dcfr(α=1.5,β=0,γ=2)`.
    pub fn describe(&self) -> String {
        match self {
            Algorithm::Vanilla => "vanilla".into(),
            Algorithm::CfrPlus => "cfr+".into(),
            Algorithm::Linear => "linear".into(),
            Algorithm::PcfrPlus => "pcfr+".into(),
            Algorithm::Dcfr { alpha, beta, gamma } => {
                format!("dcfr(alpha={alpha},beta={beta},gamma={gamma})")
            }
        }
    }
}

/// How an iteration walks the tree (both compute the same regrets and values; see
/// [`Solver::set_passes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Passes {
    /// Three passes over every node of the level-ordered DAG per update (any game).
    Level,
    /// One depth-first walk per update that skips the subtrees the opponent reaches with
    /// probability 0 and the nodes with one action (perfect-recall trees only).
    PrunedWalk,
}

/// A CFR solver over an expanded [`Tree`].
#[derive(Debug)]
pub struct Solver<K> {
    tree: Tree<K>,
    /// The pruned walk's layout, if the tree allows it.
    walk: Option<Walk>,
    passes: Passes,
    algorithm: Algorithm,
    regrets: Array1<f64>,
    strategy_sum: Array1<f64>,
    current: Array1<f64>,
    /// Predictive CFR⁺ only: the last instantaneous regrets.
    prediction: Array1<f64>,
    iterations: u64,
    /// Nodes each player's last update visited.
    visited: [usize; 2],
    /// The passes' buffers, kept between calls.
    scratch: Scratch,
}

/// A behavioural strategy profile keyed by information set.
#[derive(Clone, Debug)]
pub struct Profile<K> {
    index: HashMap<K, (u32, u16)>,
    probs: Vec<f64>,
    owner: HashMap<K, u8>,
}

impl<K: Copy + Eq + core::hash::Hash> Profile<K> {
    /// Build from `(key, owner, probabilities)` entries.
    pub fn from_entries(entries: impl IntoIterator<Item = (K, u8, Vec<f64>)>) -> Self {
        let mut p = Profile {
            index: HashMap::new(),
            probs: Vec::new(),
            owner: HashMap::new(),
        };
        for (k, o, pr) in entries {
            p.index.insert(k, (p.probs.len() as u32, pr.len() as u16));
            p.owner.insert(k, o);
            p.probs.extend_from_slice(&pr);
        }
        p
    }
    /// The probabilities stored at `key`.
    pub fn get(&self, key: &K) -> Option<&[f64]> {
        self.index
            .get(key)
            .map(|&(o, n)| &self.probs[o as usize..o as usize + n as usize])
    }
    /// Every entry: key, owner, probabilities (unordered).
    pub fn entries(&self) -> impl Iterator<Item = (K, u8, &[f64])> + '_ {
        self.index.iter().map(move |(k, &(o, n))| {
            (
                *k,
                self.owner[k],
                &self.probs[o as usize..o as usize + n as usize],
            )
        })
    }
    /// Number of information sets.
    pub fn len(&self) -> usize {
        self.index.len()
    }
    /// True if empty.
    pub fn is_empty(&self) -> bool {
        self.index.is_empty()
    }
}

impl<G: ExtensiveGame> Behaviour<G> for Profile<G::InfoKey> {
    fn fill(&self, key: &G::InfoKey, out: &mut [f64]) -> bool {
        match self.get(key).filter(|p| p.len() == out.len()) {
            Some(p) => {
                out.copy_from_slice(p);
                true
            }
            None => false,
        }
    }
}

/// The resumable state of a solver (regrets and strategy sums by information-set key).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Checkpoint<K> {
    /// The algorithm.
    pub algorithm: Algorithm,
    /// Iterations done.
    pub iterations: u64,
    /// Information-set keys in the solver's order.
    pub keys: Vec<K>,
    /// Cumulative regrets (concatenated per information set).
    pub regrets: Vec<f64>,
    /// Cumulative strategy (concatenated per information set).
    pub strategy_sum: Vec<f64>,
    /// Predictive CFR⁺'s last instantaneous regrets (empty otherwise).
    pub prediction: Vec<f64>,
}

impl<K: serde::Serialize + for<'de> Deserialize<'de>> Checkpoint<K> {
    /// Serialise with bincode.
    pub fn to_bytes(&self) -> Vec<u8> {
        bincode::serialize(self).expect("in-memory serialisation")
    }
    /// Deserialise (errors name the problem). Also reads the earlier layout without the
    /// `prediction` field (written before predictive CFR⁺ existed).
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, CfrError> {
        #[derive(Deserialize)]
        struct Legacy<K> {
            algorithm: Algorithm,
            iterations: u64,
            keys: Vec<K>,
            regrets: Vec<f64>,
            strategy_sum: Vec<f64>,
        }
        match bincode::deserialize::<Self>(bytes) {
            Ok(c) => Ok(c),
            Err(e) => match bincode::deserialize::<Legacy<K>>(bytes) {
                Ok(l) if l.algorithm != Algorithm::PcfrPlus => Ok(Checkpoint {
                    algorithm: l.algorithm,
                    iterations: l.iterations,
                    keys: l.keys,
                    regrets: l.regrets,
                    strategy_sum: l.strategy_sum,
                    prediction: Vec::new(),
                }),
                _ => Err(CfrError::CheckpointMismatch(format!(
                    "corrupt solver state: {e}"
                ))),
            },
        }
    }
}

/// The buffers of an iteration's passes.
#[derive(Debug, Default)]
struct Scratch {
    reach_self: Vec<f64>,
    reach_other: Vec<f64>,
    value: Vec<f64>,
    /// The walk's own reach per slot.
    own_reach: Vec<f64>,
    /// Predictive CFR⁺: the regrets before the update.
    before: Vec<f64>,
}

fn regret_match(regrets: &[f64], out: &mut [f64]) {
    let pos: f64 = regrets.iter().map(|&r| r.max(0.0)).sum();
    if pos > 0.0 {
        for (o, &r) in out.iter_mut().zip(regrets) {
            *o = r.max(0.0) / pos;
        }
    } else {
        let u = 1.0 / out.len() as f64;
        out.iter_mut().for_each(|o| *o = u);
    }
}

impl<K: Copy + Eq + core::hash::Hash + core::fmt::Debug + Send + Sync> Solver<K> {
    /// Expand `game` (at most `max_nodes` nodes) and set up `algorithm`.
    pub fn new<G: ExtensiveGame<InfoKey = K>>(
        game: &G,
        algorithm: Algorithm,
        max_nodes: usize,
    ) -> Result<Self, CfrError> {
        let tree = Tree::build(game, max_nodes)?;
        Ok(Self::from_tree(tree, algorithm))
    }

    /// Set up `algorithm` on an expanded tree.
    pub fn from_tree(tree: Tree<K>, algorithm: Algorithm) -> Self {
        let n = tree.slots;
        let walk = Walk::new(&tree);
        let passes = if walk.is_some() {
            Passes::PrunedWalk
        } else {
            Passes::Level
        };
        let mut s = Solver {
            tree,
            walk,
            passes,
            algorithm,
            regrets: Array1::zeros(n),
            strategy_sum: Array1::zeros(n),
            current: Array1::zeros(n),
            prediction: Array1::zeros(if algorithm == Algorithm::PcfrPlus {
                n
            } else {
                0
            }),
            iterations: 0,
            visited: [0; 2],
            scratch: Scratch::default(),
        };
        s.update_current(None);
        s
    }

    /// Choose the passes: [`Passes::PrunedWalk`] (the default where the tree allows it) or
    /// [`Passes::Level`]; returns the passes in use (the level passes if the walk is not
    /// available).
    pub fn set_passes(&mut self, passes: Passes) -> Passes {
        self.passes = match passes {
            Passes::PrunedWalk if self.walk.is_some() => Passes::PrunedWalk,
            _ => Passes::Level,
        };
        self.passes
    }

    /// The passes in use.
    pub fn passes(&self) -> Passes {
        self.passes
    }

    /// Nodes the pruned walk visits at most (one-action chains skipped), if it is available.
    pub fn walk_nodes(&self) -> Option<usize> {
        self.walk.as_ref().map(Walk::nodes)
    }

    /// The nodes each player's last update visited (all nodes with the level passes).
    pub fn last_visits(&self) -> [usize; 2] {
        self.visited
    }

    /// The expanded tree.
    pub fn tree(&self) -> &Tree<K> {
        &self.tree
    }
    /// Iterations done.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }
    /// The algorithm.
    pub fn algorithm(&self) -> Algorithm {
        self.algorithm
    }

    /// Regret matching at the information sets of `player` (all sets with `None`).
    fn update_current(&mut self, player: Option<u8>) {
        let t = &self.tree;
        let regrets = self.regrets.as_slice().expect("contiguous");
        let current = self.current.as_slice_mut().expect("contiguous");
        let pred = self.prediction.as_slice().expect("contiguous");
        let predictive = self.algorithm == Algorithm::PcfrPlus;
        let mut buf = Vec::new();
        for x in 0..t.keys.len() {
            if player.is_some_and(|p| t.owner[x] != p) {
                continue;
            }
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            if predictive {
                buf.clear();
                buf.extend((o..o + n).map(|i| regrets[i] + pred[i]));
                regret_match(&buf, &mut current[o..o + n]);
            } else {
                regret_match(&regrets[o..o + n], &mut current[o..o + n]);
            }
        }
    }

    /// Run `n` more iterations.
    pub fn iterate(&mut self, n: u64) {
        let mut scratch = std::mem::take(&mut self.scratch);
        for _ in 0..n {
            let t = self.iterations + 1;
            for player in 0..2u8 {
                self.update(player, t, &mut scratch);
            }
            self.iterations = t;
        }
        self.scratch = scratch;
    }

    /// `player`'s update of iteration `t`.
    fn update(&mut self, player: u8, t: u64, scratch: &mut Scratch) {
        self.discount(player, t);
        let strategy_weight = match self.algorithm {
            Algorithm::Vanilla | Algorithm::Dcfr { .. } => 1.0,
            Algorithm::CfrPlus | Algorithm::Linear => t as f64,
            Algorithm::PcfrPlus => (t as f64) * (t as f64),
        };
        let regret_weight = if self.algorithm == Algorithm::Linear {
            t as f64
        } else {
            1.0
        };
        let predictive = self.algorithm == Algorithm::PcfrPlus;
        if predictive {
            scratch.before.clear();
            scratch
                .before
                .extend_from_slice(self.regrets.as_slice().expect("contiguous"));
        }
        let current = self.current.as_slice().expect("contiguous");
        let regrets = self.regrets.as_slice_mut().expect("contiguous");
        let strategy_sum = self.strategy_sum.as_slice_mut().expect("contiguous");
        match (&self.walk, self.passes) {
            (Some(walk), Passes::PrunedWalk) => {
                self.visited[player as usize] = walk.update_regrets(&mut Update {
                    probs: current,
                    regrets,
                    player,
                    regret_weight,
                });
                scratch.own_reach.resize(self.tree.slots, 0.0);
                walk.update_average(
                    &self.tree,
                    player,
                    current,
                    strategy_weight,
                    &mut scratch.own_reach,
                    strategy_sum,
                );
            }
            _ => {
                let nodes = self.tree.nodes();
                scratch.reach_self.resize(nodes, 0.0);
                scratch.reach_other.resize(nodes, 0.0);
                scratch.value.resize(nodes, 0.0);
                let tree = &self.tree;
                self.visited[player as usize] = nodes;
                forward(
                    tree,
                    current,
                    player,
                    &mut scratch.reach_self,
                    &mut scratch.reach_other,
                );
                backward(tree, current, &mut scratch.value);
                accumulate(
                    tree,
                    current,
                    player,
                    &scratch.reach_self,
                    &scratch.reach_other,
                    &scratch.value,
                    regret_weight,
                    strategy_weight,
                    regrets,
                    strategy_sum,
                );
            }
        }
        // At a set that is its own mirror image (a symmetric game tied up to its symmetry)
        // one orientation's regrets were added for both: the mean of an action's and its
        // image's is the tied set's regret, the same for both, so the strategy stays symmetric.
        let regrets = self.regrets.as_slice_mut().expect("contiguous");
        for &(a, b) in &self.tree.mirror_pairs[player as usize] {
            let mean = (regrets[a as usize] + regrets[b as usize]) * 0.5;
            regrets[a as usize] = mean;
            regrets[b as usize] = mean;
        }
        if predictive {
            // The instantaneous regrets become the next prediction.
            let tr = &self.tree;
            let regrets = self.regrets.as_slice().expect("contiguous");
            let pred = self.prediction.as_slice_mut().expect("contiguous");
            for x in 0..tr.keys.len() {
                if tr.owner[x] != player {
                    continue;
                }
                let (o, n) = (tr.offset[x] as usize, tr.actions[x] as usize);
                for i in o..o + n {
                    pred[i] = regrets[i] - scratch.before[i];
                }
            }
        }
        if matches!(self.algorithm, Algorithm::CfrPlus | Algorithm::PcfrPlus) {
            self.floor_regrets(player);
        }
        // Only `player`'s regrets changed.
        self.update_current(Some(player));
    }

    /// Per-slot probabilities of `profile` (uniform where it has no entry).
    fn slot_probabilities(&self, profile: &Profile<K>) -> Vec<f64> {
        let t = &self.tree;
        let mut probs = vec![0.0; t.slots];
        for x in 0..t.keys.len() {
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            if let Some(p) = profile.get(&t.keys[x]).filter(|p| p.len() == n) {
                probs[o..o + n].copy_from_slice(p);
            } else {
                probs[o..o + n].iter_mut().for_each(|v| *v = 1.0 / n as f64);
            }
        }
        probs
    }

    /// The first player's expected payoff when both play `profile` (walk over the DAG).
    pub fn expected_value(&self, profile: &Profile<K>) -> f64 {
        let probs = self.slot_probabilities(profile);
        let mut value = vec![0.0; self.tree.nodes()];
        backward(&self.tree, &probs, &mut value);
        value[0]
    }

    fn for_player_slots(&mut self, player: u8, mut f: impl FnMut(&mut f64, &mut f64)) {
        let t = &self.tree;
        let regrets = self.regrets.as_slice_mut().expect("contiguous");
        let sums = self.strategy_sum.as_slice_mut().expect("contiguous");
        for x in 0..t.keys.len() {
            if t.owner[x] != player {
                continue;
            }
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            for i in o..o + n {
                f(&mut regrets[i], &mut sums[i]);
            }
        }
    }

    fn floor_regrets(&mut self, player: u8) {
        self.for_player_slots(player, |r, _| *r = r.max(0.0));
    }

    fn discount(&mut self, player: u8, t: u64) {
        if let Algorithm::Dcfr { alpha, beta, gamma } = self.algorithm {
            if t < 2 {
                return;
            }
            let p = (t - 1) as f64;
            let pos = p.powf(alpha) / (p.powf(alpha) + 1.0);
            let neg = p.powf(beta) / (p.powf(beta) + 1.0);
            let strat = (p / t as f64).powf(gamma);
            self.for_player_slots(player, |r, s| {
                *r *= if *r > 0.0 { pos } else { neg };
                *s *= strat;
            });
        }
    }

    /// The average strategy (uniform where nothing was accumulated).
    pub fn average_strategy(&self) -> Profile<K> {
        let t = &self.tree;
        let sums = self.strategy_sum.as_slice().expect("contiguous");
        Profile::from_entries((0..t.keys.len()).map(|x| {
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            let s = &sums[o..o + n];
            let total: f64 = s.iter().sum();
            let probs = if total > 0.0 {
                s.iter().map(|v| v / total).collect()
            } else {
                vec![1.0 / n as f64; n]
            };
            (t.keys[x], t.owner[x], probs)
        }))
    }

    /// The current (regret-matching) strategy.
    pub fn current_strategy(&self) -> Profile<K> {
        let t = &self.tree;
        let cur = self.current.as_slice().expect("contiguous");
        Profile::from_entries((0..t.keys.len()).map(|x| {
            let (o, n) = (t.offset[x] as usize, t.actions[x] as usize);
            (t.keys[x], t.owner[x], cur[o..o + n].to_vec())
        }))
    }

    /// Save the resumable state.
    pub fn checkpoint(&self) -> Checkpoint<K> {
        Checkpoint {
            algorithm: self.algorithm,
            iterations: self.iterations,
            keys: self.tree.keys.clone(),
            regrets: self.regrets.to_vec(),
            strategy_sum: self.strategy_sum.to_vec(),
            prediction: self.prediction.to_vec(),
        }
    }

    /// Restore a checkpoint taken from a solver of the same game and algorithm.
    pub fn restore(&mut self, c: Checkpoint<K>) -> Result<(), CfrError> {
        if c.algorithm != self.algorithm {
            return Err(CfrError::CheckpointMismatch(format!(
                "algorithm {} in the checkpoint, {} asked for",
                c.algorithm.describe(),
                self.algorithm.describe()
            )));
        }
        if c.keys != self.tree.keys
            || c.regrets.len() != self.tree.slots
            || c.strategy_sum.len() != self.tree.slots
        {
            return Err(CfrError::CheckpointMismatch(
                "information sets differ from this game's".into(),
            ));
        }
        // Predictive CFR+ reads one prediction per slot; the other algorithms keep none.
        let prediction_len = if self.algorithm == Algorithm::PcfrPlus {
            self.tree.slots
        } else {
            0
        };
        if c.prediction.len() != prediction_len {
            return Err(CfrError::CheckpointMismatch(format!(
                "{} prediction values in the checkpoint, {prediction_len} expected",
                c.prediction.len()
            )));
        }
        if c.regrets
            .iter()
            .chain(&c.strategy_sum)
            .chain(&c.prediction)
            .any(|v| !v.is_finite())
        {
            return Err(CfrError::CheckpointMismatch("non-finite values".into()));
        }
        self.iterations = c.iterations;
        self.regrets = Array1::from(c.regrets);
        self.strategy_sum = Array1::from(c.strategy_sum);
        self.prediction = Array1::from(c.prediction);
        self.update_current(None);
        Ok(())
    }
}
