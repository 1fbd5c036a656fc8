//! Drawing a position for a terminal (`gsolve dola play --human`): the source's French piece
//! letters (R D T F CT CF CA ST SF SD P; Black's in lower case in plain text), rank 10 on top,
//! the frontier between ranks 5 and 6, and a queen's knight mode after its letters (`D+CT`).
//!
//! Three styles: [`BoardStyle::Plain`] (ASCII only, for pipes and dumb terminals),
//! [`BoardStyle::Unicode`] (box-drawing frame and frontier, `·` for empty squares) and
//! [`BoardStyle::Colour`] (Unicode plus ANSI colours: light and dark squares, White's pieces
//! bold white, Black's bold black, the frontier red as on the inventor's board).

use crate::position::Position;
use crate::types::*;
use bitboard::dola::square;
use std::fmt::Write;

/// How to draw a board for a terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BoardStyle {
    /// ASCII only.
    Plain,
    /// Box-drawing characters.
    Unicode,
    /// Box-drawing characters and ANSI colours.
    Colour,
}

/// The letters of a piece as a player reads them: French letters, `+CT`/`+CF` for a queen's
/// knight mode, lower case for Black when `case` is set.
fn piece_letters(p: Piece, case: bool) -> String {
    let mut l = p.kind.piece_type().french().to_string();
    match p.kind.mode() {
        QueenMode::Knight => l += "+CT",
        QueenMode::Camel => l += "+CF",
        QueenMode::Both => l += "+CA",
        QueenMode::None => {}
    }
    if case && p.color == Color::Black {
        l = l.to_lowercase();
    }
    l
}

impl Position {
    /// The board for a terminal in `style` (see the module header), with the side to move.
    pub fn to_terminal(&self, style: BoardStyle) -> String {
        let mut s = String::new();
        let (frontier, files) = match style {
            BoardStyle::Plain => (
                "    ======================== frontier ========================",
                "     a     b     c     d     e     f     g     h     i     j",
            ),
            _ => (
                "    ━━━━━━━━━━━━━━━━━━━━━━━━ frontier ━━━━━━━━━━━━━━━━━━━━━━━━",
                "     a     b     c     d     e     f     g     h     i     j",
            ),
        };
        for rank in (0..10).rev() {
            let _ = write!(s, "{:>2}  ", rank + 1);
            for file in 0..10 {
                s += &self.cell(file, rank, style);
            }
            let _ = writeln!(s, "  {}", rank + 1);
            if rank == 5 {
                if style == BoardStyle::Colour {
                    let _ = writeln!(s, "\x1b[31m{frontier}\x1b[0m");
                } else {
                    let _ = writeln!(s, "{frontier}");
                }
            }
        }
        let _ = writeln!(s, "{files}");
        let side = match self.side_to_move() {
            Color::White => "White (Blancs)",
            Color::Black => "Black (Noirs)",
        };
        let _ = writeln!(
            s,
            "{side} to move{}",
            if self.is_check() { ", in check" } else { "" }
        );
        s
    }

    /// One square, six columns wide.
    fn cell(&self, file: u32, rank: u32, style: BoardStyle) -> String {
        let piece = self.piece_at(square(file, rank));
        match style {
            BoardStyle::Plain => match piece {
                None => format!("{:^6}", "."),
                Some(p) => format!("{:^6}", piece_letters(p, true)),
            },
            BoardStyle::Unicode => match piece {
                None => format!("{:^6}", "·"),
                Some(p) => {
                    let l = piece_letters(p, false);
                    let mark = if p.color == Color::White {
                        "○"
                    } else {
                        "●"
                    };
                    format!("{:^6}", format!("{mark}{l}"))
                }
            },
            BoardStyle::Colour => {
                // j1 is light: (file + rank) odd is light.
                let bg = if (file + rank) % 2 == 1 {
                    "48;5;223"
                } else {
                    "48;5;137"
                };
                let text = match piece {
                    None => format!("{:^6}", ""),
                    Some(p) => {
                        let fg = if p.color == Color::White { "97" } else { "30" };
                        format!("\x1b[1;{fg}m{:^6}", piece_letters(p, false))
                    }
                };
                format!("\x1b[{bg}m{text}\x1b[0m")
            }
        }
    }
}
