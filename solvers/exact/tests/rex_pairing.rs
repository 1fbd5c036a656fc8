//! The pairing search (`rex::pairing`) and the solver that uses it, against an independent
//! memoised minimax with no knowledge, on thousands of random positions of 4×4 to 6×6.

mod common;
use common::*;
use game::{Game, Player};
use std::collections::HashMap;

/// Does `p` lose `pos` when `to_move` moves first (memoised reference)?
fn loses(pos: &rex::RexPosition<u64>, p: Player, to_move: Player, memo: &mut Memo) -> bool {
    let mut q = pos.clone();
    q.set_to_move(to_move);
    let mover_wins = memo_wins(&mut q, memo);
    if to_move == p {
        !mover_wins
    } else {
        mover_wins
    }
}

type Memo = HashMap<(u64, u64, bool), bool>;

/// One memo per board size: `memo_wins` keys positions by their stones only, so positions of
/// different sizes with the same stones would share an entry.
fn memo_of<'a>(
    memos: &'a mut HashMap<(usize, usize), Memo>,
    pos: &rex::RexPosition<u64>,
) -> &'a mut Memo {
    memos.entry((pos.rows(), pos.cols())).or_default()
}

/// Random positions: (rows, cols, stones) with at most 14 empty cells, `per_case` seeds each.
fn positions(per_case: u64) -> Vec<rex::RexPosition<u64>> {
    let cases = [
        (4, 4, 5),
        (4, 4, 8),
        (5, 5, 12),
        (5, 5, 15),
        (6, 5, 17),
        (6, 6, 22),
        (6, 6, 25),
    ];
    random_positions(&cases, per_case, 7919)
}

#[test]
fn every_pairing_and_pre_pairing_found_is_a_proof() {
    let mut memos = HashMap::new();
    let (mut fulls, mut semis, mut keys, mut checked) = (0, 0, 0, 0);
    for pos in positions(200) {
        let e = pos.empty().count_ones();
        for p in Player::ALL {
            let r = pos.pairing(p);
            checked += 1;
            if r.full {
                fulls += 1;
                for first in Player::ALL {
                    assert!(
                        loses(&pos, p, first, memo_of(&mut memos, &pos)),
                        "full {p:?}\n{pos:?}"
                    );
                }
            }
            if r.semi {
                semis += 1;
                // p makes the last move iff p moves first with an odd number of empty cells.
                let first = if e % 2 == 1 { p } else { p.other() };
                assert!(
                    loses(&pos, p, first, memo_of(&mut memos, &pos)),
                    "semi {p:?}\n{pos:?}"
                );
            }
            for k in (0..64u32).filter(|k| r.semi_keys >> k & 1 == 1) {
                keys += 1;
                let mut q = pos.clone();
                q.set_to_move(p);
                q.play(rex::RexMove::cell(k));
                if q.outcome().is_none() {
                    for first in Player::ALL {
                        assert!(
                            loses(&q, p, first, memo_of(&mut memos, &q)),
                            "key {k} {p:?}\n{pos:?}"
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 2000, "only {checked} checks");
    assert!(
        fulls > 200 && semis > 200 && keys > 200,
        "rarely fired: {fulls} {semis} {keys}"
    );
}

#[test]
fn pairing_includes_every_pairing_the_greedy_test_finds_and_more() {
    let (mut greedy, mut more, mut missed) = (0, 0, 0);
    for pos in positions(150) {
        for p in Player::ALL {
            let r = pos.pairing(p);
            let (g0, g1) = (
                pos.pair_connected_greedy(p, false),
                pos.pair_connected_greedy(p, true),
            );
            greedy += g1 as usize;
            missed += ((g0 && !r.full) || (g1 && !(r.full || r.semi))) as usize;
            more += ((r.full && !g0) || ((r.full || r.semi) && !g1)) as usize;
        }
    }
    assert_eq!(missed, 0);
    assert!(greedy > 300 && more > 100, "greedy {greedy}, more {more}");
}

#[test]
fn solver_with_the_pairing_search_everywhere_matches_the_reference() {
    let mut memos = HashMap::new();
    let mut checked = 0;
    for pos in positions(8) {
        let pos = pos.with_pair_search_from(0);
        let s = solver(1);
        for v in s.move_values(&pos) {
            let mut child = pos.clone();
            child.play(v.mv);
            assert_eq!(
                v.wins,
                !memo_wins(&mut child, memo_of(&mut memos, &pos)),
                "{:?}\n{pos:?}",
                v.mv
            );
            checked += 1;
        }
    }
    assert!(checked > 250, "only {checked} moves checked");
}

#[test]
fn principal_variation_starts_with_a_winning_move_even_when_won_statically() {
    use game::ExactGame;
    let s = solver(1);
    let mut statically_won = 0;
    for pos in positions(40) {
        let mut moves = Vec::new();
        let decided = pos.prepare(&mut moves);
        let values = s.move_values(&pos);
        let Some(first) = s.principal_variation(&pos, 3).first().copied() else {
            continue;
        };
        if values.iter().any(|v| v.wins) {
            statically_won += (decided == Some(true)) as usize;
            let v = values.iter().find(|v| v.mv == first).unwrap();
            assert!(v.wins, "PV starts with a losing move {first:?}\n{pos:?}");
        }
    }
    assert!(
        statically_won > 10,
        "only {statically_won} statically won positions"
    );
}

/// The board with the fill-in pairs filled as the solver fills them (both cells of a pair of
/// the colour whose stone on either kills the other; one stone of each colour if those two
/// stones would join that colour's sides), the same player to move.
fn filled(pos: &rex::RexPosition<u64>) -> Option<rex::RexPosition<u64>> {
    let pairs = pos.fill_in_pair_list();
    if pairs.is_empty() {
        return None;
    }
    let mut q = pos.clone();
    for &(a, b, colour) in &pairs {
        let c = [Player::First, Player::Second][colour];
        let mut both = q.clone();
        both.try_place(c, a).ok()?;
        if both.loser().is_none() && both.try_place(c, b).is_ok() && both.loser().is_none() {
            q = both;
        } else {
            q.try_place(Player::First, a).ok()?;
            q.try_place(Player::Second, b).ok()?;
        }
    }
    q.set_to_move(pos.to_move());
    Some(q)
}

#[test]
fn a_pairing_on_the_filled_board_decides_the_position() {
    let mut memos = HashMap::new();
    let (mut decided, mut new, mut prepared) = (0, 0, 0);
    for pos in positions(200) {
        let Some(q) = filled(&pos) else { continue };
        let mover = pos.to_move();
        let mover_last = pos.empty().count_ones() % 2 == 1;
        for p in Player::ALL {
            let (here, there) = (pos.pairing(p), q.pairing(p));
            // p loses if p is pair-connected, or pre-paired and makes the last move.
            let p_last = (p == mover) == mover_last;
            let verdict = |r: rex::pairing::Pairing<u64>| r.full || (p_last && r.semi);
            if verdict(there) {
                decided += 1;
                new += !verdict(here) as usize;
                assert!(
                    loses(&pos, p, mover, memo_of(&mut memos, &pos)),
                    "{p:?} pairing on the filled board\n{pos:?}\n{q:?}"
                );
            }
        }
        // And what prepare concludes with the search everywhere is the value.
        let searched = pos.clone().with_pair_search_from(0);
        let mut moves = Vec::new();
        if let Some(v) = game::ExactGame::prepare(&searched, &mut moves) {
            prepared += 1;
            let mut r = pos.clone();
            assert_eq!(v, memo_wins(&mut r, memo_of(&mut memos, &pos)), "{pos:?}");
        }
    }
    eprintln!("{decided} decided on the filled board, {new} only there; {prepared} prepared");
    assert!(
        decided > 100 && new > 10 && prepared > 100,
        "{decided} decided on the filled board, {new} only there; {prepared} prepared"
    );
}

/// `winning_move` names a winning move exactly when the mover wins, whatever the tables hold:
/// with fresh tables (the move comes from the static analysis or from solving the children
/// one by one), after the position was solved by alpha-beta or by the alpha-beta/df-pn race
/// (the move comes from the proofs the search left), or by df-pn alone (its own table's
/// proofs), checked by the memoised reference.
#[test]
fn winning_move_is_a_proven_winning_move_with_any_tables() {
    use exact::{Algorithm, Solver, SolverConfig};
    let portfolio = || {
        Solver::new(SolverConfig {
            algorithm: Algorithm::Portfolio,
            threads: 2,
            tt_mb: 64,
            ..SolverConfig::default()
        })
        .unwrap()
    };
    let mut memos = HashMap::new();
    let (mut won, mut lost) = (0, 0);
    for pos in positions(30) {
        let memo = memo_of(&mut memos, &pos);
        let wins = memo_wins(&mut pos.clone(), memo);
        let fresh_ab = solver(1);
        let solved_ab = solver(1);
        solved_ab.solve(&pos);
        let fresh_race = portfolio();
        let solved_race = portfolio();
        solved_race.solve(&pos);
        // df-pn keeping proof numbers down to 4 plies from the end: the children's proofs
        // are in its own table, not the alpha-beta one.
        let solved_dfpn = Solver::new(SolverConfig {
            algorithm: Algorithm::Dfpn,
            dfpn_leaf_plies: 4,
            tt_mb: 64,
            ..SolverConfig::default()
        })
        .unwrap();
        solved_dfpn.solve(&pos);
        for (label, s) in [
            ("fresh alpha-beta", &fresh_ab),
            ("solved alpha-beta", &solved_ab),
            ("fresh race", &fresh_race),
            ("solved race", &solved_race),
            ("solved df-pn", &solved_dfpn),
        ] {
            match s.winning_move(&pos) {
                Some(m) => {
                    assert!(wins, "{label}: a move {m:?} in a lost position\n{pos:?}");
                    let mut child = pos.clone();
                    child.play(m);
                    assert!(
                        !memo_wins(&mut child, memo),
                        "{label}: {m:?} does not win\n{pos:?}"
                    );
                }
                None => assert!(!wins, "{label}: no move in a won position\n{pos:?}"),
            }
        }
        if wins {
            won += 1;
        } else {
            lost += 1;
        }
    }
    assert!(won > 40 && lost > 40, "{won} won and {lost} lost positions");
}
