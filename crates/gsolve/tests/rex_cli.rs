//! The Rex command line end to end: JSON output, exit codes on bad input, resumable tables
//! that never overwrite a foreign file.

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

#[test]
fn solve_prints_one_json_object() {
    let (code, out, _) = gsolve(&[
        "rex", "solve", "--size", "3x3", "--moves", "b2", "--all", "--json", "--tt-mb", "8",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["to_move"], "white");
    // 3x3 is a second-player win: after b2 White has winning replies.
    assert_eq!(v["result"], "win");
    assert!(!v["winning_moves"].as_array().unwrap().is_empty());
    assert!(v["nodes"].as_u64().unwrap() > 0);
    assert!(v["principal_variation"].as_array().is_some());
}

#[test]
fn bad_input_exits_2_naming_it() {
    for (args, needle) in [
        (vec!["rex", "solve", "--size", "12x11"], "12x11"),
        (vec!["rex", "solve", "--size", "0x3"], "0x3"),
        (vec!["rex", "solve", "--size", "5y5"], "5y5"),
        (
            vec!["rex", "solve", "--size", "3x3", "--moves", "a1,z9"],
            "z9",
        ),
        (
            vec!["rex", "solve", "--size", "3x3", "--moves", "a1,a1"],
            "a1",
        ),
        (
            vec!["rex", "solve", "--size", "3x3", "--moves", "a1;b2"],
            "a1;b2",
        ),
        // a1 a2 a3 is a Black chain on 3x3 once White has played elsewhere.
        (
            vec![
                "rex",
                "solve",
                "--size",
                "3x3",
                "--moves",
                "a1,c1,a2,c2,a3,b3",
            ],
            "over",
        ),
        (
            vec!["rex", "solve", "--size", "3x3", "--threads", "0"],
            "threads",
        ),
        (vec!["rex", "table", "--max-cells", "0"], "max-cells"),
        (vec!["rex", "solve", "--size", "4x3", "--swap"], "swap"),
        (vec!["rex", "map", "--unit-cap", "0"], "--unit-cap 0"),
        (vec!["rex", "map", "--unit-cap", "-5"], "--unit-cap -5"),
        (vec!["rex", "map", "--unit-cap", "NaN"], "--unit-cap NaN"),
    ] {
        let (code, _, err) = gsolve(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let (code, out, _) = gsolve(&["rex", "solve", "--size", "99x99", "--json"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["exit_code"], 2);
}

#[test]
fn table_is_resumable_and_refuses_foreign_files() {
    let dir = std::env::temp_dir().join(format!("gsolve-rex-table-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let (code, out, _) = gsolve(&[
        "rex",
        "table",
        "--max-cells",
        "9",
        "--out",
        d,
        "--json",
        "--tt-mb",
        "8",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solved_now"].as_array().unwrap().len(), 23);
    assert!(v["literature_checks"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["ok"] == true));
    // Rerun: everything is skipped.
    let (_, out, _) = gsolve(&[
        "rex",
        "table",
        "--max-cells",
        "9",
        "--out",
        d,
        "--json",
        "--tt-mb",
        "8",
    ]);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["solved_now"].as_array().unwrap().len(), 0);
    // A foreign CSV is refused and left untouched.
    let csv = dir.join("parity.csv");
    std::fs::write(&csv, "rows,cols\n1,1\n").unwrap();
    let (code, _, err) = gsolve(&["rex", "table", "--max-cells", "4", "--out", d]);
    assert_eq!(code, 2, "{err}");
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "rows,cols\n1,1\n");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn gtp_session_over_stdin() {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(["gtp", "--benzene", "--tt-mb", "8"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .as_mut()
        .unwrap()
        // A time limit too far away for the clock is no limit (it was a panic).
        .write_all(b"1 boardsize 4\nparam_dfpn timelimit 1e300\ntime_settings 1e300 1e300 1\n2 dfpn-solver-find-winning white\nbogus\nplay white a1\n3 dfpn-solve-state black\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("=1\n\n"), "{text}");
    // Benzene's colours on 4x4: every opening wins but the transposes of b3 and c2 (c2, b3).
    assert!(
        text.contains("=2 a1 a2 a3 a4 b1 b2 b4 c1 c3 c4 d1 d2 d3 d4\n\n"),
        "{text}"
    );
    assert!(text.contains("? unknown command"), "{text}");
    assert!(text.contains("=3 "), "{text}");
    // Each of the two solves logs its nodes as Solrex logs its work; the 4x4 map searches.
    let log = String::from_utf8_lossy(&out.stderr);
    let work: Vec<u64> = log
        .lines()
        .filter_map(|l| l.strip_prefix("Work"))
        .map(|n| n.trim().parse().unwrap())
        .collect();
    assert_eq!(work.len(), 2, "{log}");
    assert!(work[0] > 16, "{log}");
}

/// The Rex jobs through the binary give what a direct library call gives.
#[test]
fn rex_jobs_through_the_cli_equal_direct_calls() {
    let suite = format!(
        "{}/../../../shared/data/solrex/random5x5.dat",
        env!("CARGO_MANIFEST_DIR")
    );
    let (code, out, err) = gsolve(&[
        "--json",
        "rex",
        "suite",
        &suite,
        "--limit",
        "6",
        "--threads",
        "1",
        "--tt-mb",
        "64",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    let direct = jobs::rex::suite::run_suite(
        std::path::Path::new(&suite),
        5,
        5,
        Some(6),
        &exact::SolverConfig {
            tt_mb: 64,
            threads: 1,
            // The CLI's default algorithm.
            algorithm: exact::Algorithm::Dfpn,
            ..exact::SolverConfig::default()
        },
        &jobs::NoProgress,
    )
    .unwrap();
    assert_eq!(v["checked"], 6);
    assert_eq!(v["matched"], 6);
    assert_eq!(v["nodes"].as_u64().unwrap(), direct.nodes);

    // The 3x3 map: the same openings.csv from the binary and from the job.
    let base = std::env::temp_dir().join(format!("gsolve-rex-map-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (cli_dir, lib_dir) = (base.join("cli"), base.join("lib"));
    let (code, out, err) = gsolve(&[
        "--json",
        "rex",
        "map",
        "--size",
        "3x3",
        "--out",
        cli_dir.to_str().unwrap(),
        "--tt-mb",
        "16",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["complete"], true);
    jobs::rex::run_map(
        &jobs::rex::MapConfig {
            rows: 3,
            cols: 3,
            out: lib_dir.clone(),
            openings: Vec::new(),
            shard: jobs::shard::Shard::WHOLE,
            solver: exact::SolverConfig {
                tt_mb: 16,
                algorithm: exact::Algorithm::Dfpn,
                ..exact::SolverConfig::default()
            },
            time_limit: None,
            store_depth: 8,
            store_max: 2_000_000,
            checkpoint_seconds: 60,
            max_units: 0,
            defer: Vec::new(),
            unit_cap: None,
        },
        &jobs::NoProgress,
    )
    .unwrap();
    // Everything but the seconds column.
    let strip = |p: &std::path::Path| -> Vec<String> {
        std::fs::read_to_string(p.join("openings.csv"))
            .unwrap()
            .lines()
            .map(|l| l.rsplit_once(',').map_or(l, |(a, _)| a).to_string())
            .collect()
    };
    assert_eq!(strip(&cli_dir), strip(&lib_dir));
    // Bad shard: exit 2 with one JSON object naming it.
    let (code, out, _) = gsolve(&["--json", "rex", "map", "--size", "3x3", "--shard", "2/2"]);
    assert_eq!(code, 2);
    assert!(out.contains("--shard"));
    std::fs::remove_dir_all(&base).unwrap();
}

/// Inside one (opening, reply) unit of `rex map` the bar shows the unit's node count and rate,
/// live: run under a pseudo-terminal (`script(1)`, so that the bar is drawn) on a 6×6 unit
/// stopped by `--time 2`; the notes must name the unit and show a node count that grows.
#[test]
fn rex_map_shows_nodes_and_rate_inside_a_unit() {
    if Command::new("script").arg("--version").output().is_err() {
        eprintln!("skipped: no script(1) to give the binary a terminal");
        return;
    }
    let dir = std::env::temp_dir().join(format!("gsolve-map-progress-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let cmd = format!(
        "{} rex map --size 6x6 --threads 1 --tt-mb 16 --max-units 1 --time 2 --out {}",
        env!("CARGO_BIN_EXE_gsolve"),
        dir.display()
    );
    let out = Command::new("script")
        .args(["-qefc", &cmd, "/dev/null"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let screen = String::from_utf8_lossy(&out.stdout).replace('\r', "\n");
    // "a1 b1: 26624 nodes, 0.01 M nodes/s"
    let counts: Vec<u64> = screen
        .split("a1 b1: ")
        .skip(1)
        .filter_map(|rest| {
            let (n, tail) = rest.split_once(" nodes, ")?;
            tail.split_once(" M nodes/s")?;
            n.parse().ok()
        })
        .collect();
    assert!(counts.len() >= 2, "no node counts in the bar: {screen}");
    assert!(
        counts.windows(2).all(|w| w[0] <= w[1]) && counts.last() > counts.first(),
        "node counts do not grow: {counts:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Off a terminal (a batch script, a Slurm log) the bar is replaced by plain progress lines on
/// stderr, at most one per `GSOLVE_PROGRESS_SECS` (default 60 s; 0 = none; never with
/// `--json`): a 6×6 unit stopped by `--time 2` logs its node count several times with 0.2 s,
/// not at all with 0 or by default (a 2-second run), and the summary on stdout is the same.
#[test]
fn rex_map_logs_progress_lines_off_a_terminal() {
    let run = |secs: Option<&str>, json: bool, tag: &str| {
        let dir = std::env::temp_dir().join(format!("gsolve-map-log-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_gsolve"));
        if json {
            cmd.arg("--json");
        }
        cmd.args([
            "rex",
            "map",
            "--size",
            "6x6",
            "--threads",
            "1",
            "--tt-mb",
            "16",
        ])
        .args(["--max-units", "1", "--time", "2", "--out"])
        .arg(&dir)
        .env_remove("GSOLVE_PROGRESS_SECS");
        if let Some(s) = secs {
            cmd.env("GSOLVE_PROGRESS_SECS", s);
        }
        let out = cmd.output().unwrap();
        assert!(out.status.success(), "{out:?}");
        let _ = std::fs::remove_dir_all(&dir);
        let lines: Vec<String> = String::from_utf8_lossy(&out.stderr)
            .lines()
            .filter(|l| l.starts_with("rex map 6x6 ["))
            .map(str::to_string)
            .collect();
        let stdout = String::from_utf8_lossy(&out.stdout).replace(&*dir.to_string_lossy(), "DIR");
        (lines, stdout)
    };
    let (often, stdout) = run(Some("0.2"), false, "often");
    assert!(often.len() >= 3, "too few progress lines: {often:?}");
    // "rex map 6x6 [00:00:01] 0 done of 630 a1 b1: 26624 nodes, 0.01 M nodes/s"
    for l in &often {
        assert!(
            l.contains(" done of 630 a1 b1: ") && l.contains(" nodes"),
            "{l}"
        );
    }
    assert!(stdout.contains("0 of 630 units done"), "{stdout}");
    let (none, quiet_stdout) = run(Some("0"), false, "off");
    assert!(none.is_empty(), "{none:?}");
    // The summary line is the same (the count of proven positions kept depends on the timing).
    assert_eq!(quiet_stdout.lines().next(), stdout.lines().next());
    let (default, _) = run(None, false, "default");
    assert!(
        default.is_empty(),
        "a 2 s run logged before a minute: {default:?}"
    );
    let (json, json_stdout) = run(Some("0.2"), true, "json");
    assert!(json.is_empty(), "--json must not log progress: {json:?}");
    assert_eq!(json_stdout.trim_start().chars().next(), Some('{'));
}

/// A leg run with `--openings` into a folder of the whole map adds its units to that map: the
/// part header keeps `openings=all`, and the next leg without `--openings` finishes the map,
/// equal to one uninterrupted run (timing columns aside). A folder of one opening's map is
/// refused to a run of the whole map (exit 2), its file unchanged.
#[test]
fn a_leg_of_some_openings_joins_the_whole_map() {
    let base = std::env::temp_dir().join(format!("gsolve-rex-map-legs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let run = |dir: &std::path::Path, extra: &[&str]| {
        let mut args = vec!["--json", "rex", "map", "--size", "4x4"];
        args.extend_from_slice(&["--out", dir.to_str().unwrap(), "--tt-mb", "16"]);
        args.extend_from_slice(extra);
        let (code, out, err) = gsolve(&args);
        (code, out, err)
    };
    let (legs, single, one) = (base.join("legs"), base.join("single"), base.join("one"));
    assert_eq!(run(&legs, &["--max-units", "2"]).0, 0);
    let (code, _, err) = run(&legs, &["--openings", "b2"]);
    assert_eq!(code, 0, "{err}");
    let part = std::fs::read_to_string(legs.join("replies.csv")).unwrap();
    assert!(part.contains("# config: board=4x4 openings=all"), "{part}");
    assert!(part.lines().any(|l| l.starts_with("b2,")), "{part}");
    let (code, out, err) = run(&legs, &[]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["complete"], true, "{v}");
    assert_eq!(run(&single, &[]).0, 0);
    // Results without what depends on the run: Black's answers and the last three CSV
    // columns (the measurements), the seconds column.
    let strip = |p: &std::path::Path, name: &str, keep: usize| -> Vec<String> {
        let mut lines: Vec<String> = std::fs::read_to_string(p.join(name))
            .unwrap()
            .lines()
            .map(|l| l.split(',').take(keep).collect::<Vec<_>>().join(","))
            .collect();
        lines.sort();
        lines
    };
    assert_eq!(
        strip(&legs, "replies.csv", 3),
        strip(&single, "replies.csv", 3)
    );
    assert_eq!(
        strip(&legs, "openings.csv", 6),
        strip(&single, "openings.csv", 6)
    );
    assert_eq!(run(&one, &["--openings", "a1"]).0, 0);
    let before = std::fs::read(one.join("replies.csv")).unwrap();
    let (code, out, _) = run(&one, &[]);
    assert_eq!(code, 2, "{out}");
    assert!(out.contains("replies.csv"), "{out}");
    assert_eq!(std::fs::read(one.join("replies.csv")).unwrap(), before);
    std::fs::remove_dir_all(&base).unwrap();
}

/// SIGTERM (a batch system's time limit) stops `rex map` as `--time` does: the one JSON object
/// is the summary (`stopped`, `stopped_by_signal`), the database and the interrupted unit's
/// account are saved, and the process then ends by SIGTERM so the caller sees the signal. The
/// same command resumes, and the finished map equals an uninterrupted run's (timing aside).
#[cfg(unix)]
#[test]
fn sigterm_stops_the_map_with_its_summary_and_the_map_resumes() {
    use std::os::unix::process::ExitStatusExt;
    let base = std::env::temp_dir().join(format!("gsolve-rex-map-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&base);
    let (term, single) = (base.join("term"), base.join("single"));
    let args = |dir: &std::path::Path| -> Vec<String> {
        let mut a: Vec<String> = ["--json", "rex", "map", "--size", "5x5", "--openings", "a1"]
            .map(String::from)
            .to_vec();
        a.extend(["--threads", "1", "--tt-mb", "16", "--out"].map(String::from));
        a.push(dir.to_str().unwrap().to_string());
        a
    };
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args(&term))
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // Signal once the first unit is written, while the others run.
    let start = std::time::Instant::now();
    let units = || {
        std::fs::read_to_string(term.join("replies.csv"))
            .map_or(0, |t| t.lines().filter(|l| l.starts_with("a1,")).count())
    };
    while units() == 0 && child.try_wait().unwrap().is_none() {
        assert!(start.elapsed().as_secs() < 300, "no unit after 300 s");
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    // SAFETY: kill(2) on the child's pid, which has not been waited for yet.
    #[allow(unsafe_code)]
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGTERM) };
    assert_eq!(sent, 0);
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.signal(), Some(libc::SIGTERM), "{stderr}");
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["stopped"], true, "{v}");
    assert_eq!(v["stopped_by_signal"], "SIGTERM", "{v}");
    assert!(v["done_now"].as_u64().unwrap() >= 1, "{v}");
    let done = v["done_now"].as_u64().unwrap() as usize;
    assert!(done < 24, "the map finished before the signal: {v}");
    assert_eq!(units(), done, "{v}");
    assert!(term.join("resume/proofs.bin.gz").exists());
    // Resume to the end, then an uninterrupted run of the same map.
    let run = |dir: &std::path::Path| {
        let a = args(dir);
        gsolve(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let (code, out, err) = run(&term);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["stopped"], false, "{v}");
    assert_eq!(units(), 24);
    let (code, _, err) = run(&single);
    assert_eq!(code, 0, "{err}");
    let values = |dir: &std::path::Path| -> Vec<String> {
        let text = std::fs::read_to_string(dir.join("replies.csv")).unwrap();
        let mut v: Vec<String> = text
            .lines()
            .filter(|l| l.starts_with("a1,"))
            .map(|l| l.split(',').take(4).collect::<Vec<_>>().join(","))
            .collect();
        v.sort();
        v
    };
    assert_eq!(values(&term), values(&single));
    let _ = std::fs::remove_dir_all(&base);
}

/// `rex proofs` reads an unfinished map's database: one JSON object whose settled moves agree
/// with `rex solve --all`, and exit code 2 naming the input for a file of another board or a
/// missing file.
#[test]
fn proofs_shows_what_a_map_database_settles() {
    let dir = std::env::temp_dir().join(format!("gsolve-rex-proofs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().unwrap();
    let (code, _, err) = gsolve(&[
        "rex",
        "map",
        "--size",
        "4x4",
        "--out",
        out,
        "--tt-mb",
        "16",
        "--max-units",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let db = dir.join("resume/proofs.bin.gz");
    let db = db.to_str().unwrap();
    let (code, out, err) = gsolve(&[
        "--json", "rex", "proofs", db, "--size", "4x4", "--moves", "a1",
    ]);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["to_move"], "White");
    let replies = v["replies"].as_array().unwrap();
    assert_eq!(replies.len(), 15);
    let (_, solved, _) = gsolve(&[
        "--json", "rex", "solve", "--size", "4x4", "--moves", "a1", "--all",
    ]);
    let solved: serde_json::Value = serde_json::from_str(solved.trim()).unwrap();
    let winning: Vec<&str> = solved["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let mut settled = 0;
    for r in replies {
        let name = r["move"].as_str().unwrap();
        match r["mover"].as_str().unwrap() {
            "wins" => assert!(winning.contains(&name), "{name}"),
            "loses" => assert!(!winning.contains(&name), "{name}"),
            _ => continue,
        }
        settled += 1;
    }
    assert!(settled > 0, "{v}");
    let (code, text, _) = gsolve(&["rex", "proofs", db, "--size", "4x4", "--moves", "a1"]);
    assert_eq!(code, 0);
    assert!(text.contains("White to move"), "{text}");
    for (args, needle) in [
        (vec!["rex", "proofs", db, "--size", "5x5"], "5x5"),
        (
            vec!["rex", "proofs", "no-such.bin.gz", "--size", "4x4"],
            "no-such",
        ),
        (
            vec!["rex", "proofs", db, "--size", "4x4", "--moves", "a1,z9"],
            "z9",
        ),
    ] {
        let (code, _, err) = gsolve(&args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
    }
    let (code, out, _) = gsolve(&["--json", "rex", "proofs", db, "--size", "5x5"]);
    assert_eq!(code, 2);
    let v: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(v["exit_code"], 2);
    std::fs::remove_dir_all(&dir).unwrap();
}
