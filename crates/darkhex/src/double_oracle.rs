//! Exact double oracle over deterministic perfect-recall policies.
//!
//! # Algorithm
//! Dark Hex has no chance: a deterministic policy of Black against one of White produces one
//! game and a 0/1 result ([`play`]). The double oracle keeps a set of deterministic policies per
//! player (a [`Policy`] in the certificate's representation: decisions keyed by packed private
//! history, a `PRIORITY` fallback) and repeats:
//! 1. fill the restricted game's payoff matrix (one play-out per new pair) and solve it as a
//!    zero-sum matrix game ([`matrix_game::RestrictedSolver`]: a dense steepest-edge
//!    simplex on the undominated policies, with strategy generation, continuing the previous
//!    iteration's linear program) → a mixture per player;
//! 2. round each mixture to integer weights over the common denominator 2⁴⁰ (zeros dropped);
//! 3. compute the exact best response of each player against the other's rounded mixture
//!    ([`certificate::best_response_policy`]: perfect recall, exact integer arithmetic) together
//!    with the maximising deterministic policy. `lower` = what Black's rounded mixture
//!    guarantees (1 − White's best-response value) and `upper` = what White's rounded mixture
//!    concedes (Black's best-response value) are *exact* bounds on the game value, proven the
//!    same way as the published certificates;
//! 4. add both best-response policies if they are new.
//!
//! The best bounds seen so far are kept with their mixtures ([`DoubleOracle::best_lower`],
//! [`DoubleOracle::best_upper`]); they can be written as `DARKHEX_MIXTURE` files and re-checked
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

use crate::certificate::{
    best_response_policy, best_response_policy_inheriting, best_response_policy_with, Certified,
    Fraction, Mixture, Policy, PolicyKey,
};
use crate::rules::{DarkHex, DarkHexError, Rules};
use bincode::Options;
use hashbrown::HashSet;
use matrix_game::{MatrixSolution, RestrictedSolver};
use thiserror::Error;

/// Common denominator of the rounded LP weights.
pub const WEIGHT_DENOMINATOR: f64 = (1u64 << 40) as f64;

/// Magic of a double-oracle checkpoint file.
pub const CHECKPOINT_MAGIC: [u8; 8] = *b"GSDHDOCK";
/// Version of the checkpoint format.
pub const CHECKPOINT_VERSION: u32 = 1;

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

fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
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

fn less(a: Fraction, b: Fraction) -> bool {
    a.num * b.den < b.num * a.den
}

/// What one iteration found.
#[derive(Clone, Debug)]
pub struct Step {
    /// Iterations done after this one.
    pub iteration: u64,
    /// Value of the restricted game (floating point, from the LP).
    pub restricted_value: f64,
    /// What this iteration's Black mixture guarantees (exact).
    pub lower: Fraction,
    /// What this iteration's White mixture concedes (exact).
    pub upper: Fraction,
    /// Best lower bound so far.
    pub best_lower: Fraction,
    /// Best upper bound so far.
    pub best_upper: Fraction,
    /// Whether Black's / White's best response was a new policy.
    pub added: [bool; 2],
    /// Support sizes of the rounded mixtures (Black, White).
    pub support: [usize; 2],
    /// Responder histories visited by the two best responses.
    pub responder_nodes: u64,
    /// Seconds in the LP, in the best responses, in the play-outs.
    pub seconds: [f64; 3],
    /// Simplex pivots.
    pub pivots: usize,
}

impl Step {
    /// `best_upper − best_lower` as a float.
    pub fn gap(&self) -> f64 {
        self.best_upper.to_f64() - self.best_lower.to_f64()
    }
}

/// The double-oracle state: both policy sets, the payoff matrix and the best bounds.
pub struct DoubleOracle {
    game: DarkHex,
    rules: Rules,
    policies: [Vec<Policy>; 2],
    keys: [HashSet<PolicyKey>; 2],
    /// `payoff[i][j]` = 1 if Black's policy `i` beats White's policy `j`.
    payoff: Vec<Vec<u8>>,
    iterations: u64,
    best_lower: Option<(Fraction, Mixture)>,
    best_upper: Option<(Fraction, Mixture)>,
    /// Break best-response ties against the whole policy set (see [`Self::set_lexicographic`]).
    lexicographic: bool,
    /// Random fallback priorities for plain best responses.
    random_fallback: bool,
    /// Plain best responses inherit a policy of the responder's own mixture where unreached.
    inherit_fallback: bool,
    /// Supports of the last restricted solution and the policy counts then (warm start).
    last_support: [Vec<usize>; 2],
    last_counts: [usize; 2],
    /// The restricted games' solver, which keeps its linear program between iterations (not
    /// checkpointed: a resumed run starts it afresh).
    restricted: RestrictedSolver,
}

impl DoubleOracle {
    /// Start from one policy per player: the identity priority order (probe the lowest legal
    /// cell).
    pub fn new(rules: Rules) -> Result<Self, DoubleOracleError> {
        let game = DarkHex::new(rules)?;
        let start = Policy {
            weight: 1,
            priority: (0..game.cells() as u8).collect(),
            decisions: Default::default(),
        };
        Self::with_policies(rules, vec![start.clone()], vec![start])
    }

    /// Start from `1 + extra` policies per player: the identity order and `extra` priority
    /// orders drawn uniformly from a xorshift generator seeded with `seed` (deterministic).
    pub fn with_random_priorities(
        rules: Rules,
        extra: usize,
        seed: u64,
    ) -> Result<Self, DoubleOracleError> {
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
        let [black, white] = sets;
        Self::with_policies(rules, black, white)
    }

    /// Start from the given policy sets (each non-empty).
    pub fn with_policies(
        rules: Rules,
        black: Vec<Policy>,
        white: Vec<Policy>,
    ) -> Result<Self, DoubleOracleError> {
        if rules.announce_touch {
            return Err(DoubleOracleError::Announce);
        }
        let game = DarkHex::new(rules)?;
        if black.is_empty() || white.is_empty() {
            return Err(DoubleOracleError::Checkpoint(
                "each player needs at least one policy".into(),
            ));
        }
        let mut d = DoubleOracle {
            game,
            rules,
            policies: [Vec::new(), Vec::new()],
            keys: Default::default(),
            payoff: Vec::new(),
            iterations: 0,
            best_lower: None,
            best_upper: None,
            lexicographic: true,
            random_fallback: false,
            inherit_fallback: false,
            last_support: Default::default(),
            last_counts: [0, 0],
            restricted: RestrictedSolver::default(),
        };
        for p in white {
            d.add(1, p);
        }
        for p in black {
            d.add(0, p);
        }
        Ok(d)
    }

    /// Choose the oracle: `true` (default) breaks the best response's ties by its result
    /// against every policy of the set, which defines it on many more histories and makes the
    /// added policies useful beyond the current mixture; `false` is the plain best response.
    /// Both give the same exact bounds for a given restricted solution.
    pub fn set_lexicographic(&mut self, on: bool) {
        self.lexicographic = on;
    }

    /// The rules.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The game.
    pub fn game(&self) -> &DarkHex {
        &self.game
    }

    /// The policies of `player` (0 Black, 1 White).
    pub fn policies(&self, player: u8) -> &[Policy] {
        &self.policies[player as usize]
    }

    /// Iterations done.
    pub fn iterations(&self) -> u64 {
        self.iterations
    }

    /// Set the iteration count (when resuming).
    pub fn set_iterations(&mut self, n: u64) {
        self.iterations = n;
    }

    /// The best lower bound and Black's mixture that proves it.
    pub fn best_lower(&self) -> Option<&(Fraction, Mixture)> {
        self.best_lower.as_ref()
    }

    /// The best upper bound and White's mixture that proves it.
    pub fn best_upper(&self) -> Option<&(Fraction, Mixture)> {
        self.best_upper.as_ref()
    }

    /// Offer a proven bound: Black's mixture guaranteeing `v` (owner 0) or White's conceding `v`.
    pub fn offer_bound(&mut self, v: Fraction, m: Mixture) {
        if m.owner == 0 {
            if self.best_lower.as_ref().is_none_or(|(b, _)| less(*b, v)) {
                self.best_lower = Some((v, m));
            }
        } else if self.best_upper.as_ref().is_none_or(|(b, _)| less(v, *b)) {
            self.best_upper = Some((v, m));
        }
    }

    /// Add a policy for `player` (weight ignored); false if it is already in the set.
    pub fn add(&mut self, player: u8, mut p: Policy) -> bool {
        p.weight = 1;
        if !self.keys[player as usize].insert(p.key()) {
            return false;
        }
        if player == 0 {
            let row = self.policies[1]
                .iter()
                .map(|w| (play(&self.game, &p, w) == 0) as u8)
                .collect();
            self.payoff.push(row);
        } else {
            for (i, b) in self.policies[0].iter().enumerate() {
                let r = (play(&self.game, b, &p) == 0) as u8;
                self.payoff[i].push(r);
            }
        }
        self.policies[player as usize].push(p);
        true
    }

    /// Start the next restricted solve from the supports of the best mixtures instead of
    /// every policy (after a resume: a working set of a few hundred policies instead of the
    /// whole set; strategy generation adds what the solution needs).
    fn warm_start_from_best(&mut self) {
        let bests = [
            self.best_lower.as_ref().map(|b| &b.1),
            self.best_upper.as_ref().map(|b| &b.1),
        ];
        for (p, best) in bests.into_iter().enumerate() {
            let Some(m) = best else { continue };
            let want: HashSet<PolicyKey> = m.policies.iter().map(Policy::key).collect();
            let support: Vec<usize> = (0..self.policies[p].len())
                .filter(|&i| want.contains(&self.policies[p][i].key()))
                .collect();
            if !support.is_empty() {
                self.last_support[p] = support;
                self.last_counts[p] = self.policies[p].len();
            }
        }
    }

    /// The restricted payoff matrix: `[i][j]` = 1 if Black's policy `i` beats White's `j`.
    pub fn payoff(&self) -> &[Vec<u8>] {
        &self.payoff
    }

    /// Solve the restricted game ([`RestrictedSolver`]: strategy generation from the previous
    /// solution's supports plus the policies added since, continuing the previous linear
    /// program).
    pub fn solve_restricted(&mut self) -> MatrixSolution {
        let start = |p: usize| -> Vec<usize> {
            let mut v = self.last_support[p].clone();
            v.extend(self.last_counts[p]..self.policies[p].len());
            v
        };
        let (rows0, cols0) = (start(0), start(1));
        self.restricted.solve(&self.payoff, &rows0, &cols0)
    }

    /// Solve every restricted game from scratch, as before the kept linear program (for
    /// comparisons; the equilibria picked, hence the path, differ).
    pub fn set_scratch_lp(&mut self, on: bool) {
        self.restricted = RestrictedSolver::new(on);
    }

    /// One iteration (see the module documentation). It runs on a rayon worker, so that the
    /// fine-grained parallel parts (the simplex pivots, the payoff sums) fork cheaply.
    pub fn step(&mut self) -> Step {
        if rayon::current_thread_index().is_none() && rayon::current_num_threads() > 1 {
            let mut out = None;
            rayon::scope(|_| out = Some(self.step_on_worker()));
            return out.expect("the scope ran");
        }
        self.step_on_worker()
    }

    fn step_on_worker(&mut self) -> Step {
        let t = std::time::Instant::now();
        let lp = self.solve_restricted();
        let lp_secs = t.elapsed().as_secs_f64();
        self.last_support = [
            (0..lp.row.len()).filter(|&i| lp.row[i] > 0.0).collect(),
            (0..lp.col.len()).filter(|&j| lp.col[j] > 0.0).collect(),
        ];
        self.last_counts = [lp.row.len(), lp.col.len()];
        let black = round_mixture(self.rules, 0, &self.policies[0], &lp.row);
        let white = round_mixture(self.rules, 1, &self.policies[1], &lp.col);
        let t = std::time::Instant::now();
        let (b, w) = if self.lexicographic {
            rayon::join(
                || self.lexicographic_response(0, &lp.row),
                || self.lexicographic_response(1, &lp.col),
            )
        } else if self.inherit_fallback {
            let bb = self.sample_policy(0, &lp.row);
            let bw = self.sample_policy(1, &lp.col);
            rayon::join(
                || best_response_policy_inheriting(&black, bw),
                || best_response_policy_inheriting(&white, bb),
            )
        } else if self.random_fallback {
            let pb = self.random_priority(0);
            let pw = self.random_priority(1);
            rayon::join(
                || best_response_policy_with(&black, &pw),
                || best_response_policy_with(&white, &pb),
            )
        } else {
            rayon::join(
                || best_response_policy(&black),
                || best_response_policy(&white),
            )
        };
        let ((vs_black, white_br), (vs_white, black_br)) = (b, w);
        let br_secs = t.elapsed().as_secs_f64();
        let lower = vs_black.black_value;
        let upper = vs_white.black_value;
        let support = [black.policies.len(), white.policies.len()];
        self.offer_bound(lower, black);
        self.offer_bound(upper, white);
        // Near the end the LP solution is usually a vector of simple fractions: certify those
        // weights too, so that an exact equilibrium gets exact bounds (gap 0) instead of bounds
        // 2⁻⁴⁰ away.
        let near = self.best_upper.as_ref().expect("set").0.to_f64()
            - self.best_lower.as_ref().expect("set").0.to_f64();
        if near > 0.0 && near < 1e-6 {
            if let Some(m) = simple_mixture(self.rules, 0, &self.policies[0], &lp.row) {
                let c = crate::certificate::best_response(&m);
                self.offer_bound(c.black_value, m);
            }
            if let Some(m) = simple_mixture(self.rules, 1, &self.policies[1], &lp.col) {
                let c = crate::certificate::best_response(&m);
                self.offer_bound(c.black_value, m);
            }
        }
        let t = std::time::Instant::now();
        let added = [self.add(0, black_br), self.add(1, white_br)];
        let play_secs = t.elapsed().as_secs_f64();
        self.iterations += 1;
        Step {
            iteration: self.iterations,
            restricted_value: lp.value,
            lower,
            upper,
            best_lower: self.best_lower.as_ref().expect("set").0,
            best_upper: self.best_upper.as_ref().expect("set").0,
            added,
            support,
            responder_nodes: vs_black.responder_nodes + vs_white.responder_nodes,
            seconds: [lp_secs, br_secs, play_secs],
            pivots: lp.pivots,
        }
    }

    /// Best response against `owner`'s LP mixture that, among the maximisers, also does best
    /// against every other policy of the set: support policies weigh `wᵢ·K` (integer weights
    /// over 2⁴⁰) and the others 1, with `K` above the number of others, so the responder first
    /// maximises the weight it wins against the mixture and breaks ties on the rest of the set.
    /// The returned [`Certified`] is the exact value against the rounded mixture alone.
    fn lexicographic_response(&self, owner: u8, weights: &[f64]) -> (Certified, Policy) {
        let rounded = round_mixture(self.rules, owner, &self.policies[owner as usize], weights);
        let support: u128 = rounded.total_weight();
        let set = &self.policies[owner as usize];
        let k = (set.len() as u128 + 1).next_power_of_two();
        let mut all = Vec::with_capacity(set.len());
        for (p, &w) in set.iter().zip(weights) {
            let r = (w.max(0.0) * WEIGHT_DENOMINATOR).round() as u128;
            all.push(Policy {
                weight: if r > 0 { r * k } else { 1 },
                ..p.clone()
            });
        }
        if rounded.policies.len() == 1 && rounded.policies[0].weight == 1 {
            // Degenerate rounding (every weight rounded to 0): plain best response.
            return best_response_policy(&rounded);
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

    /// A priority order drawn from (iteration, player): deterministic.
    fn random_priority(&self, player: u8) -> Vec<u8> {
        let n = self.game.cells();
        let mut next = self.iteration_rng(player);
        let mut p: Vec<u8> = (0..n as u8).collect();
        for i in (1..n).rev() {
            p.swap(i, (next() % (i as u64 + 1)) as usize);
        }
        p
    }

    /// A xorshift generator seeded from (iteration, player): the random choices of an
    /// iteration are deterministic, so runs and resumed runs are reproducible.
    fn iteration_rng(&self, player: u8) -> impl FnMut() -> u64 {
        let mut x = (self.iterations << 1 | player as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ 0xd1b5_4a32_d192_ed03;
        move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        }
    }

    /// Give each new plain best response a fresh random fallback priority (deterministic in
    /// the iteration) instead of the identity order.
    pub fn set_random_fallback(&mut self, on: bool) {
        self.random_fallback = on;
    }

    /// Let each new plain best response play, where the opponent's mixture never lets it go,
    /// like a policy drawn from the responder's own restricted mixture (with probability its LP
    /// weight, deterministic in the iteration) instead of a fixed priority order: the new
    /// policy is a best response now and an equilibrium-like policy elsewhere, so it stays
    /// useful when the opponent's mixture changes.
    pub fn set_inherit_fallback(&mut self, on: bool) {
        self.inherit_fallback = on;
    }

    /// A policy of `player` drawn with probability its weight in `weights` (deterministic in
    /// the iteration).
    fn sample_policy(&self, player: u8, weights: &[f64]) -> &Policy {
        let set = &self.policies[player as usize];
        let x = self.iteration_rng(player)();
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

    /// The policy set of `player` as a mixture of weight-1 policies (for checkpoints).
    pub fn policy_set(&self, player: u8) -> Mixture {
        Mixture {
            rules: self.rules,
            owner: player,
            policies: self.policies[player as usize].clone(),
        }
    }
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

/// A checkpoint: the policy sets, the best mixtures, the convergence rows. Bincode with a
/// magic, a version and the toolkit version; the policies are stored as `DARKHEX_MIXTURE`
/// texts so that loading re-validates them with the strict certificate reader.
#[derive(Clone, Debug, serde::Serialize, serde::Deserialize)]
pub struct Checkpoint {
    /// [`CHECKPOINT_MAGIC`].
    pub magic: [u8; 8],
    /// [`CHECKPOINT_VERSION`].
    pub version: u32,
    /// Toolkit version that wrote it.
    pub toolkit: String,
    /// The rules.
    pub rules: Rules,
    /// Iterations done.
    pub iterations: u64,
    /// Seconds spent so far.
    pub seconds: f64,
    /// Convergence rows (iteration, seconds, lower, upper, gap).
    pub rows: Vec<(u64, f64, f64, f64, f64)>,
    /// Black's and White's policy sets (mixture texts, weights 1).
    pub sets: [String; 2],
    /// The best Black and White mixtures found (texts), if any.
    pub best: [Option<String>; 2],
}

impl Checkpoint {
    /// Capture the state of `d`.
    pub fn capture(
        d: &DoubleOracle,
        toolkit: String,
        seconds: f64,
        rows: Vec<(u64, f64, f64, f64, f64)>,
    ) -> Checkpoint {
        Checkpoint {
            magic: CHECKPOINT_MAGIC,
            version: CHECKPOINT_VERSION,
            toolkit,
            rules: d.rules,
            iterations: d.iterations,
            seconds,
            rows,
            sets: [d.policy_set(0).to_text(), d.policy_set(1).to_text()],
            best: [
                d.best_lower.as_ref().map(|b| b.1.to_text()),
                d.best_upper.as_ref().map(|b| b.1.to_text()),
            ],
        }
    }

    /// Serialise.
    pub fn to_bytes(&self) -> Vec<u8> {
        bincode::serialize(self).expect("serialisable")
    }

    /// Read and validate the header (the policies are validated by [`Checkpoint::restore`]).
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, DoubleOracleError> {
        if bytes.len() < 8 || bytes[..8] != CHECKPOINT_MAGIC {
            return Err(DoubleOracleError::Checkpoint(
                "wrong magic: not a double-oracle checkpoint (expected GSDHDOCK)".into(),
            ));
        }
        let c: Checkpoint = bincode::DefaultOptions::new()
            .with_fixint_encoding()
            .with_limit(1 << 34)
            .allow_trailing_bytes()
            .deserialize(bytes)
            .map_err(|e| DoubleOracleError::Checkpoint(format!("corrupt or truncated: {e}")))?;
        if c.version != CHECKPOINT_VERSION {
            return Err(DoubleOracleError::Checkpoint(format!(
                "format version {} (this toolkit reads {CHECKPOINT_VERSION})",
                c.version
            )));
        }
        Ok(c)
    }

    /// Rebuild the double oracle (every policy re-validated by the strict mixture reader; the
    /// best mixtures' bounds are recomputed by exact best response, never trusted).
    pub fn restore(&self) -> Result<DoubleOracle, DoubleOracleError> {
        let r = self.rules;
        let parse = |text: &str, owner: u8| -> Result<Mixture, DoubleOracleError> {
            let m = Mixture::parse(text)
                .map_err(|e| DoubleOracleError::Checkpoint(format!("policy set: {e}")))?;
            m.expect(r.rows, r.cols, r.variant, owner)
                .map_err(|e| DoubleOracleError::Checkpoint(e.to_string()))?;
            Ok(m)
        };
        let black = parse(&self.sets[0], 0)?;
        let white = parse(&self.sets[1], 1)?;
        let mut d = DoubleOracle::with_policies(r, black.policies, white.policies)?;
        d.iterations = self.iterations;
        for (owner, text) in self.best.iter().enumerate() {
            if let Some(t) = text {
                let m = parse(t, owner as u8)?;
                let c = crate::certificate::best_response(&m);
                d.offer_bound(c.black_value, m);
            }
        }
        d.warm_start_from_best();
        Ok(d)
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
