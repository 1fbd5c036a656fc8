//! Colours, piece types, the stored piece kinds (type + queen mode) and moves.

use bitboard::dola::{file_of, rank_of};

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, moves first, camp ranks 1–5.
    White = 0,
    /// Black, camp ranks 6–10.
    Black = 1,
}

impl Color {
    /// The other side.
    #[inline(always)]
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The game-trait player (White moves first).
    pub fn player(self) -> game::Player {
        match self {
            Color::White => game::Player::First,
            Color::Black => game::Player::Second,
        }
    }
}

/// A piece type as the rules name it (the queen mode is not part of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PieceType {
    /// P, pion.
    Pawn,
    /// CT, cavalier-tour: (1,2) leaper.
    Knight,
    /// CF, cavalier-fou: (1,3) leaper.
    Camel,
    /// CA, cavalier arabe: knight + camel.
    Arab,
    /// F, fou.
    Bishop,
    /// T, tour.
    Rook,
    /// D, dame.
    Queen,
    /// SF, super-fou: bishop + camel everywhere.
    SuperBishop,
    /// ST, super-tour: rook + knight everywhere.
    SuperRook,
    /// SD, super-dame: queen + knight or camel (mode) everywhere.
    SuperQueen,
    /// R, roi.
    King,
}

impl PieceType {
    /// Every type, in a fixed order.
    pub const ALL: [PieceType; 11] = [
        PieceType::Pawn,
        PieceType::Knight,
        PieceType::Camel,
        PieceType::Arab,
        PieceType::Bishop,
        PieceType::Rook,
        PieceType::Queen,
        PieceType::SuperBishop,
        PieceType::SuperRook,
        PieceType::SuperQueen,
        PieceType::King,
    ];

    /// The FEN / coordinate-notation letters (upper case; `+` marks super pieces).
    pub fn fen(self) -> &'static str {
        match self {
            PieceType::Pawn => "P",
            PieceType::Knight => "N",
            PieceType::Camel => "C",
            PieceType::Arab => "A",
            PieceType::Bishop => "B",
            PieceType::Rook => "R",
            PieceType::Queen => "Q",
            PieceType::SuperBishop => "+B",
            PieceType::SuperRook => "+R",
            PieceType::SuperQueen => "+Q",
            PieceType::King => "K",
        }
    }

    /// The French letters of the source's records.
    pub fn french(self) -> &'static str {
        match self {
            PieceType::Pawn => "P",
            PieceType::Knight => "CT",
            PieceType::Camel => "CF",
            PieceType::Arab => "CA",
            PieceType::Bishop => "F",
            PieceType::Rook => "T",
            PieceType::Queen => "D",
            PieceType::SuperBishop => "SF",
            PieceType::SuperRook => "ST",
            PieceType::SuperQueen => "SD",
            PieceType::King => "R",
        }
    }

    /// The type of a FEN letter (case-insensitive) with or without the super `+`.
    pub fn from_fen(letter: char, sup: bool) -> Option<PieceType> {
        let t = match (letter.to_ascii_uppercase(), sup) {
            ('P', false) => PieceType::Pawn,
            ('N', false) => PieceType::Knight,
            ('C', false) => PieceType::Camel,
            ('A', false) => PieceType::Arab,
            ('B', false) => PieceType::Bishop,
            ('R', false) => PieceType::Rook,
            ('Q', false) => PieceType::Queen,
            ('K', false) => PieceType::King,
            ('B', true) => PieceType::SuperBishop,
            ('R', true) => PieceType::SuperRook,
            ('Q', true) => PieceType::SuperQueen,
            _ => return None,
        };
        Some(t)
    }

    /// The type of French record letters (`CT`, `SD`, …). A lone `C` is not a type.
    pub fn from_french(s: &str) -> Option<PieceType> {
        PieceType::ALL.into_iter().find(|t| t.french() == s)
    }

    /// The stored kind of a freshly placed piece of this type (no queen mode; SD both leapers).
    pub fn base_kind(self) -> Kind {
        match self {
            PieceType::Pawn => Kind::Pawn,
            PieceType::Knight => Kind::Knight,
            PieceType::Camel => Kind::Camel,
            PieceType::Arab => Kind::Arab,
            PieceType::Bishop => Kind::Bishop,
            PieceType::Rook => Kind::Rook,
            PieceType::Queen => Kind::Queen,
            PieceType::SuperBishop => Kind::SuperBishop,
            PieceType::SuperRook => Kind::SuperRook,
            PieceType::SuperQueen => Kind::SuperQueen,
            PieceType::King => Kind::King,
        }
    }
}

/// The extra leaper of a queen (D beyond the frontier, SD everywhere).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QueenMode {
    /// No leaper (a D in her own camp).
    None,
    /// CT mode: knight leaps (after a rook-like move or a knight leap).
    Knight,
    /// CF mode: camel leaps (after a bishop-like move or a camel leap).
    Camel,
    /// Both leapers: an SD that has not moved yet (convention 3).
    Both,
}

/// What is stored on a square: the piece type together with the queen mode. 15 kinds, 1..=15,
/// so that a colour and a kind fit a nibble each of one byte.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Pawn.
    Pawn = 1,
    /// CT.
    Knight = 2,
    /// CF.
    Camel = 3,
    /// CA.
    Arab = 4,
    /// F.
    Bishop = 5,
    /// T.
    Rook = 6,
    /// D without a leaper (in her own camp).
    Queen = 7,
    /// D beyond the frontier in CT mode.
    QueenN = 8,
    /// D beyond the frontier in CF mode.
    QueenC = 9,
    /// SF.
    SuperBishop = 10,
    /// ST.
    SuperRook = 11,
    /// SD with both leapers (before her first move).
    SuperQueen = 12,
    /// SD in CT mode.
    SuperQueenN = 13,
    /// SD in CF mode.
    SuperQueenC = 14,
    /// King.
    King = 15,
}

impl Kind {
    /// All kinds by index 1..=15 (index 0 unused).
    pub const ALL: [Kind; 15] = [
        Kind::Pawn,
        Kind::Knight,
        Kind::Camel,
        Kind::Arab,
        Kind::Bishop,
        Kind::Rook,
        Kind::Queen,
        Kind::QueenN,
        Kind::QueenC,
        Kind::SuperBishop,
        Kind::SuperRook,
        Kind::SuperQueen,
        Kind::SuperQueenN,
        Kind::SuperQueenC,
        Kind::King,
    ];

    /// The kind with number `i` (1..=15).
    #[inline(always)]
    pub fn from_index(i: u8) -> Kind {
        Kind::ALL[(i - 1) as usize]
    }

    /// The piece type.
    pub fn piece_type(self) -> PieceType {
        match self {
            Kind::Pawn => PieceType::Pawn,
            Kind::Knight => PieceType::Knight,
            Kind::Camel => PieceType::Camel,
            Kind::Arab => PieceType::Arab,
            Kind::Bishop => PieceType::Bishop,
            Kind::Rook => PieceType::Rook,
            Kind::Queen | Kind::QueenN | Kind::QueenC => PieceType::Queen,
            Kind::SuperBishop => PieceType::SuperBishop,
            Kind::SuperRook => PieceType::SuperRook,
            Kind::SuperQueen | Kind::SuperQueenN | Kind::SuperQueenC => PieceType::SuperQueen,
            Kind::King => PieceType::King,
        }
    }

    /// The queen mode (`None` for every non-queen).
    pub fn mode(self) -> QueenMode {
        match self {
            Kind::QueenN | Kind::SuperQueenN => QueenMode::Knight,
            Kind::QueenC | Kind::SuperQueenC => QueenMode::Camel,
            Kind::SuperQueen => QueenMode::Both,
            _ => QueenMode::None,
        }
    }

    /// The queen kind of `t` (D or SD) in `mode`.
    pub fn queen(t: PieceType, mode: QueenMode) -> Kind {
        match (t, mode) {
            (PieceType::Queen, QueenMode::Knight) => Kind::QueenN,
            (PieceType::Queen, QueenMode::Camel) => Kind::QueenC,
            (PieceType::Queen, _) => Kind::Queen,
            (_, QueenMode::Knight) => Kind::SuperQueenN,
            (_, QueenMode::Camel) => Kind::SuperQueenC,
            _ => Kind::SuperQueen,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind (type and queen mode).
    pub kind: Kind,
}

impl Piece {
    /// The byte stored on the board: kind in the low nibble, colour in bit 4.
    #[inline(always)]
    pub fn code(self) -> u8 {
        self.kind as u8 | (self.color as u8) << 4
    }
    /// The piece of a non-zero board byte.
    #[inline(always)]
    pub fn from_code(code: u8) -> Piece {
        debug_assert!(code & 15 != 0);
        Piece {
            color: if code & 16 == 0 {
                Color::White
            } else {
                Color::Black
            },
            kind: Kind::from_index(code & 15),
        }
    }
}

/// How a move's geometry classifies it, which sets a queen's mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveShape {
    /// Along a rank or file.
    Straight,
    /// Along a diagonal.
    Diagonal,
    /// A (1,2) leap.
    KnightLeap,
    /// A (1,3) leap.
    CamelLeap,
    /// Anything else (never a legal queen or pawn move).
    Other,
}

impl MoveShape {
    /// The shape of the step from `from` to `to`.
    pub fn of(from: u32, to: u32) -> MoveShape {
        let df = (file_of(from) as i32 - file_of(to) as i32).abs();
        let dr = (rank_of(from) as i32 - rank_of(to) as i32).abs();
        let (lo, hi) = (df.min(dr), df.max(dr));
        if lo == 0 && hi > 0 {
            MoveShape::Straight
        } else if lo == hi && lo > 0 {
            MoveShape::Diagonal
        } else if (lo, hi) == (1, 2) {
            MoveShape::KnightLeap
        } else if (lo, hi) == (1, 3) {
            MoveShape::CamelLeap
        } else {
            MoveShape::Other
        }
    }

    /// The queen mode this move gives (rook-like or knight → CT, bishop-like or camel → CF).
    pub fn mode(self) -> QueenMode {
        match self {
            MoveShape::Straight | MoveShape::KnightLeap => QueenMode::Knight,
            MoveShape::Diagonal | MoveShape::CamelLeap => QueenMode::Camel,
            MoveShape::Other => QueenMode::None,
        }
    }
}

/// What kind of move beyond from/to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum MoveFlag {
    /// Any ordinary move or capture.
    Normal = 0,
    /// A pawn's straight advance of two or more squares (allows en passant).
    PawnAdvance = 1,
    /// An en-passant capture.
    EnPassant = 2,
    /// Castling towards the j-file rook (king f→i).
    CastleKing = 3,
    /// Castling towards the a-file rook (king f→c).
    CastleQueen = 4,
    /// A promotion (the type is in the move).
    Promotion = 5,
}

/// A move: from (7 bits), to (7 bits), flag (3 bits), promotion type (4 bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(u32);

impl Move {
    /// A move without promotion.
    #[inline(always)]
    pub fn new(from: u32, to: u32, flag: MoveFlag) -> Move {
        Move(from | to << 7 | (flag as u32) << 14)
    }
    /// A promotion to `t`.
    #[inline(always)]
    pub fn promotion(from: u32, to: u32, t: PieceType) -> Move {
        Move(from | to << 7 | (MoveFlag::Promotion as u32) << 14 | (t as u32) << 17)
    }
    /// Origin square.
    #[inline(always)]
    pub fn from(self) -> u32 {
        self.0 & 127
    }
    /// Destination square (the king's for castling).
    #[inline(always)]
    pub fn to(self) -> u32 {
        self.0 >> 7 & 127
    }
    /// The flag.
    #[inline(always)]
    pub fn flag(self) -> MoveFlag {
        match self.0 >> 14 & 7 {
            0 => MoveFlag::Normal,
            1 => MoveFlag::PawnAdvance,
            2 => MoveFlag::EnPassant,
            3 => MoveFlag::CastleKing,
            4 => MoveFlag::CastleQueen,
            _ => MoveFlag::Promotion,
        }
    }
    /// The promotion type, if any.
    #[inline(always)]
    pub fn promotion_type(self) -> Option<PieceType> {
        if self.flag() == MoveFlag::Promotion {
            Some(PieceType::ALL[(self.0 >> 17 & 15) as usize])
        } else {
            None
        }
    }
    /// The raw bits (stable within one toolkit version).
    pub fn bits(self) -> u32 {
        self.0
    }
}
