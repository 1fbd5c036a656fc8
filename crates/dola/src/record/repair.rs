//! Typo repair with lookahead: when a written move matches no legal move, the legal moves
//! nearest to the text are tried and the one that lets the rest of the record replay furthest
//! is played.
//!
//! *Nearest* (with the cost of the typo): the same piece letter with the origin or the
//! destination one coordinate off (1; a coordinate more than one off: 2) or both one off (2);
//! the same piece letter to the same destination from anywhere (the old "wrong origin" repair,
//! 3); another piece letter on the same squares (1) or with one square one coordinate off (2).
//! Marks of the text (`-`/`x`, the captured piece's letters, `+`, `mat`) the candidate does not
//! bear out are counted apart and decide before the cost.
//!
//! *Furthest*: after the candidate, the following record moves are replayed strictly (each must
//! match exactly one legal move) up to [`LOOKAHEAD`] moves. A written move may also be legal
//! and still wrong (a pawn written `Pf2-f4` for `Pf2-f5`): the typo shows only when a later move
//! fails. So when the best repair at the failing move does not replay the whole window, the
//! moves played as written up to [`BACKTRACK`] moves before it are tried as well (their nearest
//! other legal moves, after which the failing move must replay as written). The options are
//! ranked by how far the record replays, then by how many of the replayed moves bear out their
//! check marks, then by the candidate's own marks, then by the cost of the typo; options equal on all four over the window are
//! compared again over the rest of the record, and if still equal they are a tie, reported as
//! ambiguous, and the replay stops there.

use super::{Letters, RecordAction, RecordMove};
use crate::position::Position;
use crate::types::*;

/// Record moves replayed after a candidate repair to judge it.
pub const LOOKAHEAD: usize = 24;
/// How many moves played as written before a failing move may be the typo.
pub const BACKTRACK: usize = 30;

/// What an ordinary record move names.
pub(super) struct Wanted {
    pub(super) piece: Letters,
    pub(super) from: u32,
    pub(super) to: u32,
    pub(super) capture: Option<Option<Letters>>,
    pub(super) promotion: Option<PieceType>,
    pub(super) check: bool,
    pub(super) mate: bool,
}

impl Wanted {
    pub(super) fn of(rm: &RecordMove) -> Option<Wanted> {
        match rm.action {
            RecordAction::Move {
                piece,
                from,
                to,
                capture,
                promotion,
            } => Some(Wanted {
                piece,
                from,
                to,
                capture,
                promotion,
                check: rm.check,
                mate: rm.mate,
            }),
            _ => None,
        }
    }

    /// Whether `m` moves the named kind of piece with the named promotion (squares not checked).
    pub(super) fn piece_and_promotion(&self, pos: &Position, m: Move) -> bool {
        type_on(pos, m.from()).is_some_and(|t| self.piece.matches(t))
            && (self.promotion.is_none() || m.promotion_type() == self.promotion)
    }
}

pub(super) fn type_on(pos: &Position, sq: u32) -> Option<PieceType> {
    pos.piece_at(sq).map(|p| p.kind.piece_type())
}

/// How far square `b` is from the written square `a`: 0 the same, 1 one coordinate off by one,
/// 2 one coordinate off by more, 3 both coordinates differ.
fn square_cost(a: u32, b: u32) -> u32 {
    let (fa, ra, fb, rb) = (a % 10, a / 10, b % 10, b / 10);
    match (fa == fb, ra == rb) {
        (true, true) => 0,
        (true, false) if ra.abs_diff(rb) == 1 => 1,
        (false, true) if fa.abs_diff(fb) == 1 => 1,
        (true, false) | (false, true) => 2,
        (false, false) => 3,
    }
}

/// A legal move near the written one: the move, the kind of typo, its cost.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    pub(super) mv: Move,
    pub(super) kind: &'static str,
    /// The cost of the typo in the squares and letters.
    pub(super) cost: u32,
    /// Marks of the text (capture, captured piece, check, mate) the move does not bear out.
    pub(super) marks_off: u32,
}

/// The legal moves of `pos` near `w` (none is `w` itself as written).
pub(super) fn near(pos: &Position, w: &Wanted) -> Vec<Candidate> {
    let mut out = vec![];
    for m in pos.legal_move_list().as_slice().iter().copied() {
        if w.promotion.is_some() && m.promotion_type() != w.promotion {
            continue;
        }
        let letter_ok = type_on(pos, m.from()).is_some_and(|t| w.piece.matches(t));
        let (cf, ct) = (square_cost(w.from, m.from()), square_cost(w.to, m.to()));
        let (kind, cost) = match (letter_ok, cf, ct) {
            (true, 0, 0) => continue,
            (true, 1 | 2, 0) => ("origin one coordinate off", cf),
            (true, 0, 1 | 2) => ("destination one coordinate off", ct),
            (true, 1, 1) => ("origin and destination one coordinate off", 2),
            (true, 3, 0) => ("wrong origin", 3),
            (false, 0, 0) => ("wrong piece letter", 1),
            (false, 0, 1) | (false, 1, 0) => ("wrong piece letter and one coordinate off", 2),
            _ => continue,
        };
        out.push(Candidate {
            mv: m,
            kind,
            cost,
            marks_off: mark_cost(pos, m, w),
        });
    }
    out
}

/// 1 for each mark of the text (capture, captured piece, check, mate) that `m` does not bear
/// out.
fn mark_cost(pos: &Position, m: Move, w: &Wanted) -> u32 {
    let captured = if m.flag() == MoveFlag::EnPassant {
        Some(PieceType::Pawn)
    } else {
        type_on(pos, m.to())
    };
    let capture = match (w.capture, captured) {
        (None, None) | (Some(None), Some(_)) => 0,
        (Some(Some(l)), Some(t)) => u32::from(!l.matches(t)),
        _ => 1,
    };
    let mut after = pos.clone();
    after.play_unchecked(m);
    let check = after.is_check();
    let mate = check && after.count_legal() == 0;
    capture + u32::from(check != w.check) + u32::from(mate != w.mate)
}

/// The result of matching a written move exactly.
pub(super) enum Exact {
    /// Exactly one legal move matches.
    One(Move),
    /// Several match.
    Many(Vec<Move>),
    /// None matches (castling not legal, or an ordinary move).
    None,
    /// The text is no move.
    Unparseable,
}

/// Match `rm` exactly against the legal moves of `pos`.
pub(super) fn exact(pos: &Position, rm: &RecordMove) -> Exact {
    let legal = pos.legal_move_list();
    let legal = legal.as_slice();
    let found: Vec<Move> = match &rm.action {
        RecordAction::Unparseable(_) => return Exact::Unparseable,
        RecordAction::Castle { kingside } => legal
            .iter()
            .copied()
            .filter(|m| match m.flag() {
                MoveFlag::CastleKing => *kingside != Some(false),
                MoveFlag::CastleQueen => *kingside != Some(true),
                _ => false,
            })
            .collect(),
        RecordAction::Move { .. } => {
            let w = Wanted::of(rm).expect("an ordinary move");
            legal
                .iter()
                .copied()
                .filter(|&m| m.from() == w.from && m.to() == w.to && w.piece_and_promotion(pos, m))
                .collect()
        }
    };
    match found.len() {
        0 => Exact::None,
        1 => Exact::One(found[0]),
        _ => Exact::Many(found),
    }
}

/// How many of `moves` replay strictly from `pos` (each matching exactly one legal move), at
/// most `limit`, and how many of those from the `count_from`-th on bear out their check marks.
pub(super) fn strict_reach(
    pos: &Position,
    moves: &[RecordMove],
    limit: usize,
    count_from: usize,
) -> (usize, usize) {
    let mut p = pos.clone();
    let mut marks = 0;
    for (i, rm) in moves.iter().take(limit).enumerate() {
        match exact(&p, rm) {
            Exact::One(m) => {
                let agree = Wanted::of(rm).is_none_or(|w| {
                    let mut after = p.clone();
                    after.play_unchecked(m);
                    after.is_check() == w.check
                });
                marks += usize::from(agree && i >= count_from);
                p.play_unchecked(m);
            }
            _ => return (i, marks),
        }
    }
    (moves.len().min(limit), marks)
}

/// One way to repair a failure: play `candidate` at record move `at`.
#[derive(Clone, Debug)]
pub(super) struct RepairOption {
    pub(super) at: usize,
    pub(super) candidate: Candidate,
    /// The record index of the first move that does not replay after it (capped by the
    /// lookahead window).
    pub(super) end: usize,
    /// How many of the moves replayed after it bear out their check marks.
    pub(super) marks: usize,
}

/// What to do about record move `j` that matches no legal move.
pub(super) enum Choice {
    /// The best option, unique.
    Repair(RepairOption),
    /// Several options equally good (the replay stops).
    Tie(Vec<RepairOption>),
    /// No legal move is near the text.
    Nothing,
}

/// Choose the repair of the failing record move `j`. `before[i]` is the position before move
/// `i` (for `i <= j`); `as_written[i]` says whether move `i` was played as written (only those
/// may be changed). Options that tie over the window are compared again over the whole rest of
/// the record (at most [`LONG_LOOKAHEAD`] moves).
pub(super) fn choose(
    moves: &[RecordMove],
    before: &[Position],
    as_written: &[bool],
    j: usize,
) -> Choice {
    let mut choice = choose_within(moves, before, as_written, j, LOOKAHEAD);
    if let Choice::Tie(ties) = &choice {
        let window_end = (j + 1 + LOOKAHEAD).min(moves.len());
        if ties[0].end == window_end && window_end < moves.len() {
            choice = choose_within(moves, before, as_written, j, LONG_LOOKAHEAD);
        }
    }
    choice
}

/// Record moves replayed to break a tie over [`LOOKAHEAD`].
pub const LONG_LOOKAHEAD: usize = 400;

fn choose_within(
    moves: &[RecordMove],
    before: &[Position],
    as_written: &[bool],
    j: usize,
    lookahead: usize,
) -> Choice {
    let window_end = (j + 1 + lookahead).min(moves.len());
    let mut options = options_at(moves, &before[j], j, j + 1, window_end);
    for i in (j.saturating_sub(BACKTRACK)..j).rev() {
        if as_written[i] {
            options.extend(options_at(moves, &before[i], i, j + 1, window_end));
        }
    }
    rank(options)
}

/// The candidates at record move `at`, each replayed strictly; only those after which the
/// record replays up to at least `must_reach` are kept.
fn options_at(
    moves: &[RecordMove],
    pos: &Position,
    at: usize,
    must_reach: usize,
    window_end: usize,
) -> Vec<RepairOption> {
    let Some(w) = Wanted::of(&moves[at]) else {
        return vec![];
    };
    let mut out = vec![];
    for c in near(pos, &w) {
        let mut p = pos.clone();
        p.play_unchecked(c.mv);
        // Marks count over the moves after `must_reach - 1`, the same for every option.
        let from = must_reach - at - 1;
        let (reach, marks) = strict_reach(&p, &moves[at + 1..], window_end - at - 1, from);
        let end = at + 1 + reach;
        if end >= must_reach {
            out.push(RepairOption {
                at,
                candidate: c,
                end,
                marks,
            });
        }
    }
    out
}

/// The best option by replay length, then check marks borne out by the following moves, then
/// the move's own marks borne out, then typo cost; several equal best ones are a tie.
fn rank(mut options: Vec<RepairOption>) -> Choice {
    if options.is_empty() {
        return Choice::Nothing;
    }
    let key = |o: &RepairOption| {
        let c = &o.candidate;
        (
            std::cmp::Reverse(o.end),
            std::cmp::Reverse(o.marks),
            c.marks_off,
            c.cost,
        )
    };
    options.sort_by_key(key);
    let best = key(&options[0]);
    let ties: Vec<RepairOption> = options.iter().filter(|o| key(o) == best).cloned().collect();
    if ties.len() == 1 {
        Choice::Repair(options.swap_remove(0))
    } else {
        Choice::Tie(ties)
    }
}
