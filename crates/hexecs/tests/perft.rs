//! The perft suite of `tests/data/perft.txt`, with reference cross-checks.

use hexecs_reference as common;

use common::{ref_perft, RefPos};
use hexecs::{parse_position, perft, Board, PerftMode};

struct Entry {
    position: String,
    board: Board,
    mode: PerftMode,
    depth: u32,
    nodes: u64,
}

fn suite() -> Vec<Entry> {
    let text = include_str!("data/perft.txt");
    let mut out = Vec::new();
    let mut current: Option<(String, Board)> = None;
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(p) = line.strip_prefix("position ") {
            let b = parse_position(p).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
            current = Some((p.to_string(), b));
            continue;
        }
        let f: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(f.len(), 3, "line {}: {line}", n + 1);
        let mode = match f[0] {
            "decisions" => PerftMode::Decisions,
            "chance" => PerftMode::WithChance,
            other => panic!("line {}: unknown mode {other}", n + 1),
        };
        let (position, board) = current.clone().expect("an entry before any position");
        out.push(Entry {
            position,
            board,
            mode,
            depth: f[1].parse().unwrap(),
            nodes: f[2].parse().unwrap(),
        });
    }
    out
}

fn run(max_nodes: u64, max_reference: u64) {
    let entries = suite();
    assert!(entries.len() >= 20);
    let mut checked = 0;
    let mut referenced = 0;
    for e in &entries {
        if e.nodes > max_nodes {
            continue;
        }
        assert_eq!(
            perft(&e.board, e.depth, e.mode),
            e.nodes,
            "{} {:?} {}",
            e.position,
            e.mode,
            e.depth
        );
        checked += 1;
        if e.nodes <= 5_000_000 {
            let split = hexecs::divide(&e.board, e.depth, e.mode);
            assert_eq!(
                split.iter().map(|x| x.1).sum::<u64>(),
                e.nodes,
                "divide of {}",
                e.position
            );
        }
        if e.nodes <= max_reference {
            let r = RefPos::from_board(&e.board);
            let chance = e.mode == PerftMode::WithChance;
            assert_eq!(
                ref_perft(&r, e.depth, chance),
                e.nodes,
                "reference: {} {:?} {}",
                e.position,
                e.mode,
                e.depth
            );
            referenced += 1;
        }
    }
    assert!(checked >= 20 && referenced >= 10, "{checked} {referenced}");
}

#[test]
fn perft_suite() {
    run(25_000_000, 5_000);
}

#[test]
#[ignore]
fn perft_suite_deep() {
    run(u64::MAX, 400_000);
}
