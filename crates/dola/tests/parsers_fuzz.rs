//! Property tests that throw random and mutated text at every parser (FEN, coordinate moves,
//! French records): nothing may panic, and whatever is accepted must be consistent (a FEN that
//! parses round-trips and has a correct hash; a replay never plays an illegal move).

use dola::record::{parse_record, replay};
use dola::*;
use proptest::prelude::*;

const SEED_FENS: [&str; 4] = [
    "rcnbqkbncr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RCNBQKBNCR w KQkq - - 0 1",
    "+rcn+b+qk+bnc+r/pppp1ppppp/10/10/4p5/4P5/10/10/PPPP1PPPPP/+RCN+B+QK+BNC+R w KQkq e7,e8 - 0 2",
    "5r4/6Q1pp/3pR1rk2/pp1P3B2/1cc2P2P1/10/10/6q3/PP7P/2R6K b - - g3:c,g9:c 4 46",
    "8k1/p7pp/2P3n3/5+R4/4p2+b2/4Pc4/10/10/P5+qKPP/10 w - - g2:n 2 41",
];

const SEED_RECORD: &str = "1) Pf2-f5 & Pf9-f6 2) Fg1-c5 & Pe9-e7 5) 00 (Rf1-i1,Tj1-h1) &Fg10-c6 \
    13) CFh4-g7 & Fi5xFf2+(F=F+CF) 40) Pb6-c8 & Pf3-e1=SD+(SD=SD+CT) 37) Rh1-i1 &Pd4xTe1=SD(CF)+ \
    43) Cg7xPh9+ & Rj10xCh9(convention2) 46) Dc5-g9+mat : Dame protégée";

fn mutate(base: &str, edits: &[(usize, u8, char)]) -> String {
    let mut chars: Vec<char> = base.chars().collect();
    for &(pos, op, c) in edits {
        if chars.is_empty() {
            chars.push(c);
            continue;
        }
        let i = pos % chars.len();
        match op % 3 {
            0 => chars[i] = c,
            1 => {
                chars.remove(i);
            }
            _ => chars.insert(i, c),
        }
    }
    chars.into_iter().collect()
}

fn check_fen(v: Variant, text: &str) {
    if let Ok(p) = Position::from_fen(v, text) {
        let fen = p.to_fen();
        let again = Position::from_fen(v, &fen).expect("written FEN re-reads");
        assert_eq!(again.to_fen(), fen);
        assert_eq!(p.zobrist(), p.full_hash());
        let mut q = p.clone();
        for &m in p.legal_move_list().as_slice() {
            q.play_unchecked(m);
            assert_eq!(q.zobrist(), q.full_hash());
            q.undo_unchecked(m);
        }
        assert_eq!(q.to_fen(), fen);
    }
}

/// What a replay accepted round-trips: the moves it played, written back by the record writer
/// (`french_record`), replay as legal moves, one for one, to the same final position.
fn check_record_round_trip(start: &Position, r: &dola::record::Replay) {
    let mut pos = start.clone();
    let mut played = Vec::new();
    for text in r.steps.iter().filter_map(|s| s.played.as_deref()) {
        let m = pos.parse_move(text).expect("a played move re-parses");
        pos.play_unchecked(m);
        played.push(m);
    }
    let written = dola::record::french_record(start, &played);
    let again = replay(start, &parse_record(&written));
    assert_eq!(
        (again.moves, again.legal),
        (played.len(), played.len()),
        "{written}"
    );
    assert_eq!(again.final_fen, r.final_fen, "{written}");
}

fn fen_char() -> impl Strategy<Value = char> {
    prop::sample::select(vec![
        'k', 'K', 'q', 'Q', 'r', 'R', 'b', 'B', 'n', 'N', 'c', 'C', 'a', 'A', 'p', 'P', '+', '/',
        ' ', '-', ',', ':', '0', '1', '2', '3', '5', '9', 'w', 'x', 'é', 'e', 'j',
    ])
}

proptest! {
    // Seeded (the same inputs on every run), thousands of cases per property.
    #![proptest_config(ProptestConfig {
        cases: 3000,
        rng_seed: proptest::test_runner::RngSeed::Fixed(0xD01A),
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_text_never_panics(s in "\\PC{0,80}") {
        for v in Variant::ALL {
            check_fen(v, &s);
        }
        let p = Position::start(Variant::Sinwan);
        let _ = p.parse_move(&s);
        let r = replay(&p, &parse_record(&s));
        prop_assert!(r.legal <= r.moves);
    }

    #[test]
    fn mutated_fens_are_rejected_or_consistent(
        which in 0usize..4,
        edits in prop::collection::vec((0usize..200, 0u8..3, fen_char()), 1..4),
    ) {
        let text = mutate(SEED_FENS[which], &edits);
        for v in Variant::ALL {
            check_fen(v, &text);
        }
    }

    #[test]
    fn mutated_records_replay_without_panic(
        edits in prop::collection::vec((0usize..400, 0u8..3, prop::char::range(' ', '~')), 1..6),
        v in 0usize..3,
    ) {
        let text = mutate(SEED_RECORD, &edits);
        let start = Position::start(Variant::ALL[v]);
        let r = replay(&start, &parse_record(&text));
        prop_assert!(r.legal <= r.moves);
        Position::from_fen(Variant::ALL[v], &r.final_fen).expect("final FEN re-reads");
        check_record_round_trip(&start, &r);
    }

    #[test]
    fn coordinate_moves_never_panic(s in "[a-k]{0,1}[0-9]{0,2}[a-k]{0,1}[0-9]{0,2}[+qrbncakx]{0,2}") {
        let p = Position::start(Variant::Qinwan);
        if let Ok(m) = p.parse_move(&s) {
            prop_assert_eq!(Position::coordinate(m), s.to_ascii_lowercase());
        }
    }
}

/// Seeded random games of every variant (castling, en passant, promotions and queen modes
/// occur): the record writer's text replays as the same legal moves to the same position.
#[test]
fn random_games_round_trip_through_the_record_format() {
    let mut rng = game::rng::SplitMix64::new(0x05EC_02D5);
    for game_no in 0..300 {
        let v = Variant::ALL[game_no % 3];
        let start = Position::start(v);
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for _ in 0..rng.below(200) {
            let legal = pos.legal_move_list();
            let legal = legal.as_slice();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            pos.play_unchecked(m);
            moves.push(m);
        }
        let written = dola::record::french_record(&start, &moves);
        let r = replay(&start, &parse_record(&written));
        assert_eq!(
            (r.moves, r.legal),
            (moves.len(), moves.len()),
            "game {game_no}: {written}"
        );
        assert_eq!(r.final_fen, pos.to_fen(), "game {game_no}");
    }
}
