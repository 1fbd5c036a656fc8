//! The small-board table: CFR on every board of at most 9 cells (both variants), each
//! bracketed by exact best responses → `values.md` and `values.csv`, one run directory per
//! board under `boards/`. A killed table continues where it was: the finished boards from its
//! journal ([`super::table_journal`]), the board in progress from its CFR checkpoint (written
//! every `checkpoint_secs`, the first after about 5 s), so a kill loses at most about that.
//!
//! Shards: the work items are the boards × variants in the table's order ([`every_board`]);
//! shard I/N ([`crate::shard`]) runs those whose index is I modulo N, writes their folders
//! under `boards/` and its part file `values-IofN.csv` (no `values.md`), and `gsolve merge`
//! writes the table of the shards ([`super::table_merge`]). Only a table with a fixed number
//! of iterations per board can be sharded: with a wall-clock stop the iteration at which a
//! board stops depends on the machine, so shards could not add up to one run's table.

use super::cfr::{self, CfrConfig, RepresentationChoice};
use super::table_journal::Journal;
use super::{known_value, toolkit_version, write_atomic, JobError, JobResult, Output, Stop};
use crate::shard::Shard;
use crate::Progress;
use ::cfr::Algorithm as CfrAlgorithm;
use darkhex::strategy::CheckpointFile;
use darkhex::{Rules, Variant};
use std::path::{Path, PathBuf};

/// The table's runs.
#[derive(Debug, Clone, PartialEq)]
pub struct TableConfig {
    /// Output directory (`values.md`, `values.csv`, `boards/`).
    pub out: PathBuf,
    /// Wall-clock seconds per board and variant.
    pub time: f64,
    /// Target gap per board.
    pub gap: f64,
    /// The CFR variant.
    pub algorithm: CfrAlgorithm,
    /// Also 4×3 and 3×4 (view abstraction) with this many seconds each (0: skip).
    pub large_time: f64,
    /// Seconds between checkpoints of each board's CFR run (`boards/*/checkpoint.bin`; a
    /// first one is written after about 5 s of solving).
    pub checkpoint_secs: f64,
    /// Boards of at most this many cells (1–9; the table's is 9).
    pub max_cells: usize,
    /// Stop every board after exactly this many iterations instead of at `time` or `gap` (a
    /// table that does not depend on the machine's speed).
    pub iterations: Option<u64>,
    /// The command line recorded in the files.
    pub command: String,
    /// This run's shard of the boards ([`Shard::WHOLE`]: the whole table). A shard of N > 1
    /// needs `iterations`.
    pub shard: Shard,
}

/// One row of the table.
#[derive(Debug, Clone)]
pub struct TableRow {
    /// The board.
    pub rules: Rules,
    /// The CFR run.
    pub report: cfr::CfrReport,
    /// The known value and how it is known, if any.
    pub known: Option<(f64, &'static str)>,
    /// Whether the bracket holds the known value.
    pub contains_known: Option<bool>,
}

/// The finished table (a shard's boards, for a shard).
#[derive(Debug, Clone)]
pub struct Table {
    /// The rows, board by board, classical first.
    pub rows: Vec<TableRow>,
    /// The text of `values.md` (empty for a shard, which writes none).
    pub markdown: String,
    /// Boards solved by this run (the others were finished by an earlier one).
    pub solved_now: usize,
    /// A shard's part file.
    pub part: Option<PathBuf>,
}

/// The boards of the table, in order: every r×c of at most `max_cells` cells, then 4×3 and
/// 3×4 when `large_time` is positive.
pub fn boards(config: &TableConfig) -> Vec<(usize, usize)> {
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for r in 1..=9 {
        for c in 1..=9 {
            if r * c <= config.max_cells {
                boards.push((r, c));
            }
        }
    }
    if config.large_time > 0.0 {
        boards.push((4, 3));
        boards.push((3, 4));
    }
    boards
}

/// Every board × variant of the table, in its order (the shards' item order).
pub fn every_board(config: &TableConfig) -> Vec<Rules> {
    boards(config)
        .into_iter()
        .flat_map(|(rows, cols)| {
            [Variant::Classical, Variant::Abrupt].map(|variant| Rules {
                rows,
                cols,
                variant,
                announce_touch: false,
            })
        })
        .collect()
}

/// The folder of one board's run.
pub(crate) fn board_dir(out: &Path, rules: &Rules) -> PathBuf {
    let (v, r, c) = (rules.variant, rules.rows, rules.cols);
    out.join("boards").join(format!("{v}-{r}x{c}"))
}

/// Refuse a shard of a table that stops on the clock.
pub fn check_config(config: &TableConfig) -> JobResult<()> {
    if config.shard.count > 1 && config.iterations.is_none() {
        return Err(JobError::input(format!(
            "--shard {}: needs --iterations N: with the default stop (--time per board, --gap) the iteration at which a board stops depends on the machine's speed, so the shards could not merge into the table one run writes",
            config.shard
        )));
    }
    Ok(())
}

/// Run the table (see the module documentation). Resumable: a table in progress keeps its
/// finished boards in `resume/darkhex-table.csv` (a shard: in its part file) and each board's
/// CFR checkpoint in its folder; a run that finds the journal continues it (finished boards
/// are taken from it, the board in progress resumes from its checkpoint with what is left of
/// its `--time`), a run that does not starts every board afresh. A finished shard run again
/// solves nothing and writes nothing.
pub fn run(config: &TableConfig, progress: &dyn Progress) -> JobResult<Table> {
    check_config(config)?;
    let mine: Vec<Rules> = every_board(config)
        .into_iter()
        .enumerate()
        .filter(|&(i, _)| config.shard.owns(i))
        .map(|(_, r)| r)
        .collect();
    let mut journal = Journal::open(config)?;
    if !journal.resumed {
        // A fresh table: no checkpoint of an earlier table may be taken for this one's (a
        // shard leaves the other shards' boards alone).
        for rules in &mine {
            let _ = std::fs::remove_file(board_dir(&config.out, rules).join("checkpoint.bin"));
        }
        journal.save()?;
    }
    let mut rows = Vec::new();
    let mut solved_now = 0;
    for rules in mine {
        let dir = board_dir(&config.out, &rules);
        let (r, c, v) = (rules.rows, rules.cols, rules.variant);
        let (report, origin) = match journal.finished(&rules, &dir) {
            Some(report) => (report, " (finished by an earlier run)".to_string()),
            None => {
                let (run, origin) = board_run(config, rules, dir)?;
                if !origin.is_empty() {
                    progress.message(&format!("{v} {r}x{c}:{origin}"));
                }
                let report = cfr::run(&run, &crate::NoProgress)?;
                journal.push(&report)?;
                solved_now += 1;
                (report, String::new())
            }
        };
        let row = table_row(report);
        let (b, report) = (row.report.bracket.expect("measured"), &row.report);
        progress.message(&format!(
            "{v} {r}x{c}: [{:.9}, {:.9}] gap {:.2e} ({} iterations, {:.1} s, {}){origin}",
            b.lower,
            b.upper,
            b.gap,
            report.iterations,
            report.seconds,
            report.representation.name()
        ));
        rows.push(row);
    }
    if config.shard.count > 1 {
        let name = format!("values{}.csv", config.shard.file_suffix());
        crate::output::remove_stale_temporaries(&config.out, &name);
        return Ok(Table {
            rows,
            markdown: String::new(),
            solved_now,
            part: Some(journal.path().to_path_buf()),
        });
    }
    let markdown = write_values(config, &rows)?;
    journal.remove();
    Ok(Table {
        rows,
        markdown,
        solved_now,
        part: None,
    })
}

/// A board's row: its report and the known value, if any, checked against its bracket.
pub(crate) fn table_row(report: cfr::CfrReport) -> TableRow {
    let rules = report.rules;
    let b = report.bracket.expect("the CFR job measures at the end");
    let known = known_value(rules.rows, rules.cols, rules.variant);
    // ≈0.909 is known to three decimals only.
    let contains_known = known.map(|(x, _)| {
        let slack = if x == 0.909 { 0.00025 } else { 0.0 };
        b.lower - 1e-9 <= x + slack && x - slack <= b.upper + 1e-9
    });
    TableRow {
        rules,
        report,
        known,
        contains_known,
    }
}

/// Write `values.md` and `values.csv` of `rows` into `config.out`: the Markdown's text.
pub(crate) fn write_values(config: &TableConfig, rows: &[TableRow]) -> JobResult<String> {
    let markdown = markdown(config, rows);
    write_atomic(&config.out.join("values.md"), markdown.as_bytes())?;
    write_atomic(&config.out.join("values.csv"), csv(config, rows).as_bytes())?;
    // Temporaries of runs killed while writing the table.
    crate::output::remove_stale_temporaries(&config.out, "values.");
    Ok(markdown)
}

/// The CFR run of one board, resuming its checkpoint if one is there (a fresh table removed
/// every board's, so one there is this table's): the config and, when resuming, what the
/// progress should say.
fn board_run(config: &TableConfig, rules: Rules, dir: PathBuf) -> JobResult<(CfrConfig, String)> {
    let checkpoint = dir.join("checkpoint.bin");
    let time = if rules.rows * rules.cols > 9 {
        config.large_time
    } else {
        config.time
    };
    let (resume, seconds_before, origin) = if checkpoint.exists() {
        let bytes = std::fs::read(&checkpoint)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", checkpoint.display())))?;
        let c = CheckpointFile::from_bytes(&bytes)
            .map_err(|e| JobError::input(format!("{}: {e}", checkpoint.display())))?;
        let origin = format!(
            " resumed at iteration {} ({:.1} s) from {}",
            c.header.iterations,
            c.seconds,
            checkpoint.display()
        );
        (true, c.seconds, origin)
    } else {
        (false, 0.0, String::new())
    };
    let stop = match config.iterations {
        Some(n) => Stop {
            iterations: Some(n),
            time: None,
            gap: None,
        },
        // The board's time counts its earlier runs' (a resumed board gets what is left).
        None => Stop {
            iterations: None,
            time: Some((time - seconds_before).max(0.0)),
            gap: Some(config.gap),
        },
    };
    let run = CfrConfig {
        rules,
        algorithm: config.algorithm,
        representation: RepresentationChoice::Auto,
        symmetric: false,
        seed: 0,
        stop,
        eval_secs: 0.0,
        prune: 0.0,
        purify: 0.0,
        no_eval: false,
        max_nodes: 60_000_000,
        output: Output {
            dir: Some(dir),
            resume,
            checkpoint_secs: config.checkpoint_secs,
            command: config.command.clone(),
        },
    };
    Ok((run, origin))
}

fn markdown(config: &TableConfig, rows: &[TableRow]) -> String {
    let stop = match config.iterations {
        Some(n) => format!("stop after {n} iterations"),
        None => format!(
            "stop at gap ≤ {:e} or {} s of wall time (earlier runs of a resumed board included)",
            config.gap, config.time
        ),
    };
    let mut md = format!(
        "# Dark Hex values on small boards\n\nBlack's winning probability under optimal play, bracketed by CFR strategies and their exact perfect-recall best responses (`lower` = what Black's strategy guarantees, `upper` = what White's concedes). Board r×c = r rows × c columns, Black first, top–bottom; no announcement of touches.\n\n- command: `{}`\n- toolkit: {}\n- per board: {}, {stop}; representation `history` (perfect recall) on ≤ 6 cells, `view` (own + known stones, imperfect recall) above\n\n| board | variant | lower | upper | gap | representation | information sets | iterations | seconds | known value |\n|---|---|---|---|---|---|---|---|---|---|\n",
        config.command, toolkit_version(), config.algorithm.describe()
    );
    for t in rows {
        let (r, b) = (&t.report, t.report.bracket.expect("measured"));
        let known = t.known.map_or("—".to_string(), |(_, s)| {
            let mark = if t.contains_known == Some(true) {
                " ✓ inside"
            } else {
                " ✗ OUTSIDE"
            };
            format!("{s}{mark}")
        });
        md.push_str(&format!(
            "| {}×{} | {} | {:.9} | {:.9} | {:.2e} | {} | {} | {} | {:.1} | {known} |\n",
            t.rules.rows,
            t.rules.cols,
            t.rules.variant,
            b.lower,
            b.upper,
            b.gap,
            r.representation.name(),
            r.infosets,
            r.iterations,
            r.seconds,
        ));
    }
    md
}

fn csv(config: &TableConfig, rows: &[TableRow]) -> String {
    let mut csv = format!(
        "# gsolve darkhex table; toolkit {}; command: {}\nrows,cols,variant,lower,upper,gap,representation,iterations,seconds\n",
        toolkit_version(),
        config.command
    );
    for t in rows {
        let (r, b) = (&t.report, t.report.bracket.expect("measured"));
        csv.push_str(&format!(
            "{},{},{},{:.12},{:.12},{:.6e},{},{},{:.3}\n",
            t.rules.rows,
            t.rules.cols,
            t.rules.variant.name(),
            b.lower,
            b.upper,
            b.gap,
            r.representation.name(),
            r.iterations,
            r.seconds
        ));
    }
    csv
}
