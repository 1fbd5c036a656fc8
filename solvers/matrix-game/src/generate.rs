//! Strategy generation inside a growing 0/1 game: the double oracle's restricted solver.

use crate::dominance::BitGame;
use crate::warm::WarmLp;
use crate::{solve, MatrixSolution};

/// Solve a 0/1 game (`a[i][j]` = 1 when the row player wins) by generating strategies inside
/// it: weakly dominated rows and columns are removed ([`undominated`]), then the game is solved
/// on a working set that starts from `rows0` / `cols0` (typically the previous support and
/// the strategies added since) and grows by the strategies that do better against the current
/// solution than its value, until none does (to 1e-9). The result is an equilibrium of the
/// whole game; each linear program is only as large as the working set.
pub fn solve_generated(a: &[Vec<u8>], rows0: &[usize], cols0: &[usize]) -> MatrixSolution {
    RestrictedSolver::default().solve(a, rows0, cols0)
}

/// [`solve_generated`] for a sequence of growing games (the double oracle's restricted games:
/// the same matrix with rows and columns appended), keeping the linear program of the last
/// solve: each solve starts from its optimal basis, reduced to the binding constraints and the
/// basic variables and refactorised from the matrix (fresh rounding, [`WarmLp::shrink`]), plus
/// the new start strategies. [`RestrictedSolver::new`]`(true)` solves every round from scratch
/// ([`solve`]) instead.
#[derive(Default)]
pub struct RestrictedSolver {
    lp: Option<WarmLp>,
    /// The game so far as bit sets (for the dominance pools).
    bits: BitGame,
    /// Solve every round from scratch (the earlier method; for comparisons).
    scratch: bool,
}

impl RestrictedSolver {
    /// A solver; with `scratch`, every round of every solve is solved from scratch.
    pub fn new(scratch: bool) -> RestrictedSolver {
        RestrictedSolver {
            lp: None,
            bits: BitGame::default(),
            scratch,
        }
    }

    /// The kept linear program as bytes, for a checkpoint (empty when none is kept): with
    /// [`RestrictedSolver::restore_kept`] on a solver of the same matrix, the next solve
    /// follows exactly the pivots it would have followed (the tableau is kept bit for bit).
    pub fn kept_bytes(&self) -> Vec<u8> {
        self.lp.as_ref().map_or_else(Vec::new, WarmLp::to_bytes)
    }

    /// Keep the program of [`RestrictedSolver::kept_bytes`] (empty bytes: none); `Err` says
    /// why the bytes are not such a program. The dominance bit sets are rebuilt from the
    /// matrix at the next solve, as they would have been extended.
    pub fn restore_kept(&mut self, bytes: &[u8]) -> Result<(), String> {
        self.lp = if bytes.is_empty() {
            None
        } else {
            Some(WarmLp::from_bytes(bytes)?)
        };
        Ok(())
    }

    /// An equilibrium of the 0/1 game `a` (see [`solve_generated`]); `a` must extend the
    /// matrix of the previous call (same entries, rows and columns only appended).
    pub fn solve(&mut self, a: &[Vec<u8>], rows0: &[usize], cols0: &[usize]) -> MatrixSolution {
        let mut lp = self.lp.take();
        if let Some(w) = lp.as_mut() {
            if w.rows.iter().any(|&i| i >= a.len())
                || w.cols
                    .iter()
                    .any(|&j| a.first().is_none_or(|r| j >= r.len()))
            {
                lp = None;
            } else {
                w.shrink(a);
            }
        }
        self.bits.extend(a);
        let pools = self.bits.undominated();
        let (s, lp) = generate(a, pools, rows0, cols0, !self.scratch, lp);
        self.lp = lp;
        s
    }
}

/// [`solve_generated`] with the undominated rows and columns `pools`, continuing from the
/// kept program `lp` (its rows and columns join the working set) if `warm`; returns the
/// program at the end.
///
/// One function of about 160 lines on purpose: every round shares the working sets, the pools,
/// the kept program and the fallbacks, and the order of its steps (price, add, re-solve,
/// rebuild) fixes the pivots and hence the numbers; split up, it would pass all of that
/// state around for no gain in clarity.
fn generate(
    a: &[Vec<u8>],
    (pool_r, pool_c): (Vec<usize>, Vec<usize>),
    rows0: &[usize],
    cols0: &[usize],
    warm: bool,
    mut lp: Option<WarmLp>,
) -> (MatrixSolution, Option<WarmLp>) {
    let m = a.len();
    assert!(m > 0, "a matrix game needs a row");
    let n = a[0].len();
    let mut in_pool_r = vec![false; m];
    pool_r.iter().for_each(|&i| in_pool_r[i] = true);
    let mut in_pool_c = vec![false; n];
    pool_c.iter().for_each(|&j| in_pool_c[j] = true);
    let mut act_r = vec![false; m];
    let mut act_c = vec![false; n];
    for &i in rows0.iter().filter(|&&i| i < m && in_pool_r[i]) {
        act_r[i] = true;
    }
    for &j in cols0.iter().filter(|&&j| j < n && in_pool_c[j]) {
        act_c[j] = true;
    }
    if !act_r.iter().any(|&x| x) {
        act_r[pool_r[0]] = true;
    }
    if !act_c.iter().any(|&x| x) {
        act_c[pool_c[0]] = true;
    }
    let mut pivots = 0;
    if let Some(w) = lp.as_ref() {
        w.rows.iter().for_each(|&i| act_r[i] = true);
        w.cols.iter().for_each(|&j| act_c[j] = true);
    }
    for _round in 0..200 {
        let rs: Vec<usize> = (0..m).filter(|&i| act_r[i]).collect();
        let cs: Vec<usize> = (0..n).filter(|&j| act_c[j]).collect();
        // A solution of the working set with the payoff of every row against its column
        // strategy and of every column against its row strategy (sums over the supports).
        let with_payoffs = |r: MatrixSolution| {
            let against_col = payoffs_against_col(a, &r.col);
            let against_row = payoffs_against_row(a, &r.row);
            (r, against_row, against_col)
        };
        let (r, against_row, against_col) = if warm {
            let mut w = match lp.take() {
                None => WarmLp::new(a, rs.clone(), cs.clone()),
                Some(mut w) => {
                    let mut in_lp = vec![false; m];
                    w.rows.iter().for_each(|&i| in_lp[i] = true);
                    let new_r: Vec<usize> = rs.iter().copied().filter(|&i| !in_lp[i]).collect();
                    let mut in_lp = vec![false; n];
                    w.cols.iter().for_each(|&j| in_lp[j] = true);
                    let new_c: Vec<usize> = cs.iter().copied().filter(|&j| !in_lp[j]).collect();
                    if w.add_rows(a, &new_r) {
                        w.add_cols(a, &new_c);
                        w
                    } else {
                        WarmLp::new(a, rs.clone(), cs.clone())
                    }
                }
            };
            // The kept program's solution, with its guarantees within the working set.
            let read = |w: &mut WarmLp| {
                let (rw, cw, value) = w.solution();
                let mut row = vec![0.0; m];
                for (k, &i) in w.rows.iter().enumerate() {
                    row[i] = rw[k];
                }
                let mut col = vec![0.0; n];
                for (k, &j) in w.cols.iter().enumerate() {
                    col[j] = cw[k];
                }
                let (mut r, against_row, against_col) = with_payoffs(MatrixSolution {
                    value,
                    row,
                    col,
                    row_guarantee: 0.0,
                    col_guarantee: 0.0,
                    pivots: 0,
                });
                r.row_guarantee = cs
                    .iter()
                    .map(|&j| against_row[j])
                    .fold(f64::INFINITY, f64::min);
                r.col_guarantee = rs
                    .iter()
                    .map(|&i| against_col[i])
                    .fold(f64::NEG_INFINITY, f64::max);
                (r, against_row, against_col)
            };
            let mut found = read(&mut w);
            if not_an_equilibrium(&found.0) {
                // The kept tableau has drifted (or was damaged: a NaN fails the test too):
                // rebuild it on this working set.
                let spent = w.pivots;
                w = WarmLp::new(a, rs.clone(), cs.clone());
                w.pivots += spent;
                found = read(&mut w);
                if not_an_equilibrium(&found.0) {
                    found = with_payoffs(solve_sub(a, &rs, &cs));
                    w.pivots += found.0.pivots;
                }
            }
            found.0.pivots = w.pivots;
            w.pivots = 0;
            lp = Some(w);
            found
        } else {
            with_payoffs(solve_sub(a, &rs, &cs))
        };
        pivots += r.pivots;
        // The candidates: the undominated pool, against which no dominated strategy does
        // better while the working set lies in the pool. A kept program may hold strategies
        // that newer ones dominate, and against those a dominated strategy can beat its
        // dominator: then every strategy is a candidate.
        let outside = rs.iter().any(|&i| !in_pool_r[i]) || cs.iter().any(|&j| !in_pool_c[j]);
        let candidates = |pool: &[usize], payoff: &[f64]| -> Vec<(usize, f64)> {
            if outside {
                payoff.iter().copied().enumerate().collect()
            } else {
                pool.iter().map(|&k| (k, payoff[k])).collect()
            }
        };
        let u = candidates(&pool_r, &against_col);
        let w = candidates(&pool_c, &against_row);
        let hi = u.iter().map(|x| x.1).fold(f64::NEG_INFINITY, f64::max);
        let lo = w.iter().map(|x| x.1).fold(f64::INFINITY, f64::min);
        let finish = |r: MatrixSolution| MatrixSolution {
            // Guarantees over the whole game.
            row_guarantee: against_row.iter().copied().fold(f64::INFINITY, f64::min),
            col_guarantee: against_col
                .iter()
                .copied()
                .fold(f64::NEG_INFINITY, f64::max),
            pivots,
            ..r
        };
        if hi - lo <= 1e-9 {
            return (finish(r), lp);
        }
        let grow = (rs.len() + cs.len()) / 8 + 10;
        let mut add_r: Vec<(usize, f64)> = u
            .into_iter()
            .filter(|&(i, v)| !act_r[i] && v > r.col_guarantee + 1e-10)
            .collect();
        add_r.sort_by(|x, y| y.1.total_cmp(&x.1));
        let mut add_c: Vec<(usize, f64)> = w
            .into_iter()
            .filter(|&(j, v)| !act_c[j] && v < r.row_guarantee - 1e-10)
            .collect();
        add_c.sort_by(|x, y| x.1.total_cmp(&y.1));
        if add_r.is_empty() && add_c.is_empty() {
            return (finish(r), lp);
        }
        add_r.iter().take(grow).for_each(|&(i, _)| act_r[i] = true);
        add_c.iter().take(grow).for_each(|&(j, _)| act_c[j] = true);
    }
    // Not reached in practice: fall back to the whole undominated game.
    (solve_sub(a, &pool_r, &pool_c), None)
}

/// Whether a solution read from the kept program fails to be an equilibrium of its working set
/// to 1e-9: its guarantees differ, or (a tableau drifted or damaged, e.g. restored from a
/// corrupted checkpoint) a weight or the value is not finite, negative or the weights do not
/// sum to 1. NaNs fail every test (a minimum over guarantees would skip them).
fn not_an_equilibrium(r: &MatrixSolution) -> bool {
    let mixture_ok = |w: &[f64]| {
        w.iter().all(|x| x.is_finite() && *x >= -1e-9)
            && (w.iter().sum::<f64>() - 1.0).abs() <= 1e-6
    };
    !(r.value.is_finite()
        && mixture_ok(&r.row)
        && mixture_ok(&r.col)
        && r.col_guarantee - r.row_guarantee <= 1e-9)
}

/// The 0/1 game `a` restricted to the rows `rs` and columns `cs`, solved from scratch
/// ([`solve`]), with the strategies over all rows and columns (0 outside the subgame).
fn solve_sub(a: &[Vec<u8>], rs: &[usize], cs: &[usize]) -> MatrixSolution {
    let sub: Vec<Vec<f64>> = rs
        .iter()
        .map(|&i| cs.iter().map(|&j| a[i][j] as f64).collect())
        .collect();
    let r = solve(&sub);
    let mut row = vec![0.0; a.len()];
    for (k, &i) in rs.iter().enumerate() {
        row[i] = r.row[k];
    }
    let mut col = vec![0.0; a[0].len()];
    for (k, &j) in cs.iter().enumerate() {
        col[j] = r.col[k];
    }
    MatrixSolution { row, col, ..r }
}

/// `(A y)_i` for every row `i` of the 0/1 game `a`, summed over the support of `y` (rows in
/// parallel).
fn payoffs_against_col(a: &[Vec<u8>], col: &[f64]) -> Vec<f64> {
    use rayon::prelude::*;
    let support: Vec<usize> = (0..col.len()).filter(|&j| col[j] != 0.0).collect();
    a.par_iter()
        .with_min_len(64)
        .map(|r| support.iter().map(|&j| r[j] as f64 * col[j]).sum())
        .collect()
}

/// `(xᵀ A)_j` for every column `j` of the 0/1 game `a`, summed over the support of `x` in
/// ascending row order (blocks of columns in parallel).
fn payoffs_against_row(a: &[Vec<u8>], row: &[f64]) -> Vec<f64> {
    use rayon::prelude::*;
    const BLOCK: usize = 256;
    let n = a.first().map_or(0, Vec::len);
    let support: Vec<usize> = (0..row.len()).filter(|&i| row[i] != 0.0).collect();
    let mut acc = vec![0.0f64; n];
    acc.par_chunks_mut(BLOCK).enumerate().for_each(|(b, acc)| {
        for &i in &support {
            let (r, x) = (&a[i][b * BLOCK..], row[i]);
            for (s, &v) in acc.iter_mut().zip(r) {
                *s += x * v as f64;
            }
        }
    });
    acc
}
