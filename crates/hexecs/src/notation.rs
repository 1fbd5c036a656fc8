//! Coordinate move notation.
//!
//! | move | text |
//! |---|---|
//! | piece move, capture, castling (the king's move) | `D2D4`, `B1E3`, `D1F1` |
//! | droid reaching the last row and liberating a piece | `E8E9=Q` (Q R J N) |
//! | jedi reaching the last row and carrying a liberation | `C1G9=U`, `C1G9=P` |
//! | roll for the princess | `roll` |
//! | the chance outcome (die shows 5) | `roll=5` |
//! | princess move after a 5 | `5:F1F6` |
//! | princess stays (die 4..6) | `5:F1F1` |
//! | no princess move of that length: the turn passes | `2:pass` |
//!
//! Parsing is case-insensitive and matches the text against the legal moves of the position.

use crate::board::{Board, Phase};
use crate::types::{Kind, Move, MoveKind};
use bitboard::hexecs::{cell_name, parse_cell};
use thiserror::Error;

/// A move text that cannot be played.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MoveError {
    /// The text is not in the coordinate notation.
    #[error("move {0:?}: expected coordinate notation (D2D4, E8E9=Q, C1G9=U, roll, roll=5, 5:F1F6, 5:pass)")]
    Malformed(String),
    /// A cell name outside the 97 cells.
    #[error("move {text:?}: {cell} is not one of the 97 cells (row r holds columns max(1,r-4)..min(13,r+8), A..M)")]
    NotACell {
        /// The move text.
        text: String,
        /// The bad cell name.
        cell: String,
    },
    /// Well-formed but not legal here.
    #[error("move {text:?} is not legal here: {reason}")]
    Illegal {
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
}

/// The text of a move (context-free).
pub fn raw_move_text(mv: Move) -> String {
    match mv.kind {
        MoveKind::Normal | MoveKind::Castle => {
            let mut s = format!("{}{}", cell_name(mv.from), cell_name(mv.to));
            if let Some(k) = mv.liberation() {
                s.push('=');
                s.push(k.letter());
            }
            s
        }
        MoveKind::Roll => "roll".to_string(),
        MoveKind::Die => format!("roll={}", mv.extra),
        MoveKind::Princess => format!(
            "{}:{}{}",
            mv.extra & 7,
            cell_name(mv.from),
            cell_name(mv.to)
        ),
        MoveKind::Pass => format!("{}:pass", mv.extra),
    }
}

fn well_formed(t: &str) -> bool {
    let t = t.to_ascii_uppercase();
    if t == "ROLL" {
        return true;
    }
    if let Some(n) = t.strip_prefix("ROLL=") {
        return n.len() == 1 && n.as_bytes()[0].is_ascii_digit();
    }
    let body = match t.split_once(':') {
        Some((n, rest)) => {
            if n.len() != 1 || !n.as_bytes()[0].is_ascii_digit() {
                return false;
            }
            if rest == "PASS" {
                return true;
            }
            rest.to_string()
        }
        None => t.clone(),
    };
    let (cells, suffix) = match body.split_once('=') {
        Some((c, s)) => (c.to_string(), Some(s.to_string())),
        None => (body, None),
    };
    if cells.len() != 4 || !cells.is_ascii() {
        return false;
    }
    if parse_cell(&cells[..2]).is_none() || parse_cell(&cells[2..]).is_none() {
        return false;
    }
    match suffix {
        None => true,
        Some(s) => s.len() == 1 && Kind::from_letter(s.chars().next().unwrap_or(' ')).is_some(),
    }
}

/// Find the legal move (or chance outcome) of `b` written `text`.
pub fn parse_move(b: &Board, text: &str) -> Result<Move, MoveError> {
    let t = text.trim();
    if !well_formed(t) {
        // Name a cell outside the board precisely: "A9" looks like a cell but is not one.
        let body = t.rsplit(':').next().unwrap_or("");
        let body = body.split('=').next().unwrap_or("");
        if body.len() == 4 && body.is_ascii() {
            for name in [&body[..2], &body[2..]] {
                let b = name.as_bytes();
                if b[0].is_ascii_alphabetic() && b[1].is_ascii_digit() && parse_cell(name).is_none()
                {
                    return Err(MoveError::NotACell {
                        text: text.to_string(),
                        cell: name.to_string(),
                    });
                }
            }
        }
        return Err(MoveError::Malformed(text.to_string()));
    }
    let illegal = |reason: String| MoveError::Illegal {
        text: t.to_string(),
        reason,
    };
    let mut candidates = Vec::new();
    if b.phase() == Phase::Rolled {
        candidates.extend((1..=6).map(Move::die));
    } else {
        b.legal_moves(&mut candidates);
    }
    if let Some(m) = candidates
        .iter()
        .copied()
        .find(|&m| raw_move_text(m).eq_ignore_ascii_case(t))
    {
        return Ok(m);
    }
    let up = t.to_ascii_uppercase();
    let us = b.side_to_move();
    Err(match b.phase() {
        Phase::Rolled => illegal("the die is being thrown: expected roll=1 .. roll=6".into()),
        Phase::Die(n) => illegal(
            format!(
                "the die shows {n}: expected a princess move {n}:FROMTO of length {n}{}",
                if n >= 4 { ", a stay, " } else { "" }
            ) + " or pass when none exists",
        ),
        Phase::Normal if up == "ROLL" => {
            if b.kind_set(Kind::Princess) & b.occupied_by(us) == 0 {
                illegal(format!("{us:?} has no free princess on the board"))
            } else {
                illegal(format!("{us:?} is in check and may not roll"))
            }
        }
        Phase::Normal if up.starts_with("ROLL=") || up.contains(':') => {
            illegal("no roll is under way (play `roll` first)".into())
        }
        Phase::Normal => illegal(format!(
            "not among the {} legal moves of {us:?}",
            candidates.len()
        )),
    })
}

/// A game's moves as one line of coordinate moves (`D2D4 B1E3 roll roll=5 5:F1F6`), what
/// `gsolve hexecs perft --moves` and [`crate::Hexecs::try_play_text`] read back.
pub fn moves_line(moves: &[Move]) -> String {
    moves
        .iter()
        .map(|&m| raw_move_text(m))
        .collect::<Vec<_>>()
        .join(" ")
}
