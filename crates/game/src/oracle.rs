//! Two-player zero-sum games seen as sets of pure policies with a best-response oracle: what
//! the double oracle (`solvers/double-oracle`) needs.
//!
//! A game implements [`PolicyOracle`]: a key identifying a pure policy (so that a policy is
//! added once), the payoff of a pair of policies (the first player's, in whatever entry type
//! the restricted-game solver takes: a 0/1 win for Dark Hex, a float for Kuhn poker), and a
//! best response of one player against the other's mixture over a restricted policy set. The
//! response also returns the bound on the first player's value that the opponent's mixture
//! *proves* (what it guarantees or concedes against every policy of the responder), with the
//! proof itself (Dark Hex: the rounded mixture, a certificate file; a toy game: the weights).
//! The bounds are of an ordered [`Bound`] type, so that an oracle with exact arithmetic keeps
//! exact bounds.

use crate::Player;
use core::fmt::Debug;
use core::hash::Hash;

/// A proven bound on the first player's value: exact (a fraction) or floating point.
pub trait Bound: Copy + Debug + Send + Sync {
    /// Whether `self` is strictly below `other`.
    fn less(&self, other: &Self) -> bool;
    /// The nearest `f64`.
    fn to_f64(&self) -> f64;
}

impl Bound for f64 {
    fn less(&self, other: &Self) -> bool {
        self < other
    }
    fn to_f64(&self) -> f64 {
        *self
    }
}

/// The restricted game as the oracle sees it when asked for one player's best response.
#[derive(Debug, Clone, Copy)]
pub struct Restricted<'a, P> {
    /// Iterations done before this one (random choices of an iteration may depend on it, so
    /// that runs and resumed runs are reproducible).
    pub iteration: u64,
    /// The opponent's policies (the mixture's owner) and their weights in the restricted
    /// equilibrium (non-negative, summing to 1).
    pub opponent: &'a [P],
    /// Weights of `opponent`.
    pub opponent_weights: &'a [f64],
    /// The responder's own policies and their restricted-equilibrium weights.
    pub own: &'a [P],
    /// Weights of `own`.
    pub own_weights: &'a [f64],
}

/// A best response with the bound the opponent's mixture proves.
#[derive(Debug, Clone)]
pub struct Response<P, V, C, S> {
    /// The responder's pure policy.
    pub policy: P,
    /// The first player's value bounded by the opponent's mixture: a lower bound when the
    /// opponent is the first player (what its mixture guarantees), an upper bound otherwise.
    pub bound: V,
    /// What proves `bound` (the mixture as the oracle represents it).
    pub proof: C,
    /// Oracle-specific statistics of this response.
    pub stats: S,
}

/// A [`Response`] of oracle `O`.
pub type ResponseOf<O> = Response<
    <O as PolicyOracle>::Policy,
    <O as PolicyOracle>::Value,
    <O as PolicyOracle>::Proof,
    <O as PolicyOracle>::Stats,
>;

/// A game as pure policies with a best-response oracle (see the module documentation).
pub trait PolicyOracle: Send + Sync {
    /// A pure (deterministic) policy of either player.
    type Policy: Clone + Send + Sync;
    /// Identifies a policy: two policies with the same key are the same strategy.
    type Key: Eq + Hash + Send;
    /// An entry of the payoff matrix (the first player's payoff).
    type Payoff: Copy + Send + Sync;
    /// A proven bound on the first player's value.
    type Value: Bound;
    /// What proves a bound.
    type Proof: Clone + Send;
    /// Statistics of one best response.
    type Stats: Copy + Default + Debug + Send;

    /// The key of `policy`.
    fn key(&self, policy: &Self::Policy) -> Self::Key;

    /// The first player's payoff when its policy `first` meets the second player's `second`.
    fn payoff(&self, first: &Self::Policy, second: &Self::Policy) -> Self::Payoff;

    /// A best response of `responder` against the opponent's mixture in `restricted`.
    fn best_response(
        &self,
        responder: Player,
        restricted: &Restricted<'_, Self::Policy>,
    ) -> ResponseOf<Self>;

    /// The images of `policy` under the game's symmetries, added to the policy set with it
    /// so that the set (hence the restricted game) stays closed under them. The default: none.
    fn images(&self, policy: &Self::Policy) -> Vec<Self::Policy> {
        let _ = policy;
        Vec::new()
    }

    /// An extra proven bound from `owner`'s restricted mixture (`policies`, `weights`), asked
    /// once per iteration and player after the best responses, with the current gap between
    /// the best bounds (an exact oracle can certify the weights read as simple fractions near
    /// the end). `None` (the default): nothing more.
    fn extra_bound(
        &self,
        owner: Player,
        policies: &[Self::Policy],
        weights: &[f64],
        gap: f64,
    ) -> Option<(Self::Value, Self::Proof)> {
        let _ = (owner, policies, weights, gap);
        None
    }
}
