//! One position test (at least) per rule of `shared/rules/dola.md`. The expected move sets are
//! worked out by hand from the rules page, not taken from the engine's output.

use bitboard::dola::{parse_square, square_name};
use dola::*;
use game::{Game, Outcome, Player};
use std::collections::BTreeSet;

fn pos(v: Variant, fen: &str) -> Position {
    Position::from_fen(v, fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> u32 {
    parse_square(name).unwrap()
}

/// Destinations of the legal moves from `from` (promotion suffixes kept).
fn dests(p: &Position, from: &str) -> BTreeSet<String> {
    p.legal_move_list()
        .as_slice()
        .iter()
        .filter(|m| m.from() == sq(from))
        .map(|m| {
            let mut s = square_name(m.to());
            if let Some(t) = m.promotion_type() {
                s += &t.fen().to_ascii_lowercase();
            }
            s
        })
        .collect()
}

fn set(list: &str) -> BTreeSet<String> {
    list.split_whitespace().map(str::to_string).collect()
}

fn play(p: &mut Position, moves: &str) {
    for m in moves.split_whitespace() {
        p.play_text(m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn fen_modes(p: &Position) -> String {
    p.to_fen().split_whitespace().nth(4).unwrap().to_string()
}

const ROOK_E7_SLIDES: &str = "a7 b7 c7 d7 f7 g7 h7 i7 j7 e1 e2 e3 e4 e5 e6 e8 e9 e10";
const KNIGHT_FROM_E7: &str = "d9 f9 c8 g8 c6 g6 d5 f5";
const CAMEL_FROM_E7: &str = "d10 f10 b8 h8 b6 h6 d4 f4";

#[test]
fn rook_gains_knight_leaps_beyond_the_frontier_only() {
    // Rook on rank 7 (beyond): rook moves plus the eight knight leaps.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/4R5/10/10/10/10/10/K9 w - - - 0 1",
    );
    let expect: BTreeSet<String> = set(ROOK_E7_SLIDES)
        .union(&set(KNIGHT_FROM_E7))
        .cloned()
        .collect();
    assert_eq!(dests(&p, "e7"), expect);
    // Rook on rank 4 (own camp): rook moves only.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/4R5/10/10/K9 w - - - 0 1",
    );
    assert_eq!(
        dests(&p, "e4"),
        set("a4 b4 c4 d4 f4 g4 h4 i4 j4 e1 e2 e3 e5 e6 e7 e8 e9 e10")
    );
    // For Black the frontier is the other way round: a black rook on e4 leaps, on e7 it does not.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/4r5/10/10/K9 b - - - 0 1",
    );
    assert!(dests(&p, "e4").contains("d2") && dests(&p, "e4").contains("g5"));
    let p = pos(
        Variant::Sultan,
        "9k/10/10/4r5/10/10/10/10/10/K9 b - - - 0 1",
    );
    assert!(!dests(&p, "e7").contains("d9") && !dests(&p, "e7").contains("g8"));
}

#[test]
fn bishop_gains_camel_leaps_beyond_the_frontier_only() {
    let p = pos(
        Variant::Sultan,
        "9k/10/10/4B5/10/10/10/10/10/K9 w - - - 0 1",
    );
    let d = dests(&p, "e7");
    assert!(set(CAMEL_FROM_E7).is_subset(&d));
    assert!(set(KNIGHT_FROM_E7).is_disjoint(&d));
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/4B5/10/10/K9 w - - - 0 1",
    );
    let d = dests(&p, "e4");
    // Camel squares of e4: d7 f7 d1 f1 b5 h5 b3 h3 — none reachable in the own camp.
    assert!(set("d7 f7 d1 f1 b5 h5 b3 h3").is_disjoint(&d));
    // The diagonals through e4: f5..j9 (5), d5..a8 (4), f3..h1 (3), d3..b1 (3).
    assert_eq!(d.len(), 15);
}

#[test]
fn leapers_are_the_same_everywhere() {
    // CF (camel) on e4 in its own camp: the eight (1,3) leaps.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/4C5/10/10/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "e4"), set("d7 f7 d1 f1 b5 h5 b3 h3"));
    // CT (knight) on e7 beyond: the eight (1,2) leaps, nothing more.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/4N5/10/10/10/10/10/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "e7"), set(KNIGHT_FROM_E7));
    // CA: both.
    let p = pos(
        Variant::Sinwan,
        "9k/10/10/4A5/10/10/10/10/10/K9 w - - - 0 1",
    );
    let both: BTreeSet<String> = set(KNIGHT_FROM_E7)
        .union(&set(CAMEL_FROM_E7))
        .cloned()
        .collect();
    assert_eq!(dests(&p, "e7"), both);
    // ST and SF have their leaper in the own camp too.
    let p = pos(
        Variant::Qinwan,
        "9k/10/10/10/10/10/4+R5/10/10/K9 w - - - 0 1",
    );
    assert!(set("d6 f6 c5 g5 c3 g3 d2 f2").is_subset(&dests(&p, "e4")));
    let p = pos(
        Variant::Qinwan,
        "9k/10/10/10/10/10/4+B5/10/10/K9 w - - - 0 1",
    );
    assert!(set("d7 f7 d1 f1 b5 h5 b3 h3").is_subset(&dests(&p, "e4")));
}

#[test]
fn queen_mode_follows_her_last_move_beyond_the_frontier() {
    // D on d1, black pawn a9 for tempo moves.
    let mut p = pos(
        Variant::Sultan,
        "9k/p9/10/10/10/10/10/10/10/K2Q6 w - - - 0 1",
    );
    // In her own camp: no leaps at all.
    assert!(set("c3 e3 b2 f2").is_disjoint(&dests(&p, "d1")));
    // Enters with a rook-like move: CT mode.
    play(&mut p, "d1d7");
    assert_eq!(fen_modes(&p), "d7:n");
    play(&mut p, "a9a8");
    let d = dests(&p, "d7");
    assert!(set("b6 b8 c5 c9 e5 e9 f6 f8").is_subset(&d), "{d:?}");
    assert!(set("c10 e10 a6 g6 c4 e4").is_disjoint(&d));
    // A bishop-like move inside the enemy camp switches to CF mode.
    play(&mut p, "d7f9 a8a7");
    assert_eq!(fen_modes(&p), "f9:c");
    let d = dests(&p, "f9");
    assert!(set("e6 g6 c10 c8 i8").is_subset(&d), "{d:?}");
    assert!(
        set("e7 g7 d8 h8 d10 h10").is_disjoint(&d),
        "no knight leaps in CF mode: {d:?}"
    );
    // Leaving her camp she is a plain queen again.
    play(&mut p, "f9f3 a7a6");
    assert_eq!(fen_modes(&p), "-");
    assert!(set("e5 g5 d4 h4 d2 h2 e1 g1 e6 g6 c4 i4 c2 i2").is_disjoint(&dests(&p, "f3")));
    // A camel leap inside the camp keeps CF; a knight leap keeps CT.
    let mut p = pos(
        Variant::Sultan,
        "9k/p9/10/10/3Q6/10/10/10/10/K9 w - - d6:c 0 1",
    );
    play(&mut p, "d6e9");
    assert_eq!(fen_modes(&p), "e9:c");
    let mut p = pos(
        Variant::Sultan,
        "9k/p9/10/10/3Q6/10/10/10/10/K9 w - - d6:n 0 1",
    );
    play(&mut p, "d6e8");
    assert_eq!(fen_modes(&p), "e8:n");
}

#[test]
fn super_queen_starts_with_both_leapers_then_keeps_a_mode_everywhere() {
    let mut p = pos(
        Variant::Qinwan,
        "9k/p9/10/10/10/10/10/10/10/K3+Q5 w - - - 0 1",
    );
    // Convention 3: both leapers on her first move.
    let d = dests(&p, "e1");
    assert!(set("c2 g2 d3 f3").is_subset(&d), "knight leaps {d:?}");
    assert!(set("b2 h2 d4 f4").is_subset(&d), "camel leaps {d:?}");
    // A rook-like move, even inside her own camp, gives CT mode.
    play(&mut p, "e1e4 a9a8");
    assert_eq!(fen_modes(&p), "e4:n");
    let d = dests(&p, "e4");
    assert!(set("d6 f6 c5 g5 c3 g3 d2 f2").is_subset(&d));
    assert!(set("d7 f7 d1 f1 b5 h5 b3 h3").is_disjoint(&d));
    // A bishop-like move gives CF mode.
    play(&mut p, "e4c2 a8a7");
    assert_eq!(fen_modes(&p), "c2:c");
    assert!(dests(&p, "c2").contains("d5"));
    assert!(!dests(&p, "c2").contains("d4"));
}

#[test]
fn king_gains_both_leapers_beyond_the_frontier_and_respects_convention_1() {
    // White king on e7, black king a10. Steps 8 + knight 8 + camel 8, minus the convention-1
    // squares of a10 among them: d9 (a camel leap from a10) and b8 (a knight leap from a10).
    let p = pos(
        Variant::Sultan,
        "k9/10/10/4K5/10/10/10/10/10/10 w - - - 0 1",
    );
    let all: BTreeSet<String> = set("d6 d7 d8 e6 e8 f6 f7 f8")
        .union(&set(KNIGHT_FROM_E7))
        .cloned()
        .collect::<BTreeSet<_>>()
        .union(&set(CAMEL_FROM_E7))
        .cloned()
        .collect();
    let expect: BTreeSet<String> = all.difference(&set("d9 b8")).cloned().collect();
    assert_eq!(dests(&p, "e7"), expect);
    // In its own camp only the steps; here f5 (knight from g7) and f4 (camel from g7) are
    // forbidden by convention 1.
    let p = pos(
        Variant::Sultan,
        "10/10/10/6k3/10/10/4K5/10/10/10 w - - - 0 1",
    );
    assert_eq!(dests(&p, "e4"), set("d3 e3 f3 d4 d5 e5"));
    // A FEN breaking convention 1 is rejected.
    assert!(Position::from_fen(
        Variant::Sultan,
        "10/10/10/6k3/10/5K4/10/10/10/10 w - - - 0 1"
    )
    .is_err());
}

#[test]
fn pawn_advances_to_the_frontier_then_steps_and_leaps() {
    // c2: c3, c4, c5 (the frontier rank), not c6.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/2P7/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "c2"), set("c3 c4 c5"));
    // The squares passed must be empty.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/2n7/10/2P7/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "c2"), set("c3"));
    // On the frontier rank: one step across.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/2P7/10/10/10/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "c5"), set("c6"));
    // Beyond: one step or a forward knight leap; captures diagonally or by a forward camel leap.
    let p = pos(
        Variant::Sultan,
        "9k/3n6/10/1n3n4/2P7/3n6/10/10/10/K9 w - - - 0 1",
    );
    // Enemy pieces on b7 (diagonal), d9 (camel +1,+3), f7 (camel +3,+1), d5 (backward
    // diagonal: not capturable).
    assert_eq!(dests(&p, "c6"), set("c7 b8 d8 a7 e7 b7 d9 f7"));
    // In the own camp a pawn captures diagonally only (d7 would be a camel capture).
    let p = pos(
        Variant::Sultan,
        "9k/10/10/3n6/10/1n1n6/2P7/10/10/K9 w - - - 0 1",
    );
    assert_eq!(dests(&p, "c4"), set("c5 b5 d5"));
    // Black mirrors it: h9 to h8, h7, h6.
    let p = pos(
        Variant::Sultan,
        "9k/7p2/10/10/10/10/10/10/10/K9 b - - - 0 1",
    );
    assert_eq!(dests(&p, "h9"), set("h8 h7 h6"));
}

#[test]
fn en_passant_by_diagonal_and_camel_capture_on_the_next_move_only() {
    // Black d9 advances to d6 passing d8 and d7. White pawns: e6 attacks d7 diagonally, a6 attacks
    // d7 by a camel leap (+3,+1), c7 attacks d8 diagonally.
    let fen = "4k5/3p6/10/2P7/P3P5/10/10/10/10/K9 b - - - 0 1";
    let mut p = pos(Variant::Sultan, fen);
    play(&mut p, "d9d6");
    assert_eq!(p.to_fen().split_whitespace().nth(3), Some("d7,d8"));
    assert!(dests(&p, "e6").contains("d7"));
    assert!(dests(&p, "a6").contains("d7"));
    assert!(dests(&p, "c7").contains("d8"));
    let mut q = p.clone();
    play(&mut q, "a6d7");
    assert!(
        q.piece_at(sq("d6")).is_none(),
        "the advanced pawn is captured"
    );
    assert_eq!(q.piece_at(sq("d7")).unwrap().kind, Kind::Pawn);
    // Not later.
    play(&mut p, "a1a2 e10e9");
    assert!(!dests(&p, "e6").contains("d7"));
    // A one-square step gives no en passant.
    let mut p = pos(
        Variant::Sultan,
        "4k5/10/3p6/10/P3P5/10/10/10/10/K9 b - - - 0 1",
    );
    play(&mut p, "d8d7");
    assert_eq!(p.en_passant_squares(), 0);
    // A knight-leap advance gives none either: black pawn g4 (beyond) leaps to f2.
    let mut p = pos(
        Variant::Sultan,
        "4k5/10/10/10/10/10/6p3/10/4P5/K9 b - - - 0 1",
    );
    play(&mut p, "g4f2");
    assert_eq!(p.en_passant_squares(), 0);
}

#[test]
fn promotion_to_each_type_of_the_game_with_the_queen_mode_of_the_move() {
    // White pawn d9 (beyond): straight to d10, forward knight leaps to b10 and f10, diagonal
    // capture on e10; five promotion types each.
    let p = pos(
        Variant::Sultan,
        "4n4k/3P6/10/10/10/10/10/10/10/K9 w - - - 0 1",
    );
    let mut expect = BTreeSet::new();
    for to in ["d10", "b10", "f10", "e10"] {
        for t in ["q", "r", "b", "n", "c"] {
            expect.insert(format!("{to}{t}"));
        }
    }
    assert_eq!(dests(&p, "d9"), expect);
    let mut q = p.clone();
    play(&mut q, "d9d10q");
    assert_eq!(fen_modes(&q), "d10:n", "straight promotion: CT mode");
    let mut q = p.clone();
    play(&mut q, "d9e10q");
    assert_eq!(fen_modes(&q), "e10:c", "diagonal promotion: CF mode");
    // Qinwan promotes to its own types; knight leap → CT, camel capture → CF.
    let p = pos(
        Variant::Qinwan,
        "7n1k/10/2P7/3P6/10/10/10/10/10/K9 w - - - 0 1",
    );
    assert!(dests(&p, "c8").contains("d10+q"), "{:?}", dests(&p, "c8")); // knight leap c8-d10
    let mut q = p.clone();
    play(&mut q, "c8d10+q");
    assert_eq!(fen_modes(&q), "d10:n");
    let p = pos(
        Variant::Qinwan,
        "5n3k/10/10/4P5/10/10/10/10/10/K9 w - - - 0 1",
    );
    let mut q = p.clone();
    play(&mut q, "e7f10+q"); // camel capture e7-f10
    assert_eq!(fen_modes(&q), "f10:c");
    // Sinwan: nine promotion types.
    let p = pos(
        Variant::Sinwan,
        "9k/3P6/10/10/10/10/10/10/10/K9 w - - - 0 1",
    );
    assert_eq!(
        dests(&p, "d9").len(),
        3 * 9,
        "d10, b10, f10 times nine types"
    );
    assert!(Position::from_fen(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/10/K2P6 b - - - 0 1"
    )
    .is_ok());
    assert!(Position::from_fen(
        Variant::Sultan,
        "3P5k/10/10/10/10/10/10/10/10/K9 b - - - 0 1"
    )
    .is_err());
}

#[test]
fn castling_both_sides() {
    let fen = "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - - 0 1";
    let mut p = pos(Variant::Sultan, fen);
    let d = dests(&p, "f1");
    assert!(d.contains("i1") && d.contains("c1"), "{d:?}");
    let mut k = p.clone();
    play(&mut k, "f1i1");
    assert_eq!(k.piece_at(sq("h1")).unwrap().kind, Kind::Rook);
    assert!(k.piece_at(sq("j1")).is_none());
    let mut q = p.clone();
    play(&mut q, "f1c1");
    assert_eq!(q.piece_at(sq("d1")).unwrap().kind, Kind::Rook);
    assert!(q.piece_at(sq("a1")).is_none());
    // Black on rank 10.
    play(&mut p, "a1a2");
    let d = dests(&p, "f10");
    assert!(d.contains("i10") && d.contains("c10"), "{d:?}");
    assert_eq!(
        p.castling_rights(),
        1 | 4 | 8,
        "a1a2 loses White's a-side right only"
    );
    // Blocked: a piece between king and rook.
    let p = pos(
        Variant::Sultan,
        "r4k3r/10/10/10/10/10/10/10/10/R4KN2R w KQkq - - 0 1",
    );
    assert!(!dests(&p, "f1").contains("i1"));
    // Crossing an attacked square (h1 attacked by a black rook on h9).
    let p = pos(
        Variant::Sultan,
        "r4k3r/7r2/10/10/10/10/10/10/10/R4K3R w KQkq - - 0 1",
    );
    assert!(!dests(&p, "f1").contains("i1"));
    assert!(dests(&p, "f1").contains("c1"));
    // Not out of check (the rook on f9 gives check down the file).
    let mut p = pos(
        Variant::Sultan,
        "r4k3r/5r4/10/10/10/10/10/10/10/R4K3R w KQkq - - 0 1",
    );
    assert!(p.is_check());
    assert!(!dests(&p, "f1").contains("i1") && !dests(&p, "f1").contains("c1"));
    // Moving the king loses both rights.
    play(&mut p, "f1e1");
    assert_eq!(p.castling_rights() & 3, 0);
    // Rights need the king and rook on their squares.
    assert!(Position::from_fen(
        Variant::Sultan,
        "r4k3r/10/10/10/10/10/10/10/10/R6K1R w KQkq - - 0 1"
    )
    .is_err());
}

#[test]
fn convention_2_king_captures_an_undefended_leaping_checker() {
    // Black CT on f3 checks the white king e1; nothing defends it: the king takes it.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/5n4/10/4K5 w - - - 0 1",
    );
    assert!(dests(&p, "e1").contains("f3"));
    // Defended by a black rook on f8: no.
    let p = pos(
        Variant::Sultan,
        "9k/10/5r4/10/10/10/10/5n4/10/4K5 w - - - 0 1",
    );
    assert!(!dests(&p, "e1").contains("f3"));
    // A check by a rook's knight power beyond the frontier (black rook d3 → e1).
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/3r6/10/4K5 w - - - 0 1",
    );
    assert!(p.is_check());
    assert!(dests(&p, "e1").contains("d3"));
    // A pawn's camel capture check (black pawn d4, beyond, attacks e1): capturable too.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/3p6/10/10/4K5 w - - - 0 1",
    );
    assert!(p.is_check());
    assert!(dests(&p, "e1").contains("d4"));
    // A slider check gives no such right: rook e5 checks down the file, undefended, too far.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/4r5/10/10/10/4K5 w - - - 0 1",
    );
    assert!(!dests(&p, "e1").contains("e5"));
    // A leaper that does not give check cannot be taken from afar.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/6n3/10/4K5 w - - - 0 1",
    );
    assert!(!dests(&p, "e1").contains("g3"));
}

#[test]
fn check_mate_stalemate_and_draw_rules() {
    // Mate: rooks on a10 and a9 against the king on j10.
    let p = pos(
        Variant::Sultan,
        "R8k/R9/10/10/10/10/10/10/10/K9 b - - - 0 1",
    );
    assert!(p.is_checkmate());
    assert_eq!(p.outcome(), Some(Outcome::Win(Player::First)));
    // Stalemate: j9 and i9 attacked along rank 9, i10 along the i-file; not in check.
    let p = pos(
        Variant::Sultan,
        "9k/R9/10/10/10/10/10/10/10/K7R1 b - - - 0 1",
    );
    assert!(!p.is_check());
    assert_eq!(p.count_legal(), 0);
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    // 50-move rule.
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/10/K7R1 b - - - 100 80",
    );
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let p = pos(
        Variant::Sultan,
        "9k/10/10/10/10/10/10/10/10/K7R1 b - - - 99 80",
    );
    assert_eq!(p.outcome(), None);
    // Threefold repetition: knights out and back twice.
    let mut p = Position::start(Variant::Sultan);
    play(&mut p, "h1g3 h10g8 g3h1 g8h10");
    assert_eq!(p.outcome(), None);
    play(&mut p, "h1g3 h10g8 g3h1 g8h10");
    assert_eq!(p.outcome(), Some(Outcome::Draw));
    let mut v = vec![];
    p.legal_moves(&mut v);
    assert!(v.is_empty(), "no moves at a drawn node");
}

#[test]
fn pins_and_check_evasions() {
    // The white rook on e3 is pinned by the black rook on e9 against the king e1: it may only
    // move along the e-file.
    let p = pos(
        Variant::Sultan,
        "9k/4r5/10/10/10/10/10/4R5/10/4K5 w - - - 0 1",
    );
    assert_eq!(dests(&p, "e3"), set("e2 e4 e5 e6 e7 e8 e9"));
    // In check from a rook on e9 (nothing between): a bishop can block on the file.
    let p = pos(
        Variant::Sultan,
        "9k/4r5/10/10/10/10/10/10/2B7/4K5 w - - - 0 1",
    );
    assert_eq!(dests(&p, "c2"), set("e4"));
}

#[test]
fn malformed_fens_are_rejected_with_the_reason() {
    let bad = [
        ("9k/10/10/10/10/10/10/10/10 w", "10 ranks"),
        ("9k/10/10/10/10/10/10/10/10/K8 w", "rank 1"),
        ("9k/10/10/10/10/10/10/10/10/K10 w", "rank 1"),
        ("9k/10/10/10/10/10/10/10/10/KX8 w", "unknown piece letter"),
        ("10/10/10/10/10/10/10/10/10/K9 w", "Black has 0 kings"),
        ("9k/10/10/10/10/10/10/10/10/KK8 w", "White has 2 kings"),
        ("P8k/10/10/10/10/10/10/10/10/K9 w", "last rank"),
        ("9k/10/10/10/10/10/10/10/10/K9 x", "side to move"),
        ("9k/10/10/10/10/10/10/10/10/K9 w Z", "castling"),
        ("9k/10/10/10/10/10/10/10/10/K9 w - z9", "en passant"),
        ("9k/10/10/10/10/10/10/10/10/K9 w - - a1:n", "queen modes"),
        ("9k/10/10/4Q5/10/10/10/10/10/K9 w - - -", "needs a mode"),
        ("9k/10/10/10/10/10/10/10/10/K9 w - - - x", "halfmove"),
        ("9k/9R/10/10/10/10/10/10/10/K9 w - - - 0 1", "in check"),
    ];
    for (fen, why) in bad {
        let e = Position::from_fen(Variant::Sultan, fen)
            .expect_err(fen)
            .to_string();
        assert!(
            e.to_lowercase().contains(&why.to_lowercase()),
            "{fen}: {e} (expected {why})"
        );
    }
    // Coordinate moves: syntax and legality errors.
    let p = Position::start(Variant::Sultan);
    assert!(matches!(p.parse_move("f2"), Err(MoveError::Syntax(_))));
    assert!(matches!(
        p.parse_move("f2f6"),
        Err(MoveError::Illegal { .. })
    ));
    assert!(matches!(p.parse_move("f2f5x"), Err(MoveError::Syntax(_))));
    assert!(p.parse_move("f2f5").is_ok());
}

#[test]
fn setups_are_those_of_the_rules_page() {
    // dola.md: Sultan T CF CT F D R F CT CF T; Qinwan ST CF CT SF SD R SF CT CF ST;
    // Sinwan T D CA F SD R SF CT CF ST; Black mirrors White file by file; pawns on ranks 2, 9.
    let expect = [
        (Variant::Sultan, "T CF CT F D R F CT CF T"),
        (Variant::Qinwan, "ST CF CT SF SD R SF CT CF ST"),
        (Variant::Sinwan, "T D CA F SD R SF CT CF ST"),
    ];
    for (v, rank1) in expect {
        let p = Position::start(v);
        let white: Vec<&str> = (0..10)
            .map(|f| p.piece_at(f).unwrap().kind.piece_type().french())
            .collect();
        assert_eq!(white.join(" "), rank1, "{v}");
        for f in 0..10 {
            let (w, b) = (p.piece_at(f).unwrap(), p.piece_at(90 + f).unwrap());
            assert_eq!((w.color, b.color), (Color::White, Color::Black));
            assert_eq!(w.kind, b.kind);
            assert_eq!(p.piece_at(10 + f).unwrap().kind, Kind::Pawn);
            assert_eq!(p.piece_at(80 + f).unwrap().kind, Kind::Pawn);
        }
        // The SD starts with both leapers (convention 3); j1 is a light square: (9 + 0) odd.
        assert_eq!(
            p.count_legal(),
            [38, 48, 45][Variant::ALL.iter().position(|&x| x == v).unwrap()]
        );
    }
}
