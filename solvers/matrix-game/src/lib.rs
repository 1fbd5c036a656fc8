//! Zero-sum matrix games solved by a dense primal simplex.
//!
//! The row player maximises `xᵀ A y`, the column player minimises it. With every entry shifted
//! to be positive (`B = A + s`, value `v_B = v + s > 0`) the column player's problem is the
//! linear program `max Σz  s.t. B z ≤ 1, z ≥ 0`, whose optimum is `1 / v_B` with `y = v_B z`;
//! the slack basis is feasible, so no phase 1 is needed. The row player's strategy is the dual
//! solution, read from the reduced costs of the slack columns: `x = v_B u`.
//!
//! Pivoting is the steepest-edge rule: the entering column maximises `c_j² / (1 + ‖t_j‖²)`,
//! its reduced cost squared over the squared length of its tableau column, the norms recomputed
//! from the dense tableau at every pivot (one extra read pass). On the double oracle's restricted
//! games it needs far fewer pivots than Dantzig's rule (most negative reduced cost): one
//! restricted solve of 4×2 abrupt Dark Hex at iteration 600, 3,364 pivots instead of 26,846,
//! in a third of the time. The ratio test's ties are broken by the smallest basic index; after
//! a run of degenerate pivots the solver switches to Bland's rule (smallest entering index),
//! which cannot cycle, until a pivot makes progress. The dense tableau has `m × (n + m + 1)`
//! entries: fine for the restricted games of the double oracle (hundreds of pure strategies per
//! side). The two inner loops (the pivot's row update and the column norms) are also compiled
//! for AVX2 and chosen at run time; they never fuse a multiply and an add, so every machine
//! computes the same numbers.
//!
//! [`solve_generated`] (the double oracle's restricted games) keeps one linear program across
//! its strategy-generation rounds instead of solving each round from scratch: new columns are
//! priced with the basis inverse that the slack block of the tableau holds and enter by primal
//! simplex, new rows are expressed in the current basis and made feasible by dual simplex
//! (Harris's ratio test), with a fixed per-row perturbation of the right-hand side that is
//! removed on a copy whenever a solution is read. A round whose solution is not an equilibrium
//! of its working set to 1e-9 rebuilds the program (then falls back to [`solve`]). On 3×3
//! abrupt Dark Hex the rounds after the first then cost tens of pivots instead of hundreds.
//! The weakly dominated strategies are found on bit sets that [`RestrictedSolver`] extends as
//! the game grows; the strategies covering one are the intersection of the strategies that
//! share each of its wins, which shrinks to the strategy alone after a few of them (almost no
//! double-oracle policy is dominated, so a pairwise comparison did quadratic work for nothing).
//!
//! The result is floating point; [`MatrixSolution::row_guarantee`] and
//! [`MatrixSolution::col_guarantee`] are recomputed from the returned strategies, so a caller
//! can see how far from exact they are (the double oracle never relies on them: its brackets
//! come from exact best responses).
//!
//! # Modules
//! - this file: [`MatrixSolution`] and [`solve`] (any real matrix, from scratch);
//! - `simplex`: the inner loops, primal simplex (steepest edge), pivot, dual simplex;
//! - `warm`: the linear program kept across strategy-generation rounds;
//! - `generate`: [`solve_generated`] and [`RestrictedSolver`] (growing 0/1 games);
//! - `dominance`: [`undominated`] on bit sets.
//!
//! The crate's only `unsafe` is in `simplex`: the inner loops compiled with
//! `#[target_feature(enable = "avx2")]`, called only after run-time detection.
#![warn(missing_docs)]

mod dominance;
mod generate;
mod simplex;
#[cfg(test)]
mod tests;
mod warm;

pub use dominance::undominated;
pub use generate::{solve_generated, RestrictedSolver};

/// A solver of a sequence of growing restricted games (rows and columns only appended), as the
/// double oracle asks: `rows0` / `cols0` are the strategies to start from (the previous
/// support and the strategies added since; a hint a solver may ignore).
pub trait RestrictedGameSolver<T> {
    /// An equilibrium of the game `a` (`a[i][j]`: the row player's payoff).
    fn solve(&mut self, a: &[Vec<T>], rows0: &[usize], cols0: &[usize]) -> MatrixSolution;
}

impl RestrictedGameSolver<u8> for RestrictedSolver {
    fn solve(&mut self, a: &[Vec<u8>], rows0: &[usize], cols0: &[usize]) -> MatrixSolution {
        RestrictedSolver::solve(self, a, rows0, cols0)
    }
}

/// Every restricted game of real payoffs solved from scratch by [`solve`] (small games).
#[derive(Debug, Default, Clone, Copy)]
pub struct DenseSolver;

impl RestrictedGameSolver<f64> for DenseSolver {
    fn solve(&mut self, a: &[Vec<f64>], _rows0: &[usize], _cols0: &[usize]) -> MatrixSolution {
        solve(a)
    }
}
use simplex::simplex;

/// Solution of a matrix game.
#[derive(Clone, Debug, PartialEq)]
pub struct MatrixSolution {
    /// The value (row player's payoff) as the LP found it.
    pub value: f64,
    /// The row player's mixed strategy (non-negative, sums to 1).
    pub row: Vec<f64>,
    /// The column player's mixed strategy.
    pub col: Vec<f64>,
    /// `min_j (xᵀA)_j`: what the row strategy guarantees.
    pub row_guarantee: f64,
    /// `max_i (A y)_i`: what the column strategy concedes.
    pub col_guarantee: f64,
    /// Simplex pivots made.
    pub pivots: usize,
}

pub(crate) const EPS: f64 = 1e-10;
pub(crate) const PIVOT_EPS: f64 = 1e-9;
/// The reduced-cost tolerance of the dual simplex's ratio test ([`dual_simplex`]).
pub(crate) const HARRIS_TOL: f64 = 1e-9;

pub(crate) fn normalise(v: &mut [f64]) {
    for x in v.iter_mut() {
        if *x < 0.0 {
            *x = 0.0;
        }
    }
    let s: f64 = v.iter().sum();
    if s > 0.0 {
        for x in v.iter_mut() {
            *x /= s;
        }
    } else {
        let u = 1.0 / v.len() as f64;
        v.iter_mut().for_each(|x| *x = u);
    }
}

/// Solve the game with payoff matrix `a` (`a[i][j]`, row player `i` maximises). Every row must
/// have the same positive length and there must be at least one row.
///
/// If rounding leaves the two guarantees more than 1e-9 apart, the transposed game (the
/// column player's view, `−Aᵀ`) is solved as well and each player keeps the better of its two
/// strategies.
pub fn solve(a: &[Vec<f64>]) -> MatrixSolution {
    assert!(!a.is_empty(), "a matrix game needs a row");
    let n = a[0].len();
    assert!(n > 0 && a.iter().all(|r| r.len() == n), "ragged matrix");
    // Identical rows (columns) are one pure strategy: solve the game without duplicates and
    // give each class's probability to its first member.
    let mut seen = std::collections::HashMap::new();
    let rows: Vec<usize> = (0..a.len())
        .filter(|&i| {
            let k: Vec<u64> = a[i].iter().map(|x| x.to_bits()).collect();
            seen.insert(k, ()).is_none()
        })
        .collect();
    seen.clear();
    let cols: Vec<usize> = (0..n)
        .filter(|&j| {
            let k: Vec<u64> = a.iter().map(|r| r[j].to_bits()).collect();
            seen.insert(k, ()).is_none()
        })
        .collect();
    let reduced: Vec<Vec<f64>> = rows
        .iter()
        .map(|&i| cols.iter().map(|&j| a[i][j]).collect())
        .collect();
    let r = solve_reduced(&reduced);
    let mut row = vec![0.0; a.len()];
    for (k, &i) in rows.iter().enumerate() {
        row[i] = r.row[k];
    }
    let mut col = vec![0.0; n];
    for (k, &j) in cols.iter().enumerate() {
        col[j] = r.col[k];
    }
    MatrixSolution { row, col, ..r }
}

fn solve_reduced(a: &[Vec<f64>]) -> MatrixSolution {
    let s = solve_once(a);
    if s.col_guarantee - s.row_guarantee <= 1e-9 {
        return s;
    }
    let m = a.len();
    let n = a[0].len();
    let t: Vec<Vec<f64>> = (0..n).map(|j| (0..m).map(|i| -a[i][j]).collect()).collect();
    let u = solve_once(&t);
    // In the transposed game the row player is the column player: its guarantee −col.
    let (row, row_guarantee) = if s.row_guarantee >= -u.col_guarantee {
        (s.row, s.row_guarantee)
    } else {
        (u.col, -u.col_guarantee)
    };
    let (col, col_guarantee) = if s.col_guarantee <= -u.row_guarantee {
        (s.col, s.col_guarantee)
    } else {
        (u.row, -u.row_guarantee)
    };
    MatrixSolution {
        value: 0.5 * (row_guarantee + col_guarantee),
        row,
        col,
        row_guarantee,
        col_guarantee,
        pivots: s.pivots + u.pivots,
    }
}

fn solve_once(a: &[Vec<f64>]) -> MatrixSolution {
    let m = a.len();
    let n = a[0].len();
    let min = a
        .iter()
        .flat_map(|r| r.iter())
        .fold(f64::INFINITY, |x, &y| x.min(y));
    let shift = 1.0 - min;
    let w = n + m + 1; // columns: z (n), slacks (m), rhs
    let mut t = vec![0.0f64; (m + 1) * w];
    // Deterministic perturbation of the right-hand side against degeneracy (0/1 games are
    // massively degenerate); removed afterwards.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    for i in 0..m {
        for j in 0..n {
            t[i * w + j] = a[i][j] + shift;
        }
        t[i * w + n + i] = 1.0;
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        t[i * w + w - 1] = 1.0 + 1e-7 * ((seed >> 11) as f64 / (1u64 << 53) as f64);
    }
    // Objective row (index m): reduced costs; maximise Σz → −1 on z.
    for j in 0..n {
        t[m * w + j] = -1.0;
    }
    let mut basis: Vec<usize> = (n..n + m).collect();
    let mut pivots = simplex(&mut t, &mut basis, m, w);
    // Remove the perturbation: with the slack columns holding the basis inverse, the true
    // right-hand side B⁻¹·1 is each row's sum over the slack columns; then re-optimise.
    for i in 0..m {
        let r: f64 = t[i * w + n..i * w + n + m].iter().sum();
        t[i * w + w - 1] = r.max(0.0);
    }
    pivots += simplex(&mut t, &mut basis, m, w);
    let (row, col, value) = read_tableau(&t, &basis, m, n, shift);
    let row_guarantee = (0..n)
        .map(|j| (0..m).map(|i| row[i] * a[i][j]).sum::<f64>())
        .fold(f64::INFINITY, f64::min);
    let col_guarantee = (0..m)
        .map(|i| (0..n).map(|j| a[i][j] * col[j]).sum::<f64>())
        .fold(f64::NEG_INFINITY, f64::max);
    MatrixSolution {
        value,
        row,
        col,
        row_guarantee,
        col_guarantee,
        pivots,
    }
}

/// The strategies and the value read from an optimal tableau of `max Σz, (A + shift) z ≤ 1`
/// (`m` rows, `n` variables, slacks, rhs): the column strategy from the basic variables, the
/// row strategy from the slacks' reduced costs (the duals), both normalised; value `1/Σz − shift`.
pub(crate) fn read_tableau(
    t: &[f64],
    basis: &[usize],
    m: usize,
    n: usize,
    shift: f64,
) -> (Vec<f64>, Vec<f64>, f64) {
    let w = n + m + 1;
    let mut col = vec![0.0; n];
    for (i, &b) in basis.iter().enumerate() {
        if b < n {
            col[b] = t[i * w + w - 1];
        }
    }
    let mut row: Vec<f64> = (0..m).map(|i| t[m * w + n + i]).collect();
    let sum_z: f64 = col.iter().sum();
    let value = if sum_z > 0.0 {
        1.0 / sum_z - shift
    } else {
        f64::NAN
    };
    normalise(&mut col);
    normalise(&mut row);
    (row, col, value)
}
