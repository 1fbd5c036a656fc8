//! The small-board table: CFR on every board of at most 9 cells (both variants), each
//! bracketed by exact best responses → `values.md` and `values.csv`, one run directory per
//! board under `boards/`.

use super::cfr::{self, CfrConfig, RepresentationChoice};
use super::{known_value, toolkit_version, write_atomic, JobResult, Output, Stop};
use crate::Progress;
use ::cfr::Algorithm as CfrAlgorithm;
use darkhex::{Rules, Variant};
use std::path::PathBuf;

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
    /// The command line recorded in the files.
    pub command: String,
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

/// The finished table.
#[derive(Debug, Clone)]
pub struct Table {
    /// The rows, board by board, classical first.
    pub rows: Vec<TableRow>,
    /// The text of `values.md`.
    pub markdown: String,
}

/// Run the table (see the module documentation).
pub fn run(config: &TableConfig, progress: &dyn Progress) -> JobResult<Table> {
    let mut boards: Vec<(usize, usize)> = Vec::new();
    for r in 1..=9 {
        for c in 1..=9 {
            if r * c <= 9 {
                boards.push((r, c));
            }
        }
    }
    if config.large_time > 0.0 {
        boards.push((4, 3));
        boards.push((3, 4));
    }
    let mut rows = Vec::new();
    for &(r, c) in &boards {
        for v in [Variant::Classical, Variant::Abrupt] {
            let rules = Rules {
                rows: r,
                cols: c,
                variant: v,
                announce_touch: false,
            };
            let dir = config.out.join("boards").join(format!("{v}-{r}x{c}"));
            let _ = std::fs::remove_file(dir.join("checkpoint.bin"));
            let run = CfrConfig {
                rules,
                algorithm: config.algorithm,
                representation: RepresentationChoice::Auto,
                seed: 0,
                stop: Stop {
                    iterations: None,
                    time: Some(if r * c > 9 {
                        config.large_time
                    } else {
                        config.time
                    }),
                    gap: Some(config.gap),
                },
                eval_secs: 0.0,
                prune: 0.0,
                purify: 0.0,
                no_eval: false,
                max_nodes: 60_000_000,
                output: Output {
                    dir: Some(dir),
                    resume: false,
                    checkpoint_secs: config.checkpoint_secs,
                    command: config.command.clone(),
                },
            };
            let report = cfr::run(&run, &crate::NoProgress)?;
            let b = report.bracket.expect("the CFR job measures at the end");
            let known = known_value(r, c, v);
            // ≈0.909 is known to three decimals only.
            let contains_known = known.map(|(x, _)| {
                let slack = if x == 0.909 { 0.00025 } else { 0.0 };
                b.lower - 1e-9 <= x + slack && x - slack <= b.upper + 1e-9
            });
            progress.message(&format!(
                "{v} {r}x{c}: [{:.9}, {:.9}] gap {:.2e} ({} iterations, {:.1} s, {})",
                b.lower,
                b.upper,
                b.gap,
                report.iterations,
                report.seconds,
                report.representation.name()
            ));
            rows.push(TableRow {
                rules,
                report,
                known,
                contains_known,
            });
        }
    }
    let markdown = markdown(config, &rows);
    write_atomic(&config.out.join("values.md"), markdown.as_bytes())?;
    write_atomic(
        &config.out.join("values.csv"),
        csv(config, &rows).as_bytes(),
    )?;
    Ok(Table { rows, markdown })
}

fn markdown(config: &TableConfig, rows: &[TableRow]) -> String {
    let mut md = format!(
        "# Dark Hex values on small boards\n\nBlack's winning probability under optimal play, bracketed by CFR strategies and their exact perfect-recall best responses (`lower` = what Black's strategy guarantees, `upper` = what White's concedes). Board r×c = r rows × c columns, Black first, top–bottom; no announcement of touches.\n\n- command: `{}`\n- toolkit: {}\n- per board: {}, stop at gap ≤ {:e} or {} s of wall time; representation `history` (perfect recall) on ≤ 6 cells, `view` (own + known stones, imperfect recall) above\n\n| board | variant | lower | upper | gap | representation | information sets | iterations | seconds | known value |\n|---|---|---|---|---|---|---|---|---|---|\n",
        config.command, toolkit_version(), config.algorithm.describe(), config.gap, config.time
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
