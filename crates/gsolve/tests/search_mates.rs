//! Mates in 1 and 2 in hand-made positions of both games (issue 6), each one checked three
//! ways:
//!
//! 1. by reasoning (the comment above each position explains the pattern and why every
//!    defence fails);
//! 2. by brute force: the plain minimax of `solvers/search/reference` (no windows, no table,
//!    no ordering, no quiescence, no extension) proves the mate exists at its depth
//!    (`W - plies`) and, for a mate in 2, that there is no mate in 1 — so every defence of the
//!    first move loses;
//! 3. by the engine with its default options (table, ordering, quiescence, check extension,
//!    Star2): it reports exactly `WinIn(plies)` and its move is a mating move (played, the
//!    brute force finds the forced loss for the defender; for a mate in 1 the game is over).
//!
//! Dola squares are files a..j, ranks 1..10; Hexecs cells are (column A..M, row 1..9) with
//! the geometry of `shared/rules/hexecs.md`.

use game::{Evaluate, Game, NodeKind, Notation, Outcome, Player};
use search::{Limits, ScoreKind, SearchOptions};

use reference_search::{reference, win, RefOptions};
use search_reference as reference_search;

/// The brute force: plain minimax, nothing that could hide a defence.
const PLAIN: RefOptions = RefOptions {
    quiescence: false,
    check_extension: false,
};

/// The brute-force and engine checks of a mate in `moves` moves (`2·moves − 1` plies) for the
/// side to move; `show` renders the position for messages; returns the engine's first move.
fn check_mate<G: Evaluate + Notation>(pos: &G, moves: u32, show: impl Fn(&G) -> String) -> G::Move {
    let plies = 2 * moves - 1;
    let w = win::<G>();
    let NodeKind::Decision(attacker) = pos.node_kind() else {
        panic!("not a decision node: {}", show(pos))
    };
    // Brute force: a forced win in exactly `plies` plies, none shorter.
    assert_eq!(
        reference(&mut pos.clone(), plies, PLAIN),
        w - plies as i32,
        "brute force finds no mate in {moves}: {}",
        show(pos)
    );
    if moves > 1 {
        assert!(
            reference(&mut pos.clone(), plies - 2, PLAIN) <= G::EVAL_BOUND,
            "brute force finds a shorter mate: {}",
            show(pos)
        );
    }
    // The engine, at the mate depth and deeper.
    let mut first = None;
    for depth in plies..=plies + 1 {
        let r = search::search(pos, &SearchOptions::default(), &Limits::depth(depth)).unwrap();
        assert_eq!(r.chance_nodes, 0, "{}", show(pos));
        assert_eq!(
            (r.score_kind, r.score),
            (ScoreKind::WinIn(plies), w - plies as i32),
            "engine at depth {depth}: {}",
            show(pos)
        );
        // The engine's move mates: after it the defender is lost in `plies - 1` plies.
        let mut after = pos.clone();
        after.play(r.best_move);
        if moves == 1 {
            assert_eq!(
                after.outcome(),
                Some(Outcome::Win(attacker)),
                "{} is not mate: {}",
                pos.move_text(r.best_move),
                show(pos)
            );
        } else {
            assert_eq!(
                reference(&mut after, plies - 1, PLAIN),
                -(w - (plies as i32 - 1)),
                "{} does not force mate: {}",
                pos.move_text(r.best_move),
                show(pos)
            );
        }
        first.get_or_insert(r.best_move);
    }
    first.expect("searched")
}

// ------------------------------------------------------------------------------------ Dola

fn dola(variant: dola::Variant, fen: &str) -> dola::Position {
    dola::Position::from_fen(variant, fen).unwrap()
}

fn dola_fen(p: &dola::Position) -> String {
    p.to_fen()
}

fn dola_legal(p: &dola::Position) -> Vec<String> {
    p.legal_move_list()
        .as_slice()
        .iter()
        .map(|&m| dola::Position::coordinate(m))
        .collect()
}

/// The Black king on j10 is boxed in by its own rook (i10) and pawns (i9, j9): only a knight
/// or camel leap, which cannot be blocked, can check it there. The White rook h2 → h9 crosses
/// the frontier and gains the knight leap (h9–j10 is a (2,1) leap); the bishop c4 defends h9
/// along c4-d5-e6-f7-g8-h9, so convention 2 does not let the king take the checker, and
/// nothing else reaches h9: mate. On h9 the rook's own lines do not reach j10.
const DOLA_ROOK_LEAP_MATE: &str = "8rk/8pp/10/10/10/10/2B7/10/7R2/K9 w - - - 0 1";

/// Same box. The bishop e3 → i7 (e3-f4-g5-h6-i7) crosses the frontier and gains the camel
/// leap: i7–j10 is a (1,3) leap. The pawn j6 defends i7 (a pawn captures diagonally forward),
/// so the king cannot take the bishop by convention 2; the Black pawns capture downwards and
/// the rook's file is closed by its own pawn: mate.
const DOLA_BISHOP_CAMEL_MATE: &str = "8rk/8pp/10/10/9P/10/10/4B5/10/K9 w - - - 0 1";

/// The queen's mode: the same position with a queen on e3. Entering the enemy camp by a
/// diagonal move, e3-i7, sets her camel mode, and the camel leap i7–j10 mates as above.
const DOLA_QUEEN_CAMEL_MODE_MATE: &str = "8rk/8pp/10/10/9P/10/10/4Q5/10/K9 w - - - 0 1";

/// Control for the queen's mode: from i3 the queen can still reach i7, but by a rook-like move,
/// which sets her knight mode — the knight leaps from i7 miss j10 — and the brute force finds
/// no other mate in one.
const DOLA_QUEEN_KNIGHT_MODE_NO_MATE: &str = "8rk/8pp/10/10/9P/10/10/8Q1/10/K9 w - - - 0 1";

/// A ladder: 1. a1-a9 (the rook closes rank 9; the king can only walk along rank 10)
/// 2. b2-b10 mate (rank 10 closed, including the square behind the king) — or the same with
/// the roles of the rooks swapped. No single rook move mates: the king always has rank 9.
const DOLA_ROOK_LADDER_MATE_IN_TWO: &str = "9k/10/10/10/10/10/10/10/1R8/R4K4 w - - - 0 1";

/// Convention 2 both ways. Box as above; White has rooks h2 and g1 and a queen d3.
/// The try 1. h2-h9+ (the rook's frontier knight leap, undefended) is not mate: by convention
/// 2 the king jumps onto h9 and captures it — so the brute force finds no mate in one. But
/// that capture is Black's only move and walks into 2. d3-h7 mate: the queen enters the camp
/// diagonally (camel mode) and checks up the h file; g10, g9 and g8 are the g1 rook's, h8 and
/// i8 the queen's lines, h10 is on the checking file behind the king, i10 and i9 are Black's
/// own, and the queen on h7 is neither adjacent to the king nor a leaper checker.
const DOLA_CONVENTION_TWO_MATE_IN_TWO: &str = "8rk/8pp/10/10/10/10/10/3Q6/7R2/K5R3 w - - - 0 1";

/// The rook-leap mate without the defending bishop: the king's convention-2 capture is the
/// only defence and it holds.
const DOLA_CONVENTION_TWO_DEFENCE: &str = "8rk/8pp/10/10/10/10/10/10/7R2/K9 w - - - 0 1";

#[test]
fn dola_mate_in_one_by_the_rook_frontier_knight_leap() {
    let pos = dola(dola::Variant::Sultan, DOLA_ROOK_LEAP_MATE);
    let mv = check_mate(&pos, 1, dola_fen);
    assert_eq!(dola::Position::coordinate(mv), "h2h9");
    let mut after = pos.clone();
    after.play_text("h2h9").unwrap();
    assert!(after.is_checkmate());
    // The same rook one rank lower, still in its own camp, has no leap and gives no check.
    let mut short = pos.clone();
    short.play_text("h2h5").unwrap();
    assert!(!short.is_check());
}

#[test]
fn dola_mate_in_one_by_the_bishop_frontier_camel_leap() {
    let pos = dola(dola::Variant::Sultan, DOLA_BISHOP_CAMEL_MATE);
    let mv = check_mate(&pos, 1, dola_fen);
    assert_eq!(dola::Position::coordinate(mv), "e3i7");
    // Without the pawn j6 the king takes the undefended camel checker (convention 2).
    let bare = dola(
        dola::Variant::Sultan,
        "8rk/8pp/10/10/10/10/10/4B5/10/K9 w - - - 0 1",
    );
    let mut after = bare.clone();
    after.play_text("e3i7").unwrap();
    assert!(after.is_check());
    assert_eq!(dola_legal(&after), vec!["j10i7".to_string()]);
    assert!(reference(&mut bare.clone(), 1, PLAIN) <= dola::eval::EVAL_LIMIT);
}

#[test]
fn dola_mate_in_one_by_the_queen_camel_mode_and_not_in_knight_mode() {
    let pos = dola(dola::Variant::Sultan, DOLA_QUEEN_CAMEL_MODE_MATE);
    let mv = check_mate(&pos, 1, dola_fen);
    assert_eq!(dola::Position::coordinate(mv), "e3i7");

    let control = dola(dola::Variant::Sultan, DOLA_QUEEN_KNIGHT_MODE_NO_MATE);
    let mut after = control.clone();
    after.play_text("i3i7").unwrap();
    assert!(!after.is_check(), "knight mode from i7 must not reach j10");
    assert!(reference(&mut control.clone(), 1, PLAIN) <= dola::eval::EVAL_LIMIT);
    let r = search::search(&control, &SearchOptions::default(), &Limits::depth(1)).unwrap();
    assert!(matches!(r.score_kind, ScoreKind::Eval(_)), "{:?}", r);
}

#[test]
fn dola_mate_in_two_by_a_rook_ladder() {
    let pos = dola(dola::Variant::Sultan, DOLA_ROOK_LADDER_MATE_IN_TWO);
    let mv = check_mate(&pos, 2, dola_fen);
    assert!(
        ["a1a9", "b2b9"].contains(&dola::Position::coordinate(mv).as_str()),
        "{}",
        dola::Position::coordinate(mv)
    );
}

#[test]
fn dola_mate_in_two_through_the_convention_two_king_capture() {
    let pos = dola(dola::Variant::Sultan, DOLA_CONVENTION_TWO_MATE_IN_TWO);
    let mv = check_mate(&pos, 2, dola_fen);
    assert_eq!(dola::Position::coordinate(mv), "h2h9");
    // The king's convention-2 capture is Black's only reply, and the queen then mates.
    let mut after = pos.clone();
    after.play_text("h2h9").unwrap();
    assert!(after.is_check() && !after.is_checkmate());
    assert_eq!(dola_legal(&after), vec!["j10h9".to_string()]);
    after.play_text("j10h9").unwrap();
    after.play_text("d3h7").unwrap();
    assert!(after.is_checkmate());
}

#[test]
fn dola_convention_two_king_capture_defends_against_the_leaper_check() {
    let pos = dola(dola::Variant::Sultan, DOLA_CONVENTION_TWO_DEFENCE);
    let mut after = pos.clone();
    after.play_text("h2h9").unwrap();
    assert!(after.is_check() && !after.is_checkmate());
    assert_eq!(dola_legal(&after), vec!["j10h9".to_string()]);
    // The engine, as Black, finds the capture; as White it sees no mate (and the brute force
    // agrees that there is none within three plies).
    let r = search::search(&after, &SearchOptions::default(), &Limits::depth(2)).unwrap();
    assert_eq!(dola::Position::coordinate(r.best_move), "j10h9");
    let w = search::search(&pos, &SearchOptions::default(), &Limits::depth(3)).unwrap();
    assert!(
        !matches!(w.score_kind, ScoreKind::WinIn(_)),
        "{:?}",
        w.score_kind
    );
    assert!(reference(&mut pos.clone(), 3, PLAIN) <= dola::eval::EVAL_LIMIT);
}

// ---------------------------------------------------------------------------------- Hexecs

fn hexecs(text: &str) -> hexecs::Hexecs {
    hexecs::Hexecs::from_position(text).unwrap()
}

fn hexecs_text(g: &hexecs::Hexecs) -> String {
    g.position_text()
}

fn hexecs_move(g: &hexecs::Hexecs, mv: hexecs::Move) -> String {
    g.move_text(mv)
}

/// Smothered mate. The Black king in the corner M9 has five neighbours: L9, M8, L8 (edges),
/// K8 and L7 (vertices); here they all hold its own pieces (the knight L9, droids on K8, L8,
/// M8 and L7). The knight H5 → J8 checks it (J8–M9 is the (3,1) leap),
/// and nothing Black attacks J8: the droids capture downwards through their forward vertices
/// (K8 → L7 J6 I7, L8 → M7 K6 J7, M8 → L6 K7, L7 → M6 K5 J6), the knight L9 leaps to M7 K6
/// J6 I7 I8. A knight's check cannot be blocked and the king cannot move: mate.
const HEXECS_SMOTHERED_MATE: &str = "7nk/7ddd/9d1/12/7N5/12/11/10/K8 w - - - 0 1";

/// The fortress rule. The White queen I1 stands on the vertex line I1-J3-K5-L7-M9 of the Black
/// king, but a piece inside its own fortress does not attack the enemy fortress: no check.
/// Leaving the fortress she checks, and the only mate is I1 → L7, next to the king: the king's
/// other neighbours are its own (L9 knight, K8 rook, L8 and M8 droids), L7 is defended by the
/// knight I5 (the (3,2) leap), and no Black piece attacks L7 (the rook K8 has no edge line to
/// it, the droids capture M7 K6 J7 and L6 K7, the knight leaps to M7 K6 J6 I7 I8). From J3 or
/// K5 the check could be blocked on L7 by the L8 or M8 droid (and K5 is also the rook's).
const HEXECS_QUEEN_LEAVES_THE_FORTRESS_MATE: &str = "7nk/7rdd/11/12/8N4/12/11/10/K7Q w - - - 0 1";

/// Queen and rook. 1. I1-I7+: the queen leaves her fortress and checks M9 along the vertex
/// line I7-K8-M9. Nothing can block K8 or take I7; of the king's neighbours M8 and L8 hold
/// its droids, K8 is on the checking line and L7 on the queen's row 7, so 1... M9-L9 is forced.
/// 2. E5-H5 mate: the rook checks L9 along the edge diagonal H5-I6-J7-K8-L9; the king's
/// neighbours K9 and J8 are on the queen's edge diagonal I7-J8-K9, M9 on her vertex line, K8
/// on the rook's line, K7 on her row, L8 and M8 its own droids. No single move mates.
const HEXECS_QUEEN_AND_ROOK_MATE_IN_TWO: &str = "8k/8dd/11/12/4R8/12/11/10/K7Q w - - - 0 1";

#[test]
fn hexecs_smothered_mate_in_one() {
    let g = hexecs(HEXECS_SMOTHERED_MATE);
    let mv = check_mate(&g, 1, hexecs_text);
    assert_eq!(hexecs_move(&g, mv), "H5J8");
}

#[test]
fn hexecs_mate_in_one_by_the_queen_leaving_her_fortress() {
    let g = hexecs(HEXECS_QUEEN_LEAVES_THE_FORTRESS_MATE);
    // Aligned with the king from her fortress, the queen gives no check (Black to move would
    // not be in check): flip the side to move to see it.
    let flipped = hexecs(&HEXECS_QUEEN_LEAVES_THE_FORTRESS_MATE.replace(" w ", " b "));
    assert!(!flipped.in_check());
    let mv = check_mate(&g, 1, hexecs_text);
    assert_eq!(hexecs_move(&g, mv), "I1L7");
    // From K5 she checks, but the check can be blocked or the queen taken.
    let mut k5 = g.clone();
    k5.try_play_text("I1K5").unwrap();
    assert!(k5.in_check());
    assert_eq!(k5.outcome(), None);
}

#[test]
fn hexecs_mate_in_two_with_queen_and_rook() {
    let g = hexecs(HEXECS_QUEEN_AND_ROOK_MATE_IN_TWO);
    let mv = check_mate(&g, 2, hexecs_text);
    // Follow the line given above: the king's only reply, then the mate.
    let mut line = g.clone();
    line.try_play_text("I1I7").unwrap();
    let mut replies = Vec::new();
    line.legal_moves(&mut replies);
    let replies: Vec<String> = replies.iter().map(|&m| line.move_text(m)).collect();
    assert_eq!(replies, vec!["M9L9".to_string()]);
    line.try_play_text("M9L9").unwrap();
    line.try_play_text("E5H5").unwrap();
    assert_eq!(line.outcome(), Some(Outcome::Win(Player::First)));
    let _ = mv;
}
