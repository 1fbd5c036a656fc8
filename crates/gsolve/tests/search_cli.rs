//! `gsolve {dola,hexecs} search` and `play` end to end: JSON keys, exit codes on impossible
//! limits, scores equal to the library's search (so the capture-ordering hints of the CLI change
//! node counts only), and self-play records read back by `gsolve dola replay` and
//! `gsolve hexecs perft --moves` / `show --moves`.

use serde_json::Value;
use std::process::{Command, Output};

fn gsolve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .args(args)
        .output()
        .expect("gsolve runs")
}

fn json(args: &[&str]) -> Value {
    let mut a = vec!["--json"];
    a.extend_from_slice(args);
    let out = gsolve(&a);
    assert!(
        out.status.success(),
        "gsolve {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.trim().lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(&text).unwrap()
}

fn tmp(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-search-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn dola_search_json_matches_the_library() {
    for v in dola::Variant::ALL {
        // --no-lmr: the exact fixed-depth value, which the library's default options compute.
        let j = json(&[
            "dola",
            "search",
            "--variant",
            v.name(),
            "--depth",
            "3",
            "--no-lmr",
        ]);
        assert_eq!(j["lmr"], false);
        for key in [
            "best_move",
            "score",
            "depth",
            "nodes",
            "nps",
            "pv",
            "iterations",
        ] {
            assert!(j.get(key).is_some(), "missing {key}");
        }
        assert_eq!(j["depth"], 3);
        assert_eq!(j["iterations"].as_array().unwrap().len(), 3);
        let lib = search::search(
            &dola::Position::start(v),
            &search::SearchOptions::default(),
            &search::Limits::depth(3),
        )
        .unwrap();
        assert_eq!(j["score"], lib.score, "{v}");
        assert_eq!(j["pv"][0], j["best_move"]);
    }
    // --moves and --fen are applied.
    let j = json(&[
        "dola",
        "search",
        "--variant",
        "sultan",
        "--fen",
        "8rk/8pp/10/10/10/10/2B7/10/7R2/K9 w - - - 0 1",
        "--depth",
        "2",
    ]);
    assert_eq!(j["best_move"], "h2h9");
    assert_eq!(j["score_kind"], "win");
    let j = json(&["dola", "search", "--moves", "f2f5,f9f6", "--nodes", "2000"]);
    assert!(j["nodes"].as_u64().unwrap() >= 1);
    // Late move reductions are on by default.
    assert_eq!(j["lmr"], true);
}

#[test]
fn hexecs_search_json_matches_the_library() {
    let j = json(&["hexecs", "search", "--depth", "3", "--no-lmr"]);
    let lib = search::search(
        &hexecs::Hexecs::start(),
        &search::SearchOptions::default(),
        &search::Limits::depth(3),
    )
    .unwrap();
    assert_eq!(j["score"], lib.score);
    assert_eq!(j["iterations"].as_array().unwrap().len(), 3);
    let j = json(&[
        "hexecs",
        "search",
        "--fen",
        "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu - 0 1",
        "--depth",
        "2",
        "--chance",
        "star1",
    ]);
    assert_eq!(j["chance_pruning"], "star1");
    // Human output: one line per iteration and a bestmove line.
    let out = gsolve(&["hexecs", "search", "--depth", "2"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.lines().filter(|l| l.starts_with("depth")).count() == 2,
        "{text}"
    );
    assert!(text.contains("bestmove"));
}

#[test]
fn impossible_limits_and_bad_positions_exit_with_code_two() {
    for args in [
        vec!["dola", "search", "--depth", "0"],
        vec!["dola", "search", "--time", "-1"],
        vec!["dola", "search", "--time", "NaN"],
        vec!["dola", "search", "--nodes", "0"],
        vec!["dola", "search"],
        vec!["dola", "search", "--variant", "nope", "--depth", "2"],
        vec!["dola", "search", "--fen", "garbage", "--depth", "2"],
        vec!["dola", "search", "--moves", "a1a9", "--depth", "2"],
        vec!["dola", "search", "--depth", "2", "--threads", "0"],
        vec!["hexecs", "search", "--depth", "0"],
        vec!["hexecs", "search", "--time", "-0.5"],
        vec!["hexecs", "search", "--time", "nan"],
        vec!["hexecs", "search", "--moves", "Z9Z9", "--depth", "2"],
        vec!["dola", "play", "--depth", "0"],
        vec!["dola", "play", "--depth", "2", "--games", "0"],
        vec!["hexecs", "play", "--time", "-3"],
    ] {
        let out = gsolve(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}: an error message");
    }
    // A checkmated position cannot be searched: a clear input error too.
    let mated = "8rk/7Rpp/10/10/10/10/2B7/10/10/K9 b - - - 1 1";
    assert_eq!(
        gsolve(&["dola", "search", "--fen", mated, "--depth", "2"])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn dola_play_records_replay_legally() {
    let out = tmp("dola-games.txt");
    let j = json(&[
        "dola",
        "play",
        "--variant",
        "qinwan",
        "--depth",
        "1",
        "--games",
        "2",
        "--seed",
        "7",
        "--max-plies",
        "60",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(j["games"], 2);
    let files = j["files"].as_array().unwrap();
    assert_eq!(files.len(), 2);
    for f in files {
        let f = f.as_str().unwrap();
        let text = std::fs::read_to_string(f).unwrap();
        assert!(text.starts_with("# gsolve dola play record, format 1"));
        let final_fen = text
            .lines()
            .find_map(|l| l.strip_prefix("# final FEN: "))
            .unwrap()
            .to_string();
        let plies: usize = text
            .lines()
            .find_map(|l| l.split(", ").find_map(|p| p.strip_suffix(" plies")))
            .unwrap()
            .parse()
            .unwrap();
        let r = json(&["dola", "replay", "--variant", "qinwan", f]);
        assert_eq!(r["moves"].as_u64().unwrap() as usize, plies, "{f}");
        assert_eq!(r["legal"], r["moves"], "{f}: every move legal");
        assert_eq!(r["final_fen"], final_fen.as_str(), "{f}");
    }
    // The same seed plays the same games.
    let again = tmp("dola-again.txt");
    json(&[
        "dola",
        "play",
        "--variant",
        "qinwan",
        "--depth",
        "1",
        "--games",
        "2",
        "--seed",
        "7",
        "--max-plies",
        "60",
        "--out",
        again.to_str().unwrap(),
    ]);
    let strip = |p: &std::path::Path| {
        std::fs::read_to_string(p)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("# command"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(
        strip(&out.with_file_name("dola-games-001.txt")),
        strip(&again.with_file_name("dola-again-001.txt"))
    );
}

#[test]
fn dola_play_records_replay_legally_in_every_variant_to_the_end() {
    for v in ["sultan", "sinwan"] {
        let out = tmp(&format!("{v}.txt"));
        let j = json(&[
            "dola",
            "play",
            "--variant",
            v,
            "--depth",
            "1",
            "--games",
            "1",
            "--seed",
            "3",
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(j["files"][0], out.to_str().unwrap());
        let r = json(&["dola", "replay", "--variant", v, out.to_str().unwrap()]);
        assert_eq!(r["legal"], r["moves"], "{v}");
        let unfinished = j["unfinished"].as_u64().unwrap() == 1;
        let text = std::fs::read_to_string(&out).unwrap();
        if text.contains("wins") {
            assert_eq!(r["final_checkmate"], true, "{v}");
        } else {
            assert!(unfinished || text.contains("draw"));
        }
    }
}

#[test]
fn hexecs_play_records_are_read_back_by_perft_and_show() {
    let out = tmp("hexecs-games.txt");
    let j = json(&[
        "hexecs",
        "play",
        "--depth",
        "1",
        "--games",
        "3",
        "--seed",
        "9",
        "--max-plies",
        "80",
        "--fen",
        "rnjqjkjnr/dddddddddd/11/4p7/13/3P8/11/DDDDDDDDDD/RNJKJQJNR w KQkq Uu - 0 1",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(j["games"], 3);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.starts_with("# gsolve hexecs play records, format 1"));
    let start = text
        .lines()
        .find_map(|l| l.strip_prefix("# start: "))
        .unwrap()
        .to_string();
    let lines: Vec<&str> = text.lines().collect();
    let mut games = 0;
    let mut rolls = 0;
    for (i, l) in lines.iter().enumerate() {
        let Some(rest) = l.strip_prefix("# game ") else {
            continue;
        };
        let final_pos = rest.split("final position: ").nth(1).unwrap();
        let moves = lines[i + 1];
        rolls += moves.matches("roll=").count();
        let p = gsolve(&[
            "hexecs", "perft", "--fen", &start, "--depth", "1", "--moves", moves,
        ]);
        assert!(p.status.success(), "{}", String::from_utf8_lossy(&p.stderr));
        let s = json(&["hexecs", "show", "--fen", &start, "--moves", moves]);
        assert_eq!(s["position"], final_pos);
        games += 1;
    }
    assert_eq!(games, 3);
    assert!(
        rolls > 0,
        "the princesses are free: some die outcomes were played"
    );
}

#[test]
fn play_writes_the_summary_table() {
    let md = tmp("selfplay.md");
    for seed in ["1", "2"] {
        json(&[
            "hexecs",
            "play",
            "--depth",
            "1",
            "--games",
            "2",
            "--seed",
            seed,
            "--max-plies",
            "30",
            "--summary",
            md.to_str().unwrap(),
        ]);
    }
    json(&[
        "dola",
        "play",
        "--depth",
        "1",
        "--games",
        "1",
        "--max-plies",
        "20",
        "--summary",
        md.with_file_name("dola.md").to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&md).unwrap();
    // The same heading is replaced, not repeated.
    assert_eq!(text.matches("## Hexecs").count(), 1, "{text}");
    assert!(text.contains("| games | first wins | draws | second wins |"));
    assert!(text.contains("--seed 2"));
    let d = std::fs::read_to_string(md.with_file_name("dola.md")).unwrap();
    assert!(d.starts_with("# Dola engine self-play") && d.contains("## Dola, variant sultan"));
}
