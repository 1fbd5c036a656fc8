//! The double oracle (McMahan, Gordon & Blum 2003) over pure policies, generic over a
//! [`game::oracle::PolicyOracle`].
//!
//! # Algorithm
//! Keep a set of pure policies per player and the payoff matrix of every pair; each
//! [`DoubleOracle::step`]:
//! 1. solves the restricted matrix game (a [`RestrictedGameSolver`], started from the previous
//!    solution's supports and the policies added since) → a mixture per player;
//! 2. asks the oracle for each player's best response against the other's mixture; each
//!    response comes with the bound on the first player's value that the mixture *proves*
//!    (the first player's mixture: a lower bound; the second player's: an upper bound), and
//!    the best bounds seen so far are kept with their proofs;
//! 3. offers the oracle the chance of an extra bound from each mixture
//!    ([`PolicyOracle::extra_bound`]);
//! 4. adds both best responses if they are new (one payoff per new pair), each with its
//!    images under the game's symmetries ([`PolicyOracle::images`]), so that a symmetric
//!    oracle keeps both policy sets closed under them.
//!
//! When neither best response is new the restricted equilibrium is an equilibrium of the whole
//! game; on a finite game this happens after finitely many iterations. The bracket
//! `[best lower, best upper]` holds the value at every iteration, as exactly as the oracle's
//! bounds are (Dark Hex's are exact fractions).
//!
//! # Parameters and determinism
//! There are none beyond the oracle, the restricted solver and the initial policy sets. The
//! loop itself is deterministic; both best responses are computed in parallel (rayon), so an
//! oracle whose responses do not depend on the thread count gives the same path on any number
//! of threads. The caller owns stopping (iterations, time, gap) and checkpoints: see the
//! Dark Hex job in `crates/jobs`.
#![warn(missing_docs)]

use game::oracle::{Bound, PolicyOracle, ResponseOf, Restricted};
use game::Player;
use matrix_game::{MatrixSolution, RestrictedGameSolver};
use std::collections::HashSet;
use std::time::Instant;

/// What one iteration found.
#[derive(Clone, Debug)]
pub struct Step<V, S> {
    /// Iterations done after this one.
    pub iteration: u64,
    /// Value of the restricted game (floating point, from the LP).
    pub restricted_value: f64,
    /// What this iteration's first-player mixture guarantees.
    pub lower: V,
    /// What this iteration's second-player mixture concedes.
    pub upper: V,
    /// Best lower bound so far.
    pub best_lower: V,
    /// Best upper bound so far.
    pub best_upper: V,
    /// Whether the first / second player's best response was a new policy.
    pub added: [bool; 2],
    /// The oracle's statistics of the responses against the first / second player's mixture.
    pub stats: [S; 2],
    /// Seconds in the restricted solve, in the best responses, in adding the policies.
    pub seconds: [f64; 3],
    /// Simplex pivots of the restricted solve.
    pub pivots: usize,
}

impl<V: Bound, S> Step<V, S> {
    /// `best_upper − best_lower` as a float.
    pub fn gap(&self) -> f64 {
        self.best_upper.to_f64() - self.best_lower.to_f64()
    }
}

/// A step of oracle `O`.
pub type StepOf<O> = Step<<O as PolicyOracle>::Value, <O as PolicyOracle>::Stats>;

/// The double-oracle state: the oracle, both policy sets, the payoff matrix, the best bounds
/// with their proofs and the restricted-game solver (`L`).
pub struct DoubleOracle<O: PolicyOracle, L> {
    oracle: O,
    policies: [Vec<O::Policy>; 2],
    keys: [HashSet<O::Key>; 2],
    /// `payoff[i][j]`: the first player's payoff, its policy `i` against the second's `j`.
    payoff: Vec<Vec<O::Payoff>>,
    iterations: u64,
    best_lower: Option<(O::Value, O::Proof)>,
    best_upper: Option<(O::Value, O::Proof)>,
    /// Supports of the last restricted solution and the policy counts then (warm start).
    last_support: [Vec<usize>; 2],
    last_counts: [usize; 2],
    restricted: L,
}

/// Each player needs at least one policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EmptyPolicySet;

impl std::fmt::Display for EmptyPolicySet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("each player needs at least one policy")
    }
}

impl std::error::Error for EmptyPolicySet {}

impl<O, L> DoubleOracle<O, L>
where
    O: PolicyOracle,
    L: RestrictedGameSolver<O::Payoff> + Send,
{
    /// Start from the given policy sets (each non-empty; the second player's are added first,
    /// then the first player's, each only once).
    pub fn new(
        oracle: O,
        restricted: L,
        first: Vec<O::Policy>,
        second: Vec<O::Policy>,
    ) -> Result<Self, EmptyPolicySet> {
        Self::with_sets(oracle, restricted, [first, second], true)
    }

    /// Continue from policy sets saved by a run ([`DoubleOracle::policies`]), kept in their
    /// order and without adding images (a saved set already holds them where the run put
    /// them), so that the payoff matrix is the run's, entry for entry. Duplicates are dropped.
    pub fn resume(
        oracle: O,
        restricted: L,
        first: Vec<O::Policy>,
        second: Vec<O::Policy>,
    ) -> Result<Self, EmptyPolicySet> {
        Self::with_sets(oracle, restricted, [first, second], false)
    }

    fn with_sets(
        oracle: O,
        restricted: L,
        [first, second]: [Vec<O::Policy>; 2],
        images: bool,
    ) -> Result<Self, EmptyPolicySet> {
        if first.is_empty() || second.is_empty() {
            return Err(EmptyPolicySet);
        }
        let mut d = DoubleOracle {
            oracle,
            policies: [Vec::new(), Vec::new()],
            keys: Default::default(),
            payoff: Vec::new(),
            iterations: 0,
            best_lower: None,
            best_upper: None,
            last_support: Default::default(),
            last_counts: [0, 0],
            restricted,
        };
        for (player, set) in [(Player::Second, second), (Player::First, first)] {
            for p in set {
                if images {
                    d.add(player, p);
                } else {
                    d.add_one(player, p);
                }
            }
        }
        Ok(d)
    }

    /// Where the next restricted solve starts: the supports of the last solution and the
    /// policy counts then (for a checkpoint; see [`DoubleOracle::set_warm_start`]).
    pub fn warm_start_state(&self) -> (&[Vec<usize>; 2], [usize; 2]) {
        (&self.last_support, self.last_counts)
    }

    /// Set where the next restricted solve starts, as [`DoubleOracle::warm_start_state`] gave
    /// it (indices past the policy sets are ignored by the solve).
    pub fn set_warm_start(&mut self, support: [Vec<usize>; 2], counts: [usize; 2]) {
        self.last_support = support;
        self.last_counts = counts;
    }

    /// The restricted-game solver (for a checkpoint of its kept state).
    pub fn restricted(&self) -> &L {
        &self.restricted
    }

    /// The restricted-game solver, to restore its kept state.
    pub fn restricted_mut(&mut self) -> &mut L {
        &mut self.restricted
    }

    /// The oracle.
    pub fn oracle(&self) -> &O {
        &self.oracle
    }

    /// The policies of `player`.
    pub fn policies(&self, player: Player) -> &[O::Policy] {
        &self.policies[player.index()]
    }

    /// The restricted payoff matrix (first player's policies × second player's).
    pub fn payoff(&self) -> &[Vec<O::Payoff>] {
        &self.payoff
    }

    /// Iterations done.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Set the iteration count (when resuming).
    pub fn set_iterations(&mut self, n: u64) {
        self.iterations = n;
    }

    /// Replace the restricted-game solver (its kept state is lost).
    pub fn set_restricted_solver(&mut self, restricted: L) {
        self.restricted = restricted;
    }

    /// The best lower bound and the first player's proof.
    pub fn best_lower(&self) -> Option<&(O::Value, O::Proof)> {
        self.best_lower.as_ref()
    }

    /// The best upper bound and the second player's proof.
    pub fn best_upper(&self) -> Option<&(O::Value, O::Proof)> {
        self.best_upper.as_ref()
    }

    /// `best upper − best lower` as a float (infinite before the first iteration).
    pub fn gap(&self) -> f64 {
        match (&self.best_lower, &self.best_upper) {
            (Some(l), Some(u)) => u.0.to_f64() - l.0.to_f64(),
            _ => f64::INFINITY,
        }
    }

    /// Offer a proven bound: from the first player's mixture (`owner` first: a lower bound) or
    /// the second's (an upper bound). It is kept if it is better than the best so far.
    pub fn offer_bound(&mut self, owner: Player, v: O::Value, proof: O::Proof) {
        match owner {
            Player::First => {
                if self.best_lower.as_ref().is_none_or(|(b, _)| b.less(&v)) {
                    self.best_lower = Some((v, proof));
                }
            }
            Player::Second => {
                if self.best_upper.as_ref().is_none_or(|(b, _)| v.less(b)) {
                    self.best_upper = Some((v, proof));
                }
            }
        }
    }

    /// Add a policy for `player` and its images ([`PolicyOracle::images`]); false if the
    /// policy itself is already in the set.
    pub fn add(&mut self, player: Player, p: O::Policy) -> bool {
        let images = self.oracle.images(&p);
        let new = self.add_one(player, p);
        for q in images {
            self.add_one(player, q);
        }
        new
    }

    fn add_one(&mut self, player: Player, p: O::Policy) -> bool {
        if !self.keys[player.index()].insert(self.oracle.key(&p)) {
            return false;
        }
        match player {
            Player::First => {
                let row = self.policies[1]
                    .iter()
                    .map(|w| self.oracle.payoff(&p, w))
                    .collect();
                self.payoff.push(row);
            }
            Player::Second => {
                for (i, b) in self.policies[0].iter().enumerate() {
                    let r = self.oracle.payoff(b, &p);
                    self.payoff[i].push(r);
                }
            }
        }
        self.policies[player.index()].push(p);
        true
    }

    /// Start the next restricted solve from the policies of `player` that `keep` selects
    /// (after a resume: the supports of the best proofs instead of every policy; strategy
    /// generation adds what the solution needs). Nothing changes if none is selected.
    pub fn warm_start(&mut self, player: Player, keep: impl Fn(&O::Policy) -> bool) {
        let p = player.index();
        let support: Vec<usize> = (0..self.policies[p].len())
            .filter(|&i| keep(&self.policies[p][i]))
            .collect();
        if !support.is_empty() {
            self.last_support[p] = support;
            self.last_counts[p] = self.policies[p].len();
        }
    }

    /// Solve the restricted game, from the previous solution's supports plus the policies
    /// added since.
    pub fn solve_restricted(&mut self) -> MatrixSolution {
        let start = |p: usize| -> Vec<usize> {
            let mut v = self.last_support[p].clone();
            v.extend(self.last_counts[p]..self.policies[p].len());
            v
        };
        let (rows0, cols0) = (start(0), start(1));
        self.restricted.solve(&self.payoff, &rows0, &cols0)
    }

    /// One iteration (see the crate documentation). It runs on a rayon worker, so that the
    /// fine-grained parallel parts of the solver and the oracle fork cheaply.
    pub fn step(&mut self) -> StepOf<O> {
        if rayon::current_thread_index().is_none() && rayon::current_num_threads() > 1 {
            let mut out = None;
            rayon::scope(|_| out = Some(self.step_on_worker()));
            return out.expect("the scope ran");
        }
        self.step_on_worker()
    }

    fn step_on_worker(&mut self) -> StepOf<O> {
        let t = Instant::now();
        let lp = self.solve_restricted();
        let lp_secs = t.elapsed().as_secs_f64();
        self.last_support = [
            (0..lp.row.len()).filter(|&i| lp.row[i] > 0.0).collect(),
            (0..lp.col.len()).filter(|&j| lp.col[j] > 0.0).collect(),
        ];
        self.last_counts = [lp.row.len(), lp.col.len()];
        let t = Instant::now();
        let (vs_first, vs_second) = self.best_responses(&lp);
        let br_secs = t.elapsed().as_secs_f64();
        let (lower, upper) = (vs_first.bound, vs_second.bound);
        let stats = [vs_first.stats, vs_second.stats];
        self.offer_bound(Player::First, lower, vs_first.proof);
        self.offer_bound(Player::Second, upper, vs_second.proof);
        // The gap after this iteration's responses, before any extra bound.
        let gap = self.gap();
        for (owner, weights) in [(Player::First, &lp.row), (Player::Second, &lp.col)] {
            let set = &self.policies[owner.index()];
            if let Some((v, proof)) = self.oracle.extra_bound(owner, set, weights, gap) {
                self.offer_bound(owner, v, proof);
            }
        }
        let t = Instant::now();
        let added = [
            self.add(Player::First, vs_second.policy),
            self.add(Player::Second, vs_first.policy),
        ];
        let add_secs = t.elapsed().as_secs_f64();
        self.iterations += 1;
        Step {
            iteration: self.iterations,
            restricted_value: lp.value,
            lower,
            upper,
            best_lower: self.best_lower.as_ref().expect("set").0,
            best_upper: self.best_upper.as_ref().expect("set").0,
            added,
            stats,
            seconds: [lp_secs, br_secs, add_secs],
            pivots: lp.pivots,
        }
    }

    /// The second player's best response against the first player's mixture and the first
    /// player's against the second's, in parallel.
    fn best_responses(&self, lp: &MatrixSolution) -> (ResponseOf<O>, ResponseOf<O>) {
        let [first, second] = &self.policies;
        let against_first = Restricted {
            iteration: self.iterations,
            opponent: first,
            opponent_weights: &lp.row,
            own: second,
            own_weights: &lp.col,
        };
        let against_second = Restricted {
            iteration: self.iterations,
            opponent: second,
            opponent_weights: &lp.col,
            own: first,
            own_weights: &lp.row,
        };
        let oracle = &self.oracle;
        rayon::join(
            || oracle.best_response(Player::Second, &against_first),
            || oracle.best_response(Player::First, &against_second),
        )
    }
}
