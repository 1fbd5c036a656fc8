//! Non-adaptive strategies: depth-first search over signed lines, enumeration, and symmetry
//! classes counted by canonical forms and by Burnside's lemma.
//!
//! Representation: a coin's positions over the `K` weighings form a vector `v ∈ {−1,0,+1}^K`
//! (`+1` left pan, `−1` right pan), stored as the base-3 code `Σ_t (v[t] + 1)·3^t < 3^K ≤ 81`.
//! A solution up to relabelling the coins is a *set* of `N` such vectors, stored as a `u128`
//! bit mask over codes. The `(3^K − 1)/2` **lines** are the vectors whose first non-zero entry
//! is `+1`; a solution takes at most one of `±v` from each line (otherwise (i, heavy) and
//! (j, light) collide), and never `0`.
//!
//! Search: lines in a fixed order, each skipped, taken as `+v` or taken as `−v`. Proved cuts:
//! not enough lines left for the coins still to place; a pan sum `s_t` that the remaining
//! picks cannot bring back to `|s_t| ≤ b` (`b = 1` with a reference coin, `0` without) because
//! at most `min(lines left with v[t] ≠ 0, picks left)` of them change it; and, when every
//! remaining line must be taken, the parity of `s_t` plus the number of remaining lines with
//! `v[t] ≠ 0` (each changes `s_t` by ±1) must be even (only without a reference coin).
//!
//! Symmetry group acting on sets: signed permutations of the coordinates — reordering the
//! weighings and swapping the pans of any of them — of order `2^K·K!`.

use crate::cycles::{self, CycleCounts};
use crate::{Pan, Problem, Weighing, MAX_WEIGHINGS};
use num_bigint::BigUint;
use num_traits::One;
use std::collections::HashSet;

const MAX_K: usize = MAX_WEIGHINGS as usize;

/// The signed vectors of one `K`: code ↔ vector tables and the lines.
#[derive(Debug, Clone)]
pub struct Geometry {
    k: usize,
    /// Vector of each code.
    vectors: Vec<[i8; MAX_K]>,
    /// Codes of the lines (first non-zero entry `+1`), in increasing code order.
    lines: Vec<u8>,
}

impl Geometry {
    /// Tables for `k` weighings (`1 ≤ k ≤ MAX_WEIGHINGS`).
    pub fn new(k: usize) -> Self {
        assert!(
            (1..=MAX_K).contains(&k),
            "k out of range (checked by Problem)"
        );
        let n = 3usize.pow(k as u32);
        let vectors: Vec<[i8; MAX_K]> = (0..n)
            .map(|code| {
                let mut v = [0i8; MAX_K];
                let mut c = code;
                for entry in v.iter_mut().take(k) {
                    *entry = (c % 3) as i8 - 1;
                    c /= 3;
                }
                v
            })
            .collect();
        let lines = (0..n as u8)
            .filter(|&c| vectors[c as usize][..k].iter().find(|&&x| x != 0) == Some(&1))
            .collect();
        Geometry { k, vectors, lines }
    }

    /// Number of weighings `K`.
    pub fn k(&self) -> usize {
        self.k
    }

    /// Codes of the lines (first non-zero entry `+1`), in increasing code order.
    pub fn line_codes(&self) -> &[u8] {
        &self.lines
    }

    /// Number of lines `(3^K − 1)/2`.
    pub fn line_count(&self) -> usize {
        self.lines.len()
    }

    /// The code of `v`.
    pub fn code(&self, v: &[i8]) -> u8 {
        v.iter()
            .take(self.k)
            .rev()
            .fold(0u8, |acc, &x| acc * 3 + (x + 1) as u8)
    }

    /// The vector of `code` (first `K` entries meaningful).
    pub fn vector(&self, code: u8) -> [i8; MAX_K] {
        self.vectors[code as usize]
    }

    /// The code of `−v` for the code of `v`.
    pub fn negated(&self, code: u8) -> u8 {
        let mut v = self.vector(code);
        v.iter_mut().for_each(|x| *x = -*x);
        self.code(&v)
    }

    /// The weighings of a solution set: coin `j + 1` is the `j`-th vector of `set` in code order.
    pub fn weighings(&self, set: u128, reference_coin: bool) -> Vec<Weighing> {
        let codes: Vec<u8> = (0..128u8).filter(|&c| set >> c & 1 == 1).collect();
        (0..self.k)
            .map(|t| {
                let mut w = Weighing::default();
                for (j, &c) in codes.iter().enumerate() {
                    match self.vectors[c as usize][t] {
                        1 => w.left.push(j as u16 + 1),
                        -1 => w.right.push(j as u16 + 1),
                        _ => {}
                    }
                }
                if reference_coin {
                    w.reference = match w.left.len().cmp(&w.right.len()) {
                        std::cmp::Ordering::Greater => Some(Pan::Right),
                        std::cmp::Ordering::Less => Some(Pan::Left),
                        std::cmp::Ordering::Equal => None,
                    };
                }
                w
            })
            .collect()
    }

    /// The symmetry group as code permutations: one table per signed permutation of the
    /// coordinates (`perm[t]` is where coordinate `t` goes, `flip[t]` negates it).
    pub fn group(&self) -> Vec<Vec<u8>> {
        let mut perms: Vec<Vec<usize>> = vec![vec![]];
        for _ in 0..self.k {
            let mut longer = Vec::new();
            for p in &perms {
                for t in (0..self.k).filter(|t| !p.contains(t)) {
                    let mut q = p.clone();
                    q.push(t);
                    longer.push(q);
                }
            }
            perms = longer;
        }
        let mut group = Vec::new();
        for perm in &perms {
            for flips in 0..1u32 << self.k {
                let table = (0..self.vectors.len())
                    .map(|code| {
                        let v = self.vectors[code];
                        let mut w = [0i8; MAX_K];
                        for t in 0..self.k {
                            let sign = if flips >> t & 1 == 1 { -1 } else { 1 };
                            w[perm[t]] = sign * v[t];
                        }
                        self.code(&w)
                    })
                    .collect();
                group.push(table);
            }
        }
        group
    }
}

/// Image of a set under one group element.
pub fn apply(table: &[u8], set: u128) -> u128 {
    let mut out = 0u128;
    let mut rest = set;
    while rest != 0 {
        let c = rest.trailing_zeros() as usize;
        out |= 1u128 << table[c];
        rest &= rest - 1;
    }
    out
}

/// Depth-first search over the lines of one problem.
#[derive(Debug)]
pub struct LineSearch {
    geometry: Geometry,
    coins: usize,
    /// `1` with a reference coin, `0` without: the largest allowed |pan sum|.
    slack: i32,
    /// `remaining_nonzero[j][t]`: lines `j..` with a non-zero entry `t`.
    remaining_nonzero: Vec<[i32; MAX_K]>,
    /// Search nodes visited.
    pub nodes: u64,
    node_limit: u64,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// The whole space was searched (or the callback asked to stop).
    Complete,
    /// The node limit was reached first.
    NodeLimit,
}

impl LineSearch {
    /// A search for `problem` that gives up after `node_limit` nodes.
    pub fn new(problem: &Problem, node_limit: u64) -> Self {
        let geometry = Geometry::new(problem.weighings as usize);
        let mut remaining_nonzero = vec![[0i32; MAX_K]; geometry.lines.len() + 1];
        for j in (0..geometry.lines.len()).rev() {
            let v = geometry.vector(geometry.lines[j]);
            let mut row = remaining_nonzero[j + 1];
            for t in 0..geometry.k {
                row[t] += i32::from(v[t] != 0);
            }
            remaining_nonzero[j] = row;
        }
        LineSearch {
            geometry,
            coins: problem.coins as usize,
            slack: i32::from(problem.reference_coin),
            remaining_nonzero,
            nodes: 0,
            node_limit,
        }
    }

    /// The tables used by this search.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// Call `found` with every solution set (as a code mask) until it returns `false`.
    pub fn run(&mut self, mut found: impl FnMut(u128) -> bool) -> SearchEnd {
        if self.coins > self.geometry.lines.len() {
            return SearchEnd::Complete; // pigeonhole: fewer lines than coins
        }
        let mut sums = [0i32; MAX_K];
        match self.dfs(0, 0, &mut sums, 0, &mut found) {
            Ok(_) => SearchEnd::Complete,
            Err(()) => SearchEnd::NodeLimit,
        }
    }

    /// `Ok(false)` when the callback asked to stop, `Err` at the node limit.
    fn dfs(
        &mut self,
        j: usize,
        chosen: usize,
        sums: &mut [i32; MAX_K],
        set: u128,
        found: &mut impl FnMut(u128) -> bool,
    ) -> Result<bool, ()> {
        self.nodes += 1;
        if self.nodes > self.node_limit {
            return Err(());
        }
        let k = self.geometry.k;
        let picks_left = (self.coins - chosen) as i32;
        if picks_left == 0 {
            if sums[..k].iter().all(|s| s.abs() <= self.slack) {
                return Ok(found(set));
            }
            return Ok(true);
        }
        let lines_left = (self.geometry.lines.len() - j) as i32;
        if lines_left < picks_left {
            return Ok(true);
        }
        let rem = self.remaining_nonzero[j];
        for t in 0..k {
            if sums[t].abs() - rem[t].min(picks_left) > self.slack {
                return Ok(true);
            }
            if lines_left == picks_left && self.slack == 0 && (sums[t] + rem[t]) % 2 != 0 {
                return Ok(true);
            }
        }
        let code = self.geometry.lines[j];
        let v = self.geometry.vector(code);
        // Value ordering (no effect on completeness): first the sign that moves the pan sums
        // towards zero.
        let pull: i32 = (0..k).map(|t| sums[t] * v[t] as i32).sum();
        let signs = if pull > 0 { [-1i32, 1] } else { [1, -1] };
        for sign in signs {
            for t in 0..k {
                sums[t] += sign * v[t] as i32;
            }
            let c = if sign == 1 {
                code
            } else {
                self.geometry.negated(code)
            };
            let go_on = self.dfs(j + 1, chosen + 1, sums, set | 1u128 << c, found);
            for t in 0..k {
                sums[t] -= sign * v[t] as i32;
            }
            if !go_on? {
                return Ok(false);
            }
        }
        self.dfs(j + 1, chosen, sums, set, found)
    }
}

/// One symmetry class of non-adaptive solutions.
#[derive(Debug, Clone)]
pub struct ClassInfo {
    /// The canonical set (least image under the group).
    pub canonical: u128,
    /// Number of solution sets (up to relabelling) in the class: `|G| / |stabiliser|`.
    pub orbit_size: u64,
    /// The representative as weighings, coins numbered in code order.
    pub weighings: Vec<Weighing>,
}

/// Counts of non-adaptive solutions.
#[derive(Debug, Clone)]
pub struct NonAdaptiveCounts {
    /// Solutions with labelled coins, ordered weighings and ordered pans: `sets · N!`.
    pub labelled: BigUint,
    /// Solutions up to relabelling the coins (sets of `N` vectors).
    pub sets: u64,
    /// Classes counted by canonical forms.
    pub classes: Vec<ClassInfo>,
    /// Classes counted by Burnside's lemma (must equal `classes.len()`).
    pub burnside_classes: u64,
    /// Order of the symmetry group on sets, `2^K·K!`.
    pub group_order: u64,
}

/// Classes of `sets` by canonical forms (least image).
pub fn classes_by_canonical_form(
    geometry: &Geometry,
    sets: &[u128],
    reference: bool,
) -> Vec<ClassInfo> {
    let group = geometry.group();
    let mut seen = HashSet::new();
    let mut classes = Vec::new();
    for &s in sets {
        let canonical = group.iter().map(|g| apply(g, s)).min().unwrap_or(s);
        if seen.insert(canonical) {
            let stabiliser = group
                .iter()
                .filter(|g| apply(g, canonical) == canonical)
                .count();
            classes.push(ClassInfo {
                canonical,
                orbit_size: (group.len() / stabiliser) as u64,
                weighings: geometry.weighings(canonical, reference),
            });
        }
    }
    classes.sort_by_key(|c| c.canonical);
    classes
}

/// Classes of `sets` by Burnside's lemma: the average number of sets fixed by a group element.
/// Returns `None` if the average is not an integer (which would mean `sets` is not closed
/// under the group — a bug).
pub fn classes_by_burnside(geometry: &Geometry, sets: &[u128]) -> Option<u64> {
    let group = geometry.group();
    let fixed: u64 = group
        .iter()
        .map(|g| sets.iter().filter(|&&s| apply(g, s) == s).count() as u64)
        .sum();
    (fixed % group.len() as u64 == 0).then_some(fixed / group.len() as u64)
}

/// Everything `gsolve coins solve --non-adaptive` reports.
#[derive(Debug, Clone)]
pub struct NonAdaptiveReport {
    /// Whether a solution exists (`None` if the search hit its node limit).
    pub solvable: Option<bool>,
    /// The first solution found.
    pub example: Option<Vec<Weighing>>,
    /// Counts, when the full enumeration stayed within the limits.
    pub counts: Option<NonAdaptiveCounts>,
    /// Why counts are missing, if they are.
    pub counts_note: Option<String>,
    /// Counts by the cycle method ([`crate::cycles`]) when the enumeration exceeded its
    /// limits but at most [`CYCLE_METHOD_MAX_SKIPS`] lines are left unused.
    pub cycle_counts: Option<CycleCounts>,
    /// Search nodes (existence search plus enumeration).
    pub search_nodes: u64,
}

/// Largest number of unused lines `L − N` for which [`solve`] falls back on the cycle method.
pub const CYCLE_METHOD_MAX_SKIPS: usize = 1;

/// Limits of the non-adaptive searches.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Node limit of each depth-first search.
    pub nodes: u64,
    /// Most solution sets enumerated for counting.
    pub sets: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            nodes: 200_000_000,
            sets: 2_000_000,
        }
    }
}

/// Decide `problem` non-adaptively and, if `count`, enumerate and classify all solutions.
pub fn solve(problem: &Problem, count: bool, limits: Limits) -> NonAdaptiveReport {
    let mut search = LineSearch::new(problem, limits.nodes);
    let mut first = None;
    let end = search.run(|set| {
        first = Some(set);
        false
    });
    let mut nodes = search.nodes;
    let solvable = match (first, end) {
        (Some(_), _) => Some(true),
        (None, SearchEnd::Complete) => Some(false),
        (None, SearchEnd::NodeLimit) => None,
    };
    let geometry = search.geometry().clone();
    let example = first.map(|s| geometry.weighings(s, problem.reference_coin));
    let (mut counts, mut counts_note, mut cycle_counts) = (None, None, None);
    if count && solvable.is_some() {
        let mut search = LineSearch::new(problem, limits.nodes);
        let mut sets = Vec::new();
        let end = search.run(|set| {
            sets.push(set);
            sets.len() <= limits.sets
        });
        nodes += search.nodes;
        if end == SearchEnd::NodeLimit || sets.len() > limits.sets {
            cycle_counts = cycles::count(problem, CYCLE_METHOD_MAX_SKIPS);
            counts_note = Some(format!(
                "not enumerated: more than the limits ({} nodes, {} solution sets){}",
                limits.nodes,
                limits.sets,
                if cycle_counts.is_some() {
                    "; counted by the cycle method (Burnside on line cycles), no representatives"
                } else {
                    ""
                }
            ));
        } else {
            let classes = classes_by_canonical_form(&geometry, &sets, problem.reference_coin);
            let burnside = classes_by_burnside(&geometry, &sets).unwrap_or(u64::MAX);
            let factorial: BigUint = (1..=problem.coins as u32).fold(BigUint::one(), |a, i| a * i);
            counts = Some(NonAdaptiveCounts {
                labelled: factorial * sets.len() as u64,
                sets: sets.len() as u64,
                classes,
                burnside_classes: burnside,
                group_order: geometry.group().len() as u64,
            });
        }
    }
    NonAdaptiveReport {
        solvable,
        example,
        counts,
        counts_note,
        cycle_counts,
        search_nodes: nodes,
    }
}
