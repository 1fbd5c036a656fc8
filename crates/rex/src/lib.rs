//! Rex (reverse Hex): rules, legality, loser detection, swap rule, proven inferior cells.
//!
//! Placeholder: not written yet.
#![warn(missing_docs)]
