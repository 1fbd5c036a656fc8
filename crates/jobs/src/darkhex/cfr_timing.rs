//! One timed CFR run on the perfect-recall (history) game, for `gsolve bench darkhex-cfr`:
//! the tree built, a number of iterations timed on the calling thread, and the exact bracket
//! of the average strategy after them (so that a speed figure always comes with the value it
//! reached). `scripts/darkhex-cfr-peer.sh` runs it beside OpenSpiel's CFR+ on the same boards.
//! With a target gap, the exact bracket is also measured every `check_every` iterations (not
//! timed) and the run stops at the first check that reaches it: iterations to a gap, with and
//! without the rotation ties ([`SymmetricHistoryGame`]).

use super::{JobError, JobResult};
use cfr::{Algorithm, Passes, Solver};
use darkhex::extensive::{HistoryGame, SymmetricHistoryGame};
use darkhex::response::{exact_bracket, ExactBracket, HistoryStrategy};
use darkhex::{DarkHex, Rules};
use game::extensive::ExtensiveGame;
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
    /// Tie the information sets the 180° rotation maps onto each other.
    pub symmetric: bool,
    /// Stop at the first check whose exact gap is at most this (`iterations` is then the
    /// most to run).
    pub gap: Option<f64>,
    /// Iterations between the checks of the gap (with `gap`).
    pub check_every: u64,
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
    /// Iterations run (fewer than asked when the gap was reached).
    pub iterations: u64,
    /// With a target gap: (iteration, gap) at each check.
    pub checks: Vec<(u64, f64)>,
}

impl CfrTiming {
    /// Milliseconds per iteration (both players' updates).
    pub fn ms_per_iteration(&self) -> f64 {
        self.seconds * 1000.0 / self.iterations as f64
    }

    /// The measurement as one JSON object.
    pub fn to_json(&self) -> serde_json::Value {
        let r = self.config.rules;
        json!({
            "board": format!("{}x{}", r.rows, r.cols),
            "variant": r.variant.name(),
            "algorithm": self.config.algorithm.describe(),
            "passes": passes_name(self.passes),
            "symmetric": self.config.symmetric,
            "iterations": self.iterations,
            "target_gap": self.config.gap,
            "checks": self.checks,
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
    if let Some(g) = config.gap {
        if !(g.is_finite() && g >= 0.0) {
            return Err(JobError::input("--gap must be a non-negative number"));
        }
        if config.check_every == 0 {
            return Err(JobError::input("--check-every must be at least 1"));
        }
    }
    let game = DarkHex::new(config.rules).map_err(JobError::input)?;
    if config.symmetric {
        let sg = SymmetricHistoryGame(game.clone());
        timed(&sg, &game, config, |entries| sg.expand(entries))
    } else {
        timed(&HistoryGame(game.clone()), &game, config, |entries| entries)
    }
}

/// [`cfr_timing`] on `g` (the history game or its rotation-tied form), whose average
/// strategy `expand` turns into one of the history game.
fn timed<G, E>(g: &G, game: &DarkHex, config: &CfrTimingConfig, expand: E) -> JobResult<CfrTiming>
where
    G: ExtensiveGame<InfoKey = u128>,
    E: Fn(Vec<(u128, Vec<f64>)>) -> Vec<(u128, Vec<f64>)>,
{
    let start = Instant::now();
    let mut solver = Solver::new(g, config.algorithm, MAX_NODES).map_err(JobError::runtime)?;
    let build_seconds = start.elapsed().as_secs_f64();
    let passes = solver.set_passes(config.passes);
    let nodes = solver.tree().nodes();
    let bracket_now = |solver: &Solver<u128>| {
        let entries = solver
            .average_strategy()
            .entries()
            .map(|(k, _, p)| (k, p.to_vec()))
            .collect();
        let table = expand(entries).into_iter().collect();
        exact_bracket(game, &HistoryStrategy::new(game.cells(), table), 0.0)
    };
    let (mut visited, mut seconds, mut checks) = (0u64, 0.0, Vec::new());
    let mut bracket = None;
    while solver.iterations() < config.iterations {
        let start = Instant::now();
        solver.iterate(1);
        seconds += start.elapsed().as_secs_f64();
        let [a, b] = solver.last_visits();
        visited += (a + b) as u64;
        let it = solver.iterations();
        if let Some(target) = config.gap.filter(|_| it % config.check_every == 0) {
            let b = bracket_now(&solver);
            checks.push((it, b.gap));
            bracket = Some(b);
            if b.gap <= target {
                break;
            }
        }
    }
    let iterations = solver.iterations();
    let bracket = match bracket {
        Some(b) if checks.last().is_some_and(|&(i, _)| i == iterations) => b,
        _ => bracket_now(&solver),
    };
    Ok(CfrTiming {
        config: config.clone(),
        passes,
        nodes,
        infosets: solver.tree().infosets(),
        build_seconds,
        seconds,
        visited_fraction: visited as f64 / (2 * iterations * nodes.max(1) as u64) as f64,
        bracket,
        iterations,
        checks,
    })
}
