//! The kept linear program of the strategy-generation rounds: rows added by dual simplex,
//! columns by primal simplex, shrunk and refactorised between solves.

use crate::read_tableau;
use crate::simplex::{dual_simplex, pivot, simplex, Kernels};

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
pub(crate) struct WarmLp {
    /// Constraint rows (the row player's working strategies, pool indices).
    pub(crate) rows: Vec<usize>,
    /// Variables (the column player's working strategies, pool indices).
    pub(crate) cols: Vec<usize>,
    /// `(rows + 1) × (cols + rows + 1)`: z columns, slack columns, rhs; objective row last.
    pub(crate) t: Vec<f64>,
    pub(crate) basis: Vec<usize>,
    pub(crate) pivots: usize,
}

impl WarmLp {
    pub(crate) fn width(&self) -> usize {
        self.cols.len() + self.rows.len() + 1
    }

    /// The program of the rows and columns (pool indices), solved from the slack basis.
    pub(crate) fn new(a: &[Vec<u8>], rows: Vec<usize>, cols: Vec<usize>) -> WarmLp {
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
    pub(crate) fn add_cols(&mut self, a: &[Vec<u8>], new: &[usize]) {
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
    pub(crate) fn add_rows(&mut self, a: &[Vec<u8>], new: &[usize]) -> bool {
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
    pub(crate) fn shrink(&mut self, a: &[Vec<u8>]) {
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
    pub(crate) fn solution(&mut self) -> (Vec<f64>, Vec<f64>, f64) {
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

impl WarmLp {
    /// The program as bytes (for checkpoints): little-endian `u64`s — rows, columns and basis
    /// (each a length, then the indices) and the tableau (its length, then each entry's bits),
    /// so that [`WarmLp::from_bytes`] gives back exactly this program.
    pub(crate) fn to_bytes(&self) -> Vec<u8> {
        let mut out =
            Vec::with_capacity(8 * (4 + self.rows.len() + self.cols.len() + self.t.len()));
        let mut put = |x: u64| out.extend_from_slice(&x.to_le_bytes());
        for list in [&self.rows, &self.cols, &self.basis] {
            put(list.len() as u64);
            list.iter().for_each(|&i| put(i as u64));
        }
        put(self.t.len() as u64);
        self.t.iter().for_each(|x| put(x.to_bits()));
        out
    }

    /// The program written by [`WarmLp::to_bytes`], checked for consistency (one basic
    /// variable per constraint, each a column of the tableau; a tableau of the right shape with
    /// finite entries); `Err` names what is wrong.
    pub(crate) fn from_bytes(bytes: &[u8]) -> Result<WarmLp, String> {
        if bytes.len() % 8 != 0 {
            return Err("kept program: length not a multiple of 8".into());
        }
        let mut words = bytes
            .chunks_exact(8)
            .map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes")));
        let total = bytes.len() / 8;
        let mut list = |what: &str| -> Result<Vec<u64>, String> {
            let n = words.next().ok_or(format!("kept program: no {what}"))?;
            if n > total as u64 {
                return Err(format!("kept program: {what} longer than the file"));
            }
            let v: Vec<u64> = words.by_ref().take(n as usize).collect();
            if v.len() as u64 != n {
                return Err(format!("kept program: {what} cut short"));
            }
            Ok(v)
        };
        let index = |v: Vec<u64>| -> Vec<usize> {
            v.into_iter()
                .map(|x| x.min(usize::MAX as u64) as usize)
                .collect()
        };
        let rows = index(list("rows")?);
        let cols = index(list("columns")?);
        let basis = index(list("basis")?);
        let t: Vec<f64> = list("tableau")?.into_iter().map(f64::from_bits).collect();
        let (m, n) = (rows.len(), cols.len());
        if basis.len() != m || basis.iter().any(|&b| b >= n + m) {
            return Err("kept program: basis does not fit the program".into());
        }
        if t.len() != (m + 1) * (n + m + 1) || t.iter().any(|x| !x.is_finite()) {
            return Err("kept program: tableau of the wrong shape or not finite".into());
        }
        Ok(WarmLp {
            rows,
            cols,
            t,
            basis,
            pivots: 0,
        })
    }
}
