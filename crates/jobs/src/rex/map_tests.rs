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
        defer: Vec::new(),
        unit_cap: None,
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
    // Every (opening, reply) pair, named by either image, is one of the units (odd and even
    // boards): the pair itself or its image.
    for (rows, cols) in [(3, 3), (4, 4), (3, 4)] {
        let b = RexPosition::<u64>::new(rows, cols).unwrap();
        let u = units(&b, &[]);
        let n = (rows * cols) as u32;
        for x in 0..n {
            for r in (0..n).filter(|&r| r != x) {
                let got = unit_of(&b, &b.hex().name(x), &b.hex().name(r)).unwrap();
                assert!(u.contains(&got), "{rows}x{cols} {x},{r} -> {got:?}");
                assert!(got == (x, r) || got == (n - 1 - x, n - 1 - r) || got == (x, n - 1 - r));
            }
        }
    }
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

/// The map's values: each opening's value and White's winning replies.
fn values(s: &MapSummary) -> Vec<(String, Option<bool>, Vec<String>)> {
    s.openings
        .iter()
        .map(|o| (o.opening.clone(), o.black_wins, o.white_wins.clone()))
        .collect()
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
    assert_eq!(values(&last), values(&want));
    std::fs::remove_dir_all(&roomy).unwrap();
    std::fs::remove_dir_all(&tiny).unwrap();
}

/// A deferred unit, named by either image, is solved after every other unit of the run; an
/// unknown or foreign unit is an input error; the map is the same.
#[test]
fn deferred_units_come_last() {
    let whole = tmp("defer-all");
    let all = run_map(&config(&whole, 0, (0, 1)), &crate::NoProgress).unwrap();
    let dir = tmp("defer");
    // c3:b3 is the 180° image of a1:b1, the map's first unit, named twice.
    let cfg = |max_units| MapConfig {
        defer: vec![("c3".into(), "b3".into()), ("a1".into(), "b1".into())],
        ..config(&dir, max_units, (0, 1))
    };
    let first = run_map(&cfg(all.shard_units - 1), &crate::NoProgress).unwrap();
    assert!(first.stopped);
    let lines = || std::fs::read_to_string(dir.join("replies.csv")).unwrap();
    let text = lines();
    assert!(!text.lines().any(|l| l.starts_with("a1,b1,")), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("a1,")).count(), 7);
    let last = run_map(&cfg(0), &crate::NoProgress).unwrap();
    assert!(last.complete && last.done_now == 1);
    let text = lines();
    assert!(text.lines().last().unwrap().starts_with("a1,b1,"), "{text}");
    assert_eq!(values(&last), values(&all));
    let bad_dir = tmp("defer-bad");
    for (defer, why) in [
        (("a1", "a1"), "the reply is the opening"),
        (("a1", "z9"), "z9"),
        (("b2", "a1"), "not a unit of this run"),
    ] {
        let foreign = MapConfig {
            openings: vec!["a1".into()],
            defer: vec![(defer.0.into(), defer.1.into())],
            ..config(&bad_dir, 0, (0, 1))
        };
        match run_map(&foreign, &crate::NoProgress) {
            Err(MapError::Input(e)) => assert!(e.contains(why) && e.contains("--defer"), "{e}"),
            other => panic!("{defer:?}: {other:?}"),
        }
        assert!(
            !bad_dir.exists(),
            "a refused run wrote {}",
            bad_dir.display()
        );
    }
    for d in [whole, dir, bad_dir] {
        let _ = std::fs::remove_dir_all(d);
    }
}

/// With a unit cap, a unit that reaches it is set aside (its time kept in the account) and the
/// run goes on: every unit of the round is either finished, with the value of the complete
/// 6x6 map in `results/rex/6x6`, or set aside; the run says it stopped with units left.
#[test]
fn a_unit_cap_sets_hard_units_aside_and_goes_on() {
    let dir = tmp("cap");
    let cfg = MapConfig {
        rows: 6,
        cols: 6,
        openings: vec!["a1".into()],
        unit_cap: Some(std::time::Duration::from_millis(20)),
        ..config(&dir, 0, (0, 1))
    };
    let s = run_map(&cfg, &crate::NoProgress).unwrap();
    assert_eq!(s.done_now + s.capped.len(), 35);
    // a1 b1 takes minutes (the map's replies.csv): it cannot finish in 20 ms.
    assert!(s.capped.contains(&("a1".to_string(), "b1".to_string())));
    assert!(s.stopped && !s.complete);
    let spent = std::fs::read_to_string(dir.join("resume/spent.csv")).unwrap();
    let mut set_aside: Vec<_> = spent.lines().skip(2).map(|l| l.to_string()).collect();
    set_aside.retain(|l| !l.is_empty());
    assert_eq!(set_aside.len(), s.capped.len(), "{spent}");
    let map = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../results/rex/6x6");
    let known = read_results(&map, "6x6").unwrap();
    let mine = read_results(&dir, "6x6").unwrap();
    assert_eq!(mine.len(), s.done_now);
    for (key, unit) in &mine {
        assert_eq!(unit.black_wins, known[key].black_wins, "{key:?}");
        assert!(!s.capped.contains(key));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
