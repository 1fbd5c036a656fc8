//! `DARKHEX_MIXTURE` certificates and the exact best response against them.
//!
//! # Format (text, one token group per line)
//! ```text
//! DARKHEX_MIXTURE
//! ROWS r
//! COLUMNS c
//! MODE STANDARD|ABRUPT
//! OWNER BLACK|WHITE
//! POLICIES n
//! POLICY w                  (n times: positive integer weight)
//! PRIORITY p0 p1 ...        (a permutation of the cells)
//! DECISIONS k
//! history action            (k lines)
//! END
//! DONE
//! ```
//! A policy is a deterministic strategy of the owner: at a private history listed under
//! `DECISIONS` it probes the given cell, elsewhere the first cell of `PRIORITY` that is legal
//! (neither its stone nor a known enemy stone). Histories use the packing of
//! [`crate::probe_event`]: oldest probe in the highest bits. The mixture plays policy `i` with
//! probability `wᵢ / Σw`.
//!
//! The reader is strict: a wrong magic, an unknown mode or owner, a board over 16 cells, a
//! policy count that does not match, a priority that is not a permutation, a history that no
//! game can produce, a decision probing a cell the owner knows to be occupied, duplicated
//! histories, trailing text or a truncated file are all [`CertificateError`]s naming the line.
//!
//!
//! # Modules
//! - `format`: the [`Mixture`] and [`Policy`] types, the strict reader and the writer;
//! - `fraction`: exact [`Fraction`]s;
//! - `exact_response`: [`best_response`] and the extraction of the maximising deterministic
//!   policy ([`best_response_policy`] and its variants), in exact integer arithmetic (see that
//!   module for the algorithm); `responder` is its search and `memo`
//!   its sharded memo;
//! - `embed`: a mixture of a smaller board played on a sub-board ([`Mixture::embedded`]);
//! - `symmetry`: the 180° rotation of policies and mixtures ([`Policy::rotated`],
//!   [`Mixture::symmetrised`], [`Mixture::is_rotation_invariant`]).

mod embed;
mod exact_response;
mod format;
mod fraction;
mod memo;
mod responder;
mod symmetry;

pub use exact_response::{
    best_response, best_response_policy, best_response_policy_inheriting,
    best_response_policy_with, Certified,
};
pub use format::{CertificateError, Mixture, Policy, PolicyKey, MAGIC};
pub(crate) use fraction::gcd;
pub use fraction::Fraction;

/// A test mixture of priority-order policies (no decisions) on an abrupt board.
#[cfg(test)]
pub(crate) fn priority_mixture(
    rows: usize,
    cols: usize,
    owner: u8,
    priorities: &[(&[u8], u128)],
) -> Mixture {
    Mixture {
        rules: crate::rules::Rules {
            rows,
            cols,
            variant: crate::rules::Variant::Abrupt,
            announce_touch: false,
        },
        owner,
        policies: priorities
            .iter()
            .map(|&(p, w)| Policy {
                weight: w,
                priority: p.to_vec(),
                decisions: Default::default(),
            })
            .collect(),
    }
}
