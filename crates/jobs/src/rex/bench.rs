//! `gsolve bench rex`: the 4×4 and 5×5 maps, the Solrex suite and 6×6 openings at 1 and 2
//! threads, each item within a wall-clock budget, written as a Markdown table.

use crate::output::{
    load_average, logical_cpus, toolkit_version, write_atomic, JobError, JobResult,
};
use crate::Progress;
use exact::{Solver, SolverConfig};
use rex::RexPosition;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

/// Moves from the empty board and, where known, the expected winning moves.
pub type BenchPosition = (Vec<String>, Option<Vec<String>>);

/// Settings of the Rex bench.
#[derive(Debug, Clone)]
pub struct BenchConfig {
    /// Wall-clock budget per item, seconds.
    pub budget: f64,
    /// Folder of the Solrex suite files.
    pub suite_dir: PathBuf,
    /// The Markdown file written.
    pub out: PathBuf,
    /// Table size per item, MiB.
    pub tt_mb: usize,
    /// Skip the 6×6 item.
    pub no_6x6: bool,
    /// The command line, for the file header.
    pub command: String,
}

/// One measurement.
#[derive(Debug, Clone, serde::Serialize)]
pub struct BenchRow {
    /// What was solved.
    pub item: String,
    /// Worker threads.
    pub threads: usize,
    /// Positions solved within the budget.
    pub done: usize,
    /// Positions of the item.
    pub total: usize,
    /// Every position solved.
    pub complete: bool,
    /// Every winning-move set matched the Solrex file (where it has one).
    pub all_match: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
    /// CPU seconds of all threads during the item (0 if unknown).
    pub cpu_seconds: f64,
}

/// CPU time (user + system, all threads) of this process so far, if known (Linux).
fn process_cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    let rest = &stat[stat.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let utime: f64 = f.get(11)?.parse().ok()?;
    let stime: f64 = f.get(12)?.parse().ok()?;
    Some((utime + stime) / 100.0)
}

/// Peak resident memory of this process in MiB (Linux `VmHWM`), if known.
fn peak_rss_mib() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

/// Solve `positions` one by one until the budget ends.
pub fn bench_positions(
    item: &str,
    positions: &[BenchPosition],
    rows: usize,
    threads: usize,
    budget: f64,
    tt_mb: usize,
    progress: &dyn Progress,
) -> JobResult<BenchRow> {
    let solver = Solver::<RexPosition<u64>>::new(SolverConfig {
        tt_mb,
        threads,
        ..SolverConfig::default()
    })
    .map_err(JobError::input)?;
    solver.prefault();
    let cpu_start = process_cpu_seconds();
    let start = Instant::now();
    solver.set_deadline(crate::clock::deadline_after(start, budget));
    progress.start(&format!("{item} ({threads} thr)"), positions.len() as u64);
    let mut done = 0;
    let mut all_match = true;
    for (moves, expected) in positions {
        let mut pos = RexPosition::<u64>::new(rows, rows).map_err(JobError::input)?;
        pos.play_list(&moves.join(",")).map_err(JobError::input)?;
        let found = super::winning_names(&solver, &pos);
        if solver.stopped() {
            break;
        }
        if let Some(e) = expected {
            all_match &= *e == found;
        }
        done += 1;
        progress.advance(done as u64, "");
    }
    progress.finish();
    Ok(BenchRow {
        item: item.to_string(),
        threads,
        done,
        total: positions.len(),
        complete: done == positions.len(),
        all_match,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: match (cpu_start, process_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        },
    })
}

/// Run every item and write the table; returns the rows and the Markdown.
pub fn run_bench(cfg: &BenchConfig, progress: &dyn Progress) -> JobResult<(Vec<BenchRow>, String)> {
    if !(cfg.budget > 0.0 && cfg.budget.is_finite()) {
        return Err(JobError::input(format!(
            "--budget {} must be a positive number of seconds",
            cfg.budget
        )));
    }
    crate::output::check_memory_mib("--tt-mb", cfg.tt_mb)?;
    let read = |name: &str| -> JobResult<Vec<BenchPosition>> {
        let path = cfg.suite_dir.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| JobError::input(format!("cannot read {}: {e}", path.display())))?;
        let lines = rex::solrex::parse_suite(&text)
            .map_err(|e| JobError::input(format!("{}: {e}", path.display())))?;
        Ok(lines
            .into_iter()
            .map(|l| (l.moves, Some(l.winning)))
            .collect())
    };
    let openings = read("rex5x5opening.dat")?;
    let random = read("random5x5.dat")?;
    let empty4 = vec![(Vec::new(), None)];
    let (b, t) = (cfg.budget, cfg.tt_mb);
    let mut rows = Vec::new();
    for threads in [1, 2] {
        rows.push(bench_positions(
            "4x4 full map (all 16 openings)",
            &empty4,
            4,
            threads,
            b,
            t,
            progress,
        )?);
        rows.push(bench_positions(
            "random5x5.dat, first 100",
            &random[..100.min(random.len())],
            5,
            threads,
            b,
            t,
            progress,
        )?);
        rows.push(bench_positions(
            "5x5 full map (25 openings, all replies)",
            &openings,
            5,
            threads,
            b,
            t,
            progress,
        )?);
    }
    rows.push(bench_positions(
        "random5x5.dat, all 500",
        &random,
        5,
        2,
        b,
        t,
        progress,
    )?);
    if !cfg.no_6x6 {
        let corner = vec![
            (vec!["a1".to_string()], None),
            (vec!["b1".to_string()], None),
        ];
        rows.push(bench_positions(
            "6x6 after a1 / after b1 (all replies)",
            &corner,
            6,
            2,
            b,
            t,
            progress,
        )?);
    }
    let md = bench_markdown(&rows, cfg);
    write_atomic(&cfg.out, md.as_bytes())?;
    Ok((rows, md))
}

/// The bench table as Markdown.
pub fn bench_markdown(rows: &[BenchRow], cfg: &BenchConfig) -> String {
    let mut s = String::from("# Rex solver benchmark\n\n");
    let _ = writeln!(
        s,
        "Produced by `{}` ({}), budget {} s per item, table {} MiB.",
        cfg.command,
        toolkit_version(),
        cfg.budget,
        cfg.tt_mb
    );
    let _ = writeln!(
        s,
        "Load average (1 min) when the table was written: {} (other jobs share the cores; times scale with the share the run got).",
        load_average()
    );
    let _ = writeln!(s, "Machine: {} logical CPUs. Every item compares each winning-move set with the Solrex file where there is one.\n", logical_cpus());
    s.push_str("| item | threads | done | complete | matches Solrex | nodes | seconds | CPU seconds | cores used | nodes/s |\n|---|---:|---:|---|---|---:|---:|---:|---:|---:|\n");
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {}/{} | {} | {} | {} | {:.2} | {:.2} | {:.2} | {:.0} |",
            r.item,
            r.threads,
            r.done,
            r.total,
            if r.complete { "yes" } else { "**no (budget)**" },
            if r.all_match { "yes" } else { "**NO**" },
            r.nodes,
            r.seconds,
            r.cpu_seconds,
            r.cpu_seconds / r.seconds.max(1e-9),
            r.nodes as f64 / r.seconds.max(1e-9)
        );
    }
    if let Some(mib) = peak_rss_mib() {
        let _ = writeln!(
            s,
            "\nPeak resident memory of the whole run: {mib:.0} MiB (each item's table: {} MiB).",
            cfg.tt_mb
        );
    }
    s.push_str("\n## 2-thread speed-up\n\nPositions solved per second with 2 threads over 1 thread, same item, same budget (the\ntable's pages are touched before the clock starts). Meaningful only when the 2-thread rows\nshow close to 2 cores used: on a shared machine the run gets what the other jobs leave.\n\n");
    for r1 in rows.iter().filter(|r| r.threads == 1 && r.done > 0) {
        if let Some(r2) = rows
            .iter()
            .find(|r| r.threads == 2 && r.item == r1.item && r.done > 0)
        {
            let rate1 = r1.done as f64 / r1.seconds.max(1e-9);
            let rate2 = r2.done as f64 / r2.seconds.max(1e-9);
            let _ = writeln!(s, "- {}: {:.2}x", r1.item, rate2 / rate1);
        }
    }
    s.push_str(
        "\n## Against Solrex\n\nThis table has gsolve's figures only. The comparison with the peer is \
         measured side by side, both tools on the same work in one run: \
         `scripts/rex-bench-peer.sh` writes `results/rex/bench-peer.md`.\n",
    );
    s
}
