//! Hexecs: hexagonal chess with a die on the 97-cell board.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
