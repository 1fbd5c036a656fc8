//! Fuzz play: bytes pick moves from the start position; every move keeps the invariants
//! (incremental hash = full hash, the position text round-trips, undo restores).
#![no_main]

use game::Game;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let mut g = hexecs::Hexecs::start();
    let mut played = Vec::new();
    for &byte in data {
        let mut moves = Vec::new();
        match g.node_kind() {
            game::NodeKind::Terminal => break,
            game::NodeKind::Chance => {
                let mut o = Vec::new();
                g.chance_outcomes(&mut o);
                moves.extend(o.into_iter().map(|x| x.0));
            }
            game::NodeKind::Decision(_) => g.legal_moves(&mut moves),
        }
        let m = moves[byte as usize % moves.len()];
        g.play(m);
        played.push(m);
        let b = *g.board();
        assert_eq!(b.hash(), b.full_hash());
        assert_eq!(hexecs::parse_position(&hexecs::write_position(&b)).unwrap(), b);
    }
    while let Some(m) = played.pop() {
        g.undo(m);
    }
    assert_eq!(*g.board(), *hexecs::Hexecs::start().board());
});
