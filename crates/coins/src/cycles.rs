//! Counting non-adaptive solutions *without enumerating them*, for problems that use all or
//! nearly all of the `(3^K − 1)/2` lines (the maxima of `K = 4`, where the solutions are far
//! too many to list): Burnside's lemma with the fixed sets of each group element computed from
//! its cycles on the lines, and the sign choices counted by meet-in-the-middle.
//!
//! Let `g` be a signed permutation of the coordinates. It maps signed vectors to signed
//! vectors and lines to lines. Follow a cycle of lines from `ℓ₀` taken as `+ℓ₀`: the images
//! `g(+ℓ₀), g²(+ℓ₀), …` fix the signed vector a `g`-invariant solution must hold on each line
//! of the cycle, until the cycle closes on `+ℓ₀` (*consistent*) or on `−ℓ₀` (*inconsistent*:
//! the solution would need both `±ℓ₀`, so it must skip the whole cycle). A solution `S` is
//! fixed by `g` iff it is a union of whole consistent cycles, each taken with one global sign
//! `ε = ±1` (contributing `ε·c` to the pan sums, `c` the sum of the cycle's signed vectors).
//! So `Fix(g)` = Σ over sets of skipped cycles of total length `L − N` that contain every
//! inconsistent cycle, of the number of sign vectors `ε` with `Σ εᵢ cᵢ` inside the pan-sum box
//! (`[0]^K` without reference coin, `[−1, 1]^K` with it), counted by meet-in-the-middle. With no
//! reference coin a parity cut (proved: `Σ εᵢ cᵢ ≡ Σ cᵢ mod 2`) skips hopeless skip-sets.
//! `g = id` gives the number of solution sets itself.

use crate::nonadaptive::Geometry;
use crate::Problem;
use num_bigint::BigUint;
use std::collections::HashMap;

const MAX_K: usize = crate::MAX_WEIGHINGS as usize;

/// Counts from the cycle method.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CycleCounts {
    /// Solutions up to relabelling the coins (sets of signed vectors): `Fix(id)`.
    pub sets: u128,
    /// Classes: `Σ_g Fix(g) / |G|`.
    pub classes: u128,
    /// Order of the group.
    pub group_order: u64,
    /// Whether `Σ_g Fix(g)` was divisible by `|G|`, as Burnside's lemma requires (a `false`
    /// here would be a bug).
    pub divisible: bool,
}

impl CycleCounts {
    /// Labelled solutions: `sets · N!` (the coins of a solution have distinct vectors).
    pub fn labelled(&self, coins: u16) -> BigUint {
        (1..=coins as u32).map(BigUint::from).product::<BigUint>() * self.sets
    }
}

struct Cycle {
    len: usize,
    consistent: bool,
    sum: [i32; MAX_K],
}

fn cycles(geometry: &Geometry, g: &[u8]) -> Vec<Cycle> {
    let k = geometry.k();
    let lines = geometry.line_codes();
    let index_of = |code: u8| lines.iter().position(|&l| l == code);
    let mut seen = vec![false; lines.len()];
    let mut out = Vec::new();
    for start in 0..lines.len() {
        if seen[start] {
            continue;
        }
        let (mut len, mut sum) = (0, [0i32; MAX_K]);
        let mut current = lines[start]; // the signed vector held on the current line
        let consistent = loop {
            let line = index_of(current).unwrap_or_else(|| {
                index_of(geometry.negated(current)).expect("every vector lies on a line")
            });
            seen[line] = true;
            len += 1;
            let v = geometry.vector(current);
            for t in 0..k {
                sum[t] += v[t] as i32;
            }
            current = g[current as usize];
            if current == lines[start] {
                break true;
            }
            if geometry.negated(current) == lines[start] {
                break false;
            }
        };
        out.push(Cycle {
            len,
            consistent,
            sum,
        });
    }
    out
}

fn pack(v: &[i32; MAX_K]) -> u32 {
    v.iter().fold(0u32, |acc, &x| acc << 8 | (x + 128) as u32)
}

/// Sign vectors `ε` with `Σ εᵢ cᵢ` in the box `[−b, b]^K`, by meet-in-the-middle.
fn signings_in_box(items: &[[i32; MAX_K]], k: usize, b: i32) -> u128 {
    let (first, second) = items.split_at(items.len() / 2);
    let all_sums = |part: &[[i32; MAX_K]]| {
        let mut sums = vec![[0i32; MAX_K]];
        for c in part {
            let mut next = Vec::with_capacity(sums.len() * 2);
            for s in &sums {
                for sign in [1, -1] {
                    let mut t = *s;
                    for i in 0..k {
                        t[i] += sign * c[i];
                    }
                    next.push(t);
                }
            }
            sums = next;
        }
        sums
    };
    let mut left: HashMap<u32, u64> = HashMap::new();
    for s in all_sums(first) {
        *left.entry(pack(&s)).or_default() += 1;
    }
    let targets: Vec<[i32; MAX_K]> = (0..(2 * b as usize + 1).pow(k as u32))
        .map(|mut x| {
            let mut t = [0i32; MAX_K];
            for entry in t.iter_mut().take(k) {
                *entry = (x % (2 * b as usize + 1)) as i32 - b;
                x /= 2 * b as usize + 1;
            }
            t
        })
        .collect();
    let mut total = 0u128;
    for s in all_sums(second) {
        for target in &targets {
            let mut need = [0i32; MAX_K];
            for i in 0..k {
                need[i] = target[i] - s[i];
            }
            total += *left.get(&pack(&need)).unwrap_or(&0) as u128;
        }
    }
    total
}

/// `Fix(g)` for one group element.
fn fixed(cycles: &[Cycle], skips: usize, k: usize, b: i32) -> u128 {
    // Choose the skipped cycles: all inconsistent ones plus consistent ones, total length `skips`.
    let forced: usize = cycles.iter().filter(|c| !c.consistent).map(|c| c.len).sum();
    if forced > skips {
        return 0;
    }
    let optional: Vec<usize> = (0..cycles.len())
        .filter(|&i| cycles[i].consistent && cycles[i].len <= skips - forced)
        .collect();
    let mut total = 0u128;
    let mut skipped = vec![false; cycles.len()];
    fn choose(
        from: usize,
        left: usize,
        optional: &[usize],
        cycles: &[Cycle],
        skipped: &mut Vec<bool>,
        k: usize,
        b: i32,
        total: &mut u128,
    ) {
        if left == 0 {
            let items: Vec<[i32; MAX_K]> = (0..cycles.len())
                .filter(|&i| cycles[i].consistent && !skipped[i])
                .map(|i| cycles[i].sum)
                .collect();
            let parity_ok =
                b > 0 || (0..k).all(|t| items.iter().map(|c| c[t]).sum::<i32>().rem_euclid(2) == 0);
            if parity_ok {
                *total += signings_in_box(&items, k, b);
            }
            return;
        }
        for j in from..optional.len() {
            let i = optional[j];
            if cycles[i].len <= left {
                skipped[i] = true;
                choose(
                    j + 1,
                    left - cycles[i].len,
                    optional,
                    cycles,
                    skipped,
                    k,
                    b,
                    total,
                );
                skipped[i] = false;
            }
        }
    }
    choose(
        0,
        skips - forced,
        &optional,
        cycles,
        &mut skipped,
        k,
        b,
        &mut total,
    );
    total
}

/// Count the non-adaptive solutions of `problem` and their classes by the cycle method, if it
/// skips at most `max_skips` lines (`L − N ≤ max_skips`); `None` otherwise.
pub fn count(problem: &Problem, max_skips: usize) -> Option<CycleCounts> {
    let geometry = Geometry::new(problem.weighings as usize);
    let lines = geometry.line_count();
    let n = problem.coins as usize;
    if n > lines || lines - n > max_skips {
        return None;
    }
    let skips = lines - n;
    let k = geometry.k();
    let b = i32::from(problem.reference_coin);
    let group = geometry.group();
    let mut sets = 0;
    let mut total = 0u128;
    for g in &group {
        let f = fixed(&cycles(&geometry, g), skips, k, b);
        if g.iter()
            .enumerate()
            .all(|(code, &image)| code == image as usize)
        {
            sets = f;
        }
        total += f;
    }
    Some(CycleCounts {
        sets,
        classes: total / group.len() as u128,
        group_order: group.len() as u64,
        divisible: total % group.len() as u128 == 0,
    })
}
