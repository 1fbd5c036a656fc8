//! Replaying a parsed record: each move matched against the legal moves, judged, and applied
//! (or repaired with lookahead, or the replay stops).

use super::repair::{choose, exact, Candidate, Choice, Exact, RepairOption, Wanted};
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

/// Replay a parsed record from `start`: every move is played as written, played as a named
/// repair (`super::repair`), or reported as not legal with the reason, and the replay stops at
/// a move that is neither (the rest are "not reached").
pub fn replay(start: &Position, rec: &Record) -> Replay {
    let moves = &rec.moves;
    // before[j]: the position before record move j; as_written[j]: move j was played as written.
    let mut before = vec![start.clone()];
    let mut as_written: Vec<bool> = vec![];
    let mut steps: Vec<ReplayStep> = vec![];
    let mut forced: Vec<Option<(Candidate, String, usize)>> = vec![None; moves.len()];
    let mut j = 0;
    while j < moves.len() {
        let rm = &moves[j];
        let mut pos = before[j].clone();
        let mut step = new_step(rm);
        let played = if let Some((c, reason, end)) = forced[j].take() {
            step.verdict = repaired(c.kind, reason, c.mv, end - j - 1);
            Some(c.mv)
        } else {
            match judge(&pos, rm, &mut step) {
                Judged::Play(m) => Some(m),
                Judged::Stop => None,
                Judged::Repair => match choose(moves, &before, &as_written, j) {
                    Choice::Repair(o) if o.at == j => {
                        let reason = not_legal_text(&step);
                        step.verdict =
                            repaired(o.candidate.kind, reason, o.candidate.mv, o.end - j - 1);
                        Some(o.candidate.mv)
                    }
                    Choice::Repair(o) => {
                        // An earlier move, legal as written, was the typo: replay from there.
                        let reason = format!(
                            "legal as written, but then move {} ({}) `{}` is not: {}",
                            rm.number,
                            color_str(rm.color),
                            rm.text,
                            not_legal_text(&step)
                        );
                        let at = o.at;
                        forced[at] = Some((o.candidate, reason, o.end));
                        steps.truncate(at);
                        before.truncate(at + 1);
                        as_written.truncate(at);
                        j = at;
                        continue;
                    }
                    Choice::Tie(options) => {
                        step.verdict = Verdict::Ambiguous {
                            candidates: options.iter().map(|o| option_text(moves, o)).collect(),
                        };
                        None
                    }
                    Choice::Nothing => None,
                },
            }
        };
        let Some(m) = played else {
            steps.push(step);
            break;
        };
        if let Some(w) = Wanted::of(rm) {
            capture_notes(&pos, m, w.capture, &mut step.notes);
        }
        pos.play_unchecked(m);
        step.played = Some(Position::coordinate(m));
        check_annotations(&pos, m, rm, &mut step.notes);
        after_move_notes(&pos, m, rm, &mut step.notes);
        as_written.push(step.verdict == Verdict::Legal);
        steps.push(step);
        before.push(pos);
        j += 1;
    }
    for rm in &moves[steps.len()..] {
        steps.push(new_step(rm));
    }
    finish(before.pop().expect("the start position"), steps, rec)
}

fn new_step(rm: &RecordMove) -> ReplayStep {
    ReplayStep {
        number: rm.number,
        color: color_str(rm.color),
        text: rm.text.clone(),
        verdict: Verdict::NotReached,
        played: None,
        notes: rm.notes.clone(),
        comment: rm.comment.clone(),
    }
}

fn repaired(kind: &str, reason: String, m: Move, lookahead: usize) -> Verdict {
    Verdict::Repaired {
        reason,
        kind: kind.to_string(),
        played: Position::coordinate(m),
        lookahead,
    }
}

/// The reason a not-legal verdict gives, for a repair.
fn not_legal_text(step: &ReplayStep) -> String {
    match &step.verdict {
        Verdict::NotLegal { reason } => reason.clone(),
        v => format!("{v:?}"),
    }
}

/// "move 12 (white) g1c5 (destination one coordinate off; 9 following moves replay)".
fn option_text(moves: &[RecordMove], o: &RepairOption) -> String {
    let rm = &moves[o.at];
    format!(
        "move {} ({}) {} ({}; {} following moves replay)",
        rm.number,
        color_str(rm.color),
        Position::coordinate(o.candidate.mv),
        o.candidate.kind,
        o.end - o.at - 1
    )
}

fn finish(pos: Position, steps: Vec<ReplayStep>, rec: &Record) -> Replay {
    let final_checkmate = pos.is_checkmate();
    let outcome = pos.game_outcome().map(|o| match o {
        Outcome::Win(game::Player::First) => "white",
        Outcome::Win(game::Player::Second) => "black",
        Outcome::Draw => "draw",
    });
    let legal = steps.iter().filter(|s| s.verdict == Verdict::Legal).count();
    let repaired = steps
        .iter()
        .filter(|s| matches!(s.verdict, Verdict::Repaired { .. }))
        .count();
    Replay {
        moves: steps.len(),
        legal,
        repaired,
        steps,
        final_fen: pos.to_fen(),
        final_checkmate,
        outcome,
        trailing_comment: rec.trailing_comment.clone(),
        title: rec.title.clone(),
        declared_result: rec.declared_result.clone(),
    }
}

/// What the exact match of a record move says to do.
enum Judged {
    /// Play this move (verdict legal).
    Play(Move),
    /// Stop (ambiguous, unparseable, castling not legal): the verdict is set.
    Stop,
    /// An ordinary move that matches nothing: look for a repair (verdict not legal set).
    Repair,
}

/// Judge `rm` in `pos` by exact matching, setting the verdict of `step`.
fn judge(pos: &Position, rm: &RecordMove, step: &mut ReplayStep) -> Judged {
    if rm.color != pos.side_to_move() {
        step.notes.push(format!(
            "the record gives this move to {} but {} is to move",
            color_str(rm.color),
            color_str(pos.side_to_move())
        ));
    }
    match exact(pos, rm) {
        Exact::One(m) => {
            step.verdict = Verdict::Legal;
            Judged::Play(m)
        }
        Exact::Many(ms) => {
            step.verdict = Verdict::Ambiguous {
                candidates: ms.iter().map(|&m| Position::coordinate(m)).collect(),
            };
            Judged::Stop
        }
        Exact::Unparseable => {
            step.verdict = Verdict::Unparseable {
                reason: format!(
                    "{:?} is not a move (expected e.g. Pf2-f5, CFi1-h4, Fi5xFf2+, 00 (Rf1-i1), f2f5)",
                    rm.text
                ),
            };
            Judged::Stop
        }
        Exact::None => match Wanted::of(rm) {
            None => {
                step.verdict = Verdict::NotLegal {
                    reason: "castling is not legal here".to_string(),
                };
                Judged::Stop
            }
            Some(w) => {
                let legal = pos.legal_move_list();
                step.verdict = Verdict::NotLegal {
                    reason: not_legal_reason(pos, legal.as_slice(), &w),
                };
                Judged::Repair
            }
        },
    }
}

/// Why no legal move matches `w`.
pub(super) fn not_legal_reason(pos: &Position, legal: &[Move], w: &Wanted) -> String {
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
