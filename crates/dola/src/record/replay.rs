//! Replaying a parsed record: each move matched against the legal moves, judged, and applied
//! (or repaired, or the replay stops).

use super::{Letters, Record, RecordAction, RecordMove, Replay, ReplayStep, Verdict};
use crate::position::Position;
use crate::types::*;
use bitboard::dola::square_name;
use game::Outcome;

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
        let mut step = ReplayStep {
            number: rm.number,
            color: color_str(rm.color),
            text: rm.text.clone(),
            verdict: Verdict::NotReached,
            played: None,
            notes: rm.notes.clone(),
        };
        if !stopped {
            stopped = !replay_move(&mut pos, rm, &mut step);
        }
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

/// Judge `rm` in `pos` and play it (or its repair), filling in `step`; false if nothing could
/// be played, which ends the replay.
fn replay_move(pos: &mut Position, rm: &RecordMove, step: &mut ReplayStep) -> bool {
    if rm.color != pos.side_to_move() {
        step.notes.push(format!(
            "the record gives this move to {} but {} is to move",
            color_str(rm.color),
            color_str(pos.side_to_move())
        ));
    }
    let legal = pos.legal_move_list();
    let legal = legal.as_slice();
    let (verdict, chosen) = match &rm.action {
        RecordAction::Unparseable(w) => (
            Verdict::Unparseable {
                reason: format!(
                    "{w:?} is not a move (expected e.g. Pf2-f5, CFi1-h4, Fi5xFf2+, 00 (Rf1-i1))"
                ),
            },
            None,
        ),
        RecordAction::Castle { kingside } => castle_choice(legal, *kingside),
        RecordAction::Move {
            piece,
            from,
            to,
            capture,
            promotion,
        } => {
            let wanted = Wanted {
                piece: *piece,
                from: *from,
                to: *to,
                capture: *capture,
                promotion: *promotion,
            };
            let choice = move_choice(pos, legal, &wanted);
            if let Some(m) = choice.1 {
                capture_notes(pos, m, wanted.capture, &mut step.notes);
            }
            choice
        }
    };
    step.verdict = verdict;
    let Some(m) = chosen else {
        return false;
    };
    pos.play_unchecked(m);
    step.played = Some(Position::coordinate(m));
    check_annotations(pos, m, rm, &mut step.notes);
    after_move_notes(pos, m, rm, &mut step.notes);
    true
}

/// `00`: the one legal castling move of the side the remark names (or of either side).
fn castle_choice(legal: &[Move], kingside: Option<bool>) -> (Verdict, Option<Move>) {
    let c: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|m| match m.flag() {
            MoveFlag::CastleKing => kingside != Some(false),
            MoveFlag::CastleQueen => kingside != Some(true),
            _ => false,
        })
        .collect();
    match c.len() {
        1 => (Verdict::Legal, Some(c[0])),
        0 => (
            Verdict::NotLegal {
                reason: "castling is not legal here".to_string(),
                repaired_as: None,
            },
            None,
        ),
        _ => (
            Verdict::Ambiguous {
                candidates: c.iter().map(|&m| Position::coordinate(m)).collect(),
            },
            None,
        ),
    }
}

/// What an ordinary record move names.
struct Wanted {
    piece: Letters,
    from: u32,
    to: u32,
    capture: Option<Option<Letters>>,
    promotion: Option<PieceType>,
}

impl Wanted {
    /// Whether `m` moves the named kind of piece with the named promotion (squares not checked).
    fn piece_and_promotion(&self, pos: &Position, m: Move) -> bool {
        type_on(pos, m.from()).is_some_and(|t| self.piece.matches(t))
            && (self.promotion.is_none() || m.promotion_type() == self.promotion)
    }
}

fn type_on(pos: &Position, sq: u32) -> Option<PieceType> {
    pos.piece_at(sq).map(|p| p.kind.piece_type())
}

/// An ordinary move: legal if exactly one legal move matches, else ambiguous, else not legal
/// with its reason and the repair (if there is one) as the move to play.
fn move_choice(pos: &Position, legal: &[Move], w: &Wanted) -> (Verdict, Option<Move>) {
    let matches: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.from() == w.from && m.to() == w.to && w.piece_and_promotion(pos, m))
        .collect();
    match matches.len() {
        1 => (Verdict::Legal, Some(matches[0])),
        0 => {
            let repair = repair(pos, legal, w);
            (
                Verdict::NotLegal {
                    reason: not_legal_reason(pos, legal, w),
                    repaired_as: repair.map(Position::coordinate),
                },
                repair,
            )
        }
        _ => (
            Verdict::Ambiguous {
                candidates: matches.iter().map(|&m| Position::coordinate(m)).collect(),
            },
            None,
        ),
    }
}

/// Why no legal move matches `w`.
fn not_legal_reason(pos: &Position, legal: &[Move], w: &Wanted) -> String {
    match pos.piece_at(w.from) {
        None => format!("no piece on {}", square_name(w.from)),
        Some(p) if p.color != pos.side_to_move() => format!(
            "the piece on {} belongs to the side not to move",
            square_name(w.from)
        ),
        Some(p) if !w.piece.matches(p.kind.piece_type()) => format!(
            "the piece on {} is {}, not {}",
            square_name(w.from),
            p.kind.piece_type().french(),
            w.piece.text()
        ),
        Some(_) => {
            if legal.iter().any(|m| m.from() == w.from && m.to() == w.to) {
                "the promotion piece is not available".to_string()
            } else {
                format!(
                    "the {} on {} cannot go to {} (not a move of the piece there, or the king would be in check)",
                    w.piece.text(),
                    square_name(w.from),
                    square_name(w.to)
                )
            }
        }
    }
}

/// The repair of a move that is not legal: the one legal move of the same piece type to the
/// same square, else the one from the same square with the same captured piece.
fn repair(pos: &Position, legal: &[Move], w: &Wanted) -> Option<Move> {
    let same_to: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| m.to() == w.to && w.piece_and_promotion(pos, m))
        .collect();
    if same_to.len() == 1 {
        return Some(same_to[0]);
    }
    let cap = w.capture.flatten()?;
    let same_from: Vec<Move> = legal
        .iter()
        .copied()
        .filter(|&m| {
            m.from() == w.from
                && type_on(pos, w.from).is_some_and(|t| w.piece.matches(t))
                && type_on(pos, m.to()).is_some_and(|t| cap.matches(t))
        })
        .collect();
    (same_from.len() == 1).then(|| same_from[0])
}

/// Notes on the capture as written (`-` / `x` / the captured piece's letters) against what `m`
/// captures in `pos` (before it is played).
fn capture_notes(
    pos: &Position,
    m: Move,
    capture: Option<Option<Letters>>,
    notes: &mut Vec<String>,
) {
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
        (Some(_), None) => notes.push("written with 'x' but captures nothing".to_string()),
        (Some(Some(l)), Some(p)) if !l.matches(p.kind.piece_type()) => notes.push(format!(
            "captured piece written {} but it is {}",
            l.text(),
            p.kind.piece_type().french()
        )),
        _ => {}
    }
    if m.flag() == MoveFlag::EnPassant {
        notes.push("en passant".to_string());
    }
}

/// Notes on the check and mate marks and on a convention-2 king capture, after `m` was played.
fn after_move_notes(pos: &Position, m: Move, rm: &RecordMove, notes: &mut Vec<String>) {
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
