//! Legal move generation for [`Board`]: normal moves (pins, checks, the fortress rule,
//! liberations on the last row, castling, the roll) and the princess's moves after the die.
//! Moves go to a caller's callback; nothing is allocated.

use crate::board::{
    bit, edge_attacks, first_along, vertex_attacks, Board, Phase, CASTLES, PROMOTABLE, RELEASABLE,
};
use crate::types::{Kind, Move, MoveKind};
use bitboard::hexecs::{
    DROID_CAPTURE, DROID_STEP, FORTRESS, KING, KNIGHT, LAST_ROW, NO_CELL, RAYS, STEP, UNICORN,
};

impl Board {
    // ----- move generation ---------------------------------------------------------------------

    /// Call `f` with every legal move (none at a chance node); stops early and returns false
    /// as soon as `f` returns false.
    #[inline]
    pub fn generate<F: FnMut(Move) -> bool>(&self, f: &mut F) -> bool {
        match self.phase {
            Phase::Normal => self.generate_normal(f),
            Phase::Rolled => true,
            Phase::Die(n) => self.generate_princess(n, f),
        }
    }

    /// The legal moves, collected.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(&mut |m| {
            out.push(m);
            true
        });
    }

    /// Number of legal moves.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut n = 0u64;
        self.generate(&mut |_| {
            n += 1;
            true
        });
        n
    }

    /// True if the side to move has a legal move (or is at a chance node).
    pub fn has_legal_move(&self) -> bool {
        if self.phase == Phase::Rolled {
            return true;
        }
        !self.generate(&mut |_| false)
    }

    /// Copy-make `mv` and test that the mover's king is neither gone nor attacked.
    #[inline]
    pub(crate) fn leaves_king_safe(&self, mv: Move) -> bool {
        let us = self.side;
        let mut b = *self;
        b.make(mv);
        match b.king_cell(us) {
            Some(k) => !b.attacked_by(k, us.other(), b.occupied(), 0),
            None => false,
        }
    }

    fn generate_princess<F: FnMut(Move) -> bool>(&self, n: u8, f: &mut F) -> bool {
        let us = self.side;
        let them = us.other();
        let own = self.colours[us.index()];
        let enemy = self.colours[them.index()];
        let kings = self.pieces[Kind::King.index()];
        let princesses = self.pieces[Kind::Princess.index()] & own;
        let mut any = false;
        if let Some(p) = (princesses != 0).then(|| princesses.trailing_zeros() as u8) {
            let in_own_fortress = FORTRESS[us.index()] & bit(p) != 0;
            for d in 0..12 {
                let mut x = p;
                let mut ok = true;
                for k in 1..=n {
                    x = STEP[x as usize][d];
                    if x == NO_CELL {
                        ok = false;
                        break;
                    }
                    if k < n && n >= 4 && (own | kings) & bit(x) != 0 {
                        ok = false;
                        break;
                    }
                }
                if !ok || (own | kings) & bit(x) != 0 {
                    continue;
                }
                if enemy & bit(x) != 0 && in_own_fortress && FORTRESS[them.index()] & bit(x) != 0 {
                    continue;
                }
                let mv = Move {
                    from: p,
                    to: x,
                    kind: MoveKind::Princess,
                    extra: n | (d as u8) << 3,
                };
                if self.leaves_king_safe(mv) {
                    any = true;
                    if !f(mv) {
                        return false;
                    }
                }
            }
            if n >= 4 {
                any = true;
                let stay = Move {
                    from: p,
                    to: p,
                    kind: MoveKind::Princess,
                    extra: n,
                };
                if !f(stay) {
                    return false;
                }
            }
        }
        if !any {
            return f(Move {
                from: 0,
                to: 0,
                kind: MoveKind::Pass,
                extra: n,
            });
        }
        true
    }

    fn generate_normal<F: FnMut(Move) -> bool>(&self, f: &mut F) -> bool {
        let us = self.side;
        let them = us.other();
        let own = self.colours[us.index()];
        let enemy = self.colours[them.index()];
        let occ = own | enemy;
        let Some(ksq) = self.king_cell(us) else {
            return true;
        };
        let in_check = self.attacked_by(ksq, them, occ, 0);
        let capturable = enemy & !self.pieces[Kind::King.index()];
        let enemy_pending = pending_cells(self.pending[them.index()]);
        // Captures that need a full test: any capture while the enemy princess is on the board
        // (the captured piece may have blocked her), and captures of a jedi carrying a release.
        let risky_captures = if self.pieces[Kind::Princess.index()] & enemy != 0 {
            capturable
        } else {
            enemy_pending
        };
        let pins = if in_check {
            Pins::default()
        } else {
            self.pins(ksq, own, enemy, occ)
        };
        let ctx = GenContext {
            own,
            enemy,
            occ,
            ksq,
            in_check,
            capturable,
            enemy_pending,
            risky_captures,
        };
        self.generate_pieces(&ctx, &pins, f)
            && self.generate_king(&ctx, f)
            && (in_check || self.generate_castles_and_roll(&ctx, f))
    }

    /// Own pieces pinned to the king by enemy sliders (respecting the fortress rule), each with
    /// the segment it may move along.
    #[inline]
    fn pins(&self, ksq: u8, own: u128, enemy: u128, occ: u128) -> Pins {
        let ui = self.side.index();
        let mut pins = Pins::default();
        let mut sliders_valid = enemy;
        if FORTRESS[ui] & bit(ksq) != 0 {
            sliders_valid &= !FORTRESS[self.side.other().index()];
        }
        let q = self.pieces[Kind::Queen.index()];
        let edge_sliders = (self.pieces[Kind::Rook.index()] | q) & sliders_valid;
        let vertex_sliders = (self.pieces[Kind::Jedi.index()] | q) & sliders_valid;
        for d in 0..12 {
            let sliders = if d < 6 { edge_sliders } else { vertex_sliders };
            let ray = RAYS[ksq as usize][d];
            if ray & sliders == 0 {
                continue;
            }
            let b = ray & occ;
            if b == 0 {
                continue;
            }
            let b1 = first_along(b, d);
            if own & bit(b1) == 0 {
                continue;
            }
            let beyond = RAYS[b1 as usize][d] & occ;
            if beyond == 0 {
                continue;
            }
            let b2 = first_along(beyond, d);
            if sliders & bit(b2) != 0 {
                pins.pinned |= bit(b1);
                pins.cells[pins.count] = b1;
                pins.segments[pins.count] = ray & !RAYS[b2 as usize][d];
                pins.count += 1;
            }
        }
        pins
    }

    /// The moves of every own piece but the king.
    #[inline]
    fn generate_pieces<F: FnMut(Move) -> bool>(
        &self,
        ctx: &GenContext,
        pins: &Pins,
        f: &mut F,
    ) -> bool {
        let ui = self.side.index();
        let own_fortress = FORTRESS[ui];
        let enemy_fortress = FORTRESS[self.side.other().index()];
        let own_pending = pending_cells(self.pending[ui]);
        for kind in [
            Kind::Droid,
            Kind::Knight,
            Kind::Jedi,
            Kind::Rook,
            Kind::Queen,
            Kind::Unicorn,
        ] {
            let mut set = self.pieces[kind.index()] & ctx.own;
            while set != 0 {
                let from = set.trailing_zeros() as u8;
                set &= set - 1;
                let cap_mask = if own_fortress & bit(from) != 0 {
                    ctx.capturable & !enemy_fortress
                } else {
                    ctx.capturable
                };
                let mut targets = self.piece_targets(kind, from, ctx.occ, cap_mask);
                let mut full_test_all = ctx.in_check;
                if pins.pinned & bit(from) != 0 {
                    let idx = pins.cells[..pins.count]
                        .iter()
                        .position(|&c| c == from)
                        .unwrap_or(0);
                    targets &= pins.segments[idx];
                }
                if kind == Kind::Jedi && own_pending & bit(from) != 0 {
                    // The freed piece fills the cell the jedi leaves: pins do not apply as
                    // computed, so undo the restriction and test by making.
                    targets = vertex_attacks(from, ctx.occ) & (!ctx.occ | cap_mask);
                    full_test_all = true;
                }
                while targets != 0 {
                    let to = targets.trailing_zeros() as u8;
                    targets &= targets - 1;
                    let base = Move::normal(from, to);
                    if (full_test_all || ctx.risky_captures & bit(to) != 0)
                        && !self.leaves_king_safe(base)
                    {
                        continue;
                    }
                    if !self.emit_with_liberations(kind, base, f) {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// The cells a piece of `kind` on `from` may go to before the pin and check tests
    /// (`cap_mask`: the enemy pieces it may capture).
    #[inline]
    fn piece_targets(&self, kind: Kind, from: u8, occ: u128, cap_mask: u128) -> u128 {
        let ui = self.side.index();
        let fs = from as usize;
        match kind {
            Kind::Droid => {
                let single = DROID_STEP[ui][fs] & !occ;
                let mut t = single | (DROID_CAPTURE[ui][fs] & cap_mask);
                if FORTRESS[ui] & bit(from) != 0 {
                    let mut s = single;
                    while s != 0 {
                        let m = s.trailing_zeros() as usize;
                        s &= s - 1;
                        t |= DROID_STEP[ui][m] & !occ;
                    }
                }
                t
            }
            Kind::Knight => KNIGHT[fs] & (!occ | cap_mask),
            Kind::Unicorn => UNICORN[fs] & (!occ | cap_mask),
            Kind::Jedi => vertex_attacks(from, occ) & (!occ | cap_mask),
            Kind::Rook => edge_attacks(from, occ) & (!occ | cap_mask),
            _ => (edge_attacks(from, occ) | vertex_attacks(from, occ)) & (!occ | cap_mask),
        }
    }

    /// Emit the legal move `base` of a `kind`: on the last row a droid frees one of the
    /// imprisoned promotable pieces and a jedi a releasable one (one move per choice, the
    /// plain move when there is none).
    #[inline]
    fn emit_with_liberations<F: FnMut(Move) -> bool>(
        &self,
        kind: Kind,
        base: Move,
        f: &mut F,
    ) -> bool {
        let ui = self.side.index();
        if LAST_ROW[ui] & bit(base.to) == 0 || !matches!(kind, Kind::Droid | Kind::Jedi) {
            return f(base);
        }
        let prison = self.prison[ui];
        let mut any = false;
        if kind == Kind::Droid {
            for k in PROMOTABLE {
                if prison[k.index()] > 0 {
                    any = true;
                    if !f(Move::with_piece(base.from, base.to, k)) {
                        return false;
                    }
                }
            }
        } else {
            let pending = self.pending[ui];
            for (slot, k) in RELEASABLE.into_iter().enumerate() {
                if prison[k.index()] > 0 && pending[slot] == NO_CELL {
                    any = true;
                    if !f(Move::with_piece(base.from, base.to, k)) {
                        return false;
                    }
                }
            }
        }
        any || f(base)
    }

    /// The king's moves (never onto a cell where an enemy jedi's release would appear).
    #[inline]
    fn generate_king<F: FnMut(Move) -> bool>(&self, ctx: &GenContext, f: &mut F) -> bool {
        let them = self.side.other();
        let ksq = ctx.ksq;
        let cap_mask = if FORTRESS[self.side.index()] & bit(ksq) != 0 {
            ctx.capturable & !FORTRESS[them.index()]
        } else {
            ctx.capturable
        };
        let mut targets = KING[ksq as usize] & (!ctx.occ | cap_mask) & !ctx.enemy_pending;
        let occ_wo_king = ctx.occ ^ bit(ksq);
        while targets != 0 {
            let to = targets.trailing_zeros() as u8;
            targets &= targets - 1;
            let removed = ctx.enemy & bit(to);
            if !self.attacked_by(to, them, occ_wo_king, removed) && !f(Move::normal(ksq, to)) {
                return false;
            }
        }
        true
    }

    /// Castlings and the roll for the princess (the caller checked that the king is not in
    /// check).
    #[inline]
    fn generate_castles_and_roll<F: FnMut(Move) -> bool>(
        &self,
        ctx: &GenContext,
        f: &mut F,
    ) -> bool {
        let us = self.side;
        for spec in CASTLES {
            if spec.colour != us || self.castling & spec.right == 0 || ctx.occ & spec.empty != 0 {
                continue;
            }
            if self.attacked_by(spec.cross, us.other(), ctx.occ, 0) {
                continue;
            }
            let mv = Move {
                from: spec.king_from,
                to: spec.king_to,
                kind: MoveKind::Castle,
                extra: 0,
            };
            if self.leaves_king_safe(mv) && !f(mv) {
                return false;
            }
        }
        if self.pieces[Kind::Princess.index()] & ctx.own != 0 {
            return f(Move::ROLL);
        }
        true
    }
}

/// The position's facts every generation step needs.
struct GenContext {
    own: u128,
    enemy: u128,
    occ: u128,
    ksq: u8,
    in_check: bool,
    capturable: u128,
    enemy_pending: u128,
    risky_captures: u128,
}

/// Pinned own pieces: the set, and each pinned piece's cell with the segment (king to pinner)
/// it may stay on.
#[derive(Default)]
struct Pins {
    pinned: u128,
    cells: [u8; 12],
    segments: [u128; 12],
    count: usize,
}

/// The cells of a side's pending liberations.
#[inline]
fn pending_cells(p: [u8; 2]) -> u128 {
    (if p[0] != NO_CELL { bit(p[0]) } else { 0 }) | (if p[1] != NO_CELL { bit(p[1]) } else { 0 })
}
