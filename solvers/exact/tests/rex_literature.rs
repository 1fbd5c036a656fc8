//! Rex against the literature (`shared/rules/rex.md`): winners of n×n, complete winning-opening
//! sets, non-square boards.

mod common;
use common::*;
use game::Player;

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

#[test]
fn complete_opening_sets_up_to_4x4() {
    let s = solver(1);
    assert_eq!(winning_names(&s, &board(1, 1)), sorted(&[]));
    assert_eq!(winning_names(&s, &board(2, 2)), sorted(&["a1", "b2"]));
    assert_eq!(winning_names(&s, &board(3, 3)), sorted(&[]));
    let all_but: Vec<String> = (0..16u32)
        .map(|i| board(4, 4).hex().name(i))
        .filter(|n| n != "b3" && n != "c2")
        .collect();
    assert_eq!(winning_names(&s, &board(4, 4)), {
        let mut a = all_but;
        a.sort();
        a
    });
}

#[test]
fn first_player_wins_even_boards_only() {
    let s = solver(2);
    for n in 1..=4 {
        assert_eq!(s.solve(&board(n, n)), n % 2 == 0, "{n}x{n}");
    }
}

/// 5×5: the first player loses (every opening has a winning reply; a few seconds since the
/// pairing detection and mobility ordering).
#[test]
fn five_by_five_first_player_loses() {
    let s = solver(2);
    assert!(!s.solve(&board(5, 5)));
    assert!(winning_names(&s, &board(5, 5)).is_empty());
}

#[test]
fn non_square_boards_farther_sides_win_whoever_starts() {
    let s = solver(1);
    for rows in 1..=5usize {
        for cols in 1..=5usize {
            if rows == cols || rows * cols > 16 {
                continue;
            }
            // Black's sides are `rows` apart, White's `cols` apart.
            let farther = if rows > cols {
                Player::First
            } else {
                Player::Second
            };
            for starter in Player::ALL {
                let mut pos = board(rows, cols);
                pos.set_to_move(starter);
                let starter_wins = s.solve(&pos);
                assert_eq!(
                    starter_wins,
                    starter == farther,
                    "{rows}x{cols}, {starter:?} starts"
                );
            }
        }
    }
}
