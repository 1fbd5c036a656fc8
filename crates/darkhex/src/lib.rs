//! Dark Hex (Kriegspiel Hex): rules, private histories, views, certificates and the exact best
//! response against a certificate mixture.
//!
//! # Rules
//! Hex on a `rows × cols` rhombus (at most 16 cells), Black (player 0, [`Player::First`]) first,
//! joining top and bottom; White joining left and right; neighbours and cell indices
//! (`r·cols + c`) as in [`bitboard::hex`]. Each player sees only its own stones. A player picks
//! a cell that is not known to it as occupied (neither its own stone nor an enemy stone it has
//! found). If the cell is empty the stone is placed and the turn passes. If it holds a hidden
//! enemy stone nothing is placed and the stone becomes known to the mover; in
//! [`Variant::Classical`] the mover plays again, in [`Variant::Abrupt`] the turn passes. The
//! opponent learns nothing about the probe unless [`Rules::announce_touch`] is set, in which
//! case it learns that one of its stones was touched (not which). The game ends as soon as a
//! player's stones join its edges; there are no draws.
//!
//! # Representation
//! A [`State`] is `Copy`: the true board (two `u64` bit sets), each player's known enemy
//! stones, and each player's *private history* packed like the published certificates:
//! `(cell + 1) << 1 | success` for a probe, the newest event in the lowest bits
//! (`history = history << b | event`), with `b` = [`DarkHex::event_bits`] bits per event:
//! 5 on boards of at most 15 cells (the published packing, unchanged), 6 on 16-cell boards,
//! where cell 15's events (32, 33) need a sixth bit (with 5, it would be ORed into the
//! success flag of the probe before, merging two histories; see [`FIVE_BIT_CELLS`]). With
//! `announce_touch` the event `1` (cell field 0, flag 1) means "one of my stones was
//! touched". A history has at most one probe per cell, so it is kept in a `u128` (16 × 6 =
//! 96 bits on 16 cells). Announcements add up to one event per own stone; they are refused
//! on 16 cells, where such 6-bit histories could outgrow 128 bits.
//!
//! # Modules
//! - [`certificate`]: the `DARKHEX_MIXTURE` reader (strict) and writer, exact fractions, the
//!   exact best response against a mixture, in exact integer arithmetic, the extraction
//!   of the maximising deterministic policy, and the board's 180° rotation of policies and
//!   mixtures (the published format wants every mixture rotation invariant).
//! - [`count`]: exact counts of each player's information sets (private histories) and views,
//!   by a dynamic program over views (4×4 in about a minute; `gsolve darkhex count`).
//! - [`double_oracle`]: Dark Hex's side of the exact double oracle: [`double_oracle::DarkHexOracle`]
//!   implements [`game::oracle::PolicyOracle`] over deterministic perfect-recall policies
//!   (payoff by play-out, oracle = the exact best response, whose bounds are certificates);
//!   the loop is the generic one of `solvers/double-oracle`, run by the job in `crates/jobs`;
//!   by default symmetric (policy sets closed under the rotation, invariant proofs).
//! - [`extensive`]: the game as an [`game::extensive::ExtensiveGame`] with perfect-recall
//!   (history) or view-abstracted information sets.
//! - [`play`]: a game against a saved mixture (the engine draws one of its policies).
//! - [`response`]: exact perfect-recall best response against a behavioural strategy and the
//!   resulting bracket on Black's value.
//! - [`strategy`]: versioned bincode strategy and checkpoint files, and the text export.
//!
//! # Costs (measured; see `results/darkhex/README.md`)
//! Perfect-recall CFR walks one node per pair of private histories (3×2 classical 1.0e5,
//! 2×4 classical 3.9e7): affordable to about 7 cells. The view abstraction turns 4×3 classical
//! into a DAG of 2.2e7 live nodes (after removing positions whose outcome is determined) with
//! 184,119 information sets, but it forgets the order of one's own probes, which costs a gap of
//! ≈ 0.08 on 3×3 abrupt. The exact best response grows with the responder's own branching
//! (≈ 6e6 histories on 3×3 classical against a full-support strategy); purifying the strategy
//! (`StrategyFile::purify`) keeps it small enough for 4×3.
//!
//! The double oracle has no abstraction: its policies are perfect-recall strategies of the
//! real game and its bounds are exact fractions, proven like the published certificates. It
//! converges exactly (gap 0) on the boards of ≤ 6 cells (≤ 150 iterations, < 1 s); on larger
//! boards each iteration adds one pure policy per player, so it needs many iterations. With
//! the pruned best response, the owner's tree reused across responder histories and the
//! restricted LP kept between iterations, 200 random initial policies per player bring every
//! board of ≤ 9 cells to gap 1e-6 in under a minute (3×3 abrupt: 1,599 iterations, 42 s) except
//! n×1 abrupt with n ≥ 7 (the double oracle stalls there; CFR solves them), and a fresh run
//! solves 4×3 classical exactly (14279/67484) in under an hour; figures in
//! `results/darkhex/README.md`.
#![warn(missing_docs)]

pub mod certificate;
pub mod count;
pub mod double_oracle;
pub mod extensive;
pub mod play;
pub mod response;
mod rules;
pub mod strategy;

pub use rules::*;
