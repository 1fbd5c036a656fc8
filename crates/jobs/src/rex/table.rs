//! The Rex parity table job: the winner and every winning opening of every board up to a cell
//! count, resumable (boards already in the CSV are skipped unless verifying), checked against
//! the stored table and the literature (`rules/rex.md`).

use crate::output::{write_atomic, JobError, JobResult};
use crate::Progress;
use bitboard::BitWord;
use exact::{Solver, SolverConfig};
use rex::report::{self, BoardRow, Check, ParityTable};
use rex::RexPosition;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Solve the empty `rows × cols` board: the value of every opening.
pub fn solve_board(rows: usize, cols: usize, config: &SolverConfig) -> JobResult<BoardRow> {
    if rows.saturating_mul(cols) <= 64 {
        solve_board_on::<u64>(rows, cols, config)
    } else {
        solve_board_on::<u128>(rows, cols, config)
    }
}

fn solve_board_on<W: BitWord>(
    rows: usize,
    cols: usize,
    config: &SolverConfig,
) -> JobResult<BoardRow> {
    let pos = RexPosition::<W>::new(rows, cols).map_err(JobError::input)?;
    let solver = Solver::<RexPosition<W>>::new(config.clone()).map_err(JobError::input)?;
    let start = Instant::now();
    let winning: Vec<String> = solver
        .move_values(&pos)
        .iter()
        .filter(|v| v.wins)
        .map(|v| pos.move_name(v.mv))
        .collect();
    Ok(BoardRow {
        rows,
        cols,
        first_player_wins: !winning.is_empty(),
        winning_openings: winning,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

/// Settings of the table job.
#[derive(Debug, Clone)]
pub struct TableConfig {
    /// Every board rows×cols with at most this many cells.
    pub max_cells: usize,
    /// Folder of parity.csv and parity.md.
    pub out: PathBuf,
    /// Solve boards already in the CSV again and check them against it.
    pub verify: bool,
    /// Solver settings.
    pub solver: SolverConfig,
    /// What produced the table (the command line), for the file headers.
    pub producer: String,
}

/// What the table job did.
#[derive(Debug, Clone)]
pub struct TableReport {
    /// The table (stored boards and those solved now).
    pub table: ParityTable,
    /// The boards asked for, in order.
    pub boards: Vec<(usize, usize)>,
    /// Boards solved by this run.
    pub solved_now: Vec<(usize, usize)>,
    /// Boards whose solved value differs from the stored one (with --verify).
    pub mismatches: Vec<String>,
    /// The literature checks on the table.
    pub checks: Vec<Check>,
    /// The CSV written.
    pub csv: PathBuf,
    /// The Markdown written.
    pub markdown: PathBuf,
}

/// Read a parity CSV (an empty table when the file does not exist).
pub fn load_table(path: &Path) -> JobResult<ParityTable> {
    match std::fs::read_to_string(path) {
        Ok(text) => ParityTable::from_csv(&text).map_err(|e| {
            JobError::input(format!(
                "{}: {e} (not overwritten; move it away to start afresh)",
                path.display()
            ))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ParityTable::default()),
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => Err(JobError::input(format!(
            "{}: not UTF-8 text, not a parity table (not overwritten; move it away to start afresh)",
            path.display()
        ))),
        Err(e) => Err(JobError::runtime(format!(
            "cannot read {}: {e}",
            path.display()
        ))),
    }
}

/// Run the table job; the table is saved after every board (a kill loses at most the board in
/// progress).
pub fn run_table(cfg: &TableConfig, progress: &dyn Progress) -> JobResult<TableReport> {
    if cfg.max_cells == 0 || cfg.max_cells > 121 {
        return Err(JobError::input(format!(
            "--max-cells {} must be between 1 and 121",
            cfg.max_cells
        )));
    }
    let csv = cfg.out.join("parity.csv");
    let markdown = cfg.out.join("parity.md");
    let mut table = load_table(&csv)?;
    let boards = report::boards_up_to(cfg.max_cells);
    progress.start("rex table", boards.len() as u64);
    let mut solved_now = Vec::new();
    let mut mismatches = Vec::new();
    for (i, &(rows, cols)) in boards.iter().enumerate() {
        progress.advance(i as u64, &format!("{rows}x{cols}"));
        let existing = table.get(rows, cols).cloned();
        if existing.is_some() && !cfg.verify {
            continue;
        }
        let row = solve_board(rows, cols, &cfg.solver)?;
        if let Some(old) = existing {
            if old.first_player_wins != row.first_player_wins
                || old.winning_openings != row.winning_openings
            {
                mismatches.push(format!(
                    "{rows}x{cols}: stored {:?}, solved {:?}",
                    old.winning_openings, row.winning_openings
                ));
                continue;
            }
        }
        solved_now.push((rows, cols));
        table.insert(row);
        write_atomic(&csv, table.to_csv(&cfg.producer).as_bytes())?;
        write_atomic(&markdown, table.to_markdown(&cfg.producer).as_bytes())?;
    }
    progress.finish();
    let checks = report::literature_checks(&table);
    Ok(TableReport {
        table,
        boards,
        solved_now,
        mismatches,
        checks,
        csv,
        markdown,
    })
}
