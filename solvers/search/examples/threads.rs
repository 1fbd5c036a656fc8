//! Fixed-depth time and nodes with 1 and 2 threads on the toy games:
//! `cargo run --release -p search --example threads -- DEPTH_TREE DEPTH_PIG`.
use search::toy::{Pig, TreeGame};
use search::{Limits, SearchOptions};
use std::time::Instant;

fn main() {
    let args: Vec<u32> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    for threads in [1, 2] {
        let o = SearchOptions {
            threads,
            tt_mib: 64,
            ..SearchOptions::default()
        };
        let t = Instant::now();
        let mut a = None;
        for seed in 0..6 {
            let g = TreeGame::new(seed, 4, 60, true);
            let mut moves = Vec::new();
            game::Game::legal_moves(&g, &mut moves);
            if moves.len() >= 3 {
                a = Some(search::search(&g, &o, &Limits::depth(args[0])).unwrap());
                break;
            }
        }
        let a = a.expect("a root with 3 moves");
        let ta = t.elapsed().as_secs_f64();
        let t = Instant::now();
        let b = search::search(&Pig::new(20), &o, &Limits::depth(args[1])).unwrap();
        let tb = t.elapsed().as_secs_f64();
        println!(
            "threads {threads}: tree d{} score {} nodes {} {:.2}s | pig d{} score {} nodes {} {:.2}s",
            args[0], a.score, a.nodes, ta, args[1], b.score, b.nodes, tb
        );
    }
}
