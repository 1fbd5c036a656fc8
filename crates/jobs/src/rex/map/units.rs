//! The map's work units: (opening, reply) pairs up to the 180° rotation, this shard's share,
//! and the solve of one unit.

use super::super::{node_rate_note, with_ticker};
use super::{MapConfig, MapError, UnitResult};
use crate::Progress;
use bitboard::BitWord;
use exact::Solver;
use game::Game;
use rex::{RexMove, RexPosition};
use std::time::Instant;

/// The (opening, reply) units of the board, openings up to the 180° rotation, in cell order.
pub(super) fn units<W: BitWord>(board: &RexPosition<W>, only: &[u32]) -> Vec<(u32, u32)> {
    let n = board.hex().cells() as u32;
    let rot = |c: u32| n - 1 - c;
    let mut out = Vec::new();
    for x in 0..n {
        if rot(x) < x || (!only.is_empty() && !only.contains(&x) && !only.contains(&rot(x))) {
            continue;
        }
        for r in 0..n {
            if r == x || (rot(x) == x && rot(r) < r) {
                continue;
            }
            out.push((x, r));
        }
    }
    out
}

/// A unit of the map: (opening, reply) cells.
pub(super) type Unit = (u32, u32);

/// Every unit of the map, and the units of this run: the openings asked for (all if none),
/// then this shard's share (unit i of the whole map belongs to shard i mod N).
pub(super) fn shard_units<W: BitWord>(
    cfg: &MapConfig,
    board: &RexPosition<W>,
) -> Result<(Vec<Unit>, Vec<Unit>), MapError> {
    let (si, sn) = cfg.shard;
    if sn == 0 || si >= sn {
        return Err(MapError::Input(format!(
            "--shard {si}/{sn}: expected I/N with 0 <= I < N"
        )));
    }
    let mut only = Vec::new();
    for name in &cfg.openings {
        only.push(
            board
                .parse_cell(name)
                .map_err(|e| MapError::Input(format!("--openings {name}: {e}")))?,
        );
    }
    let all_units = units(board, &[]);
    let mine: Vec<(u32, u32)> = units(board, &only)
        .into_iter()
        .filter(|u| all_units.iter().position(|v| v == u).expect("unit") % sn == si)
        .collect();
    Ok((all_units, mine))
}

/// Solve one unit (opening `x`, reply `r`, Black to move): `None` if the solver was stopped.
/// While it runs, `progress` sees the unit's node count and rate (its position stays at
/// `done`, the units finished).
pub(super) fn solve_unit<W: BitWord>(
    solver: &Solver<RexPosition<W>>,
    board: &RexPosition<W>,
    (x, r): Unit,
    threads: usize,
    (progress, done): (&dyn Progress, u64),
) -> Option<UnitResult> {
    let name = |c: u32| board.hex().name(c);
    let mut pos = board.clone();
    pos.play(RexMove::cell(x));
    pos.play(RexMove::cell(r));
    let t = Instant::now();
    let nodes_before = solver.nodes();
    let label = format!("{} {}", name(x), name(r));
    let tick = |elapsed| {
        let note = node_rate_note(solver.nodes() - nodes_before, elapsed);
        progress.advance(done, &format!("{label}: {note}"));
    };
    let (black_wins, answer) = with_ticker(tick, || {
        let black_wins = if pos.loser().is_some() {
            pos.loser() == Some(game::Player::Second)
        } else {
            solver.solve(&pos)
        };
        if solver.stopped() {
            return (black_wins, None);
        }
        let answer = black_wins
            .then(|| solver.principal_variation(&pos, 1).first().copied())
            .flatten();
        (black_wins, answer)
    });
    // A stopped search (the deadline, also in the answer's search) proves nothing.
    if solver.stopped() {
        return None;
    }
    Some(UnitResult {
        opening: name(x),
        reply: name(r),
        black_wins,
        answer: answer.map(|m| pos.move_name(m)),
        nodes: solver.nodes() - nodes_before,
        seconds: t.elapsed().as_secs_f64(),
        threads,
    })
}
