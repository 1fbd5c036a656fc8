//! Hexecs: hexagonal chess with a die on the 97-cell board (rules engine, notation, perft).
//!
//! # Rules
//! As in `shared/rules/hexecs.md` (reconstructed from the inventor's French text). The board
//! geometry (97 cells, edge and vertex directions, three cell colours, the two 19-cell
//! fortresses, forward directions) is in [`bitboard::hexecs`]. Pieces: king (12 neighbours,
//! castling), queen, rook (6 edge lines), jedi (6 vertex lines), knight (12 leaps), unicorn (24
//! leaps), droid (forward edge step, double step from its own fortress if a one-step path is
//! empty, forward vertex capture) and princess (moves exactly N cells along one of 12 lines, N a
//! die roll: N = 1..3 leaps, N = 4..6 passes through enemy pieces turning them into droids of
//! their colour, may stay). The fortress rule: a piece that starts its move in its own fortress
//! neither captures nor gives check inside the enemy fortress. Prisons, liberations by droids
//! (Q R J N) and by jedis (U P), check, mate, stalemate, repetition and no-progress draws.
//!
//! ## Decisions (the rules page's, and this crate's own where the page is silent)
//! From the rules page: castling geometry (king two cells along the back row, rook on the
//! crossed cell); no en passant; the princess may not pass through either king; with no legal
//! princess move of length N the turn passes; a player in check may not roll; a droid reaching
//! the last row with nothing imprisoned stays a droid; the jedi's freed piece appears on the
//! cell the jedi arrived on, in the same move in which the jedi leaves; draws after 100 plies
//! without capture or droid move and on the third repetition (both in [`Rules`]).
//!
//! Decided here (report them if they look wrong):
//! 1. A jedi arriving on the last row **must** carry a liberation when one of its side's
//!    unicorn/princess is imprisoned and not already promised to another jedi (one move per
//!    choice: `=U`, `=P`); a promised piece cannot be promised twice. A droid promoted to a jedi on
//!    the last row does not carry a liberation (it did not "reach" the row as a jedi).
//! 2. The droid replaced on the last row leaves the game (the French text: "qui sort de
//!    l'hexiquier"); it does not enter a prison.
//! 3. A jedi carrying a liberation that is converted into a droid by a passing princess loses
//!    the liberation (the prisoner stays in prison). A king may not capture a jedi carrying a
//!    liberation (the freed piece would capture it).
//! 4. Conversions count as captures for the no-progress clock. The clock and the repetition
//!    rule count whole turns: `roll` and the die outcome are not turns; positions in the middle
//!    of a turn are never terminal.
//! 5. The princess's check: she attacks every cell she could capture on some roll, with the
//!    fortress rule applied like any other piece (from her own fortress she attacks nothing in
//!    the enemy fortress). A piece turned into a droid where it stands stays there as a droid
//!    even on its last row (it did not arrive there).
//! 6. The roll is a move only while the side's princess is on the board and its king is not in
//!    check; after the die, the decision node always has at least one move: the princess moves,
//!    `N:FROMFROM` (stay, N ≥ 4) or `N:pass`.
//! 7. Capturing a king never happens (legal play never leaves a king in check); a move that would
//!    lose the mover's king to a released piece is illegal like any move leaving the king in
//!    check.
//!
//! # Chance in the move model
//! A turn with the princess is three plies: the decision `roll` ([`Phase::Rolled`] afterwards,
//! [`game::NodeKind::Chance`]), the chance outcome `roll=N` (six, probability 1/6 each, from
//! [`game::Game::chance_outcomes`]) and the princess decision (`N:F1F6`, stay `N:F1F1`,
//! `N:pass`). [`perft`] counts chance outcomes as plies or not ([`PerftMode`]).
//!
//! # Notation
//! Positions: [`fen`] (the rules page's format; the pending field also carries `roll` /
//! `roll=N` for positions in the middle of a turn). Moves: [`notation`] (`D2D4`, `E8E9=Q`,
//! `C1G9=U`, castling as the king's move `D1F1`, `roll`, `roll=5`, `5:F1F6`, `5:pass`).
//!
//! # Representation
//! [`Board`] is `Copy` (≈ 300 bytes): one `u128` per piece kind and per side over the 97 cells
//! (bit = cell index, row by row from A1), a mailbox, prisons as counts per (side, kind),
//! pending liberations as cells, the phase, clocks and an incrementally updated Zobrist key
//! ([`Board::full_hash`] recomputes it). Moves are made on copies (copy-make); [`Hexecs`] keeps
//! the previous boards as its undo stack, which also serves repetition detection. Move
//! generation is legal and calls back per move (no allocation): slider attacks are classical
//! ray attacks (first blocker by `trailing_zeros`/`leading_zeros`), pins against enemy sliders
//! are computed once per node, and only the rare moves whose legality pins cannot settle (king
//! in check, captures while the enemy princess is free, captures of a jedi carrying a
//! liberation, a jedi leaving with one, princess moves, castling) are tested by copy-making.
//!
//! # Evaluation ([`Evaluate`](game::Evaluate))
//! Centipawn material, from the values of Gliński hexagonal chess (pawn 1, knight 3, bishop 3,
//! rook 5, queen 9) whose pieces move like droids, knights, jedis, rooks and queens here:
//! droid 100, knight 300, jedi 325 (+50 for jedis on all three colours, like a bishop pair),
//! rook 500, queen 950. The unicorn has the knight's 12 leaps plus the 12 cells at distance 2,
//! twice the knight's reach and more local: 600. The princess reaches the queen's lines at 1–6
//! cells, ignores blockers and converts what she passes, but moves only by a costly random roll:
//! 700. A pending liberation counts half the freed piece. Cheap positional terms: droid
//! advancement (4 per row), capped mobility of leapers and sliders (≤ 300), friends around the
//! king (8 each, ≤ 48), −40 for a king outside its fortress while the enemy queen lives, +10 to
//! the side to move. Bound: `EVAL_BOUND = 10 000`. From the setups, a side's pieces map one to
//! one onto its initial army (conversion only lowers a value; liberations return pieces of the
//! army), so its material is at most 6 425 + 50 + 350 and its positional terms at most 1 148:
//! every reachable position evaluates within ±8 000; the value is clamped to the bound anyway,
//! for arbitrary positions read from text. Mate scores belong outside the bound.
#![warn(missing_docs)]

pub mod board;
pub mod eval;
pub mod fen;
mod game;
mod make;
mod movegen;
pub mod notation;
pub mod perft;
pub mod sample;
pub mod show;
mod types;
mod zobrist;

pub use board::{Board, Phase};
pub use eval::HexecsHints;
pub use fen::{
    parse_position, write_position, PositionError, PRINCESS_POSITION, ROLLED_POSITION, START,
    START_16_DROIDS,
};
pub use game::{player_of, Hexecs, Rules, Setup};
pub use notation::{moves_line, parse_move, raw_move_text, MoveError};
pub use perft::{divide, first_moves, perft, perft_below, PerftMode};
pub use sample::princess_sample;
pub use types::{Colour, Kind, Move, MoveKind, Piece};
