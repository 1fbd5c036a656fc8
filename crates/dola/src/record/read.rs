//! One move typed by a person (`gsolve dola play --human`): the source's French notation
//! (`Pf2-f5`, `CTh1-g3`, `Fi5xFf2+`, `00 (Rf1-i1)`) or coordinates (`f2f5`, `d9d10q`), matched
//! exactly against the legal moves. Nothing is repaired here: a typo is refused with the
//! reason and the nearest legal moves, so that the player chooses.

use super::reader::parse_record;
use super::repair::{exact, near, Exact, Wanted};
use super::RecordAction;
use crate::position::Position;
use crate::types::Move;

/// Read one typed move in `pos`; the error says why it is refused (and what is near).
pub fn read_move(pos: &Position, text: &str) -> Result<Move, String> {
    let t = text.trim();
    if let Ok(m) = pos.parse_move(t) {
        return Ok(m);
    }
    let rec = parse_record(t);
    let [rm] = rec.moves.as_slice() else {
        return Err(format!(
            "{t:?}: expected one move, e.g. Pf2-f5, CTh1-g3, Fi5xFf2, 00 (Rf1-i1) or f2f5"
        ));
    };
    match exact(pos, rm) {
        Exact::One(m) => Ok(m),
        Exact::Many(ms) => Err(format!(
            "{t:?} is ambiguous: {} (give the promotion piece, e.g. =D)",
            ms.iter()
                .map(|&m| Position::coordinate(m))
                .collect::<Vec<_>>()
                .join(" ")
        )),
        Exact::Unparseable => Err(format!(
            "{t:?} is not a move (e.g. Pf2-f5, CTh1-g3, Fi5xFf2, 00 (Rf1-i1), f2f5)"
        )),
        Exact::None => {
            let RecordAction::Move { .. } = rm.action else {
                return Err("castling is not legal here".to_string());
            };
            let w = Wanted::of(rm).expect("an ordinary move");
            let mut cands = near(pos, &w);
            cands.sort_by_key(|c| (c.cost + c.marks_off, Position::coordinate(c.mv)));
            let list: Vec<String> = cands
                .iter()
                .take(6)
                .map(|c| Position::coordinate(c.mv))
                .collect();
            let legal = pos.legal_move_list();
            let reason = super::replay::not_legal_reason(pos, legal.as_slice(), &w);
            Err(if list.is_empty() {
                format!("{t:?} is not legal: {reason}")
            } else {
                format!("{t:?} is not legal: {reason}; near it: {}", list.join(" "))
            })
        }
    }
}
