//! Small-board values (rules/darkhex.md) through CFR and two independent exact best responses.

use cfr::{bracket, Algorithm, Solver};
use darkhex::extensive::{HistoryGame, ViewGame};
use darkhex::response::{exact_bracket, HistoryStrategy, ViewStrategy};
use darkhex::{DarkHex, Variant};
use hashbrown::HashMap;

fn history_table(s: &Solver<u128>) -> HashMap<u128, Vec<f64>> {
    s.average_strategy()
        .entries()
        .map(|(k, _, p)| (k, p.to_vec()))
        .collect()
}

/// `value ± slack` is the literature value (slack for values quoted rounded).
fn check(r: usize, c: usize, v: Variant, value: f64, tol: f64) {
    check_near(r, c, v, value, 0.0, tol)
}

fn check_near(r: usize, c: usize, v: Variant, value: f64, slack: f64, tol: f64) {
    let g = DarkHex::with(r, c, v).unwrap();
    let hg = HistoryGame(g.clone());
    let mut s = Solver::new(&hg, Algorithm::DCFR_DEFAULT, 10_000_000).unwrap();
    s.iterate(2000);
    let avg = s.average_strategy();
    let b = bracket(&hg, &avg, false);
    let e = exact_bracket(&g, &HistoryStrategy::new(g.cells(), history_table(&s)), 0.0);
    eprintln!("{r}x{c} {v}: generic {b:?} darkhex {e:?}");
    assert!((b.lower - e.lower).abs() < 1e-9 && (b.upper - e.upper).abs() < 1e-9);
    assert!(
        b.lower - 1e-9 <= value + slack && value - slack <= b.upper + 1e-9,
        "{b:?} vs {value}"
    );
    assert!(b.gap < tol, "gap {}", b.gap);
}

#[test]
fn classical_2x2_is_1() {
    check(2, 2, Variant::Classical, 1.0, 1e-6);
}
#[test]
fn classical_3x2_is_0() {
    check(3, 2, Variant::Classical, 0.0, 1e-6);
}
#[test]
fn classical_2x3_is_1() {
    check(2, 3, Variant::Classical, 1.0, 1e-6);
}
#[test]
fn abrupt_3x2_is_7_16() {
    check(3, 2, Variant::Abrupt, 7.0 / 16.0, 1e-3);
}
#[test]
fn abrupt_2x3() {
    // Quoted as +0.818 on a ±1 scale: Black's probability lies in [0.90875, 0.90925].
    check_near(2, 3, Variant::Abrupt, 0.909, 0.00025, 1e-3);
}

#[test]
fn view_game_brackets_are_consistent() {
    let g = DarkHex::with(3, 2, Variant::Abrupt).unwrap();
    let vg = ViewGame(g.clone());
    let mut s = Solver::new(&vg, Algorithm::DCFR_DEFAULT, 10_000_000).unwrap();
    s.iterate(2000);
    let table: HashMap<u64, Vec<f64>> = s
        .average_strategy()
        .entries()
        .map(|(k, _, p)| (k, p.to_vec()))
        .collect();
    let e = exact_bracket(&g, &ViewStrategy::new(vg, table), 0.0);
    eprintln!("view 3x2 abrupt {e:?}");
    assert!(e.lower <= 7.0 / 16.0 + 1e-9 && 7.0 / 16.0 <= e.upper + 1e-9);
}

struct ViewAsHistory<'a>(&'a ViewStrategy, usize);
impl game::extensive::Behaviour<HistoryGame> for ViewAsHistory<'_> {
    fn fill(&self, key: &u128, out: &mut [f64]) -> bool {
        use darkhex::response::CellStrategy;
        let player = (key >> 127) as u8;
        let h = key & !(1u128 << 127);
        let (mut own, mut known) = (0u64, 0u64);
        let bits = darkhex::event_bits(self.1);
        let mut rest = h;
        while rest != 0 {
            let e = (rest & ((1 << bits) - 1)) as u32;
            rest >>= bits;
            let c = (e >> 1) - 1;
            if e & 1 == 1 {
                own |= 1 << c
            } else {
                known |= 1 << c
            }
        }
        let mut p = [0.0; 16];
        self.0.probabilities(player, h, own, known, &mut p);
        let legal = ((1u64 << self.1) - 1) & !(own | known);
        for (k, c) in (0..16).filter(|c| legal >> c & 1 == 1).enumerate() {
            out[k] = p[c];
        }
        true
    }
}

#[test]
fn view_strategy_best_response_matches_generic() {
    let g = DarkHex::with(3, 2, Variant::Abrupt).unwrap();
    let vg = ViewGame(g.clone());
    let mut s = Solver::new(&vg, Algorithm::DCFR_DEFAULT, 10_000_000).unwrap();
    s.iterate(300);
    let avg = s.average_strategy();
    let table: HashMap<u64, Vec<f64>> = avg.entries().map(|(k, _, p)| (k, p.to_vec())).collect();
    let vs = ViewStrategy::new(vg.clone(), table);
    let e = exact_bracket(&g, &vs, 0.0);
    let b = bracket(
        &HistoryGame(g.clone()),
        &ViewAsHistory(&vs, g.cells()),
        false,
    );
    let within = bracket(&vg, &avg, false);
    eprintln!(
        "exact {e:?}\ngeneric {b:?}\nimperfect-recall grouping {within:?}\nev {}",
        s.expected_value(&avg)
    );
    assert!((b.lower - e.lower).abs() < 1e-9 && (b.upper - e.upper).abs() < 1e-9);
}

#[test]
fn view_keys_are_rotation_invariant_and_actions_rotate() {
    use game::extensive::ExtensiveGame;
    let g = DarkHex::with(4, 3, Variant::Classical).unwrap();
    let vg = ViewGame(g.clone());
    let n = g.cells() as u8;
    let mut s = g.root();
    let mut x = 12345u64;
    let mut a = Vec::new();
    let mut b = Vec::new();
    while s.winner.is_none() {
        let r = g.rotate_state(&s);
        assert_eq!(vg.info_key(&s), vg.info_key(&r));
        a.clear();
        b.clear();
        vg.legal_actions(&s, &mut a);
        vg.legal_actions(&r, &mut b);
        let (own, known) = (s.stones[s.to_move as usize], s.known[s.to_move as usize]);
        let symmetric =
            g.geometry().rotate180(own) == own && g.geometry().rotate180(known) == known;
        if !symmetric {
            // Action k of the information set is the same canonical probe in both orientations.
            assert_eq!(b, a.iter().map(|c| n - 1 - c).collect::<Vec<_>>());
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let c = a[(x >> 33) as usize % a.len()];
        vg.apply(&mut s, c);
    }
}
