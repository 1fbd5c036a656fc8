//! `gsolve darkhex solve` against the library: the same convergence rows through the binary
//! as from the job called directly, the default algorithm and output directory, options that
//! do not apply to the chosen algorithm, and `--json` errors.

use darkhex::double_oracle::OracleKind;
use darkhex::{Rules, Variant};
use jobs::darkhex::cfr::{CfrConfig, RepresentationChoice};
use jobs::darkhex::double_oracle::DoubleOracleConfig;
use jobs::darkhex::{Output, Row, Stop};
use jobs::NoProgress;
use std::path::{Path, PathBuf};
use std::process::Command;

fn gsolve_in(dir: Option<&Path>, args: &[&str]) -> (i32, String, String) {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gsolve"));
    if let Some(d) = dir {
        c.current_dir(d);
    }
    let out = c.args(args).output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn gsolve(args: &[&str]) -> (i32, String, String) {
    gsolve_in(None, args)
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gsolve-darkhex-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

fn json(out: &str) -> serde_json::Value {
    assert_eq!(out.trim().lines().count(), 1, "not one line: {out}");
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("not one JSON object: {e}: {out}"))
}

/// The rows of a `convergence.csv` without the seconds: (iteration, lower, upper, gap) as
/// written.
fn csv_rows(path: &Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("iteration"))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            format!("{},{},{},{}", f[0], f[2], f[3], f[4])
        })
        .collect()
}

fn library_rows(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .map(|r| format!("{},{:.12},{:.12},{:.6e}", r.0, r.2, r.3, r.4))
        .collect()
}

fn rules(rows: usize, cols: usize, variant: Variant) -> Rules {
    Rules {
        rows,
        cols,
        variant,
        announce_touch: false,
    }
}

#[test]
fn binary_and_library_write_the_same_convergence_rows() {
    // The double oracle on 3×2 abrupt (exact), plain oracle with random fallbacks.
    let dir = temp_dir("do");
    let (code, _, err) = gsolve(&[
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
        "--plain-oracle",
        "--random-fallback",
        "--initial-policies",
        "5",
        "--seed",
        "3",
        "--threads",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let config = DoubleOracleConfig {
        rules: rules(3, 2, Variant::Abrupt),
        oracle: OracleKind::RandomFallback,
        initial_policies: 5,
        seed: 3,
        scratch_lp: false,
        symmetric: true,
        seeds: Vec::new(),
        stop: Stop::default(),
        output: Output::default(),
    };
    let lib = jobs::darkhex::double_oracle::run(&config, &NoProgress).unwrap();
    let cli = csv_rows(&dir.join("convergence.csv"));
    assert!(!cli.is_empty());
    assert_eq!(cli, library_rows(&lib.rows));
    let _ = std::fs::remove_dir_all(&dir);
    // CFR on 2×2 classical: 300 iterations, one bracket at the end.
    let dir = temp_dir("cfr");
    let (code, out, err) = gsolve(&[
        "--json",
        "darkhex",
        "solve",
        "--rows",
        "2",
        "--cols",
        "2",
        "--algo",
        "DCFR",
        "--iterations",
        "300",
        "--threads",
        "1",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["algorithm"], "dcfr(alpha=1.5,beta=0,gamma=2)");
    let config = CfrConfig {
        rules: rules(2, 2, Variant::Classical),
        algorithm: cfr::Algorithm::DCFR_DEFAULT,
        representation: RepresentationChoice::Auto,
        // The CLI's default on history boards.
        symmetric: true,
        seed: 0,
        stop: Stop {
            iterations: Some(300),
            ..Stop::default()
        },
        eval_secs: 0.0,
        prune: 0.0,
        purify: 0.0,
        no_eval: false,
        max_nodes: 60_000_000,
        output: Output::default(),
    };
    let lib = jobs::darkhex::cfr::run(&config, &NoProgress).unwrap();
    assert_eq!(
        csv_rows(&dir.join("convergence.csv")),
        library_rows(&lib.rows)
    );
    for f in ["strategy.bin", "summary.md", "checkpoint.bin"] {
        assert!(dir.join(f).exists(), "{f} missing");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn default_algorithm_and_output_directory() {
    // 3×2 abrupt: the double oracle, exact, written under ./runs/.
    let cwd = temp_dir("default");
    std::fs::create_dir_all(&cwd).unwrap();
    let (code, out, err) = gsolve_in(
        Some(&cwd),
        &[
            "--json",
            "darkhex",
            "solve",
            "--rows",
            "3",
            "--cols",
            "2",
            "--variant",
            "abrupt",
            "--gap",
            "1e-6",
        ],
    );
    assert_eq!(code, 0, "{err}");
    let j = json(&out);
    assert_eq!(j["algorithm"], "double-oracle");
    assert_eq!(j["lower_exact"], "7/16");
    assert_eq!(j["gap"], 0.0);
    assert!(cwd
        .join("runs/darkhex/double-oracle-abrupt-3x2/black-lower.mix")
        .exists());
    // 7×1 abrupt: CFR.
    let (code, out, err) = gsolve_in(
        Some(&cwd),
        &[
            "--json",
            "darkhex",
            "solve",
            "--rows",
            "7",
            "--cols",
            "1",
            "--variant",
            "abrupt",
            "--iterations",
            "10",
        ],
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(json(&out)["algorithm"], "dcfr(alpha=1.5,beta=0,gamma=2)");
    assert!(cwd.join("runs/darkhex/abrupt-7x1/strategy.bin").exists());
    let _ = std::fs::remove_dir_all(&cwd);
}

#[test]
fn options_of_the_other_algorithm_are_errors_naming_them() {
    let base = ["darkhex", "solve", "--rows", "2", "--cols", "2"];
    let with = |extra: &[&str]| {
        let mut v = base.to_vec();
        v.extend_from_slice(extra);
        gsolve(&v)
    };
    let (code, _, err) = with(&["--algo", "cfr+", "--initial-policies", "5", "--scratch-lp"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--initial-policies") && err.contains("--scratch-lp"),
        "{err}"
    );
    let (code, _, err) = with(&[
        "--algo",
        "double-oracle",
        "--prune",
        "0.1",
        "--repr",
        "view",
    ]);
    assert_eq!(code, 2);
    assert!(err.contains("--prune") && err.contains("--repr"), "{err}");
    // The default (double oracle on 2×2) says it was the default.
    let (code, _, err) = with(&["--no-eval"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("--no-eval") && err.contains("default"),
        "{err}"
    );
    // Fallbacks belong to the plain oracle.
    let (code, _, err) = with(&["--algo", "do", "--random-fallback"]);
    assert_eq!(code, 2);
    assert!(err.contains("--plain-oracle"), "{err}");
    // With --json: one JSON object, exit 2, for our checks and for clap's.
    let mut v = vec!["--json"];
    v.extend_from_slice(&base);
    v.extend_from_slice(&["--algo", "pcfr+", "--plain-oracle"]);
    let (code, out, _) = gsolve(&v);
    assert_eq!(code, 2);
    assert!(json(&out)["error"]
        .as_str()
        .unwrap()
        .contains("--plain-oracle"));
    let mut v = vec!["--json"];
    v.extend_from_slice(&base);
    v.extend_from_slice(&["--algo", "minimax"]);
    let (code, out, _) = gsolve(&v);
    assert_eq!(code, 2);
    assert_eq!(json(&out)["exit_code"], 2);
}
