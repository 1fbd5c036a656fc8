//! Toy games implementing `Game + Evaluate + Notation`, for the tests, the documentation and
//! the command-line front end's own tests (as OpenSpiel and postflop-solver keep Kuhn and Leduc
//! next to their algorithms). None of them is a rules engine of the toolkit.
//!
//! - [`TicTacToe`]: wins are the "mates" (mate-distance tests); a move completing a line counts
//!   as a capture and a side facing an open two-in-a-row is "in check", so quiescence and the
//!   check extension have something to do.
//! - [`Pig`]: the dice game (roll or hold; a 1 loses the turn total) — chance nodes, a player who
//!   moves again after a chance node or loses the turn, and positions that repeat at different
//!   plies.
//! - [`TreeGame`]: a synthetic game whose moves, captures, checks, evaluations, early ends and
//!   chance nodes all come from a hash of the position, with many transpositions: thousands of
//!   different random trees for the equality tests against plain minimax and expectimax.

mod pig;
mod tictactoe;
mod tree;

pub use pig::{Pig, PigMove};
pub use tictactoe::TicTacToe;
pub use tree::TreeGame;

pub use crate::rng::{mix64, SplitMix64};
