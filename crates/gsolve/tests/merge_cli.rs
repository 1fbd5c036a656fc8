//! `gsolve merge` through the real binary: a map run as N shards and merged equals the
//! single-process run (every file, timing columns aside); missing, duplicate, unfinished and
//! foreign parts are refused by number with exit 2; a finished shard run again does nothing;
//! a killed shard resumes.

mod common;

use common::{gsolve, scratch};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `gsolve rex map` with `extra` into `out`, which must succeed.
fn map(size: &str, out: &Path, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["--json", "rex", "map", "--size", size, "--out", s(out)];
    args.extend_from_slice(&["--threads", "1", "--tt-mb", "16"]);
    args.extend_from_slice(extra);
    let r = gsolve(&args);
    assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
    serde_json::from_str(r.stdout.trim()).unwrap()
}

/// A result file without its timing columns (named in its header line) and without the
/// Markdown table's seconds column: what a merge must reproduce exactly.
fn results(dir: &Path, name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let timing = ["nodes", "seconds", "threads"];
    let mut drop: Option<Vec<usize>> = None;
    let mut out = Vec::new();
    for line in text.lines() {
        let sep = if name.ends_with(".md") { '|' } else { ',' };
        if line.starts_with('#') || (sep == '|' && !line.starts_with('|')) {
            out.push(line.to_string());
            continue;
        }
        let cells: Vec<&str> = line.split(sep).map(str::trim).collect();
        let d = drop.get_or_insert_with(|| {
            (0..cells.len())
                .filter(|&i| timing.contains(&cells[i]))
                .collect()
        });
        let kept: Vec<&str> = (0..cells.len())
            .filter(|i| !d.contains(i))
            .map(|i| cells[i])
            .collect();
        out.push(kept.join(&sep.to_string()));
    }
    out
}

fn assert_same_results(a: &Path, b: &Path) {
    for name in ["replies.csv", "openings.csv", "map.md", "map.svg"] {
        assert_eq!(results(a, name), results(b, name), "{name}");
    }
}

fn merge(args: &[&str]) -> common::Run {
    let mut all = vec!["--json", "merge"];
    all.extend_from_slice(args);
    let r = gsolve(&all);
    assert!(!r.stderr.contains("panicked"), "{}", r.stderr);
    let lines = r.stdout.trim().lines().count();
    assert_eq!(lines, 1, "one JSON object: {}", r.stdout);
    r
}

/// The 4x4 map as 4 shards in one folder and as 3 shards in folders of their own, merged:
/// the single run's files, and the merge refuses what is not one whole run.
#[test]
fn sharded_map_merges_into_the_single_run() {
    let dir = scratch("merge-4x4");
    let single = dir.join("single");
    assert_eq!(map("4x4", &single, &[])["complete"], true);

    let parts = dir.join("parts");
    for i in 0..4 {
        let v = map("4x4", &parts, &["--shard", &format!("{i}/4")]);
        assert!(v["done_now"].as_u64().unwrap() > 0);
    }
    let head = std::fs::read_to_string(parts.join("replies-2of4.csv")).unwrap();
    let toolkit = format!("# toolkit: gsolve {}", env!("CARGO_PKG_VERSION"));
    for want in [
        "# gsolve-part 1",
        "# job: rex-map",
        "# config: board=4x4 openings=all",
        "# shard: 2/4",
        &toolkit,
    ] {
        assert!(head.contains(want), "part header lacks {want}: {head}");
    }
    let merged = dir.join("merged");
    let r = merge(&[s(&parts), "--out", s(&merged), "--same-as", s(&single)]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["shards"], 4);
    assert_eq!(v["items"], 8 * 15);
    assert_same_results(&merged, &single);

    // Three shards, each in its own folder (as array tasks on separate scratch disks).
    let mut folders = Vec::new();
    for i in 0..3 {
        let f = dir.join(format!("task{i}"));
        map("4x4", &f, &["--shard", &format!("{i}/3")]);
        folders.push(f);
    }
    let merged3 = dir.join("merged3");
    let r = merge(&[
        s(&folders[0]),
        s(&folders[1]),
        s(&folders[2].join("replies-2of3.csv")),
        "--out",
        s(&merged3),
    ]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    assert_same_results(&merged3, &single);

    // Missing shard 1: exit 2 naming it; --pending lists it.
    let r = merge(&[s(&folders[0]), s(&folders[2]), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stdout.contains("missing shard 1 "), "{}", r.stdout);
    let r = merge(&[s(&folders[0]), s(&folders[2]), "--pending"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["pending"], serde_json::json!([1]));
    // Shard 0 twice.
    let r = merge(&[
        s(&folders[0]),
        s(&folders[0]),
        s(&folders[1]),
        s(&folders[2]),
        "--out",
        s(&dir.join("x")),
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stdout.contains("duplicate shard 0"), "{}", r.stdout);
    // Parts of two runs (3 shards and 4 shards): named, exit 2.
    let r = merge(&[s(&parts), s(&folders[0]), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stdout.contains("not parts of one run"), "{}", r.stdout);
    // A file that is not a part; --out holding a part.
    let r = merge(&[s(&single.join("openings.csv")), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("not a part file"), "{}", r.stdout);
    let r = merge(&[s(&parts), "--out", s(&parts)]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("another folder"), "{}", r.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A shard stopped early is named as unfinished; run again it resumes; run once more after it
/// finished it does nothing; a shard killed with SIGKILL resumes to the same files.
#[test]
fn unfinished_and_killed_shards_resume() {
    let dir = scratch("merge-resume");
    let opening = ["--openings", "c1"];
    let single = dir.join("single");
    map("5x5", &single, &opening);
    let parts = dir.join("parts");
    let shard = |i: usize, extra: &[&str]| {
        let sh = format!("{i}/3");
        let mut a = vec!["--shard", sh.as_str(), "--openings", "c1"];
        a.extend_from_slice(extra);
        map("5x5", &parts, &a)
    };
    let v = shard(0, &["--max-units", "1"]);
    assert_eq!(v["stopped"], true);
    shard(1, &[]);
    shard(2, &[]);
    let r = merge(&[s(&parts), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stdout.contains("shard 0 not finished (0: 1 of 8 items)"),
        "{}",
        r.stdout
    );
    let v = shard(0, &[]);
    assert_eq!(v["done_before"], 1);
    // Finished: running it again solves nothing and leaves its part file alone.
    let part = parts.join("replies-0of3.csv");
    let before = (
        std::fs::read(&part).unwrap(),
        std::fs::metadata(&part).unwrap().modified().unwrap(),
    );
    let v = shard(0, &[]);
    assert_eq!(v["done_now"], 0);
    assert_eq!(
        v["stored_positions"], 0,
        "a finished shard loaded its database"
    );
    let after = (
        std::fs::read(&part).unwrap(),
        std::fs::metadata(&part).unwrap().modified().unwrap(),
    );
    assert_eq!(before, after);

    // Shard 1 again in a fresh folder, killed once it has written a unit, then resumed.
    let killed = dir.join("killed");
    let mut child = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args([
            "rex",
            "map",
            "--size",
            "5x5",
            "--out",
            s(&killed),
            "--shard",
            "1/3",
        ])
        .args(["--openings", "c1", "--threads", "1", "--tt-mb", "16"])
        .args(["--checkpoint-seconds", "1"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let part = killed.join("replies-1of3.csv");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none()
        && std::fs::read_to_string(&part).map_or(0, |t| t.lines().count()) < 8
    {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "no unit written"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
    assert!(
        child.try_wait().unwrap().is_none(),
        "the shard finished before it could be killed"
    );
    child.kill().unwrap();
    child.wait().unwrap();
    let v = map("5x5", &killed, &["--shard", "1/3", "--openings", "c1"]);
    let before = v["done_before"].as_u64().unwrap();
    assert!((1..8).contains(&before), "{v}");
    assert_eq!(v["done_now"].as_u64().unwrap(), 8 - before);
    std::fs::remove_file(parts.join("replies-1of3.csv")).unwrap();
    let merged = dir.join("merged");
    let r = merge(&[
        s(&parts),
        s(&part),
        "--out",
        s(&merged),
        "--same-as",
        s(&single),
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert_same_results(&merged, &single);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The Rex parity table of every board of at most 16 cells as 3 shards, merged: the single
/// run's parity.csv and parity.md (timing columns and the recorded command aside); a shard run
/// again solves nothing; a shard's part is refused by a run of another config.
#[test]
fn sharded_table_merges_into_the_single_run() {
    let dir = scratch("merge-table");
    let table = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "--json",
            "rex",
            "table",
            "--max-cells",
            "16",
            "--out",
            s(out),
        ];
        args.extend_from_slice(&["--threads", "1", "--tt-mb", "16"]);
        args.extend_from_slice(extra);
        gsolve(&args)
    };
    let single = dir.join("single");
    assert_eq!(table(&single, &[]).code, 0);
    let parts = dir.join("parts");
    for i in 0..3 {
        let r = table(&parts, &["--shard", &format!("{i}/3")]);
        assert_eq!(r.code, 0, "{}", r.stderr);
    }
    assert!(!parts.join("parity.md").exists());
    let r = table(&parts, &["--shard", "1/3"]);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(
        v["solved_now"],
        serde_json::json!([]),
        "a finished shard solved again"
    );
    let r = gsolve(&[
        "--json",
        "rex",
        "table",
        "--max-cells",
        "12",
        "--out",
        s(&parts),
        "--shard",
        "1/3",
    ]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(r.stdout.contains("max_cells=16"), "{}", r.stdout);
    let merged = dir.join("merged");
    let r = merge(&[s(&parts), "--out", s(&merged), "--same-as", s(&single)]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    for name in ["parity.csv", "parity.md"] {
        let strip = |d: &Path| -> Vec<String> {
            results(d, name)
                .into_iter()
                .filter(|l| !l.starts_with("# produced by") && !l.starts_with("Produced by"))
                .collect()
        };
        assert_eq!(strip(&merged), strip(&single), "{name}");
    }
    std::fs::remove_file(parts.join("parity-2of3.csv")).unwrap();
    let r = merge(&[s(&parts), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.contains("missing shard 2 "), "{}", r.stdout);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Dola perft 4 split by first move as 5 shards, merged: the single run's perft.csv (seconds
/// aside), whose counts add up to the known perft 4 of Sultan; a torn last line is dropped
/// when the shard resumes.
#[test]
fn sharded_perft_merges_into_the_single_run() {
    let dir = scratch("merge-perft");
    let perft = |out: &Path, extra: &[&str]| {
        let mut args = vec![
            "--json",
            "dola",
            "perft",
            "--variant",
            "sultan",
            "--depth",
            "4",
        ];
        args.extend_from_slice(&["--out", s(out)]);
        args.extend_from_slice(extra);
        let r = gsolve(&args);
        assert_eq!(r.code, 0, "{args:?}: {}", r.stderr);
        serde_json::from_str::<serde_json::Value>(r.stdout.trim()).unwrap()
    };
    let total = gsolve(&[
        "--json",
        "dola",
        "perft",
        "--variant",
        "sultan",
        "--depth",
        "4",
    ]);
    let total: serde_json::Value = serde_json::from_str(total.stdout.trim()).unwrap();
    let single = dir.join("single");
    assert_eq!(perft(&single, &[])["nodes"], total["nodes"]);
    let parts = dir.join("parts");
    let mut sum = 0;
    for i in 0..5 {
        sum += perft(&parts, &["--shard", &format!("{i}/5")])["nodes"]
            .as_u64()
            .unwrap();
    }
    assert_eq!(sum, total["nodes"].as_u64().unwrap());
    // Shard 2 torn in its last line and resumed.
    let part = parts.join("perft-2of5.csv");
    let text = std::fs::read_to_string(&part).unwrap();
    std::fs::write(&part, &text[..text.len() - 4]).unwrap();
    let v = perft(&parts, &["--shard", "2/5"]);
    assert_eq!(v["counted_now"], 1);
    assert_eq!(
        std::fs::read_to_string(&part).unwrap().lines().count(),
        text.lines().count()
    );
    let v = perft(&parts, &["--shard", "2/5"]);
    assert_eq!(v["counted_now"], 0);
    let merged = dir.join("merged");
    let r = merge(&[s(&parts), "--out", s(&merged), "--same-as", s(&single)]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    assert_eq!(results(&merged, "perft.csv"), results(&single, "perft.csv"));
    std::fs::remove_dir_all(&dir).unwrap();
}
