//! Strategy files: round trip, strictness, and the bracket of a saved strategy.

use cfr::{Algorithm, Solver};
use darkhex::extensive::{HistoryGame, SymmetricHistoryGame, ViewGame};
use darkhex::response::{exact_bracket, file_strategy};
use darkhex::strategy::{
    CheckpointFile, Entry, Representation, StrategyError, StrategyFile, StrategyHeader,
    CHECKPOINT_MAGIC, FORMAT_VERSION, ROTATION_TIED, STRATEGY_MAGIC,
};
use darkhex::{DarkHex, Variant};
use game::extensive::ExtensiveGame;

fn header(g: &DarkHex, repr: Representation) -> StrategyHeader {
    StrategyHeader {
        magic: STRATEGY_MAGIC,
        version: FORMAT_VERSION,
        game: "darkhex".into(),
        rules: *g.rules(),
        representation: repr,
        algorithm: "dcfr".into(),
        iterations: 100,
        seed: 7,
        toolkit: "test".into(),
        command: "test".into(),
        bracket: (f64::NAN, f64::NAN),
    }
}

/// 100 CFR+ iterations of a perfect-recall game (plain or rotation-tied) as entries.
fn history_entries<G: ExtensiveGame<InfoKey = u128>>(g: &G) -> Vec<Entry> {
    let mut s = Solver::new(g, Algorithm::CfrPlus, 1 << 24).unwrap();
    s.iterate(100);
    s.average_strategy()
        .entries()
        .map(|(k, p, pr)| Entry {
            player: p,
            key: k & !(1u128 << 127),
            probs: pr.to_vec(),
        })
        .collect()
}

fn solved(repr: Representation) -> StrategyFile {
    let g = DarkHex::with(3, 2, Variant::Abrupt).unwrap();
    let entries: Vec<Entry> = match repr {
        Representation::History => history_entries(&HistoryGame(g.clone())),
        Representation::SymmetricHistory => history_entries(&SymmetricHistoryGame(g.clone())),
        Representation::View => {
            let mut s = Solver::new(&ViewGame(g.clone()), Algorithm::CfrPlus, 1 << 24).unwrap();
            s.iterate(100);
            s.average_strategy()
                .entries()
                .map(|(k, p, pr)| Entry {
                    player: p,
                    key: (k & 0xffff_ffff) as u128,
                    probs: pr.to_vec(),
                })
                .collect()
        }
    };
    StrategyFile {
        header: header(&g, repr),
        entries,
    }
}

#[test]
fn a_rotation_tied_strategy_is_written_expanded_and_refused_unexpanded() {
    let tied = solved(Representation::SymmetricHistory);
    // Unexpanded, it is a checkpoint's form only.
    assert!(matches!(
        StrategyFile::from_bytes(&tied.to_bytes()),
        Err(StrategyError::BadHeader(_))
    ));
    let g = tied.game();
    let direct = exact_bracket(&g, &*file_strategy(&tied), 0.0);
    let f = tied.clone().expanded();
    assert_eq!(f.header.representation, Representation::History);
    assert!(f.header.algorithm.ends_with(ROTATION_TIED));
    assert!(f.entries.len() > tied.entries.len());
    let back = StrategyFile::from_bytes(&f.to_bytes()).unwrap();
    assert!(back.is_rotation_invariant(0.0));
    let mut skewed = back.clone();
    let e = skewed
        .entries
        .iter_mut()
        .find(|e| e.probs.len() > 1 && e.key != g.rotate_history(e.key))
        .unwrap();
    let n = e.probs.len();
    let mut one_hot = vec![0.0; n];
    one_hot[if e.probs[0] > 0.5 { n - 1 } else { 0 }] = 1.0;
    e.probs = one_hot;
    assert!(!skewed.is_rotation_invariant(1e-9));
    let b = exact_bracket(&g, &*file_strategy(&back), 0.0);
    assert_eq!((b.lower, b.upper), (direct.lower, direct.upper));
    assert!(
        b.lower <= 7.0 / 16.0 + 1e-9 && 7.0 / 16.0 <= b.upper + 1e-9,
        "{b:?}"
    );
}

#[test]
fn round_trip_and_bracket_survive_the_file() {
    for repr in [Representation::History, Representation::View] {
        let f = solved(repr);
        let bytes = f.to_bytes();
        let back = StrategyFile::from_bytes(&bytes).unwrap();
        assert_eq!(back.entries, f.entries);
        assert_eq!(back.header.rules, f.header.rules);
        let g = back.game();
        let b = exact_bracket(&g, &*file_strategy(&back), 0.0);
        assert!(
            b.lower <= 7.0 / 16.0 + 1e-9 && 7.0 / 16.0 <= b.upper + 1e-9,
            "{b:?}"
        );
        assert!(back.to_text().lines().count() > f.entries.len());
        assert!(back.first_probe(0).is_some() && back.first_probe(1).is_some());
    }
}

#[test]
fn corrupt_truncated_and_foreign_files_are_errors() {
    let f = solved(Representation::History);
    let bytes = f.to_bytes();
    assert!(matches!(
        StrategyFile::from_bytes(b"hello world, not a strategy"),
        Err(StrategyError::BadMagic(_))
    ));
    assert!(matches!(
        StrategyFile::from_bytes(&[]),
        Err(StrategyError::BadMagic(_))
    ));
    for cut in [9, 20, bytes.len() / 2, bytes.len() - 1] {
        assert!(
            StrategyFile::from_bytes(&bytes[..cut]).is_err(),
            "cut {cut}"
        );
    }
    let mut v = bytes.clone();
    v[8] = 99; // version
    assert!(matches!(
        StrategyFile::from_bytes(&v),
        Err(StrategyError::BadVersion { found: 99 })
    ));
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(StrategyFile::from_bytes(&longer).is_err());
    // A checkpoint is not a strategy.
    let c = CheckpointFile {
        header: StrategyHeader {
            magic: CHECKPOINT_MAGIC,
            ..f.header.clone()
        },
        rows: vec![],
        seconds: 0.0,
        solver: vec![1, 2, 3],
    };
    assert!(matches!(
        StrategyFile::from_bytes(&c.to_bytes()),
        Err(StrategyError::BadMagic(_))
    ));
    assert!(CheckpointFile::from_bytes(&c.to_bytes()).is_ok());
    assert!(CheckpointFile::from_bytes(&bytes).is_err());
    // Bad entries: impossible history, wrong arity, bad probabilities, oversized board.
    let mut bad = f.clone();
    bad.entries[1].key = (5 << 5) | 5; // probes cell 1 twice
    assert!(matches!(
        StrategyFile::from_bytes(&bad.to_bytes()),
        Err(StrategyError::BadEntry { .. })
    ));
    let mut bad = f.clone();
    bad.entries[0].probs.pop();
    assert!(StrategyFile::from_bytes(&bad.to_bytes()).is_err());
    let mut bad = f.clone();
    bad.entries[0].probs[0] = f64::NAN;
    assert!(StrategyFile::from_bytes(&bad.to_bytes()).is_err());
    let mut bad = f.clone();
    bad.header.rules.rows = 9;
    assert!(matches!(
        StrategyFile::from_bytes(&bad.to_bytes()),
        Err(StrategyError::BadHeader(_))
    ));
    let mut bad = f.clone();
    bad.header.game = "chess".into();
    assert!(StrategyFile::from_bytes(&bad.to_bytes()).is_err());
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;
    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        #[test]
        fn mutated_files_never_panic(pos in 0usize..100_000, byte in any::<u8>(), cut in 0usize..100_000) {
            let mut bytes = solved(Representation::View).to_bytes();
            let p = pos % bytes.len();
            bytes[p] = byte;
            bytes.truncate(cut.max(p + 1).min(bytes.len()));
            let _ = StrategyFile::from_bytes(&bytes);
            let _ = CheckpointFile::from_bytes(&bytes);
        }
    }
}
