//! Bounded-depth search: alpha-beta (PVS) and expectimax with Star1/Star2.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
