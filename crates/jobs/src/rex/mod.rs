//! Rex jobs: the first-move map (resumable, shardable), the solved-position database on disk
//! that map runs share, and the swap-rule table.

pub mod map;
mod map_report;
pub mod proofs;
pub mod swap;

pub use map::{run_map, MapConfig, MapError, MapSummary, OpeningStatus, UnitResult};
