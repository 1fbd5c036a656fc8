//! Brute-force checkers, independent of the searches: they take concrete weighings (as printed)
//! and simulate every one of the `2N` hypotheses. Nothing here uses class counts, lines or
//! canonical forms.

use crate::adaptive::DecisionTree;
use crate::{Hypothesis, Outcome, Pan, Problem, Weighing};
use std::collections::HashMap;
use thiserror::Error;

/// Why a strategy fails.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CheckError {
    /// A weighing breaks the rules of the balance.
    #[error("weighing {weighing}: {reason}")]
    Illegal {
        /// The weighing, in text form.
        weighing: String,
        /// Which rule it breaks.
        reason: String,
    },
    /// More weighings than allowed.
    #[error("{used} weighings used, only {allowed} allowed")]
    TooManyWeighings {
        /// Weighings on the longest path.
        used: usize,
        /// The problem's `K`.
        allowed: usize,
    },
    /// Two hypotheses are not told apart.
    #[error("hypotheses {0} and {1} give the same outcomes")]
    Confused(Hypothesis, Hypothesis),
    /// A hypothesis ends at a leaf naming another one, or at no leaf.
    #[error("hypothesis {hypothesis} ends at {reached}")]
    WrongLeaf {
        /// The true hypothesis.
        hypothesis: Hypothesis,
        /// What the tree concludes.
        reached: String,
    },
}

/// Check that `w` is a legal weighing for `problem`: labels in range, no coin twice, the
/// reference coin only if the problem has one, equal numbers of coins on the two pans.
pub fn check_weighing(problem: &Problem, w: &Weighing) -> Result<(), CheckError> {
    let illegal = |reason: String| CheckError::Illegal {
        weighing: w.to_string(),
        reason,
    };
    let mut seen = vec![false; problem.coins as usize + 1];
    for &c in w.left.iter().chain(&w.right) {
        if c == 0 || c > problem.coins {
            return Err(illegal(format!("coin {c} does not exist")));
        }
        if seen[c as usize] {
            return Err(illegal(format!("coin {c} is used twice")));
        }
        seen[c as usize] = true;
    }
    if w.reference.is_some() && !problem.reference_coin {
        return Err(illegal("no reference coin in this problem".into()));
    }
    let (l, r) = (w.pan_size(Pan::Left), w.pan_size(Pan::Right));
    if l != r {
        return Err(illegal(format!("pans hold {l} and {r} coins")));
    }
    Ok(())
}

/// Every hypothesis of `problem`, coin by coin, heavy first.
pub fn all_hypotheses(problem: &Problem) -> impl Iterator<Item = Hypothesis> {
    (1..=problem.coins).flat_map(|coin| [true, false].map(move |heavy| Hypothesis { coin, heavy }))
}

/// Check a non-adaptive strategy: at most `K` legal weighings under which the `2N` hypotheses
/// give pairwise distinct outcome sequences.
pub fn check_non_adaptive(problem: &Problem, weighings: &[Weighing]) -> Result<(), CheckError> {
    if weighings.len() > problem.weighings as usize {
        return Err(CheckError::TooManyWeighings {
            used: weighings.len(),
            allowed: problem.weighings as usize,
        });
    }
    for w in weighings {
        check_weighing(problem, w)?;
    }
    let mut seen: HashMap<Vec<Outcome>, Hypothesis> = HashMap::new();
    for h in all_hypotheses(problem) {
        let outcomes: Vec<Outcome> = weighings.iter().map(|w| w.outcome(h)).collect();
        if let Some(&other) = seen.get(&outcomes) {
            return Err(CheckError::Confused(other, h));
        }
        seen.insert(outcomes, h);
    }
    Ok(())
}

/// Check an adaptive strategy: following every hypothesis down the tree meets only legal
/// weighings, at most `K` of them, and ends at the leaf naming that hypothesis.
pub fn check_tree(problem: &Problem, tree: &DecisionTree) -> Result<(), CheckError> {
    for h in all_hypotheses(problem) {
        let mut node = tree;
        let mut depth = 0;
        loop {
            match node {
                DecisionTree::Leaf(found) => {
                    if *found != h {
                        return Err(CheckError::WrongLeaf {
                            hypothesis: h,
                            reached: format!("the leaf {found}"),
                        });
                    }
                    break;
                }
                DecisionTree::Weigh { weighing, children } => {
                    check_weighing(problem, weighing)?;
                    depth += 1;
                    if depth > problem.weighings as usize {
                        return Err(CheckError::TooManyWeighings {
                            used: depth,
                            allowed: problem.weighings as usize,
                        });
                    }
                    let o = weighing.outcome(h);
                    match &children[o as usize] {
                        Some(child) => node = child,
                        None => {
                            return Err(CheckError::WrongLeaf {
                                hypothesis: h,
                                reached: format!("a missing '{}' branch", o.symbol()),
                            })
                        }
                    }
                }
            }
        }
    }
    Ok(())
}
