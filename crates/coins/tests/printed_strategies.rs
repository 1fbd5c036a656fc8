//! Every strategy the solvers print is re-checked by brute force (`coins::check`, which only
//! simulates the 2N hypotheses on concrete weighings), after a round trip through its text form;
//! and the checker itself rejects broken strategies.

use coins::adaptive::{self, DecisionTree};
use coins::check::{check_non_adaptive, check_tree, CheckError};
use coins::nonadaptive::{self, Limits};
use coins::{classical_max, Hypothesis, Pan, Problem, Weighing};

fn reparse(problem: &Problem, ws: &[Weighing]) -> Vec<Weighing> {
    ws.iter()
        .map(|w| Weighing::parse(&w.to_string(), problem.coins).expect("printed weighing parses"))
        .collect()
}

/// Every problem with `K` in `ks`, with and without reference coin, `N` up to one past the
/// classical maximum.
fn problems(ks: std::ops::RangeInclusive<u8>) -> Vec<(Problem, u16)> {
    let mut out = Vec::new();
    for weighings in ks {
        for reference_coin in [false, true] {
            let max = classical_max(weighings as u32, reference_coin) as u16;
            for coins in 1..=max + 1 {
                let problem = Problem {
                    coins,
                    weighings,
                    reference_coin,
                };
                out.push((problem, max));
            }
        }
    }
    out
}

#[test]
fn every_printed_decision_tree_identifies_all_cases() {
    for (problem, max) in problems(1..=4) {
        let coins = problem.coins;
        let report = adaptive::solve(&problem, false);
        match (&report.tree, report.min_weighings) {
            (Some(tree), Some(min)) => {
                // Check the printed text, parsed back, not the in-memory tree.
                let parsed = DecisionTree::parse(&tree.to_string(), coins).unwrap();
                check_tree(&problem, &parsed).unwrap_or_else(|e| panic!("{problem:?}: {e}"));
                assert_eq!(tree.depth(), min as usize);
                // min is minimal: one weighing fewer is not enough.
                let fewer = Problem {
                    weighings: min - 1,
                    ..problem
                };
                assert!(min == 1 || !adaptive::solve(&fewer, false).solvable);
                // One leaf line per hypothesis.
                let text = tree.to_string();
                assert!(text.starts_with("weigh "));
                let leaves = text.lines().filter(|l| l.contains("coin ")).count();
                assert_eq!(leaves, 2 * coins as usize);
            }
            (None, None) => assert!(coins > max || coins <= 2 && !problem.reference_coin),
            _ => panic!("tree and min_weighings disagree for {problem:?}"),
        }
    }
}

#[test]
fn every_printed_non_adaptive_class_identifies_all_cases() {
    for (problem, _) in problems(1..=3) {
        let report = nonadaptive::solve(&problem, true, Limits::default());
        let counts = report.counts.expect("K ≤ 3 is always counted");
        assert_eq!(report.solvable, Some(counts.sets > 0));
        if let Some(ex) = &report.example {
            check_non_adaptive(&problem, &reparse(&problem, ex)).unwrap();
        }
        for class in &counts.classes {
            check_non_adaptive(&problem, &reparse(&problem, &class.weighings))
                .unwrap_or_else(|e| panic!("{problem:?}: {e}"));
        }
    }
}

#[test]
fn k4_examples_identify_all_cases() {
    for (coins, reference_coin) in [(39u16, false), (40, true), (25, false), (33, true)] {
        let problem = Problem {
            coins,
            weighings: 4,
            reference_coin,
        };
        let report = nonadaptive::solve(&problem, false, Limits::default());
        let ex = report.example.expect("solvable");
        check_non_adaptive(&problem, &reparse(&problem, &ex)).unwrap();
    }
}

fn classic_solution() -> Vec<Weighing> {
    // Dyson's mnemonic "MA DO LIKE ME TO FIND FAKE COIN": MADO|LIKE, METO|FIND, FAKE|COIN
    // with M A D O L I K E T F N C = 1..12.
    [
        "1 2 3 4 | 5 6 7 8",
        "1 8 9 4 | 10 6 11 3",
        "10 2 7 8 | 12 4 6 11",
    ]
    .iter()
    .map(|t| Weighing::parse(t, 12).unwrap())
    .collect()
}

#[test]
fn checker_accepts_a_known_solution_and_rejects_broken_ones() {
    let p = Problem {
        coins: 12,
        weighings: 3,
        reference_coin: false,
    };
    let good = classic_solution();
    assert_eq!(check_non_adaptive(&p, &good), Ok(()));

    // Unequal pans.
    let mut bad = good.clone();
    let c = bad[0].right.pop().unwrap();
    assert!(matches!(
        check_non_adaptive(&p, &bad),
        Err(CheckError::Illegal { .. })
    ));
    // The same coin moved to the other pan and another coin added: balanced but a coin twice.
    bad[0].right.push(1);
    assert!(matches!(
        check_non_adaptive(&p, &bad),
        Err(CheckError::Illegal { .. })
    ));
    bad[0].right.pop();
    bad[0].right.push(c);
    assert_eq!(check_non_adaptive(&p, &bad), Ok(()));
    // Coin 12 off in the last weighing too: (12, heavy) and (12, light) both read "= = =";
    // coin 10 also leaves the other pan so that the pans stay equal.
    bad[2].right.retain(|&x| x != 12);
    bad[2].left.retain(|&x| x != 10);
    assert!(matches!(
        check_non_adaptive(&p, &bad),
        Err(CheckError::Confused(..))
    ));
    // A reference coin in a problem without one.
    let mut bad = good.clone();
    bad[1].reference = Some(Pan::Left);
    bad[1].right.push(12);
    assert!(matches!(
        check_non_adaptive(&p, &bad),
        Err(CheckError::Illegal { .. })
    ));
    // Too many weighings.
    let mut bad = good.clone();
    bad.push(good[0].clone());
    assert!(matches!(
        check_non_adaptive(&p, &bad),
        Err(CheckError::TooManyWeighings { .. })
    ));
}

#[test]
fn checker_rejects_a_tree_with_a_wrong_leaf() {
    let p = Problem {
        coins: 3,
        weighings: 2,
        reference_coin: false,
    };
    let mut tree = adaptive::solve(&p, false).tree.unwrap();
    assert_eq!(check_tree(&p, &tree), Ok(()));
    // Swap two leaves of the '=' branch.
    let DecisionTree::Weigh { children, .. } = &mut tree else {
        panic!()
    };
    let DecisionTree::Weigh {
        children: inner, ..
    } = children[0].as_mut().unwrap().as_mut()
    else {
        panic!()
    };
    let leaves: Vec<usize> = (0..3).filter(|&i| inner[i].is_some()).collect();
    inner.swap(leaves[0], leaves[1]);
    assert!(matches!(
        check_tree(&p, &tree),
        Err(CheckError::WrongLeaf { .. })
    ));
    // A leaf as root names one hypothesis only.
    let leaf = DecisionTree::Leaf(Hypothesis {
        coin: 1,
        heavy: true,
    });
    assert!(check_tree(&p, &leaf).is_err());
    // The same tree with one weighing fewer allowed.
    let tree = adaptive::solve(&p, false).tree.unwrap();
    let short = Problem { weighings: 1, ..p };
    assert!(matches!(
        check_tree(&short, &tree),
        Err(CheckError::TooManyWeighings { .. })
    ));
}

#[test]
fn printed_trees_parse_back_and_check() {
    for (coins, k, reference_coin) in [
        (12u16, 3u8, false),
        (13, 3, true),
        (3, 2, false),
        (39, 4, false),
        (40, 4, true),
    ] {
        let problem = Problem {
            coins,
            weighings: k,
            reference_coin,
        };
        let tree = adaptive::solve(&problem, false).tree.unwrap();
        let text = tree.to_string();
        let parsed = DecisionTree::parse(&text, coins).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(parsed, tree);
        check_tree(&problem, &parsed).unwrap();
    }
    assert!(DecisionTree::parse("", 3).is_err());
    assert!(DecisionTree::parse("  weigh 1 | 2", 3).is_err());
    assert!(DecisionTree::parse("weigh 1 | 2\n    = coin 3 heavy", 3).is_err());
    assert!(DecisionTree::parse("weigh 1 | 2\n  = coin 4 heavy", 3).is_err());
    assert!(DecisionTree::parse("weigh 1 | 2\n  = coin 3 heavy\n  = coin 3 light", 3).is_err());
}
