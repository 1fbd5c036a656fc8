//! The evaluation: symmetric start positions score 0, material and frontier terms point the
//! right way, and the hard bound holds on random positions.

use dola::*;
use game::{Evaluate, Game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn start_positions_are_balanced() {
    for v in Variant::ALL {
        assert_eq!(Position::start(v).evaluate(), 0, "{v}");
    }
}

#[test]
fn material_and_frontier_terms_point_the_right_way() {
    // White has an extra rook: good for White to move, bad for Black to move.
    let w = Position::from_fen(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/10/K7R1 w - - - 0 1",
    )
    .unwrap();
    let b = Position::from_fen(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/10/K7R1 b - - - 0 1",
    )
    .unwrap();
    assert!(w.evaluate() > 400 && b.evaluate() < -400);
    // The same rook beyond the frontier (with its knight power) is worth more.
    let beyond = Position::from_fen(
        Variant::Sultan,
        "9k/10/10/10/1R8/10/10/10/10/K9 w - - - 0 1",
    )
    .unwrap();
    let home = Position::from_fen(
        Variant::Sultan,
        "9k/10/10/10/10/1R8/10/10/10/K9 w - - - 0 1",
    )
    .unwrap();
    assert!(beyond.evaluate() > home.evaluate());
    // An SD outweighs a D.
    let sd = Position::from_fen(
        Variant::Sinwan,
        "9k/10/10/10/10/10/10/10/10/K2+Q6 w - - - 0 1",
    )
    .unwrap();
    let d = Position::from_fen(
        Variant::Sinwan,
        "9k/10/10/10/10/10/10/10/10/K2Q6 w - - - 0 1",
    )
    .unwrap();
    assert!(sd.evaluate() > d.evaluate());
}

#[test]
fn evaluation_stays_within_the_bound_and_flags_agree() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for v in Variant::ALL {
        let mut pos = Position::start(v);
        let mut moves = vec![];
        for _ in 0..200 {
            let e = pos.evaluate();
            assert!(e.abs() <= Position::EVAL_BOUND);
            assert_eq!(pos.in_check(), pos.is_check());
            moves.clear();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            for &m in &moves {
                let cap = pos.is_capture(m);
                let before = pos.color_set(pos.side_to_move().other()).count_ones();
                pos.play(m);
                let after = pos.color_set(pos.side_to_move()).count_ones();
                assert_eq!(
                    cap,
                    after < before,
                    "is_capture of {}",
                    Position::coordinate(m)
                );
                pos.undo(m);
            }
            pos.play(moves[rng.gen_range(0..moves.len())]);
        }
    }
}
