//! Property tests throwing random and mutated strings at the position and move parsers: they
//! never panic, and whatever they accept round-trips.

use hexecs::{parse_move, parse_position, write_position, START};
use proptest::prelude::*;

const SAMPLES: [&str; 4] = [
    START,
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu roll=5 0 1",
    "2J2k3/1D8/11/12/6q6/12/11/3d6/R2K4R w KQ UPQRNpqrju G9=U 0 1",
    "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu roll 0 1",
];

fn check_position(text: &str) {
    if let Ok(b) = parse_position(text) {
        let written = write_position(&b);
        let again = parse_position(&written).expect("written position parses");
        assert_eq!(again, b);
        assert_eq!(write_position(&again), written);
        assert_eq!(b.hash(), b.full_hash());
    }
}

/// Mutate a sample: replace, insert or delete characters at random places.
fn mutate(sample: &str, edits: &[(usize, u8, u8)]) -> String {
    let mut bytes: Vec<u8> = sample.bytes().collect();
    const ALPHABET: &[u8] = b"KQRNJDUPkqrnjdup0123456789/ -=,wbroll";
    for &(pos, op, ch) in edits {
        if bytes.is_empty() {
            break;
        }
        let p = pos % bytes.len();
        let c = ALPHABET[ch as usize % ALPHABET.len()];
        match op % 3 {
            0 => bytes[p] = c,
            1 => bytes.insert(p, c),
            _ => {
                bytes.remove(p);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

proptest! {
    // Seeded (the same inputs on every run).
    #![proptest_config(ProptestConfig {
        cases: 2000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0x4E8EC5),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_strings_never_panic(s in "\\PC{0,120}") {
        check_position(&s);
        for sample in SAMPLES {
            let b = parse_position(sample).unwrap();
            let _ = parse_move(&b, &s);
        }
    }

    #[test]
    fn mutated_positions_never_panic(
        k in 0usize..4,
        edits in proptest::collection::vec((0usize..200, 0u8..3, 0u8..64), 1..6)
    ) {
        check_position(&mutate(SAMPLES[k], &edits));
    }

    #[test]
    fn move_like_strings_never_panic(
        k in 0usize..4,
        s in "(roll(=[0-9])?|[0-9]:([A-Ma-m][0-9]){2}|[0-9]:pass|([A-Oa-o][0-9]{1,2}){2}(=[A-Z])?)"
    ) {
        let b = parse_position(SAMPLES[k]).unwrap();
        if let Ok(m) = parse_move(&b, &s) {
            prop_assert!(hexecs::raw_move_text(m).eq_ignore_ascii_case(s.trim()));
        }
    }
}
