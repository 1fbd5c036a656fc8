//! The board's 180° rotation on policies and mixtures.
//!
//! The rotation `i ↦ cells − 1 − i` keeps both players' edges, so it maps games to games
//! (`DarkHex::rotate_history`), information sets to information sets and a deterministic
//! policy to a deterministic policy ([`Policy::rotated`]: rotate its priority order, its
//! decision histories and its decisions). A mixture and its rotated image guarantee the same
//! value, and by concavity their average guarantees at least as much: that average
//! ([`Mixture::symmetrised`]) is again a certificate, never a worse one. The published
//! certificate format asks for exactly this form — every policy with its rotated image at equal
//! weight ([`Mixture::is_rotation_invariant`]; its checker rejects other files as "mixture is
//! not rotation invariant").
//!
//! Policies are compared by their literal representation ([`Policy::key`]: priority and
//! decisions), as a text checker compares them; a policy equal to its own image counts once.

use super::fraction::gcd;
use super::{Mixture, Policy, PolicyKey};
use crate::rules::DarkHex;
use hashbrown::HashMap;

impl Policy {
    /// The policy rotated by 180° on `game`'s board: at the rotated history it probes the
    /// rotated cell (same weight).
    pub fn rotated(&self, game: &DarkHex) -> Policy {
        let last = game.cells() as u8 - 1;
        Policy {
            weight: self.weight,
            priority: self.priority.iter().map(|&c| last - c).collect(),
            decisions: self
                .decisions
                .iter()
                .map(|(&h, &a)| (game.rotate_history(h), last - a))
                .collect(),
        }
    }
}

impl Mixture {
    fn game(&self) -> DarkHex {
        DarkHex::new(self.rules).expect("a parsed mixture has a valid board")
    }

    /// Total weight per policy key.
    fn weight_by_key(&self) -> HashMap<PolicyKey, u128> {
        let mut w: HashMap<PolicyKey, u128> = HashMap::new();
        for p in &self.policies {
            *w.entry(p.key()).or_insert(0) += p.weight;
        }
        w
    }

    /// Whether every policy's 180° image carries the same total weight as the policy (the
    /// published format's rule).
    pub fn is_rotation_invariant(&self) -> bool {
        let game = self.game();
        let w = self.weight_by_key();
        self.policies.iter().all(|p| {
            let image = p.rotated(&game).key();
            w.get(&image) == w.get(&p.key())
        })
    }

    /// The average of the mixture and its 180° image: each policy's weight becomes its own
    /// plus its image's (equal policies merged, weights divided by their common divisor), in
    /// first-appearance order, each policy followed by its image. Its exact best-response bound
    /// is at least the original's; an invariant mixture comes back with the same distribution.
    pub fn symmetrised(&self) -> Mixture {
        let game = self.game();
        let mut index: HashMap<PolicyKey, usize> = HashMap::new();
        let mut out: Vec<Policy> = Vec::with_capacity(2 * self.policies.len());
        for p in &self.policies {
            for q in [p.clone(), p.rotated(&game)] {
                match index.entry(q.key()) {
                    hashbrown::hash_map::Entry::Occupied(e) => out[*e.get()].weight += p.weight,
                    hashbrown::hash_map::Entry::Vacant(e) => {
                        e.insert(out.len());
                        out.push(Policy {
                            weight: p.weight,
                            ..q
                        });
                    }
                }
            }
        }
        let g = out.iter().fold(0, |g, p| gcd(g, p.weight));
        if g > 1 {
            out.iter_mut().for_each(|p| p.weight /= g);
        }
        Mixture {
            rules: self.rules,
            owner: self.owner,
            policies: out,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::certificate::{best_response, priority_mixture as mixture, Policy};
    use crate::rules::{DarkHex, Variant};

    #[test]
    fn rotation_is_an_involution_and_symmetrising_is_idempotent() {
        let game = DarkHex::with(3, 2, Variant::Abrupt).unwrap();
        let mut p = Policy {
            weight: 3,
            priority: vec![0, 1, 2, 3, 4, 5],
            decisions: Default::default(),
        };
        p.decisions.insert(0, 2);
        // After probing 2 successfully (event (2+1)<<1|1 = 7), probe 4.
        p.decisions.insert(7, 4);
        let r = p.rotated(&game);
        assert_eq!(r.priority, vec![5, 4, 3, 2, 1, 0]);
        assert_eq!(r.decisions.get(&0), Some(&3));
        assert_eq!(r.decisions.get(&((3 + 1) << 1 | 1)), Some(&1));
        assert_eq!(r.rotated(&game).key(), p.key());

        let m = mixture(
            3,
            2,
            0,
            &[(&[0, 1, 2, 3, 4, 5], 1), (&[1, 0, 2, 3, 4, 5], 2)],
        );
        assert!(!m.is_rotation_invariant());
        let s = m.symmetrised();
        assert!(s.is_rotation_invariant());
        assert_eq!(s.policies.len(), 4);
        assert_eq!(s.symmetrised().to_text(), s.to_text());
        // A weight off by one breaks invariance.
        let mut broken = s.clone();
        broken.policies[1].weight += 1;
        assert!(!broken.is_rotation_invariant());
    }

    #[test]
    fn symmetrising_never_loses_value() {
        // Black's and White's lone priority orders on 3×2 abrupt, and their averages.
        for owner in [0u8, 1] {
            for order in [[0u8, 1, 2, 3, 4, 5], [2, 3, 0, 1, 5, 4], [4, 0, 5, 1, 3, 2]] {
                let m = mixture(3, 2, owner, &[(&order, 1)]);
                let (v, s) = (
                    best_response(&m).black_value,
                    best_response(&m.symmetrised()).black_value,
                );
                // Black's value never drops for a Black mixture, never rises for a White one.
                let (lo, hi) = if owner == 0 { (v, s) } else { (s, v) };
                let better = lo.num * hi.den <= hi.num * lo.den;
                assert!(better, "owner {owner} order {order:?}: {v} → {s}");
            }
        }
    }
}

#[cfg(test)]
mod sixteen_cells {
    use crate::certificate::{best_response, random_policy, Mixture};
    use crate::rules::{DarkHex, Variant};

    /// On 4×4, whose histories pack 6 bits per event, the rotation of policies is exact: an
    /// involution, and a symmetrised random mixture (decisions at histories with cell 15
    /// included) is reported rotation invariant, reads back from its text, and proves at least
    /// what the mixture proves.
    #[test]
    fn random_4x4_mixtures_symmetrised_are_rotation_invariant() {
        for variant in [Variant::Classical, Variant::Abrupt] {
            for owner in [0u8, 1] {
                let game = DarkHex::with(4, 4, variant).unwrap();
                let policies: Vec<_> = (0..3)
                    .map(|k| {
                        let mut p = random_policy(&game, owner, 100 * owner as u64 + k, 12);
                        p.weight = k as u128 + 1;
                        p
                    })
                    .collect();
                let fifteen = policies.iter().any(|p| {
                    p.decisions.keys().any(|&h| {
                        game.history_probes(h)
                            .unwrap()
                            .iter()
                            .any(|&(c, _)| c == 15)
                    })
                });
                assert!(fifteen, "the decisions reach cell 15");
                for p in &policies {
                    assert_eq!(p.rotated(&game).rotated(&game).key(), p.key());
                }
                let m = Mixture {
                    rules: *game.rules(),
                    owner,
                    policies,
                };
                assert!(!m.is_rotation_invariant());
                let s = m.symmetrised();
                assert!(s.is_rotation_invariant(), "{variant} owner {owner}");
                assert_eq!(s.policies.len(), 6);
                let text = s.to_text();
                assert!(text.contains("\nEVENT_BITS 6\n"));
                assert_eq!(Mixture::parse(&text).unwrap(), s);
                let (v, w) = (best_response(&m).black_value, best_response(&s).black_value);
                let (lo, hi) = if owner == 0 { (v, w) } else { (w, v) };
                assert!(
                    lo.num * hi.den <= hi.num * lo.den,
                    "{variant} owner {owner}: {v} → {w}"
                );
            }
        }
    }
}
