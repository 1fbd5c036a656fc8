//! Playing Dark Hex against a saved mixture ([`Match`]).
//!
//! A `DARKHEX_MIXTURE` certificate is a mixed strategy: policy `i` with probability
//! `wᵢ / Σw`. Drawing one deterministic policy at the start of each game (from a seed) and
//! following it is exactly that mixed strategy (Kuhn: the mixture and the behaviour strategy
//! it induces are equivalent under perfect recall), so the engine plays the equilibrium the
//! certificate proves: against any play its expected score is at least the certified bound.
//! The engine is the mixture's owner; the other player (a person or a script) sees only its
//! own stones and the enemy stones it has found, as the rules say.

use crate::certificate::{Mixture, Policy};
use crate::rules::{DarkHex, DarkHexError, Probe, State};

/// One game against a mixture's policy.
#[derive(Clone, Debug)]
pub struct Match {
    game: DarkHex,
    state: State,
    engine: u8,
    policy: Policy,
    engine_probes: usize,
}

/// Which policy of `m` the draw `x` (uniform over `u64`) selects, by weight.
fn draw(m: &Mixture, x: u64) -> &Policy {
    let total = m.total_weight();
    // Σw < 2^128; scale the 64-bit draw onto [0, Σw) without overflow.
    let mut u = ((x as u128) * (total >> 64) + (((x as u128) * (total & u64::MAX as u128)) >> 64))
        .min(total - 1);
    for p in &m.policies {
        if u < p.weight {
            return p;
        }
        u -= p.weight;
    }
    m.policies.last().expect("a mixture has a policy")
}

impl Match {
    /// A new game against `mixture`, the engine's policy drawn from `seed`; if the engine is
    /// Black it has already made its first probes.
    pub fn new(mixture: &Mixture, seed: u64) -> Result<Match, DarkHexError> {
        let game = DarkHex::new(mixture.rules)?;
        let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ 0xd1b5_4a32_d192_ed03;
        for _ in 0..4 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }
        let mut m = Match {
            state: game.root(),
            game,
            engine: mixture.owner,
            policy: draw(mixture, x).clone(),
            engine_probes: 0,
        };
        m.engine_turn();
        Ok(m)
    }

    /// The game.
    pub fn game(&self) -> &DarkHex {
        &self.game
    }

    /// The person's side (0 Black, 1 White).
    pub fn human(&self) -> u8 {
        1 - self.engine
    }

    /// The winner, once someone has connected.
    pub fn winner(&self) -> Option<u8> {
        self.state.winner
    }

    /// Probes the engine made in its last turn. Not for the person's eyes: in classical Dark
    /// Hex the count reveals how many of the person's stones the engine found.
    pub fn engine_probes(&self) -> usize {
        self.engine_probes
    }

    /// The person's view: own stones `X`, found enemy stones `O`.
    pub fn view(&self) -> String {
        let p = if self.human() == 0 {
            game::Player::First
        } else {
            game::Player::Second
        };
        self.game.view_string(&self.state, p)
    }

    /// The whole board (for after the game): Black `B`, White `W`.
    pub fn reveal(&self) -> String {
        let g = self.game.rules();
        let mut out = String::new();
        for r in 0..g.rows {
            out.push_str(&" ".repeat(r));
            for c in 0..g.cols {
                let bit = 1u64 << (r * g.cols + c);
                out.push(if self.state.stones[0] & bit != 0 {
                    'B'
                } else if self.state.stones[1] & bit != 0 {
                    'W'
                } else {
                    '.'
                });
                out.push(' ');
            }
            out.push('\n');
        }
        out
    }

    /// The person probes `cell`; then, if the turn passed, the engine plays its turn. Errors:
    /// the game is over, or `cell` is off the board or known to the person as occupied.
    pub fn probe(&mut self, cell: u32) -> Result<Probe, DarkHexError> {
        if self.state.winner.is_some() {
            return Err(DarkHexError::IllegalMove {
                cell,
                reason: "the game is over",
            });
        }
        debug_assert_eq!(self.state.to_move, self.human());
        let r = self.game.try_play(&mut self.state, cell)?;
        self.engine_probes = 0;
        self.engine_turn();
        Ok(r)
    }

    /// Whether it is the person's turn (false once the game is over).
    pub fn human_to_move(&self) -> bool {
        self.state.winner.is_none() && self.state.to_move == self.human()
    }

    fn engine_turn(&mut self) {
        while self.state.winner.is_none() && self.state.to_move == self.engine {
            let legal = self.game.legal_set(&self.state);
            let a = self
                .policy
                .decide(self.state.history[self.engine as usize], legal);
            self.game.play(&mut self.state, a);
            self.engine_probes += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certificate::{best_response_policy, priority_mixture};

    fn lone(rows: usize, cols: usize, owner: u8) -> Mixture {
        let order: Vec<u8> = (0..(rows * cols) as u8).collect();
        priority_mixture(rows, cols, owner, &[(&order, 1)])
    }

    #[test]
    fn a_best_response_beats_a_lone_policy_and_errors_are_typed() {
        // White responds to Black's lone policy with the exact best response: it wins every game.
        let m = lone(3, 2, 0);
        let (c, answer) = best_response_policy(&m);
        assert_eq!(c.black_value.num, 0);
        let mut g = Match::new(&m, 5).unwrap();
        assert_eq!(g.human(), 1);
        assert_eq!(g.engine_probes(), 1);
        while g.winner().is_none() {
            assert!(g.human_to_move());
            let legal = g.game.legal_set(&g.state);
            let cell = answer.decide(g.state.history[1], legal);
            g.probe(cell).unwrap();
        }
        assert_eq!(g.winner(), Some(1));
        assert!(g.probe(0).is_err());
        assert!(g.reveal().contains('W'));
        // Off the board, and a cell the person knows to be occupied.
        let mut g = Match::new(&lone(2, 2, 1), 1).unwrap();
        assert!(g.probe(9).is_err());
        g.probe(0).unwrap();
        assert!(g.view().contains('X'));
        assert!(g.probe(0).is_err());
    }

    #[test]
    fn draws_follow_the_weights() {
        let mut m = lone(2, 2, 0);
        m.policies.push(Policy {
            weight: 3,
            priority: vec![3, 2, 1, 0],
            decisions: Default::default(),
        });
        let hits = (0..4000u64)
            .filter(|&s| Match::new(&m, s).unwrap().policy.priority[0] == 3)
            .count();
        assert!((2800..3200).contains(&hits), "{hits} of 4000");
    }
}
