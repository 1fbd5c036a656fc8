//! Exact win/loss solver: parallel negamax alpha-beta with a bounded transposition table.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
