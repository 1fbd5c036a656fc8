//! Forced wins with the right distance, on tic-tac-toe.

use game::{Evaluate, Notation};
use search::toy::{Pig, TicTacToe};
use search::{Engine, Limits, NoHints, ScoreKind, SearchOptions};

fn solve(pos: &str, depth: u32) -> (ScoreKind, i32, String) {
    let p: TicTacToe = pos.parse().unwrap();
    let mut e = Engine::new(SearchOptions::default()).unwrap();
    let r = e
        .search(&p, &Limits::depth(depth), &NoHints, |_| {})
        .unwrap();
    (r.score_kind, r.score, p.move_text(r.best_move))
}

fn win() -> i32 {
    TicTacToe::EVAL_BOUND + search::MAX_PLY as i32 + 1
}

#[test]
fn win_in_one() {
    for depth in 1..=5 {
        let (kind, score, mv) = solve("XX.OO.... x", depth);
        assert_eq!(
            (kind, score, mv.as_str()),
            (ScoreKind::WinIn(1), win() - 1, "c1"),
            "depth {depth}"
        );
    }
}

#[test]
fn win_in_three_plies_by_a_fork() {
    // O threatens a3 (c1-b2-a3); X blocks there and forks a2 and b3.
    // The fork gives "check" (an open two), so the check extension and the evasions of the
    // quiescence search see the win from depth 1.
    for depth in 1..=6 {
        let (kind, score, mv) = solve("X.O.O...X x", depth);
        assert_eq!(
            (kind, score, mv.as_str()),
            (ScoreKind::WinIn(3), win() - 3, "a3"),
            "depth {depth}"
        );
    }
    // Without them the win needs depth 3.
    let bare = SearchOptions {
        quiescence: false,
        check_extension: false,
        ..SearchOptions::default()
    };
    let p: TicTacToe = "X.O.O...X x".parse().unwrap();
    for (depth, expect_win) in [(1, false), (2, false), (3, true)] {
        let r = search::search(&p, &bare, &Limits::depth(depth)).unwrap();
        assert_eq!(
            r.score_kind == ScoreKind::WinIn(3),
            expect_win,
            "depth {depth}: {:?}",
            r.score_kind
        );
    }
}

#[test]
fn loss_in_two_plies() {
    // X threatens c1 and a3; O can block only one.
    for depth in 2..=5 {
        let (kind, score, _) = solve("XX.XOO... o", depth);
        assert_eq!(
            (kind, score),
            (ScoreKind::LossIn(2), -(win() - 2)),
            "depth {depth}"
        );
    }
}

#[test]
fn the_empty_board_is_a_draw() {
    let (kind, score, _) = solve("......... x", 9);
    assert_eq!((kind, score), (ScoreKind::Eval(0), 0));
}

#[test]
fn wins_are_not_claimed_through_chance_nodes() {
    // Pig: holding wins at once here, but the search also met chance nodes on the way.
    let p = Pig::from_parts(10, [8, 0], 3, game::Player::First);
    let r = search::search(&p, &SearchOptions::default(), &Limits::depth(3)).unwrap();
    assert!(r.chance_nodes > 0);
    assert_eq!(r.best_move, search::toy::PigMove::Hold);
    assert_eq!(r.score, Pig::EVAL_BOUND + search::MAX_PLY as i32);
    assert!(matches!(r.score_kind, ScoreKind::Eval(_)));
}
