//! The FEN of `dola.md`: reading (field by field, each error naming the offending text) and
//! writing.

use crate::position::{color_name, Position, NO_SQUARE};
use crate::tables::*;
use crate::types::*;
use crate::variant::Variant;
use bitboard::dola::{
    between, file_of, parse_square, square, square_name, CAMEL, CAMP, KING, KNIGHT,
};
use thiserror::Error;

/// A FEN that cannot be read; every variant names the offending text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenError {
    /// Fewer than two or more than seven space-separated fields.
    #[error("FEN {fen:?}: expected 2 to 7 fields (board side castling en-passant modes halfmove fullmove), found {found}")]
    FieldCount {
        /// The whole FEN.
        fen: String,
        /// Fields found.
        found: usize,
    },
    /// The board field does not have ten ranks.
    #[error("FEN board {0:?}: expected 10 ranks separated by '/'")]
    RankCount(String),
    /// A rank does not describe exactly ten squares.
    #[error("FEN rank {rank} {text:?}: describes {squares} squares, expected 10")]
    RankLength {
        /// Rank number 1..10.
        rank: u32,
        /// The rank's text.
        text: String,
        /// Squares described.
        squares: u32,
    },
    /// A character that is no piece letter.
    #[error("FEN rank {rank} {text:?}: unknown piece letter {token:?} (expected K Q R B N C A P, +R +B +Q, or a digit count 1..10)")]
    UnknownPiece {
        /// Rank number 1..10.
        rank: u32,
        /// The rank's text.
        text: String,
        /// The token.
        token: String,
    },
    /// A side has no king or more than one.
    #[error("FEN: {color} has {count} kings, expected exactly one")]
    KingCount {
        /// "White" or "Black".
        color: &'static str,
        /// Kings found.
        count: u32,
    },
    /// A pawn on its own side's promotion rank.
    #[error("FEN: {color} pawn on {square}, its last rank (it would have promoted)")]
    PawnOnLastRank {
        /// "White" or "Black".
        color: &'static str,
        /// Square name.
        square: String,
    },
    /// Side field is not `w` or `b`.
    #[error("FEN side to move {0:?}: expected w or b")]
    Side(String),
    /// Bad castling field.
    #[error("FEN castling {field:?}: {reason}")]
    Castling {
        /// The field.
        field: String,
        /// Why it is wrong.
        reason: String,
    },
    /// Bad en-passant field.
    #[error("FEN en passant {field:?}: {reason}")]
    EnPassant {
        /// The field.
        field: String,
        /// Why it is wrong.
        reason: String,
    },
    /// Bad queen-mode field.
    #[error("FEN queen modes {field:?}: {reason}")]
    Modes {
        /// The field.
        field: String,
        /// Why it is wrong.
        reason: String,
    },
    /// Bad move counter.
    #[error("FEN {which} {text:?}: expected a non-negative integer")]
    Counter {
        /// "halfmove clock" or "fullmove number".
        which: &'static str,
        /// The text.
        text: String,
    },
    /// The position cannot arise: the side that just moved is in check, or the kings break
    /// convention 1.
    #[error("FEN: illegal position: {0}")]
    Illegal(String),
}

impl Position {
    /// Parse a FEN of `dola.md` for `variant`: placement, side, castling, en passant, queen
    /// modes, halfmove clock and fullmove number (the last five may be omitted), then the
    /// legality checks (kings apart by convention 1, the side not to move not in check).
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 7 {
            return Err(FenError::FieldCount {
                fen: fen.to_string(),
                found: fields.len(),
            });
        }
        let mut pos = Position::empty(variant);
        read_placement(&mut pos, fields[0])?;
        check_kings_and_pawns(&pos)?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::Side(s.to_string())),
        };
        let field = |i: usize| fields.get(i).copied().unwrap_or("-");
        read_castling(&mut pos, field(2))?;
        read_en_passant(&mut pos, field(3))?;
        read_modes(&mut pos, field(4))?;
        let counter = |i: usize, which: &'static str, default: u32| -> Result<u32, FenError> {
            match fields.get(i) {
                None => Ok(default),
                Some(t) => t.parse().map_err(|_| FenError::Counter {
                    which,
                    text: t.to_string(),
                }),
            }
        };
        pos.halfmove = counter(5, "halfmove clock", 0)?;
        pos.fullmove = counter(6, "fullmove number", 1)?;
        if pos.fullmove == 0 {
            return Err(FenError::Counter {
                which: "fullmove number",
                text: "0".to_string(),
            });
        }
        check_legality(&pos)?;
        pos.hash = pos.full_hash();
        Ok(pos)
    }

    /// The FEN of this position.
    pub fn to_fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..10 {
                match self.piece_at(square(file, rank)) {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        let l = p.kind.piece_type().fen();
                        if p.color == Color::White {
                            s += l;
                        } else {
                            s += &l.to_ascii_lowercase();
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        s += if self.side == Color::White {
            " w "
        } else {
            " b "
        };
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, ch) in [
            (CASTLE_WK, 'K'),
            (CASTLE_WQ, 'Q'),
            (CASTLE_BK, 'k'),
            (CASTLE_BQ, 'q'),
        ] {
            if self.castling & bit != 0 {
                s.push(ch);
            }
        }
        s.push(' ');
        if self.ep == 0 {
            s.push('-');
        } else {
            let names: Vec<String> = bitboard::BitWord::iter(self.ep).map(square_name).collect();
            s += &names.join(",");
        }
        s.push(' ');
        let modes: Vec<String> = (0..100u32)
            .filter_map(|sq| {
                let p = self.piece_at(sq)?;
                match p.kind.mode() {
                    QueenMode::Knight => Some(format!("{}:n", square_name(sq))),
                    QueenMode::Camel => Some(format!("{}:c", square_name(sq))),
                    _ => None,
                }
            })
            .collect();
        if modes.is_empty() {
            s.push('-');
        } else {
            s += &modes.join(",");
        }
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        s
    }
}

/// The placement field: ten ranks from the tenth down, separated by `/`.
fn read_placement(pos: &mut Position, placement: &str) -> Result<(), FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount(placement.to_string()));
    }
    for (i, text) in ranks.iter().enumerate() {
        read_rank(pos, 9 - i as u32, text, placement)?;
    }
    Ok(())
}

/// One rank of the placement: piece letters (`+` before a super piece) and runs of empty
/// squares, exactly ten squares.
fn read_rank(pos: &mut Position, rank: u32, text: &str, placement: &str) -> Result<(), FenError> {
    let mut file = 0u32;
    let chars: Vec<char> = text.chars().collect();
    let mut j = 0;
    let bad = |token: String| FenError::UnknownPiece {
        rank: rank + 1,
        text: text.to_string(),
        token,
    };
    let long = |squares| FenError::RankLength {
        rank: rank + 1,
        text: text.to_string(),
        squares,
    };
    while j < chars.len() {
        let c = chars[j];
        if c.is_ascii_digit() {
            let mut k = j;
            while k < chars.len() && chars[k].is_ascii_digit() {
                k += 1;
            }
            let s: String = chars[j..k].iter().collect();
            let n: u32 = s.parse().map_err(|_| bad(s.clone()))?;
            if !(1..=10).contains(&n) {
                return Err(bad(s));
            }
            file += n;
            j = k;
            continue;
        }
        let (sup, letter) = if c == '+' {
            match chars.get(j + 1) {
                Some(&l) => (true, l),
                None => return Err(bad("+".to_string())),
            }
        } else {
            (false, c)
        };
        let token: String = chars[j..j + 1 + sup as usize].iter().collect();
        let t = PieceType::from_fen(letter, sup).ok_or_else(|| bad(token.clone()))?;
        if !letter.is_ascii_alphabetic() {
            return Err(bad(token));
        }
        let color = if letter.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        if file >= 10 {
            return Err(long(file + 1));
        }
        let sq = square(file, rank);
        if t == PieceType::King && pos.king[color.index()] != NO_SQUARE {
            let letter = if color == Color::White { 'K' } else { 'k' };
            let count = placement.chars().filter(|&ch| ch == letter).count() as u32;
            return Err(FenError::KingCount {
                color: color_name(color),
                count,
            });
        }
        pos.put(
            sq,
            Piece {
                color,
                kind: t.base_kind(),
            }
            .code(),
        );
        file += 1;
        j += 1 + sup as usize;
    }
    if file != 10 {
        return Err(long(file));
    }
    Ok(())
}

/// One king a side, no pawn on its last rank.
fn check_kings_and_pawns(pos: &Position) -> Result<(), FenError> {
    for c in [Color::White, Color::Black] {
        if pos.king[c.index()] == NO_SQUARE {
            return Err(FenError::KingCount {
                color: color_name(c),
                count: 0,
            });
        }
    }
    let last = [9u32, 0];
    for c in [Color::White, Color::Black] {
        let on_last = pos.pieces[c.index()][Kind::Pawn as usize]
            & bitboard::dola::RANKS[last[c.index()] as usize];
        if on_last != 0 {
            return Err(FenError::PawnOnLastRank {
                color: color_name(c),
                square: square_name(on_last.trailing_zeros()),
            });
        }
    }
    Ok(())
}

/// The castling field (`KQkq` or `-`): each right needs its king and rook at home.
fn read_castling(pos: &mut Position, cf: &str) -> Result<(), FenError> {
    if cf == "-" {
        return Ok(());
    }
    for ch in cf.chars() {
        let (bit, color, rook_file) = match ch {
            'K' => (CASTLE_WK, Color::White, 9),
            'Q' => (CASTLE_WQ, Color::White, 0),
            'k' => (CASTLE_BK, Color::Black, 9),
            'q' => (CASTLE_BQ, Color::Black, 0),
            _ => {
                return Err(FenError::Castling {
                    field: cf.to_string(),
                    reason: format!("unknown letter {ch:?} (expected K Q k q or -)"),
                })
            }
        };
        if pos.castling & bit != 0 {
            return Err(FenError::Castling {
                field: cf.to_string(),
                reason: format!("letter {ch:?} repeated"),
            });
        }
        let base = if color == Color::White { 0 } else { 9 };
        let ksq = square(5, base);
        let rsq = square(rook_file, base);
        let rook_ok = matches!(pos.piece_at(rsq), Some(p) if p.color == color && matches!(p.kind, Kind::Rook | Kind::SuperRook));
        if pos.king[color.index()] as u32 != ksq || !rook_ok {
            return Err(FenError::Castling {
                field: cf.to_string(),
                reason: format!(
                    "right {ch:?} needs the king on {} and a rook on {}",
                    square_name(ksq),
                    square_name(rsq)
                ),
            });
        }
        pos.castling |= bit;
    }
    Ok(())
}

/// The en passant field: the squares passed by the last multi-square pawn advance (of the side
/// that just moved), comma separated, or `-`.
fn read_en_passant(pos: &mut Position, ef: &str) -> Result<(), FenError> {
    if ef == "-" {
        return Ok(());
    }
    let err = |reason: String| FenError::EnPassant {
        field: ef.to_string(),
        reason,
    };
    let mut set = 0u128;
    for name in ef.split(',') {
        let sq =
            parse_square(name).ok_or_else(|| err(format!("{name:?} is not a square a1..j10")))?;
        set |= 1u128 << sq;
    }
    // The advancing pawn belongs to the side that just moved.
    let mover = pos.side.other();
    let (low, high) = (
        set.trailing_zeros() as i32,
        127 - set.leading_zeros() as i32,
    );
    let (victim, origin) = if mover == Color::White {
        (high + 10, low - 10)
    } else {
        (low - 10, high + 10)
    };
    let on_board = (0..100).contains(&victim) && (0..100).contains(&origin);
    let (victim, origin) = (victim.clamp(0, 99) as u32, origin.clamp(0, 99) as u32);
    let file_ok = on_board && between(origin, victim) == set && file_of(origin) == file_of(victim);
    let camp_ok =
        file_ok && CAMP[mover.index()] >> victim & 1 == 1 && CAMP[mover.index()] >> origin & 1 == 1;
    if !camp_ok {
        return Err(err("expected the consecutive squares of one file passed by the last pawn advance of the side that just moved, inside its camp".to_string()));
    }
    if pos.piece_at(victim)
        != Some(Piece {
            color: mover,
            kind: Kind::Pawn,
        })
    {
        return Err(err(format!(
            "no {} pawn on {} that could have passed them",
            color_name(mover),
            square_name(victim)
        )));
    }
    if set & pos.occupied != 0 || pos.occupied >> origin & 1 == 1 {
        return Err(err(
            "the passed squares and the pawn's origin must be empty".to_string(),
        ));
    }
    pos.ep = set;
    pos.ep_victim = victim as u8;
    Ok(())
}

/// The queen-mode field (`e7:n,g3:c` or `-`); afterwards every plain queen beyond the frontier
/// must have a mode.
fn read_modes(pos: &mut Position, mf: &str) -> Result<(), FenError> {
    let err = |reason: String| FenError::Modes {
        field: mf.to_string(),
        reason,
    };
    if mf != "-" {
        for item in mf.split(',') {
            let (name, mode) = item
                .split_once(':')
                .ok_or_else(|| err(format!("{item:?}: expected square:n or square:c")))?;
            let sq = parse_square(name)
                .ok_or_else(|| err(format!("{name:?} is not a square a1..j10")))?;
            let mode = match mode {
                "n" => QueenMode::Knight,
                "c" => QueenMode::Camel,
                m => {
                    return Err(err(format!(
                        "mode {m:?} on {name}: expected n (CT) or c (CF)"
                    )))
                }
            };
            let p = pos
                .piece_at(sq)
                .ok_or_else(|| err(format!("no queen on {name}")))?;
            let t = p.kind.piece_type();
            if !matches!(t, PieceType::Queen | PieceType::SuperQueen) {
                return Err(err(format!("the piece on {name} is not a queen")));
            }
            if p.kind.mode() != QueenMode::None && p.kind.mode() != QueenMode::Both {
                return Err(err(format!("{name} listed twice")));
            }
            if t == PieceType::Queen && CAMP[p.color.other().index()] >> sq & 1 == 0 {
                return Err(err(format!(
                    "the queen (D) on {name} is in her own camp, where she has no mode"
                )));
            }
            pos.remove(sq);
            pos.put(
                sq,
                Piece {
                    color: p.color,
                    kind: Kind::queen(t, mode),
                }
                .code(),
            );
        }
    }
    for c in [Color::White, Color::Black] {
        let plain_beyond = pos.pieces[c.index()][Kind::Queen as usize] & CAMP[c.other().index()];
        if plain_beyond != 0 {
            return Err(err(format!(
                "the queen (D) on {} is beyond the frontier and needs a mode (n or c)",
                square_name(plain_beyond.trailing_zeros())
            )));
        }
    }
    Ok(())
}

/// Kings apart (convention 1), and the side that just moved not in check.
fn check_legality(pos: &Position) -> Result<(), FenError> {
    let (wk, bk) = (pos.king[0] as usize, pos.king[1] as usize);
    if (KING[wk] | KNIGHT[wk] | CAMEL[wk]) >> bk & 1 == 1 {
        return Err(FenError::Illegal(format!(
            "the kings on {} and {} are adjacent or a knight or camel leap apart (convention 1)",
            square_name(wk as u32),
            square_name(bk as u32)
        )));
    }
    if pos.in_check_color(pos.side.other()) {
        return Err(FenError::Illegal(format!(
            "{} is in check but it is {}'s move",
            color_name(pos.side.other()),
            color_name(pos.side)
        )));
    }
    Ok(())
}
