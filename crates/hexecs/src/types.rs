//! Sides, piece kinds, pieces and moves.

use core::fmt;

/// A side. White moves first (up the board, towards row 9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    /// Moves first, starts on rows 1–2.
    White = 0,
    /// Starts on rows 8–9.
    Black = 1,
}

impl Colour {
    /// The other side.
    #[inline]
    pub fn other(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// Both sides.
    pub const ALL: [Colour; 2] = [Colour::White, Colour::Black];
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Roi: one cell in any of the 12 directions.
    King = 0,
    /// Reine: rook + jedi.
    Queen = 1,
    /// Tour: slides along the 6 edge directions.
    Rook = 2,
    /// Chevalier: 12 leaps at hex distance 3.
    Knight = 3,
    /// Fou: slides along the 6 vertex directions.
    Jedi = 4,
    /// Pion.
    Droid = 5,
    /// Licorne: 24 leaps (knight + distance 2).
    Unicorn = 6,
    /// Princesse: moves exactly the die's number of cells along one of 12 lines.
    Princess = 7,
}

impl Kind {
    /// All kinds, in index order.
    pub const ALL: [Kind; 8] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Knight,
        Kind::Jedi,
        Kind::Droid,
        Kind::Unicorn,
        Kind::Princess,
    ];
    /// Index 0..8.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The kind of index `i` (`i < 8`).
    #[inline]
    pub fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }
    /// Upper-case letter of the position format.
    pub fn letter(self) -> char {
        b"KQRNJDUP"[self as usize] as char
    }
    /// The kind of a letter (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        let u = c.to_ascii_uppercase();
        Kind::ALL.into_iter().find(|k| k.letter() == u)
    }
}

/// A piece: a side and a kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub colour: Colour,
    /// Its kind.
    pub kind: Kind,
}

impl Piece {
    /// Letter of the position format: upper case White, lower case Black.
    pub fn letter(self) -> char {
        let c = self.kind.letter();
        match self.colour {
            Colour::White => c,
            Colour::Black => c.to_ascii_lowercase(),
        }
    }
    /// The piece of a letter.
    pub fn from_letter(c: char) -> Option<Piece> {
        let kind = Kind::from_letter(c)?;
        let colour = if c.is_ascii_uppercase() {
            Colour::White
        } else {
            Colour::Black
        };
        Some(Piece { colour, kind })
    }
    /// Mailbox code: `colour * 8 + kind`.
    #[inline]
    pub(crate) fn code(self) -> u8 {
        (self.colour as u8) << 3 | self.kind as u8
    }
    #[inline]
    pub(crate) fn from_code(code: u8) -> Piece {
        let colour = if code & 8 == 0 {
            Colour::White
        } else {
            Colour::Black
        };
        Piece {
            colour,
            kind: Kind::from_index((code & 7) as usize),
        }
    }
}

/// What a [`Move`] does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece moves from `from` to `to`, capturing what stands there; `extra` may name a
    /// droid's liberation (Q R J N) or a jedi's (U P).
    Normal,
    /// Castling: `from`/`to` are the king's cells.
    Castle,
    /// "Roll for the princess": leads to a chance node.
    Roll,
    /// The chance outcome: the die shows `extra` (1..6).
    Die,
    /// The princess moves `extra & 7` cells from `from` to `to` along direction `extra >> 3`;
    /// `from == to` means she stays (die 4..6 only).
    Princess,
    /// No princess move of the rolled length exists: the turn passes (`extra` = die).
    Pass,
}

/// A move or a chance outcome (5 bytes, `Copy`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) kind: MoveKind,
    pub(crate) extra: u8,
}

impl Move {
    pub(crate) const NO_EXTRA: u8 = 0;

    #[inline]
    pub(crate) fn normal(from: u8, to: u8) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            extra: Move::NO_EXTRA,
        }
    }
    #[inline]
    pub(crate) fn with_piece(from: u8, to: u8, k: Kind) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Normal,
            extra: k as u8 + 1,
        }
    }
    /// The roll move.
    pub const ROLL: Move = Move {
        from: 0,
        to: 0,
        kind: MoveKind::Roll,
        extra: 0,
    };
    /// The chance outcome "the die shows `n`" (1..6).
    pub fn die(n: u8) -> Move {
        Move {
            from: 0,
            to: 0,
            kind: MoveKind::Die,
            extra: n,
        }
    }
    /// What the move does.
    pub fn kind(self) -> MoveKind {
        self.kind
    }
    /// Origin cell (meaningless for roll, die and pass).
    pub fn from(self) -> u8 {
        self.from
    }
    /// Destination cell (meaningless for roll, die and pass).
    pub fn to(self) -> u8 {
        self.to
    }
    /// The liberated kind of a normal move (droid: Q R J N; jedi: U P), if any.
    pub fn liberation(self) -> Option<Kind> {
        match self.kind {
            MoveKind::Normal if self.extra != 0 => Some(Kind::from_index(self.extra as usize - 1)),
            _ => None,
        }
    }
    /// The die value of a die, princess or pass move.
    pub fn die_value(self) -> Option<u8> {
        match self.kind {
            MoveKind::Die | MoveKind::Pass => Some(self.extra),
            MoveKind::Princess => Some(self.extra & 7),
            _ => None,
        }
    }
    #[inline]
    pub(crate) fn princess_dir(self) -> usize {
        (self.extra >> 3) as usize
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::notation::raw_move_text(*self))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::notation::raw_move_text(*self))
    }
}
