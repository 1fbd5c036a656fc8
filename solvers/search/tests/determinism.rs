//! Fixed-depth results do not depend on the table, the number of threads or repetition; node
//! counts with one thread are reproducible (and match the recorded bench signature).

use search_reference as common;

use common::random_position;
use game::Evaluate;
use search::toy::{Pig, SplitMix64, TicTacToe, TreeGame};
use search::{ChancePruning, Engine, Limits, NoHints, SearchOptions, SearchResult};

fn run<G: Evaluate>(g: &G, limits: &Limits, opts: &SearchOptions) -> SearchResult<G::Move> {
    Engine::new(opts.clone())
        .unwrap()
        .search(g, limits, &NoHints, |_| {})
        .unwrap()
}

fn positions() -> (Vec<TreeGame>, Vec<TreeGame>, Vec<Pig>) {
    let mut rng = SplitMix64::new(77);
    let mut plain = Vec::new();
    let mut chance = Vec::new();
    while plain.len() < 12 || chance.len() < 12 {
        let with_chance = plain.len() >= 12;
        let g = TreeGame::new(rng.next_u64(), 3 + rng.below(2) as u8, 30, with_chance);
        let plies = rng.below(4);
        if let Some(p) = random_position(g, plies, &mut rng) {
            if with_chance {
                chance.push(p)
            } else {
                plain.push(p)
            }
        }
    }
    let pig = vec![
        Pig::new(20),
        Pig::from_parts(20, [12, 15], 4, game::Player::First),
        Pig::from_parts(12, [3, 9], 0, game::Player::Second),
    ];
    (plain, chance, pig)
}

fn same_score_everywhere<G: Evaluate>(g: &G, depth: u32) {
    let limits = Limits::depth(depth);
    let base = run(g, &limits, &SearchOptions::default());
    for (tt_mib, threads) in [(0, 1), (1, 1), (0, 2), (4, 2), (4, 3)] {
        let opts = SearchOptions {
            tt_mib,
            threads,
            ..SearchOptions::default()
        };
        let r = run(g, &limits, &opts);
        assert_eq!(
            r.score, base.score,
            "tt {tt_mib} MiB, {threads} threads, depth {depth}"
        );
        assert_eq!(
            r.best_move, base.best_move,
            "tt {tt_mib} MiB, {threads} threads, depth {depth}"
        );
        assert_eq!(r.depth, depth);
    }
}

#[test]
fn table_and_threads_do_not_change_the_score() {
    let (plain, chance, pig) = positions();
    for g in &plain {
        same_score_everywhere(g, 6);
    }
    for g in &chance {
        same_score_everywhere(g, 5);
    }
    for g in &pig {
        same_score_everywhere(g, 7);
    }
    let empty = TicTacToe::new();
    same_score_everywhere(&empty, 6);
}

#[test]
fn one_thread_is_reproducible_to_the_node() {
    let (plain, chance, pig) = positions();
    let opts = SearchOptions::default();
    for g in plain.iter().chain(&chance).take(8) {
        let a = run(g, &Limits::depth(6), &opts);
        let b = run(g, &Limits::depth(6), &opts);
        assert_eq!(
            (a.nodes, a.score, a.best_move, &a.pv),
            (b.nodes, b.score, b.best_move, &b.pv)
        );
        // A node limit stops at the same node every time.
        let limit = Limits {
            nodes: Some(a.nodes / 2),
            ..Limits::default()
        };
        let c = run(g, &limit, &opts);
        let d = run(g, &limit, &opts);
        assert_eq!(
            (c.nodes, c.depth, c.score, &c.pv),
            (d.nodes, d.depth, d.score, &d.pv)
        );
    }
    let a = run(&pig[0], &Limits::depth(8), &opts);
    let b = run(&pig[0], &Limits::depth(8), &opts);
    assert_eq!((a.nodes, a.score), (b.nodes, b.score));
}

#[test]
fn iterations_are_reported_in_order() {
    let (plain, _, _) = positions();
    let mut seen = Vec::new();
    let r = Engine::new(SearchOptions::default())
        .unwrap()
        .search(&plain[0], &Limits::depth(5), &NoHints, |it| {
            seen.push((it.depth, it.nodes))
        })
        .unwrap();
    assert_eq!(
        seen.iter().map(|s| s.0).collect::<Vec<_>>(),
        vec![1, 2, 3, 4, 5]
    );
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1));
    assert_eq!(r.iterations.len(), 5);
    assert_eq!(
        r.iterations.iter().map(|i| i.iteration_nodes).sum::<u64>(),
        r.nodes
    );
    assert!(r.ebf().is_some() && r.mean_ebf().is_some());
    assert_eq!(r.pv.first(), Some(&r.best_move));
}

#[test]
fn star_pruning_saves_nodes() {
    let (_, chance, pig) = positions();
    let mut totals = [0u64; 3];
    for (k, mode) in [
        ChancePruning::None,
        ChancePruning::Star1,
        ChancePruning::Star2,
    ]
    .into_iter()
    .enumerate()
    {
        let opts = SearchOptions {
            chance_pruning: mode,
            tt_mib: 0,
            ..SearchOptions::default()
        };
        for g in &chance {
            totals[k] += run(g, &Limits::depth(5), &opts).nodes;
        }
        for g in &pig {
            totals[k] += run(g, &Limits::depth(6), &opts).nodes;
        }
    }
    assert!(
        totals[1] < totals[0] && totals[2] < totals[0],
        "plain {} star1 {} star2 {}",
        totals[0],
        totals[1],
        totals[2]
    );
}

/// The bench signature: total nodes of fixed-depth searches from fixed positions, one thread,
/// fresh table. It changes only when the search itself changes; update
/// `tests/data/bench_signature.txt` then (and say why in the commit).
pub fn signature() -> u64 {
    let opts = SearchOptions::default();
    let mut total = 0;
    total += run(&TicTacToe::new(), &Limits::depth(9), &opts).nodes;
    total += run(&Pig::new(20), &Limits::depth(8), &opts).nodes;
    for seed in 0..4u64 {
        total += run(&TreeGame::new(seed, 4, 40, false), &Limits::depth(7), &opts).nodes;
        total += run(&TreeGame::new(seed, 4, 40, true), &Limits::depth(6), &opts).nodes;
    }
    total
}

#[test]
fn bench_signature_matches_the_recorded_one() {
    let text = include_str!("data/bench_signature.txt");
    let recorded: u64 = text
        .lines()
        .find_map(|l| l.strip_prefix("nodes "))
        .and_then(|n| n.trim().parse().ok())
        .expect("tests/data/bench_signature.txt: a line `nodes N`");
    let now = signature();
    assert_eq!(now, signature(), "the signature is not reproducible");
    assert_eq!(
        now, recorded,
        "bench signature changed: {now} nodes (recorded {recorded})"
    );
}

#[test]
fn time_and_node_limits_stop_the_search() {
    let big = TreeGame::new(9, 4, 60, true);
    for threads in [1, 2] {
        let opts = SearchOptions {
            threads,
            ..SearchOptions::default()
        };
        let r = run(
            &big,
            &Limits::time(std::time::Duration::from_millis(30)),
            &opts,
        );
        assert_eq!(r.stop, search::StopReason::Time);
        assert!(r.depth >= 1 && r.depth < search::MAX_DEPTH);
        let r = run(&big, &Limits::nodes(20_000), &opts);
        assert_eq!(r.stop, search::StopReason::Nodes);
        assert!(r.depth >= 1);
        if threads == 1 {
            // The limit is exact with one thread: the search stops at the first node past it.
            assert_eq!(r.nodes, 20_001);
        }
    }
    // Depth 1 always completes, even under an absurd node limit.
    let r = run(&big, &Limits::nodes(1), &SearchOptions::default());
    assert_eq!(r.depth, 1);
}

#[test]
fn late_move_reductions_are_deterministic_and_cheaper() {
    // Tic-tac-toe has up to nine moves, enough for reductions to apply (the tree game has four).
    let mut rng = SplitMix64::new(11);
    let mut roots = vec![TicTacToe::new()];
    while roots.len() < 12 {
        if let Some(p) = random_position(TicTacToe::new(), 1 + rng.below(2), &mut rng) {
            roots.push(p);
        }
    }
    let lmr = SearchOptions {
        lmr: true,
        ..SearchOptions::default()
    };
    let (mut with, mut without) = (0u64, 0u64);
    for g in &roots {
        let a = run(g, &Limits::depth(7), &lmr);
        let b = run(g, &Limits::depth(7), &lmr);
        assert_eq!(
            (a.nodes, a.score, a.best_move),
            (b.nodes, b.score, b.best_move)
        );
        let mut moves = Vec::new();
        game::Game::legal_moves(g, &mut moves);
        assert!(moves.contains(&a.best_move));
        with += a.nodes;
        without += run(g, &Limits::depth(7), &SearchOptions::default()).nodes;
    }
    assert!(with < without, "LMR {with} nodes, without {without}");
}

/// Ordering the moves that lead to chance nodes first changes how the search goes (node
/// counts), never the score; without chance nodes it changes nothing at all.
#[test]
fn chance_moves_first_changes_nodes_not_scores() {
    let (plain, chance, _) = positions();
    let mut nodes = [0u64; 2];
    for g in &chance {
        let mut scores = [0i32; 2];
        for (k, first) in [true, false].into_iter().enumerate() {
            let opts = SearchOptions {
                chance_moves_first: first,
                ..SearchOptions::default()
            };
            let r = run(g, &Limits::depth(4), &opts);
            scores[k] = r.score;
            nodes[k] += r.nodes;
        }
        assert_eq!(scores[0], scores[1]);
    }
    assert_ne!(nodes[0], nodes[1], "the ordering switch had no effect");
    for g in &plain {
        let on = run(g, &Limits::depth(4), &SearchOptions::default());
        let off = run(
            g,
            &Limits::depth(4),
            &SearchOptions {
                chance_moves_first: false,
                ..SearchOptions::default()
            },
        );
        assert_eq!((on.score, on.nodes), (off.score, off.nodes));
    }
}
