//! Exact double oracle over deterministic perfect-recall policies.
//!
//! # Algorithm
//! Dark Hex has no chance: a deterministic policy of Black against one of White produces one
//! game and a 0/1 result ([`play`]). The double oracle keeps a set of deterministic policies per
//! player (a [`Policy`] in the certificate's representation: decisions keyed by packed private
//! history, a `PRIORITY` fallback) and repeats:
//! 1. fill the restricted game's payoff matrix (one play-out per new pair) and solve it as a
//!    zero-sum matrix game (the `matrix-game` solver's `RestrictedSolver`: a dense
//!    steepest-edge simplex on the undominated policies, with strategy generation, continuing
//!    the previous iteration's linear program) → a mixture per player;
//! 2. round each mixture to integer weights over the common denominator 2⁴⁰ (zeros dropped);
//! 3. compute the exact best response of each player against the other's rounded mixture
//!    ([`certificate::best_response_policy`]: perfect recall, exact integer arithmetic) together
//!    with the maximising deterministic policy. `lower` = what Black's rounded mixture
//!    guarantees (1 − White's best-response value) and `upper` = what White's rounded mixture
//!    concedes (Black's best-response value) are *exact* bounds on the game value, proven the
//!    same way as the published certificates;
//! 4. add both best-response policies if they are new.
//!
//! The loop is the generic one of `solvers/double-oracle`; this module is the Dark Hex side:
//! [`DarkHexOracle`] implements [`game::oracle::PolicyOracle`] (pure policies, the 0/1 payoff
//! of a pair by play-out, the exact best response with its proven bound, and near the end
//! the LP weights read as simple fractions, certified too), [`initial_policies`] gives the
//! starting sets and [`checkpoint`] the checkpoint format. The best bounds seen so far are
//! kept with their mixtures; they can be written as `DARKHEX_MIXTURE` files and re-checked
//! by `gsolve darkhex certify`. When neither best response is new, the restricted equilibrium is
//! an equilibrium of the whole game (up to the LP's floating point and the 2⁻⁴⁰ rounding).
//!
//! # Why it reaches exactness where CFR on the view abstraction cannot
//! The policies are perfect-recall deterministic strategies of the real game and the oracle is
//! the exact best response over private histories, so there is no abstraction to pay for: the
//! restricted game grows until it contains the support of an equilibrium, and the bracket
//! closes to the value (DO converges in finitely many steps on a finite game). CFR needs one
//! regret table per information set; with perfect recall that is one per private history (≈ 1.9e10
//! on 3×3 classical), so on ≥ 8 cells it runs on the view abstraction, which forgets the order of
//! one's probes and stalls at a positive gap.
//!
//! # Cost
//! Per iteration: one simplex on a `|B| × |W|` 0/1 matrix (dense tableau, `O(|B|·(|B|+|W|))`
//! per pivot), two exact best responses against mixtures of the current support (their cost
//! grows with the number of *worlds* — distinct owner histories — reachable per responder
//! history, hence with the support and the variety of the policies), and `|B| + |W|` play-outs
//! per added policy. Memory is the policies (a few thousand decisions each) and the matrix.
//! The number of iterations is not bounded by anything small in theory; the measured counts
//! are in `results/darkhex/`.

use crate::certificate::gcd;
use crate::certificate::{
    best_response, best_response_policy, best_response_policy_inheriting,
    best_response_policy_with, Certified, Fraction, Mixture, Policy, PolicyKey,
};
use crate::rules::{DarkHex, DarkHexError, Rules};
use game::oracle::{Bound, PolicyOracle, ResponseOf, Restricted};
use game::Player;
use thiserror::Error;

pub mod checkpoint;

pub use checkpoint::{Checkpoint, Continuation, Restored, CHECKPOINT_MAGIC, CHECKPOINT_VERSION};

/// Common denominator of the rounded LP weights.
pub const WEIGHT_DENOMINATOR: f64 = (1u64 << 40) as f64;

/// Errors of the double oracle.
#[derive(Debug, Error)]
pub enum DoubleOracleError {
    /// Rules the certificate format cannot express.
    #[error(
        "the double oracle needs rules without announcements (the certificate format has none)"
    )]
    Announce,
    /// Bad board.
    #[error(transparent)]
    Rules(#[from] DarkHexError),
    /// Corrupt or foreign checkpoint.
    #[error("double-oracle checkpoint: {0}")]
    Checkpoint(String),
}

impl Bound for Fraction {
    fn less(&self, other: &Self) -> bool {
        self.num * other.den < other.num * self.den
    }
    fn to_f64(&self) -> f64 {
        Fraction::to_f64(*self)
    }
}

/// Which best response the oracle returns (all give the same exact bounds for a given
/// restricted solution; they differ in the policy added, hence in the path).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OracleKind {
    /// Break the best response's ties by its result against every policy of the set (the
    /// default): the policy is defined on many more histories and stays useful beyond the
    /// current mixture.
    #[default]
    Lexicographic,
    /// The plain best response, identity fallback priority.
    Plain,
    /// The plain best response with a random fallback priority (deterministic in the
    /// iteration) where the opponent's mixture never lets it go.
    RandomFallback,
    /// The plain best response that plays, where the opponent's mixture never lets it go, like
    /// a policy drawn from the responder's own restricted mixture (with probability its LP
    /// weight, deterministic in the iteration).
    InheritFallback,
}

impl OracleKind {
    /// `lexicographic` or `plain` (the fallbacks are variants of the plain response).
    pub fn name(self) -> &'static str {
        match self {
            OracleKind::Lexicographic => "lexicographic",
            _ => "plain",
        }
    }
}

/// Statistics of one Dark Hex best response.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ResponseStats {
    /// Policies of the rounded mixture responded to.
    pub support: usize,
    /// Responder histories visited.
    pub responder_nodes: u64,
}

/// Dark Hex as pure perfect-recall policies with the exact best response as oracle.
#[derive(Clone, Debug)]
pub struct DarkHexOracle {
    game: DarkHex,
    rules: Rules,
    kind: OracleKind,
    symmetric: bool,
}

impl DarkHexOracle {
    /// The oracle for `rules` (no announcements: the certificate format has none).
    pub fn new(rules: Rules, kind: OracleKind) -> Result<Self, DoubleOracleError> {
        if rules.announce_touch {
            return Err(DoubleOracleError::Announce);
        }
        Ok(DarkHexOracle {
            game: DarkHex::new(rules)?,
            rules,
            kind,
            symmetric: true,
        })
    }

    /// Use the board's 180° rotation (the default) or not. With it every policy enters its set
    /// together with its rotated image ([`PolicyOracle::images`]) and every mixture is
    /// symmetrised ([`Mixture::symmetrised`]) before its best response, so each proof is
    /// rotation invariant, as the published format requires, and proves at least what the
    /// unsymmetrised mixture would. Without it the proofs are the LP mixtures as rounded
    /// (the path of the runs before symmetry; the job symmetrises what it writes).
    pub fn with_symmetry(mut self, symmetric: bool) -> Self {
        self.symmetric = symmetric;
        self
    }

    /// Whether the rotation is used.
    pub fn symmetric(&self) -> bool {
        self.symmetric
    }

    /// `m`, symmetrised if the oracle is symmetric.
    fn proof(&self, m: Mixture) -> Mixture {
        if self.symmetric {
            m.symmetrised()
        } else {
            m
        }
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The game.
    pub fn game(&self) -> &DarkHex {
        &self.game
    }

    /// Which best response is returned.
    pub fn kind(&self) -> OracleKind {
        self.kind
    }

    /// Best response against `owner`'s LP mixture that, among the maximisers, also does best
    /// against every other policy of the set: support policies weigh `wᵢ·K` (integer weights
    /// over 2⁴⁰) and the others 1, with `K` above the number of others, so the responder first
    /// maximises the weight it wins against the mixture and breaks ties on the rest of the set.
    /// The returned [`Certified`] is the exact value against the rounded mixture alone.
    fn lexicographic_response(&self, rounded: &Mixture, set: &[Policy]) -> (Certified, Policy) {
        let owner = rounded.owner;
        let support: u128 = rounded.total_weight();
        let mut weight: hashbrown::HashMap<PolicyKey, u128> = rounded
            .policies
            .iter()
            .map(|p| (p.key(), p.weight))
            .collect();
        let k = (set.len() as u128 + 1).next_power_of_two();
        let mut all = Vec::with_capacity(set.len());
        for p in set {
            let r = weight.remove(&p.key()).unwrap_or(0);
            all.push(Policy {
                weight: if r > 0 { r * k } else { 1 },
                ..p.clone()
            });
        }
        // A (symmetrised) support policy outside the set: weighed like the rest of the support.
        all.extend(rounded.policies.iter().filter_map(|p| {
            weight.get(&p.key()).map(|&r| Policy {
                weight: r * k,
                ..p.clone()
            })
        }));
        if rounded.policies.len() == 1 && rounded.policies[0].weight == 1 {
            // Degenerate rounding (every weight rounded to 0): plain best response.
            return best_response_policy(rounded);
        }
        let m = Mixture {
            rules: rounded.rules,
            owner,
            policies: all,
        };
        let (c, policy) = best_response_policy(&m);
        // won = K·(weight won against the mixture) + (others won), others < K.
        let won = c.responder_value.num * (m.total_weight() / c.responder_value.den);
        let won_support = won / k;
        let responder_value = Fraction::new(won_support, support);
        let black_value = if owner == 0 {
            Fraction::new(support - won_support, support)
        } else {
            responder_value
        };
        (
            Certified {
                owner,
                responder_value,
                black_value,
                ..c
            },
            policy,
        )
    }
}

impl PolicyOracle for DarkHexOracle {
    type Policy = Policy;
    type Key = PolicyKey;
    type Payoff = u8;
    type Value = Fraction;
    type Proof = Mixture;
    type Stats = ResponseStats;

    fn key(&self, policy: &Policy) -> PolicyKey {
        policy.key()
    }

    /// 1 if Black's policy beats White's.
    fn payoff(&self, black: &Policy, white: &Policy) -> u8 {
        (play(&self.game, black, white) == 0) as u8
    }

    fn best_response(&self, responder: Player, r: &Restricted<'_, Policy>) -> ResponseOf<Self> {
        let owner = 1 - responder.index() as u8;
        let mixture = self.proof(round_mixture(
            self.rules,
            owner,
            r.opponent,
            r.opponent_weights,
        ));
        let player = responder.index() as u8;
        let (certified, mut policy) = match self.kind {
            OracleKind::Lexicographic => self.lexicographic_response(&mixture, r.opponent),
            OracleKind::InheritFallback => {
                let base = sample_policy(r.own, r.own_weights, r.iteration, player);
                best_response_policy_inheriting(&mixture, base)
            }
            OracleKind::RandomFallback => {
                let priority = random_priority(self.game.cells(), r.iteration, player);
                best_response_policy_with(&mixture, &priority)
            }
            OracleKind::Plain => best_response_policy(&mixture),
        };
        policy.weight = 1;
        ResponseOf::<Self> {
            policy,
            bound: certified.black_value,
            stats: ResponseStats {
                support: mixture.policies.len(),
                responder_nodes: certified.responder_nodes,
            },
            proof: mixture,
        }
    }

    /// Near the end (gap in (0, 1e-6)) the LP solution is usually a vector of simple
    /// fractions: certify those weights too, so that an exact equilibrium gets exact bounds
    /// (gap 0) instead of bounds 2⁻⁴⁰ away.
    fn extra_bound(
        &self,
        owner: Player,
        policies: &[Policy],
        weights: &[f64],
        gap: f64,
    ) -> Option<(Fraction, Mixture)> {
        if !(gap > 0.0 && gap < 1e-6) {
            return None;
        }
        let m = self.proof(simple_mixture(
            self.rules,
            owner.index() as u8,
            policies,
            weights,
        )?);
        Some((best_response(&m).black_value, m))
    }

    /// The rotated image of the policy, if the oracle is symmetric and the image differs.
    fn images(&self, policy: &Policy) -> Vec<Policy> {
        if !self.symmetric {
            return Vec::new();
        }
        let image = policy.rotated(&self.game);
        if image.key() == policy.key() {
            Vec::new()
        } else {
            vec![image]
        }
    }
}

/// The starting policy sets: per player the identity priority order (probe the lowest legal
/// cell) and `extra` priority orders drawn uniformly from a xorshift generator seeded with
/// `seed` (deterministic; Black's are drawn first).
pub fn initial_policies(
    rules: Rules,
    extra: usize,
    seed: u64,
) -> Result<[Vec<Policy>; 2], DoubleOracleError> {
    let game = DarkHex::new(rules)?;
    let n = game.cells();
    let mut x = seed ^ 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let mut sets = [Vec::new(), Vec::new()];
    for set in sets.iter_mut() {
        set.push(Policy {
            weight: 1,
            priority: (0..n as u8).collect(),
            decisions: Default::default(),
        });
        for _ in 0..extra {
            let mut p: Vec<u8> = (0..n as u8).collect();
            for i in (1..n).rev() {
                p.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            set.push(Policy {
                weight: 1,
                priority: p,
                decisions: Default::default(),
            });
        }
    }
    Ok(sets)
}

/// A xorshift generator seeded from (iteration, player): the random choices of an iteration
/// are deterministic, so runs and resumed runs are reproducible.
fn iteration_rng(iteration: u64, player: u8) -> impl FnMut() -> u64 {
    let mut x = (iteration << 1 | player as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
        ^ 0xd1b5_4a32_d192_ed03;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// A priority order of `cells` cells drawn from (iteration, player): deterministic.
fn random_priority(cells: usize, iteration: u64, player: u8) -> Vec<u8> {
    let mut next = iteration_rng(iteration, player);
    let mut p: Vec<u8> = (0..cells as u8).collect();
    for i in (1..cells).rev() {
        p.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    p
}

/// A policy of `set` drawn with probability its weight in `weights` (deterministic in the
/// iteration and the player).
fn sample_policy<'a>(set: &'a [Policy], weights: &[f64], iteration: u64, player: u8) -> &'a Policy {
    let x = iteration_rng(iteration, player)();
    let total: f64 = weights.iter().map(|w| w.max(0.0)).sum();
    let mut u = (x >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (p, &w) in set.iter().zip(weights) {
        u -= w.max(0.0);
        if u < 0.0 {
            return p;
        }
    }
    weights
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .map_or(&set[0], |(i, _)| &set[i])
}

/// Play Black's deterministic policy against White's: the winner (0 Black, 1 White).
pub fn play(game: &DarkHex, black: &Policy, white: &Policy) -> u8 {
    let mut s = game.root();
    loop {
        if let Some(w) = s.winner {
            return w;
        }
        let p = s.to_move as usize;
        let legal = game.legal_set(&s);
        let pol = if p == 0 { black } else { white };
        let a = pol.decide(s.history[p], legal);
        debug_assert!(legal >> a & 1 == 1, "policy probes a known cell");
        game.play(&mut s, a);
    }
}

/// A mixture of `policies` with the LP `weights` rounded to integers over
/// [`WEIGHT_DENOMINATOR`]; policies whose weight rounds to 0 are dropped (the largest is kept if
/// all would be).
pub fn round_mixture(rules: Rules, owner: u8, policies: &[Policy], weights: &[f64]) -> Mixture {
    let mut out: Vec<Policy> = Vec::new();
    for (p, &w) in policies.iter().zip(weights) {
        let k = (w.max(0.0) * WEIGHT_DENOMINATOR).round() as u128;
        if k > 0 {
            out.push(Policy {
                weight: k,
                ..p.clone()
            });
        }
    }
    if out.is_empty() {
        let best = weights
            .iter()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(b.1))
            .map_or(0, |(i, _)| i);
        out.push(Policy {
            weight: 1,
            ..policies[best].clone()
        });
    }
    Mixture {
        rules: Rules {
            announce_touch: false,
            ..rules
        },
        owner,
        policies: out,
    }
}

/// Best rational approximation `p/q` of `x ∈ [0, 1]` with `q ≤ max_den` (continued fractions).
fn approximate(x: f64, max_den: u64) -> (u64, u64) {
    let (mut p0, mut q0, mut p1, mut q1) = (0u64, 1u64, 1u64, 0u64);
    let mut v = x.clamp(0.0, 1.0);
    for _ in 0..64 {
        let a = v.floor();
        let ai = a as u64;
        let (p2, q2) = (ai * p1 + p0, ai * q1 + q0);
        if q2 > max_den {
            break;
        }
        (p0, q0, p1, q1) = (p1, q1, p2, q2);
        let f = v - a;
        if f < 1e-15 {
            break;
        }
        v = 1.0 / f;
    }
    if q1 == 0 {
        (0, 1)
    } else {
        (p1, q1)
    }
}

/// The LP weights as small-denominator fractions (each within 1e-11 of the weight,
/// denominators at most 10⁵, common denominator at most 2⁶⁰) scaled to integers, or `None`.
fn simple_weights(weights: &[f64]) -> Option<Vec<u128>> {
    let mut fr = Vec::with_capacity(weights.len());
    let mut l: u128 = 1;
    for &w in weights {
        let (p, q) = approximate(w, 100_000);
        if (p as f64 / q as f64 - w).abs() > 1e-11 {
            return None;
        }
        l = l / gcd(l, q as u128) * q as u128;
        if l > 1 << 60 {
            return None;
        }
        fr.push((p as u128, q as u128));
    }
    Some(fr.into_iter().map(|(p, q)| p * (l / q)).collect())
}

/// [`round_mixture`] with small-denominator weights ([`simple_weights`]), if they exist.
fn simple_mixture(
    rules: Rules,
    owner: u8,
    policies: &[Policy],
    weights: &[f64],
) -> Option<Mixture> {
    let w = simple_weights(weights)?;
    let policies: Vec<Policy> = policies
        .iter()
        .zip(&w)
        .filter(|(_, &k)| k > 0)
        .map(|(p, &k)| Policy {
            weight: k,
            ..p.clone()
        })
        .collect();
    (!policies.is_empty()).then_some(Mixture {
        rules: Rules {
            announce_touch: false,
            ..rules
        },
        owner,
        policies,
    })
}

/// Probability of each cell as the owner's first probe under a mixture.
pub fn first_probe(game: &DarkHex, m: &Mixture) -> Vec<f64> {
    let mut out = vec![0.0; game.cells()];
    let total = m.total_weight() as f64;
    for p in &m.policies {
        out[p.decide(0, game.all()) as usize] += p.weight as f64 / total;
    }
    out
}

/// A policy set as a mixture of weight-1 policies (for checkpoints).
pub fn policy_set(rules: Rules, player: u8, policies: &[Policy]) -> Mixture {
    Mixture {
        rules,
        owner: player,
        policies: policies.to_vec(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_denominators_are_recovered() {
        assert_eq!(approximate(7.0 / 16.0, 1_000_000), (7, 16));
        assert_eq!(approximate(10.0 / 11.0 + 1e-13, 1_000_000), (10, 11));
        assert_eq!(approximate(0.0, 100), (0, 1));
        assert_eq!(approximate(1.0, 100), (1, 1));
        assert_eq!(
            simple_weights(&[0.25, 0.5, 0.25 + 1e-12]),
            Some(vec![1, 2, 1])
        );
        assert_eq!(simple_weights(&[1.0 / 3.0, 2.0 / 3.0]), Some(vec![1, 2]));
        // π/4 has no approximation within 1e-11 with a denominator up to 10⁵.
        assert_eq!(simple_weights(&[std::f64::consts::FRAC_PI_4, 0.2]), None);
    }
}
