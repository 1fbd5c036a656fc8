//! `gsolve report`: the results folder drawn on one static page (the `report` crate does the
//! work; this module parses the arguments and prints what was written).

use super::common::{print_json, CliResult, Global};
use serde_json::json;
use std::path::{Path, PathBuf};

/// The arguments of `gsolve report` (its help text is the doc comment of `Command::Report`).
#[derive(clap::Args, Debug)]
#[command(
    after_help = "Examples:\n  gsolve report                               results/ drawn into results/report/index.html\n  gsolve report --out /tmp/r                  the same page elsewhere\n  gsolve report --results other/ --out /tmp/r  another results folder\n  gsolve report --json                        {\"index\":…,\"figures\":[…],\"missing\":[…]}\n\nOpen index.html in any browser; it needs no network. scripts/report-screenshot.sh renders it to PNG."
)]
pub struct ReportArgs {
    /// The results folder to read.
    #[arg(long, default_value = "results", value_name = "DIR")]
    pub results: PathBuf,
    /// Where to write index.html and figures/ (created if missing).
    #[arg(long, default_value = "results/report", value_name = "DIR")]
    pub out: PathBuf,
}

/// Build the report of `results` into `out`; the page's path and what was written.
pub fn build(results: &Path, out: &Path) -> Result<report::ReportSummary, super::common::CliError> {
    let cfg = report::ReportConfig {
        results: results.to_path_buf(),
        out: out.to_path_buf(),
        command: super::common::command_line(),
    };
    Ok(report::build_report(&cfg)?)
}

/// The report as one JSON value.
pub fn summary_json(s: &report::ReportSummary) -> serde_json::Value {
    json!({
        "index": s.index.display().to_string(),
        "figures": s.figures.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "missing": s.missing,
    })
}

/// `gsolve report`.
pub fn run(a: ReportArgs, global: &Global) -> CliResult {
    // A typo in --results would otherwise give a page on which everything is missing.
    if !a.results.is_dir() {
        return Err(super::common::CliError::input(format!(
            "--results {}: not a folder (expected the results folder to draw, e.g. results)",
            a.results.display()
        )));
    }
    let s = build(&a.results, &a.out)?;
    if global.json {
        print_json(&summary_json(&s));
    } else {
        println!("{} figures; {} missing", s.figures.len(), s.missing.len());
        for m in &s.missing {
            println!("  missing: {m}");
        }
        println!("report: {}", s.index.display());
    }
    Ok(())
}
