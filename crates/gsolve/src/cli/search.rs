//! The search front end shared by the chess-like games (`gsolve dola|hexecs search|play`,
//! `gsolve bench search`): the clap arguments common to both games, the printing of search
//! iterations and results, and the output of the search benchmark. The searches, self-play and
//! benchmark are jobs in `jobs::{search, selfplay, search_bench}`; this module maps flags to
//! their configs and prints.
//!
//! - [`SearchLimits`]: `--depth D` (1..=64), `--time S` (seconds, > 0, finite), `--nodes N`
//!   (> 0), at least one of the three; `--threads T` (1..=256, default 1: deterministic),
//!   `--tt-mb M` (default 64), `--no-tt`, `--chance expectimax|star1|star2` (default star2),
//!   `--no-lmr` (late move reductions are on by default; this switches them off for exact
//!   fixed-depth values), `--no-chance-first` (order a roll like any quiet move, not right
//!   after the table move). Bad values are `CliError::input` (exit 2).
//! - [`run_search`]: print one line per completed iteration (depth, seldepth, score, nodes,
//!   nodes/s, time, PV) then a `bestmove` line, or with `--json` exactly one object with the
//!   keys `best_move`, `score`, `score_kind` (`"cp"`, `"win"`, `"loss"`), `win_in_plies` (or
//!   null), `depth`, `seldepth`, `nodes`, `quiescence_nodes`, `chance_nodes`,
//!   `chance_subtree_nodes` (nodes below a chance node), `nps`, `time_s`, `ebf`, `pv`,
//!   `iterations` (each: `depth`, `seldepth`, `score`, `nodes`, `iteration_nodes`, `nps`,
//!   `time_s`, `best_move`, `pv`), `stop`, `threads`, `tt_mb`, `chance_pruning`, `lmr`,
//!   `hashfull`.
//! - [`SearchArgs`], [`PerftArgs`], [`ShowArgs`], [`PlayArgs`]: a game subcommand's arguments,
//!   generic over the game's position arguments `P`.
//! - [`game_bench`]: `gsolve bench search` (the job `jobs::search_bench::game_bench`), written
//!   to `--out` and printed (or one JSON object with `file`, `rows`, `princess_star`,
//!   `star_sample`).

use super::common::{command_line, print_json, BarProgress, CliResult, Global};
use game::{Evaluate, MoveHints, Notation};
use jobs::search::SearchSettings;
use jobs::selfplay::PlayConfig;
use search::{ChancePruning, Iteration, ScoreKind, SearchOptions, SearchResult, StopReason};
use serde_json::json;
use std::path::{Path, PathBuf};

pub use jobs::search_bench::STAR_SAMPLE_DEPTHS;

/// Pruning at chance nodes (`--chance`).
#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChanceArg {
    /// Plain expectimax (no pruning at chance nodes).
    Expectimax,
    /// Ballard's Star1.
    Star1,
    /// Ballard's Star2 (probing + Star1).
    Star2,
}

impl From<ChanceArg> for ChancePruning {
    fn from(c: ChanceArg) -> Self {
        match c {
            ChanceArg::Expectimax => ChancePruning::None,
            ChanceArg::Star1 => ChancePruning::Star1,
            ChanceArg::Star2 => ChancePruning::Star2,
        }
    }
}

/// Search limits and engine settings shared by every game's `search` subcommand.
#[derive(clap::Args, Debug, Clone)]
pub struct SearchLimits {
    /// Search to this depth in decision plies (1..=64).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Search for this many seconds (no new iteration starts after half of it).
    #[arg(long, allow_negative_numbers = true)]
    pub time: Option<f64>,
    /// Stop after this many nodes (reproducible with --threads 1).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Search threads (root splitting; 1 gives reproducible node counts).
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Transposition table size in MiB.
    #[arg(long = "tt-mb", default_value_t = 64)]
    pub tt_mb: usize,
    /// Search without a transposition table.
    #[arg(long)]
    pub no_tt: bool,
    /// Pruning at chance nodes.
    #[arg(long, value_enum, default_value_t = ChanceArg::Star2)]
    pub chance: ChanceArg,
    /// No late move reductions: the exact alpha-beta/expectimax value of the nominal depth
    /// (independent of the table and the thread count), at the price of about one ply. By
    /// default late quiet moves are first searched shallower, as in every chess engine; the
    /// score is then that of the reduced search and can differ with the table or threads.
    #[arg(long)]
    pub no_lmr: bool,
    /// Order a move leading to a chance node (the roll) like any quiet move instead of right
    /// after the table move (the default, which suits Star2; plain expectimax searches fewer
    /// nodes without it).
    #[arg(long)]
    pub no_chance_first: bool,
}

impl Default for SearchLimits {
    fn default() -> Self {
        SearchLimits {
            depth: None,
            time: None,
            nodes: None,
            threads: 1,
            tt_mb: 64,
            no_tt: false,
            chance: ChanceArg::Star2,
            no_lmr: false,
            no_chance_first: false,
        }
    }
}

impl SearchLimits {
    /// The job's settings (checked by [`SearchSettings::resolve`]).
    pub fn settings(&self) -> SearchSettings {
        SearchSettings {
            depth: self.depth,
            time: self.time,
            nodes: self.nodes,
            threads: self.threads,
            tt_mb: self.tt_mb,
            no_tt: self.no_tt,
            chance: self.chance.into(),
            no_lmr: self.no_lmr,
            no_chance_first: self.no_chance_first,
        }
    }
}

/// `gsolve <game> search`: a position and the limits.
#[derive(clap::Args, Debug)]
pub struct SearchArgs<P: clap::Args> {
    /// The position.
    #[command(flatten)]
    pub position: P,
    /// The limits.
    #[command(flatten)]
    pub limits: SearchLimits,
}

/// `gsolve <game> perft`: a position, the depth, `--divide`.
#[derive(clap::Args, Debug)]
pub struct PerftArgs<P: clap::Args> {
    /// The position.
    #[command(flatten)]
    pub position: P,
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
    /// Also give the count below each first move.
    #[arg(long)]
    pub divide: bool,
}

/// `gsolve <game> show`: a position and an optional SVG file.
#[derive(clap::Args, Debug)]
pub struct ShowArgs<P: clap::Args> {
    /// The position.
    #[command(flatten)]
    pub position: P,
    /// Also write the board as an SVG file.
    #[arg(long)]
    pub svg: Option<PathBuf>,
}

impl<P: clap::Args> PlayArgs<P> {
    /// Check before the games that the record and summary files can be written.
    pub fn check_files(&self) -> CliResult {
        for (option, file) in [("--out", &self.out), ("--summary", &self.summary)] {
            if let Some(f) = file {
                jobs::output::check_writable_file(option, f)?;
            }
        }
        Ok(())
    }
}

/// `gsolve <game> play`: where games start, the record and summary files, the games.
#[derive(clap::Args, Debug)]
pub struct PlayArgs<P: clap::Args> {
    /// Where the games start.
    #[command(flatten)]
    pub position: P,
    /// Write the game records here (Dola: one French record per game, game i to FILE-NNN.ext
    /// when there are several; Hexecs: one file, one line of moves per game).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Put the summary table into this markdown file (e.g. runs/dola/selfplay.md).
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// Play only the games whose index is I modulo N (each game's random plies and dice come
    /// from --seed and its index), e.g. a Slurm array task's: --out is then a folder that gets
    /// the part file (dola-play-IofN.csv, hexecs-play-IofN.csv), one line per finished game;
    /// a killed shard resumes, a finished one does nothing. Needs --depth or --nodes and
    /// --threads 1. `gsolve merge` writes the records and selfplay.md one run writes.
    #[arg(long, value_name = "I/N", requires = "out", conflicts_with_all = ["summary", "human"])]
    pub shard: Option<String>,
    /// The games.
    #[command(flatten)]
    pub play: PlayFlags,
}

/// The moves of `line` in the game's notation, each written in the position it is played from.
pub fn line_text<G: Notation>(root: &G, line: &[G::Move]) -> Vec<String> {
    let mut g = root.clone();
    let mut out = Vec::with_capacity(line.len());
    for &mv in line {
        out.push(g.move_text(mv));
        g.play(mv);
    }
    out
}

/// A score for people: `cp 35`, `win in 3 plies`, `loss in 2 plies`.
pub fn score_text(kind: ScoreKind) -> String {
    match kind {
        ScoreKind::Eval(s) => format!("cp {s}"),
        ScoreKind::WinIn(n) => format!("win in {n} plies"),
        ScoreKind::LossIn(n) => format!("loss in {n} plies"),
    }
}

fn score_fields(kind: ScoreKind) -> (&'static str, Option<u32>) {
    match kind {
        ScoreKind::Eval(_) => ("cp", None),
        ScoreKind::WinIn(n) => ("win", Some(n)),
        ScoreKind::LossIn(n) => ("loss", Some(n)),
    }
}

fn stop_name(s: StopReason) -> &'static str {
    match s {
        StopReason::Depth => "depth",
        StopReason::Nodes => "nodes",
        StopReason::Time => "time",
        StopReason::OnlyMove => "only_move",
        StopReason::Stopped => "stopped",
    }
}

fn iteration_line<G: Notation>(root: &G, it: &Iteration<G::Move>) -> String {
    format!(
        "depth {:>2}  seldepth {:>3}  score {:<18}  nodes {:>12}  nps {:>10.0}  time {:>8.3}s  pv {}",
        it.depth,
        it.seldepth,
        score_text(it.score_kind),
        it.nodes,
        it.nps(),
        it.elapsed.as_secs_f64(),
        line_text(root, &it.pv).join(" ")
    )
}

/// The JSON object of a finished search (see the module header for the keys).
pub fn result_json<G: Notation>(
    root: &G,
    r: &SearchResult<G::Move>,
    opts: &SearchOptions,
) -> serde_json::Value {
    let (kind, plies) = score_fields(r.score_kind);
    let iterations: Vec<serde_json::Value> = r
        .iterations
        .iter()
        .map(|it| {
            json!({
                "depth": it.depth,
                "seldepth": it.seldepth,
                "score": it.score,
                "nodes": it.nodes,
                "iteration_nodes": it.iteration_nodes,
                "nps": it.nps().round(),
                "time_s": it.elapsed.as_secs_f64(),
                "best_move": root.move_text(it.best_move),
                "pv": line_text(root, &it.pv),
            })
        })
        .collect();
    json!({
        "best_move": root.move_text(r.best_move),
        "score": r.score,
        "score_kind": kind,
        "win_in_plies": plies,
        "depth": r.depth,
        "seldepth": r.seldepth,
        "nodes": r.nodes,
        "quiescence_nodes": r.quiescence_nodes,
        "chance_nodes": r.chance_nodes,
        "chance_subtree_nodes": r.chance_subtree_nodes,
        "nps": r.nps().round(),
        "time_s": r.elapsed.as_secs_f64(),
        "ebf": r.ebf(),
        "pv": line_text(root, &r.pv),
        "iterations": iterations,
        "stop": stop_name(r.stop),
        "threads": opts.threads,
        "tt_mb": opts.tt_mib,
        "chance_pruning": opts.chance_pruning.name(),
        "lmr": opts.lmr,
        "hashfull": r.hashfull,
    })
}

/// Search `root` within `limits` (the job `jobs::search::search_position`) and print the
/// iterations and the result (or one JSON object).
pub fn run_search<G: Evaluate + Notation, H: MoveHints<G>>(
    root: G,
    hints: &H,
    limits: &SearchLimits,
    global: &Global,
) -> CliResult {
    let json_mode = global.json;
    let (r, opts) = jobs::search::search_position(&root, hints, &limits.settings(), |it| {
        if !json_mode {
            println!("{}", iteration_line(&root, it));
        }
    })?;
    if json_mode {
        print_json(&result_json(&root, &r, &opts));
    } else {
        println!(
            "bestmove {}  score {}  depth {}  nodes {} (quiescence {})  nps {:.0}  ebf {}  stopped by {}",
            root.move_text(r.best_move),
            score_text(r.score_kind),
            r.depth,
            r.nodes,
            r.quiescence_nodes,
            r.nps(),
            r.ebf().map_or("-".to_string(), |e| format!("{e:.2}")),
            stop_name(r.stop)
        );
    }
    Ok(())
}

/// Arguments of a game's `play` subcommand (engine self-play).
#[derive(clap::Args, Debug, Clone)]
pub struct PlayFlags {
    /// Number of games.
    #[arg(long, default_value_t = 10)]
    pub games: u32,
    /// Seed of the random opening moves and of the dice.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random legal moves at the start of each game (for variety).
    #[arg(long, default_value_t = 4)]
    pub random_plies: u32,
    /// Stop a game after this many decisions (reported unfinished).
    #[arg(long, default_value_t = 400)]
    pub max_plies: u32,
    /// Search limits of every engine move.
    #[command(flatten)]
    pub limits: SearchLimits,
}

impl PlayFlags {
    /// The job's config.
    pub fn config(&self) -> PlayConfig {
        PlayConfig {
            games: self.games,
            seed: self.seed,
            random_plies: self.random_plies,
            max_plies: self.max_plies,
            search: self.limits.settings(),
        }
    }
}

/// Print a self-play job's report: the summary table, or one JSON object with the totals and
/// `extra` (the game's own keys: variant or start, files).
pub fn print_play(report: &jobs::selfplay::PlayReport, extra: serde_json::Value, global: &Global) {
    if global.json {
        let s = &report.summary;
        let mut v = json!({
            "games": s.games,
            "white_wins": s.first_wins,
            "draws": s.draws,
            "black_wins": s.second_wins,
            "unfinished": s.unfinished,
            "mean_length": s.mean_length(),
        });
        if let (Some(v), serde_json::Value::Object(extra)) = (v.as_object_mut(), extra) {
            v.extend(extra);
        }
        print_json(&v);
    } else {
        print!("{}", report.markdown);
    }
}

/// `gsolve bench search`: the job `jobs::search_bench::game_bench` with a progress bar; prints
/// the file (or one JSON object).
pub fn game_bench(
    seconds: f64,
    depths: &[u32],
    star_only: bool,
    path: &Path,
    global: &Global,
) -> CliResult {
    jobs::output::check_writable_file("--out", path)?;
    let cfg = jobs::search_bench::GameBenchConfig {
        seconds,
        sample_depths: depths.to_vec(),
        star_only,
        out: path.to_path_buf(),
        command: command_line(),
    };
    let report = jobs::search_bench::game_bench(&cfg, &BarProgress::new(global))?;
    if global.json {
        print_json(&report.to_json(path));
    } else {
        print!("{}", report.markdown);
        println!("\nwritten to {}", path.display());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::common::CliError;
    use search::toy::{Pig, TicTacToe};

    fn limits(depth: Option<u32>) -> SearchLimits {
        SearchLimits {
            depth,
            ..SearchLimits::default()
        }
    }

    #[test]
    fn clap_parses_the_flags_and_exit_code_is_two() {
        use clap::Parser;
        #[derive(clap::Parser, Debug)]
        struct Cmd {
            #[command(flatten)]
            limits: SearchLimits,
        }
        let c = Cmd::try_parse_from([
            "x", "--depth", "4", "--time", "-2", "--tt-mb", "8", "--chance", "star1",
        ])
        .unwrap();
        assert_eq!(
            (
                c.limits.depth,
                c.limits.time,
                c.limits.tt_mb,
                c.limits.chance
            ),
            (Some(4), Some(-2.0), 8, ChanceArg::Star1)
        );
        let err = CliError::from(c.limits.settings().resolve().unwrap_err());
        assert_eq!(err.report(&Global { json: false }), 2);
    }

    #[test]
    fn json_has_the_documented_keys() {
        let t: TicTacToe = "X.O.O...X x".parse().unwrap();
        let settings = limits(Some(4)).settings();
        let (r, o) = jobs::search::search_position(&t, &game::NoHints, &settings, |_| {}).unwrap();
        let v = result_json(&t, &r, &o);
        for key in [
            "best_move",
            "score",
            "depth",
            "nodes",
            "nps",
            "pv",
            "iterations",
        ] {
            assert!(v.get(key).is_some(), "missing {key}");
        }
        assert_eq!(v["best_move"], "a3");
        assert_eq!(v["score_kind"], "win");
        assert_eq!(v["win_in_plies"], 3);
        assert_eq!(v["iterations"].as_array().unwrap().len(), 4);
        assert_eq!(v["pv"][0], "a3");
    }

    #[test]
    fn search_runs_and_reports_positions_it_cannot_search() {
        let g = Global { json: false };
        let t: TicTacToe = "XX.OO.... x".parse().unwrap();
        run_search(t, &game::NoHints, &limits(Some(3)), &g).unwrap();
        let json = Global { json: true };
        run_search(Pig::new(10), &game::NoHints, &limits(Some(3)), &json).unwrap();
        let over: TicTacToe = "XXXOO.... o".parse().unwrap();
        assert!(matches!(
            run_search(over, &game::NoHints, &limits(Some(3)), &g),
            Err(CliError::Input(_))
        ));
    }
}
