//! A simple static evaluation (see the crate header for the values and why).

use crate::position::Position;
use crate::types::*;
use bitboard::dola::{CAMP, KING};
use game::Evaluate;

/// Material value of each stored kind (index = kind number, 0 unused), centipawns, in the own camp.
pub const MATERIAL: [i32; 16] = [
    0,    // unused
    100,  // P
    300,  // CT
    270,  // CF
    600,  // CA
    330,  // F
    500,  // T
    950,  // D (plain)
    950,  // D, CT mode
    950,  // D, CF mode
    620,  // SF
    850,  // ST
    1250, // SD, both leapers
    1200, // SD, CT mode
    1180, // SD, CF mode
    0,    // K
];

/// Extra value of a piece standing beyond the frontier, where it gains a leaper (T: CT, F: CF,
/// D: her mode's leaper) or a pawn gains its knight advance and camel capture.
pub const FRONTIER_BONUS: [i32; 16] = [0, 40, 0, 0, 0, 90, 110, 0, 110, 100, 0, 0, 0, 0, 0, 0];

/// Centipawns per square a non-pawn, non-king piece attacks that is not occupied by its own side.
pub const MOBILITY_WEIGHT: i32 = 2;
/// Centipawns per attack on a square next to the enemy king.
pub const KING_ZONE_WEIGHT: i32 = 6;
/// Centipawns per rank a pawn stands beyond the frontier.
pub const PAWN_ADVANCE_WEIGHT: i32 = 10;
/// The evaluation is clamped to ±this.
pub const EVAL_LIMIT: i32 = 30_000;

impl Position {
    /// Material, frontier powers, mobility and king-zone pressure of `c`, in centipawns.
    pub fn side_score(&self, c: Color) -> i32 {
        let mut score = 0;
        let own = self.colors[c.index()];
        let beyond = CAMP[c.other().index()];
        let enemy_zone = KING[self.king[c.other().index()] as usize];
        for kind_index in 1..15usize {
            let set = self.pieces[c.index()][kind_index];
            if set == 0 {
                continue;
            }
            score += MATERIAL[kind_index] * set.count_ones() as i32;
            score += FRONTIER_BONUS[kind_index] * (set & beyond).count_ones() as i32;
            let kind = Kind::from_index(kind_index as u8);
            if kind == Kind::Pawn {
                let mut rest = set & beyond;
                while rest != 0 {
                    let sq = rest.trailing_zeros();
                    rest &= rest - 1;
                    score += PAWN_ADVANCE_WEIGHT * (Position::relative_rank(c, sq) as i32 - 4);
                }
                continue;
            }
            let mut rest = set;
            while rest != 0 {
                let sq = rest.trailing_zeros();
                rest &= rest - 1;
                let att = Position::piece_attacks(kind, c, sq, self.occupied);
                score += MOBILITY_WEIGHT * (att & !own).count_ones() as i32;
                score += KING_ZONE_WEIGHT * (att & enemy_zone).count_ones() as i32;
            }
        }
        score
    }
}

impl Evaluate for Position {
    const EVAL_BOUND: i32 = EVAL_LIMIT;

    fn evaluate(&self) -> i32 {
        let us = self.side_to_move();
        (self.side_score(us) - self.side_score(us.other())).clamp(-EVAL_LIMIT, EVAL_LIMIT)
    }

    fn is_capture(&self, mv: Move) -> bool {
        self.is_capture_move(mv)
    }

    fn in_check(&self) -> bool {
        self.is_check()
    }
}

/// Capture ordering for a search (`game::MoveHints`): most valuable victim, least valuable
/// attacker, with the material values of [`MATERIAL`] (the king counted as 2 000) and 1 000
/// more for a promotion.
#[derive(Clone, Copy, Debug, Default)]
pub struct DolaHints;

/// Ordering value of a piece kind: its material value, the king counted as 2 000.
fn order_value(kind: Kind) -> i32 {
    if kind == Kind::King {
        2000
    } else {
        MATERIAL[kind as usize]
    }
}

impl game::MoveHints<Position> for DolaHints {
    fn capture_order_key(&self, pos: &Position, mv: Move) -> i32 {
        let victim = if mv.flag() == MoveFlag::EnPassant {
            MATERIAL[Kind::Pawn as usize]
        } else {
            pos.piece_at(mv.to()).map_or(0, |p| order_value(p.kind))
        };
        let attacker = pos.piece_at(mv.from()).map_or(0, |p| order_value(p.kind));
        let promotion = if mv.promotion_type().is_some() {
            1000
        } else {
            0
        };
        16 * victim - attacker + promotion
    }
}

impl Position {
    /// White's count minus Black's of each piece type on the board, in [`PieceType::ALL`]'s
    /// order (the features of the balance study's piece-value fit).
    pub fn material_balance(&self) -> [i32; 11] {
        let mut out = [0; 11];
        for sq in 0..100 {
            if let Some(p) = self.piece_at(sq) {
                let i = PieceType::ALL
                    .iter()
                    .position(|&t| t == p.kind.piece_type())
                    .expect("every type is listed");
                out[i] += if p.color == Color::White { 1 } else { -1 };
            }
        }
        out
    }
}
