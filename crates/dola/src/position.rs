//! The position: bitboards plus a mailbox, the FEN of `dola.md`, make/unmake and Zobrist keys.

use crate::tables::*;
use crate::types::*;
use crate::variant::Variant;
use bitboard::dola::{
    between, file_of, parse_square, rank_of, square, square_name, CAMEL, CAMP, KING, KNIGHT,
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

/// What `undo` needs to restore a position.
#[derive(Clone, Copy, Debug)]
struct Undo {
    moved: u8,
    captured: u8,
    castling: u8,
    ep_victim: u8,
    ep: u128,
    halfmove: u32,
    hash: u64,
}

/// No square.
pub(crate) const NO_SQUARE: u8 = 127;

/// A Dola position with its history (for undo and repetition).
#[derive(Clone, Debug)]
pub struct Position {
    pub(crate) variant: Variant,
    pub(crate) board: [u8; 100],
    /// `pieces[color][kind]`, kind index 1..=15 (0 unused).
    pub(crate) pieces: [[u128; 16]; 2],
    pub(crate) colors: [u128; 2],
    pub(crate) occupied: u128,
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// Squares passed by the last move if it was a multi-square pawn advance.
    pub(crate) ep: u128,
    /// The pawn that made that advance.
    pub(crate) ep_victim: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    pub(crate) hash: u64,
    pub(crate) king: [u8; 2],
    stack: Vec<Undo>,
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "White",
        Color::Black => "Black",
    }
}

impl Position {
    /// The starting position of a variant.
    pub fn start(variant: Variant) -> Position {
        Position::from_fen(variant, &variant.start_fen()).expect("start FEN is valid")
    }

    fn empty(variant: Variant) -> Position {
        Position {
            variant,
            board: [0; 100],
            pieces: [[0; 16]; 2],
            colors: [0; 2],
            occupied: 0,
            side: Color::White,
            castling: 0,
            ep: 0,
            ep_victim: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
            king: [NO_SQUARE; 2],
            stack: Vec::with_capacity(64),
        }
    }

    /// The variant.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: u32) -> Option<Piece> {
        let c = self.board[sq as usize];
        (c != 0).then(|| Piece::from_code(c))
    }
    /// Castling rights as the bits [`CASTLE_WK`] | [`CASTLE_WQ`] | [`CASTLE_BK`] | [`CASTLE_BQ`].
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// The squares an en-passant capture may move to (empty if none).
    pub fn en_passant_squares(&self) -> u128 {
        self.ep
    }
    /// The pawn an en-passant capture would remove.
    pub fn en_passant_victim(&self) -> Option<u32> {
        (self.ep_victim != NO_SQUARE).then_some(self.ep_victim as u32)
    }
    /// Half-moves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }
    /// The move number (starts at 1, grows after Black's move).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove
    }
    /// The square of `c`'s king.
    pub fn king_square(&self, c: Color) -> u32 {
        self.king[c.index()] as u32
    }
    /// Occupied squares.
    pub fn occupied(&self) -> u128 {
        self.occupied
    }
    /// Squares of `c`'s pieces.
    pub fn color_set(&self, c: Color) -> u128 {
        self.colors[c.index()]
    }
    /// Squares holding `c`'s pieces of `kind`.
    pub fn kind_set(&self, c: Color, kind: Kind) -> u128 {
        self.pieces[c.index()][kind as usize]
    }
    /// Number of moves played since this position was set up (the undo stack depth).
    pub fn ply(&self) -> usize {
        self.stack.len()
    }

    #[inline(always)]
    fn put(&mut self, sq: u32, code: u8) {
        let p = Piece::from_code(code);
        let bit = 1u128 << sq;
        self.board[sq as usize] = code;
        self.pieces[p.color.index()][p.kind as usize] |= bit;
        self.colors[p.color.index()] |= bit;
        self.occupied |= bit;
        self.hash ^= ZOBRIST.piece[code as usize][sq as usize];
        if p.kind == Kind::King {
            self.king[p.color.index()] = sq as u8;
        }
    }

    #[inline(always)]
    fn remove(&mut self, sq: u32) -> u8 {
        let code = self.board[sq as usize];
        debug_assert!(code != 0);
        let p = Piece::from_code(code);
        let bit = 1u128 << sq;
        self.board[sq as usize] = 0;
        self.pieces[p.color.index()][p.kind as usize] &= !bit;
        self.colors[p.color.index()] &= !bit;
        self.occupied &= !bit;
        self.hash ^= ZOBRIST.piece[code as usize][sq as usize];
        code
    }

    /// The Zobrist key computed from scratch (tests compare it with the incremental one).
    pub fn full_hash(&self) -> u64 {
        let mut h = 0;
        for sq in 0..100 {
            let c = self.board[sq];
            if c != 0 {
                h ^= ZOBRIST.piece[c as usize][sq];
            }
        }
        if self.side == Color::Black {
            h ^= ZOBRIST.side;
        }
        h ^= ZOBRIST.castling[self.castling as usize];
        h ^ ep_key(self.ep)
    }

    /// The Zobrist key maintained incrementally.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.hash
    }

    /// The kind a piece becomes after moving from `from` to `to` (queen modes).
    #[inline(always)]
    fn moved_kind(kind: Kind, color: Color, from: u32, to: u32) -> Kind {
        match kind {
            Kind::Queen | Kind::QueenN | Kind::QueenC => {
                if CAMP[color.other().index()] >> to & 1 == 1 {
                    Kind::queen(PieceType::Queen, MoveShape::of(from, to).mode())
                } else {
                    Kind::Queen
                }
            }
            Kind::SuperQueen | Kind::SuperQueenN | Kind::SuperQueenC => {
                Kind::queen(PieceType::SuperQueen, MoveShape::of(from, to).mode())
            }
            k => k,
        }
    }

    /// Play `mv`, which must be legal here (unchecked; see [`Position::try_play`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        let (from, to, flag) = (mv.from(), mv.to(), mv.flag());
        let us = self.side;
        let moved = self.board[from as usize];
        debug_assert!(
            moved != 0 && Piece::from_code(moved).color == us,
            "no own piece on the origin of {mv:?}"
        );
        let captured_sq = if flag == MoveFlag::EnPassant {
            self.ep_victim as u32
        } else {
            to
        };
        let captured = self.board[captured_sq as usize];
        self.stack.push(Undo {
            moved,
            captured,
            castling: self.castling,
            ep_victim: self.ep_victim,
            ep: self.ep,
            halfmove: self.halfmove,
            hash: self.hash,
        });
        self.hash ^= ZOBRIST.castling[self.castling as usize] ^ ep_key(self.ep) ^ ZOBRIST.side;
        if captured != 0 {
            self.remove(captured_sq);
        }
        self.remove(from);
        let p = Piece::from_code(moved);
        let new_kind = match mv.promotion_type() {
            Some(t) => match t {
                PieceType::Queen | PieceType::SuperQueen => {
                    Kind::queen(t, MoveShape::of(from, to).mode())
                }
                t => t.base_kind(),
            },
            None => Self::moved_kind(p.kind, us, from, to),
        };
        self.put(
            to,
            Piece {
                color: us,
                kind: new_kind,
            }
            .code(),
        );
        match flag {
            MoveFlag::CastleKing => {
                let rook = self.remove(to + 1);
                self.put(to - 1, rook);
            }
            MoveFlag::CastleQueen => {
                let rook = self.remove(to - 2);
                self.put(to + 1, rook);
            }
            _ => {}
        }
        self.castling &= CASTLE_KEEP[from as usize] & CASTLE_KEEP[to as usize];
        if flag == MoveFlag::PawnAdvance {
            self.ep = between(from, to);
            self.ep_victim = to as u8;
        } else {
            self.ep = 0;
            self.ep_victim = NO_SQUARE;
        }
        if captured != 0 || p.kind == Kind::Pawn {
            self.halfmove = 0;
        } else {
            self.halfmove += 1;
        }
        if us == Color::Black {
            self.fullmove += 1;
        }
        self.side = us.other();
        self.hash ^= ZOBRIST.castling[self.castling as usize] ^ ep_key(self.ep);
    }

    /// Undo the most recent move `mv`.
    pub fn undo_unchecked(&mut self, mv: Move) {
        let u = self.stack.pop().expect("undo without a move played");
        let (from, to, flag) = (mv.from(), mv.to(), mv.flag());
        self.side = self.side.other();
        if self.side == Color::Black {
            self.fullmove -= 1;
        }
        match flag {
            MoveFlag::CastleKing => {
                let rook = self.remove(to - 1);
                self.put(to + 1, rook);
            }
            MoveFlag::CastleQueen => {
                let rook = self.remove(to + 1);
                self.put(to - 2, rook);
            }
            _ => {}
        }
        self.remove(to);
        self.put(from, u.moved);
        if u.captured != 0 {
            let sq = if flag == MoveFlag::EnPassant {
                u.ep_victim as u32
            } else {
                to
            };
            self.put(sq, u.captured);
        }
        self.castling = u.castling;
        self.ep = u.ep;
        self.ep_victim = u.ep_victim;
        self.halfmove = u.halfmove;
        self.hash = u.hash;
    }

    /// Forget the history (undo stack and repetition memory).
    pub fn clear_history(&mut self) {
        self.stack.clear();
    }

    /// How many earlier positions in the game (as far back as the halfmove clock allows) have
    /// the current Zobrist key.
    pub fn repetitions(&self) -> usize {
        let n = self.stack.len();
        let limit = (self.halfmove as usize).min(n);
        // stack[n-k].hash is the key of the position k plies ago.
        (2..=limit)
            .step_by(2)
            .filter(|&k| self.stack[n - k].hash == self.hash)
            .count()
    }

    /// Parse a FEN of `dola.md` for `variant`.
    pub fn from_fen(variant: Variant, fen: &str) -> Result<Position, FenError> {
        let fields: Vec<&str> = fen.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 7 {
            return Err(FenError::FieldCount {
                fen: fen.to_string(),
                found: fields.len(),
            });
        }
        let mut pos = Position::empty(variant);
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 10 {
            return Err(FenError::RankCount(fields[0].to_string()));
        }
        for (i, text) in ranks.iter().enumerate() {
            let rank = 9 - i as u32;
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
                    let count = fields[0].chars().filter(|&ch| ch == letter).count() as u32;
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
        }
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
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(FenError::Side(s.to_string())),
        };
        let field = |i: usize| fields.get(i).copied().unwrap_or("-");
        // Castling.
        let cf = field(2);
        if cf != "-" {
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
        }
        // En passant.
        let ef = field(3);
        if ef != "-" {
            let err = |reason: String| FenError::EnPassant {
                field: ef.to_string(),
                reason,
            };
            let mut set = 0u128;
            for name in ef.split(',') {
                let sq = parse_square(name)
                    .ok_or_else(|| err(format!("{name:?} is not a square a1..j10")))?;
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
            let file_ok =
                on_board && between(origin, victim) == set && file_of(origin) == file_of(victim);
            let camp_ok = file_ok
                && CAMP[mover.index()] >> victim & 1 == 1
                && CAMP[mover.index()] >> origin & 1 == 1;
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
        }
        // Queen modes.
        let mf = field(4);
        if mf != "-" {
            let err = |reason: String| FenError::Modes {
                field: mf.to_string(),
                reason,
            };
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
            let plain_beyond =
                pos.pieces[c.index()][Kind::Queen as usize] & CAMP[c.other().index()];
            if plain_beyond != 0 {
                return Err(FenError::Modes {
                    field: mf.to_string(),
                    reason: format!(
                        "the queen (D) on {} is beyond the frontier and needs a mode (n or c)",
                        square_name(plain_beyond.trailing_zeros())
                    ),
                });
            }
        }
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

    /// Relative rank 0..10 of `sq` for `c` (0 = own back rank).
    #[inline]
    pub fn relative_rank(c: Color, sq: u32) -> u32 {
        if c == Color::White {
            rank_of(sq)
        } else {
            9 - rank_of(sq)
        }
    }
}

#[inline(always)]
fn ep_key(ep: u128) -> u64 {
    let mut h = 0;
    let mut rest = ep;
    while rest != 0 {
        h ^= ZOBRIST.ep[rest.trailing_zeros() as usize];
        rest &= rest - 1;
    }
    h
}
