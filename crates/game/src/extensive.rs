//! Imperfect-information games in extensive form, for CFR and exact best response.
//!
//! [`ExtensiveGame`] is a small OpenSpiel-like interface split into an immutable game
//! description (`&self`: rules, geometry) and a small `Clone` state. A node is a terminal, a
//! chance node, or a decision of one of the two players; at a decision the player to move sees
//! only its *information set*, named by [`ExtensiveGame::info_key`]. Two decision nodes with the
//! same key must belong to the same player and have the same legal actions in the same order
//! (solvers check this when they build their tables).
//!
//! Games are two-player zero-sum: [`ExtensiveGame::payoff`] is what the first player receives at
//! a terminal node; the second player receives its negation. A constant-sum game such as Dark
//! Hex (payoff 1 if Black wins, 0 otherwise) fits as well: regrets only use payoff differences,
//! and the reported values are then Black's winning probability directly.
//!
//! Whether the keys give *perfect recall* (each key determines the player's whole past, as
//! Dark Hex private histories do) or an abstraction with imperfect recall is up to the game;
//! [`ExtensiveGame::PERFECT_RECALL`] states it, because exact best response by grouping
//! nodes on keys is only exact under perfect recall.

use crate::{NodeKind, Player};
use core::fmt::Debug;
use core::hash::Hash;

/// A two-player zero-sum game with imperfect information and optional chance.
pub trait ExtensiveGame: Send + Sync {
    /// A game state (small; solvers clone it for children).
    type State: Clone + Send + Sync;
    /// An action (or a chance outcome).
    type Action: Copy + Eq + Hash + Debug + Send + Sync + 'static;
    /// The name of an information set of the player to move.
    type InfoKey: Copy + Eq + Hash + Ord + Debug + Send + Sync + 'static;

    /// True if the information-set keys determine the player's entire past (own actions and
    /// observations).
    const PERFECT_RECALL: bool;

    /// The initial state.
    fn root(&self) -> Self::State;

    /// Who acts at `s`.
    fn node_kind(&self, s: &Self::State) -> NodeKind;

    /// Append the legal actions at a decision node to `out` (cleared by the caller), in an order
    /// that depends only on the information set.
    fn legal_actions(&self, s: &Self::State, out: &mut Vec<Self::Action>);

    /// Append the outcomes of a chance node with their probabilities (summing to 1).
    fn chance_outcomes(&self, s: &Self::State, out: &mut Vec<(Self::Action, f64)>) {
        let _ = (s, out);
    }

    /// Apply an action (or chance outcome) in place.
    fn apply(&self, s: &mut Self::State, a: Self::Action);

    /// The information set of the player to move at a decision node.
    fn info_key(&self, s: &Self::State) -> Self::InfoKey;

    /// The first player's payoff at a terminal node (the second player gets the negation).
    fn payoff(&self, s: &Self::State) -> f64;

    /// A key naming the state up to transpositions, or `None` (the default) for no merging.
    /// Two states with equal keys must have the same future: the same node kind, the same
    /// information-set keys and legal-action order at every later node, and the same payoffs;
    /// they must also lie at the same depth (number of actions from the root), so that a
    /// solver can merge them level by level into a DAG.
    fn transposition_key(&self, s: &Self::State) -> Option<u128> {
        let _ = s;
        None
    }

    /// For a game whose information-set keys are taken up to a symmetry of the game (a set
    /// and its mirror image share one key): at a decision node whose information set is its
    /// own mirror image, write to `out` (cleared by the caller) the position of each legal
    /// action's mirror image in the action list, so that a solver can keep the strategy there
    /// symmetric, as it must be for one key to stand for both images. Leave `out` empty
    /// elsewhere (the default: no symmetry).
    fn mirrored_actions(&self, s: &Self::State, out: &mut Vec<u16>) {
        let _ = (s, out);
    }

    /// The payoff of `p` at a terminal node.
    #[inline]
    fn payoff_for(&self, s: &Self::State, p: Player) -> f64 {
        match p {
            Player::First => self.payoff(s),
            Player::Second => -self.payoff(s),
        }
    }
}

/// A behavioural strategy profile: the probability of each legal action at an information
/// set, in the order of [`ExtensiveGame::legal_actions`].
pub trait Behaviour<G: ExtensiveGame + ?Sized>: Sync {
    /// Write the probabilities of the `out.len()` legal actions at `key` into `out` and return
    /// true, or return false if the information set is not stored (callers then play
    /// uniformly).
    fn fill(&self, key: &G::InfoKey, out: &mut [f64]) -> bool;
}
