//! The solver against an independent plain negamax (no table, no pruning), threads 1 vs 2,
//! and the rotation symmetry.

mod common;
use common::*;
use proptest::prelude::*;

/// Every move value `s` gives for random positions of each `(rows, cols, stones)` case (seeds
/// `0..seeds`) against the plain reference; returns the number of moves checked.
fn check_against_reference(
    s: impl Fn() -> exact::Solver<rex::RexPosition<u64>>,
    cases: &[(usize, usize, usize)],
    seeds: u64,
) -> usize {
    let mut checked = 0;
    for &(rows, cols, stones) in cases {
        for seed in 0..seeds {
            let Some(pos) = random_position(rows, cols, stones, seed) else {
                continue;
            };
            for v in s().move_values(&pos) {
                let mut child = pos.clone();
                game::Game::play(&mut child, v.mv);
                assert_eq!(
                    v.wins,
                    !reference_wins(&mut child),
                    "{rows}x{cols} seed {seed}: {:?}\n{pos:?}",
                    v.mv
                );
                checked += 1;
            }
        }
    }
    checked
}

#[test]
fn pruned_solver_matches_plain_negamax_on_random_positions() {
    // 3x3, 3x4, 4x3 and 4x4 positions with at most 11 empty cells: every move's value.
    let cases = [
        (3, 3, 0),
        (3, 3, 2),
        (3, 4, 2),
        (4, 3, 3),
        (4, 4, 6),
        (4, 4, 5),
        (2, 5, 0),
    ];
    let checked = check_against_reference(|| solver(1), &cases, 12);
    assert!(checked > 300, "only {checked} moves checked");
}

#[test]
fn two_threads_give_the_same_values() {
    let one = solver(1);
    let two = solver(2);
    assert_eq!(
        winning_names(&one, &board(4, 4)),
        winning_names(&two, &board(4, 4))
    );
    for seed in 0..8u64 {
        let Some(pos) = random_position(5, 5, 7, seed) else {
            continue;
        };
        assert_eq!(
            winning_names(&one, &pos),
            winning_names(&two, &pos),
            "seed {seed}\n{pos:?}"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]
    #[test]
    fn rotation_preserves_the_value(seed in 0u64..10_000, stones in 4usize..9) {
        if let Some(pos) = random_position(4, 4, stones, seed) {
            let rotated = pos.rotated();
            // Separate tables: the second answer is not read from the first one's entries.
            prop_assert_eq!(solver(1).solve(&pos), solver(1).solve(&rotated));
            let mut a = pos.clone();
            let mut b = rotated.clone();
            prop_assert_eq!(reference_wins(&mut a), reference_wins(&mut b));
        }
    }
}

#[test]
fn pairing_theorem_agrees_with_plain_negamax() {
    // Whenever the pairing test claims a player is pair-connected (with the spare cell only
    // when that player makes the last move), the plain negamax must find that player lost.
    use game::Game;
    let mut fired = [0usize; 2];
    let mut checked = 0;
    for (rows, cols, stones) in [
        (3, 3, 1),
        (3, 3, 3),
        (3, 4, 4),
        (4, 3, 4),
        (4, 4, 7),
        (4, 4, 8),
    ] {
        for seed in 0..60u64 {
            let Some(pos) = random_position(rows, cols, stones, seed) else {
                continue;
            };
            if pos.outcome().is_some() {
                continue;
            }
            let mover = pos.to_move();
            let mover_last = pos.empty().count_ones() % 2 == 1;
            let mover_wins = reference_wins(&mut pos.clone());
            for (p, p_last) in [(mover, mover_last), (mover.other(), !mover_last)] {
                for spare in [false, true] {
                    if spare && !p_last {
                        continue;
                    }
                    checked += 1;
                    if pos.pair_connected(p, spare) {
                        fired[spare as usize] += 1;
                        let p_loses = if p == mover { !mover_wins } else { mover_wins };
                        assert!(
                            p_loses,
                            "{p:?} pair-connected (spare {spare}) but not lost:\n{pos:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 500, "only {checked} checks");
    assert!(
        fired[0] > 20 && fired[1] > 20,
        "the test rarely fired: {fired:?}"
    );
}

#[test]
fn dfpn_matches_plain_negamax() {
    // The proof-number search (with alpha-beta below 4 plies left, so that both parts run)
    // against the plain reference on every move of random small positions.
    let dfpn = || {
        exact::Solver::new(exact::SolverConfig {
            tt_mb: 16,
            threads: 1,
            algorithm: exact::Algorithm::Dfpn,
            dfpn_leaf_plies: 4,
            ..exact::SolverConfig::default()
        })
        .unwrap()
    };
    let cases = [(3, 3, 0), (3, 4, 2), (4, 3, 1), (4, 4, 5), (4, 4, 6)];
    let checked = check_against_reference(dfpn, &cases, 8);
    assert!(checked > 150, "only {checked} moves checked");
}

/// One solver kept across the roots of random positions of each case (seeds 0..30), each
/// root's value against the plain reference: a search stopped part-way that stored a wrong
/// entry would show up in a later answer. Returns the number of roots checked.
fn roots_with_one_solver(
    algorithm: exact::Algorithm,
    threads: usize,
    cases: &[(usize, usize, usize)],
) -> usize {
    let s = exact::Solver::new(exact::SolverConfig {
        tt_mb: 16,
        threads,
        algorithm,
        dfpn_leaf_plies: 4,
        ..exact::SolverConfig::default()
    })
    .unwrap();
    let mut checked = 0;
    for &(rows, cols, stones) in cases {
        for seed in 0..30 {
            let Some(pos) = random_position(rows, cols, stones, seed) else {
                continue;
            };
            let mut p = pos.clone();
            assert_eq!(
                s.solve(&pos),
                reference_wins(&mut p),
                "{algorithm:?} {rows}x{cols} seed {seed}\n{pos:?}"
            );
            checked += 1;
        }
    }
    checked
}

#[test]
fn portfolio_race_matches_the_reference_with_one_shared_table() {
    // Alpha-beta and df-pn race on every root (two threads); the loser is cancelled part-way.
    let cases = [(3, 4, 1), (4, 3, 2), (4, 4, 4), (4, 4, 6), (5, 4, 9)];
    let checked = roots_with_one_solver(exact::Algorithm::Portfolio, 2, &cases);
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn parallel_dfpn_matches_the_reference_with_one_shared_table() {
    // Three df-pn workers on every root; the others stop when one settles it.
    let cases = [(3, 4, 1), (4, 3, 2), (4, 4, 3), (4, 4, 6), (5, 4, 8)];
    let checked = roots_with_one_solver(exact::Algorithm::Dfpn, 3, &cases);
    assert!(checked > 100, "only {checked} positions checked");
}

#[test]
fn canonical_keys_separate_sizes_and_join_rotations() {
    use game::ExactGame;
    // Empty boards of different sizes never share a key (one table serves many boards).
    let mut seen = std::collections::HashSet::new();
    for rows in 1..=6 {
        for cols in 1..=6 {
            assert!(
                seen.insert(board(rows, cols).canonical_keys()),
                "{rows}x{cols}"
            );
        }
    }
    // A position and its 180° rotation share their keys; the keys follow the side to move.
    for seed in 0..40u64 {
        let Some(pos) = random_position(4, 5, 6, seed) else {
            continue;
        };
        assert_eq!(pos.canonical_keys(), pos.rotated().canonical_keys());
        let mut other = pos.clone();
        other.set_to_move(pos.to_move().other());
        assert_ne!(pos.canonical_keys(), other.canonical_keys());
    }
}

#[test]
fn an_interrupt_flag_stops_every_algorithm_like_a_deadline() {
    use std::sync::atomic::{AtomicBool, Ordering};
    // One flag per algorithm: a signal handler's flag is process-wide and never cleared.
    static FLAGS: [AtomicBool; 3] = [const { AtomicBool::new(false) }; 3];
    let algorithms = [
        exact::Algorithm::AlphaBeta,
        exact::Algorithm::Dfpn,
        exact::Algorithm::Portfolio,
    ];
    for (algorithm, flag) in algorithms.into_iter().zip(&FLAGS) {
        let mut s = exact::Solver::new(exact::SolverConfig {
            tt_mb: 16,
            threads: 2,
            algorithm,
            ..exact::SolverConfig::default()
        })
        .unwrap();
        s.set_interrupt(Some(flag));
        // Unset, the flag changes nothing.
        assert_eq!(
            winning_names(&s, &board(3, 3)),
            winning_names(&solver(1), &board(3, 3))
        );
        assert!(!s.stopped(), "{algorithm:?}");
        // Set while 6x6 `d3,a1` is searched (over ten minutes of work): the search unwinds.
        let mut hard = board(6, 6);
        for m in ["d3", "a1"] {
            let mv = hard.parse_move(m).unwrap();
            game::Game::play(&mut hard, mv);
        }
        // A deadline far beyond the flag's moment keeps a broken flag from hanging the test:
        // the search must end long before it.
        let start = std::time::Instant::now();
        s.set_deadline(Some(start + std::time::Duration::from_secs(300)));
        std::thread::scope(|scope| {
            scope.spawn(|| {
                std::thread::sleep(std::time::Duration::from_millis(200));
                flag.store(true, Ordering::Relaxed);
            });
            let _ = s.solve(&hard);
        });
        assert!(s.stopped(), "{algorithm:?}");
        assert!(
            start.elapsed() < std::time::Duration::from_secs(200),
            "{algorithm:?}: the flag did not stop the search ({:?})",
            start.elapsed()
        );
    }
}
