//! The Solrex suite job: solve every line of a Solrex regression file and compare the
//! winning-move sets exactly.

use crate::output::{JobError, JobResult};
use crate::Progress;
use exact::{Solver, SolverConfig};
use rex::RexPosition;
use std::path::Path;
use std::time::Instant;

/// The outcome of running a suite.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// Lines checked.
    pub checked: usize,
    /// Lines whose winning-move set differs: (line, expected, found).
    pub mismatches: Vec<(usize, Vec<String>, Vec<String>)>,
    /// Nodes visited.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
}

/// Solve the first `limit` lines (all when `None`) of the suite `file` on `rows × cols` (at
/// most 64 cells).
pub fn run_suite(
    file: &Path,
    rows: usize,
    cols: usize,
    limit: Option<usize>,
    config: &SolverConfig,
    progress: &dyn Progress,
) -> JobResult<SuiteReport> {
    if rows.saturating_mul(cols) > 64 {
        return Err(JobError::input(
            "suites are supported on boards of at most 64 cells",
        ));
    }
    if limit == Some(0) {
        return Err(JobError::input("--limit 0: expected at least 1 line"));
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", file.display())))?;
    let lines = rex::solrex::parse_suite(&text)
        .map_err(|e| JobError::input(format!("{}: {e}", file.display())))?;
    if lines.is_empty() {
        return Err(JobError::input(format!(
            "{}: no suite lines (expected `moves: winning moves` lines)",
            file.display()
        )));
    }
    let lines = &lines[..limit.unwrap_or(usize::MAX).min(lines.len())];
    let solver = Solver::<RexPosition<u64>>::new(config.clone()).map_err(JobError::input)?;
    let start = Instant::now();
    let mut mismatches = Vec::new();
    progress.start("rex suite", lines.len() as u64);
    for (i, l) in lines.iter().enumerate() {
        let mut pos = RexPosition::<u64>::new(rows, cols).map_err(JobError::input)?;
        pos.play_list(&l.moves.join(","))
            .map_err(|e| JobError::input(format!("{} line {}: {e}", file.display(), l.line)))?;
        let found = super::winning_names(&solver, &pos);
        if found != l.winning {
            mismatches.push((l.line, l.winning.clone(), found));
        }
        progress.advance(i as u64 + 1, &format!("line {}", l.line));
    }
    progress.finish();
    Ok(SuiteReport {
        checked: lines.len(),
        mismatches,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}
