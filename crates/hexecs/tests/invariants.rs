//! Random-play invariants through the `game` traits: play/undo restores everything, the
//! incremental Zobrist key equals the full one, no legal move leaves the mover's king attacked
//! (judged by the slow reference's attack test), the position text round-trips, chance nodes
//! behave, and the evaluation stays within its bound.

use hexecs_reference as common;

use common::{random_boards, RefPos, Rng};
use game::{Evaluate, Game, NodeKind, Notation};
use hexecs::*;

#[derive(Default, Debug)]
struct Seen {
    plies: usize,
    rolls: usize,
    princess_moves: usize,
    liberations: usize,
    releases: usize,
    captures: usize,
    terminal: usize,
}

fn check_node(g: &mut Hexecs, deep: bool, seen: &mut Seen) {
    let b = *g.board();
    assert_eq!(b.hash(), b.full_hash(), "{}", g.position_text());
    assert_eq!(g.hash_key(), b.hash());
    let text = write_position(&b);
    let back = parse_position(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    assert_eq!(back, b, "{text}");
    let e = g.evaluate();
    assert!(e.abs() <= Hexecs::EVAL_BOUND);
    match g.node_kind() {
        NodeKind::Chance => {
            let mut o = Vec::new();
            g.chance_outcomes(&mut o);
            assert_eq!(o.len(), 6);
            let mut v = Vec::new();
            g.legal_moves(&mut v);
            assert!(v.is_empty());
            for (m, _) in o {
                g.play(m);
                assert_eq!(g.board().phase(), Phase::Die(m.die_value().unwrap()));
                g.undo(m);
                assert_eq!(*g.board(), b);
            }
        }
        NodeKind::Terminal => {
            seen.terminal += 1;
            let mut v = Vec::new();
            g.legal_moves(&mut v);
            assert!(v.is_empty());
            assert!(g.outcome().is_some());
        }
        NodeKind::Decision(p) => {
            assert_eq!(p, player_of(b.side_to_move()));
            let mut v = Vec::new();
            g.legal_moves(&mut v);
            assert!(!v.is_empty());
            let us = b.side_to_move();
            for &m in &v {
                // The text names exactly this move.
                assert_eq!(g.parse_move(&g.move_text(m)).unwrap(), m);
                g.play(m);
                let after = *g.board();
                assert_eq!(after.hash(), after.full_hash());
                if deep {
                    let r = RefPos::from_board(&after);
                    assert!(
                        !r.in_check(us as u8),
                        "{} leaves the king attacked in {text}",
                        m
                    );
                }
                g.undo(m);
                assert_eq!(*g.board(), b, "undo of {m}");
            }
        }
    }
}

fn random_game(g: &mut Hexecs, rng: &mut Rng, max_plies: usize, seen: &mut Seen) {
    let start = *g.board();
    let mut played = Vec::new();
    for ply in 0..max_plies {
        check_node(g, ply % 4 == 0, seen);
        let m = match g.node_kind() {
            NodeKind::Terminal => break,
            NodeKind::Chance => {
                let mut o = Vec::new();
                g.chance_outcomes(&mut o);
                o[rng.below(6) as usize].0
            }
            NodeKind::Decision(_) => {
                let mut v = Vec::new();
                g.legal_moves(&mut v);
                // Roll more often than uniformly, so that princess turns are common.
                if v.contains(&Move::ROLL) && rng.below(3) == 0 {
                    Move::ROLL
                } else {
                    v[rng.below(v.len() as u64) as usize]
                }
            }
        };
        match m.kind() {
            MoveKind::Roll => seen.rolls += 1,
            MoveKind::Princess => seen.princess_moves += 1,
            _ => {}
        }
        if m.liberation().is_some() {
            seen.liberations += 1;
        }
        if g.is_capture(m) {
            seen.captures += 1;
        }
        let b = g.board();
        if m.kind() == MoveKind::Normal
            && [Kind::Unicorn, Kind::Princess]
                .iter()
                .any(|&k| b.pending_release(b.side_to_move(), k) == Some(m.from()))
        {
            seen.releases += 1;
        }
        g.play(m);
        played.push(m);
        seen.plies += 1;
    }
    // Undo the whole game.
    while let Some(m) = played.pop() {
        g.undo(m);
    }
    assert_eq!(*g.board(), start);
}

#[test]
fn random_play_invariants() {
    let mut seen = Seen::default();
    let mut rng = Rng(12345);
    for setup in [Setup::TenDroids, Setup::SixteenDroids] {
        for _ in 0..6 {
            let mut g = Hexecs::new(setup);
            random_game(&mut g, &mut rng, 400, &mut seen);
        }
    }
    for b in random_boards(77, 40) {
        let mut g = Hexecs::from_board(b);
        random_game(&mut g, &mut rng, 60, &mut seen);
    }
    // The games went through every feature (so the invariants were tested on them).
    assert!(seen.rolls > 10, "{seen:?}");
    assert!(seen.princess_moves > 10, "{seen:?}");
    assert!(seen.liberations > 3, "{seen:?}");
    assert!(seen.releases > 0, "{seen:?}");
    assert!(seen.captures > 100, "{seen:?}");
    assert!(seen.terminal > 0, "{seen:?}");
}
