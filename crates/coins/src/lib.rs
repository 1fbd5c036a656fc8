//! The coin-weighing puzzle: exhaustive search over weighing strategies.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
