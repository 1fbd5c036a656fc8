//! The event width of packed histories in `DARKHEX_MIXTURE` files: boards of at most 15 cells
//! keep the published 5-bit format byte for byte; 16-cell files say `EVENT_BITS 6`; a legacy
//! 16-cell file (5-bit numbers, no `EVENT_BITS` line) is converted exactly: the converted
//! policies play as the legacy numbers defined them and certify to the legacy value.

use darkhex::certificate::{best_response, CertificateError, Mixture};
use darkhex::{probe_event, DarkHex};
use std::collections::HashMap;

/// gsolve's 4×4 classical lower-bound certificate as committed in `cabfafe` (5-bit numbers, no
/// `EVENT_BITS` line): 4×3's exact Black mixture on columns a–c with its images on columns
/// b–d, whose numbers reach cell 15. Certified there to 34581/134968.
const LEGACY: &str = include_str!("data/legacy-16-cell/classical-4x4-black-lower.mix");

/// A gsolve-written 12-cell file (the published format).
const FOUR_BY_THREE: &str = include_str!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../results/darkhex/double-oracle-classical-4x3/black-lower.mix"
));

/// The legacy file's policies as written: priority and decisions by legacy number.
fn legacy_policies(text: &str) -> Vec<(Vec<u32>, HashMap<u128, u32>)> {
    let mut out = Vec::new();
    let mut lines = text.lines().map(str::trim).filter(|l| !l.is_empty());
    while let Some(l) = lines.next() {
        if let Some(p) = l.strip_prefix("PRIORITY ") {
            let priority = p.split_whitespace().map(|c| c.parse().unwrap()).collect();
            let k: usize = lines
                .next()
                .unwrap()
                .strip_prefix("DECISIONS ")
                .unwrap()
                .parse()
                .unwrap();
            let decisions = (0..k)
                .map(|_| {
                    let (h, a) = lines.next().unwrap().split_once(' ').unwrap();
                    (h.parse().unwrap(), a.parse().unwrap())
                })
                .collect();
            out.push((priority, decisions));
        }
    }
    out
}

#[test]
fn files_of_at_most_15_cells_are_the_published_format_byte_for_byte() {
    let m = Mixture::parse(FOUR_BY_THREE).unwrap();
    assert_eq!(m.to_text(), FOUR_BY_THREE);
    assert!(!FOUR_BY_THREE.contains("EVENT_BITS"));
    // An explicit `EVENT_BITS 5` is accepted there and changes nothing.
    let explicit = FOUR_BY_THREE.replacen("\nOWNER", "\nEVENT_BITS 5\nOWNER", 1);
    assert_eq!(Mixture::parse_converting(&explicit).unwrap(), (m, false));
}

#[test]
fn bad_event_widths_are_errors_naming_the_line() {
    let six_on_twelve = FOUR_BY_THREE.replacen("\nOWNER", "\nEVENT_BITS 6\nOWNER", 1);
    let e = Mixture::parse(&six_on_twelve).unwrap_err();
    assert!(
        matches!(e, CertificateError::Invalid { line: 5, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("packs 5 bits per event"), "{e}");
    let seven = LEGACY.replacen("\nOWNER", "\nEVENT_BITS 7\nOWNER", 1);
    let e = Mixture::parse(&seven).unwrap_err();
    assert!(e.to_string().contains("EVENT_BITS 7"), "{e}");
    let word = LEGACY.replacen("\nOWNER", "\nEVENT_BITS six\nOWNER", 1);
    assert!(matches!(
        Mixture::parse(&word),
        Err(CertificateError::Syntax { line: 5, .. })
    ));
    // Only between MODE and OWNER.
    let late = LEGACY.replacen("OWNER BLACK\n", "OWNER BLACK\nEVENT_BITS 6\n", 1);
    assert!(Mixture::parse(&late).is_err());
}

#[test]
fn a_legacy_16_cell_file_is_converted_and_plays_as_its_numbers_did() {
    let (m, legacy) = Mixture::parse_converting(LEGACY).unwrap();
    assert!(legacy);
    let game = DarkHex::new(m.rules).unwrap();
    assert_eq!(game.event_bits(), 6);
    // Written back it is a native 6-bit file, read as such.
    let text = m.to_text();
    assert!(text.contains("\nMODE STANDARD\nEVENT_BITS 6\nOWNER BLACK\n"));
    assert_eq!(
        Mixture::parse_converting(&text).unwrap(),
        (m.clone(), false)
    );
    // Some legacy numbers stood for two histories (a probe followed by a probe of d4, either
    // outcome): the converted policies have more decisions.
    let raw = legacy_policies(LEGACY);
    assert_eq!(raw.len(), m.policies.len());
    let (before, after): (usize, usize) = raw
        .iter()
        .zip(&m.policies)
        .map(|(r, p)| (r.1.len(), p.decisions.len()))
        .fold((0, 0), |(a, b), (x, y)| (a + x, b + y));
    assert!(after > before, "{after} decisions from {before}");
    // Every owner history of random play-outs (the owner follows the policy, the opponent
    // probes at random): the converted policy probes what the legacy numbers said, looked up
    // by the 5-bit packing (`history << 5 | event`, the sixth bit ORed in) of the same history.
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u32| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n as u64) as u32
    };
    let mut checked = 0;
    for ((priority, decisions), policy) in raw.iter().zip(&m.policies) {
        for _ in 0..60 {
            let mut s = game.root();
            let mut legacy_h = 0u128;
            while s.winner.is_none() {
                let legal = game.legal_set(&s);
                let cell = if s.to_move == m.owner {
                    let want = decisions.get(&legacy_h).copied().unwrap_or_else(|| {
                        *priority.iter().find(|&&c| legal >> c & 1 == 1).unwrap()
                    });
                    assert_eq!(policy.decide(s.history[m.owner as usize], legal), want);
                    checked += 1;
                    want
                } else {
                    let k = next(legal.count_ones());
                    (0..16)
                        .filter(|c| legal >> c & 1 == 1)
                        .nth(k as usize)
                        .unwrap()
                };
                let mover = s.to_move;
                let placed = game.play(&mut s, cell) == darkhex::Probe::Placed;
                if mover == m.owner {
                    legacy_h = legacy_h << 5 | probe_event(cell, placed) as u128;
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

#[test]
fn a_converted_legacy_file_certifies_to_the_legacy_value() {
    let m = Mixture::parse(LEGACY).unwrap();
    assert_eq!(best_response(&m).black_value.to_string(), "34581/134968");
}
