//! Exact win/loss solver for two-player games without draws or chance ([`game::ExactGame`]).
//!
//! # Algorithm
//! Negamax alpha-beta on the two values win/loss. With only two values every search of a node
//! returns its exact value (the window never leaves (−1, +1)), so the transposition table stores
//! proven results only, never bounds, and a table hit is final.
//!
//! - **Pruning** comes only from the game: [`ExactGame::prepare`] returns a proven static result
//!   or the moves that must be tried (a subset proven to contain a win when one exists). The
//!   solver adds no pruning of its own.
//! - **Move ordering**: children already proven in the table first or last (enhanced
//!   transposition cut-off), then, where many plies are left
//!   ([`SolverConfig::mobility_min_plies`]), the children that leave the opponent the fewest
//!   moves after the game's own pruning (a one-ply proof-number estimate: the smallest proof
//!   tends to hide there; it cut the nodes of the Solrex suite about threefold), then
//!   countermove and history, then the game's order.
//! - **Transposition table**: `2^k` buckets of two entries (one kept by subtree size, one always
//!   replaced), sized by [`SolverConfig::tt_mb`]. Each entry is two `AtomicU64`s written with
//!   Hyatt's lock-less XOR scheme: the bucket comes from the first 64-bit key and the entry is
//!   verified by the second, independent 64-bit key, so a wrong hit needs a 64-bit collision on
//!   top of an index collision. Keys are canonical under the game's symmetries.
//! - **Parallelism** (rayon, shared table): at nodes less than [`SolverConfig::split_ply`] plies
//!   from the root, the first move is searched alone (young brothers wait) and the others in
//!   parallel; when one proves a win the others are cancelled through a chain of flags and their
//!   unfinished results are discarded, never stored. Values are exact, so every value reported
//!   is identical for any number of threads (node counts are not).
//!
//! Nothing is allocated per node: move lists live in per-ply buffers reused by each worker.

#![warn(missing_docs)]

mod dfpn;
mod portfolio;
mod pv;
mod scratch;
pub mod store;
mod table;

pub use store::ProofStore;

use game::ExactGame;
use rayon::prelude::*;
use scratch::Scratch;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use table::{Table, NO_MOVE};

/// The search algorithm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Algorithm {
    /// Negamax alpha-beta on win/loss (the default).
    #[default]
    AlphaBeta,
    /// Depth-first proof-number search, with alpha-beta near the leaves; a root solve with
    /// two or more threads runs that many df-pn workers on one table, each avoiding the
    /// children another worker is inside (`dfpn.rs`).
    Dfpn,
    /// Both at once on two threads, sharing the alpha-beta table: the first to finish answers
    /// and the other stops. Each wins on positions where the other is slow (measured on Rex
    /// 6×6, `results/rex/knowledge.md`). A root solve with one thread, and the positions
    /// [`Solver::move_values`] solves in parallel, use alpha-beta alone.
    Portfolio,
}

/// Solver settings.
#[derive(Clone, Debug)]
pub struct SolverConfig {
    /// The search algorithm.
    pub algorithm: Algorithm,
    /// With [`Algorithm::Dfpn`]: positions with at most this many plies left
    /// ([`ExactGame::plies_left_hint`]) are solved by alpha-beta.
    pub dfpn_leaf_plies: u32,
    /// Transposition-table size in MiB (rounded down to a power of two of 32-byte buckets).
    pub tt_mb: usize,
    /// Worker threads (1 = sequential).
    pub threads: usize,
    /// Nodes closer to the root than this search their younger brothers in parallel.
    pub split_ply: u32,
    /// Nodes with at least this many plies left ([`ExactGame::plies_left_hint`]) order their
    /// moves by the opponent's number of replies, fewest first (a proof-number-like estimate
    /// of the smallest proof; it costs one `prepare` per child).
    pub mobility_min_plies: u32,
}

impl Default for SolverConfig {
    fn default() -> Self {
        SolverConfig {
            tt_mb: 1024,
            threads: 1,
            split_ply: 4,
            algorithm: Algorithm::AlphaBeta,
            // Measured on the Rex 6×6 position `c1,e6` (one thread, user s on a loaded
            // machine): 10 → 20.1, 14 → 17.4, 16 → 16.8, 18 → 13.0, 20 → 12.1, 22 → 42.4.
            dfpn_leaf_plies: 20,
            mobility_min_plies: 12,
        }
    }
}

/// Errors from building a solver.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolverError {
    /// The thread pool could not be built.
    ThreadPool(String),
    /// Impossible settings.
    BadConfig(String),
}

impl std::fmt::Display for SolverError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolverError::ThreadPool(m) => write!(f, "cannot start the worker threads: {m}"),
            SolverError::BadConfig(m) => write!(f, "bad solver settings: {m}"),
        }
    }
}

impl std::error::Error for SolverError {}

/// The value of one move at the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue<M> {
    /// The move.
    pub mv: M,
    /// True if the move wins for the player who makes it.
    pub wins: bool,
}

/// Work counters.
#[derive(Clone, Copy, Debug, Default)]
pub struct Stats {
    /// Nodes visited (including table hits).
    pub nodes: u64,
    /// Wall-clock time.
    pub elapsed: Duration,
}

/// A cancellation flag of a parallel split, chained to the flags of the splits above it.
struct Cancel<'a> {
    flag: AtomicBool,
    parent: Option<&'a Cancel<'a>>,
}

impl Cancel<'_> {
    #[inline]
    fn is_set(c: Option<&Cancel<'_>>) -> bool {
        let mut cur = c;
        while let Some(x) = cur {
            if x.flag.load(Ordering::Relaxed) {
                return true;
            }
            cur = x.parent;
        }
        false
    }
}

/// The exact solver; one instance shares its table across calls (so a map of many positions
/// reuses earlier proofs).
pub struct Solver<G: ExactGame> {
    table: Table,
    /// Proof-number table of [`Algorithm::Dfpn`].
    dtable: Option<Table>,
    /// Workers inside each df-pn node (hashed), for the parallel df-pn's child choice.
    busy: dfpn::Busy,
    config: SolverConfig,
    pool: rayon::ThreadPool,
    nodes: AtomicU64,
    /// Set when the deadline passes: every search unwinds and nothing more is stored.
    stop: AtomicBool,
    /// When every search stops, in nanoseconds after `epoch` (`u64::MAX`: never). Atomic so
    /// that a caller holding the solver shared (a map's unit loop beside its saver thread) can
    /// move it between searches.
    deadline_ns: AtomicU64,
    /// The solver's creation: the origin of `deadline_ns`.
    epoch: Instant,
    /// A stop asked from outside (a signal handler's flag): checked like the deadline.
    interrupt: Option<&'static AtomicBool>,
    /// The solved-position database, if any (see [`ProofStore`]).
    store: Option<Arc<ProofStore>>,
    _game: std::marker::PhantomData<fn(G)>,
}

impl<G: ExactGame> std::fmt::Debug for Solver<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Solver({:?})", self.config)
    }
}

impl<G: ExactGame> Solver<G> {
    /// A solver with its own table and thread pool.
    pub fn new(config: SolverConfig) -> Result<Self, SolverError> {
        if config.threads == 0 {
            return Err(SolverError::BadConfig(
                "--threads must be at least 1".into(),
            ));
        }
        if config.tt_mb == 0 || config.tt_mb > 1 << 20 {
            return Err(SolverError::BadConfig(format!(
                "--tt-mb {} is out of range (1 to 1048576)",
                config.tt_mb
            )));
        }
        // A pool even for one thread: the root-level `par_iter`s then run on it instead of
        // on rayon's global pool (which has one thread per core).
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(config.threads)
            .build()
            .map_err(|e| SolverError::ThreadPool(e.to_string()))?;
        // df-pn splits the memory between its proof numbers and the alpha-beta leaf table.
        let (ab_mb, dfpn_mb) = match config.algorithm {
            Algorithm::AlphaBeta => (config.tt_mb, 0),
            Algorithm::Dfpn | Algorithm::Portfolio => {
                ((config.tt_mb / 2).max(1), (config.tt_mb / 2).max(1))
            }
        };
        Ok(Solver {
            table: Table::new(ab_mb),
            dtable: (dfpn_mb > 0).then(|| Table::new(dfpn_mb)),
            busy: dfpn::Busy::new(config.algorithm == Algorithm::Dfpn && config.threads > 1),
            config,
            pool,
            nodes: AtomicU64::new(0),
            stop: AtomicBool::new(false),
            deadline_ns: AtomicU64::new(u64::MAX),
            epoch: Instant::now(),
            interrupt: None,
            store: None,
            _game: std::marker::PhantomData,
        })
    }

    /// Stop every search at `deadline` (`None`: never). After a stop, [`Solver::stopped`] is
    /// true and the values returned by the interrupted call are meaningless; everything stored
    /// in the table before the stop stays exact.
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        let ns = deadline.map_or(u64::MAX, |d| {
            let after = d.saturating_duration_since(self.epoch).as_nanos();
            u64::try_from(after)
                .unwrap_or(u64::MAX - 1)
                .min(u64::MAX - 1)
        });
        self.deadline_ns.store(ns, Ordering::Relaxed);
        self.stop.store(false, Ordering::Relaxed);
    }

    /// True once the deadline set by [`Solver::set_deadline`] has passed.
    fn past_deadline(&self) -> bool {
        let d = self.deadline_ns.load(Ordering::Relaxed);
        d != u64::MAX && self.epoch.elapsed().as_nanos() >= u128::from(d)
    }

    /// Stop every search, as at a deadline, once `flag` is set (`None`: no such flag). The flag
    /// is a process-wide one that a signal handler sets, hence `'static`.
    pub fn set_interrupt(&mut self, flag: Option<&'static AtomicBool>) {
        self.interrupt = flag;
    }

    /// Use `store` as the solved-position database: nodes with at least its `min_plies` plies
    /// left are answered from it when proven there, and every result proven at such a node is
    /// added to it (alpha-beta only).
    pub fn set_store(&mut self, store: Option<Arc<ProofStore>>) {
        self.store = store;
    }

    /// Touch every page of the transposition table now, so that timings taken afterwards do
    /// not include the kernel's zeroing of fresh pages.
    pub fn prefault(&self) {
        for t in std::iter::once(&self.table).chain(self.dtable.as_ref()) {
            for w in t.words.iter().step_by(512) {
                w.store(0, Ordering::Relaxed);
            }
        }
    }

    /// True if a deadline (or the interrupt flag) interrupted a search.
    pub fn stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    #[inline]
    fn cancelled(&self, c: Option<&Cancel<'_>>) -> bool {
        self.stop.load(Ordering::Relaxed) || Cancel::is_set(c)
    }

    /// Every 1024 nodes of a worker: publish its node count, and stop everything once the
    /// deadline has passed or the interrupt flag is set.
    fn poll(&self, s: &mut Scratch<G::Move>) {
        s.publish(&self.nodes);
        if self.past_deadline() || self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            self.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Nodes visited since the solver was made.
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    /// The settings.
    pub fn config(&self) -> &SolverConfig {
        &self.config
    }

    fn run<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        self.pool.install(f)
    }

    /// True if the player to move wins `pos`.
    pub fn solve(&self, pos: &G) -> bool {
        self.run(|| {
            let mut p = pos.clone();
            self.solve_here(&mut p, 0)
        })
    }

    /// Solve `p` (at `ply` from the caller's root) with the configured algorithm, inside the
    /// pool.
    fn solve_here(&self, p: &mut G, ply: usize) -> bool {
        match self.config.algorithm {
            Algorithm::Portfolio if ply == 0 && self.config.threads > 1 => self.race(p),
            Algorithm::AlphaBeta | Algorithm::Portfolio => {
                let mut s = Scratch::new(G::MOVE_SLOTS);
                let r = self.search(p, ply, G::MOVE_SLOTS, &mut s, None);
                s.publish(&self.nodes);
                r
            }
            Algorithm::Dfpn if ply == 0 && self.config.threads > 1 => self.dfpn_parallel(p),
            Algorithm::Dfpn => {
                let mut s = dfpn::DScratch::new(G::MOVE_SLOTS);
                let r = self.dfpn_root(p, &mut s);
                s.ab.publish(&self.nodes);
                r
            }
        }
    }

    /// The value of every legal move of `pos` (in [`game::Game::legal_moves`] order). Moves whose
    /// resulting positions share a canonical key are solved once.
    pub fn move_values(&self, pos: &G) -> Vec<MoveValue<G::Move>> {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        // Group symmetric children so each class is solved once.
        let mut keys = Vec::with_capacity(moves.len());
        for &m in &moves {
            let mut p = pos.clone();
            p.play(m);
            keys.push(p.canonical_keys());
        }
        let mut firsts: Vec<usize> = Vec::new();
        for i in 0..moves.len() {
            if !firsts.iter().any(|&j| keys[j] == keys[i]) {
                firsts.push(i);
            }
        }
        let solved: Vec<(usize, bool)> = self.run(|| {
            firsts
                .par_iter()
                .map(|&i| {
                    let mut p = pos.clone();
                    p.play(moves[i]);
                    (i, !self.solve_here(&mut p, 1))
                })
                .collect()
        });
        moves
            .iter()
            .enumerate()
            .map(|(i, &m)| {
                let rep = firsts
                    .iter()
                    .position(|&j| keys[j] == keys[i])
                    .expect("every class has a representative");
                MoveValue {
                    mv: m,
                    wins: solved[rep].1,
                }
            })
            .collect()
    }

    /// Order `moves` by countermove to `prev`, then history, keeping the game's order on ties.
    #[inline]
    fn order(
        &self,
        pos: &G,
        moves: &mut [G::Move],
        ply: usize,
        prev: usize,
        s: &mut Scratch<G::Move>,
    ) {
        if moves.len() < 2 {
            return;
        }
        let base = (ply & 1) * G::MOVE_SLOTS;
        let counter = s.counter[prev];
        s.scores.clear();
        for &m in moves.iter() {
            let slot = pos.move_slot(m);
            let bonus = if slot as u32 == counter { 1 << 62 } else { 0 };
            s.scores.push(s.history[base + slot] + bonus);
        }
        // Stable insertion sort, descending score (lists are short).
        for i in 1..moves.len() {
            let (m, sc) = (moves[i], s.scores[i]);
            let mut j = i;
            while j > 0 && s.scores[j - 1] < sc {
                moves[j] = moves[j - 1];
                s.scores[j] = s.scores[j - 1];
                j -= 1;
            }
            moves[j] = m;
            s.scores[j] = sc;
        }
    }

    #[inline]
    fn reward(
        &self,
        pos: &G,
        m: G::Move,
        ply: usize,
        prev: usize,
        work: u64,
        s: &mut Scratch<G::Move>,
    ) {
        let slot = pos.move_slot(m);
        s.history[(ply & 1) * G::MOVE_SLOTS + slot] += work;
        s.counter[prev] = slot as u32;
    }

    /// Order the children of `pos` for the search, or find one already proven lost for the
    /// opponent (returns true: `pos` is won).
    ///
    /// Enhanced transposition cut-off: a child already proven lost for the opponent wins at
    /// once; children already proven won for the opponent go to the back. The children's
    /// buckets are prefetched first so that their cache misses overlap. Where many plies are
    /// left, the same pass over the children scores them for the mobility ordering: the
    /// children where the opponent has fewest moves come first (a proof-number-like estimate
    /// of the smallest proof), counted by the game's quick analysis
    /// (`ExactGame::prepare_quick`).
    fn order_children(&self, pos: &mut G, moves: &mut [G::Move], s: &mut Scratch<G::Move>) -> bool {
        let mobility = moves.len() > 1 && pos.plies_left_hint() >= self.config.mobility_min_plies;
        if moves.len() > 1 {
            s.keys.clear();
            s.scores.clear();
            let mut buf = std::mem::take(&mut s.child_moves);
            for &m in moves.iter() {
                pos.play(m);
                let k = pos.canonical_keys();
                self.table.prefetch(k.0);
                if mobility {
                    buf.clear();
                    // The game's cheap analysis only: most children are never searched.
                    let r = pos.prepare_quick(&mut buf);
                    if let Some(child_wins) = r {
                        // A static proof: keep it, so that the child is not prepared again.
                        self.table.store(k.0, k.1, child_wins, NO_MOVE, 1);
                        if !child_wins {
                            pos.undo(m);
                            s.child_moves = buf;
                            return true;
                        }
                    }
                    s.scores.push(match r {
                        Some(false) => 0,
                        Some(true) => u64::MAX,
                        None => buf.len() as u64,
                    });
                }
                pos.undo(m);
                s.keys.push(k);
            }
            s.child_moves = buf;
            let mut known_bad = 0;
            let mut i = 0;
            while i < moves.len() - known_bad {
                let (c1, c2) = s.keys[i];
                match self.table.probe(c1, c2) {
                    Some(data) if data & 1 == 0 => return true,
                    Some(_) => {
                        known_bad += 1;
                        let last = moves.len() - known_bad;
                        moves[i..=last].rotate_left(1);
                        s.keys[i..=last].rotate_left(1);
                        if mobility {
                            s.scores[i..=last].rotate_left(1);
                            // Proven lost: keep it at the back through the sort.
                            s.scores[last] = u64::MAX;
                        }
                    }
                    None => i += 1,
                }
            }
        }
        if mobility {
            // Stable sort by score, keeping the earlier order on ties.
            for i in 1..moves.len() {
                let (m, sc) = (moves[i], s.scores[i]);
                let mut j = i;
                while j > 0 && s.scores[j - 1] > sc {
                    moves[j] = moves[j - 1];
                    s.scores[j] = s.scores[j - 1];
                    j -= 1;
                }
                moves[j] = m;
                s.scores[j] = sc;
            }
        }
        false
    }

    /// The younger brothers of a node searched in parallel (the eldest, `moves[0]`, has been
    /// searched and lost for the mover): the 1-based index of a winning move, if one is found.
    fn search_younger(
        &self,
        pos: &G,
        moves: &[G::Move],
        ply: usize,
        s: &Scratch<G::Move>,
        cancel: Option<&Cancel<'_>>,
    ) -> Option<usize> {
        let here = Cancel {
            flag: AtomicBool::new(false),
            parent: cancel,
        };
        // Each parallel child starts from this worker's ordering tables.
        let (history, counter) = (&s.history, &s.counter);
        moves[1..].par_iter().enumerate().find_map_any(|(idx, &m)| {
            if self.cancelled(Some(&here)) {
                return None;
            }
            let mut p = pos.clone();
            let slot = p.move_slot(m);
            p.play(m);
            let mut local = Scratch::new(G::MOVE_SLOTS);
            local.history.copy_from_slice(history);
            local.counter.copy_from_slice(counter);
            let child = self.search(&mut p, ply + 1, slot, &mut local, Some(&here));
            local.publish(&self.nodes);
            if self.cancelled(Some(&here)) {
                return None;
            }
            if !child {
                here.flag.store(true, Ordering::Relaxed);
                Some(idx + 2)
            } else {
                None
            }
        })
    }

    fn search(
        &self,
        pos: &mut G,
        ply: usize,
        prev: usize,
        s: &mut Scratch<G::Move>,
        cancel: Option<&Cancel<'_>>,
    ) -> bool {
        s.nodes += 1;
        if s.nodes & 1023 == 0 {
            self.poll(s);
        }
        if self.stop.load(Ordering::Relaxed) {
            return false;
        }
        let (k1, k2) = pos.canonical_keys();
        if let Some(data) = self.table.probe(k1, k2) {
            return data & 1 == 1;
        }
        let stored = self
            .store
            .as_deref()
            .filter(|st| pos.plies_left_hint() >= st.min_plies());
        if let Some(r) = stored.and_then(|st| st.get((k1, k2))) {
            self.table.store(k1, k2, r, NO_MOVE, 1);
            return r;
        }
        let mut moves = s.take(ply);
        if let Some(r) = pos.prepare(&mut moves) {
            s.put(ply, moves);
            return r;
        }
        let start_nodes = s.nodes;
        self.order(pos, &mut moves, ply, prev, s);
        if self.order_children(pos, &mut moves, s) {
            s.put(ply, moves);
            self.table.store(k1, k2, true, NO_MOVE, 1);
            return true;
        }
        let mut result = false;
        let mut best_slot = NO_MOVE;
        let parallel =
            self.config.threads > 1 && (ply as u32) < self.config.split_ply && moves.len() > 2;
        if !parallel {
            for (idx, &m) in moves.iter().enumerate() {
                let slot = pos.move_slot(m);
                pos.play(m);
                let child = self.search(pos, ply + 1, slot, s, cancel);
                pos.undo(m);
                if self.cancelled(cancel) {
                    s.put(ply, moves);
                    return false;
                }
                if !child {
                    result = true;
                    best_slot = idx as u64 + 1;
                    self.reward(pos, m, ply, prev, s.nodes - start_nodes, s);
                    break;
                }
            }
        } else {
            // Young brothers wait: the eldest alone, then the others in parallel.
            let m0 = moves[0];
            let slot0 = pos.move_slot(m0);
            pos.play(m0);
            let child = self.search(pos, ply + 1, slot0, s, cancel);
            pos.undo(m0);
            if self.cancelled(cancel) {
                s.put(ply, moves);
                return false;
            }
            if !child {
                result = true;
                best_slot = 1;
            } else {
                let found = self.search_younger(pos, &moves, ply, s, cancel);
                if self.cancelled(cancel) {
                    s.put(ply, moves);
                    return false;
                }
                if let Some(slot) = found {
                    result = true;
                    best_slot = slot as u64;
                }
            }
        }
        s.put(ply, moves);
        let work = s.nodes - start_nodes + 1;
        self.table.store(k1, k2, result, best_slot.min(255), work);
        if let Some(st) = stored {
            st.insert((k1, k2), result);
        }
        result
    }
}

/// Solve with a time report.
pub fn timed<R>(f: impl FnOnce() -> R) -> (R, Duration) {
    let t = Instant::now();
    let r = f();
    (r, t.elapsed())
}
