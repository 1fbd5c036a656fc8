//! The position: bitboards plus a mailbox, make/unmake and Zobrist keys (its FEN is in
//! `fen.rs`).

use crate::tables::*;
use crate::types::*;
use crate::variant::Variant;
use bitboard::dola::{between, rank_of, CAMP};

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

pub(crate) fn color_name(c: Color) -> &'static str {
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

    pub(crate) fn empty(variant: Variant) -> Position {
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
    pub(crate) fn put(&mut self, sq: u32, code: u8) {
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
    pub(crate) fn remove(&mut self, sq: u32) -> u8 {
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
