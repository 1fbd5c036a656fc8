//! Iterated elimination of weakly dominated strategies in 0/1 games, on bit sets.

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
pub(crate) struct BitGame {
    pub(crate) m: usize,
    pub(crate) n: usize,
    /// `rows[i]`: bit `j` set when row `i` wins against column `j`.
    pub(crate) rows: Vec<Vec<u64>>,
    /// `cols[j]`: bit `i` set when row `i` wins against column `j`.
    pub(crate) cols: Vec<Vec<u64>>,
}

impl BitGame {
    /// Catch up with `a`, which must extend the matrix seen so far (same entries, rows and
    /// columns only appended); a smaller matrix starts over.
    pub(crate) fn extend(&mut self, a: &[Vec<u8>]) {
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
    pub(crate) fn undominated(&self) -> (Vec<usize>, Vec<usize>) {
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
