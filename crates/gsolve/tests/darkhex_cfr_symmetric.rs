//! `gsolve darkhex solve --symmetric` (CFR on the history game with the information sets that
//! the 180° rotation maps onto each other tied) against the plain run on the small boards: the
//! exact brackets overlap and both are narrow; what it writes is a rotation-invariant
//! history-game strategy that `eval` (of strategy.bin and of checkpoint.bin) and `export` read
//! as usual; a checkpoint resumes only with the same choice (exit 2 naming the file), and a
//! resumed tied run equals an uninterrupted one; `--symmetric` with the view representation or
//! the double oracle is an error naming it (one JSON object with `--json`).

mod common;

use common::{assert_bad_input, gsolve, one_json_object, scratch, short, Run};
use darkhex::strategy::{Representation, StrategyFile, ROTATION_TIED};
use std::path::Path;

/// `--json darkhex solve` of a board with DCFR on one thread, `extra` appended.
fn solve(board: (&str, &str, &str), extra: &[&str]) -> Run {
    let (rows, cols, variant) = board;
    let mut args = vec![
        "--json",
        "darkhex",
        "solve",
        "--rows",
        rows,
        "--cols",
        cols,
        "--variant",
        variant,
        "--algo",
        "dcfr",
        "--threads",
        "1",
    ];
    args.extend_from_slice(extra);
    gsolve(&args)
}

/// The run's JSON report, after checking that it succeeded.
fn report(r: &Run, what: &str) -> serde_json::Value {
    assert_eq!(r.code, 0, "{what}: {}", short(&r.stderr));
    one_json_object(&r.stdout, what)
}

fn strategy(dir: &Path) -> StrategyFile {
    StrategyFile::from_bytes(&std::fs::read(dir.join("strategy.bin")).unwrap()).unwrap()
}

/// `darkhex eval --strategy FILE`: (lower, upper).
fn eval(file: &Path) -> (f64, f64) {
    let j = report(
        &gsolve(&[
            "--json",
            "darkhex",
            "eval",
            "--strategy",
            file.to_str().unwrap(),
        ]),
        "eval",
    );
    (j["lower"].as_f64().unwrap(), j["upper"].as_f64().unwrap())
}

#[test]
fn tied_and_plain_runs_agree_and_the_tied_strategy_is_invariant() {
    let dir = scratch("symcfr-agree");
    for (board, iterations) in [
        (("2", "2", "classical"), "200"),
        (("3", "2", "classical"), "500"),
        (("2", "3", "abrupt"), "3000"),
    ] {
        let what = format!("{}x{} {}", board.0, board.1, board.2);
        let (plain_dir, tied_dir) = (dir.join(format!("{what}-plain")), dir.join(&what));
        let out = |d: &Path| d.to_str().unwrap().to_string();
        let plain = report(
            &solve(
                board,
                &[
                    "--no-symmetry",
                    "--iterations",
                    iterations,
                    "--out",
                    &out(&plain_dir),
                ],
            ),
            &what,
        );
        let run = |d: &Path| {
            solve(
                board,
                &["--symmetric", "--iterations", iterations, "--out", &out(d)],
            )
        };
        let tied = report(&run(&tied_dir), &what);
        assert_eq!(tied["representation"], "symmetric-history", "{what}");
        assert!(
            tied["infosets"].as_u64() < plain["infosets"].as_u64(),
            "{what}"
        );
        let bracket =
            |j: &serde_json::Value| (j["lower"].as_f64().unwrap(), j["upper"].as_f64().unwrap());
        let ((pl, pu), (tl, tu)) = (bracket(&plain), bracket(&tied));
        // Both brackets are proven (exact best responses in the untied game) and hold the
        // value, so they overlap; both are narrow.
        assert!(
            pl <= tu + 1e-12 && tl <= pu + 1e-12,
            "{what}: {plain} {tied}"
        );
        assert!(pu - pl < 1e-3 && tu - tl < 1e-3, "{what}: {plain} {tied}");
        // What the tied run writes is a history-game strategy, rotation invariant, marked.
        let f = strategy(&tied_dir);
        assert_eq!(f.header.representation, Representation::History, "{what}");
        assert!(f.header.algorithm.ends_with(ROTATION_TIED), "{what}");
        assert_eq!(
            f.entries.len(),
            strategy(&plain_dir).entries.len(),
            "{what}"
        );
        assert!(
            f.is_rotation_invariant(1e-12),
            "{what}: not rotation invariant"
        );
        let summary = std::fs::read_to_string(tied_dir.join("summary.md")).unwrap();
        assert!(
            summary.contains("representation: symmetric-history"),
            "{what}"
        );
        let csv = std::fs::read_to_string(tied_dir.join("convergence.csv")).unwrap();
        assert!(csv.contains("representation=symmetric-history"), "{what}");
        // The readers of strategy files read it (and the checkpoint, expanded) unchanged.
        let near =
            |a: (f64, f64), b: (f64, f64)| (a.0 - b.0).abs() < 1e-9 && (a.1 - b.1).abs() < 1e-9;
        assert!(
            near(eval(&tied_dir.join("strategy.bin")), (tl, tu)),
            "{what}"
        );
        assert!(
            near(eval(&tied_dir.join("checkpoint.bin")), (tl, tu)),
            "{what}"
        );
        let export = gsolve(&[
            "darkhex",
            "export",
            tied_dir.join("strategy.bin").to_str().unwrap(),
        ]);
        assert_eq!(export.code, 0, "{what}: {}", short(&export.stderr));
        assert!(export.stdout.contains("representation history"), "{what}");
        // History CFR is rotation-tied by default.
        if board.0 == "2" {
            let default_dir = dir.join(format!("{what}-default"));
            let r = solve(
                board,
                &["--iterations", iterations, "--out", &out(&default_dir)],
            );
            assert_eq!(report(&r, &what)["representation"], "symmetric-history");
            assert_eq!(strategy(&default_dir).entries, f.entries, "{what}");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_checkpoint_resumes_only_with_the_same_choice() {
    let dir = scratch("symcfr-resume");
    let board = ("3", "2", "classical");
    let (tied, plain, straight) = (dir.join("tied"), dir.join("plain"), dir.join("straight"));
    let s = |p: &Path| p.to_str().unwrap().to_string();
    report(
        &solve(
            board,
            &["--symmetric", "--iterations", "50", "--out", &s(&tied)],
        ),
        "tied",
    );
    report(
        &solve(
            board,
            &["--no-symmetry", "--iterations", "50", "--out", &s(&plain)],
        ),
        "plain",
    );
    // Each refusal names the file and the flag that resumes it.
    for (d, flags, hint, name) in [
        (
            &tied,
            vec!["--no-symmetry"],
            "--symmetric",
            "a tied checkpoint resumed plain",
        ),
        (
            &plain,
            vec![],
            "--no-symmetry",
            "a plain checkpoint resumed by default",
        ),
        (
            &plain,
            vec!["--symmetric"],
            "--no-symmetry",
            "a plain checkpoint resumed tied",
        ),
    ] {
        let mut extra = flags;
        extra.extend([
            "--iterations",
            "100",
            "--resume",
            "--out",
            d.to_str().unwrap(),
        ]);
        let r = solve(board, &extra);
        assert_bad_input(&r, name, "checkpoint.bin", true, 4000);
        assert!(r.stderr.contains(hint), "{name}: {}", short(&r.stderr));
    }
    // The same choice resumes, and equals an uninterrupted run.
    let resumed = solve(
        board,
        &[
            "--symmetric",
            "--iterations",
            "100",
            "--resume",
            "--out",
            &s(&tied),
        ],
    );
    assert_eq!(report(&resumed, "resumed")["iterations"], 100);
    report(
        &solve(
            board,
            &["--symmetric", "--iterations", "100", "--out", &s(&straight)],
        ),
        "straight",
    );
    assert_eq!(strategy(&tied).entries, strategy(&straight).entries);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn symmetry_options_that_contradict_the_run_are_errors_naming_them() {
    let dir = scratch("symcfr-bad");
    let out = dir.join("never");
    let o = out.to_str().unwrap();
    let cases: [(&str, &str, &[&str], [&str; 2]); 6] = [
        (
            "2",
            "--symmetric",
            &["--algo", "dcfr", "--repr", "view"],
            ["--symmetric", "--repr view"],
        ),
        // 4×2 is 8 cells: auto resolves to the view representation.
        (
            "4",
            "--symmetric",
            &["--algo", "dcfr"],
            ["--symmetric", "--repr auto"],
        ),
        (
            "2",
            "--symmetric",
            &["--algo", "double-oracle"],
            ["--symmetric", "double oracle"],
        ),
        // The double oracle is the default on 3×2.
        (
            "3",
            "--symmetric",
            &[],
            ["--symmetric", "default algorithm"],
        ),
        // Views are always tied: nothing to untie.
        (
            "2",
            "--no-symmetry",
            &["--algo", "dcfr", "--repr", "view"],
            ["--no-symmetry", "--repr view"],
        ),
        (
            "2",
            "--no-symmetry",
            &["--algo", "dcfr", "--symmetric"],
            ["--no-symmetry", "--symmetric"],
        ),
    ];
    for (rows, flag, extra, [first, second]) in cases {
        for json in [false, true] {
            let mut a = vec![
                "darkhex", "solve", "--rows", rows, "--cols", "2", flag, "--out", o,
            ];
            a.extend_from_slice(extra);
            if json {
                a.insert(0, "--json");
            }
            let r = gsolve(&a);
            let what = a.join(" ");
            assert_bad_input(&r, &what, first, json, 4000);
            assert!(r.stderr.contains(second), "{what}: {}", short(&r.stderr));
            assert!(!out.exists(), "{what}: made the output folder");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
