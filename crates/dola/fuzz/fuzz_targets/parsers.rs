//! Fuzz the FEN, coordinate-move and French-record parsers. Invariants: nothing panics; an
//! accepted FEN round-trips, its incremental hash equals the full hash after every legal move
//! and its undo; a replay only plays legal moves and ends in a position whose FEN re-reads.
#![no_main]

use dola::record::{parse_record, replay};
use dola::{Position, Variant};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for v in Variant::ALL {
        if let Ok(p) = Position::from_fen(v, text) {
            let fen = p.to_fen();
            let again = Position::from_fen(v, &fen).expect("written FEN re-reads");
            assert_eq!(again.to_fen(), fen);
            let mut q = p.clone();
            for &m in p.legal_move_list().as_slice() {
                q.play_unchecked(m);
                assert_eq!(q.zobrist(), q.full_hash());
                assert!(!q.in_check_color(p.side_to_move()));
                q.undo_unchecked(m);
                assert_eq!(q.to_fen(), fen);
            }
            let _ = p.parse_move(text);
        }
        let start = Position::start(v);
        let _ = start.parse_move(text);
        let r = replay(&start, &parse_record(text));
        assert!(r.legal <= r.moves);
        Position::from_fen(v, &r.final_fen).expect("final FEN re-reads");
    }
});
