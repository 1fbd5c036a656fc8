//! Writing moves in the record format that [`super::parse_record`] reads.

use crate::position::Position;
use crate::types::*;
use bitboard::dola::square_name;

/// The French record text of `moves` played from `start`: `1) Pf2-f5 & Pf9-f6` one move pair a
/// line, captures `xPIECE`, promotions `=PIECE`, castling `00 (Rf1-i1)`, `+` after a check and
/// `+mat` after a mate. A game starting with Black writes `N) ... & …`. Every move must be legal
/// in turn.
pub fn french_record(start: &Position, moves: &[Move]) -> String {
    let mut pos = start.clone();
    let mut out = String::new();
    let mut number = pos.fullmove_number();
    for (i, &mv) in moves.iter().enumerate() {
        let white = pos.side_to_move() == Color::White;
        if white || i == 0 {
            if i > 0 {
                out.push('\n');
            }
            out += &format!("{number}) ");
            if !white {
                out += "... & ";
            }
        } else {
            out += " & ";
        }
        out += &move_word(&pos, mv);
        pos.play_unchecked(mv);
        if pos.is_check() {
            out += if pos.count_legal() == 0 { "+mat" } else { "+" };
        }
        if pos.side_to_move() == Color::White {
            number += 1;
        }
    }
    out.push('\n');
    out
}

/// One move as the record writes it (`CTh1-g3`, `Fi5xFf2`, `00 (Rf1-i1)`), before it is
/// played (no check mark).
pub fn move_word(pos: &Position, mv: Move) -> String {
    if matches!(mv.flag(), MoveFlag::CastleKing | MoveFlag::CastleQueen) {
        return format!("00 (R{}-{})", square_name(mv.from()), square_name(mv.to()));
    }
    let piece = pos
        .piece_at(mv.from())
        .map_or("?", |p| p.kind.piece_type().french());
    let capture = if mv.flag() == MoveFlag::EnPassant {
        "xP".to_string()
    } else {
        match pos.piece_at(mv.to()) {
            Some(p) => format!("x{}", p.kind.piece_type().french()),
            None => "-".to_string(),
        }
    };
    let promo = mv
        .promotion_type()
        .map_or(String::new(), |t| format!("={}", t.french()));
    format!(
        "{piece}{}{capture}{}{promo}",
        square_name(mv.from()),
        square_name(mv.to())
    )
}
