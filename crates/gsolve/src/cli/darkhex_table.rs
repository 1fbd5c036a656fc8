//! `gsolve darkhex table`: CFR on every small board, both variants (`jobs::darkhex::table`),
//! resumable, and with `--iterations N` splittable into shards that `gsolve merge` puts
//! together (`jobs::darkhex::table_merge`).

use super::common::{command_line, print_json, CliError, CliResult, Global};
use super::darkhex::{Algo, BarProgress};
use super::darkhex_print::out_name;
use jobs::shard::Shard;
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve darkhex table`.
#[derive(clap::Args, Debug)]
pub struct TableArgs {
    /// Output directory.
    #[arg(long, default_value = "runs/darkhex/table")]
    out: PathBuf,
    /// Seconds of wall time per board and variant.
    #[arg(long, default_value_t = 60.0)]
    time: f64,
    /// Target gap per board.
    #[arg(long, default_value_t = 1e-6)]
    gap: f64,
    /// CFR variant (see `solve --algo`).
    #[arg(long, value_enum, ignore_case = true, default_value = "pcfr+")]
    algo: Algo,
    /// Also try 4x3 and 3x4 (view abstraction) with this many seconds each (0 = skip).
    #[arg(long, default_value_t = 0.0)]
    large_time: f64,
    /// Checkpoint interval of each board's run in seconds (boards/*/checkpoint.bin; the first
    /// after about 5 s). A killed table run continues from its finished boards and the
    /// board in progress's checkpoint when started again with the same options.
    #[arg(long, default_value_t = 60.0)]
    checkpoint_secs: f64,
    /// Boards of at most this many cells (1-9).
    #[arg(long, default_value_t = 9)]
    max_cells: usize,
    /// Stop every board after exactly this many iterations instead of at --time or --gap (a
    /// table that does not depend on the machine's speed).
    #[arg(long, conflicts_with_all = ["time", "gap"])]
    iterations: Option<u64>,
    /// Run only the boards (board x variant, in the table's order) whose index is I modulo N,
    /// e.g. a Slurm array task's: the shard writes its boards' folders and OUT/values-IofN.csv
    /// (no values.md); `gsolve merge` writes the table of all N. Needs --iterations: with a
    /// wall-clock stop a board's result depends on the machine, and the shards would not
    /// merge into the table one run writes.
    #[arg(long)]
    shard: Option<String>,
}

/// Run `gsolve darkhex table`.
pub fn run(a: TableArgs, global: &Global) -> CliResult {
    let Some(algorithm) = a.algo.cfr() else {
        return Err(CliError::input(
            "--algo double-oracle: the table is of CFR runs (the double oracle's is scripts/darkhex-do-table.sh)",
        ));
    };
    for (name, v) in [
        ("--time", a.time),
        ("--gap", a.gap),
        ("--large-time", a.large_time),
        ("--checkpoint-secs", a.checkpoint_secs),
    ] {
        if !(v.is_finite() && v >= 0.0) {
            return Err(CliError::input(format!(
                "{name} {v}: must be a non-negative number"
            )));
        }
    }
    if !(1..=9).contains(&a.max_cells) {
        return Err(CliError::input(format!(
            "--max-cells {}: expected 1 to 9 (the table's boards)",
            a.max_cells
        )));
    }
    if a.iterations == Some(0) {
        return Err(CliError::input(
            "--iterations 0: expected at least 1 iteration",
        ));
    }
    let shard = match &a.shard {
        Some(s) => Shard::parse(s, "--shard")?,
        None => Shard::WHOLE,
    };
    let config = jobs::darkhex::table::TableConfig {
        out: a.out.clone(),
        time: a.time,
        gap: a.gap,
        algorithm,
        large_time: a.large_time,
        checkpoint_secs: a.checkpoint_secs,
        max_cells: a.max_cells,
        iterations: a.iterations,
        command: command_line(),
        shard,
    };
    jobs::darkhex::table::check_config(&config)?;
    jobs::output::check_writable_dir("--out", &a.out)?;
    let t = jobs::darkhex::table::run(&config, &BarProgress::new(global))?;
    if global.json {
        let rows: Vec<_> = t
            .rows
            .iter()
            .map(|row| {
                let (r, b) = (&row.report, row.report.bracket);
                json!({
                    "rows": row.rules.rows, "cols": row.rules.cols,
                    "variant": row.rules.variant.name(),
                    "lower": b.map(|b| b.lower), "upper": b.map(|b| b.upper),
                    "gap": b.map(|b| b.gap), "representation": r.representation.name(),
                    "iterations": r.iterations, "seconds": r.seconds,
                    "known": row.known.map(|k| k.1), "contains_known": row.contains_known,
                    "dir": out_name(&r.out),
                })
            })
            .collect();
        print_json(&json!({
            "boards": rows,
            "out": a.out.display().to_string(),
            "shard": shard.to_string(),
            "solved_now": t.solved_now,
            "part": t.part.as_ref().map(|p| p.display().to_string()),
        }));
    } else if let Some(part) = &t.part {
        println!(
            "darkhex table shard {shard}: {} boards ({} solved now); {}",
            t.rows.len(),
            t.solved_now,
            part.display()
        );
    } else {
        println!("{}", t.markdown);
    }
    Ok(())
}
