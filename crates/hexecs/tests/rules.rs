//! Rules tests: the rules page's examples, castling, the princess, liberations, the fortress
//! rule, bad input. The comparison with the slow reference generator is in
//! `against_reference.rs`.

use hexecs_reference as common;

use common::{build, mirror, random_boards, RefPos};
use game::{Game, NodeKind, Outcome, Player};
use hexecs::*;
use std::collections::BTreeSet;

fn board(text: &str) -> Board {
    parse_position(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(b: &Board) -> BTreeSet<String> {
    let mut v = Vec::new();
    b.legal_moves(&mut v);
    v.into_iter().map(raw_move_text).collect()
}

fn moves_from(b: &Board, cell: &str) -> BTreeSet<String> {
    moves(b)
        .into_iter()
        .filter(|m| m.starts_with(cell))
        .map(|m| m[2..].to_string())
        .collect()
}

fn set(s: &str) -> BTreeSet<String> {
    s.split_whitespace().map(String::from).collect()
}

fn play(b: &Board, text: &str) -> Board {
    let m = parse_move(b, text).unwrap_or_else(|e| panic!("{e}"));
    let mut c = *b;
    c.make(m);
    c
}

// Kings out of the way for piece tests.
const KINGS: [(&str, char); 2] = [("I1", 'K'), ("E9", 'k')];

fn with_kings(extra: &[(&'static str, char)]) -> Vec<(&'static str, char)> {
    let mut v = KINGS.to_vec();
    v.extend_from_slice(extra);
    v
}

#[test]
fn example_droid_on_d3() {
    let b = board(&build(
        &with_kings(&[("D3", 'D'), ("C4", 'n'), ("E5", 'n'), ("F4", 'n')]),
        "w - - - 0 1",
    ));
    assert_eq!(moves_from(&b, "D3"), set("D4 E4 C4 E5 F4"));
}

#[test]
fn example_droid_on_a2_double_steps() {
    let b = board(&build(&with_kings(&[("A2", 'D')]), "w - - - 0 1"));
    assert_eq!(moves_from(&b, "A2"), set("A3 B3 A4 B4 C4"));
    // With B3 occupied, C4 has no empty one-step path; A4 and B4 still do (through A3).
    let b = board(&build(
        &with_kings(&[("A2", 'D'), ("B3", 'N')]),
        "w - - - 0 1",
    ));
    assert_eq!(moves_from(&b, "A2"), set("A3 A4 B4"));
    // Outside the fortress no double step.
    let b = board(&build(&with_kings(&[("A3", 'D')]), "w - - - 0 1"));
    assert_eq!(moves_from(&b, "A3"), set("A4 B4"));
}

#[test]
fn example_knight_and_unicorn_on_d5() {
    let b = board(&build(&with_kings(&[("D5", 'N')]), "w - - - 0 1"));
    let knight = set("F8 G7 G6 F4 E3 C2 B2 A3 A4 B6 C7 E8");
    assert_eq!(moves_from(&b, "D5"), knight);
    let b = board(&build(&with_kings(&[("D5", 'U')]), "w - - - 0 1"));
    let mut unicorn = knight.clone();
    unicorn.extend(set("E7 F7 F6 F5 E4 D3 C3 B3 B4 B5 C6 D7"));
    assert_eq!(unicorn.len(), 24);
    assert_eq!(moves_from(&b, "D5"), unicorn);
}

#[test]
fn example_fortress_sizes() {
    assert_eq!(bitboard::hexecs::FORTRESS[0].count_ones(), 19);
    assert_eq!(bitboard::hexecs::FORTRESS[1].count_ones(), 19);
    assert_eq!(bitboard::hexecs::BATTLEFIELD.count_ones(), 59);
}

#[test]
fn example_no_check_at_start() {
    let b = board(START);
    assert!(!b.in_check());
    // Each king faces the enemy queen on a vertex line with nothing between them.
    let d1 = bitboard::hexecs::parse_cell("D1").unwrap() as usize;
    let h9 = bitboard::hexecs::parse_cell("H9").unwrap();
    let line = bitboard::hexecs::RAYS[d1][6];
    assert!(line >> h9 & 1 == 1);
    assert_eq!(line & b.occupied() & !(1u128 << h9), 0);
    let mut black = b;
    black.make(parse_move(&b, "B1E3").unwrap());
    assert!(!black.in_check());
    // From the battlefield the queen does give check (fortress rule only protects from the
    // enemy fortress): a black queen on F5 checks D1 along the same line.
    let c = board(&build(
        &[("D1", 'K'), ("F5", 'q'), ("J9", 'k')],
        "w - - - 0 1",
    ));
    assert!(c.in_check());
    let c = board(&build(
        &[("D1", 'K'), ("H9", 'q'), ("J9", 'k')],
        "w - - - 0 1",
    ));
    assert!(!c.in_check());
}

#[test]
fn start_positions_round_trip_and_sizes() {
    for text in [START, START_16_DROIDS] {
        let b = board(text);
        assert_eq!(write_position(&b), text);
        assert_eq!(b.hash(), b.full_hash());
        assert_eq!(
            write_position(&board(&mirror(&b))),
            text.replace(" w ", " b ")
        );
    }
    let b = board(START_16_DROIDS);
    assert_eq!(b.occupied().count_ones(), 2 * (16 + 8 + 1));
}

#[test]
fn castling_both_wings_both_sides() {
    let w = board(&build(
        &[
            ("D1", 'K'),
            ("A1", 'R'),
            ("I1", 'R'),
            ("J9", 'k'),
            ("E9", 'r'),
            ("M9", 'r'),
        ],
        "w KQkq - - 0 1",
    ));
    let ms = moves(&w);
    assert!(ms.contains("D1F1") && ms.contains("D1B1"), "{ms:?}");
    let after = play(&w, "D1F1");
    assert_eq!(
        write_position(&after).split(' ').next().unwrap(),
        "r4k2r/10/11/12/13/12/11/10/R3RK3"
    );
    assert_eq!(after.castling_rights(), 4 | 8);
    let after = play(&w, "D1B1");
    assert_eq!(
        write_position(&after).split(' ').next().unwrap(),
        "r4k2r/10/11/12/13/12/11/10/1KR5R"
    );
    let b = board(&build(
        &[
            ("D1", 'K'),
            ("A1", 'R'),
            ("I1", 'R'),
            ("J9", 'k'),
            ("E9", 'r'),
            ("M9", 'r'),
        ],
        "b KQkq - - 0 1",
    ));
    let ms = moves(&b);
    assert!(ms.contains("J9L9") && ms.contains("J9H9"), "{ms:?}");
    let after = play(&b, "J9L9");
    assert_eq!(
        after
            .piece_at(bitboard::hexecs::parse_cell("K9").unwrap())
            .unwrap()
            .letter(),
        'r'
    );
    assert_eq!(after.castling_rights(), 1 | 2);
    let after = play(&b, "J9H9");
    assert_eq!(
        after
            .piece_at(bitboard::hexecs::parse_cell("I9").unwrap())
            .unwrap()
            .letter(),
        'r'
    );
    // Castling through an attacked cell is forbidden: a black rook on E5 attacks E1 ...
    let c = board(&build(
        &[("D1", 'K'), ("I1", 'R'), ("J9", 'k'), ("E5", 'r')],
        "w K - - 0 1",
    ));
    assert!(!moves(&c).contains("D1F1"));
    // ... but a black rook in its own fortress (E8) does not (fortress rule).
    let c = board(&build(
        &[("D1", 'K'), ("I1", 'R'), ("J9", 'k'), ("E8", 'r')],
        "w K - - 0 1",
    ));
    assert!(moves(&c).contains("D1F1"));
    // Cells between king and rook must be empty.
    let c = board(&build(
        &[("D1", 'K'), ("I1", 'R'), ("H1", 'N'), ("J9", 'k')],
        "w K - - 0 1",
    ));
    assert!(!moves(&c).contains("D1F1"));
    // Moving the rook loses the right.
    let c = board(&build(
        &[("D1", 'K'), ("I1", 'R'), ("J9", 'k')],
        "w K - - 0 1",
    ));
    let c = play(&c, "I1I4");
    assert_eq!(c.castling_rights(), 0);
}

#[test]
fn princess_roll_passes_through_enemy_pieces() {
    let b = board(&build(
        &[
            ("I1", 'K'),
            ("A5", 'P'),
            ("B5", 'n'),
            ("C5", 'r'),
            ("D5", 'd'),
            ("M9", 'k'),
        ],
        "w - - - 0 1",
    ));
    assert!(moves(&b).contains("roll"));
    let mut g = Hexecs::from_board(b);
    g.try_play_text("roll").unwrap();
    assert_eq!(g.node_kind(), NodeKind::Chance);
    let mut outcomes = Vec::new();
    g.chance_outcomes(&mut outcomes);
    assert_eq!(outcomes.len(), 6);
    assert!(outcomes.iter().all(|&(_, p)| (p - 1.0 / 6.0).abs() < 1e-12));
    g.try_play_text("roll=4").unwrap();
    assert_eq!(g.node_kind(), NodeKind::Decision(Player::First));
    let ms = moves(g.board());
    assert!(ms.contains("4:A5E5") && ms.contains("4:A5A5"), "{ms:?}");
    g.try_play_text("4:A5E5").unwrap();
    let rows = g.position_text();
    // B5 knight and C5 rook became black droids; the D5 droid stays a droid.
    assert!(rows.starts_with("8k/10/11/12/1dddP8/"), "{rows}");
    assert_eq!(g.board().side_to_move(), Colour::Black);
    assert_eq!(g.board().halfmove_clock(), 0);
    // Undo restores the whole turn.
    for _ in 0..3 {
        g.undo(Move::ROLL);
    }
    assert_eq!(*g.board(), b);

    // Short rolls leap: 2 lands on C5 capturing the rook, 3 on D5 capturing the droid.
    let two = play(&play(&b, "roll"), "roll=2");
    assert!(moves(&two).contains("2:A5C5"));
    let after = play(&two, "2:A5C5");
    assert_eq!(after.imprisoned(Colour::Black, Kind::Rook), 1);
    assert_eq!(
        after
            .piece_at(bitboard::hexecs::parse_cell("B5").unwrap())
            .unwrap()
            .letter(),
        'n'
    );

    // She may not pass through her own pieces nor a king.
    let own = board(&build(
        &[("I1", 'K'), ("A5", 'P'), ("B5", 'N'), ("M9", 'k')],
        "w - - - 0 1 ",
    ));
    let four = play(&play(&own, "roll"), "roll=4");
    assert!(!moves(&four).contains("4:A5E5"));
    assert!(moves(&play(&play(&own, "roll"), "roll=2")).contains("2:A5C5"));
    // (Passing through the enemy king can never be tried: a king on her line with a clear path
    // is in check, which the side to move never leaves its opponent in.)
}

#[test]
fn princess_pass_and_no_roll_rules() {
    // Princess on A1 boxed in by her own droids at distance 2 on every line: a 2 passes.
    let b = board(&build(
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
        "w - - - 0 1",
    ));
    let two = play(&play(&b, "roll"), "roll=2");
    assert_eq!(moves(&two), set("2:pass"));
    let passed = play(&two, "2:pass");
    assert_eq!(passed.side_to_move(), Colour::Black);
    // No princess: rolling is an error naming the reason.
    let s = board(START);
    match parse_move(&s, "roll") {
        Err(MoveError::Illegal { reason, .. }) => assert!(reason.contains("princess"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // In check: no roll.
    let c = board(&build(
        &[("D1", 'K'), ("F5", 'q'), ("A5", 'P'), ("J9", 'k')],
        "w - - - 0 1",
    ));
    assert!(c.in_check());
    assert!(!moves(&c).contains("roll"));
}

#[test]
fn princess_gives_check_on_some_roll() {
    // Princess at distance 5 on a line, enemy pieces (the king's side) between: check.
    let b = board(&build(
        &[("A5", 'K'), ("C5", 'R'), ("F5", 'p'), ("M9", 'k')],
        "w - - - 0 1",
    ));
    assert!(b.in_check());
    // Her own piece between: no check.
    let b = board(&build(
        &[("A5", 'K'), ("C5", 'd'), ("F5", 'p'), ("M9", 'k')],
        "w - - - 0 1",
    ));
    assert!(!b.in_check());
    // Distance 3 leaps over her own piece: check.
    let b = board(&build(
        &[("C5", 'K'), ("D5", 'd'), ("F5", 'p'), ("M9", 'k')],
        "w - - - 0 1",
    ));
    assert!(b.in_check());
}

#[test]
fn droid_liberation_on_last_row() {
    let b = board(&build(&with_kings(&[("G8", 'D')]), "w - QR - 0 1"));
    let ms = moves_from(&b, "G8");
    assert_eq!(ms, set("G9=Q G9=R H9=Q H9=R"));
    let after = play(&b, "G8G9=Q");
    assert_eq!(
        after
            .piece_at(bitboard::hexecs::parse_cell("G9").unwrap())
            .unwrap()
            .letter(),
        'Q'
    );
    assert_eq!(after.imprisoned(Colour::White, Kind::Queen), 0);
    assert_eq!(after.imprisoned(Colour::White, Kind::Rook), 1);
    // Nothing imprisoned: it stays a droid.
    let b = board(&build(&with_kings(&[("G8", 'D')]), "w - - - 0 1"));
    assert_eq!(moves_from(&b, "G8"), set("G9 H9"));
    // Black's droid on row 2 frees onto row 1.
    let b = board(&build(&with_kings(&[("C2", 'd')]), "b - n - 0 1"));
    assert_eq!(moves_from(&b, "C2"), set("C1=N B1=N"));
}

#[test]
fn jedi_liberation_appears_when_jedi_leaves() {
    let b = board(&build(&with_kings(&[("F7", 'J')]), "w - PU - 0 1"));
    let ms = moves_from(&b, "F7");
    assert!(
        ms.contains("G9=U") && ms.contains("G9=P") && !ms.contains("G9"),
        "{ms:?}"
    );
    let arrived = play(&b, "F7G9=U");
    assert_eq!(
        arrived.pending_release(Colour::White, Kind::Unicorn),
        bitboard::hexecs::parse_cell("G9")
    );
    assert!(write_position(&arrived).contains("G9=U"));
    // The princess can still be promised by another jedi, the unicorn cannot.
    let black_moved = play(&arrived, "E9F9");
    let left = play(&black_moved, "G9F7");
    let g9 = bitboard::hexecs::parse_cell("G9").unwrap();
    assert_eq!(left.piece_at(g9).unwrap().letter(), 'U');
    assert_eq!(left.imprisoned(Colour::White, Kind::Unicorn), 0);
    assert_eq!(left.pending_release(Colour::White, Kind::Unicorn), None);
    assert_eq!(left.hash(), left.full_hash());
}

#[test]
fn jedi_liberation_captures_the_capturer() {
    let b = board(&build(
        &[("I1", 'K'), ("G9", 'J'), ("K9", 'r'), ("M9", 'k')],
        "b - U G9=U 0 1",
    ));
    let after = play(&b, "K9G9");
    let g9 = bitboard::hexecs::parse_cell("G9").unwrap();
    assert_eq!(after.piece_at(g9).unwrap().letter(), 'U');
    assert_eq!(after.imprisoned(Colour::White, Kind::Jedi), 1);
    assert_eq!(after.imprisoned(Colour::Black, Kind::Rook), 1);
    assert_eq!(after.imprisoned(Colour::White, Kind::Unicorn), 0);
    assert_eq!(after.pending_release(Colour::White, Kind::Unicorn), None);
    // A king may not take a jedi carrying a liberation.
    let k = board(&build(
        &[("I1", 'K'), ("G9", 'J'), ("H9", 'k')],
        "b - U G9=U 0 1",
    ));
    assert!(!moves(&k).contains("H9G9"));
    let k = board(&build(
        &[("I1", 'K'), ("G9", 'J'), ("H9", 'k')],
        "b - U - 0 1",
    ));
    assert!(moves(&k).contains("H9G9"));
}

#[test]
fn fortress_rule() {
    // A rook in its own fortress cannot capture in the enemy fortress, but may move there.
    let b = board(&build(
        &with_kings(&[("E2", 'R'), ("E8", 'n')]),
        "w - - - 0 1",
    ));
    let ms = moves_from(&b, "E2");
    assert!(!ms.contains("E8") && ms.contains("E7"), "{ms:?}");
    let b = board(&build(
        &with_kings(&[("E3", 'R'), ("E8", 'n')]),
        "w - - - 0 1",
    ));
    assert!(moves_from(&b, "E3").contains("E8"));
    let b = board(&build(&with_kings(&[("E2", 'R')]), "w - - - 0 1"));
    assert!(moves_from(&b, "E2").contains("E8"));
    // At the start the jedi C1 can go to F7 but not take G9; once G9 is empty it may go there.
    let s = board(START);
    let ms = moves_from(&s, "C1");
    assert_eq!(ms, set("D3 E5 F7"));
    let s = board("rnjq1kjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w - PUpu - 0 1");
    let ms = moves_from(&s, "E1");
    // E1 (5,1) + 4*(1,2) = I9, empty now: a quiet move into the enemy fortress, with liberation.
    assert!(ms.contains("I9=U") && ms.contains("I9=P"), "{ms:?}");
}

#[test]
fn mate_and_stalemate() {
    // Black king on M9 boxed by White queen on K7 supported by the king?: use a simple mate:
    // White rooks on row 9 and row 8 against a black king on M9.
    let mated = board(&build(
        &[("A1", 'K'), ("F8", 'R'), ("E9", 'R'), ("M9", 'k')],
        "b - - - 0 1",
    ));
    let g = Hexecs::from_board(mated);
    if mated.in_check() && !mated.has_legal_move() {
        assert_eq!(g.outcome(), Some(Outcome::Win(Player::First)));
        assert_eq!(g.node_kind(), NodeKind::Terminal);
    }
    // Whatever happens above, the reference must agree on check and mobility.
    let r = RefPos::from_board(&mated);
    assert_eq!(r.in_check(1), mated.in_check());
    assert_eq!(r.moves().is_empty(), !mated.has_legal_move());
    // A lone king in a corner with no move and no check is stalemate: search the random
    // boards for both outcomes and check them against the reference.
    let mut mates = 0;
    let mut stalemates = 0;
    for b in random_boards(7, 3000) {
        if b.phase() != Phase::Normal || b.has_legal_move() {
            continue;
        }
        let r = RefPos::from_board(&b);
        assert!(r.moves().is_empty());
        let o = Hexecs::from_board(b).outcome();
        if b.in_check() {
            mates += 1;
            assert_eq!(o, Some(Outcome::Win(player_of(b.side_to_move().other()))));
        } else {
            stalemates += 1;
            assert_eq!(o, Some(Outcome::Draw));
        }
    }
    assert!(mates > 0, "no mate among the random boards");
    let _ = stalemates;
}

#[test]
fn draws_by_rule() {
    let b = board(&build(
        &[("A1", 'K'), ("B1", 'N'), ("M9", 'k'), ("L9", 'n')],
        "w - - - 0 1",
    ));
    let mut g = Hexecs::from_board(b);
    for m in ["B1E3", "L9I7", "E3B1", "I7L9", "B1E3", "L9I7", "E3B1"] {
        assert_eq!(g.outcome(), None);
        g.try_play_text(m).unwrap();
    }
    assert_eq!(g.outcome(), None);
    g.try_play_text("I7L9").unwrap();
    // Start position occurred three times.
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    assert!(v.is_empty());
    let b = board(&build(
        &[("A1", 'K'), ("B1", 'N'), ("M9", 'k')],
        "w - - - 100 80",
    ));
    assert_eq!(Hexecs::from_board(b).outcome(), Some(Outcome::Draw));
    let b = board(&build(
        &[("A1", 'K'), ("B1", 'N'), ("M9", 'k')],
        "w - - - 99 80",
    ));
    assert_eq!(Hexecs::from_board(b).outcome(), None);
}

#[test]
fn bad_positions_are_rejected_with_reasons() {
    let cases = [
        ("", "7 space-separated"),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD w KQkq PUpu - 0 1",
            "9 rows",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 1",
            "row 2",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/14/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 1",
            "row 5",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNX w KQkq PUpu - 0 1",
            "unknown piece letter",
        ),
        (
            "rnjqjkjnr/dddddddddd/011/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 1",
            "row 7: empty-cell counts",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR x KQkq PUpu - 0 1",
            "side to move",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KZ PUpu - 0 1",
            "castling",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJN1 w KQkq PUpu - 0 1",
            "castling right K",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJ1JQJNR w - PUpu - 0 1",
            "kings",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PK - 0 1",
            "prisoners",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu G9=U 0 1",
            "pending",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu roll 0 1",
            "princess",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - x 1",
            "halfmove",
        ),
        (
            "rnjqjkjnr/dddddddddd/11/12/13/12/11/DDDDDDDDDD/RNJKJQJNR w KQkq PUpu - 0 0",
            "fullmove",
        ),
    ];
    for (text, expect) in cases {
        match parse_position(text) {
            Ok(_) => panic!("accepted {text:?}"),
            Err(e) => assert!(
                e.to_string().contains(expect),
                "{text:?}: {e} (expected {expect:?})"
            ),
        }
    }
}

#[test]
fn bad_moves_are_rejected_with_reasons() {
    let b = board(START);
    for (m, expect) in [
        ("D2D5", "not legal"),
        ("Z2D4", "not one of the 97 cells"),
        ("D2D4x", "coordinate notation"),
        ("D2", "coordinate notation"),
        ("A9A8", "not one of the 97 cells"),
        ("D2N4", "not one of the 97 cells"),
        ("roll=3", "no roll"),
        ("5:F1F6", "no roll"),
        ("roll", "princess"),
    ] {
        match parse_move(&b, m) {
            Ok(mv) => panic!("accepted {m}: {mv}"),
            Err(e) => assert!(e.to_string().contains(expect), "{m}: {e}"),
        }
    }
    assert_eq!(raw_move_text(parse_move(&b, "d2d4").unwrap()), "D2D4");
    assert_eq!(raw_move_text(parse_move(&b, "B1E3").unwrap()), "B1E3");
}
