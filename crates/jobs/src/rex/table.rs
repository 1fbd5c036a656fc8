//! The Rex parity table job: the winner and every winning opening of every board up to a cell
//! count, resumable (boards already in the CSV are skipped unless verifying), checked against
//! the stored table and the literature (`rules/rex.md`).

use super::proofs::{self, ProofsHeader};
use crate::output::{write_atomic, JobError, JobResult};
use crate::shard::{PartHeader, Shard};
use crate::Progress;
use bitboard::BitWord;
use exact::{ProofStore, Solver, SolverConfig};
use rex::report::{self, BoardRow, Check, ParityTable};
use rex::RexPosition;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions within this many plies of the empty board go to a board's solved-position
/// database (every finished opening among them).
const STORE_DEPTH: u32 = 8;
/// At most this many positions in it (about 17 bytes each on disk; the newest are kept).
const STORE_MAX: usize = 2_000_000;

/// Where a board in progress keeps its solved positions and how often they are saved.
#[derive(Debug, Clone)]
pub struct BoardResume {
    /// The table's output folder: the database is `resume/table-ROWSxCOLS.bin.gz` in it.
    pub out: PathBuf,
    /// Seconds between saves.
    pub every: Duration,
}

/// Solve the empty `rows × cols` board: the value of every opening. With `resume`, the solver
/// keeps the positions near the root it proves (finished openings included) in a database
/// saved periodically and loaded at the start (the mechanism of `rex map`, [`super::proofs`]),
/// so that a killed run starts again from what it had proven; the file is removed once the
/// board is solved. `progress` sees the node count and rate.
pub fn solve_board(
    rows: usize,
    cols: usize,
    config: &SolverConfig,
    resume: Option<&BoardResume>,
    progress: &dyn Progress,
) -> JobResult<BoardRow> {
    if rows.saturating_mul(cols) <= 64 {
        solve_board_on::<u64>(rows, cols, config, resume, progress)
    } else {
        solve_board_on::<u128>(rows, cols, config, resume, progress)
    }
}

fn solve_board_on<W: BitWord>(
    rows: usize,
    cols: usize,
    config: &SolverConfig,
    resume: Option<&BoardResume>,
    progress: &dyn Progress,
) -> JobResult<BoardRow> {
    let pos = RexPosition::<W>::new(rows, cols).map_err(JobError::input)?;
    let mut solver = Solver::<RexPosition<W>>::new(config.clone()).map_err(JobError::input)?;
    let start = Instant::now();
    let solve = |solver: &Solver<RexPosition<W>>| {
        super::with_node_rate(solver, progress, || solver.move_values(&pos))
    };
    let values = match resume {
        None => solve(&solver),
        Some(r) => {
            let cells = pos.hex().cells() as u32;
            let store = Arc::new(ProofStore::with_capacity_limit(
                cells.saturating_sub(STORE_DEPTH),
                STORE_MAX,
            ));
            let header = ProofsHeader {
                game: "rex".into(),
                board: format!("{rows}x{cols}"),
                key_fingerprint: super::map::fingerprint(&pos),
                producer: format!("gsolve {}", env!("CARGO_PKG_VERSION")),
                entries: 0,
            };
            let path = r
                .out
                .join("resume")
                .join(format!("table-{rows}x{cols}.bin.gz"));
            let input = |e: proofs::ProofsError| JobError::input(e.to_string());
            if path.exists() {
                let n = proofs::load(&path, &header, &store).map_err(input)?;
                progress.message(&format!(
                    "{rows}x{cols}: resumed with {n} proven positions from {}",
                    path.display()
                ));
            }
            solver.set_store(Some(store.clone()));
            let values = proofs::saving_every(&path, &header, &store, r.every, || solve(&solver))
                .map_err(|e| JobError::runtime(e.to_string()))?;
            // The board goes into the table next: its database is no longer needed.
            let _ = std::fs::remove_file(&path);
            values
        }
    };
    let winning: Vec<String> = values
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
    /// Seconds between saves of the solved-position database of the board in progress
    /// (`resume/table-ROWSxCOLS.bin.gz`); `None`: no database (a kill loses the board).
    pub checkpoint_secs: Option<f64>,
    /// This run's shard of the boards (board i of the table's board order belongs to shard
    /// i mod N). A shard of N > 1 writes only its part file `parity-IofN.csv` (no Markdown,
    /// no literature checks); `gsolve merge` makes the table from the parts.
    pub shard: Shard,
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
    /// The CSV written (a shard's part file for a shard of N > 1).
    pub csv: PathBuf,
    /// The Markdown written (none for a shard of N > 1).
    pub markdown: Option<PathBuf>,
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

/// The job name of the table's part files.
pub(crate) const PART_JOB: &str = "rex-table";

/// The part config of a table of every board of at most `max_cells` cells.
pub(crate) fn part_config(max_cells: usize) -> String {
    format!("max_cells={max_cells}")
}

/// A shard's table so far: its part file (an empty table when there is none), which must be
/// a part of this run (job, config, shard).
fn load_part(path: &Path, want: &PartHeader) -> JobResult<ParityTable> {
    if !path.exists() {
        return Ok(ParityTable::default());
    }
    let part = crate::shard::read_part(path)?.ok_or_else(|| {
        JobError::input(format!(
            "{}: not a part file (move it away to start afresh)",
            path.display()
        ))
    })?;
    let h = &part.header;
    if h.job != want.job || h.config != want.config || h.shard != want.shard {
        return Err(JobError::input(format!(
            "{}: a part of {} {} shard {}, but this run is {} {} shard {}",
            path.display(),
            h.job,
            h.config,
            h.shard,
            want.job,
            want.config,
            want.shard
        )));
    }
    part_table(&part)
}

/// The table in a part's body.
pub(crate) fn part_table(part: &crate::shard::Part) -> JobResult<ParityTable> {
    ParityTable::from_csv(&part.body.join("\n"))
        .map_err(|e| JobError::input(format!("{}: {e}", part.path.display())))
}

/// Run the table job; the table is saved after every board, and the board in progress keeps
/// its solved-position database (see [`solve_board`]), so a kill loses at most the proofs of
/// the last `checkpoint_secs`.
pub fn run_table(cfg: &TableConfig, progress: &dyn Progress) -> JobResult<TableReport> {
    if cfg.max_cells == 0 || cfg.max_cells > 121 {
        return Err(JobError::input(format!(
            "--max-cells {} must be between 1 and 121",
            cfg.max_cells
        )));
    }
    let sharded = cfg.shard.count > 1;
    let part = PartHeader::new(PART_JOB, &part_config(cfg.max_cells), cfg.shard);
    let (csv, markdown) = if sharded {
        let name = format!("parity{}.csv", cfg.shard.file_suffix());
        (cfg.out.join(name), None)
    } else {
        (cfg.out.join("parity.csv"), Some(cfg.out.join("parity.md")))
    };
    let mut table = if sharded {
        load_part(&csv, &part)?
    } else {
        load_table(&csv)?
    };
    let boards: Vec<(usize, usize)> = report::boards_up_to(cfg.max_cells)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| cfg.shard.owns(i))
        .map(|(_, b)| b)
        .collect();
    progress.start("rex table", boards.len() as u64);
    let mut solved_now = Vec::new();
    let mut mismatches = Vec::new();
    for (i, &(rows, cols)) in boards.iter().enumerate() {
        progress.advance(i as u64, &format!("{rows}x{cols}"));
        let existing = table.get(rows, cols).cloned();
        if existing.is_some() && !cfg.verify {
            continue;
        }
        let resume = cfg.checkpoint_secs.map(|secs| BoardResume {
            out: cfg.out.clone(),
            every: Duration::try_from_secs_f64(secs).unwrap_or(Duration::MAX),
        });
        let board = BoardProgress {
            inner: progress,
            done: i as u64,
            board: format!("{rows}x{cols}"),
        };
        let row = solve_board(rows, cols, &cfg.solver, resume.as_ref(), &board)?;
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
        if sharded {
            let text = format!("{}{}", part.text(), table.to_csv(&cfg.producer));
            write_atomic(&csv, text.as_bytes())?;
        } else {
            write_atomic(&csv, table.to_csv(&cfg.producer).as_bytes())?;
        }
        if let Some(md) = &markdown {
            write_atomic(md, table.to_markdown(&cfg.producer).as_bytes())?;
        }
    }
    progress.finish();
    // Every board of the run is done: no database is left to resume from (nor a temporary of
    // one that a kill during a save left behind). A shard leaves the other shards' alone.
    let resume = cfg.out.join("resume");
    for entry in std::fs::read_dir(&resume).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let mine = boards.iter().any(|(r, c)| {
            let board = format!("table-{r}x{c}.bin.gz");
            name == board || name.starts_with(&format!(".{board}."))
        });
        if (mine || !sharded) && (name.starts_with("table-") || name.starts_with(".table-")) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let _ = std::fs::remove_dir(&resume);
    if sharded {
        // A part has only some boards: the literature checks are the merged table's.
        return Ok(TableReport {
            table,
            boards,
            solved_now,
            mismatches,
            checks: Vec::new(),
            csv,
            markdown,
        });
    }
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

/// The table's bar while one board is solved: the board count stays, the note shows the
/// board and its node count and rate.
struct BoardProgress<'a> {
    inner: &'a dyn Progress,
    done: u64,
    board: String,
}

impl Progress for BoardProgress<'_> {
    fn advance(&self, _nodes: u64, note: &str) {
        self.inner
            .advance(self.done, &format!("{}: {note}", self.board));
    }

    fn message(&self, line: &str) {
        self.inner.message(line);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[derive(Default)]
    struct Record(Mutex<Vec<(u64, String)>>);

    impl Progress for Record {
        fn advance(&self, done: u64, note: &str) {
            self.0.lock().unwrap().push((done, note.to_string()));
        }
    }

    /// The node-rate ticks of a board keep the table's bar at the board count and name the
    /// board beside the nodes and the rate.
    #[test]
    fn a_board_in_progress_shows_its_nodes_on_the_board_count() {
        let inner = Record::default();
        let board = BoardProgress {
            inner: &inner,
            done: 41,
            board: "4x5".into(),
        };
        board.advance(123_456, "123456 nodes, 0.50 M nodes/s");
        assert_eq!(
            inner.0.lock().unwrap().as_slice(),
            [(41, "4x5: 123456 nodes, 0.50 M nodes/s".to_string())]
        );
    }

    /// A board solved with its database gives the values of one without, and leaves no
    /// database behind.
    #[test]
    fn a_board_with_its_database_has_the_same_values() {
        let out = std::env::temp_dir().join(format!("jobs-rex-table-{}", std::process::id()));
        let config = SolverConfig {
            tt_mb: 16,
            ..SolverConfig::default()
        };
        let resume = BoardResume {
            out: out.clone(),
            every: Duration::from_millis(1),
        };
        let with = solve_board(4, 4, &config, Some(&resume), &crate::NoProgress).unwrap();
        let without = solve_board(4, 4, &config, None, &crate::NoProgress).unwrap();
        assert_eq!(with.winning_openings, without.winning_openings);
        assert!(!out.join("resume/table-4x4.bin.gz").exists());
        let _ = std::fs::remove_dir_all(&out);
    }
}
