//! The bad-input corpus of issue 19: malformed command lines and files across every
//! subcommand and parser, generated here (seeded), each run through the real binary twice
//! (plain and with `--json`). Every case must exit 2 with a message naming the input, no
//! panic text, at most a few KB of output, exactly one JSON object on stdout with `--json`,
//! and leave the result files already in its folder unchanged. GTP lines are answered `? …`
//! without ending the session. The counts are printed (`--nocapture`) for
//! results/reliability.md.

mod common;

use common::{assert_bad_input, gsolve_in, Run};
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::Duration;

/// Output allowed per run (stdout + stderr).
const MAX_BYTES: usize = 6000;
/// A run longer than this is a hang.
const HANG: Duration = Duration::from_secs(20);

/// One malformed command line: its arguments and a piece of text the error must contain.
struct Case {
    args: Vec<String>,
    needle: String,
}

fn case(args: &[&str], needle: &str) -> Case {
    Case {
        args: args.iter().map(|s| s.to_string()).collect(),
        needle: needle.to_string(),
    }
}

/// Sizes that are no Rex board, with the text the error names.
const BAD_SIZES: &[(&str, &str)] = &[
    ("", "size"),
    ("x", "\"x\""),
    ("5x", "5x"),
    ("x5", "x5"),
    ("0x0", "0x0"),
    ("0x5", "0x5"),
    ("5x0", "5x0"),
    ("12x11", "12x11"),
    ("11x12", "11x12"),
    ("1x122", "1x122"),
    ("1x27", "1x27"),
    ("9x9", "9x9"),
    ("5x5x5", "5x5x5"),
    ("axb", "axb"),
    ("5*5", "5*5"),
    ("5 by 5", "5 by 5"),
    ("99999999999999999999x1", "99999999999999999999x1"),
    ("1152921504606846976x16", "1152921504606846976x16"),
    ("4294967296x4294967296", "4294967296x4294967296"),
    ("5x-5", "5x-5"),
    ("٥x٥", "٥x٥"),
    ("５x５", "５x５"),
    ("0", "0x0"),
    ("5.5x5", "5.5x5"),
];

fn size_cases(dir: &Path) -> Vec<Case> {
    let suite = "../../../shared/data/solrex/random5x5.dat";
    let out = dir.join("results/map");
    let mut v = Vec::new();
    for &(size, needle) in BAD_SIZES {
        v.push(case(&["rex", "solve", "--size", size], needle));
        v.push(case(
            &["rex", "map", "--size", size, "--out", out.to_str().unwrap()],
            needle,
        ));
        v.push(case(&["rex", "suite", suite, "--size", size], needle));
    }
    v
}

fn move_cases() -> Vec<Case> {
    let mut v = Vec::new();
    for (moves, needle) in [
        ("z9", "z9"),
        ("a0", "a0"),
        ("a4", "a4"),
        ("d1", "d1"),
        ("a1,a1", "a1"),
        ("a1;b2", "a1;b2"),
        ("a1,,b2", "a1,,b2"),
        (",a1", ",a1"),
        ("a1,", "a1,"),
        ("1a", "1a"),
        ("aa1", "aa1"),
        ("a-1", "a-1"),
        ("é1", "é1"),
        ("a99999999999999999999", "a99999999999999999999"),
        ("swap", "swap"),
        ("a1,c1,a2,c2,a3,b3", "b3"),
        ("pass", "pass"),
        ("a1,b1,c1,a2,b2,c2,a3,b3,c3,a1", "a1"),
    ] {
        v.push(case(&["rex", "solve", "--size", "3x3", "--moves", moves], needle));
    }
    for (moves, needle) in [
        ("f2f5,,f9f6", "--moves"),
        ("z1z2", "z1z2"),
        ("f2f9", "f2f9"),
        ("f2", "f2"),
        ("f2f5,f2f5", "f2f5"),
        ("k11k12", "k11k12"),
        ("é2é3", "é2é3"),
    ] {
        v.push(case(&["dola", "perft", "--variant", "sultan", "--depth", "1", "--moves", moves], needle));
        v.push(case(&["dola", "show", "--variant", "sultan", "--moves", moves], needle));
    }
    for (moves, needle) in [
        ("D2D4,,", "--moves"),
        ("Z9Z9", "Z9Z9"),
        ("roll=9", "roll=9"),
        ("roll=0", "roll=0"),
        ("5:", "5:"),
        ("D2", "D2"),
        ("é", "é"),
    ] {
        v.push(case(&["hexecs", "perft", "--depth", "1", "--moves", moves], needle));
        v.push(case(&["hexecs", "show", "--moves", moves], needle));
    }
    v
}

/// Bad numbers and values for every option that takes one.
fn number_cases(dir: &Path) -> Vec<Case> {
    let out = dir.join("results/cfr");
    let o = out.to_str().unwrap();
    let mut v = Vec::new();
    let dh = ["darkhex", "solve", "--rows", "2", "--cols", "2", "--algo", "dcfr", "--out", o];
    for (opt, values) in [
        ("--threads", &["0", "-1", "abc", "1.5", "99999999999999999999999"][..]),
        ("--tt-mb", &["0", "-1", "abc", "1048576", "99999999999999999999999"][..]),
    ] {
        for val in values {
            for cmd in [
                &["rex", "solve", "--size", "3x3"][..],
                &["rex", "suite", "../../../shared/data/solrex/random5x5.dat"][..],
                &["rex", "table", "--max-cells", "4", "--out", o][..],
                &["gtp"][..],
            ] {
                let mut a: Vec<&str> = cmd.to_vec();
                a.extend([opt, val]);
                v.push(case(&a, opt));
            }
        }
    }
    for (opt, values) in [
        ("--gap", &["nan", "-1", "inf", "abc", ""][..]),
        ("--time", &["nan", "-1", "inf", "abc"][..]),
        ("--checkpoint-secs", &["nan", "-1", "abc"][..]),
        ("--iterations", &["0", "-1", "abc", "1e3"][..]),
        ("--purify", &["nan", "1", "-0.1", "2", "abc"][..]),
        ("--prune", &["nan", "-1", "inf", "1"][..]),
        ("--eval-secs", &["nan", "-1", "abc"][..]),
        ("--max-nodes", &["0", "-1", "abc"][..]),
        ("--seed", &["-1", "abc", "1.5"][..]),
        ("--variant", &["foo", "", "CLASSICAL1"][..]),
        ("--algo", &["foo", "cfr", ""][..]),
        ("--repr", &["foo", ""][..]),
    ] {
        for val in values {
            let mut a = dh.to_vec();
            a.extend([opt, val]);
            v.push(case(&a, opt));
        }
    }
    for (rows, cols) in [("0", "2"), ("2", "0"), ("-1", "2"), ("abc", "2"), ("99", "99"), ("1", "99")] {
        v.push(case(&["darkhex", "solve", "--rows", rows, "--cols", cols, "--out", o], rows.strip_prefix('-').map_or("--", |_| "--rows")));
    }
    for (coins, weighings, needle) in [
        ("0", "3", "0"),
        ("-1", "3", "--coins"),
        ("abc", "3", "--coins"),
        ("99999999999999999999", "3", "--coins"),
        ("12", "0", "0"),
        ("12", "-1", "--weighings"),
        ("12", "99", "99"),
        ("12", "abc", "--weighings"),
        ("1", "3", "1"),
    ] {
        v.push(case(&["coins", "solve", "--coins", coins, "--weighings", weighings], needle));
        v.push(case(&["coins", "check", "--coins", coins, "--weighings", weighings, "/dev/null"], needle));
    }
    for (min, max, needle) in [("5", "2", "5"), ("0", "3", "0"), ("2", "99", "99"), ("-2", "3", "--min-weighings")] {
        v.push(case(&["coins", "table", "--min-weighings", min, "--max-weighings", max, "--out", o], needle));
    }
    for (opt, val) in [("--depth", "abc"), ("--depth", "-1"), ("--depth", "99"), ("--variant", "foo")] {
        v.push(case(&["dola", "perft", "--variant", "sultan", "--depth", "1", opt, val], opt.trim_start_matches('-')));
    }
    for (opt, val) in [("--depth", "abc"), ("--depth", "-1"), ("--depth", "99")] {
        v.push(case(&["hexecs", "perft", opt, val], "depth"));
    }
    for (opt, val) in [("--depth", "0"), ("--depth", "999"), ("--nodes", "0"), ("--time", "nan"), ("--threads", "0"), ("--tt-mb", "99999999")] {
        v.push(case(&["dola", "search", "--variant", "sultan", opt, val], opt));
        v.push(case(&["hexecs", "search", opt, val], opt));
    }
    for (opt, val) in [("--shard", "2/2"), ("--shard", "0/0"), ("--shard", "x"), ("--time", "0"), ("--time", "nan"), ("--checkpoint-seconds", "0")] {
        v.push(case(&["rex", "map", "--size", "3x3", "--out", o, opt, val], opt));
    }
    for (opt, val) in [("--budget", "0"), ("--budget", "nan"), ("--budget", "-1")] {
        v.push(case(&["bench", "rex", "--out", o, opt, val], "--budget"));
    }
    for fen in ["", "xyz", "10/10/10", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"] {
        v.push(case(&["dola", "show", "--variant", "sultan", "--fen", fen], "fen"));
        v.push(case(&["hexecs", "show", "--fen", fen], "fen"));
    }
    v
}

/// Contradictions, unknown flags, missing arguments.
fn option_cases(dir: &Path) -> Vec<Case> {
    let o = dir.join("results/opts");
    let o = o.to_str().unwrap();
    let mut v = Vec::new();
    let dh = ["darkhex", "solve", "--rows", "2", "--cols", "2", "--out", o];
    for (extra, needle) in [
        (&["--algo", "dcfr", "--initial-policies", "5"][..], "--initial-policies"),
        (&["--algo", "dcfr", "--scratch-lp"][..], "--scratch-lp"),
        (&["--algo", "dcfr", "--plain-oracle"][..], "--plain-oracle"),
        (&["--algo", "dcfr", "--random-fallback"][..], "--random-fallback"),
        (&["--algo", "double-oracle", "--repr", "view"][..], "--repr"),
        (&["--algo", "double-oracle", "--purify", "0.1"][..], "--purify"),
        (&["--algo", "double-oracle", "--no-eval"][..], "--no-eval"),
        (&["--algo", "double-oracle", "--prune", "0.1"][..], "--prune"),
        (&["--algo", "double-oracle", "--max-nodes", "5"][..], "--max-nodes"),
        (&["--algo", "double-oracle", "--random-fallback"][..], "--random-fallback"),
        (&["--algo", "double-oracle", "--announce-touch"][..], "--announce-touch"),
        (&["--algo", "dcfr", "--no-eval", "--gap", "1e-6"][..], "--gap"),
        (&["--algo", "dcfr", "--no-eval", "--eval-secs", "1"][..], "--eval-secs"),
        (&["--algo", "dcfr", "--no-eval", "--prune", "0.1"][..], "--prune"),
        (&["--resume", "--algo", "dcfr"][..], "--resume"),
    ] {
        let mut a = dh.to_vec();
        a.extend(extra);
        v.push(case(&a, needle));
    }
    v.push(case(&["coins", "solve", "--coins", "12", "--weighings", "3", "--adaptive", "--non-adaptive"], "--adaptive"));
    // An unknown flag and a missing value for every subcommand.
    for cmd in [
        "rex solve", "rex table", "rex suite", "rex map", "rex swap", "gtp", "darkhex certify",
        "darkhex solve", "darkhex eval", "darkhex export", "darkhex table", "dola perft",
        "dola replay", "dola replay-table", "dola show", "dola search", "dola play",
        "hexecs perft", "hexecs show", "hexecs search", "hexecs play", "coins solve",
        "coins table", "coins check", "bench rex", "bench darkhex", "bench dola",
        "bench hexecs", "bench search",
    ] {
        let mut a: Vec<&str> = cmd.split(' ').collect();
        a.push("--bogus-flag");
        v.push(case(&a, "--bogus-flag"));
    }
    for (cmd, needle) in [
        ("rex nosuch", "nosuch"),
        ("nosuch", "nosuch"),
        ("rex solve --size", "--size"),
        ("rex suite", "FILE"),
        ("darkhex solve --rows 2", "--cols"),
        ("darkhex eval", "--strategy"),
        ("coins solve --coins 12", "--weighings"),
        ("coins check --coins 12 --weighings 3", "FILE"),
        ("dola replay", "--variant"),
        ("dola perft --variant", "--variant"),
    ] {
        v.push(case(&cmd.split(' ').collect::<Vec<_>>(), needle));
    }
    v
}

/// A valid CFR run's strategy.bin and checkpoint.bin (2×2, three iterations).
fn cfr_files(dir: &Path) -> (Vec<u8>, Vec<u8>) {
    let out = dir.join("seed-cfr");
    let r = gsolve_in(
        &["darkhex", "solve", "--rows", "2", "--cols", "2", "--algo", "dcfr", "--iterations", "3", "--out", out.to_str().unwrap()],
        b"",
        None,
        HANG,
    );
    assert_eq!(r.code, 0, "{}", r.stderr);
    let s = std::fs::read(out.join("strategy.bin")).unwrap();
    let c = std::fs::read(out.join("checkpoint.bin")).unwrap();
    std::fs::remove_dir_all(&out).unwrap();
    (s, c)
}

/// Broken versions of `good`: empty, halves, garbage, a flipped magic, random bytes (seeded),
/// a long line, not UTF-8.
fn broken(good: &[u8], rng: &mut impl Rng) -> Vec<(String, Vec<u8>)> {
    let mut v = vec![
        ("empty".to_string(), Vec::new()),
        ("half".to_string(), good[..good.len() / 2].to_vec()),
        ("first-byte".to_string(), good[..1.min(good.len())].to_vec()),
        ("long-line".to_string(), vec![b'7'; 3 << 20]),
        ("not-utf8".to_string(), b"\xff\xfe\xfd\x00\x01 garbage\n".to_vec()),
    ];
    let mut magic = good.to_vec();
    if !magic.is_empty() {
        magic[0] ^= 0x20;
        v.push(("magic".to_string(), magic));
    }
    let mut tail = good.to_vec();
    tail.truncate(good.len().saturating_sub(3));
    v.push(("minus-3".to_string(), tail));
    for i in 0..3 {
        let n = rng.gen_range(1..4000);
        v.push((format!("random{i}"), (0..n).map(|_| rng.gen()).collect()));
    }
    v
}

fn file_cases(dir: &Path) -> Vec<Case> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let files = dir.join("inputs");
    std::fs::create_dir_all(&files).unwrap();
    let (strategy, checkpoint) = cfr_files(dir);
    let suite = std::fs::read("../../../shared/data/solrex/random5x5.dat").unwrap();
    let mix = std::fs::read("../../../shared/data/darkhex-certificates/abrupt-3x3/black-lower.mix").unwrap();
    let record = std::fs::read("../dola/tests/data/sultan.txt").unwrap();
    let weighings = b"1 2 3 4 | 5 6 7 8\n4 6 7 8 | 1 2 9 10\n9 10 11 12 | 1 2 3 4\n".to_vec();
    let mut v = Vec::new();
    let mut add = |kind: &str, good: &[u8], extra: Vec<(String, Vec<u8>)>, cmd: &dyn Fn(&str) -> Vec<String>| {
        let mut variants = broken(good, &mut rng);
        variants.extend(extra);
        for (name, bytes) in variants {
            let path = files.join(format!("{kind}-{name}"));
            std::fs::write(&path, &bytes).unwrap();
            let p = path.to_str().unwrap().to_string();
            v.push(Case {
                args: cmd(&p),
                needle: format!("{kind}-{name}"),
            });
        }
    };
    let text = |s: &str| s.as_bytes().to_vec();
    add("suite", &suite, vec![
        ("bad-cell".into(), text("z9 a1:b2\n")),
        ("no-colon".into(), text("a1 b2 c3\n")),
        ("taken".into(), text("a1 a1:b2\n")),
        ("comments-only".into(), text("# nothing\n")),
    ], &|p| vec!["rex".into(), "suite".into(), p.into()]);
    add("weighings", &weighings, vec![
        ("two-bars".into(), text("1 2 | 3 | 4\n")),
        ("coin-13".into(), text("1 2 3 13 | 4 5 6 7\n")),
        ("same-coin".into(), text("1 1 2 3 | 4 5 6 7\n")),
        ("tree-bad-indent".into(), text("weigh 1 | 2\n =     coin 3 heavy\n")),
        ("tree-coin-99".into(), text("weigh 1 | 2\n  =     coin 99 heavy\n")),
        ("not-a-solution".into(), text("1 | 2\n")),
    ], &|p| ["coins", "check", "--coins", "12", "--weighings", "3", p].map(String::from).to_vec());
    add("mix", &mix, vec![
        ("rows-0".into(), text("DARKHEX_MIXTURE\nROWS 0\nCOLUMNS 3\n")),
        ("no-end".into(), mix[..mix.len() - 4].to_vec()),
    ], &|p| vec!["darkhex".into(), "certify".into(), p.into()]);
    add("strategy", &strategy, vec![], &|p| {
        ["darkhex", "eval", "--strategy", p].map(String::from).to_vec()
    });
    add("export", &strategy, vec![], &|p| {
        ["darkhex", "export", "--strategy", p].map(String::from).to_vec()
    });
    add("record", &record, vec![
        ("bad-move".into(), text("1)\nZz9-z99 & Pf9-f6\n")),
    ], &|p| ["dola", "replay", "--variant", "sultan", p].map(String::from).to_vec());
    // Checkpoints to resume: each in its own output folder.
    for (name, bytes) in broken(&checkpoint, &mut rng) {
        let out = dir.join(format!("results/resume-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("checkpoint.bin"), &bytes).unwrap();
        v.push(case(
            &["darkhex", "solve", "--rows", "2", "--cols", "2", "--algo", "dcfr", "--iterations", "5", "--resume", "--out", out.to_str().unwrap()],
            "checkpoint.bin",
        ));
    }
    // Parity tables and map results that are not ours.
    for (name, bytes) in [
        ("binary", b"\xff\xfe\x00\x01".to_vec()),
        ("csv", b"a,b,c\n1,2,3\n".to_vec()),
        ("long", vec![b'x'; 2 << 20]),
    ] {
        let out = dir.join(format!("results/table-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("parity.csv"), &bytes).unwrap();
        v.push(case(&["rex", "table", "--max-cells", "4", "--out", out.to_str().unwrap()], "parity.csv"));
        let out = dir.join(format!("results/map-{name}"));
        std::fs::create_dir_all(&out).unwrap();
        std::fs::write(out.join("replies.csv"), [bytes.as_slice(), b"\n"].concat()).unwrap();
        v.push(case(&["rex", "map", "--size", "2x2", "--out", out.to_str().unwrap()], "replies.csv"));
    }
    for missing in ["rex suite", "darkhex certify", "dola replay --variant sultan", "coins check --coins 12 --weighings 3"] {
        let mut a: Vec<String> = missing.split(' ').map(String::from).collect();
        a.push(dir.join("no-such-file").to_str().unwrap().into());
        v.push(Case { args: a, needle: "no-such-file".into() });
        let mut a: Vec<String> = missing.split(' ').map(String::from).collect();
        a.push(files.to_str().unwrap().into());
        v.push(Case { args: a, needle: "inputs".into() });
    }
    v
}

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
    assert_bad_input(&r, &format!("`{}`", args.join(" ")), &c.needle, json, MAX_BYTES);
    r
}

/// GTP lines that are bad commands: each answered `? …` (short, no debug text), the session
/// going on to answer `name`.
fn gtp_lines() -> Vec<Vec<u8>> {
    let mut v: Vec<Vec<u8>> = [
        "boardsize 0", "boardsize 99", "boardsize 1152921504606846976 16", "boardsize x",
        "boardsize 3 3 3", "play black", "play purple a1", "play black z9", "play black a99",
        "genmove", "genmove purple", "undo", "dfpn-solver-find-winning", "dfpn-solve-state purple",
        "param_dfpn threads 0", "param_dfpn tt_mb 99999999", "param_dfpn timelimit -1",
        "param_dfpn timelimit nan", "param_dfpn nosuch 1", "time_settings", "time_settings a b c",
        "time_settings -1 0 0", "time_left black", "time_left black nan 0", "known_command",
        "nosuchcommand", "12 nosuchcommand", "play", "PLAY black a1", "play black a1 b2 c3",
    ]
    .iter()
    .map(|s| s.as_bytes().to_vec())
    .collect();
    v.push(b"\xff\xfe\xfd".to_vec());
    v.push(b"play black \xc3".to_vec());
    v.push(vec![b'y'; 1 << 20]);
    v.push(b"\x00\x01\x02".to_vec());
    v
}

#[test]
fn every_malformed_input_exits_2_with_a_short_message() {
    let dir = common::scratch("corpus");
    std::fs::create_dir_all(dir.join("results/earlier")).unwrap();
    std::fs::write(dir.join("results/earlier/parity.csv"), "earlier result\n").unwrap();
    let mut cases = size_cases(&dir);
    cases.extend(move_cases());
    cases.extend(number_cases(&dir));
    cases.extend(option_cases(&dir));
    cases.extend(file_cases(&dir));
    let before = snapshot(&dir);
    let next = AtomicUsize::new(0);
    let codes = Mutex::new(BTreeMap::<i32, usize>::new());
    std::thread::scope(|s| {
        for _ in 0..2 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(c) = cases.get(i) else { break };
                for json in [false, true] {
                    let r = check_case(c, &dir, json);
                    *codes.lock().unwrap().entry(r.code).or_default() += 1;
                }
            });
        }
    });
    let after = snapshot(&dir);
    for (path, bytes) in &before {
        assert_eq!(after.get(path), Some(bytes), "{} changed", path.display());
    }
    let gtp = gtp_lines();
    for line in &gtp {
        let mut input = line.clone();
        input.extend_from_slice(b"\nname\n");
        let r = gsolve_in(&["gtp", "--size", "3", "--tt-mb", "8"], &input, Some(&dir), HANG);
        let what = String::from_utf8_lossy(&line[..line.len().min(40)]).into_owned();
        assert_eq!(r.code, 0, "gtp {what:?}: {}", r.stderr);
        common::assert_no_panic(&r, &what);
        assert!(r.stdout.starts_with('?'), "gtp {what:?}: {}", common::short(&r.stdout));
        assert!(r.stdout.ends_with("= gsolve\n\n"), "gtp {what:?}: session ended");
        assert!(r.bytes <= MAX_BYTES, "gtp {what:?}: {} bytes", r.bytes);
    }
    let runs: usize = codes.lock().unwrap().values().sum();
    println!(
        "bad-input corpus: {} command lines and files, {runs} runs (plain and --json), exit codes {:?}, {} GTP lines answered '?', 0 panics, 0 hangs",
        cases.len(),
        codes.lock().unwrap(),
        gtp.len()
    );
    assert!(cases.len() + gtp.len() >= 300, "only {} cases", cases.len() + gtp.len());
    std::fs::remove_dir_all(&dir).unwrap();
}
