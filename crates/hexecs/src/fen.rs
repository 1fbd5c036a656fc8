//! The position format of the rules page: read, write, validate.
//!
//! `<rows 9..1 separated by '/'> <side w|b> <castling KQkq or -> <prisoners or -> <pending or -> <halfmove> <fullmove>`
//!
//! The pending field is a comma-separated list (or `-`) of jedi liberations `G9=U` / `C1=p`
//! (the side is the one whose last row holds the cell; the letter's case is not significant)
//! and, as this crate's extension for positions in the middle of a turn, `roll` (the side to
//! move has rolled; the die is about to be thrown) or `roll=N` (the die shows N, a princess move
//! of length N is due).

use crate::board::{Board, Phase, RELEASABLE};
use crate::types::{Colour, Kind, Piece};
use crate::zobrist::PRISON_MAX;
use bitboard::hexecs::{cell_name, parse_cell, row_first_col, row_last_col, NO_CELL, ROW_START};
use thiserror::Error;

/// The start position with 10 droids a side.
pub const START: &str =
    "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 1";
/// The start position of the "16 droids" variant.
pub const START_16_DROIDS: &str =
    "rnjqjkjnr/dddddddddd/d1d1d1d1d1d/12/13/12/D1D1D1D1D1D/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 1";

/// A position with both princesses free (unicorns still imprisoned): the bench and perft
/// position for the counts with chance (from the start no princess is free for several moves).
pub const PRINCESS_POSITION: &str =
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu - 0 1";
/// [`PRINCESS_POSITION`] after White's roll (a chance node).
pub const ROLLED_POSITION: &str =
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu roll 0 1";

/// A malformed or impossible position.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    /// Wrong number of space-separated fields.
    #[error("position {input:?}: expected 7 space-separated fields (rows side castling prisoners pending halfmove fullmove), found {found}")]
    FieldCount {
        /// The whole input.
        input: String,
        /// Number of fields found.
        found: usize,
    },
    /// Wrong number of rows.
    #[error(
        "position rows {rows:?}: expected 9 rows (9 down to 1) separated by '/', found {found}"
    )]
    RowCount {
        /// The rows field.
        rows: String,
        /// Number of rows found.
        found: usize,
    },
    /// A row describes the wrong number of cells.
    #[error("row {row} {text:?}: expected {expected} cells, the text describes {found}")]
    RowLength {
        /// Row number (1..9).
        row: u8,
        /// The row's text.
        text: String,
        /// Cells of that row.
        expected: usize,
        /// Cells described.
        found: usize,
    },
    /// A character that is neither a piece letter nor a digit.
    #[error("row {row}: unknown piece letter {letter:?} (expected one of KQRNJDUP, upper case White, lower case Black, or a digit)")]
    UnknownLetter {
        /// Row number.
        row: u8,
        /// The character.
        letter: char,
    },
    /// An empty-cell count of 0 or with a leading zero.
    #[error("row {row}: empty-cell counts are 1..13 without leading zeros")]
    ZeroCount {
        /// Row number.
        row: u8,
    },
    /// A bad side-to-move field.
    #[error("side to move {0:?}: expected 'w' or 'b'")]
    Side(String),
    /// A bad castling field.
    #[error("castling rights {0:?}: expected '-' or letters among K, Q, k, q")]
    Castling(String),
    /// A castling right whose king or rook is not on its home cell.
    #[error("castling right {right}: needs the king and the rook on their home cells")]
    CastlingPieces {
        /// The right's letter.
        right: char,
    },
    /// A bad prisoners field.
    #[error("prisoners {0:?}: expected '-' or piece letters among QRNJDUP / qrnjdup (kings are never imprisoned), at most 32 of a kind")]
    Prisoners(String),
    /// A bad pending field.
    #[error("pending {text:?}: {reason}")]
    Pending {
        /// The pending field.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// A bad number field.
    #[error("{field} {value:?}: expected a number in {min}..=65535")]
    Number {
        /// Field name.
        field: &'static str,
        /// The text.
        value: String,
        /// Smallest allowed value.
        min: u16,
    },
    /// A side without exactly one king, or with several princesses.
    #[error("{colour:?} has {found} {what} on the board; expected {expected}")]
    PieceCount {
        /// The side.
        colour: Colour,
        /// What is counted.
        what: &'static str,
        /// How many.
        found: usize,
        /// What is allowed.
        expected: &'static str,
    },
    /// The side that just moved is in check.
    #[error("the side not to move is in check (impossible position)")]
    OpponentInCheck,
}

fn parse_number(field: &'static str, s: &str, min: u16) -> Result<u16, PositionError> {
    match s.parse::<u16>() {
        Ok(v) if v >= min && s.bytes().all(|b| b.is_ascii_digit()) => Ok(v),
        _ => Err(PositionError::Number {
            field,
            value: s.to_string(),
            min,
        }),
    }
}

/// Parse a position.
pub fn parse_position(text: &str) -> Result<Board, PositionError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 7 {
        return Err(PositionError::FieldCount {
            input: text.to_string(),
            found: fields.len(),
        });
    }
    let mut b = Board::empty();
    parse_rows(&mut b, fields[0])?;
    match fields[1] {
        "w" => b.set_side(Colour::White),
        "b" => b.set_side(Colour::Black),
        s => return Err(PositionError::Side(s.to_string())),
    }
    let rights = parse_castling(fields[2])?;
    check_piece_counts(&b)?;
    let supported = b.rights_supported(rights);
    if supported != rights {
        let missing = rights & !supported;
        let right = ['K', 'Q', 'k', 'q'][missing.trailing_zeros() as usize];
        return Err(PositionError::CastlingPieces { right });
    }
    b.set_castling(rights);
    parse_prisoners(&mut b, fields[3])?;
    parse_pending(&mut b, fields[4])?;
    b.halfmove = parse_number("halfmove clock", fields[5], 0)?;
    b.fullmove = parse_number("fullmove number", fields[6], 1)?;
    if b.opponent_in_check() {
        return Err(PositionError::OpponentInCheck);
    }
    debug_assert_eq!(b.hash, b.full_hash());
    Ok(b)
}

/// The rows field: nine rows, 9 down to 1, separated by '/'; their pieces go onto `b`.
fn parse_rows(b: &mut Board, field: &str) -> Result<(), PositionError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != 9 {
        return Err(PositionError::RowCount {
            rows: field.to_string(),
            found: rows.len(),
        });
    }
    for (k, row_text) in rows.iter().enumerate() {
        parse_row(b, 9 - k as i32, row_text)?;
    }
    Ok(())
}

/// One row `r` (1..9): piece letters and empty-cell counts that must describe exactly the
/// row's cells.
fn parse_row(b: &mut Board, r: i32, row_text: &str) -> Result<(), PositionError> {
    let len = (row_last_col(r) - row_first_col(r) + 1) as usize;
    let start = ROW_START[r as usize];
    let mut pos = 0usize;
    let mut digits = 0usize;
    let mut overflow = false;
    let flush = |digits: &mut usize, pos: &mut usize| {
        *pos += *digits;
        *digits = 0;
    };
    for ch in row_text.chars() {
        if let Some(d) = ch.to_digit(10) {
            if digits == 0 && d == 0 {
                // Empty-cell counts are 1..13, written without leading zeros.
                return Err(PositionError::ZeroCount { row: r as u8 });
            }
            digits = digits * 10 + d as usize;
            if digits > 13 {
                overflow = true;
                digits = 13;
            }
            continue;
        }
        flush(&mut digits, &mut pos);
        let piece = Piece::from_letter(ch).ok_or(PositionError::UnknownLetter {
            row: r as u8,
            letter: ch,
        })?;
        if pos >= len {
            overflow = true;
        } else {
            b.put(start + pos as u8, piece);
        }
        pos += 1;
    }
    flush(&mut digits, &mut pos);
    if pos != len || overflow {
        return Err(PositionError::RowLength {
            row: r as u8,
            text: row_text.to_string(),
            expected: len,
            found: pos,
        });
    }
    Ok(())
}

/// The castling field (`-` or letters among KQkq, each at most once) as rights bits.
fn parse_castling(field: &str) -> Result<u8, PositionError> {
    let mut rights = 0u8;
    if field == "-" {
        return Ok(rights);
    }
    for ch in field.chars() {
        let bitv = match ch {
            'K' => 1,
            'Q' => 2,
            'k' => 4,
            'q' => 8,
            _ => return Err(PositionError::Castling(field.to_string())),
        };
        if rights & bitv != 0 {
            return Err(PositionError::Castling(field.to_string()));
        }
        rights |= bitv;
    }
    Ok(rights)
}

/// Exactly one king and at most one princess a side.
fn check_piece_counts(b: &Board) -> Result<(), PositionError> {
    for c in Colour::ALL {
        let kings = (b.kind_set(Kind::King) & b.occupied_by(c)).count_ones() as usize;
        if kings != 1 {
            return Err(PositionError::PieceCount {
                colour: c,
                what: "kings",
                found: kings,
                expected: "exactly 1",
            });
        }
        let princesses = (b.kind_set(Kind::Princess) & b.occupied_by(c)).count_ones() as usize;
        if princesses > 1 {
            return Err(PositionError::PieceCount {
                colour: c,
                what: "princesses",
                found: princesses,
                expected: "at most 1",
            });
        }
    }
    Ok(())
}

/// The prisoners field: `-` or piece letters (no kings), at most `PRISON_MAX` of a kind.
fn parse_prisoners(b: &mut Board, field: &str) -> Result<(), PositionError> {
    if field == "-" {
        return Ok(());
    }
    let mut counts = [[0u8; 8]; 2];
    for ch in field.chars() {
        let p = Piece::from_letter(ch)
            .filter(|p| p.kind != Kind::King)
            .ok_or_else(|| PositionError::Prisoners(field.to_string()))?;
        let n = &mut counts[p.colour.index()][p.kind.index()];
        if *n as usize >= PRISON_MAX {
            return Err(PositionError::Prisoners(field.to_string()));
        }
        *n += 1;
    }
    for c in Colour::ALL {
        for k in Kind::ALL {
            b.set_prison(c, k, counts[c.index()][k.index()]);
        }
    }
    Ok(())
}

fn parse_pending(b: &mut Board, text: &str) -> Result<(), PositionError> {
    if text == "-" {
        return Ok(());
    }
    let err = |reason: String| PositionError::Pending {
        text: text.to_string(),
        reason,
    };
    for item in text.split(',') {
        let lower = item.to_ascii_lowercase();
        if lower == "roll" || lower.starts_with("roll=") {
            if b.phase != Phase::Normal {
                return Err(err("more than one roll item".into()));
            }
            let phase = if lower == "roll" {
                Phase::Rolled
            } else {
                match lower[5..].parse::<u8>() {
                    Ok(n) if (1..=6).contains(&n) && lower.len() == 6 => Phase::Die(n),
                    _ => return Err(err(format!("{item:?}: the die shows 1..6"))),
                }
            };
            let us = b.side;
            if b.kind_set(Kind::Princess) & b.occupied_by(us) == 0 {
                return Err(err(format!(
                    "{item:?}: the side to move has no princess on the board"
                )));
            }
            if b.in_check() {
                return Err(err(format!(
                    "{item:?}: the side to move is in check and may not roll"
                )));
            }
            b.set_phase(phase);
            continue;
        }
        let Some((cell_text, kind_text)) = item.split_once('=') else {
            return Err(err(format!(
                "{item:?}: expected CELL=U, CELL=P, roll or roll=N"
            )));
        };
        let cell = parse_cell(cell_text)
            .ok_or_else(|| err(format!("{cell_text:?} is not a cell of the board")))?;
        let slot = match kind_text {
            "U" | "u" => 0,
            "P" | "p" => 1,
            _ => return Err(err(format!("{item:?}: a jedi releases U or P"))),
        };
        let colour = match bitboard::hexecs::COORDS[cell as usize].1 {
            9 => Colour::White,
            1 => Colour::Black,
            _ => {
                return Err(err(format!(
                    "{cell_text}: liberations wait on row 9 (White) or row 1 (Black)"
                )))
            }
        };
        let jedi = Piece {
            colour,
            kind: Kind::Jedi,
        };
        if b.piece_at(cell) != Some(jedi) {
            return Err(err(format!("{cell_text} does not hold a {colour:?} jedi")));
        }
        if b.pending[colour.index()][slot] != NO_CELL || b.pending[colour.index()][1 - slot] == cell
        {
            return Err(err(format!(
                "{item:?}: a liberation is already pending there or for that piece"
            )));
        }
        if b.imprisoned(colour, RELEASABLE[slot]) == 0 {
            return Err(err(format!("{item:?}: that piece is not imprisoned")));
        }
        b.set_pending(colour, slot, cell);
    }
    Ok(())
}

const PRISON_ORDER: [Kind; 7] = [
    Kind::Princess,
    Kind::Unicorn,
    Kind::Queen,
    Kind::Rook,
    Kind::Jedi,
    Kind::Knight,
    Kind::Droid,
];

/// Write a position in the format [`parse_position`] reads.
pub fn write_position(b: &Board) -> String {
    let mut s = String::new();
    for r in (1..=9).rev() {
        let start = ROW_START[r as usize];
        let len = row_last_col(r) - row_first_col(r) + 1;
        let mut empty = 0;
        for k in 0..len {
            match b.piece_at(start + k as u8) {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        s.push_str(&empty.to_string());
                        empty = 0;
                    }
                    s.push(p.letter());
                }
            }
        }
        if empty > 0 {
            s.push_str(&empty.to_string());
        }
        if r > 1 {
            s.push('/');
        }
    }
    s.push(' ');
    s.push(if b.side == Colour::White { 'w' } else { 'b' });
    s.push(' ');
    if b.castling == 0 {
        s.push('-');
    } else {
        for (i, ch) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            if b.castling & (1 << i) != 0 {
                s.push(ch);
            }
        }
    }
    s.push(' ');
    let mut prisoners = String::new();
    for c in Colour::ALL {
        for k in PRISON_ORDER {
            for _ in 0..b.imprisoned(c, k) {
                prisoners.push(Piece { colour: c, kind: k }.letter());
            }
        }
    }
    s.push_str(if prisoners.is_empty() {
        "-"
    } else {
        &prisoners
    });
    s.push(' ');
    let mut pending: Vec<String> = Vec::new();
    for c in Colour::ALL {
        for (slot, k) in RELEASABLE.into_iter().enumerate() {
            let cell = b.pending[c.index()][slot];
            if cell != NO_CELL {
                pending.push(format!("{}={}", cell_name(cell), k.letter()));
            }
        }
    }
    match b.phase {
        Phase::Normal => {}
        Phase::Rolled => pending.push("roll".into()),
        Phase::Die(n) => pending.push(format!("roll={n}")),
    }
    if pending.is_empty() {
        s.push('-');
    } else {
        s.push_str(&pending.join(","));
    }
    s.push_str(&format!(" {} {}", b.halfmove, b.fullmove));
    s
}
