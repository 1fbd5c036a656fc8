//! The search benchmark (`gsolve bench search`, `results/search/bench.md`) and its statistics:
//! depth reached in a time budget, nodes/s, effective branching factor, and the Star1/Star2
//! savings against plain expectimax at chance nodes.
//!
//! - [`bench_search`] / [`bench_search_with`]`(name, root, [hints,] seconds)` gives a
//!   [`BenchRow`] for one position: depth reached within `seconds` on one thread, nodes/s,
//!   effective branching factor, and — if the exact search (no late move reductions) met
//!   chance nodes — the nodes of the [`STAR_RUNS`] (plain expectimax with both move orderings,
//!   Star1, Star2, Star2 with the roll ordered as a quiet move) at the deepest equal depth they
//!   all complete within `seconds` ([`StarSavings`]: the baseline is plain expectimax under its
//!   better ordering).
//! - [`star_at_depth`]: the same comparison at a fixed depth (every root score checked equal).
//! - [`star_sample`]: the comparison on [`hexecs::princess_sample`] (a fixed seeded sample of
//!   random Hexecs positions with a free princess).
//! - [`game_bench`] (job): the three Dola start positions, the Hexecs start and the Hexecs
//!   position with both princesses free, the Star comparison on the princess position at
//!   [`PRINCESS_STAR_DEPTHS`] and on the sample at each requested depth, written as one
//!   markdown file with the targets judged from the figures.
//! - [`toy_bench`] (job): the timed benchmark on the search crate's toy games.
//! - [`bench_signature`]: total nodes of fixed-depth searches, the deterministic signature a
//!   script compares with a recorded value (as Stockfish's `bench` does); [`GAME_SIGNATURE`]
//!   names the positions of the recorded `results/search/signature.txt`.

use crate::output::{write_atomic, JobError, JobResult};
use crate::search::{search_error, MAX_SECONDS};
use crate::Progress;
use game::{Evaluate, MoveHints, NoHints, Notation};
use search::{ChancePruning, Engine, Limits, SearchOptions};
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

mod markdown;

pub use markdown::bench_markdown;
use markdown::{bench_targets, princess_star_markdown, star_sample_markdown};

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
pub fn saving(plain: u64, pruned: u64) -> f64 {
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
) -> JobResult<BenchRow> {
    bench_search_with(name, root, &NoHints, seconds)
}

/// [`bench_search`] with move-ordering hints.
pub fn bench_search_with<G: Evaluate + Notation, H: MoveHints<G>>(
    name: &str,
    root: G,
    hints: &H,
    seconds: f64,
) -> JobResult<BenchRow> {
    bench_row(name, root, hints, seconds, true)
}

/// [`bench_search_with`], the Star comparison within the budget only if `with_star`.
fn bench_row<G: Evaluate + Notation, H: MoveHints<G>>(
    name: &str,
    root: G,
    hints: &H,
    seconds: f64,
    with_star: bool,
) -> JobResult<BenchRow> {
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= MAX_SECONDS) {
        return Err(JobError::input(format!(
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
) -> JobResult<StarSavings> {
    let mut best: Option<StarSavings> = None;
    for depth in 1..=search::MAX_DEPTH {
        match star_at_depth(root, hints, depth, Some(budget), base)? {
            Some(st) => best = Some(st),
            None => break,
        }
    }
    best.ok_or_else(|| {
        JobError::runtime("plain expectimax did not complete depth 1 within the time")
    })
}

/// Plain expectimax, Star1 and Star2 to `depth` (fresh table each); `None` if one of them did
/// not complete within `budget`. The three root scores must agree (else a search bug).
pub fn star_at_depth<G: Evaluate + Notation, H: MoveHints<G>>(
    root: &G,
    hints: &H,
    depth: u32,
    budget: Option<Duration>,
    base: &SearchOptions,
) -> JobResult<Option<StarSavings>> {
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
        return Err(JobError::runtime(format!(
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
pub fn star_options() -> SearchOptions {
    SearchOptions {
        tt_mib: BENCH_TT_MB,
        threads: 1,
        ..SearchOptions::default()
    }
}

/// One Star comparison as JSON.
pub fn star_json(s: &StarSavings) -> serde_json::Value {
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
    pub fn star2_savings(&self) -> Vec<f64> {
        let mut per: Vec<f64> = self
            .rows
            .iter()
            .map(|(_, st)| saving(st.expectimax_nodes, st.star2_nodes))
            .collect();
        per.sort_by(|a, b| a.total_cmp(b));
        per
    }

    /// Positions on which Star2 at least halves the nodes.
    pub fn halved(&self) -> usize {
        self.rows
            .iter()
            .filter(|(_, st)| 2 * st.star2_nodes <= st.expectimax_nodes)
            .count()
    }

    /// The JSON object of this depth.
    pub fn to_json(&self) -> serde_json::Value {
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

pub(crate) fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// Star savings on [`hexecs::princess_sample`] at `depth` (exact options, 64 MiB table); `on_position`
/// is called after each position (progress).
pub fn star_sample<H: MoveHints<hexecs::Hexecs>>(
    start: &hexecs::Hexecs,
    hints: &H,
    depth: u32,
    mut on_position: impl FnMut(),
) -> JobResult<StarSample> {
    let base = star_options();
    let mut rows = Vec::new();
    for g in hexecs::princess_sample(start, STAR_SAMPLE_POSITIONS, STAR_SAMPLE_SEED) {
        let st = star_at_depth(&g, hints, depth, None, &base)?
            .ok_or_else(|| JobError::runtime("a fixed-depth search did not complete"))?;
        rows.push((g.position_text(), st));
        on_position();
    }
    Ok(StarSample { depth, rows })
}

/// The bench signature: total nodes of depth-`depth` searches from each root (one thread, a
/// fresh engine with default options each). Deterministic; changes only when the search or the
/// game changes.
pub fn bench_signature<G: Evaluate>(roots: &[G], depth: u32) -> JobResult<u64> {
    let mut total = 0;
    for root in roots {
        let r = search::search(root, &SearchOptions::default(), &Limits::depth(depth))
            .map_err(search_error)?;
        total += r.nodes;
    }
    Ok(total)
}

/// What `gsolve bench search` runs.
#[derive(Debug, Clone, PartialEq)]
pub struct GameBenchConfig {
    /// Seconds per timed position.
    pub seconds: f64,
    /// Depths of the Star sample (each one reported).
    pub sample_depths: Vec<u32>,
    /// Only the Star comparisons (skip the timed searches of the start positions).
    pub star_only: bool,
    /// The markdown file to write.
    pub out: PathBuf,
    /// The command that produced the figures (stated in the file).
    pub command: String,
}

/// What [`game_bench`] measured (its file holds the same figures as markdown).
#[derive(Debug, Clone, PartialEq)]
pub struct GameBenchReport {
    /// The timed positions.
    pub rows: Vec<BenchRow>,
    /// The Star comparison on the princess position at [`PRINCESS_STAR_DEPTHS`].
    pub princess_star: Vec<StarSavings>,
    /// The Star sample at each depth.
    pub samples: Vec<StarSample>,
    /// The file's text.
    pub markdown: String,
}

impl GameBenchReport {
    /// The figures as one JSON object (`file`, `rows`, `princess_star`, `star_sample`).
    pub fn to_json(&self, file: &std::path::Path) -> serde_json::Value {
        json!({
            "file": file.display().to_string(),
            "rows": self.rows.iter().map(BenchRow::to_json).collect::<Vec<_>>(),
            "princess_star": self.princess_star.iter().map(star_json).collect::<Vec<_>>(),
            "star_sample": self.samples.iter().map(StarSample::to_json).collect::<Vec<_>>(),
        })
    }
}

/// The job of `gsolve bench search`: the game positions for `seconds` each (3 Dola start
/// positions, the Hexecs start, the Hexecs position with both princesses free) unless
/// `star_only`, the Star comparison on the princess position, then the Star sample at each of
/// `sample_depths`; written to `cfg.out` (atomically) with the command, toolkit version,
/// parameters and seed.
pub fn game_bench(cfg: &GameBenchConfig, progress: &dyn Progress) -> JobResult<GameBenchReport> {
    if let Some(&d) = cfg
        .sample_depths
        .iter()
        .find(|&&d| d == 0 || d > search::MAX_DEPTH)
    {
        return Err(JobError::input(format!(
            "--sample-depths {d}: expected depths in 1..={}",
            search::MAX_DEPTH
        )));
    }
    let steps = if cfg.star_only { 0 } else { 5 }
        + PRINCESS_STAR_DEPTHS.len()
        + cfg.sample_depths.len() * STAR_SAMPLE_POSITIONS;
    progress.start("bench search", steps as u64);
    let mut done = 0u64;
    let mut step = |note: &str| {
        done += 1;
        progress.advance(done, note);
    };
    let princess = hexecs::Hexecs::from_position(hexecs::PRINCESS_POSITION)
        .map_err(|e| JobError::runtime(format!("princess position: {e}")))?;
    let hints = &hexecs::HexecsHints;
    let mut rows = Vec::new();
    if !cfg.star_only {
        for v in dola::Variant::ALL {
            let name = format!("dola {} start", v.name());
            let start = dola::Position::start(v);
            rows.push(bench_row(
                &name,
                start,
                &dola::DolaHints,
                cfg.seconds,
                false,
            )?);
            step(&name);
        }
        let start = hexecs::Hexecs::start();
        rows.push(bench_row("hexecs start", start, hints, cfg.seconds, false)?);
        step("hexecs start");
        let name = "hexecs princesses free";
        rows.push(bench_row(
            name,
            princess.clone(),
            hints,
            cfg.seconds,
            false,
        )?);
        step(name);
    }
    let mut princess_star = Vec::new();
    for &d in &PRINCESS_STAR_DEPTHS {
        princess_star.push(
            star_at_depth(&princess, hints, d, None, &star_options())?
                .ok_or_else(|| JobError::runtime("a fixed-depth search did not complete"))?,
        );
        step(&format!("princess position, depth {d}"));
    }
    let mut samples = Vec::new();
    for &d in &cfg.sample_depths {
        samples.push(star_sample(&princess, hints, d, || {
            step(&format!("star sample, depth {d}"))
        })?);
    }
    progress.finish();
    let mut md = bench_markdown(&rows, &cfg.command);
    md.push_str(&princess_star_markdown(&princess_star));
    md.push_str(&star_sample_markdown(&samples));
    md.push_str(&bench_targets(&rows, &princess_star, &samples));
    write_atomic(&cfg.out, md.as_bytes())?;
    Ok(GameBenchReport {
        rows,
        princess_star,
        samples,
        markdown: md,
    })
}

/// The job of `scripts/search-toy-bench.sh`: [`bench_search`] on the search crate's toy games
/// (tic-tac-toe, Pig, the synthetic tree game) for `seconds` each, written to `out` (normally
/// `results/search/toy-bench.md`) with `command`; returns the rows and the file's text.
pub fn toy_bench(
    seconds: f64,
    out: &std::path::Path,
    command: &str,
    progress: &dyn Progress,
) -> JobResult<(Vec<BenchRow>, String)> {
    use search::toy::{Pig, TicTacToe, TreeGame};
    progress.start("toy bench", 5);
    let mut rows = vec![bench_search(
        "tic-tac-toe (empty board)",
        TicTacToe::new(),
        seconds,
    )?];
    progress.advance(1, "tic-tac-toe");
    rows.push(bench_search("pig to 20 (start)", Pig::new(20), seconds)?);
    progress.advance(2, "pig");
    for (k, (seed, chance)) in [(1, false), (1, true), (2, true)].into_iter().enumerate() {
        let name = format!(
            "tree game seed {seed}, width 4, {}",
            if chance { "chance" } else { "no chance" }
        );
        rows.push(bench_search(
            &name,
            TreeGame::new(seed, 4, 60, chance),
            seconds,
        )?);
        progress.advance(3 + k as u64, &name);
    }
    progress.finish();
    let md = bench_markdown(&rows, command);
    write_atomic(out, md.as_bytes())?;
    Ok((rows, md))
}

/// The positions of the recorded game signature (`results/search/signature.txt`, checked by
/// `scripts/search-signature.sh`): the three Dola start positions and the Hexecs start at depth
/// 4, the Hexecs princess position at depth 3.
pub fn game_signature() -> JobResult<u64> {
    let dola: Vec<dola::Position> = dola::Variant::ALL
        .iter()
        .map(|&v| dola::Position::start(v))
        .collect();
    let princess = hexecs::Hexecs::from_position(hexecs::PRINCESS_POSITION)
        .map_err(|e| JobError::runtime(format!("princess position: {e}")))?;
    Ok(bench_signature(&dola, GAME_SIGNATURE_DEPTH)?
        + bench_signature(&[hexecs::Hexecs::start()], GAME_SIGNATURE_DEPTH)?
        + bench_signature(&[princess], GAME_SIGNATURE_DEPTH - 1)?)
}

/// Depth of [`game_signature`] (the princess position one less).
pub const GAME_SIGNATURE_DEPTH: u32 = 4;

#[cfg(test)]
mod tests {
    use super::*;
    use search::toy::{Pig, TicTacToe, TreeGame};

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
    fn signature_is_reproducible() {
        let roots = [TicTacToe::new()];
        assert_eq!(
            bench_signature(&roots, 5).unwrap(),
            bench_signature(&roots, 5).unwrap()
        );
    }

    #[test]
    fn toy_bench_writes_its_file() {
        let dir = std::env::temp_dir().join(format!("jobs-toy-bench-{}", std::process::id()));
        let out = dir.join("toy-bench.md");
        let (rows, md) = toy_bench(0.05, &out, "test", &crate::NoProgress).unwrap();
        assert_eq!(rows.len(), 5);
        assert_eq!(std::fs::read_to_string(&out).unwrap(), md);
        assert!(md.contains("- command: `test`") && md.contains("format: gsolve-search-bench 1"));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
