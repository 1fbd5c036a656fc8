//! The three games as data: one [`VariantRules`] each (setup and promotion choices). Every other
//! rule is shared by the three games and lives in the move generator.

use crate::types::PieceType::{self, *};
use core::fmt;
use core::str::FromStr;

/// Which of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Dola-Sultan: classical pieces plus two camels.
    Sultan,
    /// Dola-Qinwan: super pieces plus knights and camels.
    Qinwan,
    /// Dola-Sinwan: a mix, with the arabian knight.
    Sinwan,
}

/// The rules that differ between the games.
#[derive(Debug)]
pub struct VariantRules {
    /// Lower-case name (`sultan`, …).
    pub name: &'static str,
    /// White's rank 1 from a to j (Black's rank 10 is the same, file by file).
    pub setup: [PieceType; 10],
    /// Types a pawn may promote to: every type of the game except pawn and king.
    pub promotions: &'static [PieceType],
}

const SULTAN: VariantRules = VariantRules {
    name: "sultan",
    setup: [
        Rook, Camel, Knight, Bishop, Queen, King, Bishop, Knight, Camel, Rook,
    ],
    promotions: &[Queen, Rook, Bishop, Knight, Camel],
};
const QINWAN: VariantRules = VariantRules {
    name: "qinwan",
    setup: [
        SuperRook,
        Camel,
        Knight,
        SuperBishop,
        SuperQueen,
        King,
        SuperBishop,
        Knight,
        Camel,
        SuperRook,
    ],
    promotions: &[SuperQueen, SuperRook, SuperBishop, Knight, Camel],
};
const SINWAN: VariantRules = VariantRules {
    name: "sinwan",
    setup: [
        Rook,
        Queen,
        Arab,
        Bishop,
        SuperQueen,
        King,
        SuperBishop,
        Knight,
        Camel,
        SuperRook,
    ],
    promotions: &[
        SuperQueen,
        Queen,
        SuperRook,
        Rook,
        SuperBishop,
        Bishop,
        Arab,
        Knight,
        Camel,
    ],
};

impl Variant {
    /// The three games.
    pub const ALL: [Variant; 3] = [Variant::Sultan, Variant::Qinwan, Variant::Sinwan];

    /// The rules description of this game.
    pub fn rules(self) -> &'static VariantRules {
        match self {
            Variant::Sultan => &SULTAN,
            Variant::Qinwan => &QINWAN,
            Variant::Sinwan => &SINWAN,
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        self.rules().name
    }

    /// The starting position's FEN.
    pub fn start_fen(self) -> String {
        let r = self.rules();
        let rank = |upper: bool| -> String {
            r.setup
                .iter()
                .map(|t| {
                    if upper {
                        t.fen().to_string()
                    } else {
                        t.fen().to_ascii_lowercase()
                    }
                })
                .collect()
        };
        format!(
            "{}/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/{} w KQkq - - 0 1",
            rank(false),
            rank(true)
        )
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The variant name was not one of the three.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown Dola variant {0:?}: expected sultan, qinwan or sinwan")]
pub struct UnknownVariant(pub String);

impl FromStr for Variant {
    type Err = UnknownVariant;
    fn from_str(s: &str) -> Result<Variant, UnknownVariant> {
        match s.to_ascii_lowercase().trim_start_matches("dola-") {
            "sultan" => Ok(Variant::Sultan),
            "qinwan" => Ok(Variant::Qinwan),
            "sinwan" => Ok(Variant::Sinwan),
            _ => Err(UnknownVariant(s.to_string())),
        }
    }
}
