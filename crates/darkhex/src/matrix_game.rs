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

const EPS: f64 = 1e-10;
const PIVOT_EPS: f64 = 1e-9;
/// The reduced-cost tolerance of the dual simplex's ratio test ([`dual_simplex`]).
const HARRIS_TOL: f64 = 1e-9;

fn normalise(v: &mut [f64]) {
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

/// The simplex's two inner loops, as function pointers to the fastest build this processor runs.
struct Kernels {
    /// `row -= f · pivot` (the pivot's update of one tableau row).
    sub_scaled: fn(&mut [f64], f64, &[f64]),
    /// `acc[k] += row[k]²` (the column norms of steepest edge).
    add_squares: fn(&mut [f64], &[f64]),
    /// Both in one pass: `row -= f · pivot`, then `acc[k] += row[k]²`.
    sub_scaled_add_squares: fn(&mut [f64], f64, &[f64], &mut [f64]),
}

fn sub_scaled(row: &mut [f64], f: f64, pivot: &[f64]) {
    for (x, &y) in row.iter_mut().zip(pivot) {
        *x -= f * y;
    }
}

fn add_squares(acc: &mut [f64], row: &[f64]) {
    for (a, &x) in acc.iter_mut().zip(row) {
        *a += x * x;
    }
}

fn sub_scaled_add_squares(row: &mut [f64], f: f64, pivot: &[f64], acc: &mut [f64]) {
    for ((x, &y), a) in row.iter_mut().zip(pivot).zip(acc.iter_mut()) {
        *x -= f * y;
        *a += *x * *x;
    }
}

// The same loops compiled for AVX2: wider vectors, and since Rust never contracts a multiply
// and an add into an FMA on its own, each entry is rounded exactly as in the portable loops.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
unsafe fn sub_scaled_avx2(row: &mut [f64], f: f64, pivot: &[f64]) {
    sub_scaled(row, f, pivot)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
unsafe fn add_squares_avx2(acc: &mut [f64], row: &[f64]) {
    add_squares(acc, row)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[allow(unsafe_code)]
unsafe fn sub_scaled_add_squares_avx2(row: &mut [f64], f: f64, pivot: &[f64], acc: &mut [f64]) {
    sub_scaled_add_squares(row, f, pivot, acc)
}

impl Kernels {
    fn detect() -> Kernels {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY (both): AVX2 was detected at run time just above.
            #[allow(unsafe_code)]
            return Kernels {
                sub_scaled: |r, f, p| unsafe { sub_scaled_avx2(r, f, p) },
                add_squares: |a, r| unsafe { add_squares_avx2(a, r) },
                sub_scaled_add_squares: |r, f, p, a| unsafe {
                    sub_scaled_add_squares_avx2(r, f, p, a)
                },
            };
        }
        Kernels {
            sub_scaled,
            add_squares,
            sub_scaled_add_squares,
        }
    }
}

/// Primal simplex on the tableau `t` (`m` constraint rows and the objective row, `w` columns,
/// rhs last) from a feasible `basis`; returns the number of pivots.
fn simplex(t: &mut [f64], basis: &mut [usize], m: usize, w: usize) -> usize {
    let mut pivots = 0usize;
    let mut degenerate_run = 0usize;
    // Columns whose negative reduced cost is rounding noise (no positive pivot): skipped.
    let mut blocked = vec![false; w - 1];
    let limit = 50 * w + 1000;
    let kernels = Kernels::detect();
    // 1 + ‖t_j‖² for every column j (rhs excluded): computed here, then by every pivot's row
    // update in the same pass (rows summed in the same order, so the same numbers).
    let mut norms = vec![1.0f64; w];
    for row in t[..m * w].chunks(w) {
        (kernels.add_squares)(&mut norms, row);
    }
    loop {
        let obj = &t[m * w..m * w + w - 1];
        let bland = degenerate_run > 50;
        let entering = if bland {
            obj.iter()
                .enumerate()
                .position(|(j, &c)| c < -EPS && !blocked[j])
        } else {
            // Steepest edge: the largest c_j² / (1 + ‖t_j‖²) among improving columns.
            let mut best = None;
            let mut bv = 0.0;
            for (j, &c) in obj.iter().enumerate() {
                if c < -EPS && !blocked[j] {
                    let score = c * c / norms[j];
                    if score > bv {
                        bv = score;
                        best = Some(j);
                    }
                }
            }
            best
        };
        let Some(e) = entering else { break };
        // Ratio test (ties: smallest basic index).
        let mut leave: Option<usize> = None;
        let mut best_ratio = f64::INFINITY;
        for i in 0..m {
            let p = t[i * w + e];
            if p > PIVOT_EPS {
                let r = t[i * w + w - 1].max(0.0) / p;
                let better = match leave {
                    None => true,
                    Some(l) => {
                        r < best_ratio - 1e-13 || (r <= best_ratio + 1e-13 && basis[i] < basis[l])
                    }
                };
                if better {
                    best_ratio = r.min(best_ratio);
                    leave = Some(i);
                }
            }
        }
        let Some(l) = leave else {
            // Unbounded cannot happen (B > 0): the reduced cost is rounding noise.
            blocked[e] = true;
            continue;
        };
        if best_ratio <= 1e-13 {
            degenerate_run += 1;
        } else {
            degenerate_run = 0;
        }
        pivot(t, m, w, (l, e), &kernels, Some(&mut norms));
        basis[l] = e;
        pivots += 1;
        if best_ratio > 1e-13 {
            blocked.iter_mut().for_each(|b| *b = false);
        }
        if pivots > limit {
            break;
        }
    }
    pivots
}

/// Pivot the tableau `t` (`m` constraint rows and the objective row, width `w`) on row `l`,
/// column `e`, and leave in `norms` (if wanted: the primal simplex prices with them, the dual
/// simplex and the refactorisation do not) the steepest-edge norms `1 + ‖t_j‖²` of the result,
/// summed in the same pass as the row updates, row by row in index order. The tableau's
/// entries are the same either way.
fn pivot(
    t: &mut [f64],
    m: usize,
    w: usize,
    (l, e): (usize, usize),
    kernels: &Kernels,
    norms: Option<&mut [f64]>,
) {
    let p = t[l * w + e];
    for k in 0..w {
        t[l * w + k] /= p;
    }
    let (before, rest) = t.split_at_mut(l * w);
    let (prow, after) = rest.split_at_mut(w);
    let (after, objective) = after.split_at_mut((m - l - 1) * w);
    let pivot_row: &[f64] = prow;
    if let Some(norms) = norms {
        norms.iter_mut().for_each(|x| *x = 1.0);
        let update = |row: &mut [f64], norms: &mut [f64]| {
            let f = row[e];
            if f != 0.0 {
                (kernels.sub_scaled_add_squares)(row, f, pivot_row, norms);
                debug_assert_eq!(row[e], 0.0);
                row[e] = 0.0;
            } else {
                (kernels.add_squares)(norms, row);
            }
        };
        for row in before.chunks_mut(w) {
            update(row, norms);
        }
        (kernels.add_squares)(norms, pivot_row);
        for row in after.chunks_mut(w) {
            update(row, norms);
        }
    } else {
        for row in before.chunks_mut(w).chain(after.chunks_mut(w)) {
            let f = row[e];
            if f != 0.0 {
                (kernels.sub_scaled)(row, f, pivot_row);
                row[e] = 0.0;
            }
        }
    }
    let f = objective[e];
    if f != 0.0 {
        (kernels.sub_scaled)(objective, f, pivot_row);
        objective[e] = 0.0;
    }
}

/// Dual simplex on the tableau `t` from a dual-feasible `basis` (no reduced cost below −EPS)
/// whose right-hand side may have negative entries: the most negative row leaves, the entering
/// column passes the dual ratio test (ties: smallest index). Returns the pivots, or `None` if
/// it gave up (pivot limit, or no entering column: rounding trouble; the caller then solves
/// from scratch).
fn dual_simplex(t: &mut [f64], basis: &mut [usize], m: usize, w: usize) -> Option<usize> {
    let kernels = Kernels::detect();
    let limit = 50 * w + 1000;
    let mut pivots = 0usize;
    loop {
        let mut leave = None;
        let mut worst = -1e-12;
        for i in 0..m {
            let r = t[i * w + w - 1];
            if r < worst {
                worst = r;
                leave = Some(i);
            }
        }
        let Some(l) = leave else {
            return Some(pivots);
        };
        let row = &t[l * w..l * w + w - 1];
        let obj = &t[m * w..m * w + w - 1];
        // Harris's two-pass ratio test: the bound of the ratios with the reduced costs relaxed
        // by a tolerance, then among the columns within it the largest pivot (a tiny pivot
        // would blow up the tableau's rounding errors).
        let mut bound = f64::INFINITY;
        for j in 0..w - 1 {
            let a = row[j];
            if a < -PIVOT_EPS {
                bound = bound.min((obj[j].max(0.0) + HARRIS_TOL) / -a);
            }
        }
        let mut entering = None;
        let mut biggest = 0.0;
        for j in 0..w - 1 {
            let a = row[j];
            if a < -PIVOT_EPS && obj[j].max(0.0) / -a <= bound && -a > biggest {
                biggest = -a;
                entering = Some(j);
            }
        }
        let e = entering?;
        pivot(t, m, w, (l, e), &kernels, None);
        basis[l] = e;
        pivots += 1;
        if pivots > limit {
            return None;
        }
    }
}

/// The right-hand-side perturbation of the constraint of pool row `i` (deterministic, in
/// `[0, 1e-7)`; against the degeneracy of 0/1 games).
fn noise(i: usize) -> f64 {
    let mut x = (i as u64).wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^= x >> 31;
    1e-7 * ((x >> 11) as f64 / (1u64 << 53) as f64)
}

/// The tableau of `max Σz, (A + 1) z ≤ 1 + noise` for the rows and columns (pool indices) of
/// the 0/1 game `a`, in the slack basis: z columns, slack columns, rhs; objective row last.
fn slack_tableau(a: &[Vec<u8>], rows: &[usize], cols: &[usize]) -> Vec<f64> {
    let (m, n) = (rows.len(), cols.len());
    let w = n + m + 1;
    let mut t = vec![0.0f64; (m + 1) * w];
    for (i, &r) in rows.iter().enumerate() {
        for (j, &c) in cols.iter().enumerate() {
            t[i * w + j] = a[r][c] as f64 + 1.0;
        }
        t[i * w + n + i] = 1.0;
        t[i * w + w - 1] = 1.0 + noise(r);
    }
    for j in 0..n {
        t[m * w + j] = -1.0;
    }
    t
}

/// The linear program of [`solve_once`] for a working set of a 0/1 game, kept optimal while
/// rows and columns are added: new columns keep the basis feasible (primal simplex from it),
/// new rows keep it dual feasible (dual simplex). Entries are shifted by 1 (`B = A + 1 ≥ 1`)
/// whatever the working set, so that the shift never changes; the right-hand side carries a
/// fixed perturbation per row ([`noise`]), removed on a copy when a solution is read.
struct WarmLp {
    /// Constraint rows (the row player's working strategies, pool indices).
    rows: Vec<usize>,
    /// Variables (the column player's working strategies, pool indices).
    cols: Vec<usize>,
    /// `(rows + 1) × (cols + rows + 1)`: z columns, slack columns, rhs; objective row last.
    t: Vec<f64>,
    basis: Vec<usize>,
    pivots: usize,
}

impl WarmLp {
    fn width(&self) -> usize {
        self.cols.len() + self.rows.len() + 1
    }

    /// The program of the rows and columns (pool indices), solved from the slack basis.
    fn new(a: &[Vec<u8>], rows: Vec<usize>, cols: Vec<usize>) -> WarmLp {
        let (m, n) = (rows.len(), cols.len());
        let mut lp = WarmLp {
            t: slack_tableau(a, &rows, &cols),
            rows,
            cols,
            basis: (n..n + m).collect(),
            pivots: 0,
        };
        lp.pivots += simplex(&mut lp.t, &mut lp.basis, m, n + m + 1);
        lp
    }

    /// Add the columns `new` (pool indices) and re-optimise by primal simplex.
    fn add_cols(&mut self, a: &[Vec<u8>], new: &[usize]) {
        if new.is_empty() {
            return;
        }
        let (m, n, d) = (self.rows.len(), self.cols.len(), new.len());
        let (w, w2) = (self.width(), self.width() + d);
        let mut t = vec![0.0f64; (m + 1) * w2];
        // The new columns' entries, constraint-major: `b[q * d + k]` = B[row q][new k].
        let b: Vec<f64> = self
            .rows
            .iter()
            .flat_map(|&r| new.iter().map(move |&c| a[r][c] as f64 + 1.0))
            .collect();
        let mut v = vec![0.0f64; d];
        for i in 0..=m {
            let old = &self.t[i * w..(i + 1) * w];
            let row = &mut t[i * w2..(i + 1) * w2];
            row[..n].copy_from_slice(&old[..n]);
            row[n + d..].copy_from_slice(&old[n..]);
            // The new columns in the current basis: B⁻¹ b (B⁻¹ is the slack block), and on the
            // objective row the reduced cost −1 + yᵀ b. Each sum runs in constraint order from
            // −0 (as `Iterator::sum`), the new columns side by side.
            let inverse = &old[n..n + m];
            v.fill(-0.0);
            for (&y, bq) in inverse.iter().zip(b.chunks_exact(d)) {
                for (s, &x) in v.iter_mut().zip(bq) {
                    *s += y * x;
                }
            }
            if i == m {
                v.iter_mut().for_each(|s| *s -= 1.0);
            }
            row[n..n + d].copy_from_slice(&v);
        }
        for b in self.basis.iter_mut() {
            if *b >= n {
                *b += d;
            }
        }
        self.cols.extend_from_slice(new);
        self.t = t;
        self.pivots += simplex(&mut self.t, &mut self.basis, m, w2);
    }

    /// Add the rows `new` (pool indices) and restore feasibility by dual simplex; false if it
    /// gave up.
    fn add_rows(&mut self, a: &[Vec<u8>], new: &[usize]) -> bool {
        if new.is_empty() {
            return true;
        }
        let (m, n, d) = (self.rows.len(), self.cols.len(), new.len());
        let (w, w2) = (self.width(), self.width() + d);
        let m2 = m + d;
        let mut t = vec![0.0f64; (m2 + 1) * w2];
        // Old rows (and the objective, moved last): new slack columns are 0.
        for i in 0..=m {
            let old = &self.t[i * w..(i + 1) * w];
            let to = if i == m { m2 } else { i };
            let row = &mut t[to * w2..(to + 1) * w2];
            row[..n + m].copy_from_slice(&old[..n + m]);
            row[w2 - 1] = old[w - 1];
        }
        for (k, &r) in new.iter().enumerate() {
            let i = m + k;
            let (head, tail) = t.split_at_mut(i * w2);
            let row = &mut tail[..w2];
            for (j, &c) in self.cols.iter().enumerate() {
                row[j] = a[r][c] as f64 + 1.0;
            }
            row[n + m + k] = 1.0;
            row[w2 - 1] = 1.0 + noise(r);
            // Eliminate the basic variables: subtract b_j × (the row where z_j is basic).
            for (q, &b) in self.basis.iter().enumerate() {
                if b < n {
                    let f = a[r][self.cols[b]] as f64 + 1.0;
                    let basic = &head[q * w2..(q + 1) * w2];
                    for (x, &y) in row.iter_mut().zip(basic) {
                        *x -= f * y;
                    }
                    row[b] = 0.0;
                }
            }
        }
        self.basis.extend((0..d).map(|k| n + m + k));
        self.rows.extend_from_slice(new);
        self.t = t;
        match dual_simplex(&mut self.t, &mut self.basis, m2, w2) {
            Some(p) => {
                self.pivots += p;
                // Rounding may leave a reduced cost slightly negative: polish by primal simplex.
                self.pivots += simplex(&mut self.t, &mut self.basis, m2, w2);
                true
            }
            None => false,
        }
    }

    /// Drop the constraints whose slack is basic (not binding) and the variables that are
    /// nonbasic (zero), and rebuild the smaller program's tableau from the matrix `a` for the
    /// remaining basis (fresh rounding, [`refactorised`]). If that basis is singular in the
    /// fresh tableau, the kept part of the old tableau is used: it is the optimal tableau of
    /// the smaller program.
    fn shrink(&mut self, a: &[Vec<u8>]) {
        let (m, n, w) = (self.rows.len(), self.cols.len(), self.width());
        let mut keep_row = vec![true; m];
        let mut keep_con = vec![true; m];
        let mut basic_z = vec![false; n];
        for (i, &b) in self.basis.iter().enumerate() {
            if b >= n {
                keep_row[i] = false;
                keep_con[b - n] = false;
            } else {
                basic_z[b] = true;
            }
        }
        let mut map = vec![usize::MAX; w];
        let mut next = 0;
        for j in 0..n {
            if basic_z[j] {
                map[j] = next;
                next += 1;
            }
        }
        for k in 0..m {
            if keep_con[k] {
                map[n + k] = next;
                next += 1;
            }
        }
        map[w - 1] = next;
        let w2 = next + 1;
        let rows: Vec<usize> = (0..m)
            .filter(|&k| keep_con[k])
            .map(|k| self.rows[k])
            .collect();
        let cols: Vec<usize> = (0..n)
            .filter(|&j| basic_z[j])
            .map(|j| self.cols[j])
            .collect();
        let basis: Vec<usize> = (0..m)
            .filter(|&i| keep_row[i])
            .map(|i| map[self.basis[i]])
            .collect();
        if let Some((t, basis)) = refactorised(a, &rows, &cols, &basis) {
            (self.rows, self.cols, self.t, self.basis) = (rows, cols, t, basis);
            let (m, w) = (self.rows.len(), self.width());
            self.pivots += simplex(&mut self.t, &mut self.basis, m, w);
            return;
        }
        let mut t = vec![0.0f64; (basis.len() + 1) * w2];
        for (row, i) in t
            .chunks_mut(w2)
            .zip((0..=m).filter(|&i| i == m || keep_row[i]))
        {
            for (j, &x) in self.t[i * w..(i + 1) * w].iter().enumerate() {
                if map[j] != usize::MAX {
                    row[map[j]] = x;
                }
            }
        }
        (self.rows, self.cols, self.t, self.basis) = (rows, cols, t, basis);
    }

    /// The solution without the perturbation (re-optimised on a copy): row strategy, column
    /// strategy (over the working rows / columns, normalised) and the value of `A`.
    fn solution(&mut self) -> (Vec<f64>, Vec<f64>, f64) {
        let (m, n, w) = (self.rows.len(), self.cols.len(), self.width());
        let mut t = self.t.clone();
        let mut basis = self.basis.clone();
        for i in 0..m {
            t[i * w + w - 1] = t[i * w + n..i * w + n + m].iter().sum();
        }
        // Without the perturbation a degenerate vertex may have slightly negative basic
        // variables: the basis is still dual feasible, so the dual simplex repairs it.
        if let Some(p) = dual_simplex(&mut t, &mut basis, m, w) {
            self.pivots += p;
        }
        for i in 0..m {
            t[i * w + w - 1] = t[i * w + w - 1].max(0.0);
        }
        self.pivots += simplex(&mut t, &mut basis, m, w);
        read_tableau(&t, &basis, m, n, 1.0)
    }
}

/// The tableau of the working set `rows` × `cols` of the 0/1 game `a` for `basis` (one basic
/// variable per row, each a column `< cols.len()`; see [`WarmLp::shrink`]), built from the
/// matrix: the slack-basis tableau, then one pivot per basic variable, each on the row (among
/// those whose slack must still leave) with the largest entry. `None` if the basis is singular.
fn refactorised(
    a: &[Vec<u8>],
    rows: &[usize],
    cols: &[usize],
    basis: &[usize],
) -> Option<(Vec<f64>, Vec<usize>)> {
    let (m, n) = (rows.len(), cols.len());
    let w = n + m + 1;
    let mut t = slack_tableau(a, rows, cols);
    let kernels = Kernels::detect();
    let mut fresh: Vec<usize> = (n..n + m).collect();
    let mut slack_stays = vec![false; m];
    for &b in basis {
        if b >= n {
            slack_stays[b - n] = true;
        }
    }
    // Rows whose slack is still basic and must leave.
    let mut open: Vec<bool> = (0..m).map(|i| !slack_stays[i]).collect();
    for &j in basis.iter().filter(|&&b| b < n) {
        let mut best = None;
        let mut big = 1e-9;
        for i in 0..m {
            let x = t[i * w + j].abs();
            if open[i] && x > big {
                big = x;
                best = Some(i);
            }
        }
        let l = best?;
        pivot(&mut t, m, w, (l, j), &kernels, None);
        fresh[l] = j;
        open[l] = false;
    }
    Some((t, fresh))
}

/// The strategies and the value read from an optimal tableau of `max Σz, (A + shift) z ≤ 1`
/// (`m` rows, `n` variables, slacks, rhs): the column strategy from the basic variables, the
/// row strategy from the slacks' reduced costs (the duals), both normalised; value `1/Σz − shift`.
fn read_tableau(
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
            if found.0.col_guarantee - found.0.row_guarantee > 1e-9 {
                // The kept tableau has drifted: rebuild it on this working set.
                let spent = w.pivots;
                w = WarmLp::new(a, rs.clone(), cs.clone());
                w.pivots += spent;
                found = read(&mut w);
                if found.0.col_guarantee - found.0.row_guarantee > 1e-9 {
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

/// Iterated elimination of weakly dominated strategies in a 0/1 game (`a[i][j]` = 1 when the
/// row player wins): returns the surviving rows and columns, ascending. Row `i` goes when a
/// surviving row wins everywhere `i` wins (and, if identical, has a smaller index); column `j`
/// when a surviving column loses everywhere `j` loses. An equilibrium of the surviving game is
/// an equilibrium of the whole one (a removed strategy does no better than its dominator
/// against the opponent's equilibrium strategy), and the value is the same.
pub fn undominated(a: &[Vec<u8>]) -> (Vec<usize>, Vec<usize>) {
    let mut g = BitGame::default();
    g.extend(a);
    g.undominated()
}

/// A 0/1 game as bit sets: each row over the columns (where it wins), each column over the
/// rows (where it loses to them). [`BitGame::extend`] follows a growing matrix (rows and
/// columns appended) at the cost of the new entries only.
#[derive(Default, Debug, Clone)]
struct BitGame {
    m: usize,
    n: usize,
    /// `rows[i]`: bit `j` set when row `i` wins against column `j`.
    rows: Vec<Vec<u64>>,
    /// `cols[j]`: bit `i` set when row `i` wins against column `j`.
    cols: Vec<Vec<u64>>,
}

impl BitGame {
    /// Catch up with `a`, which must extend the matrix seen so far (same entries, rows and
    /// columns only appended); a smaller matrix starts over.
    fn extend(&mut self, a: &[Vec<u8>]) {
        let (m, n) = (a.len(), a.first().map_or(0, Vec::len));
        if m < self.m || n < self.n {
            *self = BitGame::default();
        }
        let set = |bits: &mut Vec<u64>, k: usize| bits[k / 64] |= 1 << (k % 64);
        for (i, r) in a.iter().enumerate() {
            let bits = if i < self.m {
                &mut self.rows[i]
            } else {
                self.rows.push(Vec::new());
                &mut self.rows[i]
            };
            bits.resize(n.div_ceil(64), 0);
            let from = if i < self.m { self.n } else { 0 };
            for (j, &x) in r.iter().enumerate().skip(from) {
                if x != 0 {
                    set(bits, j);
                }
            }
        }
        self.cols.resize(n, Vec::new());
        for (j, bits) in self.cols.iter_mut().enumerate() {
            bits.resize(m.div_ceil(64), 0);
            let from = if j < self.n { self.m } else { 0 };
            for (i, r) in a.iter().enumerate().skip(from) {
                if r[j] != 0 {
                    set(bits, i);
                }
            }
        }
        (self.m, self.n) = (m, n);
    }

    /// [`undominated`] of the game.
    fn undominated(&self) -> (Vec<usize>, Vec<usize>) {
        let mut rows: Vec<usize> = (0..self.m).collect();
        let mut cols: Vec<usize> = (0..self.n).collect();
        // A row's set: the surviving columns it beats; a column's: the surviving rows it beats
        // (the complement of its bits). A pass leaves no member dominated (a dominated member
        // has an undominated dominator, which stays), so a side is pruned again only after
        // the other side lost members.
        let (mut rows_dirty, mut cols_dirty) = (true, true);
        while rows_dirty || cols_dirty {
            if rows_dirty {
                let before = rows.len();
                prune(&mut rows, self.m, &self.rows, &self.cols, &cols, false);
                rows_dirty = false;
                cols_dirty |= rows.len() != before;
            }
            if cols_dirty {
                let before = cols.len();
                prune(&mut cols, self.n, &self.cols, &self.rows, &rows, true);
                cols_dirty = false;
                rows_dirty |= cols.len() != before;
            }
        }
        (rows, cols)
    }
}

/// Remove from `alive` (ascending members of a side of `len` strategies) each member
/// dominated by another member: `x` is dominated by `y` when the set of `y` covers the set of
/// `x` and they differ or `y` comes first. A member's set is the surviving `other` strategies
/// whose bit in `bits[x]` is set (`complement`: clear); `other_bits[o]` is the bit set of `o`
/// over this side. The members covering `x` are the intersection, over the strategies `o` of
/// the set of `x`, of the members that have `o` in their set: it usually shrinks to `x` alone
/// after a few strategies, which ends the check.
fn prune(
    alive: &mut Vec<usize>,
    len: usize,
    bits: &[Vec<u64>],
    other_bits: &[Vec<u64>],
    other: &[usize],
    complement: bool,
) {
    let words = len.div_ceil(64);
    let mut alive_mask = vec![0u64; words];
    alive
        .iter()
        .for_each(|&k| alive_mask[k / 64] |= 1 << (k % 64));
    let other_words = other_bits.len().div_ceil(64);
    let mut other_mask = vec![0u64; other_words];
    other
        .iter()
        .for_each(|&k| other_mask[k / 64] |= 1 << (k % 64));
    let flip = if complement { u64::MAX } else { 0 };
    // Size of each member's set (indexed by member).
    let mut pop = vec![0u32; len];
    for &x in alive.iter() {
        pop[x] = bits[x]
            .iter()
            .zip(&other_mask)
            .map(|(&b, &m)| ((b ^ flip) & m).count_ones())
            .sum();
    }
    use rayon::prelude::*;
    let keep: Vec<bool> = alive
        .par_iter()
        .map(|&x| {
            let mut cand = alive_mask.clone();
            let bx = &bits[x];
            let mut since_check = 0;
            for (w, (&b, &m)) in bx.iter().zip(&other_mask).enumerate() {
                let mut set = (b ^ flip) & m;
                while set != 0 {
                    let o = w * 64 + set.trailing_zeros() as usize;
                    set &= set - 1;
                    for (c, &ob) in cand.iter_mut().zip(&other_bits[o]) {
                        *c &= ob ^ flip;
                    }
                    since_check += 1;
                    if since_check == 8 {
                        since_check = 0;
                        if cand.iter().map(|c| c.count_ones()).sum::<u32>() <= 1 {
                            return true;
                        }
                    }
                }
            }
            // Every member left covers `x`: a strict superset, or an equal set that comes first.
            !cand.iter().enumerate().any(|(w, &c)| {
                let mut c = c;
                while c != 0 {
                    let y = w * 64 + c.trailing_zeros() as usize;
                    c &= c - 1;
                    if y != x && (pop[y] > pop[x] || y < x) {
                        return true;
                    }
                }
                false
            })
        })
        .collect();
    let mut k = keep.iter();
    alive.retain(|_| *k.next().expect("one flag per member"));
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn random_game(
        next: &mut impl FnMut() -> u64,
        m: usize,
        n: usize,
        density: u64,
    ) -> Vec<Vec<u8>> {
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
}
