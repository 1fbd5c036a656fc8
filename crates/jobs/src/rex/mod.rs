//! Rex jobs: the parity table, the Solrex suite, the bench, the first-move map (resumable,
//! shardable), the solved-position database on disk that map runs share, and the swap-rule
//! table.

pub mod bench;
pub mod map;
pub mod map_check;
mod map_files;
pub mod map_merge;
mod map_report;
mod map_spent;
pub mod proofs;
pub mod proofs_lookup;
pub mod solve;
pub mod suite;
pub mod swap;
pub mod table;
pub mod table_merge;

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

/// Run `work` while a second thread reports the solver's node count and rate to `progress`
/// about four times a second (a solve has no known total: the count is its progress).
pub(crate) fn with_node_rate<G, R>(
    solver: &exact::Solver<G>,
    progress: &dyn crate::Progress,
    work: impl FnOnce() -> R,
) -> R
where
    G: game::ExactGame,
    exact::Solver<G>: Sync,
{
    with_ticker(
        |elapsed| {
            let nodes = solver.nodes();
            progress.advance(nodes, &node_rate_note(nodes, elapsed));
        },
        work,
    )
}

/// `N nodes, R M nodes/s` for `nodes` searched in `elapsed`.
pub(crate) fn node_rate_note(nodes: u64, elapsed: std::time::Duration) -> String {
    let rate = nodes as f64 / elapsed.as_secs_f64().max(1e-9);
    format!("{nodes} nodes, {:.2} M nodes/s", rate / 1e6)
}

/// Run `work` while a second thread calls `tick` with the time since the start about four
/// times a second.
pub(crate) fn with_ticker<R>(
    tick: impl Fn(std::time::Duration) + Send,
    work: impl FnOnce() -> R,
) -> R {
    // The ticker waits on a channel that closes when the work is done: no sleep to sit out.
    let (finished, wait) = std::sync::mpsc::channel::<()>();
    let start = std::time::Instant::now();
    std::thread::scope(|s| {
        s.spawn(move || {
            let period = std::time::Duration::from_millis(250);
            while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = wait.recv_timeout(period) {
                tick(start.elapsed());
            }
        });
        let r = work();
        drop(finished);
        r
    })
}
