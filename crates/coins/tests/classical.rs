//! The classical bounds (Dyson): largest N for K weighings is (3^K − 3)/2 without and
//! (3^K − 1)/2 with a reference coin — reached by the searches, never read from the formula.

use coins::adaptive::{AdaptiveSolver, State};
use coins::table::{self, Decided};
use coins::{classical_max, CoinsError, Problem};

fn problem(coins: u16, weighings: u8, reference_coin: bool) -> Problem {
    Problem {
        coins,
        weighings,
        reference_coin,
    }
}

#[test]
fn twelve_coins_three_weighings() {
    let mut s = AdaptiveSolver::new();
    assert!(s.solvable(State::root(&problem(12, 3, false)), 3));
    assert!(!s.solvable(State::root(&problem(13, 3, false)), 3));
    assert!(s.solvable(State::root(&problem(13, 3, true)), 3));
    assert!(!s.solvable(State::root(&problem(14, 3, true)), 3));
    // 12 coins need all three weighings.
    assert_eq!(
        s.min_weighings(State::root(&problem(12, 3, false)), 4),
        Some(3)
    );
}

#[test]
fn small_cases_by_hand() {
    let mut s = AdaptiveSolver::new();
    // One or two coins without a reference can never be told heavy from light.
    for k in 1..=4 {
        assert!(!s.solvable(State::root(&problem(1, k, false)), k));
        assert!(!s.solvable(State::root(&problem(2, k, false)), k));
    }
    // One coin against the reference coin: one weighing.
    assert!(s.solvable(State::root(&problem(1, 1, true)), 1));
    assert!(!s.solvable(State::root(&problem(3, 1, true)), 1));
}

#[test]
fn table_reaches_the_classical_maxima_by_search() {
    let mut solver = AdaptiveSolver::new();
    for k in 2..=4u8 {
        for reference in [false, true] {
            let row = table::row(&mut solver, k, reference, 50_000_000);
            let classical = classical_max(k as u32, reference);
            let max = row.adaptive_max.expect("some N is solvable") as usize;
            assert_eq!(max as u64, classical, "adaptive K={k} ref={reference}");
            assert_eq!(
                row.non_adaptive_max.map(u64::from),
                Some(classical),
                "non-adaptive K={k} ref={reference}"
            );
            // N = max was found by search; N + 1 was refuted by search or a root proof.
            assert_eq!(row.adaptive[max - 1], Decided::SolvedBySearch);
            let next = row.adaptive[max];
            if reference {
                // 2(N+1) = 3^K + 1 > 3^K: the root counting bound applies.
                assert_eq!(next, Decided::CountingBound);
            } else {
                // 2(N+1) = 3^K − 1 ≤ 3^K: only the search can refute it.
                assert_eq!(next, Decided::RefutedBySearch);
                assert_eq!(row.non_adaptive[max], Decided::RefutedBySearch);
            }
            // Nothing undecided anywhere, and every N between 3 and max is solvable.
            for d in row.adaptive.iter().chain(&row.non_adaptive) {
                assert_ne!(*d, Decided::Unknown);
            }
            assert!(row.adaptive[2..max]
                .iter()
                .all(|&d| d == Decided::SolvedBySearch));
            assert!(row.non_adaptive[2..max]
                .iter()
                .all(|&d| d == Decided::SolvedBySearch));
            assert!(row.matches_classical());
            // Class counts at the maximum: canonical forms agreed with Burnside (K ≤ 3).
            let classes = row.non_adaptive_classes_at_max.clone().unwrap();
            if k <= 3 {
                assert!(classes.parse::<u64>().unwrap() >= 1, "{classes}");
            } else {
                assert!(!classes.contains("MISMATCH"));
            }
            assert_ne!(row.adaptive_classes_at_max.as_deref(), Some("0"));
        }
    }
}

#[test]
fn one_weighing() {
    let mut solver = AdaptiveSolver::new();
    // Without reference nothing is solvable (classical 0); with it, one coin.
    let row = table::row(&mut solver, 1, false, 1_000_000);
    assert_eq!((row.adaptive_max, row.non_adaptive_max), (None, None));
    assert!(row.matches_classical());
    let row = table::row(&mut solver, 1, true, 1_000_000);
    assert_eq!((row.adaptive_max, row.non_adaptive_max), (Some(1), Some(1)));
    assert!(row.matches_classical());
}

#[test]
fn bad_sizes_are_rejected() {
    assert_eq!(Problem::new(0, 3, false), Err(CoinsError::Coins(0)));
    assert_eq!(Problem::new(12, 0, false), Err(CoinsError::Weighings(0)));
    assert_eq!(
        Problem::new(1_000_000, 3, true),
        Err(CoinsError::Coins(1_000_000))
    );
    assert_eq!(Problem::new(12, 99, false), Err(CoinsError::Weighings(99)));
    assert!(Problem::new(12, 3, false).is_ok());
    // Far beyond the counting bound: accepted and refuted at once.
    let p = Problem::new(1000, 4, true).unwrap();
    let r = coins::adaptive::solve(&p, true);
    assert!(!r.solvable && r.tree.is_none());
}
