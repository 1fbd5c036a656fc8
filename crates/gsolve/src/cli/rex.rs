//! `gsolve rex …`: exact solving of Rex positions, opening maps and the parity table.

use super::common::{print_json, print_result, CliError, CliResult, Global};
use bitboard::hex::parse_size;
use exact::SolverConfig;
use game::Player;
use rex::report::ParityTable;
use serde_json::json;
use std::path::{Path, PathBuf};

/// Arguments of `gsolve rex`.
#[derive(clap::Args, Debug)]
pub struct RexArgs {
    #[command(subcommand)]
    command: RexCommand,
}

#[derive(clap::Subcommand, Debug)]
enum RexCommand {
    /// Solve one position exactly: who wins, every winning move (--all), a principal variation.
    ///
    /// Example: gsolve rex solve --size 4x4 --moves a1 --all
    Solve(SolveArgs),
    /// The parity table: winner and every winning opening of every board up to --max-cells.
    ///
    /// Writes results/rex/parity.csv and parity.md; boards already in the CSV are skipped
    /// (resumable) unless --verify, which solves them again and checks the stored answer.
    Table(TableArgs),
    /// Check the solver on a Solrex regression file (`moves: winning moves`, Benzene colours,
    /// transposed to this project's convention): every winning-move set must match exactly.
    ///
    /// Example: gsolve rex suite ../shared/data/solrex/random5x5.dat --limit 100
    Suite(SuiteArgs),
    /// The first-move map: every opening (up to the 180° rotation), the value of every reply,
    /// a winning answer to each reply Black wins. Resumable (kill it at any time and run the
    /// same command; SIGTERM or Ctrl-C stops it as --time does, saving and printing the
    /// summary) and shardable (--shard I/N, e.g. a Slurm array); writes replies*.csv,
    /// openings.csv, map.md, map.svg and resume/ in --out.
    ///
    /// Example: gsolve rex map --size 6x6 --out results/rex/6x6 --threads 2 --time 3600
    Map(super::rex_map::MapArgs),
    /// A finished map against a Solrex opening file (after each opening, White's winning
    /// replies): every set must match exactly; and every answer of Black in the map is solved
    /// again (White to move after it must lose). Exit 1 on a mismatch or a losing answer.
    ///
    /// Example: gsolve rex map-check results/rex/5x5 ../shared/data/solrex/rex5x5opening.dat
    MapCheck(super::rex_map::MapCheckArgs),
    /// The swap-rule table: every square board's value with the swap rule and its fair
    /// openings, from the maps (theorem: the second player always wins and no opening is
    /// fair), checked with the solver's swap move on the small boards.
    ///
    /// Example: gsolve rex swap --check-up-to 5 --out results/rex
    Swap(super::rex_map::SwapArgs),
    /// What a map's solved-position database already knows about one position, without
    /// searching: each move proven winning (+) or losing (-), unknown (?), or unknown and
    /// pruned as inferior (x), drawn on the board. Shows where a long map unit stands between
    /// legs: which answers to its root the database has settled.
    ///
    /// Example: gsolve rex proofs results/rex/6x6/resume/proofs.bin.gz --size 6x6 --moves d3,d1
    Proofs(super::rex_map::ProofsArgs),
}

#[derive(clap::Args, Debug)]
struct SuiteArgs {
    /// The suite file.
    file: PathBuf,
    /// Board size of the suite.
    #[arg(long, default_value = "5x5")]
    size: String,
    /// Check only the first N lines.
    #[arg(long)]
    limit: Option<usize>,
    #[command(flatten)]
    solver: SolverOpts,
}

/// Solver resources shared by the subcommands.
#[derive(clap::Args, Debug, Clone)]
pub struct SolverOpts {
    /// Worker threads (values are identical for any number; a winning move named, such as a
    /// map's answer or a principal variation, is always proven but may differ between runs).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition-table size in MiB. Default: by the board for `solve`, `suite` and `gtp`
    /// (64 up to 25 cells, 256 up to 36, 1024 beyond), 1024 for `map` and `table`. A table
    /// larger than the search fills costs only the time to touch its pages (a 1 GiB table took
    /// 1.4–2 s of system time on the CI machine kind even for a small search), so small boards
    /// get small tables; a long 6×6 search wants more.
    #[arg(long = "tt-mb")]
    pub tt_mb: Option<usize>,
    /// Search algorithm: `dfpn` (depth-first proof-number search with alpha-beta near the
    /// leaves; the table is split between the two; with two or more threads, that many df-pn
    /// workers share the tables on each root position), `alphabeta` (negamax alpha-beta) or
    /// `portfolio` (with two or more threads, alpha-beta and one df-pn worker race on each root
    /// position, the first to finish answers; alpha-beta with one thread). The default: since
    /// the one-colour fill-in and the edge reach of domination (2026-12-07), df-pn is 6–40×
    /// faster than alpha-beta on the hard 6×6 replies (`results/rex/knowledge.md`).
    #[arg(long, default_value = "dfpn", value_parser = ["alphabeta", "dfpn", "portfolio"])]
    pub algo: String,
}

/// The table size of [`SolverOpts::tt_mb_for`] when `--tt-mb` is not given: enough for the
/// searches of one position or a file of positions of a board of `cells` cells. Measured on
/// the 35 replies to the 6×6 opening c1 solved one after another by one solver (one thread,
/// table kept; `cargo run --release -p jobs --example rex_reply_run`): 740,638 / 707,826 /
/// 715,493 / 715,464 nodes with 128 / 256 / 512 / 1024 MiB, and 0.28 / 1.00 / 1.37 s of
/// system time for 128 / 512 / 1024 (session 33). Node counts of single hard positions swing
/// 2–4× with the table size either way (`results/rex/knowledge.md`), so they decide nothing.
pub fn default_tt_mb(cells: usize) -> usize {
    match cells {
        0..=25 => 64,
        26..=36 => 256,
        _ => 1024,
    }
}

impl SolverOpts {
    /// The table size: `--tt-mb` if given, else [`default_tt_mb`] for a board of `cells`
    /// cells, or 1024 MiB for runs over many boards or long runs (`None`).
    pub fn tt_mb_for(&self, cells: Option<usize>) -> usize {
        self.tt_mb
            .unwrap_or_else(|| cells.map_or(1024, default_tt_mb))
    }

    /// The solver settings, checked, with the table of a run over many boards or a long run
    /// (1024 MiB unless `--tt-mb`).
    pub fn config(&self) -> Result<SolverConfig, CliError> {
        self.config_for(None)
    }

    /// The solver settings, checked, with the table sized for a board of `cells` cells (see
    /// [`Self::tt_mb_for`]).
    pub fn config_for(&self, cells: Option<usize>) -> Result<SolverConfig, CliError> {
        if self.threads == 0 || self.threads > 256 {
            return Err(CliError::input(format!(
                "--threads {} must be between 1 and 256",
                self.threads
            )));
        }
        let tt_mb = self.tt_mb_for(cells);
        jobs::output::check_memory_mib("--tt-mb", tt_mb)?;
        Ok(SolverConfig {
            tt_mb,
            threads: self.threads,
            algorithm: match self.algo.as_str() {
                "dfpn" => exact::Algorithm::Dfpn,
                "portfolio" => exact::Algorithm::Portfolio,
                _ => exact::Algorithm::AlphaBeta,
            },
            ..SolverConfig::default()
        })
    }
}

#[derive(clap::Args, Debug)]
struct SolveArgs {
    /// Board size ROWSxCOLS (at most 121 cells), e.g. 5x5 or 4x3.
    #[arg(long, default_value = "4x4")]
    size: String,
    /// Moves played from the empty board, comma-separated cells (Black first), e.g. a1,c3.
    #[arg(long, default_value = "")]
    moves: String,
    /// Allow the swap move (square boards).
    #[arg(long)]
    swap: bool,
    /// Solve every legal move and list all winning ones.
    #[arg(long)]
    all: bool,
    #[command(flatten)]
    solver: SolverOpts,
}

#[derive(clap::Args, Debug)]
struct TableArgs {
    /// Include every board rows×cols with at most this many cells.
    #[arg(long = "max-cells", default_value_t = 25)]
    max_cells: usize,
    /// Output directory for parity.csv and parity.md.
    #[arg(long, default_value = "runs/rex")]
    out: PathBuf,
    /// Solve boards already in the CSV again and check them against it.
    #[arg(long)]
    verify: bool,
    /// Seconds between saves of the board in progress's solved positions
    /// (OUT/resume/table-ROWSxCOLS.bin.gz; a killed run resumes from them; 0: never saved).
    #[arg(long = "checkpoint-secs", default_value_t = 60.0)]
    checkpoint_secs: f64,
    /// This run's shard I/N of the boards (board i of the table belongs to shard i mod N),
    /// e.g. a Slurm array task's. A shard of N > 1 writes only OUT/parity-IofN.csv (no
    /// Markdown, no literature checks); `gsolve merge` makes parity.csv and parity.md.
    #[arg(long, default_value = "0/1")]
    shard: String,
    #[command(flatten)]
    solver: SolverOpts,
}

/// Run `gsolve rex`.
pub fn run(args: RexArgs, global: &Global) -> CliResult {
    match args.command {
        RexCommand::Solve(a) => solve(a, global),
        RexCommand::Table(a) => table(a, global, None),
        RexCommand::Suite(a) => suite(a, global),
        RexCommand::Map(a) => super::rex_map::map(a, global),
        RexCommand::MapCheck(a) => super::rex_map::map_check(a, global),
        RexCommand::Swap(a) => super::rex_map::swap(a, global),
        RexCommand::Proofs(a) => super::rex_map::proofs(a, global),
    }
}

/// The default job of `gsolve` without arguments: the quick table (boards of at most 25
/// cells), solved afresh and checked against the stored table and the literature.
pub fn run_default(global: &Global) -> CliResult {
    if !global.json {
        eprintln!("gsolve: reproducing the quick Rex table (every board of at most 25 cells); see `gsolve --help` for everything else.");
    }
    // The committed table is the reference: copied to runs/rex/ and verified there, so that the
    // committed results/ are never rewritten by the main job.
    let out = PathBuf::from("runs/rex");
    let committed = Path::new("results/rex/parity.csv");
    if committed.exists() {
        std::fs::create_dir_all(&out)
            .and_then(|_| std::fs::copy(committed, out.join("parity.csv")))
            .map_err(|e| CliError::runtime(format!("cannot copy {}: {e}", committed.display())))?;
    }
    table(
        TableArgs {
            max_cells: 25,
            out,
            verify: true,
            checkpoint_secs: 60.0,
            shard: "0/1".into(),
            solver: SolverOpts {
                threads: 2,
                tt_mb: Some(512),
                algo: "alphabeta".into(),
            },
        },
        global,
        // The report of the committed results, beside the fresh table (never into results/).
        Some(Path::new("runs/report")),
    )
}

pub(super) fn size_arg(text: &str) -> Result<(usize, usize), CliError> {
    let (rows, cols) = parse_size(text).map_err(CliError::input)?;
    // Saturating: a product that wraps (1152921504606846976x16 is 0 cells) must not pass.
    let cells = rows.saturating_mul(cols);
    if rows == 0 || cols == 0 || cells > 121 {
        return Err(CliError::input(format!(
            "board {rows}x{cols} has {cells} cells; Rex boards have 1 to 121 cells"
        )));
    }
    if cols > 26 {
        return Err(CliError::input(format!(
            "board {rows}x{cols}: at most 26 columns"
        )));
    }
    Ok((rows, cols))
}

fn solve(a: SolveArgs, global: &Global) -> CliResult {
    let (rows, cols) = size_arg(&a.size)?;
    super::common::check_move_list("--moves", &a.moves)?;
    let cfg = jobs::rex::solve::SolveConfig {
        rows,
        cols,
        moves: a.moves.clone(),
        swap: a.swap,
        all: a.all,
        solver: a.solver.config_for(Some(rows * cols))?,
    };
    let r = jobs::rex::solve::solve_position(&cfg, &super::common::BarProgress::new(global))?;
    let side = rex_colour(r.to_move);
    if global.json {
        let mut v = json!({
            "board": format!("{rows}x{cols}"),
            "moves": a.moves,
            "to_move": side.to_lowercase(),
            "result": if r.wins { "win" } else { "loss" },
            "winner": rex_colour(if r.wins { r.to_move } else { r.to_move.other() }).to_lowercase(),
            "principal_variation": r.principal_variation,
            "nodes": r.nodes,
            "seconds": r.seconds,
            "threads": a.solver.threads,
            "game_over": r.game_over,
        });
        if a.all {
            v["winning_moves"] = json!(r.winning_moves);
        }
        print_json(&v);
    } else {
        println!("{}", r.diagram);
        println!("{side} to move {}", if r.wins { "wins" } else { "loses" });
        if a.all {
            println!(
                "winning moves ({}): {}",
                r.winning_moves.len(),
                if r.winning_moves.is_empty() {
                    "none".into()
                } else {
                    r.winning_moves.join(" ")
                }
            );
        }
        println!("principal variation: {}", r.principal_variation.join(" "));
        println!(
            "nodes {}  time {:.3} s  threads {}",
            r.nodes, r.seconds, a.solver.threads
        );
    }
    Ok(())
}

fn rex_colour(p: Player) -> &'static str {
    match p {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// `rex table`; with `report`, the run ends by drawing results/ into that folder (the main job).
fn table(a: TableArgs, global: &Global, report: Option<&Path>) -> CliResult {
    let solver = a.solver.config()?;
    if !(a.checkpoint_secs.is_finite() && a.checkpoint_secs >= 0.0) {
        return Err(CliError::input(format!(
            "--checkpoint-secs {}: expected seconds >= 0",
            a.checkpoint_secs
        )));
    }
    let shard = jobs::shard::Shard::parse(&a.shard, "--shard")?;
    jobs::output::check_writable_dir("--out", &a.out)?;
    if let Some(dir) = report {
        jobs::output::check_writable_dir("the report folder", dir)?;
    }
    let cfg = jobs::rex::table::TableConfig {
        max_cells: a.max_cells,
        out: a.out.clone(),
        verify: a.verify,
        solver,
        checkpoint_secs: (a.checkpoint_secs > 0.0).then_some(a.checkpoint_secs),
        shard,
        producer: format!(
            "{} ({})",
            super::common::command_line(),
            super::common::toolkit_version()
        ),
    };
    let progress = super::common::BarProgress::new(global);
    let jobs::rex::table::TableReport {
        table,
        boards,
        solved_now,
        mismatches,
        checks,
        csv: csv_path,
        markdown: md_path,
    } = jobs::rex::table::run_table(&cfg, &progress)?;
    let failed: Vec<_> = checks.iter().filter(|c| !c.ok).collect();
    let drawn = match report {
        Some(dir) => Some(super::report::build(Path::new("results"), dir)?),
        None => None,
    };
    if global.json {
        let rows: Vec<_> = boards
            .iter()
            .filter_map(|&(r, c)| table.get(r, c))
            .map(|b| {
                json!({
                    "board": format!("{}x{}", b.rows, b.cols),
                    "rows": b.rows, "cols": b.cols,
                    "winner": if b.first_player_wins { "first" } else { "second" },
                    "winning_moves": b.winning_openings,
                    "nodes": b.nodes, "seconds": b.seconds,
                })
            })
            .collect();
        let v = json!({
            "boards": rows,
            "solved_now": solved_now.iter().map(|(r, c)| format!("{r}x{c}")).collect::<Vec<_>>(),
            "csv": csv_path.display().to_string(),
            "markdown": md_path.as_ref().map(|p| p.display().to_string()),
            "literature_checks": checks.iter().map(|c| json!({"check": c.what, "ok": c.ok})).collect::<Vec<_>>(),
            "mismatches": mismatches,
        });
        let mut v = v;
        if let Some(d) = &drawn {
            v["report"] = super::report::summary_json(d);
        }
        return print_result(v, table_failure(&mismatches, &failed, &csv_path));
    } else {
        print_boards(&boards, &table);
        println!(
            "solved now: {} board(s); table: {}{}",
            solved_now.len(),
            csv_path.display(),
            md_path
                .as_ref()
                .map_or(String::new(), |p| format!(" and {}", p.display()))
        );
        if shard.count > 1 {
            println!("literature checks: on the merged table (`gsolve merge`)");
        } else {
            println!(
                "literature checks (rules/rex.md): {} agree, {} disagree",
                checks.len() - failed.len(),
                failed.len()
            );
        }
        for c in &failed {
            println!("  DISAGREES: {}", c.what);
        }
        if let Some(d) = &drawn {
            println!(
                "report of results/ ({} figures, {} missing): {}",
                d.figures.len(),
                d.missing.len(),
                d.index.display()
            );
        }
    }
    table_failure(&mismatches, &failed, &csv_path).map_or(Ok(()), Err)
}

/// The table's boards, one line each (human output).
fn print_boards(boards: &[(usize, usize)], table: &rex::report::ParityTable) {
    println!(
        "{:<7} {:>5}  {:<6}  {:>12} {:>9}  winning first moves",
        "board", "cells", "winner", "nodes", "seconds"
    );
    for &(r, c) in boards {
        if let Some(b) = table.get(r, c) {
            println!(
                "{:<7} {:>5}  {:<6}  {:>12} {:>9.3}  {}",
                format!("{r}x{c}"),
                r * c,
                if b.first_player_wins {
                    "first"
                } else {
                    "second"
                },
                b.nodes,
                b.seconds,
                if b.winning_openings.is_empty() {
                    "none".to_string()
                } else {
                    b.winning_openings.join(" ")
                }
            );
        }
    }
}

/// Why a finished table run failed: values that differ from the stored table, or failed
/// literature checks.
fn table_failure<T>(mismatches: &[String], failed: &[T], csv_path: &Path) -> Option<CliError> {
    if !mismatches.is_empty() {
        return Some(CliError::runtime(format!(
            "solved values differ from {}: {}",
            csv_path.display(),
            mismatches.join("; ")
        )));
    }
    if !failed.is_empty() {
        return Some(CliError::runtime(format!(
            "{} literature check(s) failed",
            failed.len()
        )));
    }
    None
}

pub(super) fn load_table(path: &Path) -> Result<ParityTable, CliError> {
    Ok(jobs::rex::table::load_table(path)?)
}

pub use jobs::rex::suite::SuiteReport;

/// Solve every line of a suite file and compare the winning-move sets
/// ([`jobs::rex::suite::run_suite`]).
pub fn run_suite(
    file: &Path,
    size: &str,
    limit: Option<usize>,
    opts: &SolverOpts,
) -> Result<SuiteReport, CliError> {
    let (rows, cols) = size_arg(size)?;
    Ok(jobs::rex::suite::run_suite(
        file,
        rows,
        cols,
        limit,
        &opts.config_for(Some(rows * cols))?,
        &jobs::NoProgress,
    )?)
}

fn suite(a: SuiteArgs, global: &Global) -> CliResult {
    let r = run_suite(&a.file, &a.size, a.limit, &a.solver)?;
    let failure = (!r.mismatches.is_empty()).then(|| {
        CliError::runtime(format!(
            "{} position(s) differ from {}",
            r.mismatches.len(),
            a.file.display()
        ))
    });
    if global.json {
        let v = json!({
            "file": a.file.display().to_string(),
            "checked": r.checked,
            "matched": r.checked - r.mismatches.len(),
            "mismatches": r.mismatches.iter().map(|(l, e, f)| json!({"line": l, "expected": e, "found": f})).collect::<Vec<_>>(),
            "nodes": r.nodes,
            "seconds": r.seconds,
            "threads": a.solver.threads,
        });
        return print_result(v, failure);
    } else {
        println!(
            "{}: {} positions, {} match, {} differ",
            a.file.display(),
            r.checked,
            r.checked - r.mismatches.len(),
            r.mismatches.len()
        );
        for (l, e, f) in &r.mismatches {
            println!("  line {l}: expected {} found {}", e.join(" "), f.join(" "));
        }
        println!(
            "nodes {}  time {:.3} s  threads {}",
            r.nodes, r.seconds, a.solver.threads
        );
    }
    failure.map_or(Ok(()), Err)
}

/// Arguments of `gsolve bench rex`.
#[derive(clap::Args, Debug)]
pub struct RexBenchArgs {
    /// Wall-clock budget per benchmark item, in seconds; an item cut short is reported as such.
    #[arg(long, default_value_t = 300.0)]
    budget: f64,
    /// Directory of the Solrex suite files.
    #[arg(long, default_value = "../shared/data/solrex")]
    suite_dir: PathBuf,
    /// Output Markdown file.
    #[arg(long, default_value = "runs/rex/bench.md")]
    out: PathBuf,
    /// Transposition-table size in MiB.
    #[arg(long = "tt-mb", default_value_t = 2048)]
    tt_mb: usize,
    /// Skip the 6x6 item.
    #[arg(long)]
    no_6x6: bool,
}

/// `gsolve bench rex`: the 4x4 and 5x5 maps, the Solrex suite and 6x6 openings, at 1 and 2
/// threads, written to results/rex/bench.md with the command that produced it
/// ([`jobs::rex::bench::run_bench`]).
pub fn bench(a: RexBenchArgs, global: &Global) -> CliResult {
    jobs::output::check_writable_file("--out", &a.out)?;
    let cfg = jobs::rex::bench::BenchConfig {
        budget: a.budget,
        suite_dir: a.suite_dir.clone(),
        out: a.out.clone(),
        tt_mb: a.tt_mb,
        no_6x6: a.no_6x6,
        command: super::common::command_line(),
    };
    let progress = super::common::BarProgress::new(global);
    let (rows, md) = jobs::rex::bench::run_bench(&cfg, &progress)?;
    if global.json {
        print_json(&json!({ "rows": rows, "out": a.out.display().to_string() }));
    } else {
        print!("{md}");
    }
    Ok(())
}
