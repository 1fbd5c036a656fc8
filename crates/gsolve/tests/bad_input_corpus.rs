//! The bad-input corpus of issue 19: malformed command lines and files across every
//! subcommand and parser, generated here (seeded), each run through the real binary twice
//! (plain and with `--json`). Every case must exit 2 with a message naming the input, no
//! panic text, at most a few KB of output, exactly one JSON object on stdout with `--json`,
//! and leave the result files already in its folder unchanged. GTP lines are answered `? …`
//! without ending the session. The counts are printed (`--nocapture`) for
//! results/reliability.md.

mod common;
mod corpus;

use common::{assert_bad_input, gsolve_in, Run};
use corpus::Case;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Output allowed per run (stdout + stderr).
const MAX_BYTES: usize = 8192;
/// A run longer than this is a hang.
pub const HANG: Duration = Duration::from_secs(20);
/// Every regular file under `dir` with its contents.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.clone(), std::fs::read(&p).unwrap());
            }
        }
    }
    out
}

fn check_case(c: &Case, dir: &Path, json: bool) -> Run {
    let mut args: Vec<&str> = c.args.iter().map(String::as_str).collect();
    if json {
        args.insert(0, "--json");
    }
    let r = gsolve_in(&args, b"", Some(dir), HANG);
    assert_bad_input(
        &r,
        &format!("`{}`", args.join(" ")),
        &c.needle,
        json,
        MAX_BYTES,
    );
    r
}

#[test]
fn every_malformed_input_exits_2_with_a_short_message() {
    let dir = common::scratch("corpus");
    std::fs::create_dir_all(dir.join("results/earlier")).unwrap();
    std::fs::write(dir.join("results/earlier/parity.csv"), "earlier result\n").unwrap();
    let mut cases = corpus::size_cases(&dir);
    cases.extend(corpus::move_cases());
    cases.extend(corpus::number_cases(&dir));
    cases.extend(corpus::other_number_cases(&dir));
    cases.extend(corpus::search_number_cases(&dir));
    cases.extend(corpus::option_cases(&dir));
    cases.extend(corpus::flag_cases());
    cases.extend(corpus::files::file_cases(&dir));
    cases.extend(corpus::files::state_file_cases(&dir));
    let before = snapshot(&dir);
    let next = AtomicUsize::new(0);
    let codes = Mutex::new(BTreeMap::<i32, usize>::new());
    let failures = Mutex::new(Vec::<String>::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = cases.get(i) else { break };
                for json in [false, true] {
                    // Every case is run; the failures are listed together at the end.
                    match std::panic::catch_unwind(|| check_case(c, &dir, json)) {
                        Ok(r) => *codes.lock().unwrap().entry(r.code).or_default() += 1,
                        Err(e) => failures
                            .lock()
                            .unwrap()
                            .push(e.downcast_ref::<String>().cloned().unwrap_or_default()),
                    }
                }
            });
        }
    });
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} failing runs:\n{}",
        failures.len(),
        failures.join("\n")
    );
    let after = snapshot(&dir);
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
    }
    let gtp = corpus::gtp_lines();
    let mut gtp_failures = Vec::new();
    for line in &gtp {
        let mut input = line.clone();
        input.extend_from_slice(b"\nname\n");
        let args = ["gtp", "--size", "3", "--tt-mb", "8"];
        let r = gsolve_in(&args, &input, Some(&dir), HANG);
        let what = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
        let panic_free = std::panic::catch_unwind(|| common::assert_no_panic(&r, &what)).is_ok();
        if r.code != 0
            || !panic_free
            || !r.stdout.starts_with('?')
            || !r.stdout.ends_with("= gsolve\n\n")
            || r.bytes > MAX_BYTES
        {
            gtp_failures.push(format!(
                "gtp {what:?}: exit {}: {}",
                r.code,
                common::short(&r.stdout)
            ));
        }
    }
    assert!(gtp_failures.is_empty(), "{}", gtp_failures.join("\n"));
    let runs: usize = codes.lock().unwrap().values().sum();
    println!(
        "bad-input corpus: {} command lines and files, {runs} runs (plain and --json), exit codes {:?}, {} GTP lines answered '?'; every run checked for panic text and hangs (any would fail the test)",
        cases.len(),
        codes.lock().unwrap(),
        gtp.len()
    );
    assert!(
        cases.len() + gtp.len() >= 300,
        "only {} cases",
        cases.len() + gtp.len()
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
