//! Move ordering: the table move, captures by a victim/attacker key, two killers per ply, a
//! countermove table (the quiet move that last refuted the opponent's previous move) and a
//! history table.
//!
//! `game::Evaluate` says whether a move captures but not what it captures, so the
//! victim/attacker key comes from a [`MoveHints`] object the caller passes in (a game's
//! front end implements it on a unit struct of its own; [`NoHints`] orders captures by
//! generation order). Moves are any `Copy + Hash` type, so the history table is indexed by a
//! hash of the move (4096 cells per player; collisions only blur a heuristic).

use game::Player;
use std::hash::{Hash, Hasher};

pub use game::{MoveHints, NoHints};

pub(crate) const HISTORY_CELLS: usize = 4096;
const HISTORY_MAX: i32 = 1 << 20;

/// Ordering priorities (higher first).
pub(crate) const TT_MOVE_PRIORITY: i32 = i32::MAX;
/// A move leading to a chance node (with `SearchOptions::chance_moves_first`): right after the
/// table move, before the captures.
pub(crate) const CHANCE_MOVE_PRIORITY: i32 = i32::MAX - 1;
pub(crate) const CAPTURE_PRIORITY: i32 = 1 << 29;
pub(crate) const KILLER_PRIORITY: i32 = 1 << 28;
/// The countermove ranks just below the killers and above every history score.
pub(crate) const COUNTER_PRIORITY: i32 = KILLER_PRIORITY - 1;

/// A small deterministic hasher (FxHash's multiply-rotate) for indexing moves.
#[derive(Default)]
pub(crate) struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[inline]
pub(crate) fn move_cell<M: Hash>(mv: &M) -> usize {
    let mut h = MoveHasher::default();
    mv.hash(&mut h);
    (h.finish() >> 40) as usize & (HISTORY_CELLS - 1)
}

/// Killer moves (two per ply) and the history table of one search thread.
pub(crate) struct Heuristics<M> {
    pub(crate) killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    /// Countermoves: the last quiet move of each player that refuted a given opponent move
    /// (indexed by the hash cell of that move).
    counters: Vec<Option<M>>,
}

impl<M: Copy + Eq + Hash> Heuristics<M> {
    pub(crate) fn new(plies: usize) -> Self {
        Heuristics {
            killers: vec![[None, None]; plies],
            history: vec![0; 2 * HISTORY_CELLS],
            counters: vec![None; 2 * HISTORY_CELLS],
        }
    }

    /// The countermove of `p` to the opponent's `previous` move.
    #[inline]
    pub(crate) fn counter(&self, p: Player, previous: &M) -> Option<M> {
        self.counters[p.index() * HISTORY_CELLS + move_cell(previous)]
    }

    /// Record `mv` as `p`'s countermove to `previous`.
    #[inline]
    pub(crate) fn set_counter(&mut self, p: Player, previous: &M, mv: M) {
        self.counters[p.index() * HISTORY_CELLS + move_cell(previous)] = Some(mv);
    }

    /// Halve the history (called between iterations so recent results weigh more).
    pub(crate) fn age(&mut self) {
        for h in &mut self.history {
            *h /= 2;
        }
    }

    #[inline]
    pub(crate) fn history(&self, p: Player, mv: &M) -> i32 {
        self.history[p.index() * HISTORY_CELLS + move_cell(mv)]
    }

    /// A quiet move caused a cut-off at `ply` with `depth` left.
    #[inline]
    pub(crate) fn reward(
        &mut self,
        p: Player,
        mv: M,
        ply: usize,
        depth: i32,
        killers: bool,
        history: bool,
    ) {
        if killers {
            let k = &mut self.killers[ply];
            if k[0] != Some(mv) {
                k[1] = k[0];
                k[0] = Some(mv);
            }
        }
        if history {
            let cell = &mut self.history[p.index() * HISTORY_CELLS + move_cell(&mv)];
            *cell += depth * depth;
            if *cell > HISTORY_MAX {
                // Keep the ordering scores below the killer band.
                for h in &mut self.history {
                    *h /= 2;
                }
            }
        }
    }
}
