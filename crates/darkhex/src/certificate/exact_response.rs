//! The exact best response against a mixture.
//!
//! The responder (the other player) has perfect recall: its information sets are its own
//! private histories. [`best_response`] recurses over the responder's histories, carrying the
//! set of *worlds* consistent with the current one: a world is an owner history (which fixes
//! the owner's stones and known cells) together with the policies that reach it. Because the
//! policies are deterministic and the responder's own moves are fixed by its history, every
//! surviving policy lies in exactly one world, so the worlds partition the policies and there
//! are never more worlds than policies. At a responder history the value of a probe is the sum
//! over its two observable outcomes (placed / found) of the values of the child histories;
//! the responder takes the maximum. Values are sums of integer policy weights (counts of the
//! weight a responder wins), so the arithmetic is exact in `u128`; the result is reduced to a
//! fraction at the end. Subtrees are memoised on (responder stones, responder known cells,
//! owner histories of the worlds), which is exact: the policies of a world are those whose
//! decisions produce its history, so the future of the game depends on nothing else.
//!
//! The search prunes like alpha–beta without a minimising player (Ballard's Star1 for a
//! maximiser over sums): a probe is searched only for whether it beats the best probe so far,
//! each outcome with the threshold it must pass given what the other outcome can add at most
//! (the weight of its worlds), and a node that cannot beat its threshold returns an upper
//! bound instead of its value (memoised as a bound, re-searched if later asked for more). The
//! values are exact integers, so the root value and the probe memoised at every node of the
//! best response's path are exactly those of the full search (the first best in cell order).
//! On a 4×3 classical mixture of 190 policies this visits 20× fewer responder histories.
//!
//! Nothing is allocated per responder history: the worlds live on one stack, each holding a
//! node of the owner's tree and its cached total weight, and the memo keys are ranges of a
//! growing array probed through a raw hash table. On the 4×3 certificates this is about 2×
//! faster than one vector per world and per key (the node and memo-hit counts are the same).
//! The owner's tree (an owner history's policies, grouped by probe with a counting sort in a
//! policy-index arena) is built as the search reaches it and reused whenever the same owner
//! history comes back under another responder history: on the 3×3 abrupt double oracle about
//! 15 times per owner history (its best responses: 18 ms → 13 ms at the last iteration).
//!
//! With more than one rayon thread, the responder histories of the first two levels search
//! their probes in parallel, each probe in a fork holding a copy of the node's worlds; the memo
//! is shared, in 64 locked shards. The values are exact and each history's probe is the first
//! best in cell order, so the value and the extracted policy are the same on any number of
//! threads (tested); only the node and hit counts vary a little (a fork cannot stop early when
//! an earlier probe already wins everything, and two forks may solve the same history).

use super::memo::value_memo_floor;
use super::responder::solve_response;
use super::{Fraction, Mixture, Policy};
use hashbrown::HashMap;

/// The result of [`best_response`].
#[derive(Clone, Debug)]
pub struct Certified {
    /// The owner of the mixture (0 Black, 1 White).
    pub owner: u8,
    /// The responder's exact winning probability against the mixture.
    pub responder_value: Fraction,
    /// Black's value implied: a lower bound on the game value if the owner is Black (Black's
    /// mixture guarantees it), an upper bound if the owner is White.
    pub black_value: Fraction,
    /// Responder information sets (histories) visited, memoised ones counted once.
    pub responder_nodes: u64,
    /// Memo hits.
    pub memo_hits: u64,
}

/// The exact best response of the other player against `mixture` (perfect recall), with the
/// variant's default memo floor ([`value_memo_floor`]).
pub fn best_response(mixture: &Mixture) -> Certified {
    best_response_memo_floor(mixture, None)
}

/// [`best_response`] memoising only responder nodes with more than `memo_floor` legal probes
/// (`None`: the variant's default, [`value_memo_floor`]). The value is exact whatever the
/// floor; only the time, the memory and the node and hit counts change (tested).
pub fn best_response_memo_floor(mixture: &Mixture, memo_floor: Option<u32>) -> Certified {
    let floor = memo_floor.unwrap_or_else(|| value_memo_floor(mixture.rules.variant));
    solve_response(mixture, None, true, floor).0
}

/// [`best_response`] together with the responder's maximising deterministic policy, in the
/// certificate's own representation: a decision for every responder history that the policy
/// reaches with positive probability against the mixture (decisions equal to the fallback are
/// omitted), and the identity `PRIORITY` (lowest legal cell) elsewhere. The policy has weight 1.
/// Played against the mixture it wins exactly [`Certified::responder_value`].
pub fn best_response_policy(mixture: &Mixture) -> (Certified, Policy) {
    let cells = mixture.rules.rows * mixture.rules.cols;
    let identity: Vec<u8> = (0..cells as u8).collect();
    best_response_policy_with(mixture, &identity)
}

/// [`best_response_policy`] with the given fallback `priority` (a permutation of the cells)
/// instead of the identity: it decides where the responder plays at histories that the mixture
/// never lets it reach.
pub fn best_response_policy_with(mixture: &Mixture, priority: &[u8]) -> (Certified, Policy) {
    let base = Policy {
        weight: 1,
        priority: priority.to_vec(),
        decisions: HashMap::new(),
    };
    best_response_policy_inheriting(mixture, &base)
}

/// [`best_response_policy`] that plays like `base` (a policy of the responder) wherever the
/// mixture never lets the responder go: the best response's decisions where it is reached,
/// `base`'s decisions and priority elsewhere (decisions no game can consult are pruned,
/// [`Policy::prune`]).
pub fn best_response_policy_inheriting(mixture: &Mixture, base: &Policy) -> (Certified, Policy) {
    let floor = value_memo_floor(mixture.rules.variant);
    let (c, p) = solve_response(mixture, Some(base), true, floor);
    (c, p.expect("requested"))
}

/// [`best_response_policy`] with the rotation memo turned off (`rotation: false`) or used for
/// a rotation-invariant mixture (`true`, as everywhere else): for the tests that check that
/// the memo changes neither the value nor the policy.
/// With `memo_floor` too (every node memoised: 0).
#[cfg(test)]
pub(crate) fn best_response_policy_rotation(
    mixture: &Mixture,
    rotation: bool,
    memo_floor: u32,
) -> (Certified, Policy) {
    let cells = mixture.rules.rows * mixture.rules.cols;
    let base = Policy {
        weight: 1,
        priority: (0..cells as u8).collect(),
        decisions: HashMap::new(),
    };
    let (c, p) = solve_response(mixture, Some(&base), rotation, memo_floor);
    (c, p.expect("requested"))
}

#[cfg(test)]
mod tests {
    use super::{best_response_memo_floor, best_response_policy_rotation};
    use crate::certificate::{random_policy, Mixture};
    use crate::rules::{DarkHex, Variant};

    /// On 16 cells the rotation memo (one entry for a responder node and its 180° image) is
    /// used, and changes neither the value nor the extracted best-response policy: small
    /// symmetrised random 4×4 mixtures, both owners and variants, with and without it.
    #[test]
    fn the_rotation_memo_is_exact_on_4x4() {
        let (mut nodes_on, mut nodes_off) = (0, 0);
        for variant in [Variant::Classical, Variant::Abrupt] {
            for owner in [0u8, 1] {
                let game = DarkHex::with(4, 4, variant).unwrap();
                for seed in 0..3u64 {
                    let policies = (0..4)
                        .map(|k| random_policy(&game, owner, 1000 * seed + k, 40))
                        .collect();
                    let m = Mixture {
                        rules: *game.rules(),
                        owner,
                        policies,
                    }
                    .symmetrised();
                    assert!(m.is_rotation_invariant());
                    let (on, p_on) = best_response_policy_rotation(&m, true, 0);
                    let (off, p_off) = best_response_policy_rotation(&m, false, 0);
                    assert_eq!(on.black_value, off.black_value, "{variant} {owner} {seed}");
                    assert_eq!(p_on.decisions, p_off.decisions, "{variant} {owner} {seed}");
                    nodes_on += on.responder_nodes;
                    nodes_off += off.responder_nodes;
                }
            }
        }
        // Mixtures of a few policies of solved smaller boards, on 4×4 and symmetrised: values
        // strictly between 0 and 1.
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../results/darkhex");
        for (file, take, dr) in [
            ("double-oracle-classical-4x3/black-lower.mix", 8, 0),
            ("double-oracle-classical-4x3/white-upper.mix", 8, 0),
            ("frontier/abrupt-4x3/leg2/black-lower.mix", 8, 0),
            ("frontier/abrupt-3x4/leg1/white-upper.mix", 8, 1),
        ] {
            let mut small =
                Mixture::parse(&std::fs::read_to_string(format!("{root}/{file}")).unwrap())
                    .unwrap();
            small.policies.truncate(take);
            let m = small.embedded(4, 4, dr, 0).unwrap().symmetrised();
            assert!(m.is_rotation_invariant());
            let (on, p_on) = best_response_policy_rotation(&m, true, 0);
            let (off, p_off) = best_response_policy_rotation(&m, false, 0);
            assert_eq!(on.black_value, off.black_value, "{file}");
            assert_eq!(p_on.decisions, p_off.decisions, "{file}");
            nodes_on += on.responder_nodes;
            nodes_off += off.responder_nodes;
        }
        // The memo is really used on 16 cells: images share entries.
        assert!(nodes_on < nodes_off, "{nodes_on} vs {nodes_off}");
    }

    /// The memo floor changes only the work, never the value or the extracted policy: (the first 60 policies of) committed
    /// 4×3 and 3×4 certificates of both variants and small random symmetrised 4×4 abrupt mixtures, each with
    /// every node memoised, with the abrupt default floor and with no memo at all.
    #[test]
    fn the_memo_floor_changes_only_the_work() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../results/darkhex");
        let mut mixtures: Vec<Mixture> = [
            "double-oracle-classical-4x3/black-lower.mix",
            "double-oracle-classical-4x3/white-upper.mix",
            "frontier/abrupt-4x3/leg2/black-lower.mix",
            "frontier/abrupt-3x4/leg1/white-upper.mix",
        ]
        .iter()
        .map(|f| {
            let mut m =
                Mixture::parse(&std::fs::read_to_string(format!("{root}/{f}")).unwrap()).unwrap();
            m.policies.truncate(60);
            m
        })
        .collect();
        for owner in [0u8, 1] {
            {
                let game = DarkHex::with(4, 4, Variant::Abrupt).unwrap();
                let policies = (0..4)
                    .map(|k| random_policy(&game, owner, 77 + k, 40))
                    .collect();
                let m = Mixture {
                    rules: *game.rules(),
                    owner,
                    policies,
                };
                mixtures.push(m.symmetrised());
            }
        }
        for m in &mixtures {
            // The extracted best-response policy is the same too (the extraction re-solves
            // the nodes the search did not memoise), with and without the rotation memo.
            for rotation in [true, false] {
                let (all, p_all) = best_response_policy_rotation(m, rotation, 0);
                let (floor, p_floor) = best_response_policy_rotation(m, rotation, 8);
                assert_eq!(all.black_value, floor.black_value);
                assert_eq!(p_all.decisions, p_floor.decisions, "rotation {rotation}");
            }
            let all = best_response_memo_floor(m, Some(0));
            let default =
                best_response_memo_floor(m, Some(crate::certificate::memo::ABRUPT_MEMO_FLOOR));
            assert_eq!(all.black_value, default.black_value);
            assert!(all.memo_hits > 0);
            if m.rules.variant == Variant::Abrupt {
                // No memo at all (on classical boards that is slow: transpositions abound).
                let none = best_response_memo_floor(m, Some((m.rules.rows * m.rules.cols) as u32));
                assert_eq!(all.black_value, none.black_value);
                assert_eq!(none.memo_hits, 0);
            }
        }
    }
}
