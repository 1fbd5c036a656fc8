//! Counterfactual regret minimisation (CFR, CFR+, linear CFR, DCFR) and exact best response,
//! generic over [`game::extensive::ExtensiveGame`].
//!
//! # Representation
//! [`Tree`] expands the game once into a flat arena (children of a node are contiguous, node
//! indices are `u32`), so an iteration is a walk over arrays with no hashing and no allocation.
//! Information sets are numbered through a `hashbrown` map from the game's key; each owns a
//! contiguous slice of the `ndarray` vectors of cumulative regrets, cumulative strategy and
//! current strategy (`f64`).
//!
//! # Algorithms ([`Algorithm`])
//! All variants use alternating updates (player 0's pass, then player 1's, on every iteration
//! `t = 1, 2, …`) and regret matching.
//! - `Vanilla`: plain regret sums, uniform averaging.
//! - `CfrPlus`: regrets floored at zero after each update (regret matching⁺), average strategy
//!   weighted by `t`.
//! - `Linear`: regrets and average-strategy contributions weighted by `t` (DCFR(1, 1, 1)).
//! - `Dcfr { alpha, beta, gamma }`: before iteration `t` adds its regrets, positive cumulative
//!   regrets are multiplied by `(t−1)^α / ((t−1)^α + 1)`, negative ones by
//!   `(t−1)^β / ((t−1)^β + 1)`, and the cumulative strategy by `((t−1)/t)^γ` (Brown & Sandholm
//!   2019). Defaults α = 1.5, β = 0, γ = 2.
//! - `PcfrPlus`: predictive CFR⁺ — regret matching⁺ on cumulative regrets plus the last
//!   instantaneous regrets, average strategy weighted by `t²`.
//!
//! # Best response
//! [`best_response_value`] is exact for perfect-recall games: it walks the game with the
//! opponent's and chance's probabilities, groups the responder's decision nodes by information
//! set, and at each group takes the action maximising the summed value of the whole group.
//! [`bracket`] turns the two best responses into `lower` (what the first player's strategy
//! guarantees), `upper` (what the second player's strategy concedes at most) and `gap`.
//!
//! # Toy game
//! [`kuhn::Kuhn`] (Kuhn poker, value −1/18 for the first player) implements the same trait;
//! its value and the vanishing exploitability of every algorithm are tests.
#![warn(missing_docs)]

mod best_response;
pub mod kuhn;
mod level;
mod solver;
mod tree;
mod walk;

pub use best_response::{best_response_value, bracket, Bracket};
pub use solver::{Algorithm, CfrError, Checkpoint, Passes, Profile, Solver};
pub use tree::Tree;
