//! Rex jobs: the first-move map (resumable, shardable), and the solved-position database on
//! disk that map runs share.

pub mod map;
mod map_report;
pub mod proofs;

pub use map::{run_map, MapConfig, MapError, MapSummary, OpeningStatus, UnitResult};
