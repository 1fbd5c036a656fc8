//! Heuristic evaluation (see the crate header for the values and the bound).

use crate::board::{edge_attacks, vertex_attacks, Board, Phase};
use crate::types::{Colour, Kind, Move, MoveKind};
use bitboard::hexecs::{COLOUR_MASK, COORDS, FORTRESS, KING, KNIGHT, STEP, UNICORN};

/// Material values in centipawns, indexed by [`Kind`] (the king is not counted).
pub const PIECE_VALUES: [i32; 8] = [0, 950, 500, 300, 325, 100, 600, 700];
/// Bonus for holding jedis on all three cell colours.
pub const JEDI_SET_BONUS: i32 = 50;
/// The evaluation never leaves `[-EVAL_BOUND, EVAL_BOUND]`.
pub const EVAL_BOUND: i32 = 10_000;

fn side_score(b: &Board, c: Colour) -> i32 {
    let own = b.occupied_by(c);
    let occ = b.occupied();
    let mut score = 0i32;
    for k in Kind::ALL {
        score += PIECE_VALUES[k.index()] * (b.kind_set(k) & own).count_ones() as i32;
    }
    let jedis = b.kind_set(Kind::Jedi) & own;
    if COLOUR_MASK.iter().all(|m| m & jedis != 0) {
        score += JEDI_SET_BONUS;
    }
    // A pending liberation is half a piece: it appears when the jedi leaves.
    for k in [Kind::Unicorn, Kind::Princess] {
        if b.pending_release(c, k).is_some() {
            score += PIECE_VALUES[k.index()] / 2;
        }
    }
    // Droid advancement: 4 per row beyond the home row.
    let mut droids = b.kind_set(Kind::Droid) & own;
    let mut advance = 0i32;
    while droids != 0 {
        let i = droids.trailing_zeros() as usize;
        droids &= droids - 1;
        let r = COORDS[i].1 as i32;
        let rows = if c == Colour::White { r - 2 } else { 8 - r };
        advance += 4 * rows.clamp(0, 7);
    }
    score += advance.min(800);
    // Mobility: cells attacked by the long movers and leapers, capped.
    let mut mobility = 0i32;
    for (k, weight) in [
        (Kind::Queen, 1),
        (Kind::Rook, 2),
        (Kind::Jedi, 2),
        (Kind::Knight, 2),
        (Kind::Unicorn, 1),
    ] {
        let mut set = b.kind_set(k) & own;
        while set != 0 {
            let i = set.trailing_zeros() as u8;
            set &= set - 1;
            let a = match k {
                Kind::Queen => edge_attacks(i, occ) | vertex_attacks(i, occ),
                Kind::Rook => edge_attacks(i, occ),
                Kind::Jedi => vertex_attacks(i, occ),
                Kind::Knight => KNIGHT[i as usize],
                _ => UNICORN[i as usize],
            };
            mobility += weight * (a & !own).count_ones() as i32;
        }
    }
    score += mobility.min(300);
    // King safety: friends around the king, and a penalty for leaving the fortress while the
    // enemy queen is on the board.
    if let Some(k) = b.king_cell(c) {
        score += 8 * (KING[k as usize] & own).count_ones().min(6) as i32;
        let enemy_queen = b.kind_set(Kind::Queen) & b.occupied_by(c.other()) != 0;
        if enemy_queen && FORTRESS[c.index()] >> k & 1 == 0 {
            score -= 40;
        }
    }
    score
}

/// Evaluation from the point of view of the side to move, clamped to `±EVAL_BOUND`.
pub fn evaluate(b: &Board) -> i32 {
    let us = b.side_to_move();
    let raw = side_score(b, us) - side_score(b, us.other()) + 10;
    raw.clamp(-EVAL_BOUND, EVAL_BOUND)
}

/// True if the move captures or (a princess passing through) converts enemy pieces.
pub fn is_capture(b: &Board, mv: Move) -> bool {
    if b.phase() == Phase::Rolled {
        return false;
    }
    let them = b.occupied_by(b.side_to_move().other());
    match mv.kind() {
        MoveKind::Normal => them >> mv.to() & 1 == 1,
        MoveKind::Princess if mv.from() != mv.to() => {
            if them >> mv.to() & 1 == 1 {
                return true;
            }
            let n = mv.extra & 7;
            if n < 4 {
                return false;
            }
            let droids = b.kind_set(Kind::Droid);
            let mut x = mv.from();
            for _ in 1..n {
                x = STEP[x as usize][mv.princess_dir()];
                if (them & !droids) >> x & 1 == 1 {
                    return true;
                }
            }
            false
        }
        _ => false,
    }
}

/// Capture ordering for a search (`game::MoveHints`): most valuable victim, least valuable
/// attacker ([`PIECE_VALUES`], the king counted as 2 000), plus half the value of a piece the
/// move liberates. A princess move is keyed by the piece on her destination cell only (the
/// pieces she converts on her path are not weighed).
#[derive(Clone, Copy, Debug, Default)]
pub struct HexecsHints;

fn order_value(k: Kind) -> i32 {
    if k == Kind::King {
        2000
    } else {
        PIECE_VALUES[k.index()]
    }
}

impl game::MoveHints<crate::Hexecs> for HexecsHints {
    fn capture_order_key(&self, g: &crate::Hexecs, mv: Move) -> i32 {
        let b = g.board();
        let victim = b.piece_at(mv.to()).map_or(0, |p| order_value(p.kind));
        let attacker = b.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
        let liberation = mv.liberation().map_or(0, |k| order_value(k) / 2);
        16 * victim - attacker + liberation
    }
}

/// White's count minus Black's of each kind on the board, in [`Kind::ALL`]'s order (prisoners
/// and pending liberations not counted): the features of the balance study's piece-value fit.
pub fn material_balance(b: &Board) -> [i32; 8] {
    let mut out = [0; 8];
    for (i, k) in Kind::ALL.into_iter().enumerate() {
        let set = b.kind_set(k);
        out[i] = (set & b.occupied_by(Colour::White)).count_ones() as i32
            - (set & b.occupied_by(Colour::Black)).count_ones() as i32;
    }
    out
}
