//! Regression tests of issue 19 (reliability), each through the real binary: no panic, no
//! hang, no silent success, one JSON object with `--json`, careful file handling.

mod common;

use common::{
    assert_bad_input, assert_no_panic, darkhex_2x2, gsolve, gsolve_in, one_json_object, scratch,
};
use std::path::Path;
use std::time::{Duration, Instant};

fn path_str(p: &Path) -> &str {
    p.to_str().expect("UTF-8 temporary path")
}

/// The byte offset of a bincode `Vec` length prefix `n` (u64 LE) at `at` such that the vector
/// of `n` items of `item` bytes ends exactly at `end`.
fn vec_prefix_ending_at(bytes: &[u8], end: usize, item: usize) -> Option<(usize, usize)> {
    (0..end.saturating_sub(8)).rev().find_map(|at| {
        let n = u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap()) as usize;
        (n > 0 && at + 8 + n.checked_mul(item)? == end).then_some((at, n))
    })
}

#[test]
fn cfr_resume_with_a_short_prediction_is_rejected_not_a_panic() {
    let dir = scratch("pcfr");
    let out = dir.join("run");
    let r = gsolve(&darkhex_2x2(
        "pcfr+",
        &["--iterations", "3", "--out", path_str(&out)],
    ));
    assert_eq!(r.code, 0, "{}", r.stderr);
    let path = out.join("checkpoint.bin");
    let mut bytes = std::fs::read(&path).unwrap();
    // The solver state is the file's last field and the prediction the state's last field:
    // drop the last 4 prediction values and fix both length prefixes.
    let end = bytes.len();
    let (pred_at, n) = vec_prefix_ending_at(&bytes, end, 8).expect("prediction vector");
    let (state_at, len) = vec_prefix_ending_at(&bytes, end, 1).expect("solver state");
    assert!(state_at < pred_at && n > 4);
    bytes[pred_at..pred_at + 8].copy_from_slice(&((n - 4) as u64).to_le_bytes());
    bytes[state_at..state_at + 8].copy_from_slice(&((len - 32) as u64).to_le_bytes());
    bytes.truncate(end - 32);
    std::fs::write(&path, &bytes).unwrap();
    let r = gsolve(&darkhex_2x2(
        "pcfr+",
        &["--iterations", "6", "--out", path_str(&out), "--resume"],
    ));
    assert_bad_input(&r, "short prediction", "prediction", false, 4000);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// An allocation that fails (here under `ulimit -v`, a 4 GiB table with 1 GiB of address
/// space) ends the run as a failed run, exit 1 with a clear line and one JSON object, not an
/// allocation-failure abort (signal 6).
#[cfg(target_os = "linux")]
#[test]
fn running_out_of_memory_is_a_failed_run_not_an_abort() {
    for json in [true, false] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 1048576 && exec \"$0\" {}rex solve --size 4x4 --tt-mb 4096",
                if json { "--json " } else { "" }
            ))
            .arg(env!("CARGO_BIN_EXE_gsolve"))
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert!(
            stderr.starts_with("error: out of memory: allocating "),
            "{stderr}"
        );
        assert!(!stderr.contains("panicked"), "{stderr}");
        if json {
            let v = one_json_object(&stdout, "out of memory");
            assert_eq!(v["exit_code"], 1);
            assert!(v["error"].as_str().unwrap().contains("out of memory"));
        } else {
            assert!(stdout.is_empty(), "{stdout}");
        }
    }
}

#[test]
fn memory_caps_beyond_the_machine_exit_2() {
    for args in [
        vec!["rex", "solve", "--size", "4x4", "--tt-mb", "1048576"],
        vec!["rex", "solve", "--size", "4x4", "--tt-mb", "0"],
        vec!["rex", "suite", "/dev/null", "--tt-mb", "99999999"],
        vec![
            "dola",
            "search",
            "--variant",
            "sultan",
            "--depth",
            "1",
            "--tt-mb",
            "65536000",
        ],
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), "--tt-mb", false, 4000);
    }
}

#[test]
fn board_sizes_that_overflow_exit_2() {
    for size in [
        "1152921504606846976x16",
        "18446744073709551615x2",
        "4294967296x4294967296",
    ] {
        let r = gsolve(&["rex", "solve", "--size", size]);
        assert_bad_input(&r, size, size, false, 4000);
        let r = gsolve(&["rex", "map", "--size", size]);
        assert_bad_input(&r, size, size, false, 4000);
    }
    let r = gsolve_in(
        &["gtp"],
        b"boardsize 1152921504606846976 16\nname\n",
        None,
        Duration::from_secs(30),
    );
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("? board"), "{}", r.stdout);
    assert!(r.stdout.contains("= gsolve"), "{}", r.stdout);
}

#[test]
fn no_eval_with_a_gap_is_rejected_instead_of_hanging() {
    let dir = scratch("noeval");
    let r = gsolve_in(
        &darkhex_2x2(
            "dcfr",
            &[
                "--no-eval",
                "--gap",
                "1e-6",
                "--out",
                path_str(&dir.join("o")),
            ],
        ),
        b"",
        None,
        Duration::from_secs(20),
    );
    assert_bad_input(&r, "--no-eval --gap", "--gap", false, 4000);
    assert!(r.stderr.contains("--no-eval"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn coins_check_fails_on_what_is_not_a_solution() {
    let dir = scratch("coins");
    let same = dir.join("same.txt");
    std::fs::write(&same, "1 2 3 4 | 5 6 7 8\n".repeat(3)).unwrap();
    let uneven = dir.join("uneven.txt");
    std::fs::write(&uneven, "1 2 3 | 5 6 7 8\n").unwrap();
    for (file, needle) in [(&same, "NOT a solution"), (&uneven, "pans hold 3 and 4")] {
        let f = path_str(file);
        let r = gsolve(&["coins", "check", "--coins", "12", "--weighings", "3", f]);
        assert_bad_input(&r, f, needle, false, 4000);
        let r = gsolve(&[
            "--json",
            "coins",
            "check",
            "--coins",
            "12",
            "--weighings",
            "3",
            f,
        ]);
        assert_bad_input(&r, f, needle, true, 4000);
        assert_eq!(one_json_object(&r.stdout, f)["valid"], false);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn coins_check_accepts_every_tree_that_solve_prints() {
    let dir = scratch("coins-tree");
    for (n, k) in [("12", "3"), ("3", "2"), ("5", "3"), ("13", "3")] {
        let printed = dir.join(format!("printed-{n}.txt"));
        let written = dir.join(format!("written-{n}.txt"));
        let r = gsolve(&[
            "coins",
            "solve",
            "--coins",
            n,
            "--weighings",
            k,
            "--adaptive",
            "--no-count",
            "--out",
            path_str(&written),
        ]);
        assert_eq!(r.code, 0, "{}", r.stderr);
        std::fs::write(&printed, &r.stdout).unwrap();
        let solvable = r.stdout.contains("decision tree");
        for file in [&printed, &written] {
            let f = path_str(file);
            let c = gsolve(&["coins", "check", "--coins", n, "--weighings", k, f]);
            assert_no_panic(&c, f);
            if solvable {
                assert_eq!(c.code, 0, "{n} coins, {f}: {}", c.stderr);
                assert!(c.stdout.contains("valid adaptive strategy"));
            } else {
                assert_bad_input(&c, f, "without a decision tree", false, 4000);
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn empty_suites_and_limit_zero_are_rejected() {
    let dir = scratch("suite");
    let comments = dir.join("comments.dat");
    std::fs::write(&comments, "# nothing here\n\n").unwrap();
    let r = gsolve(&["rex", "suite", "/dev/null"]);
    assert_bad_input(&r, "/dev/null", "/dev/null", false, 4000);
    let r = gsolve(&["--json", "rex", "suite", path_str(&comments)]);
    assert_bad_input(&r, "comments", "comments.dat", true, 4000);
    let suite = "../../../shared/data/solrex/random5x5.dat";
    let r = gsolve(&["rex", "suite", suite, "--limit", "0"]);
    assert_bad_input(&r, "--limit 0", "--limit 0", false, 4000);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn contradictory_and_meaningless_options_are_rejected_naming_them() {
    let base = ["darkhex", "solve", "--rows", "2", "--cols", "2"];
    for (extra, names) in [
        (
            vec!["--algo", "dcfr", "--initial-policies", "5"],
            vec!["--initial-policies", "CFR"],
        ),
        (
            vec!["--algo", "dcfr", "--scratch-lp"],
            vec!["--scratch-lp", "--algo dcfr"],
        ),
        (
            vec!["--algo", "double-oracle", "--repr", "view"],
            vec!["--repr", "--algo double-oracle"],
        ),
        (
            vec!["--algo", "dcfr", "--no-eval", "--eval-secs", "3"],
            vec!["--no-eval", "--eval-secs"],
        ),
        (vec!["--algo", "dcfr", "--purify", "nan"], vec!["--purify"]),
        (vec!["--algo", "dcfr", "--purify", "1.5"], vec!["--purify"]),
        (vec!["--algo", "dcfr", "--prune", "inf"], vec!["--prune"]),
        (
            vec!["--algo", "dcfr", "--iterations", "0"],
            vec!["--iterations 0"],
        ),
        (
            vec!["--algo", "dcfr", "--eval-secs", "nan"],
            vec!["--eval-secs"],
        ),
    ] {
        let args: Vec<&str> = base.iter().copied().chain(extra.iter().copied()).collect();
        let what = args.join(" ");
        let r = gsolve(&args);
        assert_bad_input(&r, &what, names[0], false, 4000);
        for n in &names {
            assert!(r.stderr.contains(n), "{what}: {n} not named: {}", r.stderr);
        }
    }
    for (args, needle) in [
        (
            vec!["rex", "solve", "--size", "3x3", "--moves", "a1,,b2"],
            "a1,,b2",
        ),
        (
            vec!["rex", "solve", "--size", "3x3", "--moves", "a1,"],
            "a1,",
        ),
        (
            vec!["rex", "map", "--size", "3x3", "--openings", "a1,,b2"],
            "--openings",
        ),
        (
            vec![
                "dola",
                "perft",
                "--variant",
                "sultan",
                "--depth",
                "1",
                "--moves",
                ",f2f5",
            ],
            "--moves",
        ),
        (
            vec!["hexecs", "perft", "--depth", "1", "--moves", "D2D4,,"],
            "--moves",
        ),
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), needle, false, 4000);
    }
}

#[test]
fn json_is_one_object_for_argument_errors_and_failed_runs() {
    for args in [
        vec!["--json", "rex", "solve", "--bogus"],
        vec!["rex", "solve", "--json", "--size"],
        vec!["--json", "nosuchcommand"],
        vec!["--json", "gtp"],
        vec!["--json", "rex", "solve", "--threads", "-1"],
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), "", true, 4000);
    }
    // A suite line with a wrong answer: the run fails (exit 1) with one object that holds both
    // the result and the error.
    let dir = scratch("json-suite");
    let suite = dir.join("wrong.dat");
    std::fs::write(&suite, "d4 a3 d5 b5 e3:a1\n").unwrap();
    let r = gsolve(&["--json", "rex", "suite", path_str(&suite)]);
    assert_eq!(r.code, 1, "{}", r.stderr);
    let v = one_json_object(&r.stdout, "failed suite");
    assert_eq!(v["exit_code"], 1);
    assert_eq!(v["checked"], 1);
    assert_eq!(v["mismatches"].as_array().map(Vec::len), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn negative_numbers_name_their_option() {
    for (args, option) in [
        (vec!["rex", "solve", "--threads", "-1"], "--threads"),
        (vec!["rex", "table", "--max-cells", "-3"], "--max-cells"),
        (
            vec!["coins", "solve", "--coins", "-12", "--weighings", "3"],
            "--coins",
        ),
        (
            vec!["darkhex", "solve", "--rows", "-2", "--cols", "2"],
            "--rows",
        ),
        (
            vec![
                "darkhex", "solve", "--rows", "2", "--cols", "2", "--gap", "-0.5",
            ],
            "--gap",
        ),
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), option, false, 4000);
        assert!(r.stderr.contains("negative"), "{}", r.stderr);
    }
}

#[test]
fn gtp_survives_bad_bytes_and_speaks_without_debug_text() {
    let input = b"name\n\xff\xfe bad\nboardsize 99\nboardsize 3\ntime_settings 2 0 0\nknown_command time_settings\ngenmove black\nname\nquit\n";
    let start = Instant::now();
    let r = gsolve_in(&["gtp"], input, None, Duration::from_secs(30));
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_no_panic(&r, "gtp");
    let replies: Vec<&str> = r.stdout.split("\n\n").filter(|s| !s.is_empty()).collect();
    assert_eq!(replies.len(), 9, "{:?}", replies);
    assert!(replies[1].starts_with("? ") && replies[1].contains("UTF-8"));
    assert!(replies[2].starts_with("? board 99x99"), "{}", replies[2]);
    assert_eq!(replies[5], "= true");
    assert!(replies[6].starts_with("= "), "{}", replies[6]);
    assert_eq!(replies[7], "= gsolve");
    assert!(start.elapsed() < Duration::from_secs(20));
    // A 20 MB command is answered with a short error.
    let mut long = vec![b'x'; 20 << 20];
    long.extend_from_slice(b"\nname\n");
    let r = gsolve_in(&["gtp"], &long, None, Duration::from_secs(60));
    assert_eq!(r.code, 0);
    assert!(r.bytes < 4000, "{} bytes", r.bytes);
    assert!(r.stdout.ends_with("= gsolve\n\n"));
}

#[test]
fn an_unwritable_out_is_found_before_the_work() {
    let dir = scratch("unwritable");
    let file = dir.join("plain-file");
    std::fs::write(&file, "not a folder").unwrap();
    let under = file.join("sub");
    let out = path_str(&under);
    let start = Instant::now();
    for args in [
        vec!["rex", "table", "--max-cells", "25", "--out", out],
        vec!["rex", "map", "--size", "4x4", "--out", out],
        vec![
            "darkhex", "solve", "--rows", "3", "--cols", "3", "--algo", "dcfr", "--out", out,
        ],
        vec!["coins", "table", "--out", out],
        vec![
            "coins",
            "solve",
            "--coins",
            "12",
            "--weighings",
            "3",
            "--out",
            out,
        ],
        vec!["bench", "rex", "--out", out],
        vec![
            "dola",
            "play",
            "--variant",
            "sultan",
            "--games",
            "2",
            "--out",
            out,
        ],
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), "--out", false, 4000);
    }
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "work was done first"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_read_only_result_is_not_replaced_and_no_temporary_is_left() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("readonly");
    let file = dir.join("report.txt");
    std::fs::write(&file, "keep me").unwrap();
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o444)).unwrap();
    let r = gsolve(&[
        "coins",
        "solve",
        "--coins",
        "3",
        "--weighings",
        "2",
        "--out",
        path_str(&file),
    ]);
    assert_bad_input(&r, "read-only", "read-only", false, 4000);
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep me");
    // A failed rename (the target is a folder) leaves no temporary behind.
    let out = dir.join("coins");
    std::fs::create_dir_all(out.join("table.md")).unwrap();
    let r = gsolve(&[
        "coins",
        "table",
        "--min-weighings",
        "2",
        "--max-weighings",
        "2",
        "--out",
        path_str(&out),
    ]);
    assert_ne!(r.code, 0);
    assert_no_panic(&r, "coins table into a folder");
    for e in std::fs::read_dir(&out).unwrap() {
        let name = e.unwrap().file_name().to_string_lossy().into_owned();
        assert!(!name.ends_with(".tmp"), "left behind: {name}");
    }
    std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o644)).unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn foreign_files_exit_2_and_long_lines_are_not_echoed() {
    let dir = scratch("foreign");
    let table = dir.join("table");
    std::fs::create_dir_all(&table).unwrap();
    std::fs::write(table.join("parity.csv"), b"\xff\xfe\x00binary").unwrap();
    let r = gsolve(&[
        "rex",
        "table",
        "--max-cells",
        "4",
        "--out",
        path_str(&table),
    ]);
    assert_bad_input(&r, "binary parity.csv", "parity.csv", false, 4000);
    let map = dir.join("map");
    std::fs::create_dir_all(&map).unwrap();
    std::fs::write(map.join("replies.csv"), b"\xff\xfe\x00binary\n").unwrap();
    let r = gsolve(&["rex", "map", "--size", "2x2", "--out", path_str(&map)]);
    assert_bad_input(&r, "binary replies.csv", "replies.csv", false, 4000);
    // A 20 MB one-line record: the error quotes at most a few hundred bytes of it.
    let long = dir.join("long.dat");
    std::fs::write(&long, "a".repeat(20 << 20)).unwrap();
    for args in [
        vec!["rex", "suite", path_str(&long)],
        vec![
            "coins",
            "check",
            "--coins",
            "12",
            "--weighings",
            "3",
            path_str(&long),
        ],
        vec!["dola", "replay", "--variant", "sultan", path_str(&long)],
    ] {
        let r = gsolve(&args);
        assert_bad_input(&r, &args.join(" "), "long.dat", false, 5000);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_default_job_leaves_committed_results_alone() {
    let dir = scratch("default");
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/rex/parity.csv");
    std::fs::create_dir_all(dir.join("results/rex")).unwrap();
    let copy = dir.join("results/rex/parity.csv");
    std::fs::copy(&committed, &copy).unwrap();
    let before = std::fs::read(&copy).unwrap();
    let r = gsolve_in(&["--json"], b"", Some(&dir), Duration::from_secs(120));
    assert_eq!(r.code, 0, "{}", r.stderr);
    one_json_object(&r.stdout, "default job");
    assert_eq!(
        std::fs::read(&copy).unwrap(),
        before,
        "results/rex/parity.csv rewritten"
    );
    assert!(!dir.join("results/rex/parity.md").exists());
    assert!(dir.join("runs/rex/parity.csv").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn cfr_checkpoints_early_and_a_kill_9_loses_little() {
    let dir = scratch("cfr-kill");
    let out = dir.join("run");
    let o = path_str(&out);
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(darkhex_2x2(
            "dcfr",
            &["--no-eval", "--time", "30", "--out", o],
        ))
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // The first checkpoint comes after about 5 s of solving, not after the 60 s interval.
    let start = Instant::now();
    let checkpoint = out.join("checkpoint.bin");
    while !checkpoint.exists() && start.elapsed() < Duration::from_secs(15) {
        std::thread::sleep(Duration::from_millis(100));
    }
    let seen = start.elapsed();
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    assert!(checkpoint.exists(), "no checkpoint after {seen:?}");
    assert!(
        seen < Duration::from_secs(12),
        "first checkpoint after {seen:?}"
    );
    let mut resume = vec!["--json".to_string()];
    resume.extend(darkhex_2x2(
        "dcfr",
        &["--no-eval", "--resume", "--time", "0.5", "--out", o],
    ));
    let r = gsolve(&resume);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v = one_json_object(&r.stdout, "resumed run");
    assert!(v["iterations"].as_u64().unwrap() > 1000, "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn version_names_the_commit_the_binary_was_built_from() {
    // Benchmark tables quote `gsolve --version` to say which binary they timed.
    let r = gsolve(&["--version"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let head = std::process::Command::new("git")
        .args(["rev-parse", "--short=12", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into());
    let want = format!("gsolve {} (commit {head})", env!("CARGO_PKG_VERSION"));
    assert_eq!(r.stdout.trim(), want);
}
