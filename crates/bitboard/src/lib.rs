//! Bitboards for gsolve.
//!
//! A board is a set of cells, one bit per cell, in a machine word: [`u64`] for boards of at most
//! 64 cells (the fast path: every Rex board up to 8×8 and every Dark Hex board) and [`u128`] for
//! up to 128 cells (11×11 Hex, the 97-cell Hexecs board, 10×10 Dola). The [`BitWord`] trait lets
//! geometry and rules code be written once for both widths and monomorphised for each.
//!
//! Modules:
//! - [`hex`]: rhombus Hex boards of any `rows × cols` up to 121 cells — neighbour and edge masks,
//!   flood fill and connection tests by shifts, 180° rotation, cell names (`a1`) and OpenSpiel
//!   indices (`r·cols + c`).
//! - [`hexecs`]: the 97-cell Hexecs board geometry.
//! - [`dola`]: the 10×10 Dola board geometry.
#![warn(missing_docs)]

pub mod dola;
pub mod hex;
pub mod hexecs;
pub mod keys;
mod word;

pub use word::{BitIter, BitWord};
