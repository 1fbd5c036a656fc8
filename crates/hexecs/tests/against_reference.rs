//! The fast generator against the independent reference (`hexecs-reference`): move lists and
//! resulting positions on random positions, perft, the half-turn symmetry, the drawings.

use common::{build, mirror, random_boards, RefPos};
use game::{Game, NodeKind};
use hexecs::*;
use hexecs_reference as common;
use std::collections::BTreeSet;

fn board(text: &str) -> Board {
    parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The fast generator against the reference on random positions: same move texts and the same
/// resulting positions (pieces, side, castling, prisons, pending liberations, phase, clocks).
#[test]
fn fast_generator_matches_reference_on_random_positions() {
    let mut boards = random_boards(2026, 1000);
    // A princess boxed in by her own droids: a 2 passes (too rare among random positions).
    boards.push(board(&build(
        &[
            ("I1", 'K'),
            ("A1", 'P'),
            ("C1", 'D'),
            ("A3", 'D'),
            ("C3", 'D'),
            ("C5", 'D'),
            ("E3", 'D'),
            ("M9", 'k'),
        ],
        "w - - roll=2 0 1",
    )));
    let mut total_moves = 0;
    let mut kinds = BTreeSet::new();
    for b in &boards {
        compare_with_reference(b, &mut total_moves, &mut kinds);
    }
    // The positions exercise every kind of move.
    for k in [
        "roll",
        "princess",
        "pass",
        "stay",
        "liberation",
        "castle",
        "capture",
        "conversion",
        "release",
    ] {
        assert!(
            kinds.contains(k),
            "no {k} among the random positions: {kinds:?}"
        );
    }
    assert!(total_moves > 5000);
}

pub fn compare_with_reference(b: &Board, total: &mut usize, kinds: &mut BTreeSet<&'static str>) {
    let r = RefPos::from_board(b);
    assert_eq!(
        r.in_check(b.side_to_move() as u8),
        b.in_check(),
        "{}",
        write_position(b)
    );
    let mut expected: Vec<(String, RefPos)> = r.moves();
    expected.sort_by(|a, b| a.0.cmp(&b.0));
    let mut v = Vec::new();
    b.legal_moves(&mut v);
    let mut got: Vec<(String, RefPos)> = v
        .iter()
        .map(|&m| {
            let mut c = *b;
            c.make(m);
            assert_eq!(c.hash(), c.full_hash());
            let t = raw_move_text(m);
            if t == "roll" {
                kinds.insert("roll");
            } else if t.ends_with("pass") {
                kinds.insert("pass");
            } else if t.contains(':') {
                kinds.insert("princess");
                if t[2..4] == t[4..6] {
                    kinds.insert("stay");
                }
                let before = RefPos::from_board(b);
                let after = RefPos::from_board(&c);
                let droids = |p: &RefPos| p.cells.values().filter(|x| x.1 == 'D').count();
                if droids(&after) > droids(&before) {
                    kinds.insert("conversion");
                }
            } else if t.contains('=') {
                kinds.insert("liberation");
            }
            if m.kind() == MoveKind::Castle {
                kinds.insert("castle");
            }
            if eval::is_capture(b, m) {
                kinds.insert("capture");
            }
            let p = b.pending_release(b.side_to_move(), Kind::Unicorn);
            let q = b.pending_release(b.side_to_move(), Kind::Princess);
            if m.kind() == MoveKind::Normal && (Some(m.from()) == p || Some(m.from()) == q) {
                kinds.insert("release");
            }
            (t, RefPos::from_board(&c))
        })
        .collect();
    got.sort_by(|a, b| a.0.cmp(&b.0));
    let et: Vec<&String> = expected.iter().map(|x| &x.0).collect();
    let gt: Vec<&String> = got.iter().map(|x| &x.0).collect();
    assert_eq!(gt, et, "move lists differ in {}", write_position(b));
    for (g, e) in got.iter().zip(expected.iter()) {
        assert_eq!(
            g.1,
            e.1,
            "positions after {} differ in {}",
            g.0,
            write_position(b)
        );
    }
    *total += got.len();
}

#[test]
fn half_turn_symmetry() {
    // The start position is its own image (colours swapped, Black to move) ...
    let s = board(START);
    let m = board(&mirror(&s));
    for d in 1..=3 {
        assert_eq!(
            perft(&s, d, PerftMode::Decisions),
            perft(&m, d, PerftMode::Decisions)
        );
    }
    // ... and every random position has the same perft as its image.
    for b in random_boards(99, 60) {
        let m = board(&mirror(&b));
        assert_eq!(write_position(&board(&mirror(&m))), write_position(&b));
        // The evaluation (side to move's view) is symmetric too.
        assert_eq!(
            eval::evaluate(&b),
            eval::evaluate(&m),
            "{}",
            write_position(&b)
        );
        assert_eq!(b.in_check(), m.in_check());
        for d in 1..=2 {
            assert_eq!(
                perft(&b, d, PerftMode::WithChance),
                perft(&m, d, PerftMode::WithChance),
                "{}",
                write_position(&b)
            );
        }
    }
}

#[test]
fn perft_agrees_with_reference_perft() {
    // The reference perft (slow generator, legality by making) on the start position and on
    // random positions, both counting modes.
    let s = board(START);
    let r = RefPos::from_board(&s);
    assert_eq!(
        perft(&s, 2, PerftMode::Decisions),
        common::ref_perft(&r, 2, false)
    );
    for b in random_boards(5, 25) {
        let r = RefPos::from_board(&b);
        for (mode, chance) in [(PerftMode::Decisions, false), (PerftMode::WithChance, true)] {
            assert_eq!(
                perft(&b, 2, mode),
                common::ref_perft(&r, 2, chance),
                "{}",
                write_position(&b)
            );
        }
    }
}

#[test]
#[ignore]
fn perft_agrees_with_reference_perft_deep() {
    let s = board(START);
    let r = RefPos::from_board(&s);
    assert_eq!(
        perft(&s, 3, PerftMode::Decisions),
        common::ref_perft(&r, 3, false)
    );
    for b in random_boards(6, 40) {
        let r = RefPos::from_board(&b);
        assert_eq!(
            perft(&b, 3, PerftMode::WithChance),
            common::ref_perft(&r, 3, true)
        );
    }
}

#[test]
fn drawings() {
    let b = board(START);
    let text = show::text_diagram(&b);
    assert_eq!(text.lines().count(), 10);
    assert!(text.lines().next().unwrap().contains("r n j q j k j n r"));
    let svg = show::svg_diagram(&b);
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    // 97 cells + 38 fortress outlines.
    assert_eq!(svg.matches("<polygon").count(), 97 + 38);
    assert_eq!(svg.matches("fill=\"#f7f5ee\"").count(), 32);
    assert_eq!(svg.matches("<circle").count(), 38);
}

/// The generator comparison on many more positions: 20 000 random ones and every position of
/// 40 random games from both setups (run by scripts/hexecs-deep-tests.sh).
#[test]
#[ignore]
fn fast_generator_matches_reference_many() {
    let mut total = 0;
    let mut kinds = BTreeSet::new();
    for b in random_boards(31337, 20_000) {
        compare_with_reference(&b, &mut total, &mut kinds);
    }
    let mut rng = common::Rng(4242);
    for k in 0..40 {
        let mut g = Hexecs::new(if k % 2 == 0 {
            Setup::TenDroids
        } else {
            Setup::SixteenDroids
        });
        for _ in 0..300 {
            if g.board().phase() != Phase::Rolled {
                compare_with_reference(g.board(), &mut total, &mut kinds);
            }
            let m = match g.node_kind() {
                NodeKind::Terminal => break,
                NodeKind::Chance => Move::die(1 + rng.below(6) as u8),
                NodeKind::Decision(_) => {
                    let mut v = Vec::new();
                    g.legal_moves(&mut v);
                    if v.contains(&Move::ROLL) && rng.below(3) == 0 {
                        Move::ROLL
                    } else {
                        v[rng.below(v.len() as u64) as usize]
                    }
                }
            };
            g.play(m);
        }
    }
    assert!(total > 500_000, "{total}");
}
