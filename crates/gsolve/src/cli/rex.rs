//! `gsolve rex …`: exact solving of Rex positions, opening maps and the parity table.

use super::common::{print_json, progress_bar, CliError, CliResult, Global};
use bitboard::hex::parse_size;
use bitboard::BitWord;
use exact::{Solver, SolverConfig};
use game::{ExactGame, Game, Player};
use rex::report::{self, BoardRow, ParityTable};
use rex::{RexMove, RexPosition};
use serde_json::json;
use std::path::{Path, PathBuf};
use std::time::Instant;

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
    /// same command) and shardable (--shard I/N, e.g. a Slurm array); writes replies*.csv,
    /// openings.csv, map.md, map.svg and resume/ in --out.
    ///
    /// Example: gsolve rex map --size 6x6 --out results/rex/6x6 --threads 2 --time 3600
    Map(super::rex_map::MapArgs),
    /// The swap-rule table: every square board's value with the swap rule and its fair
    /// openings, from the maps (theorem: the second player always wins and no opening is
    /// fair), checked with the solver's swap move on the small boards.
    ///
    /// Example: gsolve rex swap --check-up-to 5 --out results/rex
    Swap(super::rex_map::SwapArgs),
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
    /// Worker threads (results are identical for any number).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition-table size in MiB.
    #[arg(long = "tt-mb", default_value_t = 1024)]
    pub tt_mb: usize,
    /// Search algorithm: `alphabeta` (negamax alpha-beta) or `dfpn` (depth-first proof-number
    /// search with alpha-beta near the leaves; the table is split between the two).
    #[arg(long, default_value = "alphabeta", value_parser = ["alphabeta", "dfpn"])]
    pub algo: String,
}

impl SolverOpts {
    /// The solver settings, checked.
    pub fn config(&self) -> Result<SolverConfig, CliError> {
        if self.threads == 0 || self.threads > 256 {
            return Err(CliError::input(format!(
                "--threads {} must be between 1 and 256",
                self.threads
            )));
        }
        if self.tt_mb == 0 || self.tt_mb > 1 << 20 {
            return Err(CliError::input(format!(
                "--tt-mb {} must be between 1 and 1048576",
                self.tt_mb
            )));
        }
        Ok(SolverConfig {
            tt_mb: self.tt_mb,
            threads: self.threads,
            algorithm: if self.algo == "dfpn" {
                exact::Algorithm::Dfpn
            } else {
                exact::Algorithm::AlphaBeta
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
    #[arg(long, default_value = "results/rex")]
    out: PathBuf,
    /// Solve boards already in the CSV again and check them against it.
    #[arg(long)]
    verify: bool,
    #[command(flatten)]
    solver: SolverOpts,
}

/// Run `gsolve rex`.
pub fn run(args: RexArgs, global: &Global) -> CliResult {
    match args.command {
        RexCommand::Solve(a) => solve(a, global),
        RexCommand::Table(a) => table(a, global),
        RexCommand::Suite(a) => suite(a, global),
        RexCommand::Map(a) => super::rex_map::map(a, global),
        RexCommand::Swap(a) => super::rex_map::swap(a, global),
    }
}

/// The default job of `gsolve` without arguments: the quick table (boards of at most 25
/// cells), solved afresh and checked against the stored table and the literature.
pub fn run_default(global: &Global) -> CliResult {
    if !global.json {
        eprintln!("gsolve: reproducing the quick Rex table (every board of at most 25 cells); see `gsolve --help` for everything else.");
    }
    table(
        TableArgs {
            max_cells: 25,
            out: PathBuf::from("results/rex"),
            verify: true,
            solver: SolverOpts {
                threads: 2,
                tt_mb: 512,
                algo: "alphabeta".into(),
            },
        },
        global,
    )
}

pub(super) fn size_arg(text: &str) -> Result<(usize, usize), CliError> {
    let (rows, cols) = parse_size(text).map_err(CliError::input)?;
    let cells = rows * cols;
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
    let config = a.solver.config()?;
    if rows * cols <= 64 {
        solve_on::<u64>(rows, cols, &a, config, global)
    } else {
        solve_on::<u128>(rows, cols, &a, config, global)
    }
}

fn solve_on<W: BitWord>(
    rows: usize,
    cols: usize,
    a: &SolveArgs,
    config: SolverConfig,
    global: &Global,
) -> CliResult {
    let mut pos = RexPosition::<W>::new(rows, cols).map_err(CliError::input)?;
    pos = pos.with_swap(a.swap).map_err(CliError::input)?;
    pos.play_list(&a.moves).map_err(CliError::input)?;
    let solver = Solver::<RexPosition<W>>::new(config).map_err(CliError::input)?;
    let start = Instant::now();
    let to_move = pos.to_move();
    let over = pos.loser();
    let (wins, values) = if let Some(loser) = over {
        (loser != to_move, Vec::new())
    } else if a.all {
        let bar = super::common::spinner(global, "solving every move");
        let values = solver.move_values(&pos);
        bar.finish_and_clear();
        (values.iter().any(|v| v.wins), values)
    } else {
        let bar = super::common::spinner(global, "solving");
        let wins = solver.solve(&pos);
        bar.finish_and_clear();
        (wins, Vec::new())
    };
    let pv = if over.is_none() {
        solver.principal_variation(&pos, 200)
    } else {
        Vec::new()
    };
    let elapsed = start.elapsed().as_secs_f64();
    let winning: Vec<String> = values
        .iter()
        .filter(|v| v.wins)
        .map(|v| pos.move_name(v.mv))
        .collect();
    let pv_text = pv_names(&pos, &pv);
    let side = rex_colour(to_move);
    if global.json {
        let mut v = json!({
            "board": format!("{rows}x{cols}"),
            "moves": a.moves,
            "to_move": side.to_lowercase(),
            "result": if wins { "win" } else { "loss" },
            "winner": rex_colour(if wins { to_move } else { to_move.other() }).to_lowercase(),
            "principal_variation": pv_text,
            "nodes": solver.nodes(),
            "seconds": elapsed,
            "threads": a.solver.threads,
            "game_over": over.is_some(),
        });
        if a.all {
            v["winning_moves"] = json!(winning);
        }
        print_json(&v);
    } else {
        println!("{}", pos.to_text());
        println!("{side} to move {}", if wins { "wins" } else { "loses" });
        if a.all {
            println!(
                "winning moves ({}): {}",
                winning.len(),
                if winning.is_empty() {
                    "none".into()
                } else {
                    winning.join(" ")
                }
            );
        }
        println!("principal variation: {}", pv_text.join(" "));
        println!(
            "nodes {}  time {:.3} s  threads {}",
            solver.nodes(),
            elapsed,
            a.solver.threads
        );
    }
    Ok(())
}

fn pv_names<W: BitWord>(pos: &RexPosition<W>, pv: &[RexMove]) -> Vec<String> {
    let mut p = pos.clone();
    pv.iter()
        .map(|&m| {
            let n = p.move_name(m);
            p.play(m);
            n
        })
        .collect()
}

fn rex_colour(p: Player) -> &'static str {
    match p {
        Player::First => "Black",
        Player::Second => "White",
    }
}

/// Solve the empty `rows × cols` board: the value of every opening.
pub fn solve_board(
    rows: usize,
    cols: usize,
    solver_opts: &SolverOpts,
) -> Result<BoardRow, CliError> {
    let config = solver_opts.config()?;
    if rows * cols <= 64 {
        Ok(solve_board_on::<u64>(rows, cols, config)?)
    } else {
        Ok(solve_board_on::<u128>(rows, cols, config)?)
    }
}

fn solve_board_on<W: BitWord>(
    rows: usize,
    cols: usize,
    config: SolverConfig,
) -> Result<BoardRow, CliError> {
    let pos = RexPosition::<W>::new(rows, cols).map_err(CliError::input)?;
    let solver = Solver::<RexPosition<W>>::new(config).map_err(CliError::input)?;
    let start = Instant::now();
    let values = solver.move_values(&pos);
    let winning: Vec<String> = values
        .iter()
        .filter(|v| v.wins)
        .map(|v| pos.move_name(v.mv))
        .collect();
    let _ = pos.canonical_keys();
    Ok(BoardRow {
        rows,
        cols,
        first_player_wins: !winning.is_empty(),
        winning_openings: winning,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

fn table(a: TableArgs, global: &Global) -> CliResult {
    if a.max_cells == 0 || a.max_cells > 121 {
        return Err(CliError::input(format!(
            "--max-cells {} must be between 1 and 121",
            a.max_cells
        )));
    }
    a.solver.config()?;
    let csv_path = a.out.join("parity.csv");
    let md_path = a.out.join("parity.md");
    let mut table = load_table(&csv_path)?;
    let boards = report::boards_up_to(a.max_cells);
    let bar = progress_bar(global, boards.len() as u64, "rex table");
    let mut solved_now = Vec::new();
    let mut mismatches = Vec::new();
    for &(rows, cols) in &boards {
        bar.set_message(format!("{rows}x{cols}"));
        let existing = table.get(rows, cols).cloned();
        if existing.is_some() && !a.verify {
            bar.inc(1);
            continue;
        }
        let row = solve_board(rows, cols, &a.solver)?;
        if let Some(old) = existing {
            if old.first_player_wins != row.first_player_wins
                || old.winning_openings != row.winning_openings
            {
                mismatches.push(format!(
                    "{rows}x{cols}: stored {:?}, solved {:?}",
                    old.winning_openings, row.winning_openings
                ));
                continue;
            }
        }
        solved_now.push((rows, cols));
        table.insert(row);
        // Save after every board: a killed run loses at most the board in progress.
        save_table(&table, &csv_path, &md_path)?;
        bar.inc(1);
    }
    bar.finish_and_clear();
    let checks = report::literature_checks(&table);
    let failed: Vec<_> = checks.iter().filter(|c| !c.ok).collect();
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
        print_json(&json!({
            "boards": rows,
            "solved_now": solved_now.iter().map(|(r, c)| format!("{r}x{c}")).collect::<Vec<_>>(),
            "csv": csv_path.display().to_string(),
            "markdown": md_path.display().to_string(),
            "literature_checks": checks.iter().map(|c| json!({"check": c.what, "ok": c.ok})).collect::<Vec<_>>(),
            "mismatches": mismatches,
        }));
    } else {
        println!(
            "{:<7} {:>5}  {:<6}  {:>12} {:>9}  winning first moves",
            "board", "cells", "winner", "nodes", "seconds"
        );
        for &(r, c) in &boards {
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
        println!(
            "solved now: {} board(s); table: {} and {}",
            solved_now.len(),
            csv_path.display(),
            md_path.display()
        );
        println!(
            "literature checks (rules/rex.md): {} agree, {} disagree",
            checks.len() - failed.len(),
            failed.len()
        );
        for c in &failed {
            println!("  DISAGREES: {}", c.what);
        }
    }
    if !mismatches.is_empty() {
        return Err(CliError::runtime(format!(
            "solved values differ from {}: {}",
            csv_path.display(),
            mismatches.join("; ")
        )));
    }
    if !failed.is_empty() {
        return Err(CliError::runtime(format!(
            "{} literature check(s) failed",
            failed.len()
        )));
    }
    Ok(())
}

pub(super) fn load_table(path: &Path) -> Result<ParityTable, CliError> {
    match std::fs::read_to_string(path) {
        Ok(text) => ParityTable::from_csv(&text).map_err(|e| {
            CliError::input(format!(
                "{}: {e} (not overwritten; move it away to start afresh)",
                path.display()
            ))
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(ParityTable::default()),
        Err(e) => Err(CliError::runtime(format!(
            "cannot read {}: {e}",
            path.display()
        ))),
    }
}

fn save_table(table: &ParityTable, csv: &Path, md: &Path) -> CliResult {
    let producer = format!(
        "{} ({})",
        super::common::command_line(),
        super::common::toolkit_version()
    );
    super::common::write_atomic(csv, table.to_csv(&producer).as_bytes())?;
    super::common::write_atomic(md, table.to_markdown(&producer).as_bytes())
}

/// The outcome of running a suite.
#[derive(Debug, Clone)]
pub struct SuiteReport {
    /// Lines checked.
    pub checked: usize,
    /// Lines whose winning-move set differs: (line, expected, found).
    pub mismatches: Vec<(usize, Vec<String>, Vec<String>)>,
    /// Nodes visited.
    pub nodes: u64,
    /// Seconds.
    pub seconds: f64,
}

/// Solve every line of a suite file and compare the winning-move sets.
pub fn run_suite(
    file: &Path,
    size: &str,
    limit: Option<usize>,
    opts: &SolverOpts,
) -> Result<SuiteReport, CliError> {
    let (rows, cols) = size_arg(size)?;
    if rows * cols > 64 {
        return Err(CliError::input(
            "suites are supported on boards of at most 64 cells",
        ));
    }
    let text = std::fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", file.display())))?;
    let lines = rex::solrex::parse_suite(&text)
        .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
    let lines = &lines[..limit.unwrap_or(usize::MAX).min(lines.len())];
    let solver = Solver::<RexPosition<u64>>::new(opts.config()?).map_err(CliError::input)?;
    let start = Instant::now();
    let mut mismatches = Vec::new();
    for l in lines {
        let mut pos = RexPosition::<u64>::new(rows, cols).map_err(CliError::input)?;
        pos.play_list(&l.moves.join(","))
            .map_err(|e| CliError::input(format!("{} line {}: {e}", file.display(), l.line)))?;
        let mut found: Vec<String> = solver
            .move_values(&pos)
            .iter()
            .filter(|v| v.wins)
            .map(|v| pos.move_name(v.mv))
            .collect();
        found.sort();
        if found != l.winning {
            mismatches.push((l.line, l.winning.clone(), found));
        }
    }
    Ok(SuiteReport {
        checked: lines.len(),
        mismatches,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}

fn suite(a: SuiteArgs, global: &Global) -> CliResult {
    let r = run_suite(&a.file, &a.size, a.limit, &a.solver)?;
    if global.json {
        print_json(&json!({
            "file": a.file.display().to_string(),
            "checked": r.checked,
            "matched": r.checked - r.mismatches.len(),
            "mismatches": r.mismatches.iter().map(|(l, e, f)| json!({"line": l, "expected": e, "found": f})).collect::<Vec<_>>(),
            "nodes": r.nodes,
            "seconds": r.seconds,
            "threads": a.solver.threads,
        }));
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
    if r.mismatches.is_empty() {
        Ok(())
    } else {
        Err(CliError::runtime(format!(
            "{} position(s) differ from {}",
            r.mismatches.len(),
            a.file.display()
        )))
    }
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
    #[arg(long, default_value = "results/rex/bench.md")]
    out: PathBuf,
    /// Transposition-table size in MiB.
    #[arg(long = "tt-mb", default_value_t = 2048)]
    tt_mb: usize,
    /// Skip the 6x6 item.
    #[arg(long)]
    no_6x6: bool,
}

/// Moves from the empty board and, where known, the expected winning moves.
type BenchPosition = (Vec<String>, Option<Vec<String>>);

/// One benchmark measurement.
#[derive(Debug, Clone, serde::Serialize)]
struct BenchRow {
    item: String,
    threads: usize,
    done: usize,
    total: usize,
    complete: bool,
    all_match: bool,
    nodes: u64,
    seconds: f64,
    /// CPU seconds of all threads during the item (0 if unknown).
    cpu_seconds: f64,
}

/// Solve `positions` (moves, expected winning set or `None`) one by one until the budget ends.
fn bench_positions(
    item: &str,
    positions: &[BenchPosition],
    rows: usize,
    threads: usize,
    budget: f64,
    tt_mb: usize,
    global: &Global,
) -> Result<BenchRow, CliError> {
    let mut solver = Solver::<RexPosition<u64>>::new(SolverConfig {
        tt_mb,
        threads,
        ..SolverConfig::default()
    })
    .map_err(CliError::input)?;
    solver.prefault();
    let cpu_start = super::common::process_cpu_seconds();
    let start = Instant::now();
    solver.set_deadline(Some(start + std::time::Duration::from_secs_f64(budget)));
    let bar = progress_bar(
        global,
        positions.len() as u64,
        &format!("{item} ({threads} thr)"),
    );
    let mut done = 0;
    let mut all_match = true;
    for (moves, expected) in positions {
        let mut pos = RexPosition::<u64>::new(rows, rows).map_err(CliError::input)?;
        pos.play_list(&moves.join(",")).map_err(CliError::input)?;
        let mut found: Vec<String> = solver
            .move_values(&pos)
            .iter()
            .filter(|v| v.wins)
            .map(|v| pos.move_name(v.mv))
            .collect();
        if solver.stopped() {
            break;
        }
        found.sort();
        if let Some(e) = expected {
            all_match &= *e == found;
        }
        done += 1;
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(BenchRow {
        item: item.to_string(),
        threads,
        done,
        total: positions.len(),
        complete: done == positions.len(),
        all_match,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
        cpu_seconds: match (cpu_start, super::common::process_cpu_seconds()) {
            (Some(a), Some(b)) => b - a,
            _ => 0.0,
        },
    })
}

/// `gsolve bench rex`: the 4x4 and 5x5 maps, the Solrex suite and 6x6 openings, at 1 and 2
/// threads, written to results/rex/bench.md with the command that produced it.
pub fn bench(a: RexBenchArgs, global: &Global) -> CliResult {
    if !(a.budget > 0.0 && a.budget.is_finite()) {
        return Err(CliError::input(format!(
            "--budget {} must be a positive number of seconds",
            a.budget
        )));
    }
    let read = |name: &str| -> Result<Vec<BenchPosition>, CliError> {
        let path = a.suite_dir.join(name);
        let text = std::fs::read_to_string(&path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let lines = rex::solrex::parse_suite(&text)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        Ok(lines
            .into_iter()
            .map(|l| (l.moves, Some(l.winning)))
            .collect())
    };
    let openings = read("rex5x5opening.dat")?;
    let random = read("random5x5.dat")?;
    let empty4 = vec![(Vec::new(), None)];
    let mut rows = Vec::new();
    for threads in [1, 2] {
        rows.push(bench_positions(
            "4x4 full map (all 16 openings)",
            &empty4,
            4,
            threads,
            a.budget,
            a.tt_mb,
            global,
        )?);
        rows.push(bench_positions(
            "random5x5.dat, first 100",
            &random[..100],
            5,
            threads,
            a.budget,
            a.tt_mb,
            global,
        )?);
        rows.push(bench_positions(
            "5x5 full map (25 openings, all replies)",
            &openings,
            5,
            threads,
            a.budget,
            a.tt_mb,
            global,
        )?);
    }
    rows.push(bench_positions(
        "random5x5.dat, all 500",
        &random,
        5,
        2,
        a.budget,
        a.tt_mb,
        global,
    )?);
    if !a.no_6x6 {
        let corner = vec![
            (vec!["a1".to_string()], None),
            (vec!["b1".to_string()], None),
        ];
        rows.push(bench_positions(
            "6x6 after a1 / after b1 (all replies)",
            &corner,
            6,
            2,
            a.budget,
            a.tt_mb,
            global,
        )?);
    }
    let md = bench_markdown(&rows, &a);
    super::common::write_atomic(&a.out, md.as_bytes())?;
    if global.json {
        print_json(&json!({ "rows": rows, "out": a.out.display().to_string() }));
    } else {
        print!("{md}");
    }
    Ok(())
}

fn bench_markdown(rows: &[BenchRow], a: &RexBenchArgs) -> String {
    use std::fmt::Write as _;
    let mut s = String::from("# Rex solver benchmark\n\n");
    let _ = writeln!(
        s,
        "Produced by `{}` ({}), budget {} s per item, table {} MiB.",
        super::common::command_line(),
        super::common::toolkit_version(),
        a.budget,
        a.tt_mb
    );
    if let Some(load) = std::fs::read_to_string("/proc/loadavg")
        .ok()
        .and_then(|l| l.split_whitespace().next().map(str::to_string))
    {
        let _ = writeln!(
            s,
            "Load average (1 min) when the table was written: {load} (other jobs share the cores; times scale with the share the run got)."
        );
    }
    let _ = writeln!(s, "Machine: {} logical CPUs. Every item compares each winning-move set with the Solrex file where there is one.\n", std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0));
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
    if let Some(mib) = super::common::peak_rss_mib() {
        let _ = writeln!(
            s,
            "\nPeak resident memory of the whole run: {mib:.0} MiB (each item's table: {} MiB).",
            a.tt_mb
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
    s.push_str("\n## Targets (issue 2; Solrex on this machine kind, 2 threads)\n\n");
    for (item, solrex) in [
        ("random5x5.dat, first 100", 10.0),
        ("5x5 full map (25 openings, all replies)", 28.0),
    ] {
        if let Some(r) = rows.iter().find(|r| r.threads == 2 && r.item == item) {
            let met = r.complete && r.all_match && r.seconds <= solrex;
            let _ = writeln!(
                s,
                "- {item}: Solrex {solrex:.0} s; gsolve {}: {}",
                if r.complete {
                    format!("{:.1} s", r.seconds)
                } else {
                    format!("{}/{} in {:.0} s", r.done, r.total, r.seconds)
                },
                if met { "met" } else { "NOT met" }
            );
        }
    }
    s
}
