//! Random-play invariants and the cross-check against the slow reference generator
//! (`common/mod.rs`): on every visited position the two generators must produce the same legal
//! moves, and every move must lead to the same position in both; make/unmake must restore
//! everything, the incremental Zobrist key must equal the full one, no legal move may leave the
//! own king in check, and the FEN must round-trip.

use dola_reference as common;

use common::RefPos;
use dola::*;
use game::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How often each special rule was exercised (as a legal move) during the cross-checks.
static SEEN: [AtomicUsize; 7] = [const { AtomicUsize::new(0) }; 7];
const SEEN_NAMES: [&str; 7] = [
    "en passant",
    "promotion",
    "castling j-side",
    "castling a-side",
    "convention 2",
    "pawn knight advance",
    "queen leap",
];

fn tally(pos: &Position, mv: Move) {
    let p = pos.piece_at(mv.from()).unwrap();
    let shape = MoveShape::of(mv.from(), mv.to());
    let leap = matches!(shape, MoveShape::KnightLeap | MoveShape::CamelLeap);
    let own_camp = (p.color == Color::White) == (mv.from() < 50);
    let hits = [
        mv.flag() == MoveFlag::EnPassant,
        mv.flag() == MoveFlag::Promotion,
        mv.flag() == MoveFlag::CastleKing,
        mv.flag() == MoveFlag::CastleQueen,
        p.kind == Kind::King && leap && own_camp,
        p.kind == Kind::Pawn && shape == MoveShape::KnightLeap,
        matches!(
            p.kind.piece_type(),
            PieceType::Queen | PieceType::SuperQueen
        ) && leap,
    ];
    for (i, h) in hits.iter().enumerate() {
        if *h {
            SEEN[i].fetch_add(1, Ordering::Relaxed);
        }
    }
}

fn ref_promotions(v: Variant) -> Vec<Kind> {
    v.rules().promotions.iter().map(|t| t.base_kind()).collect()
}

/// Compare the fast generator with the reference on `pos`; returns the number of moves.
fn cross_check(pos: &mut Position) -> usize {
    let fen = pos.to_fen();
    let hash = pos.zobrist();
    assert_eq!(
        hash,
        pos.full_hash(),
        "incremental hash differs from full hash at {fen}"
    );
    let again = Position::from_fen(pos.variant(), &fen)
        .unwrap_or_else(|e| panic!("FEN {fen} does not re-read: {e}"));
    assert_eq!(again.to_fen(), fen);
    assert_eq!(again.zobrist(), hash);

    let reference = RefPos::from(pos);
    let ref_moves = reference.legal(&ref_promotions(pos.variant()));
    let mut fast: Vec<String> = pos
        .legal_move_list()
        .as_slice()
        .iter()
        .map(|&m| Position::coordinate(m))
        .collect();
    fast.sort();
    let mut slow: Vec<String> = ref_moves.iter().map(|m| m.text.clone()).collect();
    slow.sort();
    if fast != slow {
        let extra: Vec<_> = fast.iter().filter(|m| !slow.contains(m)).collect();
        let missing: Vec<_> = slow.iter().filter(|m| !fast.contains(m)).collect();
        panic!("move lists differ at {fen}\n fast only: {extra:?}\n reference only: {missing:?}");
    }
    assert_eq!(
        pos.count_legal() as usize,
        fast.len(),
        "bulk count differs at {fen}"
    );
    let us = pos.side_to_move();
    for m in &ref_moves {
        let mv = pos.parse_move(&m.text).unwrap();
        tally(pos, mv);
        pos.play(mv);
        assert!(
            !pos.in_check_color(us),
            "{} leaves the king in check at {fen}",
            m.text
        );
        let expect = reference.make(m);
        let got = RefPos::from(pos);
        assert_eq!(
            got, expect,
            "{} from {fen} gives a different position",
            m.text
        );
        assert_eq!(
            pos.zobrist(),
            pos.full_hash(),
            "hash after {} from {fen}",
            m.text
        );
        pos.undo(mv);
        assert_eq!(pos.to_fen(), fen, "undo of {} from {fen}", m.text);
        assert_eq!(pos.zobrist(), hash);
    }
    fast.len()
}

fn playout(pos: &mut Position, rng: &mut ChaCha8Rng, plies: usize, check_every: usize) -> usize {
    let mut checked = 0;
    let mut played = vec![];
    let start_fen = pos.to_fen();
    for ply in 0..plies {
        if ply % check_every == 0 {
            cross_check(pos);
            checked += 1;
        }
        let list = pos.legal_move_list();
        if list.is_empty() {
            break;
        }
        // Prefer captures and pawn moves a little, so games reach promotions and open boards.
        let mv = list.as_slice()[rng.gen_range(0..list.len())];
        pos.play(mv);
        played.push(mv);
    }
    while let Some(mv) = played.pop() {
        pos.undo(mv);
    }
    assert_eq!(pos.to_fen(), start_fen, "undoing the whole playout");
    checked
}

#[test]
fn random_play_matches_reference_and_keeps_invariants() {
    let mut rng = ChaCha8Rng::seed_from_u64(0xD01A);
    let mut positions = 0;
    for v in Variant::ALL {
        for _game in 0..14 {
            let mut pos = Position::start(v);
            positions += playout(&mut pos, &mut rng, 260, 2);
        }
    }
    assert!(positions > 500);
    report_seen(&[0, 1, 2, 3, 5, 6]);
}

fn report_seen(required: &[usize]) {
    for (i, name) in SEEN_NAMES.iter().enumerate() {
        let n = SEEN[i].load(Ordering::Relaxed);
        eprintln!("{name}: {n}");
        if required.contains(&i) {
            assert!(n > 0, "the cross-check never exercised {name}");
        }
    }
}

/// Random hand-made positions: random pieces (any type of the game, random queen modes) on
/// random squares, accepted only if the FEN reader accepts them; then short playouts.
#[test]
fn random_setups_match_reference() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut accepted = 0;
    let mut tries = 0;
    while accepted < 800 && tries < 200_000 {
        tries += 1;
        let v = Variant::ALL[rng.gen_range(0..3)];
        let mut types: Vec<PieceType> = v
            .rules()
            .setup
            .iter()
            .copied()
            .filter(|&t| t != PieceType::King)
            .collect();
        types.push(PieceType::Pawn);
        let mut board: [Option<(char, String)>; 100] = std::array::from_fn(|_| None);
        let mut modes = vec![];
        for (i, letter) in ["K", "k"].iter().enumerate() {
            loop {
                let sq = rng.gen_range(0..100);
                if board[sq].is_none() {
                    board[sq] = Some((if i == 0 { 'w' } else { 'b' }, letter.to_string()));
                    break;
                }
            }
        }
        let n = rng.gen_range(2..14);
        for _ in 0..n {
            let sq = rng.gen_range(0..100usize);
            if board[sq].is_some() {
                continue;
            }
            let t = types[rng.gen_range(0..types.len())];
            let white = rng.gen_bool(0.5);
            let rank = sq / 10;
            if t == PieceType::Pawn && (rank == 0 || rank == 9) {
                continue;
            }
            let l = if white {
                t.fen().to_string()
            } else {
                t.fen().to_ascii_lowercase()
            };
            let beyond = if white { rank >= 5 } else { rank <= 4 };
            let name = format!("{}{}", (b'a' + (sq % 10) as u8) as char, rank + 1);
            match t {
                PieceType::Queen if beyond => modes.push(format!(
                    "{name}:{}",
                    if rng.gen_bool(0.5) { "n" } else { "c" }
                )),
                PieceType::SuperQueen if rng.gen_bool(0.7) => modes.push(format!(
                    "{name}:{}",
                    if rng.gen_bool(0.5) { "n" } else { "c" }
                )),
                _ => {}
            }
            board[sq] = Some((if white { 'w' } else { 'b' }, l));
        }
        let mut fen = String::new();
        for rank in (0..10).rev() {
            let mut empty = 0;
            for file in 0..10 {
                match &board[rank * 10 + file] {
                    None => empty += 1,
                    Some((_, l)) => {
                        if empty > 0 {
                            fen += &empty.to_string();
                            empty = 0;
                        }
                        fen += l;
                    }
                }
            }
            if empty > 0 {
                fen += &empty.to_string();
            }
            if rank > 0 {
                fen.push('/');
            }
        }
        let side = if rng.gen_bool(0.5) { "w" } else { "b" };
        let modes = if modes.is_empty() {
            "-".to_string()
        } else {
            modes.join(",")
        };
        let fen = format!("{fen} {side} - - {modes} 0 1");
        let Ok(mut pos) = Position::from_fen(v, &fen) else {
            continue;
        };
        accepted += 1;
        playout(&mut pos, &mut rng, 12, 1);
    }
    assert!(accepted >= 800, "only {accepted} random setups accepted");
    report_seen(&[1, 4, 5, 6]);
}

/// Castling and en passant need their rights and squares; these positions have them.
#[test]
fn special_positions_match_reference() {
    let cases = [
        // Both sides can castle both ways.
        (
            Variant::Sultan,
            "r4k3r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3R w KQkq - - 0 1",
            "",
        ),
        // d9-d6 passes d8 and d7: the e6 pawn may take on d7 diagonally, the a6 pawn by a
        // camel leap (a6-d7).
        (
            Variant::Sultan,
            "r4k3r/pppppppppp/10/10/P3P5/10/10/10/1PPP1PPPPP/R4K3R b KQkq - - 0 1",
            "d9d6",
        ),
        (
            Variant::Qinwan,
            "+r4k3+r/pppppppppp/10/10/4P5/10/10/10/PPPP1PPPPP/+R4K3+R b KQkq - - 0 1",
            "f9f6",
        ),
        (
            Variant::Sinwan,
            "r4k3+r/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/R4K3+R w KQkq - - 0 1",
            "b2b5,e9e6,b5b6,a9a6",
        ),
    ];
    for (v, fen, moves) in cases {
        let mut pos = Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        for m in moves.split(',').filter(|m| !m.is_empty()) {
            pos.play_text(m)
                .unwrap_or_else(|e| panic!("{fen} {m}: {e}"));
        }
        cross_check(&mut pos);
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        for _ in 0..20 {
            playout(&mut pos, &mut rng, 8, 1);
        }
    }
}
