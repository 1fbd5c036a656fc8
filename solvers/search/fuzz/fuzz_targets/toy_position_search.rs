//! Any string: the tic-tac-toe parser must not panic, and a parsed position that is not over
//! must search to a legal best move whose score agrees between one and two threads.
#![no_main]

use game::{Game, NodeKind};
use libfuzzer_sys::fuzz_target;
use search::toy::TicTacToe;
use search::{Limits, SearchOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(pos) = text.parse::<TicTacToe>() else { return };
    if !matches!(pos.node_kind(), NodeKind::Decision(_)) {
        return;
    }
    let one = search::search(&pos, &SearchOptions::default(), &Limits::depth(3)).expect("searchable");
    let two = SearchOptions { threads: 2, ..SearchOptions::default() };
    let par = search::search(&pos, &two, &Limits::depth(3)).expect("searchable");
    assert_eq!(one.score, par.score);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    assert!(moves.contains(&one.best_move));
});
