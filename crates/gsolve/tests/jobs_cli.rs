//! The CLI is only a front end: a job run through the `gsolve` binary gives exactly what the
//! job gives when called as a library (perft divide, a short self-play with its records, the
//! coins table).

use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn gsolve_json(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_gsolve"))
        .arg("--json")
        .args(args)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "gsolve {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn tmp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gsolve-jobs-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// A result file without its `command` line (the one line that names how it was called).
fn without_command(path: &std::path::Path) -> String {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.contains("command"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn dola_perft_divide_is_the_job_s() {
    let cli = gsolve_json(&[
        "dola",
        "perft",
        "--variant",
        "qinwan",
        "--depth",
        "3",
        "--divide",
    ]);
    let start = dola::Position::start(dola::Variant::Qinwan);
    let lib = jobs::perft::dola_perft(&start, 3, true, &jobs::NoProgress).unwrap();
    assert_eq!(cli["nodes"].as_u64(), Some(lib.nodes));
    let divide = lib.divide.unwrap();
    let cli_divide = cli["divide"].as_array().unwrap();
    assert_eq!(cli_divide.len(), divide.len());
    for (c, (m, n)) in cli_divide.iter().zip(&divide) {
        assert_eq!(c["move"], dola::Position::coordinate(*m).as_str());
        assert_eq!(c["nodes"].as_u64(), Some(*n));
    }
}

#[test]
fn hexecs_perft_divide_is_the_job_s() {
    let cli = gsolve_json(&[
        "hexecs",
        "perft",
        "--fen",
        hexecs::ROLLED_POSITION,
        "--depth",
        "2",
        "--divide",
    ]);
    let board = hexecs::parse_position(hexecs::ROLLED_POSITION).unwrap();
    let [d, c] = jobs::perft::hexecs_perft(&board, 2, true, &jobs::NoProgress).unwrap();
    assert_eq!(cli["nodes_decisions"].as_u64(), Some(d.nodes));
    assert_eq!(cli["nodes_with_chance"].as_u64(), Some(c.nodes));
    assert_eq!(cli["divide"].as_array().unwrap().len(), d.split.len());
}

#[test]
fn a_short_self_play_is_the_job_s() {
    let cli_out = tmp("cli-sinwan.txt");
    let cli = gsolve_json(&[
        "dola",
        "play",
        "--variant",
        "sinwan",
        "--depth",
        "2",
        "--games",
        "2",
        "--seed",
        "9",
        "--max-plies",
        "40",
        "--out",
        cli_out.to_str().unwrap(),
    ]);
    let lib_out = tmp("lib-sinwan.txt");
    let cfg = jobs::selfplay::DolaPlayConfig {
        variant: dola::Variant::Sinwan,
        play: jobs::selfplay::PlayConfig {
            games: 2,
            seed: 9,
            random_plies: 4,
            max_plies: 40,
            search: jobs::search::SearchSettings {
                depth: Some(2),
                ..Default::default()
            },
        },
        out: Some(lib_out.clone()),
        summary: None,
        command: "test".to_string(),
    };
    let lib = jobs::selfplay::dola_play(&cfg, &jobs::NoProgress).unwrap();
    let s = &lib.summary;
    assert_eq!(cli["games"].as_u64(), Some(u64::from(s.games)));
    assert_eq!(cli["white_wins"].as_u64(), Some(u64::from(s.first_wins)));
    assert_eq!(cli["black_wins"].as_u64(), Some(u64::from(s.second_wins)));
    assert_eq!(cli["draws"].as_u64(), Some(u64::from(s.draws)));
    assert_eq!(cli["mean_length"].as_f64(), Some(s.mean_length()));
    let cli_files = cli["files"].as_array().unwrap();
    assert_eq!(cli_files.len(), 2);
    for (c, l) in cli_files.iter().zip(&lib.files) {
        let c = PathBuf::from(c.as_str().unwrap());
        assert_eq!(without_command(&c), without_command(l), "{}", c.display());
    }
}

#[test]
fn the_coins_table_is_the_job_s() {
    let cli_dir = tmp("cli-coins");
    let cli = gsolve_json(&[
        "coins",
        "table",
        "--min-weighings",
        "2",
        "--max-weighings",
        "3",
        "--out",
        cli_dir.to_str().unwrap(),
    ]);
    let cfg = jobs::coins::TableConfig {
        min_weighings: 2,
        max_weighings: 3,
        out_dir: tmp("lib-coins"),
        command: "test".to_string(),
    };
    let lib = jobs::coins::table(&cfg, &jobs::NoProgress).unwrap();
    assert_eq!(cli["rows"], Value::Array(lib.rows_json()));
    for name in ["table.md", "table.csv"] {
        assert_eq!(
            without_command(&cli_dir.join(name)),
            without_command(&cfg.out_dir.join(name)),
            "{name}"
        );
    }
}
