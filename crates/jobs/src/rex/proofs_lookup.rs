//! What a solved-position database already knows about one position and each of its moves,
//! without searching: `gsolve rex proofs`. It shows where a long map unit stands between legs
//! (which of the answers to the unit's root are settled in `resume/proofs.bin.gz`).
//!
//! A move's entry is the child position's: the child's mover loses exactly when the move wins
//! for the player who makes it. The database holds only proofs (exact results), so a move
//! marked there is settled, and one proven winning move, or every move proven losing, settles
//! the position.

use super::map::fingerprint;
use super::proofs::{self, ProofsHeader};
use crate::output::{JobError, JobResult};
use bitboard::BitWord;
use exact::ProofStore;
use game::{ExactGame, Game, Player};
use rex::RexPosition;
use std::path::PathBuf;

/// Settings of a lookup.
#[derive(Debug, Clone)]
pub struct LookupConfig {
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// Moves from the empty board (comma- or space-separated cells).
    pub moves: String,
    /// The database: a proofs file of a map run (`OUT/resume/*.bin.gz`).
    pub file: PathBuf,
}

/// One move of the position and what is known of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveProof {
    /// The move's cell name.
    pub name: String,
    /// `Some(true)`: proven to win for the player making it; `Some(false)`: proven to lose;
    /// `None`: neither in the database nor decided by the static analysis.
    pub wins: Option<bool>,
    /// The value came from the database (else from the static analysis of the position after
    /// the move, which the solver applies before looking anything up).
    pub from_database: bool,
    /// The solver would search this move: the static analysis of the position does not prune
    /// it as inferior (a pruned move need not be settled for the position to be).
    pub searched: bool,
}

/// What a lookup found.
#[derive(Debug, Clone)]
pub struct LookupReport {
    /// The board with each empty cell marked `+` (a proven winning move), `-` (proven
    /// losing), `?` (unknown) or `x` (unknown and pruned as inferior).
    pub picture: String,
    /// The player to move.
    pub to_move: Player,
    /// Entries in the file.
    pub entries: u64,
    /// The position's own entry (true: the player to move wins).
    pub position: Option<bool>,
    /// The static analysis's value of the position, if it decides it.
    pub position_static: Option<bool>,
    /// Every legal move, in cell order.
    pub moves: Vec<MoveProof>,
}

impl LookupReport {
    /// The value the database proves for the player to move: its own entry, else a move proven
    /// winning, else every move proven losing.
    pub fn settled(&self) -> Option<bool> {
        if let Some(v) = self.position.or(self.position_static) {
            return Some(v);
        }
        if self.moves.iter().any(|m| m.wins == Some(true)) {
            return Some(true);
        }
        let searched = || self.moves.iter().filter(|m| m.searched);
        let all_lose = searched().count() > 0 && searched().all(|m| m.wins == Some(false));
        all_lose.then_some(false)
    }
}

/// Read the database of `cfg` and look up the position and each of its moves.
pub fn look_up(cfg: &LookupConfig) -> JobResult<LookupReport> {
    if cfg.rows.saturating_mul(cfg.cols) <= 64 {
        look_up_on::<u64>(cfg)
    } else {
        look_up_on::<u128>(cfg)
    }
}

fn look_up_on<W: BitWord>(cfg: &LookupConfig) -> JobResult<LookupReport> {
    let board = RexPosition::<W>::new(cfg.rows, cfg.cols).map_err(JobError::input)?;
    let mut pos = board.clone();
    pos.play_list(&cfg.moves)
        .map_err(|e| JobError::input(format!("--moves {}: {e}", cfg.moves)))?;
    if pos.loser().is_some() {
        return Err(JobError::input(format!(
            "--moves {}: the game is already over",
            cfg.moves
        )));
    }
    let header = ProofsHeader {
        game: "rex".into(),
        board: format!("{}x{}", cfg.rows, cfg.cols),
        key_fingerprint: fingerprint(&board),
        producer: String::new(),
        entries: 0,
    };
    let store = ProofStore::new(0);
    let entries = proofs::load(&cfg.file, &header, &store)
        .map_err(|e| JobError::input(format!("--file: {e}")))?;
    let position = store.get(pos.canonical_keys());
    let mut tried = Vec::new();
    let position_static = pos.prepare(&mut tried);
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let mut marks = vec![' '; board.hex().cells()];
    let mut moves = Vec::new();
    let mut scratch = Vec::new();
    for mv in legal {
        let mut child = pos.clone();
        child.play(mv);
        let stored = store.get(child.canonical_keys());
        scratch.clear();
        let wins = stored.or_else(|| child.prepare(&mut scratch)).map(|c| !c);
        let searched = position_static.is_none() && tried.contains(&mv);
        if let Some(c) = mv.as_cell() {
            marks[c as usize] = match wins {
                Some(true) => '+',
                Some(false) => '-',
                None if searched => '?',
                None => 'x',
            };
        }
        moves.push(MoveProof {
            name: pos.move_name(mv),
            wins,
            from_database: stored.is_some(),
            searched,
        });
    }
    Ok(LookupReport {
        picture: picture(&pos, &marks),
        to_move: pos.to_move(),
        entries,
        position,
        position_static,
        moves,
    })
}

/// The diagram of `pos` (`B`, `W`) with each empty cell's mark, and the legend.
fn picture<W: BitWord>(pos: &RexPosition<W>, marks: &[char]) -> String {
    let mut out = pos.to_text_marked(|c| Some(marks[c as usize]).filter(|&m| m != ' '));
    out.push_str(
        "\n+ a proven winning move, - a proven losing one, ? unknown, x unknown and pruned as inferior\n",
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use exact::{Solver, SolverConfig};

    fn lookup(file: &std::path::Path, rows: usize, moves: &str) -> JobResult<LookupReport> {
        look_up(&LookupConfig {
            rows,
            cols: rows,
            moves: moves.into(),
            file: file.to_path_buf(),
        })
    }

    /// A database filled by solving every move of a 5×5 position answers each move as the
    /// solver does; an empty one knows only what the static analysis decides; a file of
    /// another board or a bad move list is an input error.
    #[test]
    fn lookup_agrees_with_the_solver_and_knows_only_what_was_stored() {
        let dir = std::env::temp_dir().join(format!("gsolve-lookup-{}", std::process::id()));
        let board = RexPosition::<u64>::new(5, 5).unwrap();
        let mut pos = board.clone();
        pos.play_list("a1").unwrap();
        let store = std::sync::Arc::new(ProofStore::new(0));
        let mut solver = Solver::<RexPosition<u64>>::new(SolverConfig::default()).unwrap();
        solver.set_store(Some(store.clone()));
        let values = solver.move_values(&pos);
        // 5×5: on 4×4 the static analysis alone decides every reply to a1.
        assert_eq!(values.len(), 24);
        let header = ProofsHeader {
            game: "rex".into(),
            board: "5x5".into(),
            key_fingerprint: fingerprint(&board),
            producer: "test".into(),
            entries: 0,
        };
        let full = dir.join("full.bin.gz");
        proofs::save(&full, &header, &store).unwrap();
        let empty = dir.join("empty.bin.gz");
        proofs::save(&empty, &header, &ProofStore::new(0)).unwrap();

        let r = lookup(&full, 5, "a1").unwrap();
        assert_eq!(r.entries, store.len() as u64);
        assert_eq!(r.moves.len(), values.len());
        for (m, v) in r.moves.iter().zip(&values) {
            assert_eq!(m.name, pos.move_name(v.mv));
            assert_eq!(m.wins, Some(v.wins), "move {}", m.name);
        }
        let wins = values.iter().filter(|v| v.wins).count();
        assert_eq!(r.settled(), Some(wins > 0));
        // Board marks plus the legend's one of each.
        assert_eq!(r.picture.matches('+').count(), wins + 1, "{}", r.picture);
        assert_eq!(
            r.picture.matches('-').count(),
            24 - wins + 1,
            "{}",
            r.picture
        );

        let e = lookup(&empty, 5, "a1").unwrap();
        assert_eq!(e.entries, 0);
        let known: Vec<&MoveProof> = e.moves.iter().filter(|m| m.wins.is_some()).collect();
        assert!(
            known.len() < 24,
            "the static analysis alone decides every move"
        );
        for m in known {
            assert!(!m.from_database);
            let v = values
                .iter()
                .find(|v| pos.move_name(v.mv) == m.name)
                .unwrap();
            assert_eq!(m.wins, Some(v.wins), "static value of {}", m.name);
        }

        let other = lookup(&full, 3, "");
        assert!(matches!(other, Err(JobError::Input(_))), "{other:?}");
        assert!(matches!(lookup(&full, 5, "a1,a1"), Err(JobError::Input(_))));
        assert!(matches!(lookup(&full, 5, "a1,z9"), Err(JobError::Input(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
