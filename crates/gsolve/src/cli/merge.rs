//! `gsolve merge`: the part files of a sharded job into the files a single run writes
//! ([`jobs::merge`]).

use super::common::{print_result, CliError, CliResult, Global};
use serde_json::json;
use std::path::PathBuf;

/// Arguments of `gsolve merge`.
#[derive(clap::Args, Debug)]
pub struct MergeArgs {
    /// Part files (e.g. replies-3of25.csv, values-2of8.csv, dola-play-1of3.csv) or folders
    /// holding them (temporaries of killed runs, .NAME.PID-SEQ.tmp, are skipped); every
    /// shard of the run exactly once. A Dark Hex table's boards' folders are read from beside
    /// each part.
    #[arg(required = true, value_name = "PARTS")]
    parts: Vec<PathBuf>,
    /// Folder for the merged result files (not one of the parts' folders).
    #[arg(long, required_unless_present = "pending")]
    out: Option<PathBuf>,
    /// After merging, compare the merged files with a single run's files in this folder,
    /// leaving out the columns that measure the run (seconds, nodes, threads), a Rex map's
    /// answers (any proven winning move; `gsolve rex map-check` solves them again) and the
    /// recorded command line; exit 1 when they differ.
    #[arg(long = "same-as", value_name = "DIR")]
    same_as: Option<PathBuf>,
    /// Write nothing: list the shards that still have work (missing from the parts or not
    /// finished), for resubmitting only those (`scripts/slurm/submit.sh --resubmit`).
    #[arg(long, conflicts_with_all = ["same_as", "out"])]
    pending: bool,
}

/// Run `gsolve merge`.
pub fn run(a: MergeArgs, global: &Global) -> CliResult {
    if a.pending {
        return pending(&a, global);
    }
    let out = a
        .out
        .clone()
        .expect("clap requires --out without --pending");
    jobs::output::check_writable_dir("--out", &out)?;
    let summary = jobs::merge::merge(&a.parts, &out)?;
    let diffs = match &a.same_as {
        Some(dir) => Some(jobs::merge::compare_outputs(&summary.job, &out, dir)?),
        None => None,
    };
    let failure = diffs.as_ref().filter(|d| !d.is_empty()).map(|d| {
        CliError::runtime(format!(
            "the merged files differ from {}: {}",
            a.same_as.as_ref().expect("compared").display(),
            d.join("; ")
        ))
    });
    if global.json {
        let v = json!({
            "job": summary.job,
            "config": summary.config,
            "shards": summary.shards,
            "items": summary.items,
            "out": out.display().to_string(),
            "files": summary.files.iter().map(|f| f.display().to_string()).collect::<Vec<_>>(),
            "same_as": a.same_as.as_ref().map(|d| d.display().to_string()),
            "differences": diffs,
        });
        return print_result(v, failure);
    }
    println!(
        "merged {} shards of {} ({}): {} items; files in {}",
        summary.shards,
        summary.job,
        summary.config,
        summary.items,
        out.display()
    );
    if let (Some(dir), Some(d)) = (&a.same_as, &diffs) {
        if d.is_empty() {
            println!(
                "same as {} (the columns that depend on the run left out: timings, a map's answers)",
                dir.display()
            );
        }
    }
    failure.map_or(Ok(()), Err)
}

/// `gsolve merge --pending`: the shards that still have work.
fn pending(a: &MergeArgs, global: &Global) -> CliResult {
    let (check, pending) = jobs::merge::pending(&a.parts)?;
    let count = check.common.shard.count;
    if global.json {
        super::common::print_json(&json!({
            "job": check.common.job,
            "config": check.common.config,
            "shards": count,
            "pending": pending,
            "missing": check.missing,
        }));
    } else {
        println!(
            "{} {} in {count} shards: {} pending{}{}",
            check.common.job,
            check.common.config,
            pending.len(),
            if pending.is_empty() { "" } else { ": " },
            jobs::shard::ranges(&pending)
        );
    }
    Ok(())
}
