//! Alpha-beta, Star1 and Star2 against the plain minimax / expectimax reference.

use search_reference as common;

use common::{random_position, reference, RefOptions};
use game::Evaluate;
use search::toy::{Pig, SplitMix64, TicTacToe, TreeGame};
use search::{ChancePruning, Engine, Limits, NoHints, SearchOptions};

fn value<G: Evaluate>(g: &G, depth: u32, opts: &SearchOptions) -> i32 {
    let mut e = Engine::new(opts.clone()).unwrap();
    e.search(g, &Limits::depth(depth), &NoHints, |_| {})
        .unwrap()
        .score
}

/// Every combination of the switches that change how (not what) the search computes.
fn variants(base: &SearchOptions) -> Vec<SearchOptions> {
    let mut out = Vec::new();
    for tt_mib in [0, 1] {
        for pvs in [true, false] {
            for heuristics in [true, false] {
                out.push(SearchOptions {
                    tt_mib,
                    pvs,
                    killers: heuristics,
                    history: heuristics,
                    ..base.clone()
                });
            }
        }
    }
    out
}

fn check_against_reference<G: Evaluate>(
    positions: &[G],
    max_depth: u32,
    base: &SearchOptions,
) -> usize {
    let mut checked = 0;
    for (i, pos) in positions.iter().enumerate() {
        for depth in 1..=max_depth {
            let expected = reference(&mut pos.clone(), depth, RefOptions::of(base));
            for opts in variants(base) {
                let got = value(pos, depth, &opts);
                assert_eq!(got, expected, "position {i} depth {depth} options {opts:?}");
                checked += 1;
            }
        }
    }
    checked
}

fn tree_positions(count: usize, chance: bool, seed: u64) -> Vec<TreeGame> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let game = TreeGame::new(
            rng.next_u64(),
            2 + rng.below(3) as u8,
            10 + rng.below(20) as u8,
            chance,
        );
        let plies = rng.below(6);
        if let Some(p) = random_position(game, plies, &mut rng) {
            out.push(p);
        }
    }
    out
}

#[test]
fn alpha_beta_equals_minimax_without_quiescence() {
    let base = SearchOptions {
        quiescence: false,
        check_extension: false,
        ..SearchOptions::default()
    };
    let n = check_against_reference(&tree_positions(60, false, 1), 4, &base);
    assert!(n >= 60 * 4 * 8);
}

#[test]
fn alpha_beta_equals_minimax_with_quiescence_and_check_extension() {
    let base = SearchOptions::default();
    check_against_reference(&tree_positions(60, false, 2), 4, &base);
}

#[test]
fn alpha_beta_equals_minimax_on_tic_tac_toe() {
    let mut rng = SplitMix64::new(3);
    let positions: Vec<TicTacToe> = (0..40)
        .filter_map(|_| random_position(TicTacToe::new(), rng.below(5), &mut rng))
        .collect();
    assert!(positions.len() > 30);
    check_against_reference(&positions, 4, &SearchOptions::default());
    let bare = SearchOptions {
        quiescence: false,
        check_extension: false,
        ..SearchOptions::default()
    };
    check_against_reference(&positions, 4, &bare);
}

/// Every chance-node treatment, with moves leading to chance nodes ordered first or not.
fn chance_modes(base: &SearchOptions) -> Vec<SearchOptions> {
    let mut out = Vec::new();
    for chance_pruning in [
        ChancePruning::None,
        ChancePruning::Star1,
        ChancePruning::Star2,
    ] {
        for chance_moves_first in [true, false] {
            out.push(SearchOptions {
                chance_pruning,
                chance_moves_first,
                ..base.clone()
            });
        }
    }
    out
}

#[test]
fn star1_and_star2_equal_expectimax_on_random_chance_trees() {
    let positions = tree_positions(50, true, 4);
    let mut chance_roots = 0;
    for base in [
        SearchOptions::default(),
        SearchOptions {
            quiescence: false,
            check_extension: false,
            ..SearchOptions::default()
        },
    ] {
        for opts in chance_modes(&base) {
            let n = check_against_reference(&positions, 4, &opts);
            assert!(n > 0);
        }
    }
    // Make sure the positions do exercise chance nodes.
    for p in &positions {
        let r = search::search(p, &SearchOptions::default(), &Limits::depth(3)).unwrap();
        chance_roots += usize::from(r.chance_nodes > 0);
    }
    assert!(
        chance_roots > 30,
        "only {chance_roots} positions reach a chance node"
    );
}

#[test]
fn star1_and_star2_equal_expectimax_on_pig() {
    let mut rng = SplitMix64::new(5);
    let mut positions = Vec::new();
    while positions.len() < 40 {
        let target = 8 + rng.below(8) as u8;
        let scores = [
            rng.below(target as usize) as u8,
            rng.below(target as usize) as u8,
        ];
        let me = if rng.below(2) == 0 {
            game::Player::First
        } else {
            game::Player::Second
        };
        let turn = rng.below((target - scores[me.index()]) as usize) as u8;
        positions.push(Pig::from_parts(target, scores, turn, me));
    }
    for opts in chance_modes(&SearchOptions::default()) {
        check_against_reference(&positions, 4, &opts);
    }
}

/// Deeper than the reference can go: Star1 and Star2 (whose planned searches and Star1
/// fallback need several rounds of bounds to show up) against the engine's plain expectimax —
/// itself checked against the reference above — at depths 5 and 6 on random chance trees,
/// with moves leading to chance nodes ordered first or not, with and without the table.
#[test]
fn star1_and_star2_equal_plain_expectimax_at_depth_six() {
    let positions = tree_positions(16, true, 8);
    let mut compared = 0;
    for (i, pos) in positions.iter().enumerate() {
        for depth in [5, 6] {
            let plain = value(
                pos,
                depth,
                &SearchOptions {
                    chance_pruning: ChancePruning::None,
                    ..SearchOptions::default()
                },
            );
            for tt_mib in [0, 1] {
                for opts in chance_modes(&SearchOptions {
                    tt_mib,
                    ..SearchOptions::default()
                }) {
                    let got = value(pos, depth, &opts);
                    assert_eq!(got, plain, "position {i} depth {depth} options {opts:?}");
                    compared += 1;
                }
            }
        }
    }
    assert_eq!(compared, 16 * 2 * 2 * 6);
}
