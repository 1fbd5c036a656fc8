//! A second, independent count of adaptive strategies for small problems, straight from the
//! definitions in the crate header: enumerate every labelled strategy as an explicit tree over
//! hypothesis bit sets (no class counts, no multinomials), then join strategies that differ by
//! one *local move* — at some node, relabel two coins of the same class (which fixes the node's
//! hypothesis set) in that node's whole subtree, or swap the pans at that node — with a
//! union-find. The number of components is the number of classes, because the moves generate
//! the local symmetries of every node.
//!
//! Hypothesis `(coin i, heavy)` is bit `2(i−1)`, `(coin i, light)` bit `2(i−1)+1`; up to 32
//! coins. Everything here is exponential and meant for tests.

use crate::Problem;
use std::collections::HashMap;

/// A labelled strategy: at a node with hypothesis set `H` (known from the context), either a
/// leaf (`|H| ≤ 1`) or a weighing given by the hypotheses sending the left pan down (`left`)
/// and the right pan down (`right`), with children for `=`, left and right (`None` when that
/// outcome is impossible).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Tree {
    /// Identified.
    Leaf,
    /// A weighing and its subtrees.
    Node {
        /// Hypotheses under which the left pan goes down.
        left: u64,
        /// Hypotheses under which the right pan goes down.
        right: u64,
        /// Subtrees for `=`, left, right.
        children: [Option<Box<Tree>>; 3],
    },
}

fn full_set(coins: u16) -> u64 {
    if coins >= 32 {
        u64::MAX
    } else {
        (1u64 << (2 * coins)) - 1
    }
}

/// Every labelled strategy for `problem`, or `None` if there are more than `cap`.
pub fn enumerate(problem: &Problem, cap: usize) -> Option<Vec<Tree>> {
    assert!(problem.coins <= 32, "brute force is for small problems");
    strategies(problem, full_set(problem.coins), problem.weighings, cap)
}

fn strategies(problem: &Problem, h: u64, k: u8, cap: usize) -> Option<Vec<Tree>> {
    if h.count_ones() <= 1 {
        return Some(vec![Tree::Leaf]);
    }
    if k == 0 {
        return Some(Vec::new());
    }
    let open: Vec<u16> = (0..problem.coins)
        .filter(|&i| h >> (2 * i) & 3 != 0)
        .collect();
    let genuine = (problem.coins as usize - open.len()) + usize::from(problem.reference_coin);
    let mut out = Vec::new();
    // Every placement of the open coins: 0 off, 1 left, 2 right.
    for mut placement in 0..3u64.pow(open.len() as u32) {
        let (mut left_pan, mut right_pan, mut left, mut right) = (0usize, 0usize, 0u64, 0u64);
        for &i in &open {
            let heavy = 1u64 << (2 * i) & h;
            let light = 1u64 << (2 * i + 1) & h;
            match placement % 3 {
                1 => {
                    left_pan += 1;
                    left |= heavy;
                    right |= light;
                }
                2 => {
                    right_pan += 1;
                    right |= heavy;
                    left |= light;
                }
                _ => {}
            }
            placement /= 3;
        }
        if left_pan.abs_diff(right_pan) > genuine {
            continue;
        }
        let parts = [h & !(left | right), left, right];
        if parts.iter().filter(|&&p| p != 0).count() < 2 {
            continue;
        }
        let mut products: Vec<[Option<Box<Tree>>; 3]> = vec![[None, None, None]];
        for (o, &part) in parts.iter().enumerate() {
            if part == 0 {
                continue;
            }
            let subs = strategies(problem, part, k - 1, cap)?;
            let mut next = Vec::new();
            for prefix in &products {
                for s in &subs {
                    let mut c = prefix.clone();
                    c[o] = Some(Box::new(s.clone()));
                    next.push(c);
                    if next.len() > cap {
                        return None;
                    }
                }
            }
            products = next;
        }
        out.extend(products.into_iter().map(|children| Tree::Node {
            left,
            right,
            children,
        }));
        if out.len() > cap {
            return None;
        }
    }
    Some(out)
}

fn relabel(t: &Tree, a: u16, b: u16) -> Tree {
    let swap_bits = |m: u64| {
        let (ma, mb) = (m >> (2 * a) & 3, m >> (2 * b) & 3);
        (m & !(3 << (2 * a)) & !(3 << (2 * b))) | ma << (2 * b) | mb << (2 * a)
    };
    match t {
        Tree::Leaf => Tree::Leaf,
        Tree::Node {
            left,
            right,
            children,
        } => Tree::Node {
            left: swap_bits(*left),
            right: swap_bits(*right),
            children: children
                .clone()
                .map(|c| c.map(|c| Box::new(relabel(&c, a, b)))),
        },
    }
}

/// Every tree one local move away from `t` (whose hypothesis set is `h`).
fn neighbours(t: &Tree, h: u64, coins: u16, out: &mut Vec<Tree>) {
    let Tree::Node {
        left,
        right,
        children,
    } = t
    else {
        return;
    };
    // Pan swap at this node.
    out.push(Tree::Node {
        left: *right,
        right: *left,
        children: [
            children[0].clone(),
            children[2].clone(),
            children[1].clone(),
        ],
    });
    // Transpositions of consecutive coins in one class of `h`.
    for class in 1..4u64 {
        let members: Vec<u16> = (0..coins).filter(|&i| h >> (2 * i) & 3 == class).collect();
        for pair in members.windows(2) {
            out.push(relabel(t, pair[0], pair[1]));
        }
    }
    // Moves inside a child.
    let parts = [h & !(left | right), *left, *right];
    for o in 0..3 {
        if let Some(child) = &children[o] {
            let mut inner = Vec::new();
            neighbours(child, parts[o], coins, &mut inner);
            for c in inner {
                let mut new_children = children.clone();
                new_children[o] = Some(Box::new(c));
                out.push(Tree::Node {
                    left: *left,
                    right: *right,
                    children: new_children,
                });
            }
        }
    }
}

/// Number of classes among `trees` (all labelled strategies of `problem`) under local moves.
pub fn count_classes(problem: &Problem, trees: &[Tree]) -> usize {
    let index: HashMap<&Tree, usize> = trees.iter().enumerate().map(|(i, t)| (t, i)).collect();
    let mut parent: Vec<usize> = (0..trees.len()).collect();
    fn find(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    let h = full_set(problem.coins);
    let mut moved = Vec::new();
    for (i, t) in trees.iter().enumerate() {
        moved.clear();
        neighbours(t, h, problem.coins, &mut moved);
        for m in &moved {
            let j = *index
                .get(m)
                .expect("a local move maps a strategy to a strategy");
            let (a, b) = (find(&mut parent, i), find(&mut parent, j));
            parent[a] = b;
        }
    }
    (0..trees.len())
        .filter(|&i| find(&mut parent, i) == i)
        .count()
}
