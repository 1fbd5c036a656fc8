//! Attacks and legal move generation.
//!
//! Legal moves are generated directly (no make-and-test except for en passant): the checkers of
//! the own king and the pieces pinned to it by enemy sliders are found first. With two checkers
//! only the king moves; with one, other pieces must capture it or (slider check) block. A pinned
//! piece keeps only the squares on its pin line, which removes all its leaps automatically (a
//! (1,2) or (1,3) leap never stays on a rank, file or diagonal). King destinations are tested
//! against the enemy attacks with the king lifted off the board, and must respect convention 1;
//! convention 2 adds the squares of leaper checkers to the king's destinations (the attack test
//! then enforces "not defended"). Enemy powers never change when we move — frontier powers depend
//! on where the enemy pieces stand — so pins and checks are the classical ones.

use crate::position::{Position, NO_SQUARE};
use crate::tables::*;
use crate::types::*;
use bitboard::dola::{
    between, bishop_attacks, direction, rook_attacks, CAMEL, CAMP, KING, KNIGHT, RANKS, RAYS,
};

/// Where generated moves go: a list, or a counter for bulk counting.
pub trait MoveSink {
    /// One move.
    fn push(&mut self, mv: Move);
    /// Moves from `from` to every square of `targets`, all with `flag`.
    #[inline(always)]
    fn push_set(&mut self, from: u32, targets: u128, flag: MoveFlag) {
        let mut rest = targets;
        while rest != 0 {
            self.push(Move::new(from, rest.trailing_zeros(), flag));
            rest &= rest - 1;
        }
    }
}

impl MoveSink for Vec<Move> {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        Vec::push(self, mv);
    }
}

/// Counts moves without storing them.
#[derive(Debug, Default)]
pub struct MoveCounter(pub u64);

impl MoveSink for MoveCounter {
    #[inline(always)]
    fn push(&mut self, _mv: Move) {
        self.0 += 1;
    }
    #[inline(always)]
    fn push_set(&mut self, _from: u32, targets: u128, _flag: MoveFlag) {
        self.0 += targets.count_ones() as u64;
    }
}

/// A fixed-capacity move list on the stack (no allocation per node).
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// More than any Dola position can have: at most 70 pawn moves onto the last rank times nine
    /// promotion types (630), plus at most ten other pieces with at most 51 moves each (510).
    pub const CAPACITY: usize = 2048;
    /// An empty list.
    #[inline]
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::new(0, 0, MoveFlag::Normal); MoveList::CAPACITY],
            len: 0,
        }
    }
    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
    /// Number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }
    /// True if empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl core::fmt::Debug for MoveList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn push(&mut self, mv: Move) {
        debug_assert!(self.len < MoveList::CAPACITY);
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

/// The attacking powers of one side, as sets of squares, for attack queries.
#[derive(Clone, Copy, Debug)]
pub struct Powers {
    color: Color,
    pawns: u128,
    knights: u128,
    camels: u128,
    orthogonal: u128,
    diagonal: u128,
    king: u128,
}

/// The side to move as [`Position::generate`]'s steps see it.
struct GenContext {
    us: Color,
    /// The own king's square.
    ksq: u32,
    own: u128,
    enemy: u128,
    occ: u128,
    /// The enemy's attacking powers.
    their: Powers,
    /// The enemy pieces giving check.
    checkers: u128,
    /// Squares the own king may not enter by convention 1: the enemy king's square and every
    /// square it reaches as a king, knight or camel.
    forbidden: u128,
}

impl GenContext {
    /// Where pieces other than the king may go: anywhere not own, or, in single check, the
    /// checker's square and the squares between it and the king.
    #[inline(always)]
    fn check_target(&self) -> u128 {
        if self.checkers == 0 {
            !self.own
        } else {
            let c = self.checkers.trailing_zeros();
            self.checkers | between(self.ksq, c)
        }
    }
}

/// The own pieces pinned to the king (`ksq`) by enemy sliders.
struct Pins {
    ksq: u32,
    pinned: u128,
}

impl Pins {
    /// The squares a piece on `sq` may stay on: the ray from the king through it, up to the
    /// edge, if it is pinned; every square otherwise.
    #[inline(always)]
    fn line(&self, sq: u32) -> u128 {
        if self.pinned >> sq & 1 == 1 {
            match direction(self.ksq, sq) {
                Some(d) => RAYS[d][self.ksq as usize],
                None => 0,
            }
        } else {
            !0
        }
    }
}

impl Position {
    /// The attacking powers of `c`: which of its pieces leap as knights or camels (depending on
    /// where they stand) and which slide.
    #[inline]
    pub fn powers(&self, c: Color) -> Powers {
        let p = &self.pieces[c.index()];
        let beyond = CAMP[c.other().index()];
        let k = |kind: Kind| p[kind as usize];
        let queens = k(Kind::Queen) | k(Kind::QueenN) | k(Kind::QueenC);
        let supers = k(Kind::SuperQueen) | k(Kind::SuperQueenN) | k(Kind::SuperQueenC);
        Powers {
            color: c,
            pawns: k(Kind::Pawn),
            knights: k(Kind::Knight)
                | k(Kind::Arab)
                | k(Kind::SuperRook)
                | k(Kind::SuperQueen)
                | k(Kind::SuperQueenN)
                | ((k(Kind::Rook) | k(Kind::QueenN) | k(Kind::King)) & beyond),
            camels: k(Kind::Camel)
                | k(Kind::Arab)
                | k(Kind::SuperBishop)
                | k(Kind::SuperQueen)
                | k(Kind::SuperQueenC)
                | ((k(Kind::Bishop) | k(Kind::QueenC) | k(Kind::King)) & beyond),
            orthogonal: k(Kind::Rook) | k(Kind::SuperRook) | queens | supers,
            diagonal: k(Kind::Bishop) | k(Kind::SuperBishop) | queens | supers,
            king: k(Kind::King),
        }
    }

    /// The pieces with powers `pw` that attack `sq` when `occ` is occupied.
    #[inline]
    pub fn attackers_with(&self, sq: u32, pw: &Powers, occ: u128) -> u128 {
        let s = sq as usize;
        (PAWN_ATTACKERS[pw.color.index()][s] & pw.pawns)
            | (KNIGHT[s] & pw.knights)
            | (CAMEL[s] & pw.camels)
            | (KING[s] & pw.king)
            | (rook_attacks(sq, occ) & pw.orthogonal)
            | (bishop_attacks(sq, occ) & pw.diagonal)
    }

    /// The pieces of `by` attacking `sq` in the current position.
    pub fn attackers(&self, sq: u32, by: Color) -> u128 {
        self.attackers_with(sq, &self.powers(by), self.occupied)
    }

    /// The enemy pieces giving check to the side to move.
    #[inline]
    pub fn checkers(&self) -> u128 {
        let us = self.side;
        self.attackers(self.king[us.index()] as u32, us.other())
    }

    /// True if `c`'s king is attacked.
    pub fn in_check_color(&self, c: Color) -> bool {
        self.attackers(self.king[c.index()] as u32, c.other()) != 0
    }

    /// The squares a piece of `kind` and `color` on `sq` attacks (and may move to, pawns
    /// excepted) with `occ` occupied.
    #[inline]
    pub fn piece_attacks(kind: Kind, color: Color, sq: u32, occ: u128) -> u128 {
        let s = sq as usize;
        let beyond = CAMP[color.other().index()] >> sq & 1 == 1;
        let if_beyond = |set: u128| if beyond { set } else { 0 };
        match kind {
            Kind::Pawn => PAWN_CAPTURE[color.index()][s],
            Kind::Knight => KNIGHT[s],
            Kind::Camel => CAMEL[s],
            Kind::Arab => KNIGHT[s] | CAMEL[s],
            Kind::Bishop => bishop_attacks(sq, occ) | if_beyond(CAMEL[s]),
            Kind::Rook => rook_attacks(sq, occ) | if_beyond(KNIGHT[s]),
            Kind::Queen => rook_attacks(sq, occ) | bishop_attacks(sq, occ),
            Kind::QueenN => rook_attacks(sq, occ) | bishop_attacks(sq, occ) | if_beyond(KNIGHT[s]),
            Kind::QueenC => rook_attacks(sq, occ) | bishop_attacks(sq, occ) | if_beyond(CAMEL[s]),
            Kind::SuperBishop => bishop_attacks(sq, occ) | CAMEL[s],
            Kind::SuperRook => rook_attacks(sq, occ) | KNIGHT[s],
            Kind::SuperQueen => {
                rook_attacks(sq, occ) | bishop_attacks(sq, occ) | KNIGHT[s] | CAMEL[s]
            }
            Kind::SuperQueenN => rook_attacks(sq, occ) | bishop_attacks(sq, occ) | KNIGHT[s],
            Kind::SuperQueenC => rook_attacks(sq, occ) | bishop_attacks(sq, occ) | CAMEL[s],
            Kind::King => KING[s] | if_beyond(KNIGHT[s] | CAMEL[s]),
        }
    }

    /// Generate every legal move of the side to move into `sink`, in this order: king moves;
    /// with at most one checker, castling, then the other pieces by kind, pawns, en passant.
    pub fn generate<S: MoveSink>(&self, sink: &mut S) {
        let g = self.generation_context();
        self.generate_king_moves(&g, sink);
        if g.checkers.count_ones() > 1 {
            return;
        }
        if g.checkers == 0 && self.castling != 0 {
            self.generate_castling(&g, sink);
        }
        let target = g.check_target();
        let pins = self.pins(&g);
        self.generate_piece_moves(&g, target, &pins, sink);
        self.generate_pawn_moves(&g, target, &pins, sink);
        self.generate_en_passant(&g, sink);
    }

    /// The facts of the side to move that every step of [`Position::generate`] reads.
    #[inline(always)]
    fn generation_context(&self) -> GenContext {
        let us = self.side;
        let them = us.other();
        let ksq = self.king[us.index()] as u32;
        let occ = self.occupied;
        let their = self.powers(them);
        let eksq = self.king[them.index()] as usize;
        GenContext {
            us,
            ksq,
            own: self.colors[us.index()],
            enemy: self.colors[them.index()],
            occ,
            their,
            checkers: self.attackers_with(ksq, &their, occ),
            forbidden: KING[eksq] | KNIGHT[eksq] | CAMEL[eksq] | 1u128 << eksq,
        }
    }

    /// King moves (with convention 1 and 2): tested against the enemy attacks with the king
    /// lifted off the board.
    #[inline(always)]
    fn generate_king_moves<S: MoveSink>(&self, g: &GenContext, sink: &mut S) {
        let (ksq, occ) = (g.ksq, g.occ);
        let k = ksq as usize;
        let mut dests = Self::piece_attacks(Kind::King, g.us, ksq, occ) & !g.own;
        dests |= g.checkers & (KNIGHT[k] | CAMEL[k]);
        dests &= !g.forbidden;
        let occ_no_king = occ ^ 1u128 << ksq;
        let mut rest = dests;
        while rest != 0 {
            let to = rest.trailing_zeros();
            rest &= rest - 1;
            if self.attackers_with(to, &g.their, occ_no_king) == 0 {
                sink.push(Move::new(ksq, to, MoveFlag::Normal));
            }
        }
    }

    /// Castling (never out of check): king side first, then queen side.
    #[inline(always)]
    fn generate_castling<S: MoveSink>(&self, g: &GenContext, sink: &mut S) {
        // `b`: the first square of the home rank.
        let (kbit, qbit, b) = if g.us == Color::White {
            (CASTLE_WK, CASTLE_WQ, 0)
        } else {
            (CASTLE_BK, CASTLE_BQ, 90)
        };
        let occ = g.occ;
        // Per side: the right, the squares between king and rook (empty), the king's target
        // (allowed by convention 1) and the king's path (not attacked).
        let sides = [
            (
                kbit,
                0b111u128 << (b + 6),
                b + 8,
                [b + 6, b + 7, b + 8],
                MoveFlag::CastleKing,
            ),
            (
                qbit,
                0b1111u128 << (b + 1),
                b + 2,
                [b + 4, b + 3, b + 2],
                MoveFlag::CastleQueen,
            ),
        ];
        for (right, between, to, path, flag) in sides {
            if self.castling & right != 0
                && occ & between == 0
                && g.forbidden >> to & 1 == 0
                && path
                    .iter()
                    .all(|&sq| self.attackers_with(sq, &g.their, occ) == 0)
            {
                sink.push(Move::new(b + 5, to, flag));
            }
        }
    }

    /// The own pieces pinned to the king by enemy sliders.
    #[inline(always)]
    fn pins(&self, g: &GenContext) -> Pins {
        let ksq = g.ksq;
        let mut pinned = 0u128;
        let snipers = (rook_attacks(ksq, 0) & g.their.orthogonal)
            | (bishop_attacks(ksq, 0) & g.their.diagonal);
        let mut rest = snipers;
        while rest != 0 {
            let s = rest.trailing_zeros();
            rest &= rest - 1;
            let b = between(ksq, s) & g.occ;
            if b.count_ones() == 1 && b & g.own != 0 {
                pinned |= b;
            }
        }
        Pins { ksq, pinned }
    }

    /// Moves of the pieces other than king and pawns, kind by kind, each piece's targets in
    /// square order.
    #[inline(always)]
    fn generate_piece_moves<S: MoveSink>(
        &self,
        g: &GenContext,
        target: u128,
        pins: &Pins,
        sink: &mut S,
    ) {
        let pieces = &self.pieces[g.us.index()];
        for kind_index in Kind::Knight as usize..Kind::King as usize {
            let mut set = pieces[kind_index];
            if set == 0 {
                continue;
            }
            let kind = Kind::from_index(kind_index as u8);
            while set != 0 {
                let from = set.trailing_zeros();
                set &= set - 1;
                let t = Self::piece_attacks(kind, g.us, from, g.occ) & target & pins.line(from);
                sink.push_set(from, t, MoveFlag::Normal);
            }
        }
    }

    /// Pawn moves: per pawn, its promotions, its one-square moves, leaps and captures, then its
    /// longer advances.
    #[inline(always)]
    fn generate_pawn_moves<S: MoveSink>(
        &self,
        g: &GenContext,
        target: u128,
        pins: &Pins,
        sink: &mut S,
    ) {
        let us = g.us;
        let occ = g.occ;
        let promo_rank = RANKS[if us == Color::White { 9 } else { 0 }];
        let promotions = self.variant.rules().promotions;
        let c = us.index();
        let mut set = self.pieces[c][Kind::Pawn as usize];
        while set != 0 {
            let from = set.trailing_zeros();
            set &= set - 1;
            let f = from as usize;
            let ray = PAWN_PUSH[c][f];
            let blocked = ray & occ;
            let pushes = if blocked == 0 {
                ray
            } else if us == Color::White {
                ray & ((1u128 << blocked.trailing_zeros()) - 1)
            } else {
                ray & !((2u128 << (127 - blocked.leading_zeros())) - 1)
            };
            let single = if us == Color::White {
                1u128 << (from + 10)
            } else {
                (1u128 << from) >> 10
            };
            let mask = target & pins.line(from);
            let quiet = (pushes | (PAWN_LEAP[c][f] & !occ)) & mask;
            let captures = PAWN_CAPTURE[c][f] & g.enemy & mask;
            let normal = (quiet & !pushes) | (pushes & single & quiet) | captures;
            let advances = quiet & pushes & !single;
            if (normal | advances) & promo_rank != 0 {
                let mut pr = normal & promo_rank;
                while pr != 0 {
                    let to = pr.trailing_zeros();
                    pr &= pr - 1;
                    for &t in promotions {
                        sink.push(Move::promotion(from, to, t));
                    }
                }
            }
            sink.push_set(from, normal & !promo_rank, MoveFlag::Normal);
            sink.push_set(from, advances, MoveFlag::PawnAdvance);
        }
    }

    /// En passant: verified by lifting the three squares.
    #[inline(always)]
    fn generate_en_passant<S: MoveSink>(&self, g: &GenContext, sink: &mut S) {
        if self.ep == 0 || self.ep_victim == NO_SQUARE {
            return;
        }
        let c = g.us.index();
        let pawns = self.pieces[c][Kind::Pawn as usize];
        let victim = self.ep_victim as u32;
        let mut eps = self.ep;
        while eps != 0 {
            let to = eps.trailing_zeros();
            eps &= eps - 1;
            let mut froms = PAWN_ATTACKERS[c][to as usize] & pawns;
            while froms != 0 {
                let from = froms.trailing_zeros();
                froms &= froms - 1;
                let occ2 = g.occ ^ (1u128 << from) ^ (1u128 << to) ^ (1u128 << victim);
                if self.attackers_with(g.ksq, &g.their, occ2) & !(1u128 << victim) == 0 {
                    sink.push(Move::new(from, to, MoveFlag::EnPassant));
                }
            }
        }
    }

    /// The legal moves in a stack list.
    pub fn legal_move_list(&self) -> MoveList {
        let mut list = MoveList::new();
        self.generate(&mut list);
        list
    }

    /// Number of legal moves (bulk count, nothing stored).
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let mut c = MoveCounter(0);
        self.generate(&mut c);
        c.0
    }
}
