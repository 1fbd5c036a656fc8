//! The inventor's French game records, read as written, and their replay.
//!
//! Grammar (from the three annotated games of the source): `13)` numbers a move pair, `&`
//! separates White's move from Black's; a move is `PIECE from (-|x[PIECE]) to [=PIECE] [+] [mat]`
//! with French piece letters (R D T F CT CF CA ST SF SD P, and a stray `C` read as "some knight":
//! CT, CF or CA); castling is `00` usually followed by the king's and/or rook's move in
//! parentheses (`00 (Rf1-i1,Tj1-h1)`, `00(STj10-h10)`). Parenthesised remarks after a move
//! (`(F=F+CF)`, `(SD=SD+CT)`, `(conv3)`, `(convention2)`, the promotion mode `(CF)`) are kept
//! as annotations; the queen-mode ones are checked against the engine. `+`, `mat` and `+mat`
//! may stand apart. Text after the mating move (the source's comments) is noted, not parsed;
//! `|` and `_` are layout. Lines starting with `#` are comments of the transcription.
//!
//! Replay applies every move it can prove legal. A move is *legal* when exactly one legal move
//! matches its piece, squares, capture and promotion; *ambiguous* when several do; *not legal*
//! otherwise, with the reason. After a move that is not legal the replayer looks for the one
//! legal move of the same piece type to the same square (or, failing that, from the same square
//! with the same captured piece) and applies it as a stated repair, so that the rest of the game
//! can be checked; if there is none, or the move is ambiguous, the replay stops there and the
//! remaining moves are reported as not reached. Nothing is skipped silently: every irregularity
//! (a missing move number, a stray `-`, a `+` that gives no check, a mode annotation the engine
//! disagrees with, a capture letter naming the wrong piece) is a note on its move.

use crate::position::Position;
use crate::types::*;
use bitboard::dola::square_name;
use game::Outcome;
use serde::Serialize;

/// Piece letters of a record.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Letters {
    /// A piece type.
    Type(PieceType),
    /// A bare `C`: one of CT, CF, CA.
    AnyKnight,
}

impl Letters {
    fn matches(self, t: PieceType) -> bool {
        match self {
            Letters::Type(x) => x == t,
            Letters::AnyKnight => {
                matches!(t, PieceType::Knight | PieceType::Camel | PieceType::Arab)
            }
        }
    }
    fn text(self) -> &'static str {
        match self {
            Letters::Type(t) => t.french(),
            Letters::AnyKnight => "C",
        }
    }
}

/// What a record move says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordAction {
    /// An ordinary move.
    Move {
        /// Moving piece.
        piece: Letters,
        /// Origin square.
        from: u32,
        /// Destination square.
        to: u32,
        /// `Some(letters)` after `x` (None inside when no piece letters follow).
        capture: Option<Option<Letters>>,
        /// `=PIECE`.
        promotion: Option<PieceType>,
    },
    /// `00`, with the king's destination when the parentheses give it (or the rook's origin).
    Castle {
        /// Toward the j-file rook (`Some(true)`), the a-file rook (`Some(false)`), or unknown.
        kingside: Option<bool>,
    },
    /// A token that is no move.
    Unparseable(String),
}

/// One move of a record, as written.
#[derive(Clone, Debug)]
pub struct RecordMove {
    /// The move number as written (or continued from the last one).
    pub number: u32,
    /// The side the record gives the move to.
    pub color: Color,
    /// The text as written, with its annotations.
    pub text: String,
    /// What it says.
    pub action: RecordAction,
    /// Marked `+`.
    pub check: bool,
    /// Marked `mat`.
    pub mate: bool,
    /// Parenthesised remarks that follow it.
    pub annotations: Vec<String>,
    /// Irregularities found while reading it.
    pub notes: Vec<String>,
}

/// A parsed record.
#[derive(Clone, Debug, Default)]
pub struct Record {
    /// The moves in order.
    pub moves: Vec<RecordMove>,
    /// Text after the mating move (comments), if any.
    pub trailing_comment: Option<String>,
}

#[derive(Debug)]
enum Tok {
    Word(String),
    Group(String),
    Amp,
}

fn tokenize(text: &str) -> Vec<Tok> {
    let mut toks = vec![];
    let mut word = String::new();
    let flush = |w: &mut String, toks: &mut Vec<Tok>| {
        if !w.is_empty() {
            toks.push(Tok::Word(std::mem::take(w)));
        }
    };
    for line in text.lines() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut depth = 0usize;
        let mut group = String::new();
        for c in line.chars() {
            if depth > 0 {
                match c {
                    '(' => {
                        depth += 1;
                        group.push(c)
                    }
                    ')' => {
                        depth -= 1;
                        if depth == 0 {
                            toks.push(Tok::Group(std::mem::take(&mut group)));
                        } else {
                            group.push(c)
                        }
                    }
                    _ => group.push(c),
                }
                continue;
            }
            match c {
                '(' => {
                    flush(&mut word, &mut toks);
                    depth = 1;
                }
                '&' => {
                    flush(&mut word, &mut toks);
                    toks.push(Tok::Amp);
                }
                '|' | '_' => flush(&mut word, &mut toks),
                ':' => {
                    flush(&mut word, &mut toks);
                    toks.push(Tok::Word(":".to_string()));
                }
                c if c.is_whitespace() => flush(&mut word, &mut toks),
                c => word.push(c),
            }
        }
        flush(&mut word, &mut toks);
        // `parse_record` joins the lines first, so a group still open here is unterminated.
        if depth > 0 {
            toks.push(Tok::Group(format!("{group} [unterminated]")));
        }
    }
    toks
}

const TWO_LETTERS: [(&str, PieceType); 6] = [
    ("CT", PieceType::Knight),
    ("CF", PieceType::Camel),
    ("CA", PieceType::Arab),
    ("ST", PieceType::SuperRook),
    ("SF", PieceType::SuperBishop),
    ("SD", PieceType::SuperQueen),
];
const ONE_LETTER: [(&str, PieceType); 5] = [
    ("R", PieceType::King),
    ("D", PieceType::Queen),
    ("T", PieceType::Rook),
    ("F", PieceType::Bishop),
    ("P", PieceType::Pawn),
];

fn take_letters(s: &str) -> Option<(Letters, &str)> {
    for (l, t) in TWO_LETTERS {
        if let Some(rest) = s.strip_prefix(l) {
            return Some((Letters::Type(t), rest));
        }
    }
    for (l, t) in ONE_LETTER {
        if let Some(rest) = s.strip_prefix(l) {
            return Some((Letters::Type(t), rest));
        }
    }
    s.strip_prefix('C').map(|rest| (Letters::AnyKnight, rest))
}

fn take_square(s: &str) -> Option<(u32, &str)> {
    let b = s.as_bytes();
    if b.is_empty() || !(b'a'..=b'j').contains(&b[0]) {
        return None;
    }
    let file = (b[0] - b'a') as u32;
    if b.len() >= 3 && &b[1..3] == b"10" {
        return Some((file + 90, &s[3..]));
    }
    if b.len() >= 2 && (b'1'..=b'9').contains(&b[1]) {
        return Some((file + 10 * (b[1] - b'1') as u32, &s[2..]));
    }
    None
}

struct ParsedWord {
    action: RecordAction,
    check: bool,
    mate: bool,
    notes: Vec<String>,
}

/// Read one move word such as `Fi5xFf2+`, `Pd4xTe1=SD`, `Dc5-g9+mat`.
fn parse_move_word(w: &str) -> Option<ParsedWord> {
    let mut notes = vec![];
    let (piece, rest) = take_letters(w)?;
    let (from, rest) = take_square(rest)?;
    let (capture, rest) = if let Some(r) = rest.strip_prefix('x') {
        match take_letters(r) {
            Some((l, r2)) if take_square(r2).is_some() => (Some(Some(l)), r2),
            _ => (Some(None), r),
        }
    } else if let Some(r) = rest.strip_prefix('-') {
        (None, r)
    } else {
        return None;
    };
    let (to, mut rest) = take_square(rest)?;
    let mut promotion = None;
    if let Some(r) = rest.strip_prefix('=') {
        let (l, r2) = take_letters(r)?;
        match l {
            Letters::Type(t) => promotion = Some(t),
            Letters::AnyKnight => return None,
        }
        rest = r2;
    }
    let mut check = false;
    let mut mate = false;
    if let Some(r) = rest.strip_prefix('+') {
        check = true;
        rest = r;
    }
    if let Some(r) = rest.strip_prefix("mat") {
        mate = true;
        rest = r;
    }
    if rest == "-" {
        notes.push("stray '-' after the move ignored".to_string());
        rest = "";
    }
    if !rest.is_empty() {
        return None;
    }
    if piece == Letters::AnyKnight {
        notes.push("bare 'C' read as a knight of some kind (CT, CF or CA)".to_string());
    }
    if capture == Some(Some(Letters::AnyKnight)) {
        notes.push("captured piece written 'C' (read as CT, CF or CA)".to_string());
    }
    Some(ParsedWord {
        action: RecordAction::Move {
            piece,
            from,
            to,
            capture,
            promotion,
        },
        check,
        mate,
        notes,
    })
}

/// Which side a castling remark such as `Rf1-i1,Tj1-h1` or `STj10-h10` describes.
fn castle_side(group: &str) -> Option<bool> {
    for part in group.split(',') {
        let p = part.trim();
        let (l, rest) = take_letters(p)?;
        let (from, rest) = take_square(rest)?;
        let rest = rest.strip_prefix('-')?;
        let (to, _) = take_square(rest)?;
        match l {
            Letters::Type(PieceType::King) => return Some(to % 10 > from % 10),
            Letters::Type(PieceType::Rook | PieceType::SuperRook) => return Some(from % 10 == 9),
            _ => {}
        }
    }
    None
}

/// Read a record as written.
pub fn parse_record(text: &str) -> Record {
    // Join lines so that remarks broken over lines stay one group.
    let joined: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .collect::<Vec<_>>()
        .join("\n")
        .replace('\n', " ");
    let toks = tokenize(&joined);
    let mut rec = Record::default();
    let mut number = 0u32;
    let mut next_color = Color::White;
    let mut pending_notes: Vec<String> = vec![];
    let mut after_mate: Vec<String> = vec![];
    let mut i = 0;
    while i < toks.len() {
        let tok = &toks[i];
        i += 1;
        if rec.moves.last().is_some_and(|m| m.mate) {
            match tok {
                Tok::Word(w) => after_mate.push(w.clone()),
                Tok::Group(g) => after_mate.push(format!("({g})")),
                Tok::Amp => after_mate.push("&".to_string()),
            }
            continue;
        }
        match tok {
            Tok::Amp => {
                if next_color != Color::Black {
                    pending_notes.push("'&' where White's move was expected".to_string());
                }
                next_color = Color::Black;
            }
            Tok::Group(g) => match rec.moves.last_mut() {
                Some(m) => {
                    m.text += &format!(" ({g})");
                    if let RecordAction::Castle { kingside: None } = m.action {
                        m.action = RecordAction::Castle {
                            kingside: castle_side(g),
                        };
                    }
                    m.annotations.push(g.clone());
                }
                None => pending_notes.push(format!("remark ({g}) before the first move ignored")),
            },
            Tok::Word(w) => {
                let w = w.as_str();
                if let Some(n) = w.strip_suffix(')').and_then(|d| d.parse::<u32>().ok()) {
                    if n != number + 1 {
                        pending_notes.push(if n == number + 2 {
                            format!(
                                "move number {} missing (numbering jumps from {number} to {n})",
                                number + 1
                            )
                        } else {
                            format!("move number {n} follows {number}")
                        });
                    }
                    if next_color != Color::White {
                        pending_notes
                            .push(format!("move number {n} where Black's move was expected"));
                    }
                    number = n;
                    next_color = Color::White;
                    continue;
                }
                if w == "+" || w == "mat" || w == "+mat" {
                    if let Some(m) = rec.moves.last_mut() {
                        m.text += &format!(" {w}");
                        m.check |= w.starts_with('+');
                        m.mate |= w.ends_with("mat");
                    }
                    continue;
                }
                let (action, check, mate, mut notes) = if w == "00" || w == "0-0" {
                    (
                        RecordAction::Castle { kingside: None },
                        false,
                        false,
                        vec![],
                    )
                } else if let Some(p) = parse_move_word(w) {
                    (p.action, p.check, p.mate, p.notes)
                } else {
                    (
                        RecordAction::Unparseable(w.to_string()),
                        false,
                        false,
                        vec![],
                    )
                };
                notes.append(&mut pending_notes);
                if number == 0 {
                    number = 1;
                    notes.push("no move number before the first move".to_string());
                }
                rec.moves.push(RecordMove {
                    number,
                    color: next_color,
                    text: w.to_string(),
                    action,
                    check,
                    mate,
                    annotations: vec![],
                    notes,
                });
                next_color = next_color.other();
            }
        }
    }
    if !after_mate.is_empty() {
        rec.trailing_comment = Some(after_mate.join(" "));
    }
    rec
}

/// The replay verdict of one move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "verdict", rename_all = "snake_case")]
pub enum Verdict {
    /// Exactly one legal move matches; it was played.
    Legal,
    /// Several legal moves match (listed); the replay stops.
    Ambiguous {
        /// The matching moves in coordinates.
        candidates: Vec<String>,
    },
    /// No legal move matches.
    NotLegal {
        /// Why.
        reason: String,
        /// The unique legal move of the same piece to the same square (or from the same square)
        /// that was played instead, if there is one.
        repaired_as: Option<String>,
    },
    /// The text is no move.
    Unparseable {
        /// Why.
        reason: String,
    },
    /// Not replayed because an earlier move could not be continued from.
    NotReached,
}

/// One replayed move.
#[derive(Clone, Debug, Serialize)]
pub struct ReplayStep {
    /// Move number as written.
    pub number: u32,
    /// "white" or "black".
    pub color: &'static str,
    /// The record's text with its remarks.
    pub text: String,
    /// The verdict.
    pub verdict: Verdict,
    /// The move played, in coordinates (the repair for a move that is not legal).
    pub played: Option<String>,
    /// Irregularities.
    pub notes: Vec<String>,
}

/// The result of replaying a record.
#[derive(Clone, Debug, Serialize)]
pub struct Replay {
    /// Every move of the record.
    pub steps: Vec<ReplayStep>,
    /// The position after the last move played.
    pub final_fen: String,
    /// Whether the final position is checkmate.
    pub final_checkmate: bool,
    /// "white", "black", "draw" or null.
    pub outcome: Option<&'static str>,
    /// Moves in the record.
    pub moves: usize,
    /// Moves with verdict legal.
    pub legal: usize,
    /// Text after the final move.
    pub trailing_comment: Option<String>,
}

fn color_str(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

fn check_annotations(pos: &Position, mv: Move, rm: &RecordMove, notes: &mut Vec<String>) {
    // After the move: the piece on mv.to().
    let Some(p) = pos.piece_at(mv.to()) else {
        return;
    };
    let t = p.kind.piece_type();
    for a in &rm.annotations {
        let a = a.trim();
        let claimed =
            if let Some(rest) = a.strip_prefix("SD=SD+").or_else(|| a.strip_prefix("D=D+")) {
                Some(rest)
            } else if rm.action_is_promotion() && (a == "CT" || a == "CF") {
                Some(a)
            } else {
                None
            };
        let Some(claimed) = claimed else { continue };
        let is_queen = matches!(t, PieceType::Queen | PieceType::SuperQueen);
        let have = match p.kind.mode() {
            QueenMode::Knight => "CT",
            QueenMode::Camel => "CF",
            QueenMode::Both => "CA",
            QueenMode::None => "none",
        };
        if !is_queen {
            notes.push(format!(
                "remark ({a}) names a queen mode but the piece on {} is {}",
                square_name(mv.to()),
                t.french()
            ));
        } else if claimed != have {
            notes.push(format!(
                "remark ({a}) disagrees with the engine: the queen on {} is in mode {have}",
                square_name(mv.to())
            ));
        }
    }
}

impl RecordMove {
    fn action_is_promotion(&self) -> bool {
        matches!(
            self.action,
            RecordAction::Move {
                promotion: Some(_),
                ..
            }
        )
    }
}

/// Replay a parsed record from `start`.
pub fn replay(start: &Position, rec: &Record) -> Replay {
    let mut pos = start.clone();
    let mut steps = vec![];
    let mut stopped = false;
    for rm in &rec.moves {
        let mut notes = rm.notes.clone();
        let mut step = ReplayStep {
            number: rm.number,
            color: color_str(rm.color),
            text: rm.text.clone(),
            verdict: Verdict::NotReached,
            played: None,
            notes: vec![],
        };
        if stopped {
            step.notes = notes;
            steps.push(step);
            continue;
        }
        if rm.color != pos.side_to_move() {
            notes.push(format!(
                "the record gives this move to {} but {} is to move",
                color_str(rm.color),
                color_str(pos.side_to_move())
            ));
        }
        let legal = pos.legal_move_list();
        let legal = legal.as_slice();
        let mut chosen: Option<Move> = None;
        match &rm.action {
            RecordAction::Unparseable(w) => {
                step.verdict = Verdict::Unparseable {
                    reason: format!("{w:?} is not a move (expected e.g. Pf2-f5, CFi1-h4, Fi5xFf2+, 00 (Rf1-i1))"),
                };
            }
            RecordAction::Castle { kingside } => {
                let c: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| match m.flag() {
                        MoveFlag::CastleKing => *kingside != Some(false),
                        MoveFlag::CastleQueen => *kingside != Some(true),
                        _ => false,
                    })
                    .collect();
                match c.len() {
                    1 => {
                        step.verdict = Verdict::Legal;
                        chosen = Some(c[0]);
                    }
                    0 => {
                        step.verdict = Verdict::NotLegal {
                            reason: "castling is not legal here".to_string(),
                            repaired_as: None,
                        }
                    }
                    _ => {
                        step.verdict = Verdict::Ambiguous {
                            candidates: c.iter().map(|&m| Position::coordinate(m)).collect(),
                        }
                    }
                }
            }
            RecordAction::Move {
                piece,
                from,
                to,
                capture,
                promotion,
            } => {
                let type_on = |sq: u32| pos.piece_at(sq).map(|p| p.kind.piece_type());
                let matches: Vec<Move> = legal
                    .iter()
                    .copied()
                    .filter(|m| {
                        m.from() == *from
                            && m.to() == *to
                            && type_on(*from).is_some_and(|t| piece.matches(t))
                            && (promotion.is_none() || m.promotion_type() == *promotion)
                    })
                    .collect();
                match matches.len() {
                    1 => {
                        step.verdict = Verdict::Legal;
                        chosen = Some(matches[0]);
                    }
                    0 => {
                        let reason = match pos.piece_at(*from) {
                            None => format!("no piece on {}", square_name(*from)),
                            Some(p) if p.color != pos.side_to_move() => {
                                format!(
                                    "the piece on {} belongs to the side not to move",
                                    square_name(*from)
                                )
                            }
                            Some(p) if !piece.matches(p.kind.piece_type()) => format!(
                                "the piece on {} is {}, not {}",
                                square_name(*from),
                                p.kind.piece_type().french(),
                                piece.text()
                            ),
                            Some(_) => {
                                if legal.iter().any(|m| m.from() == *from && m.to() == *to) {
                                    "the promotion piece is not available".to_string()
                                } else {
                                    format!(
                                        "the {} on {} cannot go to {} (not a move of the piece there, or the king would be in check)",
                                        piece.text(),
                                        square_name(*from),
                                        square_name(*to)
                                    )
                                }
                            }
                        };
                        // Repair: same piece type to the same square, else from the same square
                        // with the same captured piece.
                        let same_to: Vec<Move> = legal
                            .iter()
                            .copied()
                            .filter(|m| {
                                m.to() == *to
                                    && type_on(m.from()).is_some_and(|t| piece.matches(t))
                                    && (promotion.is_none() || m.promotion_type() == *promotion)
                            })
                            .collect();
                        let repair = if same_to.len() == 1 {
                            Some(same_to[0])
                        } else {
                            let cap = capture.flatten();
                            let same_from: Vec<Move> = legal
                                .iter()
                                .copied()
                                .filter(|m| {
                                    m.from() == *from
                                        && type_on(*from).is_some_and(|t| piece.matches(t))
                                        && match cap {
                                            Some(l) => {
                                                type_on(m.to()).is_some_and(|t| l.matches(t))
                                            }
                                            None => false,
                                        }
                                })
                                .collect();
                            (same_from.len() == 1).then(|| same_from[0])
                        };
                        step.verdict = Verdict::NotLegal {
                            reason,
                            repaired_as: repair.map(Position::coordinate),
                        };
                        chosen = repair;
                    }
                    _ => {
                        step.verdict = Verdict::Ambiguous {
                            candidates: matches.iter().map(|&m| Position::coordinate(m)).collect(),
                        };
                    }
                }
                if let Some(m) = chosen {
                    let captured = if m.flag() == MoveFlag::EnPassant {
                        pos.en_passant_victim().and_then(|s| pos.piece_at(s))
                    } else {
                        pos.piece_at(m.to())
                    };
                    match (capture, captured) {
                        (None, Some(p)) => notes.push(format!(
                            "written with '-' but captures the {} on {}",
                            p.kind.piece_type().french(),
                            square_name(m.to())
                        )),
                        (Some(_), None) => {
                            notes.push("written with 'x' but captures nothing".to_string())
                        }
                        (Some(Some(l)), Some(p)) if !l.matches(p.kind.piece_type()) => {
                            notes.push(format!(
                                "captured piece written {} but it is {}",
                                l.text(),
                                p.kind.piece_type().french()
                            ))
                        }
                        _ => {}
                    }
                    if m.flag() == MoveFlag::EnPassant {
                        notes.push("en passant".to_string());
                    }
                }
            }
        }
        match chosen {
            Some(m) => {
                pos.play_unchecked(m);
                step.played = Some(Position::coordinate(m));
                check_annotations(&pos, m, rm, &mut notes);
                let check = pos.is_check();
                let mate = check && pos.count_legal() == 0;
                if rm.check && !check {
                    notes.push("marked '+' but gives no check".to_string());
                }
                if rm.mate && !mate {
                    notes.push("marked 'mat' but is not checkmate".to_string());
                }
                if mate && !rm.mate {
                    notes.push("checkmate, not marked 'mat'".to_string());
                }
                // Convention 2: a king capture by a leap in its own camp.
                if let Some(p) = pos.piece_at(m.to()) {
                    let shape = MoveShape::of(m.from(), m.to());
                    let own_camp = (p.color == Color::White) == (m.from() < 50);
                    if p.kind == Kind::King
                        && own_camp
                        && matches!(shape, MoveShape::KnightLeap | MoveShape::CamelLeap)
                    {
                        notes.push("king captures a leaping checker (convention 2)".to_string());
                    }
                }
            }
            None => stopped = true,
        }
        step.notes = notes;
        steps.push(step);
    }
    let final_checkmate = pos.is_checkmate();
    let outcome = pos.game_outcome().map(|o| match o {
        Outcome::Win(game::Player::First) => "white",
        Outcome::Win(game::Player::Second) => "black",
        Outcome::Draw => "draw",
    });
    let legal = steps.iter().filter(|s| s.verdict == Verdict::Legal).count();
    Replay {
        moves: steps.len(),
        legal,
        steps,
        final_fen: pos.to_fen(),
        final_checkmate,
        outcome,
        trailing_comment: rec.trailing_comment.clone(),
    }
}
