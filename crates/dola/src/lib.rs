//! Dola-Sultan, Dola-Qinwan, Dola-Sinwan: three 10×10 chess variants by the inventor of
//! Dolasawlajane (2003), as read in `shared/rules/dola.md` (the project's authoritative reading
//! of the French source `shared/seeds/dola.txt`).
//!
//! # Rules implemented
//! Board 10×10, files a..j, ranks 1..10; White's camp is ranks 1–5, Black's 6–10 (the frontier
//! runs between ranks 5 and 6). A piece's powers depend on the square it stands on before it
//! moves, and the same powers define what it attacks (check, defence).
//!
//! | piece | own camp | beyond the frontier |
//! |---|---|---|
//! | K (R) | king | king + knight + camel |
//! | Q (D) | queen | queen + knight or camel (mode) |
//! | R (T) | rook | rook + knight |
//! | B (F) | bishop | bishop + camel |
//! | N (CT), C (CF), A (CA) | (1,2), (1,3), both leapers | same |
//! | +R (ST), +B (SF) | rook + knight, bishop + camel | same |
//! | +Q (SD) | queen + knight or camel (mode); both before her first move | same |
//!
//! Queen mode: a rook-like move or a knight leap gives knight (CT) mode, a bishop-like move or a
//! camel leap camel (CF) mode. A D's mode is set by the move that ends beyond the frontier and is
//! dropped when she returns to her camp. A promoted D/SD takes the mode of the promoting move.
//!
//! Pawns: in the own camp a pawn advances straight over any number of empty squares up to the
//! frontier rank (rank 5 for White, 6 for Black); on that rank it steps one square across. It
//! captures one square diagonally forward. Beyond the frontier it moves one step or a forward
//! knight leap onto an empty square, and captures diagonally or by a forward camel leap. After a
//! straight advance of two or more squares, an enemy pawn attacking any passed square may capture
//! en passant by moving to that square, on the very next move only. Promotion on the last rank
//! to any type of the game except pawn and king ([`VariantRules::promotions`]).
//!
//! Kings: check, checkmate (win), stalemate (draw). Convention 1: the kings never stand adjacent,
//! a knight leap or a camel leap apart. Convention 2: a king in check by a leap (a leaper piece, a
//! leaper power of a T/F/D/super piece/king, or a pawn's camel capture) may capture the checker
//! from where it stands if the checker is not defended. Castling f1→i1 with j1→h1 and f1→c1 with
//! a1→d1 (same on rank 10): king and rook unmoved, squares between empty, king not in check and
//! not crossing or landing on an attacked square.
//!
//! Draws: threefold repetition ([`REPETITION_COUNT`]: the same key, as far back as the halfmove
//! clock allows) and the 50-move rule ([`FIFTY_MOVE_PLIES`] half-moves without capture or pawn
//! move). Mate and stalemate take precedence over both.
//!
//! # Decisions where `dola.md` is silent (this crate's choices)
//! 1. A pawn standing on its frontier rank (rank 5 / 6) steps one square straight across it; the
//!    multi-square advance ends on the frontier rank. (Without this, pawns could never cross
//!    without capturing; the source's games play `Pf5-f6`, `Pb5-b6`.)
//! 2. A pawn on its own first rank (possible only from a hand-made FEN) is an own-camp pawn like
//!    any other: it advances over empty squares up to the frontier rank. Pawns on the last rank
//!    are rejected by the FEN reader.
//! 3. Convention 1 applies to every king move including castling's landing square and
//!    convention-2 captures; the squares a castling king crosses must merely be unattacked.
//! 4. Convention 2 counts a pawn's forward camel capture as a leap check (it is the pawn's
//!    "induced CF" in the source). "Defended" means attacked by any enemy piece once the king has
//!    left its square (x-rays through the king's old square count).
//! 5. A king beyond the frontier attacks (defends) its knight and camel squares as well; since
//!    convention 1 keeps the kings apart, this only matters for defending other pieces.
//! 6. En-passant squares in the FEN and in the Zobrist key are all passed squares after every
//!    multi-square advance, whether or not a capture is possible (positions differing only there
//!    are not counted as repetitions of each other).
//! 7. A FEN queen (D) beyond the frontier must have a mode listed; a D in her own camp must not.
//!    An SD not listed is in her starting both-leapers state, wherever she stands.
//! 8. Perft counts legal moves only (no draw adjudication), as chess perft does; the
//!    [`game::Game`] implementation stops at draws.
//!
//! # Notation
//! FEN as in `dola.md` ([`Position::from_fen`], [`Position::to_fen`]): ten ranks from rank 10,
//! letters K Q R B N C A P with `+` for ST/SF/SD, then side, castling `KQkq`, en-passant squares
//! (comma separated), queen modes (`e7:n,c2:c`), halfmove clock, move number. Coordinate moves
//! ([`Position::coordinate`], [`Position::parse_move`]): `f2f5`, promotions `d9d10q`, `d4e1+q`
//! (SD), castling as the king's move (`f1i1`, `f1c1`). The inventor's French records:
//! [`record`].
//!
//! # Representation
//! Squares `file + 10·rank` on one `u128` ([`bitboard::dola`]); per side and per stored kind a
//! bitboard plus a mailbox of bytes. The queen mode is part of the stored kind (D, D-CT, D-CF,
//! SD-both, SD-CT, SD-CF), so make/unmake and Zobrist keys handle it like any piece change.
//! Moves are `u32` (from, to, flag, promotion type); `play_unchecked` pushes an undo record
//! (moved and captured bytes, rights, en passant, clock, key) onto an internal stack.
//! Move generation is fully legal (see [`movegen`]) and writes into a caller's sink: a
//! [`Vec`], a stack [`MoveList`], or a [`MoveCounter`] that adds popcounts (perft bulk counting).
//! Zobrist keys come from a fixed SplitMix64 stream and are updated incrementally.
//!
//! # Evaluation ([`game::Evaluate`])
//! Material in centipawns ([`eval::MATERIAL`]): P 100, CT 300, CF 270 (colour-bound, so a bit
//! below the knight), CA 600 (knight + camel, a compound worth about both), F 330 and T 500 (a
//! 10×10 board favours long-range pieces a little), D 950, SF 620 and ST 850 (slider + leaper,
//! slightly more than the sum since the leaper covers the slider's blind spots), SD 1200 in CT
//! mode and 1180 in CF mode (the knight is the stronger companion) and 1250 with both leapers.
//! Frontier powers ([`eval::FRONTIER_BONUS`]): T +110 and F +90 beyond the frontier (about a third
//! of the leaper they gain: the power is lost on the way back), D with a mode +110, pawn +40 plus
//! 10 per rank beyond. Mobility: 2 per attacked square not holding an own piece; king pressure:
//! 6 per attack on a square next to the enemy king. All from the side to move's view, clamped to
//! ±[`eval::EVAL_LIMIT`] (= `EVAL_BOUND`).
#![warn(missing_docs)]

pub mod eval;
mod fen;
mod game_impl;
pub mod movegen;
mod position;
pub mod record;
pub mod render;
pub mod tables;
pub mod terminal;
mod types;
mod variant;

pub use eval::DolaHints;
pub use fen::FenError;
pub use game_impl::{
    perft, perft_divide, perft_full, MoveError, FIFTY_MOVE_PLIES, REPETITION_COUNT,
};
pub use movegen::{MoveCounter, MoveList, MoveSink};
pub use position::Position;
pub use terminal::BoardStyle;
pub use types::{Color, Kind, Move, MoveFlag, MoveShape, Piece, PieceType, QueenMode};
pub use variant::{UnknownVariant, Variant, VariantRules};
