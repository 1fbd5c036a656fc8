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

/// `gsolve --json JOB… --out OUT EXTRA…`.
fn run_out(job: &[&str], out: &Path, extra: &[&str]) -> common::Run {
    let mut args = vec!["--json"];
    args.extend_from_slice(job);
    args.extend_from_slice(&["--out", s(out)]);
    args.extend_from_slice(extra);
    gsolve(&args)
}

/// [`run_out`], which must succeed: its JSON object.
fn run_ok(job: &[&str], out: &Path, extra: &[&str]) -> serde_json::Value {
    let r = run_out(job, out, extra);
    assert_eq!(r.code, 0, "{job:?} {extra:?}: {}", r.stderr);
    serde_json::from_str(r.stdout.trim()).unwrap()
}

/// `gsolve rex map` with `extra` into `out`, which must succeed.
fn map(size: &str, out: &Path, extra: &[&str]) -> serde_json::Value {
    let job = [
        "rex",
        "map",
        "--size",
        size,
        "--threads",
        "1",
        "--tt-mb",
        "16",
    ];
    run_ok(&job, out, extra)
}

/// A result file without its timing columns (named in its header line), the Markdown
/// table's seconds column and Black's answers (any proven winning move, which may differ from
/// run to run): what a merge must reproduce exactly.
fn results(dir: &Path, name: &str) -> Vec<String> {
    let text = std::fs::read_to_string(dir.join(name)).unwrap();
    let timing = [
        "nodes",
        "seconds",
        "threads",
        "answer",
        jobs::rex::map_merge::ANSWERS_COLUMN,
    ];
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
    let job = [
        "rex",
        "table",
        "--max-cells",
        "16",
        "--threads",
        "1",
        "--tt-mb",
        "16",
    ];
    let table = |out: &Path, extra: &[&str]| run_out(&job, out, extra);
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
    let r = run_out(
        &["rex", "table", "--max-cells", "12"],
        &parts,
        &["--shard", "1/3"],
    );
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
    let job = ["dola", "perft", "--variant", "sultan", "--depth", "4"];
    let perft = |out: &Path, extra: &[&str]| run_ok(&job, out, extra);
    let total = gsolve(&[&["--json"][..], &job].concat());
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

/// Hexecs perft 4 from the start split by first move as 4 shards, and perft 3 from a chance
/// node (the six die faces as first moves) as 2 shards: each merged equals the single run's
/// perft.csv (seconds aside), and the shards' counts add up to the unsplit perft of
/// `hexecs perft` (a count without the split) in both modes.
#[test]
fn sharded_hexecs_perft_merges_into_the_single_run() {
    let dir = scratch("merge-hexecs-perft");
    let chance = "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu roll 0 1";
    for (name, depth, fen, shards, first_moves) in [
        ("start", "4", None, 4, 70),
        ("chance", "3", Some(chance), 2, 6),
    ] {
        let mut job = vec!["hexecs", "perft", "--depth", depth];
        if let Some(f) = fen {
            job.extend_from_slice(&["--fen", f]);
        }
        let unsplit = gsolve(&[&["--json"][..], &job].concat());
        assert_eq!(unsplit.code, 0, "{}", unsplit.stderr);
        let unsplit: serde_json::Value = serde_json::from_str(unsplit.stdout.trim()).unwrap();
        let single = dir.join(format!("{name}-single"));
        let v = run_ok(&job, &single, &[]);
        assert_eq!(v["first_moves"], first_moves, "{name}: {v}");
        let parts = dir.join(format!("{name}-parts"));
        let mut sums = [0, 0];
        for i in 0..shards {
            let v = run_ok(&job, &parts, &["--shard", &format!("{i}/{shards}")]);
            for (k, key) in ["nodes_decisions", "nodes_with_chance"].iter().enumerate() {
                sums[k] += v[key].as_u64().unwrap();
            }
        }
        for (k, key) in ["nodes_decisions", "nodes_with_chance"].iter().enumerate() {
            assert_eq!(sums[k], unsplit[key].as_u64().unwrap(), "{name} {key}");
            assert_eq!(v[key], unsplit[key], "{name} {key} (one run)");
        }
        let head = std::fs::read_to_string(parts.join(format!("perft-1of{shards}.csv"))).unwrap();
        assert!(
            head.contains("# job: hexecs-perft\n# config: depth="),
            "{head}"
        );
        let merged = dir.join(format!("{name}-merged"));
        let r = merge(&[s(&parts), "--out", s(&merged), "--same-as", s(&single)]);
        assert_eq!(r.code, 0, "{}", r.stdout);
        assert_eq!(results(&merged, "perft.csv"), results(&single, "perft.csv"));
        // A part of another count in the same folder is refused.
        let other = ["hexecs", "perft", "--depth", "2"];
        let r = run_out(&other, &parts, &["--shard", &format!("1/{shards}")]);
        common::assert_bad_input(&r, "other perft", "not of this run", true, 4096);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Every board's strategy.bin in `dir`, its recorded command cleared, by folder name.
fn strategies(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir.join("boards")).unwrap().flatten() {
        let bytes = std::fs::read(e.path().join("strategy.bin")).unwrap();
        let mut f = darkhex::strategy::StrategyFile::from_bytes(&bytes).unwrap();
        f.header.command.clear();
        out.push((e.file_name().to_string_lossy().into_owned(), f.to_bytes()));
    }
    out.sort();
    out
}

/// The Dark Hex table of the boards of at most 4 cells, 2000 DCFR iterations a board, as 3
/// shards (two in one folder, one in a folder of its own), merged: the single run's values.csv
/// and values.md (seconds and the recorded command aside) and every board's strategy; a
/// finished shard run again does nothing, one that lost its last board solves just that one;
/// a shard without --iterations is refused.
#[test]
fn sharded_darkhex_table_merges_into_the_single_run() {
    let dir = scratch("merge-dh-table");
    let table = ["darkhex", "table", "--max-cells", "4", "--algo", "dcfr"];
    let with = |n: &'static str| [&table[..], &["--iterations", n]].concat();
    let job = with("2000");
    let single = dir.join("single");
    assert_eq!(
        run_ok(&job, &single, &[])["boards"]
            .as_array()
            .unwrap()
            .len(),
        16
    );
    let (parts, own) = (dir.join("parts"), dir.join("task2"));
    for (i, folder) in [(0, &parts), (1, &parts), (2, &own)] {
        let v = run_ok(&job, folder, &["--shard", &format!("{i}/3")]);
        assert_eq!(
            v["solved_now"],
            v["boards"].as_array().unwrap().len(),
            "{v}"
        );
    }
    assert!(!parts.join("values.md").exists() && !parts.join("values.csv").exists());
    let part = parts.join("values-1of3.csv");
    let head = std::fs::read_to_string(&part).unwrap();
    for want in [
        "# gsolve-part 1\n# job: darkhex-table\n",
        "# config: algorithm=dcfr(alpha=1.5,beta=0,gamma=2) max_cells=4 large_boards=no iterations=2000\n# shard: 1/3\n",
    ] {
        assert!(head.contains(want), "part header lacks {want}: {head}");
    }
    // Run again, a finished shard solves nothing and leaves its part alone.
    let before = (
        std::fs::read(&part).unwrap(),
        std::fs::metadata(&part).unwrap().modified().unwrap(),
    );
    assert_eq!(run_ok(&job, &parts, &["--shard", "1/3"])["solved_now"], 0);
    let after = (
        std::fs::read(&part).unwrap(),
        std::fs::metadata(&part).unwrap().modified().unwrap(),
    );
    assert_eq!(before, after);
    // A shard whose last board was lost (killed before it was recorded) is unfinished; run
    // again it solves that board only.
    let whole = std::fs::read_to_string(own.join("values-2of3.csv")).unwrap();
    let cut = whole.trim_end().rfind('\n').unwrap() + 1;
    std::fs::write(own.join("values-2of3.csv"), &whole[..cut]).unwrap();
    let r = merge(&[s(&parts), s(&own), "--out", s(&dir.join("x"))]);
    assert_eq!(r.code, 2, "{}", r.stdout);
    assert!(
        r.stdout.contains("shard 2 not finished (2: 4 of 5 items)"),
        "{}",
        r.stdout
    );
    let v = run_ok(&job, &own, &["--shard", "2/3"]);
    assert_eq!(
        (
            v["solved_now"].as_u64(),
            v["boards"].as_array().unwrap().len()
        ),
        (Some(1), 5)
    );
    let merged = dir.join("merged");
    let r = merge(&[
        s(&parts),
        s(&own.join("values-2of3.csv")),
        "--out",
        s(&merged),
        "--same-as",
        s(&single),
    ]);
    assert_eq!(r.code, 0, "{}", r.stdout);
    for name in ["values.csv", "values.md"] {
        let strip = |d: &Path| -> Vec<String> {
            results(d, name)
                .into_iter()
                .filter(|l| !l.contains("command: "))
                .collect()
        };
        assert_eq!(strip(&merged), strip(&single), "{name}");
    }
    assert_eq!(strategies(&merged), strategies(&single));
    assert_eq!(strategies(&single).len(), 16);
    // Against a table of another iteration count, --same-as names what differs (exit 1).
    let other = dir.join("other");
    run_ok(&with("1000"), &other, &[]);
    let r = merge(&[
        s(&parts),
        s(&own),
        "--out",
        s(&dir.join("y")),
        "--same-as",
        s(&other),
    ]);
    assert_eq!(r.code, 1, "{}", r.stdout);
    let v: serde_json::Value = serde_json::from_str(r.stdout.trim()).unwrap();
    let diffs = v["differences"].to_string();
    assert!(
        diffs.contains("values.csv") && diffs.contains("strategy.bin differs"),
        "{v}"
    );
    // No shards of a table that stops on the clock; none of another config in a shard's folder.
    let z = dir.join("z");
    for json in [false, true] {
        let mut args = if json { vec!["--json"] } else { vec![] };
        args.extend_from_slice(&table);
        args.extend_from_slice(&["--shard", "0/2", "--out", s(&z)]);
        let r = gsolve(&args);
        common::assert_bad_input(&r, "shard on the clock", "--iterations", json, 4096);
        assert!(r.stderr.contains("machine"), "{}", r.stderr);
    }
    assert!(!z.exists(), "a refused shard wrote its folder");
    let r = run_out(&with("1000"), &parts, &["--shard", "0/3"]);
    common::assert_bad_input(&r, "other table", "not of this run", true, 4096);
    std::fs::remove_dir_all(&dir).unwrap();
}
