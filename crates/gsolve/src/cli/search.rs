//! Shared bounded-depth search front end for the chess-like games (`gsolve dola search`,
//! `gsolve hexecs search`, `gsolve bench search`). The algorithms live in the `search` crate;
//! this module only turns arguments into limits, prints iterations and writes the benchmark.
//!
//! # API for the game subcommands
//!
//! - [`SearchLimits`]: `#[command(flatten)]` it into a game's `search` arguments. Flags:
//!   `--depth D` (1..=64), `--time S` (seconds, > 0, finite), `--nodes N` (> 0), at least one of
//!   the three; `--threads T` (1..=256, default 1: deterministic), `--tt-mb M` (default 64),
//!   `--no-tt`, `--chance expectimax|star1|star2` (default star2), `--no-lmr` (late move
//!   reductions are on by default; this switches them off for exact fixed-depth values),
//!   `--no-chance-first` (order a roll like any quiet move, not right after the table move).
//!   Bad values are
//!   `CliError::input` (exit 2) from [`SearchLimits::resolve`].
//! - [`run_search`]`(root, &limits, &global)`: search a position (a decision node) and print one
//!   line per completed iteration (depth, seldepth, score, nodes, nodes/s, time, PV) then a
//!   `bestmove` line, or with `--json` exactly one object with the keys `best_move`, `score`,
//!   `score_kind` (`"cp"`, `"win"`, `"loss"`), `win_in_plies` (or null), `depth`, `seldepth`,
//!   `nodes`, `quiescence_nodes`, `chance_nodes`, `chance_subtree_nodes` (nodes below a chance
//!   node), `nps`, `time_s`, `ebf`, `pv`, `iterations` (each: `depth`,
//!   `seldepth`, `score`, `nodes`, `iteration_nodes`, `nps`, `time_s`, `best_move`, `pv`),
//!   `stop`, `threads`,
//!   `tt_mb`, `chance_pruning`, `lmr`, `hashfull`. [`run_search_with`] also takes a
//!   [`search::MoveHints`] object (victim/attacker ordering of captures): implement it on a unit
//!   struct in the game's module, e.g.
//!   `struct DolaHints; impl search::MoveHints<dola::Position> for DolaHints { fn
//!   capture_order_key(&self, p: &dola::Position, mv: dola::Move) -> i32 { … } }`.
//! - [`bench_search`]`(name, root, seconds)`, once per start position, gives a [`BenchRow`]:
//!   depth reached within `seconds` on one thread, nodes/s, effective branching factor, and —
//!   if the exact search (no late move reductions) met chance nodes — the nodes of the
//!   [`STAR_RUNS`] (plain expectimax with both move orderings, Star1, Star2, Star2 with the roll
//!   ordered as a quiet move) at the deepest equal depth they all complete within `seconds`
//!   ([`StarSavings`]: the baseline is plain expectimax under its better ordering).
//!   [`bench_search_with`] takes hints too. Then [`write_bench`]`(&rows, path, &global)` writes
//!   `results/search/bench.md` (atomically, with the command, toolkit version and parameters)
//!   and prints the table (or one JSON object with `rows`; `gsolve bench search` adds
//!   `princess_star` and `star_sample`).
//!
//! - [`PlayArgs`] + [`run_play`]`(root, &args, &global, |i, record| …)`: engine self-play for
//!   `gsolve {dola,hexecs} play` (`--games N`, `--seed S`, `--random-plies R`, `--max-plies M`
//!   and the [`SearchLimits`] flags; a depth or node limit with one thread makes every game a
//!   function of the seed). The callback receives each [`search::GameRecord`] (moves and chance
//!   outcomes in order) to write it in the game's own record format; the returned
//!   [`search::SelfPlaySummary`] goes to [`selfplay_markdown`] for
//!   `results/{dola,hexecs}/selfplay.md`.
//! - [`bench_signature`]`(&roots, depth)`: the total node count of fixed-depth searches from
//!   `roots` (one thread, fresh default engine): the deterministic bench signature a script
//!   compares with a recorded value, as Stockfish's `bench` does.
//! - [`game_bench`]: `gsolve bench search` — the three Dola start positions, the Hexecs start
//!   and the Hexecs position with both princesses free, with the capture-ordering hints of
//!   `cli::dola` / `cli::hexecs`, written to `results/search/bench.md` with the issue's targets
//!   judged from the figures; the Star comparison on the princess position at the fixed depths
//!   [`PRINCESS_STAR_DEPTHS`] and on a fixed sample of random Hexecs positions with a free
//!   princess ([`princess_sample`], [`star_sample`]) at each of `--sample-depths` (default
//!   [`STAR_SAMPLE_DEPTHS`], every depth reported); `--star-only` skips the timed searches. [`append_markdown`] puts a self-play section into
//!   `results/{dola,hexecs}/selfplay.md` (replacing the section of the same heading).
//! - [`toy_bench`]: the same benchmark on the crate's toy games (tic-tac-toe, Pig, the
//!   synthetic tree game), written to `results/search/toy-bench.md`.
//!
//! A game subcommand thus reads:
//!
//! ```ignore
//! #[derive(clap::Args, Debug)]
//! pub struct DolaSearchArgs {
//!     #[arg(long)] variant: String,
//!     #[arg(long)] fen: Option<String>,
//!     #[command(flatten)] limits: super::search::SearchLimits,
//! }
//! fn search(a: DolaSearchArgs, global: &Global) -> CliResult {
//!     let pos = /* parse variant, fen, moves → CliError::input on error */;
//!     super::search::run_search(pos, &a.limits, global)
//! }
//! ```

// `toy_bench` is only called by an ignored test.
#![allow(dead_code)]

use super::common::{
    command_line, print_json, toolkit_version, write_atomic, CliError, CliResult, Global,
};
use game::{Evaluate, Notation};
use search::{
    ChancePruning, Engine, GameRecord, Iteration, Limits, MoveHints, NoHints, ScoreKind,
    SearchError, SearchOptions, SearchResult, SelfPlayOptions, SelfPlaySummary, StopReason,
};
use serde_json::json;
use std::path::Path;
use std::time::Duration;

/// Largest `--threads`.
const MAX_THREADS: usize = 256;
/// Largest `--tt-mb` (64 GiB).
const MAX_TT_MB: usize = 1 << 16;
/// Longest `--time` (one week), to keep `Duration` arithmetic far from overflow.
const MAX_SECONDS: f64 = 7.0 * 24.0 * 3600.0;

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
    /// Check the arguments and turn them into the library's limits and options.
    pub fn resolve(&self) -> Result<(Limits, SearchOptions), CliError> {
        if self.depth.is_none() && self.time.is_none() && self.nodes.is_none() {
            return Err(CliError::input(
                "no search limit: give --depth D, --time SECONDS or --nodes N",
            ));
        }
        if let Some(d) = self.depth {
            if d == 0 || d > search::MAX_DEPTH {
                return Err(CliError::input(format!(
                    "--depth {d}: expected a depth from 1 to {}",
                    search::MAX_DEPTH
                )));
            }
        }
        let time = match self.time {
            None => None,
            Some(t) if t.is_finite() && t > 0.0 && t <= MAX_SECONDS => {
                Some(Duration::from_secs_f64(t))
            }
            Some(t) => {
                return Err(CliError::input(format!(
                "--time {t}: expected a number of seconds greater than 0 and at most {MAX_SECONDS}"
            )))
            }
        };
        if self.nodes == Some(0) {
            return Err(CliError::input("--nodes 0: expected at least 1 node"));
        }
        if self.threads == 0 || self.threads > MAX_THREADS {
            return Err(CliError::input(format!(
                "--threads {}: expected 1 to {MAX_THREADS}",
                self.threads
            )));
        }
        if self.tt_mb > MAX_TT_MB {
            return Err(CliError::input(format!(
                "--tt-mb {}: expected at most {MAX_TT_MB} MiB",
                self.tt_mb
            )));
        }
        let limits = Limits {
            depth: self.depth,
            nodes: self.nodes,
            time,
            hard_time: false,
        };
        let opts = SearchOptions {
            tt_mib: if self.no_tt { 0 } else { self.tt_mb },
            threads: self.threads,
            chance_pruning: self.chance.into(),
            lmr: !self.no_lmr,
            chance_moves_first: !self.no_chance_first,
            ..SearchOptions::default()
        };
        Ok((limits, opts))
    }
}

fn search_error(e: SearchError) -> CliError {
    match e {
        SearchError::ThreadPool(_) => CliError::runtime(e),
        _ => CliError::input(e),
    }
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

/// Search `root` within `limits` and print the iterations and the result (or one JSON object).
pub fn run_search<G: Evaluate + Notation>(
    root: G,
    limits: &SearchLimits,
    global: &Global,
) -> CliResult {
    run_search_with(root, &NoHints, limits, global)
}

/// [`run_search`] with move-ordering hints.
pub fn run_search_with<G: Evaluate + Notation, H: MoveHints<G>>(
    root: G,
    hints: &H,
    limits: &SearchLimits,
    global: &Global,
) -> CliResult {
    let (lim, opts) = limits.resolve()?;
    let mut engine = Engine::new(opts.clone()).map_err(search_error)?;
    let json_mode = global.json;
    let r = engine
        .search(&root, &lim, hints, |it| {
            if !json_mode {
                println!("{}", iteration_line(&root, it));
            }
        })
        .map_err(search_error)?;
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

/// The searches of a Star comparison, in the order of [`StarSavings::nodes`]: a name, the
/// chance-node treatment and whether moves leading to chance nodes are ordered first
/// ([`SearchOptions::chance_moves_first`], the default).
pub const STAR_RUNS: [(&str, ChancePruning, bool); 5] = [
    (
        "expectimax, roll ordered as a quiet move",
        ChancePruning::None,
        false,
    ),
    ("expectimax, roll first", ChancePruning::None, true),
    ("Star1", ChancePruning::Star1, true),
    ("Star2", ChancePruning::Star2, true),
    (
        "Star2, roll ordered as a quiet move",
        ChancePruning::Star2,
        false,
    ),
];

/// Nodes of the chance-node treatments at one depth (fresh table each, one thread).
#[derive(Debug, Clone, PartialEq)]
pub struct StarSavings {
    /// The depth every search completed.
    pub depth: u32,
    /// The baseline: plain expectimax with whichever of the two move orderings gives it fewer
    /// nodes (the default ordering, roll first, suits Star2 and costs plain expectimax more).
    pub expectimax_nodes: u64,
    /// Star1 (default options).
    pub star1_nodes: u64,
    /// Star2 (default options).
    pub star2_nodes: u64,
    /// Nodes of each search of [`STAR_RUNS`].
    pub nodes: [u64; 5],
    /// Nodes below a chance node (inside the subtree of a chance outcome) of each search of
    /// [`STAR_RUNS`]. The rest is the part Star1/Star2 cannot prune directly.
    pub inside: [u64; 5],
    /// The root score (the same for all; checked).
    pub score: i32,
}

impl StarSavings {
    /// The share of the baseline's nodes that lie below chance nodes.
    pub fn baseline_inside_share(&self) -> f64 {
        let k = if self.nodes[0] <= self.nodes[1] { 0 } else { 1 };
        self.inside[k] as f64 / self.nodes[k].max(1) as f64
    }
}

/// One row of `results/search/bench.md`.
#[derive(Debug, Clone, PartialEq)]
pub struct BenchRow {
    /// Position name.
    pub name: String,
    /// Time budget in seconds.
    pub seconds: f64,
    /// Deepest iteration completed within the budget (one thread, late move reductions on).
    pub depth: u32,
    /// Deepest iteration completed within the budget without late move reductions (the exact
    /// fixed-depth search).
    pub exact_depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: f64,
    /// Effective branching factor of the last iteration (nodes(d) / nodes(d-1)).
    pub ebf: Option<f64>,
    /// Mean effective branching factor over the iterations.
    pub mean_ebf: Option<f64>,
    /// Best move and score of the deepest iteration.
    pub best_move: String,
    /// Score of the deepest iteration.
    pub score: i32,
    /// Chance-node pruning savings (positions whose search met chance nodes).
    pub star: Option<StarSavings>,
}

impl BenchRow {
    /// The row as a JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        json!({
            "name": self.name,
            "seconds": self.seconds,
            "depth": self.depth,
            "exact_depth": self.exact_depth,
            "seldepth": self.seldepth,
            "nodes": self.nodes,
            "nps": self.nps.round(),
            "ebf": self.ebf,
            "mean_ebf": self.mean_ebf,
            "best_move": self.best_move,
            "score": self.score,
            "star": self.star.as_ref().map(star_json),
        })
    }
}

/// Fraction of nodes saved: `1 - pruned / plain`.
fn saving(plain: u64, pruned: u64) -> f64 {
    if plain == 0 {
        0.0
    } else {
        1.0 - pruned as f64 / plain as f64
    }
}

/// Table size of the benchmark searches (MiB).
pub const BENCH_TT_MB: usize = 64;

/// Benchmark one position: see the module header.
pub fn bench_search<G: Evaluate + Notation>(
    name: &str,
    root: G,
    seconds: f64,
) -> Result<BenchRow, CliError> {
    bench_search_with(name, root, &NoHints, seconds)
}

/// [`bench_search`] with move-ordering hints.
pub fn bench_search_with<G: Evaluate + Notation, H: MoveHints<G>>(
    name: &str,
    root: G,
    hints: &H,
    seconds: f64,
) -> Result<BenchRow, CliError> {
    bench_row(name, root, hints, seconds, true)
}

/// [`bench_search_with`], the Star comparison within the budget only if `with_star`.
fn bench_row<G: Evaluate + Notation, H: MoveHints<G>>(
    name: &str,
    root: G,
    hints: &H,
    seconds: f64,
    with_star: bool,
) -> Result<BenchRow, CliError> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(CliError::input(format!(
            "bench time {seconds}: expected seconds > 0"
        )));
    }
    let budget = Duration::from_secs_f64(seconds);
    let exact = SearchOptions {
        tt_mib: BENCH_TT_MB,
        threads: 1,
        ..SearchOptions::default()
    };
    let opts = SearchOptions {
        lmr: true,
        ..exact.clone()
    };
    let limits = Limits {
        time: Some(budget),
        hard_time: true,
        ..Limits::default()
    };
    let r = Engine::new(opts.clone())
        .map_err(search_error)?
        .search(&root, &limits, hints, |_| {})
        .map_err(search_error)?;
    let exact_run = Engine::new(exact.clone())
        .map_err(search_error)?
        .search(&root, &limits, hints, |_| {})
        .map_err(search_error)?;
    let exact_depth = exact_run.depth;
    // Star savings are measured with the exact options, where the exact search met chance.
    let star = if with_star && exact_run.chance_nodes > 0 {
        Some(star_savings(&root, hints, budget, &exact)?)
    } else {
        None
    };
    Ok(BenchRow {
        name: name.to_string(),
        seconds,
        depth: r.depth,
        exact_depth,
        seldepth: r.seldepth,
        nodes: r.nodes,
        nps: r.nps(),
        ebf: r.ebf(),
        mean_ebf: r.mean_ebf(),
        best_move: root.move_text(r.best_move),
        score: r.score,
        star,
    })
}

/// Plain expectimax, Star1 and Star2 at increasing equal depths; the deepest depth at which
/// plain expectimax completes within `budget` is reported.
fn star_savings<G: Evaluate + Notation, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    budget: Duration,
    base: &SearchOptions,
) -> Result<StarSavings, CliError> {
    let mut best: Option<StarSavings> = None;
    for depth in 1..=search::MAX_DEPTH {
        match star_at_depth(root, hints, depth, Some(budget), base)? {
            Some(st) => best = Some(st),
            None => break,
        }
    }
    best.ok_or_else(|| {
        CliError::runtime("plain expectimax did not complete depth 1 within the time")
    })
}

/// Plain expectimax, Star1 and Star2 to `depth` (fresh table each); `None` if one of them did
/// not complete within `budget`. The three root scores must agree (else a search bug).
fn star_at_depth<G: Evaluate + Notation, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    depth: u32,
    budget: Option<Duration>,
    base: &SearchOptions,
) -> Result<Option<StarSavings>, CliError> {
    let mut nodes = [0u64; 5];
    let mut inside = [0u64; 5];
    let mut scores = [0i32; 5];
    for (k, &(_, mode, first)) in STAR_RUNS.iter().enumerate() {
        let opts = SearchOptions {
            chance_pruning: mode,
            chance_moves_first: first,
            ..base.clone()
        };
        let limits = Limits {
            depth: Some(depth),
            time: budget,
            hard_time: true,
            nodes: None,
        };
        let r = Engine::new(opts)
            .map_err(search_error)?
            .search(root, &limits, hints, |_| {})
            .map_err(search_error)?;
        if r.depth < depth {
            return Ok(None);
        }
        nodes[k] = r.nodes;
        inside[k] = r.chance_subtree_nodes;
        scores[k] = r.score;
    }
    if scores.iter().any(|&x| x != scores[0]) {
        return Err(CliError::runtime(format!(
            "Star1/Star2 disagree with expectimax at depth {depth}: {scores:?} (a search bug)"
        )));
    }
    Ok(Some(StarSavings {
        depth,
        expectimax_nodes: nodes[0].min(nodes[1]),
        star1_nodes: nodes[2],
        star2_nodes: nodes[3],
        nodes,
        inside,
        score: scores[0],
    }))
}

/// Fixed depths of the Star comparison on the princess position itself.
pub const PRINCESS_STAR_DEPTHS: [u32; 3] = [4, 5, 6];

/// The options of the Star comparisons: exact (no late move reductions), 64 MiB, one thread.
fn star_base() -> SearchOptions {
    SearchOptions {
        tt_mib: BENCH_TT_MB,
        threads: 1,
        ..SearchOptions::default()
    }
}

/// One Star comparison as JSON.
fn star_json(s: &StarSavings) -> serde_json::Value {
    json!({
        "depth": s.depth,
        "expectimax_nodes": s.expectimax_nodes,
        "star1_nodes": s.star1_nodes,
        "star2_nodes": s.star2_nodes,
        "star1_saving": saving(s.expectimax_nodes, s.star1_nodes),
        "star2_saving": saving(s.expectimax_nodes, s.star2_nodes),
        "run_names": STAR_RUNS.iter().map(|r| r.0).collect::<Vec<_>>(),
        "run_nodes": s.nodes,
        "run_chance_subtree_nodes": s.inside,
        "score": s.score,
    })
}

/// Positions of the Star sample: random plies from the princess position.
pub const STAR_SAMPLE_POSITIONS: usize = 8;
/// Seed of the Star sample.
pub const STAR_SAMPLE_SEED: u64 = 61;
/// Depths of the Star sample (each one reported).
pub const STAR_SAMPLE_DEPTHS: [u32; 3] = [3, 4, 5];

/// The Star sample at one depth: each position's text and savings.
#[derive(Debug, Clone, PartialEq)]
pub struct StarSample {
    /// The fixed depth of every search.
    pub depth: u32,
    /// One row per position.
    pub rows: Vec<(String, StarSavings)>,
}

impl StarSample {
    /// Totals: the baseline (each position's better plain expectimax), Star1, Star2.
    pub fn totals(&self) -> [u64; 3] {
        let mut t = [0u64; 3];
        for (_, st) in &self.rows {
            t[0] += st.expectimax_nodes;
            t[1] += st.star1_nodes;
            t[2] += st.star2_nodes;
        }
        t
    }

    /// Total nodes of each search of [`STAR_RUNS`].
    pub fn run_totals(&self) -> [u64; 5] {
        let mut t = [0u64; 5];
        for (_, st) in &self.rows {
            for k in 0..5 {
                t[k] += st.nodes[k];
            }
        }
        t
    }

    /// Total nodes below chance nodes of the baseline searches.
    pub fn baseline_inside(&self) -> u64 {
        self.rows
            .iter()
            .map(|(_, st)| {
                if st.nodes[0] <= st.nodes[1] {
                    st.inside[0]
                } else {
                    st.inside[1]
                }
            })
            .sum()
    }

    /// Star2's saving per position, sorted.
    fn star2_savings(&self) -> Vec<f64> {
        let mut per: Vec<f64> = self
            .rows
            .iter()
            .map(|(_, st)| saving(st.expectimax_nodes, st.star2_nodes))
            .collect();
        per.sort_by(|a, b| a.total_cmp(b));
        per
    }

    /// Positions on which Star2 at least halves the nodes.
    fn halved(&self) -> usize {
        self.rows
            .iter()
            .filter(|(_, st)| 2 * st.star2_nodes <= st.expectimax_nodes)
            .count()
    }

    /// The JSON object of this depth.
    fn to_json(&self) -> serde_json::Value {
        let t = self.totals();
        json!({
            "depth": self.depth,
            "expectimax_nodes": t[0],
            "star1_nodes": t[1],
            "star2_nodes": t[2],
            "star1_saving": saving(t[0], t[1]),
            "star2_saving": saving(t[0], t[2]),
            "run_names": STAR_RUNS.iter().map(|r| r.0).collect::<Vec<_>>(),
            "run_nodes": self.run_totals(),
            "expectimax_chance_subtree_nodes": self.baseline_inside(),
            "positions": self.rows.iter().map(|(text, st)| json!({
                "position": text,
                "score": st.score,
                "expectimax_nodes": st.expectimax_nodes,
                "star1_nodes": st.star1_nodes,
                "star2_nodes": st.star2_nodes,
                "run_nodes": st.nodes,
                "run_chance_subtree_nodes": st.inside,
            })).collect::<Vec<_>>(),
        })
    }
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// `count` positions reached by 0 to 11 random plies (moves and dice) from `start` in which a
/// princess is on the board and the side to move may roll (so the tree has chance nodes from
/// the root) — the generator of the `search_games` tests.
pub fn princess_sample(start: &hexecs::Hexecs, count: usize, seed: u64) -> Vec<hexecs::Hexecs> {
    use game::Game as _;
    let mut rng = search::rng::SplitMix64::new(seed);
    let mut out = Vec::new();
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    'positions: while out.len() < count {
        let plies = rng.below(12);
        let mut g = start.clone();
        for _ in 0..plies {
            match g.node_kind() {
                game::NodeKind::Terminal => continue 'positions,
                game::NodeKind::Chance => {
                    outcomes.clear();
                    g.chance_outcomes(&mut outcomes);
                    let mv = outcomes[rng.below(outcomes.len())].0;
                    g.play(mv);
                }
                game::NodeKind::Decision(_) => {
                    moves.clear();
                    g.legal_moves(&mut moves);
                    let mv = moves[rng.below(moves.len())];
                    g.play(mv);
                }
            }
        }
        if !matches!(g.node_kind(), game::NodeKind::Decision(_)) {
            continue;
        }
        moves.clear();
        g.legal_moves(&mut moves);
        if g.board().kind_set(hexecs::Kind::Princess) != 0 && moves.contains(&hexecs::Move::ROLL) {
            out.push(g);
        }
    }
    out
}

/// Star savings on [`princess_sample`] at `depth` (exact options, 64 MiB table); `on_position`
/// is called after each position (progress).
pub fn star_sample<H: MoveHints<hexecs::Hexecs>>(
    start: &hexecs::Hexecs,
    hints: &H,
    depth: u32,
    mut on_position: impl FnMut(),
) -> Result<StarSample, CliError> {
    let base = star_base();
    let mut rows = Vec::new();
    for g in princess_sample(start, STAR_SAMPLE_POSITIONS, STAR_SAMPLE_SEED) {
        let st = star_at_depth(&g, hints, depth, None, &base)?
            .ok_or_else(|| CliError::runtime("a fixed-depth search did not complete"))?;
        rows.push((g.position_text(), st));
        on_position();
    }
    Ok(StarSample { depth, rows })
}

/// The explanation of the Star tables.
const STAR_LEGEND: &str = "Each search: a fresh engine, iterative deepening to the depth, 64 MiB \
table, one thread, quiescence and check extension on, no late move reductions; every root score \
is checked equal. Baseline (\"expectimax\") = plain expectimax (alpha-beta at decision nodes, \
every chance outcome searched with the full window) with whichever of two move orderings gives \
it fewer nodes: the roll ordered as a quiet move (history, killers), or the roll first (right \
after the table move, the engine's default, which suits Star2 and costs plain expectimax more). \
Star1 and Star2 use the default ordering (roll first); the last column is Star2 with the roll \
ordered as a quiet move, to separate the ordering's part of the saving. Star1, whose windows \
come from the hard bounds ±(EVAL_BOUND + MAX_PLY + 1), prunes little and suffers from the roll-first \
ordering like plain expectimax: compare it with the \"expectimax, roll first\" column. \"below chance\" = \
share of the baseline's nodes inside the subtree of a chance outcome (the rest, decision nodes \
above every chance node and the chance nodes themselves, cannot be pruned at chance nodes).";

/// One table row of Star figures: baseline, below-chance share, Star1, Star2, savings, the
/// plain runs with both orderings and Star2 without roll first.
fn star_cells(base: u64, inside_share: f64, runs: &[u64; 5]) -> String {
    format!(
        "{} | {:.1}% | {} | {:.1}% | {} | {:.1}% | {} | {} | {} ({:.1}%)",
        base,
        100.0 * inside_share,
        runs[2],
        100.0 * saving(base, runs[2]),
        runs[3],
        100.0 * saving(base, runs[3]),
        runs[0],
        runs[1],
        runs[4],
        100.0 * saving(base, runs[4])
    )
}

const STAR_HEADER: &str = "expectimax nodes | below chance | Star1 nodes | Star1 saving | Star2 \
nodes | Star2 saving | expectimax, roll as quiet | expectimax, roll first | Star2, roll as quiet \
(saving) |";

/// The markdown of the Star sample: the totals of every depth, then each depth's positions.
fn star_sample_markdown(samples: &[StarSample]) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let Some(first) = samples.first() else {
        return s;
    };
    let depths: Vec<String> = samples.iter().map(|x| x.depth.to_string()).collect();
    let _ = writeln!(
        s,
        "\n## Star1 / Star2 on {} random positions with a free princess (seed {}, depths {})\n",
        first.rows.len(),
        STAR_SAMPLE_SEED,
        depths.join(", ")
    );
    let _ = writeln!(
        s,
        "Positions: 0 to 11 random plies from the princess position, kept when a princess is on \
         the board and the side to move may roll. {STAR_LEGEND}\n"
    );
    let _ = writeln!(s, "### Totals per depth\n");
    let _ = writeln!(
        s,
        "| depth | {STAR_HEADER} Star2 median | smallest | largest | halved |"
    );
    let _ = writeln!(
        s,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for x in samples {
        let t = x.totals();
        let per = x.star2_savings();
        let _ = writeln!(
            s,
            "| {} | {} | {:.1}% | {:.1}% | {:.1}% | {} of {} |",
            x.depth,
            star_cells(
                t[0],
                x.baseline_inside() as f64 / t[0].max(1) as f64,
                &x.run_totals()
            ),
            100.0 * median(&per),
            100.0 * per.first().copied().unwrap_or(0.0),
            100.0 * per.last().copied().unwrap_or(0.0),
            x.halved(),
            x.rows.len()
        );
    }
    for x in samples {
        let _ = writeln!(s, "\n### Depth {}\n", x.depth);
        let _ = writeln!(s, "| position | score | {STAR_HEADER}");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
        for (text, st) in &x.rows {
            let _ = writeln!(
                s,
                "| `{}` | {} | {} |",
                text,
                st.score,
                star_cells(st.expectimax_nodes, st.baseline_inside_share(), &st.nodes)
            );
        }
        let t = x.totals();
        let _ = writeln!(
            s,
            "| total | | {} |",
            star_cells(
                t[0],
                x.baseline_inside() as f64 / t[0].max(1) as f64,
                &x.run_totals()
            )
        );
    }
    s
}

/// The markdown of the princess position's Star figures at fixed depths.
fn princess_star_markdown(rows: &[StarSavings]) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    if rows.is_empty() {
        return s;
    }
    let _ = writeln!(
        s,
        "\n## Chance nodes: Star1 / Star2 versus plain expectimax on the princess position\n"
    );
    let _ = writeln!(
        s,
        "Position `{}` (hexecs princesses free) at fixed depths. {STAR_LEGEND}\n",
        super::hexecs::PRINCESS_POSITION
    );
    let _ = writeln!(s, "| depth | score | {STAR_HEADER}");
    let _ = writeln!(
        s,
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    );
    for st in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} |",
            st.depth,
            st.score,
            star_cells(st.expectimax_nodes, st.baseline_inside_share(), &st.nodes)
        );
    }
    s
}

/// The markdown of `results/search/bench.md`.
pub fn bench_markdown(rows: &[BenchRow], command: &str) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "# Bounded-depth search benchmark\n");
    let _ = writeln!(s, "- command: `{command}`");
    let _ = writeln!(s, "- toolkit: {}", toolkit_version());
    let _ = writeln!(s, "- format: gsolve-search-bench 1");
    let _ = writeln!(
        s,
        "- machine: {} logical CPUs shared with other jobs; load average {} when the table was written \
         (nodes/s and depths scale with the share of a core the run got)",
        std::thread::available_parallelism().map_or(1, |n| n.get()),
        std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|l| l.split_whitespace().next().map(str::to_string))
            .unwrap_or_else(|| "unknown".to_string())
    );
    let _ = writeln!(
        s,
        "- settings: one thread, {BENCH_TT_MB} MiB table, Star2 at chance nodes, quiescence, check \
         extension and late move reductions on (the defaults of `search`/`play`); iterations start until \
         the time is up (depth = deepest completed iteration; every iteration of nominal depth d searches \
         every move, late quiet moves of non-PV nodes first at a reduced depth and again at d - 1 if they \
         beat alpha); exact depth = the same without late move reductions (`--no-lmr`: the plain \
         alpha-beta value of depth d, equal to minimax as the tests check)"
    );
    let _ = writeln!(
        s,
        "- ebf = nodes(d) / nodes(d-1) of the last two iterations; mean ebf = (nodes(d) / nodes(1))^(1/(d-1))"
    );
    let _ = writeln!(
        s,
        "- Star columns (positions whose search met chance nodes): nodes of a fresh search (iterative \
         deepening, 64 MiB table) to the deepest depth all complete within the time, for plain expectimax \
         (every chance outcome searched with the full window; decision nodes keep alpha-beta) under the \
         better of its two move orderings (roll first or ordered as a quiet move), Star1 and Star2 (default \
         ordering, roll first; same root score, checked)\n"
    );
    let _ = writeln!(s, "| position | time (s) | depth | exact depth | seldepth | nodes | nodes/s | ebf | mean ebf | best move | score |");
    let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|");
    let f = |x: Option<f64>| x.map_or("-".to_string(), |v| format!("{v:.2}"));
    for r in rows {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {} | {} | {:.0} | {} | {} | {} | {} |",
            r.name,
            r.seconds,
            r.depth,
            r.exact_depth,
            r.seldepth,
            r.nodes,
            r.nps,
            f(r.ebf),
            f(r.mean_ebf),
            r.best_move,
            r.score
        );
    }
    if rows.iter().any(|r| r.star.is_some()) {
        let _ = writeln!(
            s,
            "\n## Chance nodes: Star1 / Star2 versus plain expectimax\n"
        );
        let _ = writeln!(s, "| position | depth | expectimax nodes | Star1 nodes | Star1 saving | Star2 nodes | Star2 saving |");
        let _ = writeln!(s, "|---|---:|---:|---:|---:|---:|---:|");
        for r in rows {
            if let Some(st) = &r.star {
                let _ = writeln!(
                    s,
                    "| {} | {} | {} | {} | {:.1}% | {} | {:.1}% |",
                    r.name,
                    st.depth,
                    st.expectimax_nodes,
                    st.star1_nodes,
                    100.0 * saving(st.expectimax_nodes, st.star1_nodes),
                    st.star2_nodes,
                    100.0 * saving(st.expectimax_nodes, st.star2_nodes)
                );
            }
        }
    }
    s
}

/// Write the benchmark to `path` (atomically) and print it (or one JSON object `{ "file",
/// "rows": [...] }` with `--json`).
pub fn write_bench(rows: &[BenchRow], path: &Path, global: &Global) -> CliResult {
    write_bench_as(rows, path, &command_line(), global)
}

/// [`write_bench`] naming the command that produced the figures.
pub fn write_bench_as(rows: &[BenchRow], path: &Path, command: &str, global: &Global) -> CliResult {
    let md = bench_markdown(rows, command);
    write_atomic(path, md.as_bytes())?;
    if global.json {
        print_json(&json!({
            "file": path.display().to_string(),
            "rows": rows.iter().map(BenchRow::to_json).collect::<Vec<_>>(),
        }));
    } else {
        print!("{md}");
        println!("\nwritten to {}", path.display());
    }
    Ok(())
}

/// Arguments of a game's `play` subcommand (engine self-play).
#[derive(clap::Args, Debug, Clone)]
pub struct PlayArgs {
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

/// Play `args.games` engine games from `root`, calling `on_game(index, record)` after each
/// (to write the record) and printing a line per game (nothing with `--json`: the caller prints
/// the summary). A progress bar runs on stderr.
pub fn run_play<G: Evaluate + Notation>(
    root: G,
    args: &PlayArgs,
    global: &Global,
    on_game: impl FnMut(u32, &GameRecord<G::Move>) -> CliResult,
) -> Result<SelfPlaySummary, CliError> {
    run_play_with(root, &NoHints, args, global, on_game)
}

/// [`run_play`] with move-ordering hints.
pub fn run_play_with<G: Evaluate + Notation, H: MoveHints<G>>(
    root: G,
    hints: &H,
    args: &PlayArgs,
    global: &Global,
    mut on_game: impl FnMut(u32, &GameRecord<G::Move>) -> CliResult,
) -> Result<SelfPlaySummary, CliError> {
    if args.games == 0 {
        return Err(CliError::input("--games 0: expected at least one game"));
    }
    if args.max_plies == 0 {
        return Err(CliError::input("--max-plies 0: expected at least 1"));
    }
    let (limits, opts) = args.limits.resolve()?;
    let mut engine = Engine::new(opts).map_err(search_error)?;
    let play = SelfPlayOptions {
        random_plies: args.random_plies,
        max_plies: args.max_plies,
        seed: args.seed,
    };
    let bar = super::common::progress_bar(global, u64::from(args.games), "self-play");
    let mut summary = SelfPlaySummary::default();
    for i in 0..args.games {
        let record = search::play_game(&root, &mut engine, &limits, hints, &play, u64::from(i))
            .map_err(search_error)?;
        summary.add(&record);
        on_game(i, &record)?;
        if !global.json {
            bar.suspend(|| {
                println!(
                    "game {:>4}: {:<14} after {:>4} decisions",
                    i + 1,
                    outcome_text(record.outcome),
                    record.decisions
                )
            });
        }
        bar.inc(1);
    }
    bar.finish_and_clear();
    Ok(summary)
}

fn outcome_text(o: Option<game::Outcome>) -> &'static str {
    match o {
        Some(game::Outcome::Win(game::Player::First)) => "first wins",
        Some(game::Outcome::Win(game::Player::Second)) => "second wins",
        Some(game::Outcome::Draw) => "draw",
        None => "unfinished",
    }
}

/// A markdown section summarising self-play games (for `results/<game>/selfplay.md`).
pub fn selfplay_markdown(title: &str, summary: &SelfPlaySummary, args: &PlayArgs) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "## {title}\n");
    let _ = writeln!(s, "- command: `{}`", command_line());
    let _ = writeln!(s, "- toolkit: {}", toolkit_version());
    let _ = writeln!(
        s,
        "- games {}, seed {}, random opening plies {}, ply cap {}, limits: depth {:?}, time {:?} s, nodes {:?}, threads {}\n",
        args.games,
        args.seed,
        args.random_plies,
        args.max_plies,
        args.limits.depth,
        args.limits.time,
        args.limits.nodes,
        args.limits.threads
    );
    let _ = writeln!(s, "| games | first wins | draws | second wins | unfinished | first player score | mean length (decisions) |");
    let _ = writeln!(s, "|---:|---:|---:|---:|---:|---:|---:|");
    let _ = writeln!(
        s,
        "| {} | {} | {} | {} | {} | {} | {:.1} |",
        summary.games,
        summary.first_wins,
        summary.draws,
        summary.second_wins,
        summary.unfinished,
        summary
            .first_player_score()
            .map_or("-".to_string(), |x| format!("{:.3}", x)),
        summary.mean_length()
    );
    s
}

/// Put `section` (markdown starting with a `## heading` line) into the file `path` under the
/// document title `title`: a section with the same heading is replaced, otherwise it is
/// appended. Written atomically (used for `results/{dola,hexecs}/selfplay.md`).
pub fn append_markdown(path: &Path, title: &str, section: &str) -> CliResult {
    let heading = section.lines().next().unwrap_or("").trim_end().to_string();
    let old = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => String::new(),
        Err(e) => {
            return Err(CliError::runtime(format!(
                "cannot read {}: {e}",
                path.display()
            )))
        }
    };
    let mut doc = if old.trim().is_empty() {
        format!(
            "{title}\n\nFormat: gsolve-selfplay 1. Each section is written by the command it names \
             (engine against itself, same settings for both sides; the first player is White).\n\n"
        )
    } else {
        String::new()
    };
    let mut replaced = false;
    let mut skipping = false;
    for line in old.lines() {
        if line.starts_with("## ") {
            skipping = line.trim_end() == heading;
            if skipping && !replaced {
                doc.push_str(section);
                doc.push('\n');
                replaced = true;
            }
        }
        if !skipping {
            doc.push_str(line);
            doc.push('\n');
        }
    }
    if !replaced {
        if !doc.ends_with("\n\n") {
            doc.push('\n');
        }
        doc.push_str(section);
    }
    write_atomic(path, doc.as_bytes())
}

/// `gsolve bench search`: the game positions for `seconds` each (3 Dola start positions, the
/// Hexecs start, the Hexecs position with both princesses free) unless `star_only`, then the
/// Star sample at each of `depths`, written to `path`.
pub fn game_bench(
    seconds: f64,
    depths: &[u32],
    star_only: bool,
    path: &Path,
    global: &Global,
) -> CliResult {
    if let Some(&d) = depths.iter().find(|&&d| d == 0 || d > search::MAX_DEPTH) {
        return Err(CliError::input(format!(
            "--sample-depths {d}: expected depths in 1..={}",
            search::MAX_DEPTH
        )));
    }
    let steps = if star_only { 0 } else { 5 }
        + PRINCESS_STAR_DEPTHS.len()
        + depths.len() * STAR_SAMPLE_POSITIONS;
    let bar = super::common::progress_bar(global, steps as u64, "bench search");
    let mut rows = Vec::new();
    let princess = hexecs::Hexecs::from_position(super::hexecs::PRINCESS_POSITION)
        .map_err(|e| CliError::runtime(format!("princess position: {e}")))?;
    let hints = &super::hexecs::HexecsHints;
    if !star_only {
        for v in dola::Variant::ALL {
            rows.push(bench_row(
                &format!("dola {} start", v.name()),
                dola::Position::start(v),
                &super::dola::DolaHints,
                seconds,
                false,
            )?);
            bar.inc(1);
        }
        rows.push(bench_row(
            "hexecs start",
            hexecs::Hexecs::start(),
            hints,
            seconds,
            false,
        )?);
        bar.inc(1);
        rows.push(bench_row(
            "hexecs princesses free",
            princess.clone(),
            hints,
            seconds,
            false,
        )?);
        bar.inc(1);
    }
    let mut princess_star = Vec::new();
    for &d in &PRINCESS_STAR_DEPTHS {
        princess_star.push(
            star_at_depth(&princess, hints, d, None, &star_base())?
                .ok_or_else(|| CliError::runtime("a fixed-depth search did not complete"))?,
        );
        bar.inc(1);
    }
    let mut samples = Vec::new();
    for &d in depths {
        samples.push(star_sample(&princess, hints, d, || bar.inc(1))?);
    }
    bar.finish_and_clear();
    let mut md = bench_markdown(&rows, &command_line());
    md.push_str(&princess_star_markdown(&princess_star));
    md.push_str(&star_sample_markdown(&samples));
    md.push_str(&bench_targets(&rows, &princess_star, &samples));
    write_atomic(path, md.as_bytes())?;
    if global.json {
        print_json(&json!({
            "file": path.display().to_string(),
            "rows": rows.iter().map(BenchRow::to_json).collect::<Vec<_>>(),
            "princess_star": princess_star.iter().map(star_json).collect::<Vec<_>>(),
            "star_sample": samples.iter().map(StarSample::to_json).collect::<Vec<_>>(),
        }));
    } else {
        print!("{md}");
        println!("\nwritten to {}", path.display());
    }
    Ok(())
}

/// The issue's targets, each judged from the rows (`met` / `NOT met`).
fn bench_targets(rows: &[BenchRow], princess: &[StarSavings], samples: &[StarSample]) -> String {
    use std::fmt::Write as _;
    let verdict = |ok: bool| if ok { "met" } else { "NOT met" };
    let mut s = String::from("\n## Targets (issue 6)\n\n");
    for r in rows {
        let (goal, unit) = if r.name.starts_with("dola") {
            (7, "plies")
        } else {
            (6, "decision plies")
        };
        let _ = writeln!(
            s,
            "- {}: depth ≥ {goal} {unit} in {} s on one thread — reached {} (exact search without \
             late move reductions: {}): {}",
            r.name,
            r.seconds,
            r.depth,
            r.exact_depth,
            verdict(r.depth >= goal)
        );
    }
    for st in princess {
        let _ = writeln!(
            s,
            "- hexecs princesses free, depth {}: Star2 at most half the nodes of plain expectimax \
             (its better ordering) — {} vs {} nodes ({:.1}% saved): {}",
            st.depth,
            st.star2_nodes,
            st.expectimax_nodes,
            100.0 * saving(st.expectimax_nodes, st.star2_nodes),
            verdict(2 * st.star2_nodes <= st.expectimax_nodes)
        );
    }
    for x in samples {
        let t = x.totals();
        let _ = writeln!(
            s,
            "- {} random positions with a free princess, depth {}: Star2 at most half the nodes of \
             plain expectimax (each position's better ordering) in total — {} vs {} nodes ({:.1}% saved; halved on {} of the {} \
             positions): {}",
            x.rows.len(),
            x.depth,
            t[2],
            t[0],
            100.0 * saving(t[0], t[2]),
            x.halved(),
            x.rows.len(),
            verdict(2 * t[2] <= t[0])
        );
    }
    s
}

/// The bench signature: total nodes of depth-`depth` searches from each root (one thread, a
/// fresh engine with default options each). Deterministic; changes only when the search or the
/// game changes.
pub fn bench_signature<G: Evaluate>(roots: &[G], depth: u32) -> Result<u64, CliError> {
    let mut total = 0;
    for root in roots {
        let r = search::search(root, &SearchOptions::default(), &Limits::depth(depth))
            .map_err(search_error)?;
        total += r.nodes;
    }
    Ok(total)
}

/// Benchmark the toy games for `seconds` each and write `path` (normally
/// `results/search/toy-bench.md`).
pub fn toy_bench(seconds: f64, path: &Path, global: &Global) -> CliResult {
    use search::toy::{Pig, TicTacToe, TreeGame};
    let rows = vec![
        bench_search("tic-tac-toe (empty board)", TicTacToe::new(), seconds)?,
        bench_search("pig to 20 (start)", Pig::new(20), seconds)?,
        bench_search(
            "tree game seed 1, width 4, no chance",
            TreeGame::new(1, 4, 60, false),
            seconds,
        )?,
        bench_search(
            "tree game seed 1, width 4, chance",
            TreeGame::new(1, 4, 60, true),
            seconds,
        )?,
        bench_search(
            "tree game seed 2, width 4, chance",
            TreeGame::new(2, 4, 60, true),
            seconds,
        )?,
    ];
    write_bench_as(&rows, path, "scripts/search-toy-bench.sh", global)
}

#[cfg(test)]
mod tests {
    use super::*;
    use search::toy::{Pig, TicTacToe, TreeGame};

    fn limits(depth: Option<u32>, time: Option<f64>, nodes: Option<u64>) -> SearchLimits {
        SearchLimits {
            depth,
            time,
            nodes,
            ..SearchLimits::default()
        }
    }

    fn is_input(r: Result<(Limits, SearchOptions), CliError>) -> bool {
        matches!(r, Err(CliError::Input(_)))
    }

    #[test]
    fn impossible_limits_are_input_errors() {
        assert!(is_input(limits(Some(0), None, None).resolve()));
        assert!(is_input(limits(Some(65), None, None).resolve()));
        assert!(is_input(limits(None, Some(-1.0), None).resolve()));
        assert!(is_input(limits(None, Some(0.0), None).resolve()));
        assert!(is_input(limits(None, Some(f64::NAN), None).resolve()));
        assert!(is_input(limits(None, Some(f64::INFINITY), None).resolve()));
        assert!(is_input(limits(None, None, Some(0)).resolve()));
        assert!(is_input(limits(None, None, None).resolve()));
        assert!(is_input(
            SearchLimits {
                threads: 0,
                ..limits(Some(3), None, None)
            }
            .resolve()
        ));
        let (l, o) = SearchLimits {
            no_tt: true,
            threads: 2,
            ..limits(Some(3), Some(1.5), None)
        }
        .resolve()
        .unwrap();
        assert_eq!(
            (l.depth, l.time, o.tt_mib, o.threads),
            (Some(3), Some(Duration::from_millis(1500)), 0, 2)
        );
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
        let err = c.limits.resolve().unwrap_err();
        assert_eq!(err.report(&Global { json: false }), 2);
    }

    #[test]
    fn search_runs_and_reports_positions_it_cannot_search() {
        let g = Global { json: false };
        let t: TicTacToe = "XX.OO.... x".parse().unwrap();
        run_search(t, &limits(Some(3), None, None), &g).unwrap();
        run_search(
            Pig::new(10),
            &limits(Some(3), None, None),
            &Global { json: true },
        )
        .unwrap();
        let over: TicTacToe = "XXXOO.... o".parse().unwrap();
        assert!(matches!(
            run_search(over, &limits(Some(3), None, None), &g),
            Err(CliError::Input(_))
        ));
    }

    #[test]
    fn json_has_the_documented_keys() {
        let t: TicTacToe = "X.O.O...X x".parse().unwrap();
        let (l, o) = limits(Some(4), None, None).resolve().unwrap();
        let r = Engine::new(o.clone())
            .unwrap()
            .search(&t, &l, &NoHints, |_| {})
            .unwrap();
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
    fn bench_measures_star_savings_on_chance_games() {
        let row = bench_search("tree-chance", TreeGame::new(1, 4, 40, true), 0.3).unwrap();
        assert!(row.depth >= 2);
        let st = row.star.clone().expect("the tree game has chance nodes");
        assert!(st.depth >= 2);
        assert!(2 * st.star2_nodes < st.expectimax_nodes, "{st:?}");
        let pig = bench_search("pig-20", Pig::new(20), 0.2).unwrap();
        assert!(pig.star.is_some());
        let t = bench_search("tictactoe", TicTacToe::new(), 0.2).unwrap();
        assert!(t.star.is_none());
        let md = bench_markdown(&[row, pig, t], "test");
        assert!(
            md.contains("| tree-chance |")
                && md.contains("Star2 saving")
                && md.contains("| tictactoe |")
        );
    }

    #[test]
    fn self_play_and_signature() {
        let args = PlayArgs {
            games: 3,
            seed: 5,
            random_plies: 1,
            max_plies: 200,
            limits: limits(Some(3), None, None),
        };
        let mut seen = 0;
        let summary = run_play(Pig::new(12), &args, &Global { json: true }, |_, r| {
            seen += 1;
            assert!(r.outcome.is_some());
            Ok(())
        })
        .unwrap();
        assert_eq!((seen, summary.games), (3, 3));
        let md = selfplay_markdown("Pig to 12", &summary, &args);
        assert!(md.contains("| 3 |"));
        assert!(matches!(
            run_play(
                Pig::new(12),
                &PlayArgs {
                    games: 0,
                    ..args.clone()
                },
                &Global { json: true },
                |_, _| Ok(())
            ),
            Err(CliError::Input(_))
        ));
        let roots = [TicTacToe::new()];
        assert_eq!(
            bench_signature(&roots, 5).unwrap(),
            bench_signature(&roots, 5).unwrap()
        );
    }

    /// Writes results/search/toy-bench.md (10 s per position): `scripts/search-toy-bench.sh`.
    #[test]
    #[ignore]
    fn write_toy_bench() {
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../results/search/toy-bench.md"
        ));
        toy_bench(10.0, path, &Global { json: false }).unwrap();
    }
}
