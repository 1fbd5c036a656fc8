//! Records as a person pastes them: the three games cut straight out of the source
//! (`../shared/seeds/dola.txt`, title line, table bars, commentary and all) replay to the same
//! moves as the transcriptions in `tests/data/`, and the reader's forms (glued, missing and
//! repeated move numbers, moves split across lines, `&` or not, results in words or symbols)
//! each have a case.

use dola::record::{parse_record, replay, Replay, Verdict};
use dola::{Position, Variant};

fn source() -> String {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/seeds/dola.txt"
    );
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The text of the source from `from` up to (not including) `to`.
fn cut(text: &str, from: &str, to: &str) -> String {
    let a = text
        .find(from)
        .unwrap_or_else(|| panic!("{from:?} not in the source"));
    let b = text[a..].find(to).map_or(text.len(), |b| a + b);
    text[a..b].to_string()
}

fn transcription(name: &str) -> Vec<String> {
    let path = format!("{}/tests/data/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    let r = replay(
        &Position::start(name.parse().unwrap()),
        &parse_record(&std::fs::read_to_string(path).unwrap()),
    );
    played(&r)
}

fn played(r: &Replay) -> Vec<String> {
    r.steps.iter().filter_map(|s| s.played.clone()).collect()
}

fn all_legal(r: &Replay) {
    for s in &r.steps {
        assert_eq!(
            s.verdict,
            Verdict::Legal,
            "{} {}: {}",
            s.number,
            s.color,
            s.text
        );
    }
}

#[test]
fn the_source_games_replay_as_pasted() {
    let text = source();
    let games = [
        (
            Variant::Sultan,
            "1èrePartie de Dola-Sultan",
            "partie de Dola-Qinwan",
            "white",
        ),
        (
            Variant::Qinwan,
            "partie de Dola-Qinwan",
            "Partie de Dola-Sinwan (",
            "black",
        ),
        (Variant::Sinwan, "Partie de Dola-Sinwan (", "\u{0}", "black"),
    ];
    for (variant, from, to, winner) in games {
        let pasted = cut(&text, from, to);
        let r = replay(&Position::start(variant), &parse_record(&pasted));
        all_legal(&r);
        assert_eq!(played(&r), transcription(variant.name()), "{variant}");
        assert!(r.final_checkmate, "{variant}");
        assert_eq!(
            r.declared_result.as_ref().unwrap().outcome,
            winner,
            "{variant}"
        );
        assert!(
            r.title
                .as_deref()
                .unwrap()
                .to_lowercase()
                .contains("partie"),
            "{variant}: {:?}",
            r.title
        );
    }
    let sinwan = cut(&text, "Partie de Dola-Sinwan (", "\u{0}");
    let r = replay(&Position::start(Variant::Sinwan), &parse_record(&sinwan));
    // The column headings between the table's columns are commentary, kept.
    assert!(r
        .steps
        .iter()
        .any(|s| s.comment.as_deref().is_some_and(|c| c.contains("Suite"))));
    assert!(r.trailing_comment.as_deref().unwrap().contains("FIN"));
}

#[test]
fn pasted_forms() {
    let start = Position::start(Variant::Sultan);
    let r = replay(
        &start,
        &parse_record(
            "2ème Partie de Dola-Sultan : 1)Pf2-f5 Pf9-f6 2) Fg1-\nc5 & Pe9-e7\n\
             Tour protégée par Pf5, joli coup\n3)CTh1-g3 & 3... CTh10-g8 CFi1-h4 & CFi10-h7 \
             Les blancs abandonnent",
        ),
    );
    all_legal(&r);
    assert_eq!(r.moves, 8);
    assert_eq!(r.title.as_deref(), Some("2ème Partie de Dola-Sultan :"));
    assert_eq!(
        r.steps[3].comment.as_deref(),
        Some("Tour protégée par Pf5, joli coup")
    );
    assert!(r.steps[2].notes.iter().any(|n| n.contains("split")));
    assert_eq!(
        r.steps[6].number, 4,
        "a pair without its number continues the numbering"
    );
    assert_eq!(r.declared_result.as_ref().unwrap().outcome, "black");
    for (text, outcome) in [
        ("1) Pf2-f5 & Pf9-f6 1-0", "white"),
        ("1) Pf2-f5 & Pf9-f6 0-1", "black"),
        ("1) Pf2-f5 & Pf9-f6 partie nulle", "draw"),
        ("1) Pf2-f5 & Pf9-f6 ½-½", "draw"),
        ("1) Pf2-f5 abandonne", "white"),
        ("1) Pf2-f5 & Pf9-f6 les noirs abandonnent", "white"),
    ] {
        let rec = parse_record(text);
        assert_eq!(
            rec.moves.len(),
            if text.contains("f6") { 2 } else { 1 },
            "{text}"
        );
        assert_eq!(rec.declared_result.unwrap().outcome, outcome, "{text}");
    }
    // Coordinates are moves too.
    let r = replay(&start, &parse_record("f2f5 f9-f6"));
    all_legal(&r);
}
