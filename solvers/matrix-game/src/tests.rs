//! Tests of the matrix-game solver: hand-solved games, regret matching, warm starts, dominance.

use super::*;
use crate::dominance::BitGame;
use std::cmp::Ordering;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn hand_solved_games() {
    // Matching pennies: value 0, both uniform.
    let s = solve(&[vec![1.0, -1.0], vec![-1.0, 1.0]]);
    assert!(close(s.value, 0.0));
    assert!(close(s.row[0], 0.5) && close(s.col[0], 0.5));
    // Rock–paper–scissors.
    let s = solve(&[
        vec![0.0, -1.0, 1.0],
        vec![1.0, 0.0, -1.0],
        vec![-1.0, 1.0, 0.0],
    ]);
    assert!(close(s.value, 0.0));
    assert!(s.row.iter().all(|&x| close(x, 1.0 / 3.0)));
    // A saddle point: row 1 / column 0, value 3.
    let s = solve(&[vec![1.0, 5.0], vec![3.0, 4.0]]);
    assert!(close(s.value, 3.0));
    assert!(close(s.row[1], 1.0) && close(s.col[0], 1.0));
    // [[2, -1], [-1, 1]]: x = (2/5, 3/5), y = (2/5, 3/5), value 1/5.
    let s = solve(&[vec![2.0, -1.0], vec![-1.0, 1.0]]);
    assert!(close(s.value, 0.2));
    assert!(close(s.row[0], 0.4) && close(s.col[0], 0.4));
    // Dominated rows and columns, 0/1 payoffs like Dark Hex's.
    let s = solve(&[
        vec![1.0, 0.0, 1.0],
        vec![0.0, 1.0, 1.0],
        vec![0.0, 0.0, 1.0],
    ]);
    assert!(close(s.value, 0.5));
    assert!(close(s.row_guarantee, 0.5) && close(s.col_guarantee, 0.5));
}

/// Regret matching's average strategies converge to an equilibrium: an independent check
/// of the simplex on random 0/1 matrices (the double oracle's kind).
#[test]
fn agrees_with_regret_matching_on_random_binary_games() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    for trial in 0..20 {
        let m = 2 + trial % 7;
        let n = 2 + (trial * 3) % 8;
        let a: Vec<Vec<f64>> = (0..m)
            .map(|_| (0..n).map(|_| (next() % 2) as f64).collect())
            .collect();
        let s = solve(&a);
        assert!(s.row_guarantee <= s.value + 1e-9 && s.value <= s.col_guarantee + 1e-9);
        assert!(
            s.col_guarantee - s.row_guarantee < 1e-9,
            "trial {trial}: {s:?}"
        );
        // Regret matching+ (alternating updates), averaged.
        let (mut rr, mut rc) = (vec![0.0; m], vec![0.0; n]);
        let (mut ar, mut ac) = (vec![0.0; m], vec![0.0; n]);
        let strat = |r: &[f64]| {
            let mut p: Vec<f64> = r.iter().map(|&v: &f64| v.max(0.0)).collect();
            normalise(&mut p);
            p
        };
        for it in 1..=20000 {
            let p = strat(&rr);
            let q = strat(&rc);
            let u: Vec<f64> = (0..m)
                .map(|i| (0..n).map(|j| a[i][j] * q[j]).sum())
                .collect();
            let ev: f64 = (0..m).map(|i| p[i] * u[i]).sum();
            for i in 0..m {
                rr[i] = (rr[i] + u[i] - ev).max(0.0);
                ar[i] += it as f64 * p[i];
            }
            let p = strat(&rr);
            let v: Vec<f64> = (0..n)
                .map(|j| (0..m).map(|i| -a[i][j] * p[i]).sum())
                .collect();
            let ev: f64 = (0..n).map(|j| q[j] * v[j]).sum();
            for j in 0..n {
                rc[j] = (rc[j] + v[j] - ev).max(0.0);
                ac[j] += it as f64 * q[j];
            }
        }
        normalise(&mut ar);
        normalise(&mut ac);
        let lo = (0..n)
            .map(|j| (0..m).map(|i| ar[i] * a[i][j]).sum::<f64>())
            .fold(f64::INFINITY, f64::min);
        let hi = (0..m)
            .map(|i| (0..n).map(|j| a[i][j] * ac[j]).sum::<f64>())
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(lo <= s.value + 1e-9 && s.value <= hi + 1e-9);
        assert!(
            hi - lo < 1e-2,
            "regret matching did not converge: {lo} {hi}"
        );
    }
}

#[test]
fn removing_dominated_strategies_keeps_the_value() {
    let mut next = xorshift(0x1234_5678_9abc_def1);
    for trial in 0..40 {
        let m = 3 + trial % 40;
        let n = 3 + (trial * 7) % 45;
        let a = random_game(&mut next, m, n, 3);
        let f = |a: &[Vec<u8>]| -> Vec<Vec<f64>> {
            a.iter()
                .map(|r| r.iter().map(|&v| v as f64).collect())
                .collect()
        };
        let full = solve(&f(&a));
        let (rows, cols) = undominated(&a);
        assert!(!rows.is_empty() && !cols.is_empty());
        let sub: Vec<Vec<u8>> = rows
            .iter()
            .map(|&i| cols.iter().map(|&j| a[i][j]).collect())
            .collect();
        let red = solve(&f(&sub));
        assert!((full.value - red.value).abs() < 1e-9, "trial {trial}");
        // Strategy generation from a poor start reaches the same value.
        let g = solve_generated(&a, &[m - 1], &[0]);
        assert!((full.value - g.value).abs() < 1e-9, "trial {trial}");
        assert!(g.col_guarantee - g.row_guarantee < 1e-9, "trial {trial}");
        // The reduced equilibrium, lifted, guarantees the value in the whole game.
        let mut row = vec![0.0; m];
        for (k, &i) in rows.iter().enumerate() {
            row[i] = red.row[k];
        }
        let mut col = vec![0.0; n];
        for (k, &j) in cols.iter().enumerate() {
            col[j] = red.col[k];
        }
        let lo = (0..n)
            .map(|j| (0..m).map(|i| row[i] * a[i][j] as f64).sum::<f64>())
            .fold(f64::INFINITY, f64::min);
        let hi = (0..m)
            .map(|i| (0..n).map(|j| a[i][j] as f64 * col[j]).sum::<f64>())
            .fold(f64::NEG_INFINITY, f64::max);
        assert!((lo - full.value).abs() < 1e-9 && (hi - full.value).abs() < 1e-9);
    }
}

/// A xorshift generator from `seed` (deterministic test data).
fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// An `m × n` 0/1 game whose entries are 1 with probability `1 / density`.
fn random_game(next: &mut impl FnMut() -> u64, m: usize, n: usize, density: u64) -> Vec<Vec<u8>> {
    (0..m)
        .map(|_| (0..n).map(|_| (next() % density == 0) as u8).collect())
        .collect()
}

/// The warm-started rounds ([`WarmLp`]: rows added by dual simplex, columns by primal)
/// reach an equilibrium of the same value as solving every round from scratch, on random
/// 0/1 games of double-oracle size grown from poor starting sets (many rounds), and on
/// degenerate identity-like games.
#[test]
fn warm_rounds_agree_with_scratch_rounds() {
    let mut next = xorshift(0x0dd_ba11_cafe_f00d);
    for trial in 0..24 {
        let m = 20 + (trial * 37) % 160;
        let n = 20 + (trial * 53) % 170;
        let a = random_game(&mut next, m, n, 2 + trial as u64 % 5);
        let rows0: Vec<usize> = (0..m).filter(|i| i % 7 == 0).collect();
        let cols0: Vec<usize> = (0..n).filter(|j| j % 11 == 3).collect();
        let warm = solve_generated(&a, &rows0, &cols0);
        let cold = RestrictedSolver::new(true).solve(&a, &rows0, &cols0);
        assert!((warm.value - cold.value).abs() < 1e-9, "trial {trial}");
        assert!(
            warm.col_guarantee - warm.row_guarantee < 1e-9,
            "trial {trial}: {} {}",
            warm.row_guarantee,
            warm.col_guarantee
        );
        assert!((warm.row_guarantee - cold.row_guarantee).abs() < 1e-9);
    }
    for k in [7usize, 60] {
        let a: Vec<Vec<u8>> = (0..k)
            .map(|i| (0..k).map(|j| (i == j) as u8).collect())
            .collect();
        let g = solve_generated(&a, &[0], &[k - 1]);
        assert!((g.row_guarantee - 1.0 / k as f64).abs() < 1e-9);
        assert!((g.col_guarantee - 1.0 / k as f64).abs() < 1e-9);
    }
}

/// [`undominated`] by its definition, on the matrix entries directly (no bit sets, no
/// population counts): passes over rows then columns until nothing changes; a member goes
/// when another member of its side that is still kept at that point wins (rows) or loses
/// (columns) at least wherever it does, on the surviving strategies of the other side, and
/// differs from it or comes first.
fn undominated_reference(a: &[Vec<u8>]) -> (Vec<usize>, Vec<usize>) {
    let n = a.first().map_or(0, Vec::len);
    let mut rows: Vec<usize> = (0..a.len()).collect();
    let mut cols: Vec<usize> = (0..n).collect();
    // `covers(y, x)`: y is at least as good as x for its player against every `other`.
    let pass = |side: &mut Vec<usize>,
                other: &[usize],
                covers: &dyn Fn(usize, usize, usize) -> Ordering| {
        let mut keep = vec![true; side.len()];
        for x in 0..side.len() {
            for y in 0..side.len() {
                if y == x || !keep[y] {
                    continue;
                }
                let cmp: Vec<Ordering> =
                    other.iter().map(|&o| covers(side[y], side[x], o)).collect();
                let weakly = cmp.iter().all(|&c| c != Ordering::Less);
                let equal = cmp.iter().all(|&c| c == Ordering::Equal);
                if weakly && (!equal || y < x) {
                    keep[x] = false;
                    break;
                }
            }
        }
        let mut k = keep.iter();
        side.retain(|_| *k.next().unwrap());
    };
    loop {
        let before = (rows.len(), cols.len());
        pass(&mut rows, &cols, &|y, x, j| a[y][j].cmp(&a[x][j]));
        pass(&mut cols, &rows, &|y, x, i| a[i][x].cmp(&a[i][y]));
        if (rows.len(), cols.len()) == before {
            return (rows, cols);
        }
    }
}

#[test]
fn undominated_agrees_with_its_definition() {
    let mut next = xorshift(0xfeed_5eed_1234_abcd);
    for trial in 0..60 {
        let m = 1 + (trial * 13) % 150;
        let n = 1 + (trial * 29) % 140;
        let mut a = random_game(&mut next, m, n, 2 + trial as u64 % 6);
        // Duplicate some rows and columns (the tie rule).
        if m > 3 {
            a[m - 1] = a[1].clone();
        }
        if n > 3 {
            for r in a.iter_mut() {
                r[n - 1] = r[0];
            }
        }
        assert_eq!(undominated(&a), undominated_reference(&a), "trial {trial}");
    }
}

/// A bit-set game extended step by step (rows and columns appended unevenly, across word
/// boundaries) holds the same bits as one built at once, and shrinking starts over.
#[test]
fn extended_bit_game_equals_a_fresh_one() {
    let mut next = xorshift(0x0b17_5e75_9a3e);
    let full = random_game(&mut next, 150, 140, 3);
    let mut g = BitGame::default();
    let (mut m, mut n) = (0, 0);
    while m < 150 || n < 140 {
        m = (m + 1 + (next() % 40) as usize).min(150);
        n = (n + (next() % 40) as usize).min(140);
        let a: Vec<Vec<u8>> = full[..m].iter().map(|r| r[..n].to_vec()).collect();
        g.extend(&a);
        let mut fresh = BitGame::default();
        fresh.extend(&a);
        assert_eq!(
            (g.m, g.n, &g.rows, &g.cols),
            (m, n, &fresh.rows, &fresh.cols)
        );
        assert_eq!(g.undominated(), undominated_reference(&a), "{m}×{n}");
    }
    let small: Vec<Vec<u8>> = full[..3].iter().map(|r| r[..2].to_vec()).collect();
    g.extend(&small);
    let mut fresh = BitGame::default();
    fresh.extend(&small);
    assert_eq!((&g.rows, &g.cols), (&fresh.rows, &fresh.cols));
}

/// The kept program across a sequence of growing games (the double oracle's use: one row
/// and one column appended per solve, starting from the last supports) gives equilibria of
/// the same value as solving from scratch.
#[test]
fn kept_program_follows_growing_games() {
    let mut next = xorshift(0x05ee_d0f9_a3e5);
    for trial in 0..6 {
        let density = 2 + trial % 3;
        let mut a: Vec<Vec<u8>> = vec![vec![(next() % 2) as u8]];
        let mut kept = RestrictedSolver::new(false);
        let mut support = (vec![0usize], vec![0usize]);
        for step in 0..120 {
            let s = kept.solve(&a, &support.0, &support.1);
            let c = RestrictedSolver::new(true).solve(&a, &support.0, &support.1);
            assert!(
                (s.value - c.value).abs() < 1e-9 && s.col_guarantee - s.row_guarantee < 1e-9,
                "trial {trial} step {step}: kept {s:?} scratch value {}",
                c.value
            );
            support = (
                (0..s.row.len()).filter(|&i| s.row[i] > 0.0).collect(),
                (0..s.col.len()).filter(|&j| s.col[j] > 0.0).collect(),
            );
            // Append a row and a column.
            let n = a[0].len();
            for r in a.iter_mut() {
                r.push((next() % density as u64 == 0) as u8);
            }
            a.push(
                (0..=n)
                    .map(|_| (next() % density as u64 != 0) as u8)
                    .collect(),
            );
            support.0.push(a.len() - 1);
            support.1.push(n);
        }
    }
}

#[test]
fn larger_degenerate_games_stay_exact() {
    // Identity-like 0/1 games of growing size: value 1/k.
    for k in [5usize, 40, 120] {
        let a: Vec<Vec<f64>> = (0..k)
            .map(|i| (0..k).map(|j| (i == j) as u8 as f64).collect())
            .collect();
        let s = solve(&a);
        assert!((s.value - 1.0 / k as f64).abs() < 1e-9);
        assert!((s.row_guarantee - 1.0 / k as f64).abs() < 1e-9);
        assert!((s.col_guarantee - 1.0 / k as f64).abs() < 1e-9);
    }
}
