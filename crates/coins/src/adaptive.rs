//! Adaptive strategies: exhaustive search and exact counting on class-count states.
//!
//! A node's hypothesis set is described, up to the relabellings that fix it, by a [`State`]:
//! how many coins are unknown, heavy-only, light-only and genuine. A weighing is described, up
//! to the same relabellings, by a [`Split`]: how many coins of each open class stand on each
//! pan. Both descriptions are exact (see the crate header for why), so
//! - solvability is a memoised AND/OR search over `(State, weighings left)`;
//! - the number of *labelled* strategies is the same recursion summing, over splits, the number
//!   of labelled weighings with those counts (a product of multinomials) times the product of
//!   the children's counts;
//! - the number of *classes* sums, over splits taken up to swapping the pans, the product of
//!   the children's class counts — except for a pan-symmetric split (same counts on both
//!   pans), whose two `left`/`right` children are the same state and whose class is an
//!   *unordered* pair of child classes: `c(c + 1)/2`.
//!
//! Genuine counts are capped at the number of open coins (no pan difference can need more), so
//! equivalent states share one memo entry.

use crate::{pow3, CoinsError, Hypothesis, Outcome, Pan, Problem, Weighing};
use num_bigint::BigUint;
use num_traits::{One, Zero};
use std::collections::HashMap;
use std::fmt;

/// A hypothesis set up to relabelling: the number of coins in each class.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct State {
    /// Coins that may be heavy or light.
    pub unknown: u16,
    /// Coins that may only be heavy.
    pub heavy: u16,
    /// Coins that may only be light.
    pub light: u16,
    /// Coins known to be genuine (the reference coin included), capped at the open coins.
    pub genuine: u16,
}

impl State {
    /// The state before any weighing.
    pub fn root(problem: &Problem) -> State {
        State {
            unknown: problem.coins,
            heavy: 0,
            light: 0,
            genuine: u16::from(problem.reference_coin),
        }
        .capped()
    }

    /// Number of open hypotheses `2u + h + l`.
    pub fn hypotheses(&self) -> u64 {
        2 * self.unknown as u64 + self.heavy as u64 + self.light as u64
    }

    fn open_coins(&self) -> u16 {
        self.unknown + self.heavy + self.light
    }

    fn capped(mut self) -> State {
        self.genuine = self.genuine.min(self.open_coins());
        self
    }
}

/// A weighing up to relabelling: `[unknown, heavy, light]` counts on each pan. Genuine coins
/// fill the pan-size difference and are not part of the description.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Split {
    /// Counts on the left pan.
    pub left: [u16; 3],
    /// Counts on the right pan.
    pub right: [u16; 3],
}

impl Split {
    /// The same weighing with the pans swapped.
    pub fn swapped(&self) -> Split {
        Split {
            left: self.right,
            right: self.left,
        }
    }

    fn pan_sizes(&self) -> (u16, u16) {
        (self.left.iter().sum(), self.right.iter().sum())
    }

    /// Hypotheses leading to each outcome, in [`Outcome`] order.
    pub fn outcome_sizes(&self, s: &State) -> [u64; 3] {
        let [ul, hl, ll] = self.left.map(u64::from);
        let [ur, hr, lr] = self.right.map(u64::from);
        [
            s.hypotheses() - (2 * (ul + ur) + hl + hr + ll + lr),
            ul + hl + ur + lr,
            ur + hr + ul + ll,
        ]
    }

    /// The child states, in [`Outcome`] order.
    pub fn children(&self, s: &State) -> [State; 3] {
        let [ul, hl, ll] = self.left;
        let [ur, hr, lr] = self.right;
        let with_genuine = |unknown: u16, heavy: u16, light: u16| {
            let open = unknown + heavy + light;
            State {
                unknown,
                heavy,
                light,
                genuine: s.genuine + (s.open_coins() - open),
            }
            .capped()
        };
        [
            with_genuine(s.unknown - ul - ur, s.heavy - hl - hr, s.light - ll - lr),
            with_genuine(0, ul + hl, ur + lr),
            with_genuine(0, ur + hr, ul + ll),
        ]
    }
}

/// Call `f` with every informative, legal split of `s` whose three outcome classes hold at most
/// `max_class` hypotheses each (the counting-bound cut).
fn for_each_split(s: &State, max_class: u64, mut f: impl FnMut(Split) -> bool) {
    for ul in 0..=s.unknown {
        for ur in 0..=s.unknown - ul {
            for hl in 0..=s.heavy {
                for hr in 0..=s.heavy - hl {
                    for ll in 0..=s.light {
                        for lr in 0..=s.light - ll {
                            let split = Split {
                                left: [ul, hl, ll],
                                right: [ur, hr, lr],
                            };
                            let (nl, nr) = split.pan_sizes();
                            if nl.abs_diff(nr) > s.genuine {
                                continue;
                            }
                            let sizes = split.outcome_sizes(s);
                            if sizes.iter().any(|&n| n > max_class)
                                || sizes.iter().filter(|&&n| n > 0).count() < 2
                            {
                                continue;
                            }
                            if !f(split) {
                                return;
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Numbers of strategies for one state and depth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counts {
    /// Labelled decision trees (coins distinguishable, pans ordered).
    pub labelled: BigUint,
    /// Symmetry classes (see the crate header).
    pub classes: BigUint,
}

/// Memoised search over class-count states.
#[derive(Debug, Default)]
pub struct AdaptiveSolver {
    solvable: HashMap<(State, u8), bool>,
    counts: HashMap<(State, u8), Counts>,
    binomials: Vec<Vec<BigUint>>,
    /// States expanded by the solvability search (memo misses past the counting bound).
    pub search_nodes: u64,
    /// States expanded by the counting recursion.
    pub count_nodes: u64,
}

impl AdaptiveSolver {
    /// A solver with empty memo tables.
    pub fn new() -> Self {
        Self::default()
    }

    /// Can `s` be solved with at most `k` more weighings?
    pub fn solvable(&mut self, s: State, k: u8) -> bool {
        if s.hypotheses() <= 1 {
            return true;
        }
        if k == 0 || s.hypotheses() > pow3(k as u32) {
            return false;
        }
        if let Some(&known) = self.solvable.get(&(s, k)) {
            return known;
        }
        self.search_nodes += 1;
        let mut found = false;
        for_each_split(&s, pow3(k as u32 - 1), |split| {
            found = split
                .children(&s)
                .iter()
                .all(|&child| self.solvable(child, k - 1));
            !found
        });
        self.solvable.insert((s, k), found);
        found
    }

    /// The fewest weighings solving `s`, if at most `max_k` suffice.
    pub fn min_weighings(&mut self, s: State, max_k: u8) -> Option<u8> {
        (0..=max_k).find(|&k| self.solvable(s, k))
    }

    fn binomial(&mut self, n: u16, r: u16) -> BigUint {
        let n = n as usize;
        while self.binomials.len() <= n {
            let m = self.binomials.len();
            let row: Vec<BigUint> = (0..=m)
                .map(|j| {
                    if j == 0 || j == m {
                        BigUint::one()
                    } else {
                        &self.binomials[m - 1][j - 1] + &self.binomials[m - 1][j]
                    }
                })
                .collect();
            self.binomials.push(row);
        }
        self.binomials[n][r as usize].clone()
    }

    /// Number of labelled weighings (partitions of the hypotheses) with the counts of `split`.
    fn multiplicity(&mut self, s: &State, split: &Split) -> BigUint {
        let mut m = BigUint::one();
        for (class, total) in [s.unknown, s.heavy, s.light].into_iter().enumerate() {
            let (a, b) = (split.left[class], split.right[class]);
            m *= self.binomial(total, a) * self.binomial(total - a, b);
        }
        m
    }

    /// Labelled strategies and classes for `s` with at most `k` more weighings (zero if none).
    pub fn counts(&mut self, s: State, k: u8) -> Counts {
        if s.hypotheses() <= 1 {
            return Counts {
                labelled: BigUint::one(),
                classes: BigUint::one(),
            };
        }
        if !self.solvable(s, k) {
            return Counts {
                labelled: BigUint::zero(),
                classes: BigUint::zero(),
            };
        }
        if let Some(c) = self.counts.get(&(s, k)) {
            return c.clone();
        }
        self.count_nodes += 1;
        let mut labelled = BigUint::zero();
        let mut classes = BigUint::zero();
        for_each_split(&s, pow3(k as u32 - 1), |split| {
            let [c0, c1, c2] = split.children(&s).map(|child| self.counts(child, k - 1));
            if c0.labelled.is_zero() || c1.labelled.is_zero() || c2.labelled.is_zero() {
                return true;
            }
            labelled += self.multiplicity(&s, &split) * &c0.labelled * &c1.labelled * &c2.labelled;
            match split.left.cmp(&split.right) {
                std::cmp::Ordering::Greater => classes += &c0.classes * &c1.classes * &c2.classes,
                std::cmp::Ordering::Equal => {
                    classes += &c0.classes * (&c1.classes * (&c1.classes + 1u32) / 2u32)
                }
                std::cmp::Ordering::Less => {}
            }
            true
        });
        let c = Counts { labelled, classes };
        self.counts.insert((s, k), c.clone());
        c
    }

    /// One strategy with concrete coins solving `problem` in at most `k` weighings, if any.
    pub fn tree(&mut self, problem: &Problem, k: u8) -> Option<DecisionTree> {
        let root = Coins {
            unknown: (1..=problem.coins).collect(),
            heavy: Vec::new(),
            light: Vec::new(),
            genuine: Vec::new(),
            reference: problem.reference_coin,
        };
        if !self.solvable(root.state(), k) {
            return None;
        }
        self.build(root, k)
    }

    fn build(&mut self, coins: Coins, k: u8) -> Option<DecisionTree> {
        let s = coins.state();
        match s.hypotheses() {
            0 => return None,
            1 => {
                let hypothesis = match (coins.unknown.first(), coins.heavy.first()) {
                    (Some(_), _) => unreachable!("one open hypothesis cannot be an unknown coin"),
                    (None, Some(&coin)) => Hypothesis { coin, heavy: true },
                    (None, None) => Hypothesis {
                        coin: coins.light[0],
                        heavy: false,
                    },
                };
                return Some(DecisionTree::Leaf(hypothesis));
            }
            _ => {}
        }
        let mut chosen = None;
        for_each_split(&s, pow3(k as u32 - 1), |split| {
            if split
                .children(&s)
                .iter()
                .all(|&child| self.solvable(child, k - 1))
            {
                chosen = Some(split);
            }
            chosen.is_none()
        });
        let split = chosen?;
        let (weighing, children) = coins.apply(&split);
        let children = children.map(|c| self.build(c, k - 1).map(Box::new));
        Some(DecisionTree::Weigh { weighing, children })
    }
}

/// Concrete coins of each class at a node of a tree under construction.
#[derive(Debug, Clone)]
struct Coins {
    unknown: Vec<u16>,
    heavy: Vec<u16>,
    light: Vec<u16>,
    genuine: Vec<u16>,
    reference: bool,
}

impl Coins {
    fn state(&self) -> State {
        State {
            unknown: self.unknown.len() as u16,
            heavy: self.heavy.len() as u16,
            light: self.light.len() as u16,
            genuine: (self.genuine.len() + usize::from(self.reference)) as u16,
        }
        .capped()
    }

    /// The concrete weighing for `split` (first coins of each class to the left pan, the next
    /// to the right, known-genuine coins then the reference coin to even the pans) and the
    /// concrete children in [`Outcome`] order.
    fn apply(&self, split: &Split) -> (Weighing, [Coins; 3]) {
        let take = |v: &[u16], a: u16, b: u16| {
            let (a, b) = (a as usize, b as usize);
            (v[..a].to_vec(), v[a..a + b].to_vec(), v[a + b..].to_vec())
        };
        let (ul, ur, u0) = take(&self.unknown, split.left[0], split.right[0]);
        let (hl, hr, h0) = take(&self.heavy, split.left[1], split.right[1]);
        let (ll, lr, l0) = take(&self.light, split.left[2], split.right[2]);
        let cat = |parts: &[&Vec<u16>]| {
            let mut v: Vec<u16> = parts.iter().flat_map(|p| p.iter().copied()).collect();
            v.sort_unstable();
            v
        };
        let mut w = Weighing {
            left: cat(&[&ul, &hl, &ll]),
            right: cat(&[&ur, &hr, &lr]),
            reference: None,
        };
        let mut fillers = self.genuine.iter().copied();
        while w.left.len() + usize::from(w.reference == Some(Pan::Left))
            != w.right.len() + usize::from(w.reference == Some(Pan::Right))
        {
            let short = if w.pan_size(Pan::Left) < w.pan_size(Pan::Right) {
                Pan::Left
            } else {
                Pan::Right
            };
            match fillers.next() {
                Some(c) => match short {
                    Pan::Left => w.left.push(c),
                    Pan::Right => w.right.push(c),
                },
                None => {
                    debug_assert!(self.reference && w.reference.is_none());
                    w.reference = Some(short);
                }
            }
        }
        let all: Vec<u16> = cat(&[&self.unknown, &self.heavy, &self.light, &self.genuine]);
        let child = |unknown: Vec<u16>, heavy: Vec<u16>, light: Vec<u16>| {
            let genuine = all
                .iter()
                .copied()
                .filter(|c| !unknown.contains(c) && !heavy.contains(c) && !light.contains(c))
                .collect();
            Coins {
                unknown,
                heavy,
                light,
                genuine,
                reference: self.reference,
            }
        };
        let children = [
            child(u0, h0, l0),
            child(Vec::new(), cat(&[&ul, &hl]), cat(&[&ur, &lr])),
            child(Vec::new(), cat(&[&ur, &hr]), cat(&[&ul, &ll])),
        ];
        (w, children)
    }
}

/// An adaptive strategy with concrete coins.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DecisionTree {
    /// The counterfeit is identified.
    Leaf(Hypothesis),
    /// Weigh, then continue by outcome; `children` are in [`Outcome`] order
    /// (`=`, left heavier, right heavier), `None` for an impossible outcome.
    Weigh {
        /// The weighing at this node.
        weighing: Weighing,
        /// Subtrees by outcome.
        children: [Option<Box<DecisionTree>>; 3],
    },
}

impl DecisionTree {
    /// Number of weighings on the longest path.
    pub fn depth(&self) -> usize {
        match self {
            DecisionTree::Leaf(_) => 0,
            DecisionTree::Weigh { children, .. } => {
                1 + children
                    .iter()
                    .flatten()
                    .map(|c| c.depth())
                    .max()
                    .unwrap_or(0)
            }
        }
    }

    fn write(&self, f: &mut fmt::Formatter<'_>, indent: usize) -> fmt::Result {
        match self {
            DecisionTree::Leaf(h) => writeln!(f, "coin {h}"),
            DecisionTree::Weigh { weighing, children } => {
                writeln!(f, "weigh {weighing}")?;
                for (o, child) in Outcome::ALL.iter().zip(children) {
                    if let Some(child) = child {
                        write!(f, "{:indent$}  {:<6}", "", o.symbol())?;
                        child.write(f, indent + 8)?;
                    }
                }
                Ok(())
            }
        }
    }
}

impl DecisionTree {
    /// Read the text form written by [`fmt::Display`] (coin labels in `1..=coins`). Children
    /// must be indented two columns deeper than their parent's content column, and their
    /// content starts eight columns deeper; the outcome field is `=`, `left` or `right`.
    pub fn parse(text: &str, coins: u16) -> Result<Self, CoinsError> {
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        let Some(first) = lines.first() else {
            return Err(tree_error(text, "empty tree"));
        };
        if first.starts_with(' ') {
            return Err(tree_error(first, "the root line must not be indented"));
        }
        let mut pos = 1;
        let tree = parse_node(first.trim(), 0, &lines, &mut pos, coins, 0)?;
        if pos != lines.len() {
            return Err(tree_error(lines[pos], "line not attached to the tree"));
        }
        Ok(tree)
    }
}

fn tree_error(text: &str, reason: &str) -> CoinsError {
    CoinsError::Parse {
        text: text.to_string(),
        reason: reason.to_string(),
    }
}

fn parse_node(
    content: &str,
    column: usize,
    lines: &[&str],
    pos: &mut usize,
    coins: u16,
    depth: usize,
) -> Result<DecisionTree, CoinsError> {
    if depth > 64 {
        return Err(tree_error(content, "tree nested too deeply"));
    }
    if let Some(rest) = content.strip_prefix("coin ") {
        let mut words = rest.split_whitespace();
        let (Some(label), Some(kind), None) = (words.next(), words.next(), words.next()) else {
            return Err(tree_error(
                content,
                "expected 'coin N heavy' or 'coin N light'",
            ));
        };
        let coin: u16 = label
            .parse()
            .ok()
            .filter(|c| (1..=coins).contains(c))
            .ok_or_else(|| tree_error(content, &format!("expected a coin label in 1..={coins}")))?;
        let heavy = match kind {
            "heavy" => true,
            "light" => false,
            _ => return Err(tree_error(content, "expected 'heavy' or 'light'")),
        };
        return Ok(DecisionTree::Leaf(Hypothesis { coin, heavy }));
    }
    let Some(rest) = content.strip_prefix("weigh ") else {
        return Err(tree_error(
            content,
            "expected 'weigh L | R' or 'coin N heavy|light'",
        ));
    };
    let weighing = Weighing::parse(rest, coins)?;
    let mut children: [Option<Box<DecisionTree>>; 3] = [None, None, None];
    while let Some(line) = lines.get(*pos) {
        let indent = line.len() - line.trim_start().len();
        if indent <= column {
            break;
        }
        if indent != column + 2 {
            return Err(tree_error(
                line,
                &format!("expected indentation {}", column + 2),
            ));
        }
        let body = line.trim_start();
        let (symbol, child) = body.split_once(' ').unwrap_or((body, ""));
        let outcome = Outcome::ALL
            .into_iter()
            .find(|o| o.symbol() == symbol)
            .ok_or_else(|| tree_error(line, "expected an outcome '=', 'left' or 'right'"))?;
        if children[outcome as usize].is_some() {
            return Err(tree_error(line, "outcome given twice"));
        }
        *pos += 1;
        let node = parse_node(child.trim(), column + 8, lines, pos, coins, depth + 1)?;
        children[outcome as usize] = Some(Box::new(node));
    }
    Ok(DecisionTree::Weigh { weighing, children })
}

/// Indented text: `weigh L | R`, then one line per possible outcome (`=`, `left`, `right`: the
/// heavier pan) followed by its subtree; leaves read `coin 12 heavy`.
impl fmt::Display for DecisionTree {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f, 0)
    }
}

/// Everything `gsolve coins solve --adaptive` reports.
#[derive(Debug, Clone)]
pub struct AdaptiveReport {
    /// Whether some strategy solves the problem in at most `K` weighings.
    pub solvable: bool,
    /// The fewest weighings that suffice, if at most `K` do.
    pub min_weighings: Option<u8>,
    /// Strategies with at most `K` weighings, if counted.
    pub counts: Option<Counts>,
    /// One strategy with `min_weighings` weighings.
    pub tree: Option<DecisionTree>,
    /// States expanded by the solvability search.
    pub search_nodes: u64,
    /// States expanded by the counting recursion.
    pub count_nodes: u64,
}

/// Solve `problem` adaptively; count strategies too if `count`.
pub fn solve(problem: &Problem, count: bool) -> AdaptiveReport {
    let mut solver = AdaptiveSolver::new();
    let root = State::root(problem);
    let min_weighings = solver.min_weighings(root, problem.weighings);
    let tree = min_weighings.and_then(|k| solver.tree(problem, k));
    let counts = count.then(|| solver.counts(root, problem.weighings));
    AdaptiveReport {
        solvable: min_weighings.is_some(),
        min_weighings,
        counts,
        tree,
        search_nodes: solver.search_nodes,
        count_nodes: solver.count_nodes,
    }
}
