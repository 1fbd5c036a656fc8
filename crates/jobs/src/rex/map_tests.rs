//! Tests of the map job (`super`): resume, shards, the database, against the solver.

use super::*;

fn config(dir: &Path, max_units: usize, shard: (usize, usize)) -> MapConfig {
    let shard = Shard::new(shard.0, shard.1, "shard").unwrap();
    MapConfig {
        rows: 3,
        cols: 3,
        out: dir.to_path_buf(),
        openings: Vec::new(),
        shard,
        solver: SolverConfig {
            tt_mb: 8,
            ..SolverConfig::default()
        },
        time_limit: None,
        store_depth: 4,
        store_max: 1 << 20,
        checkpoint_seconds: 3600,
        max_units,
    }
}

/// Every answer in the `replies*.csv` files of `dir` wins (solved again by a fresh solver);
/// the files hold `units` units in all. Answers may differ between runs, values may not.
fn answers_win(dir: &Path, units: usize) {
    let board = RexPosition::<u64>::new(3, 3).unwrap();
    let mut all = Vec::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("replies") && name.ends_with(".csv") {
            let text = std::fs::read_to_string(&path).unwrap();
            all.extend(map_files::parse_lines(text.lines(), &path).unwrap());
        }
    }
    assert_eq!(all.len(), units, "{}", dir.display());
    let (checked, bad) = super::super::map_check::check_answers(&board, &all, dir).unwrap();
    assert!(bad.is_empty(), "losing answers {bad:?}");
    assert!(checked > 0, "no unit won by Black in {}", dir.display());
}

fn tmp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gsolve-map-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    d
}

#[test]
fn units_cover_openings_up_to_rotation() {
    let b = RexPosition::<u64>::new(3, 3).unwrap();
    let u = units(&b, &[]);
    // Openings a1..e2 (5 of 9); the centre b2 takes replies up to rotation (4 of 8).
    let openings: std::collections::BTreeSet<u32> = u.iter().map(|p| p.0).collect();
    assert_eq!(openings.len(), 5);
    assert_eq!(u.len(), 4 * 8 + 4);
}

/// A run stopped after a few units and resumed gives the same map as one run; the 3x3 map
/// agrees with the literature (every opening loses) and with the solver's own move values.
#[test]
fn resumed_and_sharded_runs_give_the_one_run_map() {
    let one = tmp("one");
    let s1 = run_map(&config(&one, 0, (0, 1)), &crate::NoProgress).unwrap();
    assert!(s1.complete && !s1.stopped);
    assert!(s1.openings.iter().all(|o| o.black_wins == Some(false)));
    let parts = tmp("parts");
    let a = run_map(&config(&parts, 5, (0, 2)), &crate::NoProgress).unwrap();
    assert!(a.stopped && !a.complete && a.done_now == 5);
    assert!(parts.join("resume").join("proofs-0of2.bin.gz").exists());
    run_map(&config(&parts, 0, (0, 2)), &crate::NoProgress).unwrap();
    let b = run_map(&config(&parts, 0, (1, 2)), &crate::NoProgress).unwrap();
    assert!(b.complete);
    answers_win(&one, 36);
    answers_win(&parts, 36);
    assert!(
        !parts.join("resume").exists(),
        "resume state kept after completion"
    );
    assert_eq!(s1.openings, {
        let mut o = b.openings.clone();
        for (x, y) in o.iter_mut().zip(&s1.openings) {
            x.seconds = y.seconds;
        }
        o
    });
    // White's winning replies against the solver's move values.
    let solver = Solver::<RexPosition<u64>>::new(SolverConfig::default()).unwrap();
    for o in &s1.openings {
        let mut p = RexPosition::<u64>::new(3, 3).unwrap();
        p.play_list(&o.opening).unwrap();
        let mut expect: Vec<String> = solver
            .move_values(&p)
            .into_iter()
            .filter(|v| v.wins)
            .map(|v| p.move_name(v.mv))
            .collect();
        let mut got = o.white_wins.clone();
        // For the centre, replies are taken up to the rotation: keep the canonical ones.
        if o.opening == o.image {
            expect.retain(|c| {
                let i = p.parse_cell(c).unwrap();
                i <= 8 - i
            });
        }
        expect.sort();
        got.sort();
        assert_eq!(got, expect, "opening {}", o.opening);
    }
    std::fs::remove_dir_all(&one).unwrap();
    std::fs::remove_dir_all(&parts).unwrap();
}

/// A full database keeps taking the newest proofs (replacing the oldest), and a run with a
/// tiny one, stopped and resumed, gives the map of a run with a roomy one.
#[test]
fn a_full_database_replaces_old_proofs_and_the_map_is_the_same() {
    let roomy = tmp("roomy");
    let want = run_map(&config(&roomy, 0, (0, 1)), &crate::NoProgress).unwrap();
    let tiny = tmp("tiny");
    let small = |max_units| MapConfig {
        store_max: 3,
        ..config(&tiny, max_units, (0, 1))
    };
    let first = run_map(&small(20), &crate::NoProgress).unwrap();
    assert!(first.stopped);
    assert_eq!(first.stored_positions, 3);
    assert!(first.store_replaced > 0, "the tiny database never filled");
    let last = run_map(&small(0), &crate::NoProgress).unwrap();
    assert!(last.complete);
    let values = |s: &MapSummary| -> Vec<_> {
        s.openings
            .iter()
            .map(|o| (o.opening.clone(), o.black_wins, o.white_wins.clone()))
            .collect()
    };
    assert_eq!(values(&last), values(&want));
    std::fs::remove_dir_all(&roomy).unwrap();
    std::fs::remove_dir_all(&tiny).unwrap();
}
