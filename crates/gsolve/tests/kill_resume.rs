//! Crash safety through the real binary: long jobs are killed with SIGKILL at seeded random
//! moments several times, resumed, and their final files compared with an uninterrupted run's
//! (timing columns, node counts and the recorded command line aside — the values, bounds,
//! certificates and strategies must be equal).
//!
//! The default tests are quick (tiny boards, about a second of work per job kind); the
//! `#[ignore]`d ones are longer variants (`scripts/kill-resume-deep-tests.sh`).

mod common;

use rand::{Rng, SeedableRng};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// One job kind: its command line without `--out`, how to resume it, and which file shows
/// that a checkpoint exists.
struct Job {
    args: Vec<String>,
    /// `--resume` when the job needs it to continue a checkpoint.
    resume_flag: Option<&'static str>,
    /// A checkpoint exists in `out` (the kill rounds wait for one before killing).
    has_checkpoint: fn(&Path) -> bool,
    /// `--out` names this file in `out` (self-play) instead of `out` itself.
    out_file: Option<&'static str>,
}

/// What the kill rounds did.
#[derive(Debug, Default)]
struct Rounds {
    /// Runs killed with SIGKILL while working.
    kills: usize,
    /// Runs that exited by themselves (the job finished during a round).
    finished_early: bool,
    /// Standard output and error of every run, for the resume messages.
    output: String,
}

fn gsolve(args: &[String]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_gsolve"));
    c.args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    c
}

fn with_out(job: &Job, out: &Path, resume: bool) -> Vec<String> {
    let mut a = job.args.clone();
    let _ = std::fs::create_dir_all(out);
    let out = job
        .out_file
        .map_or_else(|| out.to_path_buf(), |f| out.join(f));
    a.extend([
        "--out".to_string(),
        out.to_str().expect("UTF-8 path").to_string(),
    ]);
    if let (true, Some(flag)) = (resume, job.resume_flag) {
        a.push(flag.to_string());
    }
    a
}

/// Run `job` into `out` `rounds` times, each run killed (SIGKILL) a seeded random 0–`max_ms`
/// ms after a checkpoint exists, then once to the end (which must succeed). A run killed
/// before it saved anything new (a slow or loaded machine: starting up took the whole delay)
/// doubles the bound for the next runs, so the rounds move the job on whatever the load.
fn kill_rounds(job: &Job, out: &Path, rounds: usize, seed: u64, max_ms: u64) -> Rounds {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut r = Rounds::default();
    let mut max_ms = max_ms;
    for _ in 0..rounds {
        let before = saved_state(out);
        let resume = (job.has_checkpoint)(out);
        let mut child = gsolve(&with_out(job, out, resume)).spawn().unwrap();
        let start = Instant::now();
        while !(job.has_checkpoint)(out) && child.try_wait().unwrap().is_none() {
            assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
            std::thread::sleep(Duration::from_millis(2));
        }
        std::thread::sleep(Duration::from_millis(rng.gen_range(0..=max_ms)));
        let exited = child.try_wait().unwrap().is_some();
        let _ = child.kill();
        let done = child.wait_with_output().unwrap();
        r.output.push_str(&String::from_utf8_lossy(&done.stdout));
        r.output.push_str(&String::from_utf8_lossy(&done.stderr));
        if exited {
            assert!(done.status.success(), "{}", common::short(&r.output));
            r.finished_early = true;
            break;
        }
        r.kills += 1;
        if saved_state(out) == before {
            max_ms = (max_ms * 2).min(20_000);
        }
    }
    let last = gsolve(&with_out(job, out, (job.has_checkpoint)(out)))
        .output()
        .unwrap();
    r.output.push_str(&String::from_utf8_lossy(&last.stdout));
    r.output.push_str(&String::from_utf8_lossy(&last.stderr));
    assert!(last.status.success(), "{}", common::short(&r.output));
    r
}

/// A hash of every file under `dir` (relative name and contents; temporaries aside): what a
/// run has saved so far.
fn saved_state(dir: &Path) -> u64 {
    use std::hash::{Hash, Hasher};
    fn walk(dir: &Path, root: &Path, files: &mut Vec<(PathBuf, Vec<u8>)>) {
        for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = e.path();
            if path.is_dir() {
                walk(&path, root, files);
            } else if !path.to_string_lossy().ends_with(".tmp") {
                // A file renamed away while being read counts as absent.
                if let Ok(bytes) = std::fs::read(&path) {
                    let name = path.strip_prefix(root).unwrap_or(&path).to_path_buf();
                    files.push((name, bytes));
                }
            }
        }
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files);
    files.sort();
    let mut h = std::collections::hash_map::DefaultHasher::new();
    files.hash(&mut h);
    h.finish()
}

/// No temporary left in `dir` by the killed runs (the finished run removes them).
fn assert_no_temporaries(dir: &Path) {
    let left: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "temporaries left: {left:?}");
}

/// Run `job` uninterrupted into `out`.
fn uninterrupted(job: &Job, out: &Path) {
    let r = gsolve(&with_out(job, out, false)).output().unwrap();
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
}

fn read(path: PathBuf) -> String {
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// A CSV without comment lines, keeping only the columns `keep`.
fn columns(text: &str, keep: &[usize]) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            keep.iter()
                .map(|&i| f.get(i).copied().unwrap_or(""))
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect()
}

fn rex_table(max_cells: usize) -> Job {
    let args =
        format!("rex table --max-cells {max_cells} --threads 1 --tt-mb 1 --checkpoint-secs 0.02");
    Job {
        args: args.split(' ').map(String::from).collect(),
        resume_flag: None,
        out_file: None,
        has_checkpoint: |out| {
            std::fs::read_dir(out.join("resume")).is_ok_and(|d| {
                d.flatten()
                    .any(|e| e.file_name().to_string_lossy().starts_with("table-"))
            })
        },
    }
}

fn double_oracle(board: (&str, &str, &str), iterations: u64) -> Job {
    let (rows, cols, variant) = board;
    let args = format!(
        "darkhex solve --rows {rows} --cols {cols} --variant {variant} --algo double-oracle \
         --iterations {iterations} --threads 1 --checkpoint-secs 0"
    );
    Job {
        args: args.split_whitespace().map(String::from).collect(),
        resume_flag: Some("--resume"),
        out_file: None,
        has_checkpoint: |out| out.join("do-checkpoint.bin").exists(),
    }
}

fn cfr(iterations: u64) -> Job {
    let args = format!(
        "darkhex solve --rows 3 --cols 2 --variant classical --algo dcfr --iterations {iterations} \
         --threads 1 --checkpoint-secs 0.01 --eval-secs 1000000"
    );
    Job {
        args: args.split_whitespace().map(String::from).collect(),
        resume_flag: Some("--resume"),
        out_file: None,
        has_checkpoint: |out| out.join("checkpoint.bin").exists(),
    }
}

/// `darkhex table` on the boards of at most `max_cells` cells, `iterations` per board (a
/// table that does not depend on the machine's speed), a checkpoint of the board in
/// progress every 10 ms; the journal of finished boards is written at the start.
/// Iterations a board of the small kill-round tables (≤ 4 cells): about 1.8 s a whole table on
/// the CI machine kind, so the kill windows (5 × ≤ 300 ms; a shard, half the table, 3 × ≤ 250
/// ms) end before the run does (100,000, 0.9 s, left it to chance).
const TABLE_ITERATIONS: u64 = 200_000;

fn darkhex_table(max_cells: usize, iterations: u64) -> Job {
    let args = format!(
        "darkhex table --max-cells {max_cells} --iterations {iterations} --algo dcfr \
         --checkpoint-secs 0.01"
    );
    Job {
        args: args.split_whitespace().map(String::from).collect(),
        resume_flag: None,
        out_file: None,
        has_checkpoint: |out| out.join("resume/darkhex-table.csv").exists(),
    }
}

/// Self-play of `game` (`dola` or `hexecs`) into `file`: a checkpoint is a journal with a
/// finished game in it.
fn self_play(game: &str, file: &'static str, games: u32) -> Job {
    let variant = if game == "dola" {
        "--variant sultan "
    } else {
        ""
    };
    let args = format!(
        "{game} play {variant}--games {games} --depth 2 --threads 1 --max-plies 60 --seed 3"
    );
    Job {
        args: args.split_whitespace().map(String::from).collect(),
        resume_flag: None,
        out_file: Some(file),
        has_checkpoint: |out| {
            std::fs::read_dir(out).is_ok_and(|d| {
                d.flatten().any(|e| {
                    let journal = e.file_name().to_string_lossy().ends_with(".journal");
                    journal && read(e.path()).lines().count() > 1
                })
            })
        },
    }
}

/// Every file of `dir` without the lines that record the command.
fn files_without_command(dir: &Path) -> Vec<(String, Vec<String>)> {
    let mut v: Vec<(String, Vec<String>)> = std::fs::read_dir(dir)
        .unwrap()
        .flatten()
        .map(|e| {
            let lines = read(e.path())
                .lines()
                .filter(|l| !l.starts_with("# command"))
                .map(String::from)
                .collect();
            (e.file_name().to_string_lossy().into_owned(), lines)
        })
        .collect();
    v.sort();
    v
}

fn check_self_play(game: &str, file: &'static str, games: u32, rounds: usize) -> Rounds {
    let dir = common::scratch(&format!("kill-play-{game}-{games}"));
    let job = self_play(game, file, games);
    uninterrupted(&job, &dir.join("one"));
    // A temporary that a killed run left (a process id that cannot be running): removed
    // when the games are complete, like any a kill below leaves.
    std::fs::create_dir_all(dir.join("killed")).unwrap();
    std::fs::write(
        dir.join("killed").join(format!(".{file}.4999999-0.tmp")),
        "x",
    )
    .unwrap();
    let r = kill_rounds(&job, &dir.join("killed"), rounds, u64::from(games), 300);
    let (killed, one) = (
        files_without_command(&dir.join("killed")),
        files_without_command(&dir.join("one")),
    );
    let names = |v: &[(String, Vec<String>)]| v.iter().map(|f| f.0.clone()).collect::<Vec<_>>();
    assert_eq!(names(&killed), names(&one), "{game} play: files");
    for (k, o) in killed.iter().zip(&one) {
        assert!(
            k.1 == o.1,
            "{game} play: {} differs: {:?} vs {:?}",
            k.0,
            k.1,
            o.1
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// `summary.md` of a double-oracle run without its command line and total seconds.
fn summary_without_timing(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.starts_with("- command:"))
        .map(|l| match l.find(" s in total") {
            Some(end) => {
                let start = l[..end].rfind(' ').unwrap_or(0);
                format!("{}{}", &l[..start], &l[end..])
            }
            None => l.to_string(),
        })
        .collect()
}

fn check_rex_table(max_cells: usize, rounds: usize, seed: u64, max_ms: u64) -> Rounds {
    let dir = common::scratch(&format!("kill-rex-{max_cells}-{seed}"));
    let job = rex_table(max_cells);
    uninterrupted(&job, &dir.join("one"));
    let r = kill_rounds(&job, &dir.join("killed"), rounds, seed, max_ms);
    let values = |d: &str| columns(&read(dir.join(d).join("parity.csv")), &[0, 1, 2, 3, 4]);
    assert_eq!(values("killed"), values("one"), "rex table values");
    assert!(
        !dir.join("killed/resume").exists(),
        "resume state left after the table"
    );
    let _ = std::fs::remove_dir_all(&dir);
    r
}

fn check_double_oracle(board: (&str, &str, &str), iterations: u64, rounds: usize) -> Rounds {
    let dir = common::scratch(&format!("kill-do-{}x{}-{iterations}", board.0, board.1));
    let job = double_oracle(board, iterations);
    uninterrupted(&job, &dir.join("one"));
    let r = kill_rounds(&job, &dir.join("killed"), rounds, iterations, 100);
    for f in ["black-lower.mix", "white-upper.mix"] {
        assert_eq!(
            read(dir.join("killed").join(f)),
            read(dir.join("one").join(f)),
            "{f}"
        );
    }
    let conv = |d: &str| columns(&read(dir.join(d).join("convergence.csv")), &[0, 2, 3, 4]);
    assert_eq!(conv("killed"), conv("one"), "convergence.csv");
    let summary = |d: &str| summary_without_timing(&read(dir.join(d).join("summary.md")));
    assert_eq!(summary("killed"), summary("one"), "summary.md");
    assert_no_temporaries(&dir.join("killed"));
    let _ = std::fs::remove_dir_all(&dir);
    r
}

fn check_cfr(iterations: u64, rounds: usize, seed: u64) -> Rounds {
    use darkhex::strategy::StrategyFile;
    let dir = common::scratch(&format!("kill-cfr-{iterations}-{seed}"));
    let job = cfr(iterations);
    uninterrupted(&job, &dir.join("one"));
    let r = kill_rounds(&job, &dir.join("killed"), rounds, seed, 100);
    let strategy = |d: &str| {
        let bytes = std::fs::read(dir.join(d).join("strategy.bin")).unwrap();
        let mut s = StrategyFile::from_bytes(&bytes).unwrap();
        s.header.command.clear();
        s.to_bytes()
    };
    assert!(
        strategy("killed") == strategy("one"),
        "strategy.bin differs"
    );
    let last_row = |d: &str| {
        let rows = columns(&read(dir.join(d).join("convergence.csv")), &[0, 2, 3, 4]);
        rows.last().cloned()
    };
    assert_eq!(last_row("killed"), last_row("one"), "final bracket");
    assert_no_temporaries(&dir.join("killed"));
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// `values.md`'s table rows without the seconds column.
fn md_rows_without_seconds(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| l.starts_with("| "))
        .map(|l| {
            let mut f: Vec<&str> = l.split('|').collect();
            if f.len() > 10 {
                f.remove(9);
            }
            f.join("|")
        })
        .collect()
}

fn check_darkhex_table(
    max_cells: usize,
    iterations: u64,
    rounds: usize,
    seed: u64,
    max_ms: u64,
) -> Rounds {
    use darkhex::strategy::StrategyFile;
    let dir = common::scratch(&format!("kill-dh-table-{max_cells}-{iterations}-{seed}"));
    let job = darkhex_table(max_cells, iterations);
    let start = Instant::now();
    uninterrupted(&job, &dir.join("one"));
    // The kills are spread over the job at this machine's speed: a loaded machine stretches
    // the table, and kills at most `max_ms` in would never leave the first board.
    let spread =
        u64::try_from(start.elapsed().as_millis()).unwrap_or(u64::MAX) / (2 * rounds as u64);
    let max_ms = max_ms.max(spread);
    // Temporaries that a run killed while writing the journal or the table leaves (a process
    // id that cannot be running): removed when the table is written.
    let resume = dir.join("killed/resume");
    std::fs::create_dir_all(&resume).unwrap();
    std::fs::write(resume.join(".darkhex-table.csv.4999999-0.tmp"), "x").unwrap();
    std::fs::write(dir.join("killed/.values.md.4999999-0.tmp"), "x").unwrap();
    // One kill that lands inside a board, after its first checkpoint (random kills on a
    // loaded machine can all fall between boards): the next run must resume that board.
    let inside = kill_inside_a_board(&job, &dir.join("killed"));
    let mut r = kill_rounds(&job, &dir.join("killed"), rounds, seed, max_ms);
    r.output.insert_str(0, &inside);
    r.kills += 1;
    // Every column but the seconds.
    let values = |d: &str| {
        columns(
            &read(dir.join(d).join("values.csv")),
            &[0, 1, 2, 3, 4, 5, 6, 7],
        )
    };
    assert_eq!(values("killed"), values("one"), "values.csv");
    let md = |d: &str| md_rows_without_seconds(&read(dir.join(d).join("values.md")));
    assert_eq!(md("killed"), md("one"), "values.md");
    let strategy = |path: PathBuf| {
        let mut s = StrategyFile::from_bytes(&std::fs::read(path).unwrap()).unwrap();
        s.header.command.clear();
        s.to_bytes()
    };
    let mut boards = 0;
    for b in std::fs::read_dir(dir.join("one/boards")).unwrap().flatten() {
        let name = b.file_name();
        let killed = dir.join("killed/boards").join(&name).join("strategy.bin");
        assert!(
            strategy(b.path().join("strategy.bin")) == strategy(killed),
            "{name:?}: strategy.bin differs"
        );
        boards += 1;
    }
    assert_eq!(boards, values("one").len() - 1, "a folder per board");
    let left: Vec<_> = std::fs::read_dir(dir.join("killed/resume"))
        .map(|d| d.flatten().map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "journal left after the table: {left:?}");
    assert!(!dir.join("killed/resume").exists(), "resume/ left");
    assert_no_temporaries(&dir.join("killed"));
    let _ = std::fs::remove_dir_all(&dir);
    r
}

/// Run the Dark Hex table `job` into `out` and kill it once some board has a checkpoint and
/// no summary yet (inside the board); its output.
fn kill_inside_a_board(job: &Job, out: &Path) -> String {
    let mut child = gsolve(&with_out(job, out, false)).spawn().unwrap();
    let start = Instant::now();
    let in_progress = || {
        std::fs::read_dir(out.join("boards"))
            .into_iter()
            .flatten()
            .flatten()
            .any(|b| {
                b.path().join("checkpoint.bin").exists() && !b.path().join("summary.md").exists()
            })
    };
    while !in_progress() {
        assert!(
            child.try_wait().unwrap().is_none(),
            "the table finished before a kill"
        );
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "no board checkpoint"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    let _ = child.kill();
    let done = child.wait_with_output().unwrap();
    format!(
        "{}{}",
        String::from_utf8_lossy(&done.stdout),
        String::from_utf8_lossy(&done.stderr)
    )
}

#[test]
fn darkhex_table_killed_repeatedly_gives_the_same_table() {
    let r = check_darkhex_table(4, TABLE_ITERATIONS, 5, 23, 300);
    eprintln!(
        "kill rounds: darkhex table (≤ 4 cells, {TABLE_ITERATIONS} iterations a board) killed {} times, final table and strategies equal",
        r.kills
    );
    assert!(r.kills >= 3, "{r:?}");
    // Killed inside a board, the next run resumed it from its checkpoint, and took the
    // finished boards from the journal.
    assert!(r.output.contains("resumed at iteration"), "{}", r.output);
    assert!(
        r.output.contains("(finished by an earlier run)"),
        "{}",
        r.output
    );
}

/// The two shards of the same table, each killed at seeded random moments and resumed, then
/// merged: equal to the uninterrupted single run (values, brackets, iterations and every
/// board's strategy; `gsolve merge --same-as` compares them).
#[test]
fn darkhex_table_shards_killed_repeatedly_merge_into_the_single_table() {
    let dir = common::scratch("kill-dh-table-shards");
    uninterrupted(&darkhex_table(4, TABLE_ITERATIONS), &dir.join("one"));
    let parts = dir.join("parts");
    let mut kills = 0;
    let mut output = String::new();
    for (i, has_checkpoint) in [
        (
            0,
            (|out: &Path| out.join("values-0of2.csv").exists()) as fn(&Path) -> bool,
        ),
        (1, |out: &Path| out.join("values-1of2.csv").exists()),
    ] {
        let mut job = darkhex_table(4, TABLE_ITERATIONS);
        job.args.extend(["--shard".to_string(), format!("{i}/2")]);
        job.has_checkpoint = has_checkpoint;
        let r = kill_rounds(&job, &parts, 3, 31 + i, 250);
        kills += r.kills;
        output.push_str(&r.output);
    }
    assert!(kills >= 3, "{kills} kills");
    assert!(output.contains("resumed at iteration"), "{output}");
    let (merged, one) = (dir.join("merged"), dir.join("one"));
    let r = common::gsolve(&[
        "merge",
        parts.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "--same-as",
        one.to_str().unwrap(),
    ]);
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    assert!(r.stdout.contains("same as"), "{}", r.stdout);
    assert_no_temporaries(&parts);
    eprintln!("kill rounds: darkhex table shards (2 of ≤ 4 cells) killed {kills} times, merged table equal");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A table in progress with other options is not taken for this run's: exit 2 naming the
/// journal; nothing of it is changed.
#[test]
fn darkhex_table_refuses_a_journal_of_other_options() {
    let dir = common::scratch("dh-table-other-journal");
    let journal = dir.join("resume/darkhex-table.csv");
    std::fs::create_dir_all(journal.parent().unwrap()).unwrap();
    let text = "# gsolve darkhex table journal; format 1\n# parameters: algorithm=DCFR; time=60; gap=0.000001; large_time=0; max_cells=9; iterations=none\nrows,cols,variant,lower,upper,gap,response_nodes,representation,infosets,nodes,iterations,seconds\n";
    std::fs::write(&journal, text).unwrap();
    let out = dir.to_str().unwrap();
    let args = [
        "darkhex",
        "table",
        "--max-cells",
        "2",
        "--iterations",
        "5",
        "--out",
        out,
    ];
    for extra in [&[][..], &["--json"][..]] {
        let r = common::gsolve(&[extra, &args[..]].concat());
        common::assert_bad_input(
            &r,
            "other journal",
            "darkhex-table.csv",
            !extra.is_empty(),
            4096,
        );
        assert!(r.stderr.contains("other options") || r.stdout.contains("other options"));
    }
    assert_eq!(read(journal.clone()), text);
    // This run's options but a damaged line: exit 2 naming the journal and the line.
    let text = "# gsolve darkhex table journal; format 1\n# parameters: algorithm=pcfr+; time=60; gap=0.000001; large_time=0; max_cells=2; iterations=5\nrows,cols,variant,lower,upper,gap,response_nodes,representation,infosets,nodes,iterations,seconds\n1,1,classical,1,1,0,1,history,1,1,5,0.1\n1,2,classical,nan,1,0,1,history,1,1,5,0.1\n";
    std::fs::write(&journal, text).unwrap();
    let r = common::gsolve(&args);
    common::assert_bad_input(&r, "damaged journal", "darkhex-table.csv", false, 4096);
    assert!(r.stderr.contains("line 5"), "{}", r.stderr);
    assert_eq!(read(journal), text);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn rex_table_killed_repeatedly_gives_the_same_table() {
    // Only 4x5 takes long enough (about 50 ms) for its database (saved every 20 ms) to reach
    // the disk, so the kill comes at most 10 ms after the database appears; a loaded machine
    // can still let the board finish first, hence up to three attempts (each one a full check
    // of the table against the uninterrupted run).
    let mut r = Rounds::default();
    for attempt in 0..3 {
        r = check_rex_table(20, 4, 19 + attempt, 10);
        eprintln!(
            "kill rounds: rex table (≤ 20 cells) killed {} times, final table equal",
            r.kills
        );
        assert!(r.kills >= 1, "{r:?}");
        if r.output.contains("resumed with") {
            break;
        }
    }
    // Killed while a board's database was on disk, the next run resumed from it.
    assert!(r.output.contains("resumed with"), "{}", r.output);
}

#[test]
fn double_oracle_killed_repeatedly_is_an_exact_continuation() {
    // 150 iterations take about 1.2 s uninterrupted on the CI machine kind, well over the
    // five kill windows of at most 100 ms (90 iterations, 0.4 s, once finished after 2 kills).
    let r = check_double_oracle(("3", "3", "abrupt"), 150, 5);
    eprintln!(
        "kill rounds: double oracle (3x3 abrupt, 150 iterations) killed {} times, files equal",
        r.kills
    );
    assert!(r.kills >= 3, "{r:?}");
}

#[test]
fn cfr_killed_repeatedly_gives_the_same_strategy() {
    // 15,000 iterations take about 1 s uninterrupted since the pruned walk (1000 took 0.1 s and
    // once finished after one kill), well over the four kill windows of at most 100 ms.
    let r = check_cfr(15_000, 4, 7);
    eprintln!(
        "kill rounds: CFR (3x2 classical, 15000 iterations) killed {} times, strategy equal",
        r.kills
    );
    assert!(r.kills >= 2, "{r:?}");
}

#[test]
fn self_play_killed_repeatedly_gives_the_same_records() {
    let r = check_self_play("dola", "g.txt", 6, 3);
    eprintln!(
        "kill rounds: dola play (6 games) killed {} times, records equal",
        r.kills
    );
    assert!(r.output.contains("resumed after"), "{}", r.output);
    let r = check_self_play("hexecs", "h.txt", 4, 3);
    eprintln!(
        "kill rounds: hexecs play (4 games) killed {} times, records equal",
        r.kills
    );
    assert!(r.output.contains("resumed after"), "{}", r.output);
}

/// Longer variants: more rounds, larger runs, several seeds.
#[test]
#[ignore]
fn deep_kill_and_resume_rounds() {
    for seed in 0..5 {
        let r = check_rex_table(24, 10, seed, 300);
        eprintln!("rex table ≤ 24 cells, seed {seed}: {} kills", r.kills);
        let r = check_cfr(100_000, 10, seed);
        eprintln!("cfr 3x2 classical, seed {seed}: {} kills", r.kills);
    }
    for seed in 0..3 {
        let r = check_self_play("dola", "g.txt", 30 + seed, 10);
        eprintln!("dola play {} games: {} kills", 30 + seed, r.kills);
        let r = check_self_play("hexecs", "h.txt", 20 + seed, 10);
        eprintln!("hexecs play {} games: {} kills", 20 + seed, r.kills);
    }
    for (board, iterations) in [(("3", "3", "abrupt"), 480), (("2", "4", "abrupt"), 300)] {
        let r = check_double_oracle(board, iterations, 12);
        eprintln!("double oracle {board:?} to {iterations}: {} kills", r.kills);
    }
}

/// Longer `darkhex table` rounds: the 28 boards of ≤ 6 cells (the 6-cell boards take seconds
/// each, with checkpoints of ~100 KB), 3,000 iterations a board, ten SIGKILLs a seed.
#[test]
#[ignore]
fn deep_darkhex_table_rounds() {
    for seed in 0..3 {
        let r = check_darkhex_table(6, 3000, 10, seed, 5000);
        eprintln!("darkhex table ≤ 6 cells, seed {seed}: {} kills", r.kills);
        assert!(r.output.contains("resumed at iteration"), "{}", r.output);
    }
}
