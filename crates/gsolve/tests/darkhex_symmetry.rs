//! Rotation invariance of what gsolve writes, and the independent Python checker's rule: every
//! `.mix` of `gsolve darkhex solve --algo double-oracle` (with or without `--no-symmetry`) is
//! rotation invariant and `scripts/darkhex_certify.py` accepts it with the value gsolve proves;
//! a mixture that is not invariant is rejected ("mixture is not rotation invariant", exit 2)
//! unless `--allow-asymmetric` (the legacy path for the certificates committed before).

use darkhex::certificate::{best_response, Mixture};
use std::path::{Path, PathBuf};
use std::process::Command;

const ROOT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

fn run(program: &str, args: &[&str]) -> (i32, String, String) {
    let out = Command::new(program).args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn checker(args: &[&str]) -> (i32, String, String) {
    let script = format!("{ROOT}/scripts/darkhex_certify.py");
    let mut all = vec![script.as_str()];
    all.extend_from_slice(args);
    run("python3", &all)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gsolve-darkhex-sym-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn mixture(path: &Path) -> Mixture {
    Mixture::parse(&std::fs::read_to_string(path).unwrap()).unwrap()
}

#[test]
fn written_mixtures_are_invariant_and_the_python_checker_agrees() {
    for (name, extra) in [("sym", None), ("nosym", Some("--no-symmetry"))] {
        let dir = temp_dir(name);
        let mut args: Vec<&str> =
            "--json darkhex solve --rows 3 --cols 2 --variant abrupt --algo double-oracle --out"
                .split(' ')
                .collect();
        args.push(dir.to_str().unwrap());
        args.extend(extra);
        let (code, _, err) = run(env!("CARGO_BIN_EXE_gsolve"), &args);
        assert_eq!(code, 0, "{err}");
        for file in ["black-lower.mix", "white-upper.mix"] {
            let path = dir.join(file);
            let m = mixture(&path);
            assert!(m.is_rotation_invariant(), "{name} {file}");
            assert_eq!(best_response(&m).black_value.to_string(), "7/16");
            let (code, out, err) = run(
                env!("CARGO_BIN_EXE_gsolve"),
                &["--json", "darkhex", "certify", path.to_str().unwrap()],
            );
            assert_eq!(code, 0, "{err}");
            let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
            assert_eq!(j["rotation_invariant"], true, "{j}");
            assert_eq!(j["value"], "7/16", "{j}");
            let (code, out, err) = checker(&[path.to_str().unwrap()]);
            assert_eq!(code, 0, "{name} {file}: {err}");
            assert!(out.contains("bound 7/16"), "{out}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn the_python_checker_rejects_mixtures_that_are_not_invariant() {
    // A committed certificate from before the symmetrisation: proven, but not invariant.
    let legacy = format!("{ROOT}/results/darkhex/double-oracle-boards/abrupt-3x2/black-lower.mix");
    let m = mixture(Path::new(&legacy));
    assert!(!m.is_rotation_invariant());
    let (code, out, err) = run(
        env!("CARGO_BIN_EXE_gsolve"),
        &["--json", "darkhex", "certify", &legacy],
    );
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["rotation_invariant"], false, "{j}");
    assert_eq!(j["value"], "7/16", "{j}");
    let (code, _, err) = checker(&[&legacy]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("mixture is not rotation invariant"), "{err}");
    let (code, out, err) = checker(&["--allow-asymmetric", &legacy]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bound 7/16"), "{out}");
    // Its symmetrised twin passes; breaking one weight of the twin fails again.
    let dir = temp_dir("legacy");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("twin.mix");
    let (code, out, err) = run(
        env!("CARGO_BIN_EXE_gsolve"),
        &[
            "--json",
            "darkhex",
            "symmetrise",
            &legacy,
            "--out",
            path.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["rotation_invariant"], true, "{j}");
    assert_eq!(j["value"], "7/16", "{j}");
    let twin = mixture(&path);
    assert_eq!(twin, m.symmetrised());
    let (code, out, err) = checker(&[path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("bound 7/16"), "{out}");
    let game = darkhex::DarkHex::new(twin.rules).unwrap();
    let lone = twin
        .policies
        .iter()
        .position(|p| p.rotated(&game).key() != p.key())
        .expect("a policy that is not its own image");
    let mut broken = twin.clone();
    broken.policies[lone].weight += 1;
    std::fs::write(&path, broken.to_text()).unwrap();
    let (code, _, err) = checker(&[path.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// The best response's rotation memo (one memo entry for a responder node and its 180° image,
/// used for rotation-invariant mixtures) changes neither a certified value nor the best
/// responses the double oracle adds: runs with the memo turned off (`GSOLVE_BR_NO_ROTATION`)
/// write the same value and byte-identical mixtures.
#[test]
fn the_rotation_memo_changes_no_value_and_no_best_response() {
    let gsolve = env!("CARGO_BIN_EXE_gsolve");
    let run_env = |off: bool, args: &[&str]| {
        let mut cmd = Command::new(gsolve);
        cmd.args(args);
        if off {
            cmd.env("GSOLVE_BR_NO_ROTATION", "1");
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{args:?}");
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let mix = format!("{ROOT}/results/darkhex/frontier/abrupt-3x4/leg1/black-lower.mix");
    let value = |off| {
        let v: serde_json::Value =
            serde_json::from_str(&run_env(off, &["--json", "darkhex", "certify", &mix])).unwrap();
        (v["value"].clone(), v["responder_nodes"].as_u64().unwrap())
    };
    let ((on, nodes_on), (off, nodes_off)) = (value(false), value(true));
    assert_eq!(on, off);
    assert!(
        nodes_on < nodes_off,
        "the memo shares images: {nodes_on} vs {nodes_off}"
    );
    let mut written = Vec::new();
    for off in [false, true] {
        let dir = temp_dir(if off { "memo-off" } else { "memo-on" });
        let d = dir.to_str().unwrap();
        run_env(
            off,
            &[
                "darkhex",
                "solve",
                "--rows",
                "4",
                "--cols",
                "2",
                "--variant",
                "abrupt",
                "--algo",
                "double-oracle",
                "--iterations",
                "8",
                "--threads",
                "2",
                "--out",
                d,
            ],
        );
        let read = |f: &str| std::fs::read(dir.join(f)).unwrap();
        written.push((read("black-lower.mix"), read("white-upper.mix")));
    }
    assert!(
        written[0] == written[1],
        "the same mixtures with and without the memo"
    );
}

/// 16-cell files pack 6 bits per event and say so (`EVENT_BITS 6`): a small 4×4 mixture whose
/// decisions reach cell 15 (4×3 classical policies on columns b–d), symmetrised, is rotation
/// invariant for gsolve and for the Python checker, which prove the same value; the same file
/// without its `EVENT_BITS` line is a legacy 5-bit file, which `certify` reports as converted
/// and the checker refuses unless `--allow-asymmetric`.
#[test]
fn sixteen_cell_files_say_event_bits_6_and_both_checkers_agree() {
    let gsolve = env!("CARGO_BIN_EXE_gsolve");
    let small = format!("{ROOT}/results/darkhex/double-oracle-classical-4x3/black-lower.mix");
    let mut m = mixture(Path::new(&small));
    m.policies.truncate(4);
    let big = m.embedded(4, 4, 0, 1).unwrap();
    let dir = temp_dir("sixteen");
    std::fs::create_dir_all(&dir).unwrap();
    let (plain, sym) = (dir.join("embedded.mix"), dir.join("symmetrised.mix"));
    std::fs::write(&plain, big.to_text()).unwrap();
    let (code, out, err) = run(
        gsolve,
        &[
            "--json",
            "darkhex",
            "symmetrise",
            plain.to_str().unwrap(),
            "--out",
            sym.to_str().unwrap(),
        ],
    );
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["rotation_invariant"], true, "{j}");
    assert_eq!(j["event_bits"], 6, "{j}");
    assert_eq!(j["legacy_converted"], false, "{j}");
    let text = std::fs::read_to_string(&sym).unwrap();
    assert!(text.contains("\nMODE STANDARD\nEVENT_BITS 6\nOWNER BLACK\n"));
    let value = j["value"].as_str().unwrap().to_string();
    let (code, out, err) = checker(&[sym.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains(&format!("bound {value} (")),
        "{out} vs {value}"
    );
    // The embedded file (not invariant) is proven the same by both, with --allow-asymmetric.
    let (code, out, _) = run(
        gsolve,
        &["--json", "darkhex", "certify", plain.to_str().unwrap()],
    );
    assert_eq!(code, 0);
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["rotation_invariant"], false, "{j}");
    let embedded_value = j["value"].as_str().unwrap().to_string();
    let (code, out, err) = checker(&["--allow-asymmetric", plain.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains(&format!("bound {embedded_value} (")), "{out}");
    // A legacy 16-cell file (5-bit numbers, no EVENT_BITS line; gsolve's committed 4×4
    // certificate before the extension): gsolve converts it and proves the legacy value,
    // the checker refuses it by default.
    let legacy = dir.join("legacy.mix");
    let legacy_text =
        format!("{ROOT}/crates/darkhex/tests/data/legacy-16-cell/classical-4x4-black-lower.mix");
    std::fs::copy(&legacy_text, &legacy).unwrap();
    let (code, out, err) = run(
        gsolve,
        &["--json", "darkhex", "certify", legacy.to_str().unwrap()],
    );
    assert_eq!(code, 0, "{err}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(j["legacy_converted"], true, "{j}");
    assert_eq!(j["value"], "34581/134968", "{j}");
    let (code, _, err) = checker(&[legacy.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("legacy 16-cell file"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
