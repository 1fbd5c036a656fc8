//! The one-position Rex job: who wins, every winning move (optionally), a principal variation.

use crate::output::{JobError, JobResult};
use crate::Progress;
use bitboard::BitWord;
use exact::{Solver, SolverConfig};
use game::{Game, Player};
use rex::RexPosition;
use std::time::Instant;

/// Settings of a solve.
#[derive(Debug, Clone)]
pub struct SolveConfig {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Moves from the empty board (comma- or space-separated cells, `swap`).
    pub moves: String,
    /// The swap rule.
    pub swap: bool,
    /// Solve every legal move.
    pub all: bool,
    /// Solver settings.
    pub solver: SolverConfig,
}

/// What a solve found.
#[derive(Debug, Clone)]
pub struct SolveReport {
    /// The board drawn as text, with the player to move.
    pub diagram: String,
    /// The player to move.
    pub to_move: Player,
    /// The player to move wins.
    pub wins: bool,
    /// The game was already over.
    pub game_over: bool,
    /// Every winning move (with `all`), by name.
    pub winning_moves: Vec<String>,
    /// A principal variation, by name.
    pub principal_variation: Vec<String>,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall time.
    pub seconds: f64,
}

/// Solve the position of `cfg`.
pub fn solve_position(cfg: &SolveConfig, progress: &dyn Progress) -> JobResult<SolveReport> {
    if cfg.rows.saturating_mul(cfg.cols) <= 64 {
        solve_on::<u64>(cfg, progress)
    } else {
        solve_on::<u128>(cfg, progress)
    }
}

fn solve_on<W: BitWord>(cfg: &SolveConfig, progress: &dyn Progress) -> JobResult<SolveReport> {
    let mut pos = RexPosition::<W>::new(cfg.rows, cfg.cols).map_err(JobError::input)?;
    pos = pos.with_swap(cfg.swap).map_err(JobError::input)?;
    pos.play_list(&cfg.moves)
        .map_err(|e| JobError::input(format!("--moves {}: {e}", cfg.moves)))?;
    let solver = Solver::<RexPosition<W>>::new(cfg.solver.clone()).map_err(JobError::input)?;
    let start = Instant::now();
    let to_move = pos.to_move();
    let over = pos.loser();
    progress.start(
        if cfg.all {
            "solving every move"
        } else {
            "solving"
        },
        0,
    );
    let (wins, winning_moves) = super::with_node_rate(&solver, progress, || {
        if let Some(loser) = over {
            (loser != to_move, Vec::new())
        } else if cfg.all {
            let values = solver.move_values(&pos);
            let names: Vec<String> = values
                .iter()
                .filter(|v| v.wins)
                .map(|v| pos.move_name(v.mv))
                .collect();
            (!names.is_empty(), names)
        } else {
            (solver.solve(&pos), Vec::new())
        }
    });
    progress.finish();
    let pv = if over.is_none() {
        solver.principal_variation(&pos, 200)
    } else {
        Vec::new()
    };
    let mut p = pos.clone();
    let principal_variation = pv
        .iter()
        .map(|&m| {
            let n = p.move_name(m);
            p.play(m);
            n
        })
        .collect();
    Ok(SolveReport {
        diagram: pos.to_text(),
        to_move,
        wins,
        game_over: over.is_some(),
        winning_moves,
        principal_variation,
        nodes: solver.nodes(),
        seconds: start.elapsed().as_secs_f64(),
    })
}
