//! The double oracle's Dark Hex side: best-response policy extraction and play-outs (the loop
//! itself is tested through its job in `crates/jobs/tests/darkhex_double_oracle.rs`).

use darkhex::certificate::{
    best_response, best_response_policy, best_response_policy_inheriting,
    best_response_policy_with, Fraction, Mixture, Policy,
};
use darkhex::double_oracle::{play, round_mixture, DarkHexOracle, OracleKind};
use darkhex::{DarkHex, Rules, Variant};

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");

fn read(rel: &str) -> String {
    let path = format!("{SHARED}/data/darkhex-certificates/{rel}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn rules(rows: usize, cols: usize, variant: Variant) -> Rules {
    Rules {
        rows,
        cols,
        variant,
        announce_touch: false,
    }
}

/// Weight of the mixture that the responder's policy beats, by exact play-out of every pair.
fn won_by_playout(m: &Mixture, responder: &darkhex::certificate::Policy) -> u128 {
    let game = DarkHex::new(m.rules).unwrap();
    m.policies
        .iter()
        .filter(|p| {
            let winner = if m.owner == 0 {
                play(&game, p, responder)
            } else {
                play(&game, responder, p)
            };
            winner != m.owner
        })
        .map(|p| p.weight)
        .sum()
}

fn check_extracted_policy(m: &Mixture) {
    let (c, policy) = best_response_policy(m);
    assert_eq!(c.black_value, best_response(m).black_value);
    let won = won_by_playout(m, &policy);
    assert_eq!(
        Fraction::new(won, m.total_weight()),
        c.responder_value,
        "the extracted policy must achieve the best-response value"
    );
    // With another fallback order the listed decisions change, the behaviour against the
    // mixture does not.
    let cells = m.rules.rows * m.rules.cols;
    let reversed: Vec<u8> = (0..cells as u8).rev().collect();
    let (c2, policy2) = best_response_policy_with(m, &reversed);
    assert_eq!(c2.responder_value, c.responder_value);
    assert_eq!(policy2.priority, reversed);
    assert_eq!(won_by_playout(m, &policy2), won);
}

/// A best response inheriting `base` (a responder policy with decisions): same value against
/// the mixture as the plain best response, and `base`'s priority. Pruning `base` (with two
/// decisions no game can consult added: one at a history its own first probe never produces,
/// one equal to its fallback) removes those and changes no game against either mixture.
fn check_inheriting_policy(m: &Mixture, base: &Policy, others: &Mixture) {
    let game = DarkHex::new(m.rules).unwrap();
    let (c, policy) = best_response_policy_inheriting(m, base);
    assert_eq!(c.black_value, best_response(m).black_value);
    assert_eq!(
        Fraction::new(won_by_playout(m, &policy), m.total_weight()),
        c.responder_value
    );
    assert_eq!(policy.priority, base.priority);
    let responder = 1 - m.owner;
    let first = base.decide(0, game.all());
    let other_cell = (first + 1) % game.cells() as u32;
    // After a first probe of `other_cell`, which `base` never makes.
    let unreachable = darkhex::probe_event(other_cell, true) as u128;
    let mut padded = base.clone();
    padded.decisions.insert(unreachable, first as u8);
    // At the root, the fallback's own choice (when the root has no decision).
    let root_explicit = base.decisions.contains_key(&0);
    if !root_explicit {
        padded.decisions.insert(0, first as u8);
    }
    let mut pruned = padded.clone();
    pruned.prune(&game, responder);
    assert!(!pruned.decisions.contains_key(&unreachable));
    if !root_explicit {
        assert!(!pruned.decisions.contains_key(&0));
    }
    assert!(pruned.decisions.len() < padded.decisions.len());
    for opponent in m.policies.iter().chain(&others.policies) {
        let (a, b) = if responder == 0 {
            (play(&game, base, opponent), play(&game, &pruned, opponent))
        } else {
            (play(&game, opponent, base), play(&game, opponent, &pruned))
        };
        assert_eq!(a, b, "pruning changed a game");
    }
}

#[test]
fn extracted_policy_achieves_the_best_response_value_on_the_3x3_certificates() {
    let black = Mixture::parse(&read("abrupt-3x3/black-lower.mix")).unwrap();
    let white = Mixture::parse(&read("abrupt-3x3/white-upper.mix")).unwrap();
    for (m, other) in [(&black, &white), (&white, &black)] {
        check_extracted_policy(m);
        // Inherit from the other mixture's policies (the responder's own side).
        for base in other.policies.iter().step_by(37) {
            check_inheriting_policy(m, base, other);
        }
    }
}

#[test]
fn extracted_policy_on_single_policy_mixtures() {
    // Against one deterministic policy the best response wins 0 or 1, and its policy must do
    // exactly that.
    for (r, c, v) in [
        (3, 3, Variant::Classical),
        (3, 3, Variant::Abrupt),
        (2, 4, Variant::Abrupt),
    ] {
        let game = DarkHex::new(rules(r, c, v)).unwrap();
        for owner in 0..2u8 {
            let prio: Vec<u8> = (0..game.cells() as u8).rev().collect();
            let m = round_mixture(
                rules(r, c, v),
                owner,
                &[darkhex::certificate::Policy {
                    weight: 1,
                    priority: prio,
                    decisions: Default::default(),
                }],
                &[1.0],
            );
            check_extracted_policy(&m);
        }
    }
}

#[test]
fn announcing_rules_are_refused() {
    let mut r = rules(2, 2, Variant::Classical);
    r.announce_touch = true;
    assert!(DarkHexOracle::new(r, OracleKind::default()).is_err());
}
