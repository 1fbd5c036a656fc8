//! OpenSpiel interop (`scripts/openspiel_eval.py`): a gsolve certificate exported as an
//! OpenSpiel tabular policy gets OpenSpiel's own best-response value equal to gsolve's proven
//! bound, and a policy trained by OpenSpiel's CFR, imported back, gets gsolve's exact bracket
//! equal to OpenSpiel's numbers. Needs `pyspiel` (`pip install open_spiel`, which `.ci/run`
//! does and then sets `GSOLVE_REQUIRE_OPENSPIEL=1`, so the test cannot be skipped there).

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// False (with a note) when pyspiel is missing and not required.
fn have_openspiel() -> bool {
    let ok = Command::new("python3")
        .args(["-c", "import pyspiel"])
        .status()
        .is_ok_and(|s| s.success());
    if !ok {
        assert!(
            std::env::var("GSOLVE_REQUIRE_OPENSPIEL").as_deref() != Ok("1"),
            "GSOLVE_REQUIRE_OPENSPIEL=1 but pyspiel does not import (pip install open_spiel)"
        );
        eprintln!("openspiel tests skipped: pyspiel is not installed (pip install open_spiel)");
    }
    ok
}

/// Run the script; its stdout is one JSON object.
fn script(args: &[&str]) -> serde_json::Value {
    let out = Command::new("python3")
        .arg(root().join("scripts/openspiel_eval.py"))
        .args(args)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "openspiel_eval.py {args:?}: {stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(stdout.trim()).expect("one JSON object")
}

fn gsolve_json(args: &[&str]) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .arg("--json")
        .args(args)
        .output()
        .expect("gsolve runs");
    assert!(out.status.success(), "gsolve {args:?}");
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gsolve-openspiel-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn num(v: &serde_json::Value, path: &[&str]) -> f64 {
    let mut v = v;
    for p in path {
        v = &v[*p];
    }
    v.as_f64().unwrap_or_else(|| panic!("{path:?} in {v}"))
}

/// The abrupt 2×3 certificates (Black 10/11 from below and above) keep their value in
/// OpenSpiel: its best responses against the exported policies give exactly 10/11, and the
/// pair's NashConv is 0.
#[test]
fn exported_certificates_keep_their_bounds_in_openspiel() {
    if !have_openspiel() {
        return;
    }
    let dir = scratch("export");
    let board = root().join("results/darkhex/double-oracle-boards/abrupt-2x3");
    let mut files = Vec::new();
    for side in ["black-lower", "white-upper"] {
        let mix = board.join(format!("{side}.mix"));
        let cert = gsolve_json(&["darkhex", "certify", mix.to_str().unwrap()]);
        let out = dir.join(format!("{side}.json"));
        script(&[
            "export",
            mix.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ]);
        files.push((out, cert));
    }
    let eval = script(&[
        "eval",
        files[0].0.to_str().unwrap(),
        files[1].0.to_str().unwrap(),
    ]);
    let lower = num(&eval, &["black", "black_lower_bound"]);
    let upper = num(&eval, &["white", "black_upper_bound"]);
    assert!((lower - 10.0 / 11.0).abs() < 1e-12, "{eval}");
    assert!((upper - 10.0 / 11.0).abs() < 1e-12, "{eval}");
    assert!(num(&eval, &["nash_conv"]).abs() < 1e-12, "{eval}");
    // gsolve's own certificates say the same value.
    for (_, cert) in &files {
        assert!(
            (num(cert, &["value_f64"]) - 10.0 / 11.0).abs() < 1e-9,
            "{cert}"
        );
    }
}

/// A policy trained by OpenSpiel's CFR on abrupt 2×2 (a few iterations, so it is not an
/// equilibrium), imported into gsolve's text format: gsolve's exact bracket equals OpenSpiel's
/// two best-response bounds, and its gap is half OpenSpiel's NashConv.
#[test]
fn openspiel_trained_policies_get_the_same_bracket_from_gsolve() {
    if !have_openspiel() {
        return;
    }
    let dir = scratch("import");
    let policy = dir.join("policy.json");
    let text = dir.join("policy.txt");
    let p = policy.to_str().unwrap();
    script(&["train", "2", "2", "abrupt", "3", "--out", p]);
    let theirs = script(&["eval", p]);
    script(&["import", p, "--out", text.to_str().unwrap()]);
    let ours = gsolve_json(&["darkhex", "eval", "--strategy", text.to_str().unwrap()]);
    let (lo, hi) = (num(&ours, &["lower"]), num(&ours, &["upper"]));
    assert!(
        hi - lo > 1e-3,
        "three CFR iterations should leave a gap: {ours}"
    );
    assert!(
        (lo - num(&theirs, &["black", "black_lower_bound"])).abs() < 1e-9,
        "{ours} {theirs}"
    );
    assert!(
        (hi - num(&theirs, &["white", "black_upper_bound"])).abs() < 1e-9,
        "{ours} {theirs}"
    );
    assert!((2.0 * (hi - lo) - num(&theirs, &["nash_conv"])).abs() < 1e-9);
}
