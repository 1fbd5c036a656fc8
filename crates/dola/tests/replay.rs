//! The three annotated games of the source (`tests/data/*.txt`, transcribed as written) replay
//! move by move: every move is legal, every irregularity the replayer notes is one of the record
//! typos listed here (with its reason and correction), and each game ends in checkmate.

use dola::record::{parse_record, replay, Replay, Verdict};
use dola::{Position, Variant};

fn data(name: &str) -> String {
    let path = format!("{}/tests/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A record typo: (move number, colour, the note the replayer must give, the correction).
type Typo = (u32, &'static str, &'static str, &'static str);

/// Notes that are not typos but facts the replayer reports about a legal move.
const FACTS: [&str; 2] = [
    "king captures a leaping checker (convention 2)",
    "en passant",
];

fn check_game(variant: Variant, name: &str, typos: &[Typo], moves: usize, winner: &str) -> Replay {
    let rec = parse_record(&data(name));
    let r = replay(&Position::start(variant), &rec);
    assert_eq!(r.moves, moves, "{name}: number of moves in the record");
    for s in &r.steps {
        assert_eq!(
            s.verdict,
            Verdict::Legal,
            "{name} move {} {} {}: {:?}",
            s.number,
            s.color,
            s.text,
            s.verdict
        );
        for n in &s.notes {
            let listed = typos
                .iter()
                .any(|t| t.0 == s.number && t.1 == s.color && t.2 == n)
                || FACTS.contains(&n.as_str());
            assert!(
                listed,
                "{name} move {} {} {}: unexpected note {n:?}",
                s.number, s.color, s.text
            );
        }
    }
    for t in typos {
        let found = r
            .steps
            .iter()
            .any(|s| s.number == t.0 && s.color == t.1 && s.notes.iter().any(|n| n == t.2));
        assert!(
            found,
            "{name}: typo at move {} {} ({}) was not reported; correction: {}",
            t.0, t.1, t.2, t.3
        );
    }
    assert_eq!(r.legal, moves, "{name}: every move legal");
    assert!(
        r.final_checkmate,
        "{name}: the final position must be checkmate: {}",
        r.final_fen
    );
    assert_eq!(r.outcome, Some(winner), "{name}: winner");
    r
}

#[test]
fn sultan_game_replays_to_mate() {
    let typos: &[Typo] = &[
        (
            35,
            "white",
            "stray '-' after the move ignored",
            "Pe4-e5- should read Pe4-e5",
        ),
        (
            43,
            "white",
            "bare 'C' read as a knight of some kind (CT, CF or CA)",
            "Cg7xPh9+ should read CTg7xPh9+ (the piece on g7 is the CT from CTh5xCTg7, move 30)",
        ),
        (
            43,
            "black",
            "captured piece written 'C' (read as CT, CF or CA)",
            "Rj10xCh9 should read Rj10xCTh9 (convention 2 capture of the checking CT)",
        ),
    ];
    // Also in the record but not affecting the replay: the remark "(T+=T+CT)" after Te1-e8+
    // (move 45) should read "(T=T+CT)", as in the closing comment.
    let r = check_game(Variant::Sultan, "sultan", typos, 91, "white");
    // The source's closing remark: the mating queen on g9 is defended by Te8 (its knight power
    // beyond the frontier) and by Pf6 (its camel capture) — both facts of the final position.
    let fen = &r.final_fen;
    let pos = Position::from_fen(Variant::Sultan, fen).unwrap();
    let g9 = 86;
    let defenders = pos.attackers(g9, dola::Color::White);
    assert!(defenders >> 74 & 1 == 1, "Te8 defends g9");
    assert!(defenders >> 55 & 1 == 1, "Pf6 defends g9");
    assert!(r
        .trailing_comment
        .as_deref()
        .unwrap()
        .contains("Dame protégée par Te8"));
}

#[test]
fn qinwan_game_replays_to_mate() {
    let typos: &[Typo] = &[(
        12,
        "white",
        "move number 11 missing (numbering jumps from 10 to 12)",
        "\"12) 00(Rf1-i1) & 00(STj10-h10)\" is move 11; every later number is one too high",
    )];
    let r = check_game(Variant::Qinwan, "qinwan", typos, 80, "black");
    // "(SD protégée par CFf5)": the mating SD on g2 is defended by the camel on f5.
    let pos = Position::from_fen(Variant::Qinwan, &r.final_fen).unwrap();
    assert!(
        pos.attackers(16, dola::Color::Black) >> 45 & 1 == 1,
        "CFf5 defends g2"
    );
}

#[test]
fn sinwan_game_replays_to_mate() {
    let r = check_game(Variant::Sinwan, "sinwan", &[], 78, "black");
    // 37... Pd4xTe1=SD(CF)+ : the promoted SD takes CF mode from the diagonal capture.
    let promo = r
        .steps
        .iter()
        .find(|s| s.number == 37 && s.color == "black")
        .unwrap();
    assert_eq!(promo.played.as_deref(), Some("d4e1+q"));
}

#[test]
fn mode_remarks_are_checked() {
    // A false mode remark is reported: SDe1-e3 is a rook-like move, so CT mode, not CF.
    let rec = parse_record("1) Pe2-e4 & Pe9-e7 2) SDe1-e3 (SD=SD+CF) & Pa9-a8");
    let r = replay(&Position::start(Variant::Qinwan), &rec);
    assert_eq!(r.legal, 4);
    assert!(
        r.steps[2].notes.iter().any(|n| n.contains("disagrees")),
        "{:?}",
        r.steps[2]
    );
}

#[test]
fn bad_moves_are_reported_not_skipped() {
    let rec = parse_record("1) Pf2-f5 & Pf9-f6 2) Ta1-a8 & Pe9-e7 3) Tg1-g0 & Pa9-a8");
    assert_eq!(rec.moves.len(), 6);
    let r = replay(&Position::start(Variant::Sultan), &rec);
    match &r.steps[2].verdict {
        Verdict::NotLegal { reason } => assert!(reason.contains("cannot go to a8"), "{reason}"),
        v => panic!("{v:?}"),
    }
    assert_eq!(r.steps[3].verdict, Verdict::NotReached);
    assert!(matches!(r.steps[4].verdict, Verdict::NotReached));
    assert_eq!(r.legal, 2);

    // A wrong origin square with a unique repair: the bishop is on g1, not h1.
    let rec = parse_record("1) Pf2-f5 & Pf9-f6 2) Fh1-c5 & Pe9-e7");
    let r = replay(&Position::start(Variant::Sultan), &rec);
    match &r.steps[2].verdict {
        Verdict::Repaired {
            reason,
            kind,
            played,
            ..
        } => {
            assert!(reason.contains("is CT, not F"), "{reason}");
            assert_eq!(
                (played.as_str(), kind.as_str()),
                ("g1c5", "origin one coordinate off")
            );
        }
        v => panic!("{v:?}"),
    }
    assert_eq!(r.steps[3].verdict, Verdict::Legal);

    // Move-like text that is no move is a step of its own; words are commentary, kept.
    let rec = parse_record("1) Pf2-f5 hello & Pf9-f6-f5");
    let r = replay(&Position::start(Variant::Sultan), &rec);
    assert_eq!(r.steps[0].comment.as_deref(), Some("hello"));
    assert!(matches!(r.steps[1].verdict, Verdict::Unparseable { .. }));
}

#[test]
fn record_forms_as_written() {
    use dola::record::{Letters, RecordAction};
    use dola::PieceType;
    let rec = parse_record(
        "# a comment line\n13)\nFi5xFf2+(F=F+CF) & Pf3-e1=SD+(SD=SD+CT)\n14) 00 (Rf1-i1,Tj1-h1) & Pd4xTe1=SD(CF)+ \
         15) Dc5-g9 + mat : comment (x) y",
    );
    assert_eq!(rec.moves.len(), 5);
    let m = &rec.moves[0];
    assert_eq!(
        (m.number, m.color, m.check, m.mate),
        (13, dola::Color::White, true, false)
    );
    assert_eq!(m.annotations, vec!["F=F+CF".to_string()]);
    assert_eq!(
        m.action,
        RecordAction::Move {
            piece: Letters::Type(PieceType::Bishop),
            from: 48,
            to: 15,
            capture: Some(Some(Letters::Type(PieceType::Bishop))),
            promotion: None
        }
    );
    assert!(matches!(
        rec.moves[1].action,
        RecordAction::Move {
            promotion: Some(PieceType::SuperQueen),
            ..
        }
    ));
    assert!(rec.moves[1].check);
    assert_eq!(
        rec.moves[2].action,
        RecordAction::Castle {
            kingside: Some(true)
        }
    );
    assert_eq!(rec.moves[3].annotations, vec!["CF".to_string()]);
    assert!(rec.moves[3].check);
    assert!(rec.moves[4].check && rec.moves[4].mate);
    assert_eq!(rec.trailing_comment.as_deref(), Some(": comment (x) y"));
    // Queen-side castling from the rook's move; bare 00 is ambiguous when both are legal.
    let rec = parse_record("1) 00(Ta1-d1) & 00");
    assert_eq!(
        rec.moves[0].action,
        RecordAction::Castle {
            kingside: Some(false)
        }
    );
    let p = Position::from_fen(
        Variant::Sultan,
        "r4k3r/10/10/10/10/10/10/10/10/R4K3R w KQkq - - 0 1",
    )
    .unwrap();
    let r = replay(&p, &rec);
    assert_eq!(r.steps[0].played.as_deref(), Some("f1c1"));
    // Black's bare 00: the rook now on d1 attacks d10, so only the j-side castling is legal.
    assert_eq!(r.steps[1].played.as_deref(), Some("f10i10"));
    let r = replay(&p, &parse_record("1) 00"));
    assert!(
        matches!(&r.steps[0].verdict, Verdict::Ambiguous { candidates } if candidates.len() == 2)
    );
    // A promotion written without the piece is ambiguous.
    let p = Position::from_fen(
        Variant::Sultan,
        "9k/3P6/10/10/10/10/10/10/10/K9 w - - - 0 1",
    )
    .unwrap();
    let r = replay(&p, &parse_record("1) Pd9-d10"));
    assert!(
        matches!(&r.steps[0].verdict, Verdict::Ambiguous { candidates } if candidates.len() == 5)
    );
}
