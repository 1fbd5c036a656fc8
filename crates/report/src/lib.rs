//! `gsolve report`: every committed result drawn on one static page.
//!
//! The report reads the result files under a results folder (by default `results/`) and never
//! runs a solver. It writes `OUT/index.html` — one self-contained page, every figure inline as
//! SVG, no script, no font or style sheet fetched from anywhere — and each figure again as
//! `OUT/figures/ID.svg`. The page is XHTML-clean (it parses as XML), so the tests read it and
//! every figure back with an XML parser.
//!
//! Figures, one section per game:
//! - Rex: each board of `rex/parity.csv` as a hex board with its winning first moves marked,
//!   the parity table as a grid of boards (rows × columns), the `rex/NxN/` map progress;
//! - Dark Hex: the brackets of `darkhex/best-values.md` as intervals, every run folder's
//!   `convergence.csv` (bounds against seconds, and the gap on a log axis), the first-probe
//!   probabilities of both players (the run's `summary.md`) as heat maps on the board;
//! - Dola and Hexecs: start positions and the final positions of the inventor's records (the
//!   game crates' own SVG renderers), perft tables, self-play first-player scores with 95 %
//!   intervals;
//! - coins: the solution-count table; benchmarks: each comparison with a peer as ratio bars.
//!
//! Plots are drawn by `plotters` (SVG backend); boards by the hand-written renderers of
//! [`hexboard`] and of the game crates. Colours are the Okabe–Ito palette ([`palette`]) and,
//! for heat maps, a viridis ramp; both stay distinguishable under the common colour-vision
//! deficiencies. A figure whose data is missing is replaced by a note saying which file was
//! looked for, so a report built from an empty or partial results folder still succeeds.
//!
//! Every figure carries its title, axis labels with units, a legend and the command that
//! produced its data (read from the result file's header), and is linked on the page to that
//! file. Figures that tests check carry `data-*` attributes with what they show (the cells a
//! board marks, the pixel mapping of a plot's axes).

#![warn(missing_docs)]

mod bench;
mod chess;
mod coins;
mod darkhex;
mod figure;
pub mod hexboard;
mod page;
pub mod palette;
mod plot;
mod read;
mod rex;

pub use figure::{Figure, Item, Section};
use jobs::output::{check_writable_dir, write_atomic};
use jobs::JobResult;
use std::path::{Path, PathBuf};

/// What to read and where to write.
#[derive(Debug, Clone)]
pub struct ReportConfig {
    /// The results folder read (`results/`).
    pub results: PathBuf,
    /// The output folder: `index.html` and `figures/*.svg` go there.
    pub out: PathBuf,
    /// The command line that asked for the report, stamped into the page.
    pub command: String,
}

/// What a report run wrote.
#[derive(Debug, Clone)]
pub struct ReportSummary {
    /// The page.
    pub index: PathBuf,
    /// Every figure file written.
    pub figures: Vec<PathBuf>,
    /// One line per figure or table that could not be drawn, saying what is missing.
    pub missing: Vec<String>,
}

/// Every section of the report, read from `results` (nothing is written).
pub fn sections(results: &Path) -> Vec<Section> {
    vec![
        rex::section(results),
        darkhex::section(results),
        chess::section(results),
        coins::section(results),
        bench::section(results),
    ]
}

/// Build the report: read `cfg.results`, write `cfg.out/index.html` and `cfg.out/figures/`.
/// An output folder that cannot be written is bad input, checked before anything is read.
pub fn build_report(cfg: &ReportConfig) -> JobResult<ReportSummary> {
    check_writable_dir("--out", &cfg.out)?;
    let figures_dir = cfg.out.join("figures");
    check_writable_dir("--out", &figures_dir)?;
    let sections = sections(&cfg.results);
    let links = page::Links::new(&cfg.results, &cfg.out);
    let html = page::render(&sections, &links, &cfg.command);
    let mut figures = Vec::new();
    let mut missing = Vec::new();
    for s in &sections {
        for item in s.items() {
            match item {
                Item::Figure(f) => {
                    let path = figures_dir.join(format!("{}.svg", f.id));
                    write_atomic(&path, f.standalone_svg().as_bytes())?;
                    figures.push(path);
                }
                Item::Missing(m) => missing.push(format!("{}: {m}", s.title)),
                _ => {}
            }
        }
    }
    let index = cfg.out.join("index.html");
    write_atomic(&index, html.as_bytes())?;
    Ok(ReportSummary {
        index,
        figures,
        missing,
    })
}
