//! `gsolve darkhex solve --algo double-oracle` end to end: exact values on small boards, the
//! written mixtures re-certified by `gsolve darkhex certify`, resume, and bad input (exit 2).

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

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gsolve-darkhex-do-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("not one JSON object: {e}: {out}"))
}

fn certify(path: &std::path::Path) -> serde_json::Value {
    let (code, out, err) = gsolve(&["--json", "darkhex", "certify", path.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    json(&out)
}

#[test]
fn double_oracle_solves_small_boards_and_its_mixtures_certify() {
    // rules/darkhex.md: classical 3×2 = 0, 2×3 = 1; abrupt 3×2 = 7/16, 2×3 ≈ 0.909.
    for (r, c, v, value, tol) in [
        ("3", "2", "classical", 0.0, 0.0),
        ("2", "3", "classical", 1.0, 0.0),
        ("3", "2", "abrupt", 7.0 / 16.0, 1e-9),
        ("2", "3", "abrupt", 0.909, 5e-4),
    ] {
        let dir = temp_dir(&format!("{v}-{r}x{c}"));
        let (code, out, err) = gsolve(&[
            "--json",
            "darkhex",
            "solve",
            "--rows",
            r,
            "--cols",
            c,
            "--variant",
            v,
            "--algo",
            "double-oracle",
            "--out",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let j = json(&out);
        let (lo, hi, gap) = (
            j["lower"].as_f64().unwrap(),
            j["upper"].as_f64().unwrap(),
            j["gap"].as_f64().unwrap(),
        );
        assert_eq!(gap, 0.0, "{v} {r}x{c}: {j}");
        assert_eq!(j["lower_exact"], j["upper_exact"]);
        assert_eq!(j["converged"], true);
        assert!(lo <= value + tol + 1e-9 && value - tol - 1e-9 <= hi, "{j}");
        assert!(j["iterations"].as_u64().unwrap() >= 1);
        assert!(j["policies"].as_u64().unwrap() >= 2);
        assert!(j["seconds"].as_f64().is_some());
        // The mixture files certify independently to exactly the reported bounds.
        let b = certify(&dir.join("black-lower.mix"));
        assert_eq!(b["bound"], "lower");
        assert_eq!(b["value"], j["lower_exact"]);
        let w = certify(&dir.join("white-upper.mix"));
        assert_eq!(w["bound"], "upper");
        assert_eq!(w["value"], j["upper_exact"]);
        for f in ["convergence.csv", "summary.md", "do-checkpoint.bin"] {
            assert!(dir.join(f).exists(), "{f} missing");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}

#[test]
fn resume_continues_and_bad_files_exit_2() {
    let dir = temp_dir("resume");
    let d = dir.to_str().unwrap();
    let base = [
        "--json",
        "darkhex",
        "solve",
        "--rows",
        "3",
        "--cols",
        "2",
        "--variant",
        "abrupt",
        "--algo",
        "double-oracle",
        "--out",
        d,
    ];
    let with = |extra: &[&str]| {
        let mut v: Vec<&str> = base.to_vec();
        v.extend_from_slice(extra);
        gsolve(&v)
    };
    let (code, out, err) = with(&["--iterations", "5"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["iterations"], 5);
    // An existing checkpoint is never overwritten without --resume.
    let (code, _, err) = with(&["--iterations", "5"]);
    assert_eq!(code, 2);
    assert!(err.contains("--resume"), "{err}");
    let (code, out, err) = with(&["--iterations", "12", "--resume"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["iterations"], 12);
    let csv = std::fs::read_to_string(dir.join("convergence.csv")).unwrap();
    assert_eq!(
        csv.lines().filter(|l| !l.starts_with('#')).count(),
        13,
        "header + 12 rows: {csv}"
    );
    // A corrupted checkpoint: exit 2, and the file is left as it was.
    let ck = dir.join("do-checkpoint.bin");
    let mut bytes = std::fs::read(&ck).unwrap();
    let n = bytes.len();
    bytes.truncate(n / 2);
    std::fs::write(&ck, &bytes).unwrap();
    let before = std::fs::read(dir.join("black-lower.mix")).unwrap();
    let (code, out, _) = with(&["--iterations", "20", "--resume"]);
    assert_eq!(code, 2);
    let e = json(&out);
    assert!(e.to_string().contains("do-checkpoint.bin"), "{e}");
    assert_eq!(std::fs::read(&ck).unwrap(), bytes);
    assert_eq!(std::fs::read(dir.join("black-lower.mix")).unwrap(), before);
    // A corrupted mixture: certify exits 2 naming the file.
    let mix = dir.join("white-upper.mix");
    let text = std::fs::read_to_string(&mix).unwrap();
    let bad = dir.join("bad.mix");
    std::fs::write(&bad, text.replacen("OWNER WHITE", "OWNER GREY", 1)).unwrap();
    let (code, _, err) = gsolve(&["darkhex", "certify", bad.to_str().unwrap()]);
    assert_eq!(code, 2);
    assert!(err.contains("bad.mix"), "{err}");
    // Announcing rules cannot be written as certificates.
    let (code, _, _) = with(&["--announce-touch", "--iterations", "1"]);
    assert_eq!(code, 2);
    let _ = std::fs::remove_dir_all(&dir);
}
