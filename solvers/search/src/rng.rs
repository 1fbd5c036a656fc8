//! The seeded generator of random openings and test positions; it lives in the `game` crate
//! (games use it too, e.g. Hexecs's position sampler) and is re-exported here.

pub use game::rng::{mix64, SplitMix64};
