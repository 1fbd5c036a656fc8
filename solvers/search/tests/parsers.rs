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
    // Seeded (the same inputs on every run), thousands of cases per property.
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7077),
        ..ProptestConfig::default()
    })]

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

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 500,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x7078),
        ..ProptestConfig::default()
    })]

    /// The invariant of the `toy_position_search` fuzz target: a parsed position that is not
    /// over searches to a legal best move, with the same score on one and two threads.
    #[test]
    fn parsed_positions_search_to_a_legal_move(cells in "[XO.]{9}", side in "( [xo])?") {
        use game::{Game, NodeKind};
        use search::{Limits, SearchOptions};
        let Ok(pos) = format!("{cells}{side}").parse::<TicTacToe>() else {
            return Ok(());
        };
        if !matches!(pos.node_kind(), NodeKind::Decision(_)) {
            return Ok(());
        }
        let one = search::search(&pos, &SearchOptions::default(), &Limits::depth(3)).unwrap();
        let two = SearchOptions { threads: 2, ..SearchOptions::default() };
        let par = search::search(&pos, &two, &Limits::depth(3)).unwrap();
        prop_assert_eq!(one.score, par.score);
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        prop_assert!(moves.contains(&one.best_move));
    }
}
