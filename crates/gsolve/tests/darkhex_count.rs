//! `gsolve darkhex count`, `priority-mixture` and `embed` through the binary: the counts of a
//! small board, certificates that `certify` reads, and bad input (exit code 2).

use std::path::PathBuf;
use std::process::Command;

fn gsolve(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("not one JSON object: {e}: {out}"))
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!(
        "gsolve-darkhex-count-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn count_prints_both_players() {
    let (code, out, err) = gsolve(&["--json", "darkhex", "count", "--rows", "2", "--cols", "2"]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    // 70 information sets and 42 views in all (the and the rules file's figures).
    assert_eq!(v["players"][0]["information_sets"], "17");
    assert_eq!(v["players"][1]["information_sets"], "53");
    assert_eq!(v["players"][0]["views"], 17);
    assert_eq!(v["players"][1]["views"], 25);
}

#[test]
fn constructed_certificates_are_certified() {
    let d = temp_dir("certs");
    let mix = d.join("p.mix");
    let m = mix.to_str().unwrap();
    let (code, _, err) = gsolve(&[
        "darkhex",
        "priority-mixture",
        "--rows",
        "2",
        "--cols",
        "3",
        "--owner",
        "white",
        "--policies",
        "3",
        "--out",
        m,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = gsolve(&["--json", "darkhex", "certify", m]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["rotation_invariant"], true);
    assert_eq!(v["bound"], "upper");
    // 4×3 classical's exact Black mixture on 4×4 (columns a-c) proves its value there too.
    let big = d.join("big.mix");
    let b = big.to_str().unwrap();
    let src = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/darkhex/double-oracle-classical-4x3/black-lower.mix"
    );
    let (code, _, err) = gsolve(&[
        "darkhex", "embed", src, "--rows", "4", "--cols", "4", "--out", b,
    ]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = gsolve(&["--json", "darkhex", "certify", b]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["value"], "14279/67484");
    assert_eq!(
        json(&out)["memo_floor"],
        0,
        "classical boards memoise every history"
    );
    // Any memo floor proves the same value; only the work changes.
    let (code, out, err) = gsolve(&["--json", "darkhex", "certify", "--memo-floor", "6", b]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["value"], "14279/67484");
    assert_eq!(json(&out)["memo_floor"], 6);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn bad_input_exits_2_naming_it() {
    let d = temp_dir("bad");
    let out = d.join("x.mix");
    let o = out.to_str().unwrap();
    let src = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../results/darkhex/double-oracle-classical-4x3/black-lower.mix"
    );
    for (args, needle) in [
        (
            vec!["darkhex", "count", "--rows", "5", "--cols", "4"],
            "20 cells",
        ),
        (
            vec![
                "darkhex",
                "count",
                "--rows",
                "2",
                "--cols",
                "2",
                "--variant",
                "dark",
            ],
            "dark",
        ),
        (
            vec![
                "darkhex",
                "priority-mixture",
                "--rows",
                "2",
                "--cols",
                "2",
                "--owner",
                "red",
                "--policies",
                "1",
                "--out",
                o,
            ],
            "--owner red",
        ),
        (
            vec![
                "darkhex", "embed", src, "--rows", "3", "--cols", "4", "--out", o,
            ],
            "does not fit",
        ),
        (
            vec!["darkhex", "certify", "--memo-floor", "eight", src],
            "--memo-floor <N>",
        ),
    ] {
        let (code, _, err) = gsolve(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("error: error"), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
