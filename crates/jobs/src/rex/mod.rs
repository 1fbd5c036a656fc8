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

/// The winning moves of the player to move in `pos`, by name, sorted (the form of the Solrex
/// suite files).
pub(crate) fn winning_names(
    solver: &exact::Solver<rex::RexPosition<u64>>,
    pos: &rex::RexPosition<u64>,
) -> Vec<String> {
    let mut found: Vec<String> = solver
        .move_values(pos)
        .iter()
        .filter(|v| v.wins)
        .map(|v| pos.move_name(v.mv))
        .collect();
    found.sort();
    found
}
