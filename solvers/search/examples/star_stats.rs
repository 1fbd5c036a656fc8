//! Node counts of plain expectimax, Star1 and Star2 on the toy chance games:
//! `cargo run --release -p search --example star_stats -- TT_MIB MAX_PIG_DEPTH MAX_TREE_DEPTH`.
use search::toy::{Pig, TreeGame};
use search::{ChancePruning, Limits, SearchOptions};

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("numbers"))
        .collect();
    let (tt, pig_depth, tree_depth) = (args[0], args[1] as u32, args[2] as u32);
    let modes = [
        ChancePruning::None,
        ChancePruning::Star1,
        ChancePruning::Star2,
    ];
    for d in (2..=pig_depth).step_by(2) {
        let mut line = format!("pig20 tt{tt} d{d}:");
        for m in modes {
            let o = SearchOptions {
                chance_pruning: m,
                tt_mib: tt,
                ..SearchOptions::default()
            };
            let r = search::search(&Pig::new(20), &o, &Limits::depth(d)).unwrap();
            line += &format!(" {}={} ({})", m.name(), r.nodes, r.score);
        }
        println!("{line}");
    }
    for d in 2..=tree_depth {
        let mut line = format!("tree tt{tt} d{d}:");
        for m in modes {
            let o = SearchOptions {
                chance_pruning: m,
                tt_mib: tt,
                ..SearchOptions::default()
            };
            let n: u64 = (0..4)
                .map(|s| {
                    search::search(&TreeGame::new(s, 4, 40, true), &o, &Limits::depth(d))
                        .unwrap()
                        .nodes
                })
                .sum();
            line += &format!(" {}={}", m.name(), n);
        }
        println!("{line}");
    }
}
