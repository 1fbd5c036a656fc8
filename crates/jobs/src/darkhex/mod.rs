//! Dark Hex jobs: CFR solving ([`cfr`]), the exact double oracle ([`double_oracle`]),
//! certificate checking and strategy evaluation ([`certify`]), the small-board table
//! ([`table`], resumable through [`table_journal`], its shards merged by [`table_merge`]), the
//! benchmark ([`bench`]) and one timed CFR run ([`cfr_timing`]).
//!
//! Each job is a function of a typed config and a [`Progress`] sink; it owns stopping
//! ([`Stop`]: iterations, wall time of the run, proven gap), checkpoints and resume, and writes
//! its self-describing result files (`summary.md`, `convergence.csv`, strategies or
//! certificates) atomically when the config names an output directory. The `gsolve` binary
//! maps its arguments to these configs, draws the progress and prints the returned reports.

pub mod bench;
pub mod certify;
pub mod cfr;
pub mod cfr_timing;
pub mod double_oracle;
pub mod table;
pub mod table_journal;
pub mod table_merge;

use crate::Progress;
use darkhex::{Rules, Variant};
use std::path::{Path, PathBuf};

pub use crate::output::{toolkit_version, write_atomic, JobError, JobResult};

/// When a solving job stops (whichever comes first; none given: see each job).
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Stop {
    /// Iterations in total (a resumed run counts the ones before).
    pub iterations: Option<u64>,
    /// Wall-clock seconds of this run (every phase counted).
    pub time: Option<f64>,
    /// The proven gap (upper − lower bound on Black's value) at which to stop.
    pub gap: Option<f64>,
}

/// Where a solving job writes and how it records itself.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Output {
    /// The output directory; `None` writes nothing (benchmarks, tests).
    pub dir: Option<PathBuf>,
    /// Continue from the checkpoint in `dir`.
    pub resume: bool,
    /// Seconds between checkpoints.
    pub checkpoint_secs: f64,
    /// The command line recorded in the files.
    pub command: String,
}

/// One convergence row: iteration, seconds since the first run began, lower, upper, gap.
pub type Row = (u64, f64, f64, f64, f64);

/// The bytes of the checkpoint a resumed run continues (an unreadable file is bad input).
fn read_for_resume(path: &Path) -> JobResult<Vec<u8>> {
    std::fs::read(path)
        .map_err(|e| JobError::input(format!("--resume: cannot read {}: {e}", path.display())))
}

/// Refuse to overwrite an existing checkpoint unless the run resumes it.
fn check_checkpoint(path: &Path, resume: bool) -> JobResult<()> {
    if path.exists() && !resume {
        return Err(JobError::input(format!(
            "{} exists: pass --resume to continue it, or choose another --out",
            path.display()
        )));
    }
    Ok(())
}

/// The `convergence.csv` of a run: `header` lines (each written as a `#` comment), then the
/// rows.
pub fn convergence_csv(header: &[String], rows: &[Row]) -> String {
    let mut csv = String::new();
    for h in header {
        csv.push_str(&format!("# {h}\n"));
    }
    csv.push_str("iteration,seconds,lower,upper,gap\n");
    for r in rows {
        csv.push_str(&format!(
            "{},{:.3},{:.12},{:.12},{:.6e}\n",
            r.0, r.1, r.2, r.3, r.4
        ));
    }
    csv
}

/// Known values (rules/darkhex.md): the value and how it is known.
pub fn known_value(rows: usize, cols: usize, v: Variant) -> Option<(f64, &'static str)> {
    match (rows, cols, v) {
        (4, 3, Variant::Classical) => Some((14279.0 / 67484.0, "14279/67484 (certificates)")),
        (3, 3, Variant::Abrupt) => Some((
            207579464761.0 / 299876201866.0,
            "207579464761/299876201866 (certificates)",
        )),
        (2, 2, Variant::Classical) => Some((1.0, "1 (OpenSpiel CFR+)")),
        (3, 2, Variant::Classical) => Some((0.0, "0 (OpenSpiel CFR+)")),
        (2, 3, Variant::Classical) => Some((1.0, "1 (OpenSpiel CFR+)")),
        (3, 2, Variant::Abrupt) => Some((7.0 / 16.0, "7/16 (OpenSpiel CFR+)")),
        (2, 3, Variant::Abrupt) => Some((0.909, "≈0.909 (OpenSpiel CFR+)")),
        _ => None,
    }
}

/// The two ways of solving Dark Hex.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// CFR on the history or view game, bracketed by exact best responses.
    Cfr,
    /// The exact double oracle over pure perfect-recall policies.
    DoubleOracle,
}

/// The method that reaches a small proven gap fastest on `rules`, by measurement
/// (`results/darkhex/README.md`, `double-oracle-values.md`): the double oracle everywhere
/// (exact on every board of at most 6 cells in under a second, where CFR on 3×2 abrupt needs
/// 131 s for 1e-5; gap ≤ 1e-6 on the boards of 8–9 cells in about a minute, where CFR on the
/// view abstraction stalls at 0.03–0.14), except n×1
/// abrupt with n ≥ 7, where it stalls and CFR converges, and rules with announcements, which
/// the double oracle's certificates cannot express.
pub fn default_method(rules: &Rules) -> Method {
    let stalls = rules.variant == Variant::Abrupt && rules.cols == 1 && rules.rows >= 7;
    if rules.announce_touch || stalls {
        Method::Cfr
    } else {
        Method::DoubleOracle
    }
}

/// Report a phase's progress every so often: the first iterations, every `every`-th, and at
/// least every 30 s.
struct LogCadence {
    last: std::time::Instant,
    every: u64,
}

impl LogCadence {
    fn new(every: u64) -> Self {
        LogCadence {
            last: std::time::Instant::now(),
            every,
        }
    }

    /// Whether iteration `i` gets a log line (then the clock restarts).
    fn due(&mut self, i: u64) -> bool {
        let due = i % self.every == 0 || i < 10 || self.last.elapsed().as_secs_f64() >= 30.0;
        if due {
            self.last = std::time::Instant::now();
        }
        due
    }
}

/// `line` to the progress sink's messages.
fn log(progress: &dyn Progress, line: String) {
    progress.message(&line);
}
