//! Copy-make: playing a move on a [`Board`] (captures and prisons, jedi liberations, castling,
//! the princess's die moves, the clocks and the hash).

use crate::board::*;
use crate::types::{Colour, Kind, Move, MoveKind, Piece};
use bitboard::hexecs::{LAST_ROW, NO_CELL, STEP};

impl Board {
    /// Play `mv` on this board (unchecked: `mv` must be legal here).
    pub fn make(&mut self, mv: Move) {
        match mv.kind {
            MoveKind::Normal => {
                let reset = self.make_normal(mv);
                self.end_turn(reset);
            }
            MoveKind::Castle => {
                let spec = CASTLES
                    .iter()
                    .find(|s| s.king_from == mv.from && s.king_to == mv.to)
                    .copied()
                    .expect("castle move without a castling geometry");
                let king = self.remove(spec.king_from);
                let rook = self.remove(spec.rook_from);
                self.put(spec.king_to, king);
                self.put(spec.rook_to, rook);
                self.end_turn(false);
            }
            MoveKind::Roll => self.set_phase(Phase::Rolled),
            MoveKind::Die => self.set_phase(Phase::Die(mv.extra)),
            MoveKind::Princess => {
                let reset = if mv.from != mv.to {
                    self.make_princess(mv)
                } else {
                    false
                };
                self.set_phase(Phase::Normal);
                self.end_turn(reset);
            }
            MoveKind::Pass => {
                self.set_phase(Phase::Normal);
                self.end_turn(false);
            }
        }
    }

    fn end_turn(&mut self, reset_clock: bool) {
        self.halfmove = if reset_clock {
            0
        } else {
            self.halfmove.saturating_add(1)
        };
        if self.side == Colour::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        let rights = self.rights_supported(self.castling);
        if rights != self.castling {
            self.set_castling(rights);
        }
        self.set_side(self.side.other());
    }

    /// Capture whatever enemy piece stands on `to` for the piece `mover` arriving there.
    /// Returns true if the capturer itself was captured by a released piece (the enemy jedi on
    /// `to` carried a liberation), in which case the released piece now stands on `to`.
    #[inline]
    fn capture_on(&mut self, to: u8, mover: Piece) -> bool {
        let cap = self.remove(to);
        self.prison_add(cap.colour, cap.kind, 1);
        if cap.kind == Kind::Jedi {
            if let Some(slot) = self.pending_slot_at(cap.colour, to) {
                let freed = RELEASABLE[slot];
                self.set_pending(cap.colour, slot, NO_CELL);
                self.prison_add(cap.colour, freed, -1);
                self.put(
                    to,
                    Piece {
                        colour: cap.colour,
                        kind: freed,
                    },
                );
                self.prison_add(mover.colour, mover.kind, 1);
                return true;
            }
        }
        false
    }

    /// A jedi of side `c` left `from`: if it carried a liberation, the freed piece appears.
    #[inline]
    fn jedi_departure(&mut self, c: Colour, from: u8) {
        if let Some(slot) = self.pending_slot_at(c, from) {
            let freed = RELEASABLE[slot];
            self.set_pending(c, slot, NO_CELL);
            self.prison_add(c, freed, -1);
            self.put(
                from,
                Piece {
                    colour: c,
                    kind: freed,
                },
            );
        }
    }

    /// Returns true if the move resets the no-progress clock.
    fn make_normal(&mut self, mv: Move) -> bool {
        let (from, to) = (mv.from, mv.to);
        let pc = self.remove(from);
        let us = pc.colour;
        let mut reset = pc.kind == Kind::Droid;
        if self.mailbox[to as usize] != EMPTY {
            reset = true;
            if self.capture_on(to, pc) {
                if pc.kind == Kind::Jedi {
                    self.jedi_departure(us, from);
                }
                return true;
            }
        }
        let mut placed = pc.kind;
        if let Some(k) = mv.liberation() {
            if LAST_ROW[us.index()] & bit(to) != 0 {
                if pc.kind == Kind::Droid {
                    self.prison_add(us, k, -1);
                    placed = k;
                } else if pc.kind == Kind::Jedi {
                    let slot = if k == Kind::Unicorn { 0 } else { 1 };
                    self.set_pending(us, slot, to);
                }
            }
        }
        self.put(
            to,
            Piece {
                colour: us,
                kind: placed,
            },
        );
        if pc.kind == Kind::Jedi {
            self.jedi_departure(us, from);
        }
        reset
    }

    /// Princess move of length ≥ 1 with `from != to`. Returns true if it captured or converted.
    fn make_princess(&mut self, mv: Move) -> bool {
        let n = mv.extra & 7;
        let d = mv.princess_dir();
        let princess = self.remove(mv.from);
        let us = princess.colour;
        let them = us.other();
        let mut reset = false;
        if n >= 4 {
            let mut x = mv.from;
            for _ in 1..n {
                x = STEP[x as usize][d];
                let code = self.mailbox[x as usize];
                if code != EMPTY {
                    let p = Piece::from_code(code);
                    debug_assert_eq!(p.colour, them);
                    if p.kind != Kind::Droid {
                        self.remove(x);
                        if p.kind == Kind::Jedi {
                            if let Some(slot) = self.pending_slot_at(them, x) {
                                // [decision] a converted jedi loses its liberation.
                                self.set_pending(them, slot, NO_CELL);
                            }
                        }
                        self.put(
                            x,
                            Piece {
                                colour: them,
                                kind: Kind::Droid,
                            },
                        );
                        reset = true;
                    }
                }
            }
        }
        if self.mailbox[mv.to as usize] != EMPTY {
            reset = true;
            if self.capture_on(mv.to, princess) {
                return true;
            }
        }
        self.put(mv.to, princess);
        reset
    }
}
