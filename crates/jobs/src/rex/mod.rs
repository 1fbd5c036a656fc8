//! Rex jobs: the parity table, the Solrex suite, the bench, the first-move map (resumable,
//! shardable), the solved-position database on disk that map runs share, and the swap-rule
//! table.

pub mod bench;
pub mod map;
mod map_report;
pub mod proofs;
pub mod solve;
pub mod suite;
pub mod swap;
pub mod table;

pub use map::{run_map, MapConfig, MapError, MapSummary, OpeningStatus, UnitResult};
