//! `gsolve dola replay`: a record with a faulty move is bad input (exit 2, the move named)
//! unless `--audit` asks for the report only.

use std::process::Command;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .output()
        .unwrap()
}

fn record(name: &str, text: &str) -> String {
    let dir = std::env::temp_dir().join(format!("gsolve-dola-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

#[test]
fn a_legal_record_replays_with_exit_0() {
    let f = record("legal.txt", "1) Pf2-f4 & Pf9-f7\n");
    let out = run(&["--json", "dola", "replay", "--variant", "sultan", &f]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["moves"], 2);
    assert_eq!(v["legal"], 2);
}

#[test]
fn an_illegal_move_fails_with_exit_2_and_audit_reports_it() {
    // The rook on a10 has no move at all, so no legal move is near the text.
    let f = record("illegal.txt", "1) Pf2-f4 & Ta10-a3\n");
    for json in [false, true] {
        let mut args = vec!["dola", "replay", "--variant", "sultan", f.as_str()];
        if json {
            args.insert(0, "--json");
        }
        let out = run(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("move 1") && err.contains("Ta10-a3"), "{err}");
        if json {
            // One JSON object on stdout: the error.
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert!(v["error"].as_str().unwrap().contains("Ta10-a3"), "{v}");
        }
        args.push("--audit");
        let out = run(&args);
        assert!(out.status.success(), "{args:?}");
        if json {
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(
                (v["moves"].as_u64(), v["legal"].as_u64()),
                (Some(2), Some(1))
            );
        }
    }
}

#[test]
fn the_replay_table_through_the_cli_is_the_jobs_table() {
    let data = concat!(env!("CARGO_MANIFEST_DIR"), "/../dola/tests/data");
    let dir = std::env::temp_dir().join(format!("gsolve-replay-table-{}", std::process::id()));
    let (cli, lib) = (dir.join("cli.md"), dir.join("lib.md"));
    let out = run(&[
        "--json",
        "dola",
        "replay-table",
        "--records",
        data,
        "--out",
        cli.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["records"].as_array().map(Vec::len), Some(3), "{v}");
    let records = jobs::replay::record_files(std::path::Path::new(data));
    let rows =
        jobs::replay::dola_replay_table(&records, &lib, "direct call", &jobs::NoProgress).unwrap();
    assert!(rows.iter().all(|r| r.replay.first_fault.is_none()));
    // The same file but for the line naming the command and the time.
    let body = |p: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("Written by "))
            .map(str::to_string)
            .collect()
    };
    let (a, b) = (body(&cli), body(&lib));
    assert_eq!(a, b);
    assert!(
        a.contains(&"| sultan | 91 | 91 | yes | white | 4 |".to_string()),
        "{a:?}"
    );
}

#[test]
fn a_typo_is_repaired_and_reported() {
    // A pawn cannot jump four squares: Pf9-f5 is read as the nearest legal move, f9f6.
    let f = record("typo.txt", "Partie : 1) Pf2-f4 & Pf9-f5 2) Pe2-e3 0-1\n");
    let out = run(&["dola", "replay", "--variant", "sultan", &f]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("repaired: Pf9-f5 → f9f6 (destination one coordinate off"),
        "{text}"
    );
    assert!(
        text.contains("result stated by the record: black (0-1)"),
        "{text}"
    );
    let out = run(&["--json", "dola", "replay", "--variant", "sultan", &f]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["steps"][1]["verdict"]["verdict"], "repaired");
    assert_eq!(v["steps"][1]["verdict"]["played"], "f9f6");
    assert_eq!(v["declared_result"]["outcome"], "black");
    assert_eq!(v["title"], "Partie :");
}
