//! The dense simplex: the inner loops (portable and AVX2), primal simplex with steepest-edge
//! pricing, the pivot, and the dual simplex with Harris's ratio test.

use crate::{EPS, HARRIS_TOL, PIVOT_EPS};

/// The simplex's two inner loops, as function pointers to the fastest build this processor runs.
pub(crate) struct Kernels {
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
    pub(crate) fn detect() -> Kernels {
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
pub(crate) fn simplex(t: &mut [f64], basis: &mut [usize], m: usize, w: usize) -> usize {
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
pub(crate) fn pivot(
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
pub(crate) fn dual_simplex(
    t: &mut [f64],
    basis: &mut [usize],
    m: usize,
    w: usize,
) -> Option<usize> {
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
