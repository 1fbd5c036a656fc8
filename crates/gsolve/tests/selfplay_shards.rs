//! Self-play split by game index through the real binary: `gsolve dola play --shard I/N --out
//! DIR` and `gsolve hexecs play --shard I/N --out DIR` as 3 shards, merged by `gsolve merge`,
//! equal one unsharded run's record files and `selfplay.md` (the recorded command aside); a
//! shard killed with SIGKILL at seeded moments, or with a torn last line, resumes and still
//! merges equal; a finished shard run again plays nothing; contradictory options are refused
//! with exit 2 naming the option.

mod common;

use common::{assert_bad_input, gsolve, one_json_object, scratch};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `gsolve --json GAME play ARGS…`, which must succeed: its JSON object.
fn play(game: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json", game, "play"];
    all.extend_from_slice(args);
    let r = gsolve(&all);
    assert_eq!(r.code, 0, "{all:?}: {}", r.stderr);
    one_json_object(&r.stdout, "play")
}

/// `gsolve --json merge ARGS…`: exactly one JSON object on stdout, never a panic.
fn merge(args: &[&str]) -> (i32, serde_json::Value) {
    let mut all = vec!["--json", "merge"];
    all.extend_from_slice(args);
    let r = gsolve(&all);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    (r.code, one_json_object(&r.stdout, "merge"))
}

/// Every file of `dir` by name, without the lines that record the producing command (the
/// test's own reading: a merge names itself there, and nothing else may differ).
fn files_without_command(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut out: Vec<(String, Vec<String>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let path = e.unwrap().path();
            let text = std::fs::read_to_string(&path).unwrap();
            let lines = text
                .lines()
                .filter(|l| !l.starts_with("# command: ") && !l.starts_with("- command: "))
                .map(str::to_string)
                .collect();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                lines,
            )
        })
        .collect();
    out.sort();
    out
}

/// The unsharded run of `game` with `flags` (`--games G` first) into `dir/games.txt` and `dir/selfplay.md`.
fn single_run(game: &str, flags: &[&str], dir: &Path) {
    let (records, summary) = (dir.join("games.txt"), dir.join("selfplay.md"));
    let mut args = flags.to_vec();
    args.extend_from_slice(&["--out", s(&records), "--summary", s(&summary)]);
    let v = play(game, &args);
    let games: u64 = flags[1].parse().unwrap();
    assert_eq!(v["games"], games, "{v}");
}

/// Shard `i` of 3 of `game` with `flags` into `parts`: its JSON object.
fn shard(game: &str, flags: &[&str], i: usize, parts: &Path) -> serde_json::Value {
    let sh = format!("{i}/3");
    let mut args = flags.to_vec();
    args.extend_from_slice(&["--shard", &sh, "--out", s(parts)]);
    play(game, &args)
}

/// Merge `parts` into `dir/merged`, compared with `dir/single` by `--same-as` and by the test.
fn assert_merges_equal(parts: &[&Path], dir: &Path, items: u64) {
    let merged = dir.join("merged");
    let _ = std::fs::remove_dir_all(&merged);
    let mut args: Vec<&str> = parts.iter().map(|p| s(p)).collect();
    let single = dir.join("single");
    args.extend_from_slice(&["--out", s(&merged), "--same-as", s(&single)]);
    let (code, v) = merge(&args);
    assert_eq!(code, 0, "{v}");
    assert_eq!(v["items"], items, "{v}");
    assert_eq!(v["differences"], serde_json::json!([]), "{v}");
    let (a, b) = (
        files_without_command(&merged),
        files_without_command(&single),
    );
    let names = |f: &[(String, Vec<String>)]| f.iter().map(|x| x.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&a), names(&b));
    for (x, y) in a.iter().zip(&b) {
        assert_eq!(x, y, "{}", x.0);
    }
}

const DOLA: &[&str] = &["--games", "6", "--depth", "2", "--random-plies", "2"];
const HEXECS: &[&str] = &["--games", "6", "--depth", "1"];

/// Dola sultan self-play, 6 games at depth 2 as 3 shards: merged, the single run's six French
/// records and summary; a finished shard run again plays nothing and leaves its part alone;
/// missing and duplicate shards are refused by number; a single run of another seed is found
/// different by `--same-as` (exit 1).
#[test]
fn sharded_dola_selfplay_merges_into_the_single_run() {
    let dir = scratch("selfplay-shards-dola");
    single_run("dola", DOLA, &dir.join("single"));
    let parts = dir.join("parts");
    let mut games = 0;
    for i in 0..3 {
        let v = shard("dola", DOLA, i, &parts);
        assert_eq!(
            (v["games"].clone(), v["played_now"].clone()),
            (2.into(), 2.into())
        );
        games += v["white_wins"].as_u64().unwrap()
            + v["black_wins"].as_u64().unwrap()
            + v["draws"].as_u64().unwrap()
            + v["unfinished"].as_u64().unwrap();
    }
    assert_eq!(games, 6);
    assert_merges_equal(&[&parts], &dir, 6);
    assert_eq!(
        std::fs::read_dir(dir.join("merged")).unwrap().count(),
        7,
        "games-001.txt … games-006.txt and selfplay.md"
    );

    // Finished: run again, it plays nothing and leaves its part file as it was.
    let part = parts.join("dola-play-1of3.csv");
    let stamp = |p: &Path| {
        (
            std::fs::read(p).unwrap(),
            std::fs::metadata(p).unwrap().modified().unwrap(),
        )
    };
    let before = stamp(&part);
    let v = shard("dola", DOLA, 1, &parts);
    assert_eq!(v["played_now"], 0, "{v}");
    assert_eq!(stamp(&part), before);

    let (p0, p2) = (
        parts.join("dola-play-0of3.csv"),
        parts.join("dola-play-2of3.csv"),
    );
    let (code, v) = merge(&[s(&p0), s(&part), "--out", s(&dir.join("x"))]);
    assert_eq!(code, 2);
    assert!(
        v["error"].as_str().unwrap().contains("missing shard 2"),
        "{v}"
    );
    let (code, v) = merge(&[s(&parts), s(&p2), "--out", s(&dir.join("x"))]);
    assert_eq!(code, 2);
    assert!(
        v["error"].as_str().unwrap().contains("duplicate shard 2"),
        "{v}"
    );

    // Another seed's single run: the comparison must see the difference.
    let other = dir.join("other");
    let mut flags = DOLA.to_vec();
    flags.extend_from_slice(&["--seed", "2"]);
    single_run("dola", &flags, &other);
    let out = dir.join("merged-2");
    let (code, v) = merge(&[s(&parts), "--out", s(&out), "--same-as", s(&other)]);
    assert_eq!(code, 1, "{v}");
    assert!(v["error"].as_str().unwrap().contains("differ"), "{v}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Hexecs self-play, 6 games at depth 1 as 3 shards: merged, the single run's record file and
/// summary; a shard whose last line is torn (a kill while appending) is pending, resumes with
/// that one game and still merges equal.
#[test]
fn sharded_hexecs_selfplay_resumes_a_torn_line_and_merges() {
    let dir = scratch("selfplay-shards-hexecs");
    single_run("hexecs", HEXECS, &dir.join("single"));
    let parts = dir.join("parts");
    for i in 0..3 {
        shard("hexecs", HEXECS, i, &parts);
    }
    assert_merges_equal(&[&parts], &dir, 6);
    let part = parts.join("hexecs-play-2of3.csv");
    let text = std::fs::read_to_string(&part).unwrap();
    std::fs::write(&part, &text[..text.len() - 7]).unwrap();
    let (code, v) = merge(&[s(&parts), "--pending"]);
    assert_eq!(
        (code, v["pending"].clone()),
        (0, serde_json::json!([2])),
        "{v}"
    );
    let (code, v) = merge(&[s(&parts), "--out", s(&dir.join("x"))]);
    assert_eq!(code, 2);
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("shard 2 not finished"),
        "{v}"
    );
    let v = shard("hexecs", HEXECS, 2, &parts);
    assert_eq!(v["played_now"], 1, "{v}");
    assert_eq!(
        std::fs::read_to_string(&part).unwrap().lines().count(),
        text.lines().count()
    );
    assert_merges_equal(&[&parts], &dir, 6);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SplitMix64, for the seeded kill moments.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Dola shard 0/3 of 9 games at depth 3 (about 0.8 s a game here), each run killed with SIGKILL
/// a seeded 0–200 ms after it has written one more game, until a run finishes: at least one
/// kill lands mid-work, and the part with the other shards merges into the single run's files.
#[test]
fn killed_selfplay_shard_resumes_and_merges_equal() {
    let dir = scratch("selfplay-shards-kill");
    let flags = ["--games", "9", "--depth", "3", "--random-plies", "2"];
    single_run("dola", &flags, &dir.join("single"));
    let (parts, killed) = (dir.join("parts"), dir.join("killed"));
    for i in 1..3 {
        shard("dola", &flags, i, &parts);
    }
    let part = killed.join("dola-play-0of3.csv");
    let games_written = || {
        std::fs::read_to_string(&part).map_or(0, |t| {
            t.lines()
                .filter(|l| l.starts_with(|c: char| c.is_ascii_digit()))
                .count()
        })
    };
    let (mut seed, mut kills) = (22u64, 0);
    for round in 0.. {
        assert!(round < 40, "the shard did not finish in 40 runs");
        let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
            .args(["dola", "play", "--shard", "0/3", "--out", s(&killed)])
            .args(flags)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let (start, wait_for) = (Instant::now(), games_written() + 1);
        let delay = Duration::from_millis(next(&mut seed) % 200);
        let mut written = None;
        while child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < Duration::from_secs(60), "hung");
            match written {
                None if games_written() >= wait_for => written = Some(Instant::now()),
                Some(t) if t.elapsed() >= delay => break,
                _ => {}
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        if child.try_wait().unwrap().is_some() {
            break;
        }
        child.kill().unwrap();
        child.wait().unwrap();
        kills += 1;
    }
    assert!(kills >= 1, "no run was killed mid-work");
    assert_eq!(games_written(), 3);
    let v = shard("dola", &flags, 0, &killed);
    assert_eq!(v["played_now"], 0, "{v}");
    assert_merges_equal(&[&parts, &part], &dir, 9);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Options a shard cannot honour, and malformed shards: exit 2, the option named, one JSON
/// object with --json; nothing is written.
#[test]
fn contradictory_shard_options_are_refused() {
    let dir = scratch("selfplay-shards-bad");
    let out = dir.join("parts");
    // Each case's arguments after `GAME play --shard` (OUT: the parts folder), and the option
    // its message must name.
    let cases = [
        ("dola", "0/3 --out OUT --time 1", "--time"),
        ("hexecs", "0/3 --out OUT --time 0.5 --depth 2", "--time"),
        ("dola", "0/3 --out OUT --depth 2 --threads 2", "--threads"),
        ("hexecs", "1/2 --out OUT --depth 1 --threads 2", "--threads"),
        ("dola", "3/3 --out OUT --depth 2", "--shard"),
        ("dola", "1/0 --out OUT --depth 2", "--shard"),
        ("hexecs", "x --out OUT --depth 1", "--shard"),
        ("dola", "0/3 --depth 2", "--out"),
        (
            "dola",
            "0/3 --out OUT --depth 2 --summary s.md",
            "--summary",
        ),
        ("hexecs", "0/3 --out OUT --depth 1 --human white", "--human"),
        ("dola", "0/3 --out OUT --depth 2 --games 0", "--games"),
    ];
    for (game, args, option) in cases {
        for json in [false, true] {
            let mut all = if json { vec!["--json"] } else { vec![] };
            all.extend_from_slice(&[game, "play", "--shard"]);
            all.extend(
                args.split(' ')
                    .map(|a| if a == "OUT" { s(&out) } else { a }),
            );
            let r = gsolve(&all);
            assert_bad_input(&r, &format!("{game} {args}"), option, json, 4000);
        }
    }
    assert!(!out.exists(), "a refused shard wrote its folder");
    std::fs::remove_dir_all(&dir).unwrap();
}
