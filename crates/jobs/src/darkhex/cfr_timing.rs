//! One timed CFR run on the perfect-recall (history) game, for `gsolve bench darkhex-cfr`:
//! the tree built, a number of iterations timed on the calling thread, and the exact bracket
//! of the average strategy after them (so that a speed figure always comes with the value it
//! reached). `scripts/darkhex-cfr-peer.sh` runs it beside OpenSpiel's CFR+ on the same boards.

use super::{JobError, JobResult};
use cfr::{Algorithm, Passes, Solver};
use darkhex::extensive::HistoryGame;
use darkhex::response::{exact_bracket, ExactBracket, HistoryStrategy};
use darkhex::{DarkHex, Rules};
use serde_json::json;
use std::time::Instant;

/// Largest tree the timing expands.
const MAX_NODES: usize = 60_000_000;

/// What to time.
#[derive(Debug, Clone, PartialEq)]
pub struct CfrTimingConfig {
    /// The board.
    pub rules: Rules,
    /// The CFR variant.
    pub algorithm: Algorithm,
    /// Iterations timed (at least 1).
    pub iterations: u64,
    /// The passes asked for (the level passes if the walk is not available).
    pub passes: Passes,
}

/// The measurement.
#[derive(Debug, Clone)]
pub struct CfrTiming {
    /// The config measured.
    pub config: CfrTimingConfig,
    /// The passes used.
    pub passes: Passes,
    /// Live nodes of the tree.
    pub nodes: usize,
    /// Information sets.
    pub infosets: usize,
    /// Seconds to build the tree (and the walk's layout).
    pub build_seconds: f64,
    /// Seconds of the timed iterations.
    pub seconds: f64,
    /// Mean fraction of the nodes one player's update visited.
    pub visited_fraction: f64,
    /// The exact bracket of the average strategy after the iterations.
    pub bracket: ExactBracket,
}

impl CfrTiming {
    /// Milliseconds per iteration (both players' updates).
    pub fn ms_per_iteration(&self) -> f64 {
        self.seconds * 1000.0 / self.config.iterations as f64
    }

    /// The measurement as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let r = self.config.rules;
        json!({
            "board": format!("{}x{}", r.rows, r.cols),
            "variant": r.variant.name(),
            "algorithm": self.config.algorithm.describe(),
            "passes": passes_name(self.passes),
            "iterations": self.config.iterations,
            "nodes": self.nodes,
            "infosets": self.infosets,
            "build_seconds": self.build_seconds,
            "seconds": self.seconds,
            "ms_per_iteration": self.ms_per_iteration(),
            "visited_fraction": self.visited_fraction,
            "lower": self.bracket.lower,
            "upper": self.bracket.upper,
            "gap": self.bracket.gap,
        })
    }
}

/// `walk` or `level`.
pub fn passes_name(p: Passes) -> &'static str {
    match p {
        Passes::PrunedWalk => "walk",
        Passes::Level => "level",
    }
}

/// Build, time and evaluate (see the module documentation).
pub fn cfr_timing(config: &CfrTimingConfig) -> JobResult<CfrTiming> {
    if config.iterations == 0 {
        return Err(JobError::input("--iterations must be at least 1"));
    }
    let game = DarkHex::new(config.rules).map_err(JobError::input)?;
    let hg = HistoryGame(game.clone());
    let start = Instant::now();
    let mut solver = Solver::new(&hg, config.algorithm, MAX_NODES).map_err(JobError::runtime)?;
    let build_seconds = start.elapsed().as_secs_f64();
    let passes = solver.set_passes(config.passes);
    let nodes = solver.tree().nodes();
    let mut visited = 0u64;
    let start = Instant::now();
    for _ in 0..config.iterations {
        solver.iterate(1);
        let [a, b] = solver.last_visits();
        visited += (a + b) as u64;
    }
    let seconds = start.elapsed().as_secs_f64();
    let table = solver
        .average_strategy()
        .entries()
        .map(|(k, _, p)| (k, p.to_vec()))
        .collect();
    let bracket = exact_bracket(&game, &HistoryStrategy::new(game.cells(), table), 0.0);
    Ok(CfrTiming {
        config: config.clone(),
        passes,
        nodes,
        infosets: solver.tree().infosets(),
        build_seconds,
        seconds,
        visited_fraction: visited as f64 / (2 * config.iterations * nodes.max(1) as u64) as f64,
        bracket,
    })
}
