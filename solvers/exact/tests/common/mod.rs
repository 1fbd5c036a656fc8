//! Shared helpers of the Rex solver tests.
//!
//! Every test binary compiles this module whole (`mod common;`) and uses only some of it, so a
//! helper that some binary leaves unused carries its own `allow(dead_code)` naming its users;
//! the other helpers are used by every binary.

use exact::{Solver, SolverConfig};
use game::Game;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rex::RexPosition;
use std::path::PathBuf;

/// The shared/ folder beside the repository.
#[allow(dead_code, reason = "used by rex_solrex only")]
pub fn shared() -> PathBuf {
    let p = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared"));
    assert!(
        p.exists(),
        "shared/ not found at {} (it must sit beside the repository)",
        p.display()
    );
    p
}

#[allow(
    dead_code,
    reason = "used by rex_literature, rex_pairing, rex_properties and rex_knowledge only"
)]
pub fn solver(threads: usize) -> Solver<RexPosition<u64>> {
    Solver::new(SolverConfig {
        tt_mb: 64,
        threads,
        ..SolverConfig::default()
    })
    .unwrap()
}

pub fn board(rows: usize, cols: usize) -> RexPosition<u64> {
    RexPosition::new(rows, cols).unwrap()
}

/// Plain negamax over every legal move, no table, no pruning: the independent reference.
#[allow(dead_code, reason = "used by rex_properties only")]
pub fn reference_wins(pos: &mut RexPosition<u64>) -> bool {
    if let Some(o) = pos.outcome() {
        return o.value_for(pos.to_move()) > 0;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    for m in moves {
        pos.play(m);
        let child = reference_wins(pos);
        pos.undo(m);
        if !child {
            return true;
        }
    }
    false
}

/// A random non-terminal position with `stones` stones played alternately from the empty
/// board (Black first), or `None` if the random game ended.
#[allow(
    dead_code,
    reason = "used by rex_properties only (the others go through random_positions)"
)]
pub fn random_position(
    rows: usize,
    cols: usize,
    stones: usize,
    seed: u64,
) -> Option<RexPosition<u64>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pos = board(rows, cols);
    let mut moves = Vec::new();
    for _ in 0..stones {
        moves.clear();
        pos.legal_moves(&mut moves);
        let m = *moves.choose(&mut rng)?;
        pos.play(m);
        if pos.outcome().is_some() {
            return None;
        }
    }
    Some(pos)
}

/// `per_case` random positions (see [`random_position`]) of each `(rows, cols, stones)` case,
/// the seeds `seed · salt + stones`; games that ended are left out.
#[allow(dead_code, reason = "used by rex_pairing and rex_knowledge only")]
pub fn random_positions(
    cases: &[(usize, usize, usize)],
    per_case: u64,
    salt: u64,
) -> Vec<RexPosition<u64>> {
    let mut out = Vec::new();
    for &(rows, cols, stones) in cases {
        for seed in 0..per_case {
            out.extend(random_position(
                rows,
                cols,
                stones,
                seed * salt + stones as u64,
            ));
        }
    }
    out
}

/// Names of the winning moves of the player to move, sorted.
#[allow(
    dead_code,
    reason = "used by rex_literature, rex_properties and rex_solrex only"
)]
pub fn winning_names(s: &Solver<RexPosition<u64>>, pos: &RexPosition<u64>) -> Vec<String> {
    let mut v: Vec<String> = s
        .move_values(pos)
        .iter()
        .filter(|v| v.wins)
        .map(|v| pos.move_name(v.mv))
        .collect();
    v.sort();
    v
}

/// Plain minimax over every legal move with a memo of positions (no pruning, no knowledge):
/// the independent reference for positions with up to about 14 empty cells.
#[allow(dead_code, reason = "used by rex_pairing and rex_knowledge only")]
pub fn memo_wins(
    pos: &mut RexPosition<u64>,
    memo: &mut std::collections::HashMap<(u64, u64, bool), bool>,
) -> bool {
    let key = (
        pos.stones(game::Player::First),
        pos.stones(game::Player::Second),
        pos.to_move() == game::Player::First,
    );
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let v = if let Some(o) = pos.outcome() {
        o.value_for(pos.to_move()) > 0
    } else {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut win = false;
        for m in moves {
            pos.play(m);
            let child = memo_wins(pos, memo);
            pos.undo(m);
            if !child {
                win = true;
                break;
            }
        }
        win
    };
    memo.insert(key, v);
    v
}
