//! The generic double oracle on toy games with known values: Kuhn poker (−1/18 for the first
//! player) and random matrix games checked against the LP of the whole matrix.

use double_oracle::DoubleOracle;
use game::oracle::{PolicyOracle, ResponseOf, Restricted};
use game::Player;
use matrix_game::{solve, DenseSolver, RestrictedSolver};

/// Kuhn poker in normal form. Cards 0 < 1 < 2, one dealt to each player (6 deals), ante 1.
/// A first-player policy gives, per card, 0 = bet, 1 = check then fold to a bet, 2 = check
/// then call; a second-player policy gives, per card, bit 0 = call a bet, bit 1 = bet after a
/// check. Payoffs are the first player's expectation over the deals.
struct Kuhn;

impl Kuhn {
    fn deal(first: u8, second: u8, c1: usize, c2: usize) -> f64 {
        let show = |stake: f64| if c1 > c2 { stake } else { -stake };
        let call = second & 1 == 1;
        let bets_after_check = second & 2 == 2;
        match first {
            0 if call => show(2.0),
            0 => 1.0,
            _ if !bets_after_check => show(1.0),
            1 => -1.0,
            _ => show(2.0),
        }
    }

    fn all(player: Player) -> Vec<[u8; 3]> {
        let n = if player == Player::First { 3 } else { 4 };
        let mut out = Vec::new();
        for a in 0..n {
            for b in 0..n {
                for c in 0..n {
                    out.push([a, b, c]);
                }
            }
        }
        out
    }
}

impl PolicyOracle for Kuhn {
    type Policy = [u8; 3];
    type Key = [u8; 3];
    type Payoff = f64;
    type Value = f64;
    type Proof = Vec<f64>;
    type Stats = ();

    fn key(&self, p: &[u8; 3]) -> [u8; 3] {
        *p
    }

    fn payoff(&self, first: &[u8; 3], second: &[u8; 3]) -> f64 {
        let mut sum = 0.0;
        for c1 in 0..3 {
            for c2 in 0..3 {
                if c1 != c2 {
                    sum += Kuhn::deal(first[c1], second[c2], c1, c2);
                }
            }
        }
        sum / 6.0
    }

    fn best_response(&self, responder: Player, r: &Restricted<'_, [u8; 3]>) -> ResponseOf<Self> {
        brute_force(self, responder, r, &Kuhn::all(responder))
    }
}

/// The best of `candidates` against the opponent's mixture, by enumeration; the bound is the
/// first player's value the mixture proves.
fn brute_force<O>(
    o: &O,
    responder: Player,
    r: &Restricted<'_, O::Policy>,
    candidates: &[O::Policy],
) -> ResponseOf<O>
where
    O: PolicyOracle<Payoff = f64, Value = f64, Proof = Vec<f64>, Stats = ()>,
{
    let value = |c: &O::Policy| -> f64 {
        r.opponent
            .iter()
            .zip(r.opponent_weights)
            .map(|(p, &w)| match responder {
                Player::First => w * o.payoff(c, p),
                Player::Second => w * o.payoff(p, c),
            })
            .sum()
    };
    let sign = if responder == Player::First {
        1.0
    } else {
        -1.0
    };
    let (best, bound) = candidates
        .iter()
        .map(|c| (c, value(c)))
        .max_by(|a, b| (sign * a.1).total_cmp(&(sign * b.1)))
        .expect("candidates");
    ResponseOf::<O> {
        policy: best.clone(),
        bound,
        proof: r.opponent_weights.to_vec(),
        stats: (),
    }
}

fn converge<O, L>(d: &mut DoubleOracle<O, L>) -> (f64, f64)
where
    O: PolicyOracle<Value = f64>,
    L: matrix_game::RestrictedGameSolver<O::Payoff> + Send,
{
    for _ in 0..200 {
        let s = d.step();
        assert!(s.best_lower <= s.best_upper + 1e-9, "{s:?}");
        if s.added == [false, false] {
            return (s.best_lower, s.best_upper);
        }
    }
    panic!("no convergence in 200 iterations");
}

#[test]
fn kuhn_poker_value_is_minus_one_eighteenth() {
    let mut d = DoubleOracle::new(Kuhn, DenseSolver, vec![[0, 0, 0]], vec![[0, 0, 0]]).unwrap();
    let (lower, upper) = converge(&mut d);
    let value = -1.0 / 18.0;
    assert!((lower - value).abs() < 1e-9, "lower {lower}");
    assert!((upper - value).abs() < 1e-9, "upper {upper}");
    // The policy sets stay far below the 27 × 64 of the whole game.
    let (b, w) = (
        d.policies(Player::First).len(),
        d.policies(Player::Second).len(),
    );
    assert!(b < 27 && w < 64, "{b} + {w} policies");
}

/// A matrix game whose policies are its rows / columns.
struct Matrix<T>(Vec<Vec<T>>);

impl<T: Copy + Into<f64> + Send + Sync> PolicyOracle for Matrix<T> {
    type Policy = usize;
    type Key = usize;
    type Payoff = T;
    type Value = f64;
    type Proof = Vec<f64>;
    type Stats = ();

    fn key(&self, p: &usize) -> usize {
        *p
    }

    fn payoff(&self, i: &usize, j: &usize) -> T {
        self.0[*i][*j]
    }

    fn best_response(&self, responder: Player, r: &Restricted<'_, usize>) -> ResponseOf<Self> {
        let n = match responder {
            Player::First => self.0.len(),
            Player::Second => self.0[0].len(),
        };
        let value = |c: usize| -> f64 {
            r.opponent
                .iter()
                .zip(r.opponent_weights)
                .map(|(&p, &w)| match responder {
                    Player::First => w * self.0[c][p].into(),
                    Player::Second => w * self.0[p][c].into(),
                })
                .sum()
        };
        let sign = if responder == Player::First {
            1.0
        } else {
            -1.0
        };
        let (policy, bound) = (0..n)
            .map(|c| (c, value(c)))
            .max_by(|a, b| (sign * a.1).total_cmp(&(sign * b.1)))
            .expect("a strategy");
        ResponseOf::<Self> {
            policy,
            bound,
            proof: r.opponent_weights.to_vec(),
            stats: (),
        }
    }
}

fn xorshift(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

#[test]
fn random_binary_matrix_games_reach_the_lp_value() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for trial in 0..10 {
        let (m, n) = (20 + trial * 3, 30 + trial * 2);
        let a: Vec<Vec<u8>> = (0..m)
            .map(|_| (0..n).map(|_| (next() % 3 == 0) as u8).collect())
            .collect();
        let full: Vec<Vec<f64>> = a
            .iter()
            .map(|r| r.iter().map(|&x| x as f64).collect())
            .collect();
        let value = solve(&full).value;
        let mut d =
            DoubleOracle::new(Matrix(a), RestrictedSolver::default(), vec![0], vec![0]).unwrap();
        let (lower, upper) = converge(&mut d);
        assert!(
            lower <= value + 1e-9 && value <= upper + 1e-9 && upper - lower < 1e-9,
            "trial {trial}: [{lower}, {upper}] vs {value}"
        );
    }
}

#[test]
fn random_real_matrix_games_reach_the_lp_value() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    for trial in 0..10 {
        let (m, n) = (15 + trial, 25 - trial);
        let a: Vec<Vec<f64>> = (0..m)
            .map(|_| {
                (0..n)
                    .map(|_| (next() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0)
                    .collect()
            })
            .collect();
        let value = solve(&a).value;
        let mut d = DoubleOracle::new(Matrix(a), DenseSolver, vec![0], vec![0]).unwrap();
        let (lower, upper) = converge(&mut d);
        assert!(
            (lower - value).abs() < 1e-8 && (upper - value).abs() < 1e-8,
            "trial {trial}: [{lower}, {upper}] vs {value}"
        );
    }
}
