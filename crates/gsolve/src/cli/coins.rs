//! `gsolve coins` — the coin-weighing puzzle (crate `coins`).
//!
//! - `gsolve coins solve --coins N --weighings K [--reference-coin] [--adaptive|--non-adaptive]`:
//!   decide solvability, count strategies and their symmetry classes, print one representative
//!   per non-adaptive class and one optimal decision tree. Without a mode flag both modes run.
//! - `gsolve coins table [--max-weighings 4] [--out runs/coins]`: the largest solvable N for
//!   each K, found by search, written to `table.md` and `table.csv`.
//!
//! The work is in `jobs::coins` (every strategy printed is first re-checked there by the
//! crate's brute-force checker); this module maps arguments and prints.

use super::common::{
    command_line, print_json, print_result, BarProgress, CliError, CliResult, Global,
};
use coins::Problem;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve coins`.
#[derive(clap::Args, Debug)]
pub struct CoinsArgs {
    /// What to do.
    #[command(subcommand)]
    command: CoinsCommand,
}

#[derive(clap::Subcommand, Debug)]
enum CoinsCommand {
    /// Solve one instance: solvability, strategy counts, symmetry classes, example strategies.
    Solve(SolveArgs),
    /// The table of largest solvable N for K = 2..=4 (by search), to runs/coins/ (or --out).
    Table(TableArgs),
    /// Check a strategy from a file by brute force: either one weighing per line
    /// (`1 2 3 4 | 5 6 7 8`, non-adaptive) or a decision tree as printed by `solve`.
    Check(CheckArgs),
}

/// The instance: `--coins N --weighings K [--reference-coin]`.
#[derive(clap::Args, Debug)]
struct ProblemArgs {
    /// Number of coins N (one is counterfeit, heavier or lighter).
    #[arg(long)]
    coins: u64,
    /// Number of weighings K allowed.
    #[arg(long)]
    weighings: u64,
    /// An extra coin known to be genuine is available (written `ref`).
    #[arg(long)]
    reference_coin: bool,
}

impl ProblemArgs {
    fn problem(&self) -> Result<Problem, CliError> {
        Problem::new(self.coins, self.weighings, self.reference_coin).map_err(CliError::input)
    }
}

#[derive(clap::Args, Debug)]
struct CheckArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// The strategy file; lines starting with '#' are ignored.
    file: PathBuf,
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    #[command(flatten)]
    problem: ProblemArgs,
    /// Only adaptive strategies (each weighing may depend on earlier outcomes).
    #[arg(long, conflicts_with = "non_adaptive")]
    adaptive: bool,
    /// Only non-adaptive strategies (all weighings fixed in advance).
    #[arg(long)]
    non_adaptive: bool,
    /// Decide and show one strategy only; skip counting.
    #[arg(long)]
    no_count: bool,
    /// Print at most this many non-adaptive class representatives (all by default).
    #[arg(long)]
    show_classes: Option<usize>,
    /// Also write the human report to this file (with a header: format, toolkit, command).
    #[arg(long)]
    out: Option<PathBuf>,
}

#[derive(clap::Args, Debug)]
struct TableArgs {
    /// Smallest K in the table.
    #[arg(long, default_value_t = 2)]
    min_weighings: u64,
    /// Largest K in the table.
    #[arg(long, default_value_t = 4)]
    max_weighings: u64,
    /// Directory for table.md and table.csv.
    #[arg(long, default_value = "runs/coins")]
    out: PathBuf,
}

/// Run `gsolve coins`.
pub fn run(args: CoinsArgs, global: &Global) -> CliResult {
    match args.command {
        CoinsCommand::Solve(a) => solve(a, global),
        CoinsCommand::Table(a) => run_table(a, global),
        CoinsCommand::Check(a) => run_check(a, global),
    }
}

fn run_check(a: CheckArgs, global: &Global) -> CliResult {
    let problem = a.problem.problem()?;
    let jobs::coins::CheckReport { kind, verdict } = jobs::coins::check(&problem, &a.file)?;
    // A strategy that is not a solution is rejected input: exit 2, never a silent success.
    let failure = verdict.as_ref().err().map(|e| {
        CliError::input(format!(
            "{}: NOT a solution ({kind}): {e}",
            a.file.display()
        ))
    });
    if global.json {
        return print_result(
            json!({
                "kind": kind,
                "valid": verdict.is_ok(),
                "reason": verdict.as_ref().err(),
            }),
            failure,
        );
    }
    if verdict.is_ok() {
        println!(
            "valid {kind} strategy: identifies all {} cases",
            problem.hypotheses()
        );
    }
    failure.map_or(Ok(()), Err)
}

fn solve(a: SolveArgs, global: &Global) -> CliResult {
    let (adaptive, non_adaptive) = match (a.adaptive, a.non_adaptive) {
        (true, _) => (true, false),
        (_, true) => (false, true),
        _ => (true, true),
    };
    let problem = a.problem.problem()?;
    if let Some(out) = &a.out {
        jobs::output::check_writable_file("--out", out)?;
    }
    let cfg = jobs::coins::SolveConfig {
        problem,
        adaptive,
        non_adaptive,
        count: !a.no_count,
        show_classes: a.show_classes,
        out: a.out,
        command: command_line(),
    };
    let report = jobs::coins::solve(&cfg, &BarProgress::new(global))?;
    if global.json {
        print_json(&report.json);
    } else {
        print!("{}", report.text);
    }
    Ok(())
}

fn run_table(a: TableArgs, global: &Global) -> CliResult {
    jobs::output::check_writable_dir("--out", &a.out)?;
    let cfg = jobs::coins::TableConfig {
        min_weighings: a.min_weighings,
        max_weighings: a.max_weighings,
        out_dir: a.out,
        command: command_line(),
    };
    let report = jobs::coins::table(&cfg, &BarProgress::new(global))?;
    let files: Vec<String> = report
        .files
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    if global.json {
        print_json(&json!({ "rows": report.rows_json(), "files": files }));
    } else {
        print!("{}", report.markdown);
        println!("\nwritten: {}", files.join(" and "));
    }
    Ok(())
}
