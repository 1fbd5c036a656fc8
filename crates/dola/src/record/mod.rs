//! The inventor's French game records, read as written, and their replay.
//!
//! Grammar (from the three annotated games of the source): `13)` numbers a move pair, `&`
//! separates White's move from Black's; a move is `PIECE from (-|x[PIECE]) to [=PIECE] [+] [mat]`
//! with French piece letters (R D T F CT CF CA ST SF SD P, and a stray `C` read as "some knight":
//! CT, CF or CA); castling is `00` usually followed by the king's and/or rook's move in
//! parentheses (`00 (Rf1-i1,Tj1-h1)`, `00(STj10-h10)`). Parenthesised remarks after a move
//! (`(F=F+CF)`, `(SD=SD+CT)`, `(conv3)`, `(convention2)`, the promotion mode `(CF)`) are kept
//! as annotations; the queen-mode ones are checked against the engine. `+`, `mat` and `+mat`
//! may stand apart. Text after the mating move (the source's comments) is noted, not parsed;
//! `|` and `_` are layout. Lines starting with `#` are comments of the transcription.
//!
//! Replay applies every move it can prove legal. A move is *legal* when exactly one legal move
//! matches its piece, squares, capture and promotion; *ambiguous* when several do; *not legal*
//! otherwise, with the reason. After a move that is not legal the replayer looks for the one
//! legal move of the same piece type to the same square (or, failing that, from the same square
//! with the same captured piece) and applies it as a stated repair, so that the rest of the game
//! can be checked; if there is none, or the move is ambiguous, the replay stops there and the
//! remaining moves are reported as not reached. Nothing is skipped silently: every irregularity
//! (a missing move number, a stray `-`, a `+` that gives no check, a mode annotation the engine
//! disagrees with, a capture letter naming the wrong piece) is a note on its move.
//!
//! [`french_record`] writes moves in the same format (what `gsolve dola play --out` saves), so
//! that [`parse_record`] and [`replay`] read an engine game back move for move.

use crate::types::*;
use serde::Serialize;

mod parse;
mod read;
mod reader;
mod repair;
mod replay;
mod write;

pub use read::read_move;
pub use reader::parse_record;
pub use replay::replay;
pub use write::{french_record, move_word};

/// Piece letters of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    /// A piece type.
    Type(PieceType),
    /// A bare `C`: one of CT, CF, CA.
    AnyKnight,
    /// No letters (a move in coordinates, `f2f5`): any piece.
    Any,
}

impl Letters {
    pub(crate) fn matches(self, t: PieceType) -> bool {
        match self {
            Letters::Type(x) => x == t,
            Letters::AnyKnight => {
                matches!(t, PieceType::Knight | PieceType::Camel | PieceType::Arab)
            }
            Letters::Any => true,
        }
    }
    pub(crate) fn text(self) -> &'static str {
        match self {
            Letters::Type(t) => t.french(),
            Letters::AnyKnight => "C",
            Letters::Any => "",
        }
    }
}

/// What a record move says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordAction {
    /// An ordinary move.
    Move {
        /// Moving piece.
        piece: Letters,
        /// Origin square.
        from: u32,
        /// Destination square.
        to: u32,
        /// `Some(letters)` after `x` (None inside when no piece letters follow).
        capture: Option<Option<Letters>>,
        /// `=PIECE`.
        promotion: Option<PieceType>,
    },
    /// `00`, with the king's destination when the parentheses give it (or the rook's origin).
    Castle {
        /// Toward the j-file rook (`Some(true)`), the a-file rook (`Some(false)`), or unknown.
        kingside: Option<bool>,
    },
    /// A token that is no move.
    Unparseable(String),
}

/// One move of a record, as written.
#[derive(Clone, Debug)]
pub struct RecordMove {
    /// The move number as written (or continued from the last one).
    pub number: u32,
    /// The side the record gives the move to.
    pub color: Color,
    /// The text as written, with its annotations.
    pub text: String,
    /// What it says.
    pub action: RecordAction,
    /// Marked `+`.
    pub check: bool,
    /// Marked `mat`.
    pub mate: bool,
    /// Parenthesised remarks that follow it.
    pub annotations: Vec<String>,
    /// Irregularities found while reading it.
    pub notes: Vec<String>,
    /// Commentary written after it (before the next move), kept as written.
    pub comment: Option<String>,
}

/// The result a record states, in words (`Les blancs abandonnent`, `nulle`) or symbols
/// (`1-0`, `+mat`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DeclaredResult {
    /// "white", "black" or "draw".
    pub outcome: &'static str,
    /// The words or symbols that state it.
    pub text: String,
}

/// A parsed record.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// Text before the first move (a title line such as `2ème Partie de Dola-Sultan :`).
    pub title: Option<String>,
    /// The moves in order.
    pub moves: Vec<RecordMove>,
    /// Commentary after the last move, if any.
    pub trailing_comment: Option<String>,
    /// The result the record states, if it states one.
    pub declared_result: Option<DeclaredResult>,
}

/// The replay verdict of one move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly one legal move matches; it was played.
    Legal,
    /// Several legal moves match (listed); the replay stops.
    Ambiguous {
        /// The matching moves in coordinates.
        candidates: Vec<String>,
    },
    /// No legal move matches and no repair is found; the replay stops.
    NotLegal {
        /// Why.
        reason: String,
    },
    /// Not what was meant: the nearest legal move that lets the rest of the record replay
    /// furthest was played instead (`repaired: <written> → <played> (<kind>)`).
    Repaired {
        /// Why the written move cannot be played (for a move legal as written: the later move
        /// that fails after it).
        reason: String,
        /// The kind of typo (`wrong piece letter`, `origin one coordinate off`, …).
        kind: String,
        /// The move played, in coordinates.
        played: String,
        /// How many of the following record moves replay after the repair (the lookahead).
        lookahead: usize,
    },
    /// The text is no move.
    Unparseable {
        /// Why.
        reason: String,
    },
    /// Not replayed because an earlier move could not be continued from.
    NotReached,
}

/// One replayed move.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    /// Move number as written.
    pub number: u32,
    /// "white" or "black".
    pub color: &'static str,
    /// The record's text with its remarks.
    pub text: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The move played, in coordinates (the repair for a move that is not legal).
    pub played: Option<String>,
    /// Irregularities.
    pub notes: Vec<String>,
    /// Commentary written after the move.
    pub comment: Option<String>,
}

/// The result of replaying a record.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// Every move of the record.
    pub steps: Vec<ReplayStep>,
    /// The position after the last move played.
    pub final_fen: String,
    /// Whether the final position is checkmate.
    pub final_checkmate: bool,
    /// "white", "black", "draw" or null.
    pub outcome: Option<&'static str>,
    /// Moves in the record.
    pub moves: usize,
    /// Moves with verdict legal.
    pub legal: usize,
    /// Text after the final move.
    pub trailing_comment: Option<String>,
    /// The record's title line, if it has one.
    pub title: Option<String>,
    /// The result the record states (in words or symbols), if it states one.
    pub declared_result: Option<DeclaredResult>,
    /// Moves played as a named repair of what was written.
    pub repaired: usize,
}

/// `repaired: <written> → <played> (<kind>)` for a repaired step, else `None`.
pub fn repair_text(step: &ReplayStep) -> Option<String> {
    match &step.verdict {
        Verdict::Repaired {
            reason,
            kind,
            played,
            lookahead,
        } => Some(format!(
            "repaired: {} → {played} ({kind}; {reason}; {lookahead} following moves replay)",
            step.text
        )),
        _ => None,
    }
}
