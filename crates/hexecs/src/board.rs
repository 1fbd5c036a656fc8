//! The position ([`Board`]): bitboards, mailbox, prisons, pending liberations, phase; attacks
//! and copy-make. Playing a move (`Board::make`) is in `make.rs`, legal move generation in
//! `movegen.rs`.

use crate::types::{Colour, Kind, Piece};
use crate::zobrist::{KEYS, PRISON_MAX};
use bitboard::hexecs::{
    cell_at, offset, CELLS, DIRS, DIR_INCREASING, DROID_CAPTURE, FORTRESS, KING, KNIGHT, NO_CELL,
    RAYS, STEP, UNICORN,
};

/// Empty mailbox cell.
pub(crate) const EMPTY: u8 = 0xFF;

/// Where a turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The player to move picks a move (or rolls).
    Normal,
    /// The player to move has rolled: a chance node, the die is about to be thrown.
    Rolled,
    /// The die shows `n` (1..6): the player to move picks a princess move of length `n`.
    Die(u8),
}

impl Phase {
    #[inline]
    fn key_index(self) -> usize {
        match self {
            Phase::Normal => 0,
            Phase::Rolled => 1,
            Phase::Die(n) => 1 + n as usize,
        }
    }
}

/// Castling rights bits: White towards I1, White towards A1, Black towards M9, Black towards E9.
pub(crate) const CASTLE_WK: u8 = 1;
pub(crate) const CASTLE_WQ: u8 = 2;
pub(crate) const CASTLE_BK: u8 = 4;
pub(crate) const CASTLE_BQ: u8 = 8;

const fn cell(c: i32, r: i32) -> u8 {
    match cell_at(c, r) {
        Some(i) => i,
        None => panic!("cell off the board"),
    }
}

/// One castling: the right it needs, the king's and rook's moves, the cells that must be empty
/// and the cell the king crosses.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CastleSpec {
    pub right: u8,
    pub colour: Colour,
    pub king_from: u8,
    pub king_to: u8,
    pub rook_from: u8,
    pub rook_to: u8,
    pub empty: u128,
    pub cross: u8,
}

const fn mask(cells: &[u8]) -> u128 {
    let mut m = 0u128;
    let mut i = 0;
    while i < cells.len() {
        m |= 1u128 << cells[i];
        i += 1;
    }
    m
}

/// The four castlings ([decision] geometry of the rules page).
pub(crate) const CASTLES: [CastleSpec; 4] = [
    CastleSpec {
        right: CASTLE_WK,
        colour: Colour::White,
        king_from: cell(4, 1),
        king_to: cell(6, 1),
        rook_from: cell(9, 1),
        rook_to: cell(5, 1),
        empty: mask(&[cell(5, 1), cell(6, 1), cell(7, 1), cell(8, 1)]),
        cross: cell(5, 1),
    },
    CastleSpec {
        right: CASTLE_WQ,
        colour: Colour::White,
        king_from: cell(4, 1),
        king_to: cell(2, 1),
        rook_from: cell(1, 1),
        rook_to: cell(3, 1),
        empty: mask(&[cell(3, 1), cell(2, 1)]),
        cross: cell(3, 1),
    },
    CastleSpec {
        right: CASTLE_BK,
        colour: Colour::Black,
        king_from: cell(10, 9),
        king_to: cell(12, 9),
        rook_from: cell(13, 9),
        rook_to: cell(11, 9),
        empty: mask(&[cell(11, 9), cell(12, 9)]),
        cross: cell(11, 9),
    },
    CastleSpec {
        right: CASTLE_BQ,
        colour: Colour::Black,
        king_from: cell(10, 9),
        king_to: cell(8, 9),
        rook_from: cell(5, 9),
        rook_to: cell(9, 9),
        empty: mask(&[cell(9, 9), cell(8, 9), cell(7, 9), cell(6, 9)]),
        cross: cell(9, 9),
    },
];

const fn build_princess_zone() -> [u128; CELLS] {
    let mut out = [0u128; CELLS];
    let mut i = 0;
    while i < CELLS {
        let mut d = 0;
        while d < 12 {
            let mut k = 1;
            while k <= 6 {
                if let Some(j) = offset(i as u8, DIRS[d].0 * k, DIRS[d].1 * k) {
                    out[i] |= 1u128 << j;
                }
                k += 1;
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// Cells 1..6 steps from a cell along one of the 12 lines: everything a princess could reach.
pub(crate) static PRINCESS_ZONE: [u128; CELLS] = build_princess_zone();

/// Slider attack along one ray, stopping at (and including) the first occupied cell.
#[inline(always)]
fn ray_attack(sq: usize, d: usize, occ: u128) -> u128 {
    let ray = RAYS[sq][d];
    let b = ray & occ;
    if b == 0 {
        ray
    } else {
        let s = if DIR_INCREASING[d] {
            b.trailing_zeros()
        } else {
            127 - b.leading_zeros()
        };
        ray ^ RAYS[s as usize][d]
    }
}

/// Rook attacks (6 edge directions).
#[inline]
pub(crate) fn edge_attacks(sq: u8, occ: u128) -> u128 {
    let s = sq as usize;
    ray_attack(s, 0, occ)
        | ray_attack(s, 1, occ)
        | ray_attack(s, 2, occ)
        | ray_attack(s, 3, occ)
        | ray_attack(s, 4, occ)
        | ray_attack(s, 5, occ)
}

/// Jedi attacks (6 vertex directions).
#[inline]
pub(crate) fn vertex_attacks(sq: u8, occ: u128) -> u128 {
    let s = sq as usize;
    ray_attack(s, 6, occ)
        | ray_attack(s, 7, occ)
        | ray_attack(s, 8, occ)
        | ray_attack(s, 9, occ)
        | ray_attack(s, 10, occ)
        | ray_attack(s, 11, occ)
}

#[inline(always)]
pub(crate) fn bit(i: u8) -> u128 {
    1u128 << i
}

#[inline(always)]
pub(crate) fn first_along(b: u128, d: usize) -> u8 {
    if DIR_INCREASING[d] {
        b.trailing_zeros() as u8
    } else {
        (127 - b.leading_zeros()) as u8
    }
}

/// A Hexecs position. `Copy`: moves are made on copies (copy-make), which is what the undo
/// stack of [`crate::Hexecs`] stores.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub(crate) pieces: [u128; 8],
    pub(crate) colours: [u128; 2],
    pub(crate) mailbox: [u8; CELLS],
    pub(crate) side: Colour,
    pub(crate) castling: u8,
    /// `prison[c][k]`: pieces of side `c` and kind `k` held prisoner by the other side.
    pub(crate) prison: [[u8; 8]; 2],
    /// `pending[c][0]` / `pending[c][1]`: the cell of side `c`'s jedi carrying the unicorn's /
    /// princess's liberation, or `NO_CELL`.
    pub(crate) pending: [[u8; 2]; 2],
    pub(crate) phase: Phase,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    pub(crate) hash: u64,
}

impl core::fmt::Debug for Board {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "Board({})", crate::fen::write_position(self))
    }
}

/// The kinds a jedi can release, in `pending` slot order.
pub(crate) const RELEASABLE: [Kind; 2] = [Kind::Unicorn, Kind::Princess];
/// The kinds a droid can be replaced by on the last row.
pub(crate) const PROMOTABLE: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Jedi, Kind::Knight];

impl Board {
    /// An empty board, White to move, nothing imprisoned.
    pub(crate) fn empty() -> Board {
        Board {
            pieces: [0; 8],
            colours: [0; 2],
            mailbox: [EMPTY; CELLS],
            side: Colour::White,
            castling: 0,
            prison: [[0; 8]; 2],
            pending: [[NO_CELL; 2]; 2],
            phase: Phase::Normal,
            halfmove: 0,
            fullmove: 1,
            hash: 0,
        }
    }

    // ----- accessors -------------------------------------------------------------------------

    /// The piece on cell `i`.
    #[inline]
    pub fn piece_at(&self, i: u8) -> Option<Piece> {
        let c = self.mailbox[i as usize];
        (c != EMPTY).then(|| Piece::from_code(c))
    }
    /// Side to move.
    #[inline]
    pub fn side_to_move(&self) -> Colour {
        self.side
    }
    /// The phase of the turn.
    #[inline]
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// Castling rights as bits (1 White→I1, 2 White→A1, 4 Black→M9, 8 Black→E9).
    #[inline]
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }
    /// Number of pieces of side `c` and kind `k` held prisoner by the other side.
    #[inline]
    pub fn imprisoned(&self, c: Colour, k: Kind) -> u8 {
        self.prison[c.index()][k.index()]
    }
    /// The cell of side `c`'s jedi carrying the liberation of `k` (unicorn or princess).
    pub fn pending_release(&self, c: Colour, k: Kind) -> Option<u8> {
        let slot = match k {
            Kind::Unicorn => 0,
            Kind::Princess => 1,
            _ => return None,
        };
        let v = self.pending[c.index()][slot];
        (v != NO_CELL).then_some(v)
    }
    /// Plies since the last capture, droid move or conversion.
    #[inline]
    pub fn halfmove_clock(&self) -> u16 {
        self.halfmove
    }
    /// Full-move number (starts at 1, incremented after Black's turn).
    #[inline]
    pub fn fullmove_number(&self) -> u16 {
        self.fullmove
    }
    /// The Zobrist key (maintained incrementally).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// Cells occupied by side `c`.
    #[inline]
    pub fn occupied_by(&self, c: Colour) -> u128 {
        self.colours[c.index()]
    }
    /// Cells occupied by pieces of kind `k` (both sides).
    #[inline]
    pub fn kind_set(&self, k: Kind) -> u128 {
        self.pieces[k.index()]
    }
    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.colours[0] | self.colours[1]
    }
    /// The king's cell of side `c`, if it has one.
    #[inline]
    pub fn king_cell(&self, c: Colour) -> Option<u8> {
        let k = self.pieces[Kind::King.index()] & self.colours[c.index()];
        (k != 0).then(|| k.trailing_zeros() as u8)
    }

    /// The Zobrist key computed from scratch (tests compare it with [`Board::hash`]).
    pub fn full_hash(&self) -> u64 {
        let mut h = 0u64;
        for i in 0..CELLS {
            let c = self.mailbox[i];
            if c != EMPTY {
                h ^= KEYS.piece[c as usize][i];
            }
        }
        if self.side == Colour::Black {
            h ^= KEYS.black_to_move;
        }
        h ^= KEYS.castling[self.castling as usize];
        for c in 0..2 {
            for k in 0..8 {
                h ^= KEYS.prison[c][k][(self.prison[c][k] as usize).min(PRISON_MAX)];
            }
            for w in 0..2 {
                if self.pending[c][w] != NO_CELL {
                    h ^= KEYS.pending[c][w][self.pending[c][w] as usize];
                }
            }
        }
        h ^ KEYS.phase[self.phase.key_index()]
    }

    // ----- incremental updates -----------------------------------------------------------------

    #[inline]
    pub(crate) fn put(&mut self, i: u8, p: Piece) {
        debug_assert_eq!(self.mailbox[i as usize], EMPTY);
        let code = p.code();
        self.mailbox[i as usize] = code;
        self.pieces[p.kind.index()] |= bit(i);
        self.colours[p.colour.index()] |= bit(i);
        self.hash ^= KEYS.piece[code as usize][i as usize];
    }

    #[inline]
    pub(crate) fn remove(&mut self, i: u8) -> Piece {
        let code = self.mailbox[i as usize];
        debug_assert_ne!(code, EMPTY);
        let p = Piece::from_code(code);
        self.mailbox[i as usize] = EMPTY;
        self.pieces[p.kind.index()] &= !bit(i);
        self.colours[p.colour.index()] &= !bit(i);
        self.hash ^= KEYS.piece[code as usize][i as usize];
        p
    }

    #[inline]
    pub(crate) fn set_prison(&mut self, c: Colour, k: Kind, n: u8) {
        let old = self.prison[c.index()][k.index()];
        self.hash ^= KEYS.prison[c.index()][k.index()][(old as usize).min(PRISON_MAX)];
        self.hash ^= KEYS.prison[c.index()][k.index()][(n as usize).min(PRISON_MAX)];
        self.prison[c.index()][k.index()] = n;
    }

    #[inline]
    pub(crate) fn prison_add(&mut self, c: Colour, k: Kind, delta: i8) {
        let n = self.prison[c.index()][k.index()] as i16 + delta as i16;
        debug_assert!(n >= 0);
        self.set_prison(c, k, n.clamp(0, 255) as u8);
    }

    #[inline]
    pub(crate) fn set_pending(&mut self, c: Colour, slot: usize, cell: u8) {
        let old = self.pending[c.index()][slot];
        if old != NO_CELL {
            self.hash ^= KEYS.pending[c.index()][slot][old as usize];
        }
        if cell != NO_CELL {
            self.hash ^= KEYS.pending[c.index()][slot][cell as usize];
        }
        self.pending[c.index()][slot] = cell;
    }

    #[inline]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.hash ^= KEYS.castling[self.castling as usize] ^ KEYS.castling[rights as usize];
        self.castling = rights;
    }

    #[inline]
    pub(crate) fn set_phase(&mut self, phase: Phase) {
        self.hash ^= KEYS.phase[self.phase.key_index()] ^ KEYS.phase[phase.key_index()];
        self.phase = phase;
    }

    #[inline]
    pub(crate) fn set_side(&mut self, side: Colour) {
        if side != self.side {
            self.hash ^= KEYS.black_to_move;
            self.side = side;
        }
    }

    /// The pending slot of side `c` whose jedi stands on `cell`.
    #[inline]
    pub(crate) fn pending_slot_at(&self, c: Colour, cell: u8) -> Option<usize> {
        let p = &self.pending[c.index()];
        if p[0] == cell {
            Some(0)
        } else if p[1] == cell {
            Some(1)
        } else {
            None
        }
    }

    /// Castling rights that still hold given where the kings and rooks stand.
    pub(crate) fn rights_supported(&self, rights: u8) -> u8 {
        let mut r = rights;
        for spec in CASTLES {
            let king = Piece {
                colour: spec.colour,
                kind: Kind::King,
            }
            .code();
            let rook = Piece {
                colour: spec.colour,
                kind: Kind::Rook,
            }
            .code();
            if self.mailbox[spec.king_from as usize] != king
                || self.mailbox[spec.rook_from as usize] != rook
            {
                r &= !spec.right;
            }
        }
        r
    }

    // ----- attacks -----------------------------------------------------------------------------

    /// True if cell `sq` is attacked by side `by`, with `occ` as the occupancy and the pieces in
    /// `removed` (pieces of `by` just captured) left out. Applies the fortress rule: pieces of
    /// `by` standing in their own fortress do not attack the other fortress.
    #[inline]
    pub(crate) fn attacked_by(&self, sq: u8, by: Colour, occ: u128, removed: u128) -> bool {
        let mut valid = self.colours[by.index()] & !removed;
        if FORTRESS[by.other().index()] & bit(sq) != 0 {
            valid &= !FORTRESS[by.index()];
        }
        if valid == 0 {
            return false;
        }
        let s = sq as usize;
        let p = &self.pieces;
        if KNIGHT[s] & p[Kind::Knight.index()] & valid != 0
            || UNICORN[s] & p[Kind::Unicorn.index()] & valid != 0
            || KING[s] & p[Kind::King.index()] & valid != 0
            || DROID_CAPTURE[by.other().index()][s] & p[Kind::Droid.index()] & valid != 0
        {
            return true;
        }
        let q = p[Kind::Queen.index()];
        let rq = (p[Kind::Rook.index()] | q) & valid;
        if rq != 0 && edge_attacks(sq, occ) & rq != 0 {
            return true;
        }
        let jq = (p[Kind::Jedi.index()] | q) & valid;
        if jq != 0 && vertex_attacks(sq, occ) & jq != 0 {
            return true;
        }
        let pr = p[Kind::Princess.index()] & valid & PRINCESS_ZONE[s];
        if pr != 0 {
            let blockers =
                (self.colours[by.index()] & !removed & occ) | (p[Kind::King.index()] & occ);
            let mut set = pr;
            while set != 0 {
                let from = set.trailing_zeros() as u8;
                set &= set - 1;
                if princess_reaches(from, sq, blockers) {
                    return true;
                }
            }
        }
        false
    }

    /// True if the side to move is in check.
    pub fn in_check(&self) -> bool {
        match self.king_cell(self.side) {
            Some(k) => self.attacked_by(k, self.side.other(), self.occupied(), 0),
            None => false,
        }
    }

    /// True if the side not to move is in check (an illegal position).
    pub(crate) fn opponent_in_check(&self) -> bool {
        let them = self.side.other();
        match self.king_cell(them) {
            Some(k) => self.attacked_by(k, self.side, self.occupied(), 0),
            None => false,
        }
    }
}

/// True if a princess on `from` could capture on `to` on some die roll, `blockers` being the
/// cells she may not pass through (her own pieces and both kings).
pub(crate) fn princess_reaches(from: u8, to: u8, blockers: u128) -> bool {
    for d in 0..12 {
        let mut x = from;
        let mut clear = true;
        for k in 1..=6 {
            x = STEP[x as usize][d];
            if x == NO_CELL {
                break;
            }
            if x == to {
                return k <= 3 || clear;
            }
            if blockers & bit(x) != 0 {
                clear = false;
                if k >= 3 {
                    break;
                }
            }
        }
    }
    false
}
