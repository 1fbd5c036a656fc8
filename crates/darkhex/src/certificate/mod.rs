//! `DARKHEX_MIXTURE` certificates and the exact best response against them.
//!
//! # Format (text, one token group per line)
//! ```text
//! DARKHEX_MIXTURE
//! ROWS r
//! COLUMNS c
//! MODE STANDARD|ABRUPT
//! EVENT_BITS 6              (only on 16-cell boards: gsolve's extension, see below)
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
//! [`crate::probe_event`]: `history = history << b | (cell + 1) << 1 | success`, oldest probe
//! in the highest bits, `b` bits per event. The mixture plays policy `i` with probability
//! `wᵢ / Σw`.
//!
//! # Event width: `EVENT_BITS` (gsolve's extension for 16-cell boards)
//! The published format packs `b = 5` bits per event, which holds every probe event on boards
//! of at most 15 cells. On 16 cells a probe of cell 15 is the event 32 or 33; packed in 5 bits
//! its sixth bit is ORed into the success flag of the probe before, so two histories that
//! differ only in that outcome share a number and the numbers cannot be rotated. So:
//! - boards of at most 15 cells: `b = 5`; the writer emits no `EVENT_BITS` line (the files are
//!   the published format, byte for byte) and the reader accepts none or `EVENT_BITS 5`;
//! - 16-cell boards: `b = 6`; the writer emits `EVENT_BITS 6` between `MODE` and `OWNER`, and
//!   the reader reads such a file natively;
//! - a 16-cell file without the line (or with `EVENT_BITS 5`) is a *legacy* 5-bit file
//!   (gsolve wrote those before the extension). The reader converts it exactly: each legacy
//!   number stands for every history of the owner that packs to it under the 5-bit packing
//!   (one, or two where a probe's outcome was lost), and each of them gets the number's
//!   decision. The converted policy plays exactly as the legacy numbers defined it (same
//!   exact best-response value); written back it is a 6-bit file. Such a legacy mixture is
//!   in general not rotation invariant (its images were made by rotating merged numbers):
//!   symmetrise it (`gsolve darkhex symmetrise`) or regenerate it. [`Mixture::parse_converting`]
//!   tells whether a text was converted; `gsolve darkhex certify` reports it.
//!
//! Any other `EVENT_BITS` value is an error.
//!
//! The reader is strict: a wrong magic, an unknown mode or owner, a board over 16 cells, a
//! policy count that does not match, a priority that is not a permutation, a history that no
//! game can produce, a decision probing a cell the owner knows to be occupied, duplicated
//! histories, trailing text or a truncated file are all [`CertificateError`]s naming the line.
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
    best_response, best_response_memo_floor, best_response_policy, best_response_policy_inheriting,
    best_response_policy_with, Certified,
};
pub use format::{CertificateError, Mixture, Policy, PolicyKey, MAGIC};
pub(crate) use fraction::gcd;
pub use fraction::Fraction;
pub use memo::{value_memo_floor, ABRUPT_MEMO_FLOOR};

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

/// A random valid policy of `owner` for the tests: a random priority order and decisions at
/// the owner histories of `walks` random walks (each probe a random legal cell, each outcome
/// drawn at random; a walk ends when the owner connects or has no legal probe).
#[cfg(test)]
pub(crate) fn random_policy(game: &crate::DarkHex, owner: u8, seed: u64, walks: usize) -> Policy {
    use bitboard::BitWord;
    let mut x = seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1;
    let mut next = move |n: u32| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as u32
    };
    let cells = game.cells();
    let mut priority: Vec<u8> = (0..cells as u8).collect();
    for i in (1..cells).rev() {
        priority.swap(i, next(i as u32 + 1) as usize);
    }
    let mut decisions: hashbrown::HashMap<u128, u8> = Default::default();
    for _ in 0..walks {
        let (mut h, mut own, mut known) = (0u128, 0u64, 0u64);
        loop {
            let legal = game.all() & !(own | known);
            if legal == 0 {
                break;
            }
            let pick = next(legal.count_ones()) as usize;
            let a = *decisions
                .entry(h)
                .or_insert_with(|| legal.iter().nth(pick).expect("a legal cell") as u8);
            let placed = next(2) == 0;
            h = game.push_event(h, crate::probe_event(a as u32, placed));
            if placed {
                own |= 1 << a;
                if game.connects(owner, own) {
                    break;
                }
            } else {
                known |= 1 << a;
            }
        }
    }
    Policy {
        weight: 1,
        priority,
        decisions,
    }
}
