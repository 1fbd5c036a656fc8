//! The published certificates: exact best-response values, and strictness of the reader.

use darkhex::certificate::{best_response, best_response_policy, CertificateError, Mixture};
use darkhex::Variant;

const SHARED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared");

fn read(rel: &str) -> String {
    let path = format!("{SHARED}/data/darkhex-certificates/{rel}");
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {path}: {e}"))
}

fn certify(rel: &str) -> String {
    let m = Mixture::parse(&read(rel)).unwrap();
    best_response(&m).black_value.to_string()
}

#[test]
fn classic_4x3_black_lower() {
    let m = Mixture::parse(&read("classic-4x3/black-lower.mix")).unwrap();
    m.expect(4, 3, Variant::Classical, 0).unwrap();
    assert_eq!(best_response(&m).black_value.to_string(), "14279/67484");
}

#[test]
fn classic_4x3_white_upper() {
    assert_eq!(certify("classic-4x3/white-upper.mix"), "14279/67484");
}

#[test]
fn abrupt_3x3_black_lower() {
    assert_eq!(
        certify("abrupt-3x3/black-lower.mix"),
        "207579464761/299876201866"
    );
}

#[test]
fn abrupt_3x3_white_upper() {
    let m = Mixture::parse(&read("abrupt-3x3/white-upper.mix")).unwrap();
    m.expect(3, 3, Variant::Abrupt, 1).unwrap();
    assert_eq!(
        best_response(&m).black_value.to_string(),
        "207579464761/299876201866"
    );
}

/// The responder searches the probes near the root in parallel, sharing its memo: on one
/// thread and on three it must find the same value and the same best-response policy (the
/// first best probe in cell order at every history), whatever the schedule.
#[test]
fn parallel_and_serial_best_responses_agree() {
    for rel in [
        "abrupt-3x3/black-lower.mix",
        "abrupt-3x3/white-upper.mix",
        "classic-4x3/white-upper.mix",
    ] {
        let m = Mixture::parse(&read(rel)).unwrap();
        let on = |threads: usize| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| best_response_policy(&m))
        };
        let (c1, p1) = on(1);
        let (c3, p3) = on(3);
        assert_eq!(c1.black_value, c3.black_value, "{rel}");
        assert_eq!(c1.responder_value, c3.responder_value, "{rel}");
        assert_eq!(p1.priority, p3.priority, "{rel}");
        assert_eq!(p1.decisions, p3.decisions, "{rel}");
        assert!(!p1.decisions.is_empty(), "{rel}");
    }
}

/// The committed results of our own double oracle (`results/darkhex/double-oracle-*/`) prove
/// what the tables say: re-certified here by the exact best response, and 4×3 classical is
/// solved by mixtures that are not the published ones.
#[test]
fn committed_double_oracle_mixtures_prove_the_tables() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../results/darkhex");
    let value = |name: &str, file: &str| {
        let path = format!("{dir}/double-oracle-{name}/{file}.mix");
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        (
            text.clone(),
            best_response(&Mixture::parse(&text).unwrap()).black_value,
        )
    };
    // 4x3 classical: lower = upper = the published exact value, from our own mixtures.
    let (black, lower) = value("classical-4x3", "black-lower");
    let (white, upper) = value("classical-4x3", "white-upper");
    assert_eq!(lower.to_string(), "14279/67484");
    assert_eq!(upper.to_string(), "14279/67484");
    assert_ne!(black, read("classic-4x3/black-lower.mix"));
    assert_ne!(white, read("classic-4x3/white-upper.mix"));
    // The abrupt boards: brackets narrower than 1e-9 (3x3 around the certified value).
    for name in ["abrupt-3x3", "abrupt-2x4", "abrupt-4x2"] {
        let (_, lo) = value(name, "black-lower");
        let (_, hi) = value(name, "white-upper");
        let (lo, hi) = (lo.to_f64(), hi.to_f64());
        assert!(lo <= hi && hi - lo < 1e-9, "{name}: [{lo}, {hi}]");
        if name == "abrupt-3x3" {
            let v = 207579464761.0 / 299876201866.0;
            assert!(
                lo <= v + 1e-15 && v <= hi + 1e-15,
                "{name}: [{lo}, {hi}] vs {v}"
            );
        }
    }
}

#[test]
fn corrupt_certificates_are_typed_errors() {
    let good = read("classic-4x3/black-lower.mix");
    assert!(matches!(
        Mixture::parse(&good.replacen("DARKHEX_MIXTURE", "DARKHEX_MIXTURF", 1)),
        Err(CertificateError::BadMagic(_))
    ));
    let truncated = &good[..good.len() / 2];
    assert!(matches!(
        Mixture::parse(truncated),
        Err(CertificateError::Truncated(..)) | Err(CertificateError::Syntax { .. })
    ));
    assert!(Mixture::parse(&good.replacen("MODE STANDARD", "MODE SIDEWAYS", 1)).is_err());
    assert!(Mixture::parse(&good.replacen("OWNER BLACK", "OWNER GREEN", 1)).is_err());
    assert!(Mixture::parse(&good.replacen("ROWS 4", "ROWS 5", 1)).is_err());
    // The first decision of the first policy is `0 3`; `9 3` probes cell 3 at a history that
    // already placed a stone on cell 3: illegal.
    let illegal = good.replacen("\n9 9\n", "\n9 3\n", 1);
    assert!(matches!(
        Mixture::parse(&illegal),
        Err(CertificateError::Invalid { .. })
    ));
    assert!(Mixture::parse(&format!("{good}\nEXTRA\n")).is_err());
    assert!(Mixture::parse("").is_err());
    let m = Mixture::parse(&good).unwrap();
    assert!(matches!(
        m.expect(3, 4, Variant::Classical, 0),
        Err(CertificateError::Mismatch { .. })
    ));
    assert!(m.expect(4, 3, Variant::Classical, 1).is_err());
}

mod fuzz {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(200))]
        #[test]
        fn random_text_never_panics(s in "\\PC{0,300}") {
            let _ = Mixture::parse(&s);
        }

        #[test]
        fn mutated_certificates_never_panic(pos in 0usize..24000, byte in 0u8..128, cut in 0usize..24000) {
            let good = read("classic-4x3/black-lower.mix");
            let mut bytes = good.into_bytes();
            let p = pos % bytes.len();
            bytes[p] = byte;
            bytes.truncate(cut.max(p + 1).min(bytes.len()));
            let text = String::from_utf8_lossy(&bytes);
            let _ = Mixture::parse(&text);
        }
    }
}

/// The published certificates are rotation invariant (their format's rule), and symmetrising
/// an invariant mixture gives back the same distribution and value.
#[test]
fn published_certificates_are_rotation_invariant() {
    for rel in [
        "classic-4x3/black-lower.mix",
        "classic-4x3/white-upper.mix",
        "abrupt-3x3/black-lower.mix",
        "abrupt-3x3/white-upper.mix",
    ] {
        let m = Mixture::parse(&read(rel)).unwrap();
        assert!(m.is_rotation_invariant(), "{rel}");
        let s = m.symmetrised();
        assert!(s.is_rotation_invariant(), "{rel}");
        assert_eq!(s.policies.len(), m.policies.len(), "{rel}");
    }
    let m = Mixture::parse(&read("abrupt-3x3/black-lower.mix")).unwrap();
    let mut broken = m.clone();
    broken.policies[0].weight += 1;
    assert!(!broken.is_rotation_invariant());
    assert_eq!(
        best_response(&m.symmetrised()).black_value.to_string(),
        "207579464761/299876201866"
    );
}
