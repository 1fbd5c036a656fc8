//! Tic-tac-toe on bitmasks.

use game::{Evaluate, Game, NodeKind, Notation, Outcome, Player};
use std::str::FromStr;

const LINES: [u16; 8] = [0o007, 0o070, 0o700, 0o111, 0o222, 0o444, 0o421, 0o124];
const FULL: u16 = 0o777;

/// Tic-tac-toe. Cells `0..9` are `a1 b1 c1 a2 … c3` (row-major from the bottom left); X
/// (`Player::First`) moves first.
///
/// Evaluation (for the side to move): for each line holding stones of one side only,
/// `count²` for the mover and `-count²` for the opponent; `|e| ≤ 32 < EVAL_BOUND = 100`. A move
/// completing a line is a "capture"; the side to move is "in check" when the opponent has two
/// in a line with the third cell empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TicTacToe {
    stones: [u16; 2],
    to_move: Player,
}

impl TicTacToe {
    /// The empty board, X to move.
    pub fn new() -> Self {
        TicTacToe {
            stones: [0, 0],
            to_move: Player::First,
        }
    }

    fn has_line(mask: u16) -> bool {
        LINES.iter().any(|&line| line & !mask == 0)
    }

    fn threatens(&self, p: Player) -> bool {
        let mine = self.stones[p.index()];
        let empty = !(self.stones[0] | self.stones[1]) & FULL;
        LINES
            .iter()
            .any(|&l| (mine & l).count_ones() == 2 && empty & l != 0)
    }
}

impl Game for TicTacToe {
    type Move = u8;

    fn node_kind(&self) -> NodeKind {
        if self.outcome().is_some() {
            NodeKind::Terminal
        } else {
            NodeKind::Decision(self.to_move)
        }
    }

    fn legal_moves(&self, out: &mut Vec<u8>) {
        if self.outcome().is_some() {
            return;
        }
        let occupied = self.stones[0] | self.stones[1];
        out.extend((0..9u8).filter(|&c| occupied & (1 << c) == 0));
    }

    fn play(&mut self, mv: u8) {
        debug_assert!((self.stones[0] | self.stones[1]) & (1 << mv) == 0);
        self.stones[self.to_move.index()] |= 1 << mv;
        self.to_move = self.to_move.other();
    }

    fn undo(&mut self, mv: u8) {
        self.to_move = self.to_move.other();
        self.stones[self.to_move.index()] &= !(1 << mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if Self::has_line(self.stones[0]) {
            Some(Outcome::Win(Player::First))
        } else if Self::has_line(self.stones[1]) {
            Some(Outcome::Win(Player::Second))
        } else if self.stones[0] | self.stones[1] == FULL {
            Some(Outcome::Draw)
        } else {
            None
        }
    }

    fn hash_key(&self) -> u64 {
        let packed = u64::from(self.stones[0])
            | u64::from(self.stones[1]) << 9
            | (self.to_move.index() as u64) << 18;
        super::mix64(packed ^ 0x7474_7474)
    }
}

impl Evaluate for TicTacToe {
    const EVAL_BOUND: i32 = 100;

    fn evaluate(&self) -> i32 {
        let me = self.stones[self.to_move.index()];
        let them = self.stones[self.to_move.other().index()];
        let mut e = 0;
        for &l in &LINES {
            let (m, t) = ((me & l).count_ones() as i32, (them & l).count_ones() as i32);
            if t == 0 {
                e += m * m;
            } else if m == 0 {
                e -= t * t;
            }
        }
        e
    }

    fn is_capture(&self, mv: u8) -> bool {
        Self::has_line(self.stones[self.to_move.index()] | 1 << mv)
    }

    fn in_check(&self) -> bool {
        self.outcome().is_none() && self.threatens(self.to_move.other())
    }
}

impl Notation for TicTacToe {
    fn move_text(&self, mv: u8) -> String {
        format!("{}{}", (b'a' + mv % 3) as char, mv / 3 + 1)
    }
}

impl FromStr for TicTacToe {
    type Err = String;

    /// Nine cells `X`, `O` or `.` from a1 to c3, optionally followed by ` x` or ` o` for the side
    /// to move (otherwise X moves when both have as many stones).
    fn from_str(s: &str) -> Result<Self, String> {
        let mut parts = s.split_whitespace();
        let cells = parts.next().ok_or("empty tic-tac-toe position")?;
        if cells.chars().count() != 9 {
            return Err(format!(
                "tic-tac-toe position {cells:?}: expected 9 cells of X, O or ."
            ));
        }
        let mut t = TicTacToe::new();
        for (i, c) in cells.chars().enumerate() {
            match c {
                'X' | 'x' => t.stones[0] |= 1 << i,
                'O' | 'o' => t.stones[1] |= 1 << i,
                '.' => {}
                _ => return Err(format!("tic-tac-toe cell {c:?}: expected X, O or .")),
            }
        }
        let (nx, no) = (t.stones[0].count_ones(), t.stones[1].count_ones());
        t.to_move = match parts.next() {
            Some("x" | "X") => Player::First,
            Some("o" | "O") => Player::Second,
            Some(other) => return Err(format!("side to move {other:?}: expected x or o")),
            None if nx == no => Player::First,
            None => Player::Second,
        };
        if parts.next().is_some() {
            return Err("tic-tac-toe position: trailing text".into());
        }
        Ok(t)
    }
}
