//! `gsolve rex map`: the first-move map job ([`jobs::rex::run_map`]) with a progress bar.

use super::common::{print_json, print_result, CliError, CliResult, Global};
use super::rex::SolverOpts;
use jobs::rex::{run_map, MapConfig, MapError};
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `gsolve rex map`.
#[derive(clap::Args, Debug)]
pub struct MapArgs {
    /// Board size ROWSxCOLS, e.g. 6x6.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// Output folder (replies*.csv, openings.csv, map.md, map.svg, resume/). Default:
    /// runs/rex-map-<size> under the current folder.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Only these openings (comma-separated cells); each stands for its 180° image too. Into a
    /// folder that already holds the whole map's part, the units are added to that map (its
    /// part header is kept), so a leg can pick the openings it works on.
    #[arg(long, value_delimiter = ',')]
    openings: Vec<String>,
    /// This run's shard I/N (0 <= I < N): units whose index is I modulo N, e.g. a Slurm array
    /// task's `$SLURM_ARRAY_TASK_ID/$N`. Shards write their own part files
    /// (replies-IofN.csv) in the same folder; `gsolve merge` makes the whole map of them.
    #[arg(long, default_value = "0/1")]
    shard: String,
    /// Solve these units (OPENING:REPLY, comma-separated, e.g. d3:d1) after every other unit
    /// of the run, so that a leg spends its end, not its start, on a unit known to be hard.
    /// Either 180° image names the unit; the map's values do not depend on the order.
    #[arg(long, value_delimiter = ',', value_name = "OPENING:REPLY")]
    defer: Vec<String>,
    /// Stop after this many seconds of wall time, saving the state (resume with the same
    /// command).
    #[arg(long)]
    time: Option<f64>,
    /// At most this many seconds per unit in this run: a unit that reaches the cap is set
    /// aside unfinished (its time and proofs kept for a later run) and the run goes on with the
    /// next. One round with a cap measures every unit at a fixed cost and finishes the easy
    /// ones, e.g. `--size 7x7 --openings d3 --unit-cap 300`; a later round with a larger cap
    /// (or none) takes the units set aside.
    #[arg(long = "unit-cap", value_name = "SECONDS")]
    unit_cap: Option<f64>,
    /// Solve at most this many (opening, reply) units in this run.
    #[arg(long = "max-units", default_value_t = 0)]
    max_units: usize,
    /// Positions within this many plies of a unit's root are kept in the solved-position
    /// database (resume/proofs*.bin.gz).
    #[arg(long = "store-depth", default_value_t = 8)]
    store_depth: u32,
    /// At most this many positions in the database (about 17 bytes each on disk, up to 70 in
    /// memory); once it is full, each new proof replaces the oldest one held that has not
    /// answered a lookup since it was added or last passed over.
    #[arg(long = "store-max", default_value_t = 2_000_000)]
    store_max: usize,
    /// Seconds between saves of the database (a kill loses at most this much of the
    /// database's work).
    #[arg(long = "checkpoint-seconds", default_value_t = 60)]
    checkpoint_seconds: u64,
    #[command(flatten)]
    solver: SolverOpts,
}

/// Run `gsolve rex map`.
pub fn map(a: MapArgs, global: &Global) -> CliResult {
    let (rows, cols) = super::rex::size_arg(&a.size)?;
    let shard = jobs::shard::Shard::parse(&a.shard, "--shard")?;
    for (flag, t) in [("--time", a.time), ("--unit-cap", a.unit_cap)] {
        if let Some(t) = t {
            if !(t.is_finite() && t > 0.0) || Duration::try_from_secs_f64(t).is_err() {
                return Err(CliError::input(format!(
                    "{flag} {t}: expected a number of seconds > 0 and below 1e19"
                )));
            }
        }
    }
    if a.checkpoint_seconds == 0 {
        return Err(CliError::input("--checkpoint-seconds must be at least 1"));
    }
    super::common::check_move_list("--openings", &a.openings.join(","))?;
    let defer = a
        .defer
        .iter()
        .map(|u| match u.split_once(':') {
            Some((x, r)) if !x.trim().is_empty() && !r.trim().is_empty() => {
                Ok((x.trim().to_string(), r.trim().to_string()))
            }
            _ => Err(CliError::input(format!(
                "--defer {u:?}: expected OPENING:REPLY, e.g. d3:d1"
            ))),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let out = a
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("runs/rex-map-{rows}x{cols}")));
    let solver = a.solver.config()?;
    jobs::output::check_writable_dir("--out", &out)?;
    let cfg = MapConfig {
        rows,
        cols,
        out: out.clone(),
        openings: a.openings.clone(),
        shard,
        solver,
        time_limit: a.time.map(Duration::from_secs_f64),
        store_depth: a.store_depth,
        store_max: a.store_max,
        checkpoint_seconds: a.checkpoint_seconds,
        max_units: a.max_units,
        defer,
        unit_cap: a.unit_cap.map(Duration::from_secs_f64),
    };
    let bar = super::common::BarProgress::new(global);
    // SIGTERM (a batch system's time limit) or Ctrl-C stops the run as --time does.
    crate::signals::stop_on_signals();
    let summary = run_map(&cfg, &bar).map_err(|e| match e {
        MapError::Input(_) | MapError::Results { .. } | MapError::Proofs(_) => CliError::input(e),
        MapError::Io { .. } => CliError::runtime(e),
    })?;
    print_summary(&summary, &format!("{rows}x{cols}"), &a.shard, &out, global);
    crate::signals::end_if_signalled();
    Ok(())
}

/// Print a map run's summary: one JSON object with `--json`, else a few lines.
fn print_summary(
    summary: &jobs::rex::MapSummary,
    board: &str,
    shard: &str,
    out: &std::path::Path,
    global: &Global,
) {
    let settled: Vec<_> = summary
        .openings
        .iter()
        .filter_map(|o| o.black_wins.map(|w| (o.opening.clone(), w)))
        .collect();
    let signal = jobs::stop::requested().map(signal_name);
    if global.json {
        print_json(&json!({
            "board": board,
            "out": out.display().to_string(),
            "shard": shard,
            "shard_units": summary.shard_units,
            "done_before": summary.done_before,
            "done_now": summary.done_now,
            "stopped": summary.stopped,
            "stopped_by_signal": signal,
            "complete": summary.complete,
            "set_aside_at_unit_cap": summary.capped.iter()
                .map(|(x, r)| format!("{x}:{r}")).collect::<Vec<_>>(),
            "stored_positions": summary.stored_positions,
            "store_hits": summary.store_hits,
            "store_replaced": summary.store_replaced,
            "openings": summary.openings.iter().map(|o| json!({
                "opening": o.opening,
                "image": o.image,
                "black_wins": o.black_wins,
                "replies_done": o.replies_done,
                "replies_total": o.replies_total,
                "white_winning_replies": o.white_wins,
                "seconds": o.seconds,
            })).collect::<Vec<_>>(),
        }));
    } else {
        println!(
            "rex map {board}, shard {}: {} of {} units done ({} this run){}",
            shard,
            summary.done_before + summary.done_now,
            summary.shard_units,
            summary.done_now,
            match (summary.stopped, &signal) {
                (true, Some(s)) => format!("; stopped by {s} — run the same command to resume"),
                (true, None) if !summary.capped.is_empty() => {
                    "; the others were set aside — run again (a larger --unit-cap, or none, \
                     takes them further)"
                        .to_string()
                }
                (true, None) => "; stopped — run the same command to resume".to_string(),
                (false, _) => String::new(),
            }
        );
        if !summary.capped.is_empty() {
            let names: Vec<String> = summary
                .capped
                .iter()
                .map(|(x, r)| format!("{x}:{r}"))
                .collect();
            println!(
                "  {} units set aside at the unit cap (time kept in resume/): {}",
                names.len(),
                names.join(" ")
            );
        }
        for (o, w) in &settled {
            println!(
                "  opening {o}: {}",
                if *w { "Black wins" } else { "Black loses" }
            );
        }
        println!(
            "map {}; {} proven positions kept ({} searches answered from them, {} older ones \
             replaced by newer proofs); files in {}",
            if summary.complete {
                "complete"
            } else {
                "incomplete"
            },
            summary.stored_positions,
            summary.store_hits,
            summary.store_replaced,
            out.display()
        );
    }
}

/// `SIGTERM` for 15 and so on (the two signals that stop a map), else `signal N`.
fn signal_name(signal: i32) -> String {
    match signal {
        libc::SIGINT => "SIGINT".to_string(),
        libc::SIGTERM => "SIGTERM".to_string(),
        n => format!("signal {n}"),
    }
}

/// Arguments of `gsolve rex map-check`.
#[derive(clap::Args, Debug)]
pub struct MapCheckArgs {
    /// The map's folder (its replies.csv: a single run's or a merge's).
    map: PathBuf,
    /// The Solrex opening file.
    #[arg(default_value = "../shared/data/solrex/rex5x5opening.dat")]
    suite: PathBuf,
}

/// Run `gsolve rex map-check`.
pub fn map_check(a: MapCheckArgs, global: &Global) -> CliResult {
    let c = jobs::rex::map_check::check_map_against_suite(&a.map, &a.suite)?;
    let failure = if !c.mismatches.is_empty() {
        let names: Vec<&str> = c.mismatches.iter().map(|m| m.0.as_str()).collect();
        Some(CliError::runtime(format!(
            "{} of {} openings differ from {}: {}",
            c.mismatches.len(),
            c.checked,
            a.suite.display(),
            names.join(" ")
        )))
    } else {
        (!c.bad_answers.is_empty()).then(|| {
            CliError::runtime(format!(
                "{} of Black's answers do not win (opening,reply,answer): {}",
                c.bad_answers.len(),
                c.bad_answers.join(" ")
            ))
        })
    };
    if global.json {
        let v = json!({
            "map": a.map.display().to_string(),
            "suite": a.suite.display().to_string(),
            "checked": c.checked,
            "matched": c.checked - c.mismatches.len(),
            "mismatches": c.mismatches.iter().map(|(o, want, got)| json!({
                "opening": o, "solrex": want, "map": got,
            })).collect::<Vec<_>>(),
            "answers_checked": c.answers_checked,
            "bad_answers": c.bad_answers,
        });
        return print_result(v, failure);
    }
    println!(
        "{} of {} openings match {}; {} of {} answers of Black win (solved again)",
        c.checked - c.mismatches.len(),
        c.checked,
        a.suite.display(),
        c.answers_checked - c.bad_answers.len(),
        c.answers_checked
    );
    failure.map_or(Ok(()), Err)
}

/// Arguments of `gsolve rex swap`.
#[derive(clap::Args, Debug)]
pub struct SwapArgs {
    /// The parity table with the maps of the small boards.
    #[arg(long, default_value = "results/rex/parity.csv")]
    parity: PathBuf,
    /// Larger boards' maps: N=PATH of a finished `gsolve rex map` openings.csv (repeatable).
    #[arg(long = "map")]
    maps: Vec<String>,
    /// Largest board side in the table.
    #[arg(long = "max-n", default_value_t = 6)]
    max_n: usize,
    /// Check boards up to this side with the solver's swap move (5 takes about a minute).
    #[arg(long = "check-up-to", default_value_t = 4)]
    check_up_to: usize,
    /// Output folder for swap.csv and swap.md. Default: runs/rex under the current folder.
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    solver: SolverOpts,
}

/// Run `gsolve rex swap`.
pub fn swap(a: SwapArgs, global: &Global) -> CliResult {
    let out = a.out.clone().unwrap_or_else(|| PathBuf::from("runs/rex"));
    jobs::output::check_writable_dir("--out", &out)?;
    if a.max_n == 0 || a.max_n > 11 {
        return Err(CliError::input(format!(
            "--max-n {}: expected 1 to 11",
            a.max_n
        )));
    }
    if a.check_up_to > 8 {
        return Err(CliError::input(format!(
            "--check-up-to {}: at most 8 (64 cells)",
            a.check_up_to
        )));
    }
    let parity = super::rex::load_table(&a.parity)?;
    let mut extra = Vec::new();
    for m in &a.maps {
        let (n, path) = m
            .split_once('=')
            .ok_or_else(|| CliError::input(format!("--map {m:?}: expected N=PATH")))?;
        let n: usize = n
            .parse()
            .map_err(|_| CliError::input(format!("--map {m:?}: N must be a number")))?;
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("--map {m:?}: {e}")))?;
        match jobs::rex::swap::winning_openings_from_map(&text) {
            Some(w) => extra.push((n, w, format!("map {path}"))),
            None => {
                return Err(CliError::input(format!(
                    "--map {m:?}: the map is not complete yet"
                )))
            }
        }
    }
    let rows =
        jobs::rex::swap::swap_table(a.max_n, &parity, &extra, a.check_up_to, &a.solver.config()?);
    jobs::rex::swap::write_swap_table(&out, &rows, &super::common::command_line())
        .map_err(|e| CliError::runtime(format!("{}: {e}", out.display())))?;
    let disagree = rows.iter().any(|r| r.solver_agrees == Some(false));
    let failure = disagree.then(|| CliError::runtime("the solver disagrees with the swap table"));
    if global.json {
        let v = json!({
            "out": out.display().to_string(),
            "boards": rows.iter().map(|r| json!({
                "n": r.n,
                "first_wins_without_swap": r.first_wins_without_swap,
                "first_wins_with_swap": r.first_wins_with_swap,
                "swapped_openings": r.swapped,
                "fair_openings": r.fair,
                "solver_agrees": r.solver_agrees,
            })).collect::<Vec<_>>(),
        });
        return print_result(v, failure);
    } else {
        for r in &rows {
            println!(
                "{n}x{n}: with swap the second player wins; White swaps {} opening(s); solver {}",
                r.swapped.len(),
                match r.solver_agrees {
                    Some(true) => "agrees",
                    Some(false) => "DISAGREES",
                    None => "not run",
                },
                n = r.n
            );
        }
        println!("written: {}/swap.csv, swap.md", out.display());
    }
    failure.map_or(Ok(()), Err)
}

/// Arguments of `gsolve rex proofs`.
#[derive(clap::Args, Debug)]
pub struct ProofsArgs {
    /// The database: a map's `resume/*.bin.gz` (or a parity table's).
    file: PathBuf,
    /// Board size ROWSxCOLS of the database, e.g. 6x6.
    #[arg(long)]
    size: String,
    /// The position: moves from the empty board, comma-separated cells (Black first), e.g.
    /// d3,d1 for the map unit "opening d3, reply d1".
    #[arg(long, default_value = "")]
    moves: String,
}

/// Run `gsolve rex proofs`.
pub fn proofs(a: ProofsArgs, global: &Global) -> CliResult {
    let (rows, cols) = super::rex::size_arg(&a.size)?;
    let r = jobs::rex::proofs_lookup::look_up(&jobs::rex::proofs_lookup::LookupConfig {
        rows,
        cols,
        moves: a.moves.clone(),
        file: a.file.clone(),
    })?;
    let count = |w: Option<bool>| r.moves.iter().filter(|m| m.wins == w).count();
    let (wins, losses, unknown) = (count(Some(true)), count(Some(false)), count(None));
    let pruned = r
        .moves
        .iter()
        .filter(|m| m.wins.is_none() && !m.searched)
        .count();
    let value = |v: Option<bool>| match v {
        Some(true) => "wins",
        Some(false) => "loses",
        None => "unknown",
    };
    if global.json {
        print_json(&json!({
            "file": a.file.display().to_string(),
            "size": format!("{rows}x{cols}"),
            "moves": a.moves,
            "entries": r.entries,
            "to_move": rex::colour_name(r.to_move),
            "position": value(r.position),
            "position_static": value(r.position_static),
            "settled": value(r.settled()),
            "replies": r.moves.iter().map(|m| json!({
                "move": m.name,
                "mover": value(m.wins),
                "from_database": m.from_database,
                "searched": m.searched,
            })).collect::<Vec<_>>(),
        }));
        return Ok(());
    }
    println!("{}", r.picture);
    println!(
        "{} entries in {}; after {}: {} to move {} ({} moves proven winning, {} losing, {} unknown of which {} pruned as inferior)",
        r.entries,
        a.file.display(),
        if a.moves.is_empty() { "no moves" } else { &a.moves },
        rex::colour_name(r.to_move),
        value(r.settled()),
        wins,
        losses,
        unknown,
        pruned,
    );
    Ok(())
}
