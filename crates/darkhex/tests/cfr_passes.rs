//! CFR's pruned walk against its level passes on the small boards: the same average strategy,
//! the same exact best responses of it, and a bracket around the value the double oracle
//! proves (results/darkhex/double-oracle-values.md).

use cfr::{Algorithm, Passes, Solver};
use darkhex::extensive::{HistoryGame, ViewGame};
use darkhex::response::{exact_bracket, HistoryStrategy};
use darkhex::{DarkHex, Variant};
use hashbrown::HashMap;

fn table(s: &Solver<u128>) -> HashMap<u128, Vec<f64>> {
    s.average_strategy()
        .entries()
        .map(|(k, _, p)| (k, p.to_vec()))
        .collect()
}

fn max_difference(a: &HashMap<u128, Vec<f64>>, b: &HashMap<u128, Vec<f64>>) -> f64 {
    assert_eq!(a.len(), b.len());
    a.iter()
        .flat_map(|(k, p)| p.iter().zip(&b[k]).map(|(x, y)| (x - y).abs()))
        .fold(0.0, f64::max)
}

/// Both passes, `iterations` of `algo`; returns Black's exact value bracket of the walk's
/// average strategy after checking it against the level passes'.
fn compare(g: &DarkHex, algo: Algorithm, iterations: u64) -> (f64, f64) {
    let hg = HistoryGame(g.clone());
    let mut level = Solver::new(&hg, algo, 10_000_000).unwrap();
    assert_eq!(level.set_passes(Passes::Level), Passes::Level);
    let mut walk = Solver::new(&hg, algo, 10_000_000).unwrap();
    assert_eq!(walk.passes(), Passes::PrunedWalk);
    level.iterate(iterations);
    walk.iterate(iterations);
    let (a, b) = (table(&level), table(&walk));
    let d = max_difference(&a, &b);
    let name = format!("{:?} {}", g.rules(), algo.describe());
    eprintln!("{name}: strategies differ by at most {d:e}");
    if g.rules().variant == Variant::Abrupt {
        // Every information set lies at one depth, so the regrets are added in the same
        // order by both passes.
        assert!(d < 1e-12, "{name}: strategies differ by {d:e}");
    }
    // On classical boards a set spans depths and its regret terms are added in another
    // order; where the regrets are 0 up to rounding (every action wins) regret matching
    // turns the last bits into different strategies, which the exact bracket must not see.
    let ea = exact_bracket(g, &HistoryStrategy::new(g.cells(), a), 0.0);
    let eb = exact_bracket(g, &HistoryStrategy::new(g.cells(), b), 0.0);
    eprintln!("{name}: level {ea:?} walk {eb:?}");
    assert!((ea.lower - eb.lower).abs() < 1e-9 && (ea.upper - eb.upper).abs() < 1e-9);
    (eb.lower, eb.upper)
}

#[test]
fn pruned_walk_equals_level_passes_on_small_boards() {
    // (rows, cols, variant, value the double oracle proves exactly)
    for (r, c, v, value) in [
        (2, 2, Variant::Abrupt, 3.0 / 4.0),
        (3, 2, Variant::Abrupt, 7.0 / 16.0),
        (2, 3, Variant::Abrupt, 10.0 / 11.0),
        (2, 2, Variant::Classical, 1.0),
        (3, 2, Variant::Classical, 0.0),
        (2, 3, Variant::Classical, 1.0),
    ] {
        let g = DarkHex::with(r, c, v).unwrap();
        for algo in [
            Algorithm::CfrPlus,
            Algorithm::DCFR_DEFAULT,
            Algorithm::PcfrPlus,
        ] {
            let (lower, upper) = compare(&g, algo, 300);
            assert!(
                lower <= value + 1e-12 && value <= upper + 1e-12,
                "{r}x{c} {v}"
            );
            assert!(upper - lower < 0.05, "{r}x{c} {v}: gap {}", upper - lower);
        }
    }
}

#[test]
fn pruned_walk_skips_most_of_the_abrupt_tree_once_strategies_are_sparse() {
    let g = DarkHex::with(3, 2, Variant::Abrupt).unwrap();
    let view = Solver::new(&ViewGame(g.clone()), Algorithm::CfrPlus, 10_000_000).unwrap();
    assert_eq!(
        view.passes(),
        Passes::Level,
        "imperfect recall keeps the level passes"
    );
    let mut s = Solver::new(&HistoryGame(g), Algorithm::CfrPlus, 10_000_000).unwrap();
    assert_eq!(s.passes(), Passes::PrunedWalk);
    let nodes = s.tree().nodes();
    assert_eq!(s.walk_nodes(), Some(nodes));
    // The first update walks uniform strategies: everything is reached.
    s.iterate(1);
    assert_eq!(s.last_visits()[0], nodes);
    s.iterate(999);
    let [black, white] = s.last_visits();
    eprintln!(
        "abrupt 3x2 after 1000 CFR+ iterations: {black} and {white} of {nodes} nodes visited"
    );
    assert!(black < nodes / 5 && white < nodes / 5);
}
