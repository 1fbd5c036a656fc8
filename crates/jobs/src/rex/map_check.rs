//! A finished map against a Solrex opening file (`rex5x5opening.dat`: after each opening,
//! every reply that wins for White): White's winning replies of every opening of the file,
//! read from the map's `replies.csv` and mapped through the 180° rotation where the map keeps
//! only one cell of a pair, must equal the file's set exactly. Every answer of the map (Black's
//! move after an opening and a reply that Black wins) is solved again by a fresh solver: White,
//! to move after it, must lose. Answers are any proven winning move, so two runs of the same
//! map may give different ones (`exact::Solver::winning_move`); this is what checks them.

use super::map::UnitResult;
use super::map_files::{self, parse_lines};
use crate::output::{JobError, JobResult};
use exact::{Solver, SolverConfig};
use rex::RexPosition;
use std::collections::BTreeSet;
use std::path::Path;

/// One opening whose winning replies differ: (opening, Solrex's set, the map's set).
pub type Mismatch = (String, Vec<String>, Vec<String>);

/// The outcome of [`check_map_against_suite`].
#[derive(Debug, Clone)]
pub struct MapCheck {
    /// Openings compared.
    pub checked: usize,
    /// Openings whose sets differ.
    pub mismatches: Vec<Mismatch>,
    /// Units Black wins, whose answers were solved again.
    pub answers_checked: usize,
    /// Units whose answer does not win, as "opening,reply,answer" (none in a correct map).
    pub bad_answers: Vec<String>,
}

/// Compare the map in `dir` (a finished `replies.csv` of a board of at most 64 cells) with the
/// one-move lines of the Solrex file `suite`.
pub fn check_map_against_suite(dir: &Path, suite: &Path) -> JobResult<MapCheck> {
    let replies = dir.join("replies.csv");
    let text = std::fs::read_to_string(&replies)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", replies.display())))?;
    let part = crate::shard::PartHeader::parse(&text)
        .and_then(Result::ok)
        .filter(|h| h.job == map_files::JOB)
        .ok_or_else(|| {
            JobError::input(format!("{}: not a rex map part file", replies.display()))
        })?;
    let size = map_files::config_board(&part.config).unwrap_or("");
    let (rows, cols) = size
        .split_once('x')
        .and_then(|(r, c)| Some((r.parse::<usize>().ok()?, c.parse::<usize>().ok()?)))
        .ok_or_else(|| JobError::input(format!("{}: no board in its config", replies.display())))?;
    let board = RexPosition::<u64>::new(rows, cols)
        .map_err(|e| JobError::input(format!("{}: {e}", replies.display())))?;
    let n = board.hex().cells() as u32;
    let rot = |name: &str| -> JobResult<String> {
        let c = board
            .parse_cell(name)
            .map_err(|e| JobError::input(format!("{}: {name}: {e}", replies.display())))?;
        Ok(board.hex().name(n - 1 - c))
    };
    let units = parse_lines(text.lines(), &replies).map_err(JobError::input)?;
    let suite_text = std::fs::read_to_string(suite)
        .map_err(|e| JobError::input(format!("cannot read {}: {e}", suite.display())))?;
    let lines = rex::solrex::parse_suite(&suite_text)
        .map_err(|e| JobError::input(format!("{}: {e}", suite.display())))?;
    let mut checked = 0;
    let mut mismatches = Vec::new();
    for l in lines.iter().filter(|l| l.moves.len() == 1) {
        let o = &l.moves[0];
        let image = rot(o)?;
        let (canonical, flipped) = if units.iter().any(|u| &u.opening == o) {
            (o.clone(), false)
        } else {
            (image.clone(), true)
        };
        let of_opening: Vec<_> = units.iter().filter(|u| u.opening == canonical).collect();
        if of_opening.is_empty() {
            return Err(JobError::input(format!(
                "{}: opening {o} (or its image {image}) is not in the map",
                replies.display()
            )));
        }
        let mut white = BTreeSet::new();
        for u in of_opening.iter().filter(|u| !u.black_wins) {
            let r = if flipped {
                rot(&u.reply)?
            } else {
                u.reply.clone()
            };
            if o == &image {
                // The centre: the map keeps one reply of each rotated pair.
                white.insert(rot(&r)?);
            }
            white.insert(r);
        }
        let found: Vec<String> = white.into_iter().collect();
        let mut expected = l.winning.clone();
        expected.sort();
        if found != expected {
            mismatches.push((o.clone(), expected, found));
        }
        checked += 1;
    }
    if checked == 0 {
        return Err(JobError::input(format!(
            "{}: no one-move lines (opening: winning replies)",
            suite.display()
        )));
    }
    let (answers_checked, bad_answers) = check_answers(&board, &units, &replies)?;
    Ok(MapCheck {
        checked,
        mismatches,
        answers_checked,
        bad_answers,
    })
}

/// Solve the position after every (opening, reply, answer) of `units` with White to move;
/// a unit Black wins must have an answer, and White must lose after it.
pub(crate) fn check_answers(
    board: &RexPosition<u64>,
    units: &[UnitResult],
    replies: &Path,
) -> JobResult<(usize, Vec<String>)> {
    let solver = Solver::<RexPosition<u64>>::new(SolverConfig {
        tt_mb: 64,
        ..SolverConfig::default()
    })
    .map_err(|e| JobError::input(format!("answer check: {e}")))?;
    let mut bad = Vec::new();
    let mut checked = 0;
    for u in units.iter().filter(|u| u.black_wins) {
        checked += 1;
        let line = format!(
            "{},{},{}",
            u.opening,
            u.reply,
            u.answer.as_deref().unwrap_or("")
        );
        let mut p = board.clone();
        let Some(answer) = &u.answer else {
            bad.push(line);
            continue;
        };
        p.play_list(&format!("{},{},{answer}", u.opening, u.reply))
            .map_err(|e| JobError::input(format!("{}: {line}: {e}", replies.display())))?;
        if p.loser() != Some(game::Player::Second) && solver.solve(&p) {
            bad.push(line);
        }
    }
    Ok((checked, bad))
}
