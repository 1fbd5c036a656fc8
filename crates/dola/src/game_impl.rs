//! The game traits, the checked `try_play`, coordinate notation, outcome and perft.

use crate::position::Position;
use crate::types::*;
use bitboard::dola::{parse_square, square_name};
use game::{Game, NodeKind, Notation, Outcome};
use thiserror::Error;

/// Half-moves without capture or pawn move after which the game is drawn (the 50-move rule).
pub const FIFTY_MOVE_PLIES: u32 = 100;
/// A position seen this many times in total (with the same side to move, rights, en-passant
/// squares and queen modes) is drawn.
pub const REPETITION_COUNT: usize = 3;

/// A coordinate move that cannot be read or is not legal here.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// Not of the form `f2f5` / `d4e1q` / `d4e1+q`.
    #[error("move {0:?}: expected coordinates like f2f5, or d4e1q / d4e1+q for a promotion")]
    Syntax(String),
    /// Well formed but not legal in the position.
    #[error("move {text:?} is not legal here: {reason}")]
    Illegal {
        /// The move text.
        text: String,
        /// Why.
        reason: String,
    },
}

impl Position {
    /// The promotion suffix of a type (`q`, `+q`, …).
    pub fn promotion_suffix(t: PieceType) -> String {
        t.fen().to_ascii_lowercase()
    }

    /// Coordinate text of a move: `f2f5`, `d4e1+q`, castling as the king's move (`f1i1`).
    pub fn coordinate(mv: Move) -> String {
        let mut s = format!("{}{}", square_name(mv.from()), square_name(mv.to()));
        if let Some(t) = mv.promotion_type() {
            s += &Self::promotion_suffix(t);
        }
        s
    }

    /// Read a coordinate move and check that it is legal here.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let syntax = || MoveError::Syntax(text.to_string());
        if !t.is_ascii() {
            return Err(syntax());
        }
        // Split: square, square, optional promotion.
        let b = t.as_bytes();
        let split_square = |start: usize| -> Option<(u32, usize)> {
            for len in [3usize, 2] {
                if start + len <= b.len() {
                    if let Some(sq) = parse_square(&t[start..start + len]) {
                        return Some((sq, start + len));
                    }
                }
            }
            None
        };
        let (from, i) = split_square(0).ok_or_else(syntax)?;
        let (to, j) = split_square(i).ok_or_else(syntax)?;
        let promo = match &t[j..] {
            "" => None,
            p => {
                let (sup, letter) = match p.strip_prefix('+') {
                    Some(rest) => (true, rest),
                    None => (false, p),
                };
                let mut chars = letter.chars();
                let (Some(l), None) = (chars.next(), chars.next()) else {
                    return Err(syntax());
                };
                let ty = PieceType::from_fen(l, sup).ok_or_else(syntax)?;
                Some(ty)
            }
        };
        let list = self.legal_move_list();
        let candidates: Vec<Move> = list
            .as_slice()
            .iter()
            .copied()
            .filter(|m| m.from() == from && m.to() == to)
            .collect();
        let illegal = |reason: String| MoveError::Illegal {
            text: text.to_string(),
            reason,
        };
        if candidates.is_empty() {
            let reason = match self.piece_at(from) {
                None => format!("no piece on {}", square_name(from)),
                Some(p) if p.color != self.side => {
                    format!("the piece on {} is not the mover's", square_name(from))
                }
                Some(_) => format!(
                    "the piece on {} cannot go to {} (or the move leaves the king in check)",
                    square_name(from),
                    square_name(to)
                ),
            };
            return Err(illegal(reason));
        }
        match promo {
            None => {
                if candidates[0].promotion_type().is_some() {
                    return Err(illegal(
                        "a promotion needs the piece letter, e.g. d4e1q".to_string(),
                    ));
                }
                Ok(candidates[0])
            }
            Some(ty) => candidates
                .into_iter()
                .find(|m| m.promotion_type() == Some(ty))
                .ok_or_else(|| {
                    illegal(format!(
                        "promotion to {} is not available (types of {}: {})",
                        ty.fen(),
                        self.variant.name(),
                        self.variant
                            .rules()
                            .promotions
                            .iter()
                            .map(|t| t.fen())
                            .collect::<Vec<_>>()
                            .join(" ")
                    ))
                }),
        }
    }

    /// Play a move after checking it is legal; hands the error back otherwise.
    pub fn try_play(&mut self, mv: Move) -> Result<(), MoveError> {
        if self.legal_move_list().as_slice().contains(&mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(MoveError::Illegal {
                text: Self::coordinate(mv),
                reason: "not among the legal moves".to_string(),
            })
        }
    }

    /// Parse and play a coordinate move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mv = self.parse_move(text)?;
        self.play_unchecked(mv);
        Ok(mv)
    }

    /// True if the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checkers() != 0
    }

    /// True if the side to move has no legal move and is in check.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.count_legal() == 0
    }

    /// The outcome: checkmate (win for the mover's opponent), stalemate, the 50-move rule or
    /// threefold repetition (draws), else `None`. Mate and stalemate take precedence.
    pub fn game_outcome(&self) -> Option<Outcome> {
        if self.count_legal() == 0 {
            return Some(if self.is_check() {
                Outcome::Win(self.side.other().player())
            } else {
                Outcome::Draw
            });
        }
        if self.halfmove >= FIFTY_MOVE_PLIES || self.repetitions() + 1 >= REPETITION_COUNT {
            return Some(Outcome::Draw);
        }
        None
    }

    /// Is `mv` a capture (en passant included)?
    pub fn is_capture_move(&self, mv: Move) -> bool {
        mv.flag() == MoveFlag::EnPassant
            || (self.board[mv.to() as usize] != 0
                && !matches!(mv.flag(), MoveFlag::CastleKing | MoveFlag::CastleQueen))
    }
}

/// Count the leaf nodes of the legal move tree to `depth` (bulk counting at the last ply).
/// Perft ignores the draw rules, as chess perft does.
pub fn perft(pos: &mut Position, depth: u32) -> u64 {
    // One reusable move buffer per ply: nothing is allocated per node once they have grown.
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_with(pos, depth, &mut buffers)
}

fn perft_with(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_legal(),
        _ => {
            let (list, rest) = buffers.split_first_mut().expect("one buffer per ply");
            list.clear();
            pos.generate(list);
            let mut n = 0;
            for &mv in list.iter() {
                pos.play_unchecked(mv);
                n += perft_with(pos, depth - 1, rest);
                pos.undo_unchecked(mv);
            }
            n
        }
    }
}

/// Perft without bulk counting: every leaf move is played and undone (for benchmarks).
pub fn perft_full(pos: &mut Position, depth: u32) -> u64 {
    let mut buffers: Vec<Vec<Move>> = (0..depth).map(|_| Vec::with_capacity(256)).collect();
    perft_full_with(pos, depth, &mut buffers)
}

fn perft_full_with(pos: &mut Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = buffers.split_first_mut().expect("one buffer per ply");
    list.clear();
    pos.generate(list);
    let mut n = 0;
    for &mv in list.iter() {
        pos.play_unchecked(mv);
        n += perft_full_with(pos, depth - 1, rest);
        pos.undo_unchecked(mv);
    }
    n
}

/// Perft split by first move: `(move, leaf count)` in generation order.
pub fn perft_divide(pos: &mut Position, depth: u32) -> Vec<(Move, u64)> {
    let list = pos.legal_move_list();
    let mut out = Vec::with_capacity(list.len());
    for &mv in list.as_slice() {
        pos.play_unchecked(mv);
        let n = if depth <= 1 { 1 } else { perft(pos, depth - 1) };
        pos.undo_unchecked(mv);
        out.push((mv, n));
    }
    out
}

impl Game for Position {
    type Move = Move;

    fn node_kind(&self) -> NodeKind {
        if self.game_outcome().is_some() {
            NodeKind::Terminal
        } else {
            NodeKind::Decision(self.side.player())
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        if self.halfmove >= FIFTY_MOVE_PLIES || self.repetitions() + 1 >= REPETITION_COUNT {
            return;
        }
        self.generate(out);
    }

    fn play(&mut self, mv: Move) {
        self.play_unchecked(mv);
    }

    fn undo(&mut self, mv: Move) {
        self.undo_unchecked(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.game_outcome()
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }
}

impl Notation for Position {
    fn move_text(&self, mv: Move) -> String {
        Position::coordinate(mv)
    }
}
