//! Random and mutated strings never make the toy position parser panic, and what it accepts
//! prints back the same board.

use proptest::prelude::*;
use search::toy::TicTacToe;

/// The board as `.` (empty) and `#` (stone) from the legal moves: a cell is empty iff it is a move.
fn board_text(t: &TicTacToe) -> String {
    use game::Game;
    let mut moves = Vec::new();
    t.legal_moves(&mut moves);
    (0..9u8)
        .map(|c| if moves.contains(&c) { '.' } else { '#' })
        .collect()
}

proptest! {
    #[test]
    fn arbitrary_strings_never_panic(s in "\\PC{0,24}") {
        let _ = s.parse::<TicTacToe>();
    }

    #[test]
    fn mutated_positions_never_panic(cells in "[XO.xo?]{7,11}", side in "( [xoXOz])?", tail in "( \\PC{0,3})?") {
        let text = format!("{cells}{side}{tail}");
        if let Ok(t) = text.parse::<TicTacToe>() {
            // Whatever parses has exactly the empty cells of its text (when the game is not over).
            use game::{Game, NodeKind};
            if matches!(t.node_kind(), NodeKind::Decision(_)) {
                let empty: String = cells.chars().map(|c| if c == '.' { '.' } else { '#' }).collect();
                prop_assert_eq!(board_text(&t), empty);
            }
        }
    }
}
