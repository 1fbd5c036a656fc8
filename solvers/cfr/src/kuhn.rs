//! Kuhn poker, the toy game the CFR code is checked on.
//!
//! Three cards J < Q < K; each player antes 1 and gets one card (a chance node deals the six
//! ordered pairs with probability 1/6). Player 0 checks or bets 1; after a check player 1
//! checks (showdown for 1) or bets; after a bet the other player folds or calls (showdown for
//! 2). The game value for player 0 is −1/18.

use game::extensive::ExtensiveGame;
use game::{NodeKind, Player};

/// Kuhn poker.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kuhn;

/// A Kuhn state: the deal (if dealt) and the betting so far (0 = pass/check/fold, 1 = bet/call).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct KuhnState {
    /// Cards of players 0 and 1 (0 = J, 1 = Q, 2 = K), `None` before the deal.
    pub cards: Option<[u8; 2]>,
    /// Actions so far.
    pub actions: [u8; 3],
    /// Number of actions so far.
    pub len: u8,
}

/// The value of Kuhn poker for player 0.
pub const KUHN_VALUE: f64 = -1.0 / 18.0;

const DEALS: [[u8; 2]; 6] = [[0, 1], [0, 2], [1, 0], [1, 2], [2, 0], [2, 1]];

impl Kuhn {
    fn terminal_payoff(s: &KuhnState) -> Option<f64> {
        let c = s.cards?;
        let show = |stake: f64| if c[0] > c[1] { stake } else { -stake };
        match &s.actions[..s.len as usize] {
            [0, 0] => Some(show(1.0)),
            [1, 1] => Some(show(2.0)),
            [1, 0] => Some(1.0),
            [0, 1, 0] => Some(-1.0),
            [0, 1, 1] => Some(show(2.0)),
            _ => None,
        }
    }
}

impl ExtensiveGame for Kuhn {
    type State = KuhnState;
    type Action = u8;
    type InfoKey = u32;
    const PERFECT_RECALL: bool = true;

    fn root(&self) -> KuhnState {
        KuhnState {
            cards: None,
            actions: [0; 3],
            len: 0,
        }
    }

    fn node_kind(&self, s: &KuhnState) -> NodeKind {
        if s.cards.is_none() {
            NodeKind::Chance
        } else if Kuhn::terminal_payoff(s).is_some() {
            NodeKind::Terminal
        } else if s.len % 2 == 0 {
            NodeKind::Decision(Player::First)
        } else {
            NodeKind::Decision(Player::Second)
        }
    }

    fn legal_actions(&self, _s: &KuhnState, out: &mut Vec<u8>) {
        out.extend([0, 1]);
    }

    fn chance_outcomes(&self, _s: &KuhnState, out: &mut Vec<(u8, f64)>) {
        out.extend((0..6).map(|d| (d, 1.0 / 6.0)));
    }

    fn apply(&self, s: &mut KuhnState, a: u8) {
        if s.cards.is_none() {
            s.cards = Some(DEALS[a as usize]);
        } else {
            s.actions[s.len as usize] = a;
            s.len += 1;
        }
    }

    fn info_key(&self, s: &KuhnState) -> u32 {
        let c = s.cards.expect("dealt");
        let p = (s.len % 2) as usize;
        let mut key = 1u32; // leading 1 separates histories of different lengths
        for &a in &s.actions[..s.len as usize] {
            key = key << 1 | a as u32;
        }
        key << 2 | c[p] as u32
    }

    fn payoff(&self, s: &KuhnState) -> f64 {
        Kuhn::terminal_payoff(s).unwrap_or(0.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bracket, Algorithm, Passes, Profile, Solver};

    #[test]
    fn uniform_kuhn_is_exploitable_and_bracket_is_ordered() {
        let empty: Profile<u32> = Profile::from_entries(Vec::new());
        let b = bracket(&Kuhn, &empty, false);
        assert!(b.lower <= KUHN_VALUE && KUHN_VALUE <= b.upper);
        assert!(b.gap > 0.5);
    }

    #[test]
    fn every_algorithm_converges_to_the_kuhn_value() {
        for (algo, iters, tol) in [
            (Algorithm::Vanilla, 20_000, 3e-3),
            (Algorithm::CfrPlus, 3_000, 1e-3),
            (Algorithm::Linear, 3_000, 2e-3),
            (Algorithm::DCFR_DEFAULT, 3_000, 1e-3),
            (Algorithm::PcfrPlus, 3_000, 1e-3),
        ] {
            for passes in [Passes::Level, Passes::PrunedWalk] {
                converges(algo, passes, iters, tol);
            }
        }
    }

    fn converges(algo: Algorithm, passes: Passes, iters: u64, tol: f64) {
        {
            let mut s = Solver::new(&Kuhn, algo, 1000).unwrap();
            assert_eq!(s.tree().infosets(), 12);
            assert_eq!(s.set_passes(passes), passes);
            s.iterate(iters);
            let avg = s.average_strategy();
            let b = bracket(&Kuhn, &avg, false);
            assert!(b.gap < tol, "{algo:?}: gap {}", b.gap);
            assert!(b.lower <= KUHN_VALUE + 1e-12 && KUHN_VALUE <= b.upper + 1e-12);
            let v = s.expected_value(&avg);
            assert!((v - KUHN_VALUE).abs() < tol, "{algo:?}: value {v}");
            // The parallel best response agrees with the sequential one.
            let bp = bracket(&Kuhn, &avg, true);
            assert!((bp.lower - b.lower).abs() < 1e-12 && (bp.upper - b.upper).abs() < 1e-12);
        }
    }

    fn max_difference(a: &Profile<u32>, b: &Profile<u32>) -> f64 {
        assert_eq!(a.len(), b.len());
        a.entries()
            .flat_map(|(k, _, p)| p.iter().zip(b.get(&k).unwrap()).map(|(x, y)| (x - y).abs()))
            .fold(0.0, f64::max)
    }

    #[test]
    fn pruned_walk_matches_the_level_passes_and_resumes_their_checkpoints() {
        for algo in [
            Algorithm::Vanilla,
            Algorithm::CfrPlus,
            Algorithm::Linear,
            Algorithm::DCFR_DEFAULT,
            Algorithm::PcfrPlus,
        ] {
            let mut level = Solver::new(&Kuhn, algo, 1000).unwrap();
            assert_eq!(level.set_passes(Passes::Level), Passes::Level);
            let mut walk = Solver::new(&Kuhn, algo, 1000).unwrap();
            assert_eq!(
                walk.passes(),
                Passes::PrunedWalk,
                "Kuhn is a perfect-recall tree"
            );
            level.iterate(300);
            walk.iterate(300);
            let (a, b) = (level.average_strategy(), walk.average_strategy());
            assert!(max_difference(&a, &b) < 1e-12, "{algo:?}");
            let (ca, cb) = (level.current_strategy(), walk.current_strategy());
            assert!(max_difference(&ca, &cb) < 1e-12, "{algo:?}");
            // A level checkpoint continues under the walk as under the level passes.
            let mut resumed = Solver::new(&Kuhn, algo, 1000).unwrap();
            resumed.restore(level.checkpoint()).unwrap();
            level.iterate(300);
            resumed.iterate(300);
            let (a, b) = (level.average_strategy(), resumed.average_strategy());
            assert!(max_difference(&a, &b) < 1e-12, "{algo:?} resumed");
            // Strategies that differ make a difference the comparison sees.
            let mut short = Solver::new(&Kuhn, algo, 1000).unwrap();
            short.iterate(3);
            assert!(max_difference(&a, &short.average_strategy()) > 1e-3);
        }
    }

    #[test]
    fn checkpoint_round_trip_continues_identically() {
        let mut a = Solver::new(&Kuhn, Algorithm::DCFR_DEFAULT, 1000).unwrap();
        a.iterate(50);
        let bytes = bincode::serialize(&a.checkpoint()).unwrap();
        let mut b = Solver::new(&Kuhn, Algorithm::DCFR_DEFAULT, 1000).unwrap();
        b.restore(bincode::deserialize(&bytes).unwrap()).unwrap();
        a.iterate(50);
        b.iterate(50);
        assert_eq!(a.checkpoint().regrets, b.checkpoint().regrets);
        let mut c = Solver::new(&Kuhn, Algorithm::CfrPlus, 1000).unwrap();
        assert!(c.restore(a.checkpoint()).is_err());
    }
}
