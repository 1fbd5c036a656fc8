//! Random and mutated strings thrown at every parser: errors, never panics; valid text round
//! trips.

use coins::adaptive::{self, DecisionTree};
use coins::{Pan, Problem, Weighing};
use proptest::prelude::*;

fn sample_tree_text() -> String {
    let p = Problem {
        coins: 12,
        weighings: 3,
        reference_coin: false,
    };
    adaptive::solve(&p, false).tree.unwrap().to_string()
}

proptest! {
    // Seeded (the same inputs on every run), thousands of cases per property.
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(12),
        ..ProptestConfig::default()
    })]

    #[test]
    fn weighing_parser_never_panics(s in "\\PC{0,40}", coins in 1u16..50) {
        let _ = Weighing::parse(&s, coins);
    }

    #[test]
    fn weighing_parser_on_near_valid_text(s in "[0-9 |ref]{0,30}", coins in 1u16..20) {
        if let Ok(w) = Weighing::parse(&s, coins) {
            prop_assert!(w.left.iter().chain(&w.right).all(|&c| (1..=coins).contains(&c)));
        }
    }

    #[test]
    fn weighing_round_trip(
        left in proptest::collection::vec(1u16..=30, 0..8),
        right in proptest::collection::vec(1u16..=30, 0..8),
        reference in 0u8..3,
    ) {
        let w = Weighing {
            left,
            right,
            reference: [None, Some(Pan::Left), Some(Pan::Right)][reference as usize],
        };
        prop_assert_eq!(Weighing::parse(&w.to_string(), 30), Ok(w));
    }

    #[test]
    fn tree_parser_never_panics(s in "\\PC{0,80}") {
        let _ = DecisionTree::parse(&s, 12);
    }

    #[test]
    fn tree_parser_on_mutated_text(at in 0usize..2000, len in 0usize..6, insert in "[ =|a-z0-9\\n]{0,6}") {
        let text = sample_tree_text();
        let at = at.min(text.len());
        let end = (at + len).min(text.len());
        if text.is_char_boundary(at) && text.is_char_boundary(end) {
            let mutated = format!("{}{}{}", &text[..at], insert, &text[end..]);
            let _ = DecisionTree::parse(&mutated, 12);
        }
    }
}
