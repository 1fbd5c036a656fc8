//! CFR on the rotation-tied history game ([`SymmetricHistoryGame`]) against CFR on the plain
//! history game on the small boards: the expanded average strategy is rotation invariant, its
//! exact bracket (a valid bound by construction: exact best responses in the untied game)
//! contains the plain run's game value within both runs' gaps, and the tied tree is about half.

use cfr::{Algorithm, Solver};
use darkhex::extensive::{HistoryGame, SymmetricHistoryGame};
use darkhex::response::{exact_bracket, ExactBracket, HistoryStrategy};
use darkhex::{DarkHex, Variant};

fn bracket_of(game: &DarkHex, table: Vec<(u128, Vec<f64>)>) -> ExactBracket {
    exact_bracket(
        game,
        &HistoryStrategy::new(game.cells(), table.into_iter().collect()),
        0.0,
    )
}

#[test]
fn tied_cfr_agrees_with_plain_cfr_and_is_rotation_invariant() {
    for (r, c, v) in [
        (2, 2, Variant::Abrupt),
        (3, 2, Variant::Abrupt),
        (2, 3, Variant::Abrupt),
        (3, 2, Variant::Classical),
    ] {
        let game = DarkHex::with(r, c, v).unwrap();
        let plain_game = HistoryGame(game.clone());
        let tied_game = SymmetricHistoryGame(game.clone());
        let mut plain = Solver::new(&plain_game, Algorithm::CfrPlus, 60_000_000).unwrap();
        let mut tied = Solver::new(&tied_game, Algorithm::CfrPlus, 60_000_000).unwrap();
        assert!(
            2 * tied.tree().nodes() <= plain.tree().nodes() + 2,
            "{r}x{c} {v}"
        );
        plain.iterate(400);
        tied.iterate(400);
        let a = bracket_of(
            &game,
            plain
                .average_strategy()
                .entries()
                .map(|(k, _, p)| (k, p.to_vec()))
                .collect(),
        );
        let expanded: std::collections::HashMap<u128, Vec<f64>> = tied_game
            .expand(
                tied.average_strategy()
                    .entries()
                    .map(|(k, _, p)| (k, p.to_vec())),
            )
            .into_iter()
            .collect();
        for (&k, p) in &expanded {
            let pl = k & (1u128 << 127);
            let rot = pl | game.rotate_history(k & !(1u128 << 127));
            let q = &expanded[&rot];
            for (x, y) in p.iter().zip(q.iter().rev()) {
                assert!(
                    (x - y).abs() < 1e-12,
                    "{r}x{c} {v}: not rotation invariant at {k:x}"
                );
            }
        }
        let b = bracket_of(&game, expanded.into_iter().collect());
        assert!(
            a.gap < 5e-3 && b.gap < 5e-3,
            "{r}x{c} {v}: gaps {a:?} {b:?}"
        );
        // Both brackets hold the game value, so they overlap.
        assert!(
            a.lower <= b.upper + 1e-12 && b.lower <= a.upper + 1e-12,
            "{r}x{c} {v}: {a:?} {b:?}"
        );
    }
}
